"""JSON forms: round trips of every value, replayed states, hostile documents."""

from __future__ import annotations

import json
import random
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerkit_core import (
    AllIn,
    Call,
    Card,
    Check,
    Fold,
    GameConfig,
    Raise,
    SerializationError,
    act,
    deal,
    legal_actions,
)
from pokerkit_core.engine.actions import Bet
from pokerkit_core.errors import PokerError
from pokerkit_core.engine.observation import observe
from pokerkit_core.engine.pots import Pot
from pokerkit_core.engine.rules import OddChipRule
from pokerkit_core.formats.serialize import dumps, from_dict, loads, to_dict
from pokerkit_core.engine.results import show
from pokerkit_core.engine.state import HandState
from pokerkit_core.tables.session import Blinds, TableConfig, TableSession

from strategies import configs, play_random, random_legal_action, reversed_keys, shuffled


def same_state(a: HandState, b: HandState) -> bool:
    """Value comparison of two states (until HandState has value equality)."""
    fields = (
        "config", "history", "stacks", "bets", "board", "hole_cards", "street", "to_act",
        "contributions", "folded", "pots", "call_to", "min_raise_increment", "raises_this_street",
    )  # fmt: skip
    return all(getattr(a, name) == getattr(b, name) for name in fields) and (
        a.is_over or legal_actions(a) == legal_actions(b)
    )


def mid_hand() -> HandState:
    state = deal(GameConfig.no_limit(players=6, stack=1_000), seed=5)
    for action in (Raise(300), Call, Fold, Call, Fold, Call):
        state = act(state, action)
    return state


# ------------------------------------------------------------ round trips
@settings(max_examples=60, deadline=None)
@given(config=configs(), seed=st.integers(0, 2**32), cut=st.floats(0, 1))
def test_states_round_trip_and_play_on_identically(config: GameConfig, seed: int, cut: float) -> None:
    states = play_random(config, seed)
    for state in (states[int(cut * (len(states) - 1))], states[-1]):  # unfinished and finished
        restored = loads(dumps(state))
        assert same_state(restored, state)
        assert dumps(restored) == dumps(state)
        if not state.is_over:
            rng = random.Random(seed)
            a, b = state, restored
            while not a.is_over:
                assert legal_actions(a) == legal_actions(b)
                action = random_legal_action(a, rng)
                a, b = act(a, action), act(b, action)
                assert same_state(a, b)
            assert a.stacks == b.stacks and a.pots == b.pots


