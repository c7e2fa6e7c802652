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

from ..core.cards import SUITS, card_name, cards_of
from ..core.deal import Deal
from ..core.errors import NotationError
from ..core.names import ByName, Card, Seat, Suit
from ..core.seats import SEATS
from ..core.variants import Variant
from ..core.version import __version__
from ..rules.settings import DEFAULT_SETTINGS, Settings
from ..search import Searcher, thread_searcher
from ..search.layout import LAYOUT_BYTES
from .answer import Answer, options_json, tables_repr
from .inputs import coerce_deal
from .play import Contract, declarer_cards, exchanging_seat, search_frame
from .table import TRUMPS, Plan, TableJob, planned, solve_plan, tables_by_declarer


class TrumpEntry(NamedTuple):  # not a dataclass: see tests/cli/test_cli_imports.py
    """One trump's tricks for the makers: one number, or one per dealer's discard."""

    value: int  # the tricks; with an exchange, those of the dealer's chosen discard
    discards: ByName[Card, int]  # the tricks after each discard, in canonical order; empty: no exchange
    discard: Card | None = None  # the dealer's choice (the first in canonical order on a tie)

    def to_json(self) -> int | dict[str, int]:
        if not self.discards:
            return self.value
        return {**{card_name(d): n for d, n in self.discards.items()}, "value": self.value}


class MakerTable(Answer):  # not a dataclass: see tests/cli/test_cli_imports.py
    """One maker's entries for the four trumps: ``table.entries["H"].value``.

    >>> import hasen
    >>> south = hasen.analyze(hasen.Deal("N:..KQT9.9 T9.AKQ.. AS", variant="euchre2")).tables["S"]
    >>> south.entries["H"].value, south.entries["S"].discard, south.ties
    (5, Card('KD'), [Suit('H')])
    """

    def __init__(self, maker: Seat, entries: ByName[Suit, TrumpEntry]) -> None:
        self.maker = maker
        self.entries = entries

    @property
    def best_tricks(self) -> int:
        return max(e.value for e in self.entries.values())

    @property
    def ties(self) -> list[Suit]:
        """Every trump reaching the best, in the order S H D C."""
        return [Suit(t) for t in TRUMPS if self.entries[t].value == self.best_tricks]

    @property
    def best(self) -> tuple[Suit, TrumpEntry]:
        trump = self.ties[0]
        return trump, self.entries[trump]

    def grid(self, trump: int) -> dict[int | None, int]:
        """This trump's tricks by the dealer's discard; key None when nobody exchanges."""
        entry = self.entries[trump]
        return dict(entry.discards) or {None: entry.value}

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
        trump, entry = self.best
        return {
            "tricks": self.contract_tricks(contract),
            "cost": self.contract_cost(contract),
            "discard_cost": self.discard_cost(contract),
            "best": {"trump": SUITS[trump], "discard": name_or_none(entry.discard), "tricks": entry.value},
            "ties": [[SUITS[t], name_or_none(self.entries[t].discard)] for t in self.ties],
        }

    def to_json(self) -> dict[str, Any]:
        trump, entry = self.best
        return {
            "tricks": {SUITS[t]: self.entries[t].to_json() for t in TRUMPS},
            "best": {"trump": SUITS[trump], "tricks": entry.value, "discard": name_or_none(entry.discard)},
            "ties": [[SUITS[t], name_or_none(self.entries[t].discard)] for t in self.ties],
        }

    def __repr__(self) -> str:
        trump, entry = self.best
        return f"<MakerTable {self.maker}: best {trump}, {entry.value} tricks>"


def name_or_none(card: int | None) -> str | None:
    return None if card is None else card_name(card)


class EuchreAnalysis(Answer):  # not a dataclass: see tests/cli/test_cli_imports.py
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


def maker_job(deal: Deal, maker: int, alone: bool, lone_defender: int | None, settings: Settings) -> TableJob:
    """The makers' tricks for each trump, every dealer's discard where the dealer exchanges:
    all the positions to be built and solved in one call, without the GIL."""
    frame = search_frame(deal, maker, alone, lone_defender, settings)
    takers = [exchanging_seat(deal, trump, maker, frame.seats) for trump in TRUMPS]
    side = frame.side
    seats = [-1 if t is None else deal.variant.search_seat(t) for t in takers]
    request = (frame.hands, LAYOUT_BYTES, seats, deal.extra, frame.active, frame.leader, side)

    def finish(values: bytes) -> MakerTable:
        entries: dict[Suit, TrumpEntry] = {}
        done = 0
        for trump, taker in zip(TRUMPS, takers):
            if taker is None:
                entries[Suit(trump)] = TrumpEntry(values[done], ByName.of(Card, {}))
                done += 1
                continue
            cards = [Card(c) for c in cards_of(declarer_cards(deal, taker))]
            by_id = dict(zip(sorted(cards), values[done:done + len(cards)]))  # solved in card-id order
            discards = ByName.of(Card, {c: by_id[c] for c in cards})
            done += len(cards)
            # docs/rules.md: the discard is the dealer's, for the dealer's own side
            choose = max if deal.variant.side_of(taker) == side else min
            value = choose(discards.values())
            chosen = next(d for d, n in discards.items() if n == value)
            entries[Suit(trump)] = TrumpEntry(value, discards, chosen)
        return MakerTable(Seat(maker), ByName.of(Suit, entries))

    return TableJob(request, finish)


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
    jobs, lone_defender = tables_by_declarer(
        deal, declarer, alone, defender, settings, lambda seat, lone: maker_job(deal, seat, alone, lone, settings))
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
