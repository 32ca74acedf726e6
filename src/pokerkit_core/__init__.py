"""pokerkit_core: Texas hold'em for programs.

The public API is re-exported here; see the documentation for each module.
Each name is imported from its module when first used (PEP 562), so
``import pokerkit_core`` stays cheap: the C evaluator, the match runner and
the policy registry load only when a program asks for them.
"""

from __future__ import annotations

from ._version import __version__

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (mypy knows the name)
if TYPE_CHECKING:
    from typing import Any

    from .cards import CARDS, Card, Rank, Suit, format_cards, parse_cards
    from .errors import (
        ActionParseError,
        CardError,
        DecisionTimeout,
        EvaluatorError,
        HandOverError,
        HistoryParseError,
        IllegalActionError,
        InvalidConfigError,
        NotYourTurnError,
        PokerError,
        PolicyError,
        RangeError,
        SerializationError,
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
    from .driver import PolicyFault
    from .table import Blinds, SeatState, StackMode, TableConfig, TableSession
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

# public name -> its module (every name of __all__ but __version__)
_EXPORTS: dict[str, str] = {
    "CARDS": "cards",
    "Card": "cards",
    "Rank": "cards",
    "Suit": "cards",
    "format_cards": "cards",
    "parse_cards": "cards",
    "ActionParseError": "errors",
    "CardError": "errors",
    "DecisionTimeout": "errors",
    "EvaluatorError": "errors",
    "HandOverError": "errors",
    "HistoryParseError": "errors",
    "IllegalActionError": "errors",
    "InvalidConfigError": "errors",
    "NotYourTurnError": "errors",
    "PokerError": "errors",
    "PolicyError": "errors",
    "RangeError": "errors",
    "SerializationError": "errors",
    "HandCategory": "evaluator",
    "HandRank": "evaluator",
    "evaluate": "evaluator",
    "evaluate_codes": "evaluator",
    "evaluate_combos": "evaluator",
    "evaluate_many": "evaluator",
    "evaluate_mask": "evaluator",
    "Range": "ranges",
    "EquityResult": "equity",
    "PlayerEquity": "equity",
    "calculate_equity": "equity",
    "AUTO": "rules",
    "MAX_SEATS": "rules",
    "AnteRule": "rules",
    "ForcedBet": "rules",
    "BettingStructure": "rules",
    "GameConfig": "rules",
    "OddChipRule": "rules",
    "RuleFlavour": "rules",
    "Street": "rules",
    "Action": "actions",
    "ActionKind": "actions",
    "AllIn": "actions",
    "Bet": "actions",
    "Call": "actions",
    "Check": "actions",
    "Fold": "actions",
    "LegalActions": "actions",
    "Raise": "actions",
    "ActionTaken": "events",
    "BlindPosted": "events",
    "BoardDealt": "events",
    "Event": "events",
    "HandMucked": "events",
    "HandShown": "events",
    "HoleCardsDealt": "events",
    "PotAwarded": "events",
    "UncalledBetReturned": "events",
    "Pot": "pots",
    "PotResolution": "results",
    "resolve_pots": "results",
    "HandState": "state",
    "act": "state",
    "deal": "state",
    "legal_actions": "state",
    "show": "results",
    "Observation": "observation",
    "observe": "observation",
    "Policy": "policy",
    "available_policies": "policy",
    "load_policy": "policy",
    "ButtonRule": "positions",
    "Blinds": "table",
    "SeatState": "table",
    "StackMode": "table",
    "PolicyFault": "driver",
    "TableConfig": "table",
    "TableSession": "table",
    "DEFAULT_SCHEDULE": "tournament",
    "BlindLevel": "tournament",
    "BlindSchedule": "tournament",
    "Tournament": "tournament",
    "TournamentConfig": "tournament",
    "TournamentMode": "tournament",
    "run_tournament": "tournament",
    "MatchResult": "match",
    "PlayerResult": "match",
    "run_match": "match",
}

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
    "ActionParseError",
    "CardError",
    "DecisionTimeout",
    "EvaluatorError",
    "HandOverError",
    "HistoryParseError",
    "IllegalActionError",
    "InvalidConfigError",
    "NotYourTurnError",
    "PokerError",
    "PolicyError",
    "RangeError",
    "SerializationError",
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
    "MAX_SEATS",
    "AnteRule",
    "ForcedBet",
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
    "PolicyFault",
    "SeatState",
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


if not TYPE_CHECKING:  # hidden from type checkers, which see the imports above
    # (a module __getattr__ would make every misspelt name type as Any)

    def __getattr__(name: str) -> Any:
        """Import a public name from its module on first use (PEP 562)."""
        from importlib import import_module
        module = _EXPORTS.get(name)
        if module is None:  # a submodule not imported yet, e.g. pokerkit_core.evaluator
            if not name.startswith("_"):
                try:
                    return import_module(f".{name}", __name__)
                except ModuleNotFoundError as exc:
                    if exc.name != f"{__name__}.{name}":
                        raise
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
        value = getattr(import_module(f".{module}", __name__), name)
        globals()[name] = value  # later lookups skip this function
        return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_EXPORTS))
