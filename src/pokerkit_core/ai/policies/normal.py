"""The ``normal`` AI: position, stack-to-pot ratio, pot odds, board texture and
simple starting-hand ranges by position.

Pre-flop it opens a wider range from the button than from early seats and
meets raises by pot odds and its starting-hand score.  After the flop it
measures the current hand strength against all possible opposing hands, adds
the potential of its draws, reads the board texture (paired boards, flush and
straight draws) to size its bets, compares the price of a call with the pot
(pot odds), and commits its stack when the stack-to-pot ratio is low.  It
does not model its opponents.

References:
    docs/rules.rst section 7 (normal level); Billings et al., "The challenge of
    poker", Artificial Intelligence 134 (2002) (hand strength, potential).
"""

from __future__ import annotations

import random
from bisect import bisect_left, bisect_right
from functools import lru_cache
from typing import TYPE_CHECKING, Callable, Sequence

from ...engine.actions import Action, Check, LegalActions
from ...evaluation.cards import CARDS, Card
from ...evaluation.evaluator import evaluate_combos
from ...engine.policy import GeneratorState
from .features import (
    Coin,
    aggressive,
    choice_probabilities,
    board_texture,
    draws,
    hand_strength,
    passive,
    preflop_equity,
    raise_to_for_fraction,
    street_actions,
    street_number,
)

if TYPE_CHECKING:
    from ...engine.observation import Observation

__all__ = ["NormalPolicy", "seats_behind", "opponents_in_hand", "strength_table"]

Strength = Callable[[Sequence[Card], Sequence[Card]], float]

_texture = lru_cache(maxsize=64)(board_texture)  # a pure function of the board

_PAIRS = tuple((a, b) for a in range(52) for b in range(a + 1, 52))
_PAIR_CODES = bytes(c for pair in _PAIRS for c in pair)


@lru_cache(maxsize=16)
def strength_table(board_codes: tuple[int, ...]) -> dict[tuple[int, int], float]:
    """:func:`~pokerkit_core.ai.policies.features.hand_strength` of every
    hole-card pair on one board at once, equal to it to the last bit.

    One C call values every pair on the board; then, for each pair, the pairs
    it beats and ties are counted by bisection among all unblocked pairs and
    among those sharing one of its cards (which it cannot face), and the
    latter are taken off.

    Args:
        board_codes: Three to five board card codes.

    Returns:
        A dict from ``(lower code, higher code)`` to hand strength (0-1), for
        every pair that shares no card with the board.

    References:
        Billings et al. (2002), "hand strength" (HS).
    """
    board = tuple(CARDS[c] for c in board_codes)
    values = evaluate_combos(_PAIR_CODES, board)
    valid = [(pair, v) for pair, v in zip(_PAIRS, values) if v]
    ordered = sorted(v for _, v in valid)
    per_card: dict[int, list[int]] = {}
    for (a, b), v in valid:
        per_card.setdefault(a, []).append(v)
        per_card.setdefault(b, []).append(v)
    for vs in per_card.values():
        vs.sort()
    total = len(valid)
    table: dict[tuple[int, int], float] = {}
    for (a, b), v in valid:
        va, vb = per_card[a], per_card[b]
        n = total - len(va) - len(vb) + 1  # the pair itself is in both lists
        below = bisect_left(ordered, v) - bisect_left(va, v) - bisect_left(vb, v)
        ties = (
            bisect_right(ordered, v) - bisect_left(ordered, v)
            - (bisect_right(va, v) - bisect_left(va, v))
            - (bisect_right(vb, v) - bisect_left(vb, v))
            + 1  # the pair itself, taken off twice
        )
        table[(a, b)] = (below + 0.5 * ties) / n
    return table


def opponents_in_hand(observation: Observation) -> int:
    """Number of other seats still in the hand (not folded, dealt in).

    Args:
        observation: The acting seat's view.

    Returns:
        The count of opponents still in, at least 1.
    """
    count = 0
    for seat in range(observation.seat_count):
        if seat == observation.seat or observation.folded[seat]:
            continue
        if observation.contributions[seat] > 0 or observation.stacks[seat] > 0:
            count += 1
    return max(count, 1)


