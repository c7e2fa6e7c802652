"""The Euchre table: double-dummy tricks for every maker and trump, with the upcard exchange.

When the upcard's suit is trump (any suit, for a Joker upcard) the dealer takes the upcard
and discards one of six cards, the upcard itself meaning "not kept"; that trump's entry is
every discard's tricks and a ``value``, the dealer's choice by docs/rules.md: the most tricks
when the dealer's side made trump, the fewest when the dealer defends. For the other suits
nobody exchanges and the entry is one number. A dealer who sits out (partner of a lone
maker or of a lone defender) does not exchange either.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from ..core.cards import CARD_NAMES, SUITS, Mask, card_name
from ..core.deal import Deal
from ..core.errors import NotationError
from ..core.names import ByName, Card, Seat, Suit
from ..core.seats import SEATS
from ..core.variants import Variant
from ..core.version import __version__
from ..rules.settings import DEFAULT_SETTINGS, Settings
from ..search import Searcher, thread_searcher
from ..search.layout import LAYOUT_BYTES
from .answer import Answer, BestChoice, TableAnswer, options_json, tables_repr
from .inputs import coerce_deal
from .play import BestCard, Contract, declarer_cards
from .table import (
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


class TrumpEntry(NamedTuple):  # not a dataclass: see tests/cli/test_cli_imports.py
    """One trump's tricks for the makers: one number, or one per dealer's discard."""

    value: int  # the tricks; with an exchange, those of the dealer's chosen discard
    discards: ByName[Card, int]  # the tricks after each discard, in canonical order; empty: no exchange
    discard: Card | None = None  # the dealer's choice (the first in canonical order on a tie)
    best: BestCard | None = None  # Railroad: the lone maker's call for best, chosen after the discard
    defender_best: BestCard | None = None  # and the lone defender's, chosen after the maker's

    def to_json(self) -> int | dict[str, Any]:
        if self.best is not None:  # a call for best: the calls always shown
            return {**{card_name(d): n for d, n in self.discards.items()}, "value": self.value,
                    "best": self.best.text(), "defender_best": None if self.defender_best is None
                    else self.defender_best.text()}
        if not self.discards:
            return self.value
        return {**{card_name(d): n for d, n in self.discards.items()}, "value": self.value}


class MakerTable(Answer):  # not a dataclass: see tests/cli/test_cli_imports.py
    """One maker's entries for the four trumps: ``table.entries["H"].value``.

    It keeps the search's values as they came (``values``: trump by trump, one, or one per
    card the dealer may put away in card-id order) and builds the entries the first time
    they are asked for. ``dealer_cards``: the dealer's hand and the upcard; ``exchanges``:
    for each trump, None when nobody exchanges, else whether the dealer keeps the most
    tricks (the dealer's side made trump; docs/rules.md).

    >>> import hasen
    >>> south = hasen.analyze(hasen.Deal("N:..KQT9.9 T9.AKQ.. AS", variant="euchre2")).tables["S"]
    >>> south.entries["H"].value, south.entries["S"].discard, south.ties
    (5, Card('KD'), [Suit('H')])
    """

    def __init__(self, maker: Seat, values: bytes, dealer_cards: Mask, exchanges: tuple[bool | None, ...]) -> None:
        self.maker = maker
        self.values = values
        self.dealer_cards = dealer_cards
        self.exchanges = exchanges

    def __eq__(self, other: object) -> bool:
        return (type(other) is MakerTable and self.maker == other.maker and self.values == other.values
                and self.dealer_cards == other.dealer_cards and self.exchanges == other.exchanges)

    __hash__ = None

    @computed_once
    def trumps(self) -> tuple[tuple[int, tuple[Card, ...], tuple[int, ...], Card | None], ...]:
        """For each trump: its value, the dealer's discards in canonical order (none when
        nobody exchanges), the tricks after each, and the dealer's choice."""
        out: list[tuple[int, tuple[Card, ...], tuple[int, ...], Card | None]] = []
        done = 0
        for keeps_most in self.exchanges:
            if keeps_most is None:
                out.append((self.values[done], (), (), None))
                done += 1
                continue
            order = card_order(self.dealer_cards)
            tricks = order.place(self.values[done:done + len(order.cards)])
            value = max(tricks) if keeps_most else min(tricks)
            out.append((value, order.cards, tricks, order.cards[tricks.index(value)]))
            done += len(order.cards)
        return tuple(out)

    @computed_once
    def entries(self) -> ByName[Suit, TrumpEntry]:
        return ByName.of(Suit, {SUIT_OBJECTS[t]: TrumpEntry(value, ByName.of(Card, dict(zip(discards, tricks))), chosen)
                                for t, (value, discards, tricks, chosen) in zip(TRUMPS, self.trumps)})

    @property
    def best_tricks(self) -> int:
        return max(entry[0] for entry in self.trumps)

    @property
    def ties(self) -> list[Suit]:
        """Every trump reaching the best, in the order S H D C."""
        best = self.best_tricks
        return [SUIT_OBJECTS[t] for t, entry in zip(TRUMPS, self.trumps) if entry[0] == best]

    @property
    def best(self) -> BestChoice:
        """The first of the ties: its trump, the dealer's discard (None: no exchange) and
        the makers' tricks."""
        trump = self.ties[0]
        entry = self.entries[trump]
        return BestChoice(trump, entry.discard, entry.value)

    def grid(self, trump: int) -> dict[int | None, int]:
        """This trump's tricks by the dealer's discard; key None when nobody exchanges."""
        value, discards, tricks, _ = self.trumps[trump]
        return dict(zip(discards, tricks)) or {None: value}

    def contract_tricks(self, contract: Contract) -> int:
        """What the contract's trump and the dealer's discard take double-dummy."""
        entry = self.entries[contract.trump]
        return entry.discards[contract.discard] if entry.discards else entry.value

    def contract_cost(self, contract: Contract) -> int:
        """Tricks the maker's trump gave away against the best trump, each valued with the
        dealer's best discard (docs/rules.md); the discard is judged in ``discard_cost``."""
        return self.best_tricks - self.entries[contract.trump].value

    def discard_cost(self, contract: Contract) -> int:
        """Tricks the dealer's discard gave away to the other side against the dealer's
        best discard (0 when nobody exchanged)."""
        return abs(self.entries[contract.trump].value - self.contract_tricks(contract))

    def contract_json(self, contract: Contract) -> dict[str, Any]:
        best = self.best
        return {
            "tricks": self.contract_tricks(contract),
            "cost": self.contract_cost(contract),
            "discard_cost": self.discard_cost(contract),
            "best": {"trump": SUITS[best.trump], "discard": name_or_none(best.discard), "tricks": best.tricks},
            "ties": [[SUITS[t], name_or_none(self.entries[t].discard)] for t in self.ties],
        }

    def to_json(self) -> dict[str, Any]:
        trumps = self.trumps
        best = max(entry[0] for entry in trumps)
        ties = [[SUITS[t], None if chosen is None else CARD_NAMES[chosen]]
                for t, (value, _, _, chosen) in zip(TRUMPS, trumps) if value == best]
        return {
            "tricks": {SUITS[t]: {**dict(zip(card_order(self.dealer_cards).names, tricks)), "value": value}
                       if discards else value for t, (value, discards, tricks, _) in zip(TRUMPS, trumps)},
            "best": {"trump": ties[0][0], "tricks": best, "discard": ties[0][1]},
            "ties": ties,
        }

    def __repr__(self) -> str:
        best = self.best
        return f"<MakerTable {self.maker}: best {best.trump}, {best.tricks} tricks>"


