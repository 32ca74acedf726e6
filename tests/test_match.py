"""The match runner (pokerkit_core.match.runner) and the match/policies commands."""

from __future__ import annotations

import json
import sys

import pytest

from pokerkit_core.engine.actions import Action, Raise
from pokerkit_core.cli import main
from pokerkit_core.errors import InvalidConfigError, PolicyError
from pokerkit_core.match.runner import MatchResult, run_match, play_hand
from pokerkit_core.engine.observation import Observation
from pokerkit_core.ai.policies.baselines import AlwaysCall
from pokerkit_core.engine.rules import GameConfig


class Crasher:
    """Raises on every decision (and in its hooks)."""

    name = "crasher"

    def __init__(self, *, seed: int | None = None) -> None:
        pass

    def decide(self, observation: Observation) -> Action:
        raise RuntimeError("boom")

    def hand_ended(self, observation: Observation, results: object) -> None:
        raise ValueError("hook broke")


class Cheater:
    """Always tries to raise to 1 chip (never legal), or returns junk."""

    name = "cheater"

    def __init__(self, *, seed: int | None = None) -> None:
        self.turn = 0

    def decide(self, observation: Observation) -> Action:
        self.turn += 1
        if self.turn % 2:
            return Raise(1)
        return "call"  # type: ignore[return-value]


def _same(a: MatchResult, b: MatchResult) -> bool:
    return a.players == b.players and a.errors == b.errors and a.hands == b.hands


def test_result_shape_and_zero_sum() -> None:
    result = run_match(["call", "raise"], hands=40, seed=2)
    assert result.hands == 40 and result.deals == 40 and not result.duplicate
    first, second = result.players
    assert (first.name, second.name) == ("call", "raise")
    assert first.chips == -second.chips
    assert first.mbb_per_hand == pytest.approx(first.chips / 100 * 1000 / 40)
    assert first.ci95[0] <= first.mbb_per_hand <= first.ci95[1]
    assert second.ci95 == pytest.approx((-first.ci95[1], -first.ci95[0]))
    doc = json.loads(json.dumps(result.to_dict()))
    assert doc["hands"] == 40 and [p["name"] for p in doc["players"]] == ["call", "raise"]
    assert doc["errors"] == []


def test_same_seed_same_result_with_one_and_two_workers() -> None:
    kwargs = dict(hands=60, seed=7, duplicate=True, chunk_deals=10)
    one = run_match(["hard", "normal"], workers=1, **kwargs)  # type: ignore[arg-type]
    two = run_match(["hard", "normal"], workers=2, **kwargs)  # type: ignore[arg-type]
    assert _same(one, two)
    other = run_match(["hard", "normal"], workers=1, hands=60, seed=8, duplicate=True, chunk_deals=10)
    assert other.players != one.players


def test_same_seed_same_result_twice() -> None:
    a = run_match(["easy", "normal"], hands=50, seed=3, chunk_deals=7)
    b = run_match(["easy", "normal"], hands=50, seed=3, chunk_deals=7)
    assert _same(a, b)


def test_misbehaving_policies_are_recorded_and_folded() -> None:
    result = run_match([Crasher, "call"], hands=10, seed=1)
    crasher, caller = result.players
    assert crasher.name == "crasher" and crasher.errors > 0 and caller.errors == 0
    decide_faults = [e for e in result.errors if e.substitute]
    hook_faults = [e for e in result.errors if not e.substitute]
    assert decide_faults and all("boom" in e.message for e in decide_faults)
    assert len(hook_faults) == 10 and all("hook broke" in e.message for e in hook_faults)
    assert {e.substitute for e in decide_faults} <= {"fold", "check"}
    # Folding (or checking) every hand can only lose chips.
    assert crasher.chips < 0
    assert all(e.player == 0 and e.name == "crasher" for e in result.errors)

    cheats = run_match([Cheater, AlwaysCall], hands=10, seed=1)
    assert cheats.players[0].errors > 0
    messages = " ".join(e.message for e in cheats.errors)
    assert "illegal action" in messages and "not an Action" in messages


def test_play_hand_substitutes_check_when_free() -> None:
    faults: list[tuple[int, str, str]] = []
    config = GameConfig.acpc_heads_up(button=0)
    state = play_hand(config, (AlwaysCall(), Crasher()), seed=5, on_fault=lambda *f: faults.append(f))
    assert state.is_over
    # The big blind (seat 1) crashes facing a limp: it checks, it does not fold.
    assert faults[0][0] == 1 and faults[0][2] == "check"


