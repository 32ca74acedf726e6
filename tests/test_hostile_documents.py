"""Hostile documents: unknown fields in configs and session snapshots, and
replays too long for the web replayer (found by a review with crafted input).
"""

from __future__ import annotations

import json

import pytest

from bots import CallBot
from pokerkit_core import GameConfig, SerializationError, deal
from pokerkit_core.formats.serialize import dumps, loads
from pokerkit_core.tables.session import Blinds, TableConfig, TableSession


# -- serialize: unknown fields slip through the count-only _no_extra check --

def test_config_with_derived_renamed_to_an_unknown_field_is_refused() -> None:
    """``_no_extra`` only looks for unknown keys when there are more keys than
    allowed; "derived" is optional, so renaming it to any unknown key (with
    any value) keeps the count and the document is accepted, with
    ``derived`` silently taken as ``[]``: dumps(loads(text)) != text."""
    text = dumps(GameConfig.no_limit(players=2, stack=100))
    assert '"derived":["' in text
    hostile = text.replace('"derived":', '"anything":')
    with pytest.raises(SerializationError, match="anything"):
        loads(hostile)


def test_state_whose_config_has_an_unknown_field_is_refused() -> None:
    state = deal(GameConfig.no_limit(players=2, stack=100), seed=1)
    hostile = dumps(state).replace('"derived":', '"zzz":')
    with pytest.raises(SerializationError):
        loads(hostile)


def _session_doc() -> dict:
    config = TableConfig(stacks=(500, 500), blinds=Blinds(5, 10), max_hands=5)
    session = TableSession(config, [CallBot(), CallBot()], seed=3)
    session.play_hand()
    return json.loads(dumps(session))


def test_session_snapshot_with_an_extra_field_is_refused() -> None:
    """from_dict documents "a missing, extra or mistyped field" as refused."""
    doc = _session_doc()
    doc["snapshot"]["evil"] = {"a": [1, 2]}
    with pytest.raises(SerializationError):
        loads(json.dumps(doc), players=[CallBot(), CallBot()])


def test_session_snapshot_without_external_is_refused() -> None:
    doc = _session_doc()
    del doc["snapshot"]["external"]
    with pytest.raises(SerializationError):
        loads(json.dumps(doc), players=[CallBot(), CallBot()])


# -- web replayer: one replay per hand, and a cap on a replayed hand's length --

def _long_hand(raises: int) -> str:
    actions = ['"d dh p1 Ad6c"', '"d dh p2 Jc9s"']
    to, seat = 100, 2
    for _ in range(raises):
        to += 100
        actions.append(f'"p{seat} cbr {to}"')
        seat = 3 - seat
    actions.append(f'"p{seat} f"')
    return ('variant = "NT"\nantes = [0, 0]\nblinds_or_straddles = [50, 100]\nmin_bet = 100\n'
            f'starting_stacks = [{10**15}, {10**15}]\nactions = [{", ".join(actions)}]\n')


def test_replay_steps_are_linear_in_the_hand_length(monkeypatch: pytest.MonkeyPatch) -> None:
    """``hand_steps`` replays the hand once for all its steps (it used to
    replay ``entries[:stop]`` from scratch for every stop: a 25 kB upload of
    1,500 min-raises took ~30 s of one GET in the event loop)."""
    pytest.importorskip("starlette")
    from pokerkit_core.web import replay as web_replay

    replayed = [0]
    real = web_replay.replay

    def counting(hand, *args, **kwargs):  # type: ignore[no-untyped-def]
        replayed[0] += len(hand.entries)
        return real(hand, *args, **kwargs)

    monkeypatch.setattr(web_replay, "replay", counting)
    hand = web_replay.read_histories(_long_hand(300), "phh")[0]
    steps = web_replay.hand_steps(hand)
    assert steps[-1]["text"] == "end"
    assert replayed[0] <= 10 * len(hand.entries), f"{replayed[0]} entries replayed for a hand of {len(hand.entries)}"


def test_a_hand_longer_than_the_replayer_shows_is_refused_clearly() -> None:
    pytest.importorskip("starlette")
    from pokerkit_core.web import replay as web_replay
    from pokerkit_core.web.limits import MAX_REPLAY_ENTRIES
    from pokerkit_core.web.protocol import ProtocolError

    hand = web_replay.read_histories(_long_hand(MAX_REPLAY_ENTRIES), "phh")[0]
    assert len(hand.entries) == MAX_REPLAY_ENTRIES + 3
    with pytest.raises(ProtocolError, match=f"{MAX_REPLAY_ENTRIES + 3} entries"):
        web_replay.hand_steps(hand)
    short = web_replay.read_histories(_long_hand(MAX_REPLAY_ENTRIES - 3), "phh")[0]
    steps = web_replay.hand_steps(short)
    raises = MAX_REPLAY_ENTRIES - 3  # odd: seat 1 raises last and seat 0 folds
    assert [s["text"] for s in steps[:3]] == [
        "deal: Seat 2 posts small blind 50 · Seat 1 posts big blind 100", "Seat 2 raises to 200", "Seat 1 raises to 300",
    ]  # seats numbered from 1, as the table shows them
    assert steps[-2]["text"].startswith("Seat 1 folds · ") and steps[-1]["text"] == "end"
    assert len(steps) == raises + 3  # the deal, each raise, the fold with its award, the end
    assert steps[-1]["results"] == [-100 * raises, 100 * raises]
