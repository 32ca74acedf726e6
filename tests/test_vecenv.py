"""The batched environment: C tables against the Python engine, step by step."""

from __future__ import annotations

from typing import Any

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from pokerkit_core.engine.rules import GameConfig  # noqa: E402
from pokerkit_core.envs import VectorEnv, env  # noqa: E402
from pokerkit_core.envs import vector as vector_module  # noqa: E402
from pokerkit_core.errors import HandOverError, IllegalActionError, InvalidConfigError  # noqa: E402
from pokerkit_core.evaluation.evaluator import STATE_KERNEL  # noqa: E402
from pokerkit_core.tables.config import StackMode  # noqa: E402

needs_c = pytest.mark.skipif(STATE_KERNEL is None, reason="the C tables run with the accelerator only")


def _make(native: bool, n: int, monkeypatch: pytest.MonkeyPatch, **options: Any) -> VectorEnv:
    with monkeypatch.context() as patch:
        if not native:
            patch.setattr(vector_module, "STATE_KERNEL", None)
        tables = VectorEnv(n, **options)
    assert tables.native is native
    return tables


def _play(tables: VectorEnv, steps: int, seed: int, passive: float = 1.0) -> list[tuple[Any, ...]]:
    """Random legal play; every array after every step.  ``passive`` > 1
    weights check/call that much more at the even tables (longer hands)."""
    pick = np.random.default_rng(seed)
    observations, masks = tables.reset(seed=seed)
    weights = np.ones(masks.shape)
    weights[::2, 1] = passive
    out: list[tuple[Any, ...]] = [(observations.copy(), masks.copy(), tables.to_act.copy(), tables.deal_seeds())]
    for _ in range(steps):
        actions = (masks * weights * pick.random(masks.shape)).argmax(1)
        observations, masks, rewards, dones = tables.step(actions)
        out.append((observations.copy(), masks.copy(), tables.to_act.copy(), rewards.copy(), dones.copy()))
    return out


