"""The room readers by name: how each room's files are recognized, split
into hands and read (one module per room format)."""

from __future__ import annotations

import re
from typing import Callable, Iterator, NamedTuple

from . import fulltilt, ipoker, pacific, partypoker, pokerstars, winamax, winning
from .hand import SiteHand

__all__ = ["Reader", "READERS", "split_by"]


class Reader(NamedTuple):
    """One room's reader.

    Attributes:
        detect: Whether a file's first 4,000 characters are this room's.
        split: ``(first line number, lines)`` of each hand of a text.
        parse: Reads one hand's lines (first line number, path) into a
            :class:`~.hand.SiteHand`; raises ``SiteHistoryError``.
    """

    detect: Callable[[str], bool]
    split: Callable[[str], Iterator[tuple[int, list[str]]]]
    parse: Callable[[list[str], int, str | None], SiteHand]


def split_by(start: re.Pattern[str]) -> Callable[[str], Iterator[tuple[int, list[str]]]]:
    """A splitter starting a hand at each line ``start`` matches."""

    def split(text: str) -> Iterator[tuple[int, list[str]]]:
        lines = text.split("\n")
        first = None
        for k, line in enumerate(lines):
            if start.match(line.lstrip("\ufeff")):
                if first is not None:
                    yield first + 1, lines[first:k]
                first = k
        if first is not None:
            yield first + 1, lines[first:]

    return split


_STARS = re.compile(r"^\s*PokerStars (?:Zoom )?(?:Hand|Game) #", re.M)
_PARTY = re.compile(r"^\ufeff?(?:#Game No : \d+|\*\*\*\*\* Hand History [Ff]or Game \d+)", re.M)
_TILT = re.compile(r"^\ufeff?Full Tilt Poker (?:Game|Hand) #", re.M)
_GG = re.compile(r"^\s*Poker Hand #[A-Z]*\d", re.M)

READERS: dict[str, Reader] = {
    "PokerStars": Reader(lambda head: bool(_STARS.search(head)), split_by(pokerstars.STARTS), pokerstars.parse_hand),
    "GGPoker": Reader(lambda head: bool(_GG.search(head)), split_by(pokerstars.STARTS), pokerstars.parse_hand),
    "Winamax": Reader(lambda head: "Winamax Poker - " in head, split_by(winamax.STARTS), winamax.parse_hand),
    "888poker": Reader(lambda head: bool(pacific.STARTS.match(head.lstrip("\ufeff"))),
                       split_by(pacific.STARTS), pacific.parse_hand),
    "PartyPoker": Reader(lambda head: bool(_PARTY.search(head)), partypoker.split, partypoker.parse_hand),
    "iPoker": Reader(lambda head: bool(ipoker.DETECT.search(head)), ipoker.split, ipoker.parse_hand),
    "Winning": Reader(lambda head: bool(winning.STARTS.match(head.lstrip("\ufeff"))), split_by(winning.STARTS),
                      winning.parse_hand),
    "Full Tilt": Reader(lambda head: bool(_TILT.search(head)), split_by(fulltilt.STARTS), fulltilt.parse_hand),
}
"""Readers by room name (:data:`~.reader.SITES`)."""
