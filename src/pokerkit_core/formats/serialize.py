"""JSON for every value: ``to_dict``, ``from_dict``, ``dumps``, ``loads``.

Every value of the library has one JSON form, readable without this library:
cards are text (``"As"``), actions their text form (``"r 300"``), amounts
integers (an exact split's share under ``OddChipRule.EXACT`` a fraction
string such as ``"1/2"``), enums their text value, tuples JSON arrays.  A
document is an object ``{"type": "<Type>", "version": 1, ...fields}``; values
nested in it carry their ``"type"`` but no ``"version"``.  The layout of each
type is on the documentation's *Serialization* page.

>>> from pokerkit_core import GameConfig, Raise, act, deal
>>> state = act(deal(GameConfig.no_limit(players=2, stack=1_000), seed=7), Raise(300))
>>> loads(dumps(state)).stacks == state.stacks
True
>>> to_dict(Raise(300))
{'type': 'Action', 'version': 1, 'action': 'r 300'}

A :class:`~pokerkit_core.engine.state.HandState` is stored as its config, the whole
deal order, the actions and the voluntary shows, and is rebuilt by replaying
them through :func:`~pokerkit_core.engine.state.deal` and
:func:`~pokerkit_core.engine.state.act`: a document can describe only a hand the
rules allow.  Its public fields (street, board, stacks, ...) are written too,
for readers in other languages, and checked against the replay.

Bad input raises :class:`~pokerkit_core.errors.SerializationError` naming
the place (``"config.stacks[3]"``), and nothing else; input is bounded
(:data:`MAX_TEXT` characters, :data:`MAX_DEPTH` levels).

A :class:`~pokerkit_core.tables.session.TableSession` is stored as its snapshot
(:meth:`~pokerkit_core.tables.session.TableSession.snapshot`, the records' states as
``HandState`` objects); policies have no JSON form, so reading it needs them
again: ``loads(text, players=[...])``.

Each type's form is one entry of a registry keyed by type tag
(:func:`register`): a new value type adds an entry.  That entry is the one
home of the type's layout: :func:`to_dict` builds the data from it directly,
:func:`dumps` is that data in compact JSON, and :func:`loads` is
:func:`json.loads` then :func:`from_dict`, which reads an object's keys in
any order (a client in another language writes its own) at the same cost.

References:
    docs/serialization.rst (the schema); docs/rules.rst section 2 (deal order).
"""

from __future__ import annotations

import dataclasses
import json
from enum import Enum
from fractions import Fraction
from typing import Any, Callable, Mapping, Sequence

from ..engine.actions import Action, LegalActions
from ..evaluation.cards import CARDS, Card
from ..errors import InvalidConfigError, PokerError, SerializationError, shown
from ..engine.events import (
    ActionTaken,
    BlindPosted,
    BoardDealt,
    HandMucked,
    HandShown,
    HoleCardsDealt,
    PotAwarded,
    UncalledBetReturned,
    RakeTaken,
)
from ..engine.observation import Observation
from ..engine.pots import Pot
from ..engine.positions import Positions
from ..engine.rules import BettingStructure, GameConfig, Street
from ..engine.results import show
from .serialize_fields import (
    _MAX_DEPTH,
    _CONFIG_FIELDS,
    _OPTIONAL_CONFIG_FIELDS,
    _DERIVABLE,
    _DERIVED_INPUT,
    _build_config,
    _config_key,
    _no_extra,
    _ACTION_OF,
    _CARD_TEXT,
    _STREET_NAMES,
    Decoder,
    _action,
    _array,
    _at,
    _bool,
    _card,
    _cards,
    _chips,
    _enum,
    _fail,
    _nat,
    _optional,
    _signed,
    _str,
    _street,
)
from ..engine.state import HandState, act, deal, replay_actions
from ..engine.policy import Policy
from ..tables.session import Blinds, HandRecord, TableSession

__all__ = [
    "SCHEMA_VERSION",
    "MAX_TEXT",
    "MAX_DEPTH",
    "to_dict",
    "from_dict",
    "dumps",
    "loads",
    "register",
]

