"""A toy game no product plays, through both search cores: five (or six) seats, a 52-card
deck of four 13-rank suits, and sides of any seats (the declarer with a partner or alone
against the rest, as in Napoleon).

The search knows nothing of the product's games: it takes the hands, the seats that play,
the declaring seats as a mask, and a layout that places each card of the game's deck in
its suit's block by rank. So the toy defines its own deck, layout and rules here, and its
tables (a value per trump, or one per card the declarer puts away after taking the widow)
must equal a plain minimax over the toy's own cards, written below from its rules alone.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from compiled import extension_searcher_class

from hasen.search._search_py import Searcher as Twin
from hasen.search.protocol import Seats

RANKS = "23456789TJQKA"  # low to high
SUITS = "SHDC"
DECK = len(SUITS) * len(RANKS)  # card = suit * 13 + rank
BLOCK_BITS = 16  # the search's layout: a block of 16 bits per suit, trump in the last


def suit_of(card: int) -> int:
    return card // len(RANKS)


def rank_of(card: int) -> int:
    return card % len(RANKS)


def layout_row(trump: int) -> bytes:
    """Each card's bit in the search's layout under ``trump``: its suit's block (trump the
    last, the others in suit order), its rank within it."""
    plain = [s for s in range(len(SUITS)) if s != trump]
    blocks = {s: plain.index(s) for s in plain} | {trump: len(SUITS) - 1}
    return bytes(blocks[suit_of(c)] * BLOCK_BITS + rank_of(c) for c in range(DECK))


LAYOUTS = b"".join(layout_row(trump) for trump in range(len(SUITS)))


class ToyMinimax:
    """Every legal card at every turn: follow the led suit if you can; the highest trump
    wins the trick, else the highest card of the led suit. Memoised at trick boundaries."""

    def __init__(self, seats: int, trump: int, declarers: int) -> None:
        self.seats, self.trump, self.declarers = seats, trump, declarers
        self.memo: dict[tuple[tuple[int, ...], int], int] = {}

    def value(self, hands: Sequence[int], leader: int) -> int:
        """Tricks the declaring seats take from this trick boundary to the end."""
        hands = list(hands)
        if not hands[leader]:
            return 0
        key = (tuple(hands), leader)
        if key not in self.memo:
            self.memo[key] = self.trick(hands, leader, [])
        return self.memo[key]

    def trick(self, hands: list[int], leader: int, played: list[int]) -> int:
        seat = (leader + len(played)) % self.seats
        if len(played) == self.seats:
            winner = (leader + played.index(max(played, key=lambda c: self.strength(c, played[0])))) % self.seats
            return (self.declarers >> winner & 1) + self.value(hands, winner)
        hand = hands[seat]
        same_suit = [c for c in range(DECK) if hand >> c & 1 and played and suit_of(c) == suit_of(played[0])]
        legal = same_suit or [c for c in range(DECK) if hand >> c & 1]
        values = []
        for card in legal:
            hands[seat] = hand & ~(1 << card)
            values.append(self.trick(hands, leader, [*played, card]))
            hands[seat] = hand
        return max(values) if self.declarers >> seat & 1 else min(values)

    def strength(self, card: int, led: int) -> int:
        if suit_of(card) == self.trump:
            return 100 + rank_of(card)
        return rank_of(card) if suit_of(card) == suit_of(led) else -1


def toy_deal(rng: random.Random, seats: int, size: int) -> tuple[list[int], int]:
    """Hands of ``size`` cards for each seat, and the widow card."""
    cards = rng.sample(range(DECK), seats * size + 1)
    hands = [sum(1 << c for c in cards[s * size : (s + 1) * size]) for s in range(seats)]
    return hands, cards[-1]


def oracle_table(hands: list[int], widow: int, seats: int, leader: int, declarers: int, taker: int) -> bytes:
    """The table by the minimax: per trump, a value for each card the taker (-1: nobody)
    may put away after taking the widow, in card order."""
    values = []
    for trump in range(len(SUITS)):
        judge = ToyMinimax(seats, trump, declarers)
        if taker < 0:
            values.append(judge.value(hands, leader))
            continue
        full = hands[taker] | 1 << widow
        for card in (c for c in range(DECK) if full >> c & 1):
            after = list(hands)
            after[taker] = full & ~(1 << card)
            values.append(judge.value(after, leader))
    return bytes(values)


CORES = {"C core": extension_searcher_class, "twin": lambda: Twin}
# seats at the table, cards each: within the search's wide table key (17 cards in play)
TABLES = [(5, 3), (6, 2), (5, 2)]


@pytest.mark.parametrize("core", sorted(CORES))
@pytest.mark.parametrize(("seats", "size"), TABLES)
def test_a_five_seat_table_from_either_core_is_the_minimax(core: str, seats: int, size: int) -> None:
    """Random deals, leaders and declaring seats (alone, with one partner, or any mask),
    with and without a widow taken by the declarer: one searcher for all of them, so that
    its table holds positions of many seatings at once."""
    searcher = CORES[core]()()
    rng = random.Random(seats * 100 + size)
    everyone = (1 << seats) - 1
    for _ in range(12):
        hands, widow = toy_deal(rng, seats, size)
        declarer, leader = rng.randrange(seats), rng.randrange(seats)
        declarers = Seats(
            rng.choice([1 << declarer, 1 << declarer | 1 << rng.randrange(seats), rng.randrange(1, everyone)])
        )
        taker = rng.choice([-1, declarer])
        request = (hands, LAYOUTS, [taker] * 4, widow, everyone, leader, declarers)
        expected = oracle_table(hands, widow, seats, leader, declarers, taker)
        assert searcher.solve_table(*request) == expected, request
        assert searcher.solve_tables([request]) == [expected]


@pytest.mark.parametrize("core", sorted(CORES))
def test_tricks_in_progress_at_five_seats_are_the_minimax(core: str) -> None:
    """solve with cards already played to the trick: the search replays them (who leads,
    who wins so far) for five seats as for four."""
    searcher = CORES[core]()()
    rng = random.Random(7)
    for _ in range(15):
        hands, _ = toy_deal(rng, 5, 3)
        trump, leader, declarers = rng.randrange(4), rng.randrange(5), Seats(rng.randrange(1, 32))
        row = layout_row(trump)
        judge = ToyMinimax(5, trump, declarers)
        played: list[int] = []
        for turn in range(rng.randrange(1, 5)):  # a legal start of the first trick
            seat = (leader + turn) % 5
            cards = [c for c in range(DECK) if hands[seat] >> c & 1]
            follow = [c for c in cards if played and suit_of(c) == suit_of(played[0])]
            card = rng.choice(follow or cards)
            hands[seat] &= ~(1 << card)
            played.append(card)
        expected = judge.trick(list(hands), leader, list(played))
        laid = [sum(1 << row[c] for c in range(DECK) if hand >> c & 1) for hand in hands]
        assert searcher.solve(laid, 31, leader, declarers, [row[c] for c in played]) == expected


def test_a_wide_table_and_a_four_seat_one_share_a_searcher() -> None:
    """The same cards at a table of four and of five seats are different positions: each
    kind of table key is its own, so a searcher moving between them answers both right."""
    searcher = extension_searcher_class()()
    rng = random.Random(3)
    for _ in range(10):
        hands, widow = toy_deal(rng, 5, 3)
        four = [*hands[:4]]
        expected_five = oracle_table(hands, widow, 5, 0, 0b00101, -1)
        expected_four = oracle_table(four, widow, 4, 0, 0b0101, -1)
        assert searcher.solve_table(hands, LAYOUTS, [-1] * 4, widow, 31, 0, 0b00101) == expected_five
        assert searcher.solve_table(four, LAYOUTS, [-1] * 4, widow, 15, 0, 0b0101) == expected_four


@pytest.mark.parametrize("core", sorted(CORES))
def test_seats_four_apart_are_told_apart(core: str) -> None:
    """North's cards and the fifth seat's swapped are another position: a table key that
    kept two bits of the owner's seat (enough at four seats) would take one for the other.
    Each deal is solved, then solved swapped, by one searcher, on deals where the two differ."""
    searcher = CORES[core]()()
    rng = random.Random(11)
    checked = 0
    while checked < 8:
        hands, widow = toy_deal(rng, 5, 3)
        swapped = [hands[4], *hands[1:4], hands[0]]
        tables = [oracle_table(h, widow, 5, 1, 0b00101, -1) for h in (hands, swapped)]
        if tables[0] == tables[1]:
            continue
        checked += 1
        for h, expected in zip((hands, swapped), tables):
            assert searcher.solve_table(h, LAYOUTS, [-1] * 4, widow, 31, 1, 0b00101) == expected


BAD_SEATINGS = {  # solve's hands, active, leader, declarers
    "nine seats": ([1] * 9, 1, 0, Seats(1)),
    "one seat": ([1], 1, 0, Seats(1)),
    "a player beyond the table": ([1, 2, 4, 8, 16], 1 << 5 | 1, 0, Seats(1)),
    "a declarer beyond the table": ([1, 2, 4, 8, 16], 31, 0, 1 << 5),
    "a leader beyond the table": ([1, 2, 4, 8, 16], 31, 6, Seats(1)),
    "more cards than a wide key holds": ([(1 << 18) - 1, 0, 0, 0, 0], 31, 0, Seats(1)),
}


@pytest.mark.parametrize("case", sorted(BAD_SEATINGS))
def test_both_cores_refuse_a_seating_they_cannot_search_alike(case: str) -> None:
    messages = []
    for make in (extension_searcher_class(), Twin):
        with pytest.raises(ValueError) as error:
            make().solve(*BAD_SEATINGS[case])
        messages.append(str(error.value))
    assert messages[0] == messages[1]
