"""The request an isolated policy's process receives, built straight from the hand.

:class:`~pokerkit_core.players.isolation.IsolatedPolicy` asks its child for one
decision (or hook) per request.  This module turns what the seat may see into
the plain values of one request and back into an
:class:`~pokerkit_core.engine.observation.Observation` on the child's side, so that
the engine's process does not build an ``Observation`` object per decision
(:func:`state_parts` reads the :class:`~pokerkit_core.engine.state.HandState`
directly) and the child receives only what changed:

* ``static``: the fields that stay the same for a seat during a hand (seat,
  own hole cards, positions, blinds, betting, seat count, hand number,
  starting stacks), sent again only when they change (a new hand);
* ``dynamic``: the public amounts and cards that move with every action
  (board, stacks, bets, contributions, pot, seat to act, the legal actions
  when this seat is to act, street, folded, all-in, shown cards, amount to
  call, boards), as a tuple;
* the history events the child lacks, in the compact form of
  :mod:`pokerkit_core.players.compact`.

:class:`Held` is this side's record of what one lane of a child holds, so
that a request sends only what it lacks.

Cards travel as bytes of their codes, enums as their values, legal actions as
a plain tuple: only built-in values, pickled by the C pickler.  What a seat
receives is exactly :func:`~pokerkit_core.engine.observation.observe` of that seat
(the tests compare every field); it never holds another seat's hidden cards.

References:
    docs/rules.rst section 2 (hole cards stay hidden), section 7.
"""

from __future__ import annotations

from typing import Any

import operator
import os

from . import compact
from ..engine.actions import LegalActions
from ..evaluation.cards import CARDS, Card
from ..engine.observation import Observation, new_observation
from ..engine.rules import BettingStructure, Street
from ..engine.state import HandState, legal_actions

__all__ = [
    "NOTHING_HELD",
    "Frames",
    "Held",
    "Parts",
    "decode_events_once",
    "decode_static",
    "dynamic_part",
    "new_events",
    "observation_parts",
    "rebuild",
    "state_parts",
    "static_part",
    "write_all",
]

Parts = tuple[tuple[Any, ...], tuple[Any, ...]]
"""``(static, dynamic)``: the plain values of one seat's view (see the module)."""

_is = operator.is_
_STREETS = {street.value: street for street in Street}
_BETTINGS = {betting.value: betting for betting in BettingStructure}
_NO_CARDS = b""
_CARD_CACHE: dict[bytes, tuple[Card, ...]] = {}
_CARD_CACHE_LIMIT = 65536
_EVENT_CACHE_LIMIT = 1 << 16
_READ_BYTES = 1 << 16
_SHOWN_CACHE: dict[tuple[bytes | None, ...], tuple[tuple[Card, ...] | None, ...]] = {}
_SHOWN_CACHE_LIMIT = 4096
_LEGAL_FIELDS = len(LegalActions._fields)
_new_tuple = tuple.__new__
# the last shown-cards tuple and its form, as one pair (one store: thread-safe)
_SHOWN_LAST: list[tuple[Any, tuple[bytes | None, ...]]] = [(None, ())]


def _codes(cards: tuple[Card, ...] | None) -> bytes:
    if not cards:
        return _NO_CARDS
    return bytes([card.code for card in cards])


def _shown(shown: tuple[tuple[Card, ...] | None, ...]) -> tuple[bytes | None, ...]:
    held = _SHOWN_LAST[0]
    if held[0] is shown:  # the same tuple all hand long until someone shows
        return held[1]
    form = tuple(None if cards is None else _codes(cards) for cards in shown)
    _SHOWN_LAST[0] = (shown, form)
    return form


def new_events(
    sent: tuple[Any, ...], history: tuple[Any, ...], engine: bool = False
) -> tuple[int, tuple[Any, ...] | list[Any], bool]:
    """What a child that holds the events ``sent`` lacks of ``history``.

    Args:
        sent: The history sent to the child last.
        history: The view's whole history.
        engine: ``history`` is a hand state's own (the engine gives each
            event field one type).  Else (an observation a caller built may
            hold events equal to the engine's in value with fields of other
            types: ``1`` for ``True``, ``5.0`` for ``5``) the forms go in a
            list, which the child decodes without keeping them
            (:func:`decode_events_once`).

    Returns:
        ``(start, encoded, plain)``: the index from which the child must
        replace its events (``len(sent)`` when ``history`` extends ``sent``,
        else 0), the compact form (:func:`compact.encode_events`) of
        ``history[start:]`` (a tuple, or a list when not ``engine``), and
        whether every one of them is plain built-in values (see
        :func:`compact.pack`).
    """
    start = len(sent)
    if start > len(history) or not all(map(_is, sent, history)):
        start = 0
    forms = compact.encode_events(history[start:])
    encoded = forms if engine else list(forms)
    return start, encoded, all(form.__class__ is tuple for form in encoded)