SCHEMA_VERSION = 1
"""The version written in every document and the only one read."""
MAX_TEXT = 4_000_000
"""Longest JSON text :func:`loads` reads, characters (a 10-seat hand is a few thousand)."""
MAX_DEPTH = _MAX_DEPTH
"""Deepest nesting of arrays inside a config field that :func:`from_dict`
reads; elsewhere the schema fixes the depth, and deeper JSON fails in the
parser (its recursion limit) or on the field that does not expect it."""


# ------------------------------------------------------------------ registry
@dataclasses.dataclass(frozen=True)
class _Codec:
    tag: str
    cls: type
    encode: Callable[[Any], dict[str, Any]]
    decode: Callable[..., Any]
    takes_players: bool


_BY_TAG: dict[str, _Codec] = {}
_BY_CLASS: dict[type, _Codec] = {}


def register(
    cls: type,
    tag: str,
    encode: Callable[[Any], dict[str, Any]],
    decode: Callable[..., Any],
    *,
    takes_players: bool = False,
) -> None:
    """Give a type its JSON form (one registry entry per type tag).

    Args:
        cls: The Python class (exact class: subclasses are not matched).
        tag: The ``"type"`` value in JSON, e.g. ``"HandState"``.
        encode: ``value -> dict`` of the fields (without ``"type"`` and
            ``"version"``), JSON-ready: use :func:`encode_value` for nested
            values.
        decode: ``(fields, path) -> value``; ``fields`` is the JSON object,
            ``path`` its place in the document for error messages.  It must
            raise only :class:`~pokerkit_core.errors.SerializationError`
            (errors of the library's constructors are turned into one).
        takes_players: ``decode`` is ``(fields, path, players)``: it gets
            the ``players=`` given to :func:`loads` / :func:`from_dict`
            (``None`` if none), for values holding policies, which have no
            JSON form (a :class:`~pokerkit_core.tables.session.TableSession`).

    Raises:
        ValueError: ``tag`` or ``cls`` already has an entry.
    """
    if tag in _BY_TAG or cls in _BY_CLASS:
        raise ValueError(f"{tag} / {cls.__name__} already has a JSON form")
    codec = _Codec(tag, cls, encode, decode, takes_players)
    _BY_TAG[tag] = codec
    _BY_CLASS[cls] = codec


# ------------------------------------------------------------------ encoding


def encode_value(value: Any) -> Any:
    """The JSON form of a field value: ints, bools, text and ``None`` as they
    are, a :class:`Card` as ``"As"``, an :class:`Action` as ``"r 300"``, a
    :class:`~fractions.Fraction` as ``"1/2"``, a :class:`Street` by name, other
    enums by value, tuples as arrays, registered types as nested objects.

    Args:
        value: A field of a serializable value.

    Returns:
        Something :func:`json.dumps` writes.

    Raises:
        SerializationError: A value with no JSON form.
    """
    cls = value.__class__
    if cls is int or cls is str or cls is bool or value is None:
        return value
    if cls is Card or cls is Action:
        return str(value)
    if cls is tuple or cls is list:
        return [encode_value(item) for item in value]
    if cls is Fraction:
        return f"{value.numerator}/{value.denominator}"
    if cls is Street:
        return _STREET_NAMES[value]
    if isinstance(value, Enum):
        return value.value
    codec = _BY_CLASS.get(cls)
    if codec is not None:
        fields = codec.encode(value)
        return {"type": codec.tag, **fields}
    raise SerializationError("", f"{cls.__name__} has no JSON form ({shown(value)})")