@needs_c
@pytest.mark.parametrize(
    "options",
    [
        {},
        {"hands": 3},
        {"random_button": False, "config": GameConfig.acpc_heads_up(button=1)},
        {"config": GameConfig(stacks=(300, 1_000), small_blind=50, big_blind=100), "pot_fractions": (0.3, 1, 2.5)},
        {"config": GameConfig(stacks=(250, 250), small_blind=100, big_blind=100), "stack_mode": StackMode.CARRY},
    ],
)
def test_c_tables_step_like_the_engine(options: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    """Random batches: every observation, mask, seat to act, reward, done
    flag and deal seed of the C tables equals the engine's (Python path)."""
    c = _play(_make(True, 48, monkeypatch, **options), 250, seed=11)
    py = _play(_make(False, 48, monkeypatch, **options), 250, seed=11)
    for step, (ours, reference) in enumerate(zip(c, py)):
        for field, (a, b) in enumerate(zip(ours, reference)):
            assert np.array_equal(np.asarray(a), np.asarray(b)), (step, field)
    rewards = np.array([row[3] for row in c[1:]])
    dones = np.array([row[4] for row in c[1:]])
    assert dones.sum() > 100  # many hands, both won and lost, and ties
    assert (rewards > 0).any() and (rewards < 0).any()
    # zero-sum hand results
    assert np.allclose(rewards.sum(axis=2), 0.0)


_SHORT = (333, 1_201, 150, 801, 2_499, 457, 705, 3_999, 95, 2_003)


def _pots_seen(tables: VectorEnv) -> dict[str, int]:
    """Count, on an engine-path VectorEnv, the finished hands with side
    pots, split pots and odd chips (wraps its ``_settle``)."""
    seen = {"hands": 0, "side pots": 0, "splits": 0, "odd chips": 0, "showdowns": 0}
    settle = tables._settle

    def counting(i: int, state: Any) -> Any:
        if state.is_over:
            seen["hands"] += 1
            pots = state.pots
            seen["side pots"] += len(pots) > 1
            seen["showdowns"] += len(state.seats_in_hand) > 1
            for pot in pots:
                if len(pot.winners) > 1:
                    seen["splits"] += 1
                    seen["odd chips"] += len(set(pot.shares)) > 1
        return settle(i, state)

    tables._settle = counting  # type: ignore[method-assign]
    return seen


@needs_c
@pytest.mark.parametrize(
    "seats, options",
    [
        (3, {"pot_fractions": (0.3, 1)}),
        (6, {"hands": 3}),
        (6, {"ante": 7, "random_button": False, "button": 4, "pot_fractions": (0.3, 0.5, 1, 2.5)}),
        (9, {"hands": 2, "ante": 1}),
        (10, {"pot_fractions": (0.3, 0.75, 1.5)}),
    ],
)
def test_c_tables_of_n_seats_step_like_the_engine(
    seats: int, options: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """3 to 10 seats, short uneven stacks (all-ins and side pots at most
    showdowns), odd-sized bets (odd chips): every observation, mask, seat to
    act, reward, done flag and deal seed of the C tables equals the
    engine's; the run covers side pots, split pots and odd chips."""
    options = dict(options)
    config = GameConfig(
        stacks=_SHORT[:seats], small_blind=5, big_blind=10, ante=options.pop("ante", 0),
        button=options.pop("button", 0),
    )
    c_tables = _make(True, 64, monkeypatch, config=config, **options)
    py_tables = _make(False, 64, monkeypatch, config=config, **options)
    seen = _pots_seen(py_tables)
    c = _play(c_tables, 300, seed=seats, passive=6.0)
    py = _play(py_tables, 300, seed=seats, passive=6.0)
    for step, (ours, reference) in enumerate(zip(c, py)):
        for field, (a, b) in enumerate(zip(ours, reference)):
            assert np.array_equal(np.asarray(a), np.asarray(b)), (step, field)
    rewards = np.array([row[3] for row in c[1:]])
    assert rewards.shape[2] == seats
    assert np.allclose(rewards.sum(axis=2), 0.0)  # zero-sum hand results
    assert seen["hands"] > 300 and seen["showdowns"] > 50
    assert seen["side pots"] > 10
    assert seen["splits"] > 0
    assert seen["odd chips"] > 0
    streets = np.array([row[0][:, 104:108].sum(axis=0) for row in c]).sum(axis=0)
    assert (streets > 100).all()  # decisions on every street, river included


@needs_c
def test_c_tables_cover_splits_and_odd_chips(monkeypatch: pytest.MonkeyPatch) -> None:
    """Three seats, where split pots are rarer: a longer run against the
    engine sees a split pot with an odd chip."""
    config = GameConfig(stacks=(333, 1_201, 150), small_blind=5, big_blind=10)
    c_tables = _make(True, 128, monkeypatch, config=config, pot_fractions=(0.3, 1))
    py_tables = _make(False, 128, monkeypatch, config=config, pot_fractions=(0.3, 1))
    seen = _pots_seen(py_tables)
    c = _play(c_tables, 400, seed=21)
    py = _play(py_tables, 400, seed=21)
    for step, (ours, reference) in enumerate(zip(c, py)):
        for field, (a, b) in enumerate(zip(ours, reference)):
            assert np.array_equal(np.asarray(a), np.asarray(b)), (step, field)
    assert seen["splits"] > 0 and seen["odd chips"] > 0 and seen["side pots"] > 10


@needs_c
def test_showdowns_and_all_ins_are_covered(monkeypatch: pytest.MonkeyPatch) -> None:
    """The random play above reaches the river, all-ins and split pots."""
    tables = _make(True, 64, monkeypatch)
    rows = _play(tables, 300, seed=5)
    obs = np.array([row[0] for row in rows])
    assert obs[:, :, 104 + 3].any()  # river decisions
    assert obs[:, :, 113 + 6 + 3].any()  # an opponent all-in facing the actor
    rewards = np.array([row[3] for row in rows[1:]])
    dones = np.array([row[4] for row in rows[1:]])
    assert (dones & (rewards[:, :, 0] == 0)).any()  # a split pot


@pytest.mark.parametrize(
    "players, short, hands, single_native",
    [(2, False, 1, True), (6, False, 1, True), (6, False, 1, False), (6, True, 1, False), (6, True, 3, False)],
)
def test_batched_and_single_environments_agree(
    players: int, short: bool, hands: int, single_native: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Table i of the batch, seeded s_i, plays exactly the hands of the AEC
    environment reset with seed s_i (then reset() each episode): same
    observations, masks and rewards at every step; the single environment
    on its C table or on the engine (``single_native`` False), one hand or
    several per episode (the button moving between them)."""
    from pokerkit_core.envs import aec as aec_module

    if players == 2:
        config = GameConfig.acpc_heads_up()
    elif short:
        config = GameConfig(stacks=_SHORT[:players], small_blind=5, big_blind=10)
    else:
        config = GameConfig.no_limit(players=players, stack=2_000)
    seeds = [101, 7, 2**40 + 3]
    tables = VectorEnv(len(seeds), config, hands=hands)
    assert tables.native is (STATE_KERNEL is not None)
    observations, masks = tables.reset(seed=seeds)
    with monkeypatch.context() as patch:
        if not single_native:
            patch.setattr(aec_module, "c_config", lambda *args: None)
        singles = [env(config=config, hands=hands) for _ in seeds]
    native = STATE_KERNEL is not None and single_native and hands == 1
    assert all((single.unwrapped._fast is not None) is native for single in singles)
    for single, seed in zip(singles, seeds):
        single.reset(seed=seed)
    pick = np.random.default_rng(3)
    hands_ended = episodes = 0
    for _ in range(300):
        for i, single in enumerate(singles):
            agent = single.agent_selection
            seen = single.observe(agent)
            assert int(agent.split("_")[1]) == tables.to_act[i]
            assert np.array_equal(seen["observation"], observations[i])
            assert np.array_equal(seen["action_mask"], masks[i])
        actions = (masks * pick.random(masks.shape)).argmax(1)
        observations, masks, rewards, dones = tables.step(actions)
        for i, single in enumerate(singles):
            single.step(int(actions[i]))
            got = [single.rewards[f"player_{s}"] for s in range(players)]
            assert got == rewards[i].tolist()
            hands_ended += bool(rewards[i].any())
            if dones[i]:
                episodes += 1
                single.reset()
    assert episodes > 30 // hands and hands_ended > 30


def test_illegal_actions_change_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    for native in ([True, False] if STATE_KERNEL is not None else [False]):
        tables = _make(native, 3, monkeypatch)
        with pytest.raises(HandOverError):
            tables.step(np.ones(3, np.int64))
        observations, masks = tables.reset(seed=[1, 2, 3])
        before = observations.copy(), masks.copy(), tables.deal_seeds()
        masked = int(np.flatnonzero(masks[2] == 0)[0])
        actions = np.array([1, 1, masked])
        with pytest.raises(IllegalActionError, match="table 2"):
            tables.step(actions)
        for bad in (np.array([1, 1, 7]), np.array([1, -1, 1]), np.array([True, True, True]), [1, 1], np.ones((3, 1), int)):
            with pytest.raises(IllegalActionError):
                tables.step(bad)
        assert np.array_equal(tables.observations, before[0])
        assert np.array_equal(tables.action_masks, before[1])
        assert tables.deal_seeds() == before[2]
        tables.step(np.ones(3, np.int64))  # still playable
        assert not np.array_equal(tables.observations, before[0])


def test_bad_options_are_refused() -> None:
    for n in (0, True, 1.0, 2**24 + 1):
        with pytest.raises(InvalidConfigError):
            VectorEnv(n)  # type: ignore[arg-type]
    tables = VectorEnv(2)
    for seed in (-1, 1.5, True, [1], [1, 2, 3]):
        with pytest.raises(InvalidConfigError):
            tables.reset(seed=seed)


@needs_c
def test_c_refuses_a_damaged_table(monkeypatch: pytest.MonkeyPatch) -> None:
    """The C entry points check every table before writing: a table whose
    bytes were overwritten is refused, nothing changes."""
    tables = _make(True, 2, monkeypatch)
    tables.reset(seed=1)
    tables._tables[tables._tables.size // 2 :] = 0xFF  # table 1 destroyed
    observations = tables.observations.copy()
    with pytest.raises(InvalidConfigError, match="table 1"):
        tables.step(np.ones(2, np.int64))
    assert np.array_equal(tables.observations, observations)


@needs_c
@pytest.mark.parametrize(
    "config",
    [
        GameConfig.acpc_heads_up(),
        GameConfig(stacks=(500, 1_200), small_blind=10, big_blind=20),
        GameConfig(stacks=_SHORT[:6], small_blind=5, big_blind=10, ante=2),
        GameConfig(stacks=_SHORT, small_blind=5, big_blind=10, button=7),
    ],
)
def test_aec_fast_path_plays_like_the_engine(config: GameConfig, monkeypatch: pytest.MonkeyPatch) -> None:
    """The AEC environment on its C table and on the engine (the C path
    switched off): the same observations of every agent, masks, rewards,
    terminations, engine states and rendered text at every step."""
    from pokerkit_core.envs import aec as aec_module

    fast = env(config=config, render_mode="ansi")
    with monkeypatch.context() as patch:
        patch.setattr(aec_module, "c_config", lambda *args: None)
        slow = env(config=config, render_mode="ansi")
    assert fast.unwrapped._fast is not None and slow.unwrapped._fast is None
    pick = np.random.default_rng(8)
    hands = 0
    for episode in range(40):
        seed = 1000 + episode if episode % 3 == 0 else None
        fast.reset(seed=seed)
        slow.reset(seed=seed)
        while True:
            assert fast.agent_selection == slow.agent_selection
            for agent in fast.possible_agents:
                a, b = fast.observe(agent), slow.observe(agent)
                assert np.array_equal(a["observation"], b["observation"])
                assert np.array_equal(a["action_mask"], b["action_mask"])
            assert fast.rewards == slow.rewards and fast.terminations == slow.terminations
            assert fast.unwrapped.hand_state.history == slow.unwrapped.hand_state.history
            assert fast.render() == slow.render()
            _obs, _reward, done, _trunc, _info = fast.last()
            if done:
                assert fast.unwrapped.finished_hands[0].stacks == slow.unwrapped.finished_hands[0].stacks
                hands += 1
                break
            mask = fast.observe(fast.agent_selection)["action_mask"]
            action = int(pick.choice(np.flatnonzero(mask)))
            fast.step(action)
            slow.step(action)
    assert hands == 40
    # an illegal action: the engine's error, nothing changes
    fast.reset(seed=3)
    slow.reset(seed=3)
    masked_now = np.flatnonzero(fast.observe(fast.agent_selection)["action_mask"] == 0)
    while not masked_now.size:  # call until a decision with a masked action
        fast.step(1)
        slow.step(1)
        masked_now = np.flatnonzero(fast.observe(fast.agent_selection)["action_mask"] == 0)
    before = fast.observe(fast.agent_selection)["observation"]
    masked = int(masked_now[0])
    with pytest.raises(IllegalActionError) as fast_error:
        fast.step(masked)
    with pytest.raises(IllegalActionError) as slow_error:
        slow.step(masked)
    assert str(fast_error.value) == str(slow_error.value)
    assert np.array_equal(fast.observe(fast.agent_selection)["observation"], before)


@needs_c
@pytest.mark.parametrize("seats", [2, 3, 6, 10])
def test_c_encoder_writes_the_python_vector(seats: int) -> None:
    """pkc_encode_seat against the Python reference: every seat's vector at
    every state of random hands (uneven stacks: all-ins, side pots), hand
    over included; refuses bad arguments without writing."""
    from pokerkit_core.engine.rules import MAX_SEATS
    from pokerkit_core.evaluation.evaluator import _ffi, _lib

    assert _lib.PKC_MAX_SEATS == MAX_SEATS
    stacks = (500, 1_200, 3_000, 800, 2_500, 1_500, 700, 4_000, 950, 2_000)[:seats]
    config = GameConfig(stacks=stacks, small_blind=10, big_blind=20)
    table = env(config=config)
    core = table.unwrapped._core
    encoder = core.encoder
    assert encoder._native
    pick = np.random.default_rng(seats)
    compared = 0
    for episode in range(15):
        table.reset(seed=episode)
        for agent in table.agent_iter():
            state = table.unwrapped.hand_state
            for seat in range(seats):
                encoder._native = False
                reference, _mask = core.view(state, seat, 1)
                encoder._native = True
                fast, _mask = core.view(state, seat, 1)
                assert np.array_equal(fast, reference), (episode, seat)
                compared += 1
            _obs, _reward, done, _trunc, _info = table.last()
            if done:
                action = None
            else:
                action = int(pick.choice(np.flatnonzero(table.observe(agent)["action_mask"])))
            table.step(action)
    assert compared > 100
    out = np.zeros(encoder.size, np.float32)
    pointer = _ffi.from_buffer("float[]", out)
    zeros = [0] * seats
    for n, seat, card, size in ((11, 0, 0, encoder.size), (seats, seats, 0, encoder.size), (seats, 0, 52, encoder.size), (seats, 0, 0, encoder.size - 1)):
        status = _lib.pkc_encode_seat(n, seat, [card, 1], 2, 0, 0, (0,) * 7, zeros, zeros, zeros, zeros, 0, -1,
                                      [0] * 7, 7, 20, pointer, size)
        assert status != 0
    assert not out.any()


@needs_c
def test_c_config_takes_no_limit_blinds_and_antes() -> None:
    """The C tables take 2-10 seats of no-limit with blinds (an ante from
    every seat allowed) and stacks reset; every other table is refused
    (None: the engine steps it)."""
    from pokerkit_core.engine.betting import BettingStructure, RuleFlavour
    from pokerkit_core.engine.hand_plan import AnteRule
    from pokerkit_core.envs.encoding import DiscreteActions
    from pokerkit_core.envs.vector import c_config

    actions = DiscreteActions()
    reset = StackMode.RESET
    taken = [GameConfig.no_limit(players=n, stack=1_000) for n in (2, 3, 6, 9, 10)]
    taken.append(GameConfig.no_limit(players=6, stack=1_000, ante=10, button=5))
    for config in taken:
        cfg = c_config(config, 3, reset, True, actions)
        assert cfg is not None and cfg[0] == config.seat_count and cfg[3] == config.ante
    assert c_config(GameConfig.no_limit(players=6, stack=1_000), 1, StackMode.CARRY, True, actions) is not None
    six = GameConfig.no_limit(players=6, stack=1_000)
    refused = [
        GameConfig.no_limit(players=6, straddles=(200,)),
        GameConfig.no_limit(players=6, boards=2),
        GameConfig.no_limit(players=6, ante=10, ante_rule=AnteRule.BIG_BLIND),
        GameConfig(stacks=(1_000, 110, 1_000), ante=10),  # a stack not above big blind and ante
        GameConfig(stacks=(1_000, 0, 1_000)),  # an empty seat
        GameConfig(stacks=(2**30, 2**30, 2**30)),  # above 2**31 chips at the table
        GameConfig(stacks=(1_000,) * 6, betting=BettingStructure.POT_LIMIT),
        GameConfig(stacks=(1_000,) * 6, flavour=RuleFlavour.ACPC),
        GameConfig(stacks=(1_000,) * 6, small_blind=0),
    ]
    for config in refused:
        assert c_config(config, 1, reset, True, actions) is None, config
    assert c_config(six, 3, StackMode.CARRY, True, actions) is None


@needs_c
def test_c_entry_points_check_sizes(monkeypatch: pytest.MonkeyPatch) -> None:
    """pkc_vec_step and pkc_vec_observe refuse a configuration array of
    the wrong length, a rewards or observation buffer too small for the
    seats, and a seat that is not at the table, writing nothing."""
    from pokerkit_core.evaluation.evaluator import _ffi, _lib

    config = GameConfig(stacks=_SHORT[:6], small_blind=5, big_blind=10)
    tables = _make(True, 2, monkeypatch, config=config)
    tables.reset(seed=4)
    cfg = tables._cfg_array
    p_cfg = _ffi.cast("int64_t *", _ffi.from_buffer(cfg))
    state = tables._tables.copy()
    rewards = np.full(2 * 6, 7.0)
    actions = np.ones(2, np.int64)
    dones = np.zeros(2, np.uint8)
    bad = _ffi.new("size_t *")

    def step(cfg_len: int, rewards_len: int) -> int:
        return int(_lib.pkc_vec_step(
            tables._p_tables, 2, p_cfg, cfg_len, _ffi.from_buffer("int64_t[]", actions), 1,
            _ffi.from_buffer("double[]", rewards), rewards_len, _ffi.from_buffer("uint8_t[]", dones), bad,
        ))

    assert step(len(cfg) - 1, rewards.size) == _lib.PKC_E_ARG
    assert step(len(cfg), rewards.size - 1) == _lib.PKC_E_ARG
    assert np.array_equal(tables._tables, state) and (rewards == 7.0).all()
    obs = np.full(tables.observations.size, 3.0, np.float32)
    masks = np.zeros(tables.action_masks.size, np.int8)
    to_act = np.zeros(2, np.int32)

    def observe(seat: int, obs_len: int) -> int:
        return int(_lib.pkc_vec_observe(
            tables._p_tables, 2, p_cfg, len(cfg), seat, _ffi.from_buffer("float[]", obs), obs_len,
            _ffi.from_buffer("int8_t[]", masks), masks.size, _ffi.from_buffer("int32_t[]", to_act),
        ))

    assert observe(6, obs.size) == _lib.PKC_E_ARG
    assert observe(-2, obs.size) == _lib.PKC_E_ARG
    assert observe(0, obs.size - 1) == _lib.PKC_E_ARG
    assert (obs == 3.0).all()
    assert observe(5, obs.size) == _lib.PKC_OK and step(len(cfg), rewards.size) == _lib.PKC_OK
