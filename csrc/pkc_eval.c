/*
 * Lookup-table hand evaluator (C99).
 *
 * Method
 *   Non-flush hands depend only on the multiset of ranks.  Each rank r has a
 *   key RANK_KEY[r] chosen so that the sums over all rank multisets of at most
 *   seven cards (at most four of a rank) are distinct (the keys are the
 *   smallest such integers, found by a greedy search; tools/rank_keys.c
 *   reproduces them and tests/test_native.py re-checks uniqueness).  The sum
 *   (at most 18,393,157, below 2^25) is mapped to a slot of a 80,000-entry
 *   table by a multiply-free-after-one perfect hash: the key times an odd
 *   constant, modulo 2^25 (a bijection), is split into a row (its high 14
 *   bits) and a column (its low 11 bits), and the slot is the row's base
 *   plus the column.  The bases come from row displacement (Tarjan and Yao,
 *   "Storing a sparse table", CACM 1979): rows are laid over the table,
 *   fullest first, each at the lowest free-fitting base near the last one
 *   placed (see build_rank_table); 73,775 keys fill 78,700 slots.  Every
 *   base is at most RANK_TABLE_SIZE - ROW_LEN, so any 32-bit key reads
 *   inside the table.  One multiply and two dependent loads a lookup.
 *   Flushes depend only on the 13-bit rank set of the flush suit: a direct
 *   table of 8,192 entries.  A per-card 64-bit key carries the rank key in
 *   its low 32 bits and a 4-bit counter per suit in its high bits, started
 *   at 3 so that bit 3 of a counter is set exactly when a suit has five or
 *   more cards.
 *
 *   All tables are built by pkc_init() in a fixed order (deterministic) and
 *   never written again.
 */
#include "pkc.h"
#include "pkc_internal.h"

#include <stdlib.h>
#include <string.h>

/* SSE2 for the batch check (see pkc_eval_batch); -DPKC_NO_SIMD turns it off */
#if !defined(PKC_NO_SIMD) && (defined(__SSE2__) || defined(_M_X64) || \
                              (defined(_M_IX86_FP) && _M_IX86_FP >= 2))
#define PKC_USE_SSE2 1
#include <emmintrin.h>
/* check_mask[k - 5][j]: bytes i of a 16-byte load where codes i and i + j
 * belong to the same hand (j = 1..k-1); [k - 5][0]: bytes that hold a code */
static uint8_t check_mask[3][7][16];
/* AVX2 where the compiler targets it (-mavx2, -march=native): the same
 * check over 32 bytes; -DPKC_NO_AVX2 turns it off alone */
#if defined(__AVX2__) && !defined(PKC_NO_AVX2)
#define PKC_USE_AVX2 1
#include <immintrin.h>
static uint8_t check_mask32[3][7][32]; /* as check_mask, for a 32-byte load */
#endif
#endif

#define SPREAD_MULT 0x9e3779b1u /* odd: a bijection of the keys mod 2^25 */
#define ROW_SHIFT 11
#define ROW_LEN (1u << ROW_SHIFT)
#define ROW_MASK (ROW_LEN - 1u)
#define N_ROWS 16384u /* 2^25 spread keys (every key is below 2^25) */
#define RANK_TABLE_SIZE 80000u

static const uint32_t RANK_KEY[13] = {
    1u,      5u,      24u,      112u,     521u,     2247u,    9244u,
    30823u,  103066u, 250154u,  667453u,  1526359u, 3453520u};

#define NON_CARD_BIT 0x8000ULL /* bit 15: above the 13 ranks of clubs */
#define SUIT_SHIFT 32
#define SUIT_START (0x3333ULL << SUIT_SHIFT)
#define FLUSH_BITS (0x8888ULL << SUIT_SHIFT)

/* Per byte value, so that any byte indexes them: codes 52..255 have key 0 and
 * the non-card bit 15 (see check_sum in the batch code). */
static uint64_t card_key[256];
static uint64_t card_bit[256];
static uint16_t flush_table[8192];
static uint32_t keysum_lo[128]; /* rank-key sum of a 7-bit rank set (2..8) */
static uint32_t keysum_hi[64];  /* rank-key sum of ranks 9..A (bits 7..12) */
static uint16_t row_base[N_ROWS]; /* per row: base / BASE_STEP, found by init */
#define BASE_STEP 2u
static uint16_t rank_table[RANK_TABLE_SIZE];
static int initialised;
static void init_check_masks(void);

/* ---- five-card value ladder ------------------------------------------ */

/* A raw score that orders hands correctly: category in bits 20..23, then up
 * to five ranks (most significant first) in 4-bit fields. */
static uint32_t raw_score(int category, const int *ranks, int n)
{
    uint32_t s = (uint32_t)category << 20;
    int i;
    for (i = 0; i < 5; i++) {
        s |= (uint32_t)(i < n ? ranks[i] : 0) << (16 - 4 * i);
    }
    return s;
}

/* Highest straight in a 13-bit rank set: top rank (3 = five-high wheel) or -1. */
static int straight_top(unsigned set)
{
    int top;
    for (top = 12; top >= 4; top--) {
        unsigned need = 0x1fu << (top - 4);
        if ((set & need) == need) {
            return top;
        }
    }
    if ((set & 0x100fu) == 0x100fu) { /* A 2 3 4 5 */
        return 3;
    }
    return -1;
}

