"""The Euchre table: double-dummy tricks for every maker and trump, with the upcard exchange.

When the upcard's suit is trump (any suit, for a Joker upcard) the dealer takes the upcard
and discards one of six cards, the upcard itself meaning "not kept"; that trump's entry is
every discard's tricks and a ``value``, the dealer's choice by rules.md: the most tricks
when the dealer's side made trump, the fewest when the dealer defends. For the other suits
nobody exchanges and the entry is one number. A dealer who sits out (partner of a lone
maker or of a lone defender) does not exchange either.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from ..core.cards import SUITS, Card, card_name, cards_of
from ..core.deal import Deal
from ..core.errors import NotationError
from ..core.seats import SEATS
from ..core.variants import Variant
from ..core.version import __version__
from ..rules.settings import Settings
from ..search import Searcher, thread_searcher
from ..search.layout import layout, to_layout
from .inputs import coerce_deal
from .play import Contract, PlayState, declarer_cards, exchanging_seat
from .table import TRUMPS, tables_by_declarer


@dataclass
class TrumpEntry:
    """One trump's tricks for the makers: one number, or one per dealer's discard."""

    value: int  # the tricks; with an exchange, those of the dealer's chosen discard
    discards: dict[Card, int] = field(default_factory=dict)  # canonical order; empty: no exchange
    discard: Card | None = None  # the dealer's choice (the first in canonical order on a tie)

    def to_json(self) -> int | dict[str, int]:
        if not self.discards:
            return self.value
        return {**{card_name(d): n for d, n in self.discards.items()}, "value": self.value}


@dataclass
class MakerTable:
    """One maker's entries for the four trumps."""

    maker: int
    entries: dict[int, TrumpEntry]

    @property
    def best_tricks(self) -> int:
        return max(e.value for e in self.entries.values())

    @property
    def ties(self) -> list[int]:
        """Every trump reaching the best, in the order S H D C."""
        return [t for t in TRUMPS if self.entries[t].value == self.best_tricks]

    @property
    def best(self) -> tuple[int, TrumpEntry]:
        trump = self.ties[0]
        return trump, self.entries[trump]

    def to_json(self) -> dict[str, Any]:
        trump, entry = self.best
        return {
            "tricks": {SUITS[t]: self.entries[t].to_json() for t in TRUMPS},
            "best": {"trump": SUITS[trump], "tricks": entry.value,
                     "discard": None if entry.discard is None else card_name(entry.discard)},
            "ties": [SUITS[t] for t in self.ties],
        }


@dataclass
class EuchreAnalysis:
    deal: Deal
    alone: bool
    lone_defender: int | None
    tables: dict[int, MakerTable]
    settings: Settings = Settings()

    def to_json(self) -> dict[str, Any]:
        variant = self.deal.variant
        data = {
            "version": __version__,
            "variant": variant.name,
            "deck": variant.deck_size,
            "deal": self.deal.notation(),
            "dealer": SEATS[self.deal.dealer],
            "upcard": card_name(self.deal.extra),
            "alone": self.alone,
            "defender": None if self.lone_defender is None else SEATS[self.lone_defender],
            "declarers": {SEATS[s]: t.to_json() for s, t in self.tables.items()},
        }
        if self.settings.changed():
            data["settings"] = self.settings.changed()
        return data


def trump_entry(deal: Deal, maker: int, trump: int, alone: bool, lone_defender: int | None,
                settings: Settings, searcher: Searcher) -> TrumpEntry:
    """The makers' tricks with this trump, every dealer's discard when the dealer exchanges."""
    # the upcard as the discard is valid either way: kept out of every hand
    state = PlayState(deal, Contract(maker, trump, deal.extra, alone, lone_defender), settings)
    hands, active, leader = state.search_position()
    side = state.declaring_side
    taker = exchanging_seat(deal, trump, maker, state.seats)
    if taker is None:
        return TrumpEntry(searcher.solve(hands, active, leader, side))
    six = declarer_cards(deal, taker)
    full, position = to_layout(six, trump), layout(trump)
    seat = deal.variant.search_seat(taker)
    cards = cards_of(six)
    positions = []
    for d in cards:
        hands[seat] = full & ~(1 << position[d])
        positions.append(list(hands))
    discards = dict(zip(cards, searcher.solve_many(positions, active, leader, side)))
    # rules.md: the discard is the dealer's, for the dealer's own side
    choose = max if deal.variant.side_of(taker) == side else min
    value = choose(discards.values())
    chosen = next(d for d, n in discards.items() if n == value)
    return TrumpEntry(value, discards, chosen)


def maker_table(deal: Deal, maker: int, alone: bool, lone_defender: int | None,
                settings: Settings, searcher: Searcher) -> MakerTable:
    return MakerTable(maker, {t: trump_entry(deal, maker, t, alone, lone_defender, settings, searcher)
                              for t in TRUMPS})


def analyze_euchre(deal: Deal | str, variant: Variant | None = None, dealer: str | int | None = None,
                   declarer: str | int | None = None, alone: bool = False,
                   defender: str | int | None = None, settings: Settings = Settings(),
                   progress: Callable[[int, int], None] | None = None,
                   searcher: Searcher | None = None) -> EuchreAnalysis:
    """Every maker's (or one ``declarer``'s) tricks for each trump.

    ``alone``: the maker plays without the partner; ``defender``: an opponent who then plays
    alone too. ``progress(done, total)`` is called after each maker's table.
    """
    deal = coerce_deal(deal, dealer, variant)
    if deal.variant.family != "euchre":
        raise NotationError(f"variant: {deal.variant.name} is not a Euchre game")
    searcher = searcher or thread_searcher()
    tables, lone_defender = tables_by_declarer(
        deal, declarer, alone, defender, settings, progress,
        lambda seat, lone: maker_table(deal, seat, alone, lone, settings, searcher))
    return EuchreAnalysis(deal, alone, lone_defender, tables, settings)
