"""HandState, deal, act: immutability, dealing options, errors, history, run-outs."""

from __future__ import annotations

import pytest
from strategies import check_down, play

from pokerkit_core import (
    Action,
    ActionTaken,
    AllIn,
    Bet,
    BlindPosted,
    BoardDealt,
    Call,
    Card,
    CardError,
    Check,
    Fold,
    GameConfig,
    HandMucked,
    HandOverError,
    HandShown,
    HoleCardsDealt,
    IllegalActionError,
    InvalidConfigError,
    PotAwarded,
    Raise,
    UncalledBetReturned,
    Street,
    act,
    deal,
    legal_actions,
    observe,
    parse_cards,
    show,
)


def test_states_are_immutable_and_branch_independently() -> None:
    state = deal(GameConfig.no_limit(players=3), seed=1)
    with pytest.raises(AttributeError):
        state.stacks = (1, 2, 3)  # type: ignore[misc]
    with pytest.raises(AttributeError):
        state.extra = 1  # type: ignore[attr-defined]
    before = (state.stacks, state.bets, state.history, state.to_act)
    raised = act(state, Raise(300))
    folded = act(state, Fold)
    assert (state.stacks, state.bets, state.history, state.to_act) == before
    assert raised.bets[0] == 300 and folded.folded[0] and not raised.folded[0]
    assert raised.history[: len(state.history)] == state.history


def test_deal_posts_antes_then_blinds_and_deals_seat_order() -> None:
    config = GameConfig(stacks=(500, 500, 0, 500), ante=10, button=3)
    state = deal(config, seed=2)
    kinds = [(type(e).__name__, e.seat) for e in state.history]  # type: ignore[union-attr]
    assert kinds == [
        ("BlindPosted", 0),
        ("BlindPosted", 1),
        ("BlindPosted", 3),
        ("BlindPosted", 0),
        ("BlindPosted", 1),
        ("HoleCardsDealt", 0),
        ("HoleCardsDealt", 1),
        ("HoleCardsDealt", 3),
    ]
    assert state.history[3] == BlindPosted(0, 50, "small blind")
    assert state.history[4] == BlindPosted(1, 100, "big blind")
    assert state.hole_cards[2] is None and state.folded[2]
    assert state.pot == 180 and state.to_act == 3 and state.seats_in_hand == (0, 1, 3)


def test_deck_order_and_known_cards() -> None:
    config = GameConfig.no_limit(players=2)
    deck = parse_cards("AsKs QdQh 2c3c4c 5d 6h")
    state = deal(config, deck=deck)
    assert state.hole_cards == (parse_cards("AsKs"), parse_cards("QdQh"))
    final = check_down(state)
    assert final.board == parse_cards("2c3c4c5d6h")
    known = deal(config, hole_cards=[None, "7h7d"], board="2c3c", seed=5)
    assert known.hole_cards[1] == parse_cards("7h7d")
    full = check_down(known).board
    assert full[:2] == parse_cards("2c3c") and len(set(full) | set(known.hole_cards[0] or ())) == 7
    assert not set(full) & set(parse_cards("7h7d"))


@pytest.mark.parametrize(
    "kwargs",
    [
        {"deck": "AsKs"},
        {"deck": "AsAs2c3c4c5c6c7c8c"},
        {"deck": "AsKsQsJsTs9s8s7s6s", "board": "2c"},
        {"hole_cards": ["AsKs"]},
        {"hole_cards": ["AsKs", "AsQd"]},
        {"hole_cards": ["AsKsQs", None]},
        {"board": "2c3c4c5c6c7c"},
        {"board": "2c2c"},
        {"hole_cards": [[1, 2], None]},
    ],
)
def test_bad_cards_raise(kwargs: dict[str, object]) -> None:
    with pytest.raises(CardError):
        deal(GameConfig.no_limit(players=2), **kwargs)  # type: ignore[arg-type]


def test_deal_needs_a_config() -> None:
    with pytest.raises(InvalidConfigError):
        deal("6-max")  # type: ignore[arg-type]


