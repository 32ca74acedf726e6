/*
 * pokerkit_core C core: hand evaluator and equity.
 *
 * Conventions
 *   card code  c = 4 * rank + suit, rank 0 = deuce .. 12 = ace,
 *              suit 0 = clubs, 1 = diamonds, 2 = hearts, 3 = spades (0..51).
 *   card mask  bit (16 * suit + rank) set for each card (see PKC_MASK_VALID).
 *   hand value higher is better; value >> 12 is the category
 *              (1 = high card .. 9 = straight flush); 7,462 distinct values
 *              over all five-card hands; 0 means "invalid input".
 *
 * All functions are reentrant once pkc_init() has returned: the tables are
 * written once by pkc_init() and only read afterwards.  Output buffers are
 * owned by the caller.  Functions that take a status return 0 on success and
 * a negative PKC_E* code on failure.
 */
#ifndef PKC_H
#define PKC_H

#include <stddef.h>
#include <stdint.h>

#define PKC_OK 0
#define PKC_E_CARD (-1)      /* card code out of 0..51 */
#define PKC_E_DUPLICATE (-2) /* the same card twice */
#define PKC_E_COUNT (-3)     /* wrong number of cards */
#define PKC_E_ARG (-4)       /* other bad argument */
#define PKC_E_INIT (-5)      /* pkc_init() not called or failed */

#define PKC_MASK_VALID 0x1fff1fff1fff1fffULL

/* Build the lookup tables (idempotent; call once before any other function,
 * from one thread).  Returns PKC_OK. */
int pkc_init(void);

/* Total size of the lookup tables in bytes. */
size_t pkc_table_bytes(void);

/* Evaluate 5 to 7 cards given as a mask.  Returns 0 when the mask has bits
 * outside PKC_MASK_VALID or does not hold 5, 6 or 7 cards. */
int pkc_eval_mask(uint64_t mask);

/* Evaluate n (5..7) card codes.  Returns 0 when a code is out of range, a
 * card repeats or n is out of range. */
int pkc_eval_codes(const uint8_t *codes, int n);

/* Evaluate n_hands hands of k (5..7) card codes each, stored row by row in
 * codes (n_hands * k bytes); values go to out (n_hands entries).  Every hand
 * is checked (codes 0..51, no card twice in a hand) a block of hands at a
 * time before the block is evaluated, with SSE2 (or AVX2) compares where the
 * compiler offers them.  On a bad hand the status (PKC_E_CARD,
 * PKC_E_DUPLICATE) is returned, *bad_index receives the index of the first
 * bad hand, out[0 .. *bad_index) holds the values of the hands before it and
 * the rest of out is left as it was. */
int pkc_eval_batch(const uint8_t *codes, size_t n_hands, int k, int32_t *out,
                   size_t *bad_index);

/* Same as pkc_eval_batch without the checks; the caller guarantees valid,
 * distinct codes.  Used by benchmarks of the raw core. */
void pkc_eval_batch_unchecked(const uint8_t *codes, size_t n_hands, int k,
                              int32_t *out);

/* Values of n_combos two-card combos (2 codes each in combos), each with
 * the same n_board (3..5) board cards: the hands of a range on a board.  A
 * combo that shares a card with the board or with the n_dead dead cards is
 * blocked and gets 0.  Checked: codes 0..51, no card twice on the board and
 * dead cards together (PKC_E_CARD / PKC_E_DUPLICATE, *bad_index = SIZE_MAX),
 * combos of two valid, different cards (*bad_index = the combo; nothing is
 * written then); PKC_E_COUNT for n_board out of range. */
int pkc_eval_combos(const uint8_t *combos, size_t n_combos, const uint8_t *board,
                    int n_board, const uint8_t *dead, int n_dead, int32_t *out,
                    size_t *bad_index);

/* Evaluate every k-card hand (k = 5, 6 or 7) from the 52-card deck.
 * counts[0..9] receives the number of hands per category (index = category),
 * *distinct the number of distinct values seen. */
int pkc_enumerate(int k, uint64_t counts[10], uint32_t *distinct);

/* Best five of n (5..7) codes: writes the five cards that play (in input
 * order) and returns the value, or 0 for invalid input. */
int pkc_best_five(const uint8_t *codes, int n, uint8_t out[5]);