def to_dict(value: Any) -> dict[str, Any]:
    """The JSON object of ``value``, as Python dicts and lists.

    Args:
        value: A :class:`Card`, :class:`Action`, :class:`LegalActions`, any
            event, :class:`~pokerkit_core.engine.pots.Pot`,
            :class:`~pokerkit_core.engine.observation.Observation`,
            :class:`~pokerkit_core.engine.rules.GameConfig`,
            :class:`~pokerkit_core.engine.state.HandState`,
            :class:`~pokerkit_core.tables.session.HandRecord`,
            :class:`~pokerkit_core.tables.session.TableSession` (or any registered type).

    Returns:
        ``{"type": ..., "version": 1, ...}``; see the Serialization page.

    Raises:
        SerializationError: ``value`` (or a field of it) has no JSON form.
    """
    codec = _BY_CLASS.get(value.__class__)
    if codec is None:
        raise SerializationError("", f"{value.__class__.__name__} has no JSON form ({shown(value)})")
    return {"type": codec.tag, "version": SCHEMA_VERSION, **codec.encode(value)}


def dumps(value: Any) -> str:
    """``value`` as JSON text: ``json.dumps(to_dict(value))`` with compact
    separators (``","`` and ``":"``), the keys in the order of the layout.

    Args:
        value: Any value :func:`to_dict` takes.

    Returns:
        One line of JSON.

    Raises:
        SerializationError: ``value`` has no JSON form.
    """
    if value.__class__ is HandState:  # the same text, with the config's kept per config
        return _STATE_HEAD + _config_text(value._config) + "," + _ENCODE(_state_tail(value))[1:]
    return _ENCODE(to_dict(value))


_ENCODE = json.JSONEncoder(separators=(",", ":"), check_circular=False).encode
_STATE_HEAD = '{"type":"HandState","version":%d,"config":' % SCHEMA_VERSION


# ------------------------------------------------------------------ decoding
def _object(value: Any, path: str) -> Mapping[str, Any]:
    if value.__class__ is not dict:
        raise _fail(path, f"expected an object, got {shown(value, 40)}")
    return value


def decode_value(
    data: Any, path: str, expect: type | tuple[type, ...] | None = None, players: Any = None
) -> Any:
    """Decode a nested object by its ``"type"`` (a registered type).

    Args:
        data: A JSON object with a ``"type"``.
        path: Its place in the document.
        expect: The class(es) allowed here (``None``: any registered type).
        players: Passed to a type registered with ``takes_players``.

    Returns:
        The value.

    Raises:
        SerializationError: Not an object, an unknown or unexpected type, or
            bad fields.
    """
    data = _object(data, path)
    tag = data.get("type")
    codec = _BY_TAG.get(tag) if tag.__class__ is str else None
    if codec is None:
        raise _fail(_at(path, "type"), f"unknown type {shown(tag, 40)}")
    if expect is not None and not issubclass(codec.cls, expect):
        raise _fail(_at(path, "type"), f"{tag} is not allowed here")
    version = data.get("version", SCHEMA_VERSION)
    if version != SCHEMA_VERSION or version.__class__ is not int:
        raise _fail(_at(path, "version"), f"unsupported version {shown(version, 20)} (this library reads {SCHEMA_VERSION})")
    try:
        if codec.takes_players:
            return codec.decode(data, path, players)
        return codec.decode(data, path)
    except SerializationError:
        raise
    except (PokerError, ValueError, TypeError, KeyError, IndexError, AttributeError) as exc:
        # a constructor's own check: say where, keep its words
        raise _fail(path, f"{type(exc).__name__}: {exc}") from None


def from_dict(data: Mapping[str, Any], *, players: Sequence[Policy | None] | None = None) -> Any:
    """The value of a JSON object made by :func:`to_dict`.

    Args:
        data: ``{"type": ..., "version": 1, ...}`` as Python dicts, lists,
            ints, strs, bools and ``None`` (what :func:`json.loads` gives).
        players: For a ``TableSession`` document (and only used there): one
            entry per seat, a policy or ``None`` (an external player or an
            empty seat), as for :meth:`TableSession.restore
            <pokerkit_core.tables.session.TableSession.restore>`; policies have no
            JSON form, so the caller gives them again.

    Returns:
        The value; a :class:`~pokerkit_core.engine.state.HandState` is rebuilt by
        replaying its deal and actions.

    Raises:
        SerializationError: Anything wrong, with the field's path: an
            unknown type, a version other than 1, a missing, extra or
            mistyped field, a value the rules refuse, or public fields that
            do not match the replayed hand; for a ``TableSession``, also
            ``players`` missing, not one per seat, or a policy at an empty
            seat.
    """
    data = _object(data, "")
    if "version" not in data:
        raise _fail("version", "missing (this library reads version 1)")
    return decode_value(data, "", players=players)


