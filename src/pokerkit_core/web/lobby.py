"""Every room of the server: creation, seats and tokens, timers, saving, sending.

The lobby runs in the server's event loop.  Each change to a room (a deal, an
action, a time-out, a join) is made by one synchronous call, then the room is
saved (:mod:`.store`), every connection of the room is sent its own ``state``
(:meth:`~.rooms.Room.state_message`) and the room's one timer is set again:
a person's time to act, or the pause before the next deal.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import time
from typing import Any, Coroutine, Iterator

from ..errors import PokerError
from ..formats import phh
from ..formats.serialize import loads as load_value
from ..engine.state import HandState
from .computer import ComputerPool
from .connections import Connection
from .limits import (
    EXPIRY_CHECK_SECONDS,
    FINISHED_ROOM_SECONDS,
    IDLE_ROOM_SECONDS,
    MAX_ROOMS,
    WEB_PROTOCOL_VERSION,
)
from .protocol import (
    ActionMessage,
    ChatMessage,
    ChipsMessage,
    Hello,
    HostRequest,
    TwiceMessage,
    JoinRequest,
    Message,
    Ping,
    ProtocolError,
    RoomRequest,
    SeatMessage,
)
from .rooms import Room, hash_token
from .store import Store
from .views import masked_history

__all__ = ["Lobby", "MIN_COMPUTER_PAUSE"]

_COLON = "\ua789"
"""What a name's ``:`` is written as in a PokerStars text (the modifier letter
colon, ``꞉``: the format reads ``name: action``)."""

log = logging.getLogger(__name__)

MIN_COMPUTER_PAUSE = 1.0
"""Seconds between hands at a table without people (so it does not spin)."""


def _dumps(message: dict[str, Any]) -> str:
    return json.dumps(message, separators=(",", ":"))


class Lobby:
    """The rooms of one server.

    Args:
        store: Where rooms and hands are kept.
        pool: Where the computer seats decide (default: a new
            :class:`~.computer.ComputerPool`).
    """

    def __init__(self, store: Store, pool: ComputerPool | None = None) -> None:
        self.store = store
        self.pool = ComputerPool() if pool is None else pool
        self._tasks: set[asyncio.Task[None]] = set()
        self.rooms: dict[str, Room] = {}
        self._connections: dict[str, set[Connection]] = {}
        self._timers: dict[str, asyncio.TimerHandle] = {}
        self._stored: dict[str, int] = {}
        self._saved: dict[str, tuple[int, bool]] = {}  # (hands, hand over) at the last full save
        self._pending: dict[str, Room] = {}  # rooms whose progress row is not written yet

    # -- start and stop --------------------------------------------------

    def load(self) -> None:
        """Restore every saved room and start its timers (call in the event loop)."""
        for room_id, created, data in self.store.rooms():
            hands = self.store.hands(room_id)
            try:
                room = Room.load(room_id, created, data, hands[-1][1] if hands else None,
                                 self.store.progress(room_id), self.pool)
            except (PokerError, KeyError, TypeError, ValueError) as exc:
                log.error("room %s does not restore: %s", room_id, exc)
                continue
            self.rooms[room_id] = room
            self._stored[room_id] = len(hands)
            if not room.session.is_between_hands and room.session.to_act is None:
                self._spawn(self._resume(room))  # an interrupted computer seat acts again
            else:  # the saved countdown goes on (Room.resume_clock)
                self._schedule(room, decision=room.deadline is None)

    def close(self) -> None:
        """Write what is pending, stop the timers and tasks, close every connection."""
        self._flush()
        for task in self._tasks:
            task.cancel()
        self.pool.close()
        for timer in self._timers.values():
            timer.cancel()
        self._timers.clear()
        for conns in self._connections.values():
            for conn in conns:
                conn.close()

    # -- lobby requests ----------------------------------------------------

    def connected(self, room_id: str) -> set[int]:
        """Seats of the room held by at least one connection now."""
        return {c.seat for c in self._connections.get(room_id, ()) if c.seat is not None}

    def room(self, room_id: str) -> Room:
        """The room; ``ProtocolError`` ``no_room`` (404) if there is none."""
        room = self.rooms.get(room_id)
        if room is None:
            raise ProtocolError("no_room", f"no room {room_id[:40]!r}", 404)
        return room

    def summary(self, room: Room) -> dict[str, Any]:
        """The room's ``RoomSummary``."""
        return room.summary(self.connected(room.id))

    def summaries(self) -> list[dict[str, Any]]:
        """Every room's summary, newest first."""
        rooms = sorted(self.rooms.values(), key=lambda r: r.created, reverse=True)
        return [self.summary(r) for r in rooms]

    def create(self, request: RoomRequest) -> dict[str, Any]:
        """Create a room (and take a seat if asked); the ``POST /api/rooms`` reply.

        Raises:
            ProtocolError: ``too_many`` (429) the server holds
                :data:`~.limits.MAX_ROOMS`; the errors of
                :meth:`.rooms.Room.create` and :meth:`.rooms.Room.join`.
        """
        if len(self.rooms) >= MAX_ROOMS:
            raise ProtocolError("too_many", f"this server holds {MAX_ROOMS} rooms already", 429)
        room_id = secrets.token_hex(4)
        while room_id in self.rooms:
            room_id = secrets.token_hex(4)
        room = Room.create(room_id, request, self.pool)
        owner = secrets.token_urlsafe(32)
        room.owner_hash = hash_token(owner)
        reply: dict[str, Any] = {"owner_token": owner}
        if request.sit is not None:
            seat, token = room.join(request.sit, host=True)
            reply.update(seat=seat, token=token)
        self.rooms[room_id] = room
        self._stored[room_id] = 0
        self._changed(room, decision=True)
        return {"room": self.summary(room), **reply}

    def join(self, room_id: str, request: JoinRequest) -> dict[str, Any]:
        """Take an open seat; the ``POST /api/rooms/{id}/join`` reply.

        Raises:
            ProtocolError: ``no_room``, and the errors of :meth:`.rooms.Room.join`.
        """
        room = self.room(room_id)
        seat, token = room.join(request)
        self._changed(room, decision=False)
        return {"room": self.summary(room), "seat": seat, "token": token}

    def close_room(self, room_id: str, token: str) -> None:
        """The creator closes the room (``POST /api/rooms/{id}/close``).

        The room, its hands and its saved state are deleted; its connections
        are sent ``{"type": "closed"}`` and closed.  A hand in progress is
        not finished (its chips were never anyone's to cash out: rules
        section 3).

        Raises:
            ProtocolError: ``no_room`` (404); ``not_owner`` (403) the token
                is not the one the room's creation reply gave.
        """
        room = self.room(room_id)
        if not room.is_owner(token):
            raise ProtocolError("not_owner", "only the room's creator (its owner_token) closes it", 403)
        self._remove(room, "closed by its creator")

    def host(self, room_id: str, request: HostRequest) -> dict[str, Any]:
        """A host's action (``POST /api/rooms/{id}/host``); the reply.

        Every action is checked as hostile input: only the holder of the
        room's owner token (the creator, or whom they passed it to) may use
        them, and a refused action changes nothing.  ``transfer`` gives the
        host's role to the person at ``seat``: a new owner token is sent to
        that seat's connections (``{"type": "host", "owner_token": ...}``)
        and the old one stops working.  ``close`` is :meth:`close_room`.

        Raises:
            ProtocolError: ``no_room`` (404); ``not_owner`` (403) the token
                is not the owner token; ``not_connected`` (409) a transfer to
                a seat with no person connected; the errors of
                :meth:`.rooms.Room.host`.
        """
        room = self.room(room_id)
        if not room.is_owner(request.token):
            raise ProtocolError("not_owner", "only the room's host (its owner_token) may do this", 403)
        if request.action == "close":
            self._remove(room, "closed by its creator")
            return {"closed": room_id}
        if request.action == "transfer":
            seat = request.seat
            for conn in self._connections.get(room_id, ()):
                self._check_seat(room, conn)
            conns = [c for c in self._connections.get(room_id, ()) if c.seat == seat and c.greeted]
            if seat is None or not conns or room.seats[seat].player != "human":
                raise ProtocolError("not_connected", f"nobody is connected at seat {seat}", 409)
            owner = secrets.token_urlsafe(32)
            room.owner_hash = hash_token(owner)
            text = _dumps({"type": "host", "room": room_id, "owner_token": owner})
            for conn in conns:
                conn.send(text)
            room.version += 1
            self._changed(room, decision=False)
            return {"room": self.summary(room), "host_seat": seat}
        room.host(request)
        self._changed(room, decision=False)
        return {"room": self.summary(room)}

    def expire(self, now: float) -> list[str]:
        """Delete the rooms that are finished or idle for too long.

        A finished room goes :data:`~.limits.FINISHED_ROOM_SECONDS` after
        its last change; any room with nobody connected goes
        :data:`~.limits.IDLE_ROOM_SECONDS` after its last change.

        Args:
            now: Seconds since the epoch.

        Returns:
            The ids of the rooms deleted.
        """
        gone = []
        for room in list(self.rooms.values()):
            age = now - room.touched
            idle = not self._connections.get(room.id)
            if (room.status == "over" and age >= FINISHED_ROOM_SECONDS) or (
                idle and age >= IDLE_ROOM_SECONDS
            ):
                self._remove(room, "expired")
                gone.append(room.id)
        return gone

    async def expire_forever(self) -> None:
        """:meth:`expire` every :data:`~.limits.EXPIRY_CHECK_SECONDS` (the server's task)."""
        while True:
            await asyncio.sleep(EXPIRY_CHECK_SECONDS)
            self.expire(time.time())

    def _remove(self, room: Room, reason: str) -> None:
        timer = self._timers.pop(room.id, None)
        if timer is not None:
            timer.cancel()
        self._pending.pop(room.id, None)
        del self.rooms[room.id]
        self._stored.pop(room.id, None)
        self._saved.pop(room.id, None)
        self.store.delete_room(room.id)
        text = _dumps({"type": "closed", "room": room.id, "reason": reason})
        for conn in self._connections.pop(room.id, set()):
            conn.send(text)
            conn.close()

    def ledger(self, room_id: str) -> list[dict[str, Any]]:
        """The room's ledger."""
        return self.room(room_id).ledger()

    def accounts(self, room_id: str) -> dict[str, Any]:
        """The ``GET /api/rooms/{id}/ledger`` reply: the ledger, the chip log
        (every buy-in and cash-out) and the settlement (who pays whom)."""
        room = self.room(room_id)
        return {"ledger": room.ledger(), "chip_log": room.chips.data(),
                "settlement": room.settlement()}

    def pokerstars(self, room_id: str, token: str | None = None) -> str:
        """The room's finished hands in the PokerStars text format
        (:mod:`pokerkit_core.formats.pokerstars_out`); hidden cards as for
        :meth:`phhs`.  A colon in a player's name (the format's separator
        of name and action) is written as the modifier letter colon ``꞉``.
        Each hand names the players who sat in it (:meth:`.rooms.Room.names_at`)."""
        from ..formats.pokerstars_out import dumps_all

        room = self.room(room_id)
        seat = None if token is None else room.seat_of(token)
        states = list(self.hands(room_id))
        hand_names = [[name.replace(":", _COLON) for name in room.names_at(number)]  # "name: action"
                      for number in range(1, len(states) + 1)]
        return dumps_all(states, room.names(), table=room.name,
                         reveal=() if seat is None else (seat,), room_id=room.id,
                         reveal_after=0 if seat is None else room.seated_since(seat),
                         hand_names=hand_names)

    def hands(self, room_id: str) -> Iterator[HandState]:
        """The room's finished hands' final states, first first."""
        for _number, text in self.store.hands(self.room(room_id).id):
            state = load_value(text)
            if isinstance(state, HandState):
                yield state

    def phhs(self, room_id: str, token: str | None = None) -> str:
        """The room's finished hands as PHHS, unshown hole cards unknown.

        Args:
            room_id: The room.
            token: A seat's token: that seat's own cards are written too,
                in the hands played since its holder sat down (never those
                of whoever had the seat before: :meth:`.rooms.Room.seated_since`).
        """
        room = self.room(room_id)
        seat = None if token is None else room.seat_of(token)
        since = 0 if seat is None else room.seated_since(seat)
        hands = [
            masked_history(state, room.names_at(number), number,
                           () if seat is None or number <= since else (seat,))
            for number, state in enumerate(self.hands(room_id), start=1)
        ]
        return phh.dumps_all(hands)

    # -- connections --------------------------------------------------------

    def attach(self, conn: Connection) -> None:
        """Register a new connection of ``conn.room_id``.

        Raises:
            ProtocolError: ``no_room``.
        """
        self.room(conn.room_id)
        self._connections.setdefault(conn.room_id, set()).add(conn)

    def detach(self, conn: Connection) -> None:
        """Forget a closed connection (its seat plays on, with time-outs)."""
        conns = self._connections.get(conn.room_id)
        if conns is not None:
            was = self.connected(conn.room_id)
            conns.discard(conn)
            if self.connected(conn.room_id) != was and conn.room_id in self.rooms:
                self._broadcast(self.rooms[conn.room_id])  # a seat went offline

    async def handle(self, conn: Connection, message: Message) -> None:
        """Act on one checked message of a connection.

        Raises:
            ProtocolError: The message is refused (nothing changed): see
                ``docs/web.rst`` for the codes.
        """
        room = self.room(conn.room_id)
        if isinstance(message, Ping):
            conn.send(_dumps({"type": "pong"}))
            return
        if isinstance(message, Hello):
            seat = None
            if message.token is not None:
                seat = room.seat_of(message.token)
                if seat is None:
                    conn.seat, conn.greeted = None, True
                    raise ProtocolError("bad_token", "that token is not a seat's token of this room; you are watching")
            was = self.connected(room.id)
            conn.seat, conn.greeted = seat, True
            conn.token_hash = None if seat is None else room.seats[seat].token_hash
            conn.send(_dumps({"type": "welcome", "protocol": WEB_PROTOCOL_VERSION, "seat": seat,
                              "room": self.summary(room), "chat": list(room.chat.lines)}))
            if self.connected(room.id) != was:  # a seat came online: everyone sees it
                self._broadcast(room)
            else:
                conn.send(room.state_texts([seat], self.connected(room.id))[seat])
            return
        if not conn.greeted:
            raise ProtocolError("hello_first", 'send {"type": "hello"} first')
        self._check_seat(room, conn)
        if conn.seat is None:
            raise ProtocolError("not_seated", "spectators do not act: join a seat to play")
        if isinstance(message, ActionMessage):
            async with room.lock:  # after any move of the room under way
                await room.act(conn.seat, message.hand, message.action)
            conn.limiter.refund()
            self._changed(room, decision=True, action=True)
        elif isinstance(message, SeatMessage):
            room.ask_sit_out(conn.seat, message.sit_out)
            self._changed(room, decision=False)
        elif isinstance(message, ChipsMessage):
            room.ask_chips(conn.seat, message.chips)
            self._changed(room, decision=False)
        elif isinstance(message, TwiceMessage):
            async with room.lock:
                await room.agree_twice(conn.seat, message.agree)
            self._changed(room, decision=True, action=True)
        elif isinstance(message, ChatMessage):
            if room.seats[conn.seat].pending:
                raise ProtocolError("not_seated", "the host has not seated you yet")
            text = _dumps(room.say(conn.seat, message.text))
            for other in self._connections.get(room.id, ()):
                if other.greeted:
                    other.send(text)

    # -- changes, timers ------------------------------------------------------

    def _changed(self, room: Room, *, decision: bool, action: bool = False) -> None:
        if self.rooms.get(room.id) is not room:  # closed while its hand moved
            return
        room.seq += 1
        room.touched = time.time()
        self._schedule(room, decision=decision)  # first: the save keeps the new deadline
        self._save(room, action)
        self._broadcast(room)

    def _save(self, room: Room, action: bool) -> None:
        """Save the room: after an action in a hand already saved, only the
        hand's actions (a small row, written with the other rooms' rows in
        one transaction by :meth:`_flush`); else the whole room (and a
        finished hand) now.

        The flush is queued on the event loop before the new state is put in
        any connection's queue, so no browser sees a state that is not on
        disk: a kill before the flush loses only actions nobody was told of.
        """
        key = (room.session.hand_count, room.session.is_between_hands)
        if action and not room.session.is_between_hands and self._saved.get(room.id) == key:
            if not self._pending:
                asyncio.get_running_loop().call_soon(self._flush)
            self._pending[room.id] = room
            return
        self._pending.pop(room.id, None)  # the whole room is written now
        hand = None
        if room.session.hand_count > self._stored.get(room.id, 0):
            hand = room.finished_hand_json()
            self._stored[room.id] = room.session.hand_count
        self.store.save_room(room.id, room.created, room.save(), hand)
        self._saved[room.id] = key

    def _flush(self) -> None:
        """Write the progress rows of the rooms changed since the last flush."""
        rows = [
            (room.id, room.hand_number or 0, room.seq, room.actions(), room.deadline_at())
            for room in self._pending.values() if not room.session.is_between_hands
        ]
        self._pending.clear()
        self.store.save_progress_many(rows)

    @staticmethod
    def _check_seat(room: Room, conn: Connection) -> None:
        """A connection whose seat changed hands (the player was kicked, the
        host refused the request) watches from now on: it is never sent the
        next player's cards nor acts for them."""
        if conn.seat is not None and room.seats[conn.seat].token_hash != conn.token_hash:
            conn.seat = None

    def _broadcast(self, room: Room) -> None:
        conns = [c for c in self._connections.get(room.id, ()) if c.greeted]
        for conn in conns:
            self._check_seat(room, conn)
        if not conns:
            return
        texts = room.state_texts({c.seat for c in conns}, self.connected(room.id))
        for conn in conns:
            conn.send(texts[conn.seat])

    def _schedule(self, room: Room, *, decision: bool) -> None:
        loop = asyncio.get_running_loop()
        timer = self._timers.pop(room.id, None)
        if room.session.to_act is not None:
            if decision or room.deadline is None:
                room.banking = None
                room.deadline = time.monotonic() + room.settings["decision_seconds"]
            if timer is not None and not decision and room.paused_at is None:
                self._timers[room.id] = timer  # the same decision: keep its timer
                return
        elif room.offer is not None:  # run it twice asked: "no" when its time is up
            room.deadline = room.offer["deadline"]
        else:
            room.deadline = None
        if timer is not None:
            timer.cancel()
        if room.deadline is not None:
            if room.paused_at is not None:  # paused by the host: the clock stops
                return
            delay = max(0.0, room.deadline - time.monotonic())
            self._timers[room.id] = loop.call_later(delay, self._on_time_out, room.id, room.deadline)
        elif room.ready_to_deal():
            pause = float(room.settings["pause_seconds"]) if room.session.hand_count else 0.0
            if all(meta.player != "human" for meta in room.seats):
                pause = max(pause, MIN_COMPUTER_PAUSE)
            self._timers[room.id] = loop.call_later(pause, self._on_deal, room.id)

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _on_time_out(self, room_id: str, deadline: float) -> None:
        self._timers.pop(room_id, None)
        self._spawn(self._time_out(room_id, deadline))

    def _on_deal(self, room_id: str) -> None:
        self._timers.pop(room_id, None)
        self._spawn(self._deal(room_id))

    async def _time_out(self, room_id: str, deadline: float) -> None:
        room = self.rooms.get(room_id)
        if room is None:
            return
        async with room.lock:
            if room.deadline != deadline or room.paused_at is not None:  # answered, or paused, meanwhile
                return
            if room.use_time_bank():  # the person's time bank runs before the time-out
                room.version += 1
                self._changed(room, decision=False, action=True)
                return
            try:
                await room.time_out()
            except PokerError as exc:  # not expected: log, keep serving
                log.error("room %s: time-out failed: %s", room_id, exc)
            self._changed(room, decision=True, action=True)

    async def _deal(self, room_id: str) -> None:
        room = self.rooms.get(room_id)
        if room is None:
            return
        async with room.lock:
            if not room.ready_to_deal():
                return
            try:
                await room.deal()
            except PokerError as exc:
                log.error("room %s: dealing failed: %s", room_id, exc)
                return
            self._changed(room, decision=True)

    async def _resume(self, room: Room) -> None:
        async with room.lock:
            try:
                await room.resume()
            except PokerError as exc:
                log.error("room %s: resuming failed: %s", room.id, exc)
                return
            self._changed(room, decision=True, action=True)
