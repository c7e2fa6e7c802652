/* The double-dummy search in C: the algorithm of _search_py.py (the same answers, not line
 * for line; see protocol.py), driven by the Searcher of _search.pyx.
 *
 * This file is the body only. _search_cpu.h includes it once per CPU target and table
 * width, with V(name) giving each copy its own function names, HASEN_FAST saying whether
 * the copy may use the instructions of x86-64-v3 (popcnt, lzcnt, tzcnt, pext), and
 * HASEN_SEATS the seats its tables have at most (4, or HASEN_MAX_SEATS for a wide table,
 * whose key holds 3-bit owners); a copy calls only functions of its own, so the whole
 * search of the fast copy runs in the fast code, and a table of four seats loops over four.
 *
 * Positions are in the layout of layout.py: a hand per seat as a 64-bit mask whose 16-bit
 * blocks are the effective suits ordered by power, trump in block 3 (HASEN_TRUMP_BLOCK).
 * Two sides play: the declaring seats (a mask, any seats) and the others, so nothing here
 * takes a seat's partner to be the seat opposite.
 */

static inline int V(popcount)(uint64_t x) {
#if HASEN_FAST || defined(__POPCNT__) || defined(__aarch64__)
    return __builtin_popcountll(x);
#else
    /* SWAR: without popcnt the builtin is a library call */
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
#endif
}

static inline int V(top_bit)(uint64_t mask) { return 63 - __builtin_clzll(mask); }
static inline int V(low_bit)(uint64_t mask) { return __builtin_ctzll(mask); }

/* every bit above card (any block); card < 64 */
static inline uint64_t V(above_bits)(int card) { return card < 63 ? ~((2ULL << card) - 1) : 0; }

static inline int V(beats)(int card, int best) {
    if ((card >> HASEN_BLOCK_SHIFT) == (best >> HASEN_BLOCK_SHIFT))
        return card > best;
    return (card >> HASEN_BLOCK_SHIFT) == HASEN_TRUMP_BLOCK;
}

static inline uint64_t V(in_play)(const HState* s) {
    uint64_t all = 0;
    int seat;
    for (seat = 0; seat < HASEN_SEATS; seat++)
        all |= s->hands[seat];
    return all;
}

/* the cards of the seats of a mask */
static inline uint64_t V(hands_of)(const HState* s, uint32_t seats) {
    uint64_t cards = 0;
    for (; seats; seats &= seats - 1)
        cards |= s->hands[V(low_bit)(seats)];
    return cards;
}

/* the power of a card for move ordering: its place in its block, trumps above all */
static inline int V(power)(int card) {
    return (card & (HASEN_BLOCK_BITS - 1)) + ((card >> HASEN_BLOCK_SHIFT) == HASEN_TRUMP_BLOCK ? HASEN_BLOCK_BITS : 0);
}

/* --- trick boundaries ------------------------------------------------------------------ */

static int V(last_trick)(const HState* s, int leader) {
    int seat = leader, win_seat = leader, win = V(top_bit)(s->hands[leader]), card, i;
    for (i = 1; i < s->nseats; i++) {
        seat = s->next_seat[seat];
        card = V(top_bit)(s->hands[seat]);
        if (V(beats)(card, win)) {
            win = card;
            win_seat = seat;
        }
    }
    return (s->declarers >> win_seat) & 1;
}

/* The position in relative ranks: per block, the owners (the seat's number: 2 bits, 3 at a
 * wide table) of the cards in play, packed low to high, and the count of cards in play per
 * block; then the leader and the declaring seats. A wide key has its top bit set, so the
 * two forms never meet in the table. */
