"""The isolated policy's request (pokerkit_core.players.isolation_wire): what a child
rebuilds is exactly observe() of its seat, read from the state or from an
observation, over every state of random hands (straddles, 10 seats, antes,
several boards, showdowns)."""

from __future__ import annotations

import pickle
from typing import Any

import pytest
from hypothesis import given, settings, strategies as st
from strategies import configs, play_random

from pokerkit_core import AnteRule, GameConfig, observe
from pokerkit_core.players import compact, isolation_wire as wire
from pokerkit_core.engine.actions import Action
from pokerkit_core.evaluation.cards import Card
from pokerkit_core.errors import InvalidConfigError
from pokerkit_core.evaluation.evaluator import STATE_KERNEL
from pokerkit_core.engine.hand_state import _FIELDS, copy_state
from pokerkit_core.engine.state import HandState, legal_actions


def _new_card(code: int) -> Card:
    """A Card holding ``code`` whatever it is (as unpickling could make)."""
    card: Card = tuple.__new__(Card, (0, 0, code, 0))
    return card


CONFIGS = [
    GameConfig.no_limit(players=2, stack=2_000),
    GameConfig.no_limit(players=6, stack=3_000),
    GameConfig(stacks=(1_500,) * 10, straddles=(200, 400), ante=10),
    GameConfig(stacks=(900, 0, 1_300, 700), boards=3, ante=100, ante_rule=AnteRule.BIG_BLIND),
    GameConfig.fixed_limit(players=3, stack=600),
]


def child_view(state: HandState, seat: int, number: int | None, from_state: bool) -> object:
    parts = wire.state_parts(state, seat, number) if from_state else wire.observation_parts(
        observe(state, seat, hand_number=number)
    )
    static, dynamic = pickle.loads(pickle.dumps(parts, pickle.HIGHEST_PROTOCOL))
    history = compact.decode_events(
        pickle.loads(compact.pack(compact.encode_events(state.history)))
    )
    return wire.rebuild(wire.decode_static(static), dynamic, history)


@pytest.mark.parametrize("config", CONFIGS)
@pytest.mark.parametrize("from_state", [True, False])
def test_rebuilt_view_is_observe_of_the_seat(config: GameConfig, from_state: bool) -> None:
    checked = boards = 0
    for seed in range(12):
        for state in play_random(config, seed):
            boards = max(boards, len(state.boards))
            for seat in range(config.seat_count):
                number = None if seed % 3 == 0 else seed
                assert child_view(state, seat, number, from_state) == observe(
                    state, seat, hand_number=number
                )
                checked += 1
    assert checked > 50
    if config.boards > 1:
        assert boards == config.boards  # an all-in run-out on several boards was seen


def _packed(state: Any, seat: Any, legal: Any = legal_actions, *classes: Any) -> Any:
    """``view_packed`` (``csrc/pkc_view.c``) of the state, checked against
    the format's Python reference: the same bytes as ``pack_dynamic`` of the
    reference's dynamic part, which both unpackers give back."""
    packed = STATE_KERNEL.view_packed(state, seat, legal, *(classes or (HandState, Card)))
    if packed is not None:
        assert type(packed) is bytes
        unpacked = STATE_KERNEL.unpack_view(packed)
        assert unpacked == wire.unpack_dynamic(packed)
        assert wire.pack_dynamic(unpacked) == packed
        return unpacked
    return None


