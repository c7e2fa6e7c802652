"""One folder per family, named by ``FAMILIES`` (its variants' ``family``); ``GAMES`` holds
each family's ``Game``, the ``GAME`` of its folder's module ``game``, and ``game_of`` finds
a variant's.

Importing this package loads no family and no analysis: each family's rules are imported by
the rules below the analyses. The text of the answers is registered by ``presentation``.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from importlib import import_module
from typing import TYPE_CHECKING, Any

from ..core.variants import FAMILIES

if TYPE_CHECKING:  # a Game's module is loaded when its family is first asked for
    from ..core.variants import Variant
    from .base import Game


class Games(Mapping[str, "Game"]):
    """Family -> its Game, each family's module imported when first asked for (a
    Hasenpfeffer table never loads the Euchre code)."""

    def __init__(self) -> None:
        self._games: dict[str, Game] = {}

    def __getitem__(self, family: str) -> Game:
        if family not in self._games:
            if family not in FAMILIES:
                raise KeyError(family)
            game: Game = import_module(f".{family}.game", __package__).GAME
            assert game.family == family, f"the module {family} holds the game of {game.family}"
            self._games[family] = game  # threads that ask at once import the module once, and get its one GAME
        return self._games[family]

    def __iter__(self) -> Iterator[str]:
        return iter(FAMILIES)

    def __len__(self) -> int:
        return len(FAMILIES)

    def __repr__(self) -> str:
        return repr(dict(self))


GAMES = Games()


def game_of(variant: Variant) -> Game:
    """The game a variant is played by.

    >>> from hasen.core.variants import variant_for
    >>> game_of(variant_for("euchre2"))
    <Game euchre: euchre, euchre2, euchre3, railroad>
    """
    return GAMES[variant.family]


__all__ = ["FAMILIES", "GAMES", "Game", "game_of"]


def __getattr__(name: str) -> Any:
    """``Game``, the base class, loaded when first asked for: this package is imported by
    every family's rules, which must not load the analyses."""
    if name == "Game":
        from .base import Game

        return Game
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
