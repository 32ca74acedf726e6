"""What one seat may see of a hand.

An :class:`Observation` is a frozen copy of the public part of a
:class:`~pokerkit_core.state.HandState` plus the observing seat's own hole
cards.  It holds no deck, no other seat's unrevealed cards and no reference
back to the state, so a policy cannot peek.

>>> from pokerkit_core import GameConfig, deal, observe
>>> state = deal(GameConfig.no_limit(players=2, stack=1_000), seed=1)
>>> view = observe(state, 1)
>>> view.seat, view.to_act, view.legal is None, len(view.hole_cards)
(1, 0, True, 2)

References:
    docs/rules.rst section 2 (hole cards stay hidden), section 7 (what an AI may use).
"""

from __future__ import annotations

from dataclasses import dataclass

from .actions import LegalActions
from .cards import Card
from .events import Event
from .rules import BettingStructure, Street
from .dealing import seat_arg
from .errors import InvalidConfigError, shown
from .state import HandState, legal_actions

__all__ = ["Observation", "observe"]


@dataclass(frozen=True, slots=True)
class Observation:
    """The view of one seat: its own cards and everything public.

    Per-seat tuples have one entry per seat, seat 0 first; amounts are chips.

    Attributes:
        seat: The observing seat.
        hole_cards: The seat's own hole cards (``()`` if not dealt in).
        board: Board cards dealt so far.
        history: The public event history.
        stacks: Chips behind per seat.
        bets: Chips in front per seat on this street.
        contributions: Chips each seat has put in this hand.
        pot: All chips committed to the hand.
        to_act: The seat to act, or ``None`` when the hand is over.
        legal: The seat's legal actions when it is to act, else ``None``.
        button: The button seat.
        small_blind_seat: Small blind seat or ``None``.
        big_blind_seat: Big blind seat or ``None``.
        big_blind: Big blind, chips.
        small_blind: Small blind, chips.
        ante: Ante, chips.
        street: Current street (``SHOWDOWN`` once over).
        betting: No-limit or fixed-limit.
        folded: Per seat: folded or not dealt in.
        all_in: Per seat: in the hand with no chips behind.
        seat_count: Number of seats.
        hand_number: Caller-supplied hand number, or ``None``.
        shown_cards: Per seat: hole cards revealed publicly so far, else
            ``None``.
        call_to: The street total to match.
        starting_stacks: Chips per seat at the start of the hand.
        boards: Every board dealt so far, first board first (more than one
            when the hand was run out several times, ``GameConfig.boards``).
    """

    seat: int
    hole_cards: tuple[Card, ...]
    board: tuple[Card, ...]
    history: tuple[Event, ...]
    stacks: tuple[int, ...]
    bets: tuple[int, ...]
    contributions: tuple[int, ...]
    pot: int
    to_act: int | None
    legal: LegalActions | None
    button: int
    small_blind_seat: int | None
    big_blind_seat: int | None
    big_blind: int
    small_blind: int
    ante: int
    street: Street
    betting: BettingStructure
    folded: tuple[bool, ...]
    all_in: tuple[bool, ...]
    seat_count: int
    hand_number: int | None = None
    shown_cards: tuple[tuple[Card, ...] | None, ...] = ()
    call_to: int = 0
    starting_stacks: tuple[int, ...] = ()
    boards: tuple[tuple[Card, ...], ...] = ()

    @property
    def is_over(self) -> bool:
        """The hand has ended."""
        return self.to_act is None


def observe(state: HandState, seat: int, *, hand_number: int | None = None) -> Observation:
    """Build what ``seat`` may see of ``state``.

    Args:
        state: Any hand state.
        seat: The observing seat (0 to seat count - 1).
        hand_number: Optional number to stamp on the observation.

    Returns:
        A frozen :class:`Observation`: own hole cards, cards others revealed,
        the board, the public history, amounts, and ``legal`` when ``seat``
        is to act.

    Raises:
        InvalidConfigError: ``state`` is not a :class:`HandState`,
            ``hand_number`` is not an int >= 0 or None, or ``seat`` is not a
            seat of the table: not an integer (any int-like value such as a numpy int is accepted via
            ``operator.index``; bools are refused) or out of range.

    References:
        docs/rules.rst section 2 (hidden hole cards), section 7.
    """
    if state.__class__ is not HandState:
        raise InvalidConfigError(f"expected a HandState, got {shown(state)}")
    if hand_number is not None and (hand_number.__class__ is not int or hand_number < 0):
        raise InvalidConfigError(f"hand_number must be an int >= 0 or None, got {shown(hand_number)}")
    config = state.config
    n = config.seat_count
    seat = seat_arg(seat, n)
    own = state.hole_cards[seat]
    history = state.history
    to_act = state.to_act
    return Observation(
        seat=seat,
        hole_cards=own if own is not None else (),
        board=state.board,
        history=history,
        stacks=state.stacks,
        bets=state.bets,
        contributions=state.contributions,
        pot=state.pot,
        to_act=to_act,
        legal=legal_actions(state) if to_act == seat else None,
        button=config.button,
        small_blind_seat=config.small_blind_seat,
        big_blind_seat=config.big_blind_seat,
        big_blind=config.big_blind,
        small_blind=config.small_blind,
        ante=config.ante,
        street=state.street,
        betting=config.betting,
        folded=state.folded,
        all_in=state.all_in,
        seat_count=n,
        hand_number=hand_number,
        shown_cards=state.shown_cards,
        call_to=state.call_to,
        starting_stacks=config.stacks,
        boards=state.boards,
    )
