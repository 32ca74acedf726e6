/*
 * A batch of heads-up no-limit hold'em tables stepped in C: the core of
 * pokerkit_core.envs.VectorEnv (and of the AEC environment's heads-up fast
 * path).  Portable C99, no Python API: the caller (Python through cffi) owns
 * every buffer and passes its size; nothing here allocates.
 *
 * The rules are the engine's (src/pokerkit_core/engine/state.py) for one
 * case only: two seats dealt in, default no-limit rules, blinds and no
 * antes or straddles, one board, every hand starting from the configured
 * stacks (each above the big blind).  The Python engine is the reference:
 * tests/test_vecenv.py plays random batches here and in the engine and
 * compares every observation, mask, reward and flag.
 *
 * The random draws are the single environments' (src/pokerkit_core/envs/
 * hands.py), so a table seeded like HoldemAECEnv.reset(seed=s) deals the same
 * hands:
 *   - each table's episode generator is NumPy's PCG64 (its state set from
 *     Python, SeedSequence included), drawn as numpy.random.Generator does:
 *     integers(2) (the button) is the top bit of a buffered 32-bit half,
 *     integers(2**63) (a deal seed) is a 64-bit draw shifted right once;
 *   - each hand's cards come from CPython's random.Random(deal_seed)
 *     (MT19937, init_by_array over the seed's 32-bit words) through the
 *     engine's draw_codes: one getrandbits(bit_length(52!/43!)) value below
 *     52!/43!, read as the digits of a partial Fisher-Yates shuffle.
 */
#include <stdint.h>
#include <string.h>

#include "pkc.h"

#define HU_MAGIC 0x50484e4cu /* a seeded table */
#define HU_CARDS 9           /* 2 + 2 hole cards, 5 board cards */
#define HU_MAX_CHIPS (1 << 30)

typedef struct {
    uint32_t magic;
    uint32_t has32;    /* PCG64's buffered upper half: set, and its value */
    uint32_t u32;
    int32_t button;    /* posts the small blind, acts first pre-flop */
    int32_t to_act;    /* -1 once the hand is over */
    int32_t street;    /* 0 pre-flop .. 3 river, 4 hand over */
    int32_t board_n;   /* board cards dealt (shown) */
    int32_t call_to;   /* street total to match */
    int32_t min_inc;   /* the last full raise */
    int32_t hand;      /* 1-based hand number in the episode */
    int32_t stacks[2], bets[2], contribs[2], acted[2], folded[2];
    uint64_t pcg[4];   /* state high, low; increment high, low */
    uint64_t seed;     /* this hand's deal seed */
    uint8_t cards[16]; /* deal order: seat 0's two, seat 1's two, the board */
} hu_table;

/* cfg: small blind, big blind, stack 0, stack 1, hands per episode, random
 * button (0/1), configured button, number of pot fractions k, then k
 * (numerator, denominator) pairs. */
enum { C_SB, C_BB, C_S0, C_S1, C_HANDS, C_RANDOM, C_BUTTON, C_K, C_FRACTIONS };

typedef struct {
    int64_t sb, bb, stack[2], hands, random_button, button;
    int k;
    int64_t num[PKC_HU_MAX_FRACTIONS], den[PKC_HU_MAX_FRACTIONS];
} hu_config;