def state_parts(state: HandState, seat: int, hand_number: int | None) -> Parts:
    """The view of ``seat`` (what ``observe(state, seat, hand_number=...)``
    holds) as plain values, read straight from the state.

    Args:
        state: The hand (trusted: the engine's own state, never a bot's).
        seat: The observing seat (a seat of the table: not checked here).
        hand_number: The number stamped on the view, or ``None``.

    Returns:
        ``(static, dynamic)`` (see the module): :func:`static_part` and
        :func:`dynamic_part`.
    """
    return static_part(state, seat, hand_number), dynamic_part(state, seat)


def static_part(state: HandState, seat: int, hand_number: int | None) -> tuple[Any, ...]:
    """The static part of ``seat``'s view: a function of the state's config
    and deal (the same objects all hand long), the seat and the hand number
    only, so a caller may keep it while those stay the same.

    Args:
        state: The hand (trusted).
        seat: The observing seat (not checked here).
        hand_number: The number stamped on the view, or ``None``.
    """
    config = state.config
    return (
        seat,
        _codes(state.hole_cards[seat]),
        config.button,
        config.small_blind_seat,
        config.big_blind_seat,
        config.big_blind,
        config.small_blind,
        config.ante,
        config.betting._value_,
        len(config.stacks),
        hand_number,
        config.stacks,
    )


def dynamic_part(state: HandState, seat: int) -> tuple[Any, ...]:
    """The dynamic part of ``seat``'s view, read from the state's own fields
    (one per decision).

    Args:
        state: The hand (trusted).
        seat: The observing seat (not checked here).
    """
    to_act = state.to_act
    boards = state.boards
    contributions = state.contributions
    return (
        _codes(state.board),
        state.stacks,
        state.bets,
        contributions,
        sum(contributions),
        to_act,
        tuple(legal_actions(state)) if to_act == seat else None,
        state.street.value,
        state.folded,
        state.all_in,
        _shown(state.shown_cards),
        state.call_to,
        None if len(boards) == 1 else tuple(map(_codes, boards)),
    )


NOTHING_HELD: tuple[Any, ...] = (None, None, None, None)
"""The :class:`Held` key of a lane that holds no static part."""


class Held:
    """What one lane of a child holds: the history sent to it last and the
    static part of its view, with what that part was built from (the state's
    deal and config objects, the seat, the hand number), so that a request
    sends only what the lane lacks."""

    __slots__ = ("sent", "static", "key")

    def __init__(self) -> None:
        self.sent: tuple[Any, ...] = ()
        self.static: tuple[Any, ...] = ()
        self.key: tuple[Any, ...] = NOTHING_HELD

    def parts(
        self, state: HandState, seat: int, hand_number: int | None
    ) -> tuple[tuple[Any, ...] | None, tuple[Any, ...], tuple[Any, ...]]:
        """``(static, dynamic, key)`` of ``seat``'s view of ``state``
        (this module); ``static`` is ``None`` when
        the lane holds it (the same hand and seat)."""
        key = self.key
        hole, config = state.hole_cards, state.config  # (the same objects all hand long)
        if key[0] is hole and key[1] is config and key[2] == seat and key[3] == hand_number:
            static = None
        else:
            static = static_part(state, seat, hand_number)
            key = (hole, config, seat, hand_number)
        return static, dynamic_part(state, seat), key

    def request(
        self,
        lane: int,
        seq: int,
        op: int,
        history: tuple[Any, ...],
        static: tuple[Any, ...] | None,
        dynamic: bytes | tuple[Any, ...],
        extra: object,
        key: tuple[Any, ...] = NOTHING_HELD,
        engine: bool = False,
    ) -> tuple[tuple[Any, ...], bool]:
        """One request for the lane (see :mod:`~pokerkit_core.players.isolation_child`),
        and whether it is plain built-in values; the lane now holds what it
        sends.  ``static`` ``None``: the one the lane holds; ``engine``:
        ``history`` is a hand state's own (see :func:`new_events`)."""
        start, new, plain = new_events(self.sent, history, engine)
        send = self.hold(history, static, key)
        return (lane, seq, op, start, new, send, dynamic, extra), plain

    def hold(
        self, history: tuple[Any, ...], static: tuple[Any, ...] | None, key: tuple[Any, ...]
    ) -> tuple[Any, ...] | None:
        """The lane is sent ``history`` and ``static`` (``None``: the one it
        holds; ``key``: what it was built from): it now holds them.  Returns
        the static part to put on the wire, or ``None`` when the lane already
        holds an equal one."""
        send = None if static is None or static == self.static else static
        self.sent = history
        if static is not None:
            self.static, self.key = static, key
        return send

    def forget(self) -> None:
        """The lane was rebuilt: it holds nothing."""
        self.sent, self.static, self.key = (), (), NOTHING_HELD


