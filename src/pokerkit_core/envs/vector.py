"""A batched environment: ``N`` hold'em tables stepped by one call.

>>> import numpy as np
>>> from pokerkit_core.envs import VectorEnv
>>> tables = VectorEnv(4)                      # four ACPC heads-up tables
>>> observations, masks = tables.reset(seed=7)
>>> observations.shape, masks.shape
((4, 134), (4, 7))
>>> actions = np.ones(4, np.int64)             # everybody checks or calls
>>> observations, masks, rewards, dones = tables.step(actions)
>>> rewards.shape, dones.dtype
((4, 2), dtype('bool'))

Every table plays the seat to act: :meth:`VectorEnv.step` takes one action
index per table (the discrete action set of
:class:`~pokerkit_core.envs.encoding.DiscreteActions`) and writes, into
arrays allocated once, each table's next observation (the
:class:`~pokerkit_core.envs.encoding.ObservationEncoder` vector of the seat to
act), its action mask, each seat's reward of the step (big blinds) and
whether the table's episode ended.  An ended episode is followed at once by
the next (auto-reset): the observation is then the new hand's.

Seeding: table ``i`` draws exactly what a single environment
(:class:`~pokerkit_core.envs.aec.HoldemAECEnv` with the same options) draws
after ``reset(seed=seeds[i])`` and then ``reset()`` at every episode end, so
both deal the same hands (:mod:`pokerkit_core.envs.hands`).

No-limit tables of 2 to 10 seats with blinds (and an ante from every seat,
if any), one board, each stack above the big blind plus the ante and stacks
reset every hand (:func:`c_config`) are stepped in C
(``csrc/pkc_vecenv.c``); every other table, and every table under the PEP 399
switch ``POKERKIT_CORE_PURE=1``, is stepped by the Python engine, which is
the reference (``tests/test_vecenv.py`` compares the two step by step).

References:
    The docs' "Reinforcement learning environments" page; docs/rules.rst
    section 2 (a hand of hold'em).
"""

from __future__ import annotations

import operator
from typing import Any, Sequence

import numpy as np
from gymnasium.utils import seeding

from ..engine.rules import GameConfig
from ..engine.state import HandState, act
from ..errors import HandOverError, IllegalActionError, InvalidConfigError, shown
from ..evaluation.evaluator import STATE_KERNEL
from ..evaluation.evaluator import _ffi, _lib  # the cffi module (only the evaluator imports it)
from ..tables.config import StackMode
from .core import EnvCore
from .encoding import DEFAULT_POT_FRACTIONS, DiscreteActions
from .hands import HandSequence

__all__ = ["VectorEnv", "c_config"]

_MAX_TABLES = 1 << 24
_C_MAX_HANDS = 1 << 30
_C_MAX_CHIPS = 1 << 31  # at one table
_C_MAX_RATIO = (1 << 31) - 1


def c_config(
    config: GameConfig, hands: int, stack_mode: StackMode, random_button: bool, actions: DiscreteActions
) -> list[int] | None:
    """The configuration array of the C tables, or None when C cannot step them.

    C steps no-limit tables with blinds and an optional ante from every
    seat: a config equal to ``GameConfig(stacks=..., small_blind=...,
    big_blind=..., ante=..., button=...)`` with 2 to ``MAX_SEATS`` seats,
    each stack above the big blind plus the ante, at most ``2**31`` chips at
    the table, stacks reset every hand (or one hand per episode), and pot
    fractions whose numerator and denominator fit 31 bits; and only with the
    accelerator on (not under ``POKERKIT_CORE_PURE=1``).

    Args:
        config: The table.
        hands: Hands per episode.
        stack_mode: Stacks reset or carried.
        random_button: Whether each episode draws its button.
        actions: The discrete action set.

    Returns:
        The ``int64`` entries ``pkc_vec_*`` take (``csrc/pkc.h``), or None.
    """
    if STATE_KERNEL is None or config.seat_count > int(_lib.PKC_MAX_SEATS):
        return None
    sb, bb, ante, stacks = config.small_blind, config.big_blind, config.ante, config.stacks
    canonical = GameConfig(stacks=stacks, small_blind=sb, big_blind=bb, ante=ante, button=config.button)
    if config != canonical or not 1 <= sb <= bb or hands > _C_MAX_HANDS:
        return None
    if any(stack <= bb + ante for stack in stacks) or sum(stacks) > _C_MAX_CHIPS:
        return None
    if stack_mode is StackMode.CARRY and hands > 1:
        return None
    ratios = actions._ratios
    if any(num > _C_MAX_RATIO or den > _C_MAX_RATIO for num, den in ratios):
        return None
    flat = [value for pair in ratios for value in pair]
    head = [len(stacks), sb, bb, ante, hands, int(random_button), config.button, len(ratios)]
    return [*head, *stacks, *flat]