@pytest.mark.skipif(STATE_KERNEL is None, reason="no C accelerator (PyPy, or POKERKIT_CORE_PURE=1)")
@pytest.mark.parametrize("config", CONFIGS)
def test_the_packed_dynamic_part_equals_the_reference(config: GameConfig) -> None:
    """``view_packed`` packs the Python reference's dynamic part (the bytes
    ``pack_dynamic`` gives) whenever it handles a state (a decision, nobody
    all-in or shown, one board), and hands every other state back
    (``None``); ``dynamic_part`` is then the reference's tuple."""
    handled = left = 0
    for seed in range(12):
        for state in play_random(config, seed):
            for seat in range(config.seat_count):
                fast = _packed(state, seat)
                reference = wire._dynamic_part_py(state, seat)
                dynamic = wire.dynamic_part(state, seat)
                if fast is None:
                    left += 1
                    assert dynamic == reference
                    assert state.is_over or any(state.all_in) or any(state.shown_cards) or len(state.boards) > 1 \
                        or 0 in state._stacks
                else:
                    handled += 1
                    assert dynamic == wire.pack_dynamic(reference) and fast == reference
                    assert type(fast[6]) is (tuple if seat == state.to_act else type(None))
    assert left > 0 and (handled > 20 or 0 in config.stacks)  # (an empty seat: always left)
    state = play_random(CONFIGS[0], 1)[0]
    classes = (HandState, Card)
    for bad in ((object(), 0, legal_actions, object, Card), (state, -1, legal_actions, *classes),
                (state, 99, legal_actions, *classes), (state, True, legal_actions, *classes),
                (state, 0, legal_actions), (state, 0, legal_actions, HandState.__base__, Card)):
        assert STATE_KERNEL.view_packed(*bad) is None
    huge = play_random(GameConfig.no_limit(players=9, stack=10**18), 2)[0]  # (a sum near 2**63)
    assert STATE_KERNEL.view_packed(huge, huge.to_act, legal_actions, *classes) is None
    assert wire.dynamic_part(huge, 0) == wire._dynamic_part_py(huge, 0)
    # legal actions that are not a tuple of bools and ints, or none: left to the reference
    for legal in (lambda s: None, lambda s: [1, 2], lambda s: (), lambda s: (1.5,), lambda s: (2**63,)):
        assert STATE_KERNEL.view_packed(state, state.to_act, legal, *classes) is None


def _fast_and_reference(state: HandState, seat: int, legal: Any = legal_actions) -> tuple[Any, Any]:
    """``view_packed``'s answer unpacked (or ``None``) and the reference's
    (or the error's type when one raises)."""
    answers: list[Any] = []
    for part in (lambda: _packed(state, seat, legal), lambda: wire._dynamic_part_py(state, seat)):
        try:
            answers.append(part())
        except Exception as error:  # noqa: BLE001 - compared, not swallowed
            answers.append(type(error))
    return answers[0], answers[1]


@pytest.mark.skipif(STATE_KERNEL is None, reason="no C accelerator (PyPy, or POKERKIT_CORE_PURE=1)")
def test_the_packed_dynamic_part_leaves_forged_fields_to_the_reference() -> None:
    """A state whose fields were rewritten with values of other types, sizes
    or ranges, or of a subclass of HandState: ``view_packed`` packs the
    reference's tuple or hands the state back (``None``), never another
    answer (its predecessor once read a plain tuple as a card, and a tuple
    subclass's items past its own ``__iter__``/``__len__``)."""

    class Odd(tuple):  # type: ignore[type-arg]
        def __iter__(self) -> Any:
            return iter(())

        def __len__(self) -> int:
            return 2

    states = [state for state in play_random(GameConfig.no_limit(players=3, stack=1_000), 3) if not state.is_over]
    card = Card("As")
    values: list[Any] = [
        None, -1, 0, 1, 2**70, True, "x", (), (1,), (1, 2, 3), (0, 0, 0), (2**58, 1, 1), (2**59, 1, 1),
        (True, 1, 1), (1.0, 1, 1), [1, 2, 3], (None, None, None), ((1, 2, 3),), ((0, 0, 5, 0),),
        (_new_card(52),), (_new_card(-1),), (card,) * 6, (card, card), Odd((card,)), object(), ((card,),),
        ((card,), (card,)), Odd(((card,),)), (0,) * 16, (1,) * 17, (True, False, True), (1, 0, 1),
    ]
    compared = handled = 0
    for state in states:
        for name in _FIELDS:
            for value in values:
                forged = copy_state(state)
                object.__setattr__(forged, name, value)
                for seat in range(3):
                    fast, reference = _fast_and_reference(forged, seat)
                    assert fast is None or fast == reference, (name, value, seat)
                    compared += 1
                    handled += fast is not None
    assert compared > 1000 and handled > 100

    class Seen(HandState):  # a subclass may read its fields otherwise
        @property
        def all_in(self) -> tuple[bool, ...]:
            return (True,) * 3

    seen = Seen.__new__(Seen)
    for name in _FIELDS:
        object.__setattr__(seen, name, getattr(states[0], name))
    for seat in range(3):
        fast, reference = _fast_and_reference(seen, seat)
        assert fast is None and (reference is InvalidConfigError or reference[9] == (True,) * 3)


