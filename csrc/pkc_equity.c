/*
 * Hold'em equity (C99): exact enumeration and Monte Carlo sampling.
 *
 * Model
 *   Each of 2..PKC_MAX_PLAYERS (10) players holds one two-card combo drawn from a weighted list
 *   (a "range"; a player with fixed hole cards has a list of one).  A deal is
 *   one combo per player with no card twice and none on the board or among the
 *   dead cards, plus the missing board cards.  A deal's probability is
 *   proportional to the product of its combos' weights (combos that share a
 *   card cannot be dealt together: "card removal"), and the missing board
 *   cards are uniform over the cards left.  Per player we report the fraction
 *   of deals won outright, the fraction tied for best, and the equity: wins
 *   plus 1/k of every k-way tie.
 *
 * Exact enumeration
 *   Every consistent combo tuple times every board.  Tuples that map to each
 *   other under a permutation of the suits that fixes the board and the dead
 *   cards (as sets) have the same result, so each class ("orbit") is
 *   enumerated once and weighted by the sum of its members' weights.  The
 *   boards of a tuple are counted in classes, not one by one: by the rank
 *   multiset of the cards to come (no suit matters unless someone holds a
 *   flush), then corrected on the boards with three or more cards of one
 *   suit (see count_boards).
 *
 * Sampling
 *   Each deal samples every ranged player's combo by weight (Walker/Vose
 *   alias tables, O(1) a draw); a tuple with a shared card is rejected as a
 *   whole and redrawn, which gives exactly the conditional distribution
 *   above.  When one draw needs TABLE_TRIGGER rejections in a row, the
 *   consistent tuples are listed once (at most TABLE_CAP of them) and, if
 *   they fit, every later deal draws its tuple from that list by weight
 *   (exact too, and free of rejections; a list of zero tuples proves that no
 *   deal exists).  A call stops early once REJECT_BUDGET draws were
 *   rejected in all: *deals then tells how many deals were sampled (maybe
 *   0; PKC_E_EMPTY only when a search proves that no deal exists).
 *   A player whose range is every combo left, equally weighted (a
 *   random hand), is dealt two cards from the deck instead, which is exact
 *   too and never rejects.  Board cards are drawn uniformly by rejection
 *   from a 52-bit used mask.  The generator is xoshiro256** (Blackman and Vigna 2018) seeded by
 *   splitmix64; bounded integers use Lemire's unbiased multiply-shift (ACM
 *   TOMACS 2019).  State lives on the stack: calls are reentrant and a seed
 *   gives the same result on every platform.
 *
 * Counts are integers: a k-way tie is worth 2520/k units (2520 = lcm(1..10),
 * so every k up to PKC_MAX_PLAYERS divides it), so ties never accumulate
 * rounding error.
 */
#include "pkc.h"
#include "pkc_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define MAX_COMBOS 1326
#define SHARE_UNIT ((uint32_t)PKC_SHARE_UNIT)
#define TUPLE_CAP (1u << 19)       /* tuples grouped into orbits, at most */
#define DIRECT_CAP (1u << 26)      /* tuples enumerated one by one, at most */
#define NODE_SLACK 1000000u        /* backtracking nodes beyond 2 * cap */
#define TUPLE_OVERHEAD 16.0        /* cost of a tuple besides its boards */
#define TABLE_TRIGGER 8192u        /* rejections in a row: try a tuple list */
#define TABLE_CAP (1u << 18)       /* tuples in that list, at most */
#define TABLE_NODES (1u << 24)     /* search steps spent building the list */
#define REJECT_BUDGET (1u << 25)   /* rejected tuples per call: stop early */
#define EXIST_NODES (1u << 28)     /* search steps to prove that no deal exists */

/* Compile-time checks (C99: a negative array size is an error).  The share
 * table and SHARE_UNIT cover k-way ties up to 10 players (lcm(1..11) = 27720
 * would be needed beyond), and canonical_key packs 5 players' 12-bit combo
 * pairs into each of two 64-bit words: both cap the players at 10. */
typedef char pkc_max_players_fits[(PKC_MAX_PLAYERS >= 2 && PKC_MAX_PLAYERS <= 10 &&
                                    PKC_SHARE_UNIT == 2520) ? 1 : -1];

/* SHARE[k]: units of one k-way tie, SHARE_UNIT / k (index = players tied). */
static const uint32_t SHARE[11] = {0, 2520, 1260, 840, 630, 504, 420, 360, 315, 280, 252};

/* ---- random numbers ---------------------------------------------------- */

typedef struct {
    uint64_t s[4];
} rng_t;

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static void rng_seed(rng_t *r, uint64_t seed)
{
    int i;
    for (i = 0; i < 4; i++) {
        r->s[i] = splitmix64(&seed);
    }
}

static inline uint64_t rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

