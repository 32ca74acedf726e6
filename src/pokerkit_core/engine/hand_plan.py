"""The forced bets of a table and what every hand of one config shares.

:class:`AnteRule` says who posts the ante; :class:`ForcedBet` is one forced
bet as ``GameConfig.forced_bets`` lists them, in posting order.  The private
per-config record built here (forced bets, bet size per street, raise cap,
the first seat to act on each street, odd-chip and showing order) is computed
once when a :class:`~pokerkit_core.engine.rules.GameConfig` is built and read by the
state machine, the dealer and the showdown as ``config._derived``.
:mod:`pokerkit_core.engine.rules` re-exports :class:`AnteRule` and
:class:`ForcedBet`.

References:
    docs/rules.rst sections 2 (blinds, positions), 2b (straddles, big-blind
    and button antes), 5 (antes, short blinds); Poker TDA 2024, RP-11.
"""

from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING, Any, NamedTuple

from .betting import BettingStructure, betting_rules

if TYPE_CHECKING:
    from .rules import GameConfig

__all__ = ["AnteRule", "ForcedBet"]


class AnteRule(Enum):
    """Who posts ``GameConfig.ante`` (docs/rules.rst section 2b).

    ``EVERY_SEAT`` (the default): every dealt-in seat posts it, before the
    blinds.  ``BIG_BLIND``: the big blind posts one ante for the whole table
    (a big-blind ante), after the big blind itself: a big blind who cannot
    cover both posts the blind first (Poker TDA 2024, RP-11: "big blind
    first").  ``BUTTON``: the button posts one ante for the table, after any
    blind it posts (heads-up the button is the small blind); a dead (empty)
    button posts nothing.  The ante posted by one seat for the table is dead
    money in the main pot, which every player still in may win.
    """

    EVERY_SEAT = "every-seat"
    BIG_BLIND = "big-blind"
    BUTTON = "button"


class ForcedBet(NamedTuple):
    """One forced bet of a hand, as ``GameConfig.forced_bets`` lists them.

    Attributes:
        seat: The seat that posts it.
        amount: The full amount, chips (a seat with less posts what it has
            and is all-in).
        kind: ``"ante"``, ``"small blind"``, ``"big blind"`` or
            ``"straddle"`` (the same words as
            :class:`~pokerkit_core.engine.events.BlindPosted`).
    """

    seat: int
    amount: int
    kind: str




class _Derived:
    """Per-config values precomputed once for the state machine (private)."""

    __slots__ = (
        "n",
        "live",
        "live_mask",
        "rules",
        "street_bet",
        "preflop_start",
        "postflop_start",
        "odd_order",
        "cap",
        "forced",
        "call_to",
        "preflop_inc",
        "table_antes",
        "dead_antes",
        "show_order",
        "template",
    )

    def __init__(self, config: GameConfig, live: tuple[int, ...], small: int, big: int) -> None:
        n = len(config.stacks)
        self.n = n
        self.live = live
        self.live_mask = tuple(config.stacks[seat] > 0 for seat in range(n))
        self.rules = betting_rules(config.betting, config.flavour)
        if config.betting is BettingStructure.FIXED_LIMIT:
            self.street_bet = (small, small, big, big)
            self.cap = config.raise_cap
        else:
            bb = config.big_blind
            self.street_bet = (bb, bb, bb, bb)
            self.cap = 1 << 30
        sb_seat, bb_seat = config.small_blind_seat, config.big_blind_seat
        anchor = bb_seat if bb_seat is not None else sb_seat
        if anchor is None:
            anchor = config.button
        self.forced, anchor = _forced_bets(config, live, anchor)
        blinds = [bet.amount for bet in self.forced if bet.kind != "ante"]
        # the amount to call pre-flop: the largest blind or straddle (a short
        # poster does not lower it); the minimum raise is measured from it
        self.call_to = max(blinds, default=0)
        self.preflop_inc = max(self.street_bet[0], max(config.straddles, default=0))
        antes = [0] * n
        for bet in self.forced:
            if bet.kind == "ante":
                antes[bet.seat] += bet.amount
        # antes not posted alike by every dealt-in seat are dead money (pots.py)
        self.table_antes = len({antes[seat] for seat in live}) > 1
        first = config.first_to_act
        self.preflop_start = first[0] if first else (anchor + 1) % n
        if first:
            self.postflop_start: tuple[int, ...] = first[1:]
        elif len(live) == 2 and bb_seat is not None:
            self.postflop_start = (bb_seat,) * 3
        else:
            self.postflop_start = ((config.button + 1) % n,) * 3
        self.odd_order = tuple((config.button + step) % n for step in range(1, n + 1))
        start = self.postflop_start[2]
        self.show_order = tuple((start + k) % n for k in range(n))
        self.template: Any = None  # the state machine's cache of the posted blinds
        self.dead_antes: Any = (None, None)  # set with the template


def _forced_bets(
    config: GameConfig, live: tuple[int, ...], anchor: int
) -> tuple[tuple[ForcedBet, ...], int]:
    """The forced bets in posting order, and the seat after which pre-flop
    action starts (the big blind, or the last straddler)."""
    n = len(config.stacks)
    stacks = config.stacks
    bets: list[ForcedBet] = []
    rule = config.ante_rule
    if config.antes is not None:
        bets.extend(ForcedBet(seat, config.antes[seat], "ante") for seat in live if config.antes[seat])
    elif config.ante and rule is AnteRule.EVERY_SEAT:
        bets.extend(ForcedBet(seat, config.ante, "ante") for seat in live)
    sb_seat, bb_seat = config.small_blind_seat, config.big_blind_seat
    if sb_seat is not None and config.small_blind:
        bets.append(ForcedBet(sb_seat, config.small_blind, "small blind"))
    if bb_seat is not None:
        bets.append(ForcedBet(bb_seat, config.big_blind, "big blind"))
    seat = anchor
    for k, amount in enumerate(config.straddles):
        if k == 0 and config.straddle_seat is not None:
            # a straddle from a later seat (docs/rules.rst 2b): that seat posts
            # it; the seats between the big blind and it post nothing
            seat = config.straddle_seat
            bets.append(ForcedBet(seat, amount, "straddle"))
            continue
        for step in range(1, n + 1):
            nxt = (seat + step) % n
            if stacks[nxt] > 0:
                seat = nxt
                break
        bets.append(ForcedBet(seat, amount, "straddle"))
    if config.ante and config.antes is None:
        if rule is AnteRule.BIG_BLIND and bb_seat is not None:
            bets.append(ForcedBet(bb_seat, config.ante, "ante"))
        elif rule is AnteRule.BUTTON and stacks[config.button] > 0:
            bets.append(ForcedBet(config.button, config.ante, "ante"))
    return tuple(bets), seat