@pytest.mark.skipif(STATE_KERNEL is None, reason="no C accelerator (PyPy, or POKERKIT_CORE_PURE=1)")
@pytest.mark.parametrize("where", ["street", "legal_actions"])
def test_the_packed_dynamic_part_is_read_before_python_code_runs(where: str) -> None:
    """Python code that ``view_packed`` runs (the street's ``_value_``, the
    legal_actions it calls) may replace or delete the state's fields: what
    it packs was read before (``view_dynamic``, its predecessor, once
    crashed reading freed tuples and a deleted field)."""
    state = copy_state(play_random(GameConfig.no_limit(players=3, stack=1_000), 1)[0])
    to_act = state._to_act

    def forge(target: HandState) -> None:
        object.__setattr__(target, "_stacks", tuple(10**6 + k for k in range(3)))
        object.__setattr__(target, "_contribs", tuple(7 + k for k in range(3)))
        for name in ("_bets", "_folded", "_call_to", "_to_act"):
            object.__delattr__(target, name)

    class Street:
        @property
        def _value_(self) -> int:
            forge(target)
            return 0

    def legal(target: HandState) -> tuple[Any, ...]:
        forge(target)
        return (True, 5)

    for round_ in range(50):  # (fresh tuples, held by the state alone)
        target = copy_state(state)
        stacks = tuple(1_000 + round_ + k for k in range(3))
        contribs = tuple(1 + round_ + k for k in range(3))
        object.__setattr__(target, "_stacks", stacks)
        object.__setattr__(target, "_contribs", contribs)
        if where == "street":
            object.__setattr__(target, "_street", Street())
        seat = to_act if where == "legal_actions" else (to_act + 1) % 3
        packed = STATE_KERNEL.view_packed(target, seat, legal, HandState, Card)
        del stacks, contribs
        assert packed is not None and not hasattr(target, "_bets")
        fast = wire.unpack_dynamic(packed)
        assert fast[1] == tuple(1_000 + round_ + k for k in range(3))
        assert fast[3] == tuple(1 + round_ + k for k in range(3)) and fast[4] == sum(fast[3])
        assert fast[2] == state._bets and fast[5] == to_act and fast[8] == state._folded
        assert fast[6] == ((True, 5) if where == "legal_actions" else None)


@pytest.mark.skipif(STATE_KERNEL is None, reason="no C accelerator (PyPy, or POKERKIT_CORE_PURE=1)")
@settings(max_examples=40, deadline=None)
@given(config=configs(), seed=st.integers(0, 2**32 - 1))
def test_the_packed_dynamic_part_equals_the_reference_on_any_table(config: GameConfig, seed: int) -> None:
    """Random tables (any seats, stacks, blinds, antes, straddles, boards),
    random play: every state and seat, ``view_packed`` packs the reference's
    tuple or gives ``None``."""
    for state in play_random(config, seed):
        for seat in range(config.seat_count):
            fast, reference = _fast_and_reference(state, seat)
            assert fast is None or fast == reference
            assert fast is not None or state.is_over or any(state.all_in) or any(state.shown_cards) \
                or len(state.boards) > 1 or 0 in state._stacks


def _unpacked(data: bytes) -> Any:
    """Both unpackers' answer to ``data``: the same tuple, or ValueError."""
    answers: list[Any] = []
    for unpack in (STATE_KERNEL.unpack_view, wire.unpack_dynamic):
        try:
            answers.append(unpack(data))
        except ValueError as error:
            assert str(error).startswith("packed view: ")
            answers.append(ValueError)
    assert answers[0] == answers[1], data
    return answers[0]


_SAMPLES = [
    wire.dynamic_part(state, seat)
    for config in CONFIGS[:3]
    for state in play_random(config, 5)
    for seat in (0, 1)
]


@pytest.mark.skipif(STATE_KERNEL is None, reason="no C accelerator (PyPy, or POKERKIT_CORE_PURE=1)")
@settings(max_examples=300, deadline=None)
@given(
    sample=st.sampled_from([data for data in _SAMPLES if type(data) is bytes]),
    cut=st.integers(0, 300),
    flips=st.lists(st.tuples(st.integers(0, 299), st.integers(0, 255)), max_size=4),
    tail=st.binary(max_size=12),
)
def test_unpacking_bad_bytes_raises_value_error(sample: bytes, cut: int, flips: list[tuple[int, int]],
                                                tail: bytes) -> None:
    """Packed views cut short, lengthened or with bytes changed: the C
    unpacker (which the policy's process runs) and the reference give the
    same tuple or both raise ValueError; neither reads past its input (run
    under AddressSanitizer by tools/asan_tests.sh)."""
    data = bytearray(sample[:cut] + tail)
    for at, value in flips:
        if at < len(data):
            data[at] = value
    answer = _unpacked(bytes(data))
    assert _unpacked(sample) == STATE_KERNEL.unpack_view(sample)
    if answer is not ValueError:
        assert wire.pack_dynamic(answer) == bytes(data)  # (the format has one spelling of a view)
    with pytest.raises(TypeError):
        STATE_KERNEL.unpack_view(bytearray(sample))