static inline void V(make_key)(const HState* s, uint64_t in_play, int leader, uint64_t* owners, uint32_t* lengths) {
    /* each bit of the owner's seat number as a mask of the cards it is set for */
    uint64_t odd = s->hands[1] | s->hands[3], upper = s->hands[2] | s->hands[3], low, high, top = 0;
#if HASEN_SEATS > 4
    uint64_t wide = s->hands[4] | s->hands[5] | s->hands[6] | s->hands[7];
    odd |= s->hands[5] | s->hands[7];
    upper |= s->hands[6] | s->hands[7];
#endif
    uint32_t lens = 0;
    int block;
#if HASEN_FAST
    low = _pext_u64(odd, in_play);
    high = _pext_u64(upper, in_play);
#if HASEN_SEATS > 4
    top = _pext_u64(wide, in_play);
#endif
    for (block = 0; block < HASEN_NUM_BLOCKS; block++)
        lens |= (uint32_t)V(popcount)(in_play & HASEN_BLOCK(block)) << (4 * block);
#else
    int byte, shift, index = 0, mask, start = 0;
    low = high = 0;
    (void)block;
    for (byte = 0; byte < 2 * HASEN_NUM_BLOCKS; byte++) {
        shift = 8 * byte;
        mask = (int)((in_play >> shift) & 0xFF);
        if (mask) {
            low |= (uint64_t)hasen_pack[mask][(odd >> shift) & 0xFF] << index;
            high |= (uint64_t)hasen_pack[mask][(upper >> shift) & 0xFF] << index;
#if HASEN_SEATS > 4
            top |= (uint64_t)hasen_pack[mask][(wide >> shift) & 0xFF] << index;
#endif
            index += hasen_byte_count[mask];
        }
        if (byte & 1) {  /* a block is two bytes */
            lens |= (uint32_t)(index - start) << (2 * (byte - 1));
            start = index;
        }
    }
#endif
#if HASEN_SEATS > 4
    *owners = HASEN_WIDE_KEY | low | (high << HASEN_WIDE_KEY_CARDS) | (top << (2 * HASEN_WIDE_KEY_CARDS))
        | ((uint64_t)leader << (3 * HASEN_WIDE_KEY_CARDS)) | ((uint64_t)s->declarers << (3 * HASEN_WIDE_KEY_CARDS + 3));
#else
    (void)top;
    *owners = low | (high << HASEN_KEY_CARDS) | ((uint64_t)leader << (2 * HASEN_KEY_CARDS))
        | ((uint64_t)s->declarers << (2 * HASEN_KEY_CARDS + 3));
#endif
    *lengths = lens | ((uint32_t)s->generation << 16);
}

/* Each trump above all the other side's wins a trick for the side of seats, one per trick
 * (seats that do not play hold no cards): the most such trumps in one hand of the side. */
static inline int V(sure_trump_tricks)(const HState* s, uint64_t in_play, uint32_t seats, uint32_t others) {
    uint64_t theirs = V(hands_of)(s, others) & HASEN_TRUMP_MASK;
    uint64_t above = theirs ? HASEN_TRUMP_MASK & V(above_bits)(V(top_bit)(theirs)) : HASEN_TRUMP_MASK;
    int best = V(popcount)(in_play & above), count;  /* all of them, the side's */
    if (best <= 1)  /* no more than one: in one hand */
        return best;
    best = 0;
    for (; seats; seats &= seats - 1) {
        count = V(popcount)(s->hands[V(low_bit)(seats)] & above);
        best = count > best ? count : best;
    }
    return best;
}