/* Best raw score of a flush suit holding the rank set `set` (>= 5 ranks). */
static uint32_t raw_flush(unsigned set)
{
    int ranks[5], n = 0, r;
    int top = straight_top(set);
    if (top >= 0) {
        return raw_score(9, &top, 1);
    }
    for (r = 12; r >= 0 && n < 5; r--) {
        if (set & (1u << r)) {
            ranks[n++] = r;
        }
    }
    return raw_score(6, ranks, 5);
}

/* Best raw score of a rank multiset (5..7 cards) ignoring flushes. */
static uint32_t raw_ranks(const int counts[13])
{
    int r, quad = -1, trip = -1, pair1 = -1, pair2 = -1, top;
    unsigned set = 0;
    int ranks[5], n = 0;
    for (r = 12; r >= 0; r--) {
        if (counts[r]) {
            set |= 1u << r;
        }
        if (counts[r] == 4 && quad < 0) {
            quad = r;
        } else if (counts[r] >= 3 && trip < 0) {
            trip = r;
        } else if (counts[r] >= 2) {
            if (pair1 < 0) {
                pair1 = r;
            } else if (pair2 < 0) {
                pair2 = r;
            }
        }
    }
    if (quad >= 0) {
        ranks[n++] = quad;
        for (r = 12; r >= 0; r--) {
            if (r != quad && counts[r]) {
                ranks[n++] = r;
                break;
            }
        }
        return raw_score(8, ranks, n);
    }
    if (trip >= 0) {
        /* a second set of trips counts as the pair of a full house */
        int second = -1;
        for (r = 12; r >= 0; r--) {
            if (r != trip && counts[r] >= 2) {
                second = r;
                break;
            }
        }
        if (second >= 0) {
            ranks[0] = trip;
            ranks[1] = second;
            return raw_score(7, ranks, 2);
        }
    }
    top = straight_top(set);
    if (top >= 0) {
        return raw_score(5, &top, 1);
    }
    if (trip >= 0) {
        ranks[n++] = trip;
        for (r = 12; r >= 0 && n < 3; r--) {
            if (r != trip && counts[r]) {
                ranks[n++] = r;
            }
        }
        return raw_score(4, ranks, n);
    }
    if (pair2 >= 0) {
        ranks[n++] = pair1;
        ranks[n++] = pair2;
        for (r = 12; r >= 0; r--) {
            if (r != pair1 && r != pair2 && counts[r]) {
                ranks[n++] = r;
                break;
            }
        }
        return raw_score(3, ranks, n);
    }
    if (pair1 >= 0) {
        ranks[n++] = pair1;
        for (r = 12; r >= 0 && n < 4; r--) {
            if (r != pair1 && counts[r]) {
                ranks[n++] = r;
            }
        }
        return raw_score(2, ranks, n);
    }
    for (r = 12; r >= 0 && n < 5; r--) {
        if (counts[r]) {
            ranks[n++] = r;
        }
    }
    return raw_score(1, ranks, n);
}

/* Sorted list of the 7,462 distinct five-card raw scores, built by init. */
static uint32_t *ladder;
static int ladder_len;

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

