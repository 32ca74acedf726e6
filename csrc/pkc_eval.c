/*
 * Lookup-table hand evaluator (C99).
 *
 * Method
 *   Non-flush hands depend only on the multiset of ranks.  Each rank r has a
 *   key RANK_KEY[r] chosen so that the sums over all rank multisets of at most
 *   seven cards (at most four of a rank) are distinct (the keys are the
 *   smallest such integers, found by a greedy search; tools/rank_keys.c
 *   reproduces them and tests/test_native.py re-checks uniqueness).  The sum
 *   (at most 18,393,157) is mapped to a slot of a 90,000-entry table by a
 *   perfect hash built with "hash, displace and compress" (Belazzougui,
 *   Botelho and Dietzfelbinger, ESA 2009): the key's bucket, from one
 *   multiplicative hash, holds a 16-bit displacement d, and the slot is
 *   ((key * HASH_SLOT) xor (d << 16)) scaled to the table size.
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

#define BUCKET_BITS 14
#define N_BUCKETS (1u << BUCKET_BITS)
#define RANK_TABLE_SIZE 90000u
#define HASH_BUCKET 0x9e3779b1u /* odd multipliers: bijections mod 2^32 */
#define HASH_SLOT 0x85ebca6bu

static const uint32_t RANK_KEY[13] = {
    1u,      5u,      24u,      112u,     521u,     2247u,    9244u,
    30823u,  103066u, 250154u,  667453u,  1526359u, 3453520u};

#define SUIT_SHIFT 32
#define SUIT_START (0x3333ULL << SUIT_SHIFT)
#define FLUSH_BITS (0x8888ULL << SUIT_SHIFT)

static uint64_t card_key[52];
static uint64_t card_bit[52];
static uint16_t flush_table[8192];
static uint32_t keysum_lo[128]; /* rank-key sum of a 7-bit rank set (2..8) */
static uint32_t keysum_hi[64];  /* rank-key sum of ranks 9..A (bits 7..12) */
static uint16_t displacement[N_BUCKETS]; /* per bucket, found by init */
static uint16_t rank_table[RANK_TABLE_SIZE];

static inline uint32_t bucket_of(uint32_t key)
{
    return (uint32_t)(key * HASH_BUCKET) >> (32 - BUCKET_BITS);
}

static inline uint32_t slot_of(uint32_t key, uint32_t d)
{
    uint32_t h = (uint32_t)(key * HASH_SLOT) ^ (d << 16);
    return (uint32_t)(((uint64_t)h * RANK_TABLE_SIZE) >> 32);
}
static int initialised;

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

static int cmp_bucket(const void *a, const void *b)
{
    const uint32_t *x = (const uint32_t *)a, *y = (const uint32_t *)b;
    if (x[1] != y[1]) {
        return x[1] < y[1] ? 1 : -1; /* fullest buckets first */
    }
    return (x[0] > y[0]) - (x[0] < y[0]);
}

/* Hash and displace (Belazzougui, Botelho and Dietzfelbinger, "Hash,
 * displace, and compress", ESA 2009): each bucket gets the smallest
 * displacement that puts all of its keys on free slots. */
static int build_rank_table(entry_t *e, size_t n)
{
    uint32_t *buckets = (uint32_t *)calloc(2u * N_BUCKETS, sizeof(uint32_t));
    uint32_t *start = (uint32_t *)calloc(N_BUCKETS + 1u, sizeof(uint32_t));
    entry_t *sorted = (entry_t *)malloc(n * sizeof(entry_t));
    unsigned char *used = (unsigned char *)calloc(RANK_TABLE_SIZE, 1);
    uint32_t i, slots[64];
    int status = PKC_OK;
    if (!buckets || !start || !sorted || !used) {
        status = PKC_E_INIT;
        goto done;
    }
    for (i = 0; i < n; i++) {
        start[bucket_of(e[i].key) + 1]++;
    }
    for (i = 0; i < N_BUCKETS; i++) {
        buckets[2 * i] = i;
        buckets[2 * i + 1] = start[i + 1];
        start[i + 1] += start[i];
    }
    {
        uint32_t *fill = (uint32_t *)calloc(N_BUCKETS, sizeof(uint32_t));
        if (!fill) {
            status = PKC_E_INIT;
            goto done;
        }
        for (i = 0; i < n; i++) {
            uint32_t b = bucket_of(e[i].key);
            sorted[start[b] + fill[b]++] = e[i];
        }
        free(fill);
    }
    qsort(buckets, N_BUCKETS, 2 * sizeof(uint32_t), cmp_bucket);
    memset(rank_table, 0, sizeof(rank_table));
    for (i = 0; i < N_BUCKETS && buckets[2 * i + 1] > 0; i++) {
        uint32_t b = buckets[2 * i], m = buckets[2 * i + 1], d, j, t;
        const entry_t *be = sorted + start[b];
        if (m > 64) {
            status = PKC_E_INIT;
            goto done;
        }
        for (d = 0; d <= 0xffffu; d++) {
            int ok = 1;
            for (j = 0; j < m && ok; j++) {
                slots[j] = slot_of(be[j].key, d);
                if (used[slots[j]]) {
                    ok = 0;
                }
                for (t = 0; t < j && ok; t++) {
                    if (slots[t] == slots[j]) {
                        ok = 0;
                    }
                }
            }
            if (ok) {
                break;
            }
        }
        if (d > 0xffffu) {
            status = PKC_E_INIT;
            goto done;
        }
        displacement[b] = (uint16_t)d;
        for (j = 0; j < m; j++) {
            used[slots[j]] = 1;
            rank_table[slots[j]] = be[j].value;
        }
    }
done:
    free(buckets);
    free(start);
    free(sorted);
    free(used);
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
    for (c = 0; c < 52; c++) {
        int rank = c >> 2, suit = c & 3;
        card_key[c] = RANK_KEY[rank] + (1ULL << (SUIT_SHIFT + 4 * suit));
        card_bit[c] = 1ULL << (16 * suit + rank);
    }
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
           sizeof(keysum_lo) + sizeof(keysum_hi) + sizeof(displacement) +
           sizeof(rank_table);
}

