"""Main pot and side pots: how the chips of a finished hand are paid.

The pots are built from each seat's contribution to the whole hand (after
uncalled bets were returned): one pot per distinct contribution level of the
players still in the hand, folded players' chips included in the levels they
reach.  A folded player is eligible for no pot.  Each pot goes to the best hand
among its eligible players; equal hands split it, and chips that cannot be
split go one at a time to the winners clockwise from the button
(``OddChipRule.LEFT_OF_BUTTON``), or the split is exact
(``OddChipRule.EXACT``, :class:`fractions.Fraction` shares).

References:
    RULES.md section 2 (side pots, showdown, odd chips).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Mapping, Sequence, Union

from .errors import HandOverError, InvalidConfigError, shown
from .evaluator import HandRank, evaluate
from .events import HandShown

if TYPE_CHECKING:  # pragma: no cover
    from .state import HandState

__all__ = [
    "Chips",
    "Pot",
    "PotResolution",
    "split_into_pots",
    "award_pot",
    "resolve_pots",
]

Chips = Union[int, Fraction]
"""An amount of chips: an int, or a Fraction under ``OddChipRule.EXACT``."""


@dataclass(frozen=True, slots=True)
class Pot:
    """One pot of a finished (or finishing) hand.

    Attributes:
        amount: Chips in the pot.
        eligible: Seats that may win it (not folded, contributed to its
            level), seat order.
        winners: Seats paid from it, seat order (empty before awarding).
        shares: Chips each winner gets, in the order of ``winners``; they add
            up to ``amount``.
    """

    amount: int
    eligible: tuple[int, ...]
    winners: tuple[int, ...] = ()
    shares: tuple[Chips, ...] = ()


@dataclass(frozen=True, slots=True)
class PotResolution:
    """How a finished hand was paid.

    Attributes:
        pots: Main pot first, then the side pots in level order.
        final_stacks: Chips per seat after the hand, seat 0 first.
        results: Net chips per seat (final minus starting stack); they add
            up to zero.
        shown: Rank (with best five) of every hand shown, by seat; hands
            shown before three board cards were dealt have no rank and are
            left out.
    """

    pots: tuple[Pot, ...]
    final_stacks: tuple[Chips, ...]
    results: tuple[Chips, ...]
    shown: Mapping[int, HandRank]


def split_into_pots(contributions: Sequence[int], folded: Sequence[bool]) -> list[Pot]:
    """Split contributions into the main pot and side pots.

    Args:
        contributions: Chips per seat put in during the whole hand (uncalled
            bets already returned), seat 0 first.
        folded: Per seat, whether it folded (or was never dealt in: give a
            contribution of 0 and ``True``).

    Returns:
        The pots, main pot first, each with its amount and eligible seats
        (winners not set).  Chips of folded seats above the highest level of
        the remaining players go to the last pot.

    References:
        RULES.md section 2 (side pots; a folded player is eligible for none).
    """
    n = len(contributions)
    live = [seat for seat in range(n) if not folded[seat]]
    levels = sorted({contributions[seat] for seat in live})
    pots: list[Pot] = []
    previous = 0
    for level in levels:
        amount = 0
        for seat in range(n):
            chips = contributions[seat]
            if chips > previous:
                amount += (chips if chips < level else level) - previous
        eligible = tuple(seat for seat in live if contributions[seat] >= level)
        if amount or not pots:
            pots.append(Pot(amount, eligible))
        previous = level
    extra = sum(chips - previous for chips in contributions if chips > previous)
    if extra:
        last = pots[-1]
        pots[-1] = Pot(last.amount + extra, last.eligible)
    return pots


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
            :func:`~pokerkit_core.evaluator.evaluate_mask`); only eligible
            seats are read.
        odd_order: All seats in odd-chip order (clockwise from the seat left
            of the button).
        exact: Split exactly with fractions instead of giving odd chips.

    Returns:
        The pot with ``winners`` and ``shares`` set.

    References:
        RULES.md section 2 (equal hands split; odd chip left of the button).
    """
    best = max(values[seat] for seat in pot.eligible)
    winners = tuple(seat for seat in pot.eligible if values[seat] == best)
    count = len(winners)
    if count == 1:
        return Pot(pot.amount, pot.eligible, winners, (pot.amount,))
    if exact:
        share = Fraction(pot.amount, count)
        shares: tuple[Chips, ...] = tuple(
            share.numerator if share.denominator == 1 else share for _ in winners
        )
        return Pot(pot.amount, pot.eligible, winners, shares)
    base, odd = divmod(pot.amount, count)
    extra: dict[int, int] = {}
    if odd:
        for seat in odd_order:
            if seat in winners:
                extra[seat] = 1
                if len(extra) == odd:
                    break
    shares = tuple(base + extra.get(seat, 0) for seat in winners)
    return Pot(pot.amount, pot.eligible, winners, shares)


def resolve_pots(state: "HandState") -> PotResolution:
    """The pots of a finished hand, who won them, and every seat's result.

    Args:
        state: A hand that is over (``state.is_over``).

    Returns:
        The :class:`PotResolution`: pots with winners and shares (odd chips by
        ``config.odd_chip``, each pot separately), final stacks, net results,
        and the rank and best five of each shown hand.

    Raises:
        HandOverError: The hand is not over yet (there is nothing to resolve;
            the name is shared with "the hand is in the wrong phase").
        InvalidConfigError: ``state`` is not a hand state.

    References:
        RULES.md section 2 (uncalled bets, side pots, showdown, odd chips).
    """
    try:
        over = state.is_over
    except AttributeError:  # pots sits below state: no class check here
        raise InvalidConfigError(f"expected a finished HandState, got {shown(state)}") from None
    if not over:
        raise HandOverError("the hand is not over yet: nothing to resolve")
    pots = state.pots
    final = state.stacks
    starting = state.config.stacks
    results = tuple(final[seat] - starting[seat] for seat in range(len(final)))
    ranks: dict[int, HandRank] = {}
    board = state.board
    if len(board) >= 3:
        for event in state.history:
            if isinstance(event, HandShown):
                ranks[event.seat] = evaluate(event.cards + board)
    return PotResolution(pots, tuple(final), results, ranks)
