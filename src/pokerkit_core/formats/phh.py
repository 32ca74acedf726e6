"""PHH (Poker Hand History) files: read and write hold'em hands as TOML.

A ``.phh`` file is one TOML document for one hand; a ``.phhs`` file holds many,
each under a table header ``[1]``, ``[2]``, ...  This module reads them into
:class:`~pokerkit_core.formats.model.HandHistory` values and writes them back,
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

Limits: every amount (stacks, blinds, antes, bet sizes, ``cbr`` amounts,
finishing stacks) is a finite decimal number of at most 10**18 with at most
18 digits after the point (trailing zeros not counted), and at most 10**18
chips once scaled (the engine's chip limit); amounts are read exactly, never
rounded.  A ``cbr`` amount is written as digits with an optional fraction and
exponent (``300``, ``2.5``, ``1e3``).  An integer ``hand`` is at most 10**18
in size, and lists and tables kept in :attr:`HandHistory.extra` nest at most
32 deep; no run of digits is longer than 100 (refused before conversion).
Anything else raises :class:`~pokerkit_core.errors.HistoryParseError`,
whose message quotes at most a short excerpt of the offending text.

References:
    INTEROP.md section 2; the PHH specification 0.0.2 (Kim 2024).
"""

from __future__ import annotations

import re
import sys
from dataclasses import replace
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from typing import IO, Any, Iterable, Iterator

import tomli_w

from ..evaluation.cards import format_cards, parse_cards
from ..errors import CardError, HistoryParseError, shown
from ..engine.rules import MAX_CHIPS
from .model import (
    Amount,
    DealBoard,
    DealHole,
    Entry,
    HandHistory,
    Move,
    MoveKind,
    ShowCards,
    _excerpt,
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
    "BOARDS_KEY",
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
        "_boards",
        "_rake",
        "_rake_rate",
    }
)

BOARDS_KEY = "_boards"
"""Custom PHH key (INTEROP.md section 2: user keys start with ``_``) for
:attr:`~pokerkit_core.formats.model.HandHistory.boards`, written when above 1
(PHH has no standard key for run it twice; docs/interop.rst)."""

RAKE_KEY = "_rake"
"""Custom PHH key for :attr:`~pokerkit_core.formats.model.HandHistory.rake`
(the rake the house took from the hand, in the file's units), written when
not 0; the standard keys ``winnings`` and ``finishing_stacks`` are after
rake (INTEROP.md section 2)."""
RAKE_RATE_KEY = "_rake_rate"
"""Custom PHH key for :attr:`~pokerkit_core.formats.model.HandHistory.rake_rate`
(the rate at which the room counted its rake up pot by pot, as text: ``"9/200"``
for 4.5%), written when set; the replay then splits ``_rake`` between the pots
by the running total (``GameConfig.rake_split``)."""


def _rake_rate(value: object) -> Fraction | None:
    """The ``_rake_rate`` key's value (``None`` when absent)."""
    if value is None:
        return None
    if not isinstance(value, str):
        raise HistoryParseError(f"{RAKE_RATE_KEY} must be text such as '9/200', got {shown(value, 40)}")
    try:
        return Fraction(value)
    except (ValueError, ZeroDivisionError):
        raise HistoryParseError(f"{RAKE_RATE_KEY} {shown(value, 40)} is not a fraction") from None


_HEADER = re.compile(r"^\[\s*([^\[\]\s]+)\s*\]\s*(#.*)?$")
_PLAYER = re.compile(r"^p([1-9][0-9]?)$")
_AMOUNT_TEXT = re.compile(r"[0-9]+(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?")