def loads(text: str | bytes, *, players: Sequence[Policy | None] | None = None) -> Any:
    """The value of JSON text made by :func:`dumps`.

    Args:
        text: JSON text (``str``, or UTF-8 ``bytes``); at most
            :data:`MAX_TEXT` characters.  Work is linear in the length: the
            parser is :mod:`json`'s, each field is read once, and a hand is
            replayed at most once per action.  The keys of an object may
            come in any order and the text spaced in any way: every text
            takes the same path (the parser, then :func:`from_dict`).
        players: For a ``TableSession`` document: its policies, see
            :func:`from_dict`.

    Returns:
        The value (see :func:`from_dict`).

    Raises:
        SerializationError: The text is not JSON, too long or too deep, or
            does not describe a valid value (see :func:`from_dict`); never
            another exception type.
    """
    if isinstance(text, (bytes, bytearray)):
        if len(text) > MAX_TEXT:
            raise _fail("", f"text too long ({len(text):,} bytes, at most {MAX_TEXT:,})")
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise _fail("", f"not UTF-8 text: {exc.reason} at byte {exc.start}") from None
    if not isinstance(text, str):
        raise _fail("", f"expected JSON text, got {shown(text, 40)}")
    if len(text) > MAX_TEXT:
        raise _fail("", f"text too long ({len(text):,} characters, at most {MAX_TEXT:,})")
    try:
        data = _DECODER.decode(text)
    except SerializationError:
        raise
    except (ValueError, RecursionError) as exc:
        raise _fail("", f"not JSON: {shown(str(exc), 120)}") from None
    return from_dict(data, players=players)


def _no_constant(name: str) -> Any:
    raise _fail("", f"not JSON: {name} is not a number JSON allows")


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    data = dict(pairs)
    if len(data) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _fail(key, "given twice")
            seen.add(key)
    return data


_DECODER = json.JSONDecoder(parse_constant=_no_constant, object_pairs_hook=_no_duplicates)


def _nested(expect: type | tuple[type, ...]) -> Decoder:
    def decode(value: Any, path: str) -> Any:
        return decode_value(value, path, expect)

    return decode


_SEAT = _nat
_SEATS = _array(_nat)
_OPT_SEAT = _optional(_nat)


# ------------------------------------------------- generic record codecs
def _record(cls: type, tag: str, fields: dict[str, Decoder], *, skip: tuple[str, ...] = ()) -> None:
    """Register a frozen record type whose fields are listed in ``fields``
    (name -> decoder); encoding writes each field with :func:`encode_value`.

    A field of ``cls`` missing from ``fields`` (a new field) makes encoding
    fail loudly instead of dropping it.
    """
    names = tuple(fields)
    if dataclasses.is_dataclass(cls):
        declared = tuple(f.name for f in dataclasses.fields(cls) if f.init and not f.name.startswith("_"))
    else:
        declared = tuple(getattr(cls, "_fields", names))
    missing = [name for name in declared if name not in fields and name not in skip]

    def encode(value: Any) -> dict[str, Any]:
        if missing:
            raise SerializationError("", f"{tag}.{missing[0]} has no JSON form yet: extend serialize.py")
        return {name: encode_value(getattr(value, name)) for name in names}

    def decode(data: Mapping[str, Any], path: str) -> Any:
        _no_extra(data, names, path)
        kwargs = {}
        for name, field_decoder in fields.items():
            if name not in data:
                raise _fail(_at(path, name), "missing")
            kwargs[name] = field_decoder(data[name], _at(path, name))
        return cls(**kwargs)

    register(cls, tag, encode, decode)


def _single(name: str, decoder: Decoder) -> Callable[[Mapping[str, Any], str], Any]:
    """The decoder of a value written as one text field (``{"card": "As"}``)."""

    def decode(data: Mapping[str, Any], path: str) -> Any:
        _no_extra(data, (name,), path)
        return decoder(data.get(name), _at(path, name))

    return decode


