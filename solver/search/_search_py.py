"""The double-dummy search in plain Python: the readable twin of ``_search.pyx``.

It implements ``protocol.Searcher``: the same answers as the C core, not line for line (see
``protocol.py``); it runs when the extension is absent. Positions are in the layout of
``layout.py``: a hand per seat as a mask whose blocks of ``BLOCK_BITS`` bits are the
effective suits ordered by power, trump in block ``TRUMP_BLOCK``.

The value of a position is the number of tricks the declaring seats (a mask: any seats, the
rest of the table their opponents) take from the current trick (included) to the end, found
by zero-window probes ("does the side take at least k tricks?", halving the range each
time). Alpha-beta over single cards, with
- a transposition table of lower/upper bounds at trick boundaries, keyed on relative ranks
  (each block compressed to the cards still in play), so positions that differ only in which
  cards are already gone share an entry;
- quick bounds at trick boundaries (sure trump tricks, the leader's cashable top cards);
- equivalent-card pruning: of cards adjacent in a block among the cards in play, one is tried;
- move ordering: a leader tries its winners, then its other cards, highest first; a
  follower tries the cheapest card that beats the opponents, then its lowest, and plays
  low under a partner who is winning.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .layout import (
    BLOCK_BITS,
    BLOCK_MASK,
    IDLE_HAND,
    NUM_BLOCKS,
    SHARED_CARD,
    TRUMP_BLOCK,
    key_cards,
    seating_error,
)
from .protocol import NOT_SOLVED, DealState, TableArgs, declaring_seats

TRUMP_MASK = BLOCK_MASK << (TRUMP_BLOCK * BLOCK_BITS)
BLOCK_MASKS = tuple(BLOCK_MASK << (b * BLOCK_BITS) for b in range(NUM_BLOCKS))
MAX_TABLE_ENTRIES = 1 << 21
# The twin has no limit of cards in play (the C core's table key has, key_cards) but refuses
# what the C core refuses: tests/test_search_twins.py holds the two to the same errors.


def _top_bit(mask: int) -> int:
    return mask.bit_length() - 1


def _above(mask: int, card: int) -> int:
    """The bits of ``mask`` above ``card`` in the same block."""
    return mask & BLOCK_MASKS[card // BLOCK_BITS] & ~((2 << card) - 1)


def check_seating(seats: int, active: int, declarers: int, leader: int) -> None:
    """Refuse a seating the search cannot play, as the C core refuses it."""
    error = seating_error(seats, active, declarers, leader)
    if error:
        raise ValueError(error)


def check_hand(hand: int, held: int, active: int, seat: int) -> None:
    """Refuse a seat's hand that holds a card of the hands before it (``held``), or any
    card when the seat does not play, as the C core refuses it."""
    if not 0 <= hand < 1 << 64:
        raise OverflowError("a hand is a 64-bit mask")
    if hand & held:
        raise ValueError(SHARED_CARD)
    if hand and not active >> seat & 1:
        raise ValueError(IDLE_HAND)


def checked_hands(hands: Sequence[int], seats: int, active: int) -> list[int]:
    """A position's hands at a table of ``seats``, refused as the C core refuses them."""
    if len(hands) != seats:
        raise ValueError(f"hands: every position has a mask for each of the table's {seats} seats")
    checked = [hands[seat] for seat in range(seats)]
    held = 0
    for seat, hand in enumerate(checked):
        check_hand(hand, held, active, seat)
        held |= hand
    in_play = sum(hand.bit_count() for hand in checked)
    if in_play > key_cards(seats):
        raise ValueError(f"at most {key_cards(seats)} cards may be in play, got {in_play}")
    return checked


