"""HandState JSON has one codec: the layout (``serialize._STATE_LAYOUT``)
writes ``to_dict`` and ``dumps`` and checks what ``from_dict`` reads; its
fast path (``state.replay_actions``, decoded configs kept by value) gives exactly
what the step-by-step path gives and refuses what it refuses, whatever the
order of the keys."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerkit_core import AllIn, Call, Fold, GameConfig, Raise, SerializationError, act, deal
from pokerkit_core.engine.actions import Action
from pokerkit_core.errors import CardError, HandOverError, IllegalActionError, InvalidConfigError, PokerError
from pokerkit_core.engine.events import ActionTaken
from pokerkit_core.formats.serialize import dumps, from_dict, loads, to_dict
from pokerkit_core.engine.state import HandState, replay_actions

from strategies import configs, play_random, reversed_keys, shuffled

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


def test_a_config_decoded_before_still_checks_the_rest() -> None:
    state = act(act(deal(CONFIG, seed=9), Raise(300)), Call)
    text = dumps(state)
    assert loads(text) == state  # its config is now kept by value
    data = json.loads(text)
    data["actions"][1] = "r 250"
    with pytest.raises(SerializationError) as info:
        loads(json.dumps(data, separators=(",", ":")))
    assert info.value.path == "actions[1]"
    # a duplicated key is still refused
    with pytest.raises(SerializationError, match="given twice"):
        loads(text[:-1] + ',"pot":' + str(state.pot) + "}")
    # the same config written differently decodes to an equal config
    spaced = json.dumps(data | {"actions": json.loads(text)["actions"]})
    assert loads(spaced) == state
    # a config that differs in one value's JSON type is decoded (and refused)
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


def with_shows(states: list[HandState]) -> list[HandState]:
    """``states`` and, after the last, each voluntary show the rules allow."""
    from pokerkit_core.engine.results import show

    states = list(states)
    for seat in range(len(states[-1].stacks)):
        try:
            states.append(show(states[-1], seat))
        except PokerError:
            pass
    return states


@settings(max_examples=60, deadline=None)
@given(config=configs(), seed=st.integers(0, 2**32), cut=st.floats(0, 1), order=st.integers(0, 2**32))
def test_keys_in_any_order_read_the_same(config: GameConfig, seed: int, cut: float, order: int) -> None:
    """What ``dumps`` writes, the same with the keys of each object shuffled
    (one order per object: a client in another language), sorted, and
    re-spaced, all load to the state, its history and its stacks."""
    from pokerkit_core.formats import serialize

    states = with_shows(play_random(config, seed))
    rng = random.Random(order)
    for state in (states[int(cut * (len(states) - 1))], states[-1]):  # unfinished and finished
        text = dumps(state)
        assert text == json.dumps(to_dict(state), separators=(",", ":"))
        data = json.loads(text)
        other = shuffled(data, rng)
        backwards = reversed_keys(data)
        assert list(backwards)[0] == "pot" and list(backwards["config"])[0] == "derived"
        for doc in (
            text,
            json.dumps(other, separators=(",", ":")),
            json.dumps(backwards, separators=(",", ":")),
            json.dumps(data, sort_keys=True),
            json.dumps(data, indent=1),
        ):
            again = loads(doc)
            assert again == state and again.history == state.history and again.stacks == state.stacks
        assert from_dict(other) == state
        assert serialize._public(state) == {name: data[name] for name in serialize._PUBLIC}


def test_a_field_changed_is_refused_naming_it_whatever_the_key_order() -> None:
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
    rng = random.Random(5)
    for old, new, where in changes:
        assert old in text
        changed = text.replace(old, new, 1)
        for doc in (changed, json.dumps(shuffled(json.loads(changed), rng))):
            with pytest.raises(SerializationError) as info:
                loads(doc)
            assert info.value.path == where, (new, str(info.value))
    # an action written as given, not as recorded ("allin" is recorded as its raise-to)
    shoved = act(act(deal(CONFIG, seed=9), Raise(300)), AllIn)
    data = to_dict(shoved)
    assert data["actions"] == ["r 300", "r 1000"]
    data["actions"][1] = "allin"
    assert loads(json.dumps(data, separators=(",", ":"))) == shoved


def test_a_config_value_with_no_json_form_is_named() -> None:
    """A value ``from_dict`` cannot key the config by (its ``repr`` fails) is
    refused naming the field, whatever else is cached."""

    class Opaque:
        def __repr__(self) -> str:
            raise RuntimeError("no repr")

    state = act(deal(CONFIG, seed=9), Raise(300))
    assert loads(dumps(state)) == state  # the config is kept
    data = to_dict(state)
    data["config"]["button"] = Opaque()
    with pytest.raises(SerializationError) as info:
        from_dict(data)
    assert info.value.path == "config.button"


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
def test_dumps_writes_the_layout_of_to_dict(config: GameConfig, seed: int) -> None:
    """Each state of random hands (voluntary shows included): ``dumps`` is
    ``to_dict`` in compact JSON, its keys in the layout's order."""
    from pokerkit_core.formats import serialize

    for state in with_shows(play_random(config, seed)):
        data = to_dict(state)
        assert dumps(state) == json.dumps(data, separators=(",", ":"))
        assert list(data) == ["type", "version", *serialize._STATE_FIELDS]
        assert list(data["config"])[0] == "type"


def test_to_dict_never_goes_through_text(monkeypatch: pytest.MonkeyPatch) -> None:
    """``to_dict`` builds the data directly: with every JSON writer and parser
    raising, it still gives the same data (a config never written before
    included)."""
    from pokerkit_core.engine.observation import observe
    from pokerkit_core.formats import serialize

    config = GameConfig.no_limit(players=3, stack=777, small_blind=3, big_blind=7)  # a new config object
    state = act(act(deal(config, seed=4), Raise(21)), Call)
    values = [state, observe(state, 1), config, Raise(21)]
    wanted = [json.loads(dumps(value)) for value in values]

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("to_dict went through JSON text")

    for module, name in ((json, "dumps"), (json, "loads"), (json.JSONEncoder, "encode"),
                         (json.JSONEncoder, "iterencode"), (json.JSONDecoder, "decode"),
                         (json.JSONDecoder, "raw_decode"), (serialize, "_ENCODE"), (serialize, "_DECODER")):
        monkeypatch.setattr(module, name, refuse)
    serialize._ENCODED_CONFIGS.clear()
    assert [to_dict(value) for value in values] == wanted
    with pytest.raises(AssertionError, match="through JSON text"):
        dumps(state)  # the patch is in force
