"""The RL environments (pokerkit_core.envs): PettingZoo's and Gymnasium's own
API checks, agreement with the engine hand for hand, the action sets, the
observation vector, seeding, rewards and rendering.

Skipped without the ``rl`` extra (gymnasium, pettingzoo).
"""

from __future__ import annotations

import math
import subprocess
import sys
import warnings
from collections import defaultdict
from fractions import Fraction
from typing import Any

import pytest

gymnasium = pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")
np = pytest.importorskip("numpy")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

import pokerkit_core.envs as envs  # noqa: E402
from pokerkit_core import (  # noqa: E402
    AllIn,
    Bet,
    Call,
    Check,
    Fold,
    GameConfig,
    HandOverError,
    IllegalActionError,
    MAX_SEATS,
    InvalidConfigError,
    PolicyError,
    Raise,
    StackMode,
    act,
    deal,
    legal_actions,
    observe,
)
from pokerkit_core.envs import HoldemEnv, ObservationEncoder, env, raw_env  # noqa: E402
from pokerkit_core.engine.events import ActionTaken  # noqa: E402


pytestmark = [
    # api_test's notes on every dict observation ({"observation", "action_mask"}),
    # which PettingZoo's own card games also use
    pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be"),
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array"),
]


# the largest table (rules.MAX_SEATS, 10) is always among the seat counts checked
SEATS = sorted({2, 6, 9, MAX_SEATS})
STACKS = (500, 1_200, 3_000, 800, 2_500, 1_500, 700, 4_000, 950, 2_000)


def _table(seats: int) -> GameConfig:
    """Uneven stacks (all-ins and side pots are common), blinds 10/20."""
    return GameConfig(stacks=STACKS[:seats], small_blind=10, big_blind=20)


def _random_pick(rng: Any, mask: Any) -> int:
    return int(rng.choice(np.flatnonzero(mask)))


# ------------------------------------------------------------------ API checks
@pytest.mark.parametrize("seats", SEATS)
def test_pettingzoo_api_test(seats: int) -> None:
    api_test(env(config=_table(seats)), num_cycles=300)


@pytest.mark.parametrize(
    "options",
    [
        {"hands": 6, "stack_mode": StackMode.CARRY},
        {"hands": 4, "random_button": False},
        {"action_mode": "raise-to"},
        {"pot_fractions": (0.33, 0.75, 1.5, 3)},
        {"illegal_action": "clamp", "render_mode": "ansi"},
    ],
    ids=["carry", "fixed-button", "raise-to", "fractions", "clamp"],
)
def test_pettingzoo_api_test_options(options: dict[str, Any]) -> None:
    api_test(env(config=_table(6), **options), num_cycles=300)


@pytest.mark.parametrize("seats", SEATS)
def test_pettingzoo_seed_test(seats: int) -> None:
    seed_test(lambda: env(config=_table(seats), hands=3, stack_mode=StackMode.CARRY), num_cycles=100)


