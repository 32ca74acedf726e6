"""The replayer: step through the hands of an uploaded PHH / PHHS file or ACPC log.

Each hand is played through the rules engine with
:func:`~pokerkit_core.formats.replay.replay` (the same replay as
``pokerkit-core replay``), one recorded entry at a time; every step is sent
as a spectator's observation plus the hole cards the file itself shows.  A
room's own hands come here through :meth:`~.lobby.Lobby.phhs`, which writes
every unshown card as unknown, so a replay of a running room reveals nothing.
Uploads are kept in the server's database (:mod:`.store`), so a replay's link
still works after a restart.

Uploads are limited per client (:class:`UploadWindow`): at most
:data:`~.limits.REPLAY_UPLOADS_PER_WINDOW` in any
:data:`~.limits.REPLAY_UPLOAD_WINDOW_SECONDS`, and at most
:data:`~.limits.MAX_STORED_REPLAYS_PER_CLIENT` of the kept
:data:`~.limits.MAX_STORED_REPLAYS` (:meth:`.store.Store.save_replay`), so
one client cannot push the others' replays out.  A client is the address the
connection comes from (the ASGI scope's ``client`` host): behind a reverse
proxy that is the proxy's address, so every visitor shares one quota there.
"""

from __future__ import annotations

import asyncio
import dataclasses
import io
import math
import secrets
import time
from collections import OrderedDict, deque
from typing import Any

from ..errors import CardError, HistoryParseError, InvalidConfigError
from ..formats import acpc, phh
from ..formats.model import DealBoard, DealHole, HandHistory, Move
from ..formats.replay import replay
from ..engine.observation import observe
from ..engine.state import HandState
from ..tables.play import describe_event
from .limits import (
    MAX_CACHED_STEPS,
    MAX_REPLAY_ENTRIES,
    MAX_REPLAYS,
    MAX_STORED_REPLAYS,
    MAX_STORED_REPLAYS_PER_CLIENT,
    REPLAY_UPLOAD_WINDOW_SECONDS,
    REPLAY_UPLOADS_PER_WINDOW,
)
from .protocol import ProtocolError
from .store import Store
from .views import spectator_data

__all__ = ["Replays", "UploadWindow", "read_histories", "hand_steps", "REPLAY_FORMATS"]

REPLAY_FORMATS: tuple[str, ...] = ("phh", "phhs", "acpc")
"""Formats ``POST /api/replays`` reads."""


def _bad(exc: Exception) -> ProtocolError:
    return ProtocolError("bad_history", str(exc))


def read_histories(text: str, fmt: str) -> list[HandHistory]:
    """The hands of an uploaded file.

    Args:
        text: The file's text.  An ACPC log is preceded by its game
            definition (``GAMEDEF`` ... ``END GAMEDEF``, the ``.game``
            file's text).
        fmt: ``"phh"``, ``"phhs"`` (also reads a single PHH hand) or ``"acpc"``.

    Returns:
        The hands, in file order.

    Raises:
        ProtocolError: ``bad_message`` an unknown format, ``bad_history``
            a file that does not read (the parser's message, with its line).
    """
    if fmt not in REPLAY_FORMATS:
        raise ProtocolError("bad_message", f"format must be one of {', '.join(REPLAY_FORMATS)}")
    try:
        if fmt == "phh":
            return [phh.loads(text)]
        if fmt == "phhs":
            return list(phh.iter_hands(io.StringIO(text)))
        end = text.find("END GAMEDEF")
        if end < 0:
            raise ProtocolError(
                "bad_history",
                "an ACPC log needs its game: send the .game file's text (GAMEDEF ... "
                "END GAMEDEF) followed by the log",
            )
        cut = end + len("END GAMEDEF")
        game = acpc.parse_game(text[:cut])
        log = acpc.load(io.StringIO(text[cut:]))
        return [line.to_history(game) for line in log.states]
    except (HistoryParseError, InvalidConfigError, CardError) as exc:
        raise _bad(exc) from None


def _holes(state: HandState, hand: HandHistory) -> list[list[str] | None]:
    known = {tuple(e.cards) for e in hand.entries if isinstance(e, DealHole) and e.cards is not None}
    out: list[list[str] | None] = []
    for cards in state.hole_cards:
        out.append([str(c) for c in cards] if cards is not None and tuple(cards) in known else None)
    return out


