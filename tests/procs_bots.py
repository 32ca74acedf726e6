"""Bots that share cards through files or leave processes behind, for
tests/test_isolation_procs.py (issue 24).  A small module of their own, so
that a policy process imports them quickly.  When they find nothing they play
exactly as ``call`` does.
"""

from __future__ import annotations

import os
import tempfile
import threading
import time

from pokerkit_core.engine.actions import Action, AllIn, Check, Fold
from pokerkit_core.evaluation.cards import Card, parse_cards
from pokerkit_core.engine.observation import Observation

from cheaters import _pre_flop_better, honest


class FileSharer:
    """A duplicate-match colluder with itself: in the first pass (even hand
    numbers) it writes its hole cards per deal to a file, under a relative
    path and under ``tempfile.gettempdir()`` (or ``shared``, an absolute
    directory, when given); in the mirrored pass it reads them, which are
    then its opponent's cards, and shoves when its own are better, else
    checks or folds.  ``wait``: seconds it waits for a deal's file to appear
    (the two passes played at once)."""

    name = "file-sharer"

    def __init__(self, *, seed: int | None = None, shared: str | None = None, wait: float = 0.0) -> None:
        self.shared, self.wait = shared, wait
        self.looked: dict[int, tuple[Card, ...] | None] = {}

    def _paths(self, deal: int) -> list[str]:
        name = f"pokerkit-share-{deal}.txt"
        outside = self.shared if self.shared is not None else tempfile.gettempdir()
        return [name, os.path.join(outside, name)]

    def _theirs(self, deal: int) -> tuple[Card, ...] | None:
        if deal not in self.looked:
            self.looked[deal] = None
            deadline = time.monotonic() + self.wait
            while self.looked[deal] is None:
                for path in self._paths(deal):
                    try:
                        with open(path, encoding="utf-8") as file:
                            self.looked[deal] = tuple(parse_cards(file.read().strip()))
                        break
                    except (OSError, ValueError):
                        continue
                if time.monotonic() >= deadline:
                    break
                time.sleep(0.005)
        return self.looked[deal]

    def decide(self, observation: Observation) -> Action:
        number = observation.hand_number
        assert number is not None
        deal = number // 2
        if number % 2 == 0:
            text = "".join(str(card) for card in observation.hole_cards)
            for path in self._paths(deal):
                try:
                    with open(path, "w", encoding="utf-8") as file:
                        file.write(text)
                except OSError:
                    pass
            return honest(observation)
        theirs = self._theirs(deal)
        if theirs is None or len(theirs) != 2:
            return honest(observation)
        legal = observation.legal
        assert legal is not None
        if _pre_flop_better(tuple(observation.hole_cards), theirs):
            return AllIn if legal.can_all_in else honest(observation)
        return Check if legal.can_check else Fold


class Spawner:
    """At its first decision starts a child (``fork``, sleeping) and a daemon
    (fork, ``setsid``, fork again; the middle one exits), both sleeping
    ``sleep`` seconds with the standard streams they inherited; appends their
    pids to ``pids`` (an absolute path) before it answers.  Plays as ``call``."""

    name = "spawner"

    def __init__(self, *, seed: int | None = None, pids: str = "", sleep: float = 120.0) -> None:
        self.pids, self.sleep, self.started = pids, sleep, False

    def decide(self, observation: Observation) -> Action:
        if not self.started:
            self.started = True
            child = os.fork()
            if child == 0:
                time.sleep(self.sleep)
                os._exit(0)
            middle = os.fork()
            if middle == 0:
                os.setsid()
                daemon = os.fork()
                if daemon == 0:
                    time.sleep(self.sleep)
                    os._exit(0)
                with open(self.pids, "a", encoding="utf-8") as file:
                    file.write(f"{daemon}\n")
                os._exit(0)
            os.waitpid(middle, 0)
            with open(self.pids, "a", encoding="utf-8") as file:
                file.write(f"{child}\n")
        return honest(observation)


class Locator:
    """Appends ``<cwd> <tempfile.gettempdir()> <TMPDIR>`` to ``where`` (an
    absolute path) at its first decision.  Plays as ``call``."""

    name = "locator"

    def __init__(self, *, seed: int | None = None, where: str = "") -> None:
        self.where, self.told = where, False

    def decide(self, observation: Observation) -> Action:
        if not self.told:
            self.told = True
            with open(self.where, "a", encoding="utf-8") as file:
                file.write(f"{os.getcwd()} {tempfile.gettempdir()} {os.environ.get('TMPDIR')}\n")
        return honest(observation)


class SpawnThenHang(Spawner):
    """As :class:`Spawner`, then hangs at its second decision (its process is
    killed from outside, its descendants with it)."""

    name = "spawn-then-hang"

    def decide(self, observation: Observation) -> Action:
        if self.started:
            time.sleep(3600)
        return super().decide(observation)


def _fork_in_a_loop(pids: str) -> None:
    while True:
        child = os.fork()
        if child == 0:
            try:
                os.setsid()  # its own session: found only as a descendant
            except OSError:
                pass
            time.sleep(60)
            os._exit(0)
        with open(pids, "a", encoding="utf-8") as file:
            file.write(f"{child}\n")
        time.sleep(0.001)


class ThreadForker:
    """At its first decision starts a thread (not a daemon: it keeps its
    process from ending) that forks, as fast as it can, children that call
    ``setsid`` and sleep; their pids go to ``pids`` (an absolute path).
    Plays as ``call``."""

    name = "thread-forker"

    def __init__(self, *, seed: int | None = None, pids: str = "") -> None:
        self.pids, self.started = pids, False

    def decide(self, observation: Observation) -> Action:
        if not self.started:
            self.started = True
            threading.Thread(target=_fork_in_a_loop, args=(self.pids,)).start()
        return honest(observation)


def running(pid: int) -> bool:
    """Whether process ``pid`` runs (not ended, nor a zombie: Linux ``/proc``)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="utf-8") as file:
            stat = file.read()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] not in ("Z", "X")


class PassWatcher:
    """At its first decision in a chunk of a duplicate match (``chunk_deals``
    deals a chunk) appends to ``where`` (an absolute path) ``0 <chunk>
    <pid>`` in the first pass, and in the mirrored pass ``1 <chunk> <seen>
    <alive>``: how many processes played the chunk's first pass, and how many
    of them still run (Linux ``/proc``).  Plays as ``call``."""

    name = "pass-watcher"

    def __init__(self, *, seed: int | None = None, where: str = "", chunk_deals: int = 1) -> None:
        self.where, self.chunk_deals, self.told = where, chunk_deals, False

    def decide(self, observation: Observation) -> Action:
        if not self.told:
            self.told = True
            number = observation.hand_number
            assert number is not None
            chunk = number // 2 // self.chunk_deals
            if number % 2 == 0:
                line = f"0 {chunk} {os.getpid()}"
            else:
                with open(self.where, encoding="utf-8") as file:
                    rows = [row.split() for row in file]
                firsts = {int(row[2]) for row in rows if row[0] == "0" and int(row[1]) == chunk}
                line = f"1 {chunk} {len(firsts)} {sum(running(pid) for pid in firsts)}"
            with open(self.where, "a", encoding="utf-8") as file:
                file.write(line + "\n")
        return honest(observation)