@settings(max_examples=40, deadline=None)
@given(config=configs(), seed=st.integers(0, 2**32))
def test_observations_events_and_configs_round_trip(config: GameConfig, seed: int) -> None:
    assert loads(dumps(config)) == config
    assert loads(dumps(config.with_button((config.button + 1) % len(config.stacks)))) == (
        config.with_button((config.button + 1) % len(config.stacks))
    ) if config.stacks[(config.button + 1) % len(config.stacks)] else True
    states = play_random(config, seed)
    for state in (states[len(states) // 2], states[-1]):
        for seat in range(len(config.stacks)):
            view = observe(state, seat, hand_number=seed % 1000)
            assert loads(dumps(view)) == view
        for event in state.history:
            assert loads(dumps(event)) == event
        for pot in state.pots:
            assert loads(dumps(pot)) == pot
        if not state.is_over:
            assert loads(dumps(legal_actions(state))) == legal_actions(state)


@settings(max_examples=30, deadline=None)
@given(config=configs(), seed=st.integers(0, 2**32), order=st.integers(0, 2**32))
def test_every_value_reads_the_same_whatever_the_key_order(config: GameConfig, seed: int, order: int) -> None:
    """Each value's document with the keys of every object (nested ones
    included) in a random order, and in the reverse order, loads to the
    value: a client in another language writes keys in its own order."""
    rng = random.Random(order)
    states = play_random(config, seed)
    state = states[len(states) // 2]
    values: list[Any] = [config, state, states[-1], observe(state, 0, hand_number=3), *state.history, *state.pots]
    if not state.is_over:
        values.append(legal_actions(state))
    for value in values:
        data = json.loads(dumps(value))
        for other in (shuffled(data, rng), reversed_keys(data)):
            assert loads(json.dumps(other, separators=(",", ":"))) == value
            assert from_dict(other) == value
    again = loads(json.dumps(reversed_keys(json.loads(dumps(state)))))
    assert again.history == state.history and again.config is loads(dumps(state)).config  # one config kept


def test_restored_config_moves_its_blinds_like_the_original() -> None:
    config = GameConfig.no_limit(players=4)
    explicit = GameConfig(stacks=(100, 100, 100, 100), big_blind_seat=3, small_blind_seat=None)
    for original in (config, explicit):
        restored = loads(dumps(original))
        for button in range(4):
            assert restored.with_button(button) == original.with_button(button)


def test_exact_split_shares_are_fraction_strings() -> None:
    config = GameConfig(stacks=(3, 3, 3), small_blind=0, big_blind=1, odd_chip=OddChipRule.EXACT)
    state = deal(config, hole_cards=["AsKs", "AhKh", "2c3d"], board="QdJc9h5s4c")
    while not state.is_over:
        state = act(state, Check if legal_actions(state).can_check else Call)
    doc = to_dict(state.pots[0])
    assert doc["shares"] == ["3/2", "3/2"] and doc["amount"] == 3
    assert loads(dumps(state)).stacks == (Fraction(7, 2), Fraction(7, 2), 2)
    assert to_dict(state)["stacks"] == ["7/2", "7/2", 2]


def test_voluntary_shows_are_kept() -> None:
    state = act(deal(GameConfig.no_limit(players=3, stack=1_000), seed=9), Fold)
    state = act(state, Fold)
    state = show(state, 2)
    restored = loads(dumps(state))
    assert same_state(restored, state) and to_dict(state)["shows"] == [2]


def test_hand_record_round_trips() -> None:
    from pokerkit_core.ai.policies.baselines import AlwaysCall

    players = [AlwaysCall(), AlwaysCall(), AlwaysCall()]
    session = TableSession(TableConfig(stacks=(200, 200, 200), blinds=Blinds(5, 10)), players, seed=4)
    record = session.play_hand()
    assert record is not None
    restored = loads(dumps(record))
    assert restored == record
    assert restored.state is not None and record.state is not None and same_state(restored.state, record.state)


def test_readable_layout() -> None:
    doc = json.loads(dumps(mid_hand()))
    assert doc["type"] == "HandState" and doc["version"] == 1
    assert doc["actions"] == ["r 300", "c", "f", "c", "f", "c"]
    assert doc["street"] == "flop" and len(doc["board"]) == 3 and doc["board"][0] == doc["deck"][12]
    assert doc["config"]["betting"] == "no-limit" and doc["config"]["stacks"] == [1000] * 6
    assert to_dict(Card.parse("As")) == {"type": "Card", "version": 1, "card": "As"}
    assert to_dict(AllIn)["action"] == "allin" and loads(dumps(Bet(150))) == Bet(150)
    event = to_dict([e for e in mid_hand().history if type(e).__name__ == "ActionTaken"][-1])
    assert event["type"] == "ActionTaken" and event["action"] == "c" and event["street"] == "preflop"


# --------------------------------------------------------------- hostile
def doc_with(change: Any) -> str:
    doc = json.loads(dumps(mid_hand()))
    change(doc)
    return json.dumps(doc)


def _set(doc: dict[str, Any], path: tuple[Any, ...], value: Any) -> None:
    for key in path[:-1]:
        doc = doc[key]
    doc[path[-1]] = value


@pytest.mark.parametrize(
    "path, value, where",
    [
        (("config", "stacks", 3), -5, "config.stacks[3]"),
        (("config", "stacks", 3), 2.5, "config.stacks[3]"),
        (("config", "stacks", 3), True, "config.stacks[3]"),
        (("config", "betting"), "pot-limit-ish", "config.betting"),
        (("config", "big_blind"), 10**30, "config.big_blind"),
        (("config", "stacks"), [1000] * 12, "config"),
        (("deck", 0), "Zz", "deck[0]"),
        (("deck", 1), "7d", "deck[1]"),
        (("deck",), ["As"] * 3, "deck[1]"),
        (("actions", 0), "r 300.5", "actions[0]"),
        (("actions", 0), "r 50", "actions[0]"),
        (("actions", 5), "k", "actions[5]"),
        (("actions", 2), {"x": 1}, "actions[2]"),
        (("actions",), ["c"] * 20_000, "actions"),
        (("shows",), [1], "shows[0]"),
        (("stacks", 0), 999, "stacks"),
        (("board",), ["As", "Ks", "Qs"], "board"),
        (("hole_cards", 0), ["As", "Ks"], "hole_cards"),
        (("to_act",), 5, "to_act"),
        (("street",), "river", "street"),
        (("version",), 2, "version"),
        (("type",), "Nope", "type"),
        (("config", "type"), "HandState", "config.type"),
        (("extra",), 1, "extra"),
    ],
)
def test_bad_documents_name_the_field(path: tuple[Any, ...], value: Any, where: str) -> None:
    with pytest.raises(SerializationError) as info:
        loads(doc_with(lambda doc: _set(doc, path, value)))
    assert info.value.path == where, str(info.value)
    assert str(info.value).startswith(where)


@pytest.mark.parametrize(
    "text",
    [
        "", "nul", "[]", "1", '"x"', "{}", '{"type": "Card"}', '{"type": "Card", "version": 1}',
        '{"type": "Card", "version": 1, "card": "as"}', '{"type": "Card", "version": true, "card": "As"}',
        '{"type": "Action", "version": 1, "action": "r 0300"}', '{"type": "Action", "version": 1, "action": NaN}',
        '{"type": "Card", "version": 1, "card": "As", "card": "Ks"}', "[" * 100_000, '{"a":' * 50_000,
        '{"type": "Pot", "version": 1, "amount": 1e400, "eligible": [], "winners": [], "shares": []}',
        '{"type": "Pot", "version": 1, "amount": 3, "eligible": [0], "winners": [0], "shares": ["1/0"]}',
        '{"type": "Observation", "version": 1}', "\ud800", "x" * 5_000_000,
        '{"type": "HandState", "version": 1, "config": 5}',
    ],
)
def test_hostile_text_raises_only_serialization_error(text: str) -> None:
    with pytest.raises(SerializationError) as info:
        loads(text)
    assert len(str(info.value)) < 500


def test_bytes_and_non_text_inputs() -> None:
    assert loads(dumps(Raise(300)).encode()) == Raise(300)
    for bad in (b"\xff\xfe", None, 5, ["x"]):
        with pytest.raises(SerializationError):
            loads(bad)  # type: ignore[arg-type]
    with pytest.raises(SerializationError):
        from_dict([])  # type: ignore[arg-type]
    with pytest.raises(SerializationError, match="no JSON form"):
        to_dict(object())


@settings(max_examples=200, deadline=None)
@given(data=st.data())
def test_mutated_documents_never_raise_anything_else(data: st.DataObject) -> None:
    doc = json.loads(dumps(mid_hand()))
    leaves: list[tuple[Any, Any]] = []

    def walk(node: Any) -> None:
        items = node.items() if isinstance(node, dict) else enumerate(node)
        for key, value in list(items):
            leaves.append((node, key))
            if isinstance(value, (dict, list)):
                walk(value)

    walk(doc)
    node, key = data.draw(st.sampled_from(leaves))
    node[key] = data.draw(
        st.one_of(st.none(), st.booleans(), st.integers(-(2**70), 2**70), st.text(max_size=8), st.just([]), st.just({}))
    )
    try:
        value = loads(json.dumps(doc))
    except SerializationError:
        return
    assert not isinstance(value, PokerError)


def test_pot_and_events_keep_types() -> None:
    pot = Pot(300, (0, 1), (0,), (300,))
    assert loads(dumps(pot)) == pot
    assert to_dict(pot) == {"type": "Pot", "version": 1, "amount": 300, "eligible": [0, 1], "winners": [0], "shares": [300], "rake": 0}
