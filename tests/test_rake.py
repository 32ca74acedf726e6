"""Cash-game rake (engine/rake.py, GameConfig.rake_*): amounts worked out by hand."""

from __future__ import annotations

import dataclasses
import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerkit_core import AllIn, Bet, Call, Check, Fold, GameConfig, Raise, act, deal, resolve_pots
from pokerkit_core.engine.events import PotAwarded, RakeTaken
from pokerkit_core.engine.rake import hand_rake, rake_cap_for, split_rake
from pokerkit_core.engine.state import legal_actions
from pokerkit_core.errors import InvalidConfigError
from pokerkit_core.formats import serialize

FIVE = Fraction(5, 100)


def raked(config: GameConfig, **fields: object) -> GameConfig:
    return dataclasses.replace(config, **fields)  # type: ignore[arg-type]


def check_down(state):  # type: ignore[no-untyped-def]
    while not state.is_over:
        state = act(state, Check)
    return state


def three_handed(**rake: object) -> GameConfig:
    # button 0, small blind 1 (5), big blind 2 (10); seat 0 acts first pre-flop
    return raked(GameConfig.no_limit(players=3, stack=1_000, small_blind=5, big_blind=10), **rake)


def test_percentage_of_the_pot_then_cap() -> None:
    # 100 each: pot 300, 5% = 15 (under the cap of 30); seat 0's aces win 285
    config = three_handed(rake_rate=FIVE, rake_cap=30)
    state = deal(config, hole_cards=["AsAd", "7c2d", "8h3s"], board="KcQd9s4h5c")
    state = check_down(act(act(act(state, Raise(100)), Call), Call))
    result = resolve_pots(state)
    assert result.rake == 15 and result.results == (185, -100, -100)
    assert result.pots[0].amount == 300 and result.pots[0].shares == (285,)
    assert state.stacks == (1_185, 900, 900)
    assert RakeTaken(0, 15) in state.history
    assert PotAwarded(0, (0,), (285,)) in state.history
    # the same hand under a cap of 10 chips
    capped = deal(raked(config, rake_cap=10), hole_cards=["AsAd", "7c2d", "8h3s"], board="KcQd9s4h5c")
    capped = check_down(act(act(act(capped, Raise(100)), Call), Call))
    assert resolve_pots(capped).rake == 10 and capped.stacks == (1_190, 900, 900)


def test_no_flop_no_drop() -> None:
    # seat 0 raises to 100, both blinds fold: 90 uncalled comes back, the pot
    # is 25 (10 + 5 + 10); no flop: no rake; without the rule 5% of 25 = 1
    config = three_handed(rake_rate=FIVE)
    state = act(act(act(deal(config, seed=3), Raise(100)), Fold), Fold)
    assert state.stacks == (1_015, 995, 990) and resolve_pots(state).rake == 0
    every = raked(config, no_flop_no_drop=False)
    state = act(act(act(deal(every, seed=3), Raise(100)), Fold), Fold)
    assert state.stacks == (1_014, 995, 990) and resolve_pots(state).rake == 1
    assert RakeTaken(0, 1) in state.history


def test_a_pot_won_without_showdown_after_the_flop_is_raked() -> None:
    # 20 each pre-flop (pot 60); on the flop seat 1 bets 40 and both others
    # fold: the 40 comes back, the 60 is raked 5% = 3, seat 1 wins 57
    config = three_handed(rake_rate=FIVE)
    state = act(act(act(deal(config, seed=5), Raise(20)), Call), Call)
    state = act(act(act(state, Bet(40)), Fold), Fold)
    assert state.stacks == (980, 1_037, 980) and resolve_pots(state).rake == 3


def test_side_pots_each_pay_their_share() -> None:
    # seat 0 all-in for 100, seats 1 and 2 put in 500 each: main pot 300
    # (seats 0-2), side pot 800 (seats 1-2); 10% of 1,100 = 110, taken in
    # proportion: 110 * 300 / 1,100 = 30 from the main pot, 80 from the side
    # pot.  Aces win 270, kings 720.
    config = raked(
        GameConfig(stacks=(100, 1_000, 1_000), small_blind=5, big_blind=10),
        rake_rate=Fraction(1, 10),
    )
    state = deal(config, hole_cards=["AsAd", "KsKd", "QsQd"], board="2c7d9h3s4h")
    state = check_down(act(act(act(state, AllIn), Raise(500)), Call))
    result = resolve_pots(state)
    assert [(p.amount, p.rake, p.winners, p.shares) for p in result.pots] == [
        (300, 30, (0,), (270,)),
        (800, 80, (1,), (720,)),
    ]
    assert state.stacks == (270, 1_220, 500) and result.rake == 110
    assert [e for e in state.history if isinstance(e, RakeTaken)] == [RakeTaken(0, 30), RakeTaken(1, 80)]


