"""PHH (Poker Hand History) files: read and write hold'em hands as TOML.

A ``.phh`` file is one TOML document for one hand; a ``.phhs`` file holds many,
each under a table header ``[1]``, ``[2]``, ...  This module reads them into
:class:`~pokerkit_core.history.model.HandHistory` values and writes them back,
through ``tomllib`` (``tomli`` before Python 3.11) and ``tomli-w``.
Variants ``NT`` (no-limit) and ``FT`` (fixed-limit) hold'em are supported.

>>> hand = loads('''
... variant = "NT"
... antes = [0, 0]
... blinds_or_straddles = [50, 100]
... min_bet = 100
... starting_stacks = [1000, 1000]
... actions = ["d dh p1 AsKs", "d dh p2 7c2d", "p2 f"]
... ''')
>>> hand.moves
(Move(player=1, kind=<MoveKind.FOLD: 'f'>, to=None),)
>>> loads(dumps(hand)) == hand
True

References:
    INTEROP.md section 2; the PHH specification 0.0.2 (Kim 2024).
"""

from __future__ import annotations

import re
import sys
from dataclasses import replace
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from pathlib import Path
from typing import IO, Any, Iterable, Iterator

import tomli_w

from ..cards import format_cards, parse_cards
from ..errors import CardError, HistoryParseError
from .model import (
    Amount,
    DealBoard,
    DealHole,
    Entry,
    HandHistory,
    Move,
    MoveKind,
    ShowCards,
    freeze,
)

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

__all__ = [
    "loads",
    "load",
    "loads_all",
    "iter_hands",
    "read_file",
    "dumps",
    "dump",
    "dumps_all",
    "parse_action",
    "format_entry",
    "from_dict",
    "to_dict",
]

_KNOWN_KEYS = frozenset(
    {
        "variant",
        "antes",
        "blinds_or_straddles",
        "min_bet",
        "small_bet",
        "big_bet",
        "starting_stacks",
        "actions",
        "finishing_stacks",
        "players",
        "hand",
        "ante_trimming_status",
    }
)
_HEADER = re.compile(r"^\[\s*([^\[\]\s]+)\s*\]\s*(#.*)?$")
_PLAYER = re.compile(r"^p([1-9][0-9]?)$")


def _decimal(value: object, key: str) -> Decimal:
    if isinstance(value, bool) or not isinstance(value, (int, float, Decimal)):
        raise HistoryParseError(f"{key}: {value!r} is not a number")
    try:
        result = Decimal(value) if not isinstance(value, float) else Decimal(repr(value))
    except InvalidOperation as exc:  # pragma: no cover - guarded above
        raise HistoryParseError(f"{key}: {value!r} is not a number") from exc
    if not result.is_finite():
        raise HistoryParseError(f"{key}: {value!r} is not a finite amount")
    return result


def _numbers(doc: dict[str, Any], key: str, required: bool = True) -> list[Decimal] | None:
    if key not in doc:
        if required:
            raise HistoryParseError(f"missing required key {key!r}")
        return None
    value = doc[key]
    if not isinstance(value, list):
        raise HistoryParseError(f"{key} must be a list of numbers")
    return [_decimal(v, key) for v in value]


def _scale_for(values: Iterable[Decimal]) -> int:
    scale = 1
    for value in values:
        exponent = value.normalize().as_tuple().exponent
        if isinstance(exponent, int) and exponent < 0:
            scale = max(scale, 10 ** (-exponent))
    return scale


def _chips(value: Decimal, scale: int, key: str) -> int:
    scaled = value * scale
    if scaled != scaled.to_integral_value():
        raise HistoryParseError(f"{key}: {value} is not a whole number of chips")
    return int(scaled)


def _cards_or_unknown(text: str) -> tuple[Any, ...] | None:
    if "?" in text:
        return None
    try:
        return parse_cards(text)
    except CardError as exc:
        raise HistoryParseError(f"bad cards {text!r}: {exc.reason}") from exc


