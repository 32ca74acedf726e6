"""``pokerkit-core range TEXT [--json] [--plot grid.png]``: a range's combos and grid.

Example::

    pokerkit-core range "QQ+, AKs, 76s-54s" --plot grid.png

Prints the number of combos (and their share of the 1,326 two-card combos)
and the 13x13 starting-hand grid: pairs on the diagonal, suited hands above,
offsuit below, each cell the percentage of its combos the range holds
(``.`` for none).  ``--plot`` draws the grid as a PNG (needs the ``plot``
extra, matplotlib).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from ..evaluation.ranges import GRID_SIZE, Range, class_grid, grid_class
from .options import add_json_argument

_ALL_COMBOS = 1326
"""Two-card combos of a 52-card deck (52 * 51 / 2)."""


def register(sub: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    """Add the ``range`` subcommand."""
    parser = sub.add_parser(
        "range",
        help="show a hand range as a combo count and the 13x13 grid (text or PNG)",
        description="Parse a range such as \"QQ+, AKs, 76s-54s, AKo:0.5\" and print its "
        "combo count and its 13x13 starting-hand grid (pairs on the diagonal, suited "
        "above, offsuit below; each cell the percentage of its combos held).",
    )
    parser.add_argument("range", metavar="TEXT", help='the range, e.g. "QQ+, AKs, 76s-54s"')
    add_json_argument(parser)
    parser.add_argument(
        "--plot", metavar="FILE", help="also draw the grid to FILE (PNG; needs matplotlib)"
    )
    parser.set_defaults(handler=run)


def _cell(value: float) -> str:
    if value <= 0:
        return "."
    return f"{100 * value:.0f}" if value < 1 else "100"


def run(args: argparse.Namespace) -> int:
    """Print the range (and draw it with ``--plot``)."""
    rng = Range.parse(args.range)
    grid = class_grid(rng)
    top = max(1.0, max(rng.weights))
    weighted = sum(w / top for w in rng.weights)
    if args.plot is not None:
        from ..analysis.plots import range_figure

        range_figure(rng).savefig(Path(args.plot))
    if args.json:
        doc = {
            "range": rng.text,
            "combos": len(rng),
            "weighted_combos": weighted,
            "percent": 100 * weighted / _ALL_COMBOS,
            "grid": {
                grid_class(r, c): grid[r][c]
                for r in range(GRID_SIZE)
                for c in range(GRID_SIZE)
                if grid[r][c] > 0
            },
        }
        print(json.dumps(doc))
        return 0
    print(
        f"{rng.text}: {len(rng)} combos, {weighted:g} weighted "
        f"({100 * weighted / _ALL_COMBOS:.1f}% of {_ALL_COMBOS})"
    )
    ranks = "".join(grid_class(k, k)[0] for k in range(GRID_SIZE))
    print("    " + "".join(f"{r:>4}" for r in ranks))
    for r in range(GRID_SIZE):
        print(f"{ranks[r]:>4}" + "".join(f"{_cell(grid[r][c]):>4}" for c in range(GRID_SIZE)))
    if args.plot is not None:
        print(f"grid drawn to {args.plot}")
    return 0
