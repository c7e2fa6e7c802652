"""The Euchre table: double-dummy tricks for every maker and trump, with the upcard exchange.

When the upcard's suit is trump (any suit, for a Joker upcard, unless the table has it
stand for one: ``joker_upcard: hearts``) the dealer takes the upcard
and discards one of six cards, the upcard itself meaning "not kept"; that trump's entry is
every discard's tricks and a ``value``, the dealer's choice by docs/rules.md: the most tricks
when the dealer's side made trump, the fewest when the dealer defends. For the other suits
nobody exchanges and the entry is one number. A dealer who sits out (partner of a lone
maker or of a lone defender) does not exchange either.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

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
from ...core.cards import CARD_NAMES, SUITS, CardId, Mask, card_name, cards_of
from ...core.deal import Deal
from ...core.errors import NotationError
from ...core.names import ByName, Card, Seat, Suit
from ...core.seats import SEATS
from ...core.settings import DEFAULT_SETTINGS, Settings
from ...core.variants import DECKS, Variant
from ...core.version import __version__
from ...notation.inputs import coerce_deal
from ...play.state import BestCard, Contract, declarer_cards
from ...rules.seating import best_callers
from ...search import Searcher, solve_table, thread_searcher
from ...search.layout import LAYOUT_BYTES


class TrumpEntry(NamedTuple):  # not a dataclass: see tests/cli/test_cli_imports.py
    """One trump's tricks for the makers: one number, or one per dealer's discard."""

    value: int  # the tricks; with an exchange, those of the dealer's chosen discard
    discards: ByName[Card, int]  # the tricks after each discard, in canonical order; empty: no exchange
    discard: Card | None = None  # the dealer's choice (the first in canonical order on a tie)
    best: BestCard | None = None  # Railroad: the lone maker's call for best, chosen after the discard
    defender_best: BestCard | None = None  # and the lone defender's, chosen after the maker's

    def to_json(self) -> int | dict[str, Any]:
        if self.best is not None:  # a call for best: the calls always shown
            return {
                **{card_name(d): n for d, n in self.discards.items()},
                "value": self.value,
                "best": self.best.text(),
                "defender_best": None if self.defender_best is None else self.defender_best.text(),
            }
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

    maker: Seat
    values: bytes
    dealer_cards: Mask
    exchanges: tuple[bool | None, ...]

    def __init__(self, maker: Seat, values: bytes, dealer_cards: Mask, exchanges: tuple[bool | None, ...]) -> None:
        set_fields(self, maker=maker, values=values, dealer_cards=dealer_cards, exchanges=exchanges)

    def __eq__(self, other: object) -> bool:
        return (
            type(other) is MakerTable
            and self.maker == other.maker
            and self.values == other.values
            and self.dealer_cards == other.dealer_cards
            and self.exchanges == other.exchanges
        )

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
            tricks = order.place(self.values[done : done + len(order.cards)])
            value = max(tricks) if keeps_most else min(tricks)
            out.append((value, order.cards, tricks, order.cards[tricks.index(value)]))
            done += len(order.cards)
        return tuple(out)

    @computed_once
    def entries(self) -> ByName[Suit, TrumpEntry]:
        return ByName.of(
            Suit,
            {
                SUIT_OBJECTS[t]: TrumpEntry(value, ByName.of(Card, dict(zip(discards, tricks))), chosen)
                for t, (value, discards, tricks, chosen) in zip(TRUMPS, self.trumps)
            },
        )

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
        ties = [
            [SUITS[t], None if chosen is None else CARD_NAMES[chosen]]
            for t, (value, _, _, chosen) in zip(TRUMPS, trumps)
            if value == best
        ]
        return {
            "tricks": {
                SUITS[t]: {**dict(zip(card_order(self.dealer_cards).names, tricks)), "value": value}
                if discards
                else value
                for t, (value, discards, tricks, _) in zip(TRUMPS, trumps)
            },
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

    alone: bool
    lone_defender: Seat | None
    tables: ByName[Seat, MakerTable]
    settings: Settings

    def __init__(
        self,
        deal: Deal,
        alone: bool,
        lone_defender: Seat | None,
        tables: ByName[Seat, MakerTable],
        settings: Settings = DEFAULT_SETTINGS,
    ) -> None:
        set_fields(self, deal=deal, alone=alone, lone_defender=lone_defender, tables=tables, settings=settings)

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
        return CallingPlan(deal, maker, lone_defender, settings)
    shape = table_shape(deal, maker, alone, lone_defender, settings)
    request = (
        shape.pick_hands((*deal.hands, 0)),
        LAYOUT_BYTES,
        shape.taker_seats,
        deal.extra,
        shape.active,
        shape.leader,
        shape.declarers,
    )
    cards = 0 if shape.taker is None else declarer_cards(deal, shape.taker)
    seat, exchanges = SEAT_OBJECTS[maker], shape.keeps_most
    return TableJob(request, lambda values: MakerTable(seat, values, cards, exchanges))


def maker_table(
    deal: Deal, maker: int, alone: bool, lone_defender: int | None, settings: Settings, searcher: Searcher
) -> MakerTable:
    """One maker's table, solved now (the table a contract of it is judged by)."""
    return maker_job(deal, maker, alone, lone_defender, settings).solve(searcher)  # type: ignore[no-any-return]


