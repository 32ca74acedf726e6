"""``pokerkit-core equity HAND HAND... [--board B] [--dead D] [--trials N] [--json]``.

Each player argument is hole cards (``AhKh``) or a range (``"QQ+,AKs"``,
``random``).  Without ``--trials`` the result is exact when that is cheap and
sampled otherwise (see :mod:`pokerkit_core.evaluation.equity`).
"""

from __future__ import annotations

import argparse
import json

from ..evaluation.equity import MAX_TRIALS, calculate_equity
from ..evaluation.evaluator import MAX_EQUITY_PLAYERS
from .options import add_json_argument


def register(sub: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    """Add the ``equity`` subcommand."""
    parser = sub.add_parser(
        "equity",
        help=f"all-in equity of 2 to {MAX_EQUITY_PLAYERS} hands or ranges",
        description=f"All-in equity of 2 to {MAX_EQUITY_PLAYERS} players, each given as hole cards (AhKh) "
        "or a range (QQ+,AKs,AQo+,76s-54s,random). Exact when cheap, else sampled.",
    )
    parser.add_argument(
        "players", nargs="+", metavar="HAND", help="hole cards or a range, one per player"
    )
    parser.add_argument("--board", default="", help="0-5 board cards, e.g. Jc9h2d")
    parser.add_argument("--dead", default="", help="cards out of the deck")
    parser.add_argument("--trials", type=int, default=None, help=f"deals to sample (1 to {MAX_TRIALS:,})")
    parser.add_argument("--seed", type=int, default=None, help="seed of the sampler")
    parser.add_argument(
        "--exact", action="store_true", help="enumerate every deal, however long it takes"
    )
    add_json_argument(parser)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Print each player's win, tie and equity (percent, or fractions in JSON)."""
    result = calculate_equity(
        args.players,
        board=args.board,
        dead=args.dead,
        trials=args.trials,
        seed=args.seed,
        exact=True if args.exact else None,
    )
    if args.json:
        print(json.dumps(result.to_dict()))
        return 0
    how = "exact" if result.exact else "sampled"
    print(f"{how}, {result.trials:,} deals")
    width = max(8, *(len(p.hand) for p in result.players))
    print(f"{'hand':<{width}}  {'win %':>8}  {'tie %':>8}  {'equity %':>9}")
    for p in result.players:
        error = "" if result.exact else f"  ±{100 * p.stderr:.3f}"
        print(
            f"{p.hand:<{width}}  {100 * p.win:8.3f}  {100 * p.tie:8.3f}  "
            f"{100 * p.equity:9.3f}{error}"
        )
    return 0
