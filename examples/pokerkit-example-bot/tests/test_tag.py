"""Tests of the example bot, run against the pokerkit_core match runner."""

from __future__ import annotations

from pokerkit_core.match.runner import run_match
from pokerkit_core.engine.observation import observe
from pokerkit_core.engine.rules import GameConfig
from pokerkit_core.engine.state import deal, legal_actions

from pokerkit_example_bot import TightAggressive


def test_returns_a_legal_action() -> None:
    state = deal(GameConfig.acpc_heads_up(), seed=1)
    bot = TightAggressive(seed=1)
    action = bot.decide(observe(state, state.to_act or 0))
    assert action in legal_actions(state)


def test_beats_the_calling_station() -> None:
    result = run_match([TightAggressive, "call"], hands=400, seed=1, duplicate=True)
    assert result.players[0].errors == 0
    assert result.players[0].mbb_per_hand > 0
