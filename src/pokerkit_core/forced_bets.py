"""Forced bets: the antes and blinds posted before any card is dealt.

Antes come first (every dealt-in seat), then the small blind, then the big
blind.  A seat that cannot cover a forced bet posts what it has and is
all-in; a short big blind does not lower the amount to call (the others must
still match the full big blind).  The result is the same for every hand of a
table, so the engine computes it once per :class:`~pokerkit_core.rules.GameConfig`.

References:
    RULES.md section 2 (blinds, heads-up order), section 5 (antes, short
    blinds); CASES.md C25 (heads-up blinds).
"""

from __future__ import annotations

from .events import BlindPosted, Event
from .rules import GameConfig

__all__ = ["post_forced_bets"]


def post_forced_bets(
    config: GameConfig,
) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], int, tuple[Event, ...]]:
    """Post the antes and blinds of ``config``.

    Args:
        config: The table: stacks, ante, blinds and their seats.

    Returns:
        ``(stacks, bets, contributions, call_to, events)``: per seat the
        chips left, the pre-flop bet (blinds; antes are not bets) and the
        chips put in; the amount to call (the big blind, or the small blind
        when there is no big blind, else 0); and one
        :class:`~pokerkit_core.events.BlindPosted` per forced bet in posting
        order.
    """
    d = config._derived
    stacks = list(config.stacks)
    bets = [0] * d.n
    contribs = [0] * d.n
    events: list[Event] = []
    if config.ante:
        for seat in d.live:
            amount = min(config.ante, stacks[seat])
            stacks[seat] -= amount
            contribs[seat] += amount
            events.append(BlindPosted(seat, amount, "ante"))
    call_to = 0
    for blind_seat, blind, kind in (
        (config.small_blind_seat, config.small_blind, "small blind"),
        (config.big_blind_seat, config.big_blind, "big blind"),
    ):
        if blind_seat is None or blind == 0:
            continue
        call_to = blind
        amount = min(blind, stacks[blind_seat])
        if amount:
            stacks[blind_seat] -= amount
            bets[blind_seat] += amount
            contribs[blind_seat] += amount
            events.append(BlindPosted(blind_seat, amount, kind))
    return tuple(stacks), tuple(bets), tuple(contribs), call_to, tuple(events)
