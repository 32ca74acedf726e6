"""Baseline policies: ``random``, ``call`` and ``raise``.

They ignore their cards and serve as yardsticks: a sound AI must beat each of
them (docs/rules.rst section 7).
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Mapping, Sequence

from ...engine.actions import Action, AllIn, Bet, Call, Check, Fold, LegalActions, Raise
from ...engine.policy import GeneratorState, state_fields

if TYPE_CHECKING:
    from ...evaluation.cards import Card
    from ...engine.observation import Observation

Strategy = Sequence[tuple[Action, float]]

__all__ = ["RandomPolicy", "AlwaysCall", "AlwaysRaise"]


@lru_cache(maxsize=256)
def _spread(legal: LegalActions, share: float) -> tuple[tuple[Action, float], ...]:
    """``share`` spread evenly over every raise-to total, minimum to maximum
    (kept: the LBR asks about the same spot for many hole-card pairs)."""
    low, high = legal.min_raise_to, legal.max_raise_to
    each = share / (high - low + 1)
    return tuple((RandomPolicy._raise(legal, to), each) for to in range(low, high + 1))


class RandomPolicy(GeneratorState):
    """Picks uniformly among fold, check/call and bet/raise, then a uniform
    raise-to total between the minimum and the maximum.

    Folding is never chosen when checking is free.

    Args:
        seed: Seed of the policy's own generator (None: from the system).
    """

    name = "random"

    def __init__(self, *, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    @staticmethod
    def _kinds(legal: LegalActions) -> list[str]:
        kinds: list[str] = []
        if legal.can_fold and not legal.can_check:
            kinds.append("fold")
        if legal.can_check or legal.can_call:
            kinds.append("passive")
        if legal.can_bet or legal.can_raise:
            kinds.append("raise")
        return kinds

    @staticmethod
    def _raise(legal: LegalActions, to: int) -> Action:
        if to >= legal.max_raise_to and legal.max_is_all_in:
            return AllIn
        return Bet(to) if legal.can_bet else Raise(to)

    def action_probabilities(self, observation: Observation) -> Strategy:
        """The strategy of :meth:`decide`: each kind with probability 1/k,
        a raise spread evenly over every raise-to total from the minimum to
        the maximum (up to one entry per chip).

        Args:
            observation: The acting seat's view (``legal`` set).

        Returns:
            ``(action, probability)`` pairs; a pure read.
        """
        legal = observation.legal
        if legal is None:  # pragma: no cover - the runner always sets it
            return [(Check, 1.0)]
        kinds = self._kinds(legal)
        share = 1.0 / len(kinds)
        out: list[tuple[Action, float]] = []
        for kind in kinds:
            if kind == "fold":
                out.append((Fold, share))
            elif kind == "passive":
                out.append((Check if legal.can_check else Call, share))
            else:
                out.extend(_spread(legal, share))
        return out

    def range_action_probabilities(
        self, observation: Observation, hole_cards: Sequence[tuple[Card, Card]]
    ) -> list[Strategy]:
        """The same strategy for every pair (the cards are ignored): one
        shared list.

        Args:
            observation: The acting seat's view (``legal`` set).
            hole_cards: Hole-card pairs.

        Returns:
            One entry per pair, all the same list.
        """
        strategy = self.action_probabilities(observation)
        return [strategy] * len(hole_cards)

    def decide(self, observation: Observation) -> Action:
        """Choose a random legal action.

        Args:
            observation: The acting seat's view (``legal`` set).

        Returns:
            A legal action.
        """
        legal = observation.legal
        if legal is None:  # pragma: no cover - the runner always sets it
            return Check
        choice = self._rng.choice(self._kinds(legal))
        if choice == "fold":
            return Fold
        if choice == "passive":
            return Check if legal.can_check else Call
        return self._raise(legal, self._rng.randint(legal.min_raise_to, legal.max_raise_to))


class _Deterministic:
    """A baseline whose action depends only on the legal actions: its strategy
    is that one action with probability 1, the same for every pair of hole
    cards.  Subclasses define ``name`` and :meth:`decide`."""

    name = ""

    def __init__(self, *, seed: int | None = None) -> None:
        del seed

    def state_to_dict(self) -> dict[str, Any]:
        """The policy's state as plain data: ``{}`` (it has none; see
        :class:`~pokerkit_core.engine.policy.Policy`)."""
        return {}

    def state_from_dict(self, data: Mapping[str, Any]) -> None:
        """Take the state :meth:`state_to_dict` returned (nothing to take).

        Args:
            data: ``{}``.

        Raises:
            InvalidConfigError: ``data`` is not an empty dict.
        """
        state_fields(data, (), "state")

    def action_probabilities(self, observation: Observation) -> Strategy:
        """:meth:`decide`'s action with probability 1 (a pure read)."""
        return [(self.decide(observation), 1.0)]

    def range_action_probabilities(
        self, observation: Observation, hole_cards: Sequence[tuple[Card, Card]]
    ) -> list[Strategy]:
        """The same strategy for every pair (the cards are ignored)."""
        return [self.action_probabilities(observation)] * len(hole_cards)

    def decide(self, observation: Observation) -> Action:
        raise NotImplementedError  # pragma: no cover - each subclass decides


class AlwaysCall(_Deterministic):
    """Checks or calls every time (a "calling station").

    Args:
        seed: Accepted for a uniform factory signature; unused.
    """

    name = "call"

    def decide(self, observation: Observation) -> Action:
        """Check if free, else call.

        Args:
            observation: The acting seat's view (``legal`` set).

        Returns:
            ``Check`` or ``Call``.
        """
        legal = observation.legal
        if legal is not None and legal.can_check:
            return Check
        return Call


class AlwaysRaise(_Deterministic):
    """Makes the minimum bet or raise whenever it may, otherwise calls (a
    "maniac"); the minimum raise keeps it raising until someone is all-in.

    Args:
        seed: Accepted for a uniform factory signature; unused.
    """

    name = "raise"

    def decide(self, observation: Observation) -> Action:
        """Bet or raise the minimum if allowed, else call (or check).

        Args:
            observation: The acting seat's view (``legal`` set).

        Returns:
            ``Bet``, ``Raise``, ``AllIn``, ``Call`` or ``Check``.
        """
        legal = observation.legal
        if legal is None:  # pragma: no cover - the runner always sets it
            return Check
        if legal.can_bet or legal.can_raise:
            to = legal.min_raise_to
            if to >= legal.max_raise_to and legal.max_is_all_in:
                return AllIn
            return Bet(to) if legal.can_bet else Raise(to)
        return Check if legal.can_check else Call
