"""The steps every text room's reader shares.

A text room's hand (:mod:`.pokerstars`, :mod:`.fulltilt`, :mod:`.winamax`,
:mod:`.winning`, :mod:`.pacific`, :mod:`.partypoker`) is read the same way:
number its non-blank lines, match its header, read the seat lines, walk the
action lines street by street (a player's name, then a verb), read an
uncalled bet returned, then the summary (total pot and fees, board, what each
seat collected).  The room modules keep their format's specifics (their
patterns, their header, the order in which they try their patterns); the
steps they have in common are here, once.

Amounts are whole chips (:func:`~.hand.amount_of` at the hand's
:attr:`~.hand.SiteHand.scale`).
"""

from __future__ import annotations

import re
from typing import Iterator

from ...evaluation.cards import Card
from .hand import SiteAction, SiteHand, SitePlayer, SitePost, amount_of, cards_of

__all__ = [
    "numbered",
    "Walk",
    "name_at",
    "add_seat",
    "set_stakes",
    "set_table",
    "iso_time",
    "bracketed_cards",
    "open_street",
    "extend_board",
    "read_uncalled",
    "add_post",
    "VERBS",
    "action_kind",
    "add_action",
    "add_shown",
    "fees_of",
    "collect",
    "read_summary_line",
    "read_dealt",
]

_BRACKETS = re.compile(r"\[([^\]]*)\]")


def numbered(lines: list[str], first_line: int) -> list[tuple[int, str]]:
    """The hand's non-blank lines, each with its 1-based line number in the
    file, trailing white space removed (a line holding only white space or
    a byte-order mark is blank).

    Args:
        lines: The hand's lines, from its header on.
        first_line: The header's 1-based line number.
    """
    return [(first_line + k, line.rstrip()) for k, line in enumerate(lines) if line.strip().lstrip("\ufeff")]


class Walk:
    """A hand's lines after its header, in order, through its summary.

    Iterating yields ``(number, line)`` for each line from ``rows[start]``
    on, but for a line starting with the summary's ``marker``: that line is
    passed over and :attr:`in_summary` is ``True`` from then on.

    Args:
        hand: The hand, to name it in an error.
        rows: The hand's lines (:func:`numbered`).
        start: The index in ``rows`` of the first line to walk.
        marker: How the line opening the summary starts
            (``"*** SUMMARY ***"``).
        expected: The line named in the error of a cut-off hand (default:
            ``marker``).
    """

    __slots__ = ("hand", "rows", "start", "marker", "expected", "in_summary")

    def __init__(
        self, hand: SiteHand, rows: list[tuple[int, str]], start: int, marker: str, expected: str | None = None
    ) -> None:
        self.hand, self.rows, self.start = hand, rows, start
        self.marker, self.expected = marker, expected or marker
        self.in_summary = False

    def __iter__(self) -> Iterator[tuple[int, str]]:
        for number, line in self.rows[self.start:]:
            if line.startswith(self.marker):
                self.in_summary = True
                continue
            yield number, line

    def end(self) -> None:
        """Check that the walk passed the summary's marker.

        Raises:
            SiteHistoryError: It did not: the hand ends before its summary
                (a cut-off hand); the error names the hand's last line.
        """
        if not self.in_summary:
            last = self.rows[-1][0]
            raise self.hand.error(f"expected {self.expected!r} before the hand ends at line {last} (a cut-off hand)", last)


def name_at(line: str, names: list[str], sep: str = " ") -> str | None:
    """The seated player whose name starts ``line``, followed by ``sep``;
    the longest such name (names may hold spaces and colons), or ``None``."""
    best = None
    for name in names:
        if line.startswith(name + sep) and (best is None or len(name) > len(best)):
            best = name
    return best


def add_seat(hand: SiteHand, seat: re.Match[str], number: int, dealt: bool = True) -> str:
    """Seat the player of a seat line and return the name.

    Args:
        hand: The hand (its :attr:`~.hand.SiteHand.scale` already set).
        seat: The room's seat pattern matched, with groups ``seat``,
            ``name`` and ``stack`` (the starting stack as written).
        number: The line's number.
        dealt: ``False``: sitting out.

    Raises:
        SiteHistoryError: The stack is no amount.
    """
    name = seat.group("name")
    stack = amount_of(seat.group("stack"), hand.scale, hand, number)
    hand.players.append(SitePlayer(int(seat.group("seat")), name, stack, dealt))
    return name