def _player(token: str) -> int:
    match = _PLAYER.match(token)
    if match is None:
        raise HistoryParseError(f"{token!r} is not a player (p1, p2, ...)")
    return int(match.group(1)) - 1


def parse_action(text: str, *, scale: int = 1) -> Entry | None:
    """Parse one PHH action string.

    Args:
        text: E.g. ``"d dh p1 AcKd"``, ``"d db AhKhQh"``, ``"p2 cbr 300"``,
            ``"p1 cc"``, ``"p3 f"``, ``"p1 sm AcKd"``; ``#`` starts a comment.
        scale: Chips per unit of the file's amounts.

    Returns:
        The entry, or ``None`` for an empty or comment-only string.

    Raises:
        HistoryParseError: Unknown action, bad player, bad cards, or an
            action of a variant other than hold'em (draws, bring-in).
    """
    tokens = text.split("#", 1)[0].split()
    if not tokens:
        return None
    if tokens[0] == "d":
        if len(tokens) >= 3 and tokens[1] == "dh":
            cards = _cards_or_unknown("".join(tokens[3:])) if len(tokens) > 3 else None
            return DealHole(_player(tokens[2]), cards)
        if len(tokens) == 3 and tokens[1] == "db":
            board = _cards_or_unknown(tokens[2])
            if board is None:
                raise HistoryParseError(f"unknown board cards in {text!r}")
            return DealBoard(board)
        raise HistoryParseError(f"unknown dealer action {text!r}")
    player = _player(tokens[0])
    if len(tokens) < 2:
        raise HistoryParseError(f"no action in {text!r}")
    code, args = tokens[1], tokens[2:]
    if code == "f" and not args:
        return Move(player, MoveKind.FOLD)
    if code == "cc" and not args:
        return Move(player, MoveKind.CHECK_CALL)
    if code == "cbr":
        if not args:
            return Move(player, MoveKind.BET_RAISE)
        if len(args) != 1:
            raise HistoryParseError(f"cbr takes one amount: {text!r}")
        return Move(player, MoveKind.BET_RAISE, _chips(_decimal_text(args[0]), scale, "cbr"))
    if code == "sm":
        if not args or args == ["-"]:
            return ShowCards(player, None, shown=False)
        return ShowCards(player, _cards_or_unknown("".join(args)), shown=True)
    if code in ("sd", "pb"):
        raise HistoryParseError(f"{code!r} (draw/stud) is not a hold'em action: {text!r}")
    raise HistoryParseError(f"unknown action {text!r}")


def _decimal_text(token: str) -> Decimal:
    try:
        value = Decimal(token)
    except InvalidOperation as exc:
        raise HistoryParseError(f"{token!r} is not an amount") from exc
    if not value.is_finite():
        raise HistoryParseError(f"{token!r} is not a finite amount")
    return value


def _amount_tokens(actions: list[str]) -> list[Decimal]:
    found = []
    for text in actions:
        tokens = text.split("#", 1)[0].split()
        if len(tokens) == 3 and tokens[1] == "cbr":
            found.append(_decimal_text(tokens[2]))
    return found


