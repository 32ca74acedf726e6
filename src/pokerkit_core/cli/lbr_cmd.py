"""``pokerkit-core lbr POLICY``: how exploitable a policy is, by local best
response (Lisý and Bowling 2017; see :mod:`pokerkit_core.ai.lbr`).

By default it runs the strongest LBR the library has: the LBR rule pre-flop
too (``--preflop lbr``) and called bets valued against the calling part of the
range (``--calling-range``); ``--preflop call --no-calling-range`` is the
paper's LBR-C.

Example::

    pokerkit-core lbr normal --hands 2000 --seed 1 --json
    pokerkit-core lbr normal --hands 2000 --seed 1 --preflop call --no-calling-range
"""

from __future__ import annotations

import argparse
import json
import time

from ..ai.lbr import PREFLOP_RULES, run_lbr
from ..progress import command_line_progress
from ..units import bb_per_100, hands as count_hands
from .options import add_json_argument


def register(sub: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    """Add the ``lbr`` subcommand."""
    parser = sub.add_parser(
        "lbr",
        help="measure how exploitable a policy is (local best response, mbb/hand)",
        description="Play the local best response of Lisý and Bowling (2017) against a "
        "registered policy in the ACPC heads-up no-limit format (20,000 chips, blinds "
        "50/100), every deal from both seats, and report what the LBR wins in mbb/hand "
        "with a 95%% confidence interval: a lower bound on how exploitable the policy is.  "
        "The default is the strongest LBR variant (--preflop lbr --calling-range); "
        "--preflop call --no-calling-range is the paper's LBR-C.  "
        "The policy is probed through action_probabilities when it has it, else by "
        "sampling fresh instances of its factory (slow; refused if it is not "
        "deterministic given its seed).",
    )
    parser.add_argument("policy", help="policy name, e.g. normal (see `pokerkit-core policies`)")
    parser.add_argument(
        "--hands", type=int, default=2000, help="hands, an even number (default 2000: 1000 deals)"
    )
    parser.add_argument(
        "--seed", type=int, default=None,
        help="seed (default: a fresh 128-bit one from the system, printed with the result)",
    )
    parser.add_argument("--workers", type=int, default=1, help="local worker processes")
    parser.add_argument(
        "--preflop",
        choices=PREFLOP_RULES,
        default="lbr",
        help="pre-flop rule: lbr (the LBR rule pre-flop too, default) or call (the paper's "
        "LBR-C: checks or calls every pre-flop decision)",
    )
    parser.add_argument(
        "--calling-range",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="value a called bet against the part of the range that calls (default; stronger "
        "than the paper's win probability against the whole range, which "
        "--no-calling-range restores)",
    )
    add_json_argument(parser)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Run the LBR and print the result (a line, or JSON with ``--json``)."""
    started = time.perf_counter()
    result = run_lbr(
        args.policy,
        hands=args.hands,
        seed=args.seed,
        workers=args.workers,
        preflop=args.preflop,
        calling_range=args.calling_range,
        progress=command_line_progress(),
    )
    elapsed = time.perf_counter() - started
    if args.json:
        doc = result.to_dict()
        doc["seconds"] = round(elapsed, 3)
        print(json.dumps(doc))
        return 0
    lo, hi = result.ci95
    variant = ", calling range" if result.calling_range else ""
    print(
        f"LBR ({result.preflop} pre-flop{variant}) wins {result.mbb_per_hand:+.1f} mbb/hand from {result.policy}"
        f"   95% CI [{lo:+.1f}, {hi:+.1f}]"
        f"   = {bb_per_100(result.mbb_per_hand):+.2f} bb/100 [{bb_per_100(lo):+.2f}, {bb_per_100(hi):+.2f}]"
    )
    print(
        f"  positive = {result.policy} is exploitable (at least by this much); "
        f"lower is better for {result.policy}"
    )
    print(
        f"  {count_hands(result.hands)} ({result.deals} deals from both seats, seed {result.seed}), "
        f"probe: {result.probe}, {elapsed:.1f} s ({1000 * elapsed / result.hands:.1f} ms/hand)"
    )
    if result.errors:
        print(f"  {result.errors} policy error(s)")
    return 0
