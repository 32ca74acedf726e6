"""ACPC formats: ``MATCHSTATE`` messages, log lines (and, re-exported from
:mod:`~pokerkit_core.history.acpc_game`, game definition files).

The Annual Computer Poker Competition dealer (protocol 2.0.0) describes a game
in a ``GAMEDEF`` file, talks to bots in ``MATCHSTATE`` lines and logs each hand
as a ``STATE`` line.  In all three, a no-limit raise ``rN`` names **the
player's total chips in the pot for the whole hand** (earlier streets
included), not the street total our :class:`~pokerkit_core.actions.Action`
uses; :meth:`AcpcGame.street_moves` does the conversion.

Player order is the ACPC one: player 0 is the first player after the button
(heads-up "reverse blinds" files: player 0 is the big blind, player 1 the
button and small blind), which is also the order of
:class:`~pokerkit_core.history.model.HandHistory`.

>>> ms = MatchState.parse("MATCHSTATE:1:5:r300c/r900:|9s8s/2c7d9h")
>>> ms.position, ms.betting[1][0].amount, str(ms) == "MATCHSTATE:1:5:r300c/r900:|9s8s/2c7d9h"
(1, 900, True)

References:
    INTEROP.md section 1; the ACPC dealer v1.0.42 (``game.c``, ``dealer.c``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction
from typing import IO, Iterable, Iterator

from ..cards import Card, format_cards, parse_cards
from ..errors import CardError, HistoryParseError
from .acpc_game import INT32_MAX, AcpcGame, find_game_file, load_game, parse_game
from .model import Amount, DealBoard, DealHole, Entry, HandHistory

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
    "parse_value",
    "read_log",
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
        if self.kind not in ("f", "c", "r"):
            raise HistoryParseError(f"unknown ACPC action {self.kind!r}")
        if self.amount is not None and (self.kind != "r" or self.amount <= 0):
            raise HistoryParseError(f"bad ACPC action amount {self.kind}{self.amount}")

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
            HistoryParseError: Anything else.
        """
        match = _ACTION.fullmatch(text)
        if match is None:
            raise HistoryParseError(f"bad ACPC action {text!r}")
        return cls(match.group(1), int(match.group(2)) if match.group(2) else None)


_ACTION = re.compile(r"([fcr])(\d*)")


def parse_betting(text: str) -> tuple[tuple[AcpcAction, ...], ...]:
    """Parse a betting string into rounds: ``"r300c/r900"`` -> two rounds.

    A trailing ``/`` gives an empty last round (the next round was reached).

    Args:
        text: The betting field of a ``MATCHSTATE`` or ``STATE`` line.

    Returns:
        One tuple of actions per round, first round first.

    Raises:
        HistoryParseError: An unknown action character.
    """
    rounds = []
    for part in text.split("/"):
        actions = []
        pos = 0
        while pos < len(part):
            match = _ACTION.match(part, pos)
            if match is None:
                raise HistoryParseError(f"bad ACPC betting {text!r} at {part[pos:]!r}")
            amount = int(match.group(2)) if match.group(2) else None
            actions.append(AcpcAction(match.group(1), amount))
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
        raise HistoryParseError(f"bad cards {text!r}: {exc.reason}") from exc
    return holes, board


def _format_cards_section(
    holes: Iterable[tuple[Card, ...] | None], board: Iterable[tuple[Card, ...]]
) -> str:
    text = "|".join("" if h is None else format_cards(h) for h in holes)
    return text + "".join("/" + format_cards(b) for b in board)


def parse_value(text: str) -> Fraction:
    """Parse a logged chip value (``"-242604.5"``, ``"7333.333333"``).

    Args:
        text: A decimal number as the dealer writes it.

    Returns:
        The value in chips, exactly (as written, not rounded further).

    Raises:
        HistoryParseError: Not a number.
    """
    try:
        return Fraction(text)
    except (ValueError, ZeroDivisionError) as exc:
        raise HistoryParseError(f"bad value {text!r}") from exc


