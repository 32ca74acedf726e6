"""Command-line options that several subcommands share (one definition each)."""

from __future__ import annotations

import argparse

__all__ = ["add_isolation_arguments", "add_json_argument"]


def add_isolation_arguments(parser: argparse.ArgumentParser) -> None:
    """Add ``--isolate`` and ``--decision-timeout SECONDS`` (``match``,
    ``tournament``): they become the ``isolate`` and ``decision_timeout``
    arguments of :func:`~pokerkit_core.match.runner.run_match` and
    :class:`~pokerkit_core.tables.tournament.TournamentConfig`, which check them
    (a timeout without ``--isolate`` is refused there)."""
    parser.add_argument(
        "--isolate",
        action="store_true",
        help="run each policy in its own process, where it sees only its observations "
        "(it cannot read the engine's state)",
    )
    parser.add_argument(
        "--decision-timeout",
        type=float,
        metavar="SECONDS",
        help="with --isolate: time limit of each decision; over it the fault is recorded "
        "and the policy checks or folds",
    )


def add_json_argument(parser: argparse.ArgumentParser, help: str = "print one JSON object") -> None:
    """Add ``--json`` (``args.json``: print the result as JSON on stdout, not
    as text), with ``help`` as its help text."""
    parser.add_argument("--json", action="store_true", help=help)
