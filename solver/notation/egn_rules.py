"""EGN's ruleset and the product's games and table settings, both ways.

Every key of EGN 1.4's ``ruleset`` is read: at its default it says nothing; a value the
product plays becomes the game (``num_players``, ``min_rank``, ``joker``, ``partners_best``,
``defend_alone``) or a setting (``std``, ``loner_lead``, ``winning_score``); a value it does
not play refuses the file, naming the key and the rule. Writing gives every key the game
and its settings decide, and refuses a setting EGN has no key for, by name: written, it
would be lost.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from ..core.errors import NotationError, quoted
from ..core.settings import DEFAULT_SETTINGS, GAME_LENGTHS, Settings, checked_settings
from ..core.variants import VARIANTS, Variant, variant_for

# the specification's defaults (its schema's and alternate rules'), by key
DEFAULTS: dict[str, object] = {
    "std": True,
    "min_rank": 9,
    "winning_score": 10,
    "num_deals": 0,
    "canadian": False,
    "loner_lead": "LEFT_OF_DEALER",
    "loner_march_score": 4,
    "loner_euchred_score": 2,
    "defend_alone": False,
    "farmers": False,
    "partners_best": False,
    "go_under": False,
    "joker": False,
    "num_players": 4,
    "allow_no_trump": False,
    "fast_break": False,
    "four_trick_tokens": False,
}
# rules the product does not play: a file that turns one on is refused, by name
UNPLAYED = {
    "canadian": "the Canadian loner (the dealer's partner who orders up plays alone)",
    "farmers": "the farmer's hand",
    "go_under": "going under (swapping cards with the kitty)",
    "allow_no_trump": "no trump",
    "fast_break": "the fast break",
    "four_trick_tokens": "four-trick tokens",
}
GAMES = {4: "euchre", 3: "euchre3", 2: "euchre2"}  # the game of each number of players
RAILROAD = "railroad"  # four players, with calling for best or a lone defence
WRITTEN = (*GAMES.values(), RAILROAD)  # the games EGN records
LONE_LEADS = {"LEFT_OF_DEALER": "dealer_left_skip_idle", "LEFT_OF_LONER": "left_of_loner"}
STICK = {True: "stick_the_dealer", False: "redeal"}  # std: stick the dealer, or deal again
# settings a ruleset key carries; any other setting changed has no place in EGN
CARRIED = ("lone_lead", "all_pass", "game_points", "call_for_best")


class Table(NamedTuple):
    """The game and table rules an EGN ruleset gives."""

    variant: Variant
    settings: Settings


def _lone_points(ruleset: Mapping[str, Any]) -> None:
    for key, words in (("loner_march_score", "a lone march"), ("loner_euchred_score", "a lone maker euchred")):
        value = ruleset.get(key, DEFAULTS[key])
        if value != DEFAULTS[key]:
            raise NotationError(
                f"EGN: ruleset: {key} {quoted(value)}: the product scores {words} "
                f"{DEFAULTS[key]}, as EGN does by default"
            )


def table_of(ruleset: Mapping[str, Any]) -> Table:
    """The game and settings of a (schema-checked) ruleset; a rule the product does not play
    refuses the file."""

    def value(key: str) -> Any:
        return ruleset.get(key, DEFAULTS[key])

    for key, words in UNPLAYED.items():
        if value(key):
            raise NotationError(f"EGN: ruleset: {key} ({words}) is a rule the product does not play")
    if value("num_deals"):
        raise NotationError(
            f"EGN: ruleset: num_deals {value('num_deals')}: a game of a fixed number of deals "
            "(progressive Euchre) is not scored by the product, which plays a game to a score"
        )
    players = value("num_players")
    if players not in GAMES:
        raise NotationError(
            f"EGN: ruleset: num_players {quoted(players)}: the product plays Euchre for 4 players, "
            "3 (Three-Handed) or 2 (Two-handed)"
        )
    game_points = value("winning_score")
    if game_points not in GAME_LENGTHS:
        raise NotationError(
            f"EGN: ruleset: winning_score {quoted(game_points)}: the product plays games to "
            f"{', '.join(map(str, sorted(GAME_LENGTHS)))}"
        )
    _lone_points(ruleset)
    best, defence = bool(value("partners_best")), bool(value("defend_alone"))
    name = GAMES[players]
    if best or defence:
        name = _railroad(players, bool(value("joker")), best, defence)
    lowest, joker = value("min_rank"), bool(value("joker"))
    deck = {(9, False): 24, (9, True): 25, (7, False): 32, (7, True): 33}.get((lowest, joker))
    try:
        variant = variant_for(name, deck)
    except NotationError:
        raise NotationError(
            f"EGN: ruleset: min_rank {quoted(lowest)} with joker {str(joker).lower()}: {name} is "
            "played with " + _decks(name)
        ) from None
    values: dict[str, object] = {"all_pass": STICK[bool(value("std"))], "game_points": game_points}
    has = DEFAULT_SETTINGS.applicable(variant)  # a key of a setting the game lacks says nothing
    if "lone_lead" in has:
        values["lone_lead"] = LONE_LEADS[value("loner_lead")]
    if "call_for_best" in has:
        values["call_for_best"] = best
    return Table(variant, checked_settings(variant, values))


def _railroad(players: int, joker: bool, best: bool, defence: bool) -> str:
    """Calling for best or a lone defence: Railroad, four players with the Joker."""
    key = "partners_best" if best else "defend_alone"
    words = "calling for the partner's best card" if best else "a lone defence (4 points for euchring a loner)"
    if players != 4 or not joker:
        raise NotationError(
            f"EGN: ruleset: {key} ({words}) is played in Railroad, four players with the Joker "
            f"(joker: true); this file has {players} players" + ("" if joker else " and no Joker")
        )
    return RAILROAD


def _decks(name: str) -> str:
    written = {
        24: "24 cards (min_rank 9)",
        25: "25 (min_rank 9 and the Joker)",
        32: "32 (min_rank 7)",
        33: "33 (min_rank 7 and the Joker)",
    }
    return " or ".join(written[size] for size in sorted(VARIANTS[name]))


def ruleset_of(variant: Variant, settings: Settings) -> dict[str, Any]:
    """The ruleset that says the game and settings; a setting EGN has no key for is refused."""
    lost = {name: value for name, value in settings.changed().items() if name not in CARRIED}
    if lost:
        name, value = next(iter(lost.items()))
        raise NotationError(
            f"EGN: the table rule {name}={str(value).lower()} has no place in EGN, and would be "
            "lost: keep these records as hand records (hasen record, its text or --json)"
        )
    ruleset: dict[str, Any] = {
        "num_players": len(variant.seats),
        "min_rank": 7 if variant.deck_size >= 32 else 9,
        "joker": variant.deck_size in (25, 33),
        "std": settings.all_pass == STICK[True],
        "winning_score": settings.game_points,
    }
    has = settings.applicable(variant)  # the keys of the settings the game has
    if "lone_lead" in has:
        ruleset["loner_lead"] = next(key for key, value in LONE_LEADS.items() if value == settings.lone_lead)
    if "call_for_best" in has:  # and a lone defender, which Railroad alone has, scores as EGN's defend_alone
        ruleset.update({"partners_best": settings.call_for_best, "defend_alone": True})
    return ruleset
