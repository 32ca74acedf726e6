"""The showdown: who shows, who mucks, and who wins each pot on each board.

The engine (:mod:`pokerkit_core.engine.state`) calls :func:`settle` once, when a
hand that two or more players reached the end of is over; a hand won by
everybody else folding never comes here.  The result (:class:`Showdown`) is
kept in the final state, so reports (``resolve_pots``), voluntary shows and
observers read it instead of scanning the history or evaluating again.

Hands are shown in showing order (Poker TDA 2024 Rule 16): the last
aggressor of the final betting round first, or, when nobody bet on it, the
first seat clockwise from the button, then clockwise.  By default every
hand still in is shown (docs/rules.rst section 2).  With ``GameConfig.muck_losing_hands=True`` the first hand in that order
is shown and a later one is shown if it wins a pot or beats or ties the best
hand shown so far, otherwise mucked; but once a player is all-in every hand
is turned face up (TDA Rule 16, face up for all-ins), the losers' too.
Hands already shown for a run-out stay shown.  Payouts never depend on who
showed.  Hands are evaluated from the engine's own card masks, fixed at the
deal, never from fields of objects handed out.

References:
    docs/rules.rst section 2 (showdown, side pots, odd chips, run-outs), section
    2b (run it twice); docs/rules_map.rst (the showing rule).
"""

from __future__ import annotations

from typing import NamedTuple

from ..evaluation.cards import Card
from ..evaluation.evaluator import evaluate_mask
from .events import Event, HandMucked, HandShown
from .pots import Pot, award_pot, split_between_boards, split_into_pots
from .rake import RakeSplit, hand_rake, running_total_rake, split_rake
from .rules import GameConfig, OddChipRule

__all__ = ["Showdown", "settle", "showing_order", "showdown_order"]


class Showdown(NamedTuple):
    """The outcome of a showdown, computed once (an immutable value).

    Attributes:
        pots: Main pot first, then side pots; winners and shares added up
            over the boards.
        board_pots: Per board, first board first: its part of every pot,
            with that board's winners and shares (one board: ``(pots,)``).
        values: Per board, per seat: the hand value on that board
            (evaluator ints, higher is better; 0 for a seat not evaluated).
    """

    pots: tuple[Pot, ...]
    board_pots: tuple[tuple[Pot, ...], ...]
    values: tuple[tuple[int, ...], ...]


def showing_order(config: GameConfig) -> tuple[int, ...]:
    """Seats in the order hands are turned up before a run-out (everybody
    all-in: every hand is shown at once): clockwise from the first to act
    after the flop.  The river showdown's order is :func:`showdown_order`.

    Args:
        config: The table (its button and seats fix the order).

    Returns:
        Every seat of the table once, folded and empty seats included (the
        caller skips them).
    """
    return config._derived.show_order


def showdown_order(config: GameConfig, last_aggressor: int | None) -> tuple[int, ...]:
    """Seats in the order their hands are shown at the showdown (Poker TDA
    2024 Rule 16).

    Args:
        config: The table (its button and seats fix the order).
        last_aggressor: The seat that made the last bet or raise of the
            final betting round, or ``None`` when nobody bet on it.

    Returns:
        Every seat of the table once, starting with ``last_aggressor``, or
        when it is ``None`` with the first seat clockwise from the button,
        then clockwise; folded and empty seats included (the caller skips
        them).
    """
    order = config._derived.odd_order  # clockwise from the seat left of the button
    if last_aggressor is None:
        return order
    k = order.index(last_aggressor)
    return order[k:] + order[:k]


def _merge(parts: tuple[Pot, ...], rake: int = 0) -> Pot:
    """One pot from its parts on each board: winners and shares added up;
    ``rake`` was taken before the pot was divided between the boards."""
    paid: dict[int, object] = {}
    for part in parts:
        for seat, share in zip(part.winners, part.shares):
            paid[seat] = paid.get(seat, 0) + share  # type: ignore[operator]
    winners = tuple(sorted(paid))
    return Pot(
        sum(part.amount for part in parts) + rake,
        parts[0].eligible,
        winners,
        tuple(paid[seat] for seat in winners),  # type: ignore[misc]
        rake,
    )


