/* Vector-form discounted CFR for two-player subgames (the solver's core).
 *
 * Clean-room implementation from the papers:
 *   - M. Zinkevich, M. Johanson, M. Bowling, C. Piccione, "Regret
 *     minimization in games with incomplete information" (NIPS 2007): CFR.
 *   - M. Johanson, N. Bard, M. Lanctot, R. Gibson, M. Bowling, "Efficient
 *     Nash equilibrium approximation through Monte Carlo counterfactual
 *     regret minimization" (AAMAS 2012): the vector ("public tree") form,
 *     one array over a player's private hands per public node.
 *   - N. Brown, T. Sandholm, "Solving imperfect-information games via
 *     discounted regret minimization" (AAAI 2019): DCFR, accumulated positive
 *     regrets times t^a/(t^a+1), negative ones times t^b/(t^b+1), the
 *     average strategy's weights times (t/(t+1))^g; a=1.5, b=0, g=2.
 *
 * The game is a public tree given as flat arrays (see pkc.h): decision
 * nodes of player 0 or 1, chance nodes whose edges each deal one card,
 * fold and showdown terminals.  A private hand is one or two card indices
 * (0..deck-1); hands that share a card are never dealt together, and a hand
 * that holds a card dealt at a chance node leaves that branch.  Showdown
 * values are computed in O(n + deck) per terminal: both players' hands are
 * sorted by rank once per board; a sweep adds up the opponent's reach of
 * weaker (stronger) hands in total and per card, and the hands that share a
 * card with the hero's are removed by inclusion-exclusion (per-card sums,
 * plus the identical combo, counted twice, added back once).
 *
 * Utilities: at a terminal with pot P (after rake) where player i put in
 * inv_i during the subgame, a winner gets P - inv_i, a loser -inv_i, a tie
 * P / 2 - inv_i.  The pot P includes the chips in the pot at the root, so
 * the game is constant-sum without rake; the exploitability reported is
 * NashConv / 2 = (sum_i BR_i - EV_i) / 2, right with or without rake.
 */

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "pkc.h"

#define NO_CARD 255 /* a one-card hand's second card, as callers give it */
#define NONE PKC_SOLVER_MAX_DECK /* the same inside: its own slot of the per-card sums */
#define SLOTS (PKC_SOLVER_MAX_DECK + 1)

/* A hand in a board's rank order: what the showdown sweep reads, together. */
struct sorted_hand {
    int32_t rank;
    uint16_t index;
    uint8_t c1, c2;
};

struct pkc_solver {
    int n_nodes;
    int32_t *ni;  /* PKC_SOLVER_NODE_INTS per node */
    double *nr;   /* PKC_SOLVER_NODE_REALS per node */
    int32_t *links;
    int32_t *iso;       /* per entry: a card, then the hand permutations of both players */
    int deck;
    int nh[2];
    uint8_t *cards[2]; /* 2 per hand */
    double *w[2];
    int32_t *same[2]; /* index of the identical hand in the other list, or -1 */
    int n_boards;
    int32_t *rank[2];   /* n_boards * nh[p] */
    struct sorted_hand *order[2]; /* n_boards * nh[p]: valid hands by rank, ascending */
    int32_t *count[2];  /* n_boards: how many valid hands */
    int64_t *off;       /* per node: offset of its data (decision nodes) */
    int64_t size;       /* doubles of regrets (and of strategy sums) */
    float *regret;      /* single precision: half the memory traffic */
    float *ssum;
    float *cur;         /* current strategy (regret matching), kept up to date */
    uint8_t *locked;    /* per node */
    double *lockv;      /* lazily allocated, size doubles */
    double *arena;
    int64_t arena_size;
    int64_t top;
    int iteration;
    double z; /* sum over compatible pairs of w0 * w1 */
    /* per-iteration constants */
    double dpos, dneg, dstrat;
};

#define KIND(s, n) ((s)->ni[(n) * PKC_SOLVER_NODE_INTS + 0])
#define FIRST(s, n) ((s)->ni[(n) * PKC_SOLVER_NODE_INTS + 1])
#define NLINK(s, n) ((s)->ni[(n) * PKC_SOLVER_NODE_INTS + 2])
#define CARD(s, n) ((s)->ni[(n) * PKC_SOLVER_NODE_INTS + 3])
#define BOARD(s, n) ((s)->ni[(n) * PKC_SOLVER_NODE_INTS + 4])
#define FOLDER(s, n) ((s)->ni[(n) * PKC_SOLVER_NODE_INTS + 5])
#define ISO_FIRST(s, n) ((s)->ni[(n) * PKC_SOLVER_NODE_INTS + 6])
#define ISO_COUNT(s, n) ((s)->ni[(n) * PKC_SOLVER_NODE_INTS + 7])
#define ISO(s, e) ((s)->iso + (int64_t)(e) * (1 + (s)->nh[0] + (s)->nh[1]))
#define POT(s, n) ((s)->nr[(n) * PKC_SOLVER_NODE_REALS + 0])
#define INV(s, n, p) ((s)->nr[(n) * PKC_SOLVER_NODE_REALS + 1 + (p)])
#define SCALE(s, n) ((s)->nr[(n) * PKC_SOLVER_NODE_REALS + 3])
#define CHILD(s, n, a) ((s)->links[FIRST(s, n) + (a)])

