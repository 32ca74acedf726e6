"""examples/selfplay_dask.py: VectorEnv self-play rollouts as Dask tasks."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "selfplay_dask.py"


def load_example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("selfplay_dask_example", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_a_rollout_returns_a_gradient_of_the_policy_shape() -> None:
    example = load_example()
    weights = np.zeros((7, 134), np.float32)
    gradient, decisions, spread = example.rollout(weights, 8, 40, seed=2)
    assert gradient.shape == (7, 134) and decisions == 320
    assert np.isfinite(gradient).all() and np.abs(gradient).sum() > 0
    assert spread > 0
    again, _n, _s = example.rollout(weights, 8, 40, seed=2)
    assert np.array_equal(gradient, again)  # seeded: the same rollout

