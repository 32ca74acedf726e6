"""A writer of the PokerStars hand-history text format (what trackers read).

Self-contained: it writes a finished :class:`~pokerkit_core.engine.state.HandState`
as one PokerStars hand (amounts in chips, or in a currency with ``symbol``
and ``scale``; the rake the hand paid, if any).  Only what the
state's public history shows is written, plus the hole cards of the seats in
``reveal`` (``Dealt to``); cards nobody was shown are never written.

Layout (PokerStars' own): the header line, the table line, one ``Seat n:``
line per seat dealt in (seats are 1-based), the forced bets, ``*** HOLE
CARDS ***``, each street's actions (``folds``, ``checks``, ``calls x``,
``bets x``, ``raises x to y``, ``and is all-in``), ``*** FLOP ***`` /
``*** TURN ***`` / ``*** RIVER ***`` with the board, ``*** SHOW DOWN ***``,
the uncalled bets, ``collected``, and ``*** SUMMARY ***`` with the total pot
(before rake; with several pots and a rake, each pot after its rake, as
PokerStars writes them) and the rake.
The cards shown come under ``*** SHOW DOWN ***`` once every board is out
(an all-in hand's cards too).  A hand run twice writes its boards' streets
as ``*** FIRST FLOP ***``, ``*** SECOND FLOP ***`` and so on, and its
summary ``FIRST Board`` / ``SECOND Board``, as PokerStars does.
"""

from __future__ import annotations

import time
from fractions import Fraction
from typing import Iterable, Sequence

from ..engine.actions import ActionKind
from ..engine.events import (
    ActionTaken,
    BlindPosted,
    BoardDealt,
    HandMucked,
    HandShown,
    PotAwarded,
    RakeTaken,
    UncalledBetReturned,
)
from ..engine.results import resolve_pots
from ..engine.rules import BettingStructure, Street
from ..engine.state import HandState
from ..errors import InvalidConfigError

__all__ = ["dumps_hand", "dumps_all"]

_STREETS = {Street.FLOP: "FLOP", Street.TURN: "TURN", Street.RIVER: "RIVER"}
_NTH = ("FIRST ", "SECOND ", "THIRD ", "FOURTH ", "FIFTH ", "SIXTH ", "SEVENTH ", "EIGHTH ", "NINTH ")
_BOARD_NAMES = ("FIRST", "SECOND", "THIRD", "FOURTH", "FIFTH", "SIXTH", "SEVENTH", "EIGHTH", "NINTH")
_FORCED = {"small blind": "posts small blind", "big blind": "posts big blind",
           "ante": "posts the ante", "straddle": "posts straddle"}


def _cards(cards: Iterable[object]) -> str:
    return "[" + " ".join(str(c) for c in cards) + "]"


def _amount(value: int | Fraction) -> str:
    if isinstance(value, Fraction) and value.denominator != 1:
        return f"{float(value):.2f}"
    return str(int(value))