/* Top trumps the leader can cash, then top plain cards that nobody can ruff. */
static int V(cashable)(const HState* s, uint64_t in_play, int leader, int n) {
    uint64_t hand = s->hands[leader], mine, other_block, ruffers[HASEN_SEATS];
    uint64_t others = in_play & ~hand;
    uint32_t seats;
    int block, run, tricks, drawn, length, nruffers = 0, i;
    if (others & HASEN_TRUMP_MASK)
        drawn = V(popcount)(hand & HASEN_TRUMP_MASK & V(above_bits)(V(top_bit)(others & HASEN_TRUMP_MASK)));
    else
        drawn = V(popcount)(hand & HASEN_TRUMP_MASK);
    for (seats = s->team[leader]; seats; seats &= seats - 1)
        if (V(popcount)(s->hands[V(low_bit)(seats)] & HASEN_TRUMP_MASK) > drawn)
            return drawn < n ? drawn : n;
    /* the opponents with a trump left once the top trumps are drawn */
    for (seats = s->foes[leader]; seats; seats &= seats - 1)
        if (V(popcount)(s->hands[V(low_bit)(seats)] & HASEN_TRUMP_MASK) > drawn)
            ruffers[nruffers++] = s->hands[V(low_bit)(seats)];
    tricks = drawn;
    for (block = 0; block < HASEN_TRUMP_BLOCK; block++) {
        mine = hand & HASEN_BLOCK(block);
        if (!mine)
            continue;
        other_block = others & HASEN_BLOCK(block);
        run = other_block ? V(popcount)(mine & V(above_bits)(V(top_bit)(other_block))) : V(popcount)(mine);
        for (i = 0; i < nruffers; i++) {
            length = V(popcount)(ruffers[i] & HASEN_BLOCK(block));
            run = length < run ? length : run;
        }
        tricks += run;
    }
    return tricks < n ? tricks : n;
}

static int V(lead)(HState* s, int seat, int alpha, int beta);

static int V(boundary)(HState* s, int leader, int alpha, int beta) {
    int n = V(popcount)(s->hands[leader]);
    int lo, hi, a, b, value, cash;
    uint64_t owners, in_play;
    uint32_t lengths;
    HEntry* entry;
    if (n == 0)
        return 0;
    s->nodes++;
    if (n == 1)
        return V(last_trick)(s, leader);
    /* quick bounds first: the trumps each side is sure of */
    in_play = V(in_play)(s);
    lo = V(sure_trump_tricks)(s, in_play, s->declarers, s->defenders);
    hi = n - V(sure_trump_tricks)(s, in_play, s->defenders, s->declarers);
    if (lo >= beta || lo == hi)
        return lo;
    if (hi <= alpha)
        return hi;
    V(make_key)(s, in_play, leader, &owners, &lengths);
    entry = &s->table[((owners * 0x9E3779B97F4A7C15ULL) ^ (lengths * 0xC2B2AE3D27D4EB4FULL)) >> s->table_shift];
    if (entry->owners == owners && entry->lengths == lengths) {
        if (entry->lower > lo)
            lo = entry->lower;
        if (entry->upper < hi)
            hi = entry->upper;
    } else {
        /* the leader's cashable winners, worth computing only where the table knew nothing */
        cash = V(cashable)(s, in_play, leader, n);
        if ((s->declarers >> leader) & 1) {
            if (cash > lo)
                lo = cash;
        } else if (n - cash < hi) {
            hi = n - cash;
        }
    }
    if (lo >= beta || lo == hi)
        return lo;
    if (hi <= alpha)
        return hi;
    a = alpha > lo ? alpha : lo;
    b = beta < hi ? beta : hi;
    value = V(lead)(s, leader, a, b);
    if (value <= a)
        hi = value;
    else if (value >= b)
        lo = value;
    else
        lo = hi = value;
    entry->owners = owners;
    entry->lengths = lengths;
    entry->lower = (uint8_t)lo;
    entry->upper = (uint8_t)hi;
    return value;
}

/* --- inside a trick -------------------------------------------------------------------- */

/* Insert card with key into moves/keys, kept in descending key (stable). */
static inline int V(insert)(int* moves, int* keys, int n_moves, int card, int key) {
    int j = n_moves;
    while (j > 0 && keys[j - 1] < key) {
        moves[j] = moves[j - 1];
        keys[j] = keys[j - 1];
        j--;
    }
    moves[j] = card;
    keys[j] = key;
    return n_moves + 1;
}

/* Of a run of cards next to each other among those in play, all in one hand, only the
 * lowest is tried: the hand's cards less those just above another of its cards, with
 * only gone cards between. All at once: a hand card's bit shifted up lands on the next card
 * when it is in play, else at the bottom of a run of gone bits, and adding it to those bits
 * carries it to the first card in play above them. A block's top bit stops the carry. */
