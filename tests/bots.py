"""Scripted stand-in players shared by the table, tournament and play tests
(python-chess style fake opponents: deterministic and rule-abiding)."""

from __future__ import annotations

from pokerkit_core.engine.actions import Action, AllIn, Call, Check, Fold, Raise
from pokerkit_core.engine.observation import Observation


class CallBot:
    """Checks when it can, else calls (a scripted stand-in for an AI)."""

    name = "call"

    def decide(self, observation: Observation) -> Action:
        assert observation.legal is not None
        return Check if observation.legal.can_check else Call


class ShoveBot:
    """Goes all-in whenever it can, else checks or calls."""

    name = "shove"

    def decide(self, observation: Observation) -> Action:
        legal = observation.legal
        assert legal is not None
        if AllIn in legal:
            return AllIn
        return Check if legal.can_check else Call


class RiverShover:
    """Plays as ``normal`` but goes all-in on every river when checked to
    (issue 16: a bot that farms a player who folds too often to big bets)."""

    name = "river-shover"

    def __init__(self, *, seed: int | None = None) -> None:
        from pokerkit_core.ai.policies.normal import NormalPolicy

        self._normal = NormalPolicy(seed=seed)

    def decide(self, observation: Observation) -> Action:
        from pokerkit_core.engine.actions import ActionKind
        from pokerkit_core.engine.events import ActionTaken
        from pokerkit_core.engine.rules import Street

        legal = observation.legal
        assert legal is not None
        if observation.street is Street.RIVER and legal.can_check and AllIn in legal:
            last = observation.history[-1] if observation.history else None
            if (
                isinstance(last, ActionTaken)
                and last.street is Street.RIVER
                and last.action.kind is ActionKind.CHECK
            ):
                return AllIn
        return self._normal.decide(observation)


class CardEcho:
    """Names what it was shown, as a raise-to: ``1000 + 52 * first hole card's
    code + second's + 10,000 * hand number`` (isolation tests read a child's
    view back from its answers; the action is not meant to be legal)."""

    name = "card-echo"

    def __init__(self, *, seed: int | None = None) -> None:
        pass

    def decide(self, observation: Observation) -> Action:
        first, second = (card.code for card in observation.hole_cards)
        return Raise(1000 + 52 * first + second + 10_000 * (observation.hand_number or 0))

    def hand_started(self, observation: Observation) -> None:
        pass


class SeedCounter:
    """Raises to ``seed + decisions made so far`` chips (legal or not): what
    it answers shows which seed built the instance and whether it is fresh."""

    name = "seed-counter"

    def __init__(self, *, seed: int | None = None) -> None:
        self.seed = seed or 0
        self.count = 0

    def decide(self, observation: Observation) -> Action:
        self.count += 1
        return Raise(self.seed + self.count)


class Remembering:
    """A stateful, seeded bot: its raise sizes follow its seed and how many
    decisions it has made, and it folds to a raise once it has seen 3 of
    them in its hands.  Playing the same hands in order from the same seed
    gives the same actions; anything else (a stale instance, the wrong seed,
    hands out of order) shows in the actions."""

    name = "remembering"

    def __init__(self, *, seed: int | None = None) -> None:
        self.seed = seed or 0
        self.count = 0
        self.raises_seen = 0

    def hand_started(self, observation: Observation) -> None:
        self.count += 1

    def decide(self, observation: Observation) -> Action:
        self.count += 1
        legal = observation.legal
        assert legal is not None
        if observation.call_to > observation.big_blind:
            self.raises_seen += 1
        if legal.can_fold and self.raises_seen % 4 == 3:
            return Fold
        if legal.can_raise and (self.seed + self.count) % 3 == 0:
            step = (self.seed + self.count) % 5
            return Raise(min(legal.max_raise_to, legal.min_raise_to + step * 50))
        return Check if legal.can_check else Call