def plan_euchre(
    deal: Deal | str,
    variant: Variant | None = None,
    dealer: str | int | None = None,
    declarer: str | int | None = None,
    alone: bool = False,
    defender: str | int | None = None,
    settings: Settings | None = None,
) -> Plan:
    """``analyze_euchre``'s request checked and its tables built, not yet solved (``settings``:
    the table rules, by default the deal's own)."""
    deal = coerce_deal(deal, dealer, variant)
    settings = deal.settings if settings is None else settings
    if deal.variant.declarer_exchanges:
        raise NotationError(
            f"variant: a {deal.variant.label} deal has no maker's table (the declarer takes "
            f"the {deal.variant.extra_card}): ask for the declarer's trump x discard table"
        )
    jobs, lone_defender = tables_by_declarer(
        deal, declarer, alone, defender, settings, lambda seat, lone: maker_job(deal, seat, alone, lone, settings)
    )
    return planned(jobs, lambda tables: EuchreAnalysis(deal, alone, lone_defender, tables, settings))


def analyze_euchre(
    deal: Deal | str,
    variant: Variant | None = None,
    dealer: str | int | None = None,
    declarer: str | int | None = None,
    alone: bool = False,
    defender: str | int | None = None,
    settings: Settings | None = None,
    progress: Callable[[int, int], None] | None = None,
    searcher: Searcher | None = None,
) -> EuchreAnalysis:
    """Every maker's (or one ``declarer``'s) tricks for each trump.

    ``alone``: the maker plays without the partner; ``defender``: an opponent who then plays
    alone too. ``progress(done, total)`` is called after each maker's table.
    """
    plan = plan_euchre(deal, variant, dealer, declarer, alone, defender, settings)
    return solve_plan(plan, searcher or thread_searcher(), progress)  # type: ignore[return-value]


# --- Railroad: a lone maker who calls for the partner's best card ---------------------------
# Railroad's table for a lone maker who calls for the partner's best card.
#
# A lone maker takes one card from the partner and puts one away; against a lone defender the
# defender does the same with its own partner (docs/rules.md, "Calling for best"). With every
# hand open each chooses for its own side, in the order of the game: the dealer's discard
# when the dealer takes the upcard, then the maker's call, then the defender's, each knowing
# what was chosen before. A trump's value is that sequence of choices played out.
#
# Every choice but the last is spelled out here as its own search request; the last (the card
# the last caller puts away) is the search's own exchange, the card passed taking the
# place of the upcard, so that one request solves the six cards it may put away. Requests
# that hold the same hands are solved once.

Call = tuple[CardId, CardId]  # a call for best as its pair of cards (a BestCard is one)
Grouped = dict[CardId | None, dict[Call, dict[Call | None, int]]]  # tricks by discard, call, answer
NUM_TRUMPS = len(TRUMPS)


def canonical(cards: Mask) -> tuple[Card, ...]:
    return card_order(cards).cards