def check_table(
    hands: Sequence[int],
    layouts: bytes,
    takers: Sequence[int],
    extra: int,
    active: int,
    leader: int,
    declarers: int,
    wanted: Sequence[int] | None = None,
) -> None:
    """Refuse a table's request as the C core refuses it."""
    stride = len(layouts) // 4
    if stride * 4 != len(layouts) or stride > 64 or not 0 <= extra < stride:
        raise ValueError("layouts: four rows, one byte per card; extra: a card of them")
    if any(bit >= 64 for bit in layouts):
        raise ValueError("layouts: a card's bit is 0-63")
    seats = len(hands)
    check_seating(seats, active, declarers, leader)
    if len(takers) != 4:
        raise ValueError("takers: a playing seat or -1 for each trump")
    total = held = 0
    for seat in range(seats):
        if not 0 <= hands[seat] < 1 << 64:
            raise OverflowError("a hand is a 64-bit mask")
        if stride < 64 and hands[seat] >> stride:
            raise ValueError(f"hands: a card beyond the {stride} of the layout")
        check_hand(hands[seat], held, active, seat)
        held |= hands[seat]
        total += hands[seat].bit_count()
    if wanted is not None and len(wanted) != 4:
        raise ValueError("wanted: a mask of the values to solve for each trump")
    for trump in range(4):
        taker = takers[trump]
        if not -1 <= taker < seats or (taker >= 0 and not active >> taker & 1):
            raise ValueError("takers: a playing seat or -1 for each trump")
        if wanted is not None and not 0 <= wanted[trump] < 1 << 64:
            raise ValueError("wanted: a mask of the values to solve for each trump")
    if total + 1 > key_cards(seats):
        raise ValueError(f"at most {key_cards(seats)} cards may be in play")


def beats(card: int, best: int) -> bool:
    if card // BLOCK_BITS == best // BLOCK_BITS:
        return card > best
    return card // BLOCK_BITS == TRUMP_BLOCK


