"""``pokerkit-core policies``: list every registered policy (built-in and plug-in)."""

from __future__ import annotations

import argparse
import json

from ..engine.policy import ENTRY_POINT_GROUP, available_policies
from .options import add_json_argument


def register(sub: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    """Add the ``policies`` subcommand."""
    parser = sub.add_parser(
        "policies",
        help="list the registered policies (AIs)",
        description=f"List the policies registered under the entry-point group "
        f"{ENTRY_POINT_GROUP!r}: the built-in AIs and those of installed plug-ins.",
    )
    add_json_argument(parser)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Print one line per policy: its name and where it is loaded from."""
    found = available_policies()
    if args.json:
        print(json.dumps({"policies": [{"name": k, "value": v} for k, v in found.items()]}))
        return 0
    width = max((len(name) for name in found), default=0)
    for name, value in found.items():
        print(f"{name:<{width}}  {value}")
    return 0
