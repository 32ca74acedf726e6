"""Subgame solver speed: a river and a turn spot solved to 0.3% of the pot.

Spots (heads-up, pot 100 chips, 1,000 chips behind each, big blind 1):

* river: board ``Qs Jh 7d 4c 2s``, two ranges of exactly 300 combos each;
* turn: board ``Qs Jh 7d 4c``, two ranges of exactly 300 combos each
  (every river card is dealt at a chance node: 48 branches).

Bet sizes on every street: bets of 50% and 100% of the pot and all-in;
raises of 50% and 100% of the pot and all-in; at most two raises after the
opening bet (sizes within 67% of the stack become all-in).

The solver runs on one core (the C core is single-threaded) until the
exploitability (an exact best response in the same tree, checked every 10
iterations on the river and every 25 on the turn; checks included in the
time) is at most 0.3% of the pot.  Printed: tree size, time to build the
tree, iterations and time to the target (wall and CPU seconds of this
process), the C core's memory and the process's peak resident memory.

Peer: no hold'em subgame solver installs from a package index here (the
open solvers are AGPL programs without one).  When OpenSpiel is installed
(``pip install open_spiel``), its C++ CFR+ solves Leduc hold'em side by side
with this solver's core on the same game, both to an exploitability of
0.001 chips per deal.

Run: ``python benchmarks/bench_solver.py [--skip-turn] [--target 0.3]``.
Figures depend on the machine and its load.
"""

from __future__ import annotations

import argparse
import resource
import time

from pokerkit_core.ai.solver import BetSizes, Spot, SubgameSolver
from pokerkit_core.ai.solver.core import CfrSolver
from pokerkit_core.ai.solver import toy_games
from pokerkit_core.evaluation.cards import as_cards
from pokerkit_core.evaluation.ranges import Range

SIZES = BetSizes(bets=(0.5, 1.0), raises=(0.5, 1.0), all_in=True, all_in_threshold=0.67, max_raises=2)
RANGES = (
    "22+, A2s+, K2s+, Q5s+, J7s+, T7s+, 97s+, 86s+, 75s+, 65s, 54s, A2o+, K8o+, Q9o+, J9o+, T9o",
    "22+, A2s+, K6s+, Q8s+, J8s+, T8s+, 98s, 87s, 76s, 65s, A5o+, K9o+, QTo+, JTo, T9o, 98o, 87o",
)


def ranges_of(board: str, n: int = 300) -> tuple[Range, Range]:
    """Two ranges of exactly ``n`` combos clear of the board (the first
    ``n`` combos of each text, in the order written)."""
    dead = {c.code for c in as_cards(board, "board")}
    out = []
    for text in RANGES:
        codes: list[int] = []
        for a, b in Range.parse(text).combos:
            if a.code not in dead and b.code not in dead and len(codes) < 2 * n:
                codes += [a.code, b.code]
        assert len(codes) == 2 * n, (text, len(codes) // 2)
        out.append(Range.from_codes(codes))
    return out[0], out[1]


def run(board: str, target: float, check_every: int) -> None:
    spot = Spot(board=board, pot=100, stacks=(1000, 1000), ranges=ranges_of(board))
    wall, cpu = time.perf_counter(), time.process_time()
    solver = SubgameSolver(spot, SIZES)
    build = time.perf_counter() - wall
    wall, cpu = time.perf_counter(), time.process_time()
    report = solver.solve(target=target, max_iterations=20_000, check_every=check_every)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    decisions = sum(1 for _ in solver.game.decision_nodes())
    print(
        f"{len(spot.board)}-card board {board}: {len(solver.game.nodes):,} nodes ({decisions:,} decisions), "
        f"combos {len(solver.combos[0])} vs {len(solver.combos[1])}, tree built in {build:.2f} s"
    )
    print(
        f"  {report.iterations} iterations to {report.exploitability:.3f}% of the pot "
        f"(target {target}%): {wall:.2f} s wall, {cpu:.2f} s CPU; "
        f"C core memory {solver.solver.memory_bytes / 2**20:.1f} MiB"
    )


def leduc_side_by_side() -> None:
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        print("OpenSpiel not installed: no side-by-side run (pip install open_spiel)")
        return
    goal = 1e-3
    start = time.process_time()
    solver = CfrSolver(toy_games.leduc())
    while True:
        solver.run(10)
        if solver.evaluate().exploitability <= goal:
            break
    ours = time.process_time() - start, solver.iterations
    game = pyspiel.load_game("leduc_poker")
    start = time.process_time()
    cfr = pyspiel.CFRPlusSolver(game)
    iterations = 0
    while True:
        for _ in range(10):
            cfr.evaluate_and_update_policy()
        iterations += 10
        if pyspiel.exploitability(game, cfr.average_policy()) <= goal:
            break
    theirs = time.process_time() - start, iterations
    print(
        f"Leduc to exploitability {goal} chips/deal: this solver (DCFR, C) {ours[0]:.2f} s CPU, "
        f"{ours[1]} iterations; OpenSpiel CFR+ (C++) {theirs[0]:.2f} s CPU, {theirs[1]} iterations"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--target", type=float, default=0.3, help="exploitability goal, %% of the pot")
    parser.add_argument("--skip-turn", action="store_true")
    args = parser.parse_args()
    run("Qs Jh 7d 4c 2s", args.target, 10)
    if not args.skip_turn:
        run("Qs Jh 7d 4c", args.target, 25)
    print(f"peak resident memory of the process: {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MiB")
    leduc_side_by_side()


if __name__ == "__main__":
    main()
