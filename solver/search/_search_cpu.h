/* The search's types and constants, and the search body (_search_core.h) compiled twice:
 * once for any x86-64 (or other) CPU, and, where the compiler can, once more for x86-64-v3
 * (popcnt, lzcnt, tzcnt, pext and the rest of Haswell's and Zen's instructions). The
 * Searcher (_search.pyx) picks a copy at run time with hasen_fast_supported(), so one
 * portable build never runs an instruction the CPU lacks and still runs the fast copy where
 * it can. No -march flag is needed at build time.
 */

#ifndef HASEN_SEARCH_CPU_H
#define HASEN_SEARCH_CPU_H

#include <stdint.h>
#include <string.h>

/* the layout of layout.py; _search.pyx checks these against it at import */
#define HASEN_BLOCK_BITS 16
#define HASEN_BLOCK_SHIFT 4
#define HASEN_NUM_BLOCKS 4
#define HASEN_TRUMP_BLOCK 3
/* the most seats a table may have: hands[] holds this many, the unused ones empty */
#define HASEN_MAX_SEATS 8
#define HASEN_BLOCK(b) (0xFFFFULL << (16 * (b)))
#define HASEN_TRUMP_MASK HASEN_BLOCK(HASEN_TRUMP_BLOCK)
/* the lowest and the highest bit of every block */
#define HASEN_BLOCK_BOTTOMS 0x0001000100010001ULL
#define HASEN_BLOCK_TOPS 0x8000800080008000ULL
/* the table key packs every card in play as its owner's seat number: 2 bits at a table of
 * four seats or fewer (at most HASEN_KEY_CARDS cards in play), 3 bits at a wider one (at
 * most HASEN_WIDE_KEY_CARDS), then the leader and the declaring seats; see make_key */
#define HASEN_KEY_CARDS 28
#define HASEN_WIDE_KEY_CARDS 17
#define HASEN_WIDE_KEY (1ULL << 63)
/* a hand's candidates, one per run of its cards among those in play: at most 16 of the 28
 * cards (a run ends at another hand's card or at the end of a block) */
#define HASEN_MAX_MOVES 16

/* the move generators, inlined in the one place each is called from: the compiler would
 * otherwise leave them out of line in a translation unit of four copies of the search */
#if defined(__GNUC__) || defined(__clang__)
#define HASEN_INLINE static inline __attribute__((always_inline))
#else
#define HASEN_INLINE static inline
#endif

/* the leader's move ordering: a category (higher first) times 16, plus a rank term */
enum { KEY_SURE = 6, KEY_PARTNER_RUFFS = 5, KEY_TO_PARTNER = 4, KEY_TOP_TRUMP = 3, KEY_OTHER = 2,
       KEY_LOW_TRUMP = 1, KEY_RUFFED = 0 };
/* a killer lead goes ahead of the leads at most this many categories above its own */
#define KILLER_REACH 2

typedef struct {
    uint64_t owners;   /* owner bits, leader and declaring seats; see make_key */
    uint32_t lengths;  /* cards in play per block, 4 bits each; the table's generation above */
    uint8_t lower;
    uint8_t upper;
    uint8_t unused[2];
} HEntry;

typedef struct {
    uint64_t hands[HASEN_MAX_SEATS];  /* by seat; a seat beyond the table's holds nothing */
    int next_seat[HASEN_MAX_SEATS];   /* the next seat that plays, clockwise */
    int nseats;           /* the seats that play */
    uint32_t declarers;   /* the seats whose tricks are counted, as a mask */
    uint32_t defenders;   /* the table's other seats */
    uint32_t team[HASEN_MAX_SEATS];  /* per seat, the other seats of its side */
    uint32_t foes[HASEN_MAX_SEATS];  /* per seat, the seats of the other side */
    uint64_t nodes;    /* trick boundaries searched */
    uint64_t cards;    /* cards played */
    HEntry* table;
    int table_shift;
    uint32_t generation;  /* entries of an older generation are empty: clear() bumps it */
    /* per leader and cards held, the last lead that cut off where the first tried had not
     * (-1: none); emptied at each solve */
    int8_t killer[HASEN_MAX_SEATS][HASEN_KEY_CARDS + 1];
} HState;

/* The table's seats (2 to HASEN_MAX_SEATS), those that play (a mask), their order, and each
 * seat's side and opponents: the declaring seats (a mask) and the rest of the table. The
 * hands are emptied. */
