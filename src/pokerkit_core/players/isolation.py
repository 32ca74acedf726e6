"""Policies in their own process: bots that cannot read the engine.

A policy in the same process as the engine can always inspect the interpreter
(``sys._getframe``, :mod:`gc`, module globals) and so reach the deck, the
state and every hole card.  :class:`IsolatedPolicy` runs a policy in a child
process instead and sends it nothing but its seat's observations; the child
answers each request with a short line of text (an action in its text form,
``"r 300"``), which this side parses with :meth:`Action.parse
<pokerkit_core.engine.actions.Action.parse>`.  Nothing the child sends is ever
unpickled here.

The child is started with the ``forkserver`` method where the platform has it
(``spawn`` elsewhere), never by ``fork``: it holds no copy of this process's
memory.  The proxy is a :class:`~pokerkit_core.engine.policy.Policy` like any other,
so every runner seats it unchanged; what it adds:

- a decision (or hook) that takes longer than ``decision_timeout`` seconds
  raises :class:`~pokerkit_core.errors.DecisionTimeout`; a runner records it
  as a fault and plays the default action (check if legal, else fold).  The
  answer is still awaited at the next request, once more for at most
  ``decision_timeout``; a child that has not answered by then is killed;
- a child that dies, hangs past that second limit, breaks the wire protocol
  (a reply over :data:`MAX_REPLY_BYTES`, a reply to a request never sent) or
  answers :data:`MAX_BAD_REPLIES` unreadable replies in a row raises
  :class:`~pokerkit_core.errors.PolicyDied` once; from then on the proxy
  itself returns the default action (no further faults) and skips the hooks;
- an exception raised in the child by ``decide`` or a hook raises
  :class:`~pokerkit_core.errors.IsolatedPolicyError` naming it.

The child runs in a process group of its own, with its standard streams on
``/dev/null`` and its own empty working and temporary directory, and every
process it starts ends with it (:mod:`pokerkit_core.players.isolation_procs`).
On Linux the child and the process that starts it are made not dumpable, so
that a bot cannot read their memory through ``/proc`` (that process stays so
for the rest of its life: no core dump, no debugger attaching).

What it does not do: the child runs as the same user as this process, with
the same file system and network (it can write to ``/tmp`` or ``$HOME`` by
absolute path); bots that must not talk to each other or
to the outside need an operating-system sandbox around the whole match
(separate users, a container, seccomp).

Wire format (requests and replies in order; the child's side is
:mod:`pokerkit_core.players.isolation_child`): this side sends
``pickle.dumps([(lane, seq, op, start, events, static, dynamic, extra)])``,
one request per frame here (lane 0; a match sends several lanes' requests in
one frame, :mod:`pokerkit_core.match.lanes`): the history events the lane
lacks after its first ``start`` ones (the compact form of
:mod:`pokerkit_core.players.compact`), and the seat's view in the two parts of
:mod:`pokerkit_core.players.isolation_wire` (``static`` only when it changed, else
``None``), read straight from the engine's state when the hand driver asks
(:meth:`IsolatedPolicy.decide_state`: no
:class:`~pokerkit_core.engine.observation.Observation` is built on this side).  Each
request and reply is framed as :class:`multiprocessing.connection.Connection`
frames it (a 4-byte big-endian length first) and read and written straight on
the pipe's descriptors (one ``write`` and one ``read`` per message on each
side).  The child answers ``b"<seq> a <action text>"``, ``b"<seq> ok"`` (a
hook), ``b"<seq> x <repr>"`` (``decide`` returned a non-action) or
``b"<seq> ! <Type>: <message>"`` (it raised).  Its first line is
``b"ready <hooks> <name>"`` or ``b"! <Type>: <message>"``.  The child asks
the OS to schedule it as a batch job (Linux ``SCHED_BATCH``), so that a
request wakes it on an idle core instead of pausing this side.

References:
    Annual Computer Poker Competition rules (bots in their own processes,
    restarted for each duplicate pass, time limits per decision).
"""

from __future__ import annotations

import contextlib
import os
import pickle
import select
import sys
import time
import types
import weakref
from typing import TYPE_CHECKING, Any, Iterable, Iterator, Sequence

