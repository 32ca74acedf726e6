"""Issue 24: a table snapshot carries the built-in AIs' states, so a table
restored with fresh AIs plays on exactly as the saved one."""

from __future__ import annotations

import json
from typing import Any

import pytest
from old_snapshots import old_format

from pokerkit_core.formats import serialize
from pokerkit_core.errors import InvalidConfigError
from pokerkit_core.engine.policy import Policy, load_policy
from pokerkit_core.tables.session import Blinds, HandRecord, StackMode, TableConfig, TableSession

NAMES = ("hard", "easy", "normal", "random", "call", "raise")
CONFIG = TableConfig(
    stacks=(3_000,) * 6, blinds=Blinds(10, 20), stack_mode=StackMode.RESET, max_hands=14
)


def _players(seed: int) -> list[Policy | None]:
    return [load_policy(name, seed=seed + i) for i, name in enumerate(NAMES)]


def _played(records: tuple[HandRecord, ...]) -> list[Any]:
    return [
        (r.hand_number, r.final_stacks, serialize.to_dict(r.state) if r.state else None)
        for r in records
    ]


def _saved_after(hands: int) -> tuple[TableSession, dict[str, Any]]:
    session = TableSession(CONFIG, _players(100), seed=7)
    for _ in range(hands):
        session.play_hand()
    return session, json.loads(json.dumps(session.snapshot()))


def test_a_restored_table_with_fresh_ais_plays_the_same_hands() -> None:
    session, snap = _saved_after(7)
    assert [p["name"] for p in snap["policies"]] == list(NAMES)
    restored = TableSession.restore(snap, _players(555))  # fresh AIs, other seeds
    original_rest = session.run()[7:]
    restored_rest = restored.run()[7:]
    assert len(original_rest) == 7
    assert _played(restored_rest) == _played(original_rest)
    # what was wrong: without the states (as a version 2 snapshot) fresh AIs diverge
    snap["policies"] = [None] * len(NAMES)
    unstated = TableSession.restore(snap, _players(555)).run()[7:]
    assert _played(unstated) != _played(original_rest)


def test_each_builtin_state_round_trips_through_json() -> None:
    for name in NAMES:
        policy = load_policy(name, seed=3)
        data = json.loads(json.dumps(policy.state_to_dict()))  # type: ignore[attr-defined]
        fresh = load_policy(name, seed=99)
        fresh.state_from_dict(data)  # type: ignore[attr-defined]
        assert fresh.state_to_dict() == policy.state_to_dict(), name  # type: ignore[attr-defined]


def test_a_hard_model_learnt_at_the_table_is_restored() -> None:
    session, snap = _saved_after(5)
    hard = session.players[0]
    assert hard is not None and hard.model.hands == 5  # type: ignore[attr-defined]
    fresh = _players(1)
    TableSession.restore(snap, fresh)
    assert fresh[0].model == hard.model  # type: ignore[union-attr]
    assert fresh[0].state_to_dict() == hard.state_to_dict()  # type: ignore[union-attr]


