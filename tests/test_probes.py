"""The built-in policies' stated strategies (``action_probabilities`` and its
batch form, the probe protocol of pokerkit_core.engine.policy) match what their
``decide`` plays, and stating them is a pure read.

References:
    docs/bots.rst ("Being probed"); Lisý and Bowling (2017), arXiv:1612.07547.
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections import Counter

import pytest

from pokerkit_core import GameConfig, deal, observe
from pokerkit_core.engine.actions import ActionKind
from pokerkit_core.ai.lbr import COMBOS
from pokerkit_core.engine.observation import Observation
from pokerkit_core.engine.policy import ProbeablePolicy, RangeProbeablePolicy, load_policy, policy_factory
from pokerkit_core.engine.state import act

NAMES = ("random", "call", "raise", "easy", "normal")


def _spots(count: int, seed: int) -> list[Observation]:
    """Views of the seat to act, from hands played by a random policy (often
    reaching the turn and river: it calls or raises two times in three)."""
    rng = random.Random(seed)
    driver = load_policy("random", seed=seed)
    spots: list[Observation] = []
    while len(spots) < count:
        state = deal(GameConfig.acpc_heads_up(button=rng.randrange(2)), seed=rng.getrandbits(32))
        while not state.is_over and state.to_act is not None:
            view = observe(state, state.to_act, hand_number=len(spots))
            spots.append(view)
            state = act(state, driver.decide(view))
    return spots[:count]


def _by_kind(dist: object) -> dict[object, float]:
    """Random's raises are spread over every raise-to total: compare by kind."""
    out: Counter[object] = Counter()
    for action, p in dist:  # type: ignore[attr-defined]
        kind = action.kind
        out["raise" if kind in (ActionKind.BET, ActionKind.RAISE, ActionKind.ALL_IN) else action] += p
    return dict(out)


@pytest.mark.parametrize("name", NAMES)
def test_stated_strategy_is_a_legal_distribution(name: str) -> None:
    policy = load_policy(name, seed=1)
    assert isinstance(policy, RangeProbeablePolicy) and isinstance(policy, ProbeablePolicy)
    for view in _spots(60, seed=2):
        dist = policy.action_probabilities(view)
        assert view.legal is not None
        assert abs(sum(p for _, p in dist) - 1.0) < 1e-9
        assert all(p > 0 for _, p in dist)
        assert all(action in view.legal for action, _ in dist)
        assert len({action for action, _ in dist}) == len(dist)  # each action once


@pytest.mark.parametrize("name", NAMES)
def test_decide_plays_the_stated_strategy(name: str) -> None:
    """Deterministic spots: ``decide`` returns the one stated action for every
    seed.  Mixed spots: over 400 seeds each action's frequency is within 4.5
    standard errors of its stated probability (and nothing unstated occurs)."""
    factory = policy_factory(name)
    mixed_spots = 0
    for view in _spots(30, seed=3):
        dist = factory(seed=0).action_probabilities(view)  # type: ignore[attr-defined]
        if len(dist) == 1:
            for seed in range(5):
                assert factory(seed=seed).decide(view) == dist[0][0]
            continue
        mixed_spots += 1
        n = 400
        counts: Counter[object] = Counter()
        for seed in range(n):
            counts[factory(seed=seed).decide(view)] += 1
        stated = _by_kind(dist) if name == "random" else dict(dist)
        seen = _by_kind([(a, c / n) for a, c in counts.items()]) if name == "random" else {
            a: c / n for a, c in counts.items()
        }
        assert set(seen) <= set(stated)
        for action, p in stated.items():
            tolerance = 4.5 * math.sqrt(p * (1 - p) / n) + 1e-9
            assert abs(seen.get(action, 0.0) - p) <= tolerance, (view, action, p, seen)
    if name in ("random", "easy", "normal"):
        assert mixed_spots > 0  # the test saw mixed strategies


@pytest.mark.parametrize("name", NAMES)
def test_batch_form_equals_one_pair_at_a_time(name: str) -> None:
    policy = load_policy(name, seed=4)
    rng = random.Random(5)
    for view in _spots(25, seed=6):
        board = {c.code for c in view.board}
        pairs = [p for p in rng.sample(COMBOS, 40) if not {p[0].code, p[1].code} & board]
        pairs = pairs[: 3 if name == "random" else 20]  # random lists each raise-to total
        batch = policy.range_action_probabilities(view, pairs)
        assert len(batch) == len(pairs)
        for pair, dist in zip(pairs, batch):
            single = policy.action_probabilities(dataclasses.replace(view, hole_cards=pair))
            assert dict(dist) == pytest.approx(dict(single), abs=1e-12)


@pytest.mark.parametrize("name", ("random", "easy", "normal"))
def test_stating_the_strategy_is_a_pure_read(name: str) -> None:
    """A policy probed before each decision plays exactly as one never probed."""
    probed, plain = load_policy(name, seed=9), load_policy(name, seed=9)
    assert isinstance(probed, RangeProbeablePolicy)
    for view in _spots(80, seed=7):
        board = {c.code for c in view.board}
        pairs = [p for p in COMBOS[:60] if not {p[0].code, p[1].code} & board][:30]
        probed.action_probabilities(view)
        probed.range_action_probabilities(view, pairs)
        assert probed.decide(view) == plain.decide(view)
