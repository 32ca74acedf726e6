"""The C hand-state kernel (``csrc/pkc_engine.c``) against its Python reference.

On CPython ``act``, ``state._act`` (used by ``replay``) and ``legal_actions``
are built-ins that handle the common case and hand everything else to the
Python functions (``state._act_reference``, ``state._act_py``,
``state._legal_reference``).  These tests play random hands of every kind
of table through both and compare every field of every state, every legal
action set and every error; and feed the kernel states whose private
fields were rewritten with values of the wrong type, which it must refuse
to handle (never crash) so that the reference decides.
"""

from __future__ import annotations

import pickle
import random
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerkit_core import Action, ActionKind, GameConfig, deal
from pokerkit_core.engine import state as state_module
from pokerkit_core.evaluation.evaluator import STATE_KERNEL
from pokerkit_core.engine.hand_state import _FIELDS, copy_state
from pokerkit_core.engine.state import HandState, replay_actions

from strategies import candidate_actions, configs, random_legal_action

pytestmark = pytest.mark.skipif(STATE_KERNEL is None, reason="no C accelerator (PyPy, or POKERKIT_CORE_PURE=1)")

_MISSING = object()


def _fields(state: HandState) -> tuple[Any, ...]:
    return tuple(getattr(state, name, _MISSING) for name in _FIELDS)


def _outcome(function: Any, *args: Any) -> tuple[str, Any]:
    try:
        return "ok", _fields(function(*args))
    except Exception as exc:  # noqa: BLE001 - compared by type and text
        return type(exc).__name__, str(exc)


def _legal(function: Any, state: HandState) -> tuple[str, Any]:
    try:
        return "ok", function(state)
    except Exception as exc:  # noqa: BLE001
        return type(exc).__name__, str(exc)


def test_the_kernel_is_bound_and_documented() -> None:
    assert type(state_module.act).__name__ == "builtin_function_or_method"
    assert type(state_module.legal_actions).__name__ == "builtin_function_or_method"
    assert state_module.act.__doc__.startswith("Return the hand after the seat to act plays")
    assert isinstance(deal(GameConfig.no_limit(players=2), seed=1), STATE_KERNEL.StateBase)


@settings(max_examples=60, deadline=None)
@given(configs(), st.integers(0, 2**32))
def test_every_action_and_legal_set_matches_the_reference(config: GameConfig, seed: int) -> None:
    rng = random.Random(seed)
    state = deal(config, seed=seed)
    steps = 0
    while not state.is_over and steps < 60:
        before = _fields(state)
        assert _legal(state_module.legal_actions, state) == _legal(state_module._legal_reference, state)
        for action in candidate_actions(state, rng):
            ours = _outcome(state_module.act, state, action)
            theirs = _outcome(state_module._act_reference, state, action)
            assert ours == theirs, (state, action)
            assert _fields(state) == before  # the input is never changed
        state = state_module.act(state, random_legal_action(state, rng))
        steps += 1
    with pytest.raises(Exception) as ours:
        state_module.act(state, Action(ActionKind.CHECK))
    with pytest.raises(Exception) as theirs:
        state_module._act_reference(state, Action(ActionKind.CHECK))
    assert (ours.type, str(ours.value)) == (theirs.type, str(theirs.value))


@settings(max_examples=40, deadline=None)
@given(configs(), st.integers(0, 2**32))
def test_replay_in_place_equals_step_by_step(config: GameConfig, seed: int) -> None:
    rng = random.Random(seed)
    state = deal(config, seed=seed)
    actions = []
    while not state.is_over and len(actions) < 60:
        action = random_legal_action(state, rng)
        actions.append(action)
        state = state_module.act(state, action)
    codes = [card.code for cards in state.hole_cards if cards for card in cards]
    codes += [card.code for board in state._deal.boards for card in board]
    replayed = replay_actions(config, codes, actions)
    assert _fields(replayed) == _fields(state)
    assert pickle.loads(pickle.dumps(replayed)) == state


def _mid_hand() -> HandState:
    state = deal(GameConfig.no_limit(players=6, stack=1_000), seed=3)
    for action in (Action(ActionKind.CALL), Action(ActionKind.RAISE, 400), Action(ActionKind.CALL)):
        state = state_module.act(state, action)
    return state


_FORGED = (None, -1, 2**70, 1.5, Fraction(1, 2), True, "9", [0] * 6, (0,) * 5, ("x",) * 6, (1.0,) * 6)


@pytest.mark.parametrize("name", _FIELDS)
@pytest.mark.parametrize("value", _FORGED, ids=repr)
def test_a_state_with_a_forged_field_is_left_to_the_reference(name: str, value: Any) -> None:
    state = copy_state(_mid_hand())
    object.__setattr__(state, name, value)
    snapshot = _fields(state)
    for action in (
        Action(ActionKind.FOLD),
        Action(ActionKind.CHECK),
        Action(ActionKind.CALL),
        Action(ActionKind.RAISE, 800),
        Action(ActionKind.ALL_IN),
    ):
        assert _outcome(state_module.act, state, action) == _outcome(state_module._act_reference, state, action)
        t = copy_state(state)
        assert _outcome(state_module._act, state, action, t) == _outcome(state_module._act_py, state, action, copy_state(state))
    assert _legal(state_module.legal_actions, state) == _legal(state_module._legal_reference, state)
    assert _fields(state) == snapshot


