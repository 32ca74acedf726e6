"""GameConfig validation, positions, presets and the rule-flavour objects."""

from __future__ import annotations

import pytest
from strategies import play

from pokerkit_core import (
    AllIn,
    BettingStructure,
    Call,
    Fold,
    GameConfig,
    IllegalActionError,
    InvalidConfigError,
    Raise,
    RuleFlavour,
    Street,
    act,
    deal,
    legal_actions,
)
from pokerkit_core.engine.rules import betting_rules


@pytest.mark.parametrize(
    "kwargs",
    [
        {"stacks": (100,)},
        {"stacks": (100,) * 11},
        {"stacks": (100, 100), "straddles": (200,)},
        {"stacks": (100,) * 3, "straddles": (50,)},
        {"stacks": (100,) * 3, "straddles": (200,), "betting": BettingStructure.FIXED_LIMIT},
        {"stacks": (100,) * 3, "antes": (1, 1)},
        {"stacks": (100,) * 3, "antes": (1, 1, 1), "ante": 1},
        {"stacks": (100,) * 3, "ante_rule": "big-blind"},
        {"stacks": (100,) * 3, "boards": 0},
        {"stacks": (100,) * 10, "boards": 7},
        {"stacks": (100,) * 2, "boards": 10},
        {"stacks": (100, 0, 0)},
        {"stacks": (100, -5)},
        {"stacks": (100, 1.5)},
        {"stacks": (100, True)},
        {"stacks": (100, 100), "big_blind": 0},
        {"stacks": (100, 100), "small_blind": 200},
        {"stacks": (100, 100), "ante": -1},
        {"stacks": (100, 100), "button": 2},
        {"stacks": (100, 0, 100), "small_blind_seat": 1, "big_blind_seat": 2},
        {"stacks": (100, 100, 100), "small_blind_seat": 1, "big_blind_seat": 1},
        {"stacks": (100, 100), "raise_cap": 0},
        {"stacks": (100, 100), "first_to_act": (0, 1)},
        {"stacks": (100, 100), "first_to_act": (0, 1, 1, 5)},
        {"stacks": (100, 100), "betting": "no-limit"},
        {"stacks": "100 100"},
    ],
)
def test_invalid_configs_raise(kwargs: dict[str, object]) -> None:
    with pytest.raises(InvalidConfigError):
        GameConfig(**kwargs)  # type: ignore[arg-type]


def test_positions_derived_from_button() -> None:
    ring = GameConfig(stacks=(100,) * 6, button=4)
    assert (ring.small_blind_seat, ring.big_blind_seat) == (5, 0)
    heads_up = GameConfig(stacks=(100, 100), button=1)
    assert (heads_up.small_blind_seat, heads_up.big_blind_seat) == (1, 0)
    gaps = GameConfig(stacks=(100, 0, 100, 0, 100), button=0)
    assert (gaps.small_blind_seat, gaps.big_blind_seat) == (2, 4)
    assert gaps.dealt_in == (0, 2, 4)
    two_live = GameConfig(stacks=(100, 0, 100), button=2)
    assert (two_live.small_blind_seat, two_live.big_blind_seat) == (2, 0)


def test_dead_button_with_explicit_blind_seats() -> None:
    # Seat 0 busted last hand and keeps the (dead) button; seat 1 posts no small blind.
    config = GameConfig(
        stacks=(0, 500, 500, 500), button=0, small_blind_seat=None, big_blind_seat=2
    )
    state = deal(config, seed=1)
    assert state.bets == (0, 0, 100, 0) and state.to_act == 3
    state = play(state, Call, Call, "k")
    assert state.street is Street.FLOP and state.to_act == 1  # first live seat left of button
    config = GameConfig(stacks=(500, 0, 500, 500), button=1, small_blind_seat=None)
    assert config.big_blind_seat == 2


def test_presets() -> None:
    acpc = GameConfig.acpc_heads_up(button=1)
    assert (acpc.stacks, acpc.small_blind, acpc.big_blind, acpc.ante) == ((20_000, 20_000), 50, 100, 0)
    assert (acpc.small_blind_seat, acpc.big_blind_seat) == (1, 0)
    nl = GameConfig.no_limit(players=9, stack=2_000, ante=10, button=8)
    assert nl.stacks == (2_000,) * 9 and nl.ante == 10 and nl.small_blind_seat == 0
    fl = GameConfig.fixed_limit(players=4, stack=1_000, small_blind=5, big_blind=10)
    assert fl.betting is BettingStructure.FIXED_LIMIT
    assert [fl.bet_size(s) for s in (Street.PREFLOP, Street.FLOP, Street.TURN, Street.RIVER)] == [
        10,
        10,
        20,
        20,
    ]
    assert (fl.small_bet, fl.big_bet, fl.raise_cap) == (10, 20, 4)


