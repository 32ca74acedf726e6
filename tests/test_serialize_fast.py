"""The fast paths of HandState JSON: ``state.replay_actions`` and the config text
``loads`` recognizes give exactly what the step-by-step paths give, and
refuse what they refuse."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerkit_core import AllIn, Call, Fold, GameConfig, Raise, SerializationError, act, deal
from pokerkit_core.engine.actions import Action
from pokerkit_core.errors import CardError, HandOverError, IllegalActionError, InvalidConfigError, PokerError
from pokerkit_core.engine.events import ActionTaken
from pokerkit_core.formats.serialize import dumps, from_dict, loads, to_dict
from pokerkit_core.engine.state import HandState, replay_actions

from strategies import configs, play_random

CONFIG = GameConfig.no_limit(players=6, stack=1_000)


def actions_of(state: HandState) -> list[Action]:
    return [e.action for e in state.history if isinstance(e, ActionTaken)]  # type: ignore[union-attr]


def codes_of(state: HandState) -> list[int]:
    order = [card for cards in state.hole_cards if cards is not None for card in cards]
    for board in state._deal.boards:
        order.extend(board)
    return [card.code for card in order]


@settings(max_examples=60, deadline=None)
@given(config=configs(), seed=st.integers(0, 2**32), cut=st.floats(0, 1))
def test_replay_equals_deal_and_act(config: GameConfig, seed: int, cut: float) -> None:
    states = play_random(config, seed)
    for state in (states[int(cut * (len(states) - 1))], states[-1]):  # unfinished and finished
        again = replay_actions(config, codes_of(state), actions_of(state))
        assert again == state
        assert again.history == state.history and again.stacks == state.stacks


def test_replay_keeps_every_check() -> None:
    state = deal(CONFIG, seed=3)
    codes = codes_of(state)
    with pytest.raises(IllegalActionError):
        replay_actions(CONFIG, codes, [Raise(150)])  # below the minimum raise to 200
    with pytest.raises(IllegalActionError):
        replay_actions(CONFIG, codes, [Raise(True)])  # type: ignore[arg-type]  # not an int
    with pytest.raises(IllegalActionError):
        replay_actions(CONFIG, codes, ["f"])  # type: ignore[list-item]  # not an Action
    with pytest.raises(HandOverError):
        replay_actions(CONFIG, codes, [Fold] * 5 + [Call])
    with pytest.raises(CardError, match="twice"):
        replay_actions(CONFIG, codes[:-1] + codes[:1], [])
    with pytest.raises(CardError, match="at least 17"):
        replay_actions(CONFIG, codes[:16], [])
    for bad in ([True] + codes[1:], [52] + codes[1:], [-1] + codes[1:], [1.0] + codes[1:]):
        with pytest.raises(CardError, match="card code"):
            replay_actions(CONFIG, bad, [])
    with pytest.raises(CardError):
        replay_actions(CONFIG, "AsKd", [])  # type: ignore[arg-type]
    with pytest.raises(InvalidConfigError):
        replay_actions("config", codes, [])  # type: ignore[arg-type]


def test_replay_refusal_leaves_the_given_state_alone() -> None:
    state = act(deal(CONFIG, seed=4), Raise(300))
    before = (state.history, state.stacks, state.bets, state.to_act)
    with pytest.raises(IllegalActionError):
        act(state, Raise(301))  # below the minimum re-raise to 500
    assert (state.history, state.stacks, state.bets, state.to_act) == before


def test_dumps_is_json_dumps_of_to_dict() -> None:
    state = act(act(deal(CONFIG, seed=9), Raise(300)), Call)
    assert dumps(state) == json.dumps(to_dict(state), separators=(",", ":"))
    assert loads(dumps(state)) == state


def test_known_config_text_still_checks_the_rest() -> None:
    state = act(act(deal(CONFIG, seed=9), Raise(300)), Call)
    text = dumps(state)  # its config's text is now known to loads
    data = json.loads(text)
    data["actions"][1] = "r 250"
    with pytest.raises(SerializationError) as info:
        loads(json.dumps(data, separators=(",", ":")))
    assert info.value.path == "actions[1]"
    # a duplicated key after the recognized config is still refused
    with pytest.raises(SerializationError, match="given twice"):
        loads(text[:-1] + ',"pot":' + str(state.pot) + "}")
    # the same config written differently decodes to an equal config
    spaced = json.dumps(data | {"actions": json.loads(text)["actions"]})
    assert loads(spaced) == state
    # a config whose text differs in one value goes through the full decoder
    other = text.replace('"button":0', '"button":true', 1)
    with pytest.raises(SerializationError) as info:
        loads(other)
    assert info.value.path.startswith("config")


def test_unknown_action_texts_and_shows_take_the_step_by_step_path() -> None:
    state = act(act(deal(CONFIG, seed=11), Raise(377)), Fold)
    assert loads(dumps(state)) == state
    data = to_dict(state)
    data["actions"][0] = "r 378x"
    with pytest.raises(SerializationError) as info:
        from_dict(data)
    assert info.value.path == "actions[0]"
    data["actions"] = ["r 377", "f", 7]
    with pytest.raises(SerializationError) as info:
        from_dict(data)
    assert info.value.path == "actions[2]"
    data = to_dict(state)
    data["deck"][3] = data["deck"][0]
    with pytest.raises(SerializationError) as info:
        from_dict(data)
    assert info.value.path.startswith("deck")


def canonical(text: str) -> HandState | None:
    """The state ``loads`` reads from ``text`` without the JSON parser, or ``None``."""
    from pokerkit_core.formats import serialize

    head = len(serialize._STATE_HEAD)
    end = text.find("]}", head) + 2
    config = serialize._CONFIG_OF_TEXT[text[head:end]]
    return serialize._canonical_state(text, end, config)


@settings(max_examples=60, deadline=None)
@given(config=configs(), seed=st.integers(0, 2**32), cut=st.floats(0, 1))
def test_exact_text_and_other_writers_text_read_the_same(config: GameConfig, seed: int, cut: float) -> None:
    from pokerkit_core.formats import serialize

    states = play_random(config, seed)
    for state in (states[int(cut * (len(states) - 1))], states[-1]):  # unfinished and finished
        text = dumps(state)
        assert text == json.dumps(to_dict(state), separators=(",", ":"))
        fast = canonical(text)
        assert fast is not None and fast == state and fast.history == state.history
        assert loads(text) == state
        assert loads(json.dumps(json.loads(text), indent=1)) == state  # the parser's path
        doc = json.loads(text)
        assert serialize._public(state) == {name: doc[name] for name in serialize._PUBLIC}


def test_exact_text_with_one_field_changed_is_read_by_the_full_decoder() -> None:
    state = act(act(deal(CONFIG, seed=9), Raise(300)), Call)
    text = dumps(state)
    changes = [
        (f'"pot":{state.pot}', f'"pot":{state.pot + 1}', "pot"),
        ('"to_act":5', '"to_act":4', "to_act"),
        ('"street":"preflop"', '"street":"flop"', "street"),
        ('"bets":[0,50,100,300', '"bets":[0,50,100,301', "bets"),
        ('"actions":["r 300","c"]', '"actions":["r 300","c","f"]', "to_act"),  # replays, then differs
        ('"actions":["r 300","c"]', '"actions":["r 300","r 900"]', "stacks"),  # the first to differ
    ]
    for old, new, where in changes:
        assert old in text
        assert canonical(text.replace(old, new, 1)) is None
        with pytest.raises(SerializationError) as info:
            loads(text.replace(old, new, 1))
        assert info.value.path == where, (new, str(info.value))
    # an action written as given, not as recorded ("allin" is recorded as its raise-to)
    shoved = act(act(deal(CONFIG, seed=9), Raise(300)), AllIn)
    data = to_dict(shoved)
    assert data["actions"] == ["r 300", "r 1000"]
    data["actions"][1] = "allin"
    other = json.dumps(data, separators=(",", ":"))
    assert canonical(other) is None and loads(other) == shoved


def test_public_fields_are_compared_with_their_json_types() -> None:
    state = act(act(deal(CONFIG, seed=9), Raise(300)), Call)
    for name, value in (("to_act", True), ("pot", float(state.pot)), ("stacks", [float(s) for s in state.stacks])):
        data = to_dict(state)
        data[name] = value
        with pytest.raises(SerializationError) as info:
            loads(json.dumps(data))
        assert info.value.path == name
    data = to_dict(state)
    data["bets"] = {0, 300}  # a value with no JSON form, given to from_dict
    with pytest.raises(SerializationError) as info:
        from_dict(data)
    assert info.value.path == "bets"


@settings(max_examples=80, deadline=None)
@given(config=configs(), seed=st.integers(0, 2**32))
def test_the_state_text_in_c_is_the_reference_text(config: GameConfig, seed: int) -> None:
    from pokerkit_core.formats import serialize
    from pokerkit_core.engine.results import show

    states = play_random(config, seed)
    final = states[-1]
    for seat in range(len(final.stacks)):  # voluntary shows after the hand, where allowed
        try:
            states.append(show(states[-1], seat))
        except PokerError:
            pass
    for state in states:
        assert serialize._state_tail(state) == serialize._state_tail_py(state)


def test_the_state_text_in_c_declines_what_it_does_not_know() -> None:
    from pokerkit_core.formats import serialize

    if serialize._state_json is None:
        pytest.skip("no C accelerator (PyPy, or POKERKIT_CORE_PURE=1): the Python text is the only one")
    state_json = serialize._state_json
    state = act(deal(CONFIG, seed=2), Raise(300))
    args = (serialize._QUOTED, serialize._KINDS, serialize._SHORTS, serialize._EVENT_CLASSES, serialize._STREET_TEXT)
    assert state_json(*args, state) == serialize._state_tail_py(state)
    for bad in ("state", None, CONFIG):
        assert state_json(*args, bad) is None
    assert state_json(*args[:4], ("preflop",), state) is None
    assert state_json(*args[:3], (), serialize._STREET_TEXT, state) is None
