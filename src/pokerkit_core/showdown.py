"""The showdown: who shows, who mucks, and who wins each pot.

The engine (:mod:`pokerkit_core.state`) calls :func:`settle` once, when a
hand that two or more players reached the end of is over; a hand won by
everybody else folding never comes here.

Showing order is clockwise from the first seat to act after the flop.  In
that order the first hand is shown; a
later hand is shown if it wins a pot or beats or ties the best hand shown so
far, and is otherwise mucked, unless the table shows every hand
(``GameConfig.muck_losing_hands=False``).  Hands already shown for a run-out
stay shown.  Payouts never depend on who showed.

References:
    RULES.md section 2 (showdown, side pots, odd chips, run-outs);
    docs/rules_map.rst (the showing rule).
"""

from __future__ import annotations

from .cards import Card
from .evaluator import evaluate_mask
from .events import Event, HandMucked, HandShown
from .pots import Pot, award_pot, split_into_pots
from .rules import GameConfig, OddChipRule

__all__ = ["settle", "showing_order"]


def showing_order(config: GameConfig) -> tuple[int, ...]:
    """Seats in showing order: clockwise from the first to act after the flop.

    Args:
        config: The table (its button and seats fix the order).

    Returns:
        Every seat of the table once, folded and empty seats included (the
        caller skips them).
    """
    d = config._derived
    start = d.postflop_start[2]
    return tuple((start + k) % d.n for k in range(d.n))


def settle(
    config: GameConfig,
    board: tuple[Card, ...],
    hole: tuple[tuple[Card, ...] | None, ...],
    contributions: tuple[int, ...],
    folded: tuple[bool, ...],
    history: tuple[Event, ...],
) -> tuple[tuple[Pot, ...], tuple[Event, ...]]:
    """Split the chips into pots, evaluate the hands still in and award each pot.

    Args:
        config: The table (odd-chip rule, muck rule, button).
        board: The five board cards.
        hole: Hole cards per seat (``None`` for a seat not dealt in).
        contributions: Chips each seat put in over the hand, uncalled bets
            already returned.
        folded: Per seat, whether it folded (or was not dealt in).
        history: The hand's events so far (to see who already showed).

    Returns:
        ``(pots, events)``: the pots from the main pot up, each with its
        winners and shares (:class:`fractions.Fraction` shares under
        ``OddChipRule.EXACT``), and the :class:`HandShown` /
        :class:`HandMucked` events of the hands not shown yet, in showing
        order.
    """
    d = config._derived
    board_mask = 0
    for card in board:
        board_mask |= card.mask
    values = [0] * d.n
    in_hand = [s for s in range(d.n) if not folded[s]]
    for s in in_hand:
        cards = hole[s]
        values[s] = evaluate_mask(board_mask | cards[0].mask | cards[1].mask)  # type: ignore[index]
    exact = config.odd_chip is OddChipRule.EXACT
    pots = tuple(award_pot(p, values, d.odd_order, exact) for p in split_into_pots(contributions, folded))
    already = {e.seat for e in history if isinstance(e, HandShown)}
    if len(already) == len(in_hand):
        return pots, ()
    winners = {s for p in pots for s in p.winners}
    best_shown = max((values[s] for s in already), default=0)
    shows: list[Event] = []
    for s in showing_order(config):
        if folded[s] or s in already:
            continue
        if s in winners or not config.muck_losing_hands or not best_shown or values[s] >= best_shown:
            shows.append(HandShown(s, hole[s]))  # type: ignore[arg-type]
            best_shown = max(best_shown, values[s])
        else:
            shows.append(HandMucked(s))
    return pots, tuple(shows)
