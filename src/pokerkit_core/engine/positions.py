"""Button and blind positions from one hand to the next.

The rotation is pure functions over a tuple of "live" flags, one per seat
(``True`` where a player with chips sits), so it can be checked without
dealing a card:

>>> live = (True, True, True)
>>> p = first_positions(live, button=0)
>>> (p.button, p.small_blind_seat, p.big_blind_seat)
(0, 1, 2)
>>> p = next_positions(p, (False, True, True))  # seat 0 busted
>>> (p.button, p.small_blind_seat, p.big_blind_seat)  # heads-up: button posts the SB
(2, 2, 1)

References:
    docs/rules.rst section 2 (positions, heads-up) and section 5 (dead-button
    rule, Poker TDA rule 32 / 33).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Sequence

from .checks import MAX_SEATS, enum_arg, int_arg, items_arg
from ..errors import InvalidConfigError, shown

__all__ = ["ButtonRule", "Positions", "first_positions", "next_positions"]


class ButtonRule(Enum):
    """How the button and the blinds move between hands.

    References:
        docs/rules.rst section 5; Poker TDA rules (dead button).
    """

    DEAD_BUTTON = "dead-button"
    """The big blind moves exactly one live seat each hand; the small blind
    goes to the seat that had the big blind and the button to the seat that had
    the small blind, either of which may be empty (dead).  Nobody skips or
    repeats the big blind.  The default."""

    MOVING_BUTTON = "moving-button"
    """The button moves to the next live player and the blinds follow it; a
    player may pay the big blind twice or skip it when someone busts."""


@dataclass(frozen=True, slots=True)
class Positions:
    """Button and blind seats of one hand.

    Attributes:
        button: Seat of the button; may be an empty seat (dead button).
        small_blind_seat: Seat in the small-blind position; it posts only if
            a live player sits there (see :meth:`small_blind_posted_by`).
            Heads-up it equals ``button``.
        big_blind_seat: Seat of the big blind; always a live player.

    Raises:
        InvalidConfigError: A seat that is not an int from 0 to
            ``MAX_SEATS - 1`` (9; bools and enum members refused).
    """

    button: int
    small_blind_seat: int
    big_blind_seat: int

    def __post_init__(self) -> None:
        for name in ("button", "small_blind_seat", "big_blind_seat"):
            seat = int_arg(name, getattr(self, name), 0, MAX_SEATS - 1)
            object.__setattr__(self, name, seat)

    def small_blind_posted_by(self, live: Sequence[bool]) -> int | None:
        """The seat that posts the small blind, or ``None`` for a dead one.

        Args:
            live: One flag per seat, seat 0 first: ``True`` if a player with
                chips sits there.

        Returns:
            ``small_blind_seat`` if that seat is live, else ``None``.

        Raises:
            InvalidConfigError: ``live`` is not a sequence of 2-10 bools, or
                has no flag for ``small_blind_seat``.
        """
        flags = _live_arg(live)
        if self.small_blind_seat >= len(flags):
            raise InvalidConfigError(
                f"small_blind_seat {self.small_blind_seat} is not one of seats "
                f"0-{len(flags) - 1}"
            )
        return self.small_blind_seat if flags[self.small_blind_seat] else None


def _live_arg(live: object) -> tuple[bool, ...]:
    """``live`` as a tuple of 2-10 bools (numpy bools taken)."""
    flags = items_arg("live", live, MAX_SEATS, "bools (one per seat)")
    if len(flags) < 2:
        raise InvalidConfigError(f"a table has 2 to {MAX_SEATS} seats, got {len(flags)}")
    for seat, flag in enumerate(flags):
        if flag.__class__.__name__ not in ("bool", "bool_"):
            raise InvalidConfigError(f"live[{seat}] must be True or False, got {shown(flag)}")
    return tuple(bool(flag) for flag in flags)


def _next_live(live: Sequence[bool], seat: int) -> int:
    """First live seat strictly clockwise after ``seat`` (wrapping)."""
    count = len(live)
    for step in range(1, count + 1):
        candidate = (seat + step) % count
        if live[candidate]:
            return candidate
    raise InvalidConfigError("no live seat at the table")


def _check_live(live: object) -> tuple[bool, ...]:
    flags = _live_arg(live)
    if sum(1 for flag in flags if flag) < 2:
        raise InvalidConfigError("a hand needs at least two live players")
    return flags


def first_positions(live: Sequence[bool], *, button: int = 0) -> Positions:
    """Positions of a session's first hand.

    The small blind is the first live seat after the button and the big blind
    the next; heads-up (two live players) the button posts the small blind.
    If the given button seat is empty, heads-up the first live player after it
    takes the button.

    Args:
        live: One flag per seat, seat 0 first (2-10 seats, at least two live).
        button: Seat of the button, 0-based.

    Returns:
        The first hand's positions.

    Raises:
        InvalidConfigError: ``live`` not a sequence of bools, fewer than two
            live seats, a seat count outside 2-10, or ``button`` not an int
            seat of the table.

    References:
        docs/rules.rst section 2 (positions, heads-up rule).
    """
    live = _check_live(live)
    button = int_arg("button", button, 0, len(live) - 1)
    if sum(1 for flag in live if flag) == 2:
        small = button if live[button] else _next_live(live, button)
        return Positions(small, small, _next_live(live, small))
    small = _next_live(live, button)
    return Positions(button, small, _next_live(live, small))


def next_positions(
    previous: Positions,
    live: Sequence[bool],
    *,
    rule: ButtonRule = ButtonRule.DEAD_BUTTON,
) -> Positions:
    """Positions of the next hand.

    Dead-button rule (default): the big blind goes to the next live seat after
    the previous big blind; with three or more live players the small blind
    goes to the previous big blind's seat and the button to the previous small
    blind's seat, either possibly empty (a dead small blind is not posted).
    Moving-button rule: the button goes to the next live seat after the
    previous button and the blinds follow it.  With two live players, under
    either rule, the other player than the big blind has the button and posts
    the small blind.

    Args:
        previous: The previous hand's positions.
        live: One flag per seat for the coming hand, seat 0 first.
        rule: :class:`ButtonRule` to apply.

    Returns:
        The next hand's positions.

    Raises:
        InvalidConfigError: ``previous`` not a :class:`Positions` or naming
            seats that are not at the table, ``live`` not a sequence of
            bools, fewer than two live seats, a seat count outside 2-10, or
            ``rule`` not a :class:`ButtonRule` member.

    References:
        docs/rules.rst section 5; Poker TDA rules (dead button); CASES.md C25, C29.
    """
    if not isinstance(previous, Positions):
        raise InvalidConfigError(f"previous must be a Positions, got {shown(previous)}")
    rule = enum_arg("rule", rule, ButtonRule)
    live = _check_live(live)
    count = len(live)
    for seat in (previous.button, previous.small_blind_seat, previous.big_blind_seat):
        if not 0 <= seat < count:
            raise InvalidConfigError(f"seat {seat} is not at the table")
    heads_up = sum(1 for flag in live if flag) == 2
    if rule is ButtonRule.MOVING_BUTTON:
        button = _next_live(live, previous.button)
        if heads_up:
            return Positions(button, button, _next_live(live, button))
        small = _next_live(live, button)
        return Positions(button, small, _next_live(live, small))
    big = _next_live(live, previous.big_blind_seat)
    if heads_up:
        small = _next_live(live, big)
        return Positions(small, small, big)
    return Positions(previous.small_blind_seat, previous.big_blind_seat, big)