def seats_behind(observation: Observation) -> int:
    """Seats still in the hand that act after this one on the later streets.

    Args:
        observation: The acting seat's view.

    Returns:
        The number of such seats (0 = this seat has the best position: the
        button, or last to act).
    """
    n = observation.seat_count
    me = observation.seat
    button = observation.button
    my_distance = (me - button - 1) % n  # 0 = first after the button
    behind = 0
    for seat in range(n):
        if seat == me or observation.folded[seat]:
            continue
        if observation.contributions[seat] == 0 and observation.stacks[seat] == 0:
            continue
        if (seat - button - 1) % n > my_distance:
            behind += 1
    return behind


class NormalPolicy(GeneratorState):
    """The normal computer player (docs/rules.rst section 7).

    Args:
        seed: Seed of the policy's own generator (None: from the system).
    """

    name = "normal"

    def __init__(self, *, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def decide(self, observation: Observation) -> Action:
        """Choose an action from position, pot odds, stack-to-pot ratio and
        board texture.

        Args:
            observation: The acting seat's view (``legal`` set).

        Returns:
            A legal action.
        """
        rng = self._rng
        return self._play(observation, lambda p: rng.random() < p, hand_strength)

    def action_probabilities(self, observation: Observation) -> Sequence[tuple[Action, float]]:
        """The strategy :meth:`decide` plays at ``observation`` (the same rule,
        every outcome of its coin flips weighed; a pure read).

        Args:
            observation: The acting seat's view (``legal`` set).

        Returns:
            ``(action, probability)`` pairs summing to 1.
        """
        return choice_probabilities(lambda coin: self._play(observation, coin, hand_strength))

    def range_action_probabilities(
        self, observation: Observation, hole_cards: Sequence[tuple[Card, Card]]
    ) -> list[Sequence[tuple[Action, float]]]:
        """:meth:`action_probabilities` for many pairs, the hand strengths of
        all of them computed at once (:func:`strength_table`).

        Args:
            observation: The acting seat's view (``legal`` set).
            hole_cards: Pairs substituted for the seat's own, none holding a
                board card.

        Returns:
            One strategy per pair, in order.
        """
        strength: Strength = hand_strength
        if observation.board:
            table = strength_table(tuple(c.code for c in observation.board))

            def strength(hole: Sequence[Card], board: Sequence[Card]) -> float:
                a, b = hole[0].code, hole[1].code
                return table[(a, b) if a < b else (b, a)]

        out: list[Sequence[tuple[Action, float]]] = []
        for pair in hole_cards:  # as if dataclasses.replace(observation, hole_cards=pair)
            out.append(choice_probabilities(lambda coin: self._play(observation, coin, strength, pair)))
        return out

    def _play(
        self,
        observation: Observation,
        coin: Coin,
        strength: Strength,
        hole: Sequence[Card] | None = None,
    ) -> Action:
        """The decision rule; ``hole`` stands for the observation's own cards
        when given (the batch probe, without copying the observation)."""
        legal = observation.legal
        if hole is None:
            hole = observation.hole_cards
        if legal is None:  # pragma: no cover - the runner always sets it
            return Check
        if hole is None or len(hole) != 2:  # pragma: no cover
            return passive(legal, call=False)
        if street_number(observation) == 0:
            return self._preflop(observation, legal, hole)
        return self._postflop(observation, legal, hole, coin, strength)

    def _preflop(
        self, observation: Observation, legal: LegalActions, hole: Sequence[Card]
    ) -> Action:
        bb = observation.big_blind
        score = preflop_equity(hole)
        opponents = opponents_in_hand(observation)
        # Multi-way pots need stronger hands: discount the heads-up score.
        score -= 0.04 * (opponents - 1)
        level = max(observation.bets)
        to_call = legal.call_amount
        stack = observation.stacks[observation.seat]
        behind = seats_behind(observation)
        raised = level > bb
        if not raised:
            # Opening range by position: the later, the wider.
            open_at = 0.50 if behind == 0 else 0.55 + 0.015 * min(behind, 6)
            if observation.seat_count == 2 and observation.seat == observation.button:
                open_at = 0.47
            if observation.seat_count == 2 and observation.seat != observation.button:
                open_at = 0.58  # big blind raising a limp
            if score >= open_at:
                limpers = sum(1 for b in observation.bets if b >= bb) - 1
                return aggressive(legal, int((2.5 + max(limpers, 0)) * bb))
            return passive(legal, call=to_call <= bb // 2 and score >= open_at - 0.05)
        pot_odds = to_call / (observation.pot + to_call)
        commit = to_call / max(stack, 1)
        if score >= 0.70 or (score >= 0.66 and level <= 4 * bb):
            if commit > 0.3 or level > 12 * bb:
                return aggressive(legal, legal.max_raise_to)
            return aggressive(legal, raise_to_for_fraction(observation, 1.0))
        # Calling needs more than the price: the raiser's range is stronger
        # than random, more so the bigger the raise and the bigger the commitment.
        premium = 0.08 + 0.25 * min(commit, 1.0) + 0.01 * min(level / bb, 10)
        if to_call < stack:
            # Short of an all-in a raise's size says little more about its
            # range: cap the premium so that pot odds still matter (uncapped,
            # a big raise needed a score above 0.85, more than aces have).
            premium = min(premium, 0.12)
        return passive(legal, call=score >= pot_odds + premium)

    def _postflop(
        self,
        observation: Observation,
        legal: LegalActions,
        hole: Sequence[Card],
        coin: Coin,
        strength_of: Strength,
    ) -> Action:
        board = observation.board
        street = street_number(observation)
        opponents = opponents_in_hand(observation)
        hs = strength_of(hole, board) ** opponents
        draw = draws(hole, board)
        texture = _texture(tuple(board))
        to_come = 5 - len(board)
        potential = min(draw.outs * 0.02 * to_come, 0.45) if to_come else 0.0
        strength = hs + (1 - hs) * potential
        pot = observation.pot
        to_call = legal.call_amount
        stack = observation.stacks[observation.seat]
        spr = stack / max(pot, 1)
        in_position = seats_behind(observation) == 0
        bet_size = 0.75 if texture.wetness >= 2 else 0.55
        if to_call == 0:
            if strength >= 0.85 and spr < 1.5:
                return aggressive(legal, legal.max_raise_to)
            if strength >= 0.80:
                return aggressive(legal, raise_to_for_fraction(observation, bet_size))
            if strength >= 0.66 and in_position and opponents == 1:
                return aggressive(legal, raise_to_for_fraction(observation, 0.45))
            if potential >= 0.25 and coin(0.6):
                return aggressive(legal, raise_to_for_fraction(observation, 0.6))
            if in_position and opponents == 1 and street < 3 and coin(0.45):
                return aggressive(legal, raise_to_for_fraction(observation, 0.35))  # stab
            preflop = street_actions(observation, 0)
            if (
                street == 1
                and preflop.last_aggressor == observation.seat
                and texture.wetness <= 1
                and opponents == 1
                and coin(0.55)
            ):
                return aggressive(legal, raise_to_for_fraction(observation, 0.5))
            return Check
        bet_before = pot - to_call * 2  # pot before the bet we face (heads-up view)
        fraction = to_call / max(bet_before, 1)
        pot_odds = to_call / (pot + to_call)
        # A bet means a stronger range than random: discount by its size.
        versus_bet = strength - 0.10 - 0.10 * min(fraction, 1.5)
        if texture.paired and hs < 0.9:
            versus_bet -= 0.05
        if strength >= 0.93 or (strength >= 0.86 and spr < 2):
            if spr < 2.5:
                return aggressive(legal, legal.max_raise_to)
            return aggressive(legal, raise_to_for_fraction(observation, 0.9))
        return passive(legal, call=versus_bet >= pot_odds)

