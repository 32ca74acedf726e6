"""Environment throughput against the raw engine, and ours against others'.

All figures are of random play (uniform over the legal actions, Python's
``random.Random`` or NumPy's generator so the agent costs little), in one
run, each timed with ``time.process_time`` (CPU seconds of this process: one
core, other load on the machine does not count); the best of ``--rounds``
rounds is printed.

Heads-up (ACPC: 20,000 chips, 50/100), compared with the raw API:

* ``raw API``: ``deal`` / ``legal_actions`` / ``act`` in a loop, choosing
  among fold, check/call, the minimum raise and all-in: decisions per second;
* ``VectorEnv``: ``--tables`` tables stepped per call, observations and masks
  written every step, the random actions drawn with NumPy: table decisions
  per second (target: at least 2x the raw API);
* ``AEC env``: ``pokerkit_core.envs.env()`` in PettingZoo's loop
  (``for agent in env.agent_iter(): env.last(); env.step(...)``, a reset
  after every episode of one hand): decisions per second (the steps of
  terminated agents, which PettingZoo's loop also makes, not counted; both
  counts printed) (target: at least 0.5x the raw API);
* ``HoldemEnv``: the Gymnasium environment (opponents ``random``);
* PettingZoo's ``texas_holdem_no_limit_v6`` (RLCard), when installed;
* OpenSpiel, when installed: our game (``pokerkit_core.envs.openspiel``)
  against ``universal_poker`` with the same table (full-game betting:
  every raise-to an action), both asked for the information state tensor of
  the player to act at every decision: decisions per second (target: ours at
  least as fast).

``--players 6`` (or more) times the AEC and Gymnasium environments and the
VectorEnv (its C tables, as heads-up) at a six-seat table
(``GameConfig.no_limit(players, stack=20_000)``).

Run: ``python benchmarks/bench_envs.py [--steps N] [--rounds R] [--players 2 6]``.
Figures depend on the machine and its load; ratios within one run are the
comparable part.
"""

from __future__ import annotations

import argparse
import random
import time
import warnings
from typing import Any, Callable

import numpy as np

from pokerkit_core import act, deal, legal_actions
from pokerkit_core.engine.actions import Action, ActionKind, AllIn, Call, Check, Fold
from pokerkit_core.engine.rules import GameConfig
from pokerkit_core.envs import HoldemEnv, VectorEnv, env


def _config(players: int) -> GameConfig:
    return GameConfig.acpc_heads_up() if players == 2 else GameConfig.no_limit(players=players, stack=20_000)


def raw_decisions_per_second(players: int, steps: int, seed: int) -> float:
    """Decisions per CPU second of the raw engine API."""
    config = _config(players)
    pick = random.Random(seed)
    done = hand = 0
    start = time.process_time()
    while done < steps:
        state = deal(config, seed=seed * 1_000_003 + hand)
        hand += 1
        while not state.is_over:
            legal = legal_actions(state)
            choices = [Check if legal.can_check else Call]
            if legal.can_fold:
                choices.append(Fold)
            if legal.can_bet or legal.can_raise:
                choices.append(Action(ActionKind.BET if legal.can_bet else ActionKind.RAISE, legal.min_raise_to))
                choices.append(AllIn)
            state = act(state, pick.choice(choices))
            done += 1
    return done / (time.process_time() - start)


def vector_decisions_per_second(players: int, tables: int, steps: int, seed: int) -> tuple[float, bool]:
    """Table decisions per CPU second of ``VectorEnv`` (and whether in C)."""
    batch = VectorEnv(tables, _config(players))
    pick = np.random.default_rng(seed)
    _observations, masks = batch.reset(seed=seed)
    done = 0
    start = time.process_time()
    while done < steps:
        actions = (masks * pick.random(masks.shape)).argmax(1)
        _observations, masks, _rewards, _dones = batch.step(actions)
        done += tables
    return done / (time.process_time() - start), batch.native


def aec_steps_per_second(make: Callable[[], Any], steps: int, seed: int) -> tuple[float, float]:
    """``(decisions, env.step calls)`` per CPU second of random play in the AEC environment ``make()``."""
    table = make()
    pick = random.Random(seed)
    table.reset(seed=seed)
    done = decisions = 0
    start = time.process_time()
    while decisions < steps:
        for _agent in table.agent_iter():
            observation, _reward, terminated, truncated, _info = table.last()
            if terminated or truncated:
                action = None
            else:
                mask = observation["action_mask"].tolist()
                action = pick.choice([i for i, legal in enumerate(mask) if legal])
                decisions += 1
            table.step(action)
            done += 1
        table.reset()
    elapsed = time.process_time() - start
    return decisions / elapsed, done / elapsed


