"""The web table under load: simulated players over WebSockets on loopback.

``pokerkit-core serve`` runs in a subprocess on 127.0.0.1 with a fresh data
directory.  ``--tables`` cash rooms (default 10) seat ``--people`` WebSocket
clients each (default 5, so 50 players) and one computer player at
``--level`` (default ``normal``); no pause between hands.  Each client acts
as soon as it is to act (check or call mostly, some minimum raises and
folds) and times each action: from sending it to receiving the next
``state`` message on its own socket (the server applies the action, lets the
computer seat act, saves the room in SQLite and sends every connection its
view).

Prints: actions per second over all tables, p50 / p99 / max latency (ms),
hands played, errors (error messages or dropped connections; target 0);
and, as a peer measured in the same run, the same tables driven in-process
through :meth:`~pokerkit_core.tables.session.TableSession.apply` with no server (the
library's own cost per action), with the ratio.

Run: ``python benchmarks/bench_web.py [--seconds 60] [--tables 10] [--people 5]
[--level normal]`` with the library installed (``pip install ".[web]"``; in a
checkout built in place, ``PYTHONPATH=src`` works too): the server subprocess
imports the same ``pokerkit_core`` as the script.  Target: p99 under 50 ms at the defaults.  Figures depend
on the machine and its load.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

import pokerkit_core
from pokerkit_core.engine.actions import Action
from pokerkit_core.engine.policy import load_policy
from pokerkit_core.tables.session import Blinds, TableConfig, TableSession

STACK = 10**9  # nobody busts within a run


def choose(legal: dict[str, Any], rng: random.Random) -> str:
    """The simulated player's action: mostly check or call."""
    roll = rng.random()
    if roll < 0.1 and legal["can_raise"]:
        return f"r {legal['min_raise_to']}"
    if roll < 0.1 and legal["can_bet"]:
        return f"b {legal['min_raise_to']}"
    if roll < 0.18 and not legal["can_check"]:
        return "f"
    return "k" if legal["can_check"] else "c"


class Tally:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.errors = 0
        self.hands: dict[str, int] = {}


async def player(url: str, token: str, seed: int, until: float, tally: Tally, room: str) -> None:
    from websockets.asyncio.client import connect

    rng = random.Random(seed)
    try:
        async with connect(url, max_size=2**22) as ws:
            await ws.send(json.dumps({"type": "hello", "token": token}))
            sent_at: float | None = None
            sent_seq = -1
            answered: set[tuple[int, int]] = set()
            while True:
                raw = await ws.recv()
                now = time.perf_counter()
                message = json.loads(raw)
                if message["type"] == "error":
                    tally.errors += 1
                    continue
                if message["type"] != "state":
                    continue
                if sent_at is not None and message["seq"] > sent_seq:
                    tally.latencies.append(now - sent_at)
                    sent_at = None
                tally.hands[room] = message["limits"]["hands_played"]
                if now >= until:
                    return
                obs = message["observation"]
                if message["to_act"] == message["you"] and obs is not None and sent_at is None:
                    key = (message["hand_number"], len(obs["history"]))
                    if key in answered:
                        continue
                    answered.add(key)
                    text = choose(obs["legal"], rng)
                    sent_seq = message["seq"]
                    sent_at = time.perf_counter()
                    await ws.send(json.dumps({"type": "action", "hand": message["hand_number"], "action": text}))
    except Exception:  # a dropped connection counts as an error
        tally.errors += 1


def post(base: str, path: str, body: Any) -> Any:
    req = urllib.request.Request(base + path, data=json.dumps(body).encode(), method="POST")
    with urllib.request.urlopen(req, timeout=30) as reply:
        return json.loads(reply.read())