from . import compact
from . import isolation_child as child
from . import isolation_procs as procs
from .isolation_child import (
    DECIDE,
    ENDED,
    MAX_REPLY_BYTES,
    STARTED,
    IsolatedSpec,
    clean,
    spec_name,
)
from . import isolation_wire as wire
from .isolation_wire import NOTHING_HELD, Held
from ..engine.actions import Action, Fold, default_action
from ..engine.checks import describe_exception, timeout_arg
from ..errors import (
    DecisionTimeout,
    InvalidConfigError,
    IsolatedPolicyError,
    PokerError,
    PolicyDied,
    PolicyError,
    shown,
)
from ..engine.dealing import seat_arg
from ..engine.observation import Observation
from ..engine.policy import method_of
from ..engine.state import HandState, legal_actions

if TYPE_CHECKING:
    from multiprocessing.connection import Connection
    from multiprocessing.context import BaseContext

__all__ = [
    "MAX_BAD_REPLIES",
    "MAX_REPLY_BYTES",
    "PROCESS_NAME",
    "START_TIMEOUT_SECONDS",
    "IsolatedPolicy",
    "IsolatedSpec",
    "Held",
    "NOTHING_HELD",
    "Remote",
    "close_all",
    "isolation_args",
    "wants_hook",
]

START_TIMEOUT_SECONDS = 60.0
"""Default time a child has to import and build its policy, seconds."""

MAX_BAD_REPLIES = 3
"""Unreadable replies in a row after which a child is stopped."""

PROCESS_NAME = "pokerkit-policy"
"""The ``name`` of every policy process (:class:`multiprocessing.Process`)."""

_CLOSE_GRACE_SECONDS = 1.0
_PARSED: dict[str, Action] = {}  # reply text -> action (actions are frozen values)
_PARSED_BYTES: dict[bytes, Action] = {}  # the same, as the bytes after "<seq> a "
_PARSED_LIMIT = 4096
_READ_BYTES = 1 << 16


def isolation_args(isolate: object, decision_timeout: object) -> float | None:
    """Check the ``isolate`` and ``decision_timeout`` options of a runner.

    Args:
        isolate: ``True`` or ``False``.
        decision_timeout: ``None`` or a positive number of seconds, at most
            ``checks.MAX_TIMEOUT`` (1,000,000).

    Returns:
        The time limit as a float, or ``None``.

    Raises:
        InvalidConfigError: ``isolate`` is not a bool, the limit is not a
            positive number, or a limit is given without ``isolate`` (a
            policy in the caller's process cannot be interrupted).
    """
    if isolate is not True and isolate is not False:
        raise InvalidConfigError(f"isolate must be True or False, got {shown(isolate)}")
    timeout = timeout_arg("decision_timeout", decision_timeout)
    if timeout is not None and not isolate:
        raise InvalidConfigError(
            "decision_timeout needs isolate=True: a policy in this process cannot be interrupted"
        )
    return timeout


_at_fork_registered = False


def _forget_forkserver() -> None:  # pragma: no cover - runs in a forked child
    """After ``os.fork`` (e.g. a ``ProcessPoolExecutor`` worker), start a
    forkserver of our own: the parent's is not our child, and multiprocessing
    (3.11) would fail with ``ChildProcessError`` checking on it."""
    forkserver: Any = sys.modules.get("multiprocessing.forkserver")
    server = getattr(forkserver, "_forkserver", None)
    if server is not None and server._forkserver_pid is not None:
        server._forkserver_address = None
        server._forkserver_alive_fd = None
        server._forkserver_pid = None


def _context() -> BaseContext:
    """The multiprocessing context children start in (imported when needed)."""
    import multiprocessing

    global _at_fork_registered
    if "forkserver" in multiprocessing.get_all_start_methods():
        if not _at_fork_registered:
            os.register_at_fork(after_in_child=_forget_forkserver)
            _at_fork_registered = True
        context = multiprocessing.get_context("forkserver")
        # The server imports this once; each child forked from it starts warm.
        # (importlib.metadata too: ~0.1 s to import, which every child would pay)
        context.set_forkserver_preload([child.__name__, "importlib.metadata"])
        return context
    return multiprocessing.get_context("spawn")


# -- this side ---------------------------------------------------------------


