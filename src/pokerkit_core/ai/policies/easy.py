"""The ``easy`` AI: plays by the immediate strength of its own cards.

Pre-flop it looks up its starting hand's score (heads-up equity against a
random hand); after the flop it looks only at the category of its made hand
(and whether its hole cards take part).  It ignores position, pot odds and
what the opponent did, and bluffs rarely.

References:
    docs/rules.rst section 7 (easy level).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Mapping, Sequence

from ...engine.actions import Action, Check
from ...errors import InvalidConfigError, shown
from ...evaluation.evaluator import HandCategory
from ...engine.policy import random_state_data, random_state_from_data, state_fields
from .features import (
    Coin,
    aggressive,
    choice_probabilities,
    made_category,
    passive,
    preflop_equity,
    raise_to_for_fraction,
    street_number,
    uses_hole_cards,
)

if TYPE_CHECKING:
    from ...evaluation.cards import Card
    from ...engine.observation import Observation

__all__ = ["EasyPolicy"]


class EasyPolicy:
    """The easy computer player (docs/rules.rst section 7).

    Args:
        seed: Seed of the policy's own generator (None: from the system).
        bluff: Probability of a small bluff bet with nothing (default 0.05).
    """

    name = "easy"

    def __init__(self, *, seed: int | None = None, bluff: float = 0.05) -> None:
        self._rng = random.Random(seed)
        self._bluff = bluff

    def state_to_dict(self) -> dict[str, Any]:
        """The policy's state as plain data (JSON-able), for a table
        snapshot (see :class:`~pokerkit_core.engine.policy.Policy`).

        Returns:
            ``{"rng": ..., "bluff": ...}``: its generator's state
            (:func:`~pokerkit_core.engine.policy.random_state_data`) and its bluff
            probability.
        """
        return {"rng": random_state_data(self._rng), "bluff": self._bluff}

    def state_from_dict(self, data: Mapping[str, Any]) -> None:
        """Take the state :meth:`state_to_dict` returned: the next decisions
        are those the saved policy would have made.

        Args:
            data: The plain data (e.g. after a JSON round trip).

        Raises:
            InvalidConfigError: ``data`` is not that form, or ``bluff`` is
                not a number from 0 to 1 (the message names the field); the
                policy is unchanged.
        """
        fields = state_fields(data, ("rng", "bluff"), "state")
        state = random_state_from_data(fields["rng"], "state.rng")
        bluff = fields["bluff"]
        if bluff.__class__ not in (int, float) or not 0 <= bluff <= 1:
            raise InvalidConfigError(f"state.bluff must be a probability from 0 to 1, got {shown(bluff)}")
        self._rng.setstate(state)
        self._bluff = float(bluff)

    def decide(self, observation: Observation) -> Action:
        """Choose an action from the strength of the seat's own cards.

        Args:
            observation: The acting seat's view (``legal`` set).

        Returns:
            A legal action.
        """
        rng = self._rng
        return self._play(observation, lambda p: rng.random() < p)

    def action_probabilities(self, observation: Observation) -> Sequence[tuple[Action, float]]:
        """The strategy :meth:`decide` plays at ``observation`` (the same rule,
        every outcome of its coin flips weighed; a pure read).

        Args:
            observation: The acting seat's view (``legal`` set).

        Returns:
            ``(action, probability)`` pairs summing to 1.
        """
        return choice_probabilities(lambda coin: self._play(observation, coin))

    def range_action_probabilities(
        self, observation: Observation, hole_cards: Sequence[tuple[Card, Card]]
    ) -> list[Sequence[tuple[Action, float]]]:
        """:meth:`action_probabilities` for each hole-card pair in turn.

        Args:
            observation: The acting seat's view (``legal`` set).
            hole_cards: Pairs substituted for the seat's own.

        Returns:
            One strategy per pair, in order.
        """
        out: list[Sequence[tuple[Action, float]]] = []
        for pair in hole_cards:  # as if dataclasses.replace(observation, hole_cards=pair)
            out.append(choice_probabilities(lambda coin: self._play(observation, coin, pair)))
        return out

    def _play(self, observation: Observation, coin: Coin, hole: Sequence[Card] | None = None) -> Action:
        """The decision rule; ``hole`` stands for the observation's own cards
        when given (the batch probe, without copying the observation)."""
        legal = observation.legal
        if hole is None:
            hole = observation.hole_cards
        if legal is None or hole is None or len(hole) != 2:  # pragma: no cover
            return Check if legal is None else passive(legal, call=False)
        bb = observation.big_blind
        to_call = legal.call_amount
        if street_number(observation) == 0:
            score = preflop_equity(hole)
            if score >= 0.70:
                return aggressive(legal, raise_to_for_fraction(observation, 1.0))
            if to_call <= bb // 2 or to_call == 0:  # unraised pot
                if score >= 0.60:
                    return aggressive(legal, 3 * bb)
                return passive(legal, call=score >= 0.47)
            if score >= 0.60 and to_call <= 10 * bb:
                return passive(legal, call=True)
            return passive(legal, call=score >= 0.54 and to_call <= 3 * bb)
        board = observation.board
        category = made_category(hole, board)
        counts = uses_hole_cards(hole, board)
        strong = counts and category >= HandCategory.TWO_PAIR
        medium = counts and category == HandCategory.ONE_PAIR
        pot = observation.pot
        if to_call == 0:
            if strong:
                return aggressive(legal, raise_to_for_fraction(observation, 0.66))
            if medium and coin(0.5):
                return aggressive(legal, raise_to_for_fraction(observation, 0.5))
            if coin(self._bluff):
                return aggressive(legal, raise_to_for_fraction(observation, 0.5))
            return passive(legal, call=False)
        if strong:
            if category >= HandCategory.STRAIGHT:
                return aggressive(legal, raise_to_for_fraction(observation, 1.0))
            return passive(legal, call=True)
        if medium:
            return passive(legal, call=to_call <= pot)
        return passive(legal, call=False)