def test_errors_after_the_hand_and_bad_action_values() -> None:
    state = deal(GameConfig.no_limit(players=2), seed=3)
    with pytest.raises(IllegalActionError) as info:
        act(state, "c")  # type: ignore[arg-type]
    assert "Action" in str(info.value)
    with pytest.raises(IllegalActionError) as info:
        act(state, Check)
    assert "cannot check: 50 to call" in str(info.value)
    assert "legal: fold, call 50, raise to 200..10000 (all-in)" in str(info.value)
    with pytest.raises(IllegalActionError, match="raise instead"):
        act(state, Bet(300))
    with pytest.raises(IllegalActionError, match="more than your 10000 chips"):
        act(state, Raise(10_001))
    over = act(state, Fold)
    assert over.is_over and over.to_act is None and over.street is Street.SHOWDOWN
    with pytest.raises(HandOverError):
        act(over, Call)
    with pytest.raises(HandOverError):
        legal_actions(over)
    with pytest.raises(HandOverError):
        show(state, 0)
    with pytest.raises(InvalidConfigError):
        show(over, 7)
    with pytest.raises(InvalidConfigError):
        show(show(over, 1), 1)


def test_all_in_recorded_as_what_it_was() -> None:
    config = GameConfig(stacks=(1000, 300), small_blind=10, big_blind=20)
    state = play(deal(config, seed=4), Raise(100), AllIn)
    taken = [e for e in state.history if isinstance(e, ActionTaken)]
    assert taken[-1] == ActionTaken(1, Raise(300), Street.PREFLOP, 280, True)
    state = play(deal(config, seed=4), Call, Check, AllIn)
    assert [e for e in state.history if isinstance(e, ActionTaken)][-1].action == Bet(280)


def test_run_out_shows_hands_before_the_board() -> None:
    config = GameConfig(stacks=(1000, 1000), small_blind=10, big_blind=20)
    state = deal(config, hole_cards=["AsAd", "KsKd"], board="2c7d9hJs3c")
    state = play(state, AllIn, Call)
    kinds = [type(e) for e in state.history if not isinstance(e, (BlindPosted, HoleCardsDealt))]
    assert kinds == [
        ActionTaken,
        ActionTaken,
        HandShown,
        HandShown,
        BoardDealt,
        BoardDealt,
        BoardDealt,
        PotAwarded,
    ]
    assert state.stacks == (2000, 0)


def test_river_showdown_shows_every_hand_by_default_and_mucks_on_request() -> None:
    holes = ["AsAd", "KsKd", "7c2h"]
    everyone = deal(GameConfig(stacks=(1000, 1000, 1000), button=0), hole_cards=holes, board="AhKh3c9d4s")
    final_all = check_down(play(everyone, Call, Call, Check))
    # RULES.md section 2: after the river the hands still in are shown
    order_all = [e.seat for e in final_all.history if isinstance(e, (HandShown, HandMucked))]
    assert order_all == [1, 2, 0]
    assert not any(isinstance(e, HandMucked) for e in final_all.history)
    assert final_all.shown_cards == tuple(tuple(parse_cards(h)) for h in holes)
    assert GameConfig.acpc_heads_up().muck_losing_hands is False
    config = GameConfig(stacks=(1000, 1000, 1000), button=0, muck_losing_hands=True)
    state = deal(config, hole_cards=holes, board="AhKh3c9d4s")
    final = check_down(play(state, Call, Call, Check))
    shown = {e.seat for e in final.history if isinstance(e, HandShown)}
    mucked = {e.seat for e in final.history if isinstance(e, HandMucked)}
    # showing order starts left of the button: KK (seat 1) shows first, 72
    # cannot beat it and is mucked, AA wins and shows
    assert shown == {0, 1} and mucked == {2}
    order = [e.seat for e in final.history if isinstance(e, (HandShown, HandMucked))]
    assert order == [1, 2, 0]
    assert final.shown_cards[2] is None
    assert final_all.stacks == final.stacks == (1200, 900, 900)


