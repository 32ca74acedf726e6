"""The JSON field readers of :mod:`pokerkit_core.formats.serialize`: each reads one
JSON value at a path (``"config.stacks[3]"``) and returns the library's value
or raises :class:`~pokerkit_core.errors.SerializationError` naming the path.

References:
    docs/serialization.rst (the schema).
"""

from __future__ import annotations

import dataclasses
import re
from enum import Enum
from fractions import Fraction
from typing import Any, Callable, Mapping

from ..engine.actions import Action
from ..evaluation.cards import CARDS, Card
from ..errors import PokerError, SerializationError, shown
from ..engine.rake import RakeSplit
from ..engine.rules import AUTO, MAX_CHIPS, GameConfig, Street

__all__ = ["Decoder"]

_MAX_DEPTH = 4  # serialize.MAX_DEPTH: deepest arrays in a config field
_MAX_ITEMS = 100_000  # longest array in a document (HandRecord lists stay below)

Decoder = Callable[[Any, str], Any]
"""Reads one JSON value at a path (``"config.stacks[3]"``) or raises SerializationError."""

_STREET_NAMES = {street: street.name.lower() for street in Street}
_STREET_OF = {name: street for street, name in _STREET_NAMES.items()}


def _fail(path: str, reason: str) -> SerializationError:
    return SerializationError(path, reason)