def test_parts_hold_no_other_seats_hidden_cards() -> None:
    config = GameConfig.no_limit(players=6, stack=3_000)
    state = play_random(config, 4)[0]
    for seat in range(6):
        static, dynamic = wire.state_parts(state, seat, None)
        others = {c.code for s, cards in enumerate(state.hole_cards) if s != seat and cards for c in cards}
        sent = pickle.dumps((static, dynamic))
        assert static[1] == bytes(c.code for c in state.hole_cards[seat])
        # before any showdown no other seat's cards appear anywhere in the parts
        assert all(bytes([code]) not in static[1] for code in others)
        view = wire.unpack_dynamic(dynamic) if isinstance(dynamic, bytes) else dynamic
        assert view[0] == b"" and view[10] == (None,) * 6 and len(sent) < 400
        assert isinstance(dynamic, bytes) or STATE_KERNEL is None  # (packed: a decision pre-flop)


def test_decide_state_answers_as_decide_and_checks_its_arguments() -> None:
    from pokerkit_core.engine.actions import Fold
    from pokerkit_core.errors import InvalidConfigError
    from pokerkit_core.players.isolation import IsolatedPolicy
    from pokerkit_core.engine.state import deal

    state = deal(GameConfig.no_limit(players=3, stack=1_000), seed=2)
    seat = state.to_act
    assert seat is not None
    with IsolatedPolicy("call") as policy:
        view = observe(state, seat, hand_number=4)
        assert policy.decide_state(state, seat, 4) == policy.decide(view)
        with pytest.raises(InvalidConfigError, match="expected a HandState"):
            policy.decide_state(view, seat)  # type: ignore[arg-type]
        with pytest.raises(InvalidConfigError):
            policy.decide_state(state, 7)
    # closed: the default action, from the state (fold facing the big blind)
    assert policy.decide_state(state, seat) is Fold
    checked = deal(GameConfig.no_limit(players=2, stack=1_000), seed=2)
    assert checked.to_act is not None
    assert policy.decide_state(checked, 1 - checked.to_act) is Fold  # not to act: no legal


def test_frames_split_and_joined_and_end_of_file() -> None:
    import os

    read_end, write_end = os.pipe()
    frames = wire.Frames(read_end)
    first, second, big = b"abc", b"", bytes(range(256)) * 100  # big: sent in two writes
    joined = b"".join(len(p).to_bytes(4, "big") + p for p in (first, second))
    wire.write_all(write_end, joined + len(big).to_bytes(4, "big") + big[:10])
    assert frames.next() == first and frames.next() == second
    wire.write_all(write_end, big[10:])
    assert frames.next() == big
    os.close(write_end)
    assert frames.next() is None  # end-of-file
    os.close(read_end)


def test_events_decoded_once_equal_the_codec() -> None:
    config = GameConfig.no_limit(players=3, stack=1_000)
    seen: dict[object, object] = {}
    for seed in range(5):
        history = play_random(config, seed)[-1].history
        encoded = compact.encode_events(history)
        assert wire.decode_events_once(encoded, seen) == compact.decode_events(encoded) == history
    assert 0 < len(seen) < 5 * len(history)  # recurring forms are kept once


def test_the_child_is_sent_a_new_static_part_when_the_hand_or_seat_changes() -> None:
    from bots import CardEcho

    from pokerkit_core.players.isolation import IsolatedPolicy
    from pokerkit_core.engine.state import deal

    config = GameConfig.no_limit(players=3, stack=1_000)

    def echoed(state: HandState, seat: int, number: int | None) -> int:
        hole = state.hole_cards[seat]
        assert hole is not None
        return 1000 + 52 * hole[0].code + hole[1].code + 10_000 * (number or 0)

    with IsolatedPolicy(CardEcho) as policy:
        for seed in range(4):  # new deals (each starts with the seat and number of the last)
            state = deal(config, seed=seed)
            for seat, number in ((2, None), (0, None), (0, None), (1, None), (1, 3), (1, 3), (2, None)):
                assert policy.decide_state(state, seat, number).to == echoed(state, seat, number)
        # a hook sends its own view (another hand number): the next decision sends its own again
        policy.hand_started(observe(state, 2, hand_number=5))
        assert policy.decide_state(state, 2, None).to == echoed(state, 2, None)


