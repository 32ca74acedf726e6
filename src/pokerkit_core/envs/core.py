"""What both environments share: options, the hand sequence, spaces, views.

:class:`EnvCore` holds one environment's table, action set and observation
encoder and answers the questions both the PettingZoo and the Gymnasium
environment ask: the spaces, what a seat observes, which engine action an
agent's integer stands for.
"""

from __future__ import annotations

from typing import Any, Sequence

import numpy as np
from gymnasium import spaces

from ..engine.actions import Action, LegalActions
from ..errors import IllegalActionError, InvalidConfigError, shown
from ..engine.observation import Observation, observe
from ..engine.rules import GameConfig
from ..engine.state import HandState, legal_actions
from ..tables.config import StackMode
from .encoding import DEFAULT_POT_FRACTIONS, DiscreteActions, ObservationEncoder, RaiseToActions
from .hands import HandSequence

__all__ = [
    "ACTION_MODES",
    "OBSERVATION_MODES",
    "ILLEGAL_ACTION_MODES",
    "RENDER_MODES",
    "ObservationSpace",
    "EnvCore",
]

ACTION_MODES = ("discrete", "raise-to")
"""``action_mode`` values: the discrete action set, or exact raise-to chips."""
OBSERVATION_MODES = ("vector", "object")
"""``observation_mode`` values: the numeric vector, or the library's ``Observation``."""
ILLEGAL_ACTION_MODES = ("raise", "clamp")
"""``illegal_action`` values: raise ``IllegalActionError``, or play the nearest legal action."""
RENDER_MODES = ("ansi", "human")
"""``render_mode`` values: ``render()`` returns the text, or prints it."""


class ObservationSpace(spaces.Space[Observation]):
    """The space of :class:`~pokerkit_core.engine.observation.Observation` values
    (``observation_mode="object"``).  It cannot be sampled."""

    def __init__(self) -> None:
        super().__init__(shape=None, dtype=None)

    def contains(self, x: Any) -> bool:
        """True for an :class:`~pokerkit_core.engine.observation.Observation`."""
        return isinstance(x, Observation)

    def sample(self, mask: Any = None, probability: Any = None) -> Observation:
        """Not available: an observation comes only from a hand.

        Raises:
            NotImplementedError: Always.
        """
        raise NotImplementedError("observations of a hand cannot be sampled")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ObservationSpace)

    def __hash__(self) -> int:
        return hash(ObservationSpace)


def _choice(name: str, value: object, allowed: tuple[str | None, ...]) -> Any:
    if value not in allowed or value.__class__ not in (str, type(None)):
        raise InvalidConfigError(f"{name} must be one of {allowed}, got {shown(value)}")
    return value