register(Card, "Card", lambda card: {"card": str(card)}, _single("card", _card))
register(Action, "Action", lambda action: {"action": str(action)}, _single("action", _action))

_record(LegalActions, "LegalActions", {
    "seat": _SEAT, "can_fold": _bool, "can_check": _bool, "can_call": _bool,
    "call_amount": _nat, "call_to": _nat, "can_bet": _bool, "can_raise": _bool,
    "min_raise_to": _nat, "max_raise_to": _nat, "max_is_all_in": _bool, "is_capped": _bool,
    "stack": _nat, "bet": _nat,
})  # fmt: skip
_record(BlindPosted, "BlindPosted", {"seat": _SEAT, "amount": _nat, "kind": _str})
_record(HoleCardsDealt, "HoleCardsDealt", {"seat": _SEAT})
_record(ActionTaken, "ActionTaken", {
    "seat": _SEAT, "action": _action, "street": _street, "amount_added": _nat, "all_in": _bool,
})  # fmt: skip
_record(BoardDealt, "BoardDealt", {"street": _street, "cards": _cards, "board": _nat})
_record(HandShown, "HandShown", {"seat": _SEAT, "cards": _cards})
_record(HandMucked, "HandMucked", {"seat": _SEAT})
_record(UncalledBetReturned, "UncalledBetReturned", {"seat": _SEAT, "amount": _nat})
_record(RakeTaken, "RakeTaken", {"pot_index": _nat, "amount": _nat})
_record(PotAwarded, "PotAwarded", {
    "pot_index": _nat, "seats": _SEATS, "amounts": _array(_chips), "board": _nat,
})  # fmt: skip
_record(Pot, "Pot", {
    "amount": _nat, "eligible": _SEATS, "winners": _SEATS, "shares": _array(_chips), "rake": _nat,
})  # fmt: skip
_record(Blinds, "Blinds", {"small_blind": _nat, "big_blind": _nat, "ante": _nat})
_record(Positions, "Positions", {"button": _SEAT, "small_blind_seat": _SEAT, "big_blind_seat": _SEAT})

_EVENTS = (
    BlindPosted, HoleCardsDealt, ActionTaken, BoardDealt, HandShown, HandMucked,
    UncalledBetReturned, RakeTaken, PotAwarded,
)  # fmt: skip
_EVENT = _nested(_EVENTS)

_record(Observation, "Observation", {
    "seat": _SEAT, "hole_cards": _cards, "board": _cards, "history": _array(_EVENT),
    "stacks": _array(_chips), "bets": _array(_nat), "contributions": _array(_nat), "pot": _nat,
    "to_act": _OPT_SEAT, "legal": _optional(_nested(LegalActions)), "button": _SEAT,
    "small_blind_seat": _OPT_SEAT, "big_blind_seat": _OPT_SEAT, "big_blind": _nat,
    "small_blind": _nat, "ante": _nat, "street": _street, "betting": _enum(BettingStructure),
    "folded": _array(_bool), "all_in": _array(_bool), "seat_count": _nat,
    "hand_number": _OPT_SEAT, "shown_cards": _array(_optional(_cards)), "call_to": _nat,
    "starting_stacks": _array(_nat), "boards": _array(_cards),
})  # fmt: skip


# ------------------------------------------------------------- GameConfig
_ENCODED_CONFIGS: dict[int, tuple[GameConfig, dict[str, Any]]] = {}
_CONFIG_TEXTS: dict[int, tuple[GameConfig, str]] = {}


def _config_fields(config: GameConfig) -> dict[str, Any]:
    """The config's fields as JSON values (shared: copy before handing out);
    kept per config object (configs are immutable and a table's states share
    one)."""
    entry = _ENCODED_CONFIGS.get(id(config))
    if entry is None or entry[0] is not config:
        if len(_ENCODED_CONFIGS) >= 1024:
            _ENCODED_CONFIGS.clear()
        entry = _ENCODED_CONFIGS[id(config)] = (config, _fresh_config_dict(config))
    return entry[1]