def start_server(data: str) -> tuple[subprocess.Popen[bytes], int]:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    # the server runs the pokerkit_core this script imports (an installed
    # package, or a checkout on PYTHONPATH), never a src/ folder it guesses
    home = Path(pokerkit_core.__file__).resolve().parents[1]
    env = {**os.environ, "PYTHONPATH": str(home) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    process = subprocess.Popen(
        [sys.executable, "-m", "pokerkit_core", "serve", "--port", str(port), "--data", data],
        env=env, stderr=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
    )
    for _ in range(300):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/options", timeout=1).close()
            return process, port
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise SystemExit("server did not start")


async def load(port: int, tables: int, people: int, level: str, seconds: float) -> tuple[Tally, float]:
    base = f"http://127.0.0.1:{port}"
    tally = Tally()
    jobs = []
    seats = [{"player": "human"}] * people + [{"player": "ai", "level": level}]
    rooms = []
    for t in range(tables):
        reply = post(base, "/api/rooms", {"kind": "cash", "name": f"bench {t}", "seats": seats,
                                          "stack": STACK, "pause_seconds": 0, "seed": t})
        room_id = reply["room"]["id"]
        tokens = [post(base, f"/api/rooms/{room_id}/join", {"seat": s, "name": f"p{s}"})["token"]
                  for s in range(people)]
        rooms.append((room_id, tokens))
    start = time.perf_counter()
    until = start + seconds
    for t, (room_id, tokens) in enumerate(rooms):
        url = f"ws://127.0.0.1:{port}/ws/room/{room_id}"
        for s, token in enumerate(tokens):
            jobs.append(player(url, token, t * 100 + s, until, tally, room_id))
    await asyncio.gather(*jobs)
    return tally, time.perf_counter() - start


def in_process(tables: int, people: int, level: str, seconds: float) -> tuple[int, float]:
    """Actions and seconds: the same tables through TableSession.apply, no server."""
    rng = random.Random(1)
    sessions = [
        TableSession(TableConfig(stacks=(STACK,) * (people + 1), blinds=Blinds(50, 100)),
                     [None] * people + [load_policy(level, seed=t)], seed=t)
        for t in range(tables)
    ]
    actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for session in sessions:
            if session.is_between_hands:
                session.start_hand()
                continue
            seat = session.to_act
            assert seat is not None
            legal = session.observation(seat).legal
            assert legal is not None
            data = {"can_raise": legal.can_raise, "can_bet": legal.can_bet,
                    "can_check": legal.can_check, "min_raise_to": legal.min_raise_to}
            session.apply(seat, Action.parse(choose(data, rng), legal))
            actions += 1
    return actions, time.perf_counter() - start


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of a process (Linux /proc; 0 elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--people", type=int, default=5, help="WebSocket players per table")
    parser.add_argument("--level", default="normal", help="the computer seat's level")
    parser.add_argument("--py-spy", metavar="FILE", help="profile the server with py-spy "
                        "(raw collapsed stacks to FILE) while the players play")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as data:
        process, port = start_server(data)
        try:
            spy = None
            if args.py_spy:
                spy = subprocess.Popen(["py-spy", "record", "-p", str(process.pid), "-f", "raw",
                                        "-o", args.py_spy, "-d", str(int(args.seconds)),
                                        "--nonblocking"], stdout=subprocess.DEVNULL)
            cpu0 = cpu_seconds(process.pid)
            wall0 = time.perf_counter()
            tally, elapsed = asyncio.run(load(port, args.tables, args.people, args.level, args.seconds))
            if spy is not None:
                spy.wait()
            server_cpu = (cpu_seconds(process.pid) - cpu0) / (time.perf_counter() - wall0)
            clients_cpu = time.process_time()
        finally:
            process.kill()
            process.wait()
    lat = sorted(tally.latencies)
    players = args.tables * args.people
    print(f"web: {players} players at {args.tables} tables ({args.people} people + 1 {args.level} "
          f"each), {elapsed:.1f} s on loopback")
    if not lat:
        raise SystemExit(f"no action was answered; errors {tally.errors}")
    q = statistics.quantiles(lat, n=100) if len(lat) > 1 else [lat[0]] * 99
    rate = len(lat) / elapsed
    print(f"  actions/s        {rate:10.1f}   ({len(lat)} actions, {sum(tally.hands.values())} hands)")
    print(f"  latency p50      {q[49] * 1000:10.2f} ms")
    print(f"  latency p99      {q[98] * 1000:10.2f} ms   (target < 50 ms)")
    print(f"  latency max      {lat[-1] * 1000:10.2f} ms")
    print(f"  errors           {tally.errors:10d}")
    print(f"  server CPU       {server_cpu * 100:10.0f} % of one core; clients' process "
          f"{clients_cpu:.1f} CPU s; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    if lat:
        print(f"  server CPU/action {server_cpu * elapsed / len(lat) * 1000:9.2f} ms")
    actions, seconds = in_process(args.tables, args.people, args.level, min(args.seconds, 5.0))
    peer = actions / seconds
    print(f"in-process TableSession.apply, same tables: {peer:10.1f} actions/s "
          f"({peer / rate:.1f}x the web server's rate; the web adds sockets, JSON views, SQLite)")


if __name__ == "__main__":
    main()
