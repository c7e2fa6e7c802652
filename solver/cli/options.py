"""Command-line options shared by ``hasen table``, ``bid``, ``solve`` and ``review``: the
variant and deck, the lone defender, and the table settings of docs/rules.md (``Settings``
checks the values, so the allowed ones are written once, in ``settings.GAME_SETTINGS``)."""

from __future__ import annotations

import argparse

from ..core.variants import VARIANTS, Variant, variant_for
from ..rules.settings import (
    AUCTION_SETTINGS,
    GAME_SETTINGS,
    PLAY_SETTINGS,
    Settings,
    checked_settings,
)


def add_variant_options(parser: argparse.ArgumentParser) -> None:
    decks = "; ".join(f"{name}: {', '.join(map(str, decks))}" for name, decks in VARIANTS.items())
    parser.add_argument("--variant", metavar="NAME",
                        help=f"{', '.join(VARIANTS)} (default: hasenpfeffer)")
    parser.add_argument("--deck", metavar="CARDS", help=f"the deck size ({decks}; the first is the default)")


def add_settings_options(parser: argparse.ArgumentParser, names: tuple[str, ...]) -> None:
    for name in names:
        games = [g for g, settings in GAME_SETTINGS.items() if name in settings]
        values = GAME_SETTINGS[games[0]][name]
        flag = "--" + name.replace("_", "-")
        if values == (False, True):
            parser.add_argument(flag, action="store_true", default=None, help=f"({' and '.join(games)})")
            continue
        choices = []
        for game in games:
            choices += [v for v in GAME_SETTINGS[game][name] if v not in choices]
        parser.add_argument(flag, metavar="RULE",
                            help=f"{', '.join(map(str, choices))} ({' and '.join(games)}; default {choices[0]})")


def variant_from(args: argparse.Namespace) -> Variant:
    return variant_for(args.variant, args.deck)


def settings_from(args: argparse.Namespace, variant: Variant) -> Settings:
    """The settings given on the command line (the others at their defaults), checked
    against the variant: a setting it does not have is an error, not ignored."""
    given = {name: getattr(args, name) for name in PLAY_SETTINGS + AUCTION_SETTINGS
             if getattr(args, name, None) is not None}
    return checked_settings(variant, given)
