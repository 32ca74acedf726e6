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
    int n_board;
    uint64_t mask;              /* board cards */
    uint64_t key;               /* SUIT_START plus the board cards' keys */
    uint64_t bits;
} board_t;

typedef struct {
    const double *w;            /* this range's weights */
    int n_live;                 /* combos with weight > 0 clear of the board */
    double total, wmax;
    int use_alias;              /* weights too uneven for rejection draws */
    int live[PKC_COMBOS];       /* their indices */
    uint32_t alias[PKC_COMBOS]; /* Vose alias table over live[] */
    uint64_t prob[PKC_COMBOS];  /* threshold in [0, 2^32] */
} range_t;

static inline uint64_t pair_mask(int k)
{
    return (1ULL << combo_a[k]) | (1ULL << combo_b[k]);
}

static inline int combo_value(const board_t *b, int k)
{
    const pkc_tables_t *t = b->t;
    return pkc_i_eval(t, b->key + t->card_key[combo_a[k]] + t->card_key[combo_b[k]],
                      b->bits | t->card_bit[combo_a[k]] | t->card_bit[combo_b[k]]);
}

/* The alias table over the live combos (pkc_i_build_alias); small, large
 * and scaled are scratch of n_live entries. */
static void build_alias(range_t *c, uint32_t *small, uint32_t *large, double *scaled)
{
    pkc_i_build_alias(c->w, c->live, c->n_live, c->total, c->alias, c->prob, small, large, scaled);
}

/* A live combo drawn with probability proportional to its weight: by the
 * alias table, or by a uniform draw accepted with probability w / wmax. */