def observation_parts(observation: Observation) -> Parts:
    """The same plain values from an :class:`Observation` (a caller that
    built one itself).

    Args:
        observation: Any observation.

    Returns:
        ``(static, dynamic)`` (see the module).
    """
    o = observation
    static = (
        o.seat,
        _codes(o.hole_cards),
        o.button,
        o.small_blind_seat,
        o.big_blind_seat,
        o.big_blind,
        o.small_blind,
        o.ante,
        o.betting._value_,
        o.seat_count,
        o.hand_number,
        o.starting_stacks,
    )
    legal = o.legal
    boards = o.boards
    dynamic = (
        _codes(o.board),
        o.stacks,
        o.bets,
        o.contributions,
        o.pot,
        o.to_act,
        None if legal is None else tuple(legal),
        o.street._value_,
        o.folded,
        o.all_in,
        _shown(o.shown_cards),
        o.call_to,
        None if len(boards) <= 1 else tuple(map(_codes, boards)),
    )
    return static, dynamic


def _cards(codes: bytes) -> tuple[Card, ...]:
    cards = _CARD_CACHE.get(codes)
    if cards is None:
        cards = tuple(map(CARDS.__getitem__, codes))
        if len(_CARD_CACHE) < _CARD_CACHE_LIMIT:
            _CARD_CACHE[codes] = cards
    return cards


def decode_static(static: tuple[Any, ...]) -> tuple[Any, ...]:
    """The static part with its cards and enum decoded (done once a hand)."""
    values = list(static)
    values[1] = _cards(values[1])
    values[8] = _BETTINGS[values[8]]
    return tuple(values)


def _shown_cards(shown: tuple[bytes | None, ...]) -> tuple[tuple[Card, ...] | None, ...]:
    cards = _SHOWN_CACHE.get(shown)
    if cards is None:
        cards = tuple(None if codes is None else _cards(codes) for codes in shown)
        if len(_SHOWN_CACHE) < _SHOWN_CACHE_LIMIT:
            _SHOWN_CACHE[shown] = cards
    return cards


def rebuild(static: tuple[Any, ...], dynamic: tuple[Any, ...], history: tuple[Any, ...]) -> Observation:
    """The :class:`Observation` of a decoded static part
    (:func:`decode_static`), a dynamic part and the whole
    history.

    Raises:
        Exception: Malformed parts (a bug on the wire: the child reports it
            and ends).
    """
    seat, hole, button, sb_seat, bb_seat, big_blind, small_blind, ante, betting, n, number, starting = static
    board, stacks, bets, contribs, pot, to_act, legal, street, folded, all_in, shown, call_to, boards = dynamic
    board_cards = _cards(board)
    if legal is not None:
        if len(legal) != _LEGAL_FIELDS:
            raise ValueError(f"legal actions of {len(legal)} fields")
        legal = _new_tuple(LegalActions, legal)
    return new_observation(
        seat,
        hole,
        board_cards,
        history,
        stacks,
        bets,
        contribs,
        pot,
        to_act,
        legal,
        button,
        sb_seat,
        bb_seat,
        big_blind,
        small_blind,
        ante,
        _STREETS[street],
        betting,
        folded,
        all_in,
        n,
        number,
        _shown_cards(shown),
        call_to,
        starting,
        (board_cards,) if boards is None else tuple(map(_cards, boards)),
    )


def decode_events_once(encoded: tuple[Any, ...] | list[Any], seen: dict[Any, Any]) -> tuple[Any, ...]:
    """The events of ``encoded`` (:func:`compact.decode_events`), each kept by
    its encoded form: the same action or deal recurs hand after hand, and an
    event is an immutable value, so the child decodes each form once.  Forms
    in a list (:func:`new_events` of a history a caller built) are decoded
    anew, neither taken from ``seen`` nor kept: equal in value to the
    engine's, they may hold fields of other types."""
    if encoded.__class__ is list:
        return compact.decode_events(tuple(encoded))
    events_: list[Any] = []
    for item in encoded:
        try:
            event = seen.get(item)
        except TypeError:  # an unhashable event of a kind the codec does not know
            event = None
        if event is None:
            event = compact.decode_events((item,))[0]
            if len(seen) < _EVENT_CACHE_LIMIT and item.__class__ is tuple:
                seen[item] = event
        events_.append(event)
    return tuple(events_)


class Frames:
    """Requests read straight from the pipe's descriptor: one ``read`` per
    request (or fewer), each frame a 4-byte big-endian length and the bytes,
    as :class:`multiprocessing.connection.Connection` frames them."""

    def __init__(self, fd: int) -> None:
        self._fd = fd
        self._buffer = b""

    def next(self) -> bytes | None:
        """The next request, or ``None`` at end-of-file."""
        buffer = self._buffer
        while True:
            if len(buffer) >= 4:
                size = int.from_bytes(buffer[:4], "big")
                if len(buffer) >= 4 + size:
                    self._buffer = buffer[4 + size :]
                    return buffer[4 : 4 + size]
            try:
                chunk = os.read(self._fd, _READ_BYTES)
            except OSError:
                return None
            if not chunk:
                return None
            buffer += chunk


def write_all(fd: int, data: bytes) -> None:
    """Write ``data`` whole (one ``write`` for any frame under the pipe's
    buffer size)."""
    written = os.write(fd, data)
    if written < len(data):  # a frame over the pipe's buffer: the rest as it drains
        view = memoryview(data)[written:]
        while view:
            view = view[os.write(fd, view) :]
