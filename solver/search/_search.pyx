# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The double-dummy search in C: it implements ``protocol.Searcher`` with the same answers as
``_search_py.py`` (not line for line; see ``protocol.py``).

See the twin for what the search does. Here positions live in one C struct, the table is a
fixed array of 16-byte entries (always replaced on collision), and ``solve`` runs without
the GIL so that threads search in parallel.
"""

from libc.stdint cimport uint8_t, uint32_t, uint64_t
from libc.stdlib cimport calloc, free, malloc
from libc.string cimport memcpy, memset

from .layout import BLOCK_BITS as _BLOCK_BITS, NUM_BLOCKS as _NUM_BLOCKS, TRUMP_BLOCK as _TRUMP_BLOCK
from ..core.seats import NUM_SEATS as _NUM_SEATS

cdef extern from *:
    int count_leading_zeros "__builtin_clzll"(unsigned long long) nogil

# Filled from solver.search.layout at import so that no constant is written twice.
cdef int BLOCK_BITS = _BLOCK_BITS
# a shift, not a division: a runtime divisor would compile to a slow divide
cdef int BLOCK_SHIFT = _BLOCK_BITS.bit_length() - 1
assert 1 << BLOCK_SHIFT == BLOCK_BITS, "BLOCK_BITS must be a power of two"
cdef int TRUMP_BLOCK = _TRUMP_BLOCK
cdef int NUM_SEATS = _NUM_SEATS
cdef int NUM_BLOCKS = _NUM_BLOCKS
cdef uint64_t BLOCK_MASK = (1 << _BLOCK_BITS) - 1
cdef uint64_t TRUMP_MASK = ((1 << _BLOCK_BITS) - 1) << (_TRUMP_BLOCK * _BLOCK_BITS)
assert _NUM_BLOCKS == 4 and _NUM_SEATS == 4, "the C arrays below hold four blocks and four seats"
cdef uint64_t BLOCK_MASKS[4]
for _b in range(NUM_BLOCKS):
    BLOCK_MASKS[_b] = ((1 << _BLOCK_BITS) - 1) << (_b * _BLOCK_BITS)

# The table key packs every card in play (at most KEY_CARDS of them) as a 2-bit owner.
DEF KEY_CARDS = 28
DEF MAX_MOVES = 16


cdef struct Entry:
    uint64_t owners     # owner bits, leader and side; see make_key
    uint32_t lengths    # cards in play per block, 4 bits each, and a used flag
    uint8_t lower
    uint8_t upper


cdef struct State:
    uint64_t hands[4]
    int active[4]       # 1 if the seat plays
    int next_seat[4]    # the next seat that plays, clockwise
    int nseats
    int side
    uint64_t nodes
    uint64_t cards
    Entry* table
    uint64_t table_mask
    int table_shift


cdef inline int popcount(uint64_t x) noexcept nogil:
    """Portable SWAR popcount: without -mpopcnt the builtin is a library call."""
    x = x - ((x >> 1) & 0x5555555555555555ULL)
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL)
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL
    return <int>((x * 0x0101010101010101ULL) >> 56)


cdef inline int top_bit(uint64_t mask) noexcept nogil:
    return 63 - count_leading_zeros(mask)


cdef inline uint64_t above_bits(int card) noexcept nogil:
    """Every bit above ``card`` (any block)."""
    return ~((<uint64_t>2 << card) - 1) if card < 63 else 0


cdef inline uint64_t below_bits(int card) noexcept nogil:
    return (<uint64_t>1 << card) - 1


cdef inline int beats(int card, int best) noexcept nogil:
    if card >> BLOCK_SHIFT == best >> BLOCK_SHIFT:
        return card > best
    return card >> BLOCK_SHIFT == TRUMP_BLOCK


cdef inline int side_of(int seat) noexcept nogil:
    return seat & 1


# --- trick boundaries -------------------------------------------------------------------------

cdef int last_trick(State* s, int leader) noexcept nogil:
    cdef int seat = leader, win_seat = leader
    cdef int win = top_bit(s.hands[leader])
    cdef int card, i
    for i in range(s.nseats - 1):
        seat = s.next_seat[seat]
        card = top_bit(s.hands[seat])
        if beats(card, win):
            win = card
            win_seat = seat
    return 1 if side_of(win_seat) == s.side else 0


# PACK[mask][value]: the bits of ``value`` at the set positions of ``mask``, packed low;
# make_key squeezes out the cards no longer in play a byte at a time with it.
cdef uint8_t PACK[256][256]
cdef uint8_t BYTE_COUNT[256]


cdef void fill_pack_tables() noexcept nogil:
    """Each mask's row from the row of the mask less its top bit: one step an entry."""
    cdef int mask, value, top, rest
    for value in range(256):
        PACK[0][value] = 0
    BYTE_COUNT[0] = 0
    for mask in range(1, 256):
        top = top_bit(mask)
        rest = mask ^ (1 << top)
        BYTE_COUNT[mask] = BYTE_COUNT[rest] + 1
        for value in range(256):
            PACK[mask][value] = PACK[rest][value] | (((value >> top) & 1) << BYTE_COUNT[rest])


