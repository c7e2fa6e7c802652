/* The package's own C search (solver/search/_search_cpu.h) driven from C with no Python,
 * for benchmarks/bench_reference.py: what a table costs in the search alone.
 *
 *   double core_table(const uint64_t* hands, int count, int active, int leader, int declarers,
 *                     int* values, uint64_t* cards)
 * as plain_table in plain_search.c (four hands a position; the declaring side as a mask of
 * seats, not by parity): count positions with one table, emptied first.
 */
#include <stdlib.h>
#include <time.h>
#include "_search_cpu.h"

static HState state;
static HEntry entries[1 << 15];

double core_table(const uint64_t* positions, int count, int active, int leader, int declarers,
                  int* values, uint64_t* cards) {
    static int ready = 0;
    static hasen_solve_fn run;
    struct timespec t0, t1;
    int i;
    if (!ready) {
        hasen_fill_pack_tables();
        run = hasen_solver(hasen_fast_supported(), 0);
        ready = 1;
    }
    clock_gettime(CLOCK_MONOTONIC, &t0);
    state.table = entries;
    state.table_shift = 64 - 15;
    state.generation = (state.generation + 1) & 0xFFFF;
    if (state.generation == 0) {  /* as Searcher.clear() */
        memset(entries, 0, sizeof entries);
        state.generation = 1;
    }
    hasen_set_seats(&state, 4, active, (uint32_t)declarers);
    state.cards = 0;
    for (i = 0; i < count; i++) {
        memcpy(state.hands, positions + 4 * i, 4 * sizeof(uint64_t));
        values[i] = run(&state, leader, 0, leader, 0, 0, 0, leader);
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    *cards = state.cards;
    return (t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec);
}