def test_muck_option_still_shows_an_all_in_loser() -> None:
    # seat 2 (72) is all-in for 300 on the river and loses: Poker TDA Rule
    # 16, face up for all-ins: every hand is shown, the all-in bettor's first
    # (last aggressor), then AA, then KK although it cannot beat AA
    config = GameConfig(stacks=(1000, 1000, 300), button=0, muck_losing_hands=True)
    holes = ["AsAd", "KsKd", "7c2h"]
    state = deal(config, hole_cards=holes, board="AhKh3c9d4s")
    state = play(state, Call, Call, Check, *[Check] * 6)
    assert state.street is Street.RIVER and state.to_act == 1
    state = play(state, Check, AllIn, Call, Call)
    assert state.is_over
    events = [(type(e).__name__, e.seat) for e in state.history if isinstance(e, (HandShown, HandMucked))]
    assert events == [("HandShown", 2), ("HandShown", 0), ("HandShown", 1)]
    assert state.contributions == (300, 300, 300)
    assert state.stacks == (1600, 700, 0)
    # the same river without the all-in: 72 is mucked
    quiet = check_down(deal(config, hole_cards=holes, board="AhKh3c9d4s"))
    assert [e.seat for e in quiet.history if isinstance(e, HandMucked)] == [2]


def test_everyone_all_in_from_the_blinds_runs_out_at_once() -> None:
    config = GameConfig(stacks=(30, 80), small_blind=50, big_blind=100)
    state = deal(config, seed=9)
    assert state.is_over and len(state.board) == 5
    assert sum(state.stacks) == 110
    (returned,) = [e for e in state.history if isinstance(e, UncalledBetReturned)]
    assert (returned.seat, returned.amount) == (1, 50)  # 80 posted, 30 matched


def test_first_to_act_override() -> None:
    # ACPC 3-player files: firstPlayer = 3 1 1 1 (1-based) with blinds on seats 0 and 1
    config = GameConfig(
        stacks=(1000,) * 3, button=2, small_blind_seat=0, big_blind_seat=1, first_to_act=(2, 0, 0, 0)
    )
    state = deal(config, seed=1)
    assert state.to_act == 2
    state = play(state, Call, Call, Check)
    assert state.street is Street.FLOP and state.to_act == 0


def test_observation_of_a_state() -> None:
    state = deal(GameConfig.no_limit(players=3), seed=11)
    view = observe(state, 0)
    assert view.legal == legal_actions(state) and view.hole_cards == state.hole_cards[0]
    other = observe(state, 1, hand_number=12)
    assert other.legal is None and other.hand_number == 12
    assert other.stacks == state.stacks and other.pot == state.pot == 150
    assert other.shown_cards == (None, None, None)
    with pytest.raises(InvalidConfigError):
        observe(state, 3)
    assert all(isinstance(c, Card) for c in view.hole_cards)


def test_repr_is_informative() -> None:
    state = deal(GameConfig.no_limit(players=2, stack=1000), seed=7)
    assert repr(state).startswith("<HandState preflop board=- stacks=(950, 900)")


def test_tutorial_page_examples() -> None:
    import doctest
    from pathlib import Path

    page = Path(__file__).resolve().parents[1] / "docs" / "tutorial.rst"
    if not page.exists():
        pytest.skip("docs/tutorial.rst is not in this checkout")
    result = doctest.testfile(
        str(page), module_relative=False, optionflags=doctest.NORMALIZE_WHITESPACE
    )
    assert result.attempted > 20 and result.failed == 0


def test_states_and_values_pickle() -> None:
    import pickle

    config = GameConfig.no_limit(players=3, ante=5)
    state = act(deal(config, seed=1), Raise(300))
    copy = pickle.loads(pickle.dumps(state))
    assert copy.history == state.history and copy.stacks == state.stacks
    assert act(copy, Call).bets == act(state, Call).bets == (300, 300, 100)
    assert pickle.loads(pickle.dumps(config)) == config
    assert pickle.loads(pickle.dumps(legal_actions(state))) == legal_actions(state)
    assert pickle.loads(pickle.dumps(observe(state, 1))) == observe(state, 1)