def test_a_seat_given_another_kind_of_player_keeps_its_own_state() -> None:
    _, snap = _saved_after(2)
    other = load_policy("easy", seed=4)
    before = other.state_to_dict()  # type: ignore[attr-defined]
    players = _players(1)
    players[0] = other  # the snapshot's seat 0 was "hard"
    TableSession.restore(snap, players)
    assert other.state_to_dict() == before  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("seat", "edit", "message"),
    [
        (0, lambda s: s.update(seed=-1), r"snapshot.policies\[0\].state.seed must be an int"),
        (0, lambda s: s["model"]["fold"][1].pop(), r"snapshot.policies\[0\].state.model.fold\[1\] must be a list of 3"),
        (0, lambda s: s["model"]["bet"][0][1].__setitem__(2, [5.0, 1.0]), r"state.model.bet\[0\]\[1\]\[2\] must be \[hits, count\]"),
        (1, lambda s: s.update(bluff=2), r"snapshot.policies\[1\].state.bluff must be a probability"),
        (2, lambda s: s.update(extra=1), r"snapshot.policies\[2\].state.extra is not a field of state"),
        (3, lambda s: s["rng"].pop(), r"snapshot.policies\[3\].state.rng must be \[3, \[624 ints"),
        # these two were a bare ValueError from random.Random.setstate (issue 24 review)
        (3, lambda s: s["rng"][1].__setitem__(624, 625), r"snapshot.policies\[3\].state.rng must be \[3, "),
        (2, lambda s: s["rng"].__setitem__(0, 1), r"snapshot.policies\[2\].state.rng must be \[3, "),
        (4, lambda s: s.update(rng=1), r"snapshot.policies\[4\].state.rng is not a field of state"),
    ],
)
def test_a_bad_policy_state_is_refused_and_changes_no_policy(seat: int, edit: Any, message: str) -> None:
    _, snap = _saved_after(2)
    edit(snap["policies"][seat]["state"])
    fresh = _players(1)
    before = [p.state_to_dict() for p in fresh]  # type: ignore[union-attr]
    with pytest.raises(InvalidConfigError, match=message):
        TableSession.restore(snap, fresh)
    assert [p.state_to_dict() for p in fresh] == before  # type: ignore[union-attr]


@pytest.mark.parametrize("edit", [lambda r: r[1].__setitem__(624, 625), lambda r: r.__setitem__(0, 2)])
def test_a_bad_table_generator_state_is_refused(edit: Any) -> None:
    # a position past 624 or a version other than 3 was a bare ValueError
    # from random.Random.setstate (issue 24 review)
    _, saved = _saved_after(1)
    snap = old_format(saved)  # versions before 4 hold the table's deck generator
    edit(snap["rng"])
    with pytest.raises(InvalidConfigError, match=r"snapshot.rng must be \[3, \[624 ints of 32 bits, then a position"):
        TableSession.restore(snap, _players(1))


def test_a_policy_state_at_the_last_position_is_taken() -> None:
    # the bound is the generator's own: position 624 (all words used) is valid
    policy = load_policy("random", seed=5)
    data = policy.state_to_dict()  # type: ignore[attr-defined]
    data["rng"][1][624] = 624
    policy.state_from_dict(data)  # type: ignore[attr-defined]
    assert policy.state_to_dict()["rng"][1][624] == 624  # type: ignore[attr-defined]


def test_the_policies_field_is_checked() -> None:
    _, snap = _saved_after(1)
    bad = json.loads(json.dumps(snap))
    bad["policies"] = bad["policies"][:2]
    with pytest.raises(InvalidConfigError, match="snapshot.policies must be a list of 6"):
        TableSession.restore(bad, _players(1))
    bad = json.loads(json.dumps(snap))
    bad["policies"][1]["colour"] = 1
    with pytest.raises(InvalidConfigError, match=r"snapshot.policies\[1\].colour is not a field"):
        TableSession.restore(bad, _players(1))


def test_a_policy_of_ones_own_with_the_two_methods_is_carried() -> None:
    class Counter:
        name = "counter"

        def __init__(self) -> None:
            self.decisions = 0

        def decide(self, observation: Any) -> Any:
            from pokerkit_core.engine.actions import Call, Check

            self.decisions += 1
            return Check if observation.legal.can_check else Call

        def state_to_dict(self) -> dict[str, Any]:
            return {"decisions": self.decisions}

        def state_from_dict(self, data: dict[str, Any]) -> None:
            self.decisions = data["decisions"]

    config = TableConfig(stacks=(1_000, 1_000), blinds=Blinds(5, 10), max_hands=5)
    mine = Counter()
    session = TableSession(config, [mine, load_policy("call")], seed=1)
    session.play_hand()
    session.play_hand()
    fresh = Counter()
    TableSession.restore(json.loads(json.dumps(session.snapshot())), [fresh, load_policy("call")])
    assert fresh.decisions == mine.decisions > 0
