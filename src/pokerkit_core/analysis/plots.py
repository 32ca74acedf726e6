"""Plots: a match's running result with its 95% band, a range's 13x13 grid.

Needs matplotlib, the optional extra ``plot`` (``pip install
"pokerkit_core[plot]"``; from a source checkout ``pip install ".[plot]"``).  matplotlib is imported only when a plot is drawn,
so the rest of the library never pays for it; the figures are plain
:class:`matplotlib.figure.Figure` objects on the Agg (PNG) canvas, never
pyplot windows, so they work on servers and in worker processes.  Save one
with ``figure.savefig("graph.png")``.

* :func:`result_figure`: one player's result hand by hand, as a running mean
  in mbb/hand (or the cumulative sum in big blinds), with the 95% band of the
  normal approximation (``mean +- 1.96 s / sqrt(n)``, as
  :func:`~pokerkit_core.match.runner.run_match` reports it).
* :func:`match_figure`: the same for a :class:`~pokerkit_core.match.runner.MatchResult`
  played with ``keep_hands=True`` (deals in duplicate mode).
* :func:`range_figure`: the starting-hand grid of a
  :class:`~pokerkit_core.evaluation.ranges.Range` (:func:`~pokerkit_core.evaluation.ranges.class_grid`),
  each cell shaded by its weight.

References:
    docs/rules.rst section 4 (mbb/hand); the match documentation page (95% interval).
"""

from __future__ import annotations

import importlib
import math
import statistics
from typing import TYPE_CHECKING, Any, Sequence

from ..errors import InvalidConfigError, MissingExtraError, RangeError, shown
from ..evaluation.ranges import GRID_SIZE, Range, class_grid, grid_class

if TYPE_CHECKING:  # pragma: no cover
    from matplotlib.figure import Figure

    from ..match.runner import MatchResult

__all__ = ["UNITS", "require_matplotlib", "result_figure", "match_figure", "range_figure", "match_units"]

UNITS: tuple[str, ...] = ("mbb/hand", "bb")
"""The units :func:`result_figure` draws: running mean in milli-big-blinds
per hand, or cumulative result in big blinds."""

_Z95 = statistics.NormalDist().inv_cdf(0.975)
_LINE, _BAND, _CELL = "#1f5fa8", "#9ec3ea", "#c0392b"


def require_matplotlib() -> None:
    """Check that plots can be drawn (before a long run whose end is a plot).

    Raises:
        MissingExtraError: matplotlib is not installed; the message says
            how to install it (:func:`~pokerkit_core.errors.install_hint`).
    """
    _matplotlib()


def _matplotlib() -> tuple[Any, Any]:
    """The ``matplotlib.figure`` and Agg backend modules, imported lazily."""
    try:
        return (
            importlib.import_module("matplotlib.figure"),
            importlib.import_module("matplotlib.backends.backend_agg"),
        )
    except ImportError as exc:
        raise MissingExtraError("matplotlib", "plot", "plotting") from exc


def _figure(width: float, height: float) -> Figure:
    """A new Figure on the Agg canvas (matplotlib imported here, lazily)."""
    figure_module, agg = _matplotlib()
    figure: Figure = figure_module.Figure(figsize=(width, height), dpi=100, layout="constrained")
    agg.FigureCanvasAgg(figure)
    return figure


def _bands(values: Sequence[float], unit: str) -> tuple[list[float], list[float], list[float]]:
    """The line and its 95% band after each hand (Welford's running variance)."""
    line: list[float] = []
    low: list[float] = []
    high: list[float] = []
    mean = m2 = 0.0
    for n, x in enumerate(values, start=1):
        delta = x - mean
        mean += delta / n
        m2 += delta * (x - mean)
        sd = math.sqrt(m2 / (n - 1)) if n > 1 else 0.0
        if unit == "bb":
            centre, half = mean * n, _Z95 * sd * math.sqrt(n)
        else:
            centre, half = 1000 * mean, 1000 * _Z95 * sd / math.sqrt(n)
        line.append(centre)
        low.append(centre - half)
        high.append(centre + half)
    return line, low, high


