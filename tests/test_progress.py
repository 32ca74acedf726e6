"""Progress of long runs: plain lines when standard error is not a terminal,
and progress that moves while worker processes play."""

from __future__ import annotations

import io
import re
import subprocess
import sys
import types

import pytest

from pokerkit_core import progress as progress_module
from pokerkit_core.errors import InvalidConfigError
from pokerkit_core.match.runner import run_match
from pokerkit_core.progress import LINES, ProgressLines, command_line_progress, progress_bar

LINE = re.compile(r"^(.+): (\d+)% \((\d+)/(\d+) hands\), \d+\.\d s$")


def _lines(text: str) -> list[tuple[str, int, int, int]]:
    """``(desc, percent, done, total)`` of each progress line in ``text``."""
    found = []
    for line in text.splitlines():
        match = LINE.match(line)
        if match:
            desc, percent, done, total = match.groups()
            found.append((desc, int(percent), int(done), int(total)))
    return found


def test_plain_lines_at_each_tenth_and_once_at_the_end() -> None:
    out = io.StringIO()
    lines = ProgressLines(1000, "a vs b", file=out)
    for _ in range(1000):
        lines.update(1)
    lines.close()
    assert [p for _, p, _, _ in _lines(out.getvalue())] == [10, 20, 30, 40, 50, 60, 70, 80, 90, 100]
    assert out.getvalue().splitlines()[0].startswith("a vs b: 10% (100/1000 hands), ")
    # a jump over several tenths is one line; close() writes only what is new
    out = io.StringIO()
    lines = ProgressLines(10, "x", file=out)
    lines.update(7)
    lines.update(2)
    lines.close()
    lines.update(1)
    lines.close()
    assert [(p, d) for _, p, d, _ in _lines(out.getvalue())] == [(70, 7), (90, 9), (100, 10)]


def test_a_line_after_every_seconds_without_one(monkeypatch: pytest.MonkeyPatch) -> None:
    clock = [100.0]
    monkeypatch.setattr(progress_module.time, "monotonic", lambda: clock[0])
    out = io.StringIO()
    lines = ProgressLines(1000, "slow", file=out, every=30.0)
    lines.update(1)
    clock[0] += 29.0
    lines.update(1)
    assert out.getvalue() == ""  # under a tenth, under 30 s
    clock[0] += 1.0
    lines.update(1)
    assert out.getvalue() == "slow: 0% (3/1000 hands), 30.0 s\n"


def test_progress_values(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stderr", io.StringIO())  # not a terminal
    assert progress_bar(False, 10, "x") is None
    assert progress_bar(None, 10, "x") is None
    assert isinstance(progress_bar(LINES, 10, "x"), ProgressLines)
    assert command_line_progress() == LINES
    for bad in ("bar", 1, "LINES"):
        with pytest.raises(InvalidConfigError, match="progress must be True, False, None or 'lines'"):
            progress_bar(bad, 10, "x")  # type: ignore[arg-type]
    with pytest.raises(InvalidConfigError, match="progress must be"):
        run_match(["call", "call"], hands=2, progress="yes")


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    """The command line with standard error a pipe (not a terminal)."""
    return subprocess.run(
        [sys.executable, "-m", "pokerkit_core", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        check=True,
    )


def test_lbr_writes_progress_lines_when_not_on_a_terminal() -> None:
    """It wrote nothing at all to a pipe or a log."""
    done = _cli("lbr", "call", "--hands", "40", "--seed", "1")
    found = _lines(done.stderr)
    assert len(found) > 1, done.stderr
    assert found[-1] == ("lbr vs call", 100, 40, 40)
    assert [p for _, p, _, _ in found] == sorted(p for _, p, _, _ in found)
    assert "LBR (lbr pre-flop, calling range) wins " in done.stdout  # the result is on stdout, apart


def test_isolated_match_with_two_workers_reports_progress_before_the_end() -> None:
    """``match --isolate --workers 2`` stayed at 0% until the end: the
    workers' lanes returned their results (and the progress) all at once."""
    done = _cli("match", "call", "call", "--isolate", "--workers", "2", "--hands", "2000")
    found = _lines(done.stderr)
    assert found[-1] == ("call#1 vs call#2", 100, 2000, 2000), done.stderr
    before = {p for _, p, _, _ in found[:-1]}
    assert len(before) > 1 and all(0 < p < 100 for p in before), done.stderr
    assert "2000 hands (single" in done.stdout


def test_worker_processes_count_hands_as_they_play(monkeypatch: pytest.MonkeyPatch) -> None:
    """With workers (isolated lanes or not) the progress comes in small
    counts, a 1/20 of a worker's task at most, summing to the hands."""
    updates: list[int] = []

    class FakeBar:
        def __init__(self, *, total: int, **_: object) -> None:
            self.total = total

        def update(self, n: int) -> None:
            updates.append(n)

        def close(self) -> None:
            pass

    monkeypatch.setitem(sys.modules, "tqdm", types.SimpleNamespace(tqdm=FakeBar))
    run_match(["call", "call"], hands=80, seed=1, duplicate=True, chunk_deals=20,
              workers=2, isolate=True, progress=True)
    # two chunks of 20 deals (80 hands), one group per worker: 40 hands, a count per 2
    assert sum(updates) == 80 and len(updates) >= 40 and max(updates) <= 2, updates
