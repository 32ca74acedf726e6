"""pokerkit_core: Texas hold'em for programs.

The public API is re-exported here; see the documentation for each module.
"""

from __future__ import annotations

from .cards import CARDS, Card, Rank, Suit, format_cards, parse_cards
from .errors import (
    CardError,
    EvaluatorError,
    HandOverError,
    HistoryParseError,
    IllegalActionError,
    InvalidConfigError,
    PokerError,
    PolicyError,
    RangeError,
)
from .evaluator import (
    HandCategory,
    HandRank,
    evaluate,
    evaluate_codes,
    evaluate_many,
    evaluate_mask,
)
from .equity import EquityResult, PlayerEquity, Range, equity

__version__ = "0.1.0"

__all__ = [
    "__version__",
    # cards
    "CARDS",
    "Card",
    "Rank",
    "Suit",
    "format_cards",
    "parse_cards",
    # errors
    "CardError",
    "EvaluatorError",
    "HandOverError",
    "HistoryParseError",
    "IllegalActionError",
    "InvalidConfigError",
    "PokerError",
    "PolicyError",
    "RangeError",
    # evaluation
    "HandCategory",
    "HandRank",
    "evaluate",
    "evaluate_codes",
    "evaluate_many",
    "evaluate_mask",
    # equity
    "EquityResult",
    "PlayerEquity",
    "Range",
    "equity",
]