def result_figure(
    results_bb: Sequence[float],
    *,
    unit: str = "mbb/hand",
    label: str = "",
    title: str | None = None,
    hands_per_unit: int = 1,
) -> Figure:
    """Draw one player's result over a run of hands, with its 95% band.

    Args:
        results_bb: The player's net result of each unit (a hand, or a deal
            of ``hands_per_unit`` hands), big blinds per hand, in order.
        unit: ``"mbb/hand"`` (running mean, milli-big-blinds per hand) or
            ``"bb"`` (cumulative big blinds; a deal's result counts
            ``hands_per_unit`` times).
        label: The player's name for the legend.
        title: The figure title (default: the final figure and interval).
        hands_per_unit: Hands per unit (2 for duplicate deals): the x axis
            counts hands.

    Returns:
        The figure (10 x 5 inches at 100 dpi).

    Raises:
        InvalidConfigError: No results, a result that is not a finite
            number, an unknown ``unit`` or a ``hands_per_unit`` below 1.
        MissingExtraError: matplotlib is not installed.
    """
    if unit not in UNITS:
        raise InvalidConfigError(f"unit must be one of {UNITS}, not {shown(unit)}")
    if hands_per_unit.__class__ is not int or hands_per_unit < 1:
        raise InvalidConfigError(f"hands_per_unit must be an int >= 1, not {shown(hands_per_unit)}")
    try:
        values = [float(v) * (hands_per_unit if unit == "bb" else 1) for v in results_bb]
    except (TypeError, ValueError):
        raise InvalidConfigError("results_bb must be numbers (big blinds per hand)") from None
    if not values or not all(map(math.isfinite, values)):
        raise InvalidConfigError("results_bb needs at least one finite result")
    line, low, high = _bands(values, unit)
    figure = _figure(10, 5)
    axes = figure.add_subplot()
    hands = [hands_per_unit * (k + 1) for k in range(len(values))]
    axes.fill_between(hands, low, high, color=_BAND, alpha=0.6, linewidth=0, label="95% interval")
    axes.plot(hands, line, color=_LINE, linewidth=1.6, label=label or "result")
    axes.axhline(0.0, color="black", linewidth=0.8)
    axes.set_xlabel("hands")
    axes.set_ylabel("mean result, mbb/hand" if unit == "mbb/hand" else "cumulative result, big blinds")
    axes.set_xlim(hands[0], hands[-1])
    if len(values) > 1:  # the first hands' band is wide: scale to the last half
        tail = slice(len(values) // 2, None)
        top, bottom = max(high[tail] + line[tail]), min(low[tail] + line[tail])
        pad = 0.15 * (top - bottom or 1.0)
        axes.set_ylim(bottom - pad, top + pad)
    axes.grid(True, alpha=0.3)
    axes.legend(loc="upper left")
    if title is None:
        name = f"{label}: " if label else ""
        what = "mbb/hand" if unit == "mbb/hand" else "bb"
        title = f"{name}{line[-1]:+.1f} {what} after {hands[-1]} hands, 95% [{low[-1]:+.1f}, {high[-1]:+.1f}]"
    axes.set_title(title)
    return figure


def match_units(result: MatchResult, player: int = 0) -> list[float]:
    """One player's result of each unit of a match, big blinds per hand.

    Args:
        result: A match played with ``keep_hands=True``.
        player: 0 or 1, in the order the players were given.

    Returns:
        Per hand (per deal in duplicate mode, the mean of its two hands), in
        order.

    Raises:
        InvalidConfigError: The match kept no hands, or ``player`` is not 0 or 1.
    """
    if player not in (0, 1) or player.__class__ is not int:
        raise InvalidConfigError(f"player must be 0 or 1, not {shown(player)}")
    if not result.hand_states:
        raise InvalidConfigError("the match kept no hands: run it with keep_hands=True")
    per_hand = []
    for state, player_at in zip(result.hand_states, result.seats):
        seat = player_at.index(player)
        per_hand.append((state.stacks[seat] - state.config.stacks[seat]) / state.config.big_blind)
    if not result.duplicate:
        return per_hand
    return [(a + b) / 2 for a, b in zip(per_hand[0::2], per_hand[1::2])]


def match_figure(result: MatchResult, *, unit: str = "mbb/hand", player: int = 0) -> Figure:
    """Draw a match's running result (one player's; heads-up the other's is its opposite).

    Args:
        result: A match played with ``keep_hands=True``
            (``pokerkit-core match ... --plot graph.png`` keeps them).
        unit: ``"mbb/hand"`` or ``"bb"`` (see :func:`result_figure`).
        player: Whose result, 0 or 1 in the order given to the match.

    Returns:
        The figure, titled with both names and the final result.

    Raises:
        InvalidConfigError: As :func:`match_units` and :func:`result_figure`.
        MissingExtraError: matplotlib is not installed.
    """
    units = match_units(result, player)
    per_unit = 2 if result.duplicate else 1
    me, other = result.players[player].name, result.players[1 - player].name
    line, low, high = _bands(units, "mbb/hand")
    mode = ", duplicate" if result.duplicate else ""
    title = (
        f"{me} vs {other} ({result.hands} hands{mode}): {line[-1]:+.1f} mbb/hand, "
        f"95% [{low[-1]:+.1f}, {high[-1]:+.1f}]"
    )
    return result_figure(units, unit=unit, label=me, title=title, hands_per_unit=per_unit)


def range_figure(rng: Range | str, *, title: str | None = None) -> Figure:
    """Draw a range as the 13x13 starting-hand grid, each cell shaded by weight.

    Pairs on the diagonal, suited hands above it, offsuit below
    (:func:`~pokerkit_core.evaluation.ranges.grid_class`); a cell's shade and number are
    the share of its combos the range holds
    (:func:`~pokerkit_core.evaluation.ranges.class_grid`).

    Args:
        rng: A :class:`~pokerkit_core.evaluation.ranges.Range` or its text
            (``"QQ+, AKs, 76s-54s"``).
        title: The title (default: the range's text, combo count and share
            of the 1,326 combos).

    Returns:
        The figure (7 x 7.4 inches at 100 dpi).

    Raises:
        RangeError: ``rng`` is neither a Range nor readable range text.
        MissingExtraError: matplotlib is not installed.
    """
    if isinstance(rng, str):
        rng = Range.parse(rng)
    if not isinstance(rng, Range):
        raise RangeError(f"range_figure() needs a Range or its text, not {shown(rng)}")
    grid = class_grid(rng)
    figure = _figure(7, 7.4)
    axes = figure.add_subplot()
    colours = importlib.import_module("matplotlib.colors")
    cmap = colours.LinearSegmentedColormap.from_list("weight", ["#f4f4f4", _CELL])
    axes.imshow(grid, cmap=cmap, vmin=0.0, vmax=1.0)
    for row in range(GRID_SIZE):
        for column in range(GRID_SIZE):
            value = grid[row][column]
            dark = value > 0.55
            axes.text(
                column, row - 0.12, grid_class(row, column), ha="center", va="center",
                fontsize=8, color="white" if dark else "#333333",
                fontweight="bold" if value > 0 else "normal",
            )
            if 0 < value < 1:
                axes.text(
                    column, row + 0.25, f"{value:.2f}".lstrip("0"), ha="center", va="center",
                    fontsize=6, color="white" if dark else "#333333",
                )
    axes.set_xticks([])
    axes.set_yticks([])
    for edge in range(GRID_SIZE + 1):
        axes.axhline(edge - 0.5, color="white", linewidth=1)
        axes.axvline(edge - 0.5, color="white", linewidth=1)
    if title is None:
        top = max(1.0, max(rng.weights))
        combos = sum(w / top for w in rng.weights)
        text = rng.text or f"{len(rng)} combos"
        title = f"{text}: {combos:g} combos ({100 * combos / 1326:.1f}%)"
    axes.set_title(title)
    return figure
