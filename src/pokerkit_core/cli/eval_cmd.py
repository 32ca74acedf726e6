"""``pokerkit-core eval CARDS [--json]``: evaluate one 5- to 7-card hand."""

from __future__ import annotations

import argparse
import json

from ..evaluation.evaluator import evaluate
from .options import add_json_argument


def register(sub: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    """Add the ``eval`` subcommand."""
    parser = sub.add_parser(
        "eval",
        help="evaluate a 5- to 7-card hand",
        description="Evaluate the best five-card hand among 5 to 7 cards.  Prints the "
        "hand in words, its best five cards and its value: the evaluator's number for "
        "the hand, higher is better, equal for hands that split the pot, so two hands "
        "are compared by comparing their values (value // 4096 is the category, 1 = "
        "high card to 9 = straight flush; values are only comparable with values "
        "from this library).",
    )
    parser.add_argument("cards", help='cards, e.g. "As Ks Qs Js Ts 9c 2d"')
    add_json_argument(parser)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Print the hand's category, value, best five and description."""
    rank = evaluate(args.cards)
    best = [str(card) for card in rank.best_five]
    if args.json:
        print(
            json.dumps(
                {
                    "category": rank.category.label,
                    "value": rank.value,
                    "best_five": best,
                    "description": rank.describe(),
                }
            )
        )
    else:
        print(f"{rank.describe()}  [{' '.join(best)}]  value {rank.value}")
    return 0
