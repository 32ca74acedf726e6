/*
 * Internal view of the evaluator's tables for other C files of the core
 * (pkc_equity.c).  Not part of the public API and not seen by cffi.
 *
 * The macros repeat those of pkc_eval.c token for token (C99 allows an
 * identical redefinition), so a mismatch fails to compile.
 */
#ifndef PKC_INTERNAL_H
#define PKC_INTERNAL_H

#include <stdint.h>

#define SPREAD_MULT 0x9e3779b1u /* odd: a bijection of the keys mod 2^25 */
#define ROW_SHIFT 11
#define ROW_LEN (1u << ROW_SHIFT)
#define ROW_MASK (ROW_LEN - 1u)
#define N_ROWS 16384u /* 2^25 spread keys (every key is below 2^25) */
#define BASE_STEP 2u
#define RANK_TABLE_SIZE 80000u
#define SUIT_SHIFT 32
#define SUIT_START (0x3333ULL << SUIT_SHIFT)
#define FLUSH_BITS (0x8888ULL << SUIT_SHIFT)

/* Read-only pointers to the tables built by pkc_init(). */
typedef struct {
    const uint64_t *card_key;     /* [256] rank key + suit counter per card */
    const uint64_t *card_bit;     /* [256] mask bit per card */
    const uint16_t *flush_table;  /* [8192] by 13-bit rank set */
    const uint16_t *row_base;     /* [N_ROWS] base / BASE_STEP */
    const uint16_t *rank_table;   /* [RANK_TABLE_SIZE] */
} pkc_tables_t;

/* The tables, or NULL before pkc_init() has succeeded. */
const pkc_tables_t *pkc_internal_tables(void);

/* Value of the rank multiset (5 to 7 cards) whose rank-key sum is k (the low
 * 32 bits of a key sum), ignoring flushes. */
static inline int pkc_i_rank(const pkc_tables_t *t, uint32_t k)
{
    uint32_t x = k * SPREAD_MULT;
    return t->rank_table[BASE_STEP * t->row_base[(x >> ROW_SHIFT) & (N_ROWS - 1u)] + (x & ROW_MASK)];
}

/* Value of a hand of 5 to 7 cards given by its key sum (SUIT_START plus the
 * card_key of each card) and its mask (OR of card_bit): the evaluator's hot
 * path, for loops that keep the sums incrementally. */
static inline int pkc_i_eval(const pkc_tables_t *t, uint64_t key, uint64_t mask)
{
    if (key & FLUSH_BITS) {
        uint64_t flags = (key & FLUSH_BITS) >> SUIT_SHIFT;
        int suit = flags & 0x8u ? 0 : flags & 0x80u ? 1 : flags & 0x800u ? 2 : 3;
        return t->flush_table[(mask >> (16 * suit)) & 0x1fffu];
    }
    return pkc_i_rank(t, (uint32_t)key);
}

/* Index of the lowest set bit of x != 0 (the C core's one copy). */
static inline int pkc_i_lowest_bit(uint64_t x)
{
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_ctzll(x);
#else
    int i = 0;
    while (!(x & 1u)) {
        x >>= 1;
        i++;
    }
    return i;
#endif
}

/* Vose's alias method (pkc_equity.c): entry j of the table draws weight
 * w[index[j]] (w[j] when index is NULL) out of total; small, large and scaled
 * are scratch of n entries. */
void pkc_i_build_alias(const double *w, const int *index, int n, double total, uint32_t *alias,
                       uint64_t *prob, uint32_t *small, uint32_t *large, double *scaled);

#endif
