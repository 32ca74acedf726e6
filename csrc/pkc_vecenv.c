/*
 * A batch of no-limit hold'em tables of 2 to PKC_MAX_SEATS seats stepped in
 * C: the core of pokerkit_core.envs.VectorEnv (and of the AEC environment's
 * fast path).  Portable C99, no Python API: the caller (Python through cffi)
 * owns every buffer and passes its size; nothing here allocates.
 *
 * The rules are the engine's (src/pokerkit_core/engine/state.py) for one
 * case: every seat dealt in, default no-limit rules, blinds and an ante from
 * every seat (or none) and no straddles, one board, every hand starting from
 * the configured stacks (each above the big blind plus the ante), the button
 * moving one seat each hand (the dead-button rule with every seat live),
 * side pots and the odd chip as engine/pots.py pays them.  The Python engine
 * is the reference: tests/test_vecenv.py plays random batches here and in
 * the engine and compares every observation, mask, reward and flag.
 *
 * The random draws are the single environments' (src/pokerkit_core/envs/
 * hands.py), so a table seeded like HoldemAECEnv.reset(seed=s) deals the same
 * hands:
 *   - each table's episode generator is NumPy's PCG64 (its state set from
 *     Python, SeedSequence included), drawn as numpy.random.Generator does:
 *     integers(n) (the button) is Lemire's bounded draw from a buffered
 *     32-bit half (for n = 2 its top bit), integers(2**63) (a deal seed) is
 *     a 64-bit draw shifted right once;
 *   - each hand's cards come from CPython's random.Random(deal_seed)
 *     (MT19937, init_by_array over the seed's 32-bit words) through the
 *     engine's draw_codes: one getrandbits(bit_length(52!/(52-k)!)) value
 *     below 52!/(52-k)! (k = 2 n + 5 cards; up to 143 bits, kept in 32-bit
 *     words), read as the digits of a partial Fisher-Yates shuffle.
 */
#include <stdint.h>
#include <string.h>

#include "pkc.h"

#define VEC_MAGIC 0x50564e4cu /* a seeded table */
#define VEC_SEATS PKC_MAX_SEATS
#define VEC_CARDS (2 * VEC_SEATS + 5)
#define VEC_MAX_TOTAL ((int64_t)1 << 31) /* chips at one table */
#define VEC_MAX_HANDS ((int64_t)1 << 30)
#define VEC_WORDS 5 /* 32-bit words of 52!/27! (143 bits) */

typedef struct {
    uint32_t magic;
    uint32_t has32;    /* PCG64's buffered upper half: set, and its value */
    uint32_t u32;
    int32_t n;         /* seats */
    int32_t button;    /* heads-up it posts the small blind */
    int32_t to_act;    /* -1 once the hand is over */
    int32_t street;    /* 0 pre-flop .. 3 river, 4 hand over */
    int32_t board_n;   /* board cards dealt (shown) */
    int32_t hand;      /* 1-based hand number in the episode */
    int64_t call_to;   /* street total to match */
    int64_t min_inc;   /* the last full raise */
    int64_t stacks[VEC_SEATS], bets[VEC_SEATS], contribs[VEC_SEATS], acted[VEC_SEATS];
    uint8_t folded[VEC_SEATS];
    uint8_t cards[VEC_CARDS + 1]; /* deal order: each seat's two, seat 0 first, then the board */
    uint64_t pcg[4];   /* state high, low; increment high, low */
    uint64_t seed;     /* this hand's deal seed */
} vec_table;

/* cfg: seats n, small blind, big blind, ante, hands per episode, random
 * button (0/1), configured button, number of pot fractions k, then the n
 * stacks, then k (numerator, denominator) pairs. */
enum { C_N, C_SB, C_BB, C_ANTE, C_HANDS, C_RANDOM, C_BUTTON, C_K, C_STACKS };

typedef struct {
    int n;
    int64_t sb, bb, ante, hands, random_button, button;
    int64_t stack[VEC_SEATS];
    int k;
    int64_t num[PKC_VEC_MAX_FRACTIONS], den[PKC_VEC_MAX_FRACTIONS];
} vec_config;

