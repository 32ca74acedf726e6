/* The declarations of pkc.h that Python sees, without the preprocessor:
 * read by cffi (csrc/build_ffi.py).  Keep in step with pkc.h. */
int pkc_init(void);
size_t pkc_table_bytes(void);
int pkc_eval_mask(uint64_t mask);
int pkc_eval_codes(const uint8_t *codes, int n);
int pkc_eval_batch(const uint8_t *codes, size_t n_hands, int k, int32_t *out,
                   size_t *bad_index);
void pkc_eval_batch_unchecked(const uint8_t *codes, size_t n_hands, int k,
                              int32_t *out);
int pkc_eval_combos(const uint8_t *combos, size_t n_combos, const uint8_t *board,
                    int n_board, const uint8_t *dead, int n_dead, int32_t *out,
                    size_t *bad_index);
int pkc_enumerate(int k, uint64_t counts[10], uint32_t *distinct);
int pkc_best_five(const uint8_t *codes, int n, uint8_t out[5]);
int pkc_hand_keys(const uint8_t *codes, size_t n_hands, int k, uint64_t *keys,
                  size_t *bad_index);
void pkc_eval_keys(const uint64_t *keys, size_t n_hands, int32_t *out);
int pkc_equity(int n_players, const uint8_t *combos, const double *weights,
               const int32_t *n_combos, const uint8_t *board, int n_board,
               const uint8_t *dead, int n_dead, int mode, uint64_t trials,
               uint64_t seed, double max_exact, double *out, uint64_t *deals,
               int *exact, int *bad_player);