/* Compressed value of a raw score: category << 12 | index within category. */
static uint16_t compress(uint32_t raw)
{
    int lo = 0, hi = ladder_len - 1, first;
    uint32_t cat = raw >> 20;
    while (lo < hi) { /* position of raw */
        int mid = (lo + hi) / 2;
        if (ladder[mid] < raw) {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    first = lo;
    lo = 0;
    hi = first;
    while (lo < hi) { /* first entry of the category */
        int mid = (lo + hi) / 2;
        if ((ladder[mid] >> 20) < cat) {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    return (uint16_t)((cat << 12) | (uint32_t)(first - lo));
}

/* Visit every rank multiset with total in [lo, hi] (at most four a rank). */
typedef void (*multiset_fn)(const int counts[13], int total, void *ctx);

static void each_multiset(int rank, int total, int lo, int hi, int counts[13],
                          multiset_fn fn, void *ctx)
{
    int c;
    if (rank == 13) {
        if (total >= lo) {
            fn(counts, total, ctx);
        }
        return;
    }
    for (c = 0; c <= 4 && total + c <= hi; c++) {
        counts[rank] = c;
        each_multiset(rank + 1, total + c, lo, hi, counts, fn, ctx);
    }
    counts[rank] = 0;
}

static void collect_raw(const int counts[13], int total, void *ctx)
{
    (void)total;
    (void)ctx;
    ladder[ladder_len++] = raw_ranks(counts);
}

typedef struct {
    uint32_t key;
    uint16_t value;
} entry_t;

typedef struct {
    entry_t *entries;
    size_t n;
} entry_list_t;

static void collect_entry(const int counts[13], int total, void *ctx)
{
    entry_list_t *list = (entry_list_t *)ctx;
    uint32_t key = 0;
    int r;
    (void)total;
    for (r = 0; r < 13; r++) {
        key += (uint32_t)counts[r] * RANK_KEY[r];
    }
    list->entries[list->n].key = key;
    list->entries[list->n].value = compress(raw_ranks(counts));
    list->n++;
}

static int cmp_row(const void *a, const void *b)
{
    const uint32_t *x = (const uint32_t *)a, *y = (const uint32_t *)b;
    if (x[1] != y[1]) {
        return x[1] < y[1] ? 1 : -1; /* fullest rows first */
    }
    return (x[0] > y[0]) - (x[0] < y[0]);
}

/* Row displacement (Tarjan and Yao, "Storing a sparse table", CACM 1979)
 * over the spread keys: each row (keys sharing their high bits) is laid over
 * the table at a base where all of its keys land on free slots, fullest rows
 * first.  Exact first fit from the first free slot costs ~0.2 s at init, so
 * the search for a row starts HINT_SLACK words before where the previous row
 * of the same size went (a fixed rule, so the table is the same every time);
 * that packs 73,775 keys into 78,700 slots in ~30 ms.  Bases are multiples of
 * BASE_STEP so that they fit in 16 bits. */
#define OCC_WORDS ((RANK_TABLE_SIZE + 63u) / 64u)
#define HINT_SLACK 8u /* words before the last placement searched again */

static int build_rank_table(entry_t *e, size_t n)
{
    uint32_t *rows = (uint32_t *)calloc(2u * N_ROWS, sizeof(uint32_t));
    uint32_t *start = (uint32_t *)calloc(N_ROWS + 1u, sizeof(uint32_t));
    entry_t *sorted = (entry_t *)malloc(n * sizeof(entry_t));
    uint64_t *occ = (uint64_t *)calloc(OCC_WORDS, sizeof(uint64_t)); /* slots taken */
    uint32_t i, first_word = 0, hint = 0, last_m = 0;
    int status = PKC_OK;
    if (!rows || !start || !sorted || !occ) {
        status = PKC_E_INIT;
        goto done;
    }
    for (i = 0; i < n; i++) { /* keys spread, as lookup_ranks reads them */
        if (e[i].key >= 1u << 25) {
            status = PKC_E_INIT;
            goto done;
        }
        e[i].key = (e[i].key * SPREAD_MULT) & ((1u << 25) - 1u);
        start[(e[i].key >> ROW_SHIFT) + 1]++;
    }
    for (i = 0; i < N_ROWS; i++) {
        rows[2 * i] = i;
        rows[2 * i + 1] = start[i + 1];
        start[i + 1] += start[i];
    }
    {
        uint32_t *fill = (uint32_t *)calloc(N_ROWS, sizeof(uint32_t));
        if (!fill) {
            status = PKC_E_INIT;
            goto done;
        }
        for (i = 0; i < n; i++) {
            uint32_t r = e[i].key >> ROW_SHIFT;
            sorted[start[r] + fill[r]++] = e[i];
        }
        free(fill);
    }
    qsort(rows, N_ROWS, 2 * sizeof(uint32_t), cmp_row);
    memset(rank_table, 0, sizeof(rank_table));
    memset(row_base, 0, sizeof(row_base));
    for (i = 0; i < N_ROWS && rows[2 * i + 1] > 0; i++) {
        uint32_t r = rows[2 * i], m = rows[2 * i + 1], base = 0, j, w;
        const entry_t *re = sorted + start[r];
        uint32_t col0 = re[0].key & ROW_MASK;
        int found = 0;
        while (first_word < OCC_WORDS && occ[first_word] == ~0ULL) {
            first_word++;
        }
        if (m != last_m) { /* rows come fullest first */
            last_m = m;
            hint = first_word;
        }
        /* candidates: each free slot f, with the row's first key on it, from
         * where the last row of the same size went (the slots below it are
         * fuller now than they were for that row) */
        for (w = hint > first_word + HINT_SLACK ? hint - HINT_SLACK : first_word;
             w < OCC_WORDS && !found; w++) {
            uint64_t free_bits = ~occ[w];
            while (free_bits) {
                uint32_t f = 64u * w + (uint32_t)pkc_i_lowest_bit(free_bits);
                free_bits &= free_bits - 1u;
                if (f < col0) {
                    continue;
                }
                base = f - col0;
                if (base % BASE_STEP != 0) {
                    continue;
                }
                if (base > RANK_TABLE_SIZE - ROW_LEN) {
                    break;
                }
                for (j = 1; j < m; j++) {
                    uint32_t slot = base + (re[j].key & ROW_MASK);
                    if (occ[slot >> 6] >> (slot & 63u) & 1u) {
                        break;
                    }
                }
                if (j == m) {
                    found = 1;
                    break;
                }
            }
        }
        if (!found) {
            status = PKC_E_INIT;
            goto done;
        }
        row_base[r] = (uint16_t)(base / BASE_STEP);
        hint = w - 1u;
        for (j = 0; j < m; j++) {
            uint32_t slot = base + (re[j].key & ROW_MASK);
            occ[slot >> 6] |= 1ULL << (slot & 63u);
            rank_table[slot] = re[j].value;
        }
    }
done:
    free(rows);
    free(start);
    free(sorted);
    free(occ);
    return status;
}

int pkc_init(void)
{
    int counts[13] = {0};
    unsigned set;
    int c, status;
    entry_list_t list;

    if (initialised) {
        return PKC_OK;
    }
    for (c = 0; c < 256; c++) {
        int rank = c >> 2, suit = c & 3;
        card_key[c] = c < 52 ? RANK_KEY[rank] + (1ULL << (SUIT_SHIFT + 4 * suit)) : 0;
        card_bit[c] = c < 52 ? 1ULL << (16 * suit + rank) : NON_CARD_BIT;
    }
    init_check_masks();
    for (set = 0; set < 128; set++) {
        uint32_t lo = 0;
        int r;
        for (r = 0; r < 7; r++) {
            if (set & (1u << r)) {
                lo += RANK_KEY[r];
            }
        }
        keysum_lo[set] = lo;
    }
    for (set = 0; set < 64; set++) {
        uint32_t hi = 0;
        int r;
        for (r = 0; r < 6; r++) {
            if (set & (1u << r)) {
                hi += RANK_KEY[7 + r];
            }
        }
        keysum_hi[set] = hi;
    }

    /* the value ladder: every distinct five-card score */
    ladder = (uint32_t *)malloc(sizeof(uint32_t) * (6175 + 1287));
    if (ladder == NULL) {
        return PKC_E_INIT;
    }
    ladder_len = 0;
    each_multiset(0, 0, 5, 5, counts, collect_raw, NULL);
    for (set = 0; set < 8192; set++) {
        unsigned v = set;
        int bits = 0;
        while (v) {
            bits += (int)(v & 1u);
            v >>= 1;
        }
        if (bits == 5) {
            ladder[ladder_len++] = raw_flush(set);
        }
    }
    qsort(ladder, (size_t)ladder_len, sizeof(uint32_t), cmp_u32);

    for (set = 0; set < 8192; set++) {
        unsigned v = set;
        int bits = 0;
        while (v) {
            bits += (int)(v & 1u);
            v >>= 1;
        }
        flush_table[set] = bits >= 5 ? compress(raw_flush(set)) : 0;
    }

    list.entries = (entry_t *)malloc(sizeof(entry_t) * 80000);
    list.n = 0;
    if (list.entries == NULL) {
        free(ladder);
        return PKC_E_INIT;
    }
    each_multiset(0, 0, 5, 7, counts, collect_entry, &list);
    status = build_rank_table(list.entries, list.n);
    free(list.entries);
    free(ladder);
    ladder = NULL;
    if (status == PKC_OK) {
        initialised = 1;
    }
    return status;
}

size_t pkc_table_bytes(void)
{
    return sizeof(card_key) + sizeof(card_bit) + sizeof(flush_table) +
           sizeof(keysum_lo) + sizeof(keysum_hi) + sizeof(row_base) +
           sizeof(rank_table)
#ifdef PKC_USE_SSE2
           + sizeof(check_mask)
#endif
#ifdef PKC_USE_AVX2
           + sizeof(check_mask32)
#endif
        ;
}

/* ---- evaluation -------------------------------------------------------- */

/* Value of a spread key x (key * SPREAD_MULT; bits above 24 ignored): any
 * x reads inside the table. */
static inline int lookup_spread(uint32_t x)
{
    return rank_table[BASE_STEP * row_base[(x >> ROW_SHIFT) & (N_ROWS - 1u)] + (x & ROW_MASK)];
}

static inline int lookup_ranks(uint32_t key)
{
    return lookup_spread(key * SPREAD_MULT);
}

/* The suit (0..3) whose counter in `key` shows five or more cards. */
static inline int flush_suit(uint64_t key)
{
    uint64_t flags = (key & FLUSH_BITS) >> SUIT_SHIFT;
    return flags & 0x8u ? 0 : flags & 0x80u ? 1 : flags & 0x800u ? 2 : 3;
}

/* Value of distinct, valid codes: the hot path. */
static inline int eval_unchecked(const uint8_t *c, int n)
{
    uint64_t key = SUIT_START;
    int i;
    for (i = 0; i < n; i++) {
        key += card_key[c[i]];
    }
    if (key & FLUSH_BITS) {
        uint64_t mask = 0;
        uint64_t flags = (key & FLUSH_BITS) >> SUIT_SHIFT;
        int suit = flags & 0x8u ? 0 : flags & 0x80u ? 1 : flags & 0x800u ? 2 : 3;
        for (i = 0; i < n; i++) {
            mask |= card_bit[c[i]];
        }
        return flush_table[(mask >> (16 * suit)) & 0x1fffu];
    }
    return lookup_ranks((uint32_t)key);
}

static inline int eval7_unchecked(const uint8_t *c)
{
    uint64_t key = SUIT_START + card_key[c[0]] + card_key[c[1]] + card_key[c[2]] +
                   card_key[c[3]] + card_key[c[4]] + card_key[c[5]] +
                   card_key[c[6]];
    if (key & FLUSH_BITS) {
        return eval_unchecked(c, 7);
    }
    return lookup_ranks((uint32_t)key);
}

static int popcount64(uint64_t x)
{
    int n = 0;
    while (x) {
        x &= x - 1;
        n++;
    }
    return n;
}

int pkc_eval_mask(uint64_t mask)
{
    unsigned s;
    int n;
    uint32_t key = 0;
    if (!initialised || (mask & ~PKC_MASK_VALID) != 0) {
        return 0;
    }
    n = popcount64(mask);
    if (n < 5 || n > 7) {
        return 0;
    }
    for (s = 0; s < 4; s++) {
        unsigned set = (unsigned)(mask >> (16 * s)) & 0x1fffu;
        int f = flush_table[set];
        if (f) {
            return f;
        }
        key += keysum_lo[set & 0x7fu] + keysum_hi[set >> 7];
    }
    /* a rank held in several suits adds its key once per suit: the sum over
     * suits is exactly the multiset key */
    return lookup_ranks(key);
}

/* 0 if the n codes are valid and distinct, else a PKC_E_* status. */
static int check_codes(const uint8_t *codes, int n)
{
    uint64_t seen = 0;
    int i;
    for (i = 0; i < n; i++) {
        uint64_t bit;
        if (codes[i] > 51) {
            return PKC_E_CARD;
        }
        bit = 1ULL << codes[i];
        if (seen & bit) {
            return PKC_E_DUPLICATE;
        }
        seen |= bit;
    }
    return PKC_OK;
}

int pkc_eval_codes(const uint8_t *codes, int n)
{
    if (!initialised || codes == NULL || n < 5 || n > 7 ||
        check_codes(codes, n) != PKC_OK) {
        return 0;
    }
    return eval_unchecked(codes, n);
}

/* ---- checked batch ------------------------------------------------------
 *
 * pkc_eval_batch works through blocks of BATCH_BLOCK hands, two passes a
 * block: a vector pass checks the block's codes (still in L1 afterwards),
 * then, if the block checks out, a plain loop evaluates it straight into
 * `out`, exactly as the unchecked batch does.  A block that may hold a bad
 * hand goes hand by hand (check_codes, then evaluate), so the values before
 * the first bad hand are written and the rest of `out` is left alone.
 * Evaluation is memory-safe for any byte (card_key and card_bit have 256
 * entries and every hash slot is in the table), so codes that another
 * thread changes between the passes can give wrong values, never a bad read.
 *
 * The check: with SSE2 (every x86-64 CPU) one 16-byte load covers 16 / k
 * hands (3 of 5 cards, 2 of 6 or 7); a saturating subtract finds codes above
 * 51 and k - 1 byte shifts with compares find a code repeated within a hand.
 * Where the compiler targets AVX2, one 32-byte load covers 32 / k hands (4
 * of 7) and the compares use loads at offsets 1..k-1 instead of shifts
 * (AVX2 byte shifts stay within 16-byte lanes).  The results are ORed over
 * the block and tested once.  Without SSE2 (or with -DPKC_NO_SIMD) a scalar
 * check does the same: the sum of the hand's card bits equals their OR
 * exactly when no card repeats, and a code above 51 brings the non-card bit
 * 15. */

#define BATCH_BLOCK 360 /* a multiple of 2 to 6: whole vector groups */


static void init_check_masks(void)
{
#ifdef PKC_USE_SSE2
    int k, j, i;
    for (k = 5; k <= 7; k++) {
        int used = (16 / k) * k;
        for (j = 0; j < 7; j++) {
            for (i = 0; i < 16; i++) {
                int in_hand = i < used && (j == 0 || (j < k && i % k + j < k));
                check_mask[k - 5][j][i] = in_hand ? 0xff : 0;
            }
#ifdef PKC_USE_AVX2
            used = (32 / k) * k;
            for (i = 0; i < 32; i++) {
                int in_hand = i < used && (j == 0 || (j < k && i % k + j < k));
                check_mask32[k - 5][j][i] = in_hand ? 0xff : 0;
            }
            used = (16 / k) * k;
#endif
        }
    }
#endif
}

/* Value of k (5..7) codes; any bytes give an in-bounds lookup. */
static inline int eval_k(const uint8_t *c, int k)
{
    uint64_t key = SUIT_START + card_key[c[0]] + card_key[c[1]] +
                   card_key[c[2]] + card_key[c[3]] + card_key[c[4]];
    if (k > 5) {
        key += card_key[c[5]];
    }
    if (k > 6) {
        key += card_key[c[6]];
    }
    if (key & FLUSH_BITS) {
        return eval_unchecked(c, k);
    }
    return lookup_ranks((uint32_t)key);
}

/* Nonzero if some hand of [0, n) in `codes` may be bad (a code above 51 or
 * a code twice in a hand); zero only if every hand is good.  `avail` is the
 * number of bytes readable from `codes`. */
static inline int check_block(const uint8_t *codes, size_t n, int k, size_t avail)
{
    size_t h = 0;
    uint64_t err = 0;
#ifdef PKC_USE_AVX2
    {
        const size_t g32 = (size_t)(32 / k);
        uint8_t(*m32)[32] = check_mask32[k - 5];
        const __m256i limit32 = _mm256_set1_epi8(51);
        const __m256i q0 = _mm256_loadu_si256((const __m256i *)m32[0]);
        const __m256i q1 = _mm256_loadu_si256((const __m256i *)m32[1]);
        const __m256i q2 = _mm256_loadu_si256((const __m256i *)m32[2]);
        const __m256i q3 = _mm256_loadu_si256((const __m256i *)m32[3]);
        const __m256i q4 = _mm256_loadu_si256((const __m256i *)m32[4]);
        const __m256i q5 = _mm256_loadu_si256((const __m256i *)m32[5]);
        const __m256i q6 = _mm256_loadu_si256((const __m256i *)m32[6]);
        __m256i bad32 = _mm256_setzero_si256();
        /* the loads at offsets 1..k-1 read up to k - 1 bytes past the group */
        for (; h + g32 <= n && h * (size_t)k + 32 + 6 <= avail; h += g32) {
            const uint8_t *c = codes + h * (size_t)k;
            __m256i v = _mm256_loadu_si256((const __m256i *)c);
            __m256i e = _mm256_and_si256(_mm256_subs_epu8(v, limit32), q0);
#define PKC_DUP32(j, q)                                                            \
    e = _mm256_or_si256(e, _mm256_and_si256(                                        \
                               _mm256_cmpeq_epi8(v, _mm256_loadu_si256(             \
                                                        (const __m256i *)(c + j))), \
                               q))
            PKC_DUP32(1, q1);
            PKC_DUP32(2, q2);
            PKC_DUP32(3, q3);
            PKC_DUP32(4, q4);
            if (k > 5) {
                PKC_DUP32(5, q5);
            }
            if (k > 6) {
                PKC_DUP32(6, q6);
            }
#undef PKC_DUP32
            bad32 = _mm256_or_si256(bad32, e);
        }
        if (!_mm256_testz_si256(bad32, bad32)) {
            return 1;
        }
    }
#endif
#ifdef PKC_USE_SSE2
    {
        const size_t g = (size_t)(16 / k);
        uint8_t(*m)[16] = check_mask[k - 5];
        const __m128i limit = _mm_set1_epi8(51);
        const __m128i m0 = _mm_loadu_si128((const __m128i *)m[0]);
        const __m128i m1 = _mm_loadu_si128((const __m128i *)m[1]);
        const __m128i m2 = _mm_loadu_si128((const __m128i *)m[2]);
        const __m128i m3 = _mm_loadu_si128((const __m128i *)m[3]);
        const __m128i m4 = _mm_loadu_si128((const __m128i *)m[4]);
        const __m128i m5 = _mm_loadu_si128((const __m128i *)m[5]);
        const __m128i m6 = _mm_loadu_si128((const __m128i *)m[6]);
        __m128i bad = _mm_setzero_si128();
        for (; h + g <= n && h * (size_t)k + 16 <= avail; h += g) {
            __m128i v = _mm_loadu_si128((const __m128i *)(codes + h * (size_t)k));
            __m128i e = _mm_and_si128(_mm_subs_epu8(v, limit), m0);
            e = _mm_or_si128(e, _mm_and_si128(_mm_cmpeq_epi8(v, _mm_srli_si128(v, 1)), m1));
            e = _mm_or_si128(e, _mm_and_si128(_mm_cmpeq_epi8(v, _mm_srli_si128(v, 2)), m2));
            e = _mm_or_si128(e, _mm_and_si128(_mm_cmpeq_epi8(v, _mm_srli_si128(v, 3)), m3));
            e = _mm_or_si128(e, _mm_and_si128(_mm_cmpeq_epi8(v, _mm_srli_si128(v, 4)), m4));
            e = _mm_or_si128(e, _mm_and_si128(_mm_cmpeq_epi8(v, _mm_srli_si128(v, 5)), m5));
            e = _mm_or_si128(e, _mm_and_si128(_mm_cmpeq_epi8(v, _mm_srli_si128(v, 6)), m6));
            bad = _mm_or_si128(bad, e);
        }
        if (_mm_movemask_epi8(_mm_cmpeq_epi8(bad, _mm_setzero_si128())) != 0xffff) {
            return 1;
        }
    }
#else
    (void)avail;
#endif
    for (; h < n; h++) { /* the rest, or every hand without SIMD */
        const uint8_t *c = codes + h * (size_t)k;
        uint64_t sum = 0, all = 0;
        int i;
        for (i = 0; i < k; i++) {
            sum += card_bit[c[i]];
            all |= card_bit[c[i]];
        }
        err |= (sum ^ all) | (all & ~PKC_MASK_VALID);
    }
    return err != 0;
}

static int eval_batch_k(const uint8_t *codes, size_t n_hands, int k,
                        int32_t *out, size_t *bad_index)
{
    size_t start, total = n_hands * (size_t)k;
    for (start = 0; start < n_hands; start += BATCH_BLOCK) {
        size_t n = n_hands - start < BATCH_BLOCK ? n_hands - start : BATCH_BLOCK, h;
        const uint8_t *c = codes + start * (size_t)k;
        int32_t *o = out + start;
        if (check_block(c, n, k, total - start * (size_t)k)) {
            for (h = 0; h < n; h++) { /* find the first bad hand exactly */
                int status = check_codes(c + h * (size_t)k, k);
                if (status != PKC_OK) {
                    if (bad_index != NULL) {
                        *bad_index = start + h;
                    }
                    return status;
                }
                o[h] = eval_k(c + h * (size_t)k, k);
            }
            continue;
        }
        for (h = 0; h < n; h++) {
            o[h] = eval_k(c + h * (size_t)k, k);
        }
    }
    return PKC_OK;
}

int pkc_eval_batch(const uint8_t *codes, size_t n_hands, int k, int32_t *out,
                   size_t *bad_index)
{
    if (!initialised) {
        return PKC_E_INIT;
    }
    if (k < 5 || k > 7) {
        return PKC_E_COUNT;
    }
    if ((codes == NULL || out == NULL) && n_hands > 0) {
        return PKC_E_ARG;
    }
    /* one specialised copy of the loop per hand size */
    switch (k) {
    case 5:
        return eval_batch_k(codes, n_hands, 5, out, bad_index);
    case 6:
        return eval_batch_k(codes, n_hands, 6, out, bad_index);
    default:
        return eval_batch_k(codes, n_hands, 7, out, bad_index);
    }
}

void pkc_eval_batch_unchecked(const uint8_t *codes, size_t n_hands, int k,
                              int32_t *out)
{
    size_t h;
    if (k == 7) {
        for (h = 0; h < n_hands; h++) {
            out[h] = eval7_unchecked(codes + 7 * h);
        }
        return;
    }
    for (h = 0; h < n_hands; h++) {
        out[h] = eval_unchecked(codes + h * (size_t)k, k);
    }
}

int pkc_eval_combos(const uint8_t *combos, size_t n_combos, const uint8_t *board,
                    int n_board, const uint8_t *dead, int n_dead, int32_t *out,
                    size_t *bad_index)
{
    uint64_t board_key = SUIT_START, board_mask = 0, taken = 0;
    size_t h;
    int i;
    if (!initialised) {
        return PKC_E_INIT;
    }
    if (n_board < 3 || n_board > 5 || n_dead < 0 || n_dead > 52) {
        return PKC_E_COUNT;
    }
    if (board == NULL || (dead == NULL && n_dead > 0) ||
        ((combos == NULL || out == NULL) && n_combos > 0)) {
        return PKC_E_ARG;
    }
    for (i = 0; i < n_board + n_dead; i++) { /* board and dead cards: valid, distinct */
        uint8_t c = i < n_board ? board[i] : dead[i - n_board];
        if (c > 51 || (taken >> c) & 1u) {
            if (bad_index != NULL) {
                *bad_index = (size_t)-1;
            }
            return c > 51 ? PKC_E_CARD : PKC_E_DUPLICATE;
        }
        taken |= 1ULL << c;
        if (i < n_board) {
            board_key += card_key[c];
            board_mask |= card_bit[c];
        }
    }
    for (h = 0; h < n_combos; h++) { /* check everything before writing */
        uint8_t a = combos[2 * h], b = combos[2 * h + 1];
        if (a > 51 || b > 51 || a == b) {
            if (bad_index != NULL) {
                *bad_index = h;
            }
            return a > 51 || b > 51 ? PKC_E_CARD : PKC_E_DUPLICATE;
        }
    }
    for (h = 0; h < n_combos; h++) {
        uint8_t a = combos[2 * h], b = combos[2 * h + 1];
        if (((taken >> a) | (taken >> b)) & 1u) {
            out[h] = 0;
            continue;
        }
        {
            uint64_t key = board_key + card_key[a] + card_key[b];
            out[h] = (key & FLUSH_BITS)
                         ? flush_table[((board_mask | card_bit[a] | card_bit[b]) >>
                                        (16 * flush_suit(key))) & 0x1fffu]
                         : lookup_ranks((uint32_t)key);
        }
    }
    return PKC_OK;
}

/* Hands per value: one counter per possible value (category << 12 | index,
 * categories 1..9), so the innermost loop has no branch for "seen before". */
#define VALUE_SLOTS (10u << 12)

/* The last card over a base of k - 1 cards (key sum `base`, mask `bmask`),
 * for every card c in [first, 52).  A base with no suit of four or more
 * cards cannot make a flush with one more card: that loop is the rank
 * lookup alone. */
static inline void enumerate_last(uint64_t base, uint64_t bmask, int first,
                                  uint32_t *hist)
{
    int c;
    if (!((base + (0x1111ULL << SUIT_SHIFT)) & FLUSH_BITS)) {
        uint32_t rk = (uint32_t)base;
        for (c = first; c < 52; c++) {
            hist[lookup_ranks(rk + (uint32_t)card_key[c])]++;
        }
        return;
    }
    for (c = first; c < 52; c++) {
        uint64_t kk = base + card_key[c];
        int v;
        if (kk & FLUSH_BITS) {
            v = flush_table[((bmask | card_bit[c]) >> (16 * flush_suit(kk))) & 0x1fffu];
        } else {
            v = lookup_ranks((uint32_t)kk);
        }
        hist[v]++;
    }
}

int pkc_enumerate(int k, uint64_t counts[10], uint32_t *distinct)
{
    static const int MAXK = 7;
    uint64_t key[8];
    uint64_t mask[8];
    int idx[8];
    int depth;
    uint32_t *hist, v, nd = 0;
    if (!initialised) {
        return PKC_E_INIT;
    }
    if (k < 5 || k > MAXK || counts == NULL) {
        return PKC_E_ARG;
    }
    /* 160 KiB of counters, transient (not a table); each < 2^32 (at most
     * 133,784,560 hands) */
    hist = (uint32_t *)calloc(VALUE_SLOTS, sizeof(uint32_t));
    if (hist == NULL) {
        return PKC_E_INIT;
    }
    memset(counts, 0, 10 * sizeof(uint64_t));
    if (k == 7) { /* plain nested loops: the common case, fastest */
        int a, b, c, d, e, f;
        for (a = 0; a < 52; a++) {
            uint64_t k1 = SUIT_START + card_key[a], m1 = card_bit[a];
            for (b = a + 1; b < 52; b++) {
                uint64_t k2 = k1 + card_key[b], m2 = m1 | card_bit[b];
                for (c = b + 1; c < 52; c++) {
                    uint64_t k3 = k2 + card_key[c], m3 = m2 | card_bit[c];
                    for (d = c + 1; d < 52; d++) {
                        uint64_t k4 = k3 + card_key[d], m4 = m3 | card_bit[d];
                        for (e = d + 1; e < 52; e++) {
                            uint64_t k5 = k4 + card_key[e], m5 = m4 | card_bit[e];
                            for (f = e + 1; f < 51; f++) {
                                enumerate_last(k5 + card_key[f], m5 | card_bit[f], f + 1, hist);
                            }
                        }
                    }
                }
            }
        }
        goto tally;
    }
    key[0] = SUIT_START;
    mask[0] = 0;
    /* iterative nested loops: idx[d] is the card at depth d (increasing) */
    depth = 0;
    idx[0] = -1;
    while (depth >= 0) {
        idx[depth]++;
        if (idx[depth] > 52 - (k - depth)) {
            depth--;
            continue;
        }
        key[depth + 1] = key[depth] + card_key[idx[depth]];
        mask[depth + 1] = mask[depth] | card_bit[idx[depth]];
        if (depth == k - 2) {
            enumerate_last(key[depth + 1], mask[depth + 1], idx[depth] + 1, hist);
            continue;
        }
        depth++;
        idx[depth] = idx[depth - 1];
    }
tally:
    for (v = 0; v < VALUE_SLOTS; v++) {
        counts[v >> 12] += hist[v];
        nd += hist[v] != 0;
    }
    free(hist);
    if (distinct != NULL) {
        *distinct = nd;
    }
    return PKC_OK;
}

int pkc_best_five(const uint8_t *codes, int n, uint8_t out[5])
{
    int best = 0, a, b, i, j;
    uint8_t five[5];
    if (!initialised || codes == NULL || out == NULL || n < 5 || n > 7 ||
        check_codes(codes, n) != PKC_OK) {
        return 0;
    }
    /* drop a and b (b == a means drop one card; n == 5 drops none) */
    for (a = 0; a < n; a++) {
        for (b = a; b < n; b++) {
            int dropped = (a == b) ? 1 : 2;
            if (n - dropped != 5 && !(n == 5 && a == 0 && b == 0)) {
                continue;
            }
            j = 0;
            for (i = 0; i < n; i++) {
                if (n == 5 || (i != a && i != b)) {
                    five[j++] = codes[i];
                }
            }
            {
                int v = eval_unchecked(five, 5);
                if (v > best) {
                    best = v;
                    memcpy(out, five, 5);
                }
            }
        }
    }
    return best;
}

/* ---- internal access for pkc_equity.c (see pkc_internal.h) ------------- */

const pkc_tables_t *pkc_internal_tables(void)
{
    static const pkc_tables_t tables = {card_key, card_bit, flush_table,
                                        row_base, rank_table};
    return initialised ? &tables : NULL;
}

/* ---- pre-combined hand keys ------------------------------------------- */

#define WORD_FLUSH_SHIFT 48

int pkc_hand_keys(const uint8_t *codes, size_t n_hands, int k, uint64_t *keys,
                  size_t *bad_index)
{
    size_t h;
    if (!initialised) {
        return PKC_E_INIT;
    }
    if (k < 5 || k > 7) {
        return PKC_E_COUNT;
    }
    if ((codes == NULL || keys == NULL) && n_hands > 0) {
        return PKC_E_ARG;
    }
    for (h = 0; h < n_hands; h++) { /* check everything before writing */
        int status = check_codes(codes + h * (size_t)k, k);
        if (status != PKC_OK) {
            if (bad_index != NULL) {
                *bad_index = h;
            }
            return status;
        }
    }
    for (h = 0; h < n_hands; h++) {
        const uint8_t *c = codes + h * (size_t)k;
        uint64_t key = SUIT_START, mask = 0;
        int i;
        for (i = 0; i < k; i++) {
            key += card_key[c[i]];
            mask |= card_bit[c[i]];
        }
        if (key & FLUSH_BITS) {
            uint64_t flags = (key & FLUSH_BITS) >> SUIT_SHIFT;
            int suit = flags & 0x8u ? 0 : flags & 0x80u ? 1 : flags & 0x800u ? 2 : 3;
            key |= ((mask >> (16 * suit)) & 0x1fffu) << WORD_FLUSH_SHIFT;
        }
        /* the rank sum already spread: one multiply less per evaluation */
        keys[h] = (key & ~0xffffffffULL) |
                  (((uint32_t)key * SPREAD_MULT) & ((1u << 25) - 1u));
    }
    return PKC_OK;
}

void pkc_eval_keys(const uint64_t *keys, size_t n_hands, int32_t *out)
{
    size_t h;
    for (h = 0; h < n_hands; h++) {
        uint64_t key = keys[h];
        out[h] = (key & FLUSH_BITS)
                     ? flush_table[(key >> WORD_FLUSH_SHIFT) & 0x1fffu]
                     : lookup_spread((uint32_t)key);
    }
}