_MAX_AMOUNT = MAX_CHIPS
"""Largest amount, in the file's units and in chips (the engine's chip limit)."""
_MAX_PLACES = 18
"""Most digits after the decimal point in an amount (trailing zeros not counted)."""
_MAX_DEPTH = 32
"""Deepest nesting of lists and tables in a field kept in ``extra``."""
_MAX_NUMERAL = 100
"""Most digits (with ``_`` separators) in one run anywhere in a PHH text: an
amount needs at most 37 (10**18 with 18 places), and a longer run is refused
before the TOML reader converts it (a 6.4 MB numeral cost 740 MB)."""
_LONG_NUMERAL = re.compile(rf"[0-9][0-9_]{{{_MAX_NUMERAL},}}|0[xob][0-9a-fA-F_]{{{_MAX_NUMERAL},}}")


def _text_argument(value: object, what: str) -> str:
    if isinstance(value, str):
        return value
    hint = " (decode it as UTF-8 first, or use load())" if isinstance(value, bytes) else ""
    raise HistoryParseError(f"{what} needs text (str), not {type(value).__name__}{hint}")


def _decimal(value: object, key: str) -> Decimal:
    if isinstance(value, bool) or not isinstance(value, (int, float, Decimal)):
        raise HistoryParseError(f"{key}: {shown(value)} is not a number")
    if isinstance(value, int) and not -_MAX_AMOUNT <= value <= _MAX_AMOUNT:
        raise HistoryParseError(f"{key}: {shown(value)} is more than 10**18")
    if value.__class__ is int:  # whole and within the limits: nothing to check
        return Decimal(value)
    result = Decimal(value) if not isinstance(value, float) else Decimal(repr(value))
    return _checked(result, key)


def _checked(value: Decimal, key: str) -> Decimal:
    """``value`` within the amount limits, exactly, without trailing zeros.

    Works on the digits alone (no Decimal arithmetic, which would round to
    28 digits and is slow on huge exponents).
    """
    sign, digits, exponent = value.as_tuple()
    if not isinstance(exponent, int):  # "n", "N" or "F": NaN or infinity
        raise HistoryParseError(f"{key}: {shown(value)} is not a finite amount")
    significant = len(digits)
    while significant and digits[significant - 1] == 0:
        significant -= 1
    if significant == 0:
        return Decimal(0)
    exponent += len(digits) - significant
    if -exponent > _MAX_PLACES:
        raise HistoryParseError(
            f"{key}: {shown(value)} has more than {_MAX_PLACES} digits after the point"
        )
    result = Decimal((sign, digits[:significant], exponent))
    if exponent + significant > 19 or not -_MAX_AMOUNT <= result <= _MAX_AMOUNT:
        raise HistoryParseError(f"{key}: {shown(value)} is more than 10**18")
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
    """Chips per unit: 10 to the most digits after the point (values from :func:`_checked`)."""
    places = 0
    for value in values:
        exponent = value.as_tuple().exponent
        if isinstance(exponent, int):
            places = max(places, -exponent)
    scale: int = 10**places
    return scale


def _chips(value: Decimal, scale: int, key: str) -> int:
    if scale == 1:  # the common case: whole chips (``value`` comes from _checked)
        exponent = value.as_tuple().exponent
        if isinstance(exponent, int) and exponent >= 0:
            return int(value)
    scaled = _scaled(value, scale, key)
    if scaled.denominator != 1:
        raise HistoryParseError(
            f"{key}: {value:f} is not a whole number of chips at {scale} chips per unit"
        )
    return int(scaled)


def _scaled(value: Decimal, scale: int, key: str) -> Fraction:
    scaled = Fraction(value) * scale
    if abs(scaled) > _MAX_AMOUNT:
        raise HistoryParseError(
            f"{key}: {value:f} is more than 10**18 chips at {scale} chips per unit"
            " (the file's most precise amount sets the unit)"
        )
    return scaled


@lru_cache(maxsize=8192)  # hole cards and boards repeat across a bulk file
def _cards_or_unknown(text: str) -> tuple[Any, ...] | None:
    if "?" in text:
        return None
    try:
        return parse_cards(text)
    except CardError as exc:
        raise HistoryParseError(f"bad cards {_excerpt(text)}: {exc.reason}") from exc