static inline uint64_t V(run_lows)(uint64_t hand, uint64_t in_play) {
    uint64_t up = (hand << 1) & ~HASEN_BLOCK_BOTTOMS;
    uint64_t gone = ~in_play & ~HASEN_BLOCK_TOPS;
    uint64_t next = (gone + (up & gone)) & ~gone;
    return hand & ~(up | next);
}

static int V(follow)(HState* s, int ntrick, int seat, int lead_card, uint64_t in_play,
                     int win_card, int win_seat, int alpha, int beta);

/* After card is played to the trick by seat (the trick's ntrick-th card, from 0): the
 * value of the rest, straight to the next boundary when the trick is complete. */
static inline int V(after)(HState* s, int ntrick, int seat, int card, int lead_card, uint64_t in_play,
                           int win_card, int win_seat, int alpha, int beta) {
    int won;
    if (ntrick == 0 || V(beats)(card, win_card)) {
        win_card = card;
        win_seat = seat;
    }
    if (ntrick + 1 == s->nseats) {
        won = (s->declarers >> win_seat) & 1;
        return won + V(boundary)(s, win_seat, alpha - won, beta - won);
    }
    return V(follow)(s, ntrick + 1, s->next_seat[seat], lead_card, in_play, win_card, win_seat, alpha, beta);
}

/* The leader's candidate cards, one per run, best-looking first:
 * - a sure winner: the top plain card of its block that no opponent can ruff;
 * - a block the partner can ruff and the opponents follow;
 * - low to the partner's top card of a plain block that no opponent can ruff;
 * - a top trump (above every other trump in play), or low to the partner's top trump:
 *   after the ruffs and the partner's winners, since drawing trumps early takes the
 *   partner's ruffing trumps too;
 * ("the partner": the seat's side but itself, its cards as one hand; "an opponent": any
 * seat of the other side)
 * - any other plain card, high first;
 * - a trump below an opponent's, high first;
 * - last, low, a block an opponent can ruff. */
HASEN_INLINE int V(lead_moves)(const HState* s, int seat, uint64_t in_play, int* moves, int* keys) {
    int n_moves = 0, card, block, key, rank;
    uint64_t hand = s->hands[seat], rest = V(run_lows)(hand, in_play), others = in_play & ~hand, theirs, cover;
    uint64_t partner = V(hands_of)(s, s->team[seat]), foe, ruffed = 0;
    uint32_t seats;
    for (seats = s->foes[seat]; seats; seats &= seats - 1) {  /* the plain blocks an opponent can ruff */
        foe = s->hands[V(low_bit)(seats)];
        if (foe & HASEN_TRUMP_MASK)
            for (block = 0; block < HASEN_TRUMP_BLOCK; block++)
                if (!(foe & HASEN_BLOCK(block)))
                    ruffed |= HASEN_BLOCK(block);
    }
    while (rest) {
        card = V(low_bit)(rest);
        rest &= rest - 1;
        block = card >> HASEN_BLOCK_SHIFT;
        rank = card & (HASEN_BLOCK_BITS - 1);
        theirs = others & HASEN_BLOCK(block);
        cover = theirs & V(above_bits)(card);  /* the other seats' cards above it */
        if (block == HASEN_TRUMP_BLOCK) {
            if (!cover)
                key = KEY_TOP_TRUMP * 16 + rank;
            else if ((partner >> V(top_bit)(theirs)) & 1)
                key = KEY_TOP_TRUMP * 16 + 15 - rank;  /* it draws trumps as a top trump does */
            else
                key = KEY_LOW_TRUMP * 16 + rank;
        } else if (ruffed & HASEN_BLOCK(block)) {
            key = KEY_RUFFED * 16 + 15 - rank;
        } else if (!cover) {
            key = KEY_SURE * 16 + rank;
        } else if ((partner >> V(top_bit)(theirs)) & 1) {
            key = KEY_TO_PARTNER * 16 + 15 - rank;
        } else if (!(partner & HASEN_BLOCK(block)) && (partner & HASEN_TRUMP_MASK)) {
            key = KEY_PARTNER_RUFFS * 16 + 15 - rank;
        } else {
            key = KEY_OTHER * 16 + rank;
        }
        n_moves = V(insert)(moves, keys, n_moves, card, key);
    }
    return n_moves;
}

