"""Scripted stand-in players shared by the table, tournament and play tests
(python-chess style fake opponents: deterministic and rule-abiding)."""

from __future__ import annotations

from pokerkit_core.actions import Action, AllIn, Call, Check
from pokerkit_core.observation import Observation


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