def _config_text(config: GameConfig) -> str:
    """The JSON text of the config's object (for :func:`dumps`), kept per config object."""
    entry = _CONFIG_TEXTS.get(id(config))
    if entry is None or entry[0] is not config:
        if len(_CONFIG_TEXTS) >= 1024:
            _CONFIG_TEXTS.clear()
        entry = _CONFIG_TEXTS[id(config)] = (config, _ENCODE(encode_value(config)))
    return entry[1]


def _encode_config(config: GameConfig) -> dict[str, Any]:
    """The config's fields: a fresh copy each call."""
    fields = _config_fields(config)
    return {key: list(value) if value.__class__ is list else value for key, value in fields.items()}


def _fresh_config_dict(config: GameConfig) -> dict[str, Any]:
    out = {
        name: encode_value(getattr(config, name)) for name in _CONFIG_FIELDS
        if name not in _OPTIONAL_CONFIG_FIELDS or getattr(config, name) != _OPTIONAL_CONFIG_FIELDS[name]
    }
    inputs = config._inputs or ()
    out["derived"] = [
        name for k, name in enumerate(_DERIVABLE) if len(inputs) == 8 and inputs[k] == _DERIVED_INPUT[name]
        and inputs[k].__class__ is _DERIVED_INPUT[name].__class__
    ]
    return out


_CONFIG_CACHE: dict[str, GameConfig] = {}


def _decode_config(data: Mapping[str, Any], path: str) -> GameConfig:
    """A config; decoded configs are kept by their fields' JSON values,
    whatever the key order (configs are immutable values and the states of
    one table share one)."""
    key = _config_key(data)
    cached = _CONFIG_CACHE.get(key) if key is not None else None
    if cached is not None:
        return cached
    config = _build_config(data, path)
    if key is not None:
        if len(_CONFIG_CACHE) >= 256:
            _CONFIG_CACHE.clear()
        _CONFIG_CACHE[key] = config
    return config


register(GameConfig, "GameConfig", _encode_config, _decode_config)


# -------------------------------------------------------------- HandState
def _deal_order(state: HandState) -> tuple[Card, ...]:
    """Hole cards of the dealt-in seats in seat order, then five cards per board."""
    order: list[Card] = []
    for cards in state.hole_cards:
        if cards is not None:
            order.extend(cards)
    for board in state._deal.boards:
        order.extend(board)
    return tuple(order)


_ACTION_TEXT: dict[int, tuple[Action, str]] = {}  # the engine's own actions, by id: their text
_INT = frozenset((int,))


def _deck_json(state: HandState) -> list[str]:
    """``deck``: the whole deal order (:func:`_deal_order`) as card texts."""
    text = _CARD_TEXT
    deal_ = state._deal
    deck = [text[card[2]] for cards in deal_.hole if cards is not None for card in cards]
    for board in deal_.boards:
        deck += [text[card[2]] for card in board]
    return deck


def _actions_json(state: HandState) -> list[str]:
    """``actions``: every action as applied, as text (kept per action object)."""
    texts = _ACTION_TEXT
    actions: list[str] = []
    for event in state._history:
        if event.__class__ is ActionTaken:
            action = event.action
            entry = texts.get(id(action))
            if entry is None or entry[0] is not action:
                if len(texts) >= 4096:
                    texts.clear()
                entry = texts[id(action)] = (action, str(action))
            actions.append(entry[1])
    return actions


def _shows_json(state: HandState) -> list[int]:
    """``shows``: the seats shown after the last pot was awarded (voluntary
    shows, :func:`~pokerkit_core.engine.results.show`); none while the hand runs."""
    if state._to_act >= 0:
        return []
    shows: list[int] = []
    for event in reversed(state._history):
        cls = event.__class__
        if cls is PotAwarded:
            break
        if cls is HandShown:
            shows.append(event.seat)  # type: ignore[union-attr]
    shows.reverse()
    return shows