class CallingPlan:
    """One lone maker's requests, and the leaves each answers: the choices before the
    last caller's discard, and the cards that discard may be, in card-id order."""

    def __init__(self, deal: Deal, maker: int, lone_defender: int | None, settings: Settings) -> None:
        shape = table_shape(deal, maker, True, lone_defender, settings)
        self.callers = best_callers(deal.variant, settings, maker, True, lone_defender)
        assert self.callers, "a lone maker who calls for best"
        self.deal, self.maker, self.lone_defender = deal, maker, lone_defender
        self.dealer = shape.taker  # the dealer, where it takes the upcard in some trump
        self.keeps_most = shape.keeps_most
        self.requests: list[tuple[Any, ...]] = []
        self.leaves: list[list[tuple[tuple[Any, ...], int, tuple[CardId, ...]]]] = [[] for _ in TRUMPS]
        seen: dict[tuple[Any, ...], int] = {}
        last, last_partner = self.callers[-1]
        search_seat = deal.variant.search_seat(last, maker)
        for trump in TRUMPS:
            takers = [-1] * NUM_TRUMPS
            takers[trump] = search_seat
            wanted = [0] * NUM_TRUMPS
            wanted[trump] = (1 << (deal.variant.hand_size + 1)) - 1
            for before, hands in self.outer(trump):
                for passed in cards_of(deal.hands[last_partner]):
                    request = (
                        shape.pick_hands((*hands, 0)),
                        LAYOUT_BYTES,
                        tuple(takers),
                        passed,
                        shape.active,
                        shape.leader,
                        shape.declarers,
                        tuple(wanted),
                    )
                    key = (tuple(request[0]), trump, passed)
                    if key not in seen:
                        seen[key] = len(self.requests)
                        self.requests.append(request)
                    discards = tuple(sorted(cards_of(hands[last] | 1 << passed)))  # the search's order
                    self.leaves[trump].append(((*before, passed), seen[key], discards))

    def outer(self, trump: int) -> list[tuple[tuple[Any, ...], list[Mask]]]:
        """Every choice made before the last caller's, with the hands they leave: the
        dealer's discard (None: no exchange), then the first caller's pass and discard when
        a second caller follows."""
        deal = self.deal
        hands = [int(h) for h in deal.hands]
        out: list[tuple[tuple[Any, ...], list[Mask]]] = []
        dealer = self.dealer if self.keeps_most[trump] is not None else None
        discards: list[CardId | None] = [None] if dealer is None else list(cards_of(declarer_cards(deal, dealer)))
        for discard in discards:
            after = list(hands)
            if discard is not None and dealer is not None:
                after[dealer] = declarer_cards(deal, dealer) & ~(1 << discard)
            if len(self.callers) == 1:
                out.append(((discard,), after))
                continue
            (first, partner), _ = self.callers
            for passed in cards_of(deal.hands[partner]):
                for away in cards_of(after[first] | 1 << passed):
                    called = list(after)
                    called[first] = (after[first] | 1 << passed) & ~(1 << away)
                    out.append(((discard, (passed, away)), called))
        return out

    def finish_values(self, values: Sequence[bytes]) -> CallingTable:
        # the leaves by the dealer's discard, the maker's call, then the defender's (None
        # without one); calls as plain pairs of card ids (a BestCard is equal to its pair and
        # hashes alike), since the leaves are many: up to 5,400 a trump
        leaves: list[Grouped] = []
        single = len(self.callers) == 1
        for trump in TRUMPS:
            grouped: Grouped = {}
            for key, index, discards in self.leaves[trump]:
                row = values[index][trump : trump + len(discards)]
                passed = key[-1]
                by_call = grouped.setdefault(key[0], {})
                if single:
                    for away, tricks in zip(discards, row):
                        by_call[(passed, away)] = {None: tricks}
                else:
                    answers = by_call.setdefault(key[1], {})
                    for away, tricks in zip(discards, row):
                        answers[(passed, away)] = tricks
            leaves.append(grouped)
        return CallingTable(self, leaves)

    def solve(self, searcher: Searcher) -> CallingTable:
        return self.finish_values([solve_table(searcher, *request) for request in self.requests])