def _player(token: str) -> int:
    match = _PLAYER.match(token)
    if match is None:
        raise HistoryParseError(f"{_excerpt(token)} is not a player (p1, p2, ...)")
    return int(match.group(1)) - 1


def parse_action(text: str, *, scale: int = 1) -> Entry | None:
    """Parse one PHH action string.

    Args:
        text: E.g. ``"d dh p1 AcKd"``, ``"d db AhKhQh"``, ``"p2 cbr 300"``,
            ``"p1 cc"``, ``"p3 f"``, ``"p1 sm AcKd"``; ``#`` starts a comment.
        scale: Chips per unit of the file's amounts (1 to 10**18).

    Returns:
        The entry, or ``None`` for an empty or comment-only string.

    Raises:
        HistoryParseError: ``text`` is not a ``str`` or ``scale`` not an int
            from 1 to 10**18; unknown action, bad player, bad cards, an
            amount outside the limits of the module docstring or not a
            whole number of chips, or an action of a variant other than
            hold'em (draws, bring-in).
    """
    if isinstance(scale, bool) or not isinstance(scale, int) or not 1 <= scale <= _MAX_AMOUNT:
        raise HistoryParseError(f"scale must be an int from 1 to 10**18, not {shown(scale)}")
    return _parse_action(_text_argument(text, "parse_action()"), scale)


def _parse_action(text: str, scale: int) -> Entry | None:
    """:func:`parse_action` of a ``str`` at a valid ``scale`` (both checked by the caller)."""
    tokens = (text.split("#", 1)[0] if "#" in text else text).split()
    if not tokens:
        return None
    if tokens[0] == "d":
        if len(tokens) >= 3 and tokens[1] == "dh":
            cards = _cards_or_unknown("".join(tokens[3:])) if len(tokens) > 3 else None
            return DealHole(_player(tokens[2]), cards)
        if len(tokens) == 3 and tokens[1] == "db":
            board = _cards_or_unknown(tokens[2])
            if board is None:
                raise HistoryParseError(f"unknown board cards in {_excerpt(text)}")
            return DealBoard(board)
        raise HistoryParseError(f"unknown dealer action {_excerpt(text)}")
    player = _player(tokens[0])
    if len(tokens) < 2:
        raise HistoryParseError(f"no action in {_excerpt(text)}")
    code, args = tokens[1], tokens[2:]
    if code == "f" and not args:
        return Move(player, MoveKind.FOLD)
    if code == "cc" and not args:
        return Move(player, MoveKind.CHECK_CALL)
    if code == "cbr":
        if not args:
            return Move(player, MoveKind.BET_RAISE)
        if len(args) != 1:
            raise HistoryParseError(f"cbr takes one amount: {_excerpt(text)}")
        return Move(player, MoveKind.BET_RAISE, _chips(_decimal_text(args[0]), scale, "cbr"))
    if code == "sm":
        if not args or args == ["-"]:
            return ShowCards(player, None, shown=False)
        return ShowCards(player, _cards_or_unknown("".join(args)), shown=True)
    if code in ("sd", "pb"):
        raise HistoryParseError(f"{code!r} (draw/stud) is not a hold'em action: {_excerpt(text)}")
    raise HistoryParseError(f"unknown action {_excerpt(text)} (expected f, cc, cbr or sm)")


@lru_cache(maxsize=4096)  # each cbr amount is read twice (scale, then chips)
def _decimal_text(token: str) -> Decimal:
    if _AMOUNT_TEXT.fullmatch(token) is None:
        raise HistoryParseError(
            f"{_excerpt(token)} is not an amount (expected digits such as 300, 2.5 or 1e3)"
        )
    try:
        value = Decimal(token)
    except InvalidOperation as exc:  # an exponent beyond Decimal's range
        raise HistoryParseError(f"cbr: {_excerpt(token)} is more than 10**18") from exc
    return _checked(value, "cbr")


