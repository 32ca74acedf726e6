"""How the ACPC dealer reads a bot's reply: the state it answers, then its action.

A bot answers a ``MATCHSTATE`` with the state, a colon and an action.  The
ACPC dealer (v1.0.42, ``dealer.c`` ``readPlayerResponse`` and ``game.c``
``readMatchState`` / ``readAction`` / ``isValidAction``) reads that line in
steps, and this module repeats them as pure functions on text, so any loop
that deals over the protocol can use them:

* :func:`read_reply`: a line starting ``#`` or ``;`` is a comment; a line
  whose state cannot be read is a bad state (``WARNING: bad state format in
  response``, the dealer keeps waiting); a state that is not the one sent is
  un-requested (``WARNING: ignoring un-requested response``, keeps waiting);
  otherwise the line answers the state, whatever follows it.  The state is
  read as the dealer reads it, as a *prefix*: ``MATCHSTATE:...|AsKsX:c``
  answers the state ``MATCHSTATE:...|AsKs`` with a malformed action
  (``X:c`` does not start with a colon), which becomes a call.
* :func:`fix_reply`: the action part becomes a legal engine action, with the
  dealer's ``WARNING`` lines (INTEROP.md section 1.5).

The no-limit raise size is read as C's ``sscanf("%d")`` reads it: blanks
(space, tab, newline, vertical tab, form feed, carriage return) are skipped,
a ``+`` or ``-`` sign is taken, then digits, and whatever follows is
ignored.  So ``r+300``, ``r 300``, ``r\\t300``, ``r300 `` and ``r300abc`` are
a raise to 300; ``r-5`` is a raise to -5 and ``r1e3`` a raise to 1, both
raised to the minimum; ``r`` with no digits is a bad format (a call).  A
size above the stack is lowered to the all-in total.  The reference dealer
keeps the size in a 32-bit ``int``, so a size past 2**31 - 1 wraps around
there (often to a negative number, then raised to the minimum); this module
does **not** copy that: any size above the stack, however long, is an all-in.

References:
    INTEROP.md sections 1.2 and 1.5; the ACPC dealer v1.0.42 (``dealer.c``,
    ``game.c``).
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass

from ..engine.actions import Action, Call, Check, Fold
from ..engine.rules import BettingStructure
from ..engine.state import HandState, legal_actions
from .acpc import AcpcAction, AcpcGame, MatchState
from .acpc_terms import engine_action

__all__ = [
    "MAX_LINE_BYTES",
    "ReplyKind",
    "Reply",
    "read_reply",
    "read_raise_size",
    "fix_reply",
]

MAX_LINE_BYTES = 4095
"""Longest protocol line, its end of line included, in bytes.

The dealer reads lines into a buffer of ``MAX_LINE_LEN`` = ``READBUF_LEN`` =
4,096 bytes (``game.h``, ``net.h``) that keeps one byte for the string's
terminator.  Both our dealer and our client refuse a longer line.
"""

_SIZE = re.compile(r"[ \t\n\v\f\r]*([+-]?)([0-9]+)")
_NUMBER = re.compile(r"[ \t\n\v\f\r]*\+?([0-9]+)")

_HUGE = 10**30
"""Stands for a raise size too long to matter: above every stack (chips)."""

_CODES = {
    "f": "f", "F": "f",
    "c": "c", "C": "c", "k": "c", "K": "c",
    "r": "r", "R": "r", "b": "r", "B": "r",
}
"""The dealer's ``charToAction`` table: every other character is invalid."""

_RANKS = "23456789TJQKA"
_SUITS = "cdhs"


# --------------------------------------------------------------------------- sizes


def read_raise_size(text: str, start: int = 0) -> tuple[int, str, int] | None:
    """Read a no-limit raise size the way C's ``sscanf("%d")`` does.

    Args:
        text: The reply text.
        start: Where the size starts (just after the ``r``).

    Returns:
        ``(size, shown, end)``: the size in chips (whole-hand raise-to; a
        size of more than 30 digits is given as 10**30, above every stack),
        the size as the warning prints it (at most about 40 characters), and
        the index just past the digits; ``None`` when no digits follow
        (after optional blanks and a sign).
    """
    match = _SIZE.match(text, start)
    if match is None:
        return None
    sign, digits = match.group(1), match.group(2).lstrip("0") or "0"
    negative = sign == "-" and digits != "0"
    if len(digits) > 30:
        size = _HUGE
        shown = f"{digits[:12]}...({len(digits)} digits)"
    else:
        size = int(digits)
        shown = digits
    if negative:
        size, shown = -size, "-" + shown
    return size, shown, match.end()


