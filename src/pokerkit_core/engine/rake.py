"""Cash-game rake: the house's share of each pot, taken before it is awarded.

A table's rake is four :class:`~pokerkit_core.engine.rules.GameConfig` fields:
``rake_rate`` (the share of the pot, a :class:`fractions.Fraction`, e.g.
``Fraction(5, 100)``), ``rake_cap`` (the most the house takes from one hand,
chips, or ``None`` for no cap), ``rake_caps`` (caps by the number of players
dealt in: ``(players, cap)`` pairs; the pair with the largest ``players`` not
above the hand's count applies, else ``rake_cap``) and ``no_flop_no_drop``
(no rake from a hand that ends before the flop is dealt), and ``rake_split``
(:class:`RakeSplit`: how the rake is shared between the main and side pots).

The hand's rake is ``floor(rake_rate * pot)`` over the whole pot (every
chip put in, uncalled bets already returned), capped; it is then taken from
the main pot and the side pots in proportion to their size
(:func:`split_rake`: each pot's share rounded down, the chips left over one
at a time from the main pot on), so a short all-in player's main pot pays
only its part.  What is left of each pot is awarded as usual (equal hands
split it, odd chips clockwise from the button), so the players' final
stacks plus the rake add up to the starting stacks.

>>> from fractions import Fraction
>>> hand_rake(Fraction(5, 100), 300, (), True, total=2_150, players=6, flop_dealt=True)
107
>>> hand_rake(Fraction(5, 100), 100, (), True, total=2_150, players=6, flop_dealt=True)
100
>>> split_rake(100, (1_800, 350))
(84, 16)

With ``RakeSplit.RUNNING_TOTAL`` (PokerStars' rule, as its hand histories
show) the rake is counted up pot by pot from the main pot on, each running
figure rounded to the nearest chip (half up) and capped, and each pot pays
what its running figure adds (:func:`running_total_rake`):

>>> running_total_rake(Fraction(45, 1000), 89, (562, 786, 636))
(25, 36, 28)

References:
    docs/rules.rst section 2b (rake).
"""

from __future__ import annotations

from enum import Enum
from fractions import Fraction
from typing import Sequence

__all__ = ["RakeSplit", "hand_rake", "split_rake", "running_total_rake", "rake_cap_for"]


class RakeSplit(Enum):
    """How a hand's rake is shared between its main and side pots
    (``GameConfig.rake_split``; docs/rules.rst section 2b).

    ``PROPORTIONAL`` (the default): the hand's rake, ``floor(rate * pot)``
    capped, is taken from the pots in proportion to their size
    (:func:`split_rake`).  ``RUNNING_TOTAL``: PokerStars' rule, as its hand
    histories show: the rake is counted up pot by pot from the main pot on,
    the running figure ``rate * (the pots so far)`` rounded to the nearest
    chip (half up) and capped, each pot paying what its running figure adds
    (:func:`running_total_rake`); the hand's rake is then ``rate * pot``
    rounded to the nearest chip, capped, so a cap is filled from the main
    pot first.
    """

    PROPORTIONAL = "proportional"
    RUNNING_TOTAL = "running-total"


def _nearest(value: Fraction) -> int:
    """``value`` (not negative) rounded to the nearest int, half up."""
    return int(value + Fraction(1, 2))


def rake_cap_for(cap: int | None, caps: Sequence[tuple[int, int]], players: int) -> int | None:
    """The rake cap of a hand with ``players`` dealt in.

    Args:
        cap: The table's cap, chips, or ``None`` (no cap).
        caps: ``(players, cap)`` pairs, chips; the pair with the largest
            ``players`` not above ``players`` wins.
        players: Players dealt into the hand.

    Returns:
        The cap in chips, or ``None`` when the hand's rake is not capped.
    """
    best: tuple[int, int] | None = None
    for count, chips in caps:
        if count <= players and (best is None or count > best[0]):
            best = (count, chips)
    return cap if best is None else best[1]


def hand_rake(
    rate: Fraction,
    cap: int | None,
    caps: Sequence[tuple[int, int]],
    no_flop_no_drop: bool,
    *,
    total: int,
    players: int,
    flop_dealt: bool,
    nearest: bool = False,
) -> int:
    """The rake of one finished hand, chips.

    Args:
        rate: Share of the pot taken, 0 to 1.
        cap: Largest rake of a hand, chips, or ``None``.
        caps: Caps by players dealt in (see :func:`rake_cap_for`).
        no_flop_no_drop: No rake when the flop was not dealt.
        total: Every chip in the pots, chips.
        players: Players dealt in.
        flop_dealt: Whether the flop was dealt (a run-out counts).
        nearest: Round ``rate * total`` to the nearest chip, half up
            (``RakeSplit.RUNNING_TOTAL``) instead of down.

    Returns:
        ``floor(rate * total)`` (or rounded to the nearest chip) capped, 0
        without a flop under "no flop, no drop"; never more than ``total``.
    """
    if not rate or (no_flop_no_drop and not flop_dealt):
        return 0
    rake = _nearest(rate * total) if nearest else int(rate * total)  # floor: not negative
    limit = rake_cap_for(cap, caps, players)
    if limit is not None and rake > limit:
        rake = limit
    return min(rake, total)


def split_rake(rake: int, amounts: Sequence[int]) -> tuple[int, ...]:
    """Take ``rake`` from the pots in proportion to their size.

    Args:
        rake: The hand's rake, chips (at most ``sum(amounts)``).
        amounts: The pots, main pot first, chips.

    Returns:
        The rake taken from each pot, main pot first: each pot's share
        ``floor(rake * amount / total)``, the chips left over one at a time
        to the pots from the main pot on (never more than a pot holds).
    """
    total = sum(amounts)
    if not rake or not total:
        return (0,) * len(amounts)
    parts = [rake * amount // total for amount in amounts]
    left = rake - sum(parts)
    while left:
        for k, amount in enumerate(amounts):
            if left and parts[k] < amount:
                parts[k] += 1
                left -= 1
    return tuple(parts)


def running_total_rake(rate: Fraction, rake: int, amounts: Sequence[int]) -> tuple[int, ...]:
    """Take ``rake`` from the pots by the running total (``RakeSplit.RUNNING_TOTAL``).

    Args:
        rate: Share of the pot taken, 0 to 1.
        rake: The hand's rake, chips (:func:`hand_rake` with ``nearest``:
            the cap already applied).
        amounts: The pots, main pot first, chips.

    Returns:
        The rake taken from each pot, main pot first: the running figure of
        the first k pots is ``rate * (their chips)`` rounded to the nearest
        chip (half up), at most ``rake``; pot k pays its running figure less
        the one before it.  The parts add up to ``rake`` when ``rake`` is
        :func:`hand_rake`'s, and no pot pays more than it holds.
    """
    parts: list[int] = []
    chips = taken = 0
    for k, amount in enumerate(amounts):
        chips += amount
        running = rake if k == len(amounts) - 1 else min(rake, _nearest(rate * chips))
        part = min(max(running - taken, 0), amount)
        parts.append(part)
        taken += part
    return tuple(parts)