def hand_steps(hand: HandHistory) -> list[dict[str, Any]]:
    """Every step of one hand: after the deal, then after each later entry.

    Args:
        hand: The recorded hand.

    Returns:
        One ``{"text", "observation", "holes"}`` per step (``docs/web.rst``),
        the last one ``{"text": "end", ..., "results": [chips per seat]}``
        (or ``"error"`` with the replay's message when a move is refused).
        A step's ``text`` reads like the table's hand log, with the
        players' names (``Seat 1`` ... when the file names none): every
        event the entry brought, e.g. ``"Bob calls 200 · Flop: Tc As Jd"``
        (an action that closes a street deals the next board with it).
        Every action entry has its own step.

    Raises:
        ProtocolError: ``bad_history``: the hand cannot be dealt, or it has
            more than :data:`~.limits.MAX_REPLAY_ENTRIES` entries (each step
            carries the hand so far, so the reply grows with the square of
            the hand's length).
    """
    entries = hand.entries
    if len(entries) > MAX_REPLAY_ENTRIES:
        raise ProtocolError("bad_history", f"the hand has {len(entries)} entries; the replayer "
                            f"shows hands of at most {MAX_REPLAY_ENTRIES}")
    first = 0
    while first < len(entries) and isinstance(entries[first], DealHole):
        first += 1
    states: list[HandState] = []  # states[k]: the hand after its first k entries
    try:  # one replay for every step (linear in the hand's length)
        result = replay(dataclasses.replace(hand, finishing_stacks=None),
                        on_entry=lambda played, state: states.append(state))
    except (HistoryParseError, CardError) as exc:
        raise _bad(exc) from None
    steps: list[dict[str, Any]] = []
    last: HandState | None = None
    seats = len(hand.starting_stacks)
    names = [hand.players[i] if i < len(hand.players) and hand.players[i] else f"Seat {i + 1}"
             for i in range(seats)]
    for stop in range(first, len(entries) + 1):
        if stop >= len(states):  # the replay stopped before this entry
            steps.append({"text": "error", "error": result.error or "cannot deal",
                          "observation": None, "holes": None})
            return steps
        state = states[stop]
        if last is not None and state.history == last.history:
            continue  # an entry with nothing new to show (e.g. a board or show already dealt)
        if last is None:
            text = "deal: " + " · ".join(
                line for e in state.history if (line := describe_event(e, names)) is not None)
        else:
            new = state.history[len(last.history):]
            text = " · ".join(line for e in new if (line := describe_event(e, names)) is not None)
            text = text or str(entries[stop - 1])  # pragma: no cover - every event has a line
        steps.append({"text": text, "observation": spectator_data(observe(state, 0)),
                      "holes": _holes(state, hand)})
        last = state
    if last is not None:
        results = [int(s) - int(b) if isinstance(s, int) else str(s - b)
                   for s, b in zip(last.stacks, last.config.stacks)]
        steps.append({"text": "end", "observation": spectator_data(observe(last, 0)),
                      "holes": _holes(last, hand), "results": results})
    return steps


class UploadWindow:
    """A sliding window of each client's uploads: at most ``uploads`` in any
    ``seconds``.

    The clock is :func:`time.monotonic` (looked up at each call, so tests can
    fake this module's ``time``).  A client whose last upload left the window
    is forgotten, so the memory held is one entry per client that uploaded
    within the window.

    Args:
        uploads: Uploads a client may make in the window.
        seconds: The window's length, seconds.
    """

    def __init__(self, uploads: int = REPLAY_UPLOADS_PER_WINDOW,
                 seconds: float = REPLAY_UPLOAD_WINDOW_SECONDS) -> None:
        self.uploads, self.seconds = uploads, seconds
        self._times: OrderedDict[str, deque[float]] = OrderedDict()  # the least recent first

    def take(self, client: str) -> None:
        """Count one upload of ``client``, or refuse it.

        Args:
            client: The client's address.

        Raises:
            ProtocolError: ``too_many`` (429): the client made ``uploads``
                uploads in the last ``seconds``; ``retry_after`` says in how
                many whole seconds the oldest of them leaves the window.
                Nothing is counted.
        """
        now = time.monotonic()
        start = now - self.seconds
        while self._times:  # forget the clients that did not upload within the window
            first = next(iter(self._times.values()))
            if first[-1] > start:
                break
            self._times.popitem(last=False)
        times = self._times.pop(client, deque())
        while times and times[0] <= start:
            times.popleft()
        self._times[client] = times
        if len(times) >= self.uploads:
            wait = max(1, math.ceil(times[0] - start))
            raise ProtocolError(
                "too_many", f"at most {self.uploads} uploads in {self.seconds:g} seconds from one "
                f"address; try again in {wait} seconds", 429, retry_after=wait)
        times.append(now)