def dumps_hand(
    state: HandState,
    names: Sequence[str],
    hand_id: int,
    *,
    table: str = "pokerkit_core",
    reveal: Iterable[int] = (),
    when: float | None = None,
    symbol: str = "",
    scale: int = 1,
    currency: str = "",
) -> str:
    """One finished hand as PokerStars text.

    Args:
        state: The hand's final state (``state.is_over``).
        names: One player name per seat, seat 0 first (distinct, no colon).
        hand_id: The hand's number (PokerStars' ``Hand #``), a positive int.
        table: The table's name.
        reveal: Seats whose hole cards are written (``Dealt to``) though
            not shown.
        when: The hand's time, seconds since the epoch (default: now),
            written in UTC.
        symbol: A currency sign written before each amount (``"$"``), or
            ``""`` for chips.
        scale: Chips per currency unit (100: the chips are cents); amounts
            are written ``chips / scale`` with two decimals (none when
            whole), as PokerStars writes them.  1: whole chips.
        currency: A currency code written after the stakes (``"USD"``).

    Returns:
        The hand's text, ending with a blank line.

    Raises:
        InvalidConfigError: The hand is not over, ``names`` is not one
            name per seat, a name is empty or holds a colon, or ``scale``
            is not a positive int.
    """
    if not state.is_over:
        raise InvalidConfigError("a PokerStars hand history is written for a finished hand")
    config = state.config
    seats = len(config.stacks)
    if len(names) != seats or any(not n or ":" in n or "\n" in n for n in names):
        raise InvalidConfigError(f"names: one name per seat ({seats}), not empty, without ':'")
    if scale.__class__ is not int or scale < 1:
        raise InvalidConfigError(f"scale must be a positive int, got {scale!r}")

    def m(value: int | Fraction) -> str:
        if scale == 1:
            return symbol + _amount(value)
        units = Fraction(value) / scale
        return symbol + (str(int(units)) if units.denominator == 1 else f"{float(units):.2f}")

    reveal = set(reveal)
    limit = "Limit" if config.betting is BettingStructure.FIXED_LIMIT else "No Limit"
    # PokerStars' stakes: the blinds, or in fixed-limit the small and big bets
    fixed = config.betting is BettingStructure.FIXED_LIMIT
    stakes = (config.small_bet or 0, config.big_bet or 0) if fixed else (config.small_blind, config.big_blind)
    stamp = time.strftime("%Y/%m/%d %H:%M:%S", time.gmtime(time.time() if when is None else when))
    lines = [
        f"PokerStars Hand #{hand_id}: Hold'em {limit} ({m(stakes[0])}/{m(stakes[1])}{' ' + currency if currency else ''}) - {stamp} UTC",
        f"Table '{table}' {seats}-max Seat #{state.button + 1} is the button",
    ]
    dealt = [s for s in range(seats) if config.stacks[s] > 0]
    for s in dealt:
        lines.append(f"Seat {s + 1}: {names[s]} ({m(config.stacks[s])} in chips)")
    history = state.history
    street_bet = [0] * seats
    call_to = 0
    started_cards = False
    seen_streets: set[tuple[int, Street]] = set()
    board_so_far: dict[int, list[str]] = {}
    folded_on: dict[int, str] = {}
    street_name = "before Flop"
    collected: dict[int, int | Fraction] = {}
    runs = len({e.board for e in history if isinstance(e, BoardDealt)}) > 1
    shows: list[str] = []  # the showdown, written once every board is out
    for event in history:
        if isinstance(event, PotAwarded) and shows:
            lines.append("*** SHOW DOWN ***")
            lines.extend(shows)
            shows.clear()
        if isinstance(event, BlindPosted):
            word = _FORCED.get(event.kind, f"posts {event.kind}")
            lines.append(f"{names[event.seat]}: {word} {m(event.amount)}")
            if event.kind != "ante":
                street_bet[event.seat] += event.amount
                call_to = max(call_to, street_bet[event.seat])
            continue
        if not started_cards and not isinstance(event, BlindPosted):
            lines.append("*** HOLE CARDS ***")
            for s in sorted(reveal):
                cards = state.hole_cards[s] if 0 <= s < seats else None
                if cards:
                    lines.append(f"Dealt to {names[s]} {_cards(cards)}")
            started_cards = True
        if isinstance(event, ActionTaken):
            kind = event.action.kind
            who = names[event.seat]
            tail = " and is all-in" if event.all_in else ""
            if kind is ActionKind.FOLD:
                lines.append(f"{who}: folds")
                folded_on[event.seat] = street_name
            elif kind is ActionKind.CHECK:
                lines.append(f"{who}: checks")
            elif kind is ActionKind.CALL:
                lines.append(f"{who}: calls {m(event.amount_added)}{tail}")
                street_bet[event.seat] += event.amount_added
            else:
                to = street_bet[event.seat] + event.amount_added
                if call_to == 0:
                    lines.append(f"{who}: bets {m(to)}{tail}")
                else:
                    lines.append(f"{who}: raises {m(to - call_to)} to {m(to)}{tail}")
                street_bet[event.seat] = to
                call_to = max(call_to, to)
        elif isinstance(event, BoardDealt):
            board = board_so_far.setdefault(event.board, [])
            if event.board and not board:  # a second run shares the cards dealt before it
                first = board_so_far.get(0, [])
                board.extend(first[: {Street.FLOP: 0, Street.TURN: 3, Street.RIVER: 4}[event.street]])
            before = list(board)
            board.extend(str(c) for c in event.cards)
            if (event.board, event.street) not in seen_streets:
                seen_streets.add((event.board, event.street))
                nth = _NTH[event.board] if runs else ""
                head = f"*** {nth}{_STREETS.get(event.street, event.street.name)} ***"
                if event.street is Street.FLOP or not before:
                    lines.append(f"{head} {_cards(board)}")
                else:
                    lines.append(f"{head} {_cards(before)} {_cards(event.cards)}")
            street_bet = [0] * seats
            call_to = 0
            street_name = {Street.FLOP: "on the Flop", Street.TURN: "on the Turn",
                           Street.RIVER: "on the River"}.get(event.street, street_name)
        elif isinstance(event, HandShown):
            shows.append(f"{names[event.seat]}: shows {_cards(event.cards)}")
        elif isinstance(event, HandMucked):
            shows.append(f"{names[event.seat]}: mucks hand")
        elif isinstance(event, UncalledBetReturned):
            lines.append(f"Uncalled bet ({m(event.amount)}) returned to {names[event.seat]}")
        elif isinstance(event, PotAwarded):
            pot = "main pot" if event.pot_index == 0 else f"side pot-{event.pot_index}"
            several = any(isinstance(e, PotAwarded) and e.pot_index for e in history)
            where = pot if several else "pot"
            for s, amount in zip(event.seats, event.amounts):
                lines.append(f"{names[s]} collected {m(amount)} from {where}")
                collected[s] = collected.get(s, 0) + amount
    if not started_cards:
        lines.append("*** HOLE CARDS ***")
    if shows:
        lines.append("*** SHOW DOWN ***")
        lines.extend(shows)
    lines.append("*** SUMMARY ***")
    rake = sum(e.amount for e in history if isinstance(e, RakeTaken))
    pots = ""
    if rake and any(isinstance(e, RakeTaken) and e.pot_index for e in history):
        after = [pot.amount - pot.rake for pot in resolve_pots(state).pots]
        pots = f" Main pot {m(after[0])}." + "".join(
            f" Side pot-{k} {m(chips)}." for k, chips in enumerate(after[1:], start=1)
        )
    lines.append(f"Total pot {m(sum(collected.values()) + rake)}{pots} | Rake {m(rake)}")
    boards = sorted(board_so_far)
    if len(boards) == 1:
        lines.append(f"Board {_cards(board_so_far[boards[0]])}")
    else:
        for b in boards:
            lines.append(f"{_BOARD_NAMES[b]} Board {_cards(board_so_far[b])}")
    for s in dealt:
        tags = []
        if s == state.button:
            tags.append("button")
        if s == state.small_blind_seat:
            tags.append("small blind")
        if s == state.big_blind_seat:
            tags.append("big blind")
        tag = f" ({', '.join(tags)})" if tags else ""
        shown = state.shown_cards[s]
        if s in folded_on:
            what = f"folded {folded_on[s]}"
        elif shown:
            won = collected.get(s)
            what = f"showed {_cards(shown)} and " + (f"won ({m(won)})" if won else "lost")
        elif s in collected:
            what = f"collected ({m(collected[s])})"
        else:
            what = "mucked"
        lines.append(f"Seat {s + 1}: {names[s]}{tag} {what}")
    return "\n".join(lines) + "\n\n"