@contextlib.contextmanager
def _without_main() -> Iterator[None]:
    """Within: ``sys.modules["__main__"]`` is an empty module.

    multiprocessing's ``spawn`` and ``forkserver`` methods re-run the main
    script in every child, which breaks any script without an
    ``if __name__ == "__main__":`` guard; a policy never needs it (a factory
    defined there cannot be imported by the child, and pickled within this
    it is refused at once).
    """
    main = sys.modules.get("__main__")
    sys.modules["__main__"] = types.ModuleType("__main__")
    try:
        yield
    finally:
        if main is not None:
            sys.modules["__main__"] = main


def _start(process: Any) -> None:
    """Start ``process`` without making the child import the ``__main__`` script."""
    with _without_main():
        process.start()


def _reap(process: Any, conn: Any, grace: float, workdir: str | None = None) -> None:
    """Close the pipe, give the child ``grace`` seconds to end, then kill it
    and every process it started (:func:`~pokerkit_core.players.isolation_procs.end_process`);
    remove its private directory."""
    try:
        conn.close()
    except OSError:  # pragma: no cover - already closed
        pass
    try:
        procs.end_process(process, grace)
    finally:
        procs.remove_dir(workdir)


class Remote:
    """A policy whose code runs in another process: what a runner may know of
    it without a request (:func:`wants_hook` reads it).  Its attributes are
    set by the object that talks to the process (:class:`IsolatedPolicy`, or
    a match's lane, :class:`pokerkit_core.match.lanes.Lane`); read them only.

    Attributes:
        name: Display name.
        dead: Why the default action plays for it now (its process died, was
            stopped or closed), or ``None`` while it plays.
        ready: Its policy instance is built in the process (so ``hooks`` is
            known).
        hooks: Whether that policy defines ``hand_started`` and
            ``hand_ended`` (``(False, False)`` until ``ready``).
    """

    name: str
    dead: str | None
    ready: bool
    hooks: tuple[bool, bool]