fill_pack_tables()
assert BLOCK_BITS == 16, "make_key reads each block as two bytes"


cdef inline void make_key(State* s, int leader, uint64_t* owners, uint32_t* lengths) noexcept nogil:
    """The position in relative ranks: per block, the owners of the cards in play."""
    cdef uint64_t in_play = s.hands[0] | s.hands[1] | s.hands[2] | s.hands[3]
    cdef uint64_t odd = s.hands[1] | s.hands[3], upper = s.hands[2] | s.hands[3]  # seat bits
    cdef uint64_t low = 0, high = 0
    cdef uint32_t lens = 0
    cdef int byte, shift, index = 0, mask, count, start = 0
    for byte in range(2 * NUM_BLOCKS):  # BLOCK_BITS is two bytes
        shift = 8 * byte
        mask = (in_play >> shift) & 0xFF
        if mask:
            low |= <uint64_t>PACK[mask][(odd >> shift) & 0xFF] << index
            high |= <uint64_t>PACK[mask][(upper >> shift) & 0xFF] << index
            index += BYTE_COUNT[mask]
        if byte & 1:
            lens |= <uint32_t>(index - start) << (2 * (byte - 1))
            start = index
    owners[0] = low | (high << KEY_CARDS) | (<uint64_t>leader << (2 * KEY_CARDS)) \
        | (<uint64_t>s.side << (2 * KEY_CARDS + 2))
    lengths[0] = lens | (<uint32_t>1 << 16)


cdef inline int sure_trump_tricks(State* s, int side) noexcept nogil:
    """Each trump above all the opponents' wins a trick for its side, one per trick.

    Seats that do not play hold no cards, so they need no test here.
    """
    cdef uint64_t theirs = (s.hands[1 - side] | s.hands[3 - side]) & TRUMP_MASK
    cdef uint64_t above = TRUMP_MASK & above_bits(top_bit(theirs)) if theirs else TRUMP_MASK
    cdef int first = popcount(s.hands[side] & above), second = popcount(s.hands[side + 2] & above)
    return first if first > second else second


cdef int cashable(State* s, int leader, int n) noexcept nogil:
    """Top trumps the leader can cash, then top plain cards that nobody can ruff."""
    cdef uint64_t hand = s.hands[leader], mine, other_block
    cdef uint64_t others = (s.hands[0] | s.hands[1] | s.hands[2] | s.hands[3]) & ~hand
    cdef int block, run, tricks, drawn, length
    cdef int left = leader ^ 1, right = leader ^ 3  # the opponents (idle seats hold nothing)
    if others & TRUMP_MASK:
        drawn = popcount(hand & TRUMP_MASK & above_bits(top_bit(others & TRUMP_MASK)))
    else:
        drawn = popcount(hand & TRUMP_MASK)
    if popcount(s.hands[leader ^ 2] & TRUMP_MASK) > drawn:
        return drawn if drawn < n else n
    cdef int left_ruffs = popcount(s.hands[left] & TRUMP_MASK) > drawn
    cdef int right_ruffs = popcount(s.hands[right] & TRUMP_MASK) > drawn
    tricks = drawn
    for block in range(NUM_BLOCKS):
        if block == TRUMP_BLOCK:
            continue
        mine = hand & BLOCK_MASKS[block]
        if not mine:
            continue
        other_block = others & BLOCK_MASKS[block]
        run = popcount(mine & above_bits(top_bit(other_block))) if other_block else popcount(mine)
        if left_ruffs:
            length = popcount(s.hands[left] & BLOCK_MASKS[block])
            run = length if length < run else run
        if right_ruffs:
            length = popcount(s.hands[right] & BLOCK_MASKS[block])
            run = length if length < run else run
        tricks += run
    return tricks if tricks < n else n


