"""Forced bets: the antes, blinds and straddles posted before any card is dealt.

The config lists them as data (``GameConfig.forced_bets``: seat, amount,
kind, in posting order); this module posts them.  A seat that cannot cover a
forced bet posts what it has and is all-in; a short blind or straddle does
not lower the amount to call (the others must still match the largest
forced bet).  The result is the same for every hand of a table, so the
engine computes it once per :class:`~pokerkit_core.engine.rules.GameConfig`.

Posting order (who pays what first when short): antes from every seat before
the blinds (docs/rules.rst section 5); a big-blind ante after the big blind (Poker
TDA 2024, RP-11, "big blind first"); a button ante after any blind the button
posts.

References:
    docs/rules.rst sections 2 (blinds, heads-up order), 2b (straddles, big-blind
    and button antes), 5 (antes, short blinds); CASES.md C25 (heads-up
    blinds).
"""

from __future__ import annotations

from typing import NamedTuple

from .events import BlindPosted, Event
from .rules import GameConfig

__all__ = ["Posted", "post_forced_bets"]


class Posted(NamedTuple):
    """What the forced bets leave: the start of every hand of one table.

    Attributes:
        stacks: Chips left per seat, seat 0 first.
        bets: Pre-flop bet per seat (blinds and straddles; antes are not
            bets), chips.
        contributions: Chips put in per seat (antes included).
        call_to: The amount to call: the largest blind or straddle, even
            when its poster was short (0 with no blinds).
        events: One :class:`~pokerkit_core.engine.events.BlindPosted` per forced
            bet posted, in posting order.
        antes: Ante chips posted per seat.
        ante_all_in: Per seat: no chips left once its ante was posted (it can
            win antes only up to its own; see :func:`~pokerkit_core.engine.pots.split_into_pots`).
    """

    stacks: tuple[int, ...]
    bets: tuple[int, ...]
    contributions: tuple[int, ...]
    call_to: int
    events: tuple[Event, ...]
    antes: tuple[int, ...]
    ante_all_in: tuple[bool, ...]


def post_forced_bets(config: GameConfig) -> Posted:
    """Post the antes, blinds and straddles of ``config``.

    Args:
        config: The table: stacks and its :attr:`~pokerkit_core.engine.rules.GameConfig.forced_bets`.

    Returns:
        The :class:`Posted` record.

    References:
        docs/rules.rst sections 2, 2b and 5 (short forced bets are all-in and do
        not lower the bet).
    """
    d = config._derived
    n = d.n
    stacks = list(config.stacks)
    bets = [0] * n
    contribs = [0] * n
    antes = [0] * n
    ante_all_in = [False] * n
    events: list[Event] = []
    for seat, full, kind in d.forced:
        amount = full if full < stacks[seat] else stacks[seat]
        if not amount:
            continue
        stacks[seat] -= amount
        contribs[seat] += amount
        if kind == "ante":
            antes[seat] += amount
            ante_all_in[seat] = stacks[seat] == 0
        else:
            bets[seat] += amount
        events.append(BlindPosted(seat, amount, kind))
    return Posted(
        tuple(stacks),
        tuple(bets),
        tuple(contribs),
        d.call_to,
        tuple(events),
        tuple(antes),
        tuple(ante_all_in),
    )
