"""What one seat may see of a hand.

An :class:`Observation` is a frozen copy of the public part of a
:class:`~pokerkit_core.engine.state.HandState` plus the observing seat's own hole
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
from typing import Any, Callable

from .actions import LegalActions
from ..evaluation.cards import Card
from .events import Event
from .rules import BettingStructure, Street
from .dealing import seat_arg
from ..errors import InvalidConfigError, shown
from .state import HandState, legal_actions

__all__ = ["Observation", "new_observation", "observe"]


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


def _builder() -> Callable[..., Observation]:
    """A positional constructor of :class:`Observation` that sets each slot
    through its descriptor: the dataclass ``__init__`` of a frozen class goes
    through ``object.__setattr__`` once per field, which costs about twice as
    much, and the engine builds one observation per decision."""
    slot = vars(Observation)
    new = object.__new__
    set_seat = slot["seat"].__set__
    set_hole_cards = slot["hole_cards"].__set__
    set_board = slot["board"].__set__
    set_history = slot["history"].__set__
    set_stacks = slot["stacks"].__set__
    set_bets = slot["bets"].__set__
    set_contributions = slot["contributions"].__set__
    set_pot = slot["pot"].__set__
    set_to_act = slot["to_act"].__set__
    set_legal = slot["legal"].__set__
    set_button = slot["button"].__set__
    set_small_blind_seat = slot["small_blind_seat"].__set__
    set_big_blind_seat = slot["big_blind_seat"].__set__
    set_big_blind = slot["big_blind"].__set__
    set_small_blind = slot["small_blind"].__set__
    set_ante = slot["ante"].__set__
    set_street = slot["street"].__set__
    set_betting = slot["betting"].__set__
    set_folded = slot["folded"].__set__
    set_all_in = slot["all_in"].__set__
    set_seat_count = slot["seat_count"].__set__
    set_hand_number = slot["hand_number"].__set__
    set_shown_cards = slot["shown_cards"].__set__
    set_call_to = slot["call_to"].__set__
    set_starting_stacks = slot["starting_stacks"].__set__
    set_boards = slot["boards"].__set__

    def build(
        seat: Any,
        hole_cards: Any,
        board: Any,
        history: Any,
        stacks: Any,
        bets: Any,
        contributions: Any,
        pot: Any,
        to_act: Any,
        legal: Any,
        button: Any,
        small_blind_seat: Any,
        big_blind_seat: Any,
        big_blind: Any,
        small_blind: Any,
        ante: Any,
        street: Any,
        betting: Any,
        folded: Any,
        all_in: Any,
        seat_count: Any,
        hand_number: Any,
        shown_cards: Any,
        call_to: Any,
        starting_stacks: Any,
        boards: Any,
    ) -> Observation:
        """An :class:`Observation` of these fields, given in field order
        (nothing is checked)."""
        view: Observation = new(Observation)
        set_seat(view, seat)
        set_hole_cards(view, hole_cards)
        set_board(view, board)
        set_history(view, history)
        set_stacks(view, stacks)
        set_bets(view, bets)
        set_contributions(view, contributions)
        set_pot(view, pot)
        set_to_act(view, to_act)
        set_legal(view, legal)
        set_button(view, button)
        set_small_blind_seat(view, small_blind_seat)
        set_big_blind_seat(view, big_blind_seat)
        set_big_blind(view, big_blind)
        set_small_blind(view, small_blind)
        set_ante(view, ante)
        set_street(view, street)
        set_betting(view, betting)
        set_folded(view, folded)
        set_all_in(view, all_in)
        set_seat_count(view, seat_count)
        set_hand_number(view, hand_number)
        set_shown_cards(view, shown_cards)
        set_call_to(view, call_to)
        set_starting_stacks(view, starting_stacks)
        set_boards(view, boards)
        return view

    return build


new_observation = _builder()
"""``Observation(*fields)`` with every field given positionally in field
order (no check, like the dataclass constructor; the library's own fast
path)."""


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
    # the state's own fields, read directly (one observation per decision)
    config = state._config
    stacks = config.stacks
    n = len(stacks)
    if seat.__class__ is not int or not 0 <= seat < n:
        seat = seat_arg(seat, n)
    own = state._deal.hole[seat]
    to_act: int | None = state._to_act
    if to_act is not None and to_act < 0:
        to_act = None
    board = state._board
    boards = state._boards
    contributions = state._contribs
    return new_observation(
        seat,
        own if own is not None else (),
        board,
        state._history,
        state._stacks,
        state._bets,
        contributions,
        sum(contributions),
        to_act,
        legal_actions(state) if to_act == seat else None,
        config.button,
        config.small_blind_seat,
        config.big_blind_seat,
        config.big_blind,
        config.small_blind,
        config.ante,
        state._street,
        config.betting,
        state._folded,
        state.all_in,
        n,
        hand_number,
        state._shown,
        state._call_to,
        stacks,
        (board,) if boards is None else boards,
    )