static double *push(pkc_solver *s, int64_t n) {
    double *p = s->arena + s->top;
    s->top += n;
    return p; /* the arena is sized for the deepest path at construction */
}

void pkc_solver_free(pkc_solver *s) {
    if (!s) return;
    free(s->ni); free(s->nr); free(s->links); free(s->iso);
    for (int p = 0; p < 2; p++) {
        free(s->cards[p]); free(s->w[p]); free(s->same[p]);
        free(s->rank[p]); free(s->order[p]); free(s->count[p]);
    }
    free(s->off); free(s->regret); free(s->ssum); free(s->cur); free(s->locked); free(s->lockv);
    free(s->arena);
    free(s);
}

/* qsort has no context argument in C99: sort (rank, index) packed in one
 * 64-bit key instead of a shared pointer (thread-safe). */
static int by_key(const void *a, const void *b) {
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return x < y ? -1 : x > y;
}

/* Frame sizes (doubles) of the deepest path from node n. */
static void match(pkc_solver *s, int n);

static int64_t need(const pkc_solver *s, int n, int64_t hmax) {
    int kind = KIND(s, n), k = NLINK(s, n);
    int64_t frame, best = 0;
    if (kind <= PKC_SOLVER_PLAYER1) frame = (2 * (int64_t)k + 3) * hmax;
    else if (kind == PKC_SOLVER_CHANCE) frame = 3 * hmax;
    else return 2 * hmax;
    for (int a = 0; a < k; a++) {
        int64_t c = need(s, CHILD(s, n, a), hmax);
        if (c > best) best = c;
    }
    return frame + best;
}

static int check_tree(int n_nodes, const int32_t *ni, const double *nr, int n_links,
                      const int32_t *links, int deck, int n_boards, int n_iso) {
    if (n_nodes < 1 || n_links < 0) return PKC_E_ARG;
    int32_t *parents = calloc((size_t)n_nodes, sizeof(int32_t));
    if (!parents) return PKC_E_MEMORY;
    int status = PKC_OK;
    for (int n = 0; n < n_nodes && status == PKC_OK; n++) {
        const int32_t *x = ni + (size_t)n * PKC_SOLVER_NODE_INTS;
        const double *r = nr + (size_t)n * PKC_SOLVER_NODE_REALS;
        int kind = x[0], first = x[1], k = x[2];
        if (x[7] < 0 || x[6] < 0 || x[6] > n_iso - x[7]) status = PKC_E_ARG;
        for (int j = 0; j < PKC_SOLVER_NODE_REALS; j++)
            if (!isfinite(r[j])) status = PKC_E_ARG;
        if (kind < 0 || kind > PKC_SOLVER_SHOWDOWN) { status = PKC_E_ARG; break; }
        if (kind <= PKC_SOLVER_CHANCE) {
            if (k < 1 || k > PKC_SOLVER_MAX_ACTIONS || first < 0 || first > n_links - k) {
                status = PKC_E_ARG;
                break;
            }
            for (int a = 0; a < k; a++) {
                int c = links[first + a];
                if (c <= n || c >= n_nodes) { status = PKC_E_ARG; break; }
                parents[c]++;
                if (kind == PKC_SOLVER_CHANCE) {
                    int card = ni[(size_t)c * PKC_SOLVER_NODE_INTS + 3];
                    if (card < 0 || card >= deck) status = PKC_E_ARG;
                }
            }
            if (kind == PKC_SOLVER_CHANCE && !(r[3] > 0)) status = PKC_E_ARG;
        } else {
            if (k != 0 || x[4] < 0 || x[4] >= n_boards) status = PKC_E_ARG;
            if (kind == PKC_SOLVER_FOLD && (x[5] < 0 || x[5] > 1)) status = PKC_E_ARG;
        }
    }
    for (int n = 1; n < n_nodes && status == PKC_OK; n++)
        if (parents[n] != 1) status = PKC_E_ARG; /* a tree: one parent each */
    /* isomorphic branches only on children of chance nodes */
    for (int n = 0; n < n_nodes && status == PKC_OK; n++) {
        const int32_t *x = ni + (size_t)n * PKC_SOLVER_NODE_INTS;
        if (x[0] == PKC_SOLVER_CHANCE) continue;
        for (int a = 0; x[0] <= PKC_SOLVER_PLAYER1 && a < x[2]; a++)
            if (ni[(size_t)links[x[1] + a] * PKC_SOLVER_NODE_INTS + 7] != 0) status = PKC_E_ARG;
    }
    if (status == PKC_OK && ni[7] != 0) status = PKC_E_ARG;
    if (status == PKC_OK && parents[0] != 0) status = PKC_E_ARG;
    free(parents);
    return status;
}

