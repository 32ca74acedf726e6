"""``pokerkit-core eval`` through the command-line entry point."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from pokerkit_core.cli import main


def test_eval_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["eval", "As Ks Qs Js Ts 9c 2d", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["category"] == "straight flush"
    assert data["best_five"] == ["As", "Ks", "Qs", "Js", "Ts"]
    assert data["description"] == "Royal flush"
    assert data["value"] == (9 << 12) + 9


def test_eval_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["eval", "Kc Kd Ks 5h 5c 2d"]) == 0
    assert capsys.readouterr().out.startswith("Full house, kings over fives")


def test_eval_bad_cards_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["eval", "As Ks Qs Js Xs"]) == 2
    err = capsys.readouterr().err
    assert "unknown rank 'X'" in err


def test_module_entry_point() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "pokerkit_core", "eval", "2c 3c 4c 5c 6c", "--json"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert json.loads(done.stdout)["description"] == "Straight flush, six-high"


def test_os_errors_are_one_line_with_status_1(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["match", "call", "call", "--hands", "2", "--log", "/no/such/dir/x.phhs"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("pokerkit-core match: error:") and "Traceback" not in err


def test_match_log_name_is_checked_before_playing(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["match", "call", "call", "--hands", "2", "--log", "out.txt"]) == 2
    assert "*.phhs" in capsys.readouterr().err


def test_replay_unreadable_file_is_not_counted_as_a_hand(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    missing = str(tmp_path / "missing.log")
    assert main(["replay", missing]) == 1
    captured = capsys.readouterr()
    assert captured.out.strip() == "0 hands: 0 ok, 0 not ok; 1 file(s) could not be read"
    assert captured.err.startswith(f"pokerkit-core replay: cannot read {missing}:")


def test_version_is_the_package_version(capsys: pytest.CaptureFixture[str]) -> None:
    import pokerkit_core

    with pytest.raises(SystemExit) as info:
        main(["--version"])
    assert info.value.code == 0
    assert capsys.readouterr().out == f"pokerkit-core {pokerkit_core.__version__}\n"


def test_match_help_shows_percent_once_and_defines_mbb(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["match", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "95% confidence" in out and "%%" not in out
    assert "milli-big-blinds per hand" in out


def test_eval_help_explains_the_value(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["eval", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "higher is better" in out and "value // 4096 is the category" in out