cdef int boundary(State* s, int leader, int alpha, int beta) noexcept nogil:
    cdef int n = popcount(s.hands[leader])
    cdef int lo, hi, a, b, value, sure_lead, sure_other, cash
    cdef uint64_t owners
    cdef uint32_t lengths
    cdef Entry* entry
    if n == 0:
        return 0
    s.nodes += 1
    if n == 1:
        return last_trick(s, leader)
    # quick bounds first: the trumps each side is sure of
    sure_lead = sure_trump_tricks(s, side_of(leader))
    sure_other = sure_trump_tricks(s, 1 - side_of(leader))
    if side_of(leader) == s.side:
        lo, hi = sure_lead, n - sure_other
    else:
        lo, hi = sure_other, n - sure_lead
    if lo >= beta or lo == hi:
        return lo
    if hi <= alpha:
        return hi
    make_key(s, leader, &owners, &lengths)
    entry = &s.table[((owners * 0x9E3779B97F4A7C15ULL) ^ (lengths * 0xC2B2AE3D27D4EB4FULL)) >> s.table_shift]
    if entry.owners == owners and entry.lengths == lengths:
        lo, hi = max(lo, entry.lower), min(hi, entry.upper)
        if lo >= beta or lo == hi:
            return lo
        if hi <= alpha:
            return hi
    else:
        # the leader's cashable winners, worth computing only where the table knew nothing
        cash = cashable(s, leader, n)
        if side_of(leader) == s.side:
            lo = max(lo, cash)
        else:
            hi = min(hi, n - cash)
        if lo >= beta or lo == hi:
            return lo
        if hi <= alpha:
            return hi
    a, b = max(alpha, lo), min(beta, hi)
    value = in_trick(s, 0, leader, 0, s.hands[0] | s.hands[1] | s.hands[2] | s.hands[3], 0, leader, a, b)
    if value <= a:
        hi = value
    elif value >= b:
        lo = value
    else:
        lo = hi = value
    entry.owners, entry.lengths = owners, lengths
    entry.lower, entry.upper = lo, hi
    return value


# --- inside a trick ---------------------------------------------------------------------------

cdef inline int can_beat(State* s, int seat, int card, int lead_card) noexcept nogil:
    """Can ``seat`` play a card that beats ``card`` in a trick led by ``lead_card``?"""
    cdef uint64_t hand = s.hands[seat], follow = hand & BLOCK_MASKS[lead_card >> BLOCK_SHIFT]
    cdef int block = card >> BLOCK_SHIFT
    if follow:
        hand = follow
    if hand & BLOCK_MASKS[block] & above_bits(card):
        return 1
    return block != TRUMP_BLOCK and (hand & TRUMP_MASK) != 0


cdef int score(State* s, int card, int seat, int ntrick, int win_card, int win_seat,
               uint64_t in_play) noexcept nogil:
    """Move-ordering heuristic: higher is tried first (the twin's ``_score``)."""
    cdef int power = (card & (BLOCK_BITS - 1)) + (BLOCK_BITS if card >> BLOCK_SHIFT == TRUMP_BLOCK else 0)
    if ntrick == 0:
        if not (in_play & ~s.hands[seat] & BLOCK_MASKS[card >> BLOCK_SHIFT] & above_bits(card)):
            return 100 + power  # a winner, unless ruffed
        return 50 + power
    if side_of(win_seat) == side_of(seat):
        return 10 - power if beats(card, win_card) else 50 - power  # the partner wins: low
    if beats(card, win_card):
        return 100 - power  # the cheapest winner
    return 50 - power


cdef inline int add_runs(int* moves, int n_moves, uint64_t cards, uint64_t hand, uint64_t in_play) noexcept nogil:
    """Append ``cards`` in ascending order, one per run of equivalent cards (its lowest)."""
    cdef int card
    cdef uint64_t below
    while cards:
        card = top_bit(cards & (~cards + 1))
        cards &= cards - 1
        below = in_play & BLOCK_MASKS[card >> BLOCK_SHIFT] & below_bits(card)
        if not (below and (hand >> top_bit(below)) & 1):
            moves[n_moves] = card
            n_moves += 1
    return n_moves


