"""The trump x discard table: double-dummy tricks for every choice a declarer has."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, TypeVar

from ..core.cards import SUITS, Card, card_name, cards_of
from ..core.deal import Deal
from ..core.errors import NotationError
from ..core.seats import SEATS
from ..core.version import __version__
from ..rules.settings import Settings
from ..search import Searcher, thread_searcher
from ..search.layout import layout, to_layout
from .inputs import coerce_deal, coerce_defender, coerce_seat
from .play import Contract, PlayState, declarer_cards

TRUMPS = tuple(range(len(SUITS)))  # the tie order: S H D C


@dataclass
class DeclarerTable:
    """One declarer's tricks for every trump (rows) and discard (columns)."""

    declarer: int
    discards: list[Card]  # canonical order
    tricks: dict[int, dict[Card, int]] = field(default_factory=dict)

    @property
    def best_tricks(self) -> int:
        return max(max(row.values()) for row in self.tricks.values())

    @property
    def ties(self) -> list[tuple[int, Card]]:
        """Every (trump, discard) reaching the best, in trump then canonical card order."""
        best = self.best_tricks
        return [(t, d) for t in TRUMPS for d in self.discards if self.tricks[t][d] == best]

    @property
    def best(self) -> tuple[int, Card, int]:
        trump, discard = self.ties[0]
        return trump, discard, self.best_tricks

    def to_json(self) -> dict[str, Any]:
        trump, discard, tricks = self.best
        return {
            "tricks": {SUITS[t]: {card_name(d): self.tricks[t][d] for d in self.discards} for t in TRUMPS},
            "best": {"trump": SUITS[trump], "discard": card_name(discard), "tricks": tricks},
            "ties": [[SUITS[t], card_name(d)] for t, d in self.ties],
        }


@dataclass
class TableAnalysis:
    deal: Deal
    alone: bool
    tables: dict[int, DeclarerTable]
    lone_defender: int | None = None
    settings: Settings = Settings()

    def to_json(self) -> dict[str, Any]:
        data = {
            "version": __version__,
            "variant": self.deal.variant.name,
            "deal": self.deal.notation(),
            "dealer": SEATS[self.deal.dealer],
            "alone": self.alone,
            "declarers": {SEATS[s]: t.to_json() for s, t in self.tables.items()},
        }
        # only when asked for, so that the plain table keeps the shape it always had
        if self.lone_defender is not None:
            data["defender"] = SEATS[self.lone_defender]
        if self.settings.changed():
            data["settings"] = self.settings.changed()
        return data


def analyze(deal: Deal | str, dealer: str | int | None = None, declarer: str | int | None = None,
            alone: bool = False, settings: Settings = Settings(),
            progress: Callable[[int, int], None] | None = None,
            searcher: Searcher | None = None, defender: str | int | None = None) -> TableAnalysis:
    """Tricks for every trump and discard, for one declarer or (``declarer=None``) all four.

    ``defender``: an opponent who plays alone against the lone declarer (two hands play).
    ``progress(done, total)`` is called after each declarer's table.
    """
    deal = coerce_deal(deal, dealer)
    searcher = searcher or thread_searcher()
    tables, lone_defender = tables_by_declarer(
        deal, declarer, alone, defender, settings, progress,
        lambda seat, lone: declarer_table(deal, seat, alone, settings, searcher, lone))
    return TableAnalysis(deal, alone, tables, lone_defender, settings)


Table = TypeVar("Table")


def tables_by_declarer(deal: Deal, declarer: str | int | None, alone: bool,
                       defender: str | int | None, settings: Settings,
                       progress: Callable[[int, int], None] | None,
                       make_table: Callable[[int, int | None], Table]) -> tuple[dict[int, Table], int | None]:
    """``make_table(seat, lone_defender)`` for the one declarer asked for, or every dealt
    seat, after checking the request; returns the tables by seat and the lone defender."""
    settings.check_for(deal.variant)
    one = None if declarer is None else coerce_seat(declarer, "declarer")
    if one is not None and one not in deal.variant.seats:
        raise NotationError(f"declarer: {deal.variant.name} deals to "
                            f"{', '.join(SEATS[s] for s in deal.variant.seats)}, not {SEATS[one]}")
    lone_defender = coerce_defender(defender, one, alone)
    seats = list(deal.variant.seats) if one is None else [one]
    tables = {}
    for done, seat in enumerate(seats, 1):
        tables[seat] = make_table(seat, lone_defender)
        if progress:
            progress(done, len(seats))
    return tables, lone_defender


def declarer_table(deal: Deal, declarer: int, alone: bool, settings: Settings,
                   searcher: Searcher, lone_defender: int | None = None) -> DeclarerTable:
    seven = declarer_cards(deal, declarer)
    discards = cards_of(seven)
    table = DeclarerTable(declarer, discards)
    # one position per trump; each discard only removes a card from the declarer's hand
    start = PlayState(deal, Contract(declarer, TRUMPS[0], discards[0], alone, lone_defender), settings)
    seat = deal.variant.search_seat(declarer)
    positions = []
    for trump in TRUMPS:
        hands, active, leader = start.search_position(trump)
        hand = to_layout(seven, trump)
        position = layout(trump)
        for d in discards:
            hands[seat] = hand & ~(1 << position[d])
            positions.append(list(hands))
    # one call for the whole table: the extension searches it without taking the GIL back
    values = iter(searcher.solve_many(positions, active, leader, start.declaring_side))
    for trump in TRUMPS:
        table.tricks[trump] = {d: next(values) for d in discards}
    return table