def _amount_tokens(actions: list[str]) -> list[Decimal]:
    found = []
    for index, text in enumerate(actions):
        tokens = text.split("#", 1)[0].split()
        if len(tokens) == 3 and tokens[1] == "cbr":
            try:
                found.append(_decimal_text(tokens[2]))
            except HistoryParseError as exc:
                raise HistoryParseError(f"actions[{index}]: {exc.message}") from exc
    return found


def _too_deep(value: object) -> bool:
    """Whether lists and tables nest more than ``_MAX_DEPTH`` deep in ``value``."""
    stack = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, (list, tuple, dict)):
            if depth >= _MAX_DEPTH:
                return True
            children = item.values() if isinstance(item, dict) else item
            stack.extend((child, depth + 1) for child in children)
    return False


def from_dict(doc: dict[str, Any]) -> HandHistory:
    """Build a hand from a parsed PHH table (one hand's keys).

    Args:
        doc: The TOML table, as ``tomllib`` returns it (floats may be
            ``Decimal``).

    Returns:
        The hand.

    Raises:
        HistoryParseError: ``doc`` is not a ``dict``, a required key is
            missing or a value is invalid (amounts: see the limits in the
            module docstring).
    """
    if not isinstance(doc, dict):
        raise HistoryParseError(f"a hand must be a table (dict), not {type(doc).__name__}")
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
    rake_value = _decimal(doc[RAKE_KEY], RAKE_KEY) if RAKE_KEY in doc else None
    scale = _scale_for(
        [*stacks, *antes, *blinds, *bets.values(), *_amount_tokens(actions)]
        + ([] if rake_value is None else [rake_value])
    )
    entries: list[Entry] = []
    for index, text in enumerate(actions):
        try:
            entry = _parse_action(text, scale)
        except HistoryParseError as exc:
            raise HistoryParseError(f"actions[{index}]: {exc.message}") from exc
        if entry is not None:
            entries.append(entry)
    finishing: tuple[Amount, ...] | None = None
    finish_values = _numbers(doc, "finishing_stacks", required=False)
    if finish_values is not None:
        finishing = tuple(_fraction_chips(v, scale) for v in finish_values)
    players = doc.get("players", [])
    if not isinstance(players, list) or not all(
        isinstance(p, str) or (isinstance(p, int) and abs(p) <= _MAX_AMOUNT) for p in players
    ):
        raise HistoryParseError("players must be a list of names (strings or ids up to 10**18)")
    hand_id = _hand_id(doc.get("hand"))
    trimming = doc.get("ante_trimming_status")
    extra_items = [(str(k), v) for k, v in doc.items() if k not in _KNOWN_KEYS]
    for key, value in extra_items:
        if _too_deep(value):
            raise HistoryParseError(
                f"{_excerpt(key)}: lists or tables nested more than {_MAX_DEPTH} deep"
            )
    extra = tuple(sorted((k, freeze(v)) for k, v in extra_items))
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
            boards=doc.get(BOARDS_KEY, 1),  # checked by HandHistory
            rake=0 if rake_value is None else _chips(rake_value, scale, RAKE_KEY),
            rake_rate=_rake_rate(doc.get(RAKE_RATE_KEY)),  # its range checked by HandHistory
        )
    except TypeError as exc:  # pragma: no cover - defensive
        raise HistoryParseError(str(exc)) from exc


def _hand_id(value: object) -> int | str | None:
    if value is None or isinstance(value, str):
        return value
    if isinstance(value, int):
        if not -_MAX_AMOUNT <= value <= _MAX_AMOUNT:
            raise HistoryParseError(f"hand: {shown(value)} is more than 10**18")
        return value
    if isinstance(value, (float, Decimal)):
        return str(value)
    raise HistoryParseError(f"hand must be a number or a string, not {shown(value)}")


