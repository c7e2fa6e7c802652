# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The double-dummy search in C: it implements ``protocol.Searcher`` with the same answers as
``_search_py.py`` (not line for line; see ``protocol.py``).

The search itself is plain C in ``_search_core.h``, compiled twice by ``_search_cpu.h``: a
portable copy and one for x86-64-v3 CPUs, chosen when a searcher is made (``CPU_PATH``;
``HASEN_CPU=portable`` in the environment keeps the portable one). This module holds the
Python face: it checks and copies the positions in, and runs the search without the GIL so
that threads search in parallel. The table is a fixed array of 16-byte entries (always
replaced on collision) emptied in O(1) by a generation number.
"""

import os

from libc.stdint cimport uint8_t, uint32_t, uint64_t
from libc.stdlib cimport calloc, free, malloc
from libc.string cimport memcpy, memset

from .layout import BLOCK_BITS as _BLOCK_BITS, NUM_BLOCKS as _NUM_BLOCKS, TRUMP_BLOCK as _TRUMP_BLOCK
from .layout import IDLE_HAND, MAX_SEATS as _MAX_SEATS, SHARED_CARD, key_cards, seating_error
from .protocol import NOT_SOLVED as _NOT_SOLVED, declaring_seats

cdef extern from "_search_cpu.h" nogil:
    enum:
        HASEN_BLOCK_BITS
        HASEN_NUM_BLOCKS
        HASEN_TRUMP_BLOCK
        HASEN_MAX_SEATS
        HASEN_KEY_CARDS
        HASEN_WIDE_KEY_CARDS
    ctypedef struct HEntry:
        pass
    ctypedef struct HState:
        uint64_t hands[8]
        int next_seat[8]
        int nseats
        uint64_t nodes
        uint64_t cards
        HEntry* table
        int table_shift
        uint32_t generation
    ctypedef int (*hasen_solve_fn)(HState*, int, int, int, int, uint64_t, int, int)
    void hasen_fill_pack_tables()
    void hasen_set_seats(HState* s, int seats, int active, uint32_t declarers)
    int hasen_fast_supported()
    hasen_solve_fn hasen_solver(int fast, int wide)
    int beats_portable(int card, int best)
    int ctz "__builtin_ctzll"(unsigned long long)
    int clz "__builtin_clzll"(unsigned long long)
    int popcount_portable(uint64_t x)

# the C constants are the layout's: checked here so that no card fact can differ
assert (HASEN_BLOCK_BITS, HASEN_NUM_BLOCKS, HASEN_TRUMP_BLOCK, HASEN_MAX_SEATS, HASEN_KEY_CARDS,
        HASEN_WIDE_KEY_CARDS) == (_BLOCK_BITS, _NUM_BLOCKS, _TRUMP_BLOCK, _MAX_SEATS, key_cards(4),
                                  key_cards(_MAX_SEATS)), "_search_cpu.h does not match layout.py"

FAST_SUPPORTED = bool(hasen_fast_supported())
_FORCE_PORTABLE = os.environ.get("HASEN_CPU", "") == "portable"
CPU_PATH = "x86-64-v3" if FAST_SUPPORTED and not _FORCE_PORTABLE else "portable"

DEFAULT_TABLE_BITS = 15  # 2**15 entries of 16 bytes: 512 KiB, within a core's L2 cache

cdef bint _pack_tables_filled = False


cdef void fill_pack_tables():
    """The portable copy's byte tables, filled when a searcher first runs that copy (a start
    on an x86-64-v3 CPU never needs them)."""
    global _pack_tables_filled
    if not _pack_tables_filled:
        hasen_fill_pack_tables()
        _pack_tables_filled = True

cdef enum:
    MAX_TABLE_VALUES = 4 * 64  # four trumps, at most one value per card of a 64-card layout
    NOT_SOLVED = 255  # a table's value left out by its request's wanted masks

assert NOT_SOLVED == _NOT_SOLVED, "protocol.NOT_SOLVED differs from the C core's"

cdef struct CheckedPosition:  # one position of solve_positions, checked, for solving without the GIL
    uint64_t hands[8]
    uint64_t played
    int leader, ntrick, seat, lead_card, win_card, win_seat


cdef struct CheckedTable:  # one table's request, checked and copied, for solving without the GIL
    uint64_t real[8]
    int taker[4]
    uint64_t wanted[4]  # per trump, the values to solve: bit j for the trump's j-th value
    unsigned char layouts[MAX_TABLE_VALUES]  # a copy: the caller's buffer may change once checked
    int stride, extra, seats, active, leader, declarers


cdef inline int check_hand(uint64_t hand, uint64_t held, int active, int seat) except -1:
    """Refuse a seat's hand that holds a card of the hands before it (``held``), or any
    card when the seat does not play: the search would give no true answer for either."""
    if hand & held:
        raise ValueError(SHARED_CARD)
    if hand and not (active >> seat) & 1:
        raise ValueError(IDLE_HAND)
    return 0


cdef inline int key_limit(int seats) noexcept nogil:
    """``layout.key_cards`` (checked equal at import), without a Python call per solve."""
    return HASEN_KEY_CARDS if seats <= 4 else HASEN_WIDE_KEY_CARDS


cdef inline int as_mask(declarers, seats) except? -1:
    """``protocol.declaring_seats`` (stacklevel 2: no Python frame of this module comes
    between it and the caller's line), called only where the value is no plain mask."""
    if type(declarers) is int and 1 < declarers < (1 << HASEN_MAX_SEATS):
        return declarers
    return declaring_seats(declarers, seats, 2)


cdef inline uint64_t lay(uint64_t real, const unsigned char* row) noexcept nogil:
    """Real cards (a mask) in the search layout ``row`` (each card's bit)."""
    cdef uint64_t laid = 0
    while real:
        laid |= <uint64_t>1 << row[ctz(real)]
        real &= real - 1
    return laid


cdef class Searcher:
    """One search context; its table persists across solves (keys include the declaring seats)."""

    cdef HState state
    cdef int seats  # the table's seats, as the last request set them
    cdef hasen_solve_fn run  # the search for them: one of runs
    cdef hasen_solve_fn runs[2]  # for tables of four seats or fewer, and for wider ones
    cdef size_t entries
    cdef readonly str cpu_path

    def __cinit__(self, int table_bits=DEFAULT_TABLE_BITS, cpu_path=None):
        if not 8 <= table_bits <= 30:
            raise ValueError(f"table_bits must be 8..30, got {table_bits}")
        cpu_path = CPU_PATH if cpu_path is None else cpu_path
        if cpu_path not in ("portable", "x86-64-v3") or (cpu_path == "x86-64-v3" and not FAST_SUPPORTED):
            raise ValueError(f"cpu_path: {cpu_path!r} cannot run here (this CPU: {CPU_PATH!r} or 'portable')")
        self.cpu_path = cpu_path
        self.runs[0] = hasen_solver(cpu_path == "x86-64-v3", 0)
        self.runs[1] = hasen_solver(cpu_path == "x86-64-v3", 1)
        self.run = self.runs[0]
        if cpu_path == "portable":
            fill_pack_tables()
        memset(&self.state, 0, sizeof(HState))
        self.entries = <size_t>1 << table_bits
        self.state.table = <HEntry*>calloc(self.entries, sizeof(HEntry))
        if self.state.table == NULL:
            raise MemoryError(f"no memory for a table of 2**{table_bits} entries")
        self.state.table_shift = 64 - table_bits
        self.state.generation = 1

    def __dealloc__(self):
        free(self.state.table)

    @property
    def nodes(self) -> int:
        """Trick boundaries searched since the searcher was made."""
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

    @property
    def table_bytes(self) -> int:
        """The memory of the transposition table."""
        return self.entries * sizeof(HEntry)

    def clear(self) -> None:
        """Forget every stored bound: a new generation, the memory wiped only when the
        16-bit generation number wraps."""
        self.next_generation()

    cdef void next_generation(self) noexcept nogil:
        """``clear()``, callable without the GIL."""
        self.state.generation = (self.state.generation + 1) & 0xFFFF
        if self.state.generation == 0:
            memset(self.state.table, 0, self.entries * sizeof(HEntry))
            self.state.generation = 1

    cdef int check_seating(self, int seats, int active, int declarers, int leader) except -1:
        """Refuse a seating the search cannot play, in the words of ``layout.seating_error``
        (called only for a seating refused: this check runs on every solve)."""
        if not (2 <= seats <= HASEN_MAX_SEATS and 0 < active < (1 << seats) and 0 <= declarers < (1 << seats)
                and 0 <= leader < seats and (active >> leader) & 1):
            raise ValueError(seating_error(seats, active, declarers, leader))
        return 0

    cdef void set_seats(self, int seats, int active, int declarers) noexcept nogil:
        """The table's seats, those that play and the declaring ones (checked already)."""
        self.seats = seats
        self.run = self.runs[seats > 4]
        hasen_set_seats(&self.state, seats, active, declarers)

    cdef void load_hands(self, hands, uint64_t* out, int active, int leader) except *:
        """Check one position's hands (at a trick boundary, the seats set already) and copy
        them to ``out``."""
        cdef int seat, in_play = 0, most = key_limit(self.seats)
        cdef uint64_t held = 0
        if len(hands) != self.seats:  # indexed unchecked below (boundscheck=False)
            raise ValueError(f"hands: every position has a mask for each of the table's {self.seats} seats")
        for seat in range(HASEN_MAX_SEATS):
            out[seat] = hands[seat] if seat < self.seats else 0
            check_hand(out[seat], held, active, seat)
            held |= out[seat]
            in_play += popcount_portable(out[seat])
        if in_play > most:
            raise ValueError(f"at most {most} cards may be in play, got {in_play}")

    def solve(self, hands, int active, int leader, declarers, trick=()) -> int:
        """Tricks the ``declarers`` (a mask of seats) take from the current trick on.

        ``active`` is a bit mask of the seats that play; ``trick`` the cards already played to
        the current trick, in order from ``leader``.
        """
        cdef HState* s = &self.state
        cdef CheckedPosition p
        cdef int value
        declarers = as_mask(declarers, len(hands))
        self.check_seating(len(hands), active, declarers, leader)
        self.set_seats(len(hands), active, declarers)
        self.check_position(&p, hands, active, leader, trick)
        memcpy(s.hands, p.hands, sizeof(p.hands))
        with nogil:
            value = self.run(s, p.leader, p.ntrick, p.seat, p.lead_card, p.played, p.win_card, p.win_seat)
        return value

    cdef int check_position(self, CheckedPosition* p, hands, int active, int leader, trick) except -1:
        """Check one position (the seats set already) and copy it into ``p``, with the
        current trick replayed: who is to play, the led card, the card winning so far."""
        cdef HState* s = &self.state
        cdef int i, card, ntrick = len(trick)
        self.load_hands(hands, p.hands, active, leader)
        if ntrick >= s.nseats:
            raise ValueError("the trick must not be complete")
        p.leader, p.ntrick, p.seat, p.played = leader, ntrick, leader, 0
        p.lead_card, p.win_card, p.win_seat = 0, 0, leader
        for i in range(ntrick):
            card = trick[i]
            if not 0 <= card < 64:
                raise ValueError("trick: a card's bit is 0-63")
            p.played |= <uint64_t>1 << card
            if i == 0:
                p.lead_card = card
            if i == 0 or beats_portable(card, p.win_card):
                p.win_card, p.win_seat = card, p.seat
            p.seat = s.next_seat[p.seat]
        return 0

    def solve_many(self, positions, int active, int leader, declarers) -> list:
        """``solve`` for many positions at a trick boundary with the same seats, leader and
        declarers (a declarer's table), under one release of the GIL."""
        cdef HState* s = &self.state
        cdef Py_ssize_t i, count = len(positions)
        cdef uint64_t* hands = <uint64_t*>malloc(max(count, 1) * HASEN_MAX_SEATS * sizeof(uint64_t))
        cdef int* values = <int*>malloc(max(count, 1) * sizeof(int))
        if hands == NULL or values == NULL:
            free(hands)
            free(values)
            raise MemoryError("no memory for the positions")
        try:
            seats = len(positions[0]) if count else 4
            declarers = as_mask(declarers, seats)
            if not count:
                return []
            self.check_seating(seats, active, declarers, leader)
            self.set_seats(seats, active, declarers)
            for i in range(count):
                self.load_hands(positions[i], hands + HASEN_MAX_SEATS * i, active, leader)
            with nogil:
                for i in range(count):
                    memcpy(s.hands, hands + HASEN_MAX_SEATS * i, HASEN_MAX_SEATS * sizeof(uint64_t))
                    values[i] = self.run(s, leader, 0, leader, 0, 0, 0, leader)
            return [values[i] for i in range(count)]
        finally:
            free(hands)
            free(values)

    cdef int check_table(self, CheckedTable* job, hands, const unsigned char[::1] layouts, takers, int extra,
                         int active, int leader, int declarers, wanted=None) except -1:
        """Check one table's request and copy it into ``job``."""
        cdef int seat, trump, total = 0, stride = layouts.shape[0] // 4, seats = len(hands)
        cdef uint64_t held = 0
        cdef Py_ssize_t i
        if stride * 4 != layouts.shape[0] or stride > 64 or not 0 <= extra < stride:
            raise ValueError("layouts: four rows, one byte per card; extra: a card of them")
        for i in range(layouts.shape[0]):
            if layouts[i] >= 64:
                raise ValueError("layouts: a card's bit is 0-63")
            job.layouts[i] = layouts[i]
        self.check_seating(seats, active, declarers, leader)
        if len(takers) != 4:
            raise ValueError("takers: a playing seat or -1 for each trump")
        for seat in range(HASEN_MAX_SEATS):
            job.real[seat] = hands[seat] if seat < seats else 0
            if stride < 64 and job.real[seat] >> stride:
                raise ValueError(f"hands: a card beyond the {stride} of the layout")
            check_hand(job.real[seat], held, active, seat)
            held |= job.real[seat]
            total += popcount_portable(job.real[seat])
        if wanted is not None and len(wanted) != 4:
            raise ValueError("wanted: a mask of the values to solve for each trump")
        for trump in range(4):
            job.taker[trump] = takers[trump]
            if not -1 <= job.taker[trump] < seats or \
                    (job.taker[trump] >= 0 and not (active >> job.taker[trump]) & 1):
                raise ValueError("takers: a playing seat or -1 for each trump")
            if wanted is None:
                job.wanted[trump] = ~<uint64_t>0
            elif not 0 <= wanted[trump] < 2 ** 64:
                raise ValueError("wanted: a mask of the values to solve for each trump")
            else:
                job.wanted[trump] = wanted[trump]
        if total + 1 > key_limit(seats):
            raise ValueError(f"at most {key_limit(seats)} cards may be in play")
        job.stride, job.extra, job.seats, job.active = stride, extra, seats, active
        job.leader, job.declarers = leader, declarers
        return 0

    cdef int run_table(self, const CheckedTable* job, unsigned char* out) noexcept nogil:
        """Lay out and solve one checked table; its values into ``out``, their count returned."""
        cdef HState* s = &self.state
        cdef uint64_t laid[8]
        cdef uint64_t cards, hand, rest
        cdef int trump, seat, card, taker, first, count = 0, stride = job.stride
        self.set_seats(job.seats, job.active, job.declarers)
        for trump in range(4):
            for seat in range(HASEN_MAX_SEATS):
                laid[seat] = 0
                rest = job.real[seat]
                while rest:
                    card = ctz(rest)
                    rest &= rest - 1
                    laid[seat] |= <uint64_t>1 << job.layouts[trump * stride + card]
            taker = job.taker[trump]
            if taker < 0:
                if job.wanted[trump] & 1:
                    memcpy(s.hands, laid, sizeof(laid))
                    out[count] = self.run(s, job.leader, 0, job.leader, 0, 0, 0, job.leader)
                else:
                    out[count] = NOT_SOLVED
                count += 1
                continue
            # the taker's hand with the extra card, less each discard in card order
            cards = job.real[taker] | (<uint64_t>1 << job.extra)
            hand = laid[taker] | (<uint64_t>1 << job.layouts[trump * stride + job.extra])
            rest = cards
            first = count
            while rest:
                card = ctz(rest)
                rest &= rest - 1
                if not (job.wanted[trump] >> (count - first)) & 1:
                    out[count] = NOT_SOLVED
                    count += 1
                    continue
                memcpy(s.hands, laid, sizeof(laid))
                s.hands[taker] = hand & ~(<uint64_t>1 << job.layouts[trump * stride + card])
                out[count] = self.run(s, job.leader, 0, job.leader, 0, 0, 0, job.leader)
                count += 1
        return count

    def solve_table(self, hands, const unsigned char[::1] layouts, takers, int extra, int active, int leader,
                    declarers, wanted=None) -> bytes:
        """A whole table in one call: the positions built here from real cards and solved
        under one release of the GIL; see ``protocol.Searcher.solve_table``."""
        cdef CheckedTable job
        cdef unsigned char out[MAX_TABLE_VALUES]
        cdef int count
        self.check_table(&job, hands, layouts, takers, extra, active, leader, as_mask(declarers, len(hands)), wanted)
        with nogil:
            count = self.run_table(&job, out)
        return out[:count]

    def solve_tables(self, tables, bint clear_each=False) -> list:
        """``solve_table(*table)`` for each table, under one release of the GIL for them all;
        with ``clear_each`` the table is emptied before each, as ``clear()`` would."""
        tables = list(tables)
        cdef Py_ssize_t i, count = len(tables)
        cdef CheckedTable* jobs = <CheckedTable*>malloc(max(count, 1) * sizeof(CheckedTable))
        cdef unsigned char* out = <unsigned char*>malloc(max(count, 1) * MAX_TABLE_VALUES)
        cdef int* counts = <int*>malloc(max(count, 1) * sizeof(int))
        if jobs == NULL or out == NULL or counts == NULL:
            free(jobs)
            free(out)
            free(counts)
            raise MemoryError("no memory for the tables")
        try:
            for i in range(count):
                table = tables[i]
                if len(table) not in (7, 8):
                    raise ValueError("a table: solve_table's arguments, seven or eight")
                hands, layouts, takers, extra, active, leader, declarers = table[:7]
                self.check_table(&jobs[i], hands, layouts, takers, extra, active, leader,
                                 as_mask(declarers, len(hands)),
                                 table[7] if len(table) == 8 else None)
            with nogil:
                for i in range(count):
                    if clear_each:
                        self.next_generation()
                    counts[i] = self.run_table(&jobs[i], out + i * MAX_TABLE_VALUES)
            return [out[i * MAX_TABLE_VALUES:i * MAX_TABLE_VALUES + counts[i]] for i in range(count)]
        finally:
            free(jobs)
            free(out)
            free(counts)

    def solve_positions(self, positions, int active, declarers, layout=None) -> list:
        """``solve`` of each position, given as ``(hands, leader, trick)``, with the same
        seats and declarers, under one release of the GIL for them all. With ``layout`` (one
        byte per card: its bit in the search layout) the hands and trick are real cards, put
        in the layout here."""
        positions = list(positions)
        declarers = as_mask(declarers, len(positions[0][0]) if positions else 4)
        cdef const unsigned char[::1] row
        cdef int stride = 0
        cdef uint64_t real[8]
        cdef int seat, seats
        cdef HState* s = &self.state
        cdef Py_ssize_t i, count = len(positions)
        cdef CheckedPosition* checked = <CheckedPosition*>malloc(max(count, 1) * sizeof(CheckedPosition))
        cdef int* values = <int*>malloc(max(count, 1) * sizeof(int))
        cdef CheckedPosition* p
        if checked == NULL or values == NULL:
            free(checked)
            free(values)
            raise MemoryError("no memory for the positions")
        try:
            if layout is not None:
                row = layout
                stride = row.shape[0]
                if stride > 64 or any(bit >= 64 for bit in layout):
                    raise ValueError("layout: one byte per card, each a bit of 0-63")
            for i in range(count):
                hands, leader, trick = positions[i]
                seats = len(hands)
                if i == 0:
                    self.check_seating(seats, active, declarers, leader)
                    self.set_seats(seats, active, declarers)
                elif seats != self.seats:
                    raise ValueError(f"hands: every position has a mask for each of the table's {self.seats} seats")
                elif not 0 <= leader < seats or not (active >> leader) & 1:
                    raise ValueError("the leader must play")
                if stride:
                    for seat in range(seats):
                        real[seat] = hands[seat]
                        if stride < 64 and real[seat] >> stride:
                            raise ValueError(f"hands: a card beyond the {stride} of the layout")
                        real[seat] = lay(real[seat], &row[0])
                    if any(not 0 <= card < stride for card in trick):
                        raise ValueError(f"trick: a card beyond the {stride} of the layout")
                    hands = [real[seat] for seat in range(seats)]
                    trick = [row[card] for card in trick]
                self.check_position(&checked[i], hands, active, leader, trick)
            with nogil:
                for i in range(count):
                    p = &checked[i]
                    memcpy(s.hands, p.hands, sizeof(p.hands))
                    values[i] = self.run(s, p.leader, p.ntrick, p.seat, p.lead_card, p.played, p.win_card,
                                         p.win_seat)
            return [values[i] for i in range(count)]
        finally:
            free(checked)
            free(values)


# --- dealing layouts: Python's random.Random, stream for stream ----------------------------------
# The fair review deals its layouts with random.Random(seed string): shuffles and draws that
# the twin (_search_py.deal_layouts) makes through the random module itself. Here the same
# Mersenne Twister, seeded the same way (the key from the string as random.seed makes it),
# draws the same numbers without the GIL, so both cores deal the same layouts.

cdef enum:
    MT_N = 624
    MT_M = 397
    MAX_PLACES = 8
    MAX_GROUP = 64

cdef struct Twister:
    uint32_t mt[624]
    int index


cdef void twister_init(Twister* t, uint32_t s) noexcept nogil:
    cdef int i
    t.mt[0] = s
    for i in range(1, MT_N):
        t.mt[i] = <uint32_t>(1812433253U * (t.mt[i - 1] ^ (t.mt[i - 1] >> 30)) + <uint32_t>i)
    t.index = MT_N


cdef void twister_seed(Twister* t, const uint32_t* key, size_t length) noexcept nogil:
    """init_by_array of the reference Mersenne Twister, as random.seed uses it."""
    cdef size_t i = 1, j = 0, k
    twister_init(t, 19650218U)
    k = MT_N if MT_N > length else length
    while k:
        t.mt[i] = <uint32_t>((t.mt[i] ^ ((t.mt[i - 1] ^ (t.mt[i - 1] >> 30)) * 1664525U)) + key[j] + <uint32_t>j)
        i += 1
        j += 1
        if i >= MT_N:
            t.mt[0] = t.mt[MT_N - 1]
            i = 1
        if j >= length:
            j = 0
        k -= 1
    k = MT_N - 1
    while k:
        t.mt[i] = <uint32_t>((t.mt[i] ^ ((t.mt[i - 1] ^ (t.mt[i - 1] >> 30)) * 1566083941U)) - <uint32_t>i)
        i += 1
        if i >= MT_N:
            t.mt[0] = t.mt[MT_N - 1]
            i = 1
        k -= 1
    t.mt[0] = 0x80000000U


cdef uint32_t twister_next(Twister* t) noexcept nogil:
    cdef uint32_t y
    cdef int kk
    if t.index >= MT_N:
        for kk in range(MT_N - MT_M):
            y = (t.mt[kk] & 0x80000000U) | (t.mt[kk + 1] & 0x7fffffffU)
            t.mt[kk] = t.mt[kk + MT_M] ^ (y >> 1) ^ (0x9908b0dfU if y & 1 else 0U)
        for kk in range(MT_N - MT_M, MT_N - 1):
            y = (t.mt[kk] & 0x80000000U) | (t.mt[kk + 1] & 0x7fffffffU)
            t.mt[kk] = t.mt[kk + MT_M - MT_N] ^ (y >> 1) ^ (0x9908b0dfU if y & 1 else 0U)
        y = (t.mt[MT_N - 1] & 0x80000000U) | (t.mt[0] & 0x7fffffffU)
        t.mt[MT_N - 1] = t.mt[MT_M - 1] ^ (y >> 1) ^ (0x9908b0dfU if y & 1 else 0U)
        t.index = 0
    y = t.mt[t.index]
    t.index += 1
    y ^= y >> 11
    y ^= (y << 7) & 0x9d2c5680U
    y ^= (y << 15) & 0xefc60000U
    y ^= y >> 18
    return y


cdef uint64_t twister_bits(Twister* t, int k) noexcept nogil:
    """getrandbits(k) for 1 <= k <= 64: 32-bit words from the least significant, the last cut."""
    cdef uint64_t low
    if k <= 32:
        return twister_next(t) >> (32 - k)
    low = twister_next(t)
    return low | (<uint64_t>(twister_next(t) >> (64 - k)) << 32)


cdef uint64_t twister_below(Twister* t, uint64_t n) noexcept nogil:
    """random's _randbelow_with_getrandbits(n), n >= 1."""
    cdef int k = 64 - clz(n)
    cdef uint64_t r = twister_bits(t, k)
    while r >= n:
        r = twister_bits(t, k)
    return r


cdef struct DealRow:  # one way to give a group's cards out: a count per place, its weight, the next state
    uint64_t weight
    int next_state
    unsigned char counts[MAX_PLACES]


def deal_layouts(seeds, fixed, groups, states, bint draw=True) -> list:
    """The layout each seed deals (``protocol.deal_layouts``): per seed a Twister seeded as
    ``random.Random(seed)``, then group by group a row by ``randrange`` over the state's
    ways (without ``draw``, the state's first row), the group's cards shuffled and given
    out in the order of the places."""
    cdef Py_ssize_t nseeds = len(seeds), nplaces = len(fixed), ngroups = len(groups), nstates = len(states)
    cdef Py_ssize_t i, g, s, r, at, p, c, nrows_total = 0
    if nplaces > MAX_PLACES or any(len(cards) > MAX_GROUP for cards in groups):
        raise ValueError(f"deal_layouts: at most {MAX_PLACES} places and {MAX_GROUP} cards a group")
    for ways, rows in states:
        nrows_total += len(rows)
    cdef uint64_t* state_ways = <uint64_t*>malloc(max(nstates, 1) * sizeof(uint64_t))
    cdef int* state_first = <int*>malloc(max(nstates, 1) * sizeof(int))
    cdef int* state_rows = <int*>malloc(max(nstates, 1) * sizeof(int))
    cdef DealRow* rows_c = <DealRow*>malloc(max(nrows_total, 1) * sizeof(DealRow))
    cdef int* group_start = <int*>malloc((ngroups + 1) * sizeof(int))
    cdef unsigned char* group_cards = <unsigned char*>malloc(max(sum(len(cards) for cards in groups), 1))
    cdef uint64_t* fixed_c = <uint64_t*>malloc(max(nplaces, 1) * sizeof(uint64_t))
    cdef uint64_t* out = <uint64_t*>malloc(max(nseeds * nplaces, 1) * sizeof(uint64_t))
    cdef uint32_t* keys = NULL
    cdef bytes raw
    cdef const unsigned char* b
    cdef Py_ssize_t n, lead, q
    cdef uint32_t word
    cdef int* key_start = <int*>malloc((nseeds + 1) * sizeof(int))
    cdef Twister twister
    cdef unsigned char shuffled[MAX_GROUP]
    cdef unsigned char swap
    cdef uint64_t pick
    cdef int state, size, j
    cdef bint bad = False
    try:
        if not (state_ways and state_first and state_rows and rows_c and group_start and group_cards and fixed_c
                and out and key_start):
            raise MemoryError("no memory for the layouts")
        if ngroups and not nstates:
            raise ValueError("deal_layouts: no state to deal the groups from")
        at = 0
        for s in range(nstates):
            ways, rows = states[s]
            if ways < 1 or not rows:
                raise ValueError("deal_layouts: a state has its layouts (at least 1) and a row for each way")
            state_ways[s] = ways
            state_first[s] = at
            state_rows[s] = len(rows)
            for counts, weight, nxt in rows:
                if len(counts) != nplaces or not -1 <= nxt < nstates:
                    raise ValueError("deal_layouts: a row is a count per place, its weight and a state")
                rows_c[at].weight = weight
                rows_c[at].next_state = nxt
                for p in range(nplaces):
                    rows_c[at].counts[p] = counts[p]
                at += 1
        at = 0
        for g in range(ngroups):
            group_start[g] = at
            for card in groups[g]:
                if not 0 <= card < 64:
                    raise ValueError("deal_layouts: a card is 0-63")
                group_cards[at] = card
                at += 1
        group_start[ngroups] = at
        for p in range(nplaces):
            fixed_c[p] = fixed[p]
        # each seed's key, as random.seed makes it from a string: the bytes and their SHA-512
        # as one big-endian number, given to init_by_array in 32-bit words from the lowest
        from hashlib import sha512  # here, not at import: every command's start would load OpenSSL
        raws = []
        total_words = 0
        for i in range(nseeds):
            data = seeds[i].encode()
            raw = data + sha512(data).digest()
            raws.append(raw)
            total_words += (len(raw) + 3) // 4 + 1
        keys = <uint32_t*>malloc(total_words * sizeof(uint32_t))
        if keys == NULL:
            raise MemoryError("no memory for the layouts")
        at = 0
        for i in range(nseeds):
            key_start[i] = at
            raw = raws[i]
            b = raw
            n = len(raw)
            lead = 0
            while lead < n and b[lead] == 0:  # leading zero bytes are no part of the number
                lead += 1
            for j in range(max(1, (n - lead + 3) // 4)):
                word = 0
                for q in range(4):
                    c = n - 1 - (4 * j + q)  # the byte of weight 256**(4j + q)
                    if c >= lead:
                        word |= <uint32_t>b[c] << (8 * q)
                keys[at] = word
                at += 1
        key_start[nseeds] = at
        with nogil:
            for i in range(nseeds):
                twister_seed(&twister, keys + key_start[i], key_start[i + 1] - key_start[i])
                for p in range(nplaces):
                    out[i * nplaces + p] = fixed_c[p]
                state = 0
                for g in range(ngroups):
                    if state < 0:  # a row that ended the layout before its last group
                        bad = True
                        break
                    r = state_first[state]
                    if draw:
                        pick = twister_below(&twister, state_ways[state])
                        while pick >= rows_c[r].weight and r < state_first[state] + state_rows[state] - 1:
                            pick -= rows_c[r].weight
                            r += 1
                    size = group_start[g + 1] - group_start[g]
                    for c in range(size):
                        shuffled[c] = group_cards[group_start[g] + c]
                    for c in range(size - 1, 0, -1):  # random.shuffle: from the last card down
                        j = <int>twister_below(&twister, c + 1)
                        swap = shuffled[c]
                        shuffled[c] = shuffled[j]
                        shuffled[j] = swap
                    at = 0
                    for p in range(nplaces):
                        for c in range(rows_c[r].counts[p]):
                            if at >= size:  # a row that gives out more cards than the group has
                                bad = True
                                break
                            out[i * nplaces + p] |= <uint64_t>1 << shuffled[at]
                            at += 1
                    state = rows_c[r].next_state
        if bad:
            raise ValueError("deal_layouts: a row gives out other than its group's cards, or ends too soon")
        return [[out[i * nplaces + p] for p in range(nplaces)] for i in range(nseeds)]
    finally:
        free(state_ways)
        free(state_first)
        free(state_rows)
        free(rows_c)
        free(group_start)
        free(group_cards)
        free(fixed_c)
        free(out)
        free(keys)
        free(key_start)