/* Hand words: a hand of 5 to 7 cards packed into one 64-bit word, the
 * evaluator's own form of a hand.  Bits 0..24 hold the sum of the cards'
 * rank keys times the evaluator's odd spreading constant modulo 2^25 (the
 * form its perfect hash reads; bits 25..31 are 0), bits 32..47 a 4-bit counter per suit (started at 3, so bit 3 of a
 * counter is set when the suit holds five or more cards), bits 48..60 the
 * rank set of that suit (0 if there is none).  pkc_hand_keys checks n_hands
 * hands of k (5..7) codes, then writes one word per hand (nothing on a bad
 * hand: *bad_index and a PKC_E_* status as pkc_eval_batch).  pkc_eval_keys
 * evaluates words; it reads only in-bounds table entries for any word, but a
 * word that pkc_hand_keys did not write gives a meaningless value. */
int pkc_hand_keys(const uint8_t *codes, size_t n_hands, int k, uint64_t *keys,
                  size_t *bad_index);
void pkc_eval_keys(const uint64_t *keys, size_t n_hands, int32_t *out);

/* ---- equity ---------------------------------------------------------- */

/* Most players one equity call takes: as many as a table seats (rules.MAX_SEATS
 * in Python; a test keeps the two equal).  At most 10 (see pkc_equity.c). */
#define PKC_MAX_PLAYERS 10
/* A k-way tie is counted as PKC_SHARE_UNIT / k units of pot share, so tie
 * counts are integers: lcm(1..PKC_MAX_PLAYERS) = 2520. */
#define PKC_SHARE_UNIT 2520

#define PKC_E_EMPTY (-6)   /* a range lost every combo to card removal, or no
                              deal is consistent (*bad_player = -1 then) */
#define PKC_E_TOO_BIG (-7) /* exact enumeration asked for but above max_exact */
#define PKC_E_MEMORY (-8)  /* out of memory */
#define PKC_E_STOPPED (-9) /* keep_going() returned 0: the caller stopped it */

#define PKC_EQUITY_AUTO 0   /* exact if it costs <= max_exact, else sample */
#define PKC_EQUITY_EXACT 1  /* exact, or PKC_E_TOO_BIG */
#define PKC_EQUITY_SAMPLE 2 /* Monte Carlo with `trials` deals */

/* All-in equity of 2..PKC_MAX_PLAYERS players (see pkc_equity.c).
 *
 * Player p holds one of n_combos[p] (1..1326) two-card combos; the combos of
 * all players are stored one after another in `combos` (2 codes each) with
 * one weight (finite, >= 0) each in `weights`.  A player with one combo has
 * fixed hole cards: a card shared with the board, the dead cards or another
 * fixed player is PKC_E_DUPLICATE.  Other combos that share a card with those
 * are removed ("card removal"); combos that share a card with each other are
 * never dealt together.  board holds n_board (0..5) codes, dead n_dead codes.
 *
 * Exact enumeration costs (distinct deals up to suit symmetry) * (boards *
 * players + 16) hand evaluations; it is used when that is <= max_exact (mode
 * AUTO or EXACT) and at most 2^19 combo tuples are consistent (2^26 when no
 * suit permutation fixes the board and the dead cards).  Sampling draws
 * `trials` (>= 1) deals with the xoshiro256** generator seeded by `seed`;
 * it stops early once 2^25 drawn combo tuples were rejected for sharing a
 * card (a bounded amount of work per call, about a second), so *deals may be
 * below `trials`, even 0 (out is then all zeros).  A caller wanting more
 * deals calls again with another seed and combines the counts.
 *
 * out receives 4 doubles per player: win, tie (fractions of deals won alone
 * and tied for best), equity (win + 1/k of each k-way tie) and the standard
 * error of the equity (0 when exact).  *deals receives the deals counted
 * (tuples * boards when exact; deals sampled otherwise), *exact 1 or 0,
 * *bad_player the player at fault for PKC_E_DUPLICATE / PKC_E_EMPTY (else
 * -1).  PKC_E_EMPTY is returned only when no deal exists (a range emptied by
 * card removal, or a search over the combo tuples found none).
 *
 * keep_going (may be NULL) is called during exact enumeration after about
 * every PKC_CHECK_EVALUATIONS hand evaluations; when it returns 0 the call
 * stops and returns PKC_E_STOPPED with nothing in out (a caller's way to
 * honour an interrupt: the work of one call is otherwise not divisible).
 * Returns PKC_OK or PKC_E_CARD, PKC_E_DUPLICATE, PKC_E_COUNT, PKC_E_ARG,
 * PKC_E_EMPTY, PKC_E_TOO_BIG, PKC_E_MEMORY, PKC_E_STOPPED, PKC_E_INIT. */
