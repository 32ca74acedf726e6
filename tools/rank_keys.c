/*
 * Reproduces RANK_KEY of csrc/pkc_eval.c: the greedy smallest rank keys such
 * that the key sums of all rank multisets of at most seven cards (at most four
 * cards of a rank) are distinct.  Build and run (takes a few minutes):
 *     cc -O2 -o rank_keys tools/rank_keys.c && ./rank_keys
 * It prints the 13 keys, the number of multisets (76,155) and the largest sum.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define CAP (1u << 26)

static uint32_t sums[80000];
static int cards[80000];
static uint32_t marked[80000]; /* sums marked by the current try */

int main(void)
{
    uint32_t keys[13], max = 0;
    int n = 1, r, i, c;
    unsigned char *seen = (unsigned char *)calloc(CAP, 1);
    if (seen == NULL) {
        return 1;
    }
    for (r = 0; r < 13; r++) {
        uint32_t k = r == 0 ? 1 : keys[r - 1] + 1;
        for (;; k++) {
            int ok = 1, nmarked = 0;
            /* old sums (count 0 of this rank) stay marked from before */
            for (i = 0; i < n && ok; i++) {
                for (c = 1; c <= 4 && cards[i] + c <= 7; c++) {
                    uint32_t s = sums[i] + (uint32_t)c * k;
                    if (s >= CAP || seen[s]) {
                        ok = 0;
                        break;
                    }
                    seen[s] = 1;
                    marked[nmarked++] = s;
                }
            }
            while (nmarked > 0) { /* undo the marks of this try */
                seen[marked[--nmarked]] = 0;
            }
            if (ok) {
                break;
            }
        }
        keys[r] = k;
        seen[0] = 1;
        {
            int m = n;
            for (i = 0; i < m; i++) {
                for (c = 1; c <= 4 && cards[i] + c <= 7; c++) {
                    sums[n] = sums[i] + (uint32_t)c * k;
                    cards[n] = cards[i] + c;
                    seen[sums[n]] = 1;
                    n++;
                }
            }
        }
        printf("%u%s", keys[r], r < 12 ? ", " : "\n");
        fflush(stdout);
    }
    for (i = 0; i < n; i++) {
        max = sums[i] > max ? sums[i] : max;
    }
    printf("multisets %d, largest sum %u\n", n, max);
    free(seen);
    return 0;
}