class Replays:
    """Uploaded replays: every file kept in the store, the most recently used
    :data:`~.limits.MAX_REPLAYS` kept read in memory; each client's uploads
    limited (module docstring).

    Args:
        store: Where uploads are kept (they survive a restart of the
            server); ``None`` keeps them in memory only.
    """

    def __init__(self, store: Store | None = None) -> None:
        self._store = store
        self.uploads = UploadWindow()
        self._items: OrderedDict[str, list[HandHistory]] = OrderedDict()
        self._steps: OrderedDict[tuple[str, int], list[dict[str, Any]]] = OrderedDict()

    async def add_async(self, text: str, fmt: str, client: str = "") -> dict[str, Any]:
        """:meth:`add`, reading the file in a worker thread (a large upload
        takes seconds to read: the event loop goes on meanwhile); returns and
        raises as :meth:`add`.  The upload is counted (:class:`UploadWindow`)
        before it is read."""
        self.uploads.take(client)
        return self.add(text, fmt, await asyncio.to_thread(read_histories, text, fmt), client)

    def add(self, text: str, fmt: str, hands: list[HandHistory] | None = None,
            client: str = "") -> dict[str, Any]:
        """Read an upload and keep it; the ``POST /api/replays`` reply.

        Args:
            text: The file's text.
            fmt: One of :data:`REPLAY_FORMATS`.
            hands: ``read_histories(text, fmt)`` when the caller has read it.
            client: The uploader's address: its stored share is capped
                (:meth:`.store.Store.save_replay`).  The upload window is
                :meth:`add_async`'s.

        Raises:
            ProtocolError: As :func:`read_histories`; ``bad_history`` for a
                file without hands.
        """
        if hands is None:
            hands = read_histories(text, fmt)
        if not hands:
            raise ProtocolError("bad_history", "the file holds no hand")
        replay_id = secrets.token_hex(8)
        if self._store is not None:
            self._store.save_replay(replay_id, time.time(), fmt, text, MAX_STORED_REPLAYS,
                                    client=client, keep_per_client=MAX_STORED_REPLAYS_PER_CLIENT)
        self._keep(replay_id, hands)
        return {"replay": replay_id, "hands": [
            {"index": i, "label": str(h.hand_id) if h.hand_id is not None else str(i + 1),
             "seats": len(h.starting_stacks), "names": list(h.players),
             "actions": sum(1 for e in h.entries if isinstance(e, Move))}
            for i, h in enumerate(hands)
        ]}

    def _keep(self, replay_id: str, hands: list[HandHistory]) -> None:
        self._items[replay_id] = hands
        self._items.move_to_end(replay_id)
        while len(self._items) > MAX_REPLAYS:
            old, _ = self._items.popitem(last=False)
            self._steps = OrderedDict((k, v) for k, v in self._steps.items() if k[0] != old)

    def _hands(self, replay_id: str) -> list[HandHistory] | None:
        hands = self._items.get(replay_id)
        if hands is not None:
            self._items.move_to_end(replay_id)
            return hands
        stored = None if self._store is None else self._store.replay(replay_id)
        if stored is None:
            return None
        try:
            hands = read_histories(stored[1], stored[0])
        except ProtocolError:  # read when uploaded: not expected
            return None
        self._keep(replay_id, hands)
        return hands

    async def hand_async(self, replay_id: str, index: int) -> dict[str, Any]:
        """One hand's steps, the hand replayed in a worker thread (the event
        loop goes on meanwhile); the ``GET /api/replays/{id}/hands/{index}``
        reply.

        Raises:
            ProtocolError: ``no_replay`` (404) unknown replay or hand index;
                as :func:`hand_steps`.
        """
        hands = self._hands(replay_id)
        if hands is None or not 0 <= index < len(hands):
            raise ProtocolError("no_replay", f"no hand {index} in replay {replay_id[:40]!r}", 404)
        key = (replay_id, index)
        steps = self._steps.get(key)
        if steps is None:
            steps = await asyncio.to_thread(hand_steps, hands[index])
        self._steps[key] = steps
        self._steps.move_to_end(key)
        while len(self._steps) > MAX_CACHED_STEPS:  # the least recently used go
            self._steps.popitem(last=False)
        hand = hands[index]
        return {"index": index, "label": str(hand.hand_id) if hand.hand_id is not None else str(index + 1),
                "names": list(hand.players), "steps": steps}
