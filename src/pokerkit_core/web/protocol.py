"""Checks of everything a browser sends: WebSocket messages and HTTP bodies.

A browser is hostile input.  Every message is read here into a small frozen
value before anything else looks at it; anything else raises
:class:`ProtocolError` with a code and a message the client is sent back
(``docs/web.rst``, "Error codes").  Nothing here touches a room, so a refused
message changes nothing.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from typing import Any, Mapping

from ..errors import PokerError
from .limits import (
    AI_LEVELS,
    CHAT_CHARS,
    MAX_DECISION_SECONDS,
    MAX_MISSED_TURNS,
    MAX_TIME_BANK_SECONDS,
    MAX_PAUSE_SECONDS,
    MESSAGE_BYTES,
    MIN_DECISION_SECONDS,
    NAME_CHARS,
    REBUY_MODES,
    RETURN_RULES,
    ROOM_NAME_CHARS,
    RUN_IT_TWICE_MODES,
)

__all__ = [
    "ProtocolError",
    "Hello",
    "ActionMessage",
    "SeatMessage",
    "Ping",
    "ChatMessage",
    "ChipsMessage",
    "TwiceMessage",
    "HostRequest",
    "HOST_ACTIONS",
    "read_host_request",
    "Message",
    "SeatRequest",
    "RoomRequest",
    "JoinRequest",
    "MatchRequest",
    "read_message",
    "read_json",
    "read_room_request",
    "read_join_request",
    "read_close_request",
    "read_match_request",
    "ROOM_KINDS",
    "SITNGO_MODES",
]

ROOM_KINDS: tuple[str, ...] = ("cash", "sitngo", "acpc")
"""Kinds of room the lobby creates (docs/rules.rst sections 3-5)."""

SITNGO_MODES: tuple[str, ...] = ("nolimit", "headsup", "fixedlimit")
"""The sit-and-go modes (:class:`~pokerkit_core.tables.tournament.TournamentMode` values)."""

_BETTING = ("no-limit", "fixed-limit")
_ANTE_RULES = ("every-seat", "big-blind", "button")
_PLAYERS = ("human", "ai", "empty")


class ProtocolError(PokerError, ValueError):
    """A browser message or request that the server refuses.

    Attributes:
        code: Machine-readable reason, one of the codes of ``docs/web.rst``
            (``bad_json``, ``too_large``, ``bad_message``, ``not_your_turn``,
            ...).
        message: What was wrong, in words, for the person.
        status: HTTP status to answer with (400 unless said otherwise).
        retry_after: Whole seconds after which the same request may succeed
            (sent as the ``Retry-After`` header); ``None``: not said.
    """

    def __init__(self, code: str, message: str, status: int = 400,
                 retry_after: int | None = None) -> None:
        super().__init__(code, message, status, retry_after)
        self.code, self.message, self.status = code, message, status
        self.retry_after = retry_after

    def __str__(self) -> str:
        return f"{self.code}: {self.message}"


@dataclass(frozen=True, slots=True)
class Hello:
    """``{"type": "hello", "token": ...}``: play a seat (token) or watch (``None``)."""

    token: str | None


@dataclass(frozen=True, slots=True)
class ActionMessage:
    """``{"type": "action", "hand": n, "action": "r 300"}``.

    Attributes:
        hand: Hand number the action is for (1-based).
        action: The action's text form (parsed against the legal actions later).
    """

    hand: int
    action: str


@dataclass(frozen=True, slots=True)
class SeatMessage:
    """``{"type": "sit_out"}`` or ``{"type": "sit_in"}``; ``sit_out`` is True for the first."""

    sit_out: bool


@dataclass(frozen=True, slots=True)
class Ping:
    """``{"type": "ping"}``."""


@dataclass(frozen=True, slots=True)
class ChatMessage:
    """``{"type": "chat", "text": "..."}``: a line of table chat (1 to
    :data:`~.limits.CHAT_CHARS` printable characters)."""

    text: str


@dataclass(frozen=True, slots=True)
class ChipsMessage:
    """``{"type": "chips", "chips": n}``: a rebuy or top-up of ``chips``
    (1 to 10**12) at the seat, from the next hand."""

    chips: int


@dataclass(frozen=True, slots=True)
class TwiceMessage:
    """``{"type": "run_twice", "agree": true}``: the seat's answer to the
    run-it-twice question asked at an all-in (rooms whose option is ``ask``)."""

    agree: bool


Message = Hello | ActionMessage | SeatMessage | Ping | ChatMessage | ChipsMessage | TwiceMessage


def _fail(message: str, code: str = "bad_message") -> ProtocolError:
    return ProtocolError(code, message)


def _no_constant(name: str) -> Any:
    raise _fail(f"{name} is not JSON", "bad_json")


def read_json(raw: str | bytes, limit: int) -> Any:
    """Parse one JSON document of at most ``limit`` bytes.

    Args:
        raw: The text or bytes received.
        limit: Most bytes accepted.

    Returns:
        The parsed value (NaN and infinities refused).

    Raises:
        ProtocolError: ``too_large`` over ``limit`` bytes (status 413),
            ``bad_json`` not UTF-8 or not JSON.
    """
    size = len(raw.encode("utf-8", "surrogatepass")) if isinstance(raw, str) else len(raw)
    if size > limit:
        raise ProtocolError("too_large", f"message of {size} bytes; at most {limit}", 413)
    try:
        return json.loads(raw, parse_constant=_no_constant)
    except ProtocolError:
        raise
    except (ValueError, RecursionError) as exc:
        raise _fail(f"not JSON: {exc}", "bad_json") from None


def _fields(data: object, where: str, required: tuple[str, ...], optional: tuple[str, ...] = ()) -> Mapping[str, Any]:
    if not isinstance(data, dict):
        raise _fail(f"{where} must be a JSON object, got {type(data).__name__}", "bad_json")
    missing = [k for k in required if k not in data]
    if missing:
        raise _fail(f"{where}: missing field {missing[0]!r}")
    extra = sorted(k for k in data if k not in required and k not in optional)
    if extra:
        allowed = ", ".join(repr(k) for k in (*required, *optional))
        raise _fail(f"{where}: unknown field {extra[0]!r} (fields: {allowed})")
    return data


def _checked_int(value: object, name: str, low: int, high: int) -> int:
    if value.__class__ is not int or not isinstance(value, int):  # bools refused
        raise _fail(f"{name} must be an integer, got {json.dumps(value)[:40]}")
    if not low <= value <= high:
        raise _fail(f"{name} must be from {low:,} to {high:,}, got {value:,}")
    return value


def _int(data: Mapping[str, Any], key: str, where: str, low: int, high: int) -> int:
    return _checked_int(data[key], f"{where}.{key}", low, high)


def _opt_int(data: Mapping[str, Any], key: str, where: str, low: int, high: int) -> int | None:
    if data.get(key) is None:
        return None
    return _int(data, key, where, low, high)


def _number(data: Mapping[str, Any], key: str, where: str, low: float, high: float) -> float:
    value = data[key]
    if value.__class__ not in (int, float) or not math.isfinite(value):
        raise _fail(f"{where}.{key} must be a number, got {json.dumps(value)[:40]}")
    if not low <= value <= high:
        raise _fail(f"{where}.{key} must be from {low:g} to {high:g}, got {value:g}")
    return float(value)


def _text(data: Mapping[str, Any], key: str, where: str, most: int) -> str:
    value = data[key]
    if not isinstance(value, str):
        raise _fail(f"{where}.{key} must be a string, got {json.dumps(value)[:40]}")
    value = value.strip()
    if not 1 <= len(value) <= most or not value.isprintable():
        raise _fail(f"{where}.{key} must be 1 to {most} printable characters")
    return value


def _choice(data: Mapping[str, Any], key: str, where: str, choices: tuple[str, ...]) -> str:
    value = data[key]
    if value not in choices or not isinstance(value, str):
        raise _fail(f"{where}.{key} must be one of {', '.join(map(repr, choices))}, got {json.dumps(value)[:40]}")
    return str(value)


def _bool(data: Mapping[str, Any], key: str, where: str) -> bool:
    value = data[key]
    if value is not True and value is not False:
        raise _fail(f"{where}.{key} must be true or false")
    return bool(value)


def read_message(raw: str | bytes) -> Message:
    """Read one WebSocket message of a client (``docs/web.rst``).

    Args:
        raw: The message as received.

    Returns:
        A :class:`Hello`, :class:`ActionMessage`, :class:`SeatMessage` or
        :class:`Ping`.

    Raises:
        ProtocolError: ``too_large`` over :data:`~.limits.MESSAGE_BYTES`,
            ``bad_json`` not a JSON object, ``bad_message`` an unknown
            ``type`` or a missing, extra or mistyped field.
    """
    data = read_json(raw, MESSAGE_BYTES)
    if not isinstance(data, dict):
        raise _fail(f"a message is a JSON object, got {type(data).__name__}", "bad_json")
    kind = data.get("type")
    if kind == "hello":
        fields = _fields(data, "hello", ("type",), ("token",))
        token = fields.get("token")
        if token is not None and (not isinstance(token, str) or not 1 <= len(token) <= 128):
            raise _fail("hello.token must be a seat's token (a string) or null")
        return Hello(token)
    if kind == "action":
        fields = _fields(data, "action", ("type", "hand", "action"))
        hand = _int(fields, "hand", "action", 1, 10**9)
        text = fields["action"]
        if not isinstance(text, str) or not 1 <= len(text) <= 40:
            raise _fail('action.action must be an action text such as "c" or "r 300"')
        return ActionMessage(hand, text)
    if kind in ("sit_out", "sit_in"):
        _fields(data, str(kind), ("type",))
        return SeatMessage(kind == "sit_out")
    if kind == "ping":
        _fields(data, "ping", ("type",))
        return Ping()
    if kind == "chat":
        fields = _fields(data, "chat", ("type", "text"))
        return ChatMessage(_text(fields, "text", "chat", CHAT_CHARS))
    if kind == "chips":
        fields = _fields(data, "chips", ("type", "chips"))
        return ChipsMessage(_int(fields, "chips", "chips", 1, _CHIPS))
    if kind == "run_twice":
        fields = _fields(data, "run_twice", ("type", "agree"))
        return TwiceMessage(_bool(fields, "agree", "run_twice"))
    raise _fail(
        f"unknown message type {json.dumps(kind)[:40]}: one of 'hello', 'action', "
        "'sit_out', 'sit_in', 'ping', 'chat', 'chips', 'run_twice'"
    )


@dataclass(frozen=True, slots=True)
class SeatRequest:
    """One seat of a room request: ``player`` is human, ai or empty; ``level`` for ai."""

    player: str
    level: str | None = None


@dataclass(frozen=True, slots=True)
class JoinRequest:
    """``{"seat": n, "name": "..."}``: take a seat (``seat`` None: the first open one)."""

    seat: int | None
    name: str


@dataclass(frozen=True, slots=True)
class RoomRequest:
    """A checked ``POST /api/rooms`` body; fields as ``docs/web.rst`` lists them.

    Amounts are chips; ``max_minutes`` and the ``*_seconds`` fields are
    minutes and seconds.  Rule checks (blinds against stacks, straddles) are
    the engine's, when the room's table is built.
    """

    kind: str
    name: str
    seats: tuple[SeatRequest, ...]
    stacks: tuple[int, ...] | None = None
    small_blind: int = 50
    big_blind: int = 100
    ante: int = 0
    ante_rule: str = "every-seat"
    straddles: int = 0
    run_it_twice: str = "never"
    betting: str = "no-limit"
    max_hands: int | None = None
    max_minutes: float | None = None
    mode: str = "nolimit"
    decision_seconds: float = 30.0
    pause_seconds: float = 3.0
    seed: int | None = None
    sit: JoinRequest | None = None
    rebuy: str = "free"
    max_buy_in: int | None = None
    seat_approval: bool = False
    missed_turns: int = 0
    return_rule: str = "wait"
    time_bank_seconds: float = 0.0


_ROOM_FIELDS = (
    "name", "seats", "stack", "stacks", "small_blind", "big_blind", "ante", "ante_rule",
    "straddles", "run_it_twice", "betting", "max_hands", "max_minutes", "mode",
    "decision_seconds", "pause_seconds", "seed", "sit", "rebuy", "max_buy_in",
    "seat_approval", "missed_turns", "return_rule", "time_bank_seconds",
)
_CHIPS = 10**12


def read_join_request(data: object, where: str = "join") -> JoinRequest:
    """Read a join body (``{"seat": 1, "name": "Bob"}``).

    Raises:
        ProtocolError: ``bad_message`` for a missing, extra or mistyped field.
    """
    fields = _fields(data, where, ("name",), ("seat",))
    return JoinRequest(_opt_int(fields, "seat", where, 0, 9), _text(fields, "name", where, NAME_CHARS))


def read_close_request(data: object) -> str:
    """Read a ``POST /api/rooms/{id}/close`` body (``{"token": owner_token}``).

    Returns:
        The token given.

    Raises:
        ProtocolError: ``bad_message`` for a missing, extra or mistyped field.
    """
    fields = _fields(data, "close", ("token",), ())
    token = fields["token"]
    if not isinstance(token, str) or not 1 <= len(token) <= 128:
        raise _fail("close.token must be the room's owner_token (a string)")
    return token


def _seat(data: object, where: str) -> SeatRequest:
    fields = _fields(data, where, ("player",), ("level",))
    player = _choice(fields, "player", where, _PLAYERS)
    if player == "ai":
        level = _choice(fields, "level", where, AI_LEVELS) if "level" in fields else "normal"
        return SeatRequest("ai", level)
    if fields.get("level") is not None:
        raise _fail(f"{where}.level is for an ai seat only")
    return SeatRequest(player)


def _ints(data: Mapping[str, Any], key: str, where: str, low: int, most: int) -> tuple[int, ...]:
    values = data[key]
    if not isinstance(values, list) or len(values) > most:
        raise _fail(f"{where} must be a list of at most {most} integers")
    return tuple(
        _checked_int(v, f"{where}[{i}]", low, _CHIPS) for i, v in enumerate(values)
    )


def read_room_request(data: object) -> RoomRequest:
    """Read a ``POST /api/rooms`` body.

    Args:
        data: The parsed JSON body.

    Returns:
        The request, each field checked for type and range.

    Raises:
        ProtocolError: ``bad_message`` naming the first field that is
            missing, unknown, of the wrong type or out of range (seats 2 to
            10, names 1-40 characters, times within the limits of
            :mod:`~.limits`).
    """
    fields = _fields(data, "room", ("kind",), _ROOM_FIELDS)
    kind = _choice(fields, "kind", "room", ROOM_KINDS)
    name = _text(fields, "name", "room", ROOM_NAME_CHARS) if "name" in fields else f"{kind} table"
    raw_seats = fields.get("seats")
    if raw_seats is None:
        raw_seats = [{"player": "human"}, {"player": "ai", "level": "normal"}]
    if not isinstance(raw_seats, list) or not 2 <= len(raw_seats) <= 10:
        raise _fail("room.seats must be a list of 2 to 10 seats")
    seats = tuple(_seat(s, f"room.seats[{i}]") for i, s in enumerate(raw_seats))
    stacks: tuple[int, ...] | None = None
    if "stacks" in fields and "stack" in fields:
        raise _fail("room: give stack or stacks, not both")
    if "stacks" in fields:
        stacks = _ints(fields, "stacks", "room.stacks", 0, 10)
        if len(stacks) != len(seats):
            raise _fail(f"room.stacks has {len(stacks)} entries for {len(seats)} seats")
    elif "stack" in fields:
        stacks = (_int(fields, "stack", "room", 1, _CHIPS),) * len(seats)
    out: dict[str, Any] = {"kind": kind, "name": name, "seats": seats, "stacks": stacks}
    for key in ("small_blind", "big_blind", "ante"):
        if key in fields:
            out[key] = _int(fields, key, "room", 0, _CHIPS)
    if "ante_rule" in fields:
        out["ante_rule"] = _choice(fields, "ante_rule", "room", _ANTE_RULES)
    if "straddles" in fields:
        out["straddles"] = _int(fields, "straddles", "room", 0, 8)
    if "run_it_twice" in fields:  # true / false: always / never (protocol 1)
        twice = fields["run_it_twice"]
        if twice is True or twice is False:
            out["run_it_twice"] = "always" if twice else "never"
        else:
            out["run_it_twice"] = _choice(fields, "run_it_twice", "room", RUN_IT_TWICE_MODES)
    if "rebuy" in fields:
        out["rebuy"] = _choice(fields, "rebuy", "room", REBUY_MODES)
    out["max_buy_in"] = _opt_int(fields, "max_buy_in", "room", 1, _CHIPS)
    if "seat_approval" in fields:
        out["seat_approval"] = _bool(fields, "seat_approval", "room")
    if "missed_turns" in fields:
        out["missed_turns"] = _int(fields, "missed_turns", "room", 0, MAX_MISSED_TURNS)
    if "return_rule" in fields:
        out["return_rule"] = _choice(fields, "return_rule", "room", RETURN_RULES)
    if "time_bank_seconds" in fields:
        out["time_bank_seconds"] = _number(fields, "time_bank_seconds", "room", 0, MAX_TIME_BANK_SECONDS)
    if "betting" in fields:
        out["betting"] = _choice(fields, "betting", "room", _BETTING)
    out["max_hands"] = _opt_int(fields, "max_hands", "room", 1, 10**6)
    if fields.get("max_minutes") is not None:
        out["max_minutes"] = _number(fields, "max_minutes", "room", 0.1, 7 * 24 * 60)
    if "mode" in fields:
        out["mode"] = _choice(fields, "mode", "room", SITNGO_MODES)
    if "decision_seconds" in fields:
        out["decision_seconds"] = _number(
            fields, "decision_seconds", "room", MIN_DECISION_SECONDS, MAX_DECISION_SECONDS
        )
    if "pause_seconds" in fields:
        out["pause_seconds"] = _number(fields, "pause_seconds", "room", 0, MAX_PAUSE_SECONDS)
    out["seed"] = _opt_int(fields, "seed", "room", -(2**62), 2**62)
    if fields.get("sit") is not None:
        out["sit"] = read_join_request(fields["sit"], "room.sit")
    return RoomRequest(**out)


HOST_ACTIONS: tuple[str, ...] = (
    "pause", "resume", "blinds", "seat", "rebuy", "chips", "kick", "transfer", "close",
)
"""What the host of a room may do (``POST /api/rooms/{id}/host``)."""


@dataclass(frozen=True, slots=True)
class HostRequest:
    """A checked ``POST /api/rooms/{id}/host`` body.

    Attributes:
        token: The room's owner token (checked by the lobby).
        action: One of :data:`HOST_ACTIONS`.
        seat: The seat concerned (``seat``, ``rebuy``, ``chips``, ``kick``,
            ``transfer``).
        approve: Accept (``True``) or refuse a seat or rebuy request.
        chips: Chips added (positive) or taken away (negative), ``chips``.
        blinds: ``(small blind, big blind, ante)`` in chips, ``blinds``.
    """

    token: str
    action: str
    seat: int | None = None
    approve: bool = True
    chips: int = 0
    blinds: tuple[int, int, int] | None = None


def read_host_request(data: object) -> HostRequest:
    """Read a ``POST /api/rooms/{id}/host`` body, e.g.
    ``{"token": t, "action": "chips", "seat": 2, "chips": -500}``.

    Raises:
        ProtocolError: ``bad_message`` for a missing, extra, mistyped or
            out-of-range field, or a field the action does not take.
    """
    fields = _fields(data, "host", ("token", "action"),
                     ("seat", "approve", "chips", "small_blind", "big_blind", "ante"))
    token = fields["token"]
    if not isinstance(token, str) or not 1 <= len(token) <= 128:
        raise _fail("host.token must be the room's owner_token (a string)")
    action = _choice(fields, "action", "host", HOST_ACTIONS)
    needs_seat = action in ("seat", "rebuy", "chips", "kick", "transfer")
    allowed = {"token", "action"}
    if needs_seat:
        allowed.add("seat")
    if action in ("seat", "rebuy"):
        allowed.add("approve")
    if action == "chips":
        allowed.add("chips")
    if action == "blinds":
        allowed.update(("small_blind", "big_blind", "ante"))
    extra = sorted(set(fields) - allowed)
    if extra:
        raise _fail(f"host.{extra[0]} is not a field of the {action!r} action")
    seat = _int(fields, "seat", "host", 0, 9) if needs_seat and "seat" in fields else None
    if needs_seat and seat is None:
        raise _fail(f"host: missing field 'seat' (the {action!r} action needs it)")
    approve = _bool(fields, "approve", "host") if "approve" in fields else True
    chips = 0
    if action == "chips":
        if "chips" not in fields:
            raise _fail("host: missing field 'chips'")
        chips = _int(fields, "chips", "host", -_CHIPS, _CHIPS)
        if chips == 0:
            raise _fail("host.chips must not be 0")
    blinds = None
    if action == "blinds":
        for key in ("small_blind", "big_blind"):
            if key not in fields:
                raise _fail(f"host: missing field {key!r}")
        blinds = (_int(fields, "small_blind", "host", 0, _CHIPS),
                  _int(fields, "big_blind", "host", 1, _CHIPS),
                  _int(fields, "ante", "host", 0, _CHIPS) if "ante" in fields else 0)
    return HostRequest(token, action, seat, approve, chips, blinds)


@dataclass(frozen=True, slots=True)
class MatchRequest:
    """A checked ``POST /api/matches`` body: two policy names, hands, seed."""

    players: tuple[str, str]
    hands: int
    seed: int


def read_match_request(data: object, policies: tuple[str, ...], low: int, high: int) -> MatchRequest:
    """Read a ``POST /api/matches`` body.

    Args:
        data: The parsed JSON body.
        policies: Names of the installed policies.
        low: Fewest hands.
        high: Most hands.

    Raises:
        ProtocolError: ``bad_message`` naming the wrong field.
    """
    fields = _fields(data, "match", ("players",), ("hands", "seed"))
    players = fields["players"]
    if not isinstance(players, list) or len(players) != 2:
        raise _fail("match.players must be a list of two policy names")
    for i, name in enumerate(players):
        _choice({"p": name}, "p", f"match.players[{i}]", policies)
    hands = _int(fields, "hands", "match", low, high) if "hands" in fields else 1000
    seed = _int(fields, "seed", "match", 0, 2**62) if "seed" in fields else 1
    return MatchRequest((players[0], players[1]), hands, seed)