static inline int V(minimax)(int maximizing, int value, int* best, int* alpha, int* beta) {
    if (maximizing) {
        if (value > *best) {
            *best = value;
            if (value > *alpha)
                *alpha = value;
        }
    } else if (value < *best) {
        *best = value;
        if (value < *beta)
            *beta = value;
    }
    return *alpha >= *beta;
}

/* The killer lead: the lead that last cut off, in a position of the same leader and hand
 * size, where the lead tried first had not. Such positions, a few cards apart in the tree,
 * tend to share their refutation, so it goes ahead of the leads that look better only a
 * little (see KILLER_REACH). */
static inline void V(killer_first)(const HState* s, int seat, int* moves, const int* keys, int n_moves) {
    int killer = s->killer[seat][V(popcount)(s->hands[seat])], i, to = 0;
    for (i = 1; i < n_moves; i++)
        if (moves[i] == killer) {
            while ((keys[to] >> 4) > (keys[i] >> 4) + KILLER_REACH)
                to++;
            memmove(moves + to + 1, moves + to, (i - to) * sizeof(int));
            moves[to] = killer;
            return;
        }
}

static int V(lead)(HState* s, int seat, int alpha, int beta) {
    int moves[HASEN_MAX_MOVES], keys[HASEN_MAX_MOVES];
    int n_moves, i, card, best, maximizing = (s->declarers >> seat) & 1;
    uint64_t in_play = V(in_play)(s), bit;
    n_moves = V(lead_moves)(s, seat, in_play, moves, keys);
    V(killer_first)(s, seat, moves, keys, n_moves);
    best = maximizing ? -1 : 1000;
    for (i = 0; i < n_moves; i++) {
        card = moves[i];
        bit = 1ULL << card;
        s->hands[seat] ^= bit;
        s->cards++;
        int value = V(after)(s, 0, seat, card, card, in_play, 0, seat, alpha, beta);
        s->hands[seat] ^= bit;
        if (V(minimax)(maximizing, value, &best, &alpha, &beta)) {
            if (i > 0)
                s->killer[seat][V(popcount)(s->hands[seat])] = (int8_t)card;
            break;
        }
    }
    return best;
}

/* The follower's candidate cards, one per run, best-looking first. "Sure" is a card that
 * wins the trick whatever the opponents still to play hold:
 * - under a partner whose card is sure: low, and not over the partner;
 * - else the cheapest sure winner, then cards that win only for now, then low cards;
 * - a discard (void, not ruffing) from a short block first, low.
 * Following suit, every candidate is of one block, so each class is tried low to high as
 * its mask's bits come; only a void hand's cards, of several blocks, are sorted by key. */