def name_or_none(card: int | None) -> str | None:
    return None if card is None else card_name(card)


class EuchreAnalysis(TableAnswer, Answer):  # not a dataclass: see tests/cli/test_cli_imports.py
    """The Euchre table of one maker or all: ``analysis.tables["N"].entries["H"]``.

    >>> import hasen
    >>> table = hasen.analyze(hasen.Deal("N:..KQT9.9 T9.AKQ.. AS", variant="euchre2"))
    >>> [(maker, table.best_tricks) for maker, table in table.tables.items()]
    [(Seat('N'), 5), (Seat('S'), 5)]
    """

    def __init__(self, deal: Deal, alone: bool, lone_defender: Seat | None, tables: ByName[Seat, MakerTable],
                 settings: Settings = DEFAULT_SETTINGS) -> None:
        self.deal = deal
        self.alone = alone
        self.lone_defender = lone_defender
        self.tables = tables
        self.settings = settings

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
            "declarers": {SEATS[s]: t.to_json() for s, t in self.tables.items()},
        }
        return data | options_json(self.lone_defender, self.settings)

    def __repr__(self) -> str:
        return tables_repr(self, self.deal, self.tables)


def maker_job(deal: Deal, maker: int, alone: bool, lone_defender: int | None, settings: Settings) -> Any:
    """The makers' tricks for each trump, every dealer's discard where the dealer exchanges:
    all the positions to be built and solved in one call, without the GIL (a ``TableJob``);
    for a lone Railroad maker who calls for best, its ``CallingPlan``."""
    if alone and deal.variant.calls_for_best and settings.call_for_best:
        from .calling import CallingPlan

        return CallingPlan(deal, maker, lone_defender, settings)
    shape = table_shape(deal, maker, alone, lone_defender, settings)
    request = (shape.pick_hands((*deal.hands, 0)), LAYOUT_BYTES, shape.taker_seats, deal.extra, shape.active,
               shape.leader, shape.side)
    cards = 0 if shape.taker is None else declarer_cards(deal, shape.taker)
    seat, exchanges = SEAT_OBJECTS[maker], shape.keeps_most
    return TableJob(request, lambda values: MakerTable(seat, values, cards, exchanges))


