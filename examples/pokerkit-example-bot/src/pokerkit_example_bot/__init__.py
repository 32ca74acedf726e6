"""A tight-aggressive example bot for pokerkit_core.

Pre-flop it raises its strongest hands and folds the rest; after the flop it
bets when its hand beats most random holdings and calls only when the pot
odds pay for it.  It uses nothing but the observation it is given.
"""

from __future__ import annotations

import random

from pokerkit_core.engine.actions import Action, Bet, Call, Check, Fold, Raise
from pokerkit_core.evaluation.equity import calculate_equity
from pokerkit_core.engine.observation import Observation
from pokerkit_core.engine.rules import Street

__all__ = ["TightAggressive"]


class TightAggressive:
    """Raise good hands, fold bad ones, call by pot odds.

    Args:
        seed: Seed of the bot's own random generator (the match runner passes
            one so that results are reproducible).
    """

    name = "tag"

    def __init__(self, *, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def decide(self, observation: Observation) -> Action:
        legal = observation.legal
        if legal is None:  # only asked when it is our turn, but be safe
            return Check
        # Equity of our two cards against one random hand (fast C Monte Carlo).
        win = calculate_equity(
            [observation.hole_cards, "random"],
            board=observation.board,
            trials=400,
            seed=self.rng.getrandbits(32),
        ).players[0].equity
        pot = observation.pot
        to_call = legal.call_amount
        want = 0.62 if observation.street == Street.PREFLOP else 0.70
        if win >= want and (legal.can_bet or legal.can_raise):
            to = legal.call_to + (pot + to_call) * 3 // 4  # three-quarter pot
            to = max(legal.min_raise_to, min(legal.max_raise_to, to))
            return Bet(to) if legal.can_bet else Raise(to)
        if legal.can_check:
            return Check
        if win > to_call / (pot + to_call) + 0.1:  # pot odds plus a margin
            return Call
        return Fold

    # Optional hooks: called once per hand (you may leave them out).
    def hand_started(self, observation: Observation) -> None:
        pass

    def hand_ended(self, observation: Observation, results: tuple[int, ...]) -> None:
        pass
