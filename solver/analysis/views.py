"""What a player knows when it plays a card, and the layouts that agree with it.

At each turn of the play a player knows its own cards, every card played so far and by
whom, the suits each player has shown out of (a player who did not follow the led suit has
none of it; the bowers and the Joker count as trump), the contract, the upcard (Euchre,
seen by all), as the one who took it, the widow or upcard and its own discard, and as a
Railroad lone player who called for best, the card it put away. Every other card is
unseen: it is in another player's hand, or out of play (the Hasenpfeffer discard, the
Euchre kitty, the hand of a lone player's partner, a card put away after a call for best).

A layout gives each unseen card a place: another player's hand (as many as that hand
holds now) or out of play. The layouts that agree with what the player knows are dealt
uniformly. They are counted exactly, suit by suit (cards of one effective suit are alike
to the constraints; the taken Euchre upcard is a group of its own, after the suits), and a
layout is drawn a group at a time, by the layout's own generator:

1. how many of the group's cards each place gets (the places: the other players in seat
   order, then out of play): the ways that fit the room left and the suits shown out of,
   in lexicographic order, each as likely as the number of layouts it leaves in all;
   ``randrange(n)``, n the layouts left in all, picks one from their running total;
2. then the group's cards, in card-number order, are shuffled and given out in the order
   of the places.

When there are no more layouts than asked for, every one of them is used instead, once:
the figures are then exact.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache
from itertools import combinations
from math import comb

from ..core.cards import CardId, Mask, iter_bits
from ..core.seats import NUM_SEATS
from ..play.state import PlayState
from ..rules.trump import effective_suit
from ..search import deal_layouts
from ..search.protocol import DealState

OUT = NUM_SEATS  # the place of the cards out of play


@dataclass(frozen=True)
class Group:
    """Unseen cards alike to the constraints, and the places that may hold them."""

    cards: tuple[CardId, ...]  # in card-number order
    places: tuple[int, ...]  # the indexes (in ``View.places``) that may hold them


@dataclass(frozen=True)
class View:
    """One player's knowledge at one turn: its hand, the unseen cards in groups, and the
    places they may be, each with the number of cards it holds."""

    seat: int
    hand: Mask
    places: tuple[int, ...]  # other players' seats, then OUT
    fixed: tuple[Mask, ...]  # cards each place is known to hold
    needs: tuple[int, ...]  # unseen cards each place holds besides
    groups: tuple[Group, ...]

    @classmethod
    def of(cls, state: PlayState, known: Sequence[Mask] = (0, 0, 0, 0)) -> View:
        """What the player to move in ``state`` knows (see the module). ``known``: cards it
        is told besides, by seat (cards held now)."""
        seat = state.to_move
        deal, contract = state.deal, state.contract
        trump = contract.trump
        seen = int(state.hands[seat])
        order_seen: list[tuple[int, CardId]] = []  # (seat, card) of every card played
        for leader, cards, _ in state.tricks:
            order_seen += zip(rotation(state, leader), cards)
        order_seen += zip(rotation(state, state.leader), state.trick)
        void: set[tuple[int, int]] = set()
        for start in range(0, len(order_seen), len(state.seats)):
            trick = order_seen[start : start + len(state.seats)]
            led = effective_suit(trick[0][1], trump)
            void |= {(who, led) for who, card in trick[1:] if effective_suit(card, trump) != led}
        for _, card in order_seen:
            seen |= 1 << card
        taker = state.taker
        upcard_with: int | None = None  # the dealer, who holds the taken upcard unless it went out
        if deal.variant.seen_extra() is not None:  # the upcard, face up for all
            if taker is not None and taker != seat and not seen >> deal.extra & 1:
                upcard_with = taker  # seen by all, but where it is now only the dealer knows
            else:
                seen |= 1 << deal.extra
        if taker == seat:
            seen |= 1 << deal.extra | 1 << contract.discard
        for call, caller in ((contract.best, contract.declarer), (contract.defender_best, contract.lone_defender)):
            if call is not None and caller == seat:  # a lone player knows the card it put away
                seen |= 1 << call.discard
        places = tuple(s for s in state.seats if s != seat) + (OUT,)
        fixed = [int(known[place]) & state.hands[place] for place in places[:-1]] + [0]
        unseen = deal.variant.deck & ~seen & ~sum(fixed)
        needs = [state.hands[p].bit_count() - fixed[i].bit_count() for i, p in enumerate(places[:-1])]
        needs.append(unseen.bit_count() - sum(needs))
        assert needs[-1] >= 0, "the unseen cards fill the hands"
        by_suit: dict[int, list[CardId]] = {}
        for card in iter_bits(unseen):
            if card == deal.extra and upcard_with is not None:
                continue
            by_suit.setdefault(effective_suit(card, trump), []).append(card)
        groups = []
        for suit in sorted(by_suit):
            allowed = tuple(i for i, p in enumerate(places) if p == OUT or (p, suit) not in void)
            groups.append(Group(tuple(by_suit[suit]), allowed))
        if upcard_with is not None and unseen >> deal.extra & 1:  # (not when told where it is)
            holder = places.index(upcard_with)
            allowed = tuple(
                i for i in (holder, len(places) - 1) if places[i] == OUT or (upcard_with, trump) not in void
            )
            groups.append(Group((deal.extra,), allowed))
        return cls(seat, state.hands[seat], places, tuple(fixed), tuple(needs), tuple(groups))

    def rows(self, g: int, left: tuple[int, ...]) -> list[tuple[tuple[int, ...], int]]:
        """Each way to give group ``g``'s cards to the places with ``left`` room (a count per
        place, in lexicographic order), with the number of layouts it leaves in all
        (memoised: every layout drawn asks again)."""
        key = (g, left)
        if key not in self._rows:
            group = self.groups[g]
            found = []
            for row in compositions(len(group.cards), group.places, left):
                rest = tuple(n - k for n, k in zip(left, row))
                weight = multinomial(len(group.cards), row) * self.ways(g + 1, rest)
                if weight:
                    found.append((row, weight))
            self._rows[key] = found
        return self._rows[key]

    @cached_property
    def _rows(self) -> dict[tuple[int, tuple[int, ...]], list[tuple[tuple[int, ...], int]]]:
        return {}

    def ways(self, g: int, left: tuple[int, ...]) -> int:
        """The layouts of groups ``g`` on with the places' room ``left`` (memoised)."""
        key = (g, left)
        if key not in self._ways:
            if g == len(self.groups):
                self._ways[key] = int(not any(left))
            else:
                self._ways[key] = sum(weight for _, weight in self.rows(g, left))
        return self._ways[key]

    @cached_property
    def _ways(self) -> dict[tuple[int, tuple[int, ...]], int]:
        return {}

    @property
    def count(self) -> int:
        """The number of layouts that agree with what the player knows."""
        return self.ways(0, self.needs)

    def layout(self, rng: random.Random) -> list[Mask]:
        """One layout drawn uniformly (see the module): group by group, its counts per place
        by ``randrange`` over the running total of the layouts each leaves, then its cards
        shuffled and given out in the order of the places."""
        held = list(self.fixed)
        left = self.needs
        for g, group in enumerate(self.groups):
            row = self.row_at(g, left, rng.randrange(self.ways(g, left)))
            cards = list(group.cards)
            rng.shuffle(cards)
            give_out(held, cards, row)
            left = tuple(n - k for n, k in zip(left, row))
        return held

    @cached_property
    def plan(self) -> list[DealState]:
        """Every state of drawing a layout, for ``deal_layouts`` (``search.protocol``): state 0
        the start, each with its ways and its rows; the draw is the same as ``layout``'s."""
        states: list[DealState] = []
        index: dict[tuple[int, tuple[int, ...]], int] = {}

        def visit(g: int, left: tuple[int, ...]) -> int:
            if g == len(self.groups):
                return -1
            if (g, left) not in index:
                index[(g, left)] = len(states)
                states.append((0, []))
                rows = [
                    (row, weight, visit(g + 1, tuple(n - k for n, k in zip(left, row))))
                    for row, weight in self.rows(g, left)
                ]
                states[index[(g, left)]] = (self.ways(g, left), rows)
            return index[(g, left)]

        visit(0, self.needs)
        return states

    def layouts(self, seeds: Sequence[str]) -> list[list[Mask]]:
        """``layout(random.Random(seed))`` of each seed, drawn in one call to the search core."""
        return deal_layouts(seeds, self.fixed, [group.cards for group in self.groups], self.plan)

    def row_at(self, g: int, left: tuple[int, ...], pick: int) -> tuple[int, ...]:
        """The row of group ``g`` where ``pick`` falls in the running total of their layouts."""
        for row, weight in self.rows(g, left):
            if pick < weight:
                return row
            pick -= weight
        raise AssertionError("pick is below the layouts in all")

    def every_layout(self) -> Iterator[list[Mask]]:
        """Every layout that agrees, once each."""

        def walk(g: int, left: tuple[int, ...], held: list[Mask]) -> Iterator[list[Mask]]:
            if g == len(self.groups):
                yield held
                return
            for row, _ in self.rows(g, left):
                rest = tuple(n - k for n, k in zip(left, row))
                for parts in splits(self.groups[g].cards, row):
                    yield from walk(g + 1, rest, [h | p for h, p in zip(held, parts)])

        return walk(0, self.needs, list(self.fixed))


