"""``pokerkit-core tournament``: sit-and-go tournaments between computer players.

Example: ``pokerkit-core tournament --mode nolimit --players
hard,normal,normal,easy,easy,random --seed 7 --runs 20 --json``; add
``--isolate --decision-timeout 1`` to run each player in its own process
with a time limit per decision.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
from typing import Any

from ..errors import InvalidConfigError
from ..engine.policy import Policy, load_policy
from ..seeding import derive, fresh_seed, policy_seed, warn_if_guessable
from ..tables.tournament import TournamentConfig, TournamentMode, player_names, run_tournament
from .options import add_isolation_arguments, add_json_argument, warn_seed_on_command_line

DEFAULT_PLAYERS: dict[str, str] = {
    "nolimit": "hard,normal,normal,easy,easy,random",
    "headsup": "hard,normal",
    "fixedlimit": "hard,normal,easy,random",
}
"""Players seated when ``--players`` is not given, per mode."""


def register(sub: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    """Add the ``tournament`` subcommand."""
    parser = sub.add_parser(
        "tournament",
        help="run sit-and-go tournaments between AIs",
        description="Run sit-and-go tournaments (docs/rules.rst section 5) between computer "
        "players and print the final ranking; with --runs, each player's average "
        "place and win rate.",
    )
    parser.add_argument(
        "--mode",
        choices=[m.value for m in TournamentMode],
        default="nolimit",
        help="nolimit (6 players), headsup (2) or fixedlimit (4, 24 hands); "
        "default nolimit",
    )
    parser.add_argument(
        "--players",
        help="comma-separated policy names, one per seat (default per mode, "
        "nolimit: %s; nolimit seats 2 to 10 names)" % DEFAULT_PLAYERS["nolimit"],
    )
    parser.add_argument(
        "--seed",
        type=int,
        default=None,
        help="seed for decks and AIs, each derived from it one-way (default: a fresh 128-bit "
        "one from the system, printed; with --isolate use none: a command line is read by "
        "every process of the same user, the bots' included)",
    )
    parser.add_argument("--runs", type=int, default=1, help="number of tournaments (default 1)")
    add_isolation_arguments(parser)
    add_json_argument(parser)
    parser.set_defaults(handler=run)


def _policies(names: list[str], seed: int, run: int) -> list[Policy]:
    """Each seat's policy, its seed derived one-way from the command's seed
    (it reveals neither that seed nor the decks)."""
    return [
        load_policy(name, seed=policy_seed(seed, "tournament.policy", run, seat))
        for seat, name in enumerate(names)
    ]


def run(args: argparse.Namespace) -> int:
    """Play the tournaments and print the ranking(s) and summary."""
    if args.runs < 1:
        raise InvalidConfigError(f"--runs must be at least 1, got {args.runs}")
    config = TournamentConfig.preset(args.mode)
    policy_names = [n.strip() for n in (args.players or DEFAULT_PLAYERS[args.mode]).split(",")]
    if args.players and args.mode == "nolimit":  # a no-limit sit-and-go seats 2 to 10
        config = dataclasses.replace(config, players=len(policy_names))
    if len(policy_names) != config.players or not all(policy_names):
        raise InvalidConfigError(
            f"mode {args.mode} seats {config.players} players, got {len(policy_names)} "
            f"({','.join(policy_names)})"
        )
    config = dataclasses.replace(
        config, isolate=args.isolate, decision_timeout=args.decision_timeout
    )
    names = player_names(policy_names)
    seed = fresh_seed() if args.seed is None else args.seed
    if args.seed is not None and args.isolate:
        warn_if_guessable(seed, "tournament", stacklevel=2)
    warn_seed_on_command_line(args, "tournament")
    results: list[dict[str, Any]] = []
    place_sum = dict.fromkeys(names, 0)
    wins = dict.fromkeys(names, 0)
    for run_index in range(args.runs):
        players = _policies(policy_names, seed, run_index)
        button = derive(seed, "tournament.button", run_index) % config.players
        result = run_tournament(
            config, players, names=names, seed=derive(seed, "tournament.deck", run_index),
            button=button,
        )
        for placement in result.ranking:
            place_sum[placement.name] += placement.place
            wins[placement.name] += placement.place == 1
        results.append(
            {
                "ranking": [p.name for p in result.ranking],
                "places": [p.place for p in result.ranking],
                "chips": [p.chips for p in result.ranking],
                "hands": result.hand_count,
                "faults": len(result.faults),
            }
        )
        if result.faults and not args.json:
            print(
                f"warning: {len(result.faults)} policy fault(s), e.g. {result.faults[0]}",
                file=sys.stderr,
            )
    summary = {
        name: {
            "average_place": place_sum[name] / args.runs,
            "wins": wins[name],
            "win_rate": wins[name] / args.runs,
        }
        for name in sorted(names, key=lambda n: (place_sum[n], -wins[n], names.index(n)))
    }
    # the same per policy, its seats pooled (normal and normal#2 count as normal)
    seats = {p: [n for n, q in zip(names, policy_names) if q == p] for p in policy_names}
    by_policy = {
        policy: {
            "seats": len(group),
            "average_place": sum(place_sum[n] for n in group) / (args.runs * len(group)),
            "wins": sum(wins[n] for n in group),
            "win_rate": sum(wins[n] for n in group) / args.runs,
        }
        for policy, group in seats.items()
    }
    if args.json:
        print(
            json.dumps(
                {
                    "mode": args.mode,
                    "seed": seed,
                    "players": list(names),
                    "runs": args.runs,
                    "results": results,
                    "summary": summary,
                    "policies": by_policy,
                }
            )
        )
        return 0
    if args.runs == 1:
        only = results[0]
        print(
            f"{args.mode} tournament, {config.players} players, {only['hands']} hands, "
            f"seed {seed}"
        )
        for name, place, chips in zip(only["ranking"], only["places"], only["chips"]):
            print(f"{place:>3}. {name:<12} {chips:>6} chips")
        return 0
    print(f"{args.mode} tournament x {args.runs}, {config.players} players, seed {seed}")
    print(f"{'player':<12} {'avg place':>9} {'wins':>5} {'win rate':>8}")
    for name, row in summary.items():
        print(
            f"{name:<12} {row['average_place']:>9.2f} {row['wins']:>5} "
            f"{row['win_rate']:>8.1%}"
        )
    if len(by_policy) < len(names):
        print(f"{'policy':<12} {'avg place':>9} {'wins':>5} {'win rate':>8}  (seats pooled)")
        for policy, row in sorted(by_policy.items(), key=lambda kv: kv[1]["average_place"]):
            print(
                f"{policy:<12} {row['average_place']:>9.2f} {row['wins']:>5} "
                f"{row['win_rate']:>8.1%}"
            )
    return 0
