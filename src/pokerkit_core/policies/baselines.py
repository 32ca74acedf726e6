"""Baseline policies: ``random``, ``call`` and ``raise``.

They ignore their cards and serve as yardsticks: a sound AI must beat each of
them (docs/rules.rst section 7).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ..actions import Action, AllIn, Bet, Call, Check, Fold, Raise

if TYPE_CHECKING:
    from ..observation import Observation

__all__ = ["RandomPolicy", "AlwaysCall", "AlwaysRaise"]


class RandomPolicy:
    """Picks uniformly among fold, check/call and bet/raise, then a uniform
    raise-to total between the minimum and the maximum.

    Folding is never chosen when checking is free.

    Args:
        seed: Seed of the policy's own generator (None: from the system).
    """

    name = "random"

    def __init__(self, *, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

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
        kinds: list[str] = []
        if legal.can_fold and not legal.can_check:
            kinds.append("fold")
        if legal.can_check or legal.can_call:
            kinds.append("passive")
        if legal.can_bet or legal.can_raise:
            kinds.append("raise")
        choice = self._rng.choice(kinds)
        if choice == "fold":
            return Fold
        if choice == "passive":
            return Check if legal.can_check else Call
        to = self._rng.randint(legal.min_raise_to, legal.max_raise_to)
        if to >= legal.max_raise_to and legal.max_is_all_in:
            return AllIn
        return Bet(to) if legal.can_bet else Raise(to)


class AlwaysCall:
    """Checks or calls every time (a "calling station").

    Args:
        seed: Accepted for a uniform factory signature; unused.
    """

    name = "call"

    def __init__(self, *, seed: int | None = None) -> None:
        del seed

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


class AlwaysRaise:
    """Makes the minimum bet or raise whenever it may, otherwise calls (a
    "maniac"); the minimum raise keeps it raising until someone is all-in.

    Args:
        seed: Accepted for a uniform factory signature; unused.
    """

    name = "raise"

    def __init__(self, *, seed: int | None = None) -> None:
        del seed

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
