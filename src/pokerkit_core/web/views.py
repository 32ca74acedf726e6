"""What a seat or a spectator is sent: built from observations only.

A seat's view is :func:`~pokerkit_core.observation.observe` of its own seat in
the JSON form of :mod:`pokerkit_core.serialize`; a spectator's is the same
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

from ..actions import LegalActions
from ..cards import Card
from ..events import Event, PotAwarded
from ..history.model import DealHole, HandHistory
from ..history.replay import record
from ..observation import Observation
from ..pots import split_into_pots
from ..serialize import encode_value, to_dict
from ..state import HandState
from ..table import HandRecord

__all__ = [
    "observation_data",
    "spectator_data",
    "EventTexts",
    "public_text",
    "seat_text",
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
        self._texts: list[str] = []

    def text(self, key: object, history: Sequence[Event]) -> str:
        """The JSON array of ``history``, the events of the hand ``key``."""
        if key != self._key or len(history) < len(self._texts):
            self._key, self._texts = key, []
        for event in history[len(self._texts):]:
            self._texts.append(json.dumps(encode_value(event), separators=_COMPACT))
        return "[" + ",".join(self._texts) + "]"


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
    data = spectator_data(dataclasses.replace(observation, history=()))
    data["history"] = _HISTORY_MARK
    text = json.dumps(data, separators=_COMPACT)
    return text.replace(_HISTORY_TEXT, events.text(key, observation.history), 1)


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
    if public.count(_PUBLIC_MARK) != 1 or public.count(_LEGAL_MARK) != 1:
        raise ValueError("not the public text of an observation")
    own = json.dumps({"seat": seat, "hole_cards": [str(card) for card in hole_cards]},
                     separators=_COMPACT)[1:-1]
    text = public.replace(_PUBLIC_MARK, own, 1)
    if legal is not None:
        text = text.replace(_LEGAL_MARK, '"legal":' + json.dumps(encode_value(legal), separators=_COMPACT), 1)
    return text


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
        The :class:`~pokerkit_core.history.model.HandHistory` (PHH ``????``
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