static int read_config(const int64_t *cfg, size_t len, vec_config *c)
{
    int i;
    int64_t total = 0;
    if (cfg == NULL || len < C_STACKS) {
        return 0;
    }
    if (cfg[C_N] < 2 || cfg[C_N] > VEC_SEATS || cfg[C_K] < 0 || cfg[C_K] > PKC_VEC_MAX_FRACTIONS
        || len != (size_t)(C_STACKS + cfg[C_N] + 2 * cfg[C_K])) {
        return 0;
    }
    c->n = (int)cfg[C_N];
    c->k = (int)cfg[C_K];
    c->sb = cfg[C_SB];
    c->bb = cfg[C_BB];
    c->ante = cfg[C_ANTE];
    c->hands = cfg[C_HANDS];
    c->random_button = cfg[C_RANDOM];
    c->button = cfg[C_BUTTON];
    if (c->bb < 1 || c->sb < 1 || c->sb > c->bb || c->ante < 0 || c->ante > VEC_MAX_TOTAL || c->hands < 1
        || c->hands > VEC_MAX_HANDS || (c->random_button != 0 && c->random_button != 1) || c->button < 0
        || c->button >= c->n) {
        return 0;
    }
    for (i = 0; i < c->n; i++) {
        c->stack[i] = cfg[C_STACKS + i];
        if (c->stack[i] <= c->bb + c->ante || c->stack[i] > VEC_MAX_TOTAL) {
            return 0;
        }
        total += c->stack[i];
    }
    if (total > VEC_MAX_TOTAL) {
        return 0;
    }
    for (i = 0; i < c->k; i++) {
        c->num[i] = cfg[C_STACKS + c->n + 2 * i];
        c->den[i] = cfg[C_STACKS + c->n + 2 * i + 1];
        if (c->num[i] < 1 || c->den[i] < 1 || c->num[i] > INT32_MAX || c->den[i] > INT32_MAX) {
            return 0;
        }
    }
    return 1;
}

/* ---- NumPy's PCG64 (XSL-RR 128/64), 128-bit arithmetic in 64-bit halves -- */

static void mul64(uint64_t a, uint64_t b, uint64_t *hi, uint64_t *lo)
{
    uint64_t a0 = a & 0xffffffffu, a1 = a >> 32, b0 = b & 0xffffffffu, b1 = b >> 32;
    uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    uint64_t mid = (p00 >> 32) + (p01 & 0xffffffffu) + (p10 & 0xffffffffu);
    *lo = (mid << 32) | (p00 & 0xffffffffu);
    *hi = p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
}

static uint64_t pcg_next64(vec_table *t)
{
    static const uint64_t mult_hi = 0x2360ED051FC65DA4ULL, mult_lo = 0x4385DF649FCCF645ULL;
    uint64_t hi, lo, xored;
    unsigned rot;
    mul64(t->pcg[1], mult_lo, &hi, &lo);
    hi += t->pcg[0] * mult_lo + t->pcg[1] * mult_hi;
    lo += t->pcg[3];
    hi += t->pcg[2] + (lo < t->pcg[3]);
    t->pcg[0] = hi;
    t->pcg[1] = lo;
    xored = hi ^ lo;
    rot = (unsigned)(hi >> 58);
    return (xored >> rot) | (xored << ((64 - rot) & 63));
}

static uint32_t pcg_next32(vec_table *t)
{
    uint64_t next;
    if (t->has32) {
        t->has32 = 0;
        return t->u32;
    }
    next = pcg_next64(t);
    t->has32 = 1;
    t->u32 = (uint32_t)(next >> 32);
    return (uint32_t)(next & 0xffffffffu);
}

/* ---- CPython's random.Random: MT19937 seeded by init_by_array ----------- */

typedef struct {
    uint32_t mt[624];
    int i;
} mt_state;

static void mt_seed(mt_state *s, uint64_t seed)
{
    uint32_t key[2];
    int keys = seed >> 32 ? 2 : 1, i = 1, j = 0, k;
    key[0] = (uint32_t)seed;
    key[1] = (uint32_t)(seed >> 32);
    s->mt[0] = 19650218u;
    for (k = 1; k < 624; k++) {
        s->mt[k] = 1812433253u * (s->mt[k - 1] ^ (s->mt[k - 1] >> 30)) + (uint32_t)k;
    }
    for (k = 624; k; k--) {
        s->mt[i] = (s->mt[i] ^ ((s->mt[i - 1] ^ (s->mt[i - 1] >> 30)) * 1664525u)) + key[j] + (uint32_t)j;
        i++;
        j++;
        if (i >= 624) {
            s->mt[0] = s->mt[623];
            i = 1;
        }
        if (j >= keys) {
            j = 0;
        }
    }
    for (k = 623; k; k--) {
        s->mt[i] = (s->mt[i] ^ ((s->mt[i - 1] ^ (s->mt[i - 1] >> 30)) * 1566083941u)) - (uint32_t)i;
        i++;
        if (i >= 624) {
            s->mt[0] = s->mt[623];
            i = 1;
        }
    }
    s->mt[0] = 0x80000000u;
    s->i = 624;
}

static uint32_t mt_temper(uint32_t y)
{
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c5680u;
    y ^= (y << 15) & 0xefc60000u;
    y ^= y >> 18;
    return y;
}

