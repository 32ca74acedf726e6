"""The ``pokerkit-core`` command line (also ``python -m pokerkit_core``).

Each subcommand lives in its own module of this package and exposes
``register(subparsers)``, which adds its parser and sets ``handler`` (a function
taking the parsed arguments and returning the exit status).  The modules are
listed in :data:`COMMANDS` and imported only when the command line runs, so
the library itself never pays for them.
"""

from __future__ import annotations

import argparse
import importlib
import sys
import warnings
from typing import Any, Sequence

from .._version import __version__
from ..errors import PokerError, SeedWarning

__all__ = ["main", "build_parser", "COMMANDS"]

COMMANDS: tuple[str, ...] = (
    "eval",
    "equity",
    "match",
    "lbr",
    "policies",
    "tournament",
    "play",
    "replay",
    "import",
    "acpc",
    "stats",
    "range",
    "serve",
    "solve",
)
"""Subcommand modules of :mod:`pokerkit_core.cli`, in help order."""


def build_parser() -> argparse.ArgumentParser:
    """The full argument parser, with every available subcommand."""
    parser = argparse.ArgumentParser(
        prog="pokerkit-core",
        description="Texas hold'em tools: evaluate hands, compute equity, play and "
        "replay hands, run matches and tournaments between AIs.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    for name in COMMANDS:
        try:
            module = importlib.import_module(f"{__name__}.{name}_cmd")
        except ModuleNotFoundError as exc:  # a command still being written
            if exc.name != f"{__name__}.{name}_cmd":
                raise
            continue
        module.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (0 on success).

    Library errors (:class:`~pokerkit_core.errors.PokerError`) print one line
    on standard error and give status 2; argument errors are argparse's
    (status 2); operating-system errors (a file that cannot be read or
    written, a network address that does not answer) print one line and give
    status 1; an interrupt (Ctrl-C) gives status 130.
    """
    parser = build_parser()
    args = parser.parse_args(argv)
    formatted = warnings.formatwarning

    def one_line(message: Any, category: type[Warning], filename: str, lineno: int, line: str | None = None) -> str:
        if issubclass(category, SeedWarning):  # the library's advice: one line, no source position
            return f"pokerkit-core {args.command}: warning: {message}\n"
        return formatted(message, category, filename, lineno, line)

    warnings.formatwarning = one_line
    try:
        status: int = args.handler(args)
    except PokerError as exc:
        print(f"pokerkit-core {args.command}: error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # e.g. piped into `head`
        return 0
    except OSError as exc:
        print(f"pokerkit-core {args.command}: error: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print(f"pokerkit-core {args.command}: interrupted", file=sys.stderr)
        return 130
    finally:
        warnings.formatwarning = formatted
    return status


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
