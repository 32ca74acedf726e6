"""A table session deals each hand from a seed derived one-way from the
session's seed (``derive(seed, "session.deal", k)``, tables.session.DEAL_LABEL),
and its snapshots go on with the same deals; snapshots written before version
4 (the session's deck generator) still restore and go on with that generator."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from old_snapshots import next_old_deal_seed, old_format

from pokerkit_core.engine.actions import Call, Check
from pokerkit_core.engine.policy import Policy, load_policy
from pokerkit_core.engine.state import deal
from pokerkit_core.errors import InvalidConfigError
from pokerkit_core.seeding import derive
from pokerkit_core.tables.records import HandRecord
from pokerkit_core.tables.session import DEAL_LABEL, Blinds, StackMode, TableConfig, TableSession

CONFIG = TableConfig(stacks=(1_000,) * 3, blinds=Blinds(5, 10), stack_mode=StackMode.RESET, max_hands=12)


def _players() -> list[Policy | None]:
    return [load_policy("random", seed=1), load_policy("call"), load_policy("random", seed=2)]


def _external() -> list[Policy | None]:
    return [None, load_policy("call"), load_policy("call")]


def _deals(records: tuple[HandRecord, ...], after: int = 0) -> list[Any]:
    """Each hand's number, hole cards and boards (what the deck dealt), for
    the hands after hand ``after`` (a restored session's earlier records
    have no final state)."""
    return [(r.hand_number, r.state.hole_cards, r.state.boards) for r in records[after:] if r.state is not None]


def _round_trip(session: TableSession) -> dict[str, Any]:
    return json.loads(json.dumps(session.snapshot()))  # type: ignore[no-any-return]


def _finish_with_checks_and_calls(session: TableSession) -> None:
    """Plays the external seat 0 (check, else call) until the session is over."""
    while not session.is_over:
        session.start_hand()
        while (seat := session.to_act) is not None:
            legal = session.observation(seat).legal
            session.apply(seat, Check if legal is not None and legal.can_check else Call)


def test_two_sessions_with_the_same_seed_deal_the_same_hands() -> None:
    a, b, other = (TableSession(CONFIG, _players(), seed=seed) for seed in (2024, 2024, 2025))
    for session in (a, b, other):
        session.run()
    assert len(a.records) == 12
    assert _deals(a.records) == _deals(b.records)
    assert [r.state.hole_cards for r in a.records if r.state] != [r.state.hole_cards for r in other.records if r.state]


def test_each_deal_seed_is_derived_from_the_session_seed() -> None:
    assert DEAL_LABEL == "session.deal"
    session = TableSession(CONFIG, _players(), seed=-7)
    assert session.seed == 2**128 - 7  # as the engine reads a negative seed
    session.run()
    for k, record in enumerate(session.records, start=1):  # no hand abandoned: deal k is hand k
        assert record.state is not None
        dealt = deal(record.state.config, seed=derive(2**128 - 7, "session.deal", k))
        assert dealt.hole_cards == record.state.hole_cards, k
    # the seed of a hand in progress, as its snapshot holds it
    table = TableSession(CONFIG, _external(), seed=99)
    table.start_hand()
    snap = table.snapshot()
    assert snap["hand"]["seed"] == derive(99, "session.deal", 1)
    assert (snap["version"], snap["seed"], snap["deals"]) == (4, 99, 1) and "rng" not in snap
    # not the previous version's draw from random.Random(99)
    assert snap["hand"]["seed"] != random.Random(99).getrandbits(64)


def test_an_abandoned_hand_is_not_dealt_again() -> None:
    session = TableSession(CONFIG, _external(), seed=5)
    first = session.start_hand()
    session.abandon_hand()
    second = session.start_hand()
    assert second.hole_cards != first.hole_cards  # hand 1 again, from the next deck
    snap = session.snapshot()
    assert snap["hand"]["hand_number"] == 1 and snap["deals"] == 2
    assert snap["hand"]["seed"] == derive(5, "session.deal", 2)


def test_restore_goes_on_with_the_deals_of_the_uninterrupted_session() -> None:
    whole = TableSession(CONFIG, _players(), seed=77)
    whole.run()
    part = TableSession(CONFIG, _players(), seed=77)
    for _ in range(4):
        part.play_hand()
    restored = TableSession.restore(_round_trip(part), _players())
    assert restored.seed == 77
    restored.run()
    assert len(_deals(restored.records, 4)) == 8 and _deals(restored.records, 4) == _deals(whole.records, 4)
    # in the middle of a hand, with an abandoned hand before it
    straight = TableSession(CONFIG, _external(), seed=31)
    straight.start_hand()
    straight.abandon_hand()
    _finish_with_checks_and_calls(straight)
    saved = TableSession(CONFIG, _external(), seed=31)
    saved.start_hand()
    saved.abandon_hand()
    saved.start_hand()
    saved.apply(0, Call)
    again = TableSession.restore(_round_trip(saved), _external())
    _finish_with_checks_and_calls(again)
    assert len(_deals(again.records)) == 12 and _deals(again.records) == _deals(straight.records)


def test_an_old_format_snapshot_goes_on_with_its_generator() -> None:
    session = TableSession(CONFIG, _players(), seed=8)
    for _ in range(2):
        session.play_hand()
    old = old_format(_round_trip(session), version=3)
    restored = TableSession.restore(old, _players())
    assert restored.seed is None  # the generator's state, not a seed, goes on
    record = restored.play_hand()
    assert record.hand_number == 3 and record.state is not None
    assert record.state.hole_cards == deal(record.state.config, seed=next_old_deal_seed(old)).hole_cards
    # its snapshot (version 4) keeps the generator in place of seed and deals
    snap = _round_trip(restored)
    assert snap["version"] == 4 and "rng" in snap and "seed" not in snap and "deals" not in snap
    again = TableSession.restore(snap, _players())
    restored.run()
    again.run()
    assert len(_deals(again.records, 3)) == 9 and _deals(again.records, 3) == _deals(restored.records, 3)


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda s: s.update(seed=-1), "snapshot.seed must be an int >= 0"),
        (lambda s: s.update(seed=True), "snapshot.seed must be an int >= 0"),
        (lambda s: s.update(seed="77"), "snapshot.seed must be an int >= 0"),
        (lambda s: s.update(deals=1), r"snapshot.deals \(1\) must count at least the hands recorded"),
        (lambda s: s.update(deals=-1), "snapshot.deals"),
        (lambda s: s.pop("seed"), "snapshot.seed is missing"),
        (lambda s: s.pop("deals"), "snapshot.deals is missing"),
        (lambda s: s.update(rng=[3, [0] * 625, None]), "not both"),
    ],
)
def test_the_seed_fields_are_checked(edit: Any, message: str) -> None:
    session = TableSession(CONFIG, _players(), seed=77)
    for _ in range(2):
        session.play_hand()
    snap = _round_trip(session)
    edit(snap)
    with pytest.raises(InvalidConfigError, match=message):
        TableSession.restore(snap, _players())


def test_derive_takes_a_seed_of_any_size() -> None:
    # ints up to 2048 bits keep their decimal text (the values of before);
    # longer ones, which Python may refuse to write in decimal, are hashed
    # from their hexadecimal text
    assert derive(1, "match.deck", 7) == 45348730314705065460161079540790405800
    assert derive(2**2048 - 1, "session.deal", 3) == 69710562103237998724403506901407991679
    huge = 10**5000
    assert derive(huge, "session.deal", 1) == derive(huge, "session.deal", 1) != derive(huge + 1, "session.deal", 1)
    session = TableSession(CONFIG, _external(), seed=huge)
    session.start_hand()
    assert session.snapshot()["hand"]["seed"] == derive(huge, "session.deal", 1)