static uint32_t mt_twisted(const mt_state *s, int k)
{
    uint32_t y = (s->mt[k] & 0x80000000u) | (s->mt[(k + 1) % 624] & 0x7fffffffu);
    return s->mt[(k + 397) % 624] ^ (y >> 1) ^ ((y & 1u) ? 0x9908b0dfu : 0u);
}

/* The next output.  A freshly seeded state (i == 624 after mt_seed) is not
 * twisted at once: output k < 227 of the first twist reads only mt[k],
 * mt[k + 1] and mt[k + 397], which the twist has not changed yet when it
 * writes mt[k], so those outputs are computed one by one (fresh counts
 * them, from 0; a deal uses a few) and the whole twist is done only when
 * output 227 is asked for. */
static uint32_t mt_next(mt_state *s, int *fresh)
{
    if (*fresh >= 0) {
        if (*fresh < 227) {
            return mt_temper(mt_twisted(s, (*fresh)++));
        }
        s->i = 624;
    }
    if (s->i >= 624) {
        int k;
        for (k = 0; k < 624; k++) {
            s->mt[k] = mt_twisted(s, k);
        }
        s->i = *fresh >= 0 ? *fresh : 0;
        *fresh = -1;
    }
    return mt_temper(s->mt[s->i++]);
}

/* numpy's integers(bound) for 2 <= bound <= 10: Lemire's method on the
 * buffered 32-bit draws (buffered_bounded_lemire_uint32). */
