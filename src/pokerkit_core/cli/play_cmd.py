"""``pokerkit-core play``: play hold'em in the terminal against the AIs."""

from __future__ import annotations

import argparse
import sys

from ..engine.policy import load_policy
from ..seeding import policy_seed
from ..tables.session import Blinds
from ..tables.tournament import TournamentMode

DEFAULT_OPPONENTS: dict[str, str] = {
    "table": "normal,hard",
    "nolimit": "easy,normal,normal,hard,random",
    "headsup": "normal",
    "fixedlimit": "easy,normal,hard",
}
"""Opponents seated when ``--opponents`` is not given, per mode."""


def register(sub: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    """Add the ``play`` subcommand."""
    parser = sub.add_parser(
        "play",
        help="play against the AIs in the terminal",
        description="Play Texas hold'em in the terminal against computer players. "
        "Type f (fold), k (check), c (call), b 300 (bet), r 300 (raise to 300), "
        "allin, or q to quit.",
    )
    parser.add_argument(
        "--opponents",
        help="comma-separated policy names (default per mode; table: normal,hard)",
    )
    parser.add_argument(
        "--mode",
        choices=["table", *(m.value for m in TournamentMode)],
        default="table",
        help="table (no-limit session, 10,000 chips, blinds 50/100; default), or a "
        "sit-and-go: nolimit (6 players), headsup (2), fixedlimit (4, 24 hands)",
    )
    parser.add_argument(
        "--seed", type=int, default=None,
        help="seed for decks and AIs (each AI's seed derived from it one-way)",
    )
    parser.add_argument("--hands", type=int, default=None, help="table mode: stop after N hands")
    parser.add_argument("--name", default="you", help="your name at the table")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Seat the opponents and play on standard input and output."""
    from ..tables.play import play

    names = [n.strip() for n in (args.opponents or DEFAULT_OPPONENTS[args.mode]).split(",")]
    opponents = [
        load_policy(name, seed=None if args.seed is None else policy_seed(args.seed, "play.policy", seat))
        for seat, name in enumerate(names, start=1)
    ]
    return play(
        sys.stdin,
        sys.stdout,
        opponents=opponents,
        mode=None if args.mode == "table" else args.mode,
        seed=args.seed,
        name=args.name,
        hands=args.hands,
        blinds=Blinds(50, 100),
    )