def _heads_up_swap(blinds: tuple[int, ...]) -> tuple[int, ...]:
    """PHH heads-up blinds ``[SB, BB]`` are posted reversed (p1 posts the BB)."""
    return (blinds[1], blinds[0]) if len(blinds) == 2 else blinds


def _fraction_chips(value: Decimal, scale: int) -> Amount:
    if scale == 1 and value == value.to_integral_value():
        return int(value)
    fraction = _scaled(value, scale, "finishing_stacks")
    return fraction.numerator if fraction.denominator == 1 else fraction


def _parse_toml(text: str, first_line: int = 1) -> dict[str, Any]:
    long = _LONG_NUMERAL.search(text)
    if long is not None:  # refused before any conversion (memory)
        raise HistoryParseError(
            f"a number of more than {_MAX_NUMERAL} digits ({_excerpt(text[long.start() : long.start() + 30])}): "
            "an amount is never more than 10**18, with at most 18 places",
            first_line + text.count("\n", 0, long.start()),
        )
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
    except ValueError as exc:  # an integer too long for int() (over 4300 digits)
        raise HistoryParseError(
            "not readable TOML: a number has too many digits (amounts must be at most 10**18)",
            first_line,
        ) from exc
    except InvalidOperation as exc:  # a float whose exponent is beyond Decimal's range
        raise HistoryParseError(
            "not readable TOML: a number's exponent is out of range (amounts must be at most 10**18)",
            first_line,
        ) from exc
    except RecursionError as exc:
        raise HistoryParseError(
            "not readable TOML: arrays or tables nested too deeply", first_line
        ) from exc


def loads(text: str) -> HandHistory:
    """Read one hand from the text of a ``.phh`` file.

    Args:
        text: A TOML document with the keys of one hand (``str``; decode
            bytes as UTF-8 first, or use :func:`load`).

    Returns:
        The hand.

    Raises:
        HistoryParseError: ``text`` is not a ``str``, not TOML, or not a
            valid hold'em hand (amounts: see the limits in the module
            docstring).
    """
    return from_dict(_parse_toml(_text_argument(text, "loads()")))


def load(fp: IO[str] | IO[bytes]) -> HandHistory:
    """Read one hand from an open ``.phh`` file (text or binary mode).

    Args:
        fp: A file open for reading, in text mode or in binary mode (the
            bytes are then decoded as UTF-8); read to the end.

    Returns:
        The hand.

    Raises:
        HistoryParseError: As :func:`loads` (not TOML, or not a valid
            hold'em hand), or ``fp.read()`` gave neither ``str`` nor
            ``bytes``.
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
            with top-level hand keys is read as a single hand (``str``; decode
            bytes as UTF-8 first).

    Returns:
        The hands in file order.

    Raises:
        HistoryParseError: ``text`` is not a ``str``, not TOML, or a hand is
            invalid.
    """
    return list(_iter_text(_text_argument(text, "loads_all()").splitlines(keepends=True)))


def _iter_text(lines: Iterable[str]) -> Iterator[HandHistory]:
    chunk: list[str] = []
    depth = 0  # brackets left open by the chunk's lines (multi-line arrays)
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
        if not isinstance(line, str):
            raise HistoryParseError(
                f"lines must be str, not {type(line).__name__} (open the file in text mode)",
                number,
            )
        first = line[:1]
        header = (
            _HEADER.match(line.strip())
            if first == "[" or (first.isspace() and line.lstrip()[:1] == "[")
            else None
        )
        if header and depth <= 0:
            yield from flush()
            chunk, depth, label, start = [], 0, header.group(1).strip("'\""), number + 1
            continue
        chunk.append(line)
        if "[" in line or "]" in line:
            depth += _bracket_balance(line)
    yield from flush()