def test_a_deleted_field_is_left_to_the_reference() -> None:
    for name in _FIELDS:
        state = copy_state(_mid_hand())
        delattr(state, name)
        ours = _outcome(state_module.act, state, Action(ActionKind.CALL))
        assert ours == _outcome(state_module._act_reference, state, Action(ActionKind.CALL))
        assert _legal(state_module.legal_actions, state) == _legal(state_module._legal_reference, state)


def test_copies_share_fields_and_are_collected() -> None:
    import gc
    import weakref

    state = _mid_hand()
    copy = copy_state(state)
    assert copy == state and copy is not state and copy.__class__ is HandState
    assert all(getattr(copy, name) is getattr(state, name) for name in _FIELDS)
    class Box(list):  # type: ignore[type-arg]  # weakly referable
        pass

    box = Box()
    cyclic = copy_state(state)
    object.__setattr__(cyclic, "_values", box)
    box.append(cyclic)  # a cycle through a field: the collector must see it
    ref = weakref.ref(box)
    del cyclic, box
    gc.collect()
    assert ref() is None
    with pytest.raises(TypeError):
        STATE_KERNEL.copy_state("not a state")


@settings(max_examples=80, deadline=None)
@given(configs(), st.randoms(use_true_random=False))
def test_the_deal_record_and_code_check_match_the_python_ones(config: GameConfig, rng: random.Random) -> None:
    from pokerkit_core.engine import dealing

    d = config._derived
    need = 2 * len(d.live) + 5 * config.boards
    codes = rng.sample(range(52), rng.randint(need, 52))
    assert dealing.make_deal(d.n, d.live, config.boards, codes[:need]) == dealing._make_deal_py(
        d.n, d.live, config.boards, codes[:need]
    )
    assert dealing.deck_codes(config, codes) == codes[:need]
    assert dealing.deck_codes(config, tuple(codes)) == codes[:need]


@pytest.mark.parametrize(
    "codes",
    [[0, 1, 2, 3, 4, 5, 6, 7, True], [0.0] + list(range(1, 9)), list(range(8)), [52] + list(range(8)),
     [-1] + list(range(8)), [0] * 9, list(range(8)) + [7], "abcdefghi", None, [[0]] * 9, list(range(9)) + [2**70]],
    ids=repr,
)
def test_bad_codes_get_the_python_error(codes: Any) -> None:
    from pokerkit_core.engine import dealing
    from pokerkit_core.errors import CardError

    config = GameConfig.no_limit(players=2)
    with pytest.raises(CardError) as fast:
        dealing.deck_codes(config, codes)
    saved, dealing._fast_codes = dealing._fast_codes, None
    try:
        with pytest.raises(CardError) as slow:
            dealing.deck_codes(config, codes)
    finally:
        dealing._fast_codes = saved
    assert str(fast.value) == str(slow.value)
    assert STATE_KERNEL.deal_record(tuple, (), (), 2, (0, 1), 1, [0] * 9) is None


def test_the_builtins_have_signatures() -> None:
    """Every built-in of the C module (``csrc/pkc_engine.c``,
    ``csrc/pkc_speedups.c``) carries a ``__text_signature__``, so
    :func:`inspect.signature` (and Sphinx) give its parameters; the engine's
    ``act``, ``_act`` and ``legal_actions`` take them by position only (a
    keyword is a TypeError in C), while ``evaluate`` and ``evaluate_mask``
    hand keywords on to their Python fallbacks."""
    import inspect

    from pokerkit_core.evaluation import evaluator

    def params(function: Any) -> list[tuple[str, str]]:
        return [(p.name, p.kind.name) for p in inspect.signature(function).parameters.values()]

    only = "POSITIONAL_ONLY"
    assert params(state_module.act) == [("state", only), ("action", only)]
    assert params(state_module.legal_actions) == [("state", only)]
    assert params(state_module._act) == [("state", only), ("action", only), ("t", only)]
    assert params(evaluator.evaluate) == [("cards", "POSITIONAL_OR_KEYWORD")]
    assert params(evaluator.evaluate_mask) == [("mask", "POSITIONAL_OR_KEYWORD")]
    assert [name for name, _ in params(STATE_KERNEL.copy_state)] == ["s"]
    assert [name for name, _ in params(STATE_KERNEL.deal_codes)] == ["codes", "need"]
    bind = params(STATE_KERNEL.bind_engine)
    assert [name for name, _ in bind][:2] == ["state_cls", "config_cls"] and len(bind) == 13
    builtins = [v for v in vars(STATE_KERNEL).values() if type(v).__name__ == "builtin_function_or_method"]
    assert not hasattr(STATE_KERNEL, "state_json")  # retired: the state's JSON has one home, in serialize.py
    assert len(builtins) == 6
    for function in builtins:
        assert all(kind == only for _, kind in params(function)), function
    with pytest.raises(TypeError):
        state_module.act(state=deal(GameConfig.acpc_heads_up(), seed=1), action=Action(ActionKind.FOLD))


