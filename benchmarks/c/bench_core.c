/*
 * Throughput of the C core alone (no Python), best of N interleaved passes.
 *
 * Rows: random 7-card hands from card bytes (pkc_eval_batch, checked, and
 * pkc_eval_batch_unchecked) and from hand words (pkc_eval_keys); the full
 * enumeration of every 7-card hand (pkc_enumerate); four exact equity cases;
 * Monte Carlo heads-up and 3-way.  Each pass runs every row once (rows
 * interleaved, so a burst of load on the machine hits all rows alike); the
 * table shows each row's best pass and a checksum of its results.
 *
 * Built with -DPKC_BENCH_PEER, the driver also times a peer implementation
 * linked in beside it (functions peer_* below, written elsewhere) on the same
 * inputs in the same passes, checks that both give the same results
 * (categories, the order of every hand, the enumeration histogram, exact
 * equities) and prints ours / peer per row.
 *
 * Usage: bench_core [passes] [hands] [rows]   (defaults 9, 1,000,000 and
 * every row; rows: a word that the names of the rows to run contain).
 * PKC_BENCH_CLOCK=cpu times by process CPU time instead of wall time, which
 * a machine shared with other work disturbs less.
 */
#define _POSIX_C_SOURCE 200112L
#include "pkc.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifdef PKC_BENCH_PEER
/* A peer evaluator and equity calculator (same card codes as pkc.h; hand
 * values must order hands as ours do and share the category in value >> 12). */
extern int peer_init(void);
extern const char *peer_name(void);
extern void peer_eval_bytes(const uint8_t *codes, size_t n, int32_t *out);
extern void *peer_prepare(const uint8_t *codes, size_t n);
extern void peer_eval_prepared(const void *hands, size_t n, int32_t *out);
extern void peer_enumerate(uint64_t counts[10]);
/* equity per player (0..1); returns the deals counted */
extern uint64_t peer_equity(int n_players, const char *const *ranges,
                            const char *board, int exact, uint64_t trials,
                            double *equity);
#endif

/* ---- inputs ------------------------------------------------------------ */

static uint64_t rng_state = 2026;

