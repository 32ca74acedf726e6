"""A Gymnasium environment: one seat is the agent, policies play the others.

>>> import gymnasium
>>> import pokerkit_core.envs  # registers the ids
>>> game = gymnasium.make("pokerkit_core/HeadsUp-v0", opponents="call")
>>> observation, info = game.reset(seed=3)
>>> observation.shape, info["action_mask"].tolist()
((134,), [1, 1, 1, 0, 1, 1, 1])
>>> observation, reward, terminated, truncated, info = game.step(0)  # fold the small blind
>>> reward, terminated
(-0.5, True)

References:
    Gymnasium ``Env`` API (``reset(seed=...)``, ``step`` returning
    ``(observation, reward, terminated, truncated, info)``); docs/rules.rst
    section 7 (what a computer player may see).
"""

from __future__ import annotations

from typing import Any, Sequence, Union

import gymnasium

from ..engine.checks import check_policy, int_arg
from ..players.driver import HandDriver
from ..errors import HandOverError, InvalidConfigError, PolicyError, shown
from ..engine.policy import Policy, PolicyFactory, policy_factory
from ..engine.rules import GameConfig
from ..engine.state import HandState
from ..tables.config import StackMode
from .core import EnvCore
from .encoding import DEFAULT_POT_FRACTIONS, _index_arg
from .hands import DEAL_SEED_BOUND
from .text import render_hand

__all__ = ["HoldemEnv", "OpponentSpec"]

OpponentSpec = Union[str, Policy]
"""An opponent: a registered policy name (``"hard"``) or a policy object."""