def test_configs_are_values() -> None:
    a = GameConfig(stacks=[100, 200])  # type: ignore[arg-type]
    b = GameConfig(stacks=(100, 200))
    assert a == b and hash(a) == hash(b) and a.stacks == (100, 200)
    with pytest.raises(AttributeError):
        a.ante = 5  # type: ignore[misc]


def test_default_rules_short_all_in_keeps_minimum() -> None:
    rules = betting_rules(BettingStructure.NO_LIMIT, RuleFlavour.DEFAULT)
    assert rules.after_raise(100, 100, 300, 100) == (200, True)
    assert rules.after_raise(300, 200, 400, 100) == (200, False)  # next min raise-to 600
    assert not rules.may_reraise(300, 400, 200, 100)
    assert rules.may_reraise(300, 500, 200, 100)


def test_acpc_rules_reopen_and_smaller_minimum() -> None:
    rules = betting_rules(BettingStructure.NO_LIMIT, RuleFlavour.ACPC)
    # raise to 300 over 100: next min raise-to 500; all-in to 400 -> max(500, 500) = 500
    assert rules.after_raise(100, 100, 300, 100) == (200, True)
    new_inc, _ = rules.after_raise(300, 200, 400, 100)
    assert 400 + new_inc == 500
    assert rules.may_reraise(300, 400, 100, 100)


def test_flavours_differ_on_short_all_in_multiway() -> None:
    # SB seat 3 (400 chips), BB seat 0; seat 1 raises to 300, seat 2 folds, seat 3 goes
    # all-in to 400 (short), the BB calls: may seat 1 raise again?
    for flavour, can_reraise, expected_min in (
        (RuleFlavour.DEFAULT, False, None),
        (RuleFlavour.ACPC, True, 500),
    ):
        config = GameConfig(stacks=(10_000, 10_000, 10_000, 400), button=2, flavour=flavour)
        state = deal(config, seed=2)  # SB 3, BB 0, seat 1 first
        assert state.to_act == 1
        state = play(state, Raise(300), Fold, AllIn, Call)
        legal = legal_actions(state)
        assert legal.seat == 1 and legal.call_amount == 100
        assert legal.can_raise is can_reraise
        if expected_min is not None:
            assert legal.min_raise_to == expected_min
        else:
            with pytest.raises(IllegalActionError, match="not reopened"):
                play(state, Raise(700))


# ---- hostile review: moving the button, derived fields, input types ----------


def test_with_button_rotates_auto_blind_seats() -> None:
    config = GameConfig(stacks=(100, 100, 100))
    moved = config.with_button(1)
    assert (moved.button, moved.small_blind_seat, moved.big_blind_seat) == (1, 2, 0)
    assert moved == GameConfig(stacks=(100, 100, 100), button=1)
    assert config.small_blind_seat == 1  # the original is unchanged
    heads_up = GameConfig.acpc_heads_up(button=0).with_button(1)
    assert (heads_up.small_blind_seat, heads_up.big_blind_seat) == (1, 0)
    assert heads_up.with_button(0) == GameConfig.acpc_heads_up(button=0)


def test_dataclasses_replace_rederives_auto_fields() -> None:
    import dataclasses

    config = GameConfig(stacks=(100, 100, 100, 100))
    moved = dataclasses.replace(config, button=2)
    assert (moved.small_blind_seat, moved.big_blind_seat) == (3, 0)
    # twice in a row: the memory of AUTO is carried along
    again = dataclasses.replace(moved, button=3)
    assert (again.small_blind_seat, again.big_blind_seat) == (0, 1)
    # a new value for one blind seat is explicit; the other stays AUTO
    pinned = dataclasses.replace(config, big_blind_seat=3)
    assert (pinned.small_blind_seat, pinned.big_blind_seat) == (2, 3)
    # default fixed-limit bet sizes follow a new big blind; explicit ones stay
    limit = GameConfig.fixed_limit(players=3, small_blind=5, big_blind=10)
    doubled = dataclasses.replace(limit, small_blind=10, big_blind=20)
    assert (doubled.small_bet, doubled.big_bet) == (20, 40)
    fixed = GameConfig(stacks=(100, 100), betting=BettingStructure.FIXED_LIMIT, small_bet=30)
    assert dataclasses.replace(fixed, big_blind=60, small_blind=30).small_bet == 30


def test_with_button_keeps_explicit_blind_seats() -> None:
    config = GameConfig(stacks=(100, 100, 100, 100), small_blind_seat=2, big_blind_seat=3)
    moved = config.with_button(1)
    assert (moved.button, moved.small_blind_seat, moved.big_blind_seat) == (1, 2, 3)
    dead = GameConfig(stacks=(0, 100, 100, 100), button=0, small_blind_seat=1, big_blind_seat=2)
    assert dead.with_button(0) == dead


