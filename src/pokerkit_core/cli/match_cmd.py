"""``pokerkit-core match A B``: a heads-up match between two policies.

Example::

    pokerkit-core match hard normal --hands 10000 --seed 1 --duplicate --json
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from ..errors import PolicyError, install_hint
from ..match.runner import ISOLATED_CHUNKS_AT_ONCE, PASSES, MatchResult, run_match
from ..match.lanes import MAX_CHUNKS_AT_ONCE
from ..progress import command_line_progress
from ..units import bb_per_100, hands as count_hands
from .options import add_isolation_arguments, add_json_argument, check_writable, warn_seed_on_command_line


def register(sub: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    """Add the ``match`` subcommand."""
    parser = sub.add_parser(
        "match",
        help="play a heads-up match between two policies (ACPC format)",
        description="Play a heads-up no-limit match between two registered policies in "
        "the ACPC format (blinds 50/100, 20,000 chips reset every hand, button "
        "alternating) and report each player's result in mbb/hand (milli-big-blinds per hand: "
        "chips won per hand / big blind x 1000) with a 95% confidence interval.  "
        "See `pokerkit-core policies` for the names.",
    )
    parser.add_argument("first", help="first policy name, e.g. hard")
    parser.add_argument("second", help="second policy name, e.g. normal")
    parser.add_argument(
        "--hands",
        type=int,
        default=1000,
        help="hands to play (default 1000); with --duplicate an even number: "
        "hands/2 deals, each played twice",
    )
    parser.add_argument(
        "--seed",
        type=int,
        default=None,
        help="match seed (default: a fresh 128-bit one from the system, printed with the "
        "result; against untrusted bots use none: a command line is read by every process of "
        "the same user, the bots' included)",
    )
    parser.add_argument(
        "--duplicate",
        action="store_true",
        help="play every deal twice with the seats swapped (hands must be even)",
    )
    parser.add_argument("--workers", type=int, default=1, help="local worker processes")
    parser.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="Dask scheduler address, e.g. tcp://127.0.0.1:8786 (needs the "
        "'distributed' extra)",
    )
    add_isolation_arguments(parser)
    parser.add_argument(
        "--chunks-at-once",
        type=int,
        metavar="N",
        help="with --isolate (not --scheduler): chunks of the match played at once "
        "(by each worker), their "
        "questions to each policy process sent together (1 to "
        f"{MAX_CHUNKS_AT_ONCE}; default {ISOLATED_CHUNKS_AT_ONCE}; 1: one after the other)",
    )
    parser.add_argument(
        "--passes",
        choices=PASSES,
        help="with --isolate --duplicate: sequential (the default) ends every process of "
        "the first pass before the mirrored pass starts; concurrent plays both at once",
    )
    add_json_argument(parser)
    parser.add_argument("--log", metavar="FILE", help="write every hand to FILE as PHH (.phhs)")
    parser.add_argument(
        "--plot",
        metavar="FILE",
        help="draw the first player's running result with its 95%% band to FILE (PNG; "
        f"needs matplotlib: {install_hint('plot')})",
    )
    parser.add_argument(
        "--plot-unit",
        choices=("mbb/hand", "bb"),
        default="mbb/hand",
        help="--plot's y axis: running mean in mbb/hand (default) or cumulative big blinds",
    )
    parser.set_defaults(handler=run)


def _write_log(result: MatchResult, path: Path) -> None:
    """Write the kept hands as a PHH bulk file (needs pokerkit_core.formats)."""
    try:
        from ..formats.phh import dumps_all
        from ..formats.replay import record
    except ImportError as exc:  # pragma: no cover - the history package ships with us
        raise PolicyError(f"--log needs the PHH writer (pokerkit_core.formats): {exc}") from exc
    names = [p.name for p in result.players]
    hands = []
    for number, (state, player_at) in enumerate(zip(result.hand_states, result.seats)):
        seat_names = [names[player_at[seat]] for seat in range(len(player_at))]
        hands.append(record(state, players=seat_names, hand_id=number))
    path.write_text(dumps_all(hands), encoding="utf-8")


def run(args: argparse.Namespace) -> int:
    """Play the match and print the results (a table, or JSON with ``--json``)."""
    if args.log is not None:  # fail before the match, not after it
        log_path = Path(args.log)
        if not log_path.name.endswith(".phhs"):
            raise PolicyError(f"--log writes PHH bulk files: name it *.phhs, not {log_path.name!r}")
        with log_path.open("a", encoding="utf-8"):
            pass
    if args.plot is not None:  # no matplotlib or no writable file: say so before the match
        from ..analysis.plots import require_matplotlib

        require_matplotlib()
        check_writable(Path(args.plot), "--plot")
    warn_seed_on_command_line(args, "match")
    started = time.perf_counter()
    result = run_match(
        [args.first, args.second],
        hands=args.hands,
        seed=args.seed,
        duplicate=args.duplicate,
        workers=args.workers,
        scheduler=args.scheduler,
        keep_hands=args.log is not None or args.plot is not None,
        isolate=args.isolate,
        decision_timeout=args.decision_timeout,
        chunks_at_once=args.chunks_at_once,
        progress=command_line_progress(),
        passes=args.passes,
    )
    elapsed = time.perf_counter() - started
    if args.log is not None:
        _write_log(result, Path(args.log))
    if args.plot is not None:
        from ..analysis.plots import match_figure

        match_figure(result, unit=args.plot_unit).savefig(Path(args.plot))
    if args.json:
        doc = result.to_dict()
        doc["seconds"] = round(elapsed, 3)
        print(json.dumps(doc))
        return 0
    mode = "duplicate" if result.duplicate else "single"
    print(f"{count_hands(result.hands)} ({mode}, seed {result.seed}) in {elapsed:.1f} s")
    width = max(len(p.name) for p in result.players)
    for p in result.players:
        lo, hi = p.ci95
        print(
            f"  {p.name:<{width}}  {p.mbb_per_hand:+10.1f} mbb/hand"
            f"   95% CI [{lo:+.1f}, {hi:+.1f}]"
            f"   = {bb_per_100(p.mbb_per_hand):+.2f} bb/100 [{bb_per_100(lo):+.2f}, {bb_per_100(hi):+.2f}]"
        )
    if result.errors or any(p.errors for p in result.players):
        total = sum(p.errors for p in result.players)
        first = result.errors[0].message if result.errors else "?"
        print(f"  {total} policy error(s); first: {first}")
    if args.log is not None:
        print(f"  hands written to {args.log}")
    if args.plot is not None:
        print(f"  result drawn to {args.plot}")
    return 0