class IsolatedPolicy(Remote):
    """A policy running in its own process, seen here only through text.

    The child starts at once (in the background); the first request, or
    :meth:`wait_ready`, waits for it to be ready.  Close the proxy when the
    match ends (:meth:`close`, ``with``, or :func:`close_all`); the runners do
    it for the proxies they create, and a proxy that is garbage-collected or
    left at exit kills its child too.

    Args:
        spec: A registered policy name, a factory called as
            ``factory(seed=seed)`` (defined at module level, so that the child
            can import it), or a policy object (pickled to the child; the
            object here is not used again).
        seed: Passed to the factory (ignored for a policy object).
        decision_timeout: Time limit of each request (``decide`` or a hook),
            seconds; ``None`` waits as long as it takes.
        start_timeout: Time the child has to build its policy, seconds.
        name: Display name (default: the registry name, or the factory's or
            object's ``name``).
        entry: For a registered name, its ``module:attribute`` as
            :func:`~pokerkit_core.engine.policy.available_policies` gives it: the
            child imports it at once instead of reading every installed
            package's entry points (tens of milliseconds per child; a match
            starts a pair per chunk).  ``None``: the child looks it up.

    Raises:
        InvalidConfigError: A time limit that is not a positive number.
        PolicyError: The child cannot be started (``spec`` cannot be sent to
            it, or this process may not have children).

    References:
        ACPC rules (a bot in its own process, time limits per decision).
    """

    def __init__(
        self,
        spec: IsolatedSpec,
        *,
        seed: int | None = None,
        decision_timeout: float | None = None,
        start_timeout: float = START_TIMEOUT_SECONDS,
        name: str | None = None,
        entry: str | None = None,
    ) -> None:
        self.decision_timeout = timeout_arg("decision_timeout", decision_timeout)
        limit = timeout_arg("start_timeout", start_timeout)
        self._start_timeout = limit if limit is not None else START_TIMEOUT_SECONDS
        self.name: str = name if isinstance(name, str) else spec_name(spec)
        self.ready = False
        self.dead: str | None = None
        self.hooks = (False, False)
        self._seq = 0
        self._late: int | None = None
        self._bad = 0
        self._held = Held()  # what the child's lane 0 holds
        try:
            # sent as bytes, unpickled by the child once confined: unpickling
            # imports the policy's module, whose top-level code must not run
            # in the caller's process group, directory and standard streams
            with _without_main():  # (a factory defined in the script: refused here)
                sent: str | bytes = spec if isinstance(spec, str) else pickle.dumps(spec)
        except Exception as exc:  # an unpicklable factory or object
            raise PolicyError(
                f"policy {shown(self.name)} cannot be started in its own process (a factory "
                f"must be defined at module level in an importable module, not in the script "
                f"being run, and an object must pickle): {describe_exception(exc)}"
            ) from exc
        procs.guard_memory()  # this process's memory (the decks) unreadable by the bots
        context = _context()
        conn, child_end = context.Pipe(duplex=True)
        self._workdir = procs.private_dir()
        process = context.Process(  # type: ignore[attr-defined]
            target=child.serve_policy, args=(child_end, sent, seed, entry, self._workdir), daemon=True,
            name=PROCESS_NAME,
        )
        try:
            _start(process)
        except Exception as exc:  # unpicklable spec, a daemonic parent ...
            conn.close()
            procs.remove_dir(self._workdir)
            raise PolicyError(
                f"policy {shown(self.name)} cannot be started in its own process "
                f"(a factory must be defined at module level in an importable module, not in the script being run, and an object must pickle): "
                f"{describe_exception(exc)}"
            ) from exc
        finally:
            child_end.close()
        self._conn: Connection = conn
        self._fd = conn.fileno()
        self._buffer = b""
        self._poller: Any = None
        if hasattr(select, "poll") and sys.platform != "win32":  # else through the Connection
            self._poller = select.poll()
            self._poller.register(self._fd, select.POLLIN)
        self._process: Any = process
        self._watch: Any = None  # the pipe and the process's sentinel (readable once it ended)
        if self._poller is not None:
            self._watch = select.poll()
            self._watch.register(self._fd, select.POLLIN)
            self._watch.register(process.sentinel, select.POLLIN)
        self._finalizer = weakref.finalize(self, _reap, process, conn, _CLOSE_GRACE_SECONDS, self._workdir)

    # -- queries ---------------------------------------------------------

    @property
    def is_alive(self) -> bool:
        """The child still plays (it has not died, been stopped or closed)."""
        return self.dead is None and self._finalizer.alive

    @property
    def dead_reason(self) -> str | None:
        """Why the default action plays for this policy now, or ``None``."""
        return self.dead

    @property
    def pid(self) -> int | None:
        """The child's process id (``None`` before it started)."""
        pid: int | None = self._process.pid
        return pid

    # -- life cycle ------------------------------------------------------

    def wait_ready(self) -> None:
        """Wait until the child has built its policy.

        Raises:
            PolicyError: The policy could not be built there (unknown name,
                failing factory: the message says why), the child did not
                report within ``start_timeout`` seconds, or it died first.
        """
        if self.ready:
            return
        if self.dead is not None:
            raise PolicyError(f"policy {shown(self.name)}: {self.dead}")
        try:
            text = self._receive(self._start_timeout)
        except PolicyDied as exc:
            raise PolicyError(f"policy {shown(self.name)} failed to start: {exc}") from exc
        if text is None:
            self._stop(f"did not start within {self._start_timeout:g} s")
            raise PolicyError(f"policy {shown(self.name)} {self.dead}")
        if text.startswith("ready "):
            parts = text.split(" ", 2)
            flags = parts[1] if len(parts) > 1 else ""
            self.hooks = (flags[:1] == "1", flags[1:2] == "1")
            self.ready = True
            return
        detail = text[2:] if text.startswith("! ") else f"it answered {shown(text)}"
        self._stop(f"could not be created in its process: {detail}")
        raise PolicyError(f"policy {shown(self.name)} {self.dead}")

    def close(self) -> None:
        """End the child (it gets end-of-file, then is killed if it lingers).

        Idempotent; later requests play the default action.
        """
        if self.dead is None:
            self.dead = "closed"
        self._finalizer()

    def __enter__(self) -> IsolatedPolicy:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- the wire, for a runner that multiplexes processes ----------------
    # (pokerkit_core.match.lanes: many lanes' requests in one frame, every
    # process's replies read as they come through one poll)

    @property
    def start_timeout(self) -> float:
        """Seconds the child has to build its policy (also a lane's, when a
        runner asks it to build a fresh instance)."""
        return self._start_timeout

    @property
    def fd(self) -> int:
        """This side's end of the pipe: readable when the child has sent
        something (or closed its end)."""
        return self._fd

    @property
    def sentinel(self) -> int:
        """A descriptor readable once the child has ended."""
        sentinel: int = self._process.sentinel
        return sentinel

    def next_seq(self) -> int:
        """Number a new request (from 1, one after the other: the child
        answers each with its number, in order)."""
        self._seq += 1
        return self._seq

    def send(self, payload: bytes) -> None:
        """Write one frame of requests (a :mod:`~pokerkit_core.players.compact`
        list of them, as the module describes).

        Args:
            payload: The frame's bytes.

        Raises:
            PolicyDied: The pipe is closed (the child is stopped).
        """
        try:
            self._send(payload)
        except OSError:
            raise self.stop("ended (its pipe is closed)") from None

    def readable(self) -> bool:
        """Whether :attr:`fd` or :attr:`sentinel` can be read now without
        waiting (a reply, end-of-file, or the child's end)."""
        return bool(self._poller.poll(0))

    def read_some(self) -> bool:
        """One ``read`` of what the child sent (call it when :attr:`fd` is
        readable, or it waits).

        Returns:
            ``True`` when something was read; ``False`` at end-of-file (the
            child left as it is: watch :attr:`sentinel` for its end).

        Raises:
            PolicyDied: The pipe failed (the child is stopped).
        """
        return self._fill(wait=False)

    @property
    def has_unread(self) -> bool:
        """Bytes were read that are not yet taken as replies."""
        return bool(self._buffer)

    def next_reply(self, seq: int, decide: bool) -> Action | str | None:
        """The reply to request ``seq`` if it has been read whole, taken from
        what was read: for a ``decide`` request whose reply names an action
        text seen before, that :class:`~pokerkit_core.engine.actions.Action`
        (the count of unreadable replies left alone: call
        :meth:`reply_read` if it is judged); else the reply's body text, for
        :meth:`action_of` or :meth:`error_of`; ``None``: not read whole yet.

        Args:
            seq: The request's number (:meth:`next_seq`).
            decide: It was a ``decide`` request.

        Raises:
            PolicyDied: The reply is over :data:`MAX_REPLY_BYTES` or answers
                another request (the child is stopped).
        """
        if decide:
            action = self._known_action(seq)
            if action is not None:
                return action
        text = self._frame()
        if text is None:
            return None
        return self._body(text, seq)

    def reply_read(self) -> None:
        """A reply was readable: the count of unreadable replies in a row
        (:data:`MAX_BAD_REPLIES`) starts over."""
        self._bad = 0

    def action_of(self, body: str) -> Action:
        """The action a ``decide`` reply's body names.

        Raises:
            IsolatedPolicyError: ``decide`` raised in the child or returned
                a non-action, or the body is unreadable.
            PolicyDied: The last of :data:`MAX_BAD_REPLIES` unreadable
                replies in a row (the child is stopped).
        """
        return self._action(body)

    def error_of(self, body: str) -> IsolatedPolicyError:
        """The error a hook's reply body that is not ``"ok"`` reports (an
        exception raised in the child, or an unreadable reply); with the
        last of :data:`MAX_BAD_REPLIES` unreadable replies in a row, a
        :class:`~pokerkit_core.errors.PolicyDied` (the child is stopped)."""
        return self._failure(body)

    def stop(self, reason: str) -> PolicyDied:
        """Kill the child; the default action plays for it from now on.

        Args:
            reason: Why, as it ends the fault's text (``"ended (exit code
                1)"``).

        Returns:
            The :class:`~pokerkit_core.errors.PolicyDied` to report.
        """
        return self._stop(reason)

    def stop_ended(self, grace: float) -> PolicyDied:
        """:meth:`stop` for a child that has ended (its :attr:`sentinel` is
        readable): wait up to ``grace`` seconds for its exit code, which the
        reason gives."""
        if self._process.exitcode is None:
            self._process.join(grace)
        return self._stop(self._ended())

    # -- the Policy protocol ---------------------------------------------

    def decide(self, observation: Observation) -> Action:
        """Ask the child for its action.

        Args:
            observation: The acting seat's view (``legal`` set).

        Returns:
            The action the child named (not checked for legality: the runner
            does that), or the default action (check if legal, else fold)
            once the child is dead.

        Raises:
            DecisionTimeout: No answer within ``decision_timeout``.
            PolicyDied: The child died or was stopped by this request.
            IsolatedPolicyError: ``decide`` raised in the child or returned a
                non-action, or the reply was unreadable.
            PolicyError: The child could not build its policy.
            InvalidConfigError: ``observation`` is not an
                :class:`~pokerkit_core.engine.observation.Observation`.
        """
        if self.dead is not None:
            return _default(observation)
        return self._action(self._request(DECIDE, observation, None))

    def _action(self, body: str) -> Action:
        """The action a ``decide`` reply names (or the error it reports)."""
        if body.startswith("a "):
            action = _PARSED.get(body)
            if action is None:
                try:
                    action = Action.parse(body[2:])
                except PokerError:
                    raise self._bad_reply(body) from None
                if len(_PARSED) < _PARSED_LIMIT:
                    _PARSED[body] = action
                    _PARSED_BYTES[body[2:].encode()] = action
            self._bad = 0
            return action
        if body.startswith("x "):
            self._bad = 0
            raise IsolatedPolicyError(f"decide returned {body[2:]}, not an Action")
        raise self._failure(body)

    def decide_state(self, state: HandState, seat: int, hand_number: int | None = None) -> Action:
        """:meth:`decide` for ``observe(state, seat, hand_number=hand_number)``,
        read straight from the state (the hand driver's fast path: no
        :class:`~pokerkit_core.engine.observation.Observation` is built here).

        Args:
            state: The hand; this side's own state (only ``seat``'s view of
                it is sent).
            seat: The seat to act.
            hand_number: The number stamped on the view, or ``None``.

        Returns:
            As :meth:`decide`.

        Raises:
            DecisionTimeout, PolicyDied, IsolatedPolicyError, PolicyError: As
                for :meth:`decide`.
            InvalidConfigError: ``state`` is not a
                :class:`~pokerkit_core.engine.state.HandState` or ``seat`` is not
                one of its seats.
        """
        if state.__class__ is not HandState:
            raise InvalidConfigError(f"expected a HandState, got {shown(state)}")
        seat = seat_arg(seat, state.config.seat_count)
        if self.dead is not None:
            legal = legal_actions(state) if state.to_act == seat else None
            return Fold if legal is None else default_action(legal)
        static, dynamic, key = self._held.parts(state, seat, hand_number)
        body = self._ask(DECIDE, state.history, static, dynamic, None, key, engine=True)
        return self._action(body)

    def hand_started(self, observation: Observation) -> None:
        """Forward the hook if the child's policy has it (see :meth:`decide`).

        Args:
            observation: The seat's view after the deal.

        Raises:
            DecisionTimeout, PolicyDied, IsolatedPolicyError, PolicyError: As
                for :meth:`decide`.
        """
        self._hook(STARTED, 0, observation, None)

    def hand_ended(self, observation: Observation, results: Sequence[object]) -> None:
        """Forward the hook if the child's policy has it (see :meth:`decide`).

        Args:
            observation: The seat's view at the end of the hand.
            results: Net chips per seat, seat 0 first.

        Raises:
            DecisionTimeout, PolicyDied, IsolatedPolicyError, PolicyError: As
                for :meth:`decide`.
        """
        self._hook(ENDED, 1, observation, tuple(results))

    # -- internals -------------------------------------------------------

    def _hook(self, op: int, index: int, observation: Observation, extra: object) -> None:
        if self.dead is not None:
            return
        self.wait_ready()
        if not self.hooks[index]:
            return
        body = self._request(op, observation, extra)
        if body != "ok":
            raise self._failure(body)
        self._bad = 0

    def _failure(self, body: str) -> IsolatedPolicyError:
        if body.startswith("! "):
            self._bad = 0
            return IsolatedPolicyError(f"{body[2:]} (in the policy's process)")
        return self._bad_reply(body)

    def _bad_reply(self, body: str) -> IsolatedPolicyError:
        self._bad += 1
        if self._bad >= MAX_BAD_REPLIES:
            return self._stop(f"answered {self._bad} unreadable replies in a row (last {shown(body)})")
        return IsolatedPolicyError(f"unreadable reply {shown(body)}")

    def _stop(self, reason: str) -> PolicyDied:
        """Kill the child; the default action plays for it from now on."""
        self.dead = reason
        self._finalizer.detach()
        _reap(self._process, self._conn, 0.0, self._workdir)
        return PolicyDied(
            f"policy {shown(self.name)} {reason}; the default action plays for it from now on"
        )

    def _send(self, payload: bytes) -> None:
        """Write one request, framed as ``Connection.send_bytes`` frames it
        (the child reads it with ``recv_bytes``)."""
        if self._poller is None:  # pragma: no cover - no poll(): Windows
            self._conn.send_bytes(payload)
            return
        wire.write_all(self._fd, len(payload).to_bytes(4, "big") + payload)

    def _receive(self, timeout: float | None) -> str | None:
        """One reply as text, or ``None`` after ``timeout`` seconds.

        Replies are framed as :class:`multiprocessing.connection.Connection`
        frames them (a 4-byte big-endian length, then the bytes), read here
        straight from the pipe's descriptor: one ``read`` per reply, and a
        child that sends half a frame cannot block this side past the limit.
        """
        if self._poller is None:  # pragma: no cover - no poll(): Windows
            return self._receive_conn(timeout)
        deadline = None if timeout is None else time.monotonic() + timeout
        while True:
            text = self._frame()
            if text is not None:
                return text
            wait = None
            if deadline is not None:
                left = deadline - time.monotonic()
                if left <= 0:
                    return None
                wait = left * 1000.0
            events = self._watch.poll(wait)
            if not events:
                return None
            if all(fd != self._fd for fd, _ in events):
                # it ended, and its pipe is still open: a process it forked holds it
                raise self._stop(self._ended())
            self._fill()

    def _frame(self) -> str | None:
        """The next whole reply in what was read, or ``None``.

        Raises:
            PolicyDied: The reply's length is over :data:`MAX_REPLY_BYTES`
                (the child is stopped).
        """
        buffer = self._buffer
        if len(buffer) < 4:
            return None
        size = int.from_bytes(buffer[:4], "big", signed=True)
        if not 0 <= size <= MAX_REPLY_BYTES:
            raise self._stop(
                f"broke the wire protocol (a reply of {size} bytes, at most "
                f"{MAX_REPLY_BYTES} allowed)"
            )
        if len(buffer) < 4 + size:
            return None
        data, self._buffer = buffer[4 : 4 + size], buffer[4 + size :]
        return clean(data.decode("utf-8", "replace"), MAX_REPLY_BYTES)

    def _known_action(self, seq: int) -> Action | None:
        """The next reply if it is ``<seq> a <text>`` for an action text read
        before (taken from what was read), else ``None`` (nothing taken: the
        reply goes the general way, :meth:`_frame`, :meth:`_body`,
        :meth:`_action`, which it would pass unchanged).  Unlike
        :meth:`_action` it leaves the count of unreadable replies: a reply
        to a timed-out request is dropped unjudged, so the caller clears the
        count only for one answered in time."""
        buffer = self._buffer
        if len(buffer) < 4:
            return None
        end = 4 + int.from_bytes(buffer[:4], "big", signed=True)
        head = b"%d a " % seq
        if not 4 + len(head) < end <= min(len(buffer), 4 + MAX_REPLY_BYTES) or not buffer.startswith(head, 4):
            return None
        action = _PARSED_BYTES.get(buffer[4 + len(head) : end])
        if action is not None:
            self._buffer = buffer[end:]
        return action

    def _fill(self, wait: bool = True) -> bool:
        """One ``read`` of what the child sent (blocks until it sends).

        Args:
            wait: At end-of-file, wait up to a second for the child to end
                (for its exit code in the fault) and stop it.  ``False``:
                return ``False`` at once instead, the child untouched (a
                caller that watches its sentinel, :mod:`pokerkit_core.match.lanes`).

        Returns:
            ``True`` when something was read.

        Raises:
            PolicyDied: The child ended (end-of-file, with ``wait``) or the
                pipe failed.
        """
        try:
            chunk = os.read(self._fd, _READ_BYTES)
        except ConnectionResetError:  # it ended with requests unread: as end-of-file
            chunk = b""
        except OSError as exc:  # pragma: no cover - a closed descriptor
            raise self._stop(f"ended ({describe_exception(exc)})") from None
        if not chunk:
            if not wait:
                return False
            self._process.join(_CLOSE_GRACE_SECONDS)
            raise self._stop(self._ended())
        self._buffer += chunk
        return True

    def _ended(self) -> str:
        """Why the child is dead once it has ended: its exit code, if known."""
        code = self._process.exitcode
        return "ended" if code is None else f"ended (exit code {code})"

    def _receive_conn(self, timeout: float | None) -> str | None:  # pragma: no cover - Windows
        conn = self._conn
        try:
            if timeout is not None and not conn.poll(timeout):
                return None
            data = conn.recv_bytes(MAX_REPLY_BYTES)
        except EOFError:
            self._process.join(_CLOSE_GRACE_SECONDS)
            raise self._stop(self._ended()) from None
        except OSError as exc:  # too long a reply: the stream cannot be trusted
            raise self._stop(f"broke the wire protocol ({describe_exception(exc)})") from None
        return clean(data.decode("utf-8", "replace"), MAX_REPLY_BYTES)

    def _request(self, op: int, observation: Observation, extra: object) -> str:
        """Send one request about ``observation`` and return its reply's body."""
        if observation.__class__ is not Observation:
            raise InvalidConfigError(f"expected an Observation, got {shown(observation)}")
        static, dynamic = wire.observation_parts(observation)
        return self._ask(op, observation.history, static, dynamic, extra)

    def _ask(
        self,
        op: int,
        history: tuple[Any, ...],
        static: tuple[Any, ...] | None,
        dynamic: bytes | tuple[Any, ...],
        extra: object,
        key: tuple[Any, ...] = wire.NOTHING_HELD,
        engine: bool = False,
    ) -> str:
        """Send one request (the view's parts, :mod:`~pokerkit_core.players.isolation_wire`;
        ``static`` ``None``: the one the child holds; ``key``: what ``static``
        was built from, :meth:`Held.parts`; ``engine``: ``history`` is a hand
        state's own) and return the body of its reply."""
        if not self.ready:
            self.wait_ready()
        limit = self.decision_timeout
        if self._late is not None:
            self._drain(limit)
        seq = self.next_seq()
        request, plain = self._held.request(0, seq, op, history, static, dynamic, extra, key, engine)
        self.send(compact.pack([request], plain=plain))
        text = self._receive(limit)
        if text is None:
            self._late = seq
            raise DecisionTimeout(
                f"policy {shown(self.name)} did not answer within {limit:g} s", limit or 0.0
            )
        return self._body(text, seq)

    def _drain(self, limit: float | None) -> None:
        """Wait for the reply owed from a timed-out request and drop it."""
        late, self._late = self._late, None
        text = self._receive(limit)
        if text is None:
            raise self._stop(f"did not answer within {limit:g} s after a time-out")
        self._body(text, late or 0)

    def _body(self, text: str, seq: int) -> str:
        number, _, body = text.partition(" ")
        if number != str(seq):
            raise self._stop(f"broke the wire protocol (reply {shown(text)} to request {seq})")
        return body