static inline int draw_combo(const range_t *c, uint64_t *x)
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
static int range_setup(range_t *c, const board_t *b, const double *w, int sampling)
{
    int k;
    c->w = w;
    c->n_live = 0;
    c->total = 0.0;
    c->wmax = 0.0;
    c->use_alias = 0;
    for (k = 0; k < PKC_COMBOS; k++) {
        if (w[k] > 0.0 && !(pair_mask(k) & b->mask)) {
            c->total += w[k];
            if (w[k] > c->wmax) {
                c->wmax = w[k];
            }
            c->live[c->n_live++] = k;
        }
    }
    if (sampling && c->n_live > 0 && c->total < c->wmax * c->n_live / 16.0) {
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

/* Mass of the live combos of a range that hold card `card`. */
static double mass_with(const range_t *c, const board_t *b, int card)
{
    int x;
    double m = 0.0;
    for (x = 0; x < 52; x++) {
        if (x != card && !(b->mask >> x & 1u)) {
            m += c->w[combo_index(card, x)];
        }
    }
    return m;
}

/* Deals of its own for one hand (when the shared deals mostly clash with
 * it): seeded by the call's seed, the range and the hand's combo. */
static double own_deals(const range_t *c, const board_t *b, int h1, int h2, uint32_t trials,
                        uint64_t seed)
{
    const pkc_tables_t *t = b->t;
    uint64_t hm = (1ULL << h1) | (1ULL << h2);
    uint64_t hkey = b->key + t->card_key[h1] + t->card_key[h2];
    uint64_t hbits = b->bits | t->card_bit[h1] | t->card_bit[h2];
    double blocked = mass_with(c, b, h1) + mass_with(c, b, h2) - c->w[combo_index(h1, h2)];
    uint64_t x = seed ^ ((uint64_t)(combo_index(h1, h2) + 1) * 0xd1342543de82ef95ULL);
    int need = 5 - b->n_board;
    uint64_t won2 = 0; /* half points: 2 per win, 1 per tie */
    uint32_t done = 0, tries = 0;
    if (!(c->total - blocked > c->total * 1e-9)) {
        return -1.0;
    }
    while (done < trials && tries < 64u * trials) {
        int k, i;
        uint64_t used, okey, obits, mkey = hkey, mbits = hbits;
        tries++;
        k = draw_combo(c, &x);
        if (pair_mask(k) & hm) {
            continue;
        }
        used = b->mask | hm | pair_mask(k);
        okey = b->key + t->card_key[combo_a[k]] + t->card_key[combo_b[k]];
        obits = b->bits | t->card_bit[combo_a[k]] | t->card_bit[combo_b[k]];
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

typedef struct {
    int32_t value;
    int index;
} ranked_t;

static int by_value_asc(const void *x, const void *y)
{
    const ranked_t *p = (const ranked_t *)x, *q = (const ranked_t *)y;
    if (p->value != q->value) {
        return p->value < q->value ? -1 : 1;
    }
    return p->index - q->index; /* a total order: the same result everywhere */
}

/* River: exact.  The combos sorted by value once; per range the prefix sums
 * of the weights in that order; a hand's wins and ties are two binary
 * searches, less the combos that hold one of its cards. */
static int river(const board_t *b, const range_t *rs, int n_ranges, const uint8_t *hands,
                 size_t n_hands, double *out)
{
    ranked_t *order = (ranked_t *)malloc(sizeof(ranked_t) * PKC_COMBOS);
    int32_t *value = (int32_t *)malloc(sizeof(int32_t) * PKC_COMBOS);
    double *cum = (double *)malloc(sizeof(double) * (PKC_COMBOS + 1) * (size_t)n_ranges);
    int n = 0, k, r;
    size_t i;
    if (order == NULL || value == NULL || cum == NULL) {
        free(order);
        free(value);
        free(cum);
        return PKC_E_MEMORY;
    }
    for (k = 0; k < PKC_COMBOS; k++) {
        value[k] = pair_mask(k) & b->mask ? -1 : combo_value(b, k);
        if (value[k] >= 0) {
            order[n].value = value[k];
            order[n].index = k;
            n++;
        }
    }
    qsort(order, (size_t)n, sizeof(ranked_t), by_value_asc);
    for (r = 0; r < n_ranges; r++) {
        double *c = cum + (size_t)r * (PKC_COMBOS + 1);
        c[0] = 0.0;
        for (k = 0; k < n; k++) {
            c[k + 1] = c[k] + rs[r].w[order[k].index];
        }
    }
    for (i = 0; i < n_hands; i++) {
        int h1 = hands[2 * i], h2 = hands[2 * i + 1];
        const pkc_tables_t *t = b->t;
        int mine = pkc_i_eval(t, b->key + t->card_key[h1] + t->card_key[h2],
                              b->bits | t->card_bit[h1] | t->card_bit[h2]);
        int lo = 0, hi = n, below, upto;
        while (lo < hi) { /* first combo not below mine */
            int mid = (lo + hi) >> 1;
            if (order[mid].value < mine) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        below = lo;
        hi = n;
        while (lo < hi) { /* first combo above mine */
            int mid = (lo + hi) >> 1;
            if (order[mid].value <= mine) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        upto = lo;
        for (r = 0; r < n_ranges; r++) {
            const double *c = cum + (size_t)r * (PKC_COMBOS + 1);
            const double *w = rs[r].w;
            double win = c[below], tie = c[upto] - c[below], total = c[n];
            int x;
            for (x = 0; x < 52; x++) { /* combos holding a card of the hand */
                int card;
                for (card = 0; card < 2; card++) {
                    int h = card ? h2 : h1, kk;
                    if (x == h || (b->mask >> x & 1u) || (card && x == h1)) {
                        continue;
                    }
                    kk = combo_index(h, x);
                    if (w[kk] > 0.0) {
                        total -= w[kk];
                        if (value[kk] < mine) {
                            win -= w[kk];
                        } else if (value[kk] == mine) {
                            tie -= w[kk];
                        }
                    }
                }
            }
            if (!(total > c[n] * 1e-12)) {
                out[i * (size_t)n_ranges + r] = -1.0;
            } else {
                double e = (win + 0.5 * tie) / total;
                out[i * (size_t)n_ranges + r] = e < 0.0 ? 0.0 : (e > 1.0 ? 1.0 : e);
            }
        }
    }
    free(order);
    free(value);
    free(cum);
    return PKC_OK;
}

/* Before the river: `trials` shared deals (a runout, and per range an
 * opponent combo clear of it) drawn once from the seed; each hand counts the
 * deals that share no card with it, and falls back to deals of its own when
 * fewer than a quarter of them are left for a range. */
static int sampled(const board_t *b, const range_t *rs, int n_ranges, const uint8_t *hands,
                   size_t n_hands, uint32_t trials, uint64_t seed, double *out)
{
    const pkc_tables_t *t = b->t;
    int need = 5 - b->n_board, r;
    uint64_t x = seed;
    uint64_t *rmask = (uint64_t *)malloc(sizeof(uint64_t) * trials);
    uint64_t *rkey = (uint64_t *)malloc(sizeof(uint64_t) * trials);
    uint64_t *rbits = (uint64_t *)malloc(sizeof(uint64_t) * trials);
    int32_t *opp = (int32_t *)malloc(sizeof(int32_t) * trials * (size_t)n_ranges);
    int32_t *oval = (int32_t *)malloc(sizeof(int32_t) * trials * (size_t)n_ranges);
    uint32_t *count = (uint32_t *)malloc(sizeof(uint32_t) * (size_t)n_ranges);
    uint64_t *won2 = (uint64_t *)malloc(sizeof(uint64_t) * (size_t)n_ranges);
    uint32_t d;
    size_t i;
    if (!rmask || !rkey || !rbits || !opp || !oval || !count || !won2) {
        free(rmask); free(rkey); free(rbits); free(opp); free(oval); free(count); free(won2);
        return PKC_E_MEMORY;
    }
    for (d = 0; d < trials; d++) {
        uint64_t used = b->mask, key = b->key, bits = b->bits;
        int j;
        for (j = 0; j < need; j++) {
            uint32_t card;
            do {
                card = sm_below(&x, 52);
            } while (used >> card & 1u);
            used |= 1ULL << card;
            key += t->card_key[card];
            bits |= t->card_bit[card];
        }
        rmask[d] = used & ~b->mask;
        rkey[d] = key;
        rbits[d] = bits;
        for (r = 0; r < n_ranges; r++) {
            int k = -1, tries;
            if (rs[r].n_live > 0) {
                for (tries = 0; tries < 64; tries++) {
                    int kk = draw_combo(&rs[r], &x);
                    if (!(pair_mask(kk) & rmask[d])) {
                        k = kk;
                        break;
                    }
                }
            }
            opp[d * n_ranges + r] = k;
            oval[d * n_ranges + r] = k < 0 ? 0 :
                pkc_i_eval(t, key + t->card_key[combo_a[k]] + t->card_key[combo_b[k]],
                           bits | t->card_bit[combo_a[k]] | t->card_bit[combo_b[k]]);
        }
    }
    for (i = 0; i < n_hands; i++) {
        int h1 = hands[2 * i], h2 = hands[2 * i + 1];
        uint64_t hm = (1ULL << h1) | (1ULL << h2);
        uint64_t hk = t->card_key[h1] + t->card_key[h2], hb = t->card_bit[h1] | t->card_bit[h2];
        for (r = 0; r < n_ranges; r++) {
            count[r] = 0;
            won2[r] = 0;
        }
        for (d = 0; d < trials; d++) {
            int mine;
            if (rmask[d] & hm) {
                continue;
            }
            mine = pkc_i_eval(t, rkey[d] + hk, rbits[d] | hb);
            for (r = 0; r < n_ranges; r++) {
                int k = opp[d * n_ranges + r];
                int theirs;
                if (k < 0 || (pair_mask(k) & hm)) {
                    continue;
                }
                theirs = oval[d * n_ranges + r];
                count[r]++;
                won2[r] += mine > theirs ? 2u : (mine == theirs ? 1u : 0u);
            }
        }
        for (r = 0; r < n_ranges; r++) {
            double *slot = out + i * (size_t)n_ranges + r;
            if (rs[r].n_live == 0) {
                *slot = -1.0;
            } else if (4u * count[r] >= trials && count[r] > 0) {
                *slot = (double)won2[r] / (2.0 * count[r]);
            } else {
                *slot = own_deals(&rs[r], b, h1, h2, trials,
                                  seed + (uint64_t)(r + 1) * 0x9e3779b97f4a7c15ULL);
            }
        }
    }
    free(rmask); free(rkey); free(rbits); free(opp); free(oval); free(count); free(won2);
    return PKC_OK;
}

int pkc_range_equity(const uint8_t *hands, size_t n_hands, const double *weights,
                     int n_ranges, const uint8_t *board, int n_board, uint32_t trials,
                     uint64_t seed, double *out)
{
    range_t *rs;
    board_t b;
    const pkc_tables_t *t = pkc_internal_tables();
    size_t i;
    int k, r, status;
    if (t == NULL) {
        return PKC_E_INIT;
    }
    if (!(n_board == 0 || (n_board >= 3 && n_board <= 5)) || trials < 1 ||
        trials > PKC_RANGE_MAX_TRIALS || n_ranges < 1 || n_ranges > PKC_RANGE_MAX_RANGES) {
        return PKC_E_ARG;
    }
    if ((status = check_board(board, n_board, &b.mask)) != PKC_OK) {
        return status;
    }
    for (r = 0; r < n_ranges; r++) {
        if ((status = check_weights(weights + (size_t)r * PKC_COMBOS)) != PKC_OK) {
            return status;
        }
    }
    for (i = 0; i < n_hands; i++) {
        int h1 = hands[2 * i], h2 = hands[2 * i + 1];
        if (h1 > 51 || h2 > 51) {
            return PKC_E_CARD;
        }
        if (h1 == h2 || (b.mask >> h1 & 1u) || (b.mask >> h2 & 1u)) {
            return PKC_E_DUPLICATE;
        }
    }
    combo_init();
    b.t = t;
    b.n_board = n_board;
    b.key = SUIT_START;
    b.bits = 0;
    for (k = 0; k < n_board; k++) {
        b.key += t->card_key[board[k]];
        b.bits |= t->card_bit[board[k]];
    }
    rs = (range_t *)malloc(sizeof(range_t) * (size_t)n_ranges);
    if (rs == NULL) {
        return PKC_E_MEMORY;
    }
    for (r = 0; r < n_ranges; r++) {
        if ((status = range_setup(&rs[r], &b, weights + (size_t)r * PKC_COMBOS, n_board < 5)) != PKC_OK) {
            free(rs);
            return status;
        }
    }
    if (n_board == 5) {
        status = river(&b, rs, n_ranges, hands, n_hands, out);
    } else {
        status = sampled(&b, rs, n_ranges, hands, n_hands, trials, seed, out);
    }
    free(rs);
    return status;
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