def _at(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


# ----------------------------------------------------------- field decoders
def _int(value: Any, path: str) -> int:
    if value.__class__ is not int:
        raise _fail(path, f"expected an integer, got {shown(value, 40)}")
    return value


def _nat(value: Any, path: str) -> int:
    if value.__class__ is not int or not 0 <= value <= 2 * MAX_CHIPS:
        raise _fail(path, f"expected an integer from 0 to {2 * MAX_CHIPS:,}, got {shown(value, 40)}")
    return value


def _signed(value: Any, path: str) -> int | Fraction:
    """A net result: an int or a fraction string, either sign."""
    if value.__class__ is int:
        if abs(value) > 2 * MAX_CHIPS:
            raise _fail(path, f"{shown(value, 40)} is out of range")
        return value
    return _fraction(value, path, signed=True)


_FRACTION_RE = re.compile(r"(-?)([0-9]{1,40})/([0-9]{1,40})")


def _fraction(value: Any, path: str, signed: bool = False) -> Fraction:
    match = _FRACTION_RE.fullmatch(value) if value.__class__ is str else None
    if match is None or (match.group(1) and not signed) or int(match.group(3)) == 0:
        raise _fail(path, f"expected an integer or a fraction such as \"1/2\", got {shown(value, 40)}")
    return Fraction(int(match.group(1) + match.group(2)), int(match.group(3)))


def _chips(value: Any, path: str) -> int | Fraction:
    """Chips: an int >= 0, or a fraction string (an exact split)."""
    if value.__class__ is int:
        return _nat(value, path)
    return _fraction(value, path)


def _bool(value: Any, path: str) -> bool:
    if value.__class__ is not bool:
        raise _fail(path, f"expected true or false, got {shown(value, 40)}")
    return value


def _str(value: Any, path: str) -> str:
    if value.__class__ is not str or len(value) > 200:
        raise _fail(path, f"expected text (at most 200 characters), got {shown(value, 40)}")
    return value


_CARD_OF = {str(card): card for card in CARDS}
_CARD_TEXT = tuple(str(card) for card in CARDS)


def _card(value: Any, path: str) -> Card:
    card = _CARD_OF.get(value) if value.__class__ is str else None
    if card is None:
        raise _fail(path, f"expected a card such as \"As\", got {shown(value, 40)}")
    return card


def _cards(value: Any, path: str) -> tuple[Card, ...]:
    if value.__class__ is not list or len(value) > 52:
        raise _fail(path, f"expected an array of cards, got {shown(value, 40)}")
    try:
        cards = tuple([_CARD_OF[item] for item in value])
        if len(set(value)) == len(value):
            return cards
    except (KeyError, TypeError):
        pass
    seen: set[Card] = set()
    for i, item in enumerate(value):
        card = _card(item, f"{path}[{i}]")
        if card in seen:
            raise _fail(f"{path}[{i}]", f"card {card} given twice")
        seen.add(card)
    raise AssertionError("unreachable")  # pragma: no cover


def _array(item: Decoder) -> Decoder:
    def decode(value: Any, path: str) -> tuple[Any, ...]:
        if value.__class__ is not list or len(value) > _MAX_ITEMS:
            raise _fail(path, f"expected an array, got {shown(value, 40)}")
        return tuple([item(v, f"{path}[{i}]") for i, v in enumerate(value)])

    return decode


def _optional(inner: Decoder) -> Decoder:
    def decode(value: Any, path: str) -> Any:
        return None if value is None else inner(value, path)

    return decode


def _enum(cls: type[Enum]) -> Decoder:
    members = {member.value: member for member in cls}

    def decode(value: Any, path: str) -> Any:
        member = members.get(value) if value.__class__ is str else None
        if member is None:
            raise _fail(path, f"expected one of {', '.join(map(str, members))}, got {shown(value, 40)}")
        return member

    return decode


def _street(value: Any, path: str) -> Street:
    street = _STREET_OF.get(value) if value.__class__ is str else None
    if street is None:
        raise _fail(path, f"expected one of {', '.join(_STREET_OF)}, got {shown(value, 40)}")
    return street


_ACTION_OF: dict[str, Action] = {}


def _action(value: Any, path: str) -> Action:
    action = _ACTION_OF.get(value) if value.__class__ is str else None
    if action is not None:
        return action
    if value.__class__ is not str:
        raise _fail(path, f"expected an action such as \"r 300\", got {shown(value, 40)}")
    try:
        action = Action.parse(value)
    except PokerError as exc:
        raise _fail(path, str(exc)) from None
    if str(action) != value:
        raise _fail(path, f"write the action as {str(action)!r}, not {shown(value, 40)}")
    if len(_ACTION_OF) < 4096:
        _ACTION_OF[value] = action
    return action


_ALLOWED: dict[tuple[str, ...], frozenset[str]] = {}  # a document kind's keys, by its field names


def _no_extra(data: Mapping[str, Any], names: tuple[str, ...], path: str) -> None:
    # every key, not only when there are too many: an optional field left out
    # must not make room for an unknown one (one set comparison in the usual case)
    allowed = _ALLOWED.get(names)
    if allowed is None:
        allowed = _ALLOWED[names] = frozenset(names).union(("type", "version"))
    if not data.keys() <= allowed:
        for key in data:
            if key not in allowed:
                raise _fail(_at(path, str(key)), "unknown field")


# Fields whose value can be derived (AUTO seats, default bet sizes): the JSON
# holds the value in force and lists the derived ones under "derived", so a
# restored config moves its blinds with the button as the original does.
_DERIVABLE = ("small_blind_seat", "big_blind_seat", "small_bet", "big_bet")
_DERIVED_INPUT = {"small_blind_seat": AUTO, "big_blind_seat": AUTO, "small_bet": None, "big_bet": None}


_CONFIG_FIELDS: dict[str, dataclasses.Field[Any]] = {
    f.name: f for f in dataclasses.fields(GameConfig) if f.init and not f.name.startswith("_")
}


_OPTIONAL_CONFIG_FIELDS: dict[str, Any] = {
    "rake_rate": Fraction(0), "rake_cap": None, "rake_caps": (), "no_flop_no_drop": True,
    "straddle_seat": None, "rake_split": RakeSplit.PROPORTIONAL,
}
"""Config fields written only when they differ from their default (the rake
and the straddle seat, newer than the format), and taken as the default when a document leaves them
out."""


def _config_value(value: Any, path: str, default: Any, depth: int = 0) -> Any:
    """A config field from JSON, typed by the field's default."""
    if isinstance(default, Enum):
        return _enum(type(default))(value, path)
    if value is None or value.__class__ in (int, bool, str):
        if value.__class__ is int and abs(value) > 2 * MAX_CHIPS:
            raise _fail(path, f"{shown(value, 40)} is out of range")
        return value
    if value.__class__ is list:
        if len(value) > 64 or depth >= _MAX_DEPTH:
            raise _fail(path, "array too long or nested too deep")
        return tuple(_config_value(v, f"{path}[{i}]", None, depth + 1) for i, v in enumerate(value))
    raise _fail(path, f"expected a number, text, true/false, null or an array, got {shown(value, 40)}")


_CONFIG_KEY_NAMES = ("type", *_CONFIG_FIELDS, "derived")  # every key of a config object
_CONFIG_REQUIRED_KEY_NAMES = tuple(name for name in _CONFIG_KEY_NAMES if name not in _OPTIONAL_CONFIG_FIELDS)


def _config_key(data: Mapping[str, Any]) -> str | None:
    """A key of config JSON, the same whatever the order of its keys: the
    ``repr`` of its values in field order, which tells JSON's types apart
    (``1``, ``1.0``, ``true``, ``"1"``; an array from a tuple); ``None`` if a
    key is missing or extra."""
    if len(data) == len(_CONFIG_KEY_NAMES):  # every field written
        names = _CONFIG_KEY_NAMES
    elif len(data) == len(_CONFIG_REQUIRED_KEY_NAMES):  # none of the optional ones (no rake): the common case
        names = _CONFIG_REQUIRED_KEY_NAMES
    else:  # some fields left at their default left out
        names = tuple(name for name in _CONFIG_KEY_NAMES if name not in _OPTIONAL_CONFIG_FIELDS or name in data)
        if len(data) != len(names):
            return None
    try:
        return repr((names, list(map(data.__getitem__, names))))
    except Exception:  # a key missing; arrays nested absurdly deep; a non-JSON value given
        return None  # to from_dict whose repr fails: the builder names what is wrong


def _build_config(data: Mapping[str, Any], path: str) -> GameConfig:
    fields = _CONFIG_FIELDS
    names = tuple(fields) + ("derived",)
    _no_extra(data, names, path)
    derived = data.get("derived", [])
    if derived.__class__ is not list or any(name not in _DERIVABLE for name in derived):
        raise _fail(_at(path, "derived"), f"expected an array of names from {', '.join(_DERIVABLE)}")
    kwargs: dict[str, Any] = {}
    for name, field in fields.items():
        where = _at(path, name)
        if name not in data:
            if name in _OPTIONAL_CONFIG_FIELDS:
                continue
            raise _fail(where, "missing")
        default = field.default if field.default is not dataclasses.MISSING else None
        kwargs[name] = _config_value(data[name], where, default)
    for name in derived:
        kwargs[name] = _DERIVED_INPUT[name]
    try:
        config = GameConfig(**kwargs)
    except PokerError as exc:
        raise _fail(_config_path(path, str(exc)), str(exc)) from None
    for name in derived:
        if getattr(config, name) != data[name]:
            raise _fail(_at(path, name), f"is {shown(data[name], 40)} but derives as {getattr(config, name)}")
    return config


_FIELD_AT_START = re.compile(r"([a-z_]+(?:\[[0-9]+\])?)")


def _config_path(path: str, message: str) -> str:
    """The config field a constructor's message starts with (``stacks[3] must be ...``)."""
    match = _FIELD_AT_START.match(message)
    if match is not None and match.group(1).split("[")[0] in _CONFIG_FIELDS:
        return _at(path, match.group(1))
    return path or "config"