def test_a_view_with_malformed_legal_actions_is_refused() -> None:
    """The child rebuilds ``legal`` without the length check of ``_make``:
    it checks the length itself (a bug on the wire, reported by the child)."""
    state = play_random(CONFIGS[0], 1)[0]
    static, dynamic = wire.state_parts(state, state.to_act, None)
    tuple_form = wire.unpack_dynamic(dynamic) if isinstance(dynamic, bytes) else dynamic
    short = tuple_form[:6] + (tuple_form[6][:-1],) + tuple_form[7:]
    with pytest.raises(ValueError, match="legal actions of 13 fields"):
        wire.rebuild(wire.decode_static(static), short, ())
    packed_short = wire.pack_dynamic(short)  # (packed the same: the child checks after unpacking)
    assert packed_short is not None
    with pytest.raises(ValueError, match="legal actions of 13 fields"):
        wire.rebuild(wire.decode_static(static), packed_short, ())
    for form in (dynamic, tuple_form):
        assert wire.rebuild(wire.decode_static(static), form, state.history) == observe(state, state.to_act)


def test_a_forged_action_does_not_change_the_text_of_later_ones() -> None:
    """The child writes each action's text once; an Action made without its
    checks (a float amount) is written as it is but never cached, so the
    well-made action with the same value is still sent as itself."""
    from pokerkit_core.players import isolation_child as child
    from pokerkit_core.engine.actions import Action, ActionKind

    forged = tuple.__new__(Action, (ActionKind.RAISE, 301.0))
    made = Action(ActionKind.RAISE, 301)

    class Replays:
        def __init__(self, actions: list[Any]) -> None:
            self.actions = actions

        def decide(self, observation: object) -> Any:
            return self.actions.pop(0)

    lane = child._Lane(Replays([forged, made, made]))  # type: ignore[arg-type]
    answers = [child._answer(lane, child.DECIDE, None, None) for _ in range(3)]
    assert answers == ["a r 301.0", "a r 301", "a r 301"]


@pytest.mark.skipif(STATE_KERNEL is None, reason="no C accelerator (PyPy, or POKERKIT_CORE_PURE=1)")
def test_legal_actions_of_no_fields_are_not_packed() -> None:
    """Legal actions of no fields cannot be told from "not this seat's turn"
    (a count of 0) in the packed form: ``view_packed`` leaves them to the
    reference's tuple, and ``pack_dynamic``, its reference, gives ``None``
    for them too rather than bytes that unpack to other legal actions."""
    state = play_random(CONFIGS[0], 1)[0]
    seat = state.to_act
    assert seat is not None
    reference = wire._dynamic_part_py(state, seat)
    empty = reference[:6] + ((),) + reference[7:]
    assert STATE_KERNEL.view_packed(state, seat, lambda s: (), HandState, Card) is None
    assert wire.pack_dynamic(empty) is None
    packed = wire.pack_dynamic(reference)
    assert packed is not None and wire.unpack_dynamic(packed) == reference


def test_the_childs_kept_events_are_the_engines_after_a_callers_equal_one() -> None:
    """The child keeps each event it decoded by its compact form
    (``decode_events_once``); a caller's event equal in value to the
    engine's but of other field types is decoded anew and not kept (its
    request carries its forms in a list), so the engine's event after it in
    the same lane is still decoded as itself, and the other way round
    (found by review: the child once saw ``amount_added=100.0, all_in=0``)."""
    from pokerkit_core.engine.actions import Call
    from pokerkit_core.engine.events import ActionTaken
    from pokerkit_core.engine.rules import Street

    odd = ActionTaken(2, Call, Street.FLOP, 40.0, 0)  # type: ignore[arg-type]
    made = ActionTaken(2, Call, Street.FLOP, 40, False)
    assert odd == made
    for order in ((odd, made), (made, odd)):
        seen: dict[Any, Any] = {}  # (one lane of the child)
        for event in order:
            request = wire.Held().request(0, 1, 0, (event,), None, (), None, engine=event is made)[0]
            assert type(request[4]) is (tuple if event is made else list)
            assert repr(wire.decode_events_once(request[4], seen)) == repr((event,))  # (repr: the types too)