def settle(
    config: GameConfig,
    board_masks: tuple[int, ...],
    hole: tuple[tuple[Card, ...] | None, ...],
    hole_masks: tuple[int, ...],
    contributions: tuple[int, ...],
    folded: tuple[bool, ...],
    shown: tuple[tuple[Card, ...] | None, ...],
    antes: tuple[int, ...] | None = None,
    ante_all_in: tuple[bool, ...] | None = None,
    last_aggressor: int | None = None,
) -> tuple[Showdown, tuple[Event, ...]]:
    """Split the chips into pots, evaluate the hands still in and award each pot.

    Args:
        config: The table (odd-chip rule, muck rule, button).
        board_masks: Card mask of each complete five-card board, first
            board first.
        hole: Hole cards per seat (``None`` for a seat not dealt in).
        hole_masks: Card mask of each seat's hole cards (0 if not dealt in).
        contributions: Chips each seat put in over the hand, uncalled bets
            already returned.
        folded: Per seat, whether it folded (or was not dealt in).
        shown: Per seat, the cards it has shown so far, else ``None``.
        antes: Dead-money antes per seat (see
            :func:`~pokerkit_core.engine.pots.split_into_pots`), or ``None``.
        ante_all_in: Per seat, all-in from the ante (with ``antes``).
        last_aggressor: The seat that made the last bet or raise of the
            final betting round (it shows first), or ``None`` when nobody
            bet on it (the showing order then starts left of the button).

    Returns:
        ``(showdown, events)``: the :class:`Showdown` (pots with winners and
        shares, :class:`fractions.Fraction` shares under
        ``OddChipRule.EXACT``; the rake taken from each pot first
        (``config.rake_rate``), then each pot divided between the boards,
        the remainder to the first) and the :class:`HandShown` /
        :class:`HandMucked` events of the hands not shown yet, in showing
        order (:func:`showdown_order`).

    References:
        docs/rules.rst section 2 (showdown, showing order, side pots, odd
        chips), section 2b (run it twice, all-in hands face up).
    """
    d = config._derived
    n = d.n
    in_hand = [s for s in range(n) if not folded[s]]
    exact = config.odd_chip is OddChipRule.EXACT
    odd_order = d.odd_order
    first = contributions[in_hand[0]]
    if antes is None and all(contributions[s] == first for s in in_hand):
        pots = [Pot(sum(contributions), tuple(in_hand))]  # the usual case: one pot
    else:
        pots = split_into_pots(contributions, folded, antes, ante_all_in)
    if config.rake_rate:  # the house's share, before any pot is awarded
        rake = hand_rake(
            config.rake_rate, config.rake_cap, config.rake_caps, config.no_flop_no_drop,
            total=sum(pot.amount for pot in pots), players=len(d.live), flop_dealt=True,
            nearest=config.rake_split is RakeSplit.RUNNING_TOTAL,
        )
        if rake:
            amounts = [pot.amount for pot in pots]
            if config.rake_split is RakeSplit.RUNNING_TOTAL:
                parts = running_total_rake(config.rake_rate, rake, amounts)
            else:
                parts = split_rake(rake, amounts)
            pots = [pot._replace(rake=part) for pot, part in zip(pots, parts)]
    all_values: list[tuple[int, ...]] = []
    for board_mask in board_masks:
        values = [0] * n
        for s in in_hand:
            values[s] = evaluate_mask(board_mask | hole_masks[s])
        all_values.append(tuple(values))
    if len(board_masks) == 1:
        values0 = all_values[0]
        paid = tuple(award_pot(p, values0, odd_order, exact) for p in pots)
        board_pots: tuple[tuple[Pot, ...], ...] = (paid,)
    else:
        count = len(board_masks)
        per_board: list[list[Pot]] = [[] for _ in range(count)]
        for pot in pots:
            for k, part in enumerate(split_between_boards(pot.amount - pot.rake, count)):
                per_board[k].append(award_pot(Pot(part, pot.eligible), all_values[k], odd_order, exact))
        board_pots = tuple(tuple(parts) for parts in per_board)
        paid = tuple(
            _merge(tuple(per_board[k][i] for k in range(count)), pots[i].rake) for i in range(len(pots))
        )
    result = Showdown(paid, board_pots, tuple(all_values))
    values0 = all_values[0]
    already = [s for s in in_hand if shown[s] is not None]
    if len(already) == len(in_hand):
        return result, ()
    winners = {s for p in paid for s in p.winners}
    best_shown = max((values0[s] for s in already), default=0)
    starting = config.stacks
    # once a player is all-in, every hand is turned face up (TDA Rule 16)
    muck = config.muck_losing_hands and not any(contributions[s] == starting[s] for s in in_hand)
    shows: list[Event] = []
    for s in showdown_order(config, last_aggressor):
        if folded[s] or shown[s] is not None:
            continue
        if not muck or s in winners or not best_shown or values0[s] >= best_shown:
            shows.append(HandShown(s, hole[s]))  # type: ignore[arg-type]
            if values0[s] > best_shown:
                best_shown = values0[s]
        else:
            shows.append(HandMucked(s))
    return result, tuple(shows)
