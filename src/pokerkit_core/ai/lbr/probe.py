"""The probe of the local best response: a policy's mixed strategy at an
observation, for many hole-card pairs (see :mod:`pokerkit_core.ai.lbr`).

References:
    Lisý and Bowling, arXiv:1612.07547 (2017); the probe protocol of
    :mod:`pokerkit_core.engine.policy`.
"""

from __future__ import annotations

import dataclasses
import math
import random
from typing import Callable, Sequence, Union

from ...engine.actions import Action, ActionKind, default_action
from ...evaluation.cards import Card
from ...errors import ProbeError, shown
from ...engine.events import ActionTaken
from ...engine.observation import Observation
from ...engine.policy import Policy, method_of

__all__ = ["PROBE_TOLERANCE", "Dist", "PolicySpec", "Probe", "probability_of"]

PROBE_TOLERANCE = 1e-6
"""How far from 1 a probed distribution's probabilities may sum (the
protocol asks for 1e-9; this leaves room for rounding in batch forms)."""

_SAMPLE_CHECKS = 6
"""With the sampling probe: decisions at which two fresh same-seed instances
are compared, on top of the check before the run."""

Dist = Sequence[tuple[Action, float]]
PolicySpec = Union[str, Callable[..., Policy]]


def _seed(*parts: object) -> int:
    """A 63-bit seed derived from ``parts`` (stable across runs and platforms)."""
    return random.Random(":".join(map(str, parts))).getrandbits(63)


def _decision_index(observation: Observation) -> int:
    return sum(1 for event in observation.history if isinstance(event, ActionTaken))


def _check_dist(dist: object, name: str) -> Dist:
    try:
        total = 0.0
        for action, p in dist:  # type: ignore[attr-defined]
            if not isinstance(action, Action) or not (p >= 0.0) or math.isinf(p):
                raise TypeError
            total += p
    except Exception:
        raise ProbeError(
            f"policy {shown(name)} answered {shown(dist)}: not (action, probability) pairs"
        ) from None
    if abs(total - 1.0) > PROBE_TOLERANCE:
        raise ProbeError(f"policy {shown(name)}'s probabilities sum to {total!r}, not 1")
    return dist  # type: ignore[return-value]


class Probe:
    """Asks a policy for its mixed strategy at an observation, for many
    hole-card pairs at once (see the module documentation).

    Args:
        policy: The live policy (asked directly in modes ``"range"`` and
            ``"single"``).
        factory: The policy's factory, called as ``factory(seed=seed)``
            (needed only by the sampling mode).
        seed: Probe seed, from which the sampling mode derives its seeds.
        mode: ``"range"``, ``"single"`` or ``"sample"``; ``None``: the best
            the policy allows.

    Raises:
        ProbeError: The policy has neither probe method and ``factory`` is
            ``None`` or cannot be called as ``factory(seed=seed)``, or ``mode``
            asks for a method the policy lacks.
    """

    def __init__(
        self,
        policy: Policy,
        *,
        factory: Callable[..., Policy] | None = None,
        seed: int = 0,
        mode: str | None = None,
    ) -> None:
        self.name = str(getattr(policy, "name", "?"))
        self._batch = method_of(policy, "range_action_probabilities")
        self._single = method_of(policy, "action_probabilities")
        if mode is None:
            mode = "range" if self._batch else "single" if self._single else "sample"
        if mode not in ("range", "single", "sample"):
            raise ProbeError(f"unknown probe mode {shown(mode)}")
        if (mode == "range" and self._batch is None) or (mode == "single" and self._single is None):
            raise ProbeError(f"policy {shown(self.name)} has no {mode} probe method")
        if mode == "sample" and factory is None:
            raise ProbeError(
                f"policy {shown(self.name)} has no action_probabilities and no known "
                "factory to sample fresh instances from: it cannot be probed"
            )
        self.mode = mode
        self._factory = factory
        self._seed = seed
        self._checks_left = _SAMPLE_CHECKS

    def _fresh(self, seed: int) -> Policy:
        assert self._factory is not None
        try:
            policy = self._factory(seed=seed)
        except Exception as exc:
            raise ProbeError(
                f"policy {shown(self.name)}'s factory cannot be called as factory(seed=...): {exc}"
            ) from exc
        if method_of(policy, "decide") is None:
            raise ProbeError(f"policy {shown(self.name)}'s factory made {shown(policy)}, which has no decide()")
        return policy

    def _sample_once(self, observation: Observation, seed: int) -> Action:
        fresh = self._fresh(seed)
        started = method_of(fresh, "hand_started")
        if started is not None:
            started(observation)
        action = fresh.decide(observation)
        legal = observation.legal
        if legal is not None and action not in legal:
            return default_action(legal)
        return action

    def check_deterministic(self, observation: Observation, seed: int) -> None:
        """Refuse a policy whose fresh instances with one seed disagree.

        Args:
            observation: A seat's view with ``legal`` set.
            seed: The seed both instances get.

        Raises:
            ProbeError: The two instances chose different actions.
        """
        first = self._sample_once(observation, seed)
        second = self._sample_once(observation, seed)
        if first != second:
            raise ProbeError(
                f"policy {shown(self.name)} cannot be probed: two fresh instances with seed "
                f"{seed} chose {first} and {second} on the same observation (it is not "
                "deterministic given its seed; implement action_probabilities instead)"
            )

    def distributions(
        self, observation: Observation, hole_cards: Sequence[tuple[Card, Card]]
    ) -> list[Dist]:
        """The policy's strategy at ``observation`` for each hole-card pair.

        Args:
            observation: The policy's seat's view (``legal`` set).
            hole_cards: Pairs to substitute for the seat's hole cards.

        Returns:
            One list of ``(action, probability)`` pairs per entry of
            ``hole_cards``, in order.

        Raises:
            ProbeError: The policy answered something that is not a
                distribution (wrong count, not pairs, probabilities that do
                not sum to 1), or (sampling) fresh instances disagree.
        """
        if self.mode == "range":
            assert self._batch is not None
            dists = list(self._batch(observation, hole_cards))
            if len(dists) != len(hole_cards):
                raise ProbeError(
                    f"policy {shown(self.name)} answered {len(dists)} distributions for "
                    f"{len(hole_cards)} hole-card pairs"
                )
            checked: dict[int, Dist] = {}
            for d in dists:  # batch forms often share one list between pairs
                if id(d) not in checked:
                    checked[id(d)] = _check_dist(d, self.name)
            return dists
        if self.mode == "single":
            assert self._single is not None
            replace = dataclasses.replace
            single = self._single
            return [
                _check_dist(single(replace(observation, hole_cards=pair)), self.name)
                for pair in hole_cards
            ]
        hand = observation.hand_number
        decision = _decision_index(observation)
        out: list[Dist] = []
        for pair in hole_cards:
            seed = _seed("pokerkit_core.lbr.probe", self._seed, hand, decision, pair[0], pair[1])
            view = dataclasses.replace(observation, hole_cards=pair)
            if self._checks_left > 0:
                self._checks_left -= 1
                self.check_deterministic(view, seed)
            out.append(((self._sample_once(view, seed), 1.0),))
        return out


def probability_of(dist: Dist, action: Action) -> float:
    """The probability of ``action`` in a probed distribution (exact
    :class:`~pokerkit_core.engine.actions.Action` equality), 0 if absent."""
    return sum(p for a, p in dist if a == action)


def _fold_probability(dist: Dist) -> float:
    return sum(p for a, p in dist if a.kind is ActionKind.FOLD)