class Searcher:
    """One search context; its table persists across solves (keys include the declaring seats)."""

    def __init__(self) -> None:
        self.table: dict[tuple[int, int, int, int, int, int], tuple[int, int]] = {}
        self.nodes = 0
        self.cards = 0

    def clear(self) -> None:
        self.table.clear()

    def solve(self, hands: Sequence[int], active: int, leader: int, declarers: int, trick: Sequence[int] = ()) -> int:
        """Tricks the ``declarers`` (a mask of seats) take from the current trick on.

        ``active`` is a bit mask of the seats that play; ``trick`` the cards already played to
        the current trick, in order from ``leader``.
        """
        declarers = declaring_seats(declarers, len(hands))
        check_seating(len(hands), active, declarers, leader)
        self._check_position(hands, active, trick)
        return self._solve(hands, active, leader, declarers, trick)

    def _check_position(self, hands: Sequence[int], active: int, trick: Sequence[int]) -> None:
        """Refuse a position (its seating checked already) as the C core refuses it."""
        checked_hands(hands, len(hands), active)
        if len(trick) >= bin(active).count("1"):
            raise ValueError("the trick must not be complete")
        if any(not 0 <= card < 64 for card in trick):
            raise ValueError("trick: a card's bit is 0-63")

    def _solve(self, hands: Sequence[int], active: int, leader: int, declarers: int, trick: Sequence[int]) -> int:
        """``solve`` of a position checked already."""
        if len(self.table) > MAX_TABLE_ENTRIES:
            self.table.clear()
        self.hands = list(hands)
        self.declarers = declarers
        self.seats = [s for s in range(len(hands)) if active >> s & 1]
        self.declaring = [bool(declarers >> s & 1) for s in range(len(hands))]  # by seat: is it a declarer?
        # the playing seats of each side: [the defenders', the declarers']
        self.sides = [[s for s in self.seats if self.declaring[s] == side] for side in (False, True)]
        n = max(self.hands[s].bit_count() for s in self.seats) + (1 if trick else 0)
        if n == 0:
            return 0
        lo, hi = 0, n
        while lo < hi:  # zero-window probes: "does the side take at least beta tricks?"
            beta = (lo + hi + 1) // 2
            if trick:
                value = self._in_trick(leader, list(trick), beta - 1, beta)
            else:
                value = self._boundary(leader, beta - 1, beta)
            if value >= beta:
                lo = value
            else:
                hi = value
        return lo

    def solve_many(self, positions: Sequence[Sequence[int]], active: int, leader: int, declarers: int) -> list[int]:
        """``solve`` for many positions at a trick boundary with the same seats, leader and
        declarers (a declarer's table); the extension runs them under one release of the GIL."""
        seats = len(positions[0]) if positions else 4
        declarers = declaring_seats(declarers, seats)
        if not positions:
            return []
        check_seating(seats, active, declarers, leader)
        for hands in positions:  # all checked before any is solved, as the C core does
            checked_hands(hands, seats, active)
        return [self._solve(hands, active, leader, declarers, ()) for hands in positions]

    def solve_table(
        self,
        hands: Sequence[int],
        layouts: bytes,
        takers: Sequence[int],
        extra: int,
        active: int,
        leader: int,
        declarers: int,
        wanted: Sequence[int] | None = None,
    ) -> bytes:
        """The positions of a table, built from real cards (see ``protocol.py``)."""
        declarers = declaring_seats(declarers, len(hands))
        check_table(hands, layouts, takers, extra, active, leader, declarers, wanted)
        stride = len(layouts) // 4
        values = []
        for trump in range(4):
            row = layouts[trump * stride : (trump + 1) * stride]
            laid = [sum(1 << row[c] for c in range(stride) if hand >> c & 1) for hand in hands]
            taker = takers[trump]
            asked = -1 if wanted is None else wanted[trump]
            if taker < 0:
                values.append(self._solve(laid, active, leader, declarers, ()) if asked & 1 else NOT_SOLVED)
                continue
            cards = hands[taker] | 1 << extra
            full = laid[taker] | 1 << row[extra]
            for j, card in enumerate(c for c in range(stride) if cards >> c & 1):
                if not asked >> j & 1:
                    values.append(NOT_SOLVED)
                    continue
                position = list(laid)
                position[taker] = full & ~(1 << row[card])
                values.append(self._solve(position, active, leader, declarers, ()))
        return bytes(values)

    def solve_positions(
        self,
        positions: Sequence[tuple[Sequence[int], int, Sequence[int]]],
        active: int,
        declarers: int,
        layout: bytes | None = None,
    ) -> list[int]:
        """``solve`` of each position ``(hands, leader, trick)`` (see ``protocol.py``), all
        checked before any is solved, as the C core does."""
        declarers = declaring_seats(declarers, len(positions[0][0]) if positions else 4)
        if layout is not None and (len(layout) > 64 or any(bit >= 64 for bit in layout)):
            raise ValueError("layout: one byte per card, each a bit of 0-63")
        checked = []
        for i, (hands, leader, trick) in enumerate(positions):
            if i == 0:
                seats = len(hands)
                check_seating(seats, active, declarers, leader)
            elif len(hands) != seats:
                raise ValueError(f"hands: every position has a mask for each of the table's {seats} seats")
            elif not 0 <= leader < seats or not active >> leader & 1:
                raise ValueError("the leader must play")
            if layout is not None:
                if any(hand >> len(layout) for hand in hands) and len(layout) < 64:
                    raise ValueError(f"hands: a card beyond the {len(layout)} of the layout")
                if any(not 0 <= card < len(layout) for card in trick):
                    raise ValueError(f"trick: a card beyond the {len(layout)} of the layout")
                hands = [sum(1 << layout[c] for c in range(len(layout)) if hand >> c & 1) for hand in hands]
                trick = [layout[c] for c in trick]
            self._check_position(hands, active, trick)
            checked.append((hands, leader, trick))
        return [self._solve(hands, active, leader, declarers, trick) for hands, leader, trick in checked]

    def solve_tables(self, tables: Sequence[TableArgs], clear_each: bool = False) -> list[bytes]:
        """``solve_table`` of each table (see ``protocol.py``)."""
        copies = []
        for table in tables:
            if len(table) not in (7, 8):
                raise ValueError("a table: solve_table's arguments, seven or eight")
            hands, layouts, takers, extra, active, leader, declarers = table[:7]
            wanted = None if len(table) == 7 or table[7] is None else list(table[7])
            # each copied as it is read and checked before any is solved, as the C core does
            declarers = declaring_seats(declarers, len(hands))
            copy = (list(hands), bytes(layouts), list(takers), extra, active, leader, declarers, wanted)
            check_table(*copy[:7], wanted)
            copies.append(copy)
        values = []
        for table in copies:
            if clear_each:
                self.clear()
            values.append(self.solve_table(*table))
        return values

    # --- trick boundaries -----------------------------------------------------------------

    def _boundary(self, leader: int, alpha: int, beta: int) -> int:
        hands = self.hands
        n = hands[leader].bit_count()
        if n == 0:
            return 0
        self.nodes += 1
        if n == 1:
            return self._last_trick(leader)
        # quick bounds first: the trumps each side is sure of
        lo, hi = self._sure_trump_tricks(True), n - self._sure_trump_tricks(False)
        if lo >= beta or lo == hi:
            return lo
        if hi <= alpha:
            return hi
        key = self._key(leader)
        if key in self.table:
            known_lo, known_hi = self.table[key]
            lo, hi = max(lo, known_lo), min(hi, known_hi)
        else:
            # the leader's cashable winners, worth computing only where the table knew nothing
            cash = self._cashable(leader, n)
            if self.declaring[leader]:
                lo = max(lo, cash)
            else:
                hi = min(hi, n - cash)
        if lo >= beta or lo == hi:
            return lo
        if hi <= alpha:
            return hi
        a, b = max(alpha, lo), min(beta, hi)
        value = self._in_trick(leader, [], a, b)
        if value <= a:
            hi = value
        elif value >= b:
            lo = value
        else:
            lo = hi = value
        self.table[key] = (lo, hi)
        return value

    def _last_trick(self, leader: int) -> int:
        order = self._order(leader)
        cards = [self.hands[s].bit_length() - 1 for s in order]
        win = 0
        for i in range(1, len(cards)):
            if beats(cards[i], cards[win]):
                win = i
        return 1 if self.declaring[order[win]] else 0

    def _key(self, leader: int) -> tuple[int, int, int, int, int, int]:
        """The position in relative ranks: per block, the owner (its seat) of each card in
        play, as three masks, one per bit of the seat's number."""
        hands = self.hands
        in_play = odd = upper = wide = 0
        for seat in self.seats:
            hand = hands[seat]
            in_play |= hand
            if seat & 1:
                odd |= hand
            if seat & 2:
                upper |= hand
            if seat & 4:
                wide |= hand
        occupied = first = second = third = 0
        for block in range(NUM_BLOCKS):
            rest = in_play & BLOCK_MASKS[block]
            index = block * BLOCK_BITS
            while rest:
                card = _top_bit(rest & -rest)
                rest &= rest - 1
                occupied |= 1 << index
                first |= (odd >> card & 1) << index
                second |= (upper >> card & 1) << index
                if wide:
                    third |= (wide >> card & 1) << index
                index += 1
        return (leader, self.declarers, occupied, first, second, third)

    def _sure_trump_tricks(self, declaring: bool) -> int:
        """Each trump above all the other side's wins a trick for the declaring side (or the
        other), one per trick."""
        hands = self.hands
        theirs = 0
        for s in self.sides[not declaring]:
            theirs |= hands[s]
        top = _top_bit(theirs & TRUMP_MASK)
        above = TRUMP_MASK & ~((2 << top) - 1) if top >= 0 else TRUMP_MASK
        return max([(hands[s] & above).bit_count() for s in self.sides[declaring]], default=0)

    def _cashable(self, leader: int, n: int) -> int:
        """Top trumps the leader can cash, then top plain cards that nobody can ruff."""
        hands = self.hands
        hand = hands[leader]
        others = 0
        for s in self.seats:
            if s != leader:
                others |= hands[s]
        top_other = _top_bit(others & TRUMP_MASK)
        trumps_drawn = (
            (hand & TRUMP_MASK & ~((2 << top_other) - 1)).bit_count()
            if top_other >= 0
            else (hand & TRUMP_MASK).bit_count()
        )
        side = self.declaring[leader]
        for s in self.sides[side]:  # a partner with trumps left over
            if s != leader and (hands[s] & TRUMP_MASK).bit_count() > trumps_drawn:
                return min(trumps_drawn, n)
        ruffers = [s for s in self.sides[not side] if (hands[s] & TRUMP_MASK).bit_count() > trumps_drawn]
        tricks = trumps_drawn
        for block in range(NUM_BLOCKS):
            if block == TRUMP_BLOCK:
                continue
            mine = hand & BLOCK_MASKS[block]
            if not mine:
                continue
            top_other = _top_bit(others & BLOCK_MASKS[block])
            run = (mine & ~((2 << top_other) - 1)).bit_count() if top_other >= 0 else mine.bit_count()
            for s in ruffers:
                run = min(run, (hands[s] & BLOCK_MASKS[block]).bit_count())
            tricks += run
        return min(tricks, n)

    # --- inside a trick -------------------------------------------------------------------

    def _order(self, leader: int) -> list[int]:
        seats = self.seats
        i = seats.index(leader)
        return seats[i:] + seats[:i]

    def _in_trick(self, leader: int, trick: list[int], alpha: int, beta: int) -> int:
        order = self._order(leader)
        if len(trick) == len(order):
            win = 0
            for i in range(1, len(trick)):
                if beats(trick[i], trick[win]):
                    win = i
            winner = order[win]
            won = 1 if self.declaring[winner] else 0
            return won + self._boundary(winner, alpha - won, beta - won)
        seat = order[len(trick)]
        maximizing = self.declaring[seat]
        best = -1 if maximizing else 64
        hands = self.hands
        for card in self._moves(seat, order, trick):
            bit = 1 << card
            hands[seat] ^= bit
            self.cards += 1
            trick.append(card)
            value = self._in_trick(leader, trick, alpha, beta)
            trick.pop()
            hands[seat] ^= bit
            if maximizing:
                if value > best:
                    best = value
                    alpha = max(alpha, value)
            elif value < best:
                best = value
                beta = min(beta, value)
            if alpha >= beta:
                break
        return best

    def _moves(self, seat: int, order: list[int], trick: list[int]) -> list[int]:
        """The legal cards, one per run of equivalent cards, best-looking first."""
        hands = self.hands
        hand = hands[seat]
        legal = hand
        if trick:
            follow = hand & BLOCK_MASKS[trick[0] // BLOCK_BITS]
            if follow:
                legal = follow
        in_play = sum(hands)  # the hands hold no card in common: their sum is their union
        for card in trick:
            in_play |= 1 << card
        candidates = []
        rest = legal
        while rest:
            card = _top_bit(rest & -rest)
            rest &= rest - 1
            below = in_play & BLOCK_MASKS[card // BLOCK_BITS] & ((1 << card) - 1)
            if below and hand >> _top_bit(below) & 1:
                continue  # the card just below is ours: the same run, already a candidate
            candidates.append(card)
        if len(candidates) > 1:
            candidates.sort(key=lambda c: -self._score(c, seat, order, trick, in_play))
        return candidates

    def _score(self, card: int, seat: int, order: list[int], trick: list[int], in_play: int) -> int:
        """Move-ordering heuristic: higher is tried first."""
        power = card % BLOCK_BITS + (BLOCK_BITS if card // BLOCK_BITS == TRUMP_BLOCK else 0)
        if not trick:
            if not _above(in_play & ~self.hands[seat], card):
                return 100 + power  # a winner, unless ruffed
            return 50 + power
        win = 0
        for i in range(1, len(trick)):
            if beats(trick[i], trick[win]):
                win = i
        if self.declaring[order[win]] == self.declaring[seat]:
            return 10 - power if beats(card, trick[win]) else 50 - power  # the partner wins: low
        if beats(card, trick[win]):
            return 100 - power  # the cheapest winner
        return 50 - power


def deal_layouts(
    seeds: Sequence[str],
    fixed: Sequence[int],
    groups: Sequence[Sequence[int]],
    states: Sequence[DealState],
    draw: bool = True,
) -> list[list[int]]:
    """The layout each seed deals (see ``protocol.py``), through the random module itself."""
    if groups and not states:
        raise ValueError("deal_layouts: no state to deal the groups from")
    for ways, rows in states:  # refused as the C core refuses it
        if ways < 1 or not rows:
            raise ValueError("deal_layouts: a state has its layouts (at least 1) and a row for each way")
        if any(len(counts) != len(fixed) or not -1 <= following < len(states) for counts, _, following in rows):
            raise ValueError("deal_layouts: a row is a count per place, its weight and a state")
    out = []
    for seed in seeds:
        rng = random.Random(seed)
        held = list(fixed)
        state = 0
        for cards in groups:
            if state < 0:
                raise ValueError("deal_layouts: a row gives out other than its group's cards, or ends too soon")
            ways, rows = states[state]
            r = 0
            if draw:
                pick = rng.randrange(ways)
                while pick >= rows[r][1]:  # the first way whose running total passes the draw
                    pick -= rows[r][1]
                    r += 1
            counts, _, following = rows[r]
            shuffled = list(cards)
            rng.shuffle(shuffled)
            at = 0
            if sum(counts) > len(shuffled):
                raise ValueError("deal_layouts: a row gives out other than its group's cards, or ends too soon")
            for place, count in enumerate(counts):
                for card in shuffled[at : at + count]:
                    held[place] |= 1 << card
                at += count
            state = following
        out.append(held)
    return out