#define PKC_CHECK_EVALUATIONS (1u << 23)
int pkc_equity(int n_players, const uint8_t *combos, const double *weights,
               const int32_t *n_combos, const uint8_t *board, int n_board,
               const uint8_t *dead, int n_dead, int mode, uint64_t trials,
               uint64_t seed, double max_exact, double *out, uint64_t *deals,
               int *exact, int *bad_player, int (*keep_going)(void));

/* ---- ranges (pkc_range.c) ------------------------------------------------ */

/* Two-card combos; a range is PKC_COMBOS weights (finite, >= 0) in canonical
 * order (a < b: index a * (103 - a) / 2 + b - a - 1). */
#define PKC_COMBOS 1326
/* Most deals pkc_range_equity samples per hand and range. */
#define PKC_RANGE_MAX_TRIALS 65536
/* Most ranges one pkc_range_equity call takes. */
#define PKC_RANGE_MAX_RANGES 16

/* Equity of each of n_hands hands (2 codes each in hands) against each of
 * n_ranges (1..PKC_RANGE_MAX_RANGES) opponent ranges (PKC_COMBOS weights
 * each, one after another in `weights`), on a board of n_board (0, 3, 4 or
 * 5) codes.  River: exact.  Otherwise Monte Carlo over `trials`
 * (1..PKC_RANGE_MAX_TRIALS) deals drawn once from `seed` and shared by all
 * hands: a runout, and per range an opponent combo clear of it; a hand counts
 * the deals that share no card with it (which leaves the deal distribution
 * exact given its cards) and, for a range where fewer than a quarter are
 * left, draws `trials` deals of its own from `seed`, the range's position
 * and its combo index.  So a hand's result depends only on `seed`, the
 * board, the ranges and its own cards, never on the other hands.  Combos
 * sharing a card with the board or the hand are removed.  out[i * n_ranges + r] is hand i's pot share against
 * range r, or -1 when no combo is left (or nearly every draw was blocked).
 * PKC_E_CARD / PKC_E_DUPLICATE for bad codes (board, or a hand with a card
 * twice or on the board), PKC_E_ARG for a bad n_board, n_ranges, trials or
 * weight. */
int pkc_range_equity(const uint8_t *hands, size_t n_hands, const double *weights,
                     int n_ranges, const uint8_t *board, int n_board, uint32_t trials,
                     uint64_t seed, double *out);

/* Narrow a range in place on a board of n_board (3..5) codes: combos sharing
 * a card with the board get weight 0; the others are ranked by their value
 * on the board (in buckets of 8 values) and the strongest buckets holding
 * the share `keep` (0..1) of the weight keep their weight (the last one
 * whole), the rest is multiplied by floor_weight (0..1).
 * PKC_E_COUNT, PKC_E_CARD, PKC_E_DUPLICATE, PKC_E_ARG (keep, floor, weights);
 * nothing is written on an error. */
int pkc_range_narrow(double *weights, const uint8_t *board, int n_board, double keep,
                     double floor_weight);

/* ---- subgame solver (pkc_solver.c) --------------------------------------- */

/* A two-player public tree solved by vector-form discounted CFR.  Nodes are
 * numbered 0..n_nodes-1, the root 0, every child after its parent, each node
 * but the root the child of exactly one node.  Per node PKC_SOLVER_NODE_INTS
 * ints: kind (PKC_SOLVER_PLAYER0/1, _CHANCE, _FOLD, _SHOWDOWN), first link
 * and number of links (children: links[first..first+k), 1..
 * PKC_SOLVER_MAX_ACTIONS for decision and chance nodes, 0 for terminals),
 * the card dealt on the edge into the node (read for children of chance
 * nodes: 0..deck-1), the board (terminals: 0..n_boards-1) and the folder
 * (fold terminals: 0 or 1), and the first entry and number of entries of
 * the iso table (children of chance nodes: the cards whose branches are
 * this one's image under a suit permutation; 0 entries elsewhere); and
 * PKC_SOLVER_NODE_REALS doubles: the pot
 * (after rake) and each player's chips put in during the subgame
 * (terminals), the probability of each edge given both hands (chance nodes,
 * > 0).  Hands: n_hands[p] (1..PKC_SOLVER_MAX_HANDS) per player, player 0's
 * first, two card indices each (0..deck-1; the second may be 255 for a
 * one-card hand), one weight each (finite, >= 0), and per board the rank of
 * every hand (player 0's then player 1's; higher wins, < 0 = blocked by the
 * board).  The iso table has n_iso entries of 1 + n_hands[0] + n_hands[1]
 * ints: the card, then each hand's image under the permutation (player 0's
 * hands, then player 1's: each a permutation of its list); the caller
 * vouches that the game is symmetric under it (the values of the branch of
 * that card are the representative's, hands permuted).  The solver copies
 * every array.  NULL with *status PKC_E_ARG for a
 * bad argument, PKC_E_MEMORY when out of memory. */
