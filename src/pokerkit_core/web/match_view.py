"""The match view: a match between two policies, its cumulative mbb/hand growing live.

Each point of the graph is :func:`~pokerkit_core.match.runner.run_match` itself over
the first ``h`` hands of the match (a match's first hands are the same
whatever its length, for one seed), so every figure is exactly what
``pokerkit-core match --hands h --seed s`` prints: no statistics of its own.
The matches run in one worker process, away from the server's event loop.
It is started with the ``spawn`` method (a fresh interpreter: it inherits
none of the server's descriptors, so never its listening socket) and ends
with the server, even one killed by SIGKILL (:func:`_worker_started`).
"""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import os
import secrets
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from ..players.isolation_procs import die_with_parent
from ..match.runner import run_match
from .limits import MATCH_BATCH_HANDS, MAX_MATCHES
from .protocol import MatchRequest, ProtocolError

__all__ = ["MatchViews", "points_for", "match_point"]


def points_for(hands: int) -> list[int]:
    """Hand counts of the graph's points: doubling from
    :data:`~.limits.MATCH_BATCH_HANDS`, plus every eighth of the match."""
    points = {hands}
    size = MATCH_BATCH_HANDS
    while size < hands:
        points.add(size)
        size *= 2
    points.update(max(1, hands * i // 8) for i in range(1, 8))
    return sorted(p for p in points if p >= min(hands, 10))


def match_point(players: tuple[str, str], hands: int, seed: int) -> dict[str, Any]:
    """One point: the first player's mbb/hand and 95% interval over ``hands`` hands."""
    result = run_match(list(players), hands=hands, seed=seed, progress=False)
    first = result.players[0]
    return {"hands": hands, "mbb_per_hand": first.mbb_per_hand, "ci95": list(first.ci95)}


_PARENT_POLL_SECONDS = 0.5


def _watch_server(server: int) -> None:  # pragma: no cover - runs in the worker
    while os.getppid() == server:
        time.sleep(_PARENT_POLL_SECONDS)
    os._exit(0)


def _worker_started(server: int) -> None:  # pragma: no cover - runs in the worker
    """The match worker's initializer: end with the server process ``server``
    (Linux ``PR_SET_PDEATHSIG``, and elsewhere too a thread that sees its
    parent change)."""
    die_with_parent()
    if os.getppid() != server:  # it died before the request took effect
        os._exit(0)
    threading.Thread(target=_watch_server, args=(server,), daemon=True).start()


class _Match:
    def __init__(self, match_id: str, request: MatchRequest) -> None:
        self.id = match_id
        self.request = request
        self.points: list[dict[str, Any]] = []
        self.done = False
        self.error: str | None = None
        self.watchers: set[asyncio.Queue[str | None]] = set()
        self.task: asyncio.Task[None] | None = None

    def progress(self) -> dict[str, Any]:
        return {"id": self.id, "players": list(self.request.players), "hands": self.request.hands,
                "seed": self.request.seed,
                "hands_played": self.points[-1]["hands"] if self.points else 0,
                "done": self.done, "error": self.error, "points": list(self.points)}


class MatchViews:
    """The server's match views (at most :data:`~.limits.MAX_MATCHES`)."""

    def __init__(self) -> None:
        self._matches: dict[str, _Match] = {}
        self._pool: ProcessPoolExecutor | None = None

    def start(self, request: MatchRequest) -> dict[str, Any]:
        """Start a match (in the running event loop); its first ``MatchProgress``.

        Raises:
            ProtocolError: ``too_many`` (429) :data:`~.limits.MAX_MATCHES`
                matches are still running.
        """
        if len(self._matches) >= MAX_MATCHES:
            finished = [m for m in self._matches.values() if m.done]
            if not finished:
                raise ProtocolError("too_many", f"{MAX_MATCHES} matches are running; wait", 429)
            del self._matches[finished[0].id]
        match = _Match(secrets.token_hex(4), request)
        self._matches[match.id] = match
        match.task = asyncio.get_running_loop().create_task(self._run(match))
        return match.progress()

    async def _run(self, match: _Match) -> None:
        loop = asyncio.get_running_loop()
        if self._pool is None:
            self._pool = ProcessPoolExecutor(
                max_workers=1, mp_context=multiprocessing.get_context("spawn"),
                initializer=_worker_started, initargs=(os.getpid(),),
            )
        req = match.request
        try:
            for hands in points_for(req.hands):
                point = await loop.run_in_executor(self._pool, match_point, req.players, hands, req.seed)
                match.points.append(point)
                self._send(match)
        except Exception as exc:  # a policy or the worker failed: say so
            match.error = str(exc)[:200]
        match.done = True
        self._send(match)
        for queue in match.watchers:
            queue.put_nowait(None)

    def _send(self, match: _Match) -> None:
        text = json.dumps({"type": "match", "match": match.progress()}, separators=(",", ":"))
        for queue in match.watchers:
            queue.put_nowait(text)

    def _get(self, match_id: str) -> _Match:
        match = self._matches.get(match_id)
        if match is None:
            raise ProtocolError("no_match", f"no match {match_id[:40]!r}", 404)
        return match

    def progress(self, match_id: str) -> dict[str, Any]:
        """The ``MatchProgress`` of a match."""
        return self._get(match_id).progress()

    def watch(self, match_id: str) -> asyncio.Queue[str | None]:
        """A queue of the match's ``match`` messages (the current one first; ``None`` ends it)."""
        match = self._get(match_id)
        queue: asyncio.Queue[str | None] = asyncio.Queue()
        queue.put_nowait(json.dumps({"type": "match", "match": match.progress()}, separators=(",", ":")))
        if match.done:
            queue.put_nowait(None)
        else:
            match.watchers.add(queue)
        return queue

    def unwatch(self, match_id: str, queue: asyncio.Queue[str | None]) -> None:
        """Stop sending to ``queue``."""
        match = self._matches.get(match_id)
        if match is not None:
            match.watchers.discard(queue)

    def close(self) -> None:
        """Cancel running matches and stop the worker process."""
        for match in self._matches.values():
            if match.task is not None:
                match.task.cancel()
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
