"""A complete bot: the example of the docs' "Write your own bot" page.

It passes ``mypy --strict`` (tests/test_bot_example.py checks it) and plays
in a match as it is: ``run_match([MinRaiser, "hard"], hands=2000, seed=1)``.
"""

from __future__ import annotations

from pokerkit_core.engine.actions import Action, Bet, Call, Check, Raise
from pokerkit_core.engine.observation import Observation


class MinRaiser:
    """Opens with the smallest bet, raises the minimum, else checks or calls."""

    name = "minraiser"

    def __init__(self, *, seed: int | None = None) -> None:
        self.seed = seed  # no randomness here; a real bot seeds random.Random(seed)

    def decide(self, observation: Observation) -> Action:
        legal = observation.legal  # LegalActions when it is our turn, else None
        if legal is None:
            raise ValueError("decide() is only called on the bot's own turn")
        if legal.can_bet:  # nobody has bet on this street: open the betting
            return Bet(legal.min_raise_to)  # bet-TO, chips, this street
        if legal.can_raise:
            return Raise(legal.min_raise_to)  # raise-TO, chips, this street
        return Check if legal.can_check else Call