def format_value(value: Amount | float) -> str:
    """Write a chip value as the dealer does: ``%.6f`` without trailing zeros.

    Args:
        value: Chips; an int, a :class:`~fractions.Fraction` or a float.

    Returns:
        The text, e.g. ``"7333.333333"``, ``"-50"``, ``"0"``.
    """
    text = f"{float(value):.6f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


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
        if self.position < 0 or self.position >= len(self.hole_cards):
            raise HistoryParseError(f"position {self.position} outside the hand")
        if self.hand_number < 0:
            raise HistoryParseError("negative hand number")

    @classmethod
    def parse(cls, text: str) -> MatchState:
        """Parse ``MATCHSTATE:<position>:<hand>:<betting>:<cards>``.

        Args:
            text: One protocol line (a trailing newline is ignored).

        Returns:
            The message.

        Raises:
            HistoryParseError: Wrong prefix, field count, numbers or cards.
        """
        fields = text.strip("\r\n").split(":")
        if len(fields) != 5 or fields[0] != "MATCHSTATE":
            raise HistoryParseError(f"not a MATCHSTATE message: {text!r}")
        try:
            position, hand = int(fields[1]), int(fields[2])
        except ValueError as exc:
            raise HistoryParseError(f"bad position or hand number in {text!r}") from exc
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
        if len(self.values) != len(self.hole_cards) or len(self.names) != len(self.values):
            raise HistoryParseError("STATE line: cards, values and names disagree in count")

    @classmethod
    def parse(cls, text: str) -> StateLine:
        """Parse ``STATE:<hand>:<betting>:<cards>:<values>:<names>``.

        Args:
            text: One log line (a trailing newline is ignored).

        Returns:
            The line.

        Raises:
            HistoryParseError: Wrong prefix or field count, bad numbers or cards.
        """
        fields = text.strip("\r\n").split(":")
        if len(fields) != 6 or fields[0] != "STATE":
            raise HistoryParseError(f"not a STATE line: {text!r}")
        try:
            hand = int(fields[1])
        except ValueError as exc:
            raise HistoryParseError(f"bad hand number in {text!r}") from exc
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
            HistoryParseError: Wrong prefix or field count, or bad numbers.
        """
        fields = text.strip("\r\n").split(":")
        if len(fields) != 3 or fields[0] != "SCORE":
            raise HistoryParseError(f"not a SCORE line: {text!r}")
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
        fp: Lines of the log (an open text file).

    Yields:
        ``(line_number, item)``: a header/comment line as ``str`` (``#``
        included), or a parsed :class:`StateLine` / :class:`ScoreLine`.

    Raises:
        HistoryParseError: A line that is none of these (with its number).
    """
    for number, raw in enumerate(fp, start=1):
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
                raise HistoryParseError(f"unexpected log line {line!r}")
        except HistoryParseError as exc:
            raise HistoryParseError(exc.message, number) from exc


def read_log(fp: IO[str] | Iterable[str]) -> AcpcLog:
    """Read a whole dealer log.

    Args:
        fp: Lines of the log (an open text file).

    Returns:
        The log: header fields, options, every ``STATE`` line in file order
        and the ``SCORE`` line (``None`` if absent).

    Raises:
        HistoryParseError: No ``# name/game/hands/seed`` header, or a bad line.
    """
    header: list[str] | None = None
    options: list[str] = []
    states: list[StateLine] = []
    score: ScoreLine | None = None
    for number, item in iter_log(fp):
        if isinstance(item, str):
            if item.startswith("# name/game/hands/seed"):
                header = item.split()[2:]
                if len(header) != 4:
                    raise HistoryParseError("bad log header", number)
            elif item.startswith("#--"):
                options.append(item[1:])
        elif isinstance(item, StateLine):
            states.append(item)
        else:
            score = item
    if header is None:
        raise HistoryParseError("no '# name/game/hands/seed' header")
    try:
        hands, seed = int(header[2]), int(header[3])
    except ValueError as exc:
        raise HistoryParseError("bad hands or seed in the log header") from exc
    return AcpcLog(header[0], header[1], hands, seed, tuple(options), tuple(states), score)

