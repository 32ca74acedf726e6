"""Environment steps per second of random play: ours against PettingZoo's.

Plays random legal actions (uniform over the ``action_mask``, Python's
``random.Random`` so the agent costs the same in both) through the standard
AEC loop (``for agent in env.agent_iter(): env.last(); env.step(...)``),
resetting after every episode (one hand), and counts ``env.step`` calls
(the steps of terminated agents included, as the loop makes them).  Ours is
``pokerkit_core.envs.env()`` (ACPC heads-up, 20,000 chips, 50/100; six seats:
``GameConfig.no_limit(players=6, stack=20_000)``); theirs is PettingZoo's
``texas_holdem_no_limit_v6.env(num_players=...)`` (RLCard), when installed.
Also times our Gymnasium environment (``HoldemEnv``, opponents ``random``).

The two are measured in alternating rounds in the same run, each round
timed with ``time.process_time`` (CPU time of this process, so other load on
the machine does not count); the best round of each is printed with the
ratio.  Target: ours >= 3x theirs.

Run: ``python benchmarks/bench_envs.py [--steps N] [--rounds R] [--players 2 6]``.
Figures depend on the machine and its load.
"""

from __future__ import annotations

import argparse
import random
import time
import warnings
from typing import Any, Callable

from pokerkit_core.envs import HoldemEnv, env
from pokerkit_core.engine.rules import GameConfig


def aec_steps_per_second(make: Callable[[], Any], steps: int, seed: int) -> float:
    """Steps per CPU second of random play in the AEC environment ``make()``."""
    table = make()
    pick = random.Random(seed)
    table.reset(seed=seed)
    done = 0
    start = time.process_time()
    while done < steps:
        for _agent in table.agent_iter():
            observation, _reward, terminated, truncated, _info = table.last()
            if terminated or truncated:
                action = None
            else:
                mask = observation["action_mask"].tolist()
                action = pick.choice([i for i, legal in enumerate(mask) if legal])
            table.step(action)
            done += 1
        table.reset()
    return done / (time.process_time() - start)


def gym_steps_per_second(players: int, steps: int, seed: int) -> float:
    """Steps per CPU second of random play in ``HoldemEnv`` (opponents random)."""
    if players == 2:
        config = GameConfig.acpc_heads_up()
    else:
        config = GameConfig.no_limit(players=players, stack=20_000)
    game = HoldemEnv(config, opponents="random")
    pick = random.Random(seed)
    _obs, info = game.reset(seed=seed)
    done = 0
    start = time.process_time()
    while done < steps:
        mask = info["action_mask"].tolist()
        action = pick.choice([i for i, legal in enumerate(mask) if legal])
        _obs, _reward, terminated, _truncated, info = game.step(action)
        done += 1
        if terminated:
            _obs, info = game.reset()
    return done / (time.process_time() - start)


def _ours(players: int) -> Callable[[], Any]:
    if players == 2:
        return env
    return lambda: env(config=GameConfig.no_limit(players=players, stack=20_000))


def _theirs(players: int) -> Callable[[], Any] | None:
    try:
        from pettingzoo.classic import texas_holdem_no_limit_v6
    except ImportError:  # RLCard not installed
        return None
    return lambda: texas_holdem_no_limit_v6.env(num_players=players)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=30_000, help="steps per round (ours)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--players", type=int, nargs="*", default=[2, 6])
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    warnings.filterwarnings("ignore")  # Box precision notes from PettingZoo's spaces
    print(f"{'env':<44} {'players':>7} {'steps/s':>10} {'ratio':>7}")
    for players in args.players:
        theirs = _theirs(players)
        best_ours = best_theirs = 0.0
        for r in range(args.rounds):
            best_ours = max(best_ours, aec_steps_per_second(_ours(players), args.steps, args.seed + r))
            if theirs is not None:
                their_steps = max(1, args.steps // 3)
                best_theirs = max(best_theirs, aec_steps_per_second(theirs, their_steps, args.seed + r))
        ratio = f"{best_ours / best_theirs:6.2f}x" if best_theirs else "     -"
        print(f"{'pokerkit_core.envs.env() (AEC)':<44} {players:>7} {best_ours:>10,.0f} {ratio:>7}")
        if theirs is not None:
            name = "pettingzoo texas_holdem_no_limit_v6 (RLCard)"
            print(f"{name:<44} {players:>7} {best_theirs:>10,.0f} {'1.00x':>7}")
        else:
            print(f"{'pettingzoo texas_holdem_no_limit_v6':<44} {players:>7} {'not installed':>10}")
        gym = max(gym_steps_per_second(players, args.steps, args.seed + r) for r in range(args.rounds))
        print(f"{'pokerkit_core.envs.HoldemEnv (Gymnasium)':<44} {players:>7} {gym:>10,.0f} {'':>7}")


if __name__ == "__main__":
    main()
