/* A plain double-dummy search in C, written for benchmarks/bench_reference.py only: the
 * yardstick the Python API's tables are compared with. It shares no code with solver/.
 *
 * Positions come in the search layout of solver/search/layout.py (four 64-bit hands, each
 * 16-bit block one effective suit ordered by power, trump in the top block), so it needs
 * no card rules. The search is what a first hand-written solver does:
 * - alpha-beta over single cards with the whole window at the root;
 * - a transposition table at trick boundaries keyed on the exact hands and the leader
 *   (2^16 entries, lower and upper bounds), emptied at the start of each table by a
 *   generation number;
 * - of cards next to each other in one hand (among those in play) one is tried;
 * - ordering: a leader tries high cards first; a follower the cheapest card that wins the
 *   trick so far, then its lowest, and plays low when the partner is winning;
 * - the last trick played out without search.
 *
 *   double plain_table(const uint64_t* hands, int count, int active, int leader, int side,
 *                      int* values, uint64_t* cards)
 * solves count positions (four hands each) one after another with one table, writes each
 * value (tricks of `side` from here on) and the cards played in all, and returns the
 * seconds the solves took, timed in C.
 */
#include <stdint.h>
#include <string.h>
#include <time.h>

#define TRUMP 3
#define BLOCK(b) (0xFFFFULL << (16 * (b)))
#define TBITS 16

typedef struct { uint64_t h[4]; uint8_t leader, lower, upper, gen; } PEntry;

static PEntry table[1 << TBITS];
static uint64_t hands[4];
static int next_seat[4], nseats, side_counted;
static uint64_t cards_played;
static uint8_t generation;

static int top(uint64_t m) { return 63 - __builtin_clzll(m); }
static int wins_over(int c, int w) {
    if ((c >> 4) == (w >> 4)) return c > w;
    return (c >> 4) == TRUMP;
}

static int trick(int ntrick, int seat, int lead, uint64_t in_play, int win, int win_seat, int alpha, int beta);

static int boundary(int leader, int alpha, int beta) {
    int n = __builtin_popcountll(hands[leader]), lo = 0, hi = n, v, a, b, seat, w, ws, c, i;
    if (n == 0) return 0;
    if (n == 1) {  /* the last trick: every seat plays its one card */
        w = top(hands[leader]); ws = leader; seat = leader;
        for (i = 1; i < nseats; i++) {
            seat = next_seat[seat]; c = top(hands[seat]);
            if (wins_over(c, w)) { w = c; ws = seat; }
        }
        return (ws & 1) == side_counted;
    }
    uint64_t k = hands[0] * 0x9E3779B97F4A7C15ULL ^ hands[1] * 0xC2B2AE3D27D4EB4FULL
        ^ hands[2] * 0x165667B19E3779F9ULL ^ hands[3] * 0x27D4EB2F165667C5ULL ^ (uint64_t)leader;
    PEntry* e = &table[k >> (64 - TBITS)];
    if (e->gen == generation && e->leader == leader && !memcmp(e->h, hands, sizeof hands)) {
        lo = e->lower; hi = e->upper;
    }
    if (lo >= beta || lo == hi) return lo;  /* also keeps the window below from being empty */
    if (hi <= alpha) return hi;
    a = alpha > lo ? alpha : lo; b = beta < hi ? beta : hi;
    v = trick(0, leader, 0, hands[0] | hands[1] | hands[2] | hands[3], 0, leader, a, b);
    if (v <= a) hi = v; else if (v >= b) lo = v; else lo = hi = v;
    memcpy(e->h, hands, sizeof hands); e->leader = leader; e->lower = lo; e->upper = hi; e->gen = generation;
    return v;
}

static int trick(int ntrick, int seat, int lead, uint64_t in_play, int win, int win_seat, int alpha, int beta) {
    int moves[16], n = 0, i, c, best, maxi = (seat & 1) == side_counted, v, nw, nws, won;
    uint64_t hand = hands[seat], legal = ntrick ? hand & BLOCK(lead >> 4) : 0, rest, below;
    if (!legal) legal = hand;
    /* candidates, low to high, one per run of equivalent cards */
    int cand[16], nc = 0;
    for (rest = legal; rest; rest &= rest - 1) {
        c = __builtin_ctzll(rest);
        below = in_play & BLOCK(c >> 4) & ((1ULL << c) - 1);
        if (below && (hand >> top(below)) & 1) continue;
        cand[nc++] = c;
    }
    if (ntrick == 0) {
        for (i = nc - 1; i >= 0; i--) moves[n++] = cand[i];  /* high first */
    } else if ((win_seat & 1) == (seat & 1)) {
        for (i = 0; i < nc; i++) if (!wins_over(cand[i], win)) moves[n++] = cand[i];
        for (i = 0; i < nc; i++) if (wins_over(cand[i], win)) moves[n++] = cand[i];
    } else {
        for (i = 0; i < nc; i++) if (wins_over(cand[i], win)) moves[n++] = cand[i];
        for (i = 0; i < nc; i++) if (!wins_over(cand[i], win)) moves[n++] = cand[i];
    }
    best = maxi ? -1 : 100;
    for (i = 0; i < n; i++) {
        c = moves[i];
        hands[seat] ^= 1ULL << c;
        cards_played++;
        if (ntrick == 0 || wins_over(c, win)) { nw = c; nws = seat; } else { nw = win; nws = win_seat; }
        if (ntrick + 1 == nseats) {
            won = (nws & 1) == side_counted;
            v = won + boundary(nws, alpha - won, beta - won);
        } else {
            v = trick(ntrick + 1, next_seat[seat], ntrick ? lead : c, in_play, nw, nws, alpha, beta);
        }
        hands[seat] ^= 1ULL << c;
        if (maxi) { if (v > best) best = v; if (best > alpha) alpha = best; }
        else { if (v < best) best = v; if (best < beta) beta = best; }
        if (alpha >= beta) break;
    }
    return best;
}

double plain_table(const uint64_t* positions, int count, int active, int leader, int side,
                   int* values, uint64_t* cards) {
    struct timespec t0, t1;
    int i, s, n;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    if (++generation == 0) {  /* a first call: nothing known (entries of older tables do not match) */
        memset(table, 0, sizeof table);
        generation = 1;
    }
    nseats = 0;
    for (s = 0; s < 4; s++) nseats += (active >> s) & 1;
    for (s = 0; s < 4; s++) {
        n = (s + 1) % 4;
        while (!((active >> n) & 1)) n = (n + 1) % 4;
        next_seat[s] = n;
    }
    side_counted = side;
    cards_played = 0;
    for (i = 0; i < count; i++) {
        memcpy(hands, positions + 4 * i, sizeof hands);
        n = __builtin_popcountll(hands[leader]);
        values[i] = boundary(leader, -1, n + 1);
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    *cards = cards_played;
    return (t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec);
}