def test_the_bind_refuses_a_layout_it_does_not_read() -> None:
    """The C engine checks, once at bind time, that it reads the state and
    config layout it was written for: a config whose ``_derived`` lost a
    field the C reads (as a rename would) is refused loudly, where before it
    bound and then silently handed every betting round to Python."""
    import types

    from pokerkit_core.engine import state as state_module

    ok = STATE_KERNEL.bind_engine(*state_module._engine_binding(state_module._probe()))
    assert len(ok) == 4 and ok[3]() == (0, 0, 0)
    probe = state_module._probe()
    derived = probe.config._derived
    kept = {name: getattr(derived, name) for name in ("rules", "cap", "street_bet")}
    object.__setattr__(probe.config, "_derived", types.SimpleNamespace(**kept))  # postflop_start "renamed"
    with pytest.raises(TypeError, match="postflop_start.*refusing to bind"):
        STATE_KERNEL.bind_engine(*state_module._engine_binding(probe))
    object.__setattr__(probe.config, "_derived", types.SimpleNamespace(cap=kept["cap"]))  # rules gone
    with pytest.raises(TypeError, match="cannot read the probe hand.*refusing to bind"):
        STATE_KERNEL.bind_engine(*state_module._engine_binding(probe))


def test_default_no_limit_hands_close_only_their_last_round_in_python() -> None:
    """``accelerator_fallbacks`` counts what the Python reference served: on
    random default no-limit hands every action but the one ending the hand
    stays in C, so the rounds Python closed equal the hands played (a C path
    that switched itself off would show many more)."""
    import random

    from pokerkit_core import Bet, Call, Check, Fold, GameConfig, Raise, act, deal, legal_actions
    from pokerkit_core.engine.state import accelerator_fallbacks

    rng = random.Random(3)
    before = accelerator_fallbacks()
    hands = 300
    for i in range(hands):
        s = deal(GameConfig.no_limit(players=3), seed=i)
        while not s.is_over:
            la = legal_actions(s)
            options = [a for a, ok in ((Fold, la.can_fold), (Check, la.can_check), (Call, la.can_call)) if ok]
            if la.can_raise:
                options += [Raise(la.min_raise_to), Raise(la.max_raise_to)]
            if la.can_bet:
                options += [Bet(la.min_raise_to), Bet(la.max_raise_to)]
            s = act(s, rng.choice(options))
    after = accelerator_fallbacks()
    assert after[1] - before[1] == hands
    assert after[2] - before[2] == 0


def test_the_probe_leaves_no_hand_state_for_the_collector() -> None:
    """The engine's bind-time probe (a hand dealt at import) leaves no
    reference cycle behind: its config once kept the probe's template state,
    which then stayed among the objects of an isolated policy's process
    until a collection ran, where a policy that walks ``gc.get_objects()``
    found a hand state of the match's config (found by the GcPeeker test)."""
    import gc

    gc.collect()
    gc.disable()
    try:
        before = sum(isinstance(o, HandState) for o in gc.get_objects())
        probe = state_module._probe()
        assert probe._config._derived.template is None
        del probe
        after = sum(isinstance(o, HandState) for o in gc.get_objects())
    finally:
        gc.enable()
    assert after == before


def test_the_deal_functions_refuse_to_bind_where_they_decline() -> None:
    """``deal_codes`` and ``deal_record`` hand what they do not read back to
    Python without a word; so they are checked once, at import, against the
    Python references on probe deals, and a pair that declines (a ``Deal``
    that is not the tuple the C builds) or builds another deal is refused
    loudly instead of leaving every deal to Python."""
    from pokerkit_core.engine import dealing

    codes, record = STATE_KERNEL.deal_codes, STATE_KERNEL.deal_record
    assert dealing._checked_binding(codes, record) == (codes, record)
    assert (dealing._fast_codes, dealing._deal_record) == (codes, record)
    with pytest.raises(TypeError, match="deal_codes does not read.*refusing to bind"):
        dealing._checked_binding(lambda deck, need: None, record)
    with pytest.raises(TypeError, match="deal_record does not build.*refusing to bind"):
        dealing._checked_binding(codes, lambda deal_cls, *rest: record(dict, *rest))
    with pytest.raises(TypeError, match="deal_record does not build.*refusing to bind"):
        dealing._checked_binding(codes, lambda *args: record(*args[:-1], args[-1][::-1]))
