"""ACPC formats: ``MATCHSTATE`` messages, log lines (and, re-exported from
:mod:`~pokerkit_core.formats.acpc_game`, game definition files).

The Annual Computer Poker Competition dealer (protocol 2.0.0) describes a game
in a ``GAMEDEF`` file, talks to bots in ``MATCHSTATE`` lines and logs each hand
as a ``STATE`` line.  In all three, a no-limit raise ``rN`` names **the
player's total chips in the pot for the whole hand** (earlier streets
included), not the street total our :class:`~pokerkit_core.engine.actions.Action`
uses; :meth:`AcpcGame.street_moves` does the conversion.

Player order is the ACPC one: player 0 is the first player after the button
(heads-up "reverse blinds" files: player 0 is the big blind, player 1 the
button and small blind), which is also the order of
:class:`~pokerkit_core.formats.model.HandHistory`.

>>> ms = MatchState.parse("MATCHSTATE:1:5:r300c/r900:|9s8s/2c7d9h")
>>> ms.position, ms.betting[1][0].amount, str(ms) == "MATCHSTATE:1:5:r300c/r900:|9s8s/2c7d9h"
(1, 900, True)

Limits: whole numbers (positions, hand numbers, raise amounts, log header
counts) are ASCII digits from 0 to 10**18, as for game files (see
:mod:`~pokerkit_core.formats.acpc_game`); a logged chip value is a plain
decimal of at most 19 digits before the point and 18 after (see
:func:`parse_value`); the same card may not appear twice in one message or
line.  Anything else raises :class:`~pokerkit_core.errors.HistoryParseError`.

References:
    INTEROP.md section 1; the ACPC dealer v1.0.42 (``game.c``, ``dealer.c``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction
from typing import IO, TYPE_CHECKING, Iterable, Iterator

from ..evaluation.cards import Card, format_cards, parse_cards
from ..errors import CardError, HistoryParseError, shown
from .acpc_game import (
    INT32_MAX,
    AcpcGame,
    _check_whole,
    _text,
    _whole,
    find_game_file,
    load_game,
    parse_game,
)
from .model import Amount, DealBoard, DealHole, Entry, HandHistory, _excerpt

__all__ = [
    "INT32_MAX",
    "AcpcGame",
    "AcpcAction",
    "MatchState",
    "StateLine",
    "ScoreLine",
    "AcpcLog",
    "parse_game",
    "load_game",
    "parse_betting",
    "format_betting",
    "format_value",
    "exact_decimal",
    "parse_value",
    "load",
    "loads",
    "dump",
    "dumps",
    "iter_hands",
    "iter_log",
    "find_game_file",
]

# --------------------------------------------------------------------------- betting


@dataclass(frozen=True, slots=True)
class AcpcAction:
    """One ACPC betting action.

    Attributes:
        kind: ``"f"`` fold, ``"c"`` check/call, ``"r"`` raise.
        amount: No-limit raise-to, the player's total for the **whole hand**
            (chips); ``None`` for limit raises and other kinds.
    """

    kind: str
    amount: int | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.kind, str) or self.kind not in ("f", "c", "r"):
            raise HistoryParseError(
                f"unknown ACPC action {shown(self.kind)} (expected f, c or r)"
            )
        if self.amount is None:
            return
        if self.kind != "r":
            raise HistoryParseError(f"an ACPC {self.kind!r} action takes no amount")
        _check_whole(self.amount, "an ACPC raise amount")
        if self.amount == 0:
            raise HistoryParseError("an ACPC raise amount must be at least 1, not 0")

    def __str__(self) -> str:
        return self.kind if self.amount is None else f"r{self.amount}"

    @classmethod
    def parse(cls, text: str) -> AcpcAction:
        """Parse ``f``, ``c``, ``r`` or ``rN``.

        Args:
            text: One action, no spaces.

        Returns:
            The action; ``amount`` is ``N`` (a whole-hand raise-to, chips)
            or ``None``.

        Raises:
            HistoryParseError: Anything else, including a ``text`` that is
                not a ``str`` and an ``N`` that is not a whole number from 1
                to 10**18.
        """
        match = _ACTION.fullmatch(_text(text, "an ACPC action"))
        if match is None:
            raise HistoryParseError(
                f"bad ACPC action {_excerpt(text)} (expected f, c, r or r<chips>)"
            )
        return cls(match.group(1), _amount(match.group(2)))


_ACTION = re.compile(r"([fcr])([0-9]*)")


def _amount(digits: str) -> int | None:
    return _whole(digits, "ACPC raise amount") if digits else None


def parse_betting(text: str) -> tuple[tuple[AcpcAction, ...], ...]:
    """Parse a betting string into rounds: ``"r300c/r900"`` -> two rounds.

    A trailing ``/`` gives an empty last round (the next round was reached).

    Args:
        text: The betting field of a ``MATCHSTATE`` or ``STATE`` line.

    Returns:
        One tuple of actions per round, first round first.

    Raises:
        HistoryParseError: ``text`` is not a ``str``, an unknown action
            character, or a raise amount that is not a whole number from 1
            to 10**18.
    """
    rounds = []
    for part in _text(text, "ACPC betting").split("/"):
        actions = []
        pos = 0
        while pos < len(part):
            match = _ACTION.match(part, pos)
            if match is None:
                raise HistoryParseError(
                    f"bad ACPC betting {_excerpt(text)} at {_excerpt(part[pos:])}"
                    " (expected f, c, r or r<chips>)"
                )
            actions.append(AcpcAction(match.group(1), _amount(match.group(2))))
            pos = match.end()
        rounds.append(tuple(actions))
    return tuple(rounds)


def format_betting(rounds: Iterable[Iterable[AcpcAction]]) -> str:
    """Write rounds of actions as a betting string (inverse of :func:`parse_betting`).

    Args:
        rounds: The actions of each round, first round first.

    Returns:
        The rounds joined by ``/``, e.g. ``"r300c/r900"``.
    """
    return "/".join("".join(str(a) for a in actions) for actions in rounds)


_Holes = tuple[tuple[Card, ...] | None, ...]
_Board = tuple[tuple[Card, ...], ...]


def _parse_cards_section(text: str) -> tuple[_Holes, _Board]:
    parts = text.split("/")
    try:
        holes = tuple(parse_cards(h) if h else None for h in parts[0].split("|"))
        board = tuple(parse_cards(b) for b in parts[1:])
    except CardError as exc:
        raise HistoryParseError(f"bad cards {_excerpt(text)}: {exc.reason}") from exc
    return holes, board


def _check_distinct(holes: _Holes, board: _Board) -> None:
    seen: set[Card] = set()
    for cards in (*holes, *board):
        for card in cards or ():
            if card in seen:
                raise HistoryParseError(f"card {card} appears twice")
            seen.add(card)


def _format_cards_section(
    holes: Iterable[tuple[Card, ...] | None], board: Iterable[tuple[Card, ...]]
) -> str:
    text = "|".join("" if h is None else format_cards(h) for h in holes)
    return text + "".join("/" + format_cards(b) for b in board)


def parse_value(text: str) -> Fraction:
    """Parse a logged chip value (``"-242604.5"``, ``"7333.333333"``).

    The dealer writes values with ``%.6f`` (trailing zeros cut), so a value
    is an optional ``-``, 1 to 19 ASCII digits and optionally a point and 1
    to 18 digits: no ``+``, exponent, spaces, underscores or fractions.

    Args:
        text: A decimal number as the dealer writes it.

    Returns:
        The value in chips, exactly (as written, not rounded further).

    Raises:
        HistoryParseError: ``text`` is not a ``str`` or not such a number.
    """
    if _VALUE.fullmatch(_text(text, "an ACPC value")) is None:
        raise HistoryParseError(
            f"bad value {_excerpt(text)} (expected a decimal such as -242604.5:"
            " at most 19 digits before the point and 18 after, no exponent)"
        )
    return Fraction(text)


_VALUE = re.compile(r"-?[0-9]{1,19}(?:\.[0-9]{1,18})?")


def format_value(value: Amount | float) -> str:
    """Write a chip value as the dealer does, without ever going through ``float``.

    An int, or a fraction whose decimal expansion ends (every value
    :func:`parse_value` reads, and every value a pot split among at most 10
    players gives: at most 3 decimals), is written exactly, however large:
    ``StateLine.parse(str(line)) == line`` holds above 2**53 too.  Any other
    fraction (a third) is rounded to 6 decimals, half to even, as the
    dealer's ``%.6f`` does; trailing zeros and the point are cut.  A float
    (the dealer's own type) is written with ``%.6f``.

    Args:
        value: Chips; an int, a :class:`~fractions.Fraction` or a float.

    Returns:
        The text, e.g. ``"7333.333333"``, ``"-242604.5"``, ``"-50"``, ``"0"``.
    """
    if isinstance(value, float):
        text = f"{value:.6f}"
    else:
        exact = Fraction(value)
        text = exact_decimal(exact) or exact_decimal(Fraction(round(exact * 10**6), 10**6)) or ""
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def exact_decimal(value: Fraction) -> str | None:
    """Write a fraction as an exact decimal, with integer arithmetic only.

    Args:
        value: Chips.

    Returns:
        The decimal (``"-242604.5"``, ``"9007199254740993"``), or ``None``
        when its decimal expansion does not end (a third).
    """
    denominator = value.denominator
    twos = fives = 0
    while denominator % 2 == 0:
        denominator //= 2
        twos += 1
    while denominator % 5 == 0:
        denominator //= 5
        fives += 1
    if denominator != 1:
        return None
    digits = max(twos, fives)
    scaled = abs(value.numerator) * 10**digits // value.denominator
    sign = "-" if value < 0 else ""
    if not digits:
        return f"{sign}{scaled}"
    whole, part = divmod(scaled, 10**digits)
    return f"{sign}{whole}.{part:0{digits}d}"


# --------------------------------------------------------------------------- MATCHSTATE


@dataclass(frozen=True, slots=True)
class MatchState:
    """A ``MATCHSTATE`` message: one seat's view of a hand.

    Attributes:
        position: This client's player index for the hand (0-based).
        hand_number: The hand's number in the match (0, 1, ...).
        betting: Rounds of actions so far.
        hole_cards: Per player: cards, or ``None`` when not visible.
        board: Board cards per round reached after the first
            (flop, turn, river).
    """

    position: int
    hand_number: int
    betting: tuple[tuple[AcpcAction, ...], ...]
    hole_cards: tuple[tuple[Card, ...] | None, ...]
    board: tuple[tuple[Card, ...], ...] = ()

    def __post_init__(self) -> None:
        _check_whole(self.position, "position")
        if self.position >= len(self.hole_cards):
            raise HistoryParseError(
                f"position {self.position} outside the hand"
                f" (0 to {len(self.hole_cards) - 1} for {len(self.hole_cards)} players)"
            )
        _check_whole(self.hand_number, "hand number")
        _check_distinct(self.hole_cards, self.board)

    @classmethod
    def parse(cls, text: str) -> MatchState:
        """Parse ``MATCHSTATE:<position>:<hand>:<betting>:<cards>``.

        Args:
            text: One protocol line (a trailing newline is ignored).

        Returns:
            The message.

        Raises:
            HistoryParseError: ``text`` is not a ``str``; wrong prefix or
                field count; a position or hand number that is not a whole
                number (0 to 10**18) or a position outside the hand; bad
                betting; bad cards or the same card twice.
        """
        fields = _text(text, "a MATCHSTATE message").strip("\r\n").split(":")
        if len(fields) != 5 or fields[0] != "MATCHSTATE":
            raise HistoryParseError(
                "not a MATCHSTATE message (MATCHSTATE:<position>:<hand>:<betting>:<cards>):"
                f" {_excerpt(text)}"
            )
        position, hand = _whole(fields[1], "position"), _whole(fields[2], "hand number")
        holes, board = _parse_cards_section(fields[4])
        return cls(position, hand, parse_betting(fields[3]), holes, board)

    def __str__(self) -> str:
        return (
            f"MATCHSTATE:{self.position}:{self.hand_number}:{format_betting(self.betting)}:"
            + _format_cards_section(self.hole_cards, self.board)
        )

    @property
    def all_board_cards(self) -> tuple[Card, ...]:
        """The board cards dealt so far, flattened."""
        return tuple(card for cards in self.board for card in cards)


# --------------------------------------------------------------------------- log lines


@dataclass(frozen=True, slots=True)
class StateLine:
    """A ``STATE`` line of a dealer log: one finished hand.

    Attributes:
        hand_number: The hand's number.
        betting: Rounds of actions.
        hole_cards: Every player's hole cards, player order.
        board: Board cards per round reached (after the first).
        values: Chips won per player (may be fractions: exact splits).
        names: Player names, player order (they rotate between hands).
    """

    hand_number: int
    betting: tuple[tuple[AcpcAction, ...], ...]
    hole_cards: tuple[tuple[Card, ...] | None, ...]
    board: tuple[tuple[Card, ...], ...]
    values: tuple[Fraction, ...]
    names: tuple[str, ...]

    def __post_init__(self) -> None:
        _check_whole(self.hand_number, "hand number")
        if len(self.values) != len(self.hole_cards) or len(self.names) != len(self.values):
            raise HistoryParseError("STATE line: cards, values and names disagree in count")
        _check_distinct(self.hole_cards, self.board)

    @classmethod
    def parse(cls, text: str) -> StateLine:
        """Parse ``STATE:<hand>:<betting>:<cards>:<values>:<names>``.

        Args:
            text: One log line (a trailing newline is ignored).

        Returns:
            The line.

        Raises:
            HistoryParseError: ``text`` is not a ``str``; wrong prefix or
                field count; a hand number that is not a whole number (0 to
                10**18); bad betting, values (see :func:`parse_value`) or
                cards, or the same card twice.
        """
        fields = _text(text, "a STATE line").strip("\r\n").split(":")
        if len(fields) != 6 or fields[0] != "STATE":
            raise HistoryParseError(
                "not a STATE line (STATE:<hand>:<betting>:<cards>:<values>:<names>):"
                f" {_excerpt(text)}"
            )
        hand = _whole(fields[1], "hand number")
        holes, board = _parse_cards_section(fields[3])
        values = tuple(parse_value(v) for v in fields[4].split("|"))
        names = tuple(fields[5].split("|"))
        return cls(hand, parse_betting(fields[2]), holes, board, values, names)

    def __str__(self) -> str:
        return ":".join(
            (
                "STATE",
                str(self.hand_number),
                format_betting(self.betting),
                _format_cards_section(self.hole_cards, self.board),
                "|".join(format_value(v) for v in self.values),
                "|".join(self.names),
            )
        )

    def to_history(self, game: AcpcGame) -> HandHistory:
        """This hand as a :class:`HandHistory` (street raise-to amounts).

        Args:
            game: The match's game definition.

        Returns:
            The hand, with ``rules="acpc"``, ``button`` on the last player,
            and ``finishing_stacks`` = starting stacks + logged values.

        Raises:
            HistoryParseError: The line does not fit the game (player count,
                betting).
        """
        n = game.num_players
        if len(self.hole_cards) != n:
            raise HistoryParseError(f"{len(self.hole_cards)} players in a {n}-player game")
        entries: list[Entry] = [DealHole(i, cards) for i, cards in enumerate(self.hole_cards)]
        for index, moves in enumerate(game.street_moves(self.betting)):
            if index > 0 and index - 1 < len(self.board):
                entries.append(DealBoard(self.board[index - 1]))
            entries.extend(moves)
        for cards in self.board[len(self.betting) - 1:]:
            entries.append(DealBoard(cards))
        finishing = tuple(_as_amount(s + v) for s, v in zip(game.stacks, self.values))
        limit = game.is_limit
        return HandHistory(
            variant="FT" if limit else "NT",
            starting_stacks=game.stacks[:n],
            blinds=game.blinds[:n],
            antes=(0,) * n,
            entries=tuple(entries),
            min_bet=None if limit else game.big_blind,
            small_bet=game.raise_sizes[0] if limit else None,
            big_bet=game.raise_sizes[2] if limit and len(game.raise_sizes) > 2 else None,
            finishing_stacks=finishing,
            players=self.names,
            hand_id=self.hand_number,
            button=n - 1,
            first_to_act=game.first_player,
            raise_cap=game.max_raises[1] if limit and game.num_rounds > 1 else None,
            rules="acpc",
        )


def _as_amount(value: Fraction) -> Amount:
    return value.numerator if value.denominator == 1 else value


@dataclass(frozen=True, slots=True)
class ScoreLine:
    """The ``SCORE`` line ending a log: match totals per seat.

    Attributes:
        totals: Chips won per seat (command-line order).
        names: The seats' names.
    """

    totals: tuple[Fraction, ...]
    names: tuple[str, ...]

    @classmethod
    def parse(cls, text: str) -> ScoreLine:
        """Parse ``SCORE:<totals>:<names>``.

        Args:
            text: One log line (a trailing newline is ignored).

        Returns:
            The line.

        Raises:
            HistoryParseError: ``text`` is not a ``str``; wrong prefix or
                field count, or bad numbers (see :func:`parse_value`).
        """
        fields = _text(text, "a SCORE line").strip("\r\n").split(":")
        if len(fields) != 3 or fields[0] != "SCORE":
            raise HistoryParseError(
                f"not a SCORE line (SCORE:<totals>:<names>): {_excerpt(text)}"
            )
        totals = tuple(parse_value(v) for v in fields[1].split("|"))
        names = tuple(fields[2].split("|"))
        if len(totals) != len(names):
            raise HistoryParseError("SCORE line: totals and names disagree in count")
        return cls(totals, names)

    def __str__(self) -> str:
        return f"SCORE:{'|'.join(format_value(t) for t in self.totals)}:{'|'.join(self.names)}"


@dataclass(frozen=True, slots=True)
class AcpcLog:
    """A dealer log file, read whole.

    Attributes:
        name: Match name (header).
        game_file: Game file name (header).
        hands: Number of hands the match was to play (header).
        seed: Dealer seed (header).
        options: Other ``#--`` header lines, e.g. ``("--t_response 600000",)``.
        states: The ``STATE`` lines in file order (a resumed match may
            repeat one).
        score: The ``SCORE`` line, or ``None`` (match stopped early).
    """

    name: str
    game_file: str
    hands: int
    seed: int
    options: tuple[str, ...] = ()
    states: tuple[StateLine, ...] = field(default=())
    score: ScoreLine | None = None

    def header(self) -> str:
        """The header lines, as the dealer writes them.

        Returns:
            The ``# name/game/hands/seed`` line and one ``#`` line per
            option, each ending in a newline.
        """
        lines = [f"# name/game/hands/seed {self.name} {self.game_file} {self.hands} {self.seed}"]
        lines += [f"#{option}" for option in self.options]
        return "\n".join(lines) + "\n"


def iter_log(fp: Iterable[str]) -> Iterator[tuple[int, str | StateLine | ScoreLine]]:
    """Stream a dealer log: header text, ``STATE`` and ``SCORE`` lines.

    Args:
        fp: Lines of the log (an open text file, or a list of ``str``).

    Yields:
        ``(line_number, item)``: a header/comment line as ``str`` (``#``
        included), or a parsed :class:`StateLine` / :class:`ScoreLine`.

    Raises:
        HistoryParseError: A line that is none of these (with its number);
            ``fp`` is itself a ``str`` or ``bytes`` (pass
            ``text.splitlines()``), or yields a line that is not a ``str``
            (a file opened in binary mode).
    """
    if isinstance(fp, (str, bytes)):
        raise HistoryParseError(
            "a log must be given as lines (an open text file or text.splitlines()),"
            f" not one {type(fp).__name__}"
        )
    for number, raw in enumerate(fp, start=1):
        if not isinstance(raw, str):
            raise HistoryParseError(
                f"log lines must be str, not {type(raw).__name__} (open the file in text mode)",
                number,
            )
        line = raw.strip("\r\n")
        if not line.strip():
            continue
        try:
            if line.startswith("#"):
                yield number, line
            elif line.startswith("STATE:"):
                yield number, StateLine.parse(line)
            elif line.startswith("SCORE:"):
                yield number, ScoreLine.parse(line)
            else:
                raise HistoryParseError(
                    f"unexpected log line {_excerpt(line)} (expected #, STATE: or SCORE:)"
                )
        except HistoryParseError as exc:
            raise HistoryParseError(exc.message, number) from exc


def load(fp: IO[str] | Iterable[str]) -> AcpcLog:
    """Read a whole dealer log from an open file (formerly ``read_log``).

    Args:
        fp: Lines of the log (an open text file, or a list of ``str``).

    Returns:
        The log: header fields, options, every ``STATE`` line in file order
        and the ``SCORE`` line (``None`` if absent).

    Raises:
        HistoryParseError: No ``# name/game/hands/seed`` header, hands or
            seed not a whole number (0 to 10**18), or a bad line or ``fp``
            (see :func:`iter_log`).
    """
    header: list[str] | None = None
    header_line = 0
    options: list[str] = []
    states: list[StateLine] = []
    score: ScoreLine | None = None
    for number, item in iter_log(fp):
        if isinstance(item, str):
            if item.startswith("# name/game/hands/seed"):
                header, header_line = item.split()[2:], number
                if len(header) != 4:
                    raise HistoryParseError(
                        "bad log header (expected # name/game/hands/seed <name> <game> <hands>"
                        " <seed>)",
                        number,
                    )
            elif item.startswith("#--"):
                options.append(item[1:])
        elif isinstance(item, StateLine):
            states.append(item)
        else:
            score = item
    if header is None:
        raise HistoryParseError("no '# name/game/hands/seed' header")
    try:
        hands, seed = _whole(header[2], "log header hands"), _whole(header[3], "log header seed")
    except HistoryParseError as exc:
        raise HistoryParseError(exc.message, header_line) from exc
    return AcpcLog(header[0], header[1], hands, seed, tuple(options), tuple(states), score)


def loads(text: str) -> AcpcLog:
    """Read a whole dealer log from its text.

    Args:
        text: The log's text (``str``; decode bytes first, or use
            :func:`load` on a text file).

    Returns:
        The log, as :func:`load` reads it.

    Raises:
        HistoryParseError: ``text`` is not a ``str``, or as :func:`load` (no
            header, a bad line, with its number).
    """
    if not isinstance(text, str):
        raise HistoryParseError(f"loads() needs text (str), not {type(text).__name__}")
    return load(text.splitlines())


def dumps(log: AcpcLog) -> str:
    """Write a dealer log as the dealer writes it: the header, one ``STATE``
    line per hand and the ``SCORE`` line (if any), each ending in a newline.

    Args:
        log: Any log; :func:`loads` reads the text back to an equal log.

    Returns:
        The text of the log file.
    """
    lines = [str(state) for state in log.states]
    if log.score is not None:
        lines.append(str(log.score))
    return log.header() + "".join(line + "\n" for line in lines)


def dump(log: AcpcLog, fp: IO[str]) -> None:
    """Write a dealer log to an open text file (as :func:`dumps`).

    Args:
        log: Any log.
        fp: A file open for writing in text mode; the text is written at its
            current position and the file is left open.

    Raises:
        OSError: The file cannot be written.
    """
    fp.write(dumps(log))


def iter_hands(fp: IO[str] | Iterable[str]) -> Iterator[StateLine]:
    """Stream the hands (``STATE`` lines) of a dealer log, one at a time.

    The header and the ``SCORE`` line are skipped (:func:`iter_log` yields
    them too), so a long log is never held in memory whole.

    Args:
        fp: Lines of the log (an open text file, or a list of ``str``).

    Yields:
        Each ``STATE`` line in file order.

    Raises:
        HistoryParseError: As :func:`iter_log` (a bad line, with its number;
            ``fp`` a ``str`` or ``bytes``, or a line that is not a ``str``).
    """
    for _, item in iter_log(fp):
        if isinstance(item, StateLine):
            yield item


if not TYPE_CHECKING:  # the old name, for a while (hidden from type checkers)
    from .._deprecated import renamed

    __getattr__ = renamed(__name__, {"read_log": "load"})