def test_odd_chip_of_a_raked_split_pot_goes_left_of_the_button() -> None:
    # heads-up, 110 each: pot 220, 5% = 11 (floor of 11.0), 209 left split
    # between two equal hands: 104 each and the odd chip to seat 1, the
    # first seat left of the button (seat 0)
    config = raked(GameConfig.no_limit(players=2, stack=1_000, small_blind=5, big_blind=10), rake_rate=FIVE)
    state = deal(config, hole_cards=["2c3d", "2d3c"], board="AsKsQsJsTs")
    state = check_down(act(act(state, Raise(110)), Call))
    pot = resolve_pots(state).pots[0]
    assert (pot.amount, pot.rake, pot.winners, pot.shares) == (220, 11, (0, 1), (104, 105))
    assert state.stacks == (994, 995)


def test_run_it_twice_takes_the_rake_once_before_the_boards() -> None:
    # 1,000 each all-in: 2,000, 5% capped at 30; 1,970 split 985 per board
    config = raked(
        GameConfig.no_limit(players=2, stack=1_000, small_blind=5, big_blind=10, boards=2),
        rake_rate=FIVE, rake_cap=30,
    )
    state = act(act(deal(config, seed=11), AllIn), Call)
    result = resolve_pots(state)
    assert result.rake == 30 and result.pots[0].rake == 30
    assert [sum(p.amount for p in parts) for parts in result.board_pots] == [985, 985]
    assert sum(state.stacks) == 1_970


def test_caps_by_players_dealt_in() -> None:
    assert rake_cap_for(50, ((2, 5), (4, 20)), 3) == 5
    assert rake_cap_for(50, ((2, 5), (4, 20)), 6) == 20
    assert rake_cap_for(50, ((4, 20),), 3) == 50
    config = three_handed(rake_rate=FIVE, rake_cap=30, rake_caps=((2, 5), (4, 20)))
    state = deal(config, hole_cards=["AsAd", "7c2d", "8h3s"], board="KcQd9s4h5c")
    state = check_down(act(act(act(state, Raise(100)), Call), Call))
    assert resolve_pots(state).rake == 5  # three players: the two-player cap


def test_rake_arithmetic() -> None:
    assert hand_rake(FIVE, None, (), True, total=999, players=6, flop_dealt=True) == 49
    assert hand_rake(FIVE, None, (), True, total=999, players=6, flop_dealt=False) == 0
    assert hand_rake(Fraction(1), 7, (), False, total=5, players=2, flop_dealt=False) == 5
    assert split_rake(7, (10, 10, 10)) == (3, 2, 2)
    assert split_rake(100, (1_800, 350)) == (84, 16)  # 83.7 and 16.3, one chip left to the main pot
    assert split_rake(0, (10,)) == (0,)