static void hasen_set_seats(HState* s, int seats, int active, uint32_t declarers) {
    uint32_t table = (1u << seats) - 1;
    int seat, next;
    s->nseats = 0;
    s->declarers = declarers;
    s->defenders = table & ~declarers;
    for (seat = 0; seat < HASEN_MAX_SEATS; seat++) {
        s->hands[seat] = 0;
        s->nseats += (active >> seat) & 1;
    }
    for (seat = 0; seat < seats; seat++) {
        next = seat + 1 < seats ? seat + 1 : 0;
        while (s->nseats && !((active >> next) & 1))
            next = next + 1 < seats ? next + 1 : 0;
        s->next_seat[seat] = next;
        s->team[seat] = ((declarers >> seat) & 1 ? s->declarers : s->defenders) & ~(1u << seat);
        s->foes[seat] = (declarers >> seat) & 1 ? s->defenders : s->declarers;
    }
}

/* PACK[mask][value]: the bits of value at the set positions of mask, packed low; the
 * portable make_key squeezes out the cards no longer in play a byte at a time with it. */
static uint8_t hasen_pack[256][256];
static uint8_t hasen_byte_count[256];

static void hasen_fill_pack_tables(void) {
    int mask, value, top, rest;
    for (value = 0; value < 256; value++)
        hasen_pack[0][value] = 0;
    hasen_byte_count[0] = 0;
    for (mask = 1; mask < 256; mask++) {
        top = 31 - __builtin_clz((unsigned)mask);
        rest = mask ^ (1 << top);
        hasen_byte_count[mask] = hasen_byte_count[rest] + 1;
        for (value = 0; value < 256; value++)
            hasen_pack[mask][value] = hasen_pack[rest][value] | (((value >> top) & 1) << hasen_byte_count[rest]);
    }
}

/* the portable copies: for tables of four seats, and of more */
#define HASEN_FAST 0
#define HASEN_SEATS 4
#define V(name) name##_portable
#include "_search_core.h"
#undef V
#undef HASEN_SEATS
#define HASEN_SEATS HASEN_MAX_SEATS
#define V(name) name##_portable_wide
#include "_search_core.h"
#undef V
#undef HASEN_SEATS
#undef HASEN_FAST

/* the x86-64-v3 copy */
#if (defined(__x86_64__) || defined(_M_X64)) && (defined(__GNUC__) || defined(__clang__)) && !defined(HASEN_PORTABLE_ONLY)
#define HASEN_HAVE_FAST 1
#include <immintrin.h>
#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("avx2,bmi,bmi2,popcnt,lzcnt,fma,movbe,f16c"))), apply_to = function)
#else
#pragma GCC push_options
#pragma GCC target("avx2,bmi,bmi2,popcnt,lzcnt,fma,movbe,f16c")
#endif
#define HASEN_FAST 1
#define HASEN_SEATS 4
#define V(name) name##_fast
#include "_search_core.h"
#undef V
#undef HASEN_SEATS
#define HASEN_SEATS HASEN_MAX_SEATS
#define V(name) name##_fast_wide
#include "_search_core.h"
#undef V
#undef HASEN_SEATS
#undef HASEN_FAST
#if defined(__clang__)
#pragma clang attribute pop
#else
#pragma GCC pop_options
#endif
#else
#define HASEN_HAVE_FAST 0
#endif

/* Whether this CPU runs the fast copy: every x86-64-v3 feature it uses. AMD's Zen 1 and 2
 * do pext in slow microcode, so they keep the portable copy. */
static int hasen_fast_supported(void) {
#if HASEN_HAVE_FAST
    __builtin_cpu_init();
    if (!(__builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi") && __builtin_cpu_supports("bmi2")
          && __builtin_cpu_supports("popcnt") && __builtin_cpu_supports("fma")))
        return 0;
    if (__builtin_cpu_is("znver1") || __builtin_cpu_is("znver2"))
        return 0;
    return 1;
#else
    return 0;
#endif
}

typedef int (*hasen_solve_fn)(HState*, int, int, int, int, uint64_t, int, int);

/* the search for a CPU (fast: x86-64-v3) and a table of more than four seats or not */
static hasen_solve_fn hasen_solver(int fast, int wide) {
#if HASEN_HAVE_FAST
    if (fast)
        return wide ? solve_fast_wide : solve_fast;
#endif
    (void)fast;
    return wide ? solve_portable_wide : solve_portable;
}

#endif