pkc_solver *pkc_solver_new(int n_nodes, const int32_t *node_ints, const double *node_reals,
                           int n_links, const int32_t *links, int deck, const int32_t *n_hands,
                           const uint8_t *cards, const double *weights, int n_boards,
                           const int32_t *ranks, int n_iso, const int32_t *iso, int *status) {
    *status = PKC_E_ARG;
    if (n_iso < 0) return NULL;
    if (deck < 1 || deck > PKC_SOLVER_MAX_DECK || n_boards < 1) return NULL;
    for (int p = 0; p < 2; p++)
        if (n_hands[p] < 1 || n_hands[p] > PKC_SOLVER_MAX_HANDS) return NULL;
    int st = check_tree(n_nodes, node_ints, node_reals, n_links, links, deck, n_boards, n_iso);
    if (st != PKC_OK) { *status = st; return NULL; }
    int h0 = n_hands[0], h1 = n_hands[1];
    for (int i = 0; i < h0 + h1; i++) {
        int a = cards[2 * i], b = cards[2 * i + 1];
        if (a >= deck || (b != NO_CARD && (b >= deck || b == a))) return NULL;
        if (!(weights[i] >= 0) || !isfinite(weights[i])) return NULL;
    }
    {
        /* each entry: a card of the deck and two permutations */
        int64_t width = 1 + (int64_t)h0 + h1;
        uint8_t seen[2 * PKC_SOLVER_MAX_HANDS];
        for (int e = 0; e < n_iso; e++) {
            const int32_t *x = iso + e * width;
            if (x[0] < 0 || x[0] >= deck) return NULL;
            memset(seen, 0, sizeof(seen));
            for (int i = 0; i < h0 + h1; i++) {
                int lo = i < h0 ? 0 : h0, hi = i < h0 ? h0 : h0 + h1, v = x[1 + i];
                if (v < 0 || v >= hi - lo || seen[lo + v]) return NULL;
                seen[lo + v] = 1;
            }
        }
    }
    *status = PKC_E_MEMORY;
    int64_t *keys = NULL;
    pkc_solver *s = calloc(1, sizeof(pkc_solver));
    if (!s) return NULL;
    s->n_nodes = n_nodes;
    s->deck = deck;
    s->n_boards = n_boards;
    s->nh[0] = h0;
    s->nh[1] = h1;
    s->ni = malloc(sizeof(int32_t) * (size_t)n_nodes * PKC_SOLVER_NODE_INTS);
    s->nr = malloc(sizeof(double) * (size_t)n_nodes * PKC_SOLVER_NODE_REALS);
    s->links = malloc(sizeof(int32_t) * (size_t)(n_links > 0 ? n_links : 1));
    s->iso = malloc(sizeof(int32_t) * (size_t)(n_iso > 0 ? n_iso * (1 + (int64_t)h0 + h1) : 1));
    s->off = malloc(sizeof(int64_t) * (size_t)n_nodes);
    s->locked = calloc((size_t)n_nodes, 1);
    keys = malloc(sizeof(int64_t) * (size_t)(h0 > h1 ? h0 : h1));
    if (!s->ni || !s->nr || !s->links || !s->iso || !s->off || !s->locked || !keys) goto fail;
    if (n_iso > 0) memcpy(s->iso, iso, sizeof(int32_t) * (size_t)(n_iso * (1 + (int64_t)h0 + h1)));
    memcpy(s->ni, node_ints, sizeof(int32_t) * (size_t)n_nodes * PKC_SOLVER_NODE_INTS);
    memcpy(s->nr, node_reals, sizeof(double) * (size_t)n_nodes * PKC_SOLVER_NODE_REALS);
    if (n_links > 0) memcpy(s->links, links, sizeof(int32_t) * (size_t)n_links);
    for (int p = 0; p < 2; p++) {
        int h = s->nh[p], base = p ? h0 : 0;
        s->cards[p] = malloc(2 * (size_t)h);
        s->w[p] = malloc(sizeof(double) * (size_t)h);
        s->same[p] = malloc(sizeof(int32_t) * (size_t)h);
        s->rank[p] = malloc(sizeof(int32_t) * (size_t)h * (size_t)n_boards);
        s->order[p] = malloc(sizeof(struct sorted_hand) * (size_t)h * (size_t)n_boards);
        s->count[p] = malloc(sizeof(int32_t) * (size_t)n_boards);
        if (!s->cards[p] || !s->w[p] || !s->same[p] || !s->rank[p] || !s->order[p] || !s->count[p]) goto fail;
        memcpy(s->cards[p], cards + 2 * (size_t)base, 2 * (size_t)h);
        for (int i = 0; i < h; i++)
            if (s->cards[p][2 * i + 1] == NO_CARD) s->cards[p][2 * i + 1] = NONE;
        memcpy(s->w[p], weights + base, sizeof(double) * (size_t)h);
        for (int b = 0; b < n_boards; b++) {
            const int32_t *src = ranks + (size_t)b * (size_t)(h0 + h1) + base;
            int32_t *dst = s->rank[p] + (size_t)b * (size_t)h;
            struct sorted_hand *ord = s->order[p] + (size_t)b * (size_t)h;
            int c = 0;
            memcpy(dst, src, sizeof(int32_t) * (size_t)h);
            for (int i = 0; i < h; i++)
                if (dst[i] >= 0) keys[c++] = ((int64_t)dst[i] << 16) | i;
            qsort(keys, (size_t)c, sizeof(int64_t), by_key);
            for (int i = 0; i < c; i++) {
                int x = (int)(keys[i] & 0xffff);
                ord[i].rank = dst[x];
                ord[i].index = (uint16_t)x;
                ord[i].c1 = s->cards[p][2 * x];
                ord[i].c2 = s->cards[p][2 * x + 1];
            }
            s->count[p][b] = c;
        }
    }
    /* identical combos across the two lists */
    for (int p = 0; p < 2; p++) {
        int q = 1 - p;
        for (int i = 0; i < s->nh[p]; i++) {
            uint8_t a = s->cards[p][2 * i], b = s->cards[p][2 * i + 1];
            s->same[p][i] = -1;
            for (int j = 0; j < s->nh[q]; j++) {
                uint8_t c = s->cards[q][2 * j], d = s->cards[q][2 * j + 1];
                if ((a == c && b == d) || (b != NONE && a == d && b == c)) {
                    s->same[p][i] = j;
                    break;
                }
            }
        }
    }
    /* offsets of the decision nodes' data */
    int64_t size = 0;
    int64_t hmax = h0 > h1 ? h0 : h1;
    for (int n = 0; n < n_nodes; n++) {
        s->off[n] = -1;
        int kind = KIND(s, n);
        if (kind <= PKC_SOLVER_PLAYER1) {
            s->off[n] = size;
            size += (int64_t)NLINK(s, n) * s->nh[kind];
        }
    }
    s->size = size;
    s->regret = calloc((size_t)(size > 0 ? size : 1), sizeof(float));
    s->ssum = calloc((size_t)(size > 0 ? size : 1), sizeof(float));
    s->cur = malloc(sizeof(float) * (size_t)(size > 0 ? size : 1));
    s->arena_size = need(s, 0, hmax) + 4 * hmax + 8;
    s->arena = malloc(sizeof(double) * (size_t)s->arena_size);
    if (!s->regret || !s->ssum || !s->cur || !s->arena) goto fail;
    for (int n = 0; n < n_nodes; n++)
        if (s->off[n] >= 0) match(s, n);
    /* normaliser: sum of w0[i] w1[j] over pairs that share no card */
    {
        double card_tot[PKC_SOLVER_MAX_DECK] = {0}, total = 0, z = 0;
        for (int j = 0; j < h1; j++) {
            double r = s->w[1][j];
            total += r;
            card_tot[s->cards[1][2 * j]] += r;
            if (s->cards[1][2 * j + 1] != NONE) card_tot[s->cards[1][2 * j + 1]] += r;
        }
        for (int i = 0; i < h0; i++) {
            double c = total - card_tot[s->cards[0][2 * i]];
            if (s->cards[0][2 * i + 1] != NONE) {
                c -= card_tot[s->cards[0][2 * i + 1]];
                if (s->same[0][i] >= 0) c += s->w[1][s->same[0][i]];
            }
            z += s->w[0][i] * c;
        }
        s->z = z;
    }
    free(keys);
    *status = PKC_OK;
    return s;
fail:
    free(keys);
    pkc_solver_free(s);
    return NULL;
}

