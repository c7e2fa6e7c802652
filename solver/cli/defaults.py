"""The game a command plays when it names none: a club that plays Euchre with stick the dealer
says so once, not on every command (docs/cli.md, "The game you play by default").

The defaults are record fields, ``variant``, ``deck`` and ``settings``, as a hand record
writes them: in the environment variable ``HASEN_DEFAULTS`` on one line (``variant: euchre;
settings: all_pass=stick_the_dealer``), or else in the file ``hasen/defaults`` of the user's
configuration folder (``$XDG_CONFIG_HOME``, by default ``~/.config``), a field a line. They
apply where a command is not told: its ``--variant`` and ``--deck`` (the settings only while
the game is the one they are for, each setting option given wins), and a hand record that
names no variant (a record ``hasen`` writes always does). ``hasen --version`` shows them.
"""

from __future__ import annotations

import argparse
import os
from functools import cache
from pathlib import Path
from typing import NamedTuple

from ..core.errors import HasenError, NotationError
from ..core.record_text import split_records

ENVIRONMENT = "HASEN_DEFAULTS"
FIELDS = ("variant", "deck", "settings")


class Defaults(NamedTuple):
    """The defaults set, each field as written (None where not set), and where they are set."""

    variant: str | None = None
    deck: str | None = None
    settings: str | None = None
    source: str | None = None  # HASEN_DEFAULTS or the file's path; None: nothing set

    def describe(self) -> str:
        """For ``--version``: the game played when none is named, and where that is set."""
        if self.source is None:
            return f"default game: hasenpfeffer (set another in {ENVIRONMENT} or {config_file()})"
        from ..core.variants import variant_for

        game = variant_for(self.variant, self.deck).label
        settings = f", {self.settings}" if self.settings else ""
        return f"default game: {game}{settings} (from {self.source})"


def config_file() -> Path:
    base = os.environ.get("XDG_CONFIG_HOME") or os.path.join(os.path.expanduser("~"), ".config")
    return Path(base) / "hasen" / "defaults"


@cache
def defaults() -> Defaults:
    """The defaults set (read once a run); a bad one is an error that names where it is."""
    text, source = os.environ.get(ENVIRONMENT), ENVIRONMENT
    if text is None:
        path = config_file()
        try:
            text, source = path.read_text(encoding="utf-8"), str(path)
        except FileNotFoundError:
            return Defaults()
        except (OSError, UnicodeDecodeError) as exc:
            raise HasenError(f"{path}: cannot read the default game: {exc}") from None
    try:
        return _read(text, source)
    except HasenError as exc:
        raise type(exc)(f"{source}: {exc} (the default game: {', '.join(FIELDS)})") from None


def _read(text: str, source: str) -> Defaults:
    blocks = split_records(text)
    if not blocks:
        return Defaults()
    if len(blocks) > 1:
        raise NotationError("expected the fields of one default game, found several blocks")
    given: dict[str, str] = {}
    for _, key, value in blocks[0].fields:
        if not key:  # a line that is no field: why
            raise NotationError(value)
        if key in given:
            raise NotationError(f"{key} is given twice")
        given[key] = value
    other = next((key for key in given if key not in FIELDS), None)
    if other is not None:
        raise NotationError(f"{other}: not a field of the default game")
    from ..core.variants import variant_for
    from ..notation.record import parse_settings

    variant = variant_for(given.get("variant"), given.get("deck"))  # checked now, not at every command
    parse_settings(given.get("settings") or "", variant)
    return Defaults(given.get("variant", variant.name), given.get("deck"), given.get("settings"), source)


def record_game() -> dict[str, str | None] | None:
    """The default game as the fields of a record that names no variant (None: none set)."""
    set_ = defaults()
    return None if set_.source is None else {"variant": set_.variant, "deck": set_.deck, "settings": set_.settings}


def apply(args: argparse.Namespace) -> None:
    """Fill the game options a command was not given from the defaults (see the module);
    ``args.from_defaults`` names those filled (a record's review tells them from options
    given)."""
    filled: set[str] = set()
    args.from_defaults = filled
    if not hasattr(args, "variant"):
        return
    set_ = defaults()
    if set_.source is None or args.variant not in (None, set_.variant):
        return
    if args.variant is None:
        args.variant = set_.variant
        filled.add("variant")
        if args.deck is None:
            args.deck = set_.deck
            filled.add("deck")
    if set_.settings:
        from ..notation.record import setting_values

        for name, value in setting_values(set_.settings).items():
            if getattr(args, name, False) is None:
                setattr(args, name, value)
                filled.add(name)
