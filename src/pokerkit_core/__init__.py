"""pokerkit_core: Texas hold'em for programs.

The public API is re-exported here; see the documentation for each module.
Each name is imported from its module when first used (PEP 562), so
``import pokerkit_core`` stays cheap: the C evaluator, the match runner and
the policy registry load only when a program asks for them.
"""

from __future__ import annotations

from ._moved import install as _install_moved
from ._version import __version__

_install_moved()  # the old module paths of the flat layout (deprecated)

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (mypy knows the name)
if TYPE_CHECKING:
    from typing import Any

    from .evaluation.cards import CARDS, Card, Rank, Suit, format_cards, parse_cards
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
    from .evaluation.evaluator import (
        HandCategory,
        HandRank,
        evaluate,
        evaluate_codes,
        evaluate_combos,
        evaluate_many,
        evaluate_mask,
    )
    from .evaluation.ranges import Range
    from .evaluation.equity import EquityResult, PlayerEquity, calculate_equity
    from .engine.rules import (
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
    from .engine.actions import Action, ActionKind, AllIn, Bet, Call, Check, Fold, LegalActions, Raise
    from .engine.events import (
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
    from .engine.pots import Pot
    from .engine.state import HandState, act, deal, legal_actions
    from .engine.results import PotResolution, resolve_pots, show
    from .engine.observation import Observation, observe
    from .engine.policy import Policy, available_policies, load_policy
    from .engine.positions import ButtonRule
    from .players.driver import PolicyFault
    from .tables.session import Blinds, SeatState, StackMode, TableConfig, TableSession
    from .tables.tournament import (
        DEFAULT_SCHEDULE,
        BlindLevel,
        BlindSchedule,
        Tournament,
        TournamentConfig,
        TournamentMode,
        run_tournament,
    )
    from .match.runner import MatchResult, PlayerResult, run_match

# public name -> its module (every name of __all__ but __version__)
_EXPORTS: dict[str, str] = {
    "CARDS": "evaluation.cards",
    "Card": "evaluation.cards",
    "Rank": "evaluation.cards",
    "Suit": "evaluation.cards",
    "format_cards": "evaluation.cards",
    "parse_cards": "evaluation.cards",
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
    "HandCategory": "evaluation.evaluator",
    "HandRank": "evaluation.evaluator",
    "evaluate": "evaluation.evaluator",
    "evaluate_codes": "evaluation.evaluator",
    "evaluate_combos": "evaluation.evaluator",
    "evaluate_many": "evaluation.evaluator",
    "evaluate_mask": "evaluation.evaluator",
    "Range": "evaluation.ranges",
    "EquityResult": "evaluation.equity",
    "PlayerEquity": "evaluation.equity",
    "calculate_equity": "evaluation.equity",
    "AUTO": "engine.rules",
    "MAX_SEATS": "engine.rules",
    "AnteRule": "engine.rules",
    "ForcedBet": "engine.rules",
    "BettingStructure": "engine.rules",
    "GameConfig": "engine.rules",
    "OddChipRule": "engine.rules",
    "RuleFlavour": "engine.rules",
    "Street": "engine.rules",
    "Action": "engine.actions",
    "ActionKind": "engine.actions",
    "AllIn": "engine.actions",
    "Bet": "engine.actions",
    "Call": "engine.actions",
    "Check": "engine.actions",
    "Fold": "engine.actions",
    "LegalActions": "engine.actions",
    "Raise": "engine.actions",
    "ActionTaken": "engine.events",
    "BlindPosted": "engine.events",
    "BoardDealt": "engine.events",
    "Event": "engine.events",
    "HandMucked": "engine.events",
    "HandShown": "engine.events",
    "HoleCardsDealt": "engine.events",
    "PotAwarded": "engine.events",
    "UncalledBetReturned": "engine.events",
    "Pot": "engine.pots",
    "PotResolution": "engine.results",
    "resolve_pots": "engine.results",
    "HandState": "engine.state",
    "act": "engine.state",
    "deal": "engine.state",
    "legal_actions": "engine.state",
    "show": "engine.results",
    "Observation": "engine.observation",
    "observe": "engine.observation",
    "Policy": "engine.policy",
    "available_policies": "engine.policy",
    "load_policy": "engine.policy",
    "ButtonRule": "engine.positions",
    "Blinds": "tables.session",
    "SeatState": "tables.session",
    "StackMode": "tables.session",
    "PolicyFault": "players.driver",
    "TableConfig": "tables.session",
    "TableSession": "tables.session",
    "DEFAULT_SCHEDULE": "tables.tournament",
    "BlindLevel": "tables.tournament",
    "BlindSchedule": "tables.tournament",
    "Tournament": "tables.tournament",
    "TournamentConfig": "tables.tournament",
    "TournamentMode": "tables.tournament",
    "run_tournament": "tables.tournament",
    "MatchResult": "match.runner",
    "PlayerResult": "match.runner",
    "run_match": "match.runner",
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
        if module is None:  # a submodule not imported yet, e.g. pokerkit_core.evaluation.evaluator
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