static inline uint64_t rng_next(rng_t *r)
{
    uint64_t *s = r->s;
    uint64_t result = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

/* Uniform integer in [0, n), n >= 1, from the high 32 bits (Lemire). */
static inline uint32_t bounded(rng_t *r, uint32_t n, uint32_t *low)
{
    for (;;) {
        uint64_t x = rng_next(r);
        uint64_t m = (x >> 32) * (uint64_t)n;
        uint32_t l = (uint32_t)m;
        if (l >= n || l >= (uint32_t)(-n) % n) {
            if (low != NULL) {
                *low = (uint32_t)x;
            }
            return (uint32_t)(m >> 32);
        }
    }
}

/* ---- players ----------------------------------------------------------- */

typedef struct {
    int n;            /* combos kept after card removal */
    uint64_t *used;   /* per combo: bit per card code */
    uint64_t *key;    /* per combo: evaluator key sum of the two cards */
    uint64_t *bits;   /* per combo: evaluator mask of the two cards */
    uint16_t *pair;   /* per combo: lo * 52 + hi (codes) */
    double *w;        /* per combo weight (> 0) */
    uint32_t *alias;  /* alias table */
    uint64_t *prob;   /* threshold in [0, 2^32] */
} player_t;

static inline uint64_t code_bit(int c)
{
    return 1ULL << c;
}

/* Vose's alias method: entry j draws weight w[index[j]] (w[j] when index is
 * NULL) out of total; small, large and scaled are scratch of n entries. */
void pkc_i_build_alias(const double *w, const int *index, int n, double total, uint32_t *alias,
                       uint64_t *prob, uint32_t *small, uint32_t *large, double *scaled)
{
    int ns = 0, nl = 0, j;
    for (j = 0; j < n; j++) {
        scaled[j] = w[index != NULL ? index[j] : j] * n / total;
        if (scaled[j] < 1.0) {
            small[ns++] = (uint32_t)j;
        } else {
            large[nl++] = (uint32_t)j;
        }
    }
    while (ns > 0 && nl > 0) {
        uint32_t sm = small[--ns], l = large[--nl];
        prob[sm] = (uint64_t)(scaled[sm] * 4294967296.0);
        alias[sm] = l;
        scaled[l] = (scaled[l] + scaled[sm]) - 1.0;
        if (scaled[l] < 1.0) {
            small[ns++] = l;
        } else {
            large[nl++] = l;
        }
    }
    while (nl > 0) {
        uint32_t l = large[--nl];
        prob[l] = 4294967296ULL;
        alias[l] = l;
    }
    while (ns > 0) { /* only from rounding */
        uint32_t sm = small[--ns];
        prob[sm] = 4294967296ULL;
        alias[sm] = sm;
    }
}

/* The alias table of player p. */
static void build_alias(player_t *p, uint32_t *small, uint32_t *large, double *scaled)
{
    double total = 0.0;
    int i;
    for (i = 0; i < p->n; i++) {
        total += p->w[i];
    }
    pkc_i_build_alias(p->w, NULL, p->n, total, p->alias, p->prob, small, large, scaled);
}

static inline int sample_combo(rng_t *r, const player_t *p)
{
    uint32_t low;
    uint32_t i = bounded(r, (uint32_t)p->n, &low);
    return (uint64_t)low < p->prob[i] ? (int)i : (int)p->alias[i];
}

/* 1 if the player's combos are every pair of cards outside `known`, all
 * equally weighted (a "random hand"), else 0. */
static int is_full_uniform(const player_t *p, uint64_t known)
{
    uint64_t seen[(52 * 52 + 63) / 64];
    int left = 52, i;
    for (i = 0; i < 52; i++) {
        left -= (int)(known >> i & 1u);
    }
    if (p->n != left * (left - 1) / 2) {
        return 0;
    }
    memset(seen, 0, sizeof(seen));
    for (i = 0; i < p->n; i++) {
        unsigned pair = p->pair[i];
        if (p->w[i] != p->w[0] || (seen[pair >> 6] >> (pair & 63u) & 1u)) {
            return 0;
        }
        seen[pair >> 6] |= 1ULL << (pair & 63u);
    }
    return 1;
}

/* ---- counting ------------------------------------------------------------ */

typedef struct {
    const pkc_tables_t *t;
    int n;                  /* players */
    uint64_t hk[PKC_MAX_PLAYERS], hb[PKC_MAX_PLAYERS]; /* current hole keys */
    uint64_t win[PKC_MAX_PLAYERS];
    uint64_t tie[PKC_MAX_PLAYERS];
    uint64_t share[PKC_MAX_PLAYERS];  /* tie shares, units of 1/2520 */
    uint64_t share2[PKC_MAX_PLAYERS]; /* squared tie shares (sampling) */
} count_t;

static void count_reset(count_t *c)
{
    memset(c->win, 0, sizeof(c->win));
    memset(c->tie, 0, sizeof(c->tie));
    memset(c->share, 0, sizeof(c->share));
    memset(c->share2, 0, sizeof(c->share2));
}

/* Bit p set for each of the n players whose value v[p] is the best.  Free
 * of data-dependent branches (a max, then compares): who wins a random
 * board is unpredictable, and a mispredicted branch a showdown cost more
 * than the showdown's three or more evaluations. */
static inline unsigned best_players(const int *v, int n)
{
    int best = v[0], p;
    unsigned m = 0;
    for (p = 1; p < n; p++) {
        best = v[p] > best ? v[p] : best;
    }
    for (p = 0; p < n; p++) {
        m |= (unsigned)(v[p] == best) << p;
    }
    return m;
}

/* Showdown of n >= 3 players on a board with key sum bk and mask bm. */
static inline void showdown_multi(count_t *c, uint64_t bk, uint64_t bm)
{
    int v[PKC_MAX_PLAYERS], p;
    unsigned m;
    for (p = 0; p < c->n; p++) {
        v[p] = pkc_i_eval(c->t, bk + c->hk[p], bm | c->hb[p]);
    }
    m = best_players(v, c->n);
    if (!(m & (m - 1u))) { /* one winner: the common case */
        c->win[pkc_i_lowest_bit(m)]++;
    } else {
        int cnt = 0;
        uint64_t s;
        unsigned x;
        for (x = m; x; x &= x - 1u) {
            cnt++;
        }
        s = SHARE[cnt];
        for (x = m; x; x &= x - 1u) {
            p = pkc_i_lowest_bit(x);
            c->tie[p]++;
            c->share[p] += s;
            c->share2[p] += s * s;
        }
    }
}

/* ---- exact enumeration: boards by rank classes ------------------------------
 *
 * The boards of one tuple (fixed hole cards) are not visited one by one.
 * Without flushes a hand's value depends only on its ranks, so the boards
 * are first counted by the rank multiset M of the cards to come: one
 * showdown per M, weighted by the number of boards with those ranks,
 * prod_r C(cards of rank r left, m_r).  That is exact for every board on
 * which nobody holds a flush.  Those with a flush are corrected next: a
 * flush needs three or more board cards of one suit s, and on a five-card
 * board only one suit can have three, which also leaves every other suit
 * short of five in any hand.  So the flush boards of suit s split by the
 * set S of suit-s ranks to come (each a distinct card) and the rank multiset
 * T of the other cards to come (suits other than s, now irrelevant),
 * weighted by the number of ways to pick T; per class the true showdown
 * (flush values where a player has five of suit s) is added and the
 * rank-only showdown counted for it before is taken away.  Counts are
 * unsigned and wrap, so subtracting is exact.  Pre-flop heads-up this is
 * about 6,000 rank classes and 20,000-40,000 flush classes instead of
 * 1,712,304 boards. */

#define MAX_MULTISETS 6188 /* rank multisets of 5 cards out of 13 ranks, and more */
#define MAX_SUBSETS 1287   /* C(13, 5) */

typedef struct {
    uint32_t mkey[MAX_MULTISETS], mmult[MAX_MULTISETS]; /* rank multisets M */
    uint32_t tkey[MAX_MULTISETS], tmult[MAX_MULTISETS]; /* rank multisets T */
    uint32_t skey[MAX_SUBSETS];                         /* suit-s rank sets S */
    uint16_t sset[MAX_SUBSETS];
} board_lists_t;

static const uint32_t BINOM[5][5] = {
    {1, 0, 0, 0, 0}, {1, 1, 0, 0, 0}, {1, 2, 1, 0, 0}, {1, 3, 3, 1, 0}, {1, 4, 6, 4, 1}};

typedef struct {
    const uint32_t *rank_key; /* [13] */
    const int *cap;           /* [13] cards of each rank to choose from */
    uint32_t *key, *mult;
    int n;
} multiset_gen_t;

static void gen_multisets(multiset_gen_t *g, int r, int left, uint32_t key, uint32_t mult)
{
    int m;
    if (left == 0) {
        g->key[g->n] = key;
        g->mult[g->n] = mult;
        g->n++;
        return;
    }
    if (r == 13) {
        return;
    }
    for (m = 0; m <= left && m <= g->cap[r]; m++) {
        gen_multisets(g, r + 1, left - m, key + (uint32_t)m * g->rank_key[r],
                      mult * BINOM[g->cap[r]][m]);
    }
}

/* Every rank multiset of `size` cards with at most cap[r] of rank r: its
 * rank-key sum and its number of card sets.  Returns the count. */
static int list_multisets(const uint32_t *rank_key, const int *cap, int size,
                          uint32_t *key, uint32_t *mult)
{
    multiset_gen_t g;
    int n = 0, a, b;
    if (size <= 2) { /* the turn and river of a flop: direct loops */
        if (size == 0) {
            key[0] = 0;
            mult[0] = 1;
            return 1;
        }
        for (a = 0; a < 13; a++) {
            if (cap[a] == 0) {
                continue;
            }
            if (size == 1) {
                key[n] = rank_key[a];
                mult[n++] = (uint32_t)cap[a];
                continue;
            }
            if (cap[a] >= 2) {
                key[n] = 2 * rank_key[a];
                mult[n++] = BINOM[cap[a]][2];
            }
            for (b = a + 1; b < 13; b++) {
                if (cap[b] > 0) {
                    key[n] = rank_key[a] + rank_key[b];
                    mult[n++] = (uint32_t)(cap[a] * cap[b]);
                }
            }
        }
        return n;
    }
    g.rank_key = rank_key;
    g.cap = cap;
    g.key = key;
    g.mult = mult;
    g.n = 0;
    gen_multisets(&g, 0, size, 0, 1);
    return g.n;
}

typedef struct {
    const uint32_t *rank_key;
    const int *ranks; /* ranks to choose from */
    int n_ranks;
    uint32_t *key;
    uint16_t *set;
    int n;
} subset_gen_t;

static void gen_subsets(subset_gen_t *g, int i, int left, uint32_t key, unsigned set)
{
    if (left == 0) {
        g->key[g->n] = key;
        g->set[g->n] = (uint16_t)set;
        g->n++;
        return;
    }
    for (; i <= g->n_ranks - left; i++) {
        int r = g->ranks[i];
        gen_subsets(g, i + 1, left - 1, key + g->rank_key[r], set | 1u << r);
    }
}

/* Add a showdown with values v (one per player) counted `m_count` times
 * (m_count may be a wrapped negative). */
static inline void tally(count_t *c, const int *v, uint64_t m_count)
{
    int cnt = 0, p;
    unsigned m;
    if (c->n == 2) {
        if (v[0] > v[1]) {
            c->win[0] += m_count;
        } else if (v[1] > v[0]) {
            c->win[1] += m_count;
        } else {
            c->tie[0] += m_count;
        }
        return;
    }
    m = best_players(v, c->n);
    if (!(m & (m - 1u))) {
        c->win[pkc_i_lowest_bit(m)] += m_count;
    } else {
        uint64_t s;
        unsigned x;
        for (x = m; x; x &= x - 1u) {
            cnt++;
        }
        s = SHARE[cnt] * m_count;
        for (x = m; x; x &= x - 1u) {
            p = pkc_i_lowest_bit(x);
            c->tie[p] += m_count;
            c->share[p] += s;
        }
    }
}

static inline int popcount13(unsigned x)
{
    int n = 0;
    while (x) {
        x &= x - 1;
        n++;
    }
    return n;
}

/* Count every board of k more cards (cards in `used` excluded) over the
 * fixed board with key sum bk and mask bm, for the hole keys in c.
 * Heads-up ties go to tie[0] only (finish_heads_up spreads them). */
static void count_boards(count_t *c, board_lists_t *bl, int k, uint64_t used,
                         uint64_t bk, uint64_t bm)
{
    const pkc_tables_t *t = c->t;
    const int n = c->n;
    uint32_t rank_key[13], base[PKC_MAX_PLAYERS];
    int cap[13], capn[13], ranks[13], v[PKC_MAX_PLAYERS], rv[PKC_MAX_PLAYERS],
        flush[PKC_MAX_PLAYERS], hold[PKC_MAX_PLAYERS];
    int r, p, s, i, j, nm;
    if (k == 0) {
        for (p = 0; p < n; p++) {
            v[p] = pkc_i_eval(t, bk + c->hk[p], bm | c->hb[p]);
        }
        tally(c, v, 1);
        return;
    }
    for (r = 0; r < 13; r++) {
        rank_key[r] = (uint32_t)t->card_key[4 * r];
        cap[r] = 4 - popcount13((unsigned)(used >> (4 * r)) & 0xfu);
    }
    for (p = 0; p < n; p++) {
        base[p] = (uint32_t)bk + (uint32_t)c->hk[p];
    }
    /* every board by its ranks, as if no flush existed */
    nm = list_multisets(rank_key, cap, k, bl->mkey, bl->mmult);
    for (i = 0; i < nm; i++) {
        for (p = 0; p < n; p++) {
            v[p] = pkc_i_rank(t, base[p] + bl->mkey[i]);
        }
        tally(c, v, bl->mmult[i]);
    }
    /* the boards with a flush, per suit */
    for (s = 0; s < 4; s++) {
        unsigned fixed_set = (unsigned)(bm >> (16 * s)) & 0x1fffu;
        int fs = popcount13(fixed_set), maxhold = 0, n_ranks = 0, jmin;
        for (p = 0; p < n; p++) {
            hold[p] = popcount13((unsigned)(c->hb[p] >> (16 * s)) & 0x1fffu);
            maxhold = hold[p] > maxhold ? hold[p] : maxhold;
        }
        if (fs + k < 3 || fs + k + maxhold < 5) {
            continue;
        }
        for (r = 0; r < 13; r++) {
            int here = !(used >> (4 * r + s) & 1u);
            capn[r] = cap[r] - here;
            if (here) {
                ranks[n_ranks++] = r;
            }
        }
        jmin = 3 - fs > 5 - fs - maxhold ? 3 - fs : 5 - fs - maxhold;
        jmin = jmin < 0 ? 0 : jmin;
        for (j = jmin; j <= k && j <= n_ranks; j++) {
            subset_gen_t g;
            int nt = list_multisets(rank_key, capn, k - j, bl->tkey, bl->tmult), a, b;
            g.rank_key = rank_key;
            g.ranks = ranks;
            g.n_ranks = n_ranks;
            g.key = bl->skey;
            g.set = bl->sset;
            g.n = 0;
            gen_subsets(&g, 0, j, 0, 0);
            for (a = 0; a < g.n; a++) {
                unsigned set = fixed_set | bl->sset[a];
                for (p = 0; p < n; p++) {
                    flush[p] = fs + j + hold[p] >= 5
                                   ? t->flush_table[set | ((unsigned)(c->hb[p] >> (16 * s)) &
                                                           0x1fffu)]
                                   : 0;
                }
                for (b = 0; b < nt; b++) {
                    uint32_t key = bl->skey[a] + bl->tkey[b];
                    uint64_t m = bl->tmult[b];
                    for (p = 0; p < n; p++) {
                        rv[p] = pkc_i_rank(t, base[p] + key);
                        v[p] = flush[p] ? flush[p] : rv[p];
                    }
                    tally(c, v, m);
                    tally(c, rv, (uint64_t)0 - m);
                }
            }
        }
    }
}

/* Heads-up ties are counted once in tie[0]; spread them like the rest. */
static void finish_heads_up(count_t *c)
{
    if (c->n == 2) {
        uint64_t t = c->tie[0];
        c->tie[0] = c->tie[1] = t;
        c->share[0] = c->share[1] = t * (SHARE_UNIT / 2);
        c->share2[0] = c->share2[1] = t * (uint64_t)(SHARE_UNIT / 2) * (SHARE_UNIT / 2);
    }
}

/* ---- suit permutations ------------------------------------------------- */

static const uint8_t PERMS[24][4] = {
    {0, 1, 2, 3}, {0, 1, 3, 2}, {0, 2, 1, 3}, {0, 2, 3, 1}, {0, 3, 1, 2},
    {0, 3, 2, 1}, {1, 0, 2, 3}, {1, 0, 3, 2}, {1, 2, 0, 3}, {1, 2, 3, 0},
    {1, 3, 0, 2}, {1, 3, 2, 0}, {2, 0, 1, 3}, {2, 0, 3, 1}, {2, 1, 0, 3},
    {2, 1, 3, 0}, {2, 3, 0, 1}, {2, 3, 1, 0}, {3, 0, 1, 2}, {3, 0, 2, 1},
    {3, 1, 0, 2}, {3, 1, 2, 0}, {3, 2, 0, 1}, {3, 2, 1, 0}};

static uint64_t permute_set(uint64_t set, const uint8_t *perm)
{
    uint64_t out = 0;
    int c;
    for (c = 0; c < 52; c++) {
        if (set >> c & 1u) {
            out |= code_bit((c & ~3) | perm[c & 3]);
        }
    }
    return out;
}

/* ---- exact enumeration: tuples and orbits ------------------------------- */

typedef struct {
    uint64_t k0, k1; /* canonical key */
    uint32_t orbit;  /* index + 1; 0 = empty slot */
} slot_t;

typedef struct {
    int n_players;
    player_t *pl;
    int nr;                       /* ranged players */
    int ranged[PKC_MAX_PLAYERS];  /* their indices */
    uint64_t fixed_used;          /* board, dead and fixed hole cards */
    int n_perm;
    uint8_t perm[24][4];
    /* counting pass */
    uint64_t tuples, nodes;
    int too_many;
    /* orbit pass */
    slot_t *slots;
    uint32_t slot_mask;
    uint32_t n_orbits;
    uint16_t *rep;     /* n_orbits * nr combo indices */
    double *oweight;   /* per orbit: total weight */
    uint64_t *ocount;  /* per orbit: tuples */
    int cur[PKC_MAX_PLAYERS];
    uint64_t cap;      /* most tuples worth counting */
    /* enumeration */
    count_t *cnt;
    board_lists_t *lists; /* scratch of count_boards */
    struct exact_acc *acc;
    int k;             /* board cards to come */
    uint64_t bk, bm;   /* board key sum and mask */
    double boards;     /* boards per tuple */
    int (*keep_going)(void); /* asked every PKC_CHECK_EVALUATIONS; NULL: never */
    double work;       /* evaluations since it was last asked */
    int stopped;       /* it returned 0 */
} exact_t;

typedef struct exact_acc {
    double sum[PKC_MAX_PLAYERS][3]; /* weighted win, tie, equity */
    double wsum;
    uint64_t deals;
} exact_acc_t;

/* Enumerate the boards of the tuple whose hole keys are in e->cnt and add
 * the result with `weight` (the tuple stands for `members` tuples). */
static void run_tuple(exact_t *e, uint64_t used, double weight, uint64_t members)
{
    count_t *c = e->cnt;
    double wb = weight / e->boards;
    int p;
    count_reset(c);
    count_boards(c, e->lists, e->k, used, e->bk, e->bm);
    finish_heads_up(c);
    for (p = 0; p < e->n_players; p++) {
        e->acc->sum[p][0] += wb * (double)c->win[p];
        e->acc->sum[p][1] += wb * (double)c->tie[p];
        e->acc->sum[p][2] += wb * ((double)c->win[p] + (double)c->share[p] / SHARE_UNIT);
    }
    e->acc->wsum += weight;
    e->acc->deals += members * (uint64_t)(e->boards + 0.5);
    e->work += e->boards * e->n_players + TUPLE_OVERHEAD;
    if (e->keep_going != NULL && e->work >= PKC_CHECK_EVALUATIONS) {
        e->work = 0.0;
        e->stopped = !e->keep_going();
    }
}

/* Every consistent tuple, each enumerated on its own. */
static void direct_tuples(exact_t *e, int depth, uint64_t used, double weight)
{
    const player_t *p;
    int i, who;
    if (depth == e->nr) {
        run_tuple(e, used, weight, 1);
        return;
    }
    who = e->ranged[depth];
    p = &e->pl[who];
    for (i = 0; i < p->n && !e->stopped; i++) {
        if (!(p->used[i] & used)) {
            e->cnt->hk[who] = p->key[i];
            e->cnt->hb[who] = p->bits[i];
            direct_tuples(e, depth + 1, used | p->used[i], weight * p->w[i]);
        }
    }
}

static void count_tuples(exact_t *e, int depth, uint64_t used)
{
    const player_t *p;
    int i;
    if (e->too_many) {
        return;
    }
    if (depth == e->nr) {
        if (++e->tuples > e->cap) {
            e->too_many = 1;
        }
        return;
    }
    p = &e->pl[e->ranged[depth]];
    for (i = 0; i < p->n && !e->too_many; i++) {
        if (++e->nodes > 2 * e->cap + NODE_SLACK) {
            e->too_many = 1;
            return;
        }
        if (!(p->used[i] & used)) {
            count_tuples(e, depth + 1, used | p->used[i]);
        }
    }
}

static inline uint32_t permute_pair(uint16_t pair, const uint8_t *perm)
{
    int a = pair / 52, b = pair % 52;
    int pa = (a & ~3) | perm[a & 3], pb = (b & ~3) | perm[b & 3];
    return pa < pb ? (uint32_t)(pa * 52 + pb) : (uint32_t)(pb * 52 + pa);
}

static void canonical_key(const exact_t *e, uint64_t *k0, uint64_t *k1)
{
    uint16_t pairs[PKC_MAX_PLAYERS];
    int g, p, r = 0;
    for (p = 0; p < e->n_players; p++) {
        const player_t *pl = &e->pl[p];
        if (r < e->nr && e->ranged[r] == p) {
            pairs[p] = pl->pair[e->cur[r]];
            r++;
        } else {
            pairs[p] = pl->pair[0];
        }
    }
    *k0 = *k1 = ~0ULL;
    for (g = 0; g < e->n_perm; g++) {
        uint64_t a = 0, b = 0;
        for (p = 0; p < e->n_players; p++) {
            uint64_t v = permute_pair(pairs[p], e->perm[g]);
            if (p < 5) {
                a = a << 12 | v;
            } else {
                b = b << 12 | v;
            }
        }
        if (a < *k0 || (a == *k0 && b < *k1)) {
            *k0 = a;
            *k1 = b;
        }
    }
}

static void collect_orbits(exact_t *e, int depth, uint64_t used, double weight)
{
    const player_t *p;
    int i;
    if (depth == e->nr) {
        uint64_t k0, k1, h;
        uint32_t s;
        canonical_key(e, &k0, &k1);
        h = (k0 ^ (k1 * 0x9e3779b97f4a7c15ULL)) * 0xbf58476d1ce4e5b9ULL;
        s = (uint32_t)(h >> 32) & e->slot_mask;
        while (e->slots[s].orbit != 0 &&
               (e->slots[s].k0 != k0 || e->slots[s].k1 != k1)) {
            s = (s + 1) & e->slot_mask;
        }
        if (e->slots[s].orbit == 0) {
            uint32_t o = e->n_orbits++;
            int r;
            e->slots[s].k0 = k0;
            e->slots[s].k1 = k1;
            e->slots[s].orbit = o + 1;
            for (r = 0; r < e->nr; r++) {
                e->rep[(size_t)o * e->nr + r] = (uint16_t)e->cur[r];
            }
            e->oweight[o] = 0.0;
            e->ocount[o] = 0;
        }
        e->oweight[e->slots[s].orbit - 1] += weight;
        e->ocount[e->slots[s].orbit - 1]++;
        return;
    }
    p = &e->pl[e->ranged[depth]];
    for (i = 0; i < p->n; i++) {
        if (!(p->used[i] & used)) {
            e->cur[depth] = i;
            collect_orbits(e, depth + 1, used | p->used[i], weight * p->w[i]);
        }
    }
}

static double choose(int n, int k)
{
    double r = 1.0;
    int i;
    if (k < 0 || k > n) {
        return 0.0;
    }
    for (i = 1; i <= k; i++) {
        r = r * (n - k + i) / i;
    }
    return r;
}

/* ---- sampling: a list of the consistent tuples ----------------------------- */

typedef struct {
    const player_t *pl;
    const int *who;    /* the players listed (ranged, not "random") */
    int nw;
    uint64_t cap;      /* most tuples to list */
    uint64_t nodes, node_cap;
    uint64_t n;        /* tuples found */
    int stop;          /* 1: tuple cap reached, 2: node cap reached */
    uint16_t *idx;     /* n * nw combo indices, or NULL (count only) */
    double *lw;        /* per tuple: log of its weight, later cumulative weight */
    int cur[PKC_MAX_PLAYERS];
} table_t;

static void table_walk(table_t *tb, int depth, uint64_t used, double lw)
{
    const player_t *p;
    int i;
    if (depth == tb->nw) {
        if (tb->n >= tb->cap) {
            tb->stop = 1;
            return;
        }
        if (tb->idx != NULL) {
            for (i = 0; i < tb->nw; i++) {
                tb->idx[(size_t)tb->n * tb->nw + i] = (uint16_t)tb->cur[i];
            }
            tb->lw[tb->n] = lw;
        }
        tb->n++;
        if (tb->idx == NULL && tb->n >= tb->cap) { /* only asked whether one exists */
            tb->stop = 1;
        }
        return;
    }
    p = &tb->pl[tb->who[depth]];
    for (i = 0; i < p->n && !tb->stop; i++) {
        if (++tb->nodes > tb->node_cap) {
            tb->stop = 2;
            return;
        }
        if (!(p->used[i] & used)) {
            tb->cur[depth] = i;
            table_walk(tb, depth + 1, used | p->used[i], lw + log(p->w[i]));
        }
    }
}

/* List every consistent tuple of the players `who` with weights turned into
 * a cumulative table.  Returns 1 when the list is complete and non-empty,
 * 0 when it does not fit (or memory ran out), -1 when it proves that no
 * tuple exists. */
static int table_build(table_t *tb, const player_t *pl, const int *who, int nw,
                       uint64_t known)
{
    uint64_t i;
    double top = -HUGE_VAL, total = 0.0;
    memset(tb, 0, sizeof(*tb));
    tb->pl = pl;
    tb->who = who;
    tb->nw = nw;
    tb->cap = TABLE_CAP;
    tb->node_cap = TABLE_NODES;
    tb->idx = (uint16_t *)malloc((size_t)TABLE_CAP * nw * sizeof(uint16_t));
    tb->lw = (double *)malloc((size_t)TABLE_CAP * sizeof(double));
    if (tb->idx == NULL || tb->lw == NULL) {
        return 0;
    }
    table_walk(tb, 0, known, 0.0);
    if (tb->stop) {
        return 0;
    }
    if (tb->n == 0) {
        return -1;
    }
    for (i = 0; i < tb->n; i++) {
        top = tb->lw[i] > top ? tb->lw[i] : top;
    }
    for (i = 0; i < tb->n; i++) { /* relative to the heaviest tuple: no underflow of all */
        total += exp(tb->lw[i] - top);
        tb->lw[i] = total;
    }
    return 1;
}

static void table_free(table_t *tb)
{
    free(tb->idx);
    free(tb->lw);
    tb->idx = NULL;
    tb->lw = NULL;
}

/* Index of a tuple drawn by weight from a built table. */
static uint64_t table_draw(rng_t *r, const table_t *tb)
{
    double u = (double)(rng_next(r) >> 11) * (1.0 / 9007199254740992.0) * tb->lw[tb->n - 1];
    uint64_t lo = 0, hi = tb->n - 1;
    while (lo < hi) { /* first cumulative weight above u */
        uint64_t mid = lo + (hi - lo) / 2;
        if (tb->lw[mid] > u) {
            hi = mid;
        } else {
            lo = mid + 1;
        }
    }
    return lo;
}

/* 1 if some consistent tuple of the players `who` exists, 0 if none does,
 * -1 when the search gave up. */
static int tuple_exists(const player_t *pl, const int *who, int nw, uint64_t known)
{
    table_t tb;
    memset(&tb, 0, sizeof(tb));
    tb.pl = pl;
    tb.who = who;
    tb.nw = nw;
    tb.cap = 1;
    tb.node_cap = EXIST_NODES;
    table_walk(&tb, 0, known, 0.0);
    if (tb.n > 0) {
        return 1;
    }
    return tb.stop ? -1 : 0;
}

/* ---- entry point --------------------------------------------------------- */

static int check_inputs(int n_players, const uint8_t *combos, const double *weights,
                        const int32_t *n_combos, const uint8_t *board, int n_board,
                        const uint8_t *dead, int n_dead, size_t *total)
{
    int p, i;
    size_t t = 0;
    if (n_players < 2 || n_players > PKC_MAX_PLAYERS || n_combos == NULL ||
        combos == NULL || weights == NULL) {
        return PKC_E_ARG;
    }
    if (n_board < 0 || n_board > 5 || n_dead < 0 || n_dead > 52 ||
        (n_board > 0 && board == NULL) || (n_dead > 0 && dead == NULL)) {
        return PKC_E_COUNT;
    }
    if (2 * n_players + 5 + n_dead > 52) {
        return PKC_E_COUNT;
    }
    for (p = 0; p < n_players; p++) {
        if (n_combos[p] < 1 || n_combos[p] > MAX_COMBOS) {
            return PKC_E_COUNT;
        }
        t += (size_t)n_combos[p];
    }
    for (i = 0; i < (int)t; i++) {
        if (combos[2 * i] > 51 || combos[2 * i + 1] > 51) {
            return PKC_E_CARD;
        }
        if (combos[2 * i] == combos[2 * i + 1]) {
            return PKC_E_DUPLICATE;
        }
        if (!(weights[i] >= 0.0) || weights[i] - weights[i] != 0.0) { /* NaN, inf */
            return PKC_E_ARG;
        }
    }
    for (i = 0; i < n_board; i++) {
        if (board[i] > 51) {
            return PKC_E_CARD;
        }
    }
    for (i = 0; i < n_dead; i++) {
        if (dead[i] > 51) {
            return PKC_E_CARD;
        }
    }
    *total = t;
    return PKC_OK;
}

int pkc_equity(int n_players, const uint8_t *combos, const double *weights,
               const int32_t *n_combos, const uint8_t *board, int n_board,
               const uint8_t *dead, int n_dead, int mode, uint64_t trials,
               uint64_t seed, double max_exact, double *out, uint64_t *deals,
               int *exact, int *bad_player, int (*keep_going)(void))
{
    const pkc_tables_t *t = pkc_internal_tables();
    player_t pl[PKC_MAX_PLAYERS];
    int is_fixed[PKC_MAX_PLAYERS];
    count_t cnt;
    exact_t ex;
    uint64_t known = 0, board_used = 0, dead_used = 0, board_key = SUIT_START,
             board_mask = 0;
    size_t total = 0, off = 0;
    unsigned char *block = NULL;
    uint32_t *scratch_u = NULL;
    double *scratch_d = NULL;
    int status, p, i, changed, k, use_exact = 0;
    double boards;

    if (bad_player != NULL) {
        *bad_player = -1;
    }
    if (t == NULL) {
        return PKC_E_INIT;
    }
    if (out == NULL || deals == NULL || exact == NULL || mode < 0 || mode > 2) {
        return PKC_E_ARG;
    }
    status = check_inputs(n_players, combos, weights, n_combos, board, n_board, dead,
                          n_dead, &total);
    if (status != PKC_OK) {
        return status;
    }
    if (mode != PKC_EQUITY_EXACT && trials == 0) {
        return PKC_E_ARG;
    }
    for (i = 0; i < n_board; i++) {
        if (known & code_bit(board[i])) {
            return PKC_E_DUPLICATE;
        }
        known |= code_bit(board[i]);
        board_key += t->card_key[board[i]];
        board_mask |= t->card_bit[board[i]];
    }
    board_used = known;
    for (i = 0; i < n_dead; i++) {
        if (known & code_bit(dead[i])) {
            return PKC_E_DUPLICATE;
        }
        known |= code_bit(dead[i]);
        dead_used |= code_bit(dead[i]);
    }

    /* per-combo arrays in one block */
    block = (unsigned char *)malloc(total * (4 * sizeof(uint64_t) + sizeof(double) +
                                             sizeof(uint32_t) + sizeof(uint16_t)) +
                                    64);
    scratch_u = (uint32_t *)malloc(2 * MAX_COMBOS * sizeof(uint32_t));
    scratch_d = (double *)malloc(MAX_COMBOS * sizeof(double));
    if (block == NULL || scratch_u == NULL || scratch_d == NULL) {
        status = PKC_E_MEMORY;
        goto done;
    }
    {
        uint64_t *u64 = (uint64_t *)block;
        double *dbl = (double *)(u64 + 4 * total);
        uint32_t *u32 = (uint32_t *)(dbl + total);
        uint16_t *u16 = (uint16_t *)(u32 + total);
        for (p = 0; p < n_players; p++) {
            int n = n_combos[p];
            player_t *q = &pl[p];
            q->n = n;
            q->used = u64 + off;
            q->key = u64 + total + off;
            q->bits = u64 + 2 * total + off;
            q->prob = u64 + 3 * total + off;
            q->w = dbl + off;
            q->alias = u32 + off;
            q->pair = u16 + off;
            for (i = 0; i < n; i++) {
                int a = combos[2 * (off + i)], b = combos[2 * (off + i) + 1];
                q->used[i] = code_bit(a) | code_bit(b);
                q->key[i] = t->card_key[a] + t->card_key[b];
                q->bits[i] = t->card_bit[a] | t->card_bit[b];
                q->pair[i] = (uint16_t)(a < b ? a * 52 + b : b * 52 + a);
                q->w[i] = weights[off + i];
            }
            is_fixed[p] = n == 1;
            off += (size_t)n;
        }
    }
    /* fixed hole cards: no card twice */
    for (p = 0; p < n_players; p++) {
        if (is_fixed[p]) {
            if (pl[p].used[0] & known) {
                if (bad_player != NULL) {
                    *bad_player = p;
                }
                status = PKC_E_DUPLICATE;
                goto done;
            }
            known |= pl[p].used[0];
        }
    }
    /* card removal; a range left with one combo becomes fixed */
    do {
        changed = 0;
        for (p = 0; p < n_players; p++) {
            player_t *q = &pl[p];
            int kept = 0;
            if (is_fixed[p]) {
                continue;
            }
            for (i = 0; i < q->n; i++) {
                if (!(q->used[i] & known) && q->w[i] > 0.0) {
                    q->used[kept] = q->used[i];
                    q->key[kept] = q->key[i];
                    q->bits[kept] = q->bits[i];
                    q->pair[kept] = q->pair[i];
                    q->w[kept] = q->w[i];
                    kept++;
                }
            }
            q->n = kept;
            if (kept == 0) {
                if (bad_player != NULL) {
                    *bad_player = p;
                }
                status = PKC_E_EMPTY;
                goto done;
            }
            if (kept == 1) {
                is_fixed[p] = 1;
                known |= q->used[0];
                changed = 1;
            }
        }
    } while (changed);
    for (p = 0; p < n_players; p++) {
        double top = 0.0;
        if (is_fixed[p] && pl[p].w[0] <= 0.0) {
            if (bad_player != NULL) {
                *bad_player = p;
            }
            status = PKC_E_EMPTY;
            goto done;
        }
        /* scale to a largest weight of 1: products of PKC_MAX_PLAYERS weights stay finite */
        for (i = 0; i < pl[p].n; i++) {
            top = pl[p].w[i] > top ? pl[p].w[i] : top;
        }
        for (i = 0; i < pl[p].n; i++) {
            pl[p].w[i] /= top;
        }
    }

    memset(&ex, 0, sizeof(ex));
    ex.n_players = n_players;
    ex.pl = pl;
    ex.fixed_used = known;
    for (p = 0; p < n_players; p++) {
        if (!is_fixed[p]) {
            ex.ranged[ex.nr++] = p;
        }
    }
    k = 5 - n_board;
    boards = choose(52 - n_board - n_dead - 2 * n_players, k);

    cnt.t = t;
    cnt.n = n_players;

    /* ---- decide: exact or sampled ---- */
    if (mode != PKC_EQUITY_SAMPLE) {
        /* cost of one tuple (or orbit): its boards, plus a fixed overhead */
        double per_tuple = boards * n_players + TUPLE_OVERHEAD;
        double by_budget;
        int g;
        for (g = 0; g < 24; g++) {
            if (permute_set(board_used, PERMS[g]) == board_used &&
                permute_set(dead_used, PERMS[g]) == dead_used) {
                memcpy(ex.perm[ex.n_perm++], PERMS[g], 4);
            }
        }
        /* orbits >= tuples / |G|: more tuples than this cannot fit the budget */
        by_budget = max_exact * ex.n_perm / per_tuple;
        ex.cap = ex.n_perm == 1 ? DIRECT_CAP : TUPLE_CAP;
        if (by_budget < (double)ex.cap) {
            ex.cap = (uint64_t)by_budget;
        }
        count_tuples(&ex, 0, known);
        if (ex.tuples == 0 && !ex.too_many) {
            status = PKC_E_EMPTY;
            goto done;
        }
        use_exact = !ex.too_many;
        if (use_exact && ex.n_perm > 1) {
            uint32_t size = 16;
            while (size < 2 * ex.tuples) {
                size <<= 1;
            }
            ex.slots = (slot_t *)calloc(size, sizeof(slot_t));
            ex.rep = (uint16_t *)malloc((size_t)ex.tuples * (ex.nr > 0 ? ex.nr : 1) *
                                        sizeof(uint16_t));
            ex.oweight = (double *)malloc((size_t)ex.tuples * sizeof(double));
            ex.ocount = (uint64_t *)malloc((size_t)ex.tuples * sizeof(uint64_t));
            if (!ex.slots || !ex.rep || !ex.oweight || !ex.ocount) {
                status = PKC_E_MEMORY;
                goto done_exact;
            }
            ex.slot_mask = size - 1;
            collect_orbits(&ex, 0, known, 1.0);
            if ((double)ex.n_orbits * per_tuple > max_exact) {
                use_exact = 0;
            }
        }
        if (!use_exact && mode == PKC_EQUITY_EXACT) {
            status = PKC_E_TOO_BIG;
            goto done_exact;
        }
    }

    if (use_exact) {
        exact_acc_t acc;
        memset(&acc, 0, sizeof(acc));
        ex.lists = (board_lists_t *)malloc(sizeof(board_lists_t));
        if (ex.lists == NULL) {
            status = PKC_E_MEMORY;
            goto done_exact;
        }
        for (p = 0; p < n_players; p++) {
            cnt.hk[p] = pl[p].key[0];
            cnt.hb[p] = pl[p].bits[0];
        }
        ex.cnt = &cnt;
        ex.acc = &acc;
        ex.k = k;
        ex.bk = board_key;
        ex.bm = board_mask;
        ex.boards = boards;
        ex.keep_going = keep_going;
        if (ex.n_perm == 1) { /* every tuple is its own orbit: no table */
            direct_tuples(&ex, 0, known, 1.0);
        } else {
            uint32_t o;
            for (o = 0; o < ex.n_orbits && !ex.stopped; o++) {
                uint64_t used = known;
                int r;
                for (r = 0; r < ex.nr; r++) {
                    const player_t *q = &pl[ex.ranged[r]];
                    int ci = ex.rep[(size_t)o * ex.nr + r];
                    used |= q->used[ci];
                    cnt.hk[ex.ranged[r]] = q->key[ci];
                    cnt.hb[ex.ranged[r]] = q->bits[ci];
                }
                run_tuple(&ex, used, ex.oweight[o], ex.ocount[o]);
            }
        }
        if (ex.stopped) {
            status = PKC_E_STOPPED;
            goto done_exact;
        }
        for (p = 0; p < n_players; p++) {
            out[4 * p + 0] = acc.sum[p][0] / acc.wsum;
            out[4 * p + 1] = acc.sum[p][1] / acc.wsum;
            out[4 * p + 2] = acc.sum[p][2] / acc.wsum;
            out[4 * p + 3] = 0.0;
        }
        *deals = acc.deals;
        *exact = 1;
        status = PKC_OK;
        goto done_exact;
    }

    /* ---- sampling ---- */
    {
        rng_t rng;
        table_t tb;
        uint64_t trial, accepted = 0, rejects = 0, rejected = 0;
        const uint64_t *ck = t->card_key, *cb = t->card_bit;
        int na = 0, nu = 0, by_alias[PKC_MAX_PLAYERS], uniform[PKC_MAX_PLAYERS];
        int use_table = 0, table_tried = 0;
        memset(&tb, 0, sizeof(tb));
        rng_seed(&rng, seed);
        for (p = 0; p < n_players; p++) { /* fixed hands; ranges overwrite */
            cnt.hk[p] = pl[p].key[0];
            cnt.hb[p] = pl[p].bits[0];
        }
        for (i = 0; i < ex.nr; i++) {
            int q = ex.ranged[i];
            if (is_full_uniform(&pl[q], known)) {
                uniform[nu++] = q;
            } else {
                by_alias[na++] = q;
                build_alias(&pl[q], scratch_u, scratch_u + MAX_COMBOS, scratch_d);
            }
        }
        count_reset(&cnt);
        for (trial = 0; trial < trials; trial++) {
            uint64_t used = known, bk = board_key, bm = board_mask;
            int j;
            if (use_table) {
                const uint16_t *row = tb.idx + (size_t)table_draw(&rng, &tb) * na;
                for (j = 0; j < na; j++) {
                    const player_t *q = &pl[by_alias[j]];
                    used |= q->used[row[j]];
                    cnt.hk[by_alias[j]] = q->key[row[j]];
                    cnt.hb[by_alias[j]] = q->bits[row[j]];
                }
            } else {
                for (j = 0; j < na; j++) {
                    const player_t *q = &pl[by_alias[j]];
                    int ci = sample_combo(&rng, q);
                    if (q->used[ci] & used) {
                        break;
                    }
                    used |= q->used[ci];
                    cnt.hk[by_alias[j]] = q->key[ci];
                    cnt.hb[by_alias[j]] = q->bits[ci];
                }
                if (j < na) { /* a shared card: draw the whole tuple again */
                    trial--;
                    ++rejects;
                    if (++rejected > REJECT_BUDGET) {
                        break;
                    }
                    if (rejects >= TABLE_TRIGGER && !table_tried) {
                        int built;
                        table_tried = 1;
                        built = table_build(&tb, pl, by_alias, na, known);
                        if (built < 0) {
                            status = PKC_E_EMPTY;
                            goto done_sample;
                        }
                        use_table = built;
                        if (!built) {
                            table_free(&tb);
                        }
                    }
                    continue;
                }
                rejects = 0;
            }
            /* players holding any two cards: the number of ways to deal them
             * does not depend on the tuple above, so dealing them from the
             * deck afterwards keeps the joint distribution exact */
            for (j = 0; j < nu; j++) {
                uint32_t c1, c2;
                do {
                    c1 = bounded(&rng, 52, NULL);
                } while (used & code_bit((int)c1));
                used |= code_bit((int)c1);
                do {
                    c2 = bounded(&rng, 52, NULL);
                } while (used & code_bit((int)c2));
                used |= code_bit((int)c2);
                cnt.hk[uniform[j]] = ck[c1] + ck[c2];
                cnt.hb[uniform[j]] = cb[c1] | cb[c2];
            }
            for (j = 0; j < k; j++) {
                uint32_t c;
                do {
                    c = bounded(&rng, 52, NULL);
                } while (used & code_bit((int)c));
                used |= code_bit((int)c);
                bk += ck[c];
                bm |= cb[c];
            }
            if (n_players == 2) {
                int v0 = pkc_i_eval(t, bk + cnt.hk[0], bm | cnt.hb[0]);
                int v1 = pkc_i_eval(t, bk + cnt.hk[1], bm | cnt.hb[1]);
                cnt.win[0] += v0 > v1;
                cnt.win[1] += v1 > v0;
                cnt.tie[0] += v0 == v1;
            } else {
                showdown_multi(&cnt, bk, bm);
            }
            accepted++;
        }
        if (accepted == 0 && tuple_exists(pl, by_alias, na, known) == 0) {
            status = PKC_E_EMPTY; /* proven: no deal at all */
            goto done_sample;
        }
        finish_heads_up(&cnt);
        for (p = 0; p < n_players; p++) {
            double n = (double)accepted;
            double mean, m2, var;
            if (accepted == 0) { /* budget spent before any deal: nothing counted */
                out[4 * p + 0] = out[4 * p + 1] = out[4 * p + 2] = out[4 * p + 3] = 0.0;
                continue;
            }
            mean = ((double)cnt.win[p] * SHARE_UNIT + (double)cnt.share[p]) / (SHARE_UNIT * n);
            m2 = ((double)cnt.win[p] * SHARE_UNIT * SHARE_UNIT + (double)cnt.share2[p]) /
                 ((double)SHARE_UNIT * SHARE_UNIT * n);
            var = m2 - mean * mean;
            out[4 * p + 0] = (double)cnt.win[p] / n;
            out[4 * p + 1] = (double)cnt.tie[p] / n;
            out[4 * p + 2] = mean;
            out[4 * p + 3] = var > 0.0 ? sqrt(var / n) : 0.0;
        }
        *deals = accepted;
        *exact = 0;
        status = PKC_OK;
    done_sample:
        table_free(&tb);
    }

done_exact:
    free(ex.lists);
    free(ex.slots);
    free(ex.rep);
    free(ex.oweight);
    free(ex.ocount);
done:
    free(block);
    free(scratch_u);
    free(scratch_d);
    return status;
}