#define PKC_SOLVER_PLAYER0 0
#define PKC_SOLVER_PLAYER1 1
#define PKC_SOLVER_CHANCE 2
#define PKC_SOLVER_FOLD 3
#define PKC_SOLVER_SHOWDOWN 4
#define PKC_SOLVER_NODE_INTS 8
#define PKC_SOLVER_NODE_REALS 4
#define PKC_SOLVER_MAX_ACTIONS 64
#define PKC_SOLVER_MAX_HANDS 4096
#define PKC_SOLVER_MAX_DECK 64
typedef struct pkc_solver pkc_solver;
pkc_solver *pkc_solver_new(int n_nodes, const int32_t *node_ints, const double *node_reals,
                           int n_links, const int32_t *links, int deck, const int32_t *n_hands,
                           const uint8_t *cards, const double *weights, int n_boards,
                           const int32_t *ranks, int n_iso, const int32_t *iso, int *status);
void pkc_solver_free(pkc_solver *s);
/* Run `iterations` more DCFR iterations (alternating updates) with the
 * discount exponents alpha, beta, gamma. */
int pkc_solver_iterate(pkc_solver *s, int iterations, double alpha, double beta, double gamma);
/* Per hand of `player`: counterfactual value at the root (out) against the
 * opponent's average strategy, the player playing its average strategy or a
 * best response; compat_out: the opponent's weight compatible with the hand;
 * node_out (n_nodes * n_hands[player], or NULL): the values at every node. */
int pkc_solver_values(pkc_solver *s, int player, int best_response, double *out, double *compat_out,
                      double *node_out);
/* out: best-response value of player 0 and 1, value of the average strategy
 * of player 0 and 1 (per deal, chips; NaN unless with_values), and the
 * deals' total weight. */
int pkc_solver_evaluate(pkc_solver *s, int with_values, double out[5]);
/* Showdown equity of each hand of `player` against the other's range, over
 * the boards flagged in `boards` (n_boards flags), or with NULL the boards
 * that showdown nodes use (-1 for a hand with none). */
int pkc_solver_equity(pkc_solver *s, int player, const uint8_t *boards, double *out);
/* The average strategy (k * n_hands of the actor, action-major) at a
 * decision node; pkc_solver_lock fixes it (each hand's column >= 0 summing
 * to 1), NULL unlocks. */
int pkc_solver_strategy(pkc_solver *s, int node, double *out);
int pkc_solver_lock(pkc_solver *s, int node, const double *strategy_in);
/* Save and restore: regrets and strategy sums, state_size doubles each. */
int64_t pkc_solver_state_size(const pkc_solver *s);
int pkc_solver_iterations(const pkc_solver *s);
int64_t pkc_solver_bytes(const pkc_solver *s);
int pkc_solver_get_state(const pkc_solver *s, double *regret, double *ssum);
int pkc_solver_set_state(pkc_solver *s, const double *regret, const double *ssum, int iteration);

#define PKC_MAX_SEATS 10 /* engine/rules.py MAX_SEATS */

/* ---- hold'em tables stepped in C (csrc/pkc_vecenv.c) --------------------
 * The core of pokerkit_core.envs.VectorEnv: n tables of no-limit hold'em,
 * 2 .. PKC_MAX_SEATS seats each, in one caller-owned buffer of
 * n * pkc_vec_table_bytes() bytes.  cfg (cfg_len int64 entries): seats s,
 * small blind, big blind, ante (every seat; 0 for none), hands per episode,
 * random button (0/1), configured button, k pot fractions, then the s
 * stacks, then k (numerator, denominator) pairs; blinds 1 <= sb <= bb, each
 * stack above bb + ante, the stacks' sum at most 2**31, hands 1 .. 2**30,
 * k <= PKC_VEC_MAX_FRACTIONS, numerators and denominators 1 .. 2**31 - 1
 * (else PKC_E_ARG; cfg_len must be 8 + s + 2 k).  Observations are
 * PKC_VEC_OBS_BASE + 7 s + 4 + k floats and masks 4 + k bytes per table
 * (the layout of envs/encoding.py ObservationEncoder); rewards s doubles
 * per table. */