def test_no_raise_when_no_opponent_could_call_more() -> None:
    # Seat 2 shoves 158; the only other live player (the BB, 103 in total) cannot
    # even match it, so a raise from the SB could never be called.
    config = GameConfig(stacks=(108, 137, 163, 14, 1000), small_blind=10, big_blind=20, ante=5, button=3)
    state = play(deal(config, seed=1), Fold, AllIn, Fold)
    legal = legal_actions(state)
    assert (legal.seat, legal.call_amount, legal.can_raise) == (4, 148, False)
    assert str(legal) == "fold, call 148"
    deeper = GameConfig(stacks=(500, 137, 163, 14, 1000), small_blind=10, big_blind=20, ante=5, button=3)
    assert legal_actions(play(deal(deeper, seed=1), Fold, AllIn, Fold)).can_raise


def test_covered_short_blind_leaves_nothing_to_decide() -> None:
    # HU: the BB is all-in for 10, the SB already has 10 in: no action, run-out.
    config = GameConfig(stacks=(2540, 10), small_blind=10, big_blind=20, button=0)
    state = deal(config, seed=439)
    assert state.is_over and len(state.board) == 5
    assert not [e for e in state.history if isinstance(e, ActionTaken)]
    assert sum(state.stacks) == 2550
    # but a short blind that is still more than the SB must be answered
    facing = deal(GameConfig(stacks=(2540, 15), small_blind=10, big_blind=20, button=0), seed=1)
    legal = legal_actions(facing)
    assert (legal.seat, legal.call_amount, legal.can_raise) == (0, 10, False)
    called = act(facing, Call)
    assert UncalledBetReturned(0, 5) in called.history and called.pot == 30