class EnvCore:
    """One environment's table, action set and observation encoder.

    Args:
        config: The table (default: the ACPC heads-up format,
            :meth:`~pokerkit_core.engine.rules.GameConfig.acpc_heads_up`).
        hands: Hands per episode.
        stack_mode: Stacks reset every hand or carried over.
        random_button: Draw the first hand's button from the seed.
        pot_fractions: Pot fractions of the discrete action set.
        action_mode: ``"discrete"`` or ``"raise-to"``.
        observation_mode: ``"vector"`` or ``"object"``.
        illegal_action: ``"raise"`` or ``"clamp"``.
        render_mode: ``None``, ``"ansi"`` or ``"human"``.

    Raises:
        InvalidConfigError: Any option out of range (see the environments).
    """

    __slots__ = (
        "config",
        "sequence",
        "discrete",
        "actions",
        "encoder",
        "vector",
        "clamp",
        "render_mode",
        "big_blind",
        "_legal",
        "_legal_for",
    )

    def __init__(
        self,
        config: GameConfig | None,
        *,
        hands: int,
        stack_mode: StackMode,
        random_button: bool,
        pot_fractions: Sequence[float],
        action_mode: str,
        observation_mode: str,
        illegal_action: str,
        render_mode: str | None,
    ) -> None:
        if config is None:
            config = GameConfig.acpc_heads_up()
        self.sequence = HandSequence(
            config, hands=hands, stack_mode=stack_mode, random_button=random_button
        )
        self.config = config
        self.big_blind = config.big_blind
        mode = _choice("action_mode", action_mode, ACTION_MODES)
        self.vector = _choice("observation_mode", observation_mode, OBSERVATION_MODES) == "vector"
        self.clamp = _choice("illegal_action", illegal_action, ILLEGAL_ACTION_MODES) == "clamp"
        self.render_mode: str | None = _choice("render_mode", render_mode, RENDER_MODES + (None,))
        fractions = DEFAULT_POT_FRACTIONS if pot_fractions is None else pot_fractions
        self.discrete = DiscreteActions(fractions)
        total = self.sequence.total_chips
        self.actions: DiscreteActions | RaiseToActions = (
            self.discrete if mode == "discrete" else RaiseToActions(total)
        )
        self.encoder = ObservationEncoder(config.seat_count, config.big_blind, total, self.discrete)
        self._legal: LegalActions | None = None
        self._legal_for: HandState | None = None

    @property
    def seat_count(self) -> int:
        """Seats at the table."""
        return self.config.seat_count

    def vector_space(self) -> spaces.Space[Any]:
        """A new space of what :meth:`view` returns as the observation."""
        return self.encoder.space() if self.vector else ObservationSpace()

    def mask_space(self) -> spaces.Box:
        """A new space of the action masks."""
        return spaces.Box(0, 1, (self.actions.size,), np.int8)

    def view(
        self, state: HandState, seat: int, hand_number: int
    ) -> tuple[Any, np.ndarray[Any, np.dtype[np.int8]]]:
        """What ``seat`` observes now, and its action mask.

        Args:
            state: The hand.
            seat: The observing seat.
            hand_number: Stamped on the observation.

        Returns:
            ``(observation, mask)``: the vector (or the
            :class:`~pokerkit_core.engine.observation.Observation`) and a new
            ``int8`` mask of the action set (all zeros unless ``seat`` is to
            act).
        """
        if not self.vector:
            obs = observe(state, seat, hand_number=hand_number)
            return obs, self.actions.mask(obs.legal, obs.pot)
        to_act = state.to_act
        pot = state.pot
        discrete = self.discrete
        folded = state.folded
        stacks = state.stacks
        if to_act is None:
            legal = None
            values = [False] * discrete.size
            all_in = state.all_in
        else:
            # in a hand in progress, all-in means in the hand with no chips behind
            all_in = tuple(not out and not chips for out, chips in zip(folded, stacks))
            if to_act == seat:
                legal = self.legal(state)
                values = discrete.mask_values(legal, pot)
            else:
                legal = None
                values = [False] * discrete.size
        if self.actions is discrete:
            mask = np.array(values, np.int8)
        else:
            mask = self.actions.mask(legal, pot)
        hole = state.hole_cards[seat]
        vector = self.encoder.encode_state(
            hole if hole is not None else (),
            state.board,
            int(state.street),
            pot,
            legal,
            state.call_to,
            state.bets,
            stacks,
            folded,
            all_in,
            state.button,
            to_act,
            seat,
            values,
        )
        return vector, mask

    def legal(self, state: HandState) -> LegalActions:
        """``legal_actions(state)``, computed once per state.

        Raises:
            HandOverError: The hand is over.
        """
        if state is not self._legal_for:
            self._legal = legal_actions(state)
            self._legal_for = state
        assert self._legal is not None
        return self._legal

    def to_action(self, state: HandState, index: object) -> tuple[Action, bool]:
        """The engine action that ``index`` stands for in ``state``.

        Args:
            state: A hand in progress.
            index: The agent's action (an int of the action space).

        Returns:
            ``(action, clamped)``: the action for the seat to act, and whether
            an illegal index was replaced (``illegal_action="clamp"``).

        Raises:
            IllegalActionError: ``index`` is not an action of the space, or
                is illegal now and ``illegal_action`` is ``"raise"``.
        """
        legal = self.legal(state)
        try:
            return self.actions.action(index, legal, state.pot), False
        except IllegalActionError:
            if not self.clamp:
                raise
        return self.actions.action(index, legal, state.pot, clamp=True), True