def _hole_cards_json(state: HandState) -> list[list[str] | None]:
    text = _CARD_TEXT
    return [None if cards is None else [text[cards[0][2]], text[cards[1][2]]] for cards in state._deal.hole]


def _stacks_json(state: HandState) -> list[Any]:
    stacks = state._stacks
    if _INT.issuperset(map(type, stacks)):
        return list(stacks)
    return encode_value(stacks)  # type: ignore[no-any-return]  # an exact split's fractions


_STATE_LAYOUT: tuple[tuple[str, Callable[[HandState], Any]], ...] = (
    ("config", lambda state: encode_value(state._config)),
    ("deck", _deck_json),
    ("actions", _actions_json),
    ("shows", _shows_json),
    # the public picture, for readers: checked against the replayed hand
    ("street", lambda state: _STREET_NAMES[state._street]),
    ("to_act", lambda state: state.to_act),
    ("board", lambda state: [_CARD_TEXT[card[2]] for card in state._board]),
    ("hole_cards", _hole_cards_json),
    ("stacks", _stacks_json),
    ("bets", lambda state: list(state._bets)),
    ("pot", lambda state: state.pot),
)
"""The one home of a ``HandState`` document's layout: each field, in the
order written, and its JSON value of a state.  :func:`to_dict` and
:func:`dumps` write these; :func:`from_dict` replays the first four (the
inputs) and compares the others (the public fields) with their values of the
replayed hand.  docs/serialization.rst describes it."""
_STATE_FIELDS = tuple(name for name, _ in _STATE_LAYOUT)
_STATE_KEYS = frozenset(_STATE_FIELDS)
_TAIL_LAYOUT = _STATE_LAYOUT[1:]  # after the config (dumps keeps the config's text)
_PUBLIC_LAYOUT = _STATE_LAYOUT[4:]
_PUBLIC = _STATE_FIELDS[4:]
_NUMBER_LISTS = ("stacks", "bets")
_NUMBER_AT = tuple(_PUBLIC.index(name) for name in _NUMBER_LISTS)
_INT_OR_TEXT = frozenset((int, str))  # the JSON types of amounts (an exact split's shares are text)
_CODE_OF = {str(card): card.code for card in CARDS}


def _encode_state(state: HandState) -> dict[str, Any]:
    return {name: encode(state) for name, encode in _STATE_LAYOUT}


def _state_tail(state: HandState) -> dict[str, Any]:
    """The document's fields after its config (for :func:`dumps`)."""
    return {name: encode(state) for name, encode in _TAIL_LAYOUT}


def _public(state: HandState) -> dict[str, Any]:
    """The public fields of the layout, as JSON values."""
    return {name: encode(state) for name, encode in _PUBLIC_LAYOUT}


def _decode_state(data: Mapping[str, Any], path: str) -> HandState:
    if len(data) != len(_STATE_FIELDS) + 1 + ("version" in data) or not data.keys() >= _STATE_KEYS:
        _no_extra(data, _STATE_FIELDS, path)
        for name in _STATE_FIELDS:
            if name not in data:
                raise _fail(_at(path, name), "missing")
    raw = data["config"]  # a config decoded before: found by its key (its "type" included)
    config = _CONFIG_CACHE.get(_config_key(raw)) if raw.__class__ is dict else None  # type: ignore[arg-type]
    if config is None:
        config = decode_value(raw, _at(path, "config"), GameConfig)
    deck, actions, shows = data["deck"], data["actions"], data["shows"]
    state: HandState | None = None
    if deck.__class__ is list and actions.__class__ is list and len(actions) <= 10_000 and shows == []:
        # one pass over the texts, one checked replay; any doubt: the slow
        # path below, which names the field
        get = _ACTION_OF.get
        try:
            moves = [get(text) or _action(text, "") for text in actions]
            state = replay_actions(config, [_CODE_OF[text] for text in deck], moves)
        except (KeyError, TypeError, PokerError):
            state = None
    if state is None:
        state = _replay_slowly(config, data, path)
    deal_ = state._deal
    dealt = 2 * (len(deal_.hole) - deal_.hole.count(None)) + sum(map(len, deal_.boards))
    if len(deck) != dealt:  # (replay takes the first cards of a longer deck)
        raise _fail(_at(path, "deck"), f"has {len(deck)} cards but the hand deals {dealt}")
    # the public fields, compared with the replayed hand's, and alike in
    # JSON type (so 1.0 or true is not taken for 1)
    given = [data[name] for name in _PUBLIC]
    want = [encode(state) for _, encode in _PUBLIC_LAYOUT]
    if (
        given != want
        or list(map(type, given)) != list(map(type, want))
        or not {*map(type, given[_NUMBER_AT[0]]), *map(type, given[_NUMBER_AT[1]])} <= _INT_OR_TEXT
    ):
        for k, name in enumerate(_PUBLIC):
            if given[k] != want[k] or given[k].__class__ is not want[k].__class__ or (
                name in _NUMBER_LISTS and list(map(type, given[k])) != list(map(type, want[k]))
            ):
                raise _fail(_at(path, name), f"is {shown(given[k], 60)} but the replayed hand has {shown(want[k], 60)}")
    return state


