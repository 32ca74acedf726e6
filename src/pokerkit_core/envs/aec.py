"""A PettingZoo AEC environment: every seat of a hold'em table is an agent.

>>> from pokerkit_core.envs import env
>>> table = env()                       # ACPC heads-up: 50/100, 20,000 chips
>>> table.reset(seed=1)
>>> observation, reward, terminated, truncated, info = table.last()
>>> table.agent_selection, sorted(observation)
('player_0', ['action_mask', 'observation'])
>>> observation["action_mask"].tolist()  # fold, call, min raise, 1/2 pot (= min), pot, 2 pots, all-in
[1, 1, 1, 0, 1, 1, 1]
>>> table.step(1)                       # the small blind calls
>>> table.agent_selection
'player_1'

References:
    PettingZoo AEC API (``agent_selection``, ``terminations``,
    ``truncations``, ``last()``); docs/rules.rst section 2 (a hand of hold'em).
"""

from __future__ import annotations

from typing import Any, Sequence

import gymnasium
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers
from pettingzoo.utils.env_logger import EnvLogger

from ..errors import HandOverError
from ..engine.rules import GameConfig
from ..engine.state import HandState, act, deal
from ..tables.config import StackMode
from .core import EnvCore
from .encoding import DEFAULT_POT_FRACTIONS, _index_arg
from .text import render_hand
from .vector import _INFO_BUTTON, _INFO_SEED, _INFO_TO_ACT, NativeTable, c_config

__all__ = ["HoldemAECEnv", "raw_env", "env"]