def _bracket_balance(line: str) -> int:
    """Brackets a line opens minus those it closes, outside strings and comments (crudely)."""
    if "'" in line or '"' in line:
        line = re.sub(r"'[^']*'|\"(?:[^\"\\]|\\.)*\"", "", line)
    code = line.split("#", 1)[0]
    return code.count("[") - code.count("]")


def _with_label(hand: HandHistory, label: str) -> HandHistory:
    return replace(hand, hand_id=label)


def iter_hands(fp: IO[str]) -> Iterator[HandHistory]:
    """Stream the hands of an open ``.phh`` or ``.phhs`` file, one at a time.

    Hands are parsed table by table, so a large bulk file is never held in
    memory whole. A hand of a bulk file without a ``hand`` key gets its table
    name (``"1"``) as :attr:`~HandHistory.hand_id`.

    Args:
        fp: A text file (or any iterable of ``str`` lines).

    Yields:
        Each hand in file order.

    Raises:
        HistoryParseError: Bad TOML or an invalid hand (the line is where the
            hand's table starts); ``fp`` is a ``str`` or ``bytes`` (use
            :func:`loads_all`) or yields a line that is not a ``str`` (a file
            opened in binary mode).
    """
    if isinstance(fp, (str, bytes)):
        raise HistoryParseError(
            f"iter_hands() needs an open text file, not a {type(fp).__name__} (use loads_all())"
        )
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
    """``chips / scale`` for the file: exact unless no decimal can write it."""
    if isinstance(chips, Fraction) and chips.denominator != 1:
        value = chips / scale
        try:
            if Fraction(float(value)) == value:
                return float(value)
        except OverflowError:
            pass
    else:
        value = Fraction(int(chips), scale)
        if scale == 1:
            return value.numerator
    exact = _exact_decimal(value, _places(scale))
    if exact is None:  # e.g. a third of a chip: 28 significant digits
        return Decimal(value.numerator) / Decimal(value.denominator)
    return exact


def _places(scale: int) -> int:
    """``k`` when ``scale`` is ``10**k`` (amounts are written with ``k`` decimals), else 0."""
    places = 0
    while scale % 10 == 0:
        scale //= 10
        places += 1
    return places if scale == 1 else 0


def _exact_decimal(value: Fraction, places: int) -> Decimal | None:
    """``value`` as a Decimal with at least ``places`` decimals, exactly; ``None``
    when its decimal expansion does not end."""
    rest, twos, fives = value.denominator, 0, 0
    while rest % 2 == 0:
        rest, twos = rest // 2, twos + 1
    while rest % 5 == 0:
        rest, fives = rest // 5, fives + 1
    if rest != 1:
        return None
    places = max(places, twos, fives)
    sign, digits, _ = Decimal(value.numerator * 10**places // value.denominator).as_tuple()
    return Decimal((sign, digits, -places))


def format_entry(entry: Entry, *, scale: int = 1) -> str:
    """Write one entry as a PHH action string (the inverse of :func:`parse_action`).

    Args:
        entry: A deal, move or show.
        scale: Chips per unit of the file's amounts (an int, at least 1).

    Returns:
        E.g. ``"p2 cbr 300"`` or ``"d dh p1 AcKd"``.

    Raises:
        HistoryParseError: ``scale`` is not an int of at least 1.
    """
    if isinstance(scale, bool) or not isinstance(scale, int) or scale < 1:
        raise HistoryParseError(f"scale must be an int of at least 1, not {shown(scale)}")
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
        Amounts are exact (``int``, ``float`` or ``Decimal``), except a
        fraction of a chip that no decimal writes exactly (e.g. a third),
        which is given to 28 significant digits.
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
    if hand.boards != 1:
        doc[BOARDS_KEY] = hand.boards
    if hand.rake:
        doc[RAKE_KEY] = _number(hand.rake, scale)
    if hand.rake_rate is not None:
        doc[RAKE_RATE_KEY] = str(hand.rake_rate)
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
