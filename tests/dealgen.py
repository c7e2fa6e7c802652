"""Seeded random deals and positions for the differential tests, with a reproduction text.

Random choices of legal cards are made with the oracle's own rules, so the positions do not
depend on ``hasen.rules``; the cards are then played through ``hasen.play.PlayState``,
which checks them with the product's rules (a disagreement shows up as IllegalPlayError).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from oracle import Oracle

from hasen.core.cards import card_name, cards_of
from hasen.core.deal import Deal, format_hand
from hasen.core.seats import side_seats
from hasen.core.variants import HASENPFEFFER, Variant
from hasen.play.state import Contract, PlayState
from hasen.search.layout import layout, to_layout

SEATS = "NESW"
SUITS = "SHDC"
DECK = cards_of(HASENPFEFFER.deck)  # the 25 cards


def random_deal(rng: random.Random) -> Deal:
    """Six cards to each seat, the 25th to the widow, a random dealer."""
    cards = DECK[:]
    rng.shuffle(cards)
    hands = [sum(1 << c for c in cards[6 * s : 6 * s + 6]) for s in range(4)]
    text = "N:" + " ".join(format_hand(h) for h in hands) + " " + card_name(cards[24])
    return Deal(text, dealer=rng.randrange(4))


def random_contract(rng: random.Random, deal: Deal, alone_rate: float = 0.3) -> Contract:
    declarer = rng.randrange(4)
    seven = cards_of(deal.hands[declarer] | 1 << deal.extra)
    return Contract(declarer, rng.randrange(4), rng.choice(seven), rng.random() < alone_rate)


@dataclass
class Position:
    """A position to solve: hands in real cards (0 for an idle seat), the playing seats, the
    leader of the current trick and the cards already played to it."""

    label: str
    trump: int
    side: int
    seats: tuple[int, ...]
    hands: list[int]
    leader: int
    trick: list[int] = field(default_factory=list)
    state: PlayState | None = None  # when the position was reached by playing a deal
    record: list[str] = field(default_factory=list)  # cards played to get here

    def oracle(self) -> int:
        return Oracle(self.trump, self.seats, self.side).value(self.hands, self.leader, self.trick)

    def solve(self, searcher) -> int:
        """The searcher's value: through PlayState.value when the position came from a deal,
        else through ``Searcher.solve`` on the layout directly."""
        if self.state is not None:
            return self.state.value(searcher)
        pos = layout(self.trump)
        active = sum(1 << s for s in self.seats)
        return searcher.solve(
            [to_layout(h, self.trump) for h in self.hands],
            active,
            self.leader,
            side_seats(self.side),
            [pos[c] for c in self.trick],
        )

    def describe(self) -> str:
        """Everything needed to reproduce the position by hand."""
        lines = [
            f"{self.label}: trump {SUITS[self.trump]}, declaring side "
            f"{'N-S' if self.side == 0 else 'E-W'}, playing {' '.join(SEATS[s] for s in self.seats)}, "
            f"{SEATS[self.leader]} leads the current trick"
        ]
        if self.state is not None:
            deal, c = self.state.deal, self.state.contract
            lines.append(
                f"  Deal({deal.notation()!r}); Contract(declarer={c.declarer} ({SEATS[c.declarer]}), "
                f"trump={c.trump} ({SUITS[c.trump]}), discard={card_name(c.discard)}, alone={c.alone})"
            )
            lines.append(f"  played: {' '.join(self.record) or '(nothing)'}")
        lines.append("  hands: " + "  ".join(f"{SEATS[s]} {format_hand(self.hands[s])}" for s in self.seats))
        lines.append(f"  current trick: {' '.join(card_name(c) for c in self.trick) or '(none)'}")
        return "\n".join(lines)


def play_random(rng: random.Random, state: PlayState, cards: int, record: list[str]) -> None:
    """Play ``cards`` random legal cards (legal by the oracle's rules) onto ``state``."""
    judge = Oracle(state.contract.trump, state.seats, state.contract.declarer % 2)  # N-S 0, E-W 1
    for _ in range(cards):
        led = state.trick[0] if state.trick else None
        legal = cards_of(judge.legal(state.hands[state.to_move], led))
        card = rng.choice(legal)
        record.append(card_name(card))
        state.play(card)


def whole_deal(seed: int, alone_rate: float = 0.3) -> Position:
    """A whole deal, one random trump and discard, nothing played yet."""
    rng = random.Random(seed)
    deal = random_deal(rng)
    state = PlayState(deal, random_contract(rng, deal, alone_rate))
    c = state.contract
    label = f"whole deal, seed {seed}, alone_rate {alone_rate}"  # the oracle's cache key
    return Position(label, c.trump, c.declarer % 2, state.seats, list(state.hands), state.leader, [], state)


def whole_deal_position(index: int, four_hands: bool | None = None) -> Position:
    """The whole deals of the differential test. The plain minimax needs seconds for a deal
    of four hands and a fraction of that for a lone hand (three in play), so by default one
    deal in four has four hands and the others are lone hands."""
    if four_hands is None:
        four_hands = index % 4 == 1
    return whole_deal(1000 + index, alone_rate=0.0 if four_hands else 1.0)


def played_ending(seed: int) -> Position:
    """A random deal played at random down to its last 1-4 tricks, sometimes into a trick."""
    rng = random.Random(seed)
    deal = random_deal(rng)
    state = PlayState(deal, random_contract(rng, deal))
    left = rng.randint(1, 4)
    partial = rng.randrange(len(state.seats)) if rng.random() < 0.4 else 0
    record: list[str] = []
    play_random(rng, state, (6 - left) * len(state.seats) + partial, record)
    c = state.contract
    return Position(
        f"played ending, seed {seed}",
        c.trump,
        c.declarer % 2,
        state.seats,
        list(state.hands),
        state.leader,
        list(state.trick),
        state,
        record,
    )


def dealt_ending(seed: int) -> Position:
    """An ending dealt directly: 1-4 random cards to each playing seat (four seats, three for
    a lone declarer, sometimes two), a random leader, sometimes a trick in progress."""
    rng = random.Random(seed)
    declarer = rng.randrange(4)
    roll = rng.random()
    if roll < 0.6:
        seats = (0, 1, 2, 3)
    elif roll < 0.9:  # the declarer alone: the partner is out
        seats = tuple(s for s in range(4) if s != (declarer + 2) % 4)
    else:  # a lone declarer against a lone defender
        seats = tuple(sorted((declarer, (declarer + rng.choice((1, 3))) % 4)))
    trump, side = rng.randrange(4), declarer % 2
    left = rng.randint(1, 4)
    cards = DECK[:]
    rng.shuffle(cards)
    hands = [0] * 4
    for i, s in enumerate(seats):
        hands[s] = sum(1 << c for c in cards[left * i : left * (i + 1)])
    leader = rng.choice(seats)
    judge = Oracle(trump, seats, side)
    trick: list[int] = []
    if rng.random() < 0.4:
        order = judge.order(leader)
        for seat in order[: rng.randrange(1, len(order))]:
            card = rng.choice(cards_of(judge.legal(hands[seat], trick[0] if trick else None)))
            hands[seat] &= ~(1 << card)
            trick.append(card)
    return Position(f"dealt ending, seed {seed}", trump, side, seats, hands, leader, trick)


def ending(seed: int) -> Position:
    """Half of the endings are played from a deal, half dealt directly."""
    return played_ending(seed) if seed % 2 == 0 else dealt_ending(seed)


def all_known(deal: Deal, seat: int) -> dict[str, str]:
    """Every other seat's hand, as ``known`` cards for ``seat``'s view."""
    return {SEATS[s]: format_hand(deal.hands[s]) for s in deal.variant.seats if s != seat}


def plain_deal(variant: Variant, seat: int, hand: int, extra: int | None, rng: random.Random, dealer: str) -> Deal:
    """The documented dealing: the cards the seat cannot see, in card order, shuffled by
    ``rng``, fill the other hands in seat order; then the widow is the next card (when it
    is unseen). Written here from the rule, not from the product's code."""
    seen = hand | (0 if extra is None else 1 << extra)
    unseen = cards_of(variant.deck & ~seen)
    rng.shuffle(unseen)
    hands = [0, 0, 0, 0]
    hands[seat] = hand
    for other in variant.seats:
        if other != seat:
            hands[other] = sum(1 << c for c in unseen[: variant.hand_size])
            unseen = unseen[variant.hand_size :]
    if extra is None:
        extra = unseen[0]
    text = "N:" + " ".join(format_hand(hands[s]) for s in variant.seats) + " " + str(card_name(extra))
    return Deal(text, dealer=dealer, variant=variant)