static int read_config(const int64_t *cfg, size_t len, hu_config *c)
{
    int i;
    if (cfg == NULL || len < C_FRACTIONS) {
        return 0;
    }
    c->sb = cfg[C_SB];
    c->bb = cfg[C_BB];
    c->stack[0] = cfg[C_S0];
    c->stack[1] = cfg[C_S1];
    c->hands = cfg[C_HANDS];
    c->random_button = cfg[C_RANDOM];
    c->button = cfg[C_BUTTON];
    if (cfg[C_K] < 0 || cfg[C_K] > PKC_HU_MAX_FRACTIONS || len != (size_t)(C_FRACTIONS + 2 * cfg[C_K])) {
        return 0;
    }
    c->k = (int)cfg[C_K];
    if (c->bb < 1 || c->sb < 1 || c->sb > c->bb || c->hands < 1 || c->hands > HU_MAX_CHIPS
        || (c->random_button != 0 && c->random_button != 1) || c->button < 0 || c->button > 1) {
        return 0;
    }
    for (i = 0; i < 2; i++) {
        if (c->stack[i] <= c->bb || c->stack[i] > HU_MAX_CHIPS) {
            return 0;
        }
    }
    for (i = 0; i < c->k; i++) {
        c->num[i] = cfg[C_FRACTIONS + 2 * i];
        c->den[i] = cfg[C_FRACTIONS + 2 * i + 1];
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

static uint64_t pcg_next64(hu_table *t)
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

static uint32_t pcg_next32(hu_table *t)
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

static uint32_t mt_next(mt_state *s)
{
    uint32_t y;
    if (s->i >= 624) {
        int k;
        for (k = 0; k < 624; k++) {
            y = (s->mt[k] & 0x80000000u) | (s->mt[(k + 1) % 624] & 0x7fffffffu);
            s->mt[k] = s->mt[(k + 397) % 624] ^ (y >> 1) ^ ((y & 1u) ? 0x9908b0dfu : 0u);
        }
        s->i = 0;
    }
    y = s->mt[s->i++];
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c5680u;
    y ^= (y << 15) & 0xefc60000u;
    y ^= y >> 18;
    return y;
}

/* getrandbits(bits) for 33 <= bits <= 64: 32-bit words, least significant
 * first, the last one shifted down to the bits left. */
static uint64_t mt_bits(mt_state *s, int bits)
{
    uint64_t low = mt_next(s);
    uint64_t high = mt_next(s) >> (64 - bits);
    return low | (high << 32);
}

/* The engine's draw_codes(random.Random(seed), list(range(52)), 9). */
static void draw_cards(uint64_t seed, uint8_t out[HU_CARDS])
{
    mt_state s;
    uint8_t pool[52];
    uint64_t total = 1, value;
    int bits = 0, i;
    for (i = 0; i < HU_CARDS; i++) {
        total *= (uint64_t)(52 - i);
    }
    for (value = total; value; value >>= 1) {
        bits++;
    }
    mt_seed(&s, seed);
    do {
        value = mt_bits(&s, bits);
    } while (value >= total);
    for (i = 0; i < 52; i++) {
        pool[i] = (uint8_t)i;
    }
    for (i = 0; i < HU_CARDS; i++) {
        uint64_t radix = (uint64_t)(52 - i);
        int j = i + (int)(value % radix);
        uint8_t swap = pool[i];
        value /= radix;
        pool[i] = pool[j];
        pool[j] = swap;
        out[i] = pool[i];
    }
}

/* ---- the betting (engine: _find_actor, _raise_window, act, _close_round) -- */

static int find_actor(const hu_table *t, int start)
{
    int active = 0, k;
    for (k = 0; k < 2; k++) {
        active += !t->folded[k] && t->stacks[k];
    }
    for (k = 0; k < 2; k++) {
        int seat = (start + k) & 1;
        if (t->folded[seat] || !t->stacks[seat]) {
            continue;
        }
        if (active > 1) {
            if (t->bets[seat] < t->call_to || t->acted[seat] < 0) {
                return seat;
            }
        } else if (t->bets[seat] < t->call_to && !t->folded[1 - seat] && t->bets[seat] < t->bets[1 - seat]) {
            return seat;
        }
    }
    return -1;
}

typedef struct {
    int64_t owe;     /* call amount (0 when checking) */
    int64_t min_to;  /* min raise-to, max raise-to (= all-in total) */
    int64_t max_to;
    int raise;       /* a bet or raise is allowed */
} hu_legal;

static void legal_of(const hu_table *t, int seat, hu_legal *l)
{
    int other = 1 - seat;
    int64_t bet = t->bets[seat], stack = t->stacks[seat], total = bet + stack;
    int64_t owe = t->call_to - bet;
    if (owe > stack) {
        owe = stack;
    }
    l->owe = owe > 0 ? owe : 0;
    l->min_to = t->call_to + t->min_inc < total ? t->call_to + t->min_inc : total;
    l->max_to = total;
    l->raise = total > t->call_to && !t->folded[other] && t->stacks[other]
               && (int64_t)t->bets[other] + t->stacks[other] > t->call_to
               && (t->acted[seat] < 0 || t->call_to - t->acted[seat] >= t->min_inc);
}

/* The raise-to of discrete index i >= 2 (0 when the index is masked). */
static int64_t discrete_to(const hu_table *t, const hu_config *c, const hu_legal *l, int i)
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
    to = t->call_to + (c->num[i - 3] * ((int64_t)t->contribs[0] + t->contribs[1] + l->owe)) / c->den[i - 3];
    return l->min_to < to && to < l->max_to ? to : 0;
}

static void finish(hu_table *t, const hu_config *c, double *reward)
{
    int k;
    if (t->folded[0] || t->folded[1]) {
        int winner = t->folded[0] ? 1 : 0;
        t->stacks[winner] += t->contribs[0] + t->contribs[1];
    } else {
        uint8_t hand[7];
        int value[2], low = t->contribs[0] < t->contribs[1] ? t->contribs[0] : t->contribs[1];
        for (k = 0; k < 2; k++) {
            memcpy(hand, t->cards + 2 * k, 2);
            memcpy(hand + 2, t->cards + 4, 5);
            value[k] = pkc_eval_codes(hand, 7);
            t->stacks[k] += t->contribs[k] - low; /* (never: the bets are matched) */
        }
        if (value[0] == value[1]) {
            t->stacks[0] += low;
            t->stacks[1] += low;
        } else {
            t->stacks[value[0] > value[1] ? 0 : 1] += 2 * low;
        }
    }
    for (k = 0; k < 2; k++) {
        reward[k] = (double)((int64_t)t->stacks[k] - c->stack[k]) / (double)c->bb;
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
static int close_round(hu_table *t, const hu_config *c, double *reward)
{
    int top = t->bets[0] > t->bets[1] ? 0 : 1, k;
    if (t->bets[top] && t->bets[0] != t->bets[1]) {
        int back = t->bets[top] - t->bets[1 - top];
        t->stacks[top] += back;
        t->bets[top] -= back;
        t->contribs[top] -= back;
    }
    if (t->folded[0] || t->folded[1]) {
        finish(t, c, reward);
        return 1;
    }
    if (t->street == 3 || !t->stacks[0] || !t->stacks[1]) {
        t->board_n = 5;
        finish(t, c, reward);
        return 1;
    }
    t->street++;
    t->board_n = board_at[t->street];
    for (k = 0; k < 2; k++) {
        t->bets[k] = 0;
        t->acted[k] = -1;
    }
    t->call_to = 0;
    t->min_inc = (int32_t)c->bb;
    t->to_act = find_actor(t, 1 - t->button);
    return 0;
}

static int advance(hu_table *t, const hu_config *c, int start, double *reward)
{
    if (!t->folded[0] && !t->folded[1]) {
        int seat = find_actor(t, start);
        if (seat >= 0) {
            t->to_act = seat;
            return 0;
        }
    }
    return close_round(t, c, reward);
}

/* Play discrete index i (already checked legal) for the seat to act. */
static int play(hu_table *t, const hu_config *c, int i, double *reward)
{
    int seat = t->to_act;
    hu_legal l;
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
            t->min_inc = (int32_t)inc;
        }
        t->call_to = (int32_t)to;
    }
    t->stacks[seat] -= (int32_t)add;
    t->bets[seat] += (int32_t)add;
    t->contribs[seat] += (int32_t)add;
    t->acted[seat] = t->call_to;
    return advance(t, c, seat + 1, reward);
}

static void deal_hand(hu_table *t, const hu_config *c)
{
    int sb = t->button, bb = 1 - t->button, k;
    t->seed = pcg_next64(t) >> 1;
    draw_cards(t->seed, t->cards);
    t->hand++;
    for (k = 0; k < 2; k++) {
        t->stacks[k] = (int32_t)c->stack[k];
        t->folded[k] = 0;
        t->acted[k] = -1;
    }
    t->bets[sb] = t->contribs[sb] = (int32_t)c->sb;
    t->bets[bb] = t->contribs[bb] = (int32_t)c->bb;
    t->stacks[sb] -= (int32_t)c->sb;
    t->stacks[bb] -= (int32_t)c->bb;
    t->call_to = (int32_t)c->bb;
    t->min_inc = (int32_t)c->bb;
    t->street = 0;
    t->board_n = 0;
    t->to_act = find_actor(t, sb);
}

static void start_episode(hu_table *t, const hu_config *c)
{
    t->button = c->random_button ? (int32_t)(pcg_next32(t) >> 31) : (int32_t)c->button;
    t->hand = 0;
    deal_hand(t, c);
}

/* A table as this file leaves it (a caller may have written over it). */
static int table_ok(const hu_table *t, const hu_config *c)
{
    int k;
    if (t->magic != HU_MAGIC || t->button < 0 || t->button > 1 || t->to_act < -1 || t->to_act > 1
        || t->street < 0 || t->street > 4 || t->hand < 0 || t->hand > c->hands) {
        return 0;
    }
    if (t->board_n != (t->street == 4 ? t->board_n : board_at[t->street]) || t->board_n < 0 || t->board_n > 5) {
        return 0;
    }
    for (k = 0; k < HU_CARDS; k++) {
        if (t->cards[k] > 51) {
            return 0;
        }
    }
    for (k = 0; k < 2; k++) {
        if (t->stacks[k] < 0 || t->bets[k] < 0 || t->contribs[k] < t->bets[k]
            || t->stacks[k] > c->stack[0] + c->stack[1] || t->contribs[k] > c->stack[k]
            || (t->folded[k] != 0 && t->folded[k] != 1)) {
            return 0;
        }
    }
    return t->call_to >= 0 && t->min_inc >= 0 && (t->to_act < 0 || !t->folded[t->to_act]);
}

/* ---- the observation (envs/encoding.py ObservationEncoder) -------------- */

static void mask_of(const hu_table *t, const hu_config *c, int8_t *mask)
{
    int n = 4 + c->k, i;
    hu_legal l;
    memset(mask, 0, (size_t)n);
    legal_of(t, t->to_act, &l);
    mask[0] = l.owe > 0;
    mask[1] = 1;
    for (i = 2; i < n; i++) {
        mask[i] = discrete_to(t, c, &l, i) != 0;
    }
}

static void encode(const hu_table *t, const hu_config *c, int seat, float *out, int8_t *mask)
{
    int n_mask = 4 + c->k, size = PKC_HU_OBS_BASE + n_mask, k;
    double bb = (double)c->bb;
    int over = t->to_act < 0;
    memset(out, 0, sizeof(float) * (size_t)size);
    memset(mask, 0, (size_t)n_mask);
    out[t->cards[2 * seat]] = 1.0f;
    out[t->cards[2 * seat + 1]] = 1.0f;
    for (k = 0; k < t->board_n; k++) {
        out[52 + t->cards[4 + k]] = 1.0f;
    }
    out[104 + t->street] = 1.0f;
    out[109] = (float)((double)((int64_t)t->contribs[0] + t->contribs[1]) / bb);
    if (t->to_act == seat) {
        hu_legal l;
        legal_of(t, seat, &l);
        out[110] = (float)((double)l.owe / bb);
        if (l.raise) {
            out[111] = (float)((double)l.min_to / bb);
            out[112] = (float)((double)l.max_to / bb);
        }
        mask_of(t, c, mask);
    } else if (!over) {
        int64_t owe = (int64_t)t->call_to - t->bets[seat];
        if (owe > t->stacks[seat]) {
            owe = t->stacks[seat];
        }
        out[110] = (float)((double)(owe > 0 ? owe : 0) / bb);
    }
    for (k = 0; k < 2; k++) {
        int s = (seat + k) & 1;
        float *block = out + 113 + 6 * k;
        block[0] = (float)((double)t->stacks[s] / bb);
        block[1] = (float)((double)t->bets[s] / bb);
        if (!t->folded[s]) {
            block[2] = 1.0f;
            if (over ? t->contribs[s] == c->stack[s] : t->stacks[s] == 0) {
                block[3] = 1.0f;
            }
        }
        block[4] = s == t->button ? 1.0f : 0.0f;
        block[5] = s == t->to_act ? 1.0f : 0.0f;
    }
    out[125 + seat] = 1.0f;
    for (k = 0; k < n_mask; k++) {
        out[PKC_HU_OBS_BASE + k] = (float)mask[k];
    }
}

/* ---- the entry points (pkc.h) ------------------------------------------- */

size_t pkc_hu_table_bytes(void)
{
    return sizeof(hu_table);
}

int pkc_hu_seed(uint8_t *tables, size_t n, size_t index, const uint64_t *pcg, uint32_t has_uint32,
                uint32_t uinteger)
{
    hu_table *t;
    if (tables == NULL || pcg == NULL || index >= n || has_uint32 > 1) {
        return PKC_E_ARG;
    }
    t = (hu_table *)tables + index;
    memset(t, 0, sizeof *t);
    memcpy(t->pcg, pcg, sizeof t->pcg);
    t->has32 = has_uint32;
    t->u32 = uinteger;
    t->magic = HU_MAGIC;
    t->to_act = -1;
    t->street = 4;
    return PKC_OK;
}

int pkc_hu_start(uint8_t *tables, size_t n, const int64_t *cfg, size_t cfg_len)
{
    hu_config c;
    size_t i;
    if (tables == NULL || !read_config(cfg, cfg_len, &c)) {
        return PKC_E_ARG;
    }
    for (i = 0; i < n; i++) {
        if (((hu_table *)tables)[i].magic != HU_MAGIC) {
            return PKC_E_ARG;
        }
    }
    for (i = 0; i < n; i++) {
        start_episode((hu_table *)tables + i, &c);
    }
    return PKC_OK;
}

int pkc_hu_step(uint8_t *tables, size_t n, const int64_t *cfg, size_t cfg_len, const int64_t *actions,
                int auto_reset, double *rewards, uint8_t *dones, size_t *bad_index)
{
    hu_config c;
    size_t i;
    int8_t mask[4 + PKC_HU_MAX_FRACTIONS];
    if (tables == NULL || actions == NULL || rewards == NULL || dones == NULL || bad_index == NULL
        || !read_config(cfg, cfg_len, &c)) {
        return PKC_E_ARG;
    }
    for (i = 0; i < n; i++) {
        const hu_table *t = (const hu_table *)tables + i;
        *bad_index = i;
        if (!table_ok(t, &c)) {
            return PKC_E_ARG;
        }
        if (t->to_act < 0) {
            return PKC_HU_E_OVER;
        }
        if (actions[i] < 0 || actions[i] >= 4 + c.k) {
            return PKC_HU_E_ILLEGAL;
        }
        mask_of(t, &c, mask);
        if (!mask[actions[i]]) {
            return PKC_HU_E_ILLEGAL;
        }
    }
    for (i = 0; i < n; i++) {
        hu_table *t = (hu_table *)tables + i;
        double *reward = rewards + 2 * i;
        reward[0] = reward[1] = 0.0;
        dones[i] = 0;
        if (play(t, &c, (int)actions[i], reward)) {
            if (t->hand < c.hands) {
                t->button = 1 - t->button;
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

int pkc_hu_observe(const uint8_t *tables, size_t n, const int64_t *cfg, size_t cfg_len, int seat,
                   float *obs, size_t obs_len, int8_t *masks, size_t mask_len, int32_t *to_act)
{
    hu_config c;
    size_t i, size, n_mask;
    if (tables == NULL || obs == NULL || masks == NULL || to_act == NULL || seat < -1 || seat > 1
        || !read_config(cfg, cfg_len, &c)) {
        return PKC_E_ARG;
    }
    n_mask = (size_t)(4 + c.k);
    size = PKC_HU_OBS_BASE + n_mask;
    if (obs_len / size < n || mask_len / n_mask < n) {
        return PKC_E_ARG;
    }
    for (i = 0; i < n; i++) {
        const hu_table *t = (const hu_table *)tables + i;
        if (!table_ok(t, &c) || (seat < 0 && t->to_act < 0)) {
            return PKC_E_ARG;
        }
    }
    for (i = 0; i < n; i++) {
        const hu_table *t = (const hu_table *)tables + i;
        int who = seat < 0 ? t->to_act : seat;
        to_act[i] = t->to_act;
        encode(t, &c, who, obs + i * size, masks + i * n_mask);
    }
    return PKC_OK;
}

int pkc_hu_inspect(const uint8_t *tables, size_t n, size_t index, int64_t *out, size_t out_len)
{
    const hu_table *t;
    int k;
    if (tables == NULL || out == NULL || index >= n || out_len < PKC_HU_INSPECT_LEN) {
        return PKC_E_ARG;
    }
    t = (const hu_table *)tables + index;
    if (t->magic != HU_MAGIC) {
        return PKC_E_ARG;
    }
    out[0] = t->button;
    out[1] = t->to_act;
    out[2] = t->street;
    out[3] = t->hand;
    out[4] = (int64_t)(t->seed & 0x7fffffffffffffffULL);
    out[5] = t->call_to;
    out[6] = t->min_inc;
    for (k = 0; k < 2; k++) {
        out[7 + k] = t->stacks[k];
        out[9 + k] = t->bets[k];
        out[11 + k] = t->contribs[k];
        out[13 + k] = t->folded[k];
    }
    for (k = 0; k < HU_CARDS; k++) {
        out[15 + k] = t->cards[k];
    }
    for (k = 0; k < 4; k++) {
        memcpy(&out[24 + k], &t->pcg[k], sizeof t->pcg[k]); /* the bits, as int64 */
    }
    out[28] = t->has32;
    out[29] = t->u32;
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
        || n_mask < 0 || n_mask > 4 + PKC_HU_MAX_FRACTIONS || big_blind < 1 || cards == NULL || amounts == NULL
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
