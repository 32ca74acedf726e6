"""The compact wire form of what an isolated policy's process receives.

:class:`~pokerkit_core.players.isolation.IsolatedPolicy` sends each request as one
pickle of plain values: an :class:`~pokerkit_core.engine.observation.Observation`'s
fields and its new history events as ints, bytes (cards as their codes) and
tuples, chosen by each field's annotation (anything else goes as it is).
Only the policy's process unpickles it; nothing is ever unpickled from there.
"""

from __future__ import annotations

import copyreg
import dataclasses
import io
import operator
import pickle
from enum import Enum
from typing import TYPE_CHECKING, Any, Callable, Sequence

from ..engine import events
from ..engine.actions import Action, ActionKind, LegalActions
from ..evaluation.cards import CARDS, Card
from ..engine.observation import Observation
from ..engine.rules import BettingStructure, Street

__all__ = [
    "FIELD_COUNT",
    "HISTORY_AT",
    "changed_fields",
    "decode_events",
    "decode_fields",
    "encode_events",
    "encode_fields",
    "decode_observation",
    "pack",
    "patch_fields",
]


def _card(code: int) -> Card:
    return CARDS[code]


def _reduce_card(card: Card) -> tuple[Callable[[int], Card], tuple[int]]:
    return _card, (card.code,)


def _reduce_value(value: Any) -> tuple[type, tuple[Any, ...]]:
    return value.__class__, _INIT_FIELDS[value.__class__](value)


def _getter(names: Sequence[str]) -> Callable[[Any], tuple[Any, ...]]:
    if len(names) == 1:
        get = operator.attrgetter(names[0])
        return lambda value: (get(value),)
    return operator.attrgetter(*names)


def _init_names(cls: type) -> list[str]:
    """The constructor's arguments of a value class, in order: a dataclass's
    init fields, a NamedTuple's fields, or ``__match_args__`` (tuple-backed
    values such as :class:`~pokerkit_core.engine.actions.Action`)."""
    if dataclasses.is_dataclass(cls):
        return [f.name for f in dataclasses.fields(cls) if f.init]
    fields = getattr(cls, "_fields", None) or getattr(cls, "__match_args__", None) or ()
    return [str(name) for name in fields]


_INIT_FIELDS: dict[type, Callable[[Any], tuple[Any, ...]]] = {
    cls: _getter(_init_names(cls))
    for cls in (Action, LegalActions, *(getattr(events, name) for name in events.__all__[1:]))
}
# Frozen values pickled as ``cls(*fields)`` and cards as their codes: several
# times faster both ways than the default reduction of slotted dataclasses.
_DISPATCH: dict[type, Callable[[Any], Any]] = {
    **copyreg.dispatch_table,
    Card: _reduce_card,
    **{cls: _reduce_value for cls in _INIT_FIELDS},
}


def pack(message: object, *, plain: bool = False) -> bytes:
    """``message`` pickled (highest protocol), cards as their codes and frozen
    values as ``cls(*fields)``.

    Args:
        message: Any picklable value.
        plain: ``message`` holds only built-in values (the output of
            :func:`encode_fields` and :func:`encode_events` when every event
            was a known kind): pickle it with the C pickler as it is, faster.
    """
    if plain:
        return pickle.dumps(message, pickle.HIGHEST_PROTOCOL)
    buffer = io.BytesIO()
    pickler = pickle.Pickler(buffer, pickle.HIGHEST_PROTOCOL)
    pickler.dispatch_table = _DISPATCH
    pickler.dump(message)
    return buffer.getvalue()


_FIELDS = tuple(f.name for f in dataclasses.fields(Observation))
HISTORY_AT = _FIELDS.index("history")
_other_fields = operator.attrgetter(*(n for n in _FIELDS if n != "history"))

# -- the compact form: observation fields and events as plain ints, bytes and
# tuples, chosen by each field's annotation (anything else is sent as it is).
_code = operator.attrgetter("code")


def _enc_cards(cards: tuple[Card, ...]) -> bytes:
    return bytes(map(_code, cards))


def _dec_cards(codes: bytes) -> tuple[Card, ...]:
    return tuple(map(CARDS.__getitem__, codes))


def _enc_shown(shown: tuple[tuple[Card, ...] | None, ...]) -> tuple[bytes | None, ...]:
    return tuple(None if cards is None else bytes(map(_code, cards)) for cards in shown)


def _dec_shown(shown: tuple[bytes | None, ...]) -> tuple[tuple[Card, ...] | None, ...]:
    return tuple(None if codes is None else _dec_cards(codes) for codes in shown)


def _enum_codec(kind: type[Enum]) -> tuple[Callable[[Any], Any], Callable[[Any], Any]]:
    # ``_value_``, a plain attribute: ``value`` is a (slow) Python descriptor
    return operator.attrgetter("_value_"), {m.value: m for m in kind}.__getitem__


_legal_fields = _INIT_FIELDS[LegalActions]
_CODECS: dict[str, tuple[Callable[[Any], Any], Callable[[Any], Any]]] = {
    "tuple[Card, ...]": (_enc_cards, _dec_cards),
    "tuple[tuple[Card, ...] | None, ...]": (_enc_shown, _dec_shown),
    "tuple[tuple[Card, ...], ...]": (
        lambda boards: tuple(map(_enc_cards, boards)),
        lambda boards: tuple(map(_dec_cards, boards)),
    ),
    "LegalActions | None": (
        lambda legal: None if legal is None else _legal_fields(legal),
        lambda fields: None if fields is None else LegalActions(*fields),
    ),
    "Action": (lambda a: (a.kind._value_, a.to), lambda v: Action(ActionKind(v[0]), v[1])),
    "Street": _enum_codec(Street),
    "BettingStructure": _enum_codec(BettingStructure),
}


