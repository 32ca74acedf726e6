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
    evaluate_combos,
    evaluate_many,
    evaluate_mask,
)
from .ranges import Range
from .equity import EquityResult, PlayerEquity, calculate_equity
from .rules import (
    AUTO,
    MAX_SEATS,
    AnteRule,
    BettingStructure,
    ForcedBet,
    GameConfig,
    OddChipRule,
    RuleFlavour,
    Street,
)
from .actions import Action, ActionKind, AllIn, Bet, Call, Check, Fold, LegalActions, Raise
from .events import (
    ActionTaken,
    BlindPosted,
    BoardDealt,
    Event,
    HandMucked,
    HandShown,
    HoleCardsDealt,
    PotAwarded,
    UncalledBetReturned,
)
from .pots import Pot
from .state import HandState, act, deal, legal_actions
from .results import PotResolution, resolve_pots, show
from .observation import Observation, observe
from .policy import Policy, available_policies, load_policy
from .positions import ButtonRule
from .table import Blinds, StackMode, TableConfig, TableSession
from .tournament import (
    DEFAULT_SCHEDULE,
    BlindLevel,
    BlindSchedule,
    Tournament,
    TournamentConfig,
    TournamentMode,
    run_tournament,
)
from .match import MatchResult, PlayerResult, run_match

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
    "evaluate_combos",
    "evaluate_many",
    "evaluate_mask",
    # equity
    "EquityResult",
    "PlayerEquity",
    "Range",
    "calculate_equity",
    # engine
    "AUTO",
    "BettingStructure",
    "GameConfig",
    "OddChipRule",
    "RuleFlavour",
    "Street",
    "Action",
    "ActionKind",
    "AllIn",
    "Bet",
    "Call",
    "Check",
    "Fold",
    "LegalActions",
    "Raise",
    "ActionTaken",
    "BlindPosted",
    "BoardDealt",
    "Event",
    "HandMucked",
    "HandShown",
    "HoleCardsDealt",
    "PotAwarded",
    "UncalledBetReturned",
    "Pot",
    "PotResolution",
    "AnteRule",
    "ForcedBet",
    "MAX_SEATS",
    "resolve_pots",
    "HandState",
    "act",
    "deal",
    "legal_actions",
    "show",
    "Observation",
    "observe",
    # policies (AIs) and matches
    "Policy",
    "available_policies",
    "load_policy",
    "MatchResult",
    "PlayerResult",
    "run_match",
    # tables and tournaments
    "Blinds",
    "ButtonRule",
    "StackMode",
    "TableConfig",
    "TableSession",
    "DEFAULT_SCHEDULE",
    "BlindLevel",
    "BlindSchedule",
    "Tournament",
    "TournamentConfig",
    "TournamentMode",
    "run_tournament",
]