class HoldemEnv(gymnasium.Env[Any, Any]):
    """A hold'em table as a single-agent Gymnasium environment.

    The agent plays seat ``seat``; every other seat is played by a policy.
    An episode is ``hands`` hands (default one); the reward of a step is the
    agent's result, in big blinds, of the hands that ended during the step
    (0 while a hand goes on).  The episode terminates after the last hand,
    or with ``StackMode.CARRY`` once the agent or all its opponents are out
    of chips; it is never truncated.

    Every hand the agent is dealt into counts in the episode's rewards,
    walks included.  :meth:`reset` plays until the agent's first decision;
    the results of hands that ended before it (everybody folded to the
    agent's big blind, or it was all-in from the blinds) are carried into the
    reward of the first step (``info["pending_reward"]`` says how much, big
    blinds).  When the whole episode ends before the agent has a decision,
    :meth:`reset` returns the last hand as it ended, with an all-zero action
    mask, and the first step plays nothing (any action of the space is
    accepted and ignored) and returns the episode's reward with
    ``terminated`` True.

    Observations: the vector of
    :class:`~pokerkit_core.envs.encoding.ObservationEncoder` (its last
    entries are the discrete action mask), or the library's
    :class:`~pokerkit_core.engine.observation.Observation` with
    ``observation_mode="object"``.  ``info["action_mask"]`` is the mask of
    the action space in use, ``info["hand_number"]`` the 1-based hand, and
    ``info["clamped"]`` tells whether the step's action was replaced by the
    nearest legal one.

    Args:
        config: The table (default: the ACPC heads-up format).
        opponents: A registered policy name (``"random"``, ``"call"``,
            ``"raise"``, ``"easy"``, ``"normal"``, ``"hard"`` or a plug-in's)
            or policy object for every other seat, or a sequence of them,
            one per other seat in seat order.  Named policies are created
            again, seeded from the environment's generator, at every seeded
            reset; policy objects are used as given.
        seat: The agent's seat (it must have chips in ``config``).
        hands: Hands per episode.
        stack_mode: ``StackMode.RESET`` or ``StackMode.CARRY``.
        random_button: Draw each episode's first button from the seed.
        pot_fractions: Pot-fraction sizes of the discrete action set.
        action_mode: ``"discrete"`` or ``"raise-to"`` (see
            :class:`~pokerkit_core.envs.aec.HoldemAECEnv`).
        observation_mode: ``"vector"`` or ``"object"``.
        illegal_action: ``"clamp"`` (default: a masked action plays the
            nearest legal action) or ``"raise"``
            (:class:`~pokerkit_core.errors.IllegalActionError`).
        render_mode: ``None``, ``"ansi"`` or ``"human"``.

    Raises:
        InvalidConfigError: An option out of range, ``seat`` not a dealt-in
            seat, or the wrong number of opponents.
        PolicyError: An opponent name that is not registered or an object
            that is not a policy.

    References:
        Gymnasium ``Env`` API; docs/rules.rst sections 2 and 7.
    """

    metadata = {"render_modes": ["ansi", "human"], "render_fps": 1}

    def __init__(
        self,
        config: GameConfig | None = None,
        *,
        opponents: OpponentSpec | Sequence[OpponentSpec] = "random",
        seat: int = 0,
        hands: int = 1,
        stack_mode: StackMode = StackMode.RESET,
        random_button: bool = True,
        pot_fractions: Sequence[float] = DEFAULT_POT_FRACTIONS,
        action_mode: str = "discrete",
        observation_mode: str = "vector",
        illegal_action: str = "clamp",
        render_mode: str | None = None,
    ) -> None:
        self._core = core = EnvCore(
            config,
            hands=hands,
            stack_mode=stack_mode,
            random_button=random_button,
            pot_fractions=pot_fractions,
            action_mode=action_mode,
            observation_mode=observation_mode,
            illegal_action=illegal_action,
            render_mode=render_mode,
        )
        self.render_mode = core.render_mode
        n = core.seat_count
        self.seat = int_arg("seat", seat, 0, n - 1)
        if core.config.stacks[self.seat] == 0:
            raise InvalidConfigError(f"seat {self.seat} has no chips in the config")
        others = [s for s in range(n) if s != self.seat]
        if isinstance(opponents, str) or not isinstance(opponents, Sequence):
            specs: list[OpponentSpec] = [opponents] * len(others)
        else:
            specs = list(opponents)
            if len(specs) != len(others):
                raise InvalidConfigError(
                    f"opponents needs one entry per other seat ({len(others)}), got {len(specs)}"
                )
        self._specs: dict[int, OpponentSpec] = {}
        self._factories: dict[str, PolicyFactory] = {}
        for other, spec in zip(others, specs):
            if isinstance(spec, str):
                if spec not in self._factories:  # an unknown name fails here, not at reset
                    self._factories[spec] = policy_factory(spec)
            else:
                check_policy(other, spec)
            self._specs[other] = spec
        self._opponents: dict[int, Policy] = {}
        self.observation_space = core.vector_space()
        self.action_space = core.actions.space()
        self._state: HandState | None = None
        self._driver: HandDriver | None = None
        self._done = True
        self._pending = 0.0  # big blinds of hands that ended before the agent's first decision
        self._decision = False  # the agent has a decision (False: the episode ended in reset)

    # ------------------------------------------------------------- queries
    @property
    def config(self) -> GameConfig:
        """The configured table."""
        return self._core.config

    @property
    def hand_state(self) -> HandState:
        """The engine's state of the current (or last) hand.

        Raises:
            HandOverError: Not reset yet.
        """
        if self._state is None:
            raise HandOverError("reset() the environment first: there is no hand yet")
        return self._state

    @property
    def finished_hands(self) -> tuple[HandState, ...]:
        """Final states of this episode's finished hands, first first."""
        return tuple(self._core.sequence.finished)

    @property
    def opponents(self) -> dict[int, Policy]:
        """The policy of each other seat, by seat (after :meth:`reset`)."""
        return dict(self._opponents)

    # ------------------------------------------------------------- API
    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Any, dict[str, Any]]:
        """Start an episode and play until the agent's first decision.

        The results of hands that end before that decision are paid with the
        first step's reward; when the episode ends before the agent has a
        decision, the observation is of the last hand as it ended (all-zero
        action mask) and the first step only returns the reward.

        Args:
            seed: Seeds ``np_random``: the opponents' seeds (one per named
                opponent, seat order), then the button and deal seeds
                (:mod:`pokerkit_core.envs.hands`) are drawn from it.
                ``None`` goes on with the generator (and the opponents) as
                they are.
            options: Accepted and ignored.

        Returns:
            ``(observation, info)``; ``info["pending_reward"]`` is the
            agent's result, big blinds, of the hands that already ended (0.0
            when none did), which the first step's reward includes.

        Raises:
            PolicyError: An opponent raised or chose an illegal action (the
                hand driver's fault, :class:`~pokerkit_core.players.driver.HandDriver`
                with ``strict``).
        """
        del options
        fresh = seed is not None or not self._opponents
        super().reset(seed=seed)
        if fresh:
            self._opponents = {}
            for other, spec in self._specs.items():
                if isinstance(spec, str):
                    seed_of = int(self.np_random.integers(DEAL_SEED_BOUND))
                    self._opponents[other] = self._create(spec, seed_of)
                else:
                    self._opponents[other] = spec
        state = self._state = self._core.sequence.start(self.np_random)
        self._pending, done = self._advance(self._drive(state))
        self._decision = not done
        self._done = False
        observation, info = self._observe(clamped=False)
        info["pending_reward"] = self._pending
        return observation, info

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """Play ``action`` for the agent, then the opponents until the agent's next decision.

        Args:
            action: An int of :attr:`action_space` (NumPy integers too).
                After a :meth:`reset` whose episode ended before the agent
                had a decision, any action of the space, ignored.

        Returns:
            ``(observation, reward, terminated, truncated, info)``: reward in
            big blinds (the first step's includes the hands that ended
            before the agent's first decision), ``truncated`` always False.

        Raises:
            HandOverError: The episode is over (call :meth:`reset`).
            IllegalActionError: ``action`` is not an action of the space, or
                is masked and ``illegal_action="raise"``; nothing changes.
            PolicyError: An opponent raised or chose an illegal action (the
                hand driver's fault, :class:`~pokerkit_core.players.driver.HandDriver`
                with ``strict``).
        """
        if self._done or self._state is None:
            raise HandOverError("the episode is over: call reset()")
        if not self._decision:  # the episode ended in reset: nothing to play
            _index_arg(action, self._core.actions.size)  # still an action of the space
            reward, done, clamped = 0.0, True, False
        else:
            engine_action, clamped = self._core.to_action(self._state, action)
            driver = self._driver
            assert driver is not None
            self._state = driver.apply(self.seat, engine_action)
            reward, done = self._advance(driver)
        reward += self._pending
        self._pending = 0.0
        self._done = done
        observation, info = self._observe(clamped)
        if self.render_mode == "human":
            self.render()
        return observation, reward, done, False, info

    def _create(self, name: str, seed: int) -> Policy:
        """``load_policy(name, seed=seed)`` from the factory found at construction."""
        try:
            policy = self._factories[name](seed=seed)
        except Exception as exc:
            raise PolicyError(f"policy {shown(name)} could not be created: {exc}") from exc
        if not callable(getattr(policy, "decide", None)):
            raise PolicyError(f"policy {shown(name)} returned {shown(policy)}, which has no decide()")
        return policy

    def _observe(self, clamped: bool) -> tuple[Any, dict[str, Any]]:
        core = self._core
        observation, mask = core.view(self.hand_state, self.seat, core.sequence.hand_number)
        number = core.sequence.hand_number
        return observation, {"action_mask": mask, "hand_number": number, "clamped": clamped}

    def _drive(self, state: HandState) -> HandDriver:
        """A driver for a newly dealt hand: the opponents are its computer seats."""
        players = [self._opponents.get(seat) for seat in range(self._core.seat_count)]
        driver = HandDriver(state, players, hand_number=self._core.sequence.hand_number, strict=True)
        self._driver = driver
        return driver

    def _advance(self, driver: HandDriver) -> tuple[float, bool]:
        """Let the opponents act until the agent must; pay and deal finished hands.

        Returns ``(reward, done)``: the agent's result of the hands that
        ended, big blinds, and whether the episode is over.
        """
        core = self._core
        sequence = core.sequence
        hero = self.seat
        reward = 0.0
        while True:
            state = self._state = driver.advance()
            if not state.is_over:
                return reward, False
            reward += float(state.hand_results[hero] / core.big_blind)
            late = driver.finish()
            if late is not None:
                raise late
            following = sequence.next_hand(state)
            if following is None or sequence.is_out(hero):
                return reward, True
            self._state = following
            driver = self._drive(following)

    def render(self) -> str | None:
        """The current hand as text; the other seats' cards stay hidden until shown.

        Returns:
            The text (``render_mode="ansi"``), or ``None`` after printing it
            (``"human"``) or when no render mode was set (with a warning).
        """
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode; pass render_mode='ansi'")
            return None
        text = render_hand(self.hand_state, self._core.sequence.hand_number, reveal=(self.seat,))
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release (text rendering only)."""