def from_dict(doc: dict[str, Any]) -> HandHistory:
    """Build a hand from a parsed PHH table (one hand's keys).

    Args:
        doc: The TOML table, as ``tomllib`` returns it (floats may be
            ``Decimal``).

    Returns:
        The hand.

    Raises:
        HistoryParseError: A required key is missing or a value is invalid.
    """
    variant = doc.get("variant")
    if not isinstance(variant, str):
        raise HistoryParseError("missing required key 'variant'")
    if variant not in ("NT", "FT"):
        raise HistoryParseError(f"variant {variant!r} is not supported (only NT and FT)")
    stacks = _numbers(doc, "starting_stacks") or []
    antes = _numbers(doc, "antes") or []
    blinds = _numbers(doc, "blinds_or_straddles") or []
    actions = doc.get("actions")
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise HistoryParseError("actions must be a list of strings")
    bets: dict[str, Decimal] = {}
    for key in ("min_bet", "small_bet", "big_bet"):
        if key in doc:
            bets[key] = _decimal(doc[key], key)
    scale = _scale_for([*stacks, *antes, *blinds, *bets.values(), *_amount_tokens(actions)])
    entries: list[Entry] = []
    for index, text in enumerate(actions):
        try:
            entry = parse_action(text, scale=scale)
        except HistoryParseError as exc:
            raise HistoryParseError(f"actions[{index}]: {exc.message}") from exc
        if entry is not None:
            entries.append(entry)
    finishing: tuple[Amount, ...] | None = None
    finish_values = _numbers(doc, "finishing_stacks", required=False)
    if finish_values is not None:
        finishing = tuple(_fraction_chips(v, scale) for v in finish_values)
    players = doc.get("players", [])
    if not isinstance(players, list):
        raise HistoryParseError("players must be a list of names")
    hand_id = doc.get("hand")
    if hand_id is not None and not isinstance(hand_id, (int, str)):
        hand_id = str(hand_id)
    trimming = doc.get("ante_trimming_status")
    extra = tuple(sorted((k, freeze(v)) for k, v in doc.items() if k not in _KNOWN_KEYS))
    try:
        return HandHistory(
            variant=variant,
            starting_stacks=tuple(_chips(v, scale, "starting_stacks") for v in stacks),
            blinds=_heads_up_swap(
                tuple(_chips(v, scale, "blinds_or_straddles") for v in blinds)
            ),
            antes=tuple(_chips(v, scale, "antes") for v in antes),
            entries=tuple(entries),
            min_bet=_chips(bets["min_bet"], scale, "min_bet") if "min_bet" in bets else None,
            small_bet=(
                _chips(bets["small_bet"], scale, "small_bet") if "small_bet" in bets else None
            ),
            big_bet=_chips(bets["big_bet"], scale, "big_bet") if "big_bet" in bets else None,
            finishing_stacks=finishing,
            players=tuple(str(p) for p in players),
            hand_id=hand_id,
            chip_scale=scale,
            ante_trimming=trimming if isinstance(trimming, bool) else None,
            extra=extra,
        )
    except TypeError as exc:  # pragma: no cover - defensive
        raise HistoryParseError(str(exc)) from exc


def _heads_up_swap(blinds: tuple[int, ...]) -> tuple[int, ...]:
    """PHH heads-up blinds ``[SB, BB]`` are posted reversed (p1 posts the BB)."""
    return (blinds[1], blinds[0]) if len(blinds) == 2 else blinds


def _fraction_chips(value: Decimal, scale: int) -> Amount:
    fraction = Fraction(value) * scale
    return fraction.numerator if fraction.denominator == 1 else fraction


def _parse_toml(text: str, first_line: int = 1) -> dict[str, Any]:
    try:
        return tomllib.loads(text, parse_float=Decimal)
    except tomllib.TOMLDecodeError as exc:
        line = getattr(exc, "lineno", None)
        if line is None:
            found = re.search(r"line (\d+)", str(exc))
            line = int(found.group(1)) if found else None
        raise HistoryParseError(
            f"not valid TOML: {exc}", None if line is None else first_line + line - 1
        ) from exc


def loads(text: str) -> HandHistory:
    """Read one hand from the text of a ``.phh`` file.

    Args:
        text: A TOML document with the keys of one hand.

    Returns:
        The hand.

    Raises:
        HistoryParseError: Not TOML, or not a valid hold'em hand.
    """
    return from_dict(_parse_toml(text))


def load(fp: IO[str] | IO[bytes]) -> HandHistory:
    """Read one hand from an open ``.phh`` file (text or binary mode).

    Args:
        fp: A file open for reading, in text mode or in binary mode (the
            bytes are then decoded as UTF-8); read to the end.

    Returns:
        The hand.

    Raises:
        HistoryParseError: As :func:`loads` (not TOML, or not a valid
            hold'em hand).
        UnicodeDecodeError: A binary file that is not UTF-8.
        OSError: The file cannot be read.

    References:
        INTEROP.md section 2; the PHH specification 0.0.2.
    """
    data = fp.read()
    return loads(data.decode("utf-8") if isinstance(data, bytes) else data)