/* ---- evaluation -------------------------------------------------------- */

static inline int lookup_ranks(uint32_t key)
{
    return rank_table[slot_of(key, displacement[bucket_of(key)])];
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

int pkc_eval_batch(const uint8_t *codes, size_t n_hands, int k, int32_t *out,
                   size_t *bad_index)
{
    size_t h;
    if (!initialised) {
        return PKC_E_INIT;
    }
    if (k < 5 || k > 7) {
        return PKC_E_COUNT;
    }
    if ((codes == NULL || out == NULL) && n_hands > 0) {
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
    pkc_eval_batch_unchecked(codes, n_hands, k, out);
    return PKC_OK;
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

int pkc_enumerate(int k, uint64_t counts[10], uint32_t *distinct)
{
    static const int MAXK = 7;
    uint64_t key[8];
    uint64_t mask[8];
    int idx[8];
    int depth;
    unsigned char *seen;
    uint32_t nd = 0;
    if (!initialised) {
        return PKC_E_INIT;
    }
    if (k < 5 || k > MAXK || counts == NULL) {
        return PKC_E_ARG;
    }
    seen = (unsigned char *)calloc(1u << 16, 1);
    if (seen == NULL) {
        return PKC_E_INIT;
    }
    memset(counts, 0, 10 * sizeof(uint64_t));
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
            /* innermost loop, unrolled over the last card */
            uint64_t base = key[depth + 1];
            uint64_t bmask = mask[depth + 1];
            int c;
            for (c = idx[depth] + 1; c < 52; c++) {
                uint64_t kk = base + card_key[c];
                int v;
                if (kk & FLUSH_BITS) {
                    uint64_t flags = (kk & FLUSH_BITS) >> SUIT_SHIFT;
                    int suit = flags & 0x8u     ? 0
                               : flags & 0x80u  ? 1
                               : flags & 0x800u ? 2
                                                : 3;
                    v = flush_table[((bmask | card_bit[c]) >> (16 * suit)) &
                                    0x1fffu];
                } else {
                    v = lookup_ranks((uint32_t)kk);
                }
                counts[v >> 12]++;
                if (!seen[v]) {
                    seen[v] = 1;
                    nd++;
                }
            }
            continue;
        }
        depth++;
        idx[depth] = idx[depth - 1];
    }
    free(seen);
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
                                        displacement, rank_table};
    return initialised ? &tables : NULL;
}

/* ---- pre-combined hand keys ------------------------------------------- */

int pkc_hand_keys(const uint8_t *codes, size_t n_hands, int k, uint64_t *keys,
                  uint64_t *masks, size_t *bad_index)
{
    size_t h;
    if (!initialised) {
        return PKC_E_INIT;
    }
    if (k < 1 || k > 7) {
        return PKC_E_COUNT;
    }
    if ((codes == NULL || keys == NULL || masks == NULL) && n_hands > 0) {
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
        keys[h] = key;
        masks[h] = mask;
    }
    return PKC_OK;
}

void pkc_eval_keys(const uint64_t *keys, const uint64_t *masks, size_t n_hands,
                   int32_t *out)
{
    size_t h;
    for (h = 0; h < n_hands; h++) {
        uint64_t key = keys[h];
        if (key & FLUSH_BITS) {
            uint64_t flags = (key & FLUSH_BITS) >> SUIT_SHIFT;
            int suit = flags & 0x8u ? 0 : flags & 0x80u ? 1 : flags & 0x800u ? 2 : 3;
            out[h] = flush_table[(masks[h] >> (16 * suit)) & 0x1fffu];
        } else {
            out[h] = lookup_ranks((uint32_t)key);
        }
    }
}