cdef int in_trick(State* s, int ntrick, int seat, int lead_card, uint64_t in_play,
                  int win_card, int win_seat, int alpha, int beta) noexcept nogil:
    """Value with ``ntrick`` cards of the current trick played and ``seat`` to move.

    ``lead_card`` is the trick's first card and ``in_play`` the cards in play when it
    began (the hands and the trick's cards so far): parameters, not state, since deeper
    tricks reuse the state while this one is open.
    """
    cdef int won, i, j, card, n_moves = 0, value, best, maximizing, new_win, new_seat, key
    cdef int moves[MAX_MOVES]
    cdef int scores[MAX_MOVES]
    cdef uint64_t hand, legal, rest, below, bit, winners
    hand = s.hands[seat]
    legal = hand & BLOCK_MASKS[lead_card >> BLOCK_SHIFT] if ntrick else 0
    if legal:
        # following suit: every card is in one block, so the scores below reduce to
        # "cheapest winner first" (or "low first" when the partner wins), in card order
        winners = 0
        if win_card >> BLOCK_SHIFT == lead_card >> BLOCK_SHIFT:
            winners = legal & above_bits(win_card)
        if side_of(win_seat) == side_of(seat):
            n_moves = add_runs(moves, n_moves, legal & ~winners, hand, in_play)
            n_moves = add_runs(moves, n_moves, winners, hand, in_play)
        else:
            n_moves = add_runs(moves, n_moves, winners, hand, in_play)
            n_moves = add_runs(moves, n_moves, legal & ~winners, hand, in_play)
    else:
        # leading or void: one card per run of equivalent cards, stable-sorted by score
        rest = hand
        while rest:
            card = top_bit(rest & (~rest + 1))
            rest &= rest - 1
            below = in_play & BLOCK_MASKS[card >> BLOCK_SHIFT] & below_bits(card)
            if below and (hand >> top_bit(below)) & 1:
                continue
            key = score(s, card, seat, ntrick, win_card, win_seat, in_play)
            j = n_moves
            while j > 0 and scores[j - 1] < key:
                moves[j] = moves[j - 1]
                scores[j] = scores[j - 1]
                j -= 1
            moves[j] = card
            scores[j] = key
            n_moves += 1
    maximizing = side_of(seat) == s.side
    best = -1 if maximizing else 1000
    for i in range(n_moves):
        card = moves[i]
        bit = <uint64_t>1 << card
        if ntrick == 0 or beats(card, win_card):
            new_win, new_seat = card, seat
        else:
            new_win, new_seat = win_card, win_seat
        s.hands[seat] ^= bit
        s.cards += 1
        if ntrick + 1 == s.nseats:  # the trick is complete: straight to the next boundary
            won = 1 if side_of(new_seat) == s.side else 0
            value = won + boundary(s, new_seat, alpha - won, beta - won)
        else:
            value = in_trick(s, ntrick + 1, s.next_seat[seat], card if ntrick == 0 else lead_card,
                             in_play, new_win, new_seat, alpha, beta)
        s.hands[seat] ^= bit
        if maximizing:
            if value > best:
                best = value
                if value > alpha:
                    alpha = value
        elif value < best:
            best = value
            if value < beta:
                beta = value
        if alpha >= beta:
            break
    return best


