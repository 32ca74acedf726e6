/*
 * Range work for the AIs: the equity of many hands against one weighted
 * opponent range, and narrowing a range to its strongest share on a board.
 *
 * A range is PKC_COMBOS (1326) weights, one per two-card combo in canonical
 * order: (0,1), (0,2), .., (0,51), (1,2), .., (50,51), i.e. the combo of
 * codes a < b has index a * (103 - a) / 2 + (b - a - 1).
 *
 * pkc_range_equity draws every hand's deals from a generator seeded by the
 * call's seed and the hand's own combo index, so a hand's result does not
 * depend on the other hands of the call (an AI's decision and a probe of its
 * whole range agree exactly).  Deterministic on every platform: integer
 * arithmetic and IEEE doubles only.
 *
 * Uses only pkc.h and pkc_internal.h (the evaluator's tables).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "pkc.h"
#include "pkc_internal.h"

/* ---- random numbers (splitmix64 stream: small state, one per hand) ---- */

static inline uint64_t sm_next(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* Uniform in [0, n) for n < 2^16 (bias below 2^-16, deterministic). */
static inline uint32_t sm_below(uint64_t *x, uint32_t n)
{
    return (uint32_t)(((sm_next(x) >> 32) * (uint64_t)n) >> 32);
}

/* ---- combos ------------------------------------------------------------ */

static uint8_t combo_a[PKC_COMBOS], combo_b[PKC_COMBOS];
static int combo_ready = 0;

static void combo_init(void)
{
    int a, b, k = 0;
    if (combo_ready) {
        return;
    }
    for (a = 0; a < 52; a++) {
        for (b = a + 1; b < 52; b++) {
            combo_a[k] = (uint8_t)a;
            combo_b[k] = (uint8_t)b;
            k++;
        }
    }
    combo_ready = 1;
}

static inline int combo_index(int a, int b)
{
    if (a > b) {
        int t = a;
        a = b;
        b = t;
    }
    return a * (103 - a) / 2 + (b - a - 1);
}

static int check_board(const uint8_t *board, int n_board, uint64_t *mask)
{
    int i;
    *mask = 0;
    for (i = 0; i < n_board; i++) {
        if (board[i] > 51) {
            return PKC_E_CARD;
        }
        if (*mask >> board[i] & 1u) {
            return PKC_E_DUPLICATE;
        }
        *mask |= 1ULL << board[i];
    }
    return PKC_OK;
}

static int check_weights(const double *weights)
{
    int k;
    for (k = 0; k < PKC_COMBOS; k++) {
        if (!(weights[k] >= 0.0) || !isfinite(weights[k])) {
            return PKC_E_ARG;
        }
    }
    return PKC_OK;
}

/* ---- equity of many hands against weighted ranges ---------------------- */

typedef struct {
    const pkc_tables_t *t;
    const double *w;            /* this range's weights */
    int n_board;
    uint64_t board_mask;
    uint64_t board_key;         /* SUIT_START plus the board cards' keys */
    uint64_t board_bits;
    int n_live;                 /* combos with weight > 0 clear of the board */
    double total, wmax;
    int use_alias;              /* weights too uneven for rejection draws */
    int live[PKC_COMBOS];       /* their indices */
    int32_t value[PKC_COMBOS];  /* river: each combo's value */
    uint32_t alias[PKC_COMBOS]; /* Vose alias table over live[] */
    uint64_t prob[PKC_COMBOS];  /* threshold in [0, 2^32] */
} ctx_t;

static inline uint64_t pair_mask(int k)
{
    return (1ULL << combo_a[k]) | (1ULL << combo_b[k]);
}

/* Vose's alias method over the live combos; small and large are scratch of
 * n_live entries. */
static void build_alias(ctx_t *c, uint32_t *small, uint32_t *large, double *scaled)
{
    int n = c->n_live, ns = 0, nl = 0, j;
    for (j = 0; j < n; j++) {
        scaled[j] = c->w[c->live[j]] * n / c->total;
        if (scaled[j] < 1.0) {
            small[ns++] = (uint32_t)j;
        } else {
            large[nl++] = (uint32_t)j;
        }
    }
    while (ns > 0 && nl > 0) {
        uint32_t s = small[--ns], l = large[--nl];
        c->prob[s] = (uint64_t)(scaled[s] * 4294967296.0);
        c->alias[s] = l;
        scaled[l] = (scaled[l] + scaled[s]) - 1.0;
        if (scaled[l] < 1.0) {
            small[ns++] = l;
        } else {
            large[nl++] = l;
        }
    }
    while (nl > 0) {
        uint32_t l = large[--nl];
        c->prob[l] = 4294967296ULL;
        c->alias[l] = l;
    }
    while (ns > 0) { /* only from rounding */
        uint32_t s = small[--ns];
        c->prob[s] = 4294967296ULL;
        c->alias[s] = s;
    }
}

/* A live combo drawn with probability proportional to its weight: by the
 * alias table, or by a uniform draw accepted with probability w / wmax. */
static inline int draw_combo(const ctx_t *c, uint64_t *x)
{
    for (;;) {
        uint64_t r = sm_next(x);
        uint32_t j = (uint32_t)(((r >> 32) * (uint64_t)c->n_live) >> 32);
        if (c->use_alias) {
            return c->live[(r & 0xffffffffULL) < c->prob[j] ? j : c->alias[j]];
        }
        if ((double)(r & 0xffffffffULL) * (1.0 / 4294967296.0) * c->wmax < c->w[c->live[j]]) {
            return c->live[j];
        }
    }
}

/* Set up one range; returns PKC_E_MEMORY or PKC_OK. */
static int ctx_range(ctx_t *c, const double *w)
{
    int k;
    c->w = w;
    c->n_live = 0;
    c->total = 0.0;
    c->wmax = 0.0;
    c->use_alias = 0;
    for (k = 0; k < PKC_COMBOS; k++) {
        if (w[k] > 0.0 && !(pair_mask(k) & c->board_mask)) {
            c->total += w[k];
            if (w[k] > c->wmax) {
                c->wmax = w[k];
            }
            c->live[c->n_live++] = k;
        }
    }
    if (c->n_live > 0 && c->n_board < 5 && c->total < c->wmax * c->n_live / 16.0) {
        uint32_t *scratch = (uint32_t *)malloc(sizeof(uint32_t) * 2 * PKC_COMBOS);
        double *scaled = (double *)malloc(sizeof(double) * PKC_COMBOS);
        if (scratch == NULL || scaled == NULL) {
            free(scratch);
            free(scaled);
            return PKC_E_MEMORY;
        }
        build_alias(c, scratch, scratch + PKC_COMBOS, scaled);
        c->use_alias = 1;
        free(scratch);
        free(scaled);
    }
    return PKC_OK;
}

static double river_equity(const ctx_t *c, int h1, int h2)
{
    const pkc_tables_t *t = c->t;
    uint64_t hm = (1ULL << h1) | (1ULL << h2);
    int mine = pkc_i_eval(t, c->board_key + t->card_key[h1] + t->card_key[h2],
                          c->board_bits | t->card_bit[h1] | t->card_bit[h2]);
    double won = 0.0, total = 0.0;
    int j;
    for (j = 0; j < c->n_live; j++) {
        int k = c->live[j];
        double w = c->w[k];
        if (pair_mask(k) & hm) {
            continue;
        }
        total += w;
        if (mine > c->value[k]) {
            won += w;
        } else if (mine == c->value[k]) {
            won += 0.5 * w;
        }
    }
    return total > 0.0 ? won / total : -1.0;
}

/* Mass of the live combos that hold card `card`. */
static double mass_with(const ctx_t *c, int card)
{
    int x;
    double m = 0.0;
    for (x = 0; x < 52; x++) {
        if (x != card && !(c->board_mask >> x & 1u)) {
            m += c->w[combo_index(card, x)];
        }
    }
    return m;
}

static double sampled_equity(const ctx_t *c, int h1, int h2, uint32_t trials, uint64_t seed)
{
    const pkc_tables_t *t = c->t;
    uint64_t hm = (1ULL << h1) | (1ULL << h2);
    uint64_t hkey = c->board_key + t->card_key[h1] + t->card_key[h2];
    uint64_t hbits = c->board_bits | t->card_bit[h1] | t->card_bit[h2];
    double blocked = mass_with(c, h1) + mass_with(c, h2) - c->w[combo_index(h1, h2)];
    uint64_t x = seed ^ ((uint64_t)(combo_index(h1, h2) + 1) * 0xd1342543de82ef95ULL);
    int need = 5 - c->n_board;
    uint64_t won2 = 0; /* half points: 2 per win, 1 per tie */
    uint32_t done = 0, tries = 0;
    if (!(c->total - blocked > c->total * 1e-9)) {
        return -1.0;
    }
    /* rejection of combos that hold a card of the hand: bounded, a hand whose
     * opponent combos are nearly all blocked stops after 64 draws a trial */
    while (done < trials && tries < 64u * trials) {
        int k, i;
        uint64_t used, okey, obits, mkey = hkey, mbits = hbits;
        tries++;
        k = draw_combo(c, &x);
        if (pair_mask(k) & hm) {
            continue;
        }
        used = c->board_mask | hm | pair_mask(k);
        okey = c->board_key + t->card_key[combo_a[k]] + t->card_key[combo_b[k]];
        obits = c->board_bits | t->card_bit[combo_a[k]] | t->card_bit[combo_b[k]];
        for (i = 0; i < need; i++) {
            uint32_t card;
            do {
                card = sm_below(&x, 52);
            } while (used >> card & 1u);
            used |= 1ULL << card;
            mkey += t->card_key[card];
            mbits |= t->card_bit[card];
            okey += t->card_key[card];
            obits |= t->card_bit[card];
        }
        {
            int mine = pkc_i_eval(t, mkey, mbits), theirs = pkc_i_eval(t, okey, obits);
            won2 += mine > theirs ? 2u : (mine == theirs ? 1u : 0u);
        }
        done++;
    }
    return done ? (double)won2 / (2.0 * done) : -1.0;
}

int pkc_range_equity(const uint8_t *hands, size_t n_hands, const double *weights,
                     int n_ranges, const uint8_t *board, int n_board, uint32_t trials,
                     uint64_t seed, double *out)
{
    ctx_t *c;
    const pkc_tables_t *t = pkc_internal_tables();
    uint64_t bmask;
    size_t i;
    int k, r, status;
    if (t == NULL) {
        return PKC_E_INIT;
    }
    if (!(n_board == 0 || (n_board >= 3 && n_board <= 5)) || trials < 1 ||
        trials > PKC_RANGE_MAX_TRIALS || n_ranges < 1 || n_ranges > PKC_RANGE_MAX_RANGES) {
        return PKC_E_ARG;
    }
    if ((status = check_board(board, n_board, &bmask)) != PKC_OK) {
        return status;
    }
    for (r = 0; r < n_ranges; r++) {
        if ((status = check_weights(weights + (size_t)r * PKC_COMBOS)) != PKC_OK) {
            return status;
        }
    }
    for (i = 0; i < n_hands; i++) {
        int a = hands[2 * i], b = hands[2 * i + 1];
        if (a > 51 || b > 51) {
            return PKC_E_CARD;
        }
        if (a == b || (bmask >> a & 1u) || (bmask >> b & 1u)) {
            return PKC_E_DUPLICATE;
        }
    }
    combo_init();
    c = (ctx_t *)malloc(sizeof(ctx_t));
    if (c == NULL) {
        return PKC_E_MEMORY;
    }
    c->t = t;
    c->n_board = n_board;
    c->board_mask = bmask;
    c->board_key = SUIT_START;
    c->board_bits = 0;
    for (k = 0; k < n_board; k++) {
        c->board_key += t->card_key[board[k]];
        c->board_bits |= t->card_bit[board[k]];
    }
    if (n_board == 5) {
        for (k = 0; k < PKC_COMBOS; k++) {
            c->value[k] = pair_mask(k) & bmask ? 0 :
                pkc_i_eval(t, c->board_key + t->card_key[combo_a[k]] + t->card_key[combo_b[k]],
                           c->board_bits | t->card_bit[combo_a[k]] | t->card_bit[combo_b[k]]);
        }
    }
    for (r = 0; r < n_ranges; r++) {
        uint64_t range_seed = seed + (uint64_t)r * 0x9e3779b97f4a7c15ULL;
        if ((status = ctx_range(c, weights + (size_t)r * PKC_COMBOS)) != PKC_OK) {
            free(c);
            return status;
        }
        for (i = 0; i < n_hands; i++) {
            int a = hands[2 * i], b = hands[2 * i + 1];
            double *slot = out + i * (size_t)n_ranges + r;
            if (c->n_live == 0) {
                *slot = -1.0;
            } else if (n_board == 5) {
                *slot = river_equity(c, a, b);
            } else {
                *slot = sampled_equity(c, a, b, trials, range_seed);
            }
        }
    }
    free(c);
    return PKC_OK;
}

/* ---- narrowing a range on a board -------------------------------------- */

#define VALUE_SHIFT 3   /* values are bucketed by value >> VALUE_SHIFT */
#define VALUE_BUCKETS ((10 << 12) >> VALUE_SHIFT)

int pkc_range_narrow(double *weights, const uint8_t *board, int n_board, double keep,
                     double floor_weight)
{
    const pkc_tables_t *t = pkc_internal_tables();
    uint16_t *bucket;
    double *mass;
    uint64_t bmask, bkey = SUIT_START, bbits = 0;
    double total = 0.0, wanted, run = 0.0;
    int k, cut, status;
    if (t == NULL) {
        return PKC_E_INIT;
    }
    if (n_board < 3 || n_board > 5) {
        return PKC_E_COUNT;
    }
    if (!(keep >= 0.0 && keep <= 1.0) || !(floor_weight >= 0.0 && floor_weight <= 1.0)) {
        return PKC_E_ARG;
    }
    if ((status = check_board(board, n_board, &bmask)) != PKC_OK) {
        return status;
    }
    if ((status = check_weights(weights)) != PKC_OK) {
        return status;
    }
    combo_init();
    bucket = (uint16_t *)malloc(sizeof(uint16_t) * PKC_COMBOS);
    mass = (double *)calloc(VALUE_BUCKETS, sizeof(double));
    if (bucket == NULL || mass == NULL) {
        free(bucket);
        free(mass);
        return PKC_E_MEMORY;
    }
    for (k = 0; k < n_board; k++) {
        bkey += t->card_key[board[k]];
        bbits |= t->card_bit[board[k]];
    }
    for (k = 0; k < PKC_COMBOS; k++) {
        if (pair_mask(k) & bmask) {
            weights[k] = 0.0;
        } else if (weights[k] > 0.0) {
            int v = pkc_i_eval(t, bkey + t->card_key[combo_a[k]] + t->card_key[combo_b[k]],
                               bbits | t->card_bit[combo_a[k]] | t->card_bit[combo_b[k]]);
            int b = v >> VALUE_SHIFT;
            bucket[k] = (uint16_t)(b < VALUE_BUCKETS ? b : VALUE_BUCKETS - 1);
            mass[bucket[k]] += weights[k];
            total += weights[k];
        }
    }
    /* the weakest bucket still kept: the strongest buckets until `keep` of
     * the weight is reached (a bucket holds hands within 8 values) */
    wanted = keep * total;
    cut = VALUE_BUCKETS;
    while (cut > 0 && run < wanted) {
        cut--;
        run += mass[cut];
    }
    for (k = 0; k < PKC_COMBOS; k++) {
        if (weights[k] > 0.0 && bucket[k] < cut) {
            weights[k] *= floor_weight;
        }
    }
    free(bucket);
    free(mass);
    return PKC_OK;
}