class CallingTable(MakerTable):
    """A lone Railroad maker's table: each trump's tricks with the dealer's discard and the
    calls for best chosen as docs/rules.md says, and what each other choice would take.

    >>> import hasen
    >>> deal = hasen.Deal("N:QT.Q.A.* A.J.QJ9. .K.K.QJ9 K9.A..KT TD", dealer="N", variant="railroad")
    >>> entry = hasen.analyze(deal, declarer="S", alone=True).tables["S"].entries["C"]
    >>> entry.value, entry.best.text()
    (5, 'JK for KH')
    """

    callers: tuple[int, ...]
    leaves: list[Grouped]

    def __init__(self, plan: CallingPlan, leaves: list[Grouped]) -> None:
        deal = plan.deal
        dealer_cards = 0 if plan.dealer is None else declarer_cards(deal, plan.dealer)
        super().__init__(SEAT_OBJECTS[plan.maker], b"", dealer_cards, plan.keeps_most)
        set_fields(self, callers=plan.callers, leaves=leaves)

    def __eq__(self, other: object) -> bool:
        return type(other) is CallingTable and self.maker == other.maker and self.leaves == other.leaves

    __hash__ = None

    def _calls(self, trump: int, discard: CardId | None, first: Call | None = None) -> dict[Any, int]:
        """The value of each call open at this point, the later calls chosen by their owners:
        the maker's calls after the dealer's ``discard``, or (``first`` given) the
        defender's after the maker's ``first``."""
        grouped = self.leaves[trump][discard]
        if first is not None:
            return grouped[first]
        if len(self.callers) == 1:
            return {call: answers[None] for call, answers in grouped.items()}
        return {call: min(answers.values()) for call, answers in grouped.items()}

    def _pick(self, values: dict[Any, int], most: bool) -> tuple[Any, int]:
        """The owner's choice: the most (or fewest) tricks, the first in canonical order."""
        best = (max if most else min)(values.values())
        first = min(
            (call for call, tricks in values.items() if tricks == best),
            key=lambda call: (canonical_key(call[0]), canonical_key(call[1])),
        )
        return BestCard(Card(first[0]), Card(first[1])), best

    def line(self, trump: int, discard: CardId | None) -> tuple[int, BestCard, BestCard | None]:
        """After the dealer's ``discard``: the tricks, the maker's call, the defender's."""
        call, value = self._pick(self._calls(trump, discard), True)
        if len(self.callers) == 1:
            return value, call, None
        answer, value = self._pick(self._calls(trump, discard, call), False)
        return value, call, answer

    @computed_once
    def trumps(self) -> tuple[tuple[int, tuple[Card, ...], tuple[int, ...], Card | None], ...]:
        out: list[tuple[int, tuple[Card, ...], tuple[int, ...], Card | None]] = []
        for trump, keeps_most in zip(TRUMPS, self.exchanges):
            if keeps_most is None:
                out.append((self.line(trump, None)[0], (), (), None))
                continue
            cards = canonical(self.dealer_cards)
            tricks = tuple(self.line(trump, c)[0] for c in cards)
            value = max(tricks) if keeps_most else min(tricks)
            out.append((value, cards, tricks, cards[tricks.index(value)]))
        return tuple(out)

    @computed_once
    def entries(self) -> ByName[Suit, TrumpEntry]:
        entries = {}
        for trump, (value, discards, tricks, chosen) in zip(TRUMPS, self.trumps):
            _, best, defender_best = self.line(trump, chosen)
            entries[SUIT_OBJECTS[trump]] = TrumpEntry(
                value, ByName.of(Card, dict(zip(discards, tricks))), chosen, best, defender_best
            )
        return ByName.of(Suit, entries)

    def contract_tricks(self, contract: Contract) -> int:
        """What the contract's trump, dealer's discard and calls take double-dummy."""
        discard = contract.discard if self.exchanges[contract.trump] is not None else None
        assert contract.best is not None, "a lone Railroad maker calls for best"
        return self.leaves[contract.trump][discard][contract.best][contract.defender_best]

    def discard_cost(self, contract: Contract) -> int:
        """Tricks the dealer's discard gave the other side, the calls after it chosen best."""
        if self.exchanges[contract.trump] is None:
            return 0
        return abs(self.entries[contract.trump].value - self.line(contract.trump, contract.discard)[0])

    def call_costs(self, contract: Contract) -> tuple[int, int]:
        """Tricks the maker's call, then the defender's, gave the other side, each against
        that player's best call at that point (the later call chosen best)."""
        trump = contract.trump
        discard = contract.discard if self.exchanges[trump] is not None else None
        assert contract.best is not None
        calls = self._calls(trump, discard)
        maker_cost = max(calls.values()) - calls[contract.best]
        if contract.defender_best is None:
            return maker_cost, 0
        answers = self._calls(trump, discard, contract.best)
        return maker_cost, answers[contract.defender_best] - min(answers.values())

    def contract_json(self, contract: Contract) -> dict[str, Any]:
        maker_cost, defender_cost = self.call_costs(contract)
        return {**super().contract_json(contract), "call_cost": maker_cost, "defender_call_cost": defender_cost}

    def to_json(self) -> dict[str, Any]:
        entries = self.entries
        best = self.best
        return {
            "tricks": {SUITS[t]: entries[t].to_json() for t in TRUMPS},
            "best": {
                "trump": SUITS[best.trump],
                "tricks": best.tricks,
                "discard": None if best.discard is None else card_name(best.discard),
            },
            "ties": [[SUITS[t], name_or_none(entries[t].discard)] for t in self.ties],
        }


def canonical_key(card: int) -> int:
    """The card's place in canonical order (docs/notation.md), for ties between calls."""
    return _ORDER[card]


_ORDER = {int(card): place for place, card in enumerate(card_order(DECKS[max(DECKS)]).cards)}


def calling_plan(deal: Deal, maker: int, lone_defender: int | None, settings: Settings) -> CallingPlan | None:
    """The plan of a lone maker who calls for best, or None when nobody calls."""
    if not best_callers(deal.variant, settings, maker, True, lone_defender):
        return None
    return CallingPlan(deal, maker, lone_defender, settings)