/* Sum of the opponent's reach over hands compatible with each hero hand. */
static void compat(const pkc_solver *s, int p, const double *ropp, double *out, double *card_tot) {
    int q = 1 - p;
    double total = 0;
    memset(card_tot, 0, sizeof(double) * SLOTS);
    for (int j = 0; j < s->nh[q]; j++) {
        double r = ropp[j];
        total += r;
        card_tot[s->cards[q][2 * j]] += r;
        card_tot[s->cards[q][2 * j + 1]] += r;
    }
    for (int i = 0; i < s->nh[p]; i++) {
        double c = total - card_tot[s->cards[p][2 * i]];
        if (s->cards[p][2 * i + 1] != NONE) {
            c -= card_tot[s->cards[p][2 * i + 1]];
            if (s->same[p][i] >= 0) c += ropp[s->same[p][i]];
        }
        out[i] = c;
    }
}

/* win[i] - lose[i] for the hero's hands on board b (0 for a blocked hand),
 * and compat (written to cmp).  NONE (a one-card hand's second card) has
 * its own slot in the per-card sums, never read back as a real card. */
static void showdown(const pkc_solver *s, int p, int b, const double *ropp, double *diff, double *cmp,
                     int have_cmp) {
    int q = 1 - p, hp = s->nh[p], hq = s->nh[q];
    const int32_t *rp = s->rank[p] + (size_t)b * hp;
    const struct sorted_hand *op = s->order[p] + (size_t)b * hp, *oq = s->order[q] + (size_t)b * hq;
    int np = s->count[p][b], nq = s->count[q][b];
    double card[SLOTS];
    memset(diff, 0, sizeof(double) * (size_t)hp);
    /* ascending: opponent hands strictly weaker */
    double tot = 0;
    memset(card, 0, sizeof(card));
    int j = 0;
    for (int k = 0; k < np; k++) {
        const struct sorted_hand *me = op + k;
        int32_t r = me->rank;
        while (j < nq && oq[j].rank < r) {
            double x = ropp[oq[j].index];
            tot += x;
            card[oq[j].c1] += x;
            card[oq[j].c2] += x;
            j++;
        }
        double win = tot - card[me->c1];
        if (me->c2 != NONE) win -= card[me->c2];
        diff[me->index] = win;
    }
    if (!have_cmp) {
        /* the sweep run to the end gives the totals compat() needs (the
         * opponent's hands blocked by the board have no reach here) */
        for (; j < nq; j++) {
            double x = ropp[oq[j].index];
            tot += x;
            card[oq[j].c1] += x;
            card[oq[j].c2] += x;
        }
        const uint8_t *cp = s->cards[p];
        const int32_t *same = s->same[p];
        for (int i = 0; i < hp; i++) {
            double c = tot - card[cp[2 * i]];
            if (cp[2 * i + 1] != NONE) {
                c -= card[cp[2 * i + 1]];
                if (same[i] >= 0) c += ropp[same[i]];
            }
            cmp[i] = c;
        }
    }
    /* descending: opponent hands strictly stronger */
    tot = 0;
    memset(card, 0, sizeof(card));
    j = nq - 1;
    for (int k = np - 1; k >= 0; k--) {
        const struct sorted_hand *me = op + k;
        int32_t r = me->rank;
        while (j >= 0 && oq[j].rank > r) {
            double x = ropp[oq[j].index];
            tot += x;
            card[oq[j].c1] += x;
            card[oq[j].c2] += x;
            j--;
        }
        double lose = tot - card[me->c1];
        if (me->c2 != NONE) lose -= card[me->c2];
        diff[me->index] -= lose;
    }
    for (int i = 0; i < hp; i++)
        if (rp[i] < 0) cmp[i] = 0;
}