def _seeds(seed: object, count: int) -> list[int | None]:
    """One seed per table from ``seed`` (see :meth:`VectorEnv.reset`)."""
    if seed is None:
        return [None] * count
    if isinstance(seed, (list, tuple, np.ndarray)):
        items = list(seed)
        if len(items) != count:
            raise InvalidConfigError(f"give one seed per table ({count}), got {len(items)}")
        return [_one_seed(item) for item in items]
    first = _one_seed(seed)
    return [first + i for i in range(count)]


def _one_seed(seed: object) -> int:
    if seed.__class__ is bool or seed.__class__.__name__ == "bool_":
        raise InvalidConfigError(f"a seed must be a non-negative int, got {shown(seed)}")
    try:
        value = operator.index(seed)  # type: ignore[arg-type]
    except TypeError:
        raise InvalidConfigError(f"a seed must be a non-negative int, got {shown(seed)}") from None
    if value < 0:
        raise InvalidConfigError(f"a seed must be a non-negative int, got {value}")
    return value


class VectorEnv:
    """``num_envs`` hold'em tables, every one played at its seat to act.

    Args:
        num_envs: Tables, 1 to ``2**24``.
        config: The table (default: the ACPC heads-up format).
        hands: Hands per episode (at least 1).
        stack_mode: ``StackMode.RESET`` or ``StackMode.CARRY``.
        random_button: Draw each episode's first button from the table's
            generator (default), or keep ``config.button``.
        pot_fractions: The pot fractions of the discrete action set.

    Attributes:
        observations: ``float32`` array ``(num_envs, observation_size)``:
            each table's observation by its seat to act.
        action_masks: ``int8`` array ``(num_envs, action_size)``.
        to_act: ``int32`` array ``(num_envs,)``: the seat to act.
        rewards: ``float64`` array ``(num_envs, seats)``: each seat's result
            of the hand that ended in the last step, big blinds (0 when no
            hand ended).
        dones: ``bool`` array ``(num_envs,)``: the episode ended in the last
            step (the table has started the next one).
        native: True when the tables are stepped in C.

    The arrays are allocated once and overwritten by every :meth:`reset`
    and :meth:`step` (copy what you keep).

    Raises:
        InvalidConfigError: ``num_envs`` not an int from 1 to ``2**24``, or
            an option out of range (see
            :class:`~pokerkit_core.envs.aec.HoldemAECEnv`).
    """

    def __init__(
        self,
        num_envs: int,
        config: GameConfig | None = None,
        *,
        hands: int = 1,
        stack_mode: StackMode = StackMode.RESET,
        random_button: bool = True,
        pot_fractions: Sequence[float] = DEFAULT_POT_FRACTIONS,
    ) -> None:
        if num_envs.__class__ is not int or not 1 <= num_envs <= _MAX_TABLES:
            raise InvalidConfigError(f"num_envs must be an int from 1 to {_MAX_TABLES}, got {shown(num_envs)}")
        self._core = core = EnvCore(
            config,
            hands=hands,
            stack_mode=stack_mode,
            random_button=random_button,
            pot_fractions=pot_fractions,
            action_mode="discrete",
            observation_mode="vector",
            illegal_action="raise",
            render_mode=None,
        )
        self.num_envs = num_envs
        self.config = core.config
        self.seat_count = core.seat_count
        self.observation_size: int = core.encoder.size
        """Entries of one observation (:class:`ObservationEncoder` layout)."""
        self.action_size: int = core.discrete.size
        """Actions of the discrete action set."""
        self.observation_space = core.encoder.space()
        """The ``Box`` of one table's observation."""
        self.action_space = core.discrete.space()
        """The ``Discrete`` space of one table's action."""
        self.observations = np.zeros((num_envs, self.observation_size), np.float32)
        self.action_masks = np.zeros((num_envs, self.action_size), np.int8)
        self.to_act = np.zeros(num_envs, np.int32)
        self.rewards = np.zeros((num_envs, self.seat_count), np.float64)
        self.dones = np.zeros(num_envs, np.bool_)
        self._actions = np.zeros(num_envs, np.int64)
        self._cfg = c_config(core.config, hands, stack_mode, random_button, core.discrete)
        self.native = self._cfg is not None
        self._ready = False
        if self._cfg is not None:
            self._cfg_array = np.array(self._cfg, np.int64)
            self._tables = np.zeros(num_envs * int(_lib.pkc_vec_table_bytes()), np.uint8)
            self._dones_u8 = np.zeros(num_envs, np.uint8)
            self._bad = _ffi.new("size_t *")
            self._p_tables = _ffi.from_buffer(self._tables)
            self._p_cfg = _ffi.cast("int64_t *", _ffi.from_buffer(self._cfg_array))
            self._p_actions = _ffi.cast("int64_t *", _ffi.from_buffer(self._actions))
            self._p_rewards = _ffi.cast("double *", _ffi.from_buffer(self.rewards))
            self._p_dones = _ffi.cast("uint8_t *", _ffi.from_buffer(self._dones_u8))
            self._p_obs = _ffi.cast("float *", _ffi.from_buffer(self.observations))
            self._p_masks = _ffi.cast("int8_t *", _ffi.from_buffer(self.action_masks))
            self._p_to_act = _ffi.cast("int32_t *", _ffi.from_buffer(self.to_act))
        else:
            self._sequences = [
                HandSequence(core.config, hands=hands, stack_mode=stack_mode, random_button=random_button)
                for _ in range(num_envs)
            ]
            self._states: list[HandState] = []
        self._rngs: list[np.random.Generator] = []

    # ------------------------------------------------------------------ API
    def reset(self, seed: object = None) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]:
        """Seed every table and start its first episode.

        Args:
            seed: ``None`` (each table seeded from the operating system), an
                int ``s`` (table ``i`` gets ``s + i``, as Gymnasium's vector
                environments do), or one non-negative int per table.  Table
                ``i`` then deals what ``HoldemAECEnv.reset(seed=seeds[i])``
                deals.

        Returns:
            ``(observations, action_masks)`` (the arrays of this object).

        Raises:
            InvalidConfigError: A seed that is not a non-negative int, or a
                sequence with a length other than ``num_envs``.
        """
        seeds = _seeds(seed, self.num_envs)
        self._rngs = [seeding.np_random(s)[0] for s in seeds]
        self.rewards[:] = 0.0
        self.dones[:] = False
        if self._cfg is not None:
            words = np.zeros(4, np.uint64)
            p_words = _ffi.cast("uint64_t *", _ffi.from_buffer(words))
            for i, rng in enumerate(self._rngs):
                state = rng.bit_generator.state
                value, inc = state["state"]["state"], state["state"]["inc"]
                words[:] = [value >> 64, value & (2**64 - 1), inc >> 64, inc & (2**64 - 1)]
                status = _lib.pkc_vec_seed(
                    self._p_tables, self.num_envs, i, p_words, state["has_uint32"], state["uinteger"]
                )
                assert status == 0
            status = _lib.pkc_vec_start(self._p_tables, self.num_envs, self._p_cfg, len(self._cfg))
            assert status == 0
            self._observe_c()
        else:
            self._states = [seq.start(rng) for seq, rng in zip(self._sequences, self._rngs)]
            for i in range(self.num_envs):
                self._states[i] = self._settle(i, self._states[i])
                self._observe_py(i)
        self._ready = True
        return self.observations, self.action_masks

    def step(
        self, actions: Any
    ) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any], np.ndarray[Any, Any], np.ndarray[Any, Any]]:
        """Play one action at every table.

        Args:
            actions: One discrete action index per table: an integer array
                (or sequence) of shape ``(num_envs,)``, each legal at its
                table (``action_masks[i, actions[i]] == 1``).

        Returns:
            ``(observations, action_masks, rewards, dones)`` (the arrays of
            this object).

        Raises:
            HandOverError: :meth:`reset` was not called.
            IllegalActionError: ``actions`` is not an integer array of shape
                ``(num_envs,)`` (bools refused), or an action is out of range
                or masked at its table (the message names the table);
                nothing changes at any table.
            InvalidConfigError: The private table memory was overwritten
                (C path); nothing changes.
        """
        if not self._ready:
            raise HandOverError("reset() the tables first")
        values = np.asarray(actions)
        if values.shape != (self.num_envs,) or values.dtype.kind not in "iu":
            raise IllegalActionError(
                shown(actions),
                f"an integer array of shape ({self.num_envs},)",
                "give one action index per table",
            )
        bad = np.flatnonzero((values < 0) | (values >= self.action_size))
        if bad.size:
            i = int(bad[0])
            raise IllegalActionError(
                int(values[i]), f"an int 0-{self.action_size - 1}", f"table {i}: not an action of the action set"
            )
        if self._cfg is not None:
            self._actions[:] = values
            status = _lib.pkc_vec_step(
                self._p_tables, self.num_envs, self._p_cfg, len(self._cfg), self._p_actions, 1,
                self._p_rewards, self.rewards.size, self._p_dones, self._bad,
            )
            if status != 0:
                i = int(self._bad[0])
                if status != _lib.PKC_VEC_E_ILLEGAL:
                    raise InvalidConfigError(f"table {i} is not in a state the C tables leave (overwritten?)")
                raise IllegalActionError(
                    int(values[i]), self._legal_names(i), f"table {i}: the action is masked now"
                )
            np.not_equal(self._dones_u8, 0, out=self.dones)
            self._observe_c()
        else:
            core = self._core
            planned = []
            for i, state in enumerate(self._states):
                try:
                    planned.append(core.to_action(state, int(values[i]))[0])
                except IllegalActionError as error:
                    raise IllegalActionError(error.action, error.legal, f"table {i}: {error.reason}") from None
            self.rewards[:] = 0.0
            self.dones[:] = False
            for i, state in enumerate(self._states):
                self._states[i] = self._settle(i, act(state, planned[i]))
                self._observe_py(i)
        return self.observations, self.action_masks, self.rewards, self.dones

    def _legal_names(self, i: int) -> str:
        names = self._core.discrete.names
        return ", ".join(name for name, ok in zip(names, self.action_masks[i]) if ok)

    # ------------------------------------------------------------- Python path
    def _settle(self, i: int, state: HandState) -> HandState:
        """Pay a finished hand and deal on (a new episode after the last)."""
        sequence = self._sequences[i]
        bb = self._core.big_blind
        while state.is_over:
            results = state.hand_results
            for seat in range(self.seat_count):
                self.rewards[i, seat] += float(results[seat] / bb)
            following = sequence.next_hand(state)
            if following is None:
                self.dones[i] = True
                following = sequence.start(self._rngs[i])
            state = following
        return state

    def _observe_py(self, i: int) -> None:
        state = self._states[i]
        seat = state.to_act
        assert seat is not None
        vector, mask = self._core.view(state, seat, self._sequences[i].hand_number)
        self.observations[i] = vector
        self.action_masks[i] = mask
        self.to_act[i] = seat

    # ------------------------------------------------------------------ C path
    def _observe_c(self) -> None:
        status = _lib.pkc_vec_observe(
            self._p_tables, self.num_envs, self._p_cfg, len(self._cfg or ()), -1,
            self._p_obs, self.observations.size, self._p_masks, self.action_masks.size, self._p_to_act,
        )
        assert status == 0

    def deal_seeds(self) -> list[int]:
        """Each table's current deal seed (``deal(config, seed=...)``).

        Returns:
            One int per table: the seed of the hand in progress.
        """
        if self._cfg is None:
            return [seq.seeds[-1] for seq in self._sequences]
        out = np.zeros(int(_lib.PKC_VEC_INSPECT_LEN), np.int64)
        p_out = _ffi.cast("int64_t *", _ffi.from_buffer(out))
        seeds = []
        for i in range(self.num_envs):
            assert _lib.pkc_vec_inspect(self._p_tables, self.num_envs, i, p_out, out.size) == 0
            seeds.append(int(out[_INFO_SEED]))
        return seeds


