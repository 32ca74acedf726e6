"""Side pots and odd chips (pots.py), and resolve_pots on finished hands."""

from __future__ import annotations

from fractions import Fraction

import pytest
from strategies import play

from pokerkit_core import (
    AllIn,
    Call,
    Fold,
    GameConfig,
    HandCategory,
    HandOverError,
    Pot,
    deal,
    resolve_pots,
    show,
)
from pokerkit_core.engine.pots import award_pot, split_into_pots


def test_split_by_contribution_levels() -> None:
    pots = split_into_pots([100, 300, 300, 50], [False, False, False, True])
    assert pots == [Pot(350, (0, 1, 2)), Pot(400, (1, 2))]


def test_folded_chips_count_but_folded_player_is_never_eligible() -> None:
    # seat 2 put in 500 then folded; seat 0 is all-in for 100
    pots = split_into_pots([100, 600, 500, 600], [False, False, True, False])
    assert [(p.amount, p.eligible) for p in pots] == [(400, (0, 1, 3)), (1400, (1, 3))]
    assert sum(p.amount for p in pots) == 1800


def test_folded_chips_above_every_live_level_join_the_last_pot() -> None:
    pots = split_into_pots([50, 80, 0], [False, True, True])
    assert pots == [Pot(130, (0,))]


def test_award_odd_chips_clockwise_from_button() -> None:
    values = [5, 9, 9, 9]
    pot = Pot(100, (0, 1, 2, 3))
    # button seat 2: odd order 3, 0, 1, 2 -> winners 1, 2, 3 split 100 = 33 + 1 odd chip
    paid = award_pot(pot, values, (3, 0, 1, 2))
    assert paid.winners == (1, 2, 3) and dict(zip(paid.winners, paid.shares)) == {1: 33, 2: 33, 3: 34}
    paid = award_pot(Pot(101, (0, 1, 2, 3)), values, (3, 0, 1, 2))
    assert dict(zip(paid.winners, paid.shares)) == {1: 34, 2: 33, 3: 34}
    exact = award_pot(Pot(100, (0, 1, 2, 3)), values, (3, 0, 1, 2), exact=True)
    assert exact.shares == (Fraction(100, 3),) * 3
    even = award_pot(Pot(100, (1, 2)), values, (3, 0, 1, 2), exact=True)
    assert even.shares == (50, 50) and all(type(s) is int for s in even.shares)


def test_resolve_pots_needs_a_finished_hand() -> None:
    state = deal(GameConfig.no_limit(players=2), seed=1)
    with pytest.raises(HandOverError):
        resolve_pots(state)
    with pytest.raises(HandOverError):
        state.hand_results


def test_resolution_reports_ranks_of_shown_hands() -> None:
    config = GameConfig(stacks=(1000, 1000, 1000), button=0)
    state = deal(config, hole_cards=["AsAd", "KsKd", "7c2h"], board="AhKh3c9d2s")
    state = play(state, Fold, AllIn, Call)
    result = resolve_pots(state)
    assert set(result.shown) == {1, 2}  # a run-out shows both hands
    assert result.shown[1].category is HandCategory.THREE_OF_A_KIND
    assert result.shown[2].category is HandCategory.ONE_PAIR
    assert [str(c) for c in result.shown[1].best_five][:3] == ["Ks", "Kh", "Kd"]
    assert result.final_stacks == (1000, 2000, 0) and result.results == (0, 1000, -1000)
    assert result.pots == (Pot(2000, (1, 2), (1,), (2000,)),)


def test_voluntary_show_after_fold_win() -> None:
    state = play(deal(GameConfig.no_limit(players=2), seed=3), Fold)
    assert state.is_over and resolve_pots(state).shown == {}
    shown = show(state, 1)
    assert resolve_pots(shown).pots == resolve_pots(state).pots
    assert shown.history[-1].cards == state.hole_cards[1]  # type: ignore[union-attr]