/* Values of player p's hands at terminal n; known_cmp, if not NULL, is
 * compat() of ropp already computed by the caller. */
static void terminal(pkc_solver *s, int n, int p, const double *ropp, double *out, const double *known_cmp) {
    int hp = s->nh[p], b = BOARD(s, n);
    double pot = POT(s, n), inv = INV(s, n, p);
    double *cmp = push(s, hp), *diff = push(s, hp);
    double card[SLOTS];
    const int32_t *rp = s->rank[p] + (size_t)b * hp;
    if (known_cmp) memcpy(cmp, known_cmp, sizeof(double) * (size_t)hp);
    if (KIND(s, n) == PKC_SOLVER_FOLD) {
        double gain = FOLDER(s, n) == p ? -inv : pot - inv;
        if (!known_cmp) compat(s, p, ropp, cmp, card);
        for (int i = 0; i < hp; i++) out[i] = rp[i] < 0 ? 0 : gain * cmp[i];
    } else {
        showdown(s, p, b, ropp, diff, cmp, known_cmp != NULL);
        for (int i = 0; i < hp; i++) out[i] = 0.5 * pot * (cmp[i] + diff[i]) - inv * cmp[i];
    }
    s->top -= 2 * (int64_t)hp;
}

enum { MODE_CFR = 0, MODE_BR = 1, MODE_EV = 2 };

/* Regret matching from float rows src (k * h) into out (k * h); the last
 * row of out holds per hand 1 / (sum of positive parts), or 0 when none is
 * positive, until it is filled itself. */
#define REGRET_MATCH(OUT_T, out, src, k, h)                                  \
    do {                                                                     \
        OUT_T *inv_ = (out) + (int64_t)((k) - 1) * (h);                      \
        for (int i_ = 0; i_ < (h); i_++) inv_[i_] = 0;                       \
        for (int a_ = 0; a_ < (k); a_++) {                                   \
            const float *row_ = (src) + (int64_t)a_ * (h);                   \
            for (int i_ = 0; i_ < (h); i_++)                                 \
                inv_[i_] += row_[i_] > 0 ? row_[i_] : 0.0f;                  \
        }                                                                    \
        for (int i_ = 0; i_ < (h); i_++)                                     \
            inv_[i_] = inv_[i_] > 0 ? (OUT_T)(1.0 / inv_[i_]) : 0;           \
        OUT_T uniform_ = (OUT_T)(1.0 / (k));                                 \
        for (int a_ = 0; a_ < (k); a_++) {                                   \
            const float *row_ = (src) + (int64_t)a_ * (h);                   \
            OUT_T *o_ = (out) + (int64_t)a_ * (h);                           \
            for (int i_ = 0; i_ < (h); i_++) {                               \
                OUT_T m_ = inv_[i_];                                         \
                OUT_T x_ = row_[i_] > 0 ? row_[i_] : 0.0f;                   \
                o_[i_] = m_ > 0 ? x_ * m_ : uniform_;                        \
            }                                                                \
        }                                                                    \
    } while (0)

