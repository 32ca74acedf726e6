"""Plots: the PNGs written are the size asked for and not blank, the drawn
values are the running mean and its 95% band, the grid cells are shaded by
weight; without matplotlib a clear error."""

from __future__ import annotations

import importlib
import math
import statistics
from pathlib import Path

import pytest

from pokerkit_core.cli import main
from pokerkit_core.errors import InvalidConfigError, MissingExtraError, RangeError
from pokerkit_core.match.runner import run_match
from pokerkit_core.evaluation.ranges import Range, class_grid, grid_class

matplotlib = pytest.importorskip("matplotlib")
image = pytest.importorskip("matplotlib.image")

from pokerkit_core.analysis import plots


def _png(path: Path) -> "object":
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    return image.imread(str(path))


def _not_blank(pixels: object) -> None:
    rgb = pixels[:, :, :3]  # type: ignore[index]
    assert float(rgb.std()) > 0.05  # not one flat colour
    assert len({tuple(p) for p in rgb.reshape(-1, 3)[::97].round(2).tolist()}) > 10


def test_result_figure_draws_the_running_mean_and_its_band(tmp_path: Path) -> None:
    results = [1.0, -1.0, 2.0, 0.5]
    figure = plots.result_figure(results, label="hero")
    axes = figure.axes[0]
    line = axes.lines[0].get_ydata()
    means = [1000 * statistics.fmean(results[: k + 1]) for k in range(4)]
    assert list(line) == pytest.approx(means)
    half = 1000 * 1.959964 * statistics.stdev(results) / math.sqrt(4)
    band = axes.collections[0].get_paths()[0].vertices
    at_last = [y for x, y in band if x == 4]
    assert max(at_last) == pytest.approx(means[-1] + half, rel=1e-5)
    assert min(at_last) == pytest.approx(means[-1] - half, rel=1e-5)
    assert "hero" in axes.get_title() and "+625.0 mbb/hand" in axes.get_title()
    path = tmp_path / "result.png"
    figure.savefig(path)
    pixels = _png(path)
    assert pixels.shape[:2] == (500, 1000)  # type: ignore[attr-defined]
    _not_blank(pixels)


def test_result_figure_in_big_blinds_is_the_cumulative_sum() -> None:
    figure = plots.result_figure([1.0, -1.0, 2.0], unit="bb")
    assert list(figure.axes[0].lines[0].get_ydata()) == pytest.approx([1.0, 0.0, 2.0])
    deals = plots.result_figure([1.0, 3.0], unit="bb", hands_per_unit=2)
    assert list(deals.axes[0].lines[0].get_xdata()) == [2, 4]
    assert list(deals.axes[0].lines[0].get_ydata()) == pytest.approx([2.0, 8.0])


@pytest.mark.parametrize(
    "kwargs",
    [{"unit": "chips"}, {"hands_per_unit": 0}, {"results_bb": []}, {"results_bb": [math.nan]}],
)
def test_result_figure_refuses_bad_input(kwargs: dict[str, object]) -> None:
    args: dict[str, object] = {"results_bb": [1.0]}
    args.update(kwargs)
    with pytest.raises(InvalidConfigError):
        plots.result_figure(**args)  # type: ignore[arg-type]


def test_match_units_and_figure() -> None:
    result = run_match(["call", "raise"], hands=30, seed=2, keep_hands=True)
    units = plots.match_units(result, 0)
    assert len(units) == 30
    assert sum(units) * 100 == pytest.approx(result.players[0].chips)  # big blind 100
    assert [-u for u in plots.match_units(result, 1)] == pytest.approx(units)
    figure = plots.match_figure(result)
    assert "call vs raise (30 hands)" in figure.axes[0].get_title()
    duplicate = run_match(["call", "raise"], hands=20, seed=2, duplicate=True, keep_hands=True)
    deals = plots.match_units(duplicate, 0)
    assert len(deals) == 10
    assert 1000 * statistics.fmean(deals) == pytest.approx(duplicate.players[0].mbb_per_hand)
    with pytest.raises(InvalidConfigError, match="keep_hands"):
        plots.match_units(run_match(["call", "raise"], hands=2, seed=2))


