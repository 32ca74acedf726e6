"""A solver node's strategy drawn as the 13x13 starting-hand grid.

Each cell (pairs on the diagonal, suited hands above it, offsuit below, as
:func:`~pokerkit_core.evaluation.ranges.grid_class` names them) is split from
left to right into one band per action, as wide as the action's frequency
over the cell's combos in the acting player's range (weighted by their range
weights); cells without combos stay grey.  Needs the ``plot`` extra
(matplotlib).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from ..ai.solver import SubgameSolver
from ..errors import InvalidConfigError, shown
from ..evaluation.ranges import GRID_SIZE, grid_class
from .plots import _figure

if TYPE_CHECKING:  # pragma: no cover
    from matplotlib.figure import Figure

__all__ = ["strategy_grid", "strategy_figure"]

_PASSIVE = {"fold": "#3d7ac9", "check": "#4caf50", "call": "#4caf50"}
_AGGRESSIVE = ("#f2a65a", "#e4572e", "#c0392b", "#8e1b10", "#5c0a04")


def strategy_grid(solver: SubgameSolver, node: int = 0) -> list[list[dict[str, float] | None]]:
    """Per grid cell, each action's frequency over the cell's combos.

    Args:
        solver: A solved (or partly solved) :class:`SubgameSolver`.
        node: A decision node's index (:meth:`SubgameSolver.node`).

    Returns:
        13 rows of 13 cells (row 0 = ace, as :func:`grid_class`): a mapping
        action label -> frequency (summing to 1), or None for a cell with no
        combo in the acting player's range.

    Raises:
        InvalidConfigError: ``solver`` is not a SubgameSolver or ``node``
            is not a decision node.
    """
    if not isinstance(solver, SubgameSolver):
        raise InvalidConfigError(f"expected a SubgameSolver, not {shown(solver)}")
    player = solver.player(node)
    strategy = solver.strategy(node)
    weights = solver.game.weights[player]
    sums: dict[tuple[int, int], dict[str, float]] = {}
    totals: dict[tuple[int, int], float] = {}
    for i, (a, b) in enumerate(solver.combos[player]):
        hi, lo = max(a.rank, b.rank), min(a.rank, b.rank)
        if hi == lo:
            cell = (12 - hi, 12 - hi)
        elif a.suit == b.suit:
            cell = (12 - hi, 12 - lo)
        else:
            cell = (12 - lo, 12 - hi)
        w = weights[i]
        totals[cell] = totals.get(cell, 0.0) + w
        row = sums.setdefault(cell, {label: 0.0 for label in strategy})
        for label, probs in strategy.items():
            row[label] += w * probs[i]
    grid: list[list[dict[str, float] | None]] = []
    for r in range(GRID_SIZE):
        line: list[dict[str, float] | None] = []
        for c in range(GRID_SIZE):
            total = totals.get((r, c), 0.0)
            line.append({k: v / total for k, v in sums[(r, c)].items()} if total > 0 else None)
        grid.append(line)
    return grid


def strategy_figure(solver: SubgameSolver, node: int = 0, *, title: str | None = None) -> Figure:
    """Draw a node's strategy as the starting-hand grid (see the module).

    Args:
        solver: The solver.
        node: A decision node's index.
        title: The title (default: the node's path and the player to act).

    Returns:
        The figure (8 x 8.4 inches at 100 dpi).

    Raises:
        InvalidConfigError: As :func:`strategy_grid`.
        MissingExtraError: matplotlib is not installed.
    """
    grid = strategy_grid(solver, node)
    labels = solver.actions(node)
    colours: dict[str, str] = {}
    aggressive = 0
    for label in labels:
        if label in _PASSIVE:
            colours[label] = _PASSIVE[label]
        else:
            colours[label] = _AGGRESSIVE[min(aggressive, len(_AGGRESSIVE) - 1)]
            aggressive += 1
    figure = _figure(8, 8.4)
    axes = figure.add_subplot()
    patches = importlib.import_module("matplotlib.patches")
    for r in range(GRID_SIZE):
        for c in range(GRID_SIZE):
            cell = grid[r][c]
            if cell is None:
                axes.add_patch(patches.Rectangle((c, r), 1, 1, facecolor="#e6e6e6", edgecolor="white"))
            else:
                x = float(c)
                for label in labels:
                    width = cell[label]
                    if width > 0:
                        axes.add_patch(patches.Rectangle((x, r), width, 1, facecolor=colours[label], linewidth=0))
                    x += width
                axes.add_patch(patches.Rectangle((c, r), 1, 1, fill=False, edgecolor="white"))
            axes.text(c + 0.5, r + 0.5, grid_class(r, c), ha="center", va="center", fontsize=7, color="#222222")
    axes.set_xlim(0, GRID_SIZE)
    axes.set_ylim(GRID_SIZE, 0)
    axes.set_aspect("equal")
    axes.set_xticks([])
    axes.set_yticks([])
    handles = [patches.Patch(facecolor=colours[label], label=label) for label in labels]
    axes.legend(handles=handles, loc="upper center", bbox_to_anchor=(0.5, -0.01), ncol=min(len(labels), 5), frameon=False)
    if title is None:
        who = "OOP" if solver.player(node) == 0 else "IP"
        path = "/".join(solver.game.path(node)) or "root"
        title = f"{' '.join(map(str, solver.spot.board))}: {path} ({who} to act)"
    axes.set_title(title)
    return figure
