"""What a seat or a spectator is sent: built from observations only.

A seat's view is :func:`~pokerkit_core.engine.observation.observe` of its own seat in
the JSON form of :mod:`pokerkit_core.formats.serialize`; a spectator's is the same
public part with no hole cards and no legal actions.  Only
:func:`masked_history` reads a finished hand's state, to write the unshown
hole cards as unknown; a seat's unshown cards cannot reach another
connection through these functions.

References:
    docs/rules.rst section 2 (hole cards stay hidden until shown).
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any, Iterable, Sequence

from ..engine.actions import LegalActions
from ..evaluation.cards import Card
from ..engine.events import Event, PotAwarded
from ..formats.model import DealHole, HandHistory
from ..formats.replay import record
from ..engine.observation import Observation
from ..engine.pots import split_into_pots
from ..formats.serialize import encode_value, to_dict
from ..engine.state import HandState
from ..tables.session import HandRecord

__all__ = [
    "observation_data",
    "spectator_data",
    "EventTexts",
    "public_text",
    "seat_text",
    "split_public",
    "seat_text_of",
    "seat_fields",
    "legal_field",
    "pots_data",
    "winners_data",
    "hand_result_data",
    "masked_history",
]


def observation_data(observation: Observation) -> dict[str, Any]:
    """A seat's observation in its JSON form (docs/serialization.rst).

    Args:
        observation: What the seat may see (its own hole cards, public facts).

    Returns:
        The ``Observation`` document.
    """
    return to_dict(observation)


def spectator_data(observation: Observation) -> dict[str, Any]:
    """The public part of any seat's observation: what a spectator sees.

    Args:
        observation: Any seat's observation of the hand.

    Returns:
        The ``Observation`` document with ``seat`` null, ``hole_cards``
        empty and ``legal`` null (cards shown at showdown stay in
        ``shown_cards`` and the history).
    """
    data = to_dict(observation)
    data["seat"] = None
    data["hole_cards"] = []
    data["legal"] = None
    return data


_COMPACT = (",", ":")
_PUBLIC_MARK = '"seat":null,"hole_cards":[]'
_LEGAL_MARK = '"legal":null'


_HISTORY_MARK = "\x00history"
_HISTORY_TEXT = json.dumps(_HISTORY_MARK)


class EventTexts:
    """The JSON text of one hand's events, each event encoded once.

    A table sends its history with every state; the events of a hand never
    change once they happened, so each is encoded the first time only.
    """

    def __init__(self) -> None:
        self._key: object = None
        self._count = 0
        self._joined = ""

    def text(self, key: object, history: Sequence[Event]) -> str:
        """The JSON array of ``history``, the events of the hand ``key``."""
        if key != self._key or len(history) < self._count:
            self._key, self._count, self._joined = key, 0, ""
        if len(history) > self._count:
            new = ",".join(json.dumps(encode_value(event), separators=_COMPACT)
                           for event in history[self._count:])
            self._joined = new if not self._count else self._joined + "," + new
            self._count = len(history)
        return "[" + self._joined + "]"


_SPECTATOR_VALUES: dict[str, Any] = {"seat": None, "hole_cards": [], "legal": None,
                                     "history": _HISTORY_MARK}
_FIELDS: list[tuple[str, Any]] = []  # the Observation document's fields, in order


def _spectator_fields(observation: Observation) -> dict[str, Any]:
    """:func:`spectator_data` with ``history`` a marker, without copying the observation.

    The fields and their order are those of :func:`~pokerkit_core.formats.serialize.to_dict`
    (learned from its first answer), so the text is the same document.
    """
    if not _FIELDS:
        _FIELDS.extend(to_dict(observation).items())
    data: dict[str, Any] = {}
    for index, (name, first) in enumerate(_FIELDS):
        if index < 2:  # "type" and "version": the same for every observation
            data[name] = first
        elif name in _SPECTATOR_VALUES:
            data[name] = _SPECTATOR_VALUES[name]
        else:
            data[name] = encode_value(getattr(observation, name))
    return data


def public_text(observation: Observation, events: EventTexts | None = None, key: object = None) -> str:
    """:func:`spectator_data` as compact JSON text (what every seat's text starts from).

    Args:
        observation: Any seat's observation.
        events: A cache of the hand's encoded events (its ``key`` names the
            hand), or ``None`` to encode everything.
        key: The hand the history belongs to (with ``events``).

    Returns:
        ``json.dumps(spectator_data(observation))`` in compact form.
    """
    if events is None:
        return json.dumps(spectator_data(observation), separators=_COMPACT)
    text = json.dumps(_spectator_fields(observation), separators=_COMPACT)
    return text.replace(_HISTORY_TEXT, events.text(key, observation.history), 1)


def split_public(public: str) -> tuple[str, str, str]:
    """:func:`public_text` cut where a seat's own fields go, checked once.

    Args:
        public: :func:`public_text` of any seat's observation of the moment.

    Returns:
        ``(head, middle, tail)``: the text before the spectator's
        ``"seat":null,"hole_cards":[]``, between it and ``"legal":null``,
        and after that (:func:`seat_text_of` joins a seat's fields in).

    Raises:
        ValueError: ``public`` is not a :func:`public_text`.
    """
    if public.count(_PUBLIC_MARK) != 1 or public.count(_LEGAL_MARK) != 1:
        raise ValueError("not the public text of an observation")
    head, rest = public.split(_PUBLIC_MARK, 1)
    middle, tail = rest.split(_LEGAL_MARK, 1)
    return head, middle, tail


def seat_fields(seat: int, hole_cards: Sequence[Card]) -> str:
    """A seat's own ``"seat":..,"hole_cards":[..]`` JSON fields (what the
    spectator's ``"seat":null,"hole_cards":[]`` becomes for it).

    Args:
        seat: The seat.
        hole_cards: Its own hole cards (``()`` when not dealt in).
    """
    cards = json.dumps([str(card) for card in hole_cards], separators=_COMPACT)
    return f'"seat":{int(seat)},"hole_cards":{cards}'


def legal_field(legal: LegalActions | None) -> str:
    """The ``"legal":..`` JSON field of an observation (``null`` when not to act)."""
    if legal is None:
        return _LEGAL_MARK
    return '"legal":' + json.dumps(encode_value(legal), separators=_COMPACT)


def seat_text_of(
    parts: tuple[str, str, str], seat: int, hole_cards: Sequence[Card], legal: LegalActions | None
) -> str:
    """:func:`seat_text` from the :func:`split_public` of the moment's public text.

    The public text is checked and cut once per change; each connection's
    text is then one join (no search through the history).

    Args:
        parts: :func:`split_public` of the moment's :func:`public_text`.
        seat: The seat.
        hole_cards: Its own hole cards (``()`` when not dealt in).
        legal: Its legal actions when it is to act, else ``None``.

    Returns:
        The same text as :func:`seat_text`.
    """
    head, middle, tail = parts
    return "".join((head, seat_fields(seat, hole_cards), middle, legal_field(legal), tail))


def seat_text(public: str, seat: int, hole_cards: Sequence[Card], legal: LegalActions | None) -> str:
    """A seat's observation as JSON text, from the moment's :func:`public_text`.

    The text is that of :func:`observation_data` of the seat's observation
    (the same document, same field order), but the public part is encoded
    once per change, not once per connection.

    Args:
        public: :func:`public_text` of any seat's observation of the moment.
        seat: The seat.
        hole_cards: Its own hole cards (``()`` when not dealt in).
        legal: Its legal actions when it is to act, else ``None``.

    Returns:
        ``json.dumps(observation_data(observe(state, seat)))`` in compact form.

    Raises:
        ValueError: ``public`` is not a :func:`public_text`.
    """
    return seat_text_of(split_public(public), seat, hole_cards, legal)


def pots_data(observation: Observation) -> list[dict[str, Any]]:
    """The main pot and side pots gathered so far, from public amounts.

    The bets of the street in progress are not in them yet (they are the
    observation's ``bets``); once the hand is over every chip is.

    Args:
        observation: Any seat's observation.

    Returns:
        One ``{"amount": chips, "seats": [eligible seats]}`` per pot, main
        pot first (antes counted in the levels).

    References:
        docs/rules.rst section 2 (side pots).
    """
    gathered = [c - b for c, b in zip(observation.contributions, observation.bets)]
    pots = split_into_pots(gathered, observation.folded)
    return [{"amount": pot.amount, "seats": list(pot.eligible)} for pot in pots if pot.amount]


def _chips(value: Any) -> Any:
    return value if isinstance(value, int) else str(value)


def winners_data(observation: Observation) -> list[dict[str, Any]]:
    """Who won what in a finished hand (from its public ``PotAwarded`` events).

    Args:
        observation: Any seat's observation of the finished hand.

    Returns:
        One ``{"seat", "amount", "pot", "board"}`` per award, in the order
        the pots were paid (amounts in chips; an exact fraction as text).
    """
    out: list[dict[str, Any]] = []
    for event in observation.history:
        if isinstance(event, PotAwarded):
            for seat, amount in zip(event.seats, event.amounts):
                out.append(
                    {"seat": seat, "amount": _chips(amount), "pot": event.pot_index, "board": event.board}
                )
    return out


def hand_result_data(hand_record: HandRecord, observation: Observation) -> dict[str, Any]:
    """The summary of a finished hand sent with the next states.

    Args:
        hand_record: The session's record of the hand.
        observation: Any seat's observation of its final state.

    Returns:
        ``{"hand_number", "results", "final_stacks", "winners"}``: results
        and final stacks per seat, seat 0 first, chips.
    """
    return {
        "hand_number": hand_record.hand_number,
        "results": [_chips(r) for r in hand_record.results],
        "final_stacks": [_chips(s) for s in hand_record.final_stacks],
        "winners": winners_data(observation),
    }


def masked_history(
    state: HandState, names: Sequence[str], hand_id: int, reveal: Iterable[int] = ()
) -> HandHistory:
    """A finished hand's history with every unshown hole card unknown.

    Args:
        state: The hand's final state.
        names: One player name per seat, seat 0 first.
        hand_id: The hand's number in the room.
        reveal: Seats whose own cards are written anyway (the seat that
            asks for its history).

    Returns:
        The :class:`~pokerkit_core.formats.model.HandHistory` (PHH ``????``
        for cards no one was shown).
    """
    hand = record(state, players=list(names), hand_id=hand_id)
    visible: set[tuple[Any, ...]] = set()
    for seat, shown in enumerate(state.shown_cards):
        cards = state.hole_cards[seat]
        if cards is not None and (shown is not None or seat in set(reveal)):
            visible.add(tuple(cards))
    entries = tuple(
        DealHole(e.player, None)
        if isinstance(e, DealHole) and e.cards is not None and tuple(e.cards) not in visible
        else e
        for e in hand.entries
    )
    return dataclasses.replace(hand, entries=entries)