static uint32_t pcg_bounded(vec_table *t, uint32_t bound)
{
    uint64_t m = (uint64_t)pcg_next32(t) * bound;
    uint32_t leftover = (uint32_t)m;
    if (leftover < bound) {
        uint32_t threshold = (UINT32_MAX - (bound - 1)) % bound;
        while (leftover < threshold) {
            m = (uint64_t)pcg_next32(t) * bound;
            leftover = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

/* The engine's draw_codes(random.Random(seed), list(range(52)), count):
 * total = 52!/(52-count)! and the drawn value in 32-bit words, least
 * significant first (getrandbits' order: the last word keeps its top bits). */
static void draw_cards(uint64_t seed, int count, uint8_t *out)
{
    mt_state s;
    uint32_t total[VEC_WORDS], value[VEC_WORDS];
    uint8_t pool[52];
    int bits, words, i, w, fresh = 0;
    memset(total, 0, sizeof total);
    total[0] = 1;
    for (i = 0; i < count; i++) {
        uint64_t carry = 0;
        for (w = 0; w < VEC_WORDS; w++) {
            uint64_t p = (uint64_t)total[w] * (uint64_t)(52 - i) + carry;
            total[w] = (uint32_t)p;
            carry = p >> 32;
        }
    }
    for (w = VEC_WORDS - 1; w > 0 && !total[w]; w--) {
    }
    bits = 32 * w;
    {
        uint32_t top = total[w];
        while (top) {
            bits++;
            top >>= 1;
        }
    }
    words = (bits - 1) / 32 + 1;
    mt_seed(&s, seed);
    for (;;) {
        int left = bits, below = 0;
        memset(value, 0, sizeof value);
        for (w = 0; w < words; w++, left -= 32) {
            uint32_t r = mt_next(&s, &fresh);
            value[w] = left < 32 ? r >> (32 - left) : r;
        }
        for (w = VEC_WORDS - 1; w >= 0; w--) {
            if (value[w] != total[w]) {
                below = value[w] < total[w];
                break;
            }
        }
        if (below) {
            break;
        }
    }
    for (i = 0; i < 52; i++) {
        pool[i] = (uint8_t)i;
    }
    for (i = 0; i < count; i++) {
        uint32_t radix = (uint32_t)(52 - i);
        uint64_t rem = 0;
        int j;
        uint8_t swap;
        for (w = VEC_WORDS - 1; w >= 0; w--) {
            uint64_t cur = (rem << 32) | value[w];
            value[w] = (uint32_t)(cur / radix);
            rem = cur % radix;
        }
        j = i + (int)rem;
        swap = pool[i];
        pool[i] = pool[j];
        pool[j] = swap;
        out[i] = pool[i];
    }
}

/* ---- the betting (engine: _find_actor, _raise_window, act, _close_round) -- */

static int sb_seat(const vec_table *t)
{
    return t->n == 2 ? t->button : (t->button + 1) % t->n;
}

/* The first seat to act after the flop: heads-up the big blind, else the
 * seat left of the button. */
static int postflop_start(const vec_table *t)
{
    return (t->button + 1) % t->n;
}

static int in_hand(const vec_table *t)
{
    int k, count = 0;
    for (k = 0; k < t->n; k++) {
        count += !t->folded[k];
    }
    return count;
}

static int find_actor(const vec_table *t, int start)
{
    int n = t->n, active = 0, k;
    for (k = 0; k < n; k++) {
        active += !t->folded[k] && t->stacks[k];
    }
    for (k = 0; k < n; k++) {
        int seat = (start + k) % n;
        if (t->folded[seat] || !t->stacks[seat]) {
            continue;
        }
        if (active > 1) {
            if (t->bets[seat] < t->call_to || t->acted[seat] < 0) {
                return seat;
            }
        } else if (t->bets[seat] < t->call_to) {
            int64_t top = 0;
            int s;
            for (s = 0; s < n; s++) {
                if (s != seat && !t->folded[s] && t->bets[s] > top) {
                    top = t->bets[s];
                }
            }
            if (t->bets[seat] < top) {
                return seat;
            }
        }
    }
    return -1;
}

typedef struct {
    int64_t owe;     /* call amount (0 when checking) */
    int64_t min_to;  /* min raise-to, max raise-to (= all-in total) */
    int64_t max_to;
    int raise;       /* a bet or raise is allowed */
} vec_legal;

static void legal_of(const vec_table *t, int seat, vec_legal *l)
{
    int64_t bet = t->bets[seat], stack = t->stacks[seat], total = bet + stack;
    int64_t owe = t->call_to - bet;
    int other, deeper = 0;
    if (owe > stack) {
        owe = stack;
    }
    for (other = 0; other < t->n; other++) {
        if (other != seat && !t->folded[other] && t->stacks[other]
            && t->bets[other] + t->stacks[other] > t->call_to) {
            deeper = 1;
            break;
        }
    }
    l->owe = owe > 0 ? owe : 0;
    l->min_to = t->call_to + t->min_inc < total ? t->call_to + t->min_inc : total;
    l->max_to = total;
    l->raise = total > t->call_to && deeper && (t->acted[seat] < 0 || t->call_to - t->acted[seat] >= t->min_inc);
}

static int64_t pot_of(const vec_table *t)
{
    int64_t pot = 0;
    int k;
    for (k = 0; k < t->n; k++) {
        pot += t->contribs[k];
    }
    return pot;
}

/* The raise-to of discrete index i >= 2 (0 when the index is masked). */
static int64_t discrete_to(const vec_table *t, const vec_config *c, const vec_legal *l, int i)
{
    int64_t to;
    if (!l->raise) {
        return 0;
    }
    if (i == 2) {
        return l->min_to < l->max_to ? l->min_to : 0;
    }
    if (i == 3 + c->k) {
        return l->max_to;
    }
    to = t->call_to + (c->num[i - 3] * (pot_of(t) + l->owe)) / c->den[i - 3];
    return l->min_to < to && to < l->max_to ? to : 0;
}

/* Pay the pots (engine/pots.py: one pot per contribution level of the seats
 * still in, chips of folded seats above the top level in the last; each to
 * the best hand among its eligible seats, equal hands splitting it and the
 * odd chips going one each to the winners clockwise from the seat left of
 * the button), then write every seat's result in big blinds. */
static void finish(vec_table *t, const vec_config *c, double *reward)
{
    int n = t->n, k;
    if (in_hand(t) == 1) {
        int winner = 0;
        while (t->folded[winner]) {
            winner++;
        }
        t->stacks[winner] += pot_of(t);
    } else {
        uint8_t hand[7];
        int value[VEC_SEATS];
        int64_t amount[VEC_SEATS], level[VEC_SEATS], prev = 0, extra = 0;
        int pots = 0, p;
        for (k = 0; k < n; k++) {
            value[k] = 0;
            if (!t->folded[k]) {
                memcpy(hand, t->cards + 2 * k, 2);
                memcpy(hand + 2, t->cards + 2 * n, 5);
                value[k] = pkc_eval_codes(hand, 7);
            }
        }
        for (;;) { /* the levels: the contributions of the seats still in, rising */
            int64_t next = -1, sum = 0;
            for (k = 0; k < n; k++) {
                if (!t->folded[k] && t->contribs[k] > prev && (next < 0 || t->contribs[k] < next)) {
                    next = t->contribs[k];
                }
            }
            if (next < 0) {
                break;
            }
            for (k = 0; k < n; k++) {
                if (t->contribs[k] > prev) {
                    sum += (t->contribs[k] < next ? t->contribs[k] : next) - prev;
                }
            }
            level[pots] = next;
            amount[pots++] = sum;
            prev = next;
        }
        for (k = 0; k < n; k++) {
            if (t->contribs[k] > prev) {
                extra += t->contribs[k] - prev;
            }
        }
        if (pots > 0) { /* (always: a seat still in has put chips in) */
            amount[pots - 1] += extra;
        }
        for (p = 0; p < pots; p++) {
            int best = 0, count = 0, odd, step;
            int64_t base;
            for (k = 0; k < n; k++) {
                if (!t->folded[k] && t->contribs[k] >= level[p] && value[k] > best) {
                    best = value[k];
                }
            }
            for (k = 0; k < n; k++) {
                count += !t->folded[k] && t->contribs[k] >= level[p] && value[k] == best;
            }
            base = amount[p] / count;
            odd = (int)(amount[p] % count);
            for (step = 1; step <= n; step++) {
                int s = (t->button + step) % n;
                if (!t->folded[s] && t->contribs[s] >= level[p] && value[s] == best) {
                    t->stacks[s] += base + (odd > 0);
                    odd--;
                }
            }
        }
    }
    for (k = 0; k < n; k++) {
        reward[k] = (double)(t->stacks[k] - c->stack[k]) / (double)c->bb;
        t->bets[k] = 0;
        t->acted[k] = -1;
    }
    t->street = 4;
    t->to_act = -1;
    t->call_to = t->min_inc = 0;
}

static const int board_at[4] = {0, 3, 4, 5};

/* The betting round is over: the uncalled bet back, then the next street or
 * the end of the hand (rewards written; 1 returned). */
static int close_round(vec_table *t, const vec_config *c, double *reward)
{
    int n = t->n, owner = -1, ties = 0, able = 0, k;
    int64_t top = 0, second = 0;
    for (k = 0; k < n; k++) {
        if (t->bets[k] > top) {
            top = t->bets[k];
            owner = k;
            ties = 1;
        } else if (t->bets[k] == top) {
            ties++;
        }
    }
    if (top && ties == 1) {
        int64_t back;
        for (k = 0; k < n; k++) {
            if (k != owner && t->bets[k] > second) {
                second = t->bets[k];
            }
        }
        back = top - second;
        t->stacks[owner] += back;
        t->bets[owner] = second;
        t->contribs[owner] -= back;
    }
    if (in_hand(t) == 1) {
        finish(t, c, reward);
        return 1;
    }
    for (k = 0; k < n; k++) {
        able += !t->folded[k] && t->stacks[k];
    }
    if (t->street == 3 || able < 2) {
        /* a contribution above every other one (an ante nobody matched) goes
         * back (engine: _return_unmatched_ante) */
        top = 0;
        owner = -1;
        ties = 0;
        for (k = 0; k < n; k++) {
            if (t->contribs[k] > top) {
                top = t->contribs[k];
                owner = k;
                ties = 1;
            } else if (t->contribs[k] == top) {
                ties++;
            }
        }
        if (ties == 1 && owner >= 0 && !t->folded[owner]) {
            second = 0;
            for (k = 0; k < n; k++) {
                if (k != owner && t->contribs[k] > second) {
                    second = t->contribs[k];
                }
            }
            t->stacks[owner] += top - second;
            t->contribs[owner] = second;
        }
        t->board_n = 5;
        finish(t, c, reward);
        return 1;
    }
    t->street++;
    t->board_n = board_at[t->street];
    for (k = 0; k < n; k++) {
        t->bets[k] = 0;
        t->acted[k] = -1;
    }
    t->call_to = 0;
    t->min_inc = c->bb;
    t->to_act = find_actor(t, postflop_start(t));
    return 0;
}

static int advance(vec_table *t, const vec_config *c, int start, double *reward)
{
    if (in_hand(t) > 1) {
        int seat = find_actor(t, start % t->n);
        if (seat >= 0) {
            t->to_act = seat;
            return 0;
        }
    }
    return close_round(t, c, reward);
}

/* Play discrete index i (already checked legal) for the seat to act. */
static int play(vec_table *t, const vec_config *c, int i, double *reward)
{
    int seat = t->to_act;
    vec_legal l;
    int64_t add = 0;
    legal_of(t, seat, &l);
    if (i == 0) {
        t->folded[seat] = 1;
        return advance(t, c, seat + 1, reward);
    }
    if (i == 1) {
        add = l.owe;
    } else {
        int64_t to = discrete_to(t, c, &l, i);
        int64_t inc = to - t->call_to;
        add = to - t->bets[seat];
        if (inc >= t->min_inc) {
            t->min_inc = inc;
        }
        t->call_to = to;
    }
    t->stacks[seat] -= add;
    t->bets[seat] += add;
    t->contribs[seat] += add;
    t->acted[seat] = t->call_to;
    return advance(t, c, seat + 1, reward);
}

static void deal_hand(vec_table *t, const vec_config *c)
{
    int n = c->n, sb = sb_seat(t), bb = (sb + 1) % n, k;
    t->seed = pcg_next64(t) >> 1;
    draw_cards(t->seed, 2 * n + 5, t->cards);
    t->hand++;
    for (k = 0; k < n; k++) {
        t->stacks[k] = c->stack[k] - c->ante;
        t->contribs[k] = c->ante;
        t->bets[k] = 0;
        t->folded[k] = 0;
        t->acted[k] = -1;
    }
    t->bets[sb] = c->sb;
    t->bets[bb] = c->bb;
    t->contribs[sb] += c->sb;
    t->contribs[bb] += c->bb;
    t->stacks[sb] -= c->sb;
    t->stacks[bb] -= c->bb;
    t->call_to = c->bb;
    t->min_inc = c->bb;
    t->street = 0;
    t->board_n = 0;
    t->to_act = find_actor(t, (bb + 1) % n);
}

static void start_episode(vec_table *t, const vec_config *c)
{
    t->n = c->n;
    t->button = c->random_button ? (int32_t)pcg_bounded(t, (uint32_t)c->n) : (int32_t)c->button;
    t->hand = 0;
    deal_hand(t, c);
}

/* A table as this file leaves it (a caller may have written over it). */
static int table_ok(const vec_table *t, const vec_config *c)
{
    int n = c->n, k;
    int64_t total = 0;
    if (t->magic != VEC_MAGIC || t->n != n || t->button < 0 || t->button >= n || t->to_act < -1
        || t->to_act >= n || t->street < 0 || t->street > 4 || t->hand < 0 || t->hand > c->hands) {
        return 0;
    }
    if ((t->street < 4 && t->board_n != board_at[t->street]) || t->board_n < 0 || t->board_n > 5) {
        return 0;
    }
    for (k = 0; k < 2 * n + 5; k++) {
        if (t->cards[k] > 51) {
            return 0;
        }
    }
    for (k = 0; k < n; k++) {
        total += c->stack[k];
    }
    for (k = 0; k < n; k++) {
        if (t->stacks[k] < 0 || t->bets[k] < 0 || t->contribs[k] < t->bets[k] || t->stacks[k] > total
            || t->contribs[k] > c->stack[k] || t->acted[k] < -1 || t->acted[k] > total
            || (t->folded[k] != 0 && t->folded[k] != 1)) {
            return 0;
        }
    }
    return t->call_to >= 0 && t->call_to <= total && t->min_inc >= 0 && t->min_inc <= total
           && (t->to_act < 0 || !t->folded[t->to_act]) && (t->to_act >= 0) == (t->street < 4);
}

/* ---- the observation (envs/encoding.py ObservationEncoder) -------------- */

static void mask_of(const vec_table *t, const vec_config *c, int8_t *mask)
{
    int n_mask = 4 + c->k, i;
    vec_legal l;
    memset(mask, 0, (size_t)n_mask);
    legal_of(t, t->to_act, &l);
    mask[0] = l.owe > 0;
    mask[1] = 1;
    for (i = 2; i < n_mask; i++) {
        mask[i] = discrete_to(t, c, &l, i) != 0;
    }
}

static void encode(const vec_table *t, const vec_config *c, int seat, float *out, int8_t *mask)
{
    int n = t->n, n_mask = 4 + c->k, over = t->to_act < 0, k, status;
    int64_t amounts[7] = {0, 0, 0, 0, 0, 0, 0};
    uint8_t cards[7], folded[VEC_SEATS], all_in[VEC_SEATS], flags[4 + PKC_VEC_MAX_FRACTIONS];
    memset(mask, 0, (size_t)n_mask);
    amounts[0] = pot_of(t);
    amounts[1] = t->call_to;
    if (t->to_act == seat) {
        vec_legal l;
        legal_of(t, seat, &l);
        amounts[2] = l.owe;
        amounts[3] = l.min_to;
        amounts[4] = l.max_to;
        amounts[5] = l.raise;
        amounts[6] = 1;
        mask_of(t, c, mask);
    }
    for (k = 0; k < n; k++) {
        folded[k] = t->folded[k];
        all_in[k] = !t->folded[k] && (over ? t->contribs[k] == c->stack[k] : t->stacks[k] == 0);
    }
    for (k = 0; k < n_mask; k++) {
        flags[k] = (uint8_t)mask[k];
    }
    cards[0] = t->cards[2 * seat];
    cards[1] = t->cards[2 * seat + 1];
    memcpy(cards + 2, t->cards + 2 * n, 5);
    status = pkc_encode_seat(n, seat, cards, 2, t->board_n, t->street, amounts, t->stacks, t->bets, folded,
                             all_in, t->button, t->to_act, flags, n_mask, c->bb, out,
                             (size_t)(PKC_VEC_OBS_BASE + 7 * n + n_mask));
    (void)status; /* PKC_OK: every argument was checked with the table */
}

/* ---- the entry points (pkc.h) ------------------------------------------- */

size_t pkc_vec_table_bytes(void)
{
    return sizeof(vec_table);
}

int pkc_vec_seed(uint8_t *tables, size_t n, size_t index, const uint64_t *pcg, uint32_t has_uint32,
                 uint32_t uinteger)
{
    vec_table *t;
    if (tables == NULL || pcg == NULL || index >= n || has_uint32 > 1) {
        return PKC_E_ARG;
    }
    t = (vec_table *)tables + index;
    memset(t, 0, sizeof *t);
    memcpy(t->pcg, pcg, sizeof t->pcg);
    t->has32 = has_uint32;
    t->u32 = uinteger;
    t->magic = VEC_MAGIC;
    t->to_act = -1;
    t->street = 4;
    return PKC_OK;
}

int pkc_vec_start(uint8_t *tables, size_t n, const int64_t *cfg, size_t cfg_len)
{
    vec_config c;
    size_t i;
    if (tables == NULL || !read_config(cfg, cfg_len, &c)) {
        return PKC_E_ARG;
    }
    for (i = 0; i < n; i++) {
        if (((vec_table *)tables)[i].magic != VEC_MAGIC) {
            return PKC_E_ARG;
        }
    }
    for (i = 0; i < n; i++) {
        start_episode((vec_table *)tables + i, &c);
    }
    return PKC_OK;
}

int pkc_vec_step(uint8_t *tables, size_t n, const int64_t *cfg, size_t cfg_len, const int64_t *actions,
                 int auto_reset, double *rewards, size_t rewards_len, uint8_t *dones, size_t *bad_index)
{
    vec_config c;
    size_t i;
    int8_t mask[4 + PKC_VEC_MAX_FRACTIONS];
    if (tables == NULL || actions == NULL || rewards == NULL || dones == NULL || bad_index == NULL
        || !read_config(cfg, cfg_len, &c) || rewards_len / (size_t)c.n < n) {
        return PKC_E_ARG;
    }
    for (i = 0; i < n; i++) {
        const vec_table *t = (const vec_table *)tables + i;
        *bad_index = i;
        if (!table_ok(t, &c)) {
            return PKC_E_ARG;
        }
        if (t->to_act < 0) {
            return PKC_VEC_E_OVER;
        }
        if (actions[i] < 0 || actions[i] >= 4 + c.k) {
            return PKC_VEC_E_ILLEGAL;
        }
        mask_of(t, &c, mask);
        if (!mask[actions[i]]) {
            return PKC_VEC_E_ILLEGAL;
        }
    }
    for (i = 0; i < n; i++) {
        vec_table *t = (vec_table *)tables + i;
        double *reward = rewards + (size_t)c.n * i;
        int k;
        for (k = 0; k < c.n; k++) {
            reward[k] = 0.0;
        }
        dones[i] = 0;
        if (play(t, &c, (int)actions[i], reward)) {
            if (t->hand < c.hands) {
                t->button = (t->button + 1) % c.n; /* the dead-button rule, every seat live */
                deal_hand(t, &c);
            } else {
                dones[i] = 1;
                if (auto_reset) {
                    start_episode(t, &c);
                }
            }
        }
    }
    return PKC_OK;
}

int pkc_vec_observe(const uint8_t *tables, size_t n, const int64_t *cfg, size_t cfg_len, int seat,
                    float *obs, size_t obs_len, int8_t *masks, size_t mask_len, int32_t *to_act)
{
    vec_config c;
    size_t i, size, n_mask;
    if (tables == NULL || obs == NULL || masks == NULL || to_act == NULL || !read_config(cfg, cfg_len, &c)
        || seat < -1 || seat >= c.n) {
        return PKC_E_ARG;
    }
    n_mask = (size_t)(4 + c.k);
    size = PKC_VEC_OBS_BASE + 7 * (size_t)c.n + n_mask;
    if (obs_len / size < n || mask_len / n_mask < n) {
        return PKC_E_ARG;
    }
    for (i = 0; i < n; i++) {
        const vec_table *t = (const vec_table *)tables + i;
        if (!table_ok(t, &c) || (seat < 0 && t->to_act < 0)) {
            return PKC_E_ARG;
        }
    }
    for (i = 0; i < n; i++) {
        const vec_table *t = (const vec_table *)tables + i;
        int who = seat < 0 ? t->to_act : seat;
        to_act[i] = t->to_act;
        encode(t, &c, who, obs + i * size, masks + i * n_mask);
    }
    return PKC_OK;
}

int pkc_vec_inspect(const uint8_t *tables, size_t n, size_t index, int64_t *out, size_t out_len)
{
    const vec_table *t;
    int k;
    if (tables == NULL || out == NULL || index >= n || out_len < PKC_VEC_INSPECT_LEN) {
        return PKC_E_ARG;
    }
    t = (const vec_table *)tables + index;
    if (t->magic != VEC_MAGIC) {
        return PKC_E_ARG;
    }
    memset(out, 0, sizeof(int64_t) * PKC_VEC_INSPECT_LEN);
    out[0] = t->button;
    out[1] = t->to_act;
    out[2] = t->street;
    out[3] = t->hand;
    out[4] = (int64_t)(t->seed & 0x7fffffffffffffffULL);
    out[5] = t->call_to;
    out[6] = t->min_inc;
    out[7] = t->has32;
    out[8] = t->u32;
    for (k = 0; k < 4; k++) {
        memcpy(&out[9 + k], &t->pcg[k], sizeof t->pcg[k]); /* the bits, as int64 */
    }
    out[13] = t->n;
    for (k = 0; k < VEC_SEATS && k < t->n; k++) {
        out[14 + k] = t->stacks[k];
        out[14 + VEC_SEATS + k] = t->bets[k];
        out[14 + 2 * VEC_SEATS + k] = t->contribs[k];
        out[14 + 3 * VEC_SEATS + k] = t->folded[k];
    }
    for (k = 0; k < VEC_CARDS; k++) {
        out[14 + 4 * VEC_SEATS + k] = t->cards[k];
    }
    return PKC_OK;
}

/* ---- one seat of any table (the single environments' encoder) --------- */

int pkc_encode_seat(int n, int seat, const uint8_t *cards, int n_hole, int n_board, int street,
                    const int64_t *amounts, const int64_t *stacks, const int64_t *bets, const uint8_t *folded,
                    const uint8_t *all_in, int button, int to_act, const uint8_t *mask, int n_mask,
                    int64_t big_blind, float *out, size_t out_len)
{
    /* amounts: pot, call-to, and (legal present) call amount, min raise-to,
     * max raise-to, can raise (0/1), has legal (0/1) */
    int k, size;
    double bb = (double)big_blind;
    if (n < 2 || n > PKC_MAX_SEATS || seat < 0 || seat >= n || n_hole < 0 || n_hole > 2 || n_board < 0
        || n_board > 5 || street < 0 || street > 4 || to_act < -1 || to_act >= n || button < 0 || button >= n
        || n_mask < 0 || n_mask > 4 + PKC_VEC_MAX_FRACTIONS || big_blind < 1 || cards == NULL || amounts == NULL
        || stacks == NULL || bets == NULL || folded == NULL || all_in == NULL || mask == NULL || out == NULL) {
        return PKC_E_ARG;
    }
    size = 113 + 7 * n + n_mask;
    if (out_len < (size_t)size) {
        return PKC_E_ARG;
    }
    for (k = 0; k < n_hole + n_board; k++) {
        if (cards[k] > 51) {
            return PKC_E_CARD;
        }
    }
    memset(out, 0, sizeof(float) * (size_t)size);
    for (k = 0; k < n_hole; k++) {
        out[cards[k]] = 1.0f;
    }
    for (k = 0; k < n_board; k++) {
        out[52 + cards[n_hole + k]] = 1.0f;
    }
    out[104 + street] = 1.0f;
    out[109] = (float)((double)amounts[0] / bb);
    if (amounts[6]) {
        out[110] = (float)((double)amounts[2] / bb);
        if (amounts[5]) {
            out[111] = (float)((double)amounts[3] / bb);
            out[112] = (float)((double)amounts[4] / bb);
        }
    } else if (to_act >= 0) {
        int64_t owe = amounts[1] - bets[seat];
        if (owe > stacks[seat]) {
            owe = stacks[seat];
        }
        out[110] = (float)((double)(owe > 0 ? owe : 0) / bb);
    }
    for (k = 0; k < n; k++) {
        int s = (seat + k) % n;
        float *block = out + 113 + 6 * k;
        block[0] = (float)((double)stacks[s] / bb);
        block[1] = (float)((double)bets[s] / bb);
        if (!folded[s]) {
            block[2] = 1.0f;
            if (all_in[s]) {
                block[3] = 1.0f;
            }
        }
        block[4] = s == button ? 1.0f : 0.0f;
        block[5] = s == to_act ? 1.0f : 0.0f;
    }
    out[113 + 6 * n + seat] = 1.0f;
    for (k = 0; k < n_mask; k++) {
        out[113 + 7 * n + k] = mask[k] ? 1.0f : 0.0f;
    }
    return PKC_OK;
}