# --------------------------------------------------------------------------- reply lines


class ReplyKind(enum.Enum):
    """What the dealer makes of one line from the acting seat."""

    COMMENT = "comment"
    """Starts with ``#`` or ``;``: skipped, not timed."""
    BAD_STATE = "bad state"
    """No state can be read from it: a warning, the dealer keeps waiting."""
    UNREQUESTED = "unrequested"
    """A state, but not the one sent: a warning, the dealer keeps waiting."""
    ANSWER = "answer"
    """Answers the state sent; :attr:`Reply.action` holds the action text."""


@dataclass(frozen=True, slots=True)
class Reply:
    """One line from the acting seat, as the dealer reads it.

    Attributes:
        kind: What the line is.
        action: For :attr:`ReplyKind.ANSWER`: the text after the state's
            colon; ``None`` when no colon follows the state (a bad action
            format: the dealer plays a call).
    """

    kind: ReplyKind
    action: str | None = None

    @property
    def warning(self) -> str | None:
        """The dealer's ``WARNING`` line for a line it skips, else ``None``."""
        if self.kind is ReplyKind.BAD_STATE:
            return "WARNING: bad state format in response"
        if self.kind is ReplyKind.UNREQUESTED:
            return "WARNING: ignoring un-requested response"
        return None


def read_reply(line: str, sent: MatchState, game: AcpcGame) -> Reply:
    """Read one line from the acting seat against the state it was sent.

    The state is read as the dealer's ``readMatchState`` reads it, as a
    prefix: position and hand number as unsigned numbers, the betting up to
    the next ``:`` (``/`` skipped), then hole cards per player (``|``
    between players, a player's cards all or none), then each reached
    round's board cards (``/`` between rounds).  It answers ``sent`` when the
    position, hand number, betting, board and the position's own hole cards
    are the same (other players' cards are not compared, as in the dealer's
    ``matchStatesEqual``).

    Args:
        line: The line without its end of line.
        sent: The state sent to the seat to act.
        game: The match's game (betting type, players, cards per round).

    Returns:
        The :class:`Reply`.  One simplification: betting that reads but is
        not the betting sent is un-requested here, where the dealer calls it
        a bad state when that betting is not even legal.
    """
    if line[:1] in ("#", ";"):
        return Reply(ReplyKind.COMMENT)
    if not line.startswith("MATCHSTATE:"):
        return Reply(ReplyKind.BAD_STATE)
    pos = len("MATCHSTATE:")
    header = []
    for index in range(2):
        if index:
            if line[pos:pos + 1] != ":":
                return Reply(ReplyKind.BAD_STATE)
            pos += 1
        match = _NUMBER.match(line, pos)
        if match is None or len(match.group(1)) > 20:
            return Reply(ReplyKind.BAD_STATE)
        header.append(int(match.group(1)))
        pos = match.end()
    position, hand = header
    if position >= game.num_players or line[pos:pos + 1] != ":":
        return Reply(ReplyKind.BAD_STATE)
    pos += 1
    betting, pos = _read_betting(line, pos, game)
    if betting is None:
        return Reply(ReplyKind.BAD_STATE)
    expected = [a for actions in sent.betting for a in actions]
    if (position, hand, betting) != (sent.position, sent.hand_number, expected):
        return Reply(ReplyKind.UNREQUESTED)
    own: list[str] = []
    for player in range(game.num_players):
        if player and line[pos:pos + 1] == "|":
            pos += 1
        cards, pos = _read_cards(line, pos, game.num_hole_cards)
        if cards and len(cards) != game.num_hole_cards:
            return Reply(ReplyKind.BAD_STATE)
        if player == position:
            own = cards
    board: list[str] = []
    for round_index in range(len(sent.betting)):
        if round_index and line[pos:pos + 1] == "/":
            pos += 1
        wanted = game.num_board_cards[round_index]
        cards, pos = _read_cards(line, pos, wanted)
        if len(cards) != wanted:
            return Reply(ReplyKind.BAD_STATE)
        board.extend(cards)
    mine = sent.hole_cards[position]
    if own != [str(c) for c in mine or ()] or board != [str(c) for c in sent.all_board_cards]:
        return Reply(ReplyKind.UNREQUESTED)
    if line[pos:pos + 1] != ":":
        return Reply(ReplyKind.ANSWER, None)
    return Reply(ReplyKind.ANSWER, line[pos + 1:])


