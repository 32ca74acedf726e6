"""The web server's own work per action, without sockets: the lobby in one process.

``--tables`` cash rooms (default 10) of ``--people`` seats for people (default
5) and one computer player at ``--level`` (default ``normal``), each person
connected once, as in ``bench_web.py``; but the connections are in-process
queues, drained after each action, and the actions go straight to
:meth:`~pokerkit_core.web.lobby.Lobby.handle`.  What is timed (CPU time of
the process, :func:`time.process_time`) is everything the server does for an
action but the socket layer: checking the message, playing it and the
computer seats' answers, saving the room in SQLite (a temporary directory)
and building every connection's ``state`` text.

Two peers in the same run, interleaved: the computer seats deciding in the
server's thread pool (as the server runs them) and inline in the event loop.

Prints: microseconds of CPU per action for each, best of ``--rounds``
rounds, and their ratio.

Run: ``python benchmarks/bench_web_lobby.py [--actions 3000] [--rounds 3]``.
Figures depend on the machine and its load.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import tempfile
import time

from pokerkit_core.engine.actions import LegalActions
from pokerkit_core.engine.policy import Policy
from pokerkit_core.web import rooms
from pokerkit_core.web.computer import OffLoopPolicy
from pokerkit_core.web.connections import Connection
from pokerkit_core.web.lobby import Lobby
from pokerkit_core.web.protocol import JoinRequest, read_message, read_room_request
from pokerkit_core.web.store import Store

STACK = 10**9  # nobody busts within a run


def _text(legal: LegalActions, rng: random.Random) -> str:
    if rng.random() < 0.1 and legal.can_raise:
        return f"r {legal.min_raise_to}"
    return "k" if legal.can_check else "c"


def _inline(policy: Policy, pool: object) -> Policy:
    """The computer player itself: it decides in the event loop."""
    return policy


async def _run(tables: int, people: int, level: str, actions: int, data: str) -> float:
    store = Store(data)
    lobby = Lobby(store)
    seated = []
    for t in range(tables):
        made = lobby.create(read_room_request({
            "kind": "cash", "seed": t, "pause_seconds": 0, "stack": STACK,
            "seats": [{"player": "human"}] * people + [{"player": "ai", "level": level}]}))
        room_id = made["room"]["id"]
        conns = []
        for seat in range(people):
            token = lobby.join(room_id, JoinRequest(seat, f"p{seat}"))["token"]
            conn = Connection(room_id)
            lobby.attach(conn)
            await lobby.handle(conn, read_message(json.dumps({"type": "hello", "token": token})))
            conns.append(conn)
        seated.append((lobby.rooms[room_id], conns))
    rng = random.Random(1)
    done = 0
    start = time.process_time()
    while done < actions:
        for room, conns in seated:
            for conn in conns:
                while not conn.outbox.empty():
                    conn.outbox.get_nowait()
            to_act = room.session.to_act
            if to_act is None:  # dealing, or the computer seat thinking
                await asyncio.sleep(0)
                continue
            legal = room.session.observation(to_act).legal
            assert legal is not None
            message = {"type": "action", "hand": room.hand_number, "action": _text(legal, rng)}
            await lobby.handle(conns[to_act], read_message(json.dumps(message)))
            done += 1
    seconds = time.process_time() - start
    lobby.close()
    store.close()
    return seconds / done


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--actions", type=int, default=3000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--people", type=int, default=5)
    parser.add_argument("--level", default="normal")
    args = parser.parse_args()
    pooled = OffLoopPolicy
    best = {"pool": float("inf"), "inline": float("inf")}
    for _ in range(args.rounds):
        for peer in best:
            setattr(rooms, "OffLoopPolicy", pooled if peer == "pool" else _inline)
            with tempfile.TemporaryDirectory() as data:
                cost = asyncio.run(_run(args.tables, args.people, args.level, args.actions, data))
            best[peer] = min(best[peer], cost)
    setattr(rooms, "OffLoopPolicy", pooled)
    print(f"web lobby, no sockets: {args.tables} tables ({args.people} people + 1 {args.level}), "
          f"{args.actions} actions, best of {args.rounds}; load average {os.getloadavg()[0]:.1f}")
    print(f"  computer seats in the pool   {best['pool'] * 1e6:8.0f} us CPU per action")
    print(f"  computer seats inline        {best['inline'] * 1e6:8.0f} us CPU per action")
    print(f"  pool / inline                {best['pool'] / best['inline']:8.2f}")


if __name__ == "__main__":
    main()
