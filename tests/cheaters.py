"""Bots that try to cheat or misbehave, for tests/test_isolation.py.

Each one looks for something its seat may not see; when it finds nothing it
plays exactly as ``call`` does (check if free, else call), so a cheat that
gains nothing gives the same result as ``call``.  They live in a small module
of their own so that a policy process imports them quickly.
"""

from __future__ import annotations

import gc
import os
import sys
import time
from typing import Any

from pokerkit_core.engine.actions import Action, ActionKind, AllIn, Call, Check, Fold
from pokerkit_core.evaluation.cards import Card
from pokerkit_core.evaluation.evaluator import evaluate
from pokerkit_core.engine.observation import Observation
from pokerkit_core.engine.state import HandState


def honest(observation: Observation) -> Action:
    """What ``call`` plays."""
    legal = observation.legal
    assert legal is not None
    return Check if legal.can_check else Call


def exploit(observation: Observation, state: HandState) -> Action:
    """Play knowing every card: all-in when winning, fold when losing."""
    legal = observation.legal
    assert legal is not None
    seat = observation.seat
    other = 1 - seat
    board = state._deal.boards[0]  # private, but a cheat reads what it finds
    mine, theirs = state.hole_cards[seat], state.hole_cards[other]
    if len(board) < 5 or mine is None or theirs is None:
        return honest(observation)
    ours, opponents = evaluate(tuple(mine) + tuple(board)), evaluate(tuple(theirs) + tuple(board))
    if ours > opponents:
        return AllIn if legal.can_all_in else honest(observation)
    if ours < opponents:
        return Check if legal.can_check else Fold
    return honest(observation)


class Honest:
    """Plays as ``call`` and tries nothing: the baseline of every cheat."""

    name = "honest"

    def __init__(self, *, seed: int | None = None) -> None:
        pass

    def decide(self, observation: Observation) -> Action:
        return honest(observation)


class FramePeeker:
    """Walks up the stack (``sys._getframe``) to find the engine's state."""

    name = "frames"

    def __init__(self, *, seed: int | None = None) -> None:
        self.found = 0

    def decide(self, observation: Observation) -> Action:
        frame: Any = sys._getframe(1)
        while frame is not None:
            for local in list(frame.f_locals.values()):
                # the local itself, or what it holds (a runner's driver holds the state)
                for value in (local, *getattr(local, "__dict__", {}).values()):
                    if isinstance(value, HandState) and value.history[: len(observation.history)] == observation.history:
                        self.found += 1
                        return exploit(observation, value)
            frame = frame.f_back
        return honest(observation)


class GcPeeker:
    """Asks the garbage collector who refers to its history (the state does)."""

    name = "gc"

    def __init__(self, *, seed: int | None = None) -> None:
        pass

    def decide(self, observation: Observation) -> Action:
        for holder in gc.get_referrers(observation.history):
            if isinstance(holder, HandState):
                return exploit(observation, holder)
        for obj in gc.get_objects():  # any state of this hand will do
            if isinstance(obj, HandState) and obj.history[:3] == observation.history[:3]:
                if len(obj.history) >= len(observation.history):
                    return exploit(observation, obj)
        return honest(observation)


class MirrorMemory:
    """Remembers its hole cards by deal (duplicate hand numbers ``2d`` and
    ``2d + 1`` share a deal); in the mirrored pass it knows its opponent's
    cards and shoves or folds on them.  ``memory`` is kept on the instance."""

    name = "memory"

    def __init__(self, *, seed: int | None = None) -> None:
        self.memory: dict[int, tuple[Card, ...]] = {}

    def _store(self) -> dict[int, tuple[Card, ...]]:
        return self.memory

    def decide(self, observation: Observation) -> Action:
        number = observation.hand_number
        assert number is not None
        store = self._store()
        deal = number // 2
        if number % 2 == 0:
            store[deal] = tuple(observation.hole_cards)
            return honest(observation)
        theirs = store.get(deal)
        if theirs is None:
            return honest(observation)
        legal = observation.legal
        assert legal is not None
        strong = _pre_flop_better(tuple(observation.hole_cards), theirs)
        if strong:
            return AllIn if legal.can_all_in else honest(observation)
        return Check if legal.can_check else Fold


_SHARED: dict[int, tuple[Card, ...]] = {}


