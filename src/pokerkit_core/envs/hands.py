"""The hands of one episode: deal seeds, button, stacks reset or carried.

Both environments deal through :class:`HandSequence`, so "same seed, same
hands" means the same thing in each.  For an episode started with a NumPy
generator ``rng`` (the environment's ``np_random``) the draws are, in order:

1. when ``random_button`` is set, the first hand's button: the dealt-in seat
   ``dealt_in[rng.integers(len(dealt_in))]``;
2. for each hand, when it is dealt: its deal seed
   ``int(rng.integers(2**63))``, given to
   :func:`~pokerkit_core.engine.state.deal` as ``seed=``.

The first hand uses the configured table with the button moved
(:meth:`~pokerkit_core.engine.rules.GameConfig.with_button`).  Each later hand
moves the button and blinds by the dead-button rule
(:func:`~pokerkit_core.engine.positions.next_positions`) and starts from the
configured stacks (``StackMode.RESET``) or from the previous hand's final
stacks (``StackMode.CARRY``; a seat left without chips is out of the
episode).

References:
    docs/rules.rst section 2 (positions), section 4 (ACPC stacks reset every hand),
    section 5 (dead-button rule).
"""

from __future__ import annotations

import dataclasses
from typing import Callable

import numpy as np

from ..engine.checks import int_arg
from ..errors import InvalidConfigError, shown
from ..engine.positions import Positions, next_positions
from ..engine.rules import GameConfig, OddChipRule
from ..engine.state import HandState, deal
from ..tables.config import StackMode

__all__ = ["HandSequence", "DEAL_SEED_BOUND"]

DEAL_SEED_BOUND = 2**63
"""Deal seeds are drawn as ``int(rng.integers(DEAL_SEED_BOUND))``."""

_Builder = Callable[[], GameConfig]


def _rebuilt(config: GameConfig, **changes: object) -> GameConfig:
    """A new config with every public field of ``config`` but ``changes``.

    Built from scratch, not with :func:`dataclasses.replace`: ``replace``
    derives a blind seat again when it is passed back unchanged, and the
    dead-button rule needs the seats exactly as given.
    """
    values = {
        f.name: getattr(config, f.name)
        for f in dataclasses.fields(config)
        if f.init and not f.name.startswith("_")
    }
    values.update(changes)
    return GameConfig(**values)