/* Recompute the current strategy of decision node n from its regrets. */
static void match(pkc_solver *s, int n) {
    int k = NLINK(s, n), h = s->nh[KIND(s, n)];
    int64_t o = s->off[n];
    REGRET_MATCH(float, s->cur + o, s->regret + o, k, h);
}

/* Strategy of the actor at node n into sig (k * h): mode CFR the current one
 * (regret matching), otherwise the average one. */
static void strategy(const pkc_solver *s, int n, int mode, double *sig) {
    int actor = KIND(s, n), k = NLINK(s, n), h = s->nh[actor];
    int64_t o = s->off[n];
    if (s->locked[n]) {
        memcpy(sig, s->lockv + o, sizeof(double) * (size_t)k * h);
        return;
    }
    if (mode == MODE_CFR) {
        const float *cur = s->cur + o;
        for (int64_t x = 0; x < (int64_t)k * h; x++) sig[x] = cur[x];
        return;
    }
    REGRET_MATCH(double, sig, s->ssum + o, k, h);
}

/* Counterfactual values of player p's hands at node n into out (nh[p]);
 * rhero is p's reach (MODE_CFR only); node_out, if not NULL, receives the
 * values at every node (n_nodes * nh[p]). */
static void walk(pkc_solver *s, int n, int p, int mode, const double *ropp, const double *rhero,
                 double *out, double *node_out, const double *known_cmp) {
    int kind = KIND(s, n), hp = s->nh[p], q = 1 - p, hq = s->nh[q];
    if (kind >= PKC_SOLVER_FOLD) {
        terminal(s, n, p, ropp, out, known_cmp);
    } else if (kind == PKC_SOLVER_CHANCE) {
        int k = NLINK(s, n);
        double scale = SCALE(s, n);
        double *ro = push(s, hq), *rh = push(s, hp), *v = push(s, hp);
        const uint8_t *cp = s->cards[p], *cq = s->cards[q];
        memset(out, 0, sizeof(double) * (size_t)hp);
        for (int a = 0; a < k; a++) {
            int child = CHILD(s, n, a);
            int c = CARD(s, child);
            for (int j = 0; j < hq; j++) ro[j] = (cq[2 * j] == c || cq[2 * j + 1] == c) ? 0 : ropp[j];
            if (rhero)
                for (int i = 0; i < hp; i++) rh[i] = (cp[2 * i] == c || cp[2 * i + 1] == c) ? 0 : rhero[i];
            walk(s, child, p, mode, ro, rhero ? rh : NULL, v, node_out, NULL);
            for (int i = 0; i < hp; i++)
                if (cp[2 * i] != c && cp[2 * i + 1] != c) out[i] += scale * v[i];
            /* the cards isomorphic to c: the same values, hands permuted */
            for (int e = ISO_FIRST(s, child), end = e + ISO_COUNT(s, child); e < end; e++) {
                const int32_t *perm = ISO(s, e) + 1 + (p ? s->nh[0] : 0);
                for (int i = 0; i < hp; i++)
                    if (cp[2 * i] != c && cp[2 * i + 1] != c) out[perm[i]] += scale * v[i];
            }
        }
        s->top -= (int64_t)hq + 2 * (int64_t)hp;
    } else if (kind == q) {
        int k = NLINK(s, n);
        double *sig = push(s, (int64_t)k * hq), *ro = push(s, hq), *v = push(s, hp);
        /* in CFR an unlocked node's current strategy is read in place */
        const float *cur = mode == MODE_CFR && !s->locked[n] ? s->cur + s->off[n] : NULL;
        if (!cur) strategy(s, n, mode == MODE_CFR ? MODE_CFR : MODE_EV, sig);
        memset(out, 0, sizeof(double) * (size_t)hp);
        for (int a = 0; a < k; a++) {
            int any = 0;
            if (cur) {
                const float *row = cur + (int64_t)a * hq;
                for (int j = 0; j < hq; j++) {
                    ro[j] = ropp[j] * row[j];
                    any |= ro[j] != 0;
                }
            } else {
                const double *row = sig + (int64_t)a * hq;
                for (int j = 0; j < hq; j++) {
                    ro[j] = ropp[j] * row[j];
                    any |= ro[j] != 0;
                }
            }
            int child = CHILD(s, n, a);
            /* nothing reaches: values 0 (in CFR the hero's own strategy sums
             * below must still be visited) */
            if (!any && !node_out && !rhero) continue;
            walk(s, child, p, mode, ro, rhero, v, node_out, NULL);
            for (int i = 0; i < hp; i++) out[i] += v[i];
        }
        s->top -= (int64_t)k * hq + hq + hp;
    } else {
        int k = NLINK(s, n);
        int64_t o = s->off[n];
        double *sig = push(s, (int64_t)k * hp), *v = push(s, (int64_t)k * hp), *rh = push(s, hp);
        double *cmp = push(s, hp), card[SLOTS];
        int terminals = 0;
        if (mode != MODE_BR) strategy(s, n, mode, sig);
        /* the hero's actions leave the opponent's reach as it is: its
         * terminal children share one compat() */
        for (int a = 0; a < k; a++) terminals += KIND(s, CHILD(s, n, a)) >= PKC_SOLVER_FOLD;
        if (terminals > 1) compat(s, p, ropp, cmp, card);
        for (int a = 0; a < k; a++) {
            if (rhero)
                for (int i = 0; i < hp; i++) rh[i] = rhero[i] * sig[(int64_t)a * hp + i];
            walk(s, CHILD(s, n, a), p, mode, ropp, rhero ? rh : NULL, v + (int64_t)a * hp, node_out,
                 terminals > 1 ? cmp : NULL);
        }
        if (mode == MODE_BR) {
            for (int i = 0; i < hp; i++) {
                double best = v[i];
                for (int a = 1; a < k; a++)
                    if (v[(int64_t)a * hp + i] > best) best = v[(int64_t)a * hp + i];
                out[i] = best;
            }
        } else {
            for (int i = 0; i < hp; i++) {
                double x = 0;
                for (int a = 0; a < k; a++) x += sig[(int64_t)a * hp + i] * v[(int64_t)a * hp + i];
                out[i] = x;
            }
        }
        if (mode == MODE_CFR && !s->locked[n]) {
            double dp = s->dpos, dn = s->dneg, ds = s->dstrat;
            for (int a = 0; a < k; a++) {
                float *r = s->regret + o + (int64_t)a * hp, *ss = s->ssum + o + (int64_t)a * hp;
                const double *va = v + (int64_t)a * hp, *sa = sig + (int64_t)a * hp;
                for (int i = 0; i < hp; i++) {
                    double rr = r[i];
                    rr *= rr > 0 ? dp : dn;
                    r[i] = (float)(rr + va[i] - out[i]);
                    ss[i] = (float)(ss[i] * ds + rhero[i] * sa[i]);
                }
            }
            match(s, n); /* the rows just written are in cache */
        }
        s->top -= 2 * (int64_t)k * hp + 2 * (int64_t)hp;
    }
    if (node_out) memcpy(node_out + (int64_t)n * hp, out, sizeof(double) * (size_t)hp);
}