def _read_betting(line: str, pos: int, game: AcpcGame) -> tuple[list[AcpcAction] | None, int]:
    """Actions up to the next ``:`` (or the end), ``/`` skipped."""
    nolimit = not game.is_limit
    actions: list[AcpcAction] = []
    while pos < len(line):
        char = line[pos]
        if char == ":":
            return actions, pos + 1
        if char == "/":
            pos += 1
            continue
        code = _CODES.get(char)
        if code is None:
            return None, pos
        pos += 1
        if code == "r" and nolimit:
            size = read_raise_size(line, pos)
            if size is None or not 1 <= size[0] < _HUGE:
                return None, pos
            actions.append(AcpcAction("r", size[0]))
            pos = size[2]
        else:
            actions.append(AcpcAction(code))
    return actions, pos


def _read_cards(line: str, pos: int, most: int) -> tuple[list[str], int]:
    """Up to ``most`` cards (rank any case, suit any case), as ``"As"`` text."""
    cards: list[str] = []
    while len(cards) < most and pos + 2 <= len(line):
        rank, suit = line[pos].upper(), line[pos + 1].lower()
        if len(rank) != 1 or len(suit) != 1 or rank not in _RANKS or suit not in _SUITS:
            break
        cards.append(rank + suit)
        pos += 2
    return cards, pos


# --------------------------------------------------------------------------- actions


def fix_reply(text: str | None, state: HandState) -> tuple[Action, list[str]]:
    """The action the ACPC dealer plays for a bot's reply, with its warnings.

    Args:
        text: The action part of the reply (after the state and its colon);
            ``None`` when no colon follows the state (see :func:`read_reply`).
        state: The hand before the action.

    Returns:
        ``(engine action, warnings)``: always a legal action; the warnings
        are the dealer's lines, e.g. ``"WARNING: raise of 150 increased to
        200"``.  A fold where a check is possible, an unknown action
        character or a raise where none is allowed is a check or call
        (``invalid action``); ``None`` or a no-limit ``r`` without digits is a
        check or call (``bad action format``); a raise size below the minimum
        is raised to it and one above the stack lowered to the all-in total
        (see the module notes for how the size is read).

    Raises:
        HandOverError: The hand is over.

    References:
        INTEROP.md section 1.5; the dealer's ``readAction`` and
        ``isValidAction``.
    """
    legal = legal_actions(state)
    call = Check if legal.can_check else Call
    if text is None:
        return call, ["WARNING: bad action format in response, changed to call"]
    code = _CODES.get(text[:1])
    fixed = state.config.betting is BettingStructure.FIXED_LIMIT
    if code == "f":
        if legal.can_check:
            return call, ["WARNING: invalid action, changed to call"]
        return Fold, []
    if code == "c":
        return call, []
    if code != "r":
        return call, ["WARNING: invalid action, changed to call"]
    size = None if fixed else read_raise_size(text, 1)
    if not fixed and size is None:
        return call, ["WARNING: bad action format in response, changed to call"]
    if not (legal.can_bet or legal.can_raise):
        return call, ["WARNING: invalid action, changed to call"]
    if size is None:
        return engine_action(AcpcAction("r"), state), []
    chips, shown, _ = size
    seat = legal.seat
    before = state.contributions[seat] - state.bets[seat]
    low, high = legal.min_raise_to + before, legal.max_raise_to + before
    warnings: list[str] = []
    if chips < low:
        warnings.append(f"WARNING: raise of {shown} increased to {low}")
        chips = low
    elif chips > high:
        warnings.append(f"WARNING: raise of {shown} decreased to {high}")
        chips = high
    return engine_action(AcpcAction("r", chips), state), warnings
