"""Every limit of the web server, defined once.

Sizes are bytes, times seconds, rates messages per second.  The documentation's
web page quotes these values; ``GET /api/options`` sends them to the page.
"""

from __future__ import annotations

__all__ = [
    "WEB_PROTOCOL_VERSION",
    "MESSAGE_BYTES",
    "SOCKET_FRAME_BYTES",
    "MESSAGES_PER_SECOND",
    "MESSAGE_BURST",
    "REFUSALS_BEFORE_CLOSE",
    "HELLO_SECONDS",
    "UPLOAD_BYTES",
    "REQUEST_BYTES",
    "DECISION_SECONDS",
    "MIN_DECISION_SECONDS",
    "MAX_DECISION_SECONDS",
    "RESUME_SECONDS",
    "PAUSE_SECONDS",
    "MAX_PAUSE_SECONDS",
    "NAME_CHARS",
    "ROOM_NAME_CHARS",
    "MAX_ROOMS",
    "MAX_REPLAYS",
    "MAX_STORED_REPLAYS",
    "MAX_STORED_REPLAYS_PER_CLIENT",
    "REPLAY_UPLOADS_PER_WINDOW",
    "REPLAY_UPLOAD_WINDOW_SECONDS",
    "MAX_REPLAY_ENTRIES",
    "MAX_CACHED_STEPS",
    "FINISHED_ROOM_SECONDS",
    "IDLE_ROOM_SECONDS",
    "EXPIRY_CHECK_SECONDS",
    "MAX_MATCHES",
    "MIN_MATCH_HANDS",
    "MAX_MATCH_HANDS",
    "MATCH_BATCH_HANDS",
    "AI_LEVELS",
    "COMPUTER_THREADS",
    "COMPUTER_DECISION_SECONDS",
    "CHAT_CHARS",
    "CHAT_PER_SECOND",
    "CHAT_BURST",
    "CHAT_KEPT",
    "MAX_MISSED_TURNS",
    "MAX_TIME_BANK_SECONDS",
    "TIME_BANK_REFILL_HANDS",
    "TIME_BANK_REFILL_SECONDS",
    "RUN_IT_TWICE_MODES",
    "REBUY_MODES",
    "RETURN_RULES",
]

WEB_PROTOCOL_VERSION = 1
"""Version of the wire protocol (``welcome`` and ``/api/options`` carry it)."""

MESSAGE_BYTES = 4096
"""Longest WebSocket message the server reads (longer: error ``too_large``)."""

SOCKET_FRAME_BYTES = 65536
"""Longest frame uvicorn accepts at all (longer: the socket is closed, 1009)."""

MESSAGES_PER_SECOND = 20.0
"""Sustained message rate allowed per connection."""

MESSAGE_BURST = 40.0
"""Messages a connection may send at once before the rate applies."""

REFUSALS_BEFORE_CLOSE = 200
"""Rate-limited messages after which the connection is closed (code 1008)."""

HELLO_SECONDS = 10.0
"""Time a new connection has to send ``hello``."""

UPLOAD_BYTES = 2 * 1024 * 1024
"""Largest hand-history upload to the replayer."""

REQUEST_BYTES = 16384
"""Largest JSON body of any other HTTP request."""

DECISION_SECONDS = 30.0
"""A person's default time to act."""

MIN_DECISION_SECONDS = 1.0
"""Shortest time to act a room may set."""

MAX_DECISION_SECONDS = 600.0
"""Longest time to act a room may set."""

RESUME_SECONDS = 5.0
"""Least time a person to act has after a server restart (their countdown
otherwise goes on where it was: the deadline is saved)."""

PAUSE_SECONDS = 3.0
"""Default pause between the end of a hand and the next deal."""

MAX_PAUSE_SECONDS = 30.0
"""Longest pause between hands a room may set."""

NAME_CHARS = 24
"""Longest player name."""

ROOM_NAME_CHARS = 40
"""Longest room name."""

MAX_ROOMS = 500
"""Rooms one server holds (creating more: error ``too_many``)."""

MAX_REPLAYS = 32
"""Uploaded replays kept read in memory (the least recently used is dropped
and read again from the data directory when asked for)."""