def _encoded_both_ways(history: tuple[Any, ...]) -> tuple[Any, Any]:
    """``encode_events`` in C (``csrc/pkc_view.c``; ``None``: declined) and
    the reference, ``compact.encode_event`` of each (or the error's type)."""
    fast = STATE_KERNEL.encode_events(history, compact._FAST_TABLE, Card, Action)
    try:
        reference: Any = tuple(map(compact.encode_event, history))
    except Exception as error:  # noqa: BLE001 - compared, not swallowed
        reference = type(error)
    return fast, reference


@pytest.mark.skipif(STATE_KERNEL is None, reason="no C accelerator (PyPy, or POKERKIT_CORE_PURE=1)")
@settings(max_examples=40, deadline=None)
@given(config=configs(), seed=st.integers(0, 2**32 - 1))
def test_events_encoded_in_c_are_the_references_forms(config: GameConfig, seed: int) -> None:
    """Random tables and play, every event kind (blinds, antes, straddles,
    actions, boards, shows, mucks, uncalled bets, awards with exact splits):
    the C encoder gives the reference's forms, types included."""
    for state in play_random(config, seed)[-1:]:
        history = tuple(state.history)
        fast, reference = _encoded_both_ways(history)
        assert fast is not None or any(type(e) not in compact._FAST_TABLE for e in history)
        assert fast is None or repr(fast) == repr(reference)
        assert repr(compact.encode_events(history)) == repr(reference)


@pytest.mark.skipif(STATE_KERNEL is None, reason="no C accelerator (PyPy, or POKERKIT_CORE_PURE=1)")
def test_events_of_other_kinds_or_field_types_are_left_to_the_reference() -> None:
    """An event of a class the table lacks (a subclass, a plain tuple) or a
    field not of the engine's type (a plain tuple as a card, a tuple as the
    action, an int as the street): the C encoder hands the history back
    (``None``) or gives exactly the reference's forms, never other ones."""
    from pokerkit_core.engine.actions import Call
    from pokerkit_core.engine.events import ActionTaken, BoardDealt, HandShown
    from pokerkit_core.engine.rules import Street

    class Later(ActionTaken):
        pass

    card = Card("As")
    good = (ActionTaken(0, Call, Street.FLOP, 10, False), BoardDealt(Street.FLOP, (card,) * 3))
    forged: list[Any] = [
        ActionTaken(0, (Call[0], 10), Street.FLOP, 10, False),  # type: ignore[arg-type]
        ActionTaken(0, Call, 1, 10, False),  # type: ignore[arg-type]
        BoardDealt(Street.FLOP, ((0, 0, 12, 0),) * 3),  # type: ignore[arg-type]
        BoardDealt(Street.FLOP, (_new_card(52),)),
        BoardDealt(Street.FLOP, [card]),  # type: ignore[arg-type]
        BoardDealt(Street.FLOP, (card,) * 8),
        HandShown(1, (card, object())),  # type: ignore[arg-type]
        Later(0, Call, Street.FLOP, 10, False),
        (1, 2, 3),
        object(),
    ]
    assert repr(_encoded_both_ways(good)[0]) == repr(_encoded_both_ways(good)[1])
    for event in forged:
        fast, reference = _encoded_both_ways(good + (event,))
        assert fast is None or repr(fast) == repr(reference), event
    assert STATE_KERNEL.encode_events(list(good), compact._FAST_TABLE, Card, Action) is None
    assert STATE_KERNEL.encode_events(good, {ActionTaken: (2, (0, 9, 0, 0, 0))}, Card, Action) is None
    assert STATE_KERNEL.encode_events(good, {ActionTaken: "x"}, Card, Action) is None


@pytest.mark.skipif(STATE_KERNEL is None, reason="no C accelerator (PyPy, or POKERKIT_CORE_PURE=1)")
def test_the_c_encoder_holds_its_table_entry_while_python_code_runs() -> None:
    """A field's ``_value_`` may be Python code that empties the table the C
    encoder reads: the entry it is using was held (a borrowed one would be
    freed under it), and the forms are still the reference's."""
    from pokerkit_core.engine.actions import Call
    from pokerkit_core.engine.events import ActionTaken

    class Street:
        @property
        def _value_(self) -> int:
            table.clear()
            return 1

    for _ in range(50):
        table = {ActionTaken: (2, tuple([0, 3, 2, 0, 0]))}  # (a fresh entry, held by the table alone)
        event = ActionTaken(0, Call, Street(), 10, False)  # type: ignore[arg-type]
        fast = STATE_KERNEL.encode_events((event,), table, Card, Action)
        assert fast == ((2, 0, ("call", 0), 1, 10, False),) and table == {}
