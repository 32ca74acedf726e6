"""What a finished hand reports: pots, results, shown hands; voluntary shows.

Everything here reads the showdown the engine computed once and kept in the
final :class:`~pokerkit_core.engine.state.HandState`; nothing is evaluated again
except a hand shown voluntarily after the hand (once, when it is shown).

References:
    docs/rules.rst section 2 (uncalled bets, side pots, showdown, odd chips, the
    last player may voluntarily reveal), section 2b (run it twice).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from ..evaluation.cards import Card
from .dealing import seat_arg
from ..errors import HandOverError, InvalidConfigError, shown
from ..evaluation.evaluator import HandRank, evaluate_mask
from .events import HandShown
from .pots import Chips, Pot
from .hand_state import copy_state
from .state import HandState, _not_a_state

__all__ = ["PotResolution", "resolve_pots", "show"]


@dataclass(frozen=True, slots=True)
class PotResolution:
    """How a finished hand was paid.

    Attributes:
        pots: Main pot first, then the side pots in level order; winners and
            shares add up over the boards.
        final_stacks: Chips per seat after the hand, seat 0 first.
        results: Net chips per seat (final minus starting stack), net of
            rake; they add up to minus the rake (zero without rake).
        shown: Rank (with best five, on the first board) of every hand
            shown, by seat; hands shown before three board cards were dealt
            have no rank and are left out.  A fresh dict on each call.
        board_pots: Per board, first board first: its part of each pot with
            that board's winners (one entry for a hand run once).
        boards: The board cards of each run, first board first.
        rake: Chips the house took from the pots (``GameConfig.rake_rate``),
            0 without rake; ``sum(final_stacks) + rake`` is the sum of the
            starting stacks.
    """

    pots: tuple[Pot, ...]
    final_stacks: tuple[Chips, ...]
    results: tuple[Chips, ...]
    shown: Mapping[int, HandRank]
    board_pots: tuple[tuple[Pot, ...], ...] = ()
    boards: tuple[tuple[Card, ...], ...] = ()
    rake: int = 0


def show(state: HandState, seat: int) -> HandState:
    """Reveal ``seat``'s hole cards voluntarily after the hand.

    Args:
        state: A finished hand.
        seat: A seat that was dealt in and has not shown yet.

    Returns:
        The state with a :class:`~pokerkit_core.engine.events.HandShown` event added;
        payouts are unchanged.

    Raises:
        HandOverError: The hand is still in progress (cards stay hidden).
        InvalidConfigError: ``state`` is not a :class:`HandState`, or
            ``seat`` is not an int seat of the table (bools
            and other types refused; numpy ints accepted), was not dealt in,
            or already showed.

    References:
        docs/rules.rst section 2 (the last player may voluntarily reveal).
    """
    if state.__class__ is not HandState:
        raise _not_a_state(state)
    if state._to_act >= 0:
        raise HandOverError("cards can be shown voluntarily only after the hand")
    hole = state._deal.hole
    seat = seat_arg(seat, len(hole))
    cards = hole[seat]
    if cards is None:
        raise InvalidConfigError(f"seat {seat} was not dealt in")
    if state._shown[seat] is not None:
        raise InvalidConfigError(f"seat {seat} has already shown")
    t = copy_state(state)
    t._history = state._history + (HandShown(seat, cards),)
    t._shown = state._shown[:seat] + (cards,) + state._shown[seat + 1 :]
    dealt = len(state._board)
    if dealt >= 3 and not state._values[seat]:
        mask = sum(state._deal.board_masks[0][:dealt]) | state._deal.hole_masks[seat]
        values = state._values
        t._values = values[:seat] + (evaluate_mask(mask),) + values[seat + 1 :]
    return t


def resolve_pots(state: HandState) -> PotResolution:
    """The pots of a finished hand, who won them, and every seat's result.

    Reads the showdown the engine kept in the final state; nothing is
    evaluated again.

    Args:
        state: A hand that is over (``state.is_over``).

    Returns:
        The :class:`PotResolution`: pots with winners and shares (odd chips by
        ``config.odd_chip``, each pot separately, each board's part
        separately), final stacks, net results, and the rank and best five of
        each shown hand on the first board.

    Raises:
        HandOverError: The hand is not over yet (there is nothing to resolve;
            the name is shared with "the hand is in the wrong phase").
        InvalidConfigError: ``state`` is not a :class:`HandState`.

    References:
        docs/rules.rst section 2 (uncalled bets, side pots, showdown, odd chips),
        section 2b (run it twice).
    """
    if state.__class__ is not HandState:
        raise InvalidConfigError(f"expected a finished HandState, got {shown(state)}")
    result = state._showdown
    if state._to_act >= 0 or result is None:
        raise HandOverError("the hand is not over yet: nothing to resolve")
    final = state._stacks
    starting = state._config.stacks
    results = tuple(final[seat] - starting[seat] for seat in range(len(final)))
    ranks: dict[int, HandRank] = {}
    board = state._board
    if len(board) >= 3:
        values = state._values
        for seat, cards in enumerate(state._shown):
            if cards is not None and values[seat]:
                ranks[seat] = HandRank(values[seat], cards + board)
    rake = sum(pot.rake for pot in result.pots)
    return PotResolution(result.pots, final, results, ranks, result.board_pots, state.boards, rake)
