"""Railroad's table for a lone maker who calls for the partner's best card.

A lone maker takes one card from the partner and puts one away; against a lone defender the
defender does the same with its own partner (docs/rules.md, "Calling for best"). With every
hand open each chooses for its own side, in the order of the game: the dealer's discard
when the dealer takes the upcard, then the maker's call, then the defender's, each knowing
what was chosen before. A trump's value is that sequence of choices played out.

Every choice but the last is spelled out here as its own search request; the last (the card
the last caller puts away) is the search's own exchange, the card passed taking the
place of the upcard, so that one request solves the six cards it may put away. Requests
that hold the same hands are solved once.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product
from typing import Any

from ..core.cards import SUITS, CardId, Mask, card_name, cards_of
from ..core.deal import Deal
from ..core.names import ByName, Card, Suit
from ..core.variants import DECKS
from ..rules.seating import best_callers
from ..rules.settings import Settings
from ..search import Searcher, solve_table
from ..search.layout import LAYOUT_BYTES
from .answer import BestChoice
from .euchre_table import MakerTable, TrumpEntry
from .play import BestCard, Contract, declarer_cards
from .table import SEAT_OBJECTS, SUIT_OBJECTS, TRUMPS, card_order, computed_once, table_shape

Choices = tuple[CardId | None, BestCard, BestCard | None]  # the dealer's discard, the two calls
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
        search_seat = deal.variant.search_seat(last)
        for trump in TRUMPS:
            takers = [-1] * NUM_TRUMPS
            takers[trump] = search_seat
            wanted = [0] * NUM_TRUMPS
            wanted[trump] = (1 << (deal.variant.hand_size + 1)) - 1
            for before, hands in self.outer(trump):
                for passed in cards_of(deal.hands[last_partner]):
                    request = (shape.pick_hands((*hands, 0)), LAYOUT_BYTES, tuple(takers), passed, shape.active,
                               shape.leader, shape.side, tuple(wanted))
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
        dealer_takes = self.keeps_most[trump] is not None
        for discard in (cards_of(declarer_cards(deal, self.dealer)) if dealer_takes else [None]):
            after = list(hands)
            if discard is not None:
                assert self.dealer is not None
                after[self.dealer] = declarer_cards(deal, self.dealer) & ~(1 << discard)
            if len(self.callers) == 1:
                out.append(((discard,), after))
                continue
            (first, partner), _ = self.callers
            for passed in cards_of(deal.hands[partner]):
                for away in cards_of(after[first] | 1 << passed):
                    called = list(after)
                    called[first] = (after[first] | 1 << passed) & ~(1 << away)
                    out.append(((discard, BestCard(Card(passed), Card(away))), called))
        return out

    def finish_values(self, values: Sequence[bytes]) -> CallingTable:
        leaves: list[dict[Choices, int]] = []
        for trump in TRUMPS:
            found: dict[Choices, int] = {}
            for key, index, discards in self.leaves[trump]:
                row = values[index][trump:trump + len(discards)]
                *before, passed = key
                for away, tricks in zip(discards, row):
                    call = BestCard(Card(passed), Card(away))
                    choice: Choices = (before[0], call, None) if len(self.callers) == 1 else \
                        (before[0], before[1], call)
                    found[choice] = tricks
            leaves.append(found)
        return CallingTable(self, leaves)

    def solve(self, searcher: Searcher) -> CallingTable:
        return self.finish_values([solve_table(searcher, *request) for request in self.requests])


class CallingTable(MakerTable):
    """A lone Railroad maker's table: each trump's tricks with the dealer's discard and the
    calls for best chosen as docs/rules.md says, and what each other choice would take."""

    def __init__(self, plan: CallingPlan, leaves: list[dict[Choices, int]]) -> None:
        deal = plan.deal
        dealer_cards = 0 if plan.dealer is None else declarer_cards(deal, plan.dealer)
        super().__init__(SEAT_OBJECTS[plan.maker], b"", dealer_cards, plan.keeps_most)
        self.callers = plan.callers
        self.leaves = leaves

    def __eq__(self, other: object) -> bool:
        return type(other) is CallingTable and self.maker == other.maker and self.leaves == other.leaves

    __hash__ = None  # type: ignore[assignment]

    def _calls(self, trump: int, discard: CardId | None, first: BestCard | None = None) -> dict[Any, int]:
        """The value of each call open at this point, the later calls chosen by their owners:
        the maker's calls after the dealer's ``discard``, or (``first`` given) the
        defender's after the maker's ``first``."""
        grouped = self._grouped[trump][discard]
        if first is not None:
            return grouped[first]
        if len(self.callers) == 1:
            return {call: answers[None] for call, answers in grouped.items()}
        return {call: min(answers.values()) for call, answers in grouped.items()}

    @computed_once
    def _grouped(self) -> list[dict[CardId | None, dict[BestCard, dict[BestCard | None, int]]]]:
        """The leaves of each trump by the dealer's discard, then the maker's call, then the
        defender's (None without one)."""
        out: list[dict[CardId | None, dict[BestCard, dict[BestCard | None, int]]]] = []
        for leaves in self.leaves:
            grouped: dict[CardId | None, dict[BestCard, dict[BestCard | None, int]]] = {}
            for (discard, call, answer), value in leaves.items():
                grouped.setdefault(discard, {}).setdefault(call, {})[answer] = value
            out.append(grouped)
        return out

    def _pick(self, values: dict[Any, int], most: bool) -> tuple[Any, int]:
        """The owner's choice: the most (or fewest) tricks, the first in canonical order."""
        ordered = sorted(values, key=lambda call: (canonical_key(call.passed), canonical_key(call.discard)))
        best = (max if most else min)(values[c] for c in ordered)
        return next(c for c in ordered if values[c] == best), best

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
            entries[SUIT_OBJECTS[trump]] = TrumpEntry(value, ByName.of(Card, dict(zip(discards, tricks))), chosen,
                                                      best, defender_best)
        return ByName.of(Suit, entries)

    def contract_tricks(self, contract: Contract) -> int:
        """What the contract's trump, dealer's discard and calls take double-dummy."""
        discard = contract.discard if self.exchanges[contract.trump] is not None else None
        assert contract.best is not None, "a lone Railroad maker calls for best"
        return self.leaves[contract.trump][(discard, contract.best, contract.defender_best)]

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
            "best": {"trump": SUITS[best.trump], "tricks": best.tricks,
                     "discard": None if best.discard is None else card_name(best.discard)},
            "ties": [[SUITS[t], None if entries[t].discard is None else card_name(entries[t].discard)]
                     for t in self.ties],
        }

    @property
    def best(self) -> BestChoice:
        trump = self.ties[0]
        entry = self.entries[trump]
        return BestChoice(trump, entry.discard, entry.value)


def canonical_key(card: int) -> int:
    """The card's place in canonical order (docs/notation.md), for ties between calls."""
    return _ORDER[card]


_ORDER = {int(card): place for place, card in enumerate(card_order(DECKS[max(DECKS)]).cards)}


def calling_plan(deal: Deal, maker: int, lone_defender: int | None, settings: Settings) -> CallingPlan | None:
    """The plan of a lone maker who calls for best, or None when nobody calls."""
    if not best_callers(deal.variant, settings, maker, True, lone_defender):
        return None
    return CallingPlan(deal, maker, lone_defender, settings)