cdef class Searcher:
    """One search context; its table persists across solves (keys include the side)."""

    cdef State state

    def __cinit__(self, int table_bits=18):
        if not 8 <= table_bits <= 30:
            raise ValueError(f"table_bits must be 8..30, got {table_bits}")
        memset(&self.state, 0, sizeof(State))
        self.state.table = <Entry*>calloc(<size_t>1 << table_bits, sizeof(Entry))
        if self.state.table == NULL:
            raise MemoryError(f"no memory for a table of 2**{table_bits} entries")
        self.state.table_mask = (<uint64_t>1 << table_bits) - 1
        self.state.table_shift = 64 - table_bits

    def __dealloc__(self):
        free(self.state.table)

    @property
    def nodes(self) -> int:
        """Trick boundaries visited since the searcher was made."""
        return self.state.nodes

    @nodes.setter
    def nodes(self, value: int) -> None:
        self.state.nodes = value

    @property
    def cards(self) -> int:
        """Cards played in the search since the searcher was made."""
        return self.state.cards

    @cards.setter
    def cards(self, value: int) -> None:
        self.state.cards = value

    def clear(self) -> None:
        memset(self.state.table, 0, (self.state.table_mask + 1) * sizeof(Entry))

    cdef void set_seats(self, int active, int side):
        """The seats that play, their order, and the side whose tricks are counted."""
        cdef State* s = &self.state
        cdef int seat
        s.nseats = 0
        for seat in range(NUM_SEATS):
            s.active[seat] = (active >> seat) & 1
            s.nseats += s.active[seat]
        for seat in range(NUM_SEATS):
            s.next_seat[seat] = (seat + 1) % NUM_SEATS
            while s.nseats and not s.active[s.next_seat[seat]]:
                s.next_seat[seat] = (s.next_seat[seat] + 1) % NUM_SEATS
        s.side = side

    cdef void load_hands(self, hands, uint64_t* out, int leader) except *:
        """Check one position's hands (at a trick boundary) and copy them to ``out``."""
        cdef int seat, in_play = 0
        if not self.state.active[leader]:
            raise ValueError("the leader must play")
        for seat in range(NUM_SEATS):
            out[seat] = hands[seat]
            in_play += popcount(out[seat])
        if in_play > KEY_CARDS:
            raise ValueError(f"at most {KEY_CARDS} cards may be in play, got {in_play}")

    def solve(self, hands, int active, int leader, int side, trick=()) -> int:
        """Tricks ``side`` (0 N-S, 1 E-W) takes from the current trick on.

        ``active`` is a bit mask of the seats that play; ``trick`` the cards already played to
        the current trick, in order from ``leader``.
        """
        cdef State* s = &self.state
        cdef int seat, i, ntrick = len(trick), win_card = 0, win_seat = leader
        cdef int value, card, lead_card = 0
        cdef uint64_t played = 0
        self.set_seats(active, side)
        self.load_hands(hands, s.hands, leader)
        if ntrick >= s.nseats:
            raise ValueError("the trick must not be complete")
        seat = leader
        for i in range(ntrick):
            card = trick[i]
            played |= <uint64_t>1 << card
            if i == 0:
                lead_card = card
            if i == 0 or beats(card, win_card):
                win_card, win_seat = card, seat
            seat = s.next_seat[seat]
        with nogil:
            value = probe(s, leader, ntrick, seat, lead_card, played, win_card, win_seat)
        return value

    def solve_many(self, positions, int active, int leader, int side) -> list:
        """``solve`` for many positions at a trick boundary with the same seats, leader and
        side (a declarer's table), under one release of the GIL."""
        cdef State* s = &self.state
        cdef Py_ssize_t i, count = len(positions)
        cdef uint64_t* hands = <uint64_t*>malloc(max(count, 1) * NUM_SEATS * sizeof(uint64_t))
        cdef int* values = <int*>malloc(max(count, 1) * sizeof(int))
        if hands == NULL or values == NULL:
            free(hands)
            free(values)
            raise MemoryError("no memory for the positions")
        try:
            self.set_seats(active, side)
            for i in range(count):
                self.load_hands(positions[i], hands + NUM_SEATS * i, leader)
            with nogil:
                for i in range(count):
                    memcpy(s.hands, hands + NUM_SEATS * i, NUM_SEATS * sizeof(uint64_t))
                    values[i] = probe(s, leader, 0, leader, 0, 0, 0, leader)
            return [values[i] for i in range(count)]
        finally:
            free(hands)
            free(values)


cdef int probe(State* s, int leader, int ntrick, int seat, int lead_card, uint64_t played,
               int win_card, int win_seat) noexcept nogil:
    """The value of the loaded position, by zero-window probes: "does the side take at
    least beta tricks?", halving the range each time."""
    cdef int n = 0, i, lo, hi, beta, value
    for i in range(NUM_SEATS):
        if s.active[i] and popcount(s.hands[i]) > n:
            n = popcount(s.hands[i])
    if ntrick:
        n += 1
    lo, hi = 0, n
    while lo < hi:
        beta = (lo + hi + 1) // 2
        if ntrick == 0:
            value = boundary(s, leader, beta - 1, beta)
        else:
            value = in_trick(s, ntrick, seat, lead_card, played | s.hands[0] | s.hands[1]
                             | s.hands[2] | s.hands[3], win_card, win_seat, beta - 1, beta)
        if value >= beta:
            lo = value
        else:
            hi = value
    return lo
