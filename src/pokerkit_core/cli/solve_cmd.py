"""``pokerkit-core solve --board B --pot P --stack S --oop RANGE --ip RANGE [...]``.

Solves a heads-up subgame on the flop, turn or river with the subgame solver
(:mod:`pokerkit_core.ai.solver`) and prints a node's strategy: the overall
frequency of each action and, per combo, the strategy, EV and equity (EV and
equity at the root), as text or as JSON (``--json``).  ``--save`` writes the
solution, ``--load`` reads one instead of building the spot, ``--plot``
draws the node's strategy grid (``plot`` extra).
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

from ..ai.solver import BetSizes, Spot, SubgameSolver
from ..errors import InvalidConfigError, install_hint
from .options import add_json_argument


def _fractions(text: str) -> tuple[float, ...]:
    if text.strip().lower() in ("", "none"):
        return ()
    try:
        return tuple(float(x) for x in text.replace(" ", "").split(",") if x)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected pot fractions such as 0.33,0.75, not {text!r}") from None


def register(sub: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    """Add the ``solve`` subcommand."""
    parser = sub.add_parser(
        "solve",
        help="solve a heads-up flop, turn or river spot (discounted CFR)",
        description="Solve a heads-up subgame with discounted CFR over both ranges and print a node's "
        "strategy per combo. Amounts are chips; exploitability is in percent of the pot. Player OOP acts "
        "first. Turn and flop spots deal every card (flop spots are large: keep the sizes few).",
    )
    parser.add_argument("--board", help="3-5 board cards, e.g. 'Kh 9c 5d 3s 2h'")
    parser.add_argument("--pot", type=int, help="chips in the pot (even: each player put in half)")
    parser.add_argument("--stack", type=int, nargs="+", metavar="CHIPS", help="chips behind: one for both players, or OOP then IP")
    parser.add_argument("--oop", metavar="RANGE", help="range of the player who acts first (e.g. 'QQ+, AKs, 76s:0.5')")
    parser.add_argument("--ip", metavar="RANGE", help="range of the player in position")
    parser.add_argument("--big-blind", type=int, default=1, help="smallest bet, chips (default 1)")
    parser.add_argument("--bets", type=_fractions, default=(0.33, 0.75), help="bet sizes, pot fractions (default 0.33,0.75)")
    parser.add_argument("--raises", type=_fractions, default=(0.75,), help="raise sizes, pot fractions after the call (default 0.75)")
    parser.add_argument("--no-all-in", action="store_true", help="no all-in action unless a size reaches it")
    parser.add_argument("--all-in-threshold", type=float, default=0.67, help="sizes putting in this share of the stack become all-in (default 0.67)")
    parser.add_argument("--max-raises", type=int, default=2, help="raises per street after the bet (default 2)")
    parser.add_argument("--rake", type=float, default=0.0, help="share of the pot raked (default 0)")
    parser.add_argument("--rake-cap", type=float, default=None, help="most chips of rake per pot")
    parser.add_argument("--target", type=float, default=0.3, help="exploitability goal, %% of the pot (default 0.3)")
    parser.add_argument("--iterations", type=int, default=1000, help="most iterations (default 1000)")
    parser.add_argument("--time-limit", type=float, default=None, help="most seconds of solving")
    parser.add_argument("--node", default="", help="the node to show: actions from the root separated by '/', e.g. 'check/bet 50'")
    parser.add_argument("--hands", type=int, default=20, help="combos listed in the text summary (0: all; default 20)")
    parser.add_argument("--save", metavar="FILE", help="write the solution (JSON) to FILE")
    parser.add_argument("--load", metavar="FILE", help="read a solution written by --save instead of a spot")
    parser.add_argument(
        "--plot", metavar="FILE",
        help=f"draw the node's strategy grid to FILE (PNG; needs matplotlib: {install_hint('plot')})",
    )
    add_json_argument(parser, "print the result as one JSON object")
    parser.set_defaults(handler=run)


def _solver(args: argparse.Namespace) -> SubgameSolver:
    if args.load:
        return SubgameSolver.load(args.load)
    missing = [name for name in ("board", "pot", "stack", "oop", "ip") if getattr(args, name) is None]
    if missing:
        raise InvalidConfigError("solve needs " + ", ".join(f"--{m}" for m in missing) + " (or --load FILE)")
    stacks = args.stack * 2 if len(args.stack) == 1 else args.stack
    if len(stacks) != 2:
        raise InvalidConfigError("--stack takes one number (both players) or two (OOP, IP)")
    spot = Spot(
        board=args.board,
        pot=args.pot,
        stacks=(stacks[0], stacks[1]),
        ranges=(args.oop, args.ip),
        big_blind=args.big_blind,
        rake=args.rake,
        rake_cap=args.rake_cap,
    )
    sizes = BetSizes(
        bets=args.bets,
        raises=args.raises,
        all_in=not args.no_all_in,
        all_in_threshold=args.all_in_threshold,
        max_raises=args.max_raises,
    )
    return SubgameSolver(spot, sizes)


def run(args: argparse.Namespace) -> int:
    """Build (or load), solve and print; returns 0."""
    if args.plot:
        from ..analysis.plots import require_matplotlib

        require_matplotlib()  # before the solving, not after
    start = time.perf_counter()
    solver = _solver(args)
    built = time.perf_counter() - start
    report = solver.solve(target=args.target, max_iterations=args.iterations, time_limit=args.time_limit)
    node = solver.node([p for p in args.node.split("/") if p]) if args.node else 0
    if solver.game.nodes[node].kind not in (0, 1):
        raise InvalidConfigError(f"node {args.node!r} is not a decision: choose a path that ends where a player acts")
    if args.save:
        solver.save(args.save)
    if args.plot:
        from ..analysis.solver_plots import strategy_figure

        strategy_figure(solver, node).savefig(args.plot)
    summary = solver.summary(node)
    result: dict[str, Any] = {
        "spot": solver.spot.to_dict(),
        "nodes": len(solver.game.nodes),
        "iterations": report.iterations,
        "exploitability_pct_pot": report.exploitability,
        "seconds": {"build": built, "solve": report.seconds},
        "stopped": report.stopped,
        "memory_bytes": solver.solver.memory_bytes,
        "node": summary,
    }
    if args.json:
        print(json.dumps(result))
        return 0
    spot = solver.spot
    print(
        f"board {' '.join(map(str, spot.board))}, pot {solver.root_pot}, stacks {spot.stacks[0]} / {spot.stacks[1]}, "
        f"combos {len(solver.combos[0])} vs {len(solver.combos[1])}"
    )
    print(
        f"{len(solver.game.nodes):,} nodes; {report.iterations} iterations in {report.seconds:.2f} s; "
        f"exploitability {report.exploitability:.3f}% of the pot ({report.stopped})"
    )
    who = "OOP" if summary["player"] == 0 else "IP"
    print(f"node: {'/'.join(summary['path']) or 'root'} ({who} to act)")
    for label, freq in summary["frequencies"].items():
        print(f"  {label:<16} {100 * freq:6.1f}%")
    labels = list(summary["frequencies"])
    hands = sorted(summary["hands"], key=lambda h: -h["weight"])
    if args.hands:
        hands = hands[: args.hands]
    head = "".join(f"{label[:12]:>13}" for label in labels)
    extra = "       EV  equity" if node == 0 else ""
    print(f"{'hand':<6}{head}{extra}")
    for h in hands:
        cells = "".join(f"{100 * h['strategy'][label]:12.1f}%" for label in labels)
        tail = ""
        if node == 0:
            ev = "n/a" if h["ev"] is None else f"{h['ev']:.2f}"
            tail = f" {ev:>8} {100 * h['equity']:6.1f}%"
        print(f"{h['hand']:<6}{cells}{tail}")
    if args.save:
        print(f"solution written to {args.save}")
    if args.plot:
        print(f"strategy grid drawn to {args.plot}")
    return 0