class HoldemAECEnv(AECEnv[str, Any, Any]):  # type: ignore[misc]  # PettingZoo is untyped
    """A hold'em table as a PettingZoo AEC environment.

    Agents are ``"player_0"`` ... ``"player_{n-1}"``, one per seat (seat
    ``k`` is ``"player_k"``); seats with no chips in ``config`` are not
    agents.  An episode is ``hands`` hands (default one).  After each hand
    every agent still in the episode gets its result in big blinds as its
    reward (net chips won or lost divided by the big blind); at the end of
    the episode every agent is terminated.  With ``StackMode.CARRY`` a seat
    that loses all its chips is terminated after its last hand and the
    episode ends when fewer than two seats have chips.

    Each observation is a dict: ``"observation"`` (the vector of
    :class:`~pokerkit_core.envs.encoding.ObservationEncoder`, or the
    library's :class:`~pokerkit_core.engine.observation.Observation` with
    ``observation_mode="object"``) and ``"action_mask"`` (``int8``, 1 where
    the action is legal; all zeros unless the agent is to act).

    Args:
        config: The table: any :class:`~pokerkit_core.engine.rules.GameConfig`
            (default: the ACPC heads-up format, 50/100 blinds and 20,000
            chips each).
        hands: Hands per episode, at least 1.
        stack_mode: ``StackMode.RESET`` (every hand starts from
            ``config.stacks``) or ``StackMode.CARRY``.
        random_button: Draw each episode's first button from the seed
            (default); ``False`` keeps ``config.button``.
        pot_fractions: The pot-fraction sizes of the discrete action set.
        action_mode: ``"discrete"`` (fold, check/call, min raise,
            pot-fraction raises, all-in) or ``"raise-to"`` (fold, check/call,
            or action ``1 + n`` to bet/raise to ``n`` chips).
        observation_mode: ``"vector"`` or ``"object"``.
        illegal_action: ``"raise"`` (default: an illegal action raises
            :class:`~pokerkit_core.errors.IllegalActionError` and changes
            nothing) or ``"clamp"`` (the nearest legal action is played and
            ``infos[agent]["clamped"]`` is set).
        render_mode: ``None``, ``"ansi"`` (``render()`` returns the text) or
            ``"human"`` (``render()`` prints it, also after every step).

    Raises:
        InvalidConfigError: An option out of range, a table with several
            hands per episode but no small or big blind seat, or carried
            stacks with ``OddChipRule.EXACT``.

    The common case (a table that
    :func:`~pokerkit_core.envs.vector.c_config` accepts, one hand per
    episode, discrete actions, vector observations, ``illegal_action="raise"``)
    is played by the C table of :class:`~pokerkit_core.envs.vector.VectorEnv`
    (same draws, same rules, same vectors); its engine state
    (:attr:`hand_state`) is replayed from the actions when asked for.

    References:
        PettingZoo AEC API; docs/rules.rst section 2; the docs' RL page.
    """

    metadata = {
        "render_modes": ["ansi", "human"],
        "name": "pokerkit_holdem_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(
        self,
        config: GameConfig | None = None,
        *,
        hands: int = 1,
        stack_mode: StackMode = StackMode.RESET,
        random_button: bool = True,
        pot_fractions: Sequence[float] = DEFAULT_POT_FRACTIONS,
        action_mode: str = "discrete",
        observation_mode: str = "vector",
        illegal_action: str = "raise",
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
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
        self._names = tuple(f"player_{seat}" for seat in range(n))
        self._seat_of = {name: seat for seat, name in enumerate(self._names)}
        dealt = core.config.dealt_in
        self.possible_agents = [self._names[seat] for seat in dealt]
        self.observation_spaces = {
            a: spaces.Dict({"observation": core.vector_space(), "action_mask": core.mask_space()})
            for a in self.possible_agents
        }
        self.action_spaces = {a: core.actions.space() for a in self.possible_agents}
        self.agents: list[str] = []
        self.np_random, self.np_random_seed = seeding.np_random(None)
        self._seeded = False
        self._state: HandState | None = None
        cfg = None
        if hands == 1 and core.vector and not core.clamp and core.actions is core.discrete:
            cfg = c_config(core.config, hands, stack_mode, random_button, core.discrete)
        self._fast: NativeTable | None = NativeTable(cfg) if cfg is not None else None
        self._fast_actions: list[int] = []
        self._fast_button = 0
        self._fast_seed = 0
        self._fast_seed_set = False  # a hand is dealt at the C table
        self._fast_over = False

    # ------------------------------------------------------------- spaces
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent`` (the same object every call)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of ``agent`` (the same object every call)."""
        return self.action_spaces[agent]

    # ------------------------------------------------------------- queries
    @property
    def config(self) -> GameConfig:
        """The configured table (the first hand's, before any button move)."""
        return self._core.config

    @property
    def hand_state(self) -> HandState:
        """The engine's state of the current (or last) hand.

        Raises:
            HandOverError: Not reset yet (there is no hand).
        """
        if self._state is None:
            if self._fast is None or not self._fast_seed_set:
                raise HandOverError("reset() the environment first: there is no hand yet")
            self._state = self._replay()
        return self._state

    def _replay(self) -> HandState:
        """The engine state of the C table's hand: dealt and played again."""
        core = self._core
        config = core.config
        if config.button != self._fast_button:
            config = config.with_button(self._fast_button)
        state = deal(config, seed=self._fast_seed)
        for index in self._fast_actions:
            state = act(state, core.actions.action(index, core.legal(state), state.pot))
        return state

    @property
    def finished_hands(self) -> tuple[HandState, ...]:
        """Final states of this episode's finished hands, first first."""
        if self._fast is not None:
            return (self.hand_state,) if self._fast_over else ()
        return tuple(self._core.sequence.finished)

    @property
    def hand_number(self) -> int:
        """1-based number of the current hand in the episode (0 before reset)."""
        if self._fast is not None:
            return 1 if self._fast_seed_set else 0
        return self._core.sequence.hand_number

    def seat(self, agent: str) -> int:
        """The seat of ``agent`` (``"player_3"`` is seat 3).

        Raises:
            KeyError: Not an agent of this table.
        """
        return self._seat_of[agent]

    # ------------------------------------------------------------- API
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start an episode: deal its first hand.

        Args:
            seed: Seeds the environment's generator (``np_random``): the same
                seed deals the same hands (the deal seeds and the button are
                drawn from it as :mod:`pokerkit_core.envs.hands` says).
                ``None`` goes on with the generator as it is (seeded from
                the operating system the first time).
            options: Accepted and ignored.
        """
        del options
        if seed is not None or not self._seeded:
            self.np_random, self.np_random_seed = seeding.np_random(seed)
            self._seeded = True
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._skip_agent_selection = None
        fast = self._fast
        if fast is not None:
            fast.start(self.np_random)
            info = fast.inspect()
            self._fast_button, self._fast_seed = int(info[_INFO_BUTTON]), int(info[_INFO_SEED])
            self._fast_seed_set = True
            self._fast_actions = []
            self._fast_over = False
            self._state = None
            self.agent_selection = self._names[int(info[_INFO_TO_ACT])]
            self._accumulate_rewards()
            self._deads_step_first()
            return
        state = self._core.sequence.start(self.np_random)
        self._state = state
        self.agent_selection = self.agents[0]
        self._settle(state)
        self._accumulate_rewards()
        self._deads_step_first()

    def _settle(self, state: HandState) -> None:
        """Point at the seat to act; pay finished hands and deal on."""
        sequence = self._core.sequence
        bb = self._core.big_blind
        while state.is_over:
            results = state.hand_results
            for agent in self.agents:
                if not self.terminations[agent]:
                    self.rewards[agent] += float(results[self._seat_of[agent]] / bb)
            following = sequence.next_hand(state)
            if following is None:
                for agent in self.agents:
                    self.terminations[agent] = True
                return
            for agent in self.agents:
                if sequence.is_out(self._seat_of[agent]):
                    self.terminations[agent] = True
            state = self._state = following
        assert state.to_act is not None
        self.agent_selection = self._names[state.to_act]

    def step(self, action: Any) -> None:
        """Play ``action`` for :attr:`agent_selection`.

        Args:
            action: An int of the agent's action space (NumPy integers
                too); ``None`` for an agent that is terminated.

        Raises:
            IllegalActionError: ``action`` is not an action of the space, or
                is masked now and ``illegal_action="raise"``; nothing changes.
            ValueError: A terminated agent was given an action other than
                ``None`` (PettingZoo's rule).
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        fast = self._fast
        if fast is not None:
            self._fast_step(agent, action, fast)
            return
        state = self._state
        assert state is not None
        engine_action, clamped = self._core.to_action(state, action)
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        info = self.infos[agent]
        info.pop("clamped", None)
        if clamped:
            info["clamped"] = True
        state = self._state = act(state, engine_action)
        self._settle(state)
        self._accumulate_rewards()
        self._deads_step_first()
        if self.render_mode == "human":
            self.render()

    def _fast_step(self, agent: str, action: Any, fast: NativeTable) -> None:
        """:meth:`step` at the C table."""
        index = _index_arg(action, self._core.actions.size)
        to_act = fast.step(index)
        if to_act is None:
            self._core.to_action(self.hand_state, index)  # raises the engine's error
            raise AssertionError("unreachable: the C table refused a legal action")  # pragma: no cover
        self._fast_actions.append(index)
        self._state = None
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self.infos[agent].pop("clamped", None)
        if to_act < 0:
            self._fast_over = True
            rewards = fast.rewards
            for name in self.agents:
                self.rewards[name] += rewards[self._seat_of[name]]
                self.terminations[name] = True
        else:
            self.agent_selection = self._names[to_act]
        self._accumulate_rewards()
        self._deads_step_first()
        if self.render_mode == "human":
            self.render()

    def observe(self, agent: str) -> dict[str, Any]:
        """What ``agent`` sees now.

        Args:
            agent: Any agent of the table (also one no longer in the episode).

        Returns:
            ``{"observation": ..., "action_mask": ...}``: new arrays on
            every call.
        """
        if self._fast is not None and self._fast_seed_set:
            observation, mask = self._fast.view(self._seat_of[agent])
            return {"observation": observation, "action_mask": mask}
        observation, mask = self._core.view(self.hand_state, self._seat_of[agent], self.hand_number)
        return {"observation": observation, "action_mask": mask}

    def render(self) -> str | None:
        """The current hand as text, every seat's hole cards shown.

        Returns:
            The text (``render_mode="ansi"``), or ``None`` after printing it
            (``"human"``) or when no render mode was set (with a warning, as
            Gymnasium does).
        """
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode; pass render_mode='ansi'")
            return None
        text = render_hand(self.hand_state, self.hand_number)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release (text rendering only)."""


raw_env = HoldemAECEnv
"""PettingZoo's name for the unwrapped environment class."""


class _OrderEnforcing(wrappers.OrderEnforcingWrapper[str, Any, Any]):  # type: ignore[misc]
    """PettingZoo's ``OrderEnforcingWrapper`` with a direct ``last()``,
    ``step()``, ``agents`` and ``agent_selection``.

    The base class answers these through chains of forwarded attribute
    look-ups (``__getattr__`` of two classes per name); this one asks the
    environment once (same checks, same result).
    """

    @property
    def agents(self) -> list[str]:
        """The environment's live agents (refused before ``reset()``, as the base class does)."""
        if not self._has_reset:
            raise AttributeError("agents cannot be accessed before reset")
        agents: list[str] = self.env.agents
        return agents

    @property
    def agent_selection(self) -> str:
        """The agent to step (refused before ``reset()``, as the base class does)."""
        if not self._has_reset:
            raise AttributeError("agent_selection cannot be accessed before reset")
        selected: str = self.env.agent_selection
        return selected

    def step(self, action: Any) -> None:
        """``env.step(action)`` with the base class's checks."""
        if not self._has_reset:
            EnvLogger.error_step_before_reset()
        self._has_updated = True
        if not self.env.agents:
            EnvLogger.warn_step_after_terminated_truncated()
        else:
            self.env.step(action)

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """``env.last(observe)``, refused before ``reset()`` as ``observe`` is."""
        if not self._has_reset:
            EnvLogger.error_observe_before_reset()
        result: tuple[Any, float, bool, bool, dict[str, Any]] = self.env.last(observe)
        return result


def env(**kwargs: Any) -> Any:
    """The AEC environment wrapped as PettingZoo does for its own games.

    Args:
        **kwargs: The arguments of :class:`HoldemAECEnv`.

    Returns:
        ``HoldemAECEnv(**kwargs)`` inside PettingZoo's
        ``OrderEnforcingWrapper`` (which refuses ``step``, ``observe`` and
        ``last`` before ``reset``).

    Raises:
        InvalidConfigError: As :class:`HoldemAECEnv`.
    """
    return _OrderEnforcing(HoldemAECEnv(**kwargs))
