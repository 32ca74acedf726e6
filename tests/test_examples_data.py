"""The sample files of examples/data/ (written by tools/make_examples.py with
this library's own engine, dealer and writers) read and replay, and every
file a README command names is in the repository (no ../shared needed)."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from pokerkit_core.cli import main
from pokerkit_core.formats import acpc, phh
from pokerkit_core.formats.replay import replay, replay_acpc

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "examples" / "data"
pytestmark = pytest.mark.skipif(not DATA.exists(), reason="examples/ not beside the tests")


def test_phh_samples_replay() -> None:
    hand = phh.loads((DATA / "hand.phh").read_text(encoding="utf-8"))
    hands = phh.loads_all((DATA / "match.phhs").read_text(encoding="utf-8"))
    assert len(hands) == 20 and hand in hands
    for one in hands:
        assert replay(one).ok


def test_acpc_samples_replay_and_game_files_round_trip() -> None:
    games = sorted(DATA.glob("*.game"))
    assert len(games) == 3
    for path in games:
        text = path.read_text(encoding="utf-8")
        assert acpc.parse_game(text).format() == text
    with open(DATA / "nolimit2p.log", encoding="utf-8") as fp:
        log = acpc.load(fp)
    assert log.hands == 20 and len(log.states) == 20 and log.score is not None
    game = acpc.load_game(acpc.find_game_file(log.game_file, DATA / "nolimit2p.log"))
    for line in log.states:
        replayed = replay_acpc(line, game)
        assert replayed.ok and not replayed.notes, replayed.error


def _readme_commands() -> list[list[str]]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    commands = []
    for block in re.findall(r"```(?:sh|console|bash)\n(.*?)```", text, flags=re.S):
        for line in block.replace("\\\n", " ").splitlines():  # continued lines joined
            line = line.split("#", 1)[0].strip()
            if line.startswith("pokerkit-core "):
                commands.append(shlex.split(line)[1:])
    return commands


def test_readme_commands_name_only_files_of_the_repository() -> None:
    named = [arg for command in _readme_commands() for arg in command if re.search(r"\.(phhs?|log|game)$", arg)]
    assert named, "the README names no sample file"
    for arg in named:
        assert not arg.startswith("../") and (ROOT / arg).is_file(), arg


def test_readme_replay_commands_run(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    replays = [command for command in _readme_commands() if command[0] == "replay"]
    assert replays
    for command in replays:
        assert main(command) == 0, command
        assert " 0 not ok" in capsys.readouterr().out
