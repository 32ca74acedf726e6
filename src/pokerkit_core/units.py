"""Win rates in the two units poker uses: mbb/hand and bb/100.

Matches and the LBR report **mbb/hand**, thousandths of a big blind won per
hand (the ACPC's unit); player statistics report **bb/100**, big blinds won
per 100 hands (tracking software's unit).  Both are the mean result per hand
in big blinds, scaled: mbb/hand is 1,000 times it and bb/100 is 100 times it,
so bb/100 = mbb/hand / 10.

References:
    docs/rules.rst section 4 (mbb/hand).
"""

from __future__ import annotations

__all__ = ["MBB_PER_HAND_PER_BB_PER_100", "bb_per_100", "hands", "mbb_per_hand"]

MBB_PER_HAND_PER_BB_PER_100 = 10
"""mbb/hand in one bb/100: 1 bb/100 is 10 mbb/hand."""


def bb_per_100(mbb_per_hand: float) -> float:
    """A win rate in mbb/hand, in bb/100.

    Args:
        mbb_per_hand: Thousandths of a big blind won per hand.

    Returns:
        Big blinds won per 100 hands (``mbb_per_hand / 10``).
    """
    return mbb_per_hand / MBB_PER_HAND_PER_BB_PER_100


def mbb_per_hand(bb_per_100: float) -> float:
    """A win rate in bb/100, in mbb/hand.

    Args:
        bb_per_100: Big blinds won per 100 hands.

    Returns:
        Thousandths of a big blind won per hand (``bb_per_100 * 10``).
    """
    return bb_per_100 * MBB_PER_HAND_PER_BB_PER_100


def hands(count: int) -> str:
    """A count of hands as text: ``"1 hand"``, ``"0 hands"``, ``"2000 hands"``.

    Args:
        count: The number of hands.
    """
    return f"{count} hand" if count == 1 else f"{count} hands"