def _replay_slowly(config: GameConfig, data: Mapping[str, Any], path: str) -> HandState:
    """Deal and act one step at a time, naming the field that fails."""
    deck = _cards(data["deck"], _at(path, "deck"))
    try:
        state = deal(config, deck=deck)
    except PokerError as exc:
        raise _fail(_at(path, "deck"), str(exc)) from None
    actions = data["actions"]
    where = _at(path, "actions")
    if actions.__class__ is not list or len(actions) > 10_000:
        raise _fail(where, f"expected an array of actions, got {shown(actions, 40)}")
    for i, text in enumerate(actions):
        action = _action(text, f"{where}[{i}]")
        try:
            state = act(state, action)
        except PokerError as exc:
            raise _fail(f"{where}[{i}]", str(exc)) from None
    for i, seat in enumerate(_array(_nat)(data["shows"], _at(path, "shows"))):
        try:
            state = show(state, seat)
        except PokerError as exc:
            raise _fail(f"{_at(path, 'shows')}[{i}]", str(exc)) from None
    return state


register(HandState, "HandState", _encode_state, _decode_state)

# ------------------------------------------------------------- HandRecord
_record(HandRecord, "HandRecord", {
    "hand_number": _nat, "blinds": _nested(Blinds), "positions": _nested(Positions),
    "starting_stacks": _array(_nat), "final_stacks": _array(_chips), "results": _array(_signed),
    "busted": _SEATS, "state": _optional(_nested(HandState)),
})  # fmt: skip


# ----------------------------------------------------------- TableSession
def _encode_session(session: TableSession) -> dict[str, Any]:
    return {"snapshot": session.snapshot(encode_state=encode_value)}


def _decode_session(data: Mapping[str, Any], path: str, players: Any) -> TableSession:
    """The session's snapshot restored (``TableSession.restore``) with the
    given players; the records' states decoded here, each at its path."""
    _no_extra(data, ("snapshot",), path)
    where = _at(path, "snapshot")
    if players is None:
        raise _fail(path, "a TableSession needs players= (a policy or None per seat): policies have no JSON form")
    snapshot = data.get("snapshot")
    states: dict[int, HandState] = {}
    records = snapshot.get("records") if snapshot.__class__ is dict else None
    if records.__class__ is list:
        for i, record in enumerate(records):
            stored = record.get("state") if record.__class__ is dict else None
            if stored is not None:
                states[id(stored)] = decode_value(stored, f"{where}.records[{i}].state", HandState)
    try:
        return TableSession.restore(snapshot, players, decode_state=lambda stored: states[id(stored)])
    except InvalidConfigError as exc:  # "snapshot.stacks[2] must be ...": that field
        message = str(exc)
        field = message.split(" ", 1)[0].rstrip(":,.") if message.startswith("snapshot") else "snapshot"
        raise _fail(path + "." + field if path else field, message) from None


register(TableSession, "TableSession", _encode_session, _decode_session, takes_players=True)
