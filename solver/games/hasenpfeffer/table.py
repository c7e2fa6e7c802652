"""Hasenpfeffer's table: double-dummy tricks for every trump and discard a declarer has,
after taking the widow."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...analysis.answer import Answer, BestChoice, TableAnswer, options_json, set_fields, tables_repr
from ...analysis.table import (
    SEAT_OBJECTS,
    SUIT_OBJECTS,
    TRUMPS,
    Plan,
    TableJob,
    card_order,
    computed_once,
    planned,
    solve_plan,
    table_shape,
    tables_by_declarer,
)
from ...core.cards import CARD_NAMES, SUITS, Mask
from ...core.deal import Deal
from ...core.errors import NotationError
from ...core.names import ByName, Card, Seat, Suit
from ...core.seats import SEATS
from ...core.settings import DEFAULT_SETTINGS, Settings
from ...core.version import __version__
from ...notation.inputs import coerce_deal
from ...play.state import Contract, declarer_cards
from ...search import Searcher, thread_searcher
from ...search.layout import LAYOUT_BYTES


class DeclarerTable(Answer):  # not a dataclass: see tests/cli/test_cli_imports.py
    """One declarer's tricks for every trump (rows) and discard (columns):
    ``table.tricks["C"]["KH"]``.

    It keeps the search's values as they came (``values``: trump by trump, the discards in
    card-id order, as ``Searcher.solve_table`` gives them) and builds the mappings the first
    time they are asked for: a batch's tables go straight to JSON.

    >>> import hasen
    >>> deal = hasen.Deal("N:A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 KS", dealer="W")
    >>> north = hasen.analyze(deal, declarer="N").tables["N"]
    >>> north.tricks["C"]["KH"], north.ties
    (6, [(Suit('C'), Card('KH'))])
    """

    declarer: Seat
    cards: Mask  # the hand and the widow: the discards
    values: bytes

    def __init__(self, declarer: Seat, cards: Mask, values: bytes) -> None:
        set_fields(self, declarer=declarer, cards=cards, values=values)

    def __eq__(self, other: object) -> bool:
        return (
            type(other) is DeclarerTable
            and self.declarer == other.declarer
            and self.cards == other.cards
            and self.values == other.values
        )

    __hash__ = None

    @computed_once
    def discards(self) -> list[Card]:
        """The discards in canonical order."""
        return list(card_order(self.cards).cards)

    @computed_once
    def trump_rows(self) -> tuple[tuple[int, ...], ...]:
        """Each trump's tricks, the discards in canonical order."""
        place, n = card_order(self.cards).place, self.cards.bit_count()
        return tuple(place(self.values[t * n : (t + 1) * n]) for t in TRUMPS)

    @computed_once
    def tricks(self) -> ByName[Suit, ByName[Card, int]]:
        discards = self.discards
        return ByName.of(
            Suit,
            {SUIT_OBJECTS[t]: ByName.of(Card, dict(zip(discards, row))) for t, row in zip(TRUMPS, self.trump_rows)},
        )

    @property
    def best_tricks(self) -> int:
        return max(self.values)

    @property
    def ties(self) -> list[tuple[Suit, Card]]:
        """Every (trump, discard) reaching the best, in trump then canonical card order."""
        best, discards = max(self.values), self.discards
        return [
            (SUIT_OBJECTS[t], d) for t, row in zip(TRUMPS, self.trump_rows) for d, n in zip(discards, row) if n == best
        ]

    @property
    def best(self) -> BestChoice:
        """The first of the ties: its trump, discard and tricks."""
        trump, discard = self.ties[0]
        return BestChoice(trump, discard, self.best_tricks)

    def grid(self, trump: int) -> dict[int | None, int]:
        """This trump's tricks by discard."""
        return dict(zip(self.discards, self.trump_rows[trump]))

    def contract_tricks(self, contract: Contract) -> int:
        """What the contract's trump and discard take double-dummy."""
        return self.tricks[contract.trump][contract.discard]

    def contract_cost(self, contract: Contract) -> int:
        """Tricks the choice of trump and discard gave away against the best choice."""
        return self.best_tricks - self.contract_tricks(contract)

    def contract_json(self, contract: Contract) -> dict[str, Any]:
        (trump, discard), tricks = self.ties[0], self.best_tricks
        return {
            "tricks": self.contract_tricks(contract),
            "cost": self.contract_cost(contract),
            "best": {"trump": SUITS[trump], "discard": CARD_NAMES[discard], "tricks": tricks},
            "ties": [[SUITS[t], CARD_NAMES[d]] for t, d in self.ties],
        }

    def to_json(self) -> dict[str, Any]:
        names = card_order(self.cards).names
        rows, best = self.trump_rows, max(self.values)
        ties = [
            [suit, name] for suit, row in zip(SUITS, rows) if best in row for name, n in zip(names, row) if n == best
        ]
        return {
            "tricks": {suit: dict(zip(names, row)) for suit, row in zip(SUITS, rows)},
            "best": {"trump": ties[0][0], "discard": ties[0][1], "tricks": best},
            "ties": ties,
        }

    def __repr__(self) -> str:
        trump, discard, tricks = self.best
        return f"<DeclarerTable {self.declarer}: best {trump} discarding {discard}, {tricks} tricks>"