class GlobalMirrorMemory(MirrorMemory):
    """As :class:`MirrorMemory`, but the memory is a module global: fresh
    instances in the same process still share it."""

    name = "global-memory"

    def _store(self) -> dict[int, tuple[Card, ...]]:
        return _SHARED


def _pre_flop_better(mine: tuple[Card, ...], theirs: tuple[Card, ...]) -> bool:
    """A crude but honest-to-goodness edge: higher pair, else higher cards."""

    def key(cards: tuple[Card, ...]) -> tuple[int, int, int]:
        ranks = sorted((int(c.rank) for c in cards), reverse=True)
        return (1 if ranks[0] == ranks[1] else 0, ranks[0], ranks[1])

    return key(mine) > key(theirs)


class CardForger:
    """Rewrites the ``mask`` of its own hole cards (and of the board) so that
    the evaluator would read a straight flush, then calls everything."""

    name = "forger"

    def __init__(self, *, seed: int | None = None) -> None:
        pass

    def decide(self, observation: Observation) -> Action:
        royal = [Card.parse(text) for text in ("As", "Ks", "Qs", "Js", "Ts")]
        for card, fake in zip(tuple(observation.hole_cards) + tuple(observation.board), royal):
            try:
                object.__setattr__(card, "mask", fake.mask)
            except (AttributeError, TypeError):
                pass
        return honest(observation)


class ActionTamperer:
    """Returns a call, then changes it into a fractional raise behind the
    engine's back (``object.__setattr__`` on the frozen action)."""

    name = "tamperer"

    def __init__(self, *, seed: int | None = None) -> None:
        pass

    def decide(self, observation: Observation) -> Action:
        legal = observation.legal
        assert legal is not None
        if not legal.can_raise and not legal.can_bet:
            return honest(observation)
        action = Action(ActionKind.RAISE if legal.can_raise else ActionKind.BET, legal.min_raise_to)
        try:
            object.__setattr__(action, "to", legal.min_raise_to + 0.5)
        except (AttributeError, TypeError):
            pass
        return action


class HistoryEditor:
    """Edits the events it receives: every action in the history becomes a
    fold of seat 0 (``object.__setattr__``), then plays as ``call``."""

    name = "editor"

    def __init__(self, *, seed: int | None = None) -> None:
        pass

    def decide(self, observation: Observation) -> Action:
        for event in observation.history:
            if hasattr(event, "action"):
                try:
                    object.__setattr__(event, "action", Fold)
                    object.__setattr__(event, "seat", 0)
                except (AttributeError, TypeError):
                    pass
        try:
            object.__setattr__(observation, "history", ())
        except (AttributeError, TypeError):
            pass
        return honest(observation)


class PipeWriter:
    """Finds its process's connection to the parent (via gc) and writes a
    pickle that would run code if the parent unpickled it; then plays on."""

    name = "pipe-writer"

    def __init__(self, *, seed: int | None = None, marker: str = "") -> None:
        self.marker = marker

    def decide(self, observation: Observation) -> Action:
        from multiprocessing.connection import Connection

        class Bomb:
            def __reduce__(self) -> tuple[Any, ...]:
                return (open, (self_marker, "w"))

        self_marker = self.marker
        import pickle

        payload = pickle.dumps(Bomb()) if self_marker else b"junk"
        for obj in gc.get_objects():
            if isinstance(obj, Connection) and not obj.closed:
                try:
                    obj.send_bytes(payload)
                except OSError:
                    pass
        return honest(observation)


class EarlyReplier:
    """Answers its 2nd decision twice: its own reply, then a forged one for
    the next request, written before that request was sent (its number read
    from the child's loop)."""

    name = "early-replier"

    def __init__(self, *, seed: int | None = None) -> None:
        self.turn = 0

    def decide(self, observation: Observation) -> Action:
        from multiprocessing.connection import Connection

        self.turn += 1
        if self.turn == 2:
            frame: Any = sys._getframe(1)
            while frame is not None and "seq" not in frame.f_locals:
                frame = frame.f_back
            seq = frame.f_locals["seq"] if frame is not None else 0
            action = honest(observation)
            for obj in gc.get_objects():
                if isinstance(obj, Connection) and not obj.closed:
                    obj.send_bytes(f"{seq} a {action}".encode())
                    obj.send_bytes(f"{seq + 1} a f".encode())
            return action
        return honest(observation)


# -- misbehaving, not cheating ---------------------------------------------