static uint64_t next_random(void)
{
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static int rank_of(char c)
{
    const char *r = "23456789TJQKA";
    const char *p = strchr(r, c);
    return p && c ? (int)(p - r) : -1;
}

static int suit_of(char c)
{
    const char *s = "cdhs";
    const char *p = strchr(s, c);
    return p && c ? (int)(p - s) : -1;
}

/* Cards "AhKh..." to codes; returns the count. */
static int parse_cards(const char *s, uint8_t *out)
{
    int n = 0;
    while (s[0] && s[1]) {
        out[n++] = (uint8_t)(4 * rank_of(s[0]) + suit_of(s[1]));
        s += 2;
    }
    return n;
}

static int add_combo(uint8_t *out, int n, int a, int b)
{
    out[2 * n] = (uint8_t)a;
    out[2 * n + 1] = (uint8_t)b;
    return n + 1;
}

/* A range: comma-separated "AhKh", "QQ", "QQ+", "AKs", "AQs+", "AKo", "AK".
 * Returns the number of combos written to out (2 codes each). */
static int parse_range(const char *text, uint8_t *out)
{
    int n = 0;
    const char *p = text;
    while (*p) {
        char tok[8] = {0};
        int len = 0, hi, lo, plus, suited, offsuit, a, s1, s2;
        while (*p && *p != ',' && len < 7) {
            tok[len++] = *p++;
        }
        if (*p == ',') {
            p++;
        }
        if (len == 4 && suit_of(tok[1]) >= 0) {
            n = add_combo(out, n, 4 * rank_of(tok[0]) + suit_of(tok[1]),
                          4 * rank_of(tok[2]) + suit_of(tok[3]));
            continue;
        }
        hi = rank_of(tok[0]);
        lo = rank_of(tok[1]);
        plus = strchr(tok, '+') != NULL;
        suited = tok[2] != 'o';
        offsuit = tok[2] != 's';
        if (hi == lo) {
            for (a = hi; a <= (plus ? 12 : hi); a++) {
                for (s1 = 0; s1 < 4; s1++) {
                    for (s2 = s1 + 1; s2 < 4; s2++) {
                        n = add_combo(out, n, 4 * a + s1, 4 * a + s2);
                    }
                }
            }
            continue;
        }
        for (a = lo; a <= (plus ? hi - 1 : lo); a++) {
            for (s1 = 0; s1 < 4; s1++) {
                for (s2 = 0; s2 < 4; s2++) {
                    if ((s1 == s2 && suited) || (s1 != s2 && offsuit)) {
                        n = add_combo(out, n, 4 * hi + s1, 4 * a + s2);
                    }
                }
            }
        }
    }
    return n;
}

typedef struct {
    const char *name;
    int n_players;
    const char *ranges[3];
    const char *board;
} equity_case_t;

static const equity_case_t EXACT_CASES[4] = {
    {"exact HU pre-flop AhKh vs QsQd", 2, {"AhKh", "QsQd", NULL}, ""},
    {"exact 3-way pre-flop AsKs/QdQc/7h6h", 3, {"AsKs", "QdQc", "7h6h"}, ""},
    {"exact QQ+,AKs vs TT+,AQs+ on Qh7h2c", 2, {"QQ+,AKs", "TT+,AQs+", NULL}, "Qh7h2c"},
    {"exact AhKh vs QQ+ on Qh7h2c (README)", 2, {"AhKh", "QQ+", NULL}, "Qh7h2c"},
};
static const equity_case_t SAMPLE_CASES[2] = {
    {"Monte Carlo HU AhKh vs QsQd, boards", 2, {"AhKh", "QsQd", NULL}, ""},
    {"Monte Carlo 3-way AsKs/QdQc/7h6h", 3, {"AsKs", "QdQc", "7h6h"}, ""},
};

static double equity_out[PKC_MAX_PLAYERS * 4];

/* Our equity of a case; returns the deals counted (exits on an error). */
static uint64_t our_equity(const equity_case_t *ec, int exact, uint64_t trials)
{
    static uint8_t combos[2 * 1326 * 3];
    static double weights[1326 * 3];
    int32_t n_combos[3];
    uint8_t board[5];
    int p, total = 0, n_board, is_exact, bad, status, i;
    uint64_t deals;
    for (p = 0; p < ec->n_players; p++) {
        n_combos[p] = parse_range(ec->ranges[p], combos + 2 * total);
        total += n_combos[p];
    }
    for (i = 0; i < total; i++) {
        weights[i] = 1.0;
    }
    n_board = parse_cards(ec->board, board);
    status = pkc_equity(ec->n_players, combos, weights, n_combos, board, n_board, NULL, 0,
                        exact ? PKC_EQUITY_EXACT : PKC_EQUITY_SAMPLE, trials, 1, 1e12,
                        equity_out, &deals, &is_exact, &bad, NULL);
    if (status != PKC_OK) {
        fprintf(stderr, "pkc_equity failed: %d (%s)\n", status, ec->name);
        exit(1);
    }
    return deals;
}

/* ---- rows ---------------------------------------------------------------- */

static size_t n_hands;
static uint8_t *hand_codes;
static uint64_t *hand_words;
static int32_t *values;
#ifdef PKC_BENCH_PEER
static void *peer_hands;
static int32_t *peer_values;
#endif

static uint64_t checksum_values(const int32_t *v, size_t n)
{
    uint64_t h = 1469598103934665603ULL;
    size_t i;
    for (i = 0; i < n; i++) {
        h = (h ^ (uint64_t)(uint32_t)v[i]) * 1099511628211ULL;
    }
    return h;
}

static uint64_t checksum_doubles(const double *d, int n)
{
    uint64_t h = 1469598103934665603ULL;
    int i;
    for (i = 0; i < n; i++) {
        h = (h ^ (uint64_t)llround(d[i] * 1e9)) * 1099511628211ULL;
    }
    return h;
}

typedef struct {
    const char *name;
    const char *unit;
    double work; /* units per run (0: use the returned deals) */
    int which;   /* row kind */
    int arg;     /* case index */
} row_t;

enum { R_BATCH, R_UNCHECKED, R_WORDS, R_ENUM, R_EXACT, R_SAMPLE };

static uint64_t sample_trials = 1000000;

static uint64_t enum_counts[10];
static uint32_t enum_distinct;
static uint64_t row_deals;

/* Run a row once; *units receives the work done.  Only the work: the
 * checksum of its results (row_checksum) is taken after the clock stops, as
 * the peer's run has none. */
static void run_ours(const row_t *r, double *units)
{
    size_t bad;
    *units = r->work;
    switch (r->which) {
    case R_BATCH:
        if (pkc_eval_batch(hand_codes, n_hands, 7, values, &bad) != PKC_OK) {
            exit(1);
        }
        break;
    case R_UNCHECKED:
        pkc_eval_batch_unchecked(hand_codes, n_hands, 7, values);
        break;
    case R_WORDS:
        pkc_eval_keys(hand_words, n_hands, values);
        break;
    case R_ENUM:
        pkc_enumerate(7, enum_counts, &enum_distinct);
        break;
    case R_EXACT:
        row_deals = our_equity(&EXACT_CASES[r->arg], 1, 0);
        break;
    default:
        row_deals = our_equity(&SAMPLE_CASES[r->arg], 0, sample_trials);
        *units = (double)row_deals;
    }
}

/* The checksum of the results of the row run last. */
static uint64_t row_checksum(const row_t *r)
{
    switch (r->which) {
    case R_BATCH:
    case R_UNCHECKED:
    case R_WORDS:
        return checksum_values(values, n_hands);
    case R_ENUM:
        return checksum_values((const int32_t *)enum_counts, 20) ^ enum_distinct;
    case R_EXACT:
        return checksum_doubles(equity_out, 4 * EXACT_CASES[r->arg].n_players) ^ row_deals;
    default:
        return checksum_doubles(equity_out, 4 * SAMPLE_CASES[r->arg].n_players) ^ row_deals;
    }
}

#ifdef PKC_BENCH_PEER
static double peer_eq[PKC_MAX_PLAYERS];
static uint64_t peer_counts[10];

static void run_peer(const row_t *r, double *units)
{
    *units = r->work;
    switch (r->which) {
    case R_BATCH:
    case R_UNCHECKED:
        peer_eval_bytes(hand_codes, n_hands, peer_values);
        break;
    case R_WORDS:
        peer_eval_prepared(peer_hands, n_hands, peer_values);
        break;
    case R_ENUM:
        peer_enumerate(peer_counts);
        break;
    case R_EXACT:
        peer_equity(EXACT_CASES[r->arg].n_players, EXACT_CASES[r->arg].ranges,
                    EXACT_CASES[r->arg].board, 1, 0, peer_eq);
        break;
    default:
        *units = (double)peer_equity(SAMPLE_CASES[r->arg].n_players,
                                     SAMPLE_CASES[r->arg].ranges,
                                     SAMPLE_CASES[r->arg].board, 0, sample_trials,
                                     peer_eq);
    }
}

static int cmp_by_value(const void *a, const void *b)
{
    int32_t x = values[*(const uint32_t *)a], y = values[*(const uint32_t *)b];
    return (x > y) - (x < y);
}

/* Same categories, the same order of every hand, the same histogram and the
 * same exact equities; returns the number of failed checks. */
static int check_peer(void)
{
    uint32_t *order = (uint32_t *)malloc(n_hands * sizeof(uint32_t));
    uint64_t counts[10];
    uint32_t distinct;
    size_t i;
    int fails = 0, c, p;
    pkc_eval_batch_unchecked(hand_codes, n_hands, 7, values);
    peer_eval_bytes(hand_codes, n_hands, peer_values);
    for (i = 0; i < n_hands; i++) {
        order[i] = (uint32_t)i;
        if ((values[i] >> 12) != (peer_values[i] >> 12)) {
            fails++;
            break;
        }
    }
    qsort(order, n_hands, sizeof(uint32_t), cmp_by_value);
    for (i = 1; i < n_hands; i++) {
        int32_t a = values[order[i - 1]], b = values[order[i]];
        int32_t pa = peer_values[order[i - 1]], pb = peer_values[order[i]];
        if ((a < b) != (pa < pb) || (a == b) != (pa == pb)) {
            fails++;
            break;
        }
    }
    printf("check: categories and order of %zu hands: %s\n", n_hands,
           fails ? "DIFFER" : "identical");
    peer_eval_prepared(peer_hands, n_hands, peer_values);
    for (i = 0; i < n_hands; i++) {
        if ((values[i] >> 12) != (peer_values[i] >> 12)) {
            fails++;
            printf("check: prepared hands DIFFER\n");
            break;
        }
    }
    pkc_enumerate(7, counts, &distinct);
    peer_enumerate(peer_counts);
    for (c = 0; c < 10 && counts[c] == peer_counts[c]; c++) {
    }
    printf("check: enumeration histogram: %s\n", c == 10 ? "identical" : "DIFFERS");
    fails += c != 10;
    for (c = 0; c < 4; c++) {
        const equity_case_t *ec = &EXACT_CASES[c];
        double worst = 0.0;
        our_equity(ec, 1, 0);
        peer_equity(ec->n_players, ec->ranges, ec->board, 1, 0, peer_eq);
        for (p = 0; p < ec->n_players; p++) {
            double d = fabs(equity_out[4 * p + 2] - peer_eq[p]);
            worst = d > worst ? d : worst;
        }
        printf("check: %s: equity %.6f%% vs %.6f%%, largest gap %.6f pp\n", ec->name,
               100 * equity_out[2], 100 * peer_eq[0], 100 * worst);
        fails += worst > 1e-9;
    }
    free(order);
    return fails;
}
#endif

static int use_cpu_time; /* PKC_BENCH_CLOCK=cpu: process CPU time, not wall */

static double now(void)
{
    struct timespec ts;
    clock_gettime(use_cpu_time ? CLOCK_PROCESS_CPUTIME_ID : CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

int main(int argc, char **argv)
{
    int passes = argc > 1 ? atoi(argv[1]) : 9;
    row_t rows[16];
    int n_rows = 0, i, pass;
    double best[16], best_peer[16];
    uint64_t sums[16];
    size_t h;
    n_hands = argc > 2 ? (size_t)atol(argv[2]) : 1000000;
    use_cpu_time = getenv("PKC_BENCH_CLOCK") != NULL && strcmp(getenv("PKC_BENCH_CLOCK"), "cpu") == 0;
    if (pkc_init() != PKC_OK) {
        return 1;
    }
    hand_codes = (uint8_t *)malloc(7 * n_hands);
    hand_words = (uint64_t *)malloc(8 * n_hands);
    values = (int32_t *)malloc(4 * n_hands);
    for (h = 0; h < n_hands; h++) { /* 7 distinct random cards */
        uint64_t used = 0;
        int j = 0;
        while (j < 7) {
            int c = (int)(next_random() % 52);
            if (!(used >> c & 1u)) {
                used |= 1ULL << c;
                hand_codes[7 * h + j++] = (uint8_t)c;
            }
        }
    }
    if (pkc_hand_keys(hand_codes, n_hands, 7, hand_words, &h) != PKC_OK) {
        return 1;
    }
    rows[n_rows++] = (row_t){"7-card from bytes, checked batch", "hands/s", (double)n_hands, R_BATCH, 0};
    rows[n_rows++] = (row_t){"7-card from bytes, unchecked", "hands/s", (double)n_hands, R_UNCHECKED, 0};
    rows[n_rows++] = (row_t){"7-card from hand words", "hands/s", (double)n_hands, R_WORDS, 0};
    rows[n_rows++] = (row_t){"enumerate all 133,784,560 hands", "hands/s", 133784560.0, R_ENUM, 0};
    for (i = 0; i < 4; i++) {
        rows[n_rows++] = (row_t){EXACT_CASES[i].name, "calls/s", 1.0, R_EXACT, i};
    }
    for (i = 0; i < 2; i++) {
        rows[n_rows++] = (row_t){SAMPLE_CASES[i].name, "boards/s", 0.0, R_SAMPLE, i};
    }
    if (argc > 3) { /* keep the rows whose name contains argv[3] */
        int kept = 0;
        for (i = 0; i < n_rows; i++) {
            if (strstr(rows[i].name, argv[3]) != NULL) {
                rows[kept++] = rows[i];
            }
        }
        n_rows = kept;
    }
#ifdef PKC_BENCH_PEER
    if (peer_init() != 0) {
        return 1;
    }
    peer_values = (int32_t *)malloc(4 * n_hands);
    peer_hands = peer_prepare(hand_codes, n_hands);
    if (check_peer() != 0) {
        printf("RESULTS DIFFER\n");
        return 2;
    }
#endif
    for (i = 0; i < n_rows; i++) {
        best[i] = best_peer[i] = 0.0;
    }
    for (pass = 0; pass < passes; pass++) {
        for (i = 0; i < n_rows; i++) {
            double units, t0 = now(), rate;
            run_ours(&rows[i], &units);
            rate = units / (now() - t0);
            sums[i] = row_checksum(&rows[i]);
            best[i] = rate > best[i] ? rate : best[i];
#ifdef PKC_BENCH_PEER
            t0 = now();
            run_peer(&rows[i], &units);
            rate = units / (now() - t0);
            best_peer[i] = rate > best_peer[i] ? rate : best_peer[i];
#endif
        }
    }
    printf("best of %d passes, %zu random hands, %s time\n", passes, n_hands,
           use_cpu_time ? "process CPU" : "wall");
#ifdef PKC_BENCH_PEER
    printf("%-40s %14s %14s %7s  %s\n", "row", "ours", peer_name(), "ratio", "unit");
    for (i = 0; i < n_rows; i++) {
        printf("%-40s %14.4g %14.4g %7.2f  %s\n", rows[i].name, best[i], best_peer[i],
               best[i] / best_peer[i], rows[i].unit);
    }
#else
    printf("%-40s %14s  %-9s %s\n", "row", "rate", "unit", "checksum");
    for (i = 0; i < n_rows; i++) {
        printf("%-40s %14.4g  %-9s %016llx\n", rows[i].name, best[i], rows[i].unit,
               (unsigned long long)sums[i]);
    }
#endif
    return 0;
}