def set_stakes(hand: SiteHand, small: str, big: str, number: int | None = None) -> None:
    """Set the stakes written ``small``/``big``: the blinds, or for a
    fixed-limit game (``hand.betting == "FL"``) the small and big bets, the
    blinds then half the small bet and the small bet.

    Raises:
        SiteHistoryError: An amount is no amount.
    """
    hand.small_blind = amount_of(small, hand.scale, hand, number)
    hand.big_blind = amount_of(big, hand.scale, hand, number)
    if hand.betting == "FL":  # a limit game's stakes are its bets; blinds half of them
        hand.small_bet, hand.big_bet = hand.small_blind, hand.big_blind
        hand.small_blind, hand.big_blind = hand.small_bet // 2, hand.small_bet


def set_table(hand: SiteHand, table: re.Match[str]) -> None:
    """Set the table's name, its seats and the button from the room's table
    line matched (groups ``table``, ``max``: the seats, may be unmatched,
    and ``button``: the button's seat number)."""
    hand.table = table.group("table")
    hand.max_seats = int(table.group("max")) if table.group("max") else None
    hand.button = int(table.group("button"))


def iso_time(year: int, month: int, day: int, hour: int, minute: int, second: int) -> str:
    """``YYYY-MM-DDTHH:MM:SS`` (:attr:`~.hand.SiteHand.time`)."""
    return f"{year:04d}-{month:02d}-{day:02d}T{hour:02d}:{minute:02d}:{second:02d}"


def bracketed_cards(text: str) -> list[Card]:
    """The cards in the brackets of a street's line (``[2c 7d 9h] [Js]``).

    Raises:
        CardError: A token is no card.
    """
    return list(cards_of(" ".join(_BRACKETS.findall(text))))


def open_street(hand: SiteHand, mark: re.Match[str], streets: dict[str, int]) -> int:
    """The street a street's line opens (its ``street`` group looked up in
    ``streets``); the cards in its brackets (``cards`` group: the board so
    far and the new cards), when any, become the board.

    Raises:
        CardError: A token in the brackets is no card.
    """
    cards = bracketed_cards(mark.group("cards"))
    if cards:
        hand.boards = [cards]
    return streets[mark.group("street")]


def extend_board(hand: SiteHand, cards: list[Card]) -> None:
    """Deal ``cards`` onto the (one) board, for rooms that write each
    street's new cards only."""
    if cards:
        if not hand.boards:
            hand.boards.append([])
        hand.boards[0].extend(cards)


def read_uncalled(hand: SiteHand, pattern: re.Pattern[str], line: str, number: int) -> bool:
    """Read an uncalled bet returned (``pattern`` with groups ``amount`` and
    ``name``); ``True`` when ``line`` is one.

    Raises:
        SiteHistoryError: The amount is no amount.
    """
    uncalled = pattern.match(line)
    if uncalled is None:
        return False
    hand.uncalled[uncalled.group("name")] = amount_of(uncalled.group("amount"), hand.scale, hand, number)
    return True


def add_post(hand: SiteHand, name: str, kind: str, chips: int, put: dict[str, int] | None = None) -> None:
    """Append a forced bet (``kind`` as :class:`~.hand.SitePost` has it).

    Args:
        put: For rooms writing what a bet or raise adds (:func:`add_action`):
            the chips in on this street by player; a live blind (small, big,
            straddle) counts in it, an ante or a dead blind does not.
    """
    hand.posts.append(SitePost(name, kind, chips))
    if put is not None and kind in ("sb", "bb", "straddle"):
        put[name] = put.get(name, 0) + chips


VERBS: dict[str, str] = {"folds": "fold", "checks": "check", "calls": "call", "bets": "bet", "raises": "raise"}
"""The action verbs the text rooms write after a name, and the kind of
:class:`~.hand.SiteAction` each is."""


def action_kind(body: str) -> str | None:
    """The kind of action (a value of :data:`VERBS`) whose verb starts
    ``body`` (what follows a player's name), or ``None``."""
    for verb, kind in VERBS.items():
        if body.startswith(verb):
            return kind
    return None


