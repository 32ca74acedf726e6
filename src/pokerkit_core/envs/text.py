"""The text picture of a hand that the environments' ``render()`` returns."""

from __future__ import annotations

from typing import Collection

from ..evaluation.cards import format_cards
from ..engine.events import ActionTaken, HandShown
from ..engine.rules import Street
from ..engine.state import HandState

__all__ = ["render_hand"]

_LAST_ACTIONS = 6
_STREET_NAMES = {
    Street.PREFLOP: "pre-flop",
    Street.FLOP: "flop",
    Street.TURN: "turn",
    Street.RIVER: "river",
}


def render_hand(state: HandState, hand_number: int, reveal: Collection[int] | None = None) -> str:
    """Describe ``state`` in a few lines of text.

    Args:
        state: The hand.
        hand_number: 1-based number of the hand in the episode (printed).
        reveal: Seats whose hole cards are printed (``None``: every seat);
            cards shown at a showdown are printed for every seat.

    Returns:
        Lines: the hand number, street, board and pot; one line per seat
        (stack, street bet, cards, button, folded / all-in / to act, chips
        won or lost once the hand is over); the last few actions.  Amounts
        are chips.
    """
    shown: dict[int, str] = {}
    actions: list[str] = []
    for event in state.history:
        if isinstance(event, HandShown):
            shown[event.seat] = format_cards(event.cards, " ")
        elif isinstance(event, ActionTaken):
            actions.append(str(event))
    board = format_cards(state.board, " ") or "-"
    street = "hand over" if state.is_over else _STREET_NAMES[state.street]
    lines = [f"hand {hand_number}, {street}, board {board}, pot {state.pot}"]
    results = state.hand_results if state.is_over else None
    all_in = state.all_in
    for seat, cards in enumerate(state.hole_cards):
        if cards is None:
            lines.append(f"  seat {seat}: empty")
            continue
        if seat in shown:
            text = shown[seat]
        elif reveal is None or seat in reveal:
            text = format_cards(cards, " ")
        else:
            text = "?? ??"
        marks = []
        if seat == state.button:
            marks.append("button")
        if state.folded[seat]:
            marks.append("folded")
        elif all_in[seat]:
            marks.append("all-in")
        if seat == state.to_act:
            marks.append("to act")
        if results is not None:
            marks.append(f"{results[seat]:+}")
        tail = f" ({', '.join(marks)})" if marks else ""
        lines.append(f"  seat {seat}: {text}  stack {state.stacks[seat]} bet {state.bets[seat]}{tail}")
    if actions:
        lines.append("  last: " + "; ".join(actions[-_LAST_ACTIONS:]))
    return "\n".join(lines)
