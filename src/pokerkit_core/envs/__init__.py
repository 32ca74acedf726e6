"""Reinforcement-learning environments on the pokerkit_core engine.

* :func:`env` / :func:`raw_env` (:class:`HoldemAECEnv`): a PettingZoo AEC
  environment in which every seat is an agent;
* :class:`HoldemEnv`: a Gymnasium environment for one seat, the other seats
  played by policies (the built-in AIs by name), registered as
  ``pokerkit_core/HeadsUp-v0`` (ACPC heads-up) and ``pokerkit_core/Holdem-v0``
  (six seats) when this package is imported;
* :class:`VectorEnv`: ``N`` tables stepped by one call into preallocated
  NumPy arrays (in C for heads-up no-limit).

Needs the optional extra ``rl`` (Gymnasium and PettingZoo)::

    pip install "pokerkit_core[rl]"    # from a source checkout: pip install ".[rl]"

``import pokerkit_core`` never imports this package.

References:
    The docs' "Reinforcement learning environments" page (observation layout,
    action sets, rewards, seeding).
"""

from __future__ import annotations

_MISSING = []
try:
    import gymnasium as _gymnasium
except ImportError:  # pragma: no cover - depends on the installation
    _MISSING.append("gymnasium")
try:
    import pettingzoo as _pettingzoo  # noqa: F401
except ImportError:  # pragma: no cover - depends on the installation
    _MISSING.append("pettingzoo")
if _MISSING:  # pragma: no cover - depends on the installation
    from ..errors import MissingExtraError

    raise MissingExtraError(" and ".join(_MISSING), "rl", "pokerkit_core.envs")

from ..engine.rules import GameConfig
from .encoding import (
    CHECK_CALL,
    DEFAULT_POT_FRACTIONS,
    FOLD,
    MIN_RAISE,
    DiscreteActions,
    ObservationEncoder,
    RaiseToActions,
)
from .core import ObservationSpace
from .aec import HoldemAECEnv, env, raw_env
from .gym_env import HoldemEnv
from .vector import VectorEnv

__all__ = [
    "CHECK_CALL",
    "DEFAULT_POT_FRACTIONS",
    "FOLD",
    "MIN_RAISE",
    "DiscreteActions",
    "RaiseToActions",
    "ObservationEncoder",
    "ObservationSpace",
    "HoldemAECEnv",
    "HoldemEnv",
    "VectorEnv",
    "env",
    "raw_env",
    "HEADS_UP_ID",
    "HOLDEM_ID",
]

HEADS_UP_ID = "pokerkit_core/HeadsUp-v0"
"""Gymnasium id of the ACPC heads-up environment (``opponents="random"`` by default)."""
HOLDEM_ID = "pokerkit_core/Holdem-v0"
"""Gymnasium id of a six-seat no-limit table (10,000 chips, 50/100)."""


def _register() -> None:
    registry = _gymnasium.envs.registry
    entry = "pokerkit_core.envs.gym_env:HoldemEnv"
    if HEADS_UP_ID not in registry:
        _gymnasium.register(id=HEADS_UP_ID, entry_point=entry)
    if HOLDEM_ID not in registry:
        _gymnasium.register(
            id=HOLDEM_ID, entry_point=entry, kwargs={"config": GameConfig.no_limit(players=6)}
        )


_register()