HASEN_INLINE int V(follow_moves)(const HState* s, int ntrick, int seat, int led_block, uint64_t in_play,
                           int win_card, int win_seat, int* moves) {
    int keys[HASEN_MAX_MOVES];
    int n_moves = 0, card, key, i, later_seat, partner_sure, block;
    uint64_t hand = s->hands[seat], led = HASEN_BLOCK(led_block), legal = hand & led, rest, x;
    uint64_t safe = ~0ULL, winners, sure, classes[3];
    int discarding = !legal;
    if (discarding)
        legal = hand;
    rest = V(run_lows)(hand, in_play) & legal;
    if (!(rest & (rest - 1))) {  /* one candidate: nothing to order */
        moves[0] = V(low_bit)(rest);
        return 1;
    }
    /* the cards no opponent still to play to this trick can beat: above its top card of the
     * led block, or when void there, above its top trump (every card if it has none) */
    later_seat = seat;
    for (i = ntrick + 1; i < s->nseats; i++) {
        later_seat = s->next_seat[later_seat];
        if ((s->foes[seat] >> later_seat) & 1) {
            x = s->hands[later_seat] & led;
            if (!x)
                x = s->hands[later_seat] & HASEN_TRUMP_MASK;
            if (x)
                safe &= V(above_bits)(V(top_bit)(x));
        }
    }
    /* the cards that beat the trick's winner so far: higher of its block, or any trump
     * over a plain card */
    block = win_card >> HASEN_BLOCK_SHIFT;
    winners = HASEN_BLOCK(block) & V(above_bits)(win_card);
    if (block != HASEN_TRUMP_BLOCK)
        winners |= HASEN_TRUMP_MASK;
    winners &= rest;
    sure = winners & safe;
    partner_sure = !((s->foes[seat] >> win_seat) & 1) && ((safe >> win_card) & 1);
    if (!discarding) {
        if (partner_sure) {
            classes[0] = rest & ~winners;
            classes[1] = winners;
            classes[2] = 0;
        } else {
            classes[0] = sure;
            classes[1] = winners & ~sure;
            classes[2] = rest & ~winners;
        }
        for (i = 0; i < 3; i++)
            for (x = classes[i]; x; x &= x - 1)
                moves[n_moves++] = V(low_bit)(x);
        return n_moves;
    }
    while (rest) {
        card = V(low_bit)(rest);
        rest &= rest - 1;
        if ((winners >> card) & 1)
            key = partner_sure ? 10 : (sure >> card) & 1 ? 100 : 60;
        else
            key = 50;
        key -= V(power)(card);
        block = card >> HASEN_BLOCK_SHIFT;
        if (block != HASEN_TRUMP_BLOCK)
            key -= 2 * V(popcount)(hand & HASEN_BLOCK(block));
        n_moves = V(insert)(moves, keys, n_moves, card, key);
    }
    return n_moves;
}

/* The value with ntrick cards of the current trick played and seat to move. lead_card is
 * the trick's first card and in_play the cards in play when it began (the hands and the
 * trick's cards so far): parameters, not state, since deeper tricks reuse the state while
 * this one is open. */
static int V(follow)(HState* s, int ntrick, int seat, int lead_card, uint64_t in_play,
                     int win_card, int win_seat, int alpha, int beta) {
    int moves[HASEN_MAX_MOVES];
    int n_moves, i, card, best, maximizing = (s->declarers >> seat) & 1;
    uint64_t bit;
    n_moves = V(follow_moves)(s, ntrick, seat, lead_card >> HASEN_BLOCK_SHIFT, in_play, win_card, win_seat,
                              moves);
    best = maximizing ? -1 : 1000;
    for (i = 0; i < n_moves; i++) {
        card = moves[i];
        bit = 1ULL << card;
        s->hands[seat] ^= bit;
        s->cards++;
        int value = V(after)(s, ntrick, seat, card, lead_card, in_play, win_card, win_seat, alpha, beta);
        s->hands[seat] ^= bit;
        if (V(minimax)(maximizing, value, &best, &alpha, &beta))
            break;
    }
    return best;
}

/* The value of the loaded position: one search with the whole window (with the move
 * ordering above, fewer cards than halving the range with zero-window probes). */
static int V(solve)(HState* s, int leader, int ntrick, int seat, int lead_card, uint64_t played,
                    int win_card, int win_seat) {
    int n = 0, i;
    memset(s->killer, -1, sizeof s->killer);
    for (i = 0; i < HASEN_SEATS; i++)
        if (V(popcount)(s->hands[i]) > n)
            n = V(popcount)(s->hands[i]);
    if (ntrick)
        return V(follow)(s, ntrick, seat, lead_card, played | V(in_play)(s), win_card, win_seat, -1, n + 2);
    return V(boundary)(s, leader, -1, n + 1);
}