int pkc_solver_iterate(pkc_solver *s, int iterations, double alpha, double beta, double gamma) {
    if (!s || iterations < 0 || !isfinite(alpha) || !isfinite(beta) || !isfinite(gamma)) return PKC_E_ARG;
    int hmax = s->nh[0] > s->nh[1] ? s->nh[0] : s->nh[1];
    for (int it = 0; it < iterations; it++) {
        int t = ++s->iteration;
        double prev = t - 1;
        double pa = pow(prev, alpha), pb = pow(prev, beta);
        s->dpos = pa / (pa + 1);
        s->dneg = pb / (pb + 1);
        s->dstrat = pow(prev / t, gamma);
        for (int p = 0; p < 2; p++) {
            s->top = 0;
            double *out = push(s, hmax);
            walk(s, 0, p, MODE_CFR, s->w[1 - p], s->w[p], out, NULL, NULL);
        }
    }
    return PKC_OK;
}

int pkc_solver_values(pkc_solver *s, int player, int best_response, double *out, double *compat_out,
                      double *node_out) {
    if (!s || player < 0 || player > 1) return PKC_E_ARG;
    int hp = s->nh[player];
    double card[SLOTS];
    s->top = 0;
    double *v = push(s, hp);
    walk(s, 0, player, best_response ? MODE_BR : MODE_EV, s->w[1 - player], NULL, v, node_out, NULL);
    memcpy(out, v, sizeof(double) * (size_t)hp);
    compat(s, player, s->w[1 - player], compat_out, card);
    return PKC_OK;
}

int pkc_solver_evaluate(pkc_solver *s, int with_values, double out[5]) {
    if (!s) return PKC_E_ARG;
    out[2] = out[3] = NAN;
    for (int mode = 0; mode < (with_values ? 2 : 1); mode++) {
        for (int p = 0; p < 2; p++) {
            int hp = s->nh[p];
            s->top = 0;
            double *v = push(s, hp), total = 0;
            walk(s, 0, p, mode ? MODE_EV : MODE_BR, s->w[1 - p], NULL, v, NULL, NULL);
            for (int i = 0; i < hp; i++) total += s->w[p][i] * v[i];
            out[2 * mode + p] = s->z > 0 ? total / s->z : 0;
        }
    }
    out[4] = s->z;
    return PKC_OK;
}

