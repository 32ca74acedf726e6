"""SQLite storage of the rooms and their hand histories (stdlib :mod:`sqlite3`).

One database file, ``rooms.sqlite3`` in the server's ``--data`` directory.
Table ``rooms`` holds each room's whole saved form (its settings, seats and
the :meth:`~pokerkit_core.tables.session.TableSession.snapshot` of its session, hand
in progress included) as JSON; table ``hands`` each finished hand's final
state in the JSON form of :mod:`pokerkit_core.formats.serialize`; table ``progress``
the actions of the hand in progress played since the room was last saved
(each action writes only this small row, so a save does not grow with the
room's history); table ``replays`` the files uploaded to the replayer and
the address of the client that uploaded each (at most
:data:`~.limits.MAX_STORED_REPLAYS`, shared fairly:
:meth:`Store.save_replay`).  A room and the hand
that just ended are written in one transaction, so after a crash (even
``kill -9``) the saved room and its stored hands always agree.  The database
runs in WAL mode: a committed write survives the process being killed.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any, Iterator

__all__ = ["Store", "DATABASE_NAME"]

DATABASE_NAME = "rooms.sqlite3"
"""File name of the database inside the data directory."""

_SCHEMA = """
CREATE TABLE IF NOT EXISTS rooms (
    id TEXT PRIMARY KEY,
    created REAL NOT NULL,
    data TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS progress (
    room TEXT PRIMARY KEY,
    hand INTEGER NOT NULL,
    seq INTEGER NOT NULL,
    actions TEXT NOT NULL,
    deadline REAL
);
CREATE TABLE IF NOT EXISTS replays (
    id TEXT PRIMARY KEY,
    created REAL NOT NULL,
    format TEXT NOT NULL,
    text TEXT NOT NULL,
    client TEXT NOT NULL DEFAULT ''
);
CREATE TABLE IF NOT EXISTS hands (
    room TEXT NOT NULL,
    number INTEGER NOT NULL,
    state TEXT NOT NULL,
    PRIMARY KEY (room, number)
);
"""


class Store:
    """The server's database.

    Args:
        directory: The data directory (created if missing); ``":memory:"``
            keeps everything in memory (tests).

    Raises:
        OSError: The directory cannot be created.
        sqlite3.Error: The database cannot be opened.
    """

    def __init__(self, directory: str | Path) -> None:
        if str(directory) == ":memory:":
            target = ":memory:"
        else:
            path = Path(directory)
            path.mkdir(parents=True, exist_ok=True)
            target = str(path / DATABASE_NAME)
        self._db = sqlite3.connect(target, isolation_level=None, check_same_thread=False)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.executescript(_SCHEMA)
        columns = {row[1] for row in self._db.execute("PRAGMA table_info(progress)")}
        if "deadline" not in columns:  # a database written before the clock was kept
            self._db.execute("ALTER TABLE progress ADD COLUMN deadline REAL")
        columns = {row[1] for row in self._db.execute("PRAGMA table_info(replays)")}
        if "client" not in columns:  # written before uploads were counted per client
            self._db.execute("ALTER TABLE replays ADD COLUMN client TEXT NOT NULL DEFAULT ''")

    def save_room(self, room_id: str, created: float, data: dict[str, Any],
                  hand: tuple[int, str] | None = None) -> None:
        """Write a room's saved form, and a finished hand with it.

        Args:
            room_id: The room.
            created: Its creation time, seconds since the epoch.
            data: Its saved form (JSON-ready).
            hand: ``(number, state JSON)`` of a hand that just ended, written
                in the same transaction.
        """
        text = json.dumps(data, separators=(",", ":"))
        with self._transaction():
            self._db.execute(
                "INSERT OR REPLACE INTO rooms (id, created, data) VALUES (?, ?, ?)",
                (room_id, created, text),
            )
            self._db.execute("DELETE FROM progress WHERE room = ?", (room_id,))
            if hand is not None:
                self._db.execute(
                    "INSERT OR REPLACE INTO hands (room, number, state) VALUES (?, ?, ?)",
                    (room_id, hand[0], hand[1]),
                )

    def save_progress(self, room_id: str, hand: int, seq: int, actions: list[str],
                      deadline: float | None = None) -> None:
        """Write the actions of the hand in progress (since the last :meth:`save_room`).

        Args:
            room_id: The room.
            hand: The hand's number.
            seq: The room's state number after the last action.
            actions: Every action of the hand so far, text form (``"r 300"``).
            deadline: When the person to act times out, seconds since the
                epoch (``None``: no person to act).
        """
        self.save_progress_many([(room_id, hand, seq, actions, deadline)])

    def save_progress_many(
        self, rows: list[tuple[str, int, int, list[str], float | None]]
    ) -> None:
        """:meth:`save_progress` for several rooms in one transaction.

        Args:
            rows: ``(room, hand, seq, actions, deadline)`` per room, as the
                arguments of :meth:`save_progress`.
        """
        if not rows:
            return
        with self._transaction():
            self._db.executemany(
                "INSERT OR REPLACE INTO progress (room, hand, seq, actions, deadline) "
                "VALUES (?, ?, ?, ?, ?)",
                [(room, hand, seq, json.dumps(actions), deadline)
                 for room, hand, seq, actions, deadline in rows],
            )

    def progress(self, room_id: str) -> tuple[int, int, list[str], float | None] | None:
        """``(hand, seq, actions, deadline)`` saved by :meth:`save_progress`, if any."""
        row = self._db.execute(
            "SELECT hand, seq, actions, deadline FROM progress WHERE room = ?", (room_id,)
        ).fetchone()
        if row is None:
            return None
        deadline = None if row[3] is None else float(row[3])
        return int(row[0]), int(row[1]), list(json.loads(row[2])), deadline

    def _transaction(self) -> "_Transaction":
        return _Transaction(self._db)

    def rooms(self) -> Iterator[tuple[str, float, dict[str, Any]]]:
        """Every saved room, oldest first: ``(id, created, saved form)``."""
        rows = self._db.execute("SELECT id, created, data FROM rooms ORDER BY created").fetchall()
        for room_id, created, text in rows:
            yield room_id, created, json.loads(text)

    def hands(self, room_id: str) -> list[tuple[int, str]]:
        """A room's finished hands, first first: ``(number, state JSON)``."""
        return self._db.execute(
            "SELECT number, state FROM hands WHERE room = ? ORDER BY number", (room_id,)
        ).fetchall()

    def hand_count(self, room_id: str) -> int:
        """Number of stored hands of a room."""
        row = self._db.execute("SELECT COUNT(*) FROM hands WHERE room = ?", (room_id,)).fetchone()
        return int(row[0])

    def delete_room(self, room_id: str) -> None:
        """Delete a room, its progress row and its hands (one transaction)."""
        with self._transaction():
            for table, column in (("rooms", "id"), ("progress", "room"), ("hands", "room")):
                self._db.execute(f"DELETE FROM {table} WHERE {column} = ?", (room_id,))

    def save_replay(self, replay_id: str, created: float, fmt: str, text: str, keep: int,
                    *, client: str = "", keep_per_client: int | None = None) -> None:
        """Keep an uploaded file for the replayer; at most ``keep`` stay stored.

        First the uploader's own oldest go while it holds more than
        ``keep_per_client``; then, while more than ``keep`` are stored, the
        oldest replay of the client holding the most goes (on a tie another
        client's before the uploader's, then the client with the oldest
        replay).  So an upload deletes another client's replay only when that
        client holds at least as many as the uploader now does: however often
        one client uploads, it cannot take more than its share.

        Args:
            replay_id: The replay's id.
            created: Upload time, seconds since the epoch.
            fmt: Its format (``"phh"``, ``"phhs"`` or ``"acpc"``).
            text: The file's text, as uploaded.
            keep: How many replays stay stored.
            client: The uploader's address (``""``: unknown).
            keep_per_client: How many of one client's replays stay stored
                (``None``: no cap of its own).
        """
        with self._transaction():
            self._db.execute("INSERT OR REPLACE INTO replays (id, created, format, text, client) "
                             "VALUES (?, ?, ?, ?, ?)", (replay_id, created, fmt, text, client))
            if keep_per_client is not None:
                self._db.execute(
                    "DELETE FROM replays WHERE client = ? AND id NOT IN (SELECT id FROM replays "
                    "WHERE client = ? ORDER BY created DESC, rowid DESC LIMIT ?)",
                    (client, client, keep_per_client))
            (stored,), = self._db.execute("SELECT COUNT(*) FROM replays").fetchall()
            for _ in range(int(stored) - keep):
                (victim,), = self._db.execute(
                    "SELECT client FROM replays GROUP BY client "
                    "ORDER BY COUNT(*) DESC, client = ? ASC, MIN(created) ASC LIMIT 1",
                    (client,)).fetchall()
                self._db.execute(
                    "DELETE FROM replays WHERE rowid = (SELECT rowid FROM replays WHERE client = ? "
                    "ORDER BY created ASC, rowid ASC LIMIT 1)", (victim,))

    def replay(self, replay_id: str) -> tuple[str, str] | None:
        """``(format, text)`` of a stored replay, if it is kept."""
        row = self._db.execute("SELECT format, text FROM replays WHERE id = ?", (replay_id,)).fetchone()
        return None if row is None else (str(row[0]), str(row[1]))

    def close(self) -> None:
        """Close the database."""
        self._db.close()


class _Transaction:
    def __init__(self, db: sqlite3.Connection) -> None:
        self._db = db

    def __enter__(self) -> None:
        self._db.execute("BEGIN IMMEDIATE")

    def __exit__(self, kind: object, *rest: object) -> None:
        self._db.execute("COMMIT" if kind is None else "ROLLBACK")