def test_empty_button_needs_an_explicit_small_blind_seat() -> None:
    for stacks, button in (((0, 100, 100, 100), 0), ((100, 0, 100), 1)):
        with pytest.raises(InvalidConfigError, match="button seat .* is empty"):
            GameConfig(stacks=stacks, button=button)
    with pytest.raises(InvalidConfigError, match="is empty"):
        GameConfig(stacks=(0, 100, 100), button=0, big_blind_seat=None)
    with pytest.raises(InvalidConfigError, match="is empty"):
        GameConfig(stacks=(0, 100, 100, 100), button=1).with_button(0)
    # an explicit small blind seat (or None) makes a dead button fine
    ok = GameConfig(stacks=(0, 100, 100, 100), button=0, small_blind_seat=1)
    assert (ok.small_blind_seat, ok.big_blind_seat) == (1, 2)


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"muck_losing_hands": "no"}, "muck_losing_hands"),
        ({"muck_losing_hands": 1}, "muck_losing_hands"),
        ({"first_to_act": 5}, "first_to_act"),
        ({"first_to_act": "0101"}, "first_to_act"),
        ({"small_blind_seat": True}, "small_blind_seat"),
        ({"small_blind_seat": -1.0}, "small_blind_seat"),
        ({"_inputs": 5}, "private"),
    ],
)
def test_config_refuses_wrong_types(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidConfigError, match=message):
        GameConfig(stacks=(100, 100), **kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize("players", [2.5, "3", True, None, 1, 11])
def test_presets_refuse_bad_player_counts(players: object) -> None:
    with pytest.raises(InvalidConfigError, match="players must be an int from 2 to 10"):
        GameConfig.no_limit(players=players)  # type: ignore[arg-type]
    with pytest.raises(InvalidConfigError, match="players must be an int from 2 to 10"):
        GameConfig.fixed_limit(players=players)  # type: ignore[arg-type]


def test_pot_limit_preset_bounds_the_raise_by_the_pot() -> None:
    config = GameConfig.pot_limit(players=4, stack=5_000, small_blind=25, big_blind=50, ante=5)
    assert config.betting is BettingStructure.POT_LIMIT
    assert config.stacks == (5_000,) * 4 and config.ante == 5 and config.big_blind_seat == 2
    assert config == GameConfig(
        stacks=(5_000,) * 4, small_blind=25, big_blind=50, ante=5, betting=BettingStructure.POT_LIMIT
    )
    state = deal(config, seed=3)
    assert state.to_act == 3
    legal = legal_actions(state)
    # under the gun: call 50, then the pot is 4 * 5 + 25 + 50 + 50 = 145: raise to 50 + 145
    assert (legal.min_raise_to, legal.max_raise_to, legal.max_is_all_in) == (100, 195, False)
    with pytest.raises(IllegalActionError, match="pot-limit amount 195"):
        act(state, Raise(196))
    # a no-limit table of the same stakes lets the whole stack in
    assert legal_actions(deal(GameConfig.no_limit(players=4, stack=5_000, small_blind=25, big_blind=50, ante=5), seed=3)).max_raise_to == 4_995
    with pytest.raises(InvalidConfigError, match="players must be an int from 2 to 10"):
        GameConfig.pot_limit(players=11)


def test_pot_limit_maximum_raise() -> None:
    config = GameConfig(stacks=(10_000,) * 3, betting=BettingStructure.POT_LIMIT, button=0)
    state = deal(config, seed=1)
    legal = legal_actions(state)
    # button: call 100, then the pot is 50 + 100 + 100 = 250: raise to 100 + 250
    assert (legal.min_raise_to, legal.max_raise_to, legal.max_is_all_in) == (200, 350, False)
    with pytest.raises(IllegalActionError, match="pot-limit amount 350"):
        act(state, Raise(351))
    state = act(state, Raise(350))
    legal = legal_actions(state)
    # small blind: owes 300, pot after calling 500 + 300 = 800: raise to 350 + 800
    assert (legal.min_raise_to, legal.max_raise_to) == (600, 1_150)
    assert config.rules.raise_range(0, 100, 0, 40, (0, 0)) == (40, 40)  # short: all-in


@pytest.mark.parametrize(
    "preset",
    ["acpc_heads_up", "no_limit", "pot_limit", "fixed_limit", "big_blind_ante", "button_ante", "straddled"],
)
def test_presets_take_keywords_only(preset: str) -> None:
    """Every GameConfig preset refuses positional arguments (a bare 2 could be seats or a button)."""
    import inspect

    factory = getattr(GameConfig, preset)
    kinds = {p.kind for p in inspect.signature(factory).parameters.values()}
    assert kinds == {inspect.Parameter.KEYWORD_ONLY}
    with pytest.raises(TypeError, match="positional"):
        factory(2)