def test_rake_config_is_checked_and_keeps_its_json() -> None:
    config = three_handed(rake_rate="1/20", rake_cap=30)
    assert config.rake_rate == FIVE
    assert three_handed(rake_rate="0.045").rake_rate == Fraction(45, 1000)
    for bad in ({"rake_rate": Fraction(3, 2)}, {"rake_rate": 0.05}, {"rake_rate": "x"},
                {"rake_cap": -1}, {"rake_caps": ((1, 5),)}, {"rake_caps": (5,)},
                {"no_flop_no_drop": 1}):
        with pytest.raises(InvalidConfigError):
            three_handed(**bad)
    assert serialize.loads(serialize.dumps(config)) == config
    plain = serialize.dumps(GameConfig.no_limit())
    assert "rake" not in plain and serialize.loads(plain).rake_rate == 0


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    rate=st.fractions(min_value=0, max_value=Fraction(1, 5), max_denominator=100),
    cap=st.one_of(st.none(), st.integers(0, 300)),
    no_drop=st.booleans(),
    players=st.integers(2, 6),
)
def test_conservation_and_cap(seed: int, rate: Fraction, cap: int | None, no_drop: bool, players: int) -> None:
    # any hand: final stacks plus the rake are the starting chips, the rake
    # stays under its cap and its rate, and a hand over before the flop under
    # "no flop, no drop" pays none
    rng = random.Random(seed)
    stacks = tuple(rng.randrange(20, 2_000) for _ in range(players))
    config = GameConfig(stacks=stacks, small_blind=5, big_blind=10, rake_rate=rate, rake_cap=cap,
                        no_flop_no_drop=no_drop)
    state = deal(config, seed=seed)
    while not state.is_over:
        legal = legal_actions(state)
        pick = rng.random()
        if pick < 0.2 and legal.can_fold:
            state = act(state, Fold)
        elif pick < 0.4 and (legal.can_bet or legal.can_raise):
            to = rng.randint(legal.min_raise_to, legal.max_raise_to)
            state = act(state, Bet(to) if legal.can_bet else Raise(to))
        else:
            state = act(state, Check if legal.can_check else Call)
    result = resolve_pots(state)
    assert sum(state.stacks) + result.rake == sum(stacks)
    assert result.rake == sum(p.rake for p in result.pots)
    pot_total = sum(p.amount for p in result.pots)
    assert result.rake <= rate * pot_total
    if cap is not None:
        assert result.rake <= cap
    if no_drop and len(state.board) < 3:
        assert result.rake == 0
    for pot in result.pots:
        assert sum(pot.shares) == pot.amount - pot.rake


def test_a_raked_hand_round_trips_through_json_and_phh() -> None:
    # the side-pot hand above: its state in JSON, and as a PHH record whose
    # `_rake` (110 chips) the replay takes again, in the same proportion
    from pokerkit_core.formats import phh
    from pokerkit_core.formats.replay import record, replay

    config = raked(
        GameConfig(stacks=(100, 1_000, 1_000), small_blind=5, big_blind=10),
        rake_rate=Fraction(1, 10),
    )
    state = deal(config, hole_cards=["AsAd", "KsKd", "QsQd"], board="2c7d9h3s4h")
    state = check_down(act(act(act(state, AllIn), Raise(500)), Call))
    again = serialize.loads(serialize.dumps(state))
    assert again.stacks == state.stacks == (270, 1_220, 500) and resolve_pots(again).rake == 110
    hand = record(state)
    text = phh.dumps(hand)
    assert hand.rake == 110 and "_rake = 110" in text
    result = replay(phh.loads(text))
    assert result.ok and resolve_pots(result.state).rake == 110  # type: ignore[arg-type]


# ------------------------------------------------------------- running total
def test_running_total_split_fills_the_cap_from_the_main_pot() -> None:
    # the side-pot hand above under RakeSplit.RUNNING_TOTAL, 10%, cap 40: the
    # main pot's running figure 10% of 300 = 30, then min(40, 110) = 40: the
    # main pot pays 30, the side pot the 10 left to the cap (in proportion it
    # would be 40 * 300 / 1,100 = 10.9 -> 11 and 29)
    from pokerkit_core.engine.rake import RakeSplit

    config = raked(
        GameConfig(stacks=(100, 1_000, 1_000), small_blind=5, big_blind=10),
        rake_rate=Fraction(1, 10), rake_cap=40, rake_split=RakeSplit.RUNNING_TOTAL,
    )
    state = deal(config, hole_cards=["AsAd", "KsKd", "QsQd"], board="2c7d9h3s4h")
    state = check_down(act(act(act(state, AllIn), Raise(500)), Call))
    result = resolve_pots(state)
    assert [(p.amount, p.rake, p.shares) for p in result.pots] == [(300, 30, (270,)), (800, 10, (790,))]
    assert state.stacks == (270, 1_290, 500) and sum(state.stacks) + result.rake == 2_100
    proportional = raked(config, rake_split=RakeSplit.PROPORTIONAL)
    state = deal(proportional, hole_cards=["AsAd", "KsKd", "QsQd"], board="2c7d9h3s4h")
    state = check_down(act(act(act(state, AllIn), Raise(500)), Call))
    assert [p.rake for p in resolve_pots(state).pots] == [11, 29]