class HandSequence:
    """Deals the hands of an episode, one after the other.

    Args:
        config: The table of the first hand (its stacks are the starting
            stacks; its button is used unless ``random_button``).
        hands: Hands per episode, at least 1.
        stack_mode: ``StackMode.RESET`` (every hand starts from
            ``config.stacks``) or ``StackMode.CARRY``.
        random_button: Draw the first hand's button from the episode's
            generator instead of using ``config.button``.

    Raises:
        InvalidConfigError: ``config`` is not a :class:`GameConfig`,
            ``hands`` is not an int of at least 1, ``stack_mode`` is not a
            :class:`~pokerkit_core.tables.session.StackMode`, ``random_button`` not a
            bool, several hands per episode with a config that has no small
            or no big blind seat (the blinds could not move), or carried
            stacks with ``OddChipRule.EXACT`` (stacks must stay whole chips).
    """

    __slots__ = (
        "config",
        "hands",
        "stack_mode",
        "random_button",
        "_rng",
        "_configs",
        "_positions",
        "state",
        "hand_number",
        "finished",
        "seeds",
    )

    def __init__(
        self,
        config: GameConfig,
        *,
        hands: int = 1,
        stack_mode: StackMode = StackMode.RESET,
        random_button: bool = True,
    ) -> None:
        if config.__class__ is not GameConfig:
            raise InvalidConfigError(f"config must be a GameConfig, got {shown(config)}")
        self.hands = int_arg("hands", hands, 1)
        if not isinstance(stack_mode, StackMode):
            raise InvalidConfigError(f"stack_mode must be a StackMode member, got {shown(stack_mode)}")
        if random_button.__class__ is not bool:
            raise InvalidConfigError(f"random_button must be True or False, got {shown(random_button)}")
        if self.hands > 1 and (config.small_blind_seat is None or config.big_blind_seat is None):
            raise InvalidConfigError(
                "several hands per episode need a small and a big blind seat to move between hands"
            )
        if stack_mode is StackMode.CARRY and config.odd_chip is OddChipRule.EXACT:
            raise InvalidConfigError("carried stacks need whole chips: OddChipRule.EXACT splits them")
        self.config = config
        self.stack_mode = stack_mode
        self.random_button = random_button
        self._rng: np.random.Generator | None = None
        self._configs: dict[tuple[int, int | None, int | None], GameConfig] = {}
        self._positions: Positions | None = None
        self.state: HandState | None = None
        """The last hand dealt (its first state) or finished (its final state)."""
        self.hand_number = 0
        """1-based number of the current hand in the episode."""
        self.finished: list[HandState] = []
        """The final states of the episode's finished hands, first first."""
        self.seeds: list[int] = []
        """The deal seed of each hand dealt this episode."""

    @property
    def total_chips(self) -> int:
        """All chips at the table: the sum of the starting stacks."""
        return sum(self.config.stacks)

    def start(self, rng: np.random.Generator) -> HandState:
        """Begin an episode: deal its first hand.

        Args:
            rng: The episode's generator (see the module docs for the draws).

        Returns:
            The first hand's first state (possibly already over).
        """
        self._rng = rng
        self.finished = []
        self.seeds = []
        self.hand_number = 0
        config = self.config
        if self.random_button:
            live = config.dealt_in
            button = live[int(rng.integers(len(live)))]
            config = self._cached(button, None, None, config.stacks, lambda: self.config.with_button(button))
        sb, bb = config.small_blind_seat, config.big_blind_seat
        if sb is not None and bb is not None:
            self._positions = Positions(config.button, sb, bb)
        return self._deal(config)

    def _cached(
        self,
        button: int,
        sb: int | None,
        bb: int | None,
        stacks: tuple[int, ...],
        build: _Builder,
    ) -> GameConfig:
        if self.stack_mode is StackMode.CARRY and stacks != self.config.stacks:
            return build()
        key = (button, sb, bb)
        found = self._configs.get(key)
        if found is None:
            found = self._configs[key] = build()
        return found

    def _deal(self, config: GameConfig) -> HandState:
        assert self._rng is not None
        seed = int(self._rng.integers(DEAL_SEED_BOUND))
        self.seeds.append(seed)
        self.hand_number += 1
        self.state = deal(config, seed=seed)
        return self.state

    def next_hand(self, finished: HandState) -> HandState | None:
        """Record the finished hand and deal the next one.

        Args:
            finished: The final state of the current hand.

        Returns:
            The next hand's first state, or ``None`` when the episode is over
            (``hands`` hands played, or fewer than two seats with chips).

        Raises:
            InvalidConfigError: ``finished`` is not over.
        """
        if finished.__class__ is not HandState or not finished.is_over:
            raise InvalidConfigError("next_hand needs the final state of the current hand")
        self.state = finished
        self.finished.append(finished)
        if self.hand_number >= self.hands:
            return None
        if self.stack_mode is StackMode.CARRY:
            stacks: tuple[int, ...] = tuple(int(s) for s in finished.stacks)
        else:
            stacks = self.config.stacks
        live = tuple(s > 0 for s in stacks)
        if sum(live) < 2 or self._positions is None:
            return None
        p = next_positions(self._positions, live)
        self._positions = p
        sb = p.small_blind_posted_by(live)
        bb = p.big_blind_seat
        config = self._cached(
            p.button,
            sb,
            bb,
            stacks,
            lambda: _rebuilt(
                self.config, stacks=stacks, button=p.button, small_blind_seat=sb, big_blind_seat=bb
            ),
        )
        return self._deal(config)

    def is_out(self, seat: int) -> bool:
        """The seat has no chips for the next hand (busted, or an empty seat).

        Args:
            seat: A seat of the table.

        Returns:
            True when the seat cannot play another hand of this episode.
        """
        if self.stack_mode is StackMode.RESET:
            return self.config.stacks[seat] == 0
        return bool(self.finished) and self.finished[-1].stacks[seat] == 0