def add_action(
    hand: SiteHand,
    street: int,
    name: str,
    kind: str,
    chips: int = 0,
    all_in: bool = False,
    number: int = 0,
    put: dict[str, int] | None = None,
) -> None:
    """Append a betting action.

    Args:
        hand: The hand.
        street: :data:`~.hand.PREFLOP` to :data:`~.hand.RIVER`.
        name: The player.
        kind: ``"fold"``, ``"check"``, ``"call"``, ``"bet"`` or ``"raise"``.
        chips: For a call, the chips added; for a bet or raise, the
            player's total for the street (raise-to), or with ``put`` the
            chips added.
        all_in: The room says the player is all-in (ignored for a fold or
            a check).
        number: The line's number.
        put: For rooms writing what a bet or raise adds: each player's chips
            in on this street so far, kept up to date here.
    """
    if kind in ("fold", "check"):
        hand.actions.append(SiteAction(street, name, kind, line=number))
        return
    if put is None:
        hand.actions.append(SiteAction(street, name, kind, chips, all_in, number))
        return
    to = put.get(name, 0) + chips
    hand.actions.append(SiteAction(street, name, kind, chips if kind == "call" else to, all_in, number))
    put[name] = to


def add_shown(hand: SiteHand, name: str, cards: tuple[Card, ...]) -> None:
    """``name`` showed ``cards`` (kept when two: one card shown tells only
    half the hand)."""
    if len(cards) == 2:
        hand.hole[name] = cards
        hand.shown.add(name)


def fees_of(hand: SiteHand, text: str, pattern: re.Pattern[str], number: int) -> dict[str, int]:
    """The house's fees of a summary's ``Total pot`` line (``| Rake $1 |
    Jackpot $0.50``) by name in lower case, chips (``pattern`` with a name
    and an amount group, in that order; a name written twice is summed).

    Raises:
        SiteHistoryError: An amount is no amount.
    """
    fees: dict[str, int] = {}
    for found in pattern.finditer(text):
        key = found.group(1).strip().lower()
        fees[key] = fees.get(key, 0) + amount_of(found.group(2), hand.scale, hand, number)
    return fees


def collect(hand: SiteHand, line: str, won: re.Pattern[str], number: int) -> tuple[str, str] | None:
    """Read a summary's seat line (``Seat <n>: <name> ... won ($5)``).

    Adds what the seat's player won (the sum of the amounts in group 1 of
    each ``won`` match after the name) to :attr:`~.hand.SiteHand.collected`.

    Returns:
        ``(name, rest)``: the player and the line after the name (from the
        space after it); ``None`` when the line names no seated player.

    Raises:
        SiteHistoryError: An amount is no amount.
    """
    for player in hand.players:
        prefix = f"Seat {player.seat}: {player.name}"
        if line.startswith(prefix) and line[len(prefix) : len(prefix) + 1] in (" ", ""):
            tail = line[len(prefix):]
            chips = sum(amount_of(m.group(1), hand.scale, hand, number) for m in won.finditer(tail))
            if chips:
                hand.collected[player.name] = hand.collected.get(player.name, 0) + chips
            return player.name, tail
    return None


def read_summary_line(
    hand: SiteHand, line: str, number: int, *, won: re.Pattern[str], fee: re.Pattern[str] | None = None,
    board: str = "Board: ",
) -> None:
    """Read a line of a summary in PokerStars' layout: the total pot and
    the house's fees (``Total pot $616 | Rake $0.50``, when ``fee`` is
    given: :func:`fees_of`), the board (a line starting ``board``), a
    seat's line (:func:`collect` with ``won``); any other line is passed
    over.

    Raises:
        SiteHistoryError: An amount is no amount.
        CardError: The board holds a token that is no card.
    """
    if fee is not None and line.startswith("Total pot "):
        hand.total_pot = amount_of(line.split()[2], hand.scale, hand, number)
        hand.fees = fees_of(hand, line, fee, number)
        hand.rake = sum(hand.fees.values())
    elif line.startswith(board):
        hand.boards = [list(cards_of(line[len(board):]))]
    elif line.startswith("Seat "):
        collect(hand, line, won, number)


def read_dealt(hand: SiteHand, line: str, names: list[str], *, two: bool = False) -> bool:
    """Read ``Dealt to <name> [<cards>]`` (the cards of the first
    brackets); ``True`` when ``line`` is such a line, whether or not it
    names a seated player.

    Args:
        two: Keep the cards only when they are two (a hold'em hand).

    Raises:
        CardError: A token in the brackets is no card.
    """
    if not line.startswith("Dealt to "):
        return False
    rest = line[len("Dealt to "):]
    name = name_at(rest, names)
    if name is not None:
        cards = cards_of(rest[len(name):].split("]")[0])
        if len(cards) == 2 or not two:
            hand.hole[name] = cards
    return True
