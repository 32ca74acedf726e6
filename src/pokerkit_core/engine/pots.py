"""Main pot and side pots: how the chips of a finished hand are paid.

Pure chip arithmetic over tuples of ints; nothing here knows a hand's state
(the engine, :mod:`pokerkit_core.engine.state`, calls it and
:func:`~pokerkit_core.engine.state.resolve_pots` reports the result).

The pots are built from each seat's contribution to the whole hand (after
uncalled bets were returned): one pot per distinct contribution level of the
players still in the hand, folded players' chips included in the levels they
reach.  A folded player is eligible for no pot.  Antes that not every
dealt-in seat posted alike (a big-blind or button ante, per-seat antes) are
dead money: they form their own layer below the bets, which every player
still in may win, except that a player all-in from the ante wins antes only
up to its own.  Each pot goes to the best hand among its eligible players;
equal hands split it, and chips that cannot be split go one at a time to the
winners clockwise from the button (``OddChipRule.LEFT_OF_BUTTON``), or the
split is exact (``OddChipRule.EXACT``, :class:`fractions.Fraction` shares).
A hand run on several boards divides each pot between the boards
(:func:`split_between_boards`).

References:
    docs/rules.rst section 2 (side pots, showdown, odd chips), section 2b (dead
    antes, run it twice).
"""

from __future__ import annotations

from fractions import Fraction
from typing import NamedTuple, Sequence, Union

from .events import seal_values

__all__ = [
    "Chips",
    "Pot",
    "split_into_pots",
    "split_between_boards",
    "award_pot",
]

Chips = Union[int, Fraction]
"""An amount of chips: an int, or a Fraction under ``OddChipRule.EXACT``."""


class Pot(NamedTuple):
    """One pot of a finished (or finishing) hand: an immutable value.

    Attributes:
        amount: Chips in the pot.
        eligible: Seats that may win it (not folded, contributed to its
            level), seat order.
        winners: Seats paid from it, seat order (empty before awarding).
        shares: Chips each winner gets, in the order of ``winners``; they add
            up to ``amount - rake``.
        rake: Chips the house took from the pot before it was awarded
            (``GameConfig.rake_rate``; :mod:`pokerkit_core.engine.rake`), 0
            without rake.
    """

    amount: int
    eligible: tuple[int, ...]
    winners: tuple[int, ...] = ()
    shares: tuple[Chips, ...] = ()
    rake: int = 0


seal_values(Pot)


def _levels(contributions: Sequence[int], live: Sequence[int], capped: Sequence[bool] | None) -> list[Pot]:
    """One layer's pots: levels at the contributions of the capped players
    still in (every player still in when ``capped`` is None), the top level
    at the largest contribution."""
    n = len(contributions)
    if capped is None:
        levels = sorted({contributions[seat] for seat in live})
    else:
        levels = sorted({contributions[seat] for seat in live if capped[seat]})
        top = max(contributions)
        if not levels or top > levels[-1]:
            levels.append(top)
    pots: list[Pot] = []
    previous = 0
    for level in levels:
        amount = 0
        for seat in range(n):
            chips = contributions[seat]
            if chips > previous:
                amount += (chips if chips < level else level) - previous
        if capped is None:
            eligible = tuple(seat for seat in live if contributions[seat] >= level)
        else:
            eligible = tuple(seat for seat in live if not capped[seat] or contributions[seat] >= level)
        if eligible and (amount or not pots):
            pots.append(Pot(amount, eligible))
        elif amount and pots:  # nobody still in reaches this level
            last = pots[-1]
            pots[-1] = Pot(last.amount + amount, last.eligible)
        previous = level
    extra = sum(chips - previous for chips in contributions if chips > previous)
    if extra and pots:
        last = pots[-1]
        pots[-1] = Pot(last.amount + extra, last.eligible)
    return pots


def split_into_pots(
    contributions: Sequence[int],
    folded: Sequence[bool],
    antes: Sequence[int] | None = None,
    ante_all_in: Sequence[bool] | None = None,
) -> list[Pot]:
    """Split contributions into the main pot and side pots.

    Args:
        contributions: Chips per seat put in during the whole hand (antes
            included, uncalled bets already returned), seat 0 first.
        folded: Per seat, whether it folded (or was never dealt in: give a
            contribution of 0 and ``True``).
        antes: Dead-money antes per seat (part of ``contributions``), or
            ``None`` when antes (if any) were posted alike by every
            dealt-in seat and simply count in the levels.
        ante_all_in: With ``antes``: per seat, whether the ante left it
            with no chips (it then wins antes only up to its own).

    Returns:
        The pots, main pot first, each with its amount and eligible seats
        (winners not set).  Chips of folded seats above the highest level of
        the remaining players go to the last pot.

    References:
        docs/rules.rst section 2 (side pots; a folded player is eligible for none),
        section 2b (dead antes).
    """
    n = len(contributions)
    live = [seat for seat in range(n) if not folded[seat]]
    if antes is None:
        return _levels(contributions, live, None)
    capped = ante_all_in if ante_all_in is not None else (False,) * n
    pots = _levels(antes, live, capped)
    bets = [contributions[seat] - antes[seat] for seat in range(n)]
    for pot in _levels(bets, live, None):
        if pots and (pot.eligible == pots[-1].eligible or not pot.amount):
            last = pots[-1]
            pots[-1] = Pot(last.amount + pot.amount, last.eligible)
        elif pot.amount or not pots:
            pots.append(pot)
    return pots


def split_between_boards(amount: int, boards: int) -> tuple[int, ...]:
    """Divide a pot into one part per board, the remainder to the first board.

    >>> split_between_boards(301, 2)
    (151, 150)

    Args:
        amount: The pot, chips.
        boards: Boards the hand was run on (>= 1).

    Returns:
        One part per board, first board first; they add up to ``amount``.

    References:
        docs/rules.rst section 2b (run it twice).
    """
    base, rest = divmod(amount, boards)
    return (base + rest,) + (base,) * (boards - 1)


def award_pot(
    pot: Pot,
    values: Sequence[int],
    odd_order: Sequence[int],
    exact: bool = False,
) -> Pot:
    """Pay one pot to its best eligible hand(s).

    Args:
        pot: The pot (amount and eligible seats).
        values: Hand value per seat (higher is better; see
            :func:`~pokerkit_core.evaluation.evaluator.evaluate_mask`); only eligible
            seats are read.
        odd_order: All seats in odd-chip order (clockwise from the seat left
            of the button).
        exact: Split exactly with fractions instead of giving odd chips.

    Returns:
        The pot with ``winners`` and ``shares`` set: ``pot.amount`` less
        ``pot.rake`` is paid.

    References:
        docs/rules.rst section 2 (equal hands split; odd chip left of the button).
    """
    best = max(values[seat] for seat in pot.eligible)
    winners = tuple(seat for seat in pot.eligible if values[seat] == best)
    count = len(winners)
    paid = pot.amount - pot.rake
    if count == 1:
        return Pot(pot.amount, pot.eligible, winners, (paid,), pot.rake)
    if exact:
        share = Fraction(paid, count)
        shares: tuple[Chips, ...] = tuple(
            share.numerator if share.denominator == 1 else share for _ in winners
        )
        return Pot(pot.amount, pot.eligible, winners, shares, pot.rake)
    base, odd = divmod(paid, count)
    extra: dict[int, int] = {}
    if odd:
        for seat in odd_order:
            if seat in winners:
                extra[seat] = 1
                if len(extra) == odd:
                    break
    shares = tuple(base + extra.get(seat, 0) for seat in winners)
    return Pot(pot.amount, pot.eligible, winners, shares, pot.rake)