def test_grid_cells_and_their_weights() -> None:
    assert [grid_class(0, 0), grid_class(0, 1), grid_class(1, 0), grid_class(7, 8)] == [
        "AA", "AKs", "AKo", "76s",
    ]
    grid = class_grid(Range.parse("QQ+, AKs, 76s-54s, AKo:0.5, AhQd"))
    assert grid[0][0] == grid[2][2] == grid[0][1] == grid[7][8] == grid[9][10] == 1.0
    assert grid[1][0] == 0.5 and grid[2][0] == pytest.approx(1 / 12) and grid[3][3] == 0.0
    assert sum(map(sum, grid)) == pytest.approx(7 + 0.5 + 1 / 12)
    with pytest.raises(RangeError):
        grid_class(13, 0)


def test_range_figure_png_shades_the_cells(tmp_path: Path) -> None:
    path = tmp_path / "grid.png"
    plots.range_figure("QQ+, AKs, 76s-54s").savefig(path)
    pixels = _png(path)
    height, width = pixels.shape[:2]  # type: ignore[attr-defined]
    assert (height, width) == (740, 700)
    _not_blank(pixels)
    axes_box = plots.range_figure("QQ+").axes[0]
    assert "QQ+: 18 combos (1.4%)" in axes_box.get_title()


def test_range_figure_colours_cells_by_weight() -> None:
    figure = plots.range_figure("AA, KQs:0.5")
    figure.canvas.draw()
    rgba = figure.canvas.buffer_rgba()
    import numpy as np

    pixels = np.asarray(rgba)[:, :, :3].astype(int)
    axes = figure.axes[0]

    def colour(row: int, column: int) -> "np.ndarray":
        # a point a third of a cell off the centre, away from the labels
        x, y = axes.transData.transform((column - 0.33, row - 0.33))
        return pixels[int(pixels.shape[0] - y), int(x)]

    full, half, empty = colour(0, 0), colour(1, 2), colour(12, 12)
    assert full[0] > 150 and full[1] < 100  # red
    assert tuple(empty) == pytest.approx((244, 244, 244), abs=3)  # background grey
    assert full[1] < half[1] < empty[1]  # paler with less weight


def test_match_and_range_commands_write_pngs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    graph, grid = tmp_path / "graph.png", tmp_path / "grid.png"
    assert main(["match", "call", "raise", "--hands", "40", "--plot", str(graph)]) == 0
    assert "result drawn to" in capsys.readouterr().out
    _not_blank(_png(graph))
    assert main(["range", "QQ+, AKs, 76s-54s", "--plot", str(grid)]) == 0
    out = capsys.readouterr().out
    assert "34 combos" in out and "grid drawn to" in out
    assert out.splitlines()[2].split() == ["A", "100", "100"] + ["."] * 11
    _not_blank(_png(grid))


def test_without_matplotlib_a_clear_error(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    real = importlib.import_module

    def no_matplotlib(name: str, package: str | None = None) -> object:
        if name.startswith("matplotlib"):
            raise ModuleNotFoundError(f"No module named {name!r}")
        return real(name, package)

    monkeypatch.setattr(importlib, "import_module", no_matplotlib)
    with pytest.raises(MissingExtraError, match=r'pip install "pokerkit_core\[plot\]"') as info:
        plots.range_figure("AA")
    assert isinstance(info.value, ImportError) and info.value.package == "matplotlib"
    # both forms: the package's, and the one that works in a source checkout
    assert str(info.value) == (
        'plotting needs matplotlib: pip install "pokerkit_core[plot]" '
        '(from a source checkout: pip install ".[plot]")'
    )
    status = main(["match", "call", "raise", "--hands", "10", "--plot", str(tmp_path / "g.png")])
    err = capsys.readouterr().err
    assert status == 2 and 'pip install "pokerkit_core[plot]"' in err and 'pip install ".[plot]"' in err
    assert not (tmp_path / "g.png").exists()


def test_a_plot_file_that_cannot_be_written_fails_before_the_match(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    played: list[object] = []
    monkeypatch.setattr("pokerkit_core.cli.match_cmd.run_match", lambda *a, **k: played.append(a))
    missing = tmp_path / "no such folder" / "g.png"
    status = main(["match", "call", "raise", "--hands", "10", "--plot", str(missing)])
    captured = capsys.readouterr()
    assert status == 1 and played == [] and captured.out == ""
    assert f"--plot {missing}: the folder {missing.parent} does not exist" in captured.err