def give_out(held: list[Mask], cards: list[CardId], row: tuple[int, ...]) -> None:
    """``cards`` given out in order: ``row[i]`` of them to place i."""
    at = 0
    for place, k in enumerate(row):
        for card in cards[at : at + k]:
            held[place] |= 1 << card
        at += k


def rotation(state: PlayState, leader: int) -> list[int]:
    """The playing seats in the order of a trick led by ``leader``."""
    i = state.seats.index(leader)
    return list(state.seats[i:] + state.seats[:i])


@lru_cache(maxsize=1 << 14)  # the same few shapes recur in every view of a review
def compositions(total: int, allowed: tuple[int, ...], room: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Every way to give ``total`` cards to the allowed places within their room, as a count
    per place (every place), in lexicographic order."""

    def rest(i: int, left: int) -> Iterator[tuple[int, ...]]:
        if i == len(room):
            if left == 0:
                yield ()
            return
        top = min(left, room[i]) if i in allowed else 0
        for k in range(top + 1):
            for tail in rest(i + 1, left - k):
                yield (k, *tail)

    return tuple(rest(0, total))


def multinomial(total: int, parts: tuple[int, ...]) -> int:
    """The ways to split ``total`` distinct cards into groups of these sizes."""
    out, left = 1, total
    for k in parts:
        out *= comb(left, k)
        left -= k
    return out


def splits(cards: tuple[CardId, ...], row: tuple[int, ...]) -> Iterator[list[Mask]]:
    """Every way to give ``cards`` to the places, ``row[i]`` to place i, as masks."""

    def rest(i: int, left: tuple[CardId, ...]) -> Iterator[list[Mask]]:
        if i == len(row):
            yield []
            return
        for chosen in combinations(left, row[i]):
            remaining = tuple(c for c in left if c not in chosen)
            for tail in rest(i + 1, remaining):
                yield [sum(1 << c for c in chosen), *tail]

    return rest(0, cards)