class TableAnalysis(TableAnswer, Answer):  # not a dataclass: see tests/cli/test_cli_imports.py
    """The Hasenpfeffer table of one declarer or all four: ``analysis.tables["N"]``.

    >>> import hasen
    >>> table = hasen.analyze(hasen.Deal("N:A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 KS", dealer="W"))
    >>> {seat: declarer.best_tricks for seat, declarer in table.tables.items()}
    {Seat('N'): 6, Seat('E'): 4, Seat('S'): 5, Seat('W'): 5}
    """

    alone: bool
    tables: ByName[Seat, DeclarerTable]
    lone_defender: Seat | None
    settings: Settings

    def __init__(
        self,
        deal: Deal,
        alone: bool,
        tables: ByName[Seat, DeclarerTable],
        lone_defender: Seat | None = None,
        settings: Settings = DEFAULT_SETTINGS,
    ) -> None:
        set_fields(self, deal=deal, alone=alone, tables=tables, lone_defender=lone_defender, settings=settings)

    def to_json(self) -> dict[str, Any]:
        data = {
            "version": __version__,
            "variant": self.deal.variant.name,
            "deal": self.deal.notation(),
            "dealer": SEATS[self.deal.dealer],
            "alone": self.alone,
            "declarers": {SEATS[s]: t.to_json() for s, t in self.tables.items()},
        }
        return data | options_json(self.lone_defender, self.settings)

    def __repr__(self) -> str:
        return tables_repr(self, self.deal, self.tables)


def plan_table(
    deal: Deal | str,
    dealer: str | int | None = None,
    declarer: str | int | None = None,
    alone: bool = False,
    settings: Settings | None = None,
    defender: str | int | None = None,
) -> Plan:
    """``analyze_table``'s request checked and its tables built, not yet solved (``settings``:
    the table rules, by default the deal's own)."""
    deal = coerce_deal(deal, dealer)
    settings = deal.settings if settings is None else settings
    if not deal.variant.declarer_exchanges:
        raise NotationError(
            f"variant: a {deal.variant.label} deal has no declarer's trump x discard table "
            f"(the dealer takes the upcard): ask for the maker's table"
        )
    jobs, lone_defender = tables_by_declarer(
        deal, declarer, alone, defender, settings, lambda seat, lone: declarer_job(deal, seat, alone, settings, lone)
    )
    return planned(jobs, lambda tables: TableAnalysis(deal, alone, tables, lone_defender, settings))


def analyze_table(
    deal: Deal | str,
    dealer: str | int | None = None,
    declarer: str | int | None = None,
    alone: bool = False,
    settings: Settings | None = None,
    progress: Callable[[int, int], None] | None = None,
    searcher: Searcher | None = None,
    defender: str | int | None = None,
) -> TableAnalysis:
    """Tricks for every trump and discard, for one declarer or (``declarer=None``) all four.

    ``defender``: an opponent who plays alone against the lone declarer (two hands play).
    ``progress(done, total)`` is called after each declarer's table. Only for a game whose
    declarer takes the widow (Hasenpfeffer); a Euchre deal is refused, never answered.
    """
    plan = plan_table(deal, dealer, declarer, alone, settings, defender)
    return solve_plan(plan, searcher or thread_searcher(), progress)  # type: ignore[return-value]


def declarer_job(
    deal: Deal, declarer: int, alone: bool, settings: Settings, lone_defender: int | None = None
) -> TableJob:
    """One declarer's 28 cells, to be built and solved in one call without the GIL."""
    shape = table_shape(deal, declarer, alone, lone_defender, settings)
    request = (
        shape.pick_hands((*deal.hands, 0)),
        LAYOUT_BYTES,
        shape.taker_seats,
        deal.extra,
        shape.active,
        shape.leader,
        shape.declarers,
    )
    seat, cards = SEAT_OBJECTS[declarer], declarer_cards(deal, declarer)
    return TableJob(request, lambda values: DeclarerTable(seat, cards, values))


def declarer_table(
    deal: Deal, declarer: int, alone: bool, settings: Settings, searcher: Searcher, lone_defender: int | None = None
) -> DeclarerTable:
    """One declarer's table, solved now (the table a contract of it is judged by)."""
    return declarer_job(deal, declarer, alone, settings, lone_defender).solve(searcher)  # type: ignore[no-any-return]