def gym_steps_per_second(players: int, steps: int, seed: int) -> float:
    """Steps per CPU second of random play in ``HoldemEnv`` (opponents random)."""
    game = HoldemEnv(_config(players), opponents="random")
    pick = random.Random(seed)
    _obs, info = game.reset(seed=seed)
    done = 0
    start = time.process_time()
    while done < steps:
        mask = info["action_mask"].tolist()
        if not any(mask):  # reset() gave a hand the opponents ended before the agent acted
            _obs, info = game.reset()
            continue
        action = pick.choice([i for i, legal in enumerate(mask) if legal])
        _obs, _reward, terminated, _truncated, info = game.step(action)
        done += 1
        if terminated:
            _obs, info = game.reset()
    return done / (time.process_time() - start)


def _ours(players: int) -> Callable[[], Any]:
    if players == 2:
        return env
    return lambda: env(config=_config(players))


def _theirs(players: int) -> Callable[[], Any] | None:
    try:
        from pettingzoo.classic import texas_holdem_no_limit_v6
    except ImportError:  # RLCard not installed
        return None
    return lambda: texas_holdem_no_limit_v6.env(num_players=players)


def openspiel_games() -> tuple[Any, Any] | None:
    """(our game, universal_poker) at the ACPC heads-up table, or None."""
    try:
        import pyspiel

        from pokerkit_core.envs import openspiel as ours
    except ImportError:
        return None
    theirs = pyspiel.load_game(
        "universal_poker(betting=nolimit,numPlayers=2,numRounds=4,blind=100 50,firstPlayer=2 1 1 1,"
        "numSuits=4,numRanks=13,numHoleCards=2,numBoardCards=0 3 1 1,stack=20000 20000,"
        "bettingAbstraction=fullgame)"
    )
    return pyspiel.load_game(ours.GAME_NAME), theirs


def openspiel_decisions_per_second(game: Any, steps: int, seed: int) -> float:
    """Decisions per CPU second, the information state tensor asked at each."""
    pick = random.Random(seed)
    done = 0
    start = time.process_time()
    while done < steps:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[pick.randrange(len(outcomes))][0])
                continue
            state.information_state_tensor(state.current_player())
            legal = state.legal_actions()
            state.apply_action(legal[pick.randrange(len(legal))])
            done += 1
    return done / (time.process_time() - start)


def _row(name: str, players: int, value: float, ratio: float | None = None) -> None:
    shown = f"{ratio:6.2f}x" if ratio is not None else ""
    print(f"{name:<52} {players:>7} {value:>12,.0f} {shown:>7}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=30_000, help="decisions per round (engine and envs)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--players", type=int, nargs="*", default=[2, 6])
    parser.add_argument("--tables", type=int, default=1024, help="tables of the VectorEnv")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    warnings.filterwarnings("ignore")  # Box precision notes from PettingZoo's spaces
    print(f"{'env':<52} {'players':>7} {'decisions/s':>12} {'vs raw':>7}")
    for players in args.players:
        best: dict[str, float] = {}

        def keep(name: str, value: float) -> None:
            best[name] = max(best.get(name, 0.0), value)

        theirs = _theirs(players)
        native = False
        for r in range(args.rounds):
            seed = args.seed + r
            keep("raw", raw_decisions_per_second(players, args.steps, seed))
            rate, native = vector_decisions_per_second(players, args.tables, 10 * args.steps, seed)
            keep("vector", rate)
            decisions, steps = aec_steps_per_second(_ours(players), args.steps, seed)
            keep("aec", decisions)
            keep("aec steps", steps)
            keep("gym", gym_steps_per_second(players, args.steps, seed))
            if theirs is not None:
                keep("theirs", aec_steps_per_second(theirs, max(1, args.steps // 3), seed)[0])
        raw = best["raw"]
        _row("raw API (deal / legal_actions / act)", players, raw, 1.0)
        where = "C" if native else "engine"
        _row(f"VectorEnv, {args.tables} tables ({where})", players, best["vector"], best["vector"] / raw)
        _row("pokerkit_core.envs.env() (AEC)", players, best["aec"], best["aec"] / raw)
        _row("  same, env.step calls incl. terminated agents", players, best["aec steps"], best["aec steps"] / raw)
        _row("pokerkit_core.envs.HoldemEnv (Gymnasium, agent steps)", players, best["gym"], best["gym"] / raw)
        if theirs is not None:
            _row("pettingzoo texas_holdem_no_limit_v6 (RLCard)", players, best["theirs"], best["theirs"] / raw)
        if players == 2:
            games = openspiel_games()
            if games is None:
                print("OpenSpiel: not installed")
                continue
            ours_rate = max(openspiel_decisions_per_second(games[0], args.steps // 20, args.seed + r) for r in range(args.rounds))
            their_rate = max(openspiel_decisions_per_second(games[1], args.steps // 20, args.seed + r) for r in range(args.rounds))
            _row("OpenSpiel: pokerkit_core_holdem (info-state tensor)", players, ours_rate, ours_rate / raw)
            _row("OpenSpiel: universal_poker fullgame (info-state tensor)", players, their_rate, their_rate / raw)
            print(f"{'  ours / universal_poker':<52} {'':>7} {ours_rate / their_rate:>11.2f}x")


if __name__ == "__main__":
    main()