def test_duplicate_mode_replays_each_deal_with_seats_swapped() -> None:
    result = run_match(["easy", "random"], hands=8, seed=4, duplicate=True, keep_hands=True)
    assert result.deals == 4 and len(result.hand_states) == 8
    for i in range(0, 8, 2):
        a, b = result.hand_states[i], result.hand_states[i + 1]
        assert result.seats[i] == (0, 1) and result.seats[i + 1] == (1, 0)
        assert a.hole_cards == b.hole_cards  # same cards in the same seats
        assert a.config.button == b.config.button
    # A deterministic policy against itself breaks exactly even in duplicate.
    mirror = run_match(["call", "raise"], hands=20, seed=4, duplicate=True)
    assert mirror.players[0].chips == 0
    assert mirror.players[0].name == "call"


def test_button_alternates_every_hand() -> None:
    result = run_match(["call", "call"], hands=6, seed=1, keep_hands=True)
    assert [s.config.button for s in result.hand_states] == [0, 1, 0, 1, 0, 1]
    assert [p.name for p in result.players] == ["call#1", "call#2"]
    assert all(s.config.stacks == (20_000, 20_000) for s in result.hand_states)


def test_bad_arguments() -> None:
    with pytest.raises(InvalidConfigError):
        run_match(["call"], hands=10)
    with pytest.raises(InvalidConfigError):
        run_match(["call", "call"], hands=0)
    with pytest.raises(InvalidConfigError):
        run_match(["call", "call"], hands=3, duplicate=True)
    with pytest.raises(InvalidConfigError):
        run_match(["call", "call"], config=GameConfig.no_limit(players=3))
    with pytest.raises(PolicyError):
        run_match(["call", "no-such-bot"], hands=2)


def test_dask_cluster_gives_the_same_result() -> None:
    distributed = pytest.importorskip("distributed", reason="dask.distributed not installed")
    cluster = distributed.LocalCluster(
        n_workers=1, threads_per_worker=2, processes=False, dashboard_address=":0"
    )
    try:
        kwargs = dict(hands=40, seed=5, duplicate=True, chunk_deals=5)
        local = run_match(["normal", "easy"], **kwargs)  # type: ignore[arg-type]
        remote = run_match(["normal", "easy"], scheduler=cluster.scheduler_address, **kwargs)  # type: ignore[arg-type]
    finally:
        cluster.close()
    assert _same(local, remote)