def test_running_total_rounds_to_the_nearest_chip() -> None:
    from pokerkit_core.engine.rake import running_total_rake

    # PokerStars hand 85998509763: 4.5% of 562, 1348, 1984 = 25.29, 60.66,
    # 89.28 -> 25, 61, 89: the pots pay 25, 36, 28
    assert running_total_rake(Fraction(45, 1000), 89, (562, 786, 636)) == (25, 36, 28)
    # the hand's rake rounds to the nearest chip too: 4.5% of 1,990 = 89.55 -> 90
    assert hand_rake(Fraction(45, 1000), None, (), False, total=1_990, players=3, flop_dealt=True,
                     nearest=True) == 90
    assert hand_rake(Fraction(45, 1000), None, (), False, total=1_990, players=3, flop_dealt=True) == 89
    # a half chip rounds up: 5% of 10 = 0.5 -> 1 (down: 0)
    assert hand_rake(FIVE, None, (), False, total=10, players=2, flop_dealt=True, nearest=True) == 1


def test_rake_split_is_checked_and_keeps_its_json() -> None:
    from pokerkit_core.engine.rake import RakeSplit

    with pytest.raises(InvalidConfigError, match="rake_split must be a RakeSplit"):
        GameConfig(stacks=(100, 100), rake_split="running-total")  # type: ignore[arg-type]
    config = GameConfig(stacks=(100, 100), rake_rate=FIVE, rake_split=RakeSplit.RUNNING_TOTAL)
    text = serialize.dumps(config)
    assert '"rake_split":"running-total"' in text.replace(" ", "") and serialize.loads(text) == config
    assert "rake_split" not in serialize.dumps(GameConfig(stacks=(100, 100), rake_rate=FIVE))


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    rate=st.fractions(min_value=0, max_value=Fraction(1, 5), max_denominator=200),
    cap=st.one_of(st.none(), st.integers(0, 300)),
    players=st.integers(2, 6),
)
def test_running_total_conserves_chips(seed: int, rate: Fraction, cap: int | None, players: int) -> None:
    # all-in hands with side pots: stacks plus rake are the starting chips,
    # each pot pays at most what it holds, the pots' parts add up to the
    # hand's rake, which is rate * pot rounded to the nearest chip, capped
    from pokerkit_core.engine.rake import RakeSplit

    rng = random.Random(seed)
    stacks = tuple(rng.randrange(20, 2_000) for _ in range(players))
    config = GameConfig(stacks=stacks, small_blind=5, big_blind=10, rake_rate=rate, rake_cap=cap,
                        no_flop_no_drop=False, rake_split=RakeSplit.RUNNING_TOTAL)
    state = deal(config, seed=seed)
    while not state.is_over:
        legal = legal_actions(state)
        state = act(state, AllIn if rng.random() < 0.5 and (legal.can_bet or legal.can_raise) else
                    (Check if legal.can_check else Call))
    result = resolve_pots(state)
    assert sum(state.stacks) + result.rake == sum(stacks)
    total = sum(p.amount for p in result.pots)
    expected = int(rate * total + Fraction(1, 2))
    assert result.rake == (expected if cap is None else min(cap, expected))
    for pot in result.pots:
        assert 0 <= pot.rake <= pot.amount and sum(pot.shares) == pot.amount - pot.rake
def test_a_hostile_rake_config_is_refused() -> None:
    # "1e-10000000" took Fraction 13 s to read (a JSON config's text); a
    # denominator of thousands of digits printed nowhere (repr and the JSON
    # writer raised ValueError); two caps for one number of players left the
    # cap to the order of the pairs
    for text in ("1e-10000000", "5e-2", "-0", " 0.05", "0.05\n", "1/" + "1" * 5000, "1" * 20 + "/3"):
        with pytest.raises(InvalidConfigError, match="rake_rate must be a Fraction"):
            three_handed(rake_rate=text)
    with pytest.raises(InvalidConfigError, match="denominator up to MAX_CHIPS"):
        three_handed(rake_rate=Fraction(1, 10**5000))
    assert three_handed(rake_rate=Fraction(1, 10**18)).rake_rate == Fraction(1, 10**18)
    with pytest.raises(InvalidConfigError, match=r"rake_caps\[1\] gives a second cap for 2 players"):
        three_handed(rake_caps=((2, 5), (2, 1)))
    config = three_handed(rake_caps=((3, 5), (2, 1)))
    assert config.rake_caps == ((3, 5), (2, 1)) and serialize.loads(serialize.dumps(config)) == config