def loads_all(text: str) -> list[HandHistory]:
    """Read every hand of a ``.phhs`` (bulk) document.

    Args:
        text: TOML with one table per hand (``[1]``, ``[2]``, ...); a document
            with top-level hand keys is read as a single hand.

    Returns:
        The hands in file order.

    Raises:
        HistoryParseError: Not TOML, or a hand is invalid.
    """
    return list(_iter_text(text.splitlines(keepends=True)))


def _iter_text(lines: Iterable[str]) -> Iterator[HandHistory]:
    chunk: list[str] = []
    label: str | None = None
    start = 1
    number = 0

    def flush() -> Iterator[HandHistory]:
        body = "".join(chunk)
        if label is None and not body.strip(" \t\r\n"):
            return
        doc = _parse_toml(body, start)
        if label is None and "variant" not in doc:
            return
        try:
            hand = from_dict(doc)
        except HistoryParseError as exc:
            where = f"hand [{label}]: " if label is not None else ""
            raise HistoryParseError(where + exc.message, start) from exc
        if label is not None and hand.hand_id is None:
            hand = _with_label(hand, label)
        yield hand

    for line in lines:
        number += 1
        header = _HEADER.match(line.strip())
        if header and not _in_array(chunk):
            yield from flush()
            chunk, label, start = [], header.group(1).strip("'\""), number + 1
            continue
        chunk.append(line)
    yield from flush()


def _in_array(chunk: list[str]) -> bool:
    """Whether the lines so far leave a multi-line array open (crudely)."""
    depth = 0
    for line in chunk:
        code = re.sub(r"'[^']*'|\"(?:[^\"\\]|\\.)*\"", "", line).split("#", 1)[0]
        depth += code.count("[") - code.count("]")
    return depth > 0


def _with_label(hand: HandHistory, label: str) -> HandHistory:
    return replace(hand, hand_id=label)


def iter_hands(fp: IO[str]) -> Iterator[HandHistory]:
    """Stream the hands of an open ``.phh`` or ``.phhs`` file, one at a time.

    Hands are parsed table by table, so a large bulk file is never held in
    memory whole. A hand of a bulk file without a ``hand`` key gets its table
    name (``"1"``) as :attr:`~HandHistory.hand_id`.

    Args:
        fp: A text file.

    Yields:
        Each hand in file order.

    Raises:
        HistoryParseError: Bad TOML or an invalid hand (the line is where the
            hand's table starts).
    """
    yield from _iter_text(fp)


def read_file(path: str | Path) -> list[HandHistory]:
    """Read every hand of a ``.phh`` or ``.phhs`` file.

    Args:
        path: Path of the file, read as UTF-8 text.

    Returns:
        The hands in file order; a hand of a bulk file without a ``hand``
        key gets its table name as ``hand_id`` (see :func:`iter_hands`).

    Raises:
        HistoryParseError: As :func:`iter_hands` (bad TOML or an invalid
            hand, with the line where its table starts).
        UnicodeDecodeError: The file is not UTF-8.
        OSError: The file cannot be opened or read (e.g.
            :class:`FileNotFoundError`).

    References:
        INTEROP.md section 2; the PHH specification 0.0.2.
    """
    with open(path, encoding="utf-8") as fp:
        return list(iter_hands(fp))


# --------------------------------------------------------------------------- writing


def _number(chips: Amount, scale: int) -> int | Decimal | float:
    if isinstance(chips, Fraction) and chips.denominator != 1:
        value = chips / scale
        decimal = Decimal(value.numerator) / Decimal(value.denominator)
        return float(value) if Fraction(float(value)) == value else decimal
    whole = int(chips)
    if scale == 1:
        return whole
    digits = len(str(scale)) - 1
    return (Decimal(whole) / scale).quantize(Decimal(1).scaleb(-digits))


