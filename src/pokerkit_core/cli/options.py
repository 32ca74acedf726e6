"""Command-line options that several subcommands share (one definition each)."""

from __future__ import annotations

import argparse
import os
import warnings
from pathlib import Path

from ..errors import SeedWarning

__all__ = ["add_isolation_arguments", "add_json_argument", "warn_seed_on_command_line", "printable"]


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


def warn_seed_on_command_line(args: argparse.Namespace, what: str) -> None:
    """With ``--isolate`` and an explicit ``--seed`` (``match``,
    ``tournament``), warn (:class:`~pokerkit_core.errors.SeedWarning`) that
    the seed is not secret: a command line can be read by every process of
    the same user (``ps``, ``/proc/PID/cmdline``), the isolated bots'
    included, and a bot that knows the seed knows every deck.

    Args:
        args: The parsed arguments (``args.seed``, ``args.isolate``).
        what: The run, for the message (``"match"``, ``"tournament"``).
    """
    if args.isolate and args.seed is not None:
        warnings.warn(
            f"--seed is on this command's line, which every process of this user can read "
            f"(ps, /proc/PID/cmdline), the isolated bots' included: a bot that reads it knows "
            f"every deck.  Against untrusted bots leave --seed out (a fresh seed is drawn and "
            f"printed with the {what}'s result)",
            SeedWarning,
            stacklevel=2,
        )


def check_writable(path: Path, option: str) -> None:
    """Fail before a long run, not after it, when ``path`` cannot be written.

    Args:
        path: The file an option names (it need not exist yet).
        option: The option, for the message (``"--plot"``).

    Raises:
        PermissionError: The file, or the folder that would hold it, is not
            writable.
        FileNotFoundError: The folder that would hold it does not exist.
    """
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise FileNotFoundError(f"{option} {path}: the folder {folder} does not exist")
    target = path if path.exists() else folder
    if not os.access(target, os.W_OK):
        raise PermissionError(f"{option} {path}: {target} is not writable")


def printable(text: str) -> str:
    """``text`` as a terminal may print it: every character that is not
    printable (escape sequences, other control characters, bidirectional
    overrides) written as a Python escape (``\\x1b``).  A name read from a
    hand-history file is anyone's text: printed raw, ``ESC ] 0 ; ...``
    retitles the terminal and ``ESC [ 2 J`` clears it."""
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() else ch.encode("unicode_escape").decode("ascii") for ch in text)
