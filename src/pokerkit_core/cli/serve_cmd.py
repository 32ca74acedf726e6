"""``pokerkit-core serve [--host 127.0.0.1] [--port 8000] [--data DIR]``: the web table.

Runs the reference web application (lobby, tables, replayer, match view) with
uvicorn.  Needs the ``web`` extra (``pip install "pokerkit_core[web]"``; from
a source checkout ``pip install ".[web]"``); the wire protocol is the
documentation's web page.

Example::

    pokerkit-core serve --data ~/poker-rooms
"""

from __future__ import annotations

import argparse
import importlib.util

from ..errors import MissingExtraError

__all__ = ["register", "run", "WEB_MODULES"]

WEB_MODULES: tuple[str, ...] = ("starlette", "uvicorn", "websockets")
"""Modules the ``web`` extra installs."""


def register(sub: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    """Add the ``serve`` subcommand."""
    parser = sub.add_parser(
        "serve",
        help="play and watch in the browser (needs the 'web' extra)",
        description="Serve the web table: a lobby of rooms (cash tables, sit-and-gos, "
        "ACPC heads-up), the replayer and the match view.  Binds 127.0.0.1 unless told; "
        "put a TLS reverse proxy in front of it for the internet.",
    )
    parser.add_argument("--host", default="127.0.0.1", help="address to bind (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=8000, help="TCP port (default 8000)")
    parser.add_argument(
        "--data",
        default="pokerkit-data",
        metavar="DIR",
        help="directory of the SQLite database of rooms and hands (default ./pokerkit-data)",
    )
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Serve until interrupted; exit status 0.

    Raises:
        MissingExtraError: starlette, uvicorn or websockets is not installed
            (the ``web`` extra); the command line prints which extra to install.
    """
    missing = [name for name in WEB_MODULES if importlib.util.find_spec(name) is None]
    if missing:
        raise MissingExtraError(", ".join(missing), "web", "pokerkit-core serve")
    from ..web.app import serve

    serve(host=args.host, port=args.port, data=args.data)
    return 0