def format_entry(entry: Entry, *, scale: int = 1) -> str:
    """Write one entry as a PHH action string (the inverse of :func:`parse_action`).

    Args:
        entry: A deal, move or show.
        scale: Chips per unit of the file's amounts.

    Returns:
        E.g. ``"p2 cbr 300"`` or ``"d dh p1 AcKd"``.
    """
    if isinstance(entry, DealHole):
        cards = "????" if entry.cards is None else format_cards(entry.cards)
        return f"d dh p{entry.player + 1} {cards}"
    if isinstance(entry, DealBoard):
        return f"d db {format_cards(entry.cards)}"
    if isinstance(entry, ShowCards):
        if not entry.shown:
            return f"p{entry.player + 1} sm -"
        cards = "????" if entry.cards is None else format_cards(entry.cards)
        return f"p{entry.player + 1} sm {cards}"
    text = f"p{entry.player + 1} {entry.kind.value}"
    if entry.to is not None:
        text += f" {_number(entry.to, scale)}"
    return text


def _thaw(value: object) -> object:
    if isinstance(value, tuple):
        return [_thaw(v) for v in value]
    return value


def to_dict(hand: HandHistory) -> dict[str, Any]:
    """The PHH table of a hand, ready for ``tomli_w``.

    Args:
        hand: Any hand.

    Returns:
        Keys in the usual PHH order: the game, ``actions``, then the others.
    """
    scale = hand.chip_scale
    doc: dict[str, Any] = {"variant": hand.variant}
    if hand.ante_trimming is not None:
        doc["ante_trimming_status"] = hand.ante_trimming
    doc["antes"] = [_number(a, scale) for a in hand.antes]
    doc["blinds_or_straddles"] = [_number(b, scale) for b in _heads_up_swap(hand.blinds)]
    if hand.min_bet is not None:
        doc["min_bet"] = _number(hand.min_bet, scale)
    if hand.small_bet is not None:
        doc["small_bet"] = _number(hand.small_bet, scale)
    if hand.big_bet is not None:
        doc["big_bet"] = _number(hand.big_bet, scale)
    doc["starting_stacks"] = [_number(s, scale) for s in hand.starting_stacks]
    doc["actions"] = [format_entry(e, scale=scale) for e in hand.entries]
    for key, value in hand.extra:
        doc[key] = _thaw(value)
    if hand.hand_id is not None:
        doc["hand"] = hand.hand_id
    if hand.players:
        doc["players"] = list(hand.players)
    if hand.finishing_stacks is not None:
        doc["finishing_stacks"] = [_number(s, scale) for s in hand.finishing_stacks]
    return doc


def dumps(hand: HandHistory) -> str:
    """Write one hand as the text of a ``.phh`` file.

    Args:
        hand: Any hand; amounts are written in the file's units
            (chips divided by ``hand.chip_scale``).

    Returns:
        A TOML document with the keys of :func:`to_dict`, which
        :func:`loads` reads back to an equal hand.

    Raises:
        TypeError: An extra field holds a value TOML cannot represent.
        ValueError: An extra field holds a time with a UTC offset, which
            TOML cannot represent.

    References:
        INTEROP.md section 2; the PHH specification 0.0.2.
    """
    return tomli_w.dumps(to_dict(hand))


def dump(hand: HandHistory, fp: IO[str]) -> None:
    """Write one hand to an open text file as ``.phh``.

    Args:
        hand: Any hand (written as by :func:`dumps`).
        fp: A file open for writing in text mode; the text is written at
            its current position and the file is left open.

    Raises:
        TypeError: As :func:`dumps` (an extra field TOML cannot represent).
        ValueError: As :func:`dumps` (a time with a UTC offset).
        OSError: The file cannot be written.
    """
    fp.write(dumps(hand))


def dumps_all(hands: Iterable[HandHistory]) -> str:
    """Write hands as the text of a ``.phhs`` file: tables ``[1]``, ``[2]``, ...

    Args:
        hands: The hands, in order.

    Returns:
        The TOML text.
    """
    parts = []
    for index, hand in enumerate(hands, start=1):
        parts.append(f"[{index}]\n" + tomli_w.dumps(to_dict(hand)))
    return "\n".join(parts)
