"""The docs' bot example (examples/minraiser.py, included by docs/bots.rst)
type-checks under ``mypy --strict`` and plays by the rules."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from pokerkit_core import Bet, Call, Check, GameConfig, Raise, act, deal, observe
from pokerkit_core.match.runner import run_match

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "minraiser.py"
pytestmark = pytest.mark.skipif(not EXAMPLE.exists(), reason="examples/ not beside the tests")


def _example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("minraiser", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["minraiser"] = module  # run_match's workers look it up by name
    spec.loader.exec_module(module)
    return module


def test_bot_example_passes_mypy_strict() -> None:
    pytest.importorskip("mypy")
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", str(EXAMPLE)],
        capture_output=True,
        text=True,
        cwd=EXAMPLE.parents[1],
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_bot_docs_include_the_example_file() -> None:
    text = (EXAMPLE.parents[1] / "docs" / "bots.rst").read_text(encoding="utf-8")
    assert ".. literalinclude:: ../examples/minraiser.py" in text


def test_min_raiser_opens_the_betting_when_only_a_bet_is_legal() -> None:
    bot = _example().MinRaiser(seed=1)
    state = deal(GameConfig.no_limit(players=2), seed=3)
    preflop = observe(state, state.to_act)
    assert preflop.legal is not None and preflop.legal.can_raise
    assert bot.decide(preflop) == Raise(preflop.legal.min_raise_to)
    state = act(act(state, Call), Check)  # to the flop: nobody has bet
    flop = observe(state, state.to_act)
    assert flop.legal is not None and flop.legal.can_bet and not flop.legal.can_raise
    assert bot.decide(flop) == Bet(100)  # the minimum opening bet: one big blind
    state = act(state, Bet(100))
    facing = observe(state, state.to_act)
    assert bot.decide(facing) == Raise(200)


def test_min_raiser_plays_a_match_without_a_fault() -> None:
    result = run_match([_example().MinRaiser, "call"], hands=40, seed=1)
    assert result.errors == () and [p.errors for p in result.players] == [0, 0]