_MASK64 = (1 << 64) - 1
# fields of pkc_vec_inspect (csrc/pkc.h)
_INFO_BUTTON, _INFO_TO_ACT, _INFO_SEED, _INFO_HAS32, _INFO_U32, _INFO_PCG = 0, 1, 4, 7, 8, 9


class NativeTable:
    """One C table driven a step at a time: the AEC environment's fast path.

    The table draws from the caller's NumPy generator: :meth:`start` copies
    the generator's PCG64 state in and the advanced state back, so the
    generator stays the one source of the episode's draws (exactly as
    :class:`~pokerkit_core.envs.hands.HandSequence` would have drawn).

    Args:
        cfg: The configuration array from :func:`c_config`.
    """

    __slots__ = (
        "_cfg", "_p_cfg", "_cfg_array", "_table", "_p_table", "_obs", "_mask", "_p_obs",
        "_p_mask", "_to_act", "_p_to_act", "_rewards", "_p_rewards", "_done", "_p_done",
        "_action", "_p_action", "_bad", "_info", "_p_info", "_words", "_p_words", "size", "mask_size",
    )

    def __init__(self, cfg: list[int]) -> None:
        self._cfg = cfg
        self._cfg_array = np.array(cfg, np.int64)
        self._p_cfg = _ffi.cast("int64_t *", _ffi.from_buffer(self._cfg_array))
        self._table = np.zeros(int(_lib.pkc_vec_table_bytes()), np.uint8)
        self._p_table = _ffi.from_buffer(self._table)
        seats = cfg[0]
        self.mask_size = 4 + cfg[7]
        self.size = int(_lib.PKC_VEC_OBS_BASE) + 7 * seats + self.mask_size
        self._obs = np.zeros(self.size, np.float32)
        self._mask = np.zeros(self.mask_size, np.int8)
        self._to_act = np.zeros(1, np.int32)
        self._rewards = np.zeros(seats, np.float64)
        self._done = np.zeros(1, np.uint8)
        self._action = np.zeros(1, np.int64)
        self._info = np.zeros(int(_lib.PKC_VEC_INSPECT_LEN), np.int64)
        self._words = np.zeros(4, np.uint64)
        self._p_obs = _ffi.cast("float *", _ffi.from_buffer(self._obs))
        self._p_mask = _ffi.cast("int8_t *", _ffi.from_buffer(self._mask))
        self._p_to_act = _ffi.cast("int32_t *", _ffi.from_buffer(self._to_act))
        self._p_rewards = _ffi.cast("double *", _ffi.from_buffer(self._rewards))
        self._p_done = _ffi.cast("uint8_t *", _ffi.from_buffer(self._done))
        self._p_action = _ffi.cast("int64_t *", _ffi.from_buffer(self._action))
        self._p_info = _ffi.cast("int64_t *", _ffi.from_buffer(self._info))
        self._p_words = _ffi.cast("uint64_t *", _ffi.from_buffer(self._words))
        self._bad = _ffi.new("size_t *")

    def start(self, rng: np.random.Generator) -> None:
        """Deal an episode's first hand with the draws of ``rng`` (advanced)."""
        bits = rng.bit_generator
        state = dict(bits.state)
        value, inc = state["state"]["state"], state["state"]["inc"]
        self._words[:] = (value >> 64, value & _MASK64, inc >> 64, inc & _MASK64)
        status = _lib.pkc_vec_seed(self._p_table, 1, 0, self._p_words, state["has_uint32"], state["uinteger"])
        assert status == 0
        status = _lib.pkc_vec_start(self._p_table, 1, self._p_cfg, len(self._cfg))
        assert status == 0
        info = self.inspect()
        words = [int(w) & _MASK64 for w in info[_INFO_PCG : _INFO_PCG + 4]]
        state["state"] = {"state": (words[0] << 64) | words[1], "inc": (words[2] << 64) | words[3]}
        state["has_uint32"], state["uinteger"] = int(info[_INFO_HAS32]), int(info[_INFO_U32])
        bits.state = state

    def step(self, index: int) -> int | None:
        """Play discrete ``index`` for the seat to act (no auto-reset).

        Returns:
            None when the action is masked (nothing changed), else the seat
            to act next (-1 once the hand is over).
        """
        self._action[0] = index
        status = _lib.pkc_vec_step(
            self._p_table, 1, self._p_cfg, len(self._cfg), self._p_action, 0,
            self._p_rewards, self._rewards.size, self._p_done, self._bad,
        )
        if status == _lib.PKC_VEC_E_ILLEGAL:
            return None
        assert status == 0
        status = _lib.pkc_vec_inspect(self._p_table, 1, 0, self._p_info, self._info.size)
        assert status == 0
        return int(self._info[_INFO_TO_ACT])

    @property
    def rewards(self) -> tuple[float, ...]:
        """The seats' results of the hand that the last :meth:`step` ended (big blinds)."""
        return tuple(float(r) for r in self._rewards)

    def view(self, seat: int) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]:
        """New arrays: ``seat``'s observation vector and action mask."""
        status = _lib.pkc_vec_observe(
            self._p_table, 1, self._p_cfg, len(self._cfg), seat,
            self._p_obs, self.size, self._p_mask, self.mask_size, self._p_to_act,
        )
        assert status == 0
        return self._obs.copy(), self._mask.copy()

    def inspect(self) -> np.ndarray[Any, Any]:
        """The fields of ``pkc_vec_inspect`` (``csrc/pkc.h``), a new array."""
        status = _lib.pkc_vec_inspect(self._p_table, 1, 0, self._p_info, self._info.size)
        assert status == 0
        return self._info.copy()
