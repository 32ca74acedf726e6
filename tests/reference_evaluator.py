"""A short, obviously correct hand evaluator used only to check the C one.

It scores five cards as (category, ranks in order of importance) by the rules of
RULES.md section 1 and takes the best five-card subset of larger hands.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from typing import Sequence

from pokerkit_core.evaluation.cards import Card

Score = tuple[int, tuple[int, ...]]


def score_five(cards: Sequence[Card]) -> Score:
    ranks = sorted((int(c.rank) for c in cards), reverse=True)
    counts = Counter(ranks)
    # ranks by (count, rank), most important first
    grouped = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    flush = len({c.suit for c in cards}) == 1
    straight_top = None
    if len(counts) == 5:
        if ranks[0] - ranks[4] == 4:
            straight_top = ranks[0]
        elif ranks == [12, 3, 2, 1, 0]:  # A-2-3-4-5, the wheel: five-high
            straight_top = 3
    if straight_top is not None and flush:
        return (9, (straight_top,))
    if shape == [4, 1]:
        return (8, tuple(grouped))
    if shape == [3, 2]:
        return (7, tuple(grouped))
    if flush:
        return (6, tuple(ranks))
    if straight_top is not None:
        return (5, (straight_top,))
    if shape == [3, 1, 1]:
        return (4, tuple(grouped))
    if shape == [2, 2, 1]:
        return (3, tuple(grouped))
    if shape == [2, 1, 1, 1]:
        return (2, tuple(grouped))
    return (1, tuple(ranks))


def score(cards: Sequence[Card]) -> Score:
    return max(score_five(five) for five in combinations(cards, 5))