#define PKC_VEC_MAX_FRACTIONS 16
#define PKC_VEC_OBS_BASE 113
#define PKC_VEC_INSPECT_LEN 79
#define PKC_VEC_E_ILLEGAL (-10) /* an action that is masked now */
#define PKC_VEC_E_OVER (-11)    /* a table whose episode is over */

/* Bytes of one table. */
size_t pkc_vec_table_bytes(void);

/* Seed table index of n with NumPy PCG64 state pcg (state high, low,
 * increment high, low) and its buffered 32-bit half; clears the table. */
int pkc_vec_seed(uint8_t *tables, size_t n, size_t index, const uint64_t *pcg, uint32_t has_uint32,
                 uint32_t uinteger);

/* Start an episode at every table (all seeded, else PKC_E_ARG and nothing
 * changes). */
int pkc_vec_start(uint8_t *tables, size_t n, const int64_t *cfg, size_t cfg_len);

/* Play actions[i] (a discrete action index) at every table i.  Every table
 * and action is checked first: on a bad one nothing changes, *bad_index is
 * its table and the status PKC_E_ARG (a table not as this file left it),
 * PKC_VEC_E_OVER (its episode is over) or PKC_VEC_E_ILLEGAL.  Writes per
 * table its seats' rewards (s doubles per table into rewards, which holds
 * rewards_len, at least n * s, else PKC_E_ARG; big blinds, the hand's net
 * result when a hand ended, else 0) and dones[i] (the episode ended); with
 * auto_reset an ended episode is followed at once by the next one. */
int pkc_vec_step(uint8_t *tables, size_t n, const int64_t *cfg, size_t cfg_len, const int64_t *actions,
                 int auto_reset, double *rewards, size_t rewards_len, uint8_t *dones, size_t *bad_index);

/* Write every table's observation by seat (0 .. s - 1; -1: the seat to act,
 * and then every hand must be in progress), its action mask (zeros unless
 * that seat is to act) and the seat to act (-1 when over).  obs_len and
 * mask_len are the buffers' entries (PKC_E_ARG if too few). */
int pkc_vec_observe(const uint8_t *tables, size_t n, const int64_t *cfg, size_t cfg_len, int seat,
                    float *obs, size_t obs_len, int8_t *masks, size_t mask_len, int32_t *to_act);

/* Table index's fields into out (at least PKC_VEC_INSPECT_LEN entries):
 * 0 button, 1 to act, 2 street, 3 hand number, 4 deal seed, 5 call-to,
 * 6 minimum raise increment, 7 the buffered-half flag, 8 the buffered half,
 * 9-12 the PCG64 words (state high, low, increment high, low; their bits as
 * int64), 13 seats s, then PKC_MAX_SEATS entries each of stacks, bets,
 * contributions and folded flags (from 14; zeros past s), then the
 * 2 PKC_MAX_SEATS + 5 card codes of the deal order (from 54). */
int pkc_vec_inspect(const uint8_t *tables, size_t n, size_t index, int64_t *out, size_t out_len);

/* The ObservationEncoder vector (envs/encoding.py) of seat `seat` of an
 * n-seat table (2 .. PKC_MAX_SEATS) into out (113 + 7 n + n_mask floats):
 * cards holds the seat's n_hole (0 or 2) hole card codes then the n_board
 * board codes; amounts the pot, the call-to, then (from the seat's legal
 * actions when it is to act) the call amount, the minimum and maximum
 * raise-to, whether it may bet or raise (0/1) and whether the legal actions
 * are given (0/1); stacks, bets, folded and all_in one entry per seat; the
 * seat to act (-1: none); mask n_mask flags.  PKC_E_ARG or PKC_E_CARD (and
 * nothing written) on an argument out of range. */
int pkc_encode_seat(int n, int seat, const uint8_t *cards, int n_hole, int n_board, int street,
                    const int64_t *amounts, const int64_t *stacks, const int64_t *bets, const uint8_t *folded,
                    const uint8_t *all_in, int button, int to_act, const uint8_t *mask, int n_mask,
                    int64_t big_blind, float *out, size_t out_len);

#endif