def maker_table(deal: Deal, maker: int, alone: bool, lone_defender: int | None,
                settings: Settings, searcher: Searcher) -> MakerTable:
    """One maker's table, solved now (the table a contract of it is judged by)."""
    return maker_job(deal, maker, alone, lone_defender, settings).solve(searcher)  # type: ignore[no-any-return]


def plan_euchre(deal: Deal | str, variant: Variant | None = None, dealer: str | int | None = None,
                declarer: str | int | None = None, alone: bool = False, defender: str | int | None = None,
                settings: Settings = DEFAULT_SETTINGS) -> Plan:
    """``analyze_euchre``'s request checked and its tables built, not yet solved."""
    deal = coerce_deal(deal, dealer, variant)
    if deal.variant.declarer_exchanges:
        raise NotationError(f"variant: a {deal.variant.label} deal has no maker's table (the declarer takes "
                            f"the {deal.variant.extra_card}): ask for the declarer's trump x discard table")
    jobs, lone_defender = tables_by_declarer(deal, declarer, alone, defender, settings,
                                             lambda seat, lone: maker_job(deal, seat, alone, lone, settings))
    return planned(jobs, lambda tables: EuchreAnalysis(deal, alone, lone_defender, tables, settings))


def analyze_euchre(deal: Deal | str, variant: Variant | None = None, dealer: str | int | None = None,
                   declarer: str | int | None = None, alone: bool = False,
                   defender: str | int | None = None, settings: Settings = DEFAULT_SETTINGS,
                   progress: Callable[[int, int], None] | None = None,
                   searcher: Searcher | None = None) -> EuchreAnalysis:
    """Every maker's (or one ``declarer``'s) tricks for each trump.

    ``alone``: the maker plays without the partner; ``defender``: an opponent who then plays
    alone too. ``progress(done, total)`` is called after each maker's table.
    """
    plan = plan_euchre(deal, variant, dealer, declarer, alone, defender, settings)
    return solve_plan(plan, searcher or thread_searcher(), progress)  # type: ignore[return-value]