# ---- hostile review: argument types and error messages -----------------------


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"deck": 5}, "deck must be card text or a sequence of Cards"),
        ({"board": 5}, "board must be card text or a sequence of Cards"),
        ({"hole_cards": [Card("As"), None]}, "hole_cards[0] must be card text"),
        ({"hole_cards": 5}, "hole_cards must be a list"),
        ({"hole_cards": "AsKs"}, "hole_cards must be a list"),
        ({"hole_cards": {0: "AsKs", 1: None}}, "hole_cards must be a list"),
        ({"hole_cards": ["AsKs", "AsQd"]}, "card As is given twice: seat 0's hole cards and seat 1's"),
        ({"hole_cards": ["AsKs", None], "board": "2c3cAs"}, "card As is given twice: seat 0's hole cards and the board"),
        ({"deck": "AsKsQsJsTs9s8s7sAs"}, "duplicate card As"),
        ({"deck": [Card(c) for c in ("As", "Ks", "Qs", "Js", "Ts", "9s", "As", "8s", "7s")]}, "the deck holds As twice"),
        ({"hole_cards": ["AsKsQs", None]}, "seat 0 needs 2 hole cards, got 3 in 'AsKsQs'"),
    ],
)
def test_bad_deal_arguments_name_the_problem(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(CardError) as info:
        deal(GameConfig.no_limit(players=2), **kwargs)  # type: ignore[arg-type]
    assert message in str(info.value)
    assert "in '0'" not in str(info.value)


def test_hole_cards_for_an_empty_seat_name_the_seat() -> None:
    config = GameConfig(stacks=(100, 0, 100))
    with pytest.raises(CardError, match="seat 1 is not dealt in") as info:
        deal(config, hole_cards=[None, "AsKs", None])
    assert "in '1'" not in str(info.value)


@pytest.mark.parametrize("seed", ["abc", 1.5, 7.0, b"x", True, False, [1], (1, 2)])
def test_deal_refuses_non_int_seeds(seed: object) -> None:
    config = GameConfig.no_limit(players=2)
    with pytest.raises(InvalidConfigError, match="seed must be an int or None"):
        deal(config, seed=seed)  # type: ignore[arg-type]
    with pytest.raises(InvalidConfigError, match="seed must be an int or None"):
        deal(config, seed=seed, board="2c3c4c")  # type: ignore[arg-type]


def test_negative_seeds_deal_differently_from_positive_ones() -> None:
    config = GameConfig.no_limit(players=2)
    assert deal(config, seed=-7).hole_cards != deal(config, seed=7).hole_cards
    assert deal(config, seed=-7).hole_cards == deal(config, seed=-7).hole_cards
    # two's complement in 128 bits (documented)
    assert deal(config, seed=-7).hole_cards == deal(config, seed=2**128 - 7).hole_cards
    # non-negative seeds deal as before: the engine's random.Random(seed)
    assert deal(config, seed=7).hole_cards == deal(config, seed=7, board=None).hole_cards


def test_show_and_observe_check_the_seat_type() -> None:
    import numpy

    state = deal(GameConfig.no_limit(players=2), seed=3)
    over = act(state, Fold)
    for bad in ("0", True, None, 0.0):
        with pytest.raises(InvalidConfigError, match="seat"):
            show(over, bad)  # type: ignore[arg-type]
        with pytest.raises(InvalidConfigError, match="seat"):
            observe(state, bad)  # type: ignore[arg-type]
    shown = show(over, numpy.int64(1))  # type: ignore[arg-type]
    assert shown.history[-1] == HandShown(1, state.hole_cards[1])  # type: ignore[arg-type]
    assert type(shown.history[-1].seat) is int
    view = observe(state, numpy.int64(1))  # type: ignore[arg-type]
    assert view.seat == 1 and type(view.seat) is int
    assert view.hole_cards == state.hole_cards[1]


def test_act_rechecks_fields_a_bot_rewrote() -> None:
    state = deal(GameConfig.no_limit(players=3), seed=1)
    before = (state.stacks, state.bets, state.history)
    kind = Raise(300).kind
    for forged_kind, to in (("raise", 300), (None, 300), (kind, 2.5), (kind, -300), (kind, 10**30)):
        # Actions cannot be rewritten; a bot can only build one around the
        # constructor, which act re-checks
        with pytest.raises((AttributeError, TypeError)):
            object.__setattr__(Raise(300), "to", to)
        action = tuple.__new__(Action, (forged_kind, to))
        with pytest.raises(IllegalActionError):
            act(state, action)
    assert (state.stacks, state.bets, state.history) == before
    after = act(state, Raise(300))
    taken = [e for e in after.history if isinstance(e, ActionTaken)][-1]
    assert taken.action == Raise(300) and after.bets[0] == 300


def test_events_and_pots_cannot_be_rewritten() -> None:
    final = check_down(deal(GameConfig.no_limit(players=2, stack=1000), seed=3))
    for event in final.history:
        with pytest.raises(AttributeError):
            object.__setattr__(event, "seat", 9)
    (pot,) = final.pots
    with pytest.raises(AttributeError):
        object.__setattr__(pot, "amount", 10**6)
    assert HandMucked(1) != HoleCardsDealt(1) and hash(HandMucked(1)) != hash(HoleCardsDealt(1))


def test_showdown_reads_the_engines_own_card_masks() -> None:
    config = GameConfig.no_limit(players=2, stack=1000)
    state = deal(config, hole_cards=["AsAd", "KsKd"], board="2c7d9h3s4h")
    state = play(state, Call, Check, Check, Check, Check, Check)
    assert state.street is Street.RIVER
    ace = parse_cards("As")[0]
    with pytest.raises((AttributeError, TypeError)):  # a bot cannot rewrite a shared card
        object.__setattr__(ace, "mask", 1 << 12)
    final = act(act(state, Check), Check)
    assert final.stacks == (1100, 900)


def test_every_event_class_compares_by_class_and_has_no_order() -> None:
    # seal_values is applied to exactly the classes of the Event union
    import typing

    from pokerkit_core.engine import events

    classes = typing.get_args(events.Event)
    assert len(classes) == 9
    posted = events.BlindPosted(1, 50, "small blind")
    assert posted != (1, 50, "small blind") and hash(posted) != hash((1, 50, "small blind"))
    for cls in classes:
        assert cls.__eq__ is events._eq and cls.__hash__ is events._hash
    with pytest.raises(TypeError, match="no order"):
        _ = posted < posted