def _field_types(cls: type) -> list[tuple[str, str]]:
    """``(name, annotation text)`` of each constructor field of a value class
    (a dataclass, or a NamedTuple such as the events)."""
    if dataclasses.is_dataclass(cls):
        return [(f.name, str(f.type)) for f in dataclasses.fields(cls) if f.init]
    notes = getattr(cls, "__annotations__", {})
    return [(name, _annotation(notes.get(name, ""))) for name in _init_names(cls)]


def _annotation(note: object) -> str:
    """An annotation's text (a NamedTuple's are ``ForwardRef`` objects)."""
    return str(getattr(note, "__forward_arg__", note))


def _codecs_of(cls: type) -> tuple[tuple[int, Callable[[Any], Any], Callable[[Any], Any]], ...]:
    fields = [f for f in _field_types(cls) if f[0] != "history" or cls is not Observation]
    return tuple(
        (i, *_CODECS[kind]) for i, (_, kind) in enumerate(fields) if kind in _CODECS
    )


_OBSERVATION_CODECS = _codecs_of(Observation)
_EVENT_CLASSES = tuple(
    cls
    for cls in _INIT_FIELDS
    if cls not in (Action, LegalActions)
)
_EVENT_INDEX = {cls: i for i, cls in enumerate(_EVENT_CLASSES)}
_EVENT_CODECS = tuple(_codecs_of(cls) for cls in _EVENT_CLASSES)


def encode_fields(observation: Observation) -> list[Any]:
    """Every field of ``observation`` but ``history``, in field order, in the
    compact form (cards as bytes of codes, enums as values, actions and legal
    actions as tuples)."""
    values = list(_other_fields(observation))
    for i, encode, _ in _OBSERVATION_CODECS:
        values[i] = encode(values[i])
    return values


def decode_fields(values: list[Any]) -> list[Any]:
    """The fields :func:`encode_fields` encoded, decoded in place (returned)."""
    for i, _, decode in _OBSERVATION_CODECS:
        values[i] = decode(values[i])
    return values


_FIELD_DECODERS = {i: decode for i, _, decode in _OBSERVATION_CODECS}
FIELD_COUNT = len(_FIELDS) - 1
"""Number of fields :func:`encode_fields` returns."""


def changed_fields(fields: list[Any], before: list[Any]) -> tuple[tuple[int, Any], ...]:
    """``(index, value)`` of each encoded field that differs from ``before``
    (the fields sent last; every field when ``before`` is empty): within a
    hand most fields stay the same from one decision to the next."""
    if len(before) != len(fields):
        return tuple(enumerate(fields))
    return tuple(
        (i, value)
        for i, (value, old) in enumerate(zip(fields, before))
        if value.__class__ is not old.__class__ or value != old
    )


def patch_fields(fields: list[Any], changes: tuple[tuple[int, Any], ...]) -> None:
    """Apply :func:`changed_fields` output to decoded ``fields`` in place
    (decoding each new value).

    Raises:
        IndexError: An index outside the fields.
    """
    for i, value in changes:
        decode = _FIELD_DECODERS.get(i)
        fields[i] = value if decode is None else decode(value)


def encode_events(history: Sequence[Any]) -> tuple[Any, ...]:
    """Each event as ``(kind index, *fields)`` in the compact form (an event
    of a kind this module does not know: as it is; see :func:`encode_event`,
    the one event form)."""
    return tuple(map(encode_event, history))


_EVENT_ENCODERS: dict[type, tuple[int, tuple[tuple[int, Callable[[Any], Any]], ...]]] = {
    cls: (index, tuple((i + 1, encode) for i, encode, _ in _EVENT_CODECS[index]))
    for cls, index in _EVENT_INDEX.items()
}


def encode_event(event: Any) -> Any:
    """One event in the form :func:`encode_events` gives it (an event of a
    kind this module does not know: as it is)."""
    known = _EVENT_ENCODERS.get(event.__class__)
    if known is None:
        return event
    index, codecs = known
    if not codecs:
        return (index, *event)  # the events are NamedTuples of their fields
    values = [index, *event]
    for i, encode in codecs:
        values[i] = encode(values[i])
    return tuple(values)


def decode_events(encoded: tuple[Any, ...]) -> tuple[Any, ...]:
    """The events :func:`encode_events` encoded."""
    events_: list[Any] = []
    for item in encoded:
        if item.__class__ is not tuple:
            events_.append(item)
            continue
        index, *values = item
        for i, _, decode in _EVENT_CODECS[index]:
            values[i] = decode(values[i])
        events_.append(_EVENT_CLASSES[index](*values))
    return tuple(events_)


def decode_observation(fields: list[Any], history: tuple[Any, ...]) -> Observation:
    """The observation of decoded ``fields`` (from :func:`decode_fields`)
    and its whole ``history``."""
    return Observation(*fields[:HISTORY_AT], history, *fields[HISTORY_AT:])  # type: ignore[call-arg]

if not TYPE_CHECKING:  # the old names, for a while (hidden from type checkers)
    from .._deprecated import renamed

    __getattr__ = renamed(__name__, {"dumps": "pack", "rebuild": "decode_observation"})
