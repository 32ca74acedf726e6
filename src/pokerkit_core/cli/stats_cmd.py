"""``pokerkit-core stats FILE... [--player NAME] [--json]``: player statistics.

Reads PHH (``.phh``), bulk PHH (``.phhs``, also match logs written by
``pokerkit-core match --log``), ACPC dealer logs (``.log``) and online rooms'
hand histories (any other file: PokerStars, GGPoker, Winamax, ...; the hold'em
hands that replay to the room's summary, results after rake) and prints each
player's VPIP, PFR, 3-bet, fold to 3-bet, continuation bet, fold to
continuation bet, aggression factor, went to showdown, won at showdown and
net result in bb/100 and mbb/hand with its 95% interval (definitions: :mod:`pokerkit_core.analysis.stats`
and the documentation's statistics page).

Example::

    pokerkit-core stats match.phhs --player hard --json
"""

from __future__ import annotations

import argparse
import json
from itertools import chain
from pathlib import Path
from typing import Callable, Iterator

from ..formats.model import HandHistory
from ..analysis.stats import STAT_NAMES, PlayerStats, Ratio, player_stats, read_hands
from ..units import mbb_per_hand, hands as count_hands
from .options import add_json_argument, printable

_HEADERS = ("VPIP", "PFR", "3bet", "F3bet", "Cbet", "FCbet", "WTSD", "W$SD")


def register(sub: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    """Add the ``stats`` subcommand."""
    parser = sub.add_parser(
        "stats",
        help="player statistics (VPIP, PFR, 3-bet, ..., bb/100) of hand histories",
        description="Count each player's VPIP, PFR, 3-bet, fold to 3-bet, continuation "
        "bet, fold to continuation bet, aggression factor, went to showdown, won at "
        "showdown and net result (bb/100, 95%% interval, net of rake) over PHH (.phh, .phhs, "
        "match logs), ACPC dealer logs (.log) and online rooms' hand histories.  Percentages; each count over its "
        "opportunities with --json.",
    )
    parser.add_argument(
        "files", nargs="+", metavar="FILE",
        help=".phh, .phhs or .log files, or online rooms' hand histories (results net of rake)",
    )
    parser.add_argument(
        "--player", action="append", metavar="NAME", help="only this player (repeatable)"
    )
    add_json_argument(parser)
    parser.set_defaults(handler=run)


def _percent(ratio: Ratio) -> str:
    value = ratio.percent
    return "-" if value is None else f"{value:.1f}"


def _rate(value: float | None, ci95: tuple[float, float] | None, unit: Callable[[float], float]) -> str:
    """A win rate in bb/100 and its interval, in ``unit``, or ``-``."""
    if value is None:
        return "-"
    if ci95 is None:
        return f"{unit(value):+.1f}"
    return f"{unit(value):+.1f} [{unit(ci95[0]):+.1f}, {unit(ci95[1]):+.1f}]"


def _row(stats: PlayerStats) -> list[str]:
    af = stats.aggression_factor
    return [
        printable(stats.player),
        str(stats.hands),
        *(_percent(getattr(stats, name)) for name in STAT_NAMES),
        "-" if af is None else f"{af:.2f}",
        _rate(stats.bb_per_100, stats.ci95, float),
        _rate(stats.bb_per_100, stats.ci95, mbb_per_hand),
    ]


def run(args: argparse.Namespace) -> int:
    """Read the files and print the statistics (a table, or JSON with ``--json``)."""
    counted = 0

    def hands() -> Iterator[HandHistory]:
        nonlocal counted
        for hand in chain.from_iterable(read_hands(Path(f)) for f in args.files):
            counted += 1
            yield hand

    rows = player_stats(hands(), players=args.player)
    if args.json:
        doc = {"hands": counted, "files": list(args.files), "players": [s.to_dict() for s in rows]}
        print(json.dumps(doc))
        return 0
    table = [["player", "hands", *_HEADERS, "AF", "bb/100 [95% CI]", "mbb/hand [95% CI]"]]
    table += [_row(s) for s in rows]
    widths = [max(len(line[k]) for line in table) for k in range(len(table[0]))]
    print(f"{count_hands(counted)} from {len(args.files)} file(s)")
    for line in table:
        cells = [line[0].ljust(widths[0])]
        cells += [cell.rjust(width) for cell, width in zip(line[1:-1], widths[1:-1])]
        cells.append(line[-1])
        print("  ".join(cells).rstrip())
    return 0
