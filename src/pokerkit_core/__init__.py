"""pokerkit_core: Texas hold'em for programs.

The public API is re-exported here; see the documentation for each module.
Each name is imported from its module when first used (PEP 562), so
``import pokerkit_core`` stays cheap: the C evaluator, the match runner and
the policy registry load only when a program asks for them.
"""

from __future__ import annotations

from ._moved import install as _install_moved
from ._version import __version__ as __version__

_install_moved()  # the old module paths of the flat layout (deprecated)

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (mypy knows the name)

# The public API, its one home: module -> the names it exports here.  ``__all__`` and the
# lazy import below derive from it; the block under ``if TYPE_CHECKING:`` repeats it for type
# checkers (``X as X`` marks a re-export) and tests/test_import.py checks the two agree.
_PUBLIC: dict[str, tuple[str, ...]] = {
    "evaluation.cards": ("CARDS", "Card", "Rank", "Suit", "format_cards", "parse_cards"),
    "errors": (
        "ActionParseError", "CardError", "DecisionTimeout", "EvaluatorError", "HandOverError",
        "HistoryParseError", "IllegalActionError", "InvalidConfigError", "NotYourTurnError",
        "PokerError", "PolicyError", "RangeError", "SerializationError",
    ),
    "evaluation.evaluator": (
        "HandCategory", "HandRank", "evaluate", "evaluate_codes", "evaluate_combos",
        "evaluate_many", "evaluate_mask",
    ),
    "evaluation.ranges": ("Range",),
    "evaluation.equity": ("EquityResult", "PlayerEquity", "calculate_equity"),
    "engine.rules": (
        "AUTO", "MAX_SEATS", "AnteRule", "ForcedBet", "BettingStructure", "GameConfig",
        "OddChipRule", "RuleFlavour", "Street",
    ),
    "engine.actions": (
        "Action", "ActionKind", "AllIn", "Bet", "Call", "Check", "Fold", "LegalActions", "Raise",
    ),
    "engine.events": (
        "ActionTaken", "BlindPosted", "BoardDealt", "Event", "HandMucked", "HandShown",
        "HoleCardsDealt", "PotAwarded", "RakeTaken", "UncalledBetReturned",
    ),
    "engine.rake": ("RakeSplit",),
    "engine.pots": ("Pot",),
    "engine.results": ("PotResolution", "resolve_pots", "show"),
    "engine.state": ("HandState", "act", "deal", "legal_actions"),
    "engine.observation": ("Observation", "observe"),
    "engine.policy": ("Policy", "available_policies", "load_policy"),
    "engine.positions": ("ButtonRule",),
    "tables.session": ("Blinds", "SeatState", "StackMode", "TableConfig", "TableSession"),
    "players.driver": ("PolicyFault",),
    "tables.tournament": (
        "DEFAULT_SCHEDULE", "BlindLevel", "BlindSchedule", "Tournament", "TournamentConfig",
        "TournamentMode", "run_tournament",
    ),
    "match.runner": ("MatchResult", "PlayerResult", "run_match"),
}

# public name -> its module (every name of __all__ but __version__)
_EXPORTS: dict[str, str] = {name: module for module, names in _PUBLIC.items() for name in names}

__all__ = ["__version__", *_EXPORTS]

if TYPE_CHECKING:
    from typing import Any

    from .evaluation.cards import (
        CARDS as CARDS,
        Card as Card,
        Rank as Rank,
        Suit as Suit,
        format_cards as format_cards,
        parse_cards as parse_cards,
    )
    from .errors import (
        ActionParseError as ActionParseError,
        CardError as CardError,
        DecisionTimeout as DecisionTimeout,
        EvaluatorError as EvaluatorError,
        HandOverError as HandOverError,
        HistoryParseError as HistoryParseError,
        IllegalActionError as IllegalActionError,
        InvalidConfigError as InvalidConfigError,
        NotYourTurnError as NotYourTurnError,
        PokerError as PokerError,
        PolicyError as PolicyError,
        RangeError as RangeError,
        SerializationError as SerializationError,
    )
    from .evaluation.evaluator import (
        HandCategory as HandCategory,
        HandRank as HandRank,
        evaluate as evaluate,
        evaluate_codes as evaluate_codes,
        evaluate_combos as evaluate_combos,
        evaluate_many as evaluate_many,
        evaluate_mask as evaluate_mask,
    )
    from .evaluation.ranges import Range as Range
    from .evaluation.equity import (
        EquityResult as EquityResult,
        PlayerEquity as PlayerEquity,
        calculate_equity as calculate_equity,
    )
    from .engine.rules import (
        AUTO as AUTO,
        MAX_SEATS as MAX_SEATS,
        AnteRule as AnteRule,
        ForcedBet as ForcedBet,
        BettingStructure as BettingStructure,
        GameConfig as GameConfig,
        OddChipRule as OddChipRule,
        RuleFlavour as RuleFlavour,
        Street as Street,
    )
    from .engine.actions import (
        Action as Action,
        ActionKind as ActionKind,
        AllIn as AllIn,
        Bet as Bet,
        Call as Call,
        Check as Check,
        Fold as Fold,
        LegalActions as LegalActions,
        Raise as Raise,
    )
    from .engine.events import (
        ActionTaken as ActionTaken,
        BlindPosted as BlindPosted,
        BoardDealt as BoardDealt,
        Event as Event,
        HandMucked as HandMucked,
        HandShown as HandShown,
        HoleCardsDealt as HoleCardsDealt,
        PotAwarded as PotAwarded,
        RakeTaken as RakeTaken,
        UncalledBetReturned as UncalledBetReturned,
    )
    from .engine.rake import RakeSplit as RakeSplit
    from .engine.pots import Pot as Pot
    from .engine.results import (
        PotResolution as PotResolution,
        resolve_pots as resolve_pots,
        show as show,
    )
    from .engine.state import (
        HandState as HandState,
        act as act,
        deal as deal,
        legal_actions as legal_actions,
    )
    from .engine.observation import Observation as Observation, observe as observe
    from .engine.policy import (
        Policy as Policy,
        available_policies as available_policies,
        load_policy as load_policy,
    )
    from .engine.positions import ButtonRule as ButtonRule
    from .tables.session import (
        Blinds as Blinds,
        SeatState as SeatState,
        StackMode as StackMode,
        TableConfig as TableConfig,
        TableSession as TableSession,
    )
    from .players.driver import PolicyFault as PolicyFault
    from .tables.tournament import (
        DEFAULT_SCHEDULE as DEFAULT_SCHEDULE,
        BlindLevel as BlindLevel,
        BlindSchedule as BlindSchedule,
        Tournament as Tournament,
        TournamentConfig as TournamentConfig,
        TournamentMode as TournamentMode,
        run_tournament as run_tournament,
    )
    from .match.runner import (
        MatchResult as MatchResult,
        PlayerResult as PlayerResult,
        run_match as run_match,
    )


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