int pkc_solver_equity(pkc_solver *s, int player, const uint8_t *boards, double *out) {
    if (!s || player < 0 || player > 1) return PKC_E_ARG;
    int hp = s->nh[player];
    uint8_t *used = calloc((size_t)s->n_boards, 1);
    if (!used) return PKC_E_MEMORY;
    for (int n = 0; n < s->n_nodes; n++)
        if (KIND(s, n) == PKC_SOLVER_SHOWDOWN) used[BOARD(s, n)] = 1;
    if (boards)
        for (int b = 0; b < s->n_boards; b++) used[b] = boards[b] != 0;
    int q = 1 - player, hq = s->nh[q];
    s->top = 0;
    double *num = push(s, hp), *den = push(s, hp), *ro = push(s, hq), *diff = push(s, hp), *cmp = push(s, hp);
    memset(num, 0, sizeof(double) * (size_t)hp);
    memset(den, 0, sizeof(double) * (size_t)hp);
    for (int b = 0; b < s->n_boards; b++) {
        if (!used[b]) continue;
        const int32_t *rq = s->rank[q] + (size_t)b * hq;
        for (int j = 0; j < hq; j++) ro[j] = rq[j] < 0 ? 0 : s->w[q][j];
        showdown(s, player, b, ro, diff, cmp, 0);
        for (int i = 0; i < hp; i++) {
            num[i] += 0.5 * (cmp[i] + diff[i]);
            den[i] += cmp[i];
        }
    }
    for (int i = 0; i < hp; i++) out[i] = den[i] > 0 ? num[i] / den[i] : -1;
    free(used);
    return PKC_OK;
}

static int decision(const pkc_solver *s, int node) {
    return s && node >= 0 && node < s->n_nodes && KIND(s, node) <= PKC_SOLVER_PLAYER1;
}

int pkc_solver_strategy(pkc_solver *s, int node, double *out) {
    if (!decision(s, node)) return PKC_E_ARG;
    strategy(s, node, MODE_EV, out);
    return PKC_OK;
}

int pkc_solver_lock(pkc_solver *s, int node, const double *strategy_in) {
    if (!decision(s, node)) return PKC_E_ARG;
    int k = NLINK(s, node), h = s->nh[KIND(s, node)];
    if (!strategy_in) {
        s->locked[node] = 0;
        match(s, node);
        return PKC_OK;
    }
    for (int i = 0; i < h; i++) {
        double sum = 0;
        for (int a = 0; a < k; a++) {
            double x = strategy_in[(int64_t)a * h + i];
            if (!(x >= 0) || !isfinite(x)) return PKC_E_ARG;
            sum += x;
        }
        if (fabs(sum - 1) > 1e-6) return PKC_E_ARG;
    }
    if (!s->lockv) {
        s->lockv = calloc((size_t)(s->size > 0 ? s->size : 1), sizeof(double));
        if (!s->lockv) return PKC_E_MEMORY;
    }
    memcpy(s->lockv + s->off[node], strategy_in, sizeof(double) * (size_t)k * h);
    s->locked[node] = 1;
    return PKC_OK;
}

int64_t pkc_solver_state_size(const pkc_solver *s) { return s ? s->size : -1; }

int pkc_solver_iterations(const pkc_solver *s) { return s ? s->iteration : -1; }

int64_t pkc_solver_bytes(const pkc_solver *s) {
    if (!s) return -1;
    int64_t b = (int64_t)sizeof(*s);
    b += (int64_t)s->n_nodes * (PKC_SOLVER_NODE_INTS * 4 + PKC_SOLVER_NODE_REALS * 8 + 8 + 1 + 4);
    for (int p = 0; p < 2; p++) b += (int64_t)s->nh[p] * (2 + 8 + 4 + 8 * (int64_t)s->n_boards) + 4 * s->n_boards;
    b += 4 * s->size * 3 + (s->lockv ? 8 * s->size : 0) + 8 * s->arena_size;
    return b;
}

int pkc_solver_get_state(const pkc_solver *s, double *regret, double *ssum) {
    if (!s) return PKC_E_ARG;
    for (int64_t x = 0; x < s->size; x++) {
        regret[x] = s->regret[x];
        ssum[x] = s->ssum[x];
    }
    return PKC_OK;
}

int pkc_solver_set_state(pkc_solver *s, const double *regret, const double *ssum, int iteration) {
    if (!s || iteration < 0) return PKC_E_ARG;
    for (int64_t x = 0; x < s->size; x++)
        if (!(fabs(regret[x]) <= FLT_MAX) || !(ssum[x] >= 0 && ssum[x] <= FLT_MAX)) return PKC_E_ARG;
    for (int64_t x = 0; x < s->size; x++) {
        s->regret[x] = (float)regret[x];
        s->ssum[x] = (float)ssum[x];
    }
    for (int n = 0; n < s->n_nodes; n++)
        if (s->off[n] >= 0) match(s, n);
    s->iteration = iteration;
    return PKC_OK;
}