def dumps_all(
    states: Sequence[HandState],
    names: Sequence[str],
    *,
    table: str = "pokerkit_core",
    reveal: Iterable[int] = (),
    room_id: str | None = None,
    when: float | None = None,
    reveal_after: int = 0,
    hand_names: Sequence[Sequence[str]] | None = None,
) -> str:
    """Several finished hands as one PokerStars text file (hands numbered
    from 1, after a number made of ``room_id`` when it is hexadecimal).

    Args:
        states: The hands' final states, first first.
        names: As for :func:`dumps_hand`.
        table: The table's name.
        reveal: As for :func:`dumps_hand`, in the hands numbered above
            ``reveal_after`` only.
        room_id: The room's id (hex digits), making the hand numbers unique
            across rooms.
        when: As for :func:`dumps_hand`.
        reveal_after: Hands (counted from the first) whose cards of the
            ``reveal`` seats stay hidden: hands played by whoever sat there
            before (a web room's seat changes hands).
        hand_names: One ``names`` per hand, in the order of ``states``
            (who sat where in that hand); ``None``: ``names`` for every hand.

    Raises:
        InvalidConfigError: As :func:`dumps_hand`, or ``hand_names`` not one
            entry per hand.
    """
    base = 0
    if room_id:
        try:
            base = int(room_id, 16) * 1_000_000
        except ValueError:
            base = 0
    reveal = tuple(reveal)
    if hand_names is not None and len(hand_names) != len(states):
        raise InvalidConfigError(f"hand_names has {len(hand_names)} entries for {len(states)} hands")
    return "".join(
        dumps_hand(state, names if hand_names is None else hand_names[n - 1], base + n, table=table,
                   reveal=reveal if n > reveal_after else (), when=when)
        for n, state in enumerate(states, start=1)
    )