MAX_STORED_REPLAYS = 200
"""Uploaded replays kept in the data directory.  When one more comes, the
oldest replay of the client holding the most goes (ties: another client's
before the uploader's own), so a client's uploads push out other clients'
replays only while those hold at least as many as it does."""

MAX_STORED_REPLAYS_PER_CLIENT = 20
"""Uploaded replays of one client (one client address) kept in the data
directory; its oldest goes first."""

REPLAY_UPLOADS_PER_WINDOW = 20
"""Replays one client address may upload (``POST /api/replays`` and
``POST /api/rooms/{id}/replay`` together, readable or not) in any
:data:`REPLAY_UPLOAD_WINDOW_SECONDS`; more: error ``too_many`` (429) with a
``Retry-After`` header."""

REPLAY_UPLOAD_WINDOW_SECONDS = 600.0
"""The sliding window of :data:`REPLAY_UPLOADS_PER_WINDOW`, seconds."""

MAX_REPLAY_ENTRIES = 400
"""Entries (deals, actions, shows) a replayed hand may have: each step the
replayer sends carries the hand so far, so a step list grows with the square
of the hand's length (real hands have well under 100)."""

MAX_CACHED_STEPS = 256
"""Replayed hands whose steps are kept in memory (the least recently asked
for are dropped first)."""

FINISHED_ROOM_SECONDS = 3600.0
"""A finished room (its limit reached, or fewer than two players left) is
deleted this long after its last change."""

IDLE_ROOM_SECONDS = 7 * 24 * 3600.0
"""A room where nothing changed and nobody was connected for this long is deleted."""

EXPIRY_CHECK_SECONDS = 60.0
"""Time between two looks for rooms to delete."""

MAX_MATCHES = 8
"""Match views kept in memory (the oldest finished one is dropped)."""

MIN_MATCH_HANDS = 10
"""Fewest hands of a match view."""

MAX_MATCH_HANDS = 100_000
"""Most hands of a match view."""

MATCH_BATCH_HANDS = 100
"""Hands between two points of a match view's graph."""

AI_LEVELS: tuple[str, ...] = ("easy", "normal", "hard")
"""The computer players' levels (docs/rules.rst section 7)."""

COMPUTER_THREADS = 2
"""Decisions the computer seats of all rooms make at once, each in a thread
(one room asks one decision at a time; more rooms wait their turn, the event
loop never does)."""

COMPUTER_DECISION_SECONDS = 5.0
"""Longest a computer seat's decision may run once started (a built-in level
takes milliseconds); then the seat plays its default action with a time-out
fault, and the decision's place goes to the next room (docs/web.rst, Load)."""

CHAT_CHARS = 200
"""Longest table chat message, characters."""

CHAT_PER_SECOND = 0.2
"""Sustained chat rate of one seat (one message every 5 seconds)."""

CHAT_BURST = 3.0
"""Chat messages a seat may send at once before :data:`CHAT_PER_SECOND`
applies; more: error ``chat_limited`` (the message is not sent)."""

CHAT_KEPT = 50
"""Chat messages a room keeps (sent to a browser that connects)."""

MAX_MISSED_TURNS = 10
"""Largest ``missed_turns`` a room may set (time-outs in a row before a
person is sat out; 0: never)."""

MAX_TIME_BANK_SECONDS = 600.0
"""Largest time bank a room may give each person, seconds."""

TIME_BANK_REFILL_HANDS = 10
"""Every this many hands the room finishes, each person's time bank grows by
:data:`TIME_BANK_REFILL_SECONDS`, up to the room's ``time_bank_seconds``."""

TIME_BANK_REFILL_SECONDS = 5.0
"""Seconds added to each person's time bank every :data:`TIME_BANK_REFILL_HANDS` hands."""

RUN_IT_TWICE_MODES: tuple[str, ...] = ("never", "ask", "always")
"""A cash room's run-it-twice option: never; when every person still in
agrees, asked when all are all-in with board cards to come (``ask``);
always (docs/rules.rst section 2b)."""

REBUY_MODES: tuple[str, ...] = ("off", "free", "approval")
"""A cash room's rebuy and top-up option: none; up to the maximum buy-in at
any time; each one approved by the host."""

RETURN_RULES: tuple[str, ...] = ("wait", "now")
"""When a person who sat out is dealt in again: at the first hand in which
they are the big blind (``wait``: they post it) or at the next hand (``now``)."""