def _default(observation: Observation) -> Action:
    legal = observation.legal
    return Fold if legal is None else default_action(legal)


_HOOK_INDEX = {"hand_started": 0, "hand_ended": 1}


def wants_hook(policy: object, hook: str) -> bool:
    """Whether a runner should call ``policy.<hook>`` (and build the
    observation it takes): the method exists and, for a started
    :class:`IsolatedPolicy` (any :class:`Remote`), the policy in the child
    defines it too.

    Args:
        policy: Any policy.
        hook: ``"hand_started"`` or ``"hand_ended"`` (or any method name).
    """
    if isinstance(policy, Remote) and hook in _HOOK_INDEX:
        if policy.dead is not None:
            return False  # the proxy skips the hooks of a dead child
        return not policy.ready or policy.hooks[_HOOK_INDEX[hook]]
    return method_of(policy, hook) is not None


def close_all(policies: Iterable[object]) -> None:
    """Close every :class:`IsolatedPolicy` among ``policies`` (others are
    left alone), ending their children together rather than one by one.

    Args:
        policies: Any policies (``None`` entries allowed).
    """
    isolated = [p for p in policies if isinstance(p, IsolatedPolicy)]
    for policy in isolated:  # end-of-file to every child first ...
        if policy._finalizer.alive:
            try:
                policy._conn.close()
            except OSError:  # pragma: no cover - already closed
                pass
    for policy in isolated:  # ... then wait for them
        policy.close()
