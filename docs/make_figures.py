"""Draw the documentation's two pictures into docs/_static/ (needs matplotlib).

* ``match_graph.png``: ``pokerkit-core match normal easy --hands 4000 --seed 1
  --duplicate --plot ...`` (the running result of ``normal`` in mbb/hand with
  its 95% band);
* ``range_grid.png``: ``pokerkit-core range "QQ+, AKs, AQs:0.5, 76s-54s, AKo"
  --plot ...`` (the 13x13 starting-hand grid).

Run from the repository root after a change to the plots or the AIs:
``python docs/make_figures.py``; commit the two PNGs.
"""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

from pokerkit_core.cli import main

STATIC = Path(__file__).resolve().parent / "_static"
MATCH = ["match", "normal", "easy", "--hands", "4000", "--seed", "1", "--duplicate"]
RANGE = "QQ+, AKs, AQs:0.5, 76s-54s, AKo"


def draw() -> None:
    """Write both pictures (and print the commands' own output)."""
    STATIC.mkdir(exist_ok=True)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main([*MATCH, "--plot", str(STATIC / "match_graph.png")]) == 0
        assert main(["range", RANGE, "--plot", str(STATIC / "range_grid.png")]) == 0
    print(out.getvalue(), end="")


if __name__ == "__main__":
    draw()