class _Misbehaving:
    """Plays as ``call``, except at its ``when``-th decision (1-based)."""

    name = "misbehaving"

    def __init__(self, *, seed: int | None = None) -> None:
        self.turn = 0

    def decide(self, observation: Observation) -> Action:
        self.turn += 1
        if self.turn == 2:
            self.misbehave()
        return honest(observation)

    def misbehave(self) -> None:
        raise NotImplementedError


class Sleeper(_Misbehaving):
    """Takes 1.5 s over its second decision, then answers."""

    name = "sleeper"

    def misbehave(self) -> None:
        time.sleep(1.5)


class Hanger(_Misbehaving):
    """Never answers its second decision."""

    name = "hanger"

    def misbehave(self) -> None:
        time.sleep(3600)


class Dier(_Misbehaving):
    """Its process exits in the middle of its second decision."""

    name = "dier"

    def misbehave(self) -> None:
        os._exit(3)


class Steady:
    """Plays as ``call``, taking 10 ms over each decision (well within any
    time limit of the tests)."""

    name = "steady"

    def __init__(self, *, seed: int | None = None) -> None:
        pass

    def decide(self, observation: Observation) -> Action:
        time.sleep(0.01)
        return honest(observation)


class OddSleeper:
    """Plays as ``call``; in the instances whose seed is odd, oversleeps
    (1.5 s) its 3rd decision."""

    name = "odd-sleeper"

    def __init__(self, *, seed: int | None = None) -> None:
        self.slow = seed is not None and seed % 2 == 1
        self.turn = 0

    def decide(self, observation: Observation) -> Action:
        self.turn += 1
        if self.slow and self.turn == 3:
            time.sleep(1.5)
        return honest(observation)


def _outside_tmp() -> str:
    """The test's temporary directory, also from a policy process (whose own
    temporary directory is made in the caller's)."""
    import tempfile

    here = tempfile.gettempdir()
    if os.path.basename(here).startswith("pokerkit-policy-"):
        return os.path.dirname(here)
    return here


_OUTSIDE_TMP = _outside_tmp()


def fork_copy_file(forkserver: int) -> str:
    """Where :class:`ForkThenDie`'s copy writes its pid, for the processes
    started by ``forkserver`` (the pid of the test's forkserver)."""
    return os.path.join(_OUTSIDE_TMP, f"pokerkit-fork-then-die-{forkserver}.pid")


class ForkThenDie(_Misbehaving):
    """At its 1st decision forks a copy of its process that holds the pipe
    (it sleeps 30 s, its pid in :func:`fork_copy_file`); exits at its 2nd."""

    name = "fork-then-die"

    def decide(self, observation: Observation) -> Action:
        self.turn += 1
        if self.turn == 1:
            copy = os.fork()
            if copy == 0:
                time.sleep(30)
                os._exit(0)
            with open(fork_copy_file(os.getppid()), "a", encoding="utf-8") as file:
                file.write(f"{copy}\n")  # (before it answers)
        if self.turn == 2:
            os._exit(3)
        return honest(observation)


class Raiser(_Misbehaving):
    """Raises ``RuntimeError("boom")`` on every decision after the first."""

    name = "raiser"

    def decide(self, observation: Observation) -> Action:
        self.turn += 1
        if self.turn >= 2:
            raise RuntimeError("boom")
        return honest(observation)


class Hooked:
    """Plays as ``call`` and counts its hooks; ``hand_ended`` fails on hand 3."""

    name = "hooked"

    def __init__(self, *, seed: int | None = None) -> None:
        self.started = 0
        self.ended = 0

    def hand_started(self, observation: Observation) -> None:
        self.started += 1

    def hand_ended(self, observation: Observation, results: tuple[int, ...]) -> None:
        self.ended += 1
        if self.ended == 3:
            raise ValueError("hook broke")

    def decide(self, observation: Observation) -> Action:
        return honest(observation)


class BadFactory:
    """A factory that fails."""

    name = "bad-factory"

    def __init__(self, *, seed: int | None = None) -> None:
        raise RuntimeError("cannot build")


class PipeCloser(_Misbehaving):
    """Closes its end of the pipe at its second decision, then lingers (2 s)
    before it answers (and fails to write)."""

    name = "pipe-closer"

    def misbehave(self) -> None:
        from multiprocessing.connection import Connection

        for obj in gc.get_objects():
            if isinstance(obj, Connection) and not obj.closed:
                obj.close()
        time.sleep(2.0)