def test_match_command_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["match", "call", "raise", "--hands", "20", "--seed", "3", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["hands"] == 20
    assert [p["name"] for p in doc["players"]] == ["call", "raise"]
    assert len(doc["players"][0]["ci95"]) == 2
    assert doc["errors"] == []


def test_match_command_text_and_log(capsys: pytest.CaptureFixture[str], tmp_path: object) -> None:
    from pathlib import Path

    log = Path(str(tmp_path)) / "match.phhs"
    assert main(["match", "easy", "normal", "--hands", "4", "--duplicate", "--log", str(log)]) == 0
    out = capsys.readouterr().out
    assert "4 hands (duplicate" in out and "mbb/hand" in out
    from pokerkit_core.formats.phh import read_file

    hands = read_file(log)
    assert len(hands) == 4
    assert set(hands[0].players) == {"easy", "normal"}


def test_policies_command_lists_built_ins(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["policies"]) == 0
    out = capsys.readouterr().out
    for name in ("easy", "normal", "hard", "random", "call", "raise"):
        assert any(line.split()[0] == name for line in out.splitlines())
    assert main(["policies", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert {"easy", "hard"} <= {p["name"] for p in doc["policies"]}


def test_unknown_policy_in_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["match", "call", "nobody", "--hands", "2"]) == 2
    assert "no policy named 'nobody'" in capsys.readouterr().err


def test_progress_bar_only_when_asked(capsys: pytest.CaptureFixture[str]) -> None:
    run_match(["call", "call"], hands=4, seed=1, progress=True)
    assert "4/4" in capsys.readouterr().err
    run_match(["call", "call"], hands=4, seed=1)  # stderr is not a terminal here
    assert capsys.readouterr().err == ""


def test_unpicklable_factory_is_refused_for_workers() -> None:
    with pytest.raises(PolicyError, match="module level"):
        run_match([lambda seed=None: AlwaysCall(), "call"], hands=4, workers=2)


def test_progress_bar_moves_after_every_deal_in_process(monkeypatch: pytest.MonkeyPatch) -> None:
    """In one process the bar moves deal by deal (the quick-start match of
    2,000 hands is two 500-deal chunks: it used to show 0%, 50%, 100%); with
    worker processes too (each counts its hands into a queue: it used to
    move a chunk at a time); it ends at the hand count."""
    import types

    updates: list[int] = []

    class FakeBar:
        def __init__(self, *, total: int, **_: object) -> None:
            self.total = total

        def update(self, n: int) -> None:
            updates.append(n)

        def close(self) -> None:
            pass

    monkeypatch.setitem(sys.modules, "tqdm", types.SimpleNamespace(tqdm=FakeBar))
    run_match(["call", "call"], hands=40, seed=1, duplicate=True, chunk_deals=8, progress=True)
    assert updates == [1] * 40  # each hand of the 3 chunks
    updates.clear()
    run_match(["call", "call"], hands=12, seed=1, chunk_deals=5, workers=2, progress=True)
    assert updates == [1] * 12  # chunks of 5, 5 and 2 hands: each hand sent on its own
    updates.clear()
    run_match(["call", "call"], hands=400, seed=1, chunk_deals=100, workers=2, progress=True)
    # a worker sends its count each 1/20 of a chunk (5 hands): never a whole chunk at once
    assert sum(updates) == 400 and len(updates) >= 80 and max(updates) <= 5


def test_deck_shuffle_is_random_shuffle_step_for_step() -> None:
    import random

    from pokerkit_core.match.chunks import shuffle_codes as _shuffle

    for seed in range(300):
        size = 1 + seed % 52
        ours, theirs = list(range(size)), list(range(size))
        mine, stdlib = random.Random(seed), random.Random(seed)
        _shuffle(mine, ours)
        stdlib.shuffle(theirs)
        assert ours == theirs
        assert mine.getrandbits(32) == stdlib.getrandbits(32)  # the same draws


@pytest.mark.parametrize(
    ("pair", "duplicate", "chips"),
    [
        (["random", "call"], False, 8_720),
        (["random", "call"], True, -42_189),
        (["normal", "easy"], False, 2_476),
        (["normal", "easy"], True, 3_025),
    ],
)
def test_a_seed_gives_the_results_it_always_gave(pair: list[str], duplicate: bool, chips: int) -> None:
    # figures of the match runner since seeds are derived one-way (seeding.derive);
    # the fast paths (observe, the driver, the decks) left them unchanged
    result = run_match(pair, hands=200, seed=7, duplicate=duplicate)
    assert [p.chips for p in result.players] == [chips, -chips]
    assert [p.errors for p in result.players] == [0, 0]


def test_match_command_prints_mbb_per_hand_and_bb_per_100(capsys: pytest.CaptureFixture[str]) -> None:
    """Both units on each player's line (it printed only mbb/hand, and
    ``stats`` only bb/100): bb/100 is mbb/hand / 10."""
    import re

    assert main(["match", "call", "raise", "--hands", "20", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    expected = run_match(["call", "raise"], hands=20, seed=3)
    number = r"([+-]\d+\.\d+)"
    for player in expected.players:
        found = re.search(
            rf"^  {player.name} +{number} mbb/hand   95% CI \[{number}, {number}\]"
            rf"   = {number} bb/100 \[{number}, {number}\]$",
            out,
            re.M,
        )
        assert found is not None, out
        mbb, lo, hi, bb, bb_lo, bb_hi = (float(g) for g in found.groups())
        assert mbb == pytest.approx(player.mbb_per_hand, abs=0.05)
        assert bb == pytest.approx(player.mbb_per_hand / 10, abs=0.005)
        assert (bb_lo, bb_hi) == pytest.approx((player.ci95[0] / 10, player.ci95[1] / 10), abs=0.005)
        assert (lo, hi) == pytest.approx(player.ci95, abs=0.05)


def test_units_convert_mbb_per_hand_and_bb_per_100() -> None:
    from pokerkit_core.units import bb_per_100, mbb_per_hand

    assert bb_per_100(150.0) == 15.0 and mbb_per_hand(15.0) == 150.0
    assert bb_per_100(mbb_per_hand(-2.5)) == -2.5


def test_every_install_hint_names_the_package_and_the_checkout_form(monkeypatch: pytest.MonkeyPatch) -> None:
    """``pip install "pokerkit_core[plot]"`` fails in a checkout of the
    source: every hint also gives ``pip install ".[plot]"``, from one place."""
    import importlib

    from pokerkit_core.errors import MissingExtraError, install_hint

    for extra in ("plot", "rl", "web", "distributed"):
        hint = install_hint(extra)
        assert f'pip install "pokerkit_core[{extra}]"' in hint and f'pip install ".[{extra}]"' in hint
        assert str(MissingExtraError("x", extra, "y")) == f"y needs x: {hint}"
    # the --plot help text and the Dask error use it too
    from pokerkit_core.cli import build_parser

    match_parser = build_parser()._subparsers._group_actions[0].choices["match"]  # type: ignore[union-attr]
    assert 'pip install ".[plot]"' in " ".join(match_parser.format_help().split())
    real = importlib.import_module

    def no_dask(name: str, package: str | None = None) -> object:
        if name == "distributed":
            raise ModuleNotFoundError("No module named 'distributed'")
        return real(name, package)

    monkeypatch.setattr(importlib, "import_module", no_dask)
    with pytest.raises(PolicyError) as info:
        run_match(["call", "call"], hands=2, scheduler="tcp://127.0.0.1:1")
    assert str(info.value) == f"a Dask scheduler needs the optional extra: {install_hint('distributed')}"