@pytest.mark.parametrize("seats", SEATS)
@pytest.mark.parametrize("opponents", ["random", "call", "hard"])
def test_gymnasium_check_env(seats: int, opponents: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # check_env reports problems as warnings too
        made = gymnasium.make(envs.HEADS_UP_ID, config=_table(seats), opponents=opponents)
        check_env(made.unwrapped)


@pytest.mark.parametrize(
    "options",
    [
        {"hands": 5, "stack_mode": StackMode.CARRY, "seat": 1},
        {"action_mode": "raise-to"},
        {"config": GameConfig.fixed_limit(players=3)},
    ],
    ids=["carry", "raise-to", "fixed-limit"],
)
def test_gymnasium_check_env_options(options: dict[str, Any]) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(gymnasium.make(envs.HOLDEM_ID, **options).unwrapped)


def test_registered_ids_make_the_documented_tables() -> None:
    heads_up = gymnasium.make(envs.HEADS_UP_ID).unwrapped
    assert heads_up.config == GameConfig.acpc_heads_up()
    six = gymnasium.make("pokerkit_core.envs:pokerkit_core/Holdem-v0").unwrapped
    assert six.config.stacks == (10_000,) * 6 and six.config.big_blind == 100


# ------------------------------------------------------------------ engine agreement
def _reference_action(index: int, legal: Any, pot: int, fractions: tuple[float, ...]) -> Any:
    """The documented discrete action table, written out independently."""
    last = 3 + len(fractions)
    if index == 0:
        return Fold
    if index == 1:
        return Check if legal.can_check else Call
    if index == last:
        return AllIn
    if index == 2:
        to = legal.min_raise_to
    else:
        f = Fraction(str(fractions[index - 3]))
        to = legal.call_to + math.floor(f * (pot + legal.call_amount))
    if to == legal.bet + legal.stack:
        return AllIn
    return Bet(to) if legal.can_bet else Raise(to)


@pytest.mark.parametrize("seats", SEATS)
def test_random_agents_play_exactly_the_engine_hands(seats: int) -> None:
    """Replay every episode on the engine from the documented seeding (button,
    then deal seed, from numpy's default_rng(seed)) and the documented action
    table: chips, pots, showdowns and rewards agree."""
    config = _table(seats)
    fractions = (0.5, 1.0, 2.0)
    table = raw_env(config=config)
    pick = np.random.default_rng(seats)
    showdowns = side_pots = 0
    for episode in range(40):
        seed = 1_000 * seats + episode
        table.reset(seed=seed)
        moves: list[tuple[str, int]] = []
        totals: dict[str, float] = defaultdict(float)
        for agent in table.agent_iter():
            observation, reward, terminated, truncated, _ = table.last()
            totals[agent] += reward
            if terminated or truncated:
                table.step(None)
                continue
            index = _random_pick(pick, observation["action_mask"])
            moves.append((agent, index))
            table.step(index)
        (played,) = table.finished_hands

        rng = np.random.default_rng(seed)
        button = config.dealt_in[int(rng.integers(len(config.dealt_in)))]
        state = deal(config.with_button(button), seed=int(rng.integers(2**63)))
        for agent, index in moves:
            assert agent == f"player_{state.to_act}"
            state = act(state, _reference_action(index, legal_actions(state), state.pot, fractions))
        assert state.is_over
        assert state.stacks == played.stacks
        assert state.pots == played.pots
        assert state.history == played.history  # actions, boards, shown hands, pots paid
        assert state.hole_cards == played.hole_cards and state.board == played.board
        for seat in config.dealt_in:
            assert totals[f"player_{seat}"] == pytest.approx(state.hand_results[seat] / config.big_blind)
        showdowns += any(type(e).__name__ == "HandShown" for e in state.history)
        side_pots += len(state.pots) > 1
    assert showdowns > 0
    if seats > 2:
        assert side_pots > 0


def test_carried_stacks_follow_from_hand_to_hand() -> None:
    config = _table(6)
    table = raw_env(config=config, hands=30, stack_mode=StackMode.CARRY)
    table.reset(seed=5)
    pick = np.random.default_rng(0)
    rewards: dict[str, float] = defaultdict(float)
    out: list[str] = []
    for agent in table.agent_iter():
        observation, reward, terminated, _, _ = table.last()
        rewards[agent] += reward
        if terminated:
            out.append(agent)
            table.step(None)
        else:
            table.step(_random_pick(pick, observation["action_mask"]))
    hands = table.finished_hands
    assert len(hands) >= 2
    for before, after in zip(hands, hands[1:]):
        assert after.config.stacks == before.stacks  # carried
        assert after.config.big_blind_seat != before.config.big_blind_seat  # the blinds moved
    final = hands[-1].stacks
    assert sum(final) == sum(config.stacks)
    for seat in config.dealt_in:
        net = (final[seat] - config.stacks[seat]) / config.big_blind
        assert rewards[f"player_{seat}"] == pytest.approx(net)
    assert sorted(out) == sorted(f"player_{s}" for s in config.dealt_in)  # everybody ends


def test_busted_seats_leave_dead_blinds_and_the_episode_goes_on() -> None:
    """Carried stacks at nine seats until someone busts: the blinds move by
    the dead-button rule (a dead small blind is not posted) and chips are
    conserved across every hand."""
    config = _table(9)
    dead_small_blinds = 0
    for seed in range(12):
        table = raw_env(config=config, hands=60, stack_mode=StackMode.CARRY)
        table.reset(seed=seed)
        pick = np.random.default_rng(seed)
        for agent in table.agent_iter():
            observation, _, terminated, _, _ = table.last()
            table.step(None if terminated else _random_pick(pick, observation["action_mask"]))
        for hand in table.finished_hands:
            assert sum(hand.stacks) == sum(config.stacks)
            dead_small_blinds += hand.config.small_blind_seat is None
    assert dead_small_blinds > 0


def test_rewards_are_in_big_blinds_at_the_end_of_the_hand() -> None:
    table = raw_env(random_button=False)  # ACPC: button (seat 0) posts 50, seat 1 posts 100
    table.reset(seed=2)
    assert table.agent_selection == "player_0"
    table.step(envs.FOLD)
    assert table.rewards == {"player_0": -0.5, "player_1": 0.5}
    assert all(table.terminations.values())


# ------------------------------------------------------------------ seeding
def test_same_seed_same_hands_other_seed_other_hands() -> None:
    def deals(seed: int) -> list[Any]:
        table = raw_env(config=_table(6), hands=3)
        table.reset(seed=seed)
        pick = np.random.default_rng(9)
        for agent in table.agent_iter():
            observation, _, terminated, _, _ = table.last()
            table.step(None if terminated else _random_pick(pick, observation["action_mask"]))
        return [(h.hole_cards, h.board, h.stacks) for h in table.finished_hands]

    assert deals(11) == deals(11)
    assert deals(11) != deals(12)


def test_gym_same_seed_same_episode() -> None:
    def play(seed: int) -> list[Any]:
        game = HoldemEnv(_table(6), opponents=["hard", "normal", "easy", "random", "raise"], hands=3)
        observation, info = game.reset(seed=seed)
        trace = [observation.tolist()]
        terminated = False
        while not terminated:
            observation, reward, terminated, _, info = game.step(envs.CHECK_CALL)
            trace.append((observation.tolist(), reward))
        return trace

    assert play(4) == play(4)
    assert play(4) != play(5)


# ------------------------------------------------------------------ action sets
def test_discrete_mask_of_the_acpc_small_blind() -> None:
    """Small blind to act: pot 150, 50 to call, min raise-to 200, all-in 20,000.
    Half pot: 100 + (150 + 50) / 2 = 200 (= the minimum: masked); pot: 300;
    two pots: 500."""
    state = deal(GameConfig.acpc_heads_up(), seed=1)
    actions = envs.DiscreteActions()
    legal = legal_actions(state)
    assert actions.mask(legal, state.pot).tolist() == [1, 1, 1, 0, 1, 1, 1]
    assert actions.action(2, legal, state.pot) == Raise(200)
    assert actions.action(4, legal, state.pot) == Raise(300)
    assert actions.action(5, legal, state.pot) == Raise(500)
    assert actions.action(6, legal, state.pot) == AllIn
    assert actions.action(np.int64(1), legal, state.pot) == Call
    with pytest.raises(IllegalActionError):
        actions.action(3, legal, state.pot)
    assert actions.action(3, legal, state.pot, clamp=True) == Raise(200)
    # the big blind, after a call: check or raise, no fold
    state = act(state, Call)
    legal = legal_actions(state)
    # pot 200, nothing to call: half pot is 100 + 100 = 200 = the minimum again; pot 300; two pots 500
    assert actions.mask(legal, state.pot).tolist() == [0, 1, 1, 0, 1, 1, 1]
    assert actions.action(4, legal, state.pot) == Raise(300)
    with pytest.raises(IllegalActionError):
        actions.action(0, legal, state.pot)
    assert actions.action(0, legal, state.pot, clamp=True) == Check


def test_discrete_mask_when_a_call_is_all_in_and_in_fixed_limit() -> None:
    state = deal(GameConfig(stacks=(1_000, 300), small_blind=50, big_blind=100), seed=3)
    state = act(state, Raise(1_000))  # seat 1 can only call all-in
    legal = legal_actions(state)
    actions = envs.DiscreteActions()
    assert actions.mask(legal, state.pot).tolist() == [1, 1, 0, 0, 0, 0, 0]
    assert actions.action(6, legal, state.pot, clamp=True) == Call
    limit = deal(GameConfig.fixed_limit(players=2), seed=3)
    legal = legal_actions(limit)
    assert actions.mask(legal, limit.pot).tolist() == [1, 1, 1, 0, 0, 0, 0]  # the fixed raise only
    assert actions.action(6, legal, limit.pot, clamp=True) == Raise(20)


def test_raise_to_actions() -> None:
    state = deal(GameConfig(stacks=(1_000, 1_000), small_blind=5, big_blind=10), seed=1)
    actions = envs.RaiseToActions(2_000)
    legal = legal_actions(state)
    mask = actions.mask(legal, state.pot)
    assert mask.shape == (2_002,)
    assert np.flatnonzero(mask).tolist() == [0, 1] + list(range(21, 1_001 + 1))
    assert actions.action(1 + 250, legal, state.pot) == Raise(250)
    assert actions.action(1 + 1_000, legal, state.pot) == AllIn
    with pytest.raises(IllegalActionError):
        actions.action(1 + 15, legal, state.pot)
    assert actions.action(1 + 15, legal, state.pot, clamp=True) == Raise(20)
    assert actions.action(1_900, legal, state.pot, clamp=True) == AllIn
    with pytest.raises(IllegalActionError):
        actions.action(2_002, legal, state.pot, clamp=True)  # not in the space at all


@pytest.mark.parametrize("bad", [-1, 7, 2.0, "1", None, True, np.array([1, 2])])
def test_bad_actions_raise_and_change_nothing(bad: object) -> None:
    table = raw_env()
    table.reset(seed=3)
    before = table.hand_state
    with pytest.raises(IllegalActionError):
        table.step(bad)
    assert table.hand_state is before
    assert table.terminations == {"player_0": False, "player_1": False}


def test_masked_action_raises_or_is_clamped() -> None:
    strict = raw_env(random_button=False)
    strict.reset(seed=3)
    strict.step(envs.CHECK_CALL)  # the small blind calls; the big blind may check
    with pytest.raises(IllegalActionError):
        strict.step(envs.FOLD)
    loose = raw_env(random_button=False, illegal_action="clamp")
    loose.reset(seed=3)
    loose.step(envs.CHECK_CALL)
    loose.step(envs.FOLD)  # played as a check
    assert loose.infos["player_1"] == {"clamped": True}
    assert loose.hand_state.street.name == "FLOP"


def test_fold_and_check_call_mean_the_same_in_both_action_sets() -> None:
    state = deal(GameConfig(stacks=(1_000, 1_000), small_blind=5, big_blind=10), seed=1)
    state = act(state, Call)  # the big blind may check: folding is refused
    legal = legal_actions(state)
    for actions in (envs.DiscreteActions(), envs.RaiseToActions(2_000)):
        assert actions.action(envs.CHECK_CALL, legal, state.pot) == Check
        assert actions.action(envs.FOLD, legal, state.pot, clamp=True) == Check
        with pytest.raises(IllegalActionError, match="folding is not allowed"):
            actions.action(envs.FOLD, legal, state.pot)
        facing = legal_actions(deal(state.config, seed=1))
        assert actions.action(envs.FOLD, facing, 15) == Fold
        assert actions.action(envs.CHECK_CALL, facing, 15) == Call


def test_bad_options_are_refused() -> None:
    for options in (
        {"hands": 0},
        {"action_mode": "chips"},
        {"observation_mode": "dict"},
        {"illegal_action": "ignore"},
        {"render_mode": "rgb_array"},
        {"pot_fractions": (0.5, 0.5)},
        {"pot_fractions": (0,)},
        {"pot_fractions": "half"},
        {"stack_mode": "carry"},
    ):
        with pytest.raises(InvalidConfigError):
            raw_env(**options)
    with pytest.raises(InvalidConfigError):
        HoldemEnv(_table(3), opponents=["call"])  # two other seats
    with pytest.raises(PolicyError):
        HoldemEnv(opponents="no-such-bot")
    with pytest.raises(PolicyError):
        HoldemEnv(opponents=object())  # type: ignore[arg-type]
    with pytest.raises(HandOverError):
        HoldemEnv().step(1)
    with pytest.raises(InvalidConfigError):
        HoldemEnv(GameConfig(stacks=(1_000, 0, 1_000)), seat=1)  # an empty seat


# ------------------------------------------------------------------ observations
def test_observation_vector_layout() -> None:
    config = GameConfig(stacks=(1_000, 2_000, 3_000), small_blind=10, big_blind=20)
    state = deal(config, hole_cards=["AsKs", "2c2d", "7h6h"], board="QsJsTs4c3d")
    state = act(state, Raise(60))  # seat 0 (button, first pre-flop with three seats) raises to 60
    encoder = ObservationEncoder(3, 20, 6_000, envs.DiscreteActions())
    vector = encoder.encode(observe(state, 1))  # seat 1 (small blind) is to act
    assert vector.dtype == np.float32 and vector.shape == (encoder.size,) == (113 + 7 * 3 + 7,)
    assert np.flatnonzero(vector[0:52]).tolist() == [0, 1]  # 2c, 2d
    assert not vector[52:104].any()  # no board yet
    assert vector[104:109].tolist() == [1, 0, 0, 0, 0]
    assert vector[109] == pytest.approx((60 + 10 + 20) / 20)  # pot
    assert vector[110] == pytest.approx(50 / 20)  # to call
    assert vector[111] == pytest.approx(100 / 20)  # min raise-to: 60 + 40
    assert vector[112] == pytest.approx(2_000 / 20)  # all-in
    blocks = vector[113 : 113 + 18].reshape(3, 6).tolist()
    assert blocks[0] == pytest.approx([1_990 / 20, 10 / 20, 1, 0, 0, 1])  # seat 1 itself, to act
    assert blocks[1] == pytest.approx([2_980 / 20, 1, 1, 0, 0, 0])  # seat 2
    assert blocks[2] == pytest.approx([940 / 20, 3, 1, 0, 1, 0])  # seat 0, the button
    assert vector[131:134].tolist() == [0, 1, 0]  # own seat number
    assert vector[134:].tolist() == [1, 1, 1, 1, 1, 1, 1]
    assert encoder.space().contains(vector)
    names = [block.name for block in encoder.layout]
    assert names[0] == "hole cards" and names[-1] == "action mask"
    assert encoder.layout[-1].stop == encoder.size


@pytest.mark.parametrize("seats", [2, 6])
def test_env_vectors_equal_the_encoder_on_observations(seats: int) -> None:
    """The environment builds its vectors from the state; the public encoder
    from an Observation: the same vector for every seat at every step."""
    table = raw_env(config=_table(seats), hands=4, stack_mode=StackMode.CARRY)
    encoder = ObservationEncoder(seats, 20, sum(STACKS[:seats]), envs.DiscreteActions())
    pick = np.random.default_rng(3)
    table.reset(seed=3)
    checked = 0
    for agent in table.agent_iter():
        observation, _, terminated, _, _ = table.last()
        state = table.hand_state
        for seat in range(seats):
            vector = table.observe(f"player_{seat}")["observation"]
            assert vector.tolist() == encoder.encode(observe(state, seat)).tolist()
            checked += 1
        table.step(None if terminated else _random_pick(pick, observation["action_mask"]))
    assert checked > 10 * seats
    with pytest.raises(InvalidConfigError):
        ObservationEncoder(seats + 1, 20, 1_000, envs.DiscreteActions()).encode(observe(state, 0))


def test_observation_object_mode() -> None:
    table = raw_env(observation_mode="object")
    table.reset(seed=1)
    observation = table.observe(table.agent_selection)["observation"]
    assert observation.legal is not None and observation.seat == table.seat(table.agent_selection)
    assert table.observation_space(table.agent_selection)["observation"].contains(observation)
    game = HoldemEnv(observation_mode="object", opponents="call")
    seen, _ = game.reset(seed=1)
    assert seen.seat == 0 and seen.legal is not None and len(seen.hole_cards) == 2


def test_other_agents_see_no_mask_and_no_cards_but_their_own() -> None:
    table = raw_env(config=_table(6))
    table.reset(seed=8)
    actor = table.agent_selection
    for agent in table.agents:
        seen = table.observe(agent)
        vector, mask = seen["observation"], seen["action_mask"]
        cards = np.flatnonzero(vector[:52]).tolist()
        own = table.hand_state.hole_cards[table.seat(agent)]
        assert cards == sorted(c.code for c in own)
        assert mask.any() == (agent == actor)


# ------------------------------------------------------------------ gym specifics
class _Folder:
    name = "folder"

    def decide(self, observation: Any) -> Any:
        return Check if observation.legal.can_check else Fold


def test_gym_hands_before_the_first_decision_are_paid_with_the_first_step() -> None:
    """Seat 0 with the big blind and an opponent who folds: the walk's +0.5
    is carried into the first step's reward (it was dropped)."""
    game = HoldemEnv(opponents=_Folder(), random_button=False, hands=1)
    _, info = game.reset(seed=1)  # seat 0 has the button and acts first pre-flop
    assert info["pending_reward"] == 0.0
    game = HoldemEnv(GameConfig.acpc_heads_up(button=1), opponents=_Folder(), random_button=False, hands=3)
    _, info = game.reset(seed=1)  # seat 1 (button) folds its small blind every hand
    assert info["pending_reward"] == 0.5  # hand 1 ended before seat 0 acted; hand 2 button is seat 0
    assert game.hand_state.to_act == 0 and info["hand_number"] == 2
    _, reward, terminated, _, info = game.step(1)  # seat 0 limps; the folder checks its big blind
    rewards = [reward]
    while not terminated:
        _, reward, terminated, _, info = game.step(1)
        rewards.append(reward)
    results = [h.hand_results[0] / 100 for h in game.finished_hands]
    assert len(results) == 3 and results[0] == 0.5 and results[2] == 0.5
    assert sum(rewards) == pytest.approx(sum(results))


def test_gym_an_episode_without_a_decision_is_one_terminal_step() -> None:
    """hands=1, seat 0 in the big blind and the small blind folds: reset
    returns the ended hand (no legal action); the first step plays nothing
    and returns +0.5, terminated (before, the episode was dealt again)."""
    game = HoldemEnv(GameConfig.acpc_heads_up(button=1), opponents=_Folder(), random_button=False)
    observation, info = game.reset(seed=1)
    assert game.hand_state.is_over and len(game.finished_hands) == 1
    assert info["pending_reward"] == 0.5 and not info["action_mask"].any()
    assert game.observation_space.contains(observation)
    assert observation[104 + 4] == 1.0  # street block: hand over
    with pytest.raises(IllegalActionError, match="not an action of this action space"):
        game.step(7)  # still refused: not an action of the space; nothing changes
    observation, reward, terminated, truncated, info = game.step(0)  # any action: ignored
    assert (reward, terminated, truncated) == (0.5, True, False)
    assert not info["action_mask"].any()
    with pytest.raises(HandOverError):
        game.step(0)


def test_gym_every_dealt_hand_counts_and_the_button_is_fair() -> None:
    """2,000 one-hand episodes against random opponents: the rewards add up
    to the agent's results in the engine, each episode plays the hand its
    seed deals (button drawn as docs/envs.rst says) and the agent has the
    button in about half of them (it had it in 57.8%: walks were dealt again)."""
    episodes = 2_000
    game = HoldemEnv(opponents="random")
    pick = np.random.default_rng(5)
    total = engine = 0.0
    buttons = walks = 0
    for seed in range(episodes):
        _, info = game.reset(seed=seed)
        walks += not info["action_mask"].any()
        terminated = False
        while not terminated:
            mask = info["action_mask"]
            action = _random_pick(pick, mask) if mask.any() else 0
            _, reward, terminated, _, info = game.step(action)
            total += reward
        (hand,) = game.finished_hands
        engine += hand.hand_results[0] / 100
        rng = np.random.default_rng(seed)
        rng.integers(2**63)  # the opponent's seed
        assert hand.config.button == int(rng.integers(2))
        buttons += hand.config.button == 0
    assert walks > 100  # the opponent folded its small blind in many of them
    assert total == pytest.approx(engine)
    sigma = math.sqrt(episodes * 0.25)
    assert abs(buttons - episodes / 2) < 4 * sigma, buttons


def test_aec_rewards_add_up_to_the_engine_results() -> None:
    """Every agent's rewards (as ``last()`` shows them) add up to its results
    in the engine's hands, hands that end with no decision (all-in from the
    blinds) and busted seats included."""
    config = GameConfig(stacks=(100, 50, 250, 5_000), small_blind=50, big_blind=100)
    table = env(config=config, hands=6, stack_mode=StackMode.CARRY)
    pick = np.random.default_rng(2)
    seen: dict[str, float] = defaultdict(float)
    engine: dict[str, float] = defaultdict(float)
    undecided = 0
    for seed in range(200):
        table.reset(seed=seed)
        for agent in table.agent_iter():
            observation, reward, terminated, truncated, _ = table.last()
            seen[agent] += reward
            table.step(None if terminated or truncated else _random_pick(pick, observation["action_mask"]))
        for hand in table.unwrapped.finished_hands:
            undecided += not any(isinstance(event, ActionTaken) for event in hand.history)
            for seat, result in enumerate(hand.hand_results):
                engine[f"player_{seat}"] += result / 100
    assert undecided > 0
    assert set(seen) == set(engine)
    for agent in engine:
        assert seen[agent] == pytest.approx(engine[agent]), agent


def test_gym_opponent_faults_are_policy_errors() -> None:
    class Broken:
        name = "broken"

        def decide(self, observation: Any) -> Any:
            return Raise(1)

    game = HoldemEnv(GameConfig.acpc_heads_up(button=1), opponents=Broken(), random_button=False)
    with pytest.raises(PolicyError, match="illegal"):
        game.reset(seed=1)


def test_gym_rewards_add_up_to_the_results() -> None:
    game = HoldemEnv(_table(6), opponents="random", hands=20, stack_mode=StackMode.CARRY, seat=2)
    _, info = game.reset(seed=21)
    total = 0.0
    pick = np.random.default_rng(1)
    terminated = False
    while not terminated:
        _, reward, terminated, truncated, info = game.step(_random_pick(pick, info["action_mask"]))
        assert truncated is False
        total += reward
    hands = game.finished_hands
    assert hands and total == pytest.approx((hands[-1].stacks[2] - STACKS[2]) / 20)


# ------------------------------------------------------------------ render, install
def test_render_text() -> None:
    table = raw_env(render_mode="ansi", random_button=False)
    table.reset(seed=1)
    text = table.render()
    assert isinstance(text, str) and text.startswith("hand 1, pre-flop, board -, pot 150")
    cards = table.hand_state.hole_cards
    assert str(cards[0][0]) in text and str(cards[1][0]) in text  # AEC shows every hand
    game = HoldemEnv(render_mode="ansi", opponents="call", random_button=False)
    game.reset(seed=1)
    text = game.render()
    assert "?? ??" in text and str(game.hand_state.hole_cards[0][0]) in text
    with pytest.warns(UserWarning):
        assert raw_env().render() is None


def test_envs_without_the_rl_extra_says_what_to_install() -> None:
    code = (
        "import sys; sys.modules['gymnasium'] = None; import pokerkit_core\n"
        "try:\n    import pokerkit_core.envs\nexcept ImportError as e:\n    print(e)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert 'pip install "pokerkit_core[rl]"' in out.stdout and "gymnasium" in out.stdout
    assert 'from a source checkout: pip install ".[rl]"' in out.stdout
