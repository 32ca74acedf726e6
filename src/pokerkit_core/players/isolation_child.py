"""The policy's side of an isolated policy: the loop that runs in its process.

:class:`~pokerkit_core.players.isolation.IsolatedPolicy` starts a child process that
runs :func:`serve_policy`.  The child builds the policy, reports that it is ready,
then answers requests until its pipe reaches end-of-file.  One child may hold
several *lanes*: independent instances of the same policy, each with its own
seed and its own hands (an isolated match plays a few chunks at once through
one process per player and pass, :mod:`pokerkit_core.match.lanes`).  Lane 0
is built at the start; a restart request builds (or rebuilds) any lane as a
fresh instance that holds nothing.

Wire format: each request frame is ``pickle.dumps([request, ...])``, one or
more requests, each ``(lane, seq, op, start, events, static, dynamic,
extra)`` (see :mod:`pokerkit_core.players.isolation`).  The child answers each request
with one frame, in order: ``b"<seq> a <action text>"``, ``b"<seq> ok"`` (a
hook), ``b"<seq> ready <hooks> <name>"`` (a restart), ``b"<seq> x <repr>"``
(``decide`` returned a non-action) or ``b"<seq> ! <Type>: <message>"`` (it
raised).  Each reply is written as soon as it is made, before the next
request of the frame is started: the other side times each decision from the
reply before it, so a quick reply held back behind a slow decision would be
late in the slow one's place.  Its first frame is ``b"ready <hooks> <name>"`` or
``b"! <Type>: <message>"``.  A request this side cannot read (a bug on the
wire) gets ``b"? <message>"`` and the child ends.
"""

from __future__ import annotations

import os
import pickle
import time
from typing import TYPE_CHECKING, Any, Callable, Union

from . import isolation_procs as procs
from . import isolation_wire as wire
from ..engine.actions import Action, ActionKind
from ..engine.checks import describe_exception
from ..errors import PolicyError, shown
from ..engine.policy import Policy, make_policy, registered_factory

if TYPE_CHECKING:
    from multiprocessing.connection import Connection

__all__ = [
    "DECIDE",
    "ENDED",
    "MAX_REPLY_BYTES",
    "RESTART",
    "STARTED",
    "IsolatedSpec",
    "clean",
    "serve_policy",
    "spec_name",
]

MAX_REPLY_BYTES = 512
"""Longest reply a child may send, bytes (a longer one kills it)."""

DECIDE, STARTED, ENDED, RESTART = 0, 1, 2, 3
"""The request kinds (``op``): ``decide``, the two hooks, a fresh instance."""

IsolatedSpec = Union[str, Callable[..., Policy], Policy]
"""What a child builds its policy from: a registered policy name, a factory
called as ``factory(seed=seed)`` (importable by the child: defined at module
level), or a policy object (sent to the child by pickling)."""

_WATCH_SECONDS = 0.5
_NAME_LIMIT = 80
_MESSAGE_LIMIT = 300


def clean(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters, every unprintable one as ``?``."""
    if len(text) <= limit and text.isprintable():
        return text
    if len(text) > limit:
        text = text[: limit - 3] + "..."
    return "".join(c if c.isprintable() else "?" for c in text)


def spec_name(spec: object) -> str:
    """A display name for ``spec`` read in this process, never raising."""
    if isinstance(spec, str):
        return spec
    try:
        name = getattr(spec, "name", None)
        if isinstance(name, str):
            return clean(name, _NAME_LIMIT)
        return clean(str(getattr(spec, "__name__", type(spec).__name__)), _NAME_LIMIT)
    except Exception:  # a hostile name property or __getattr__
        return "?"


def _build(spec: IsolatedSpec, seed: int | None, entry: str | None = None) -> Policy:
    if isinstance(spec, str):
        factory = None if entry is None else registered_factory(spec, entry)
        return make_policy(spec, seed=seed, factory=factory)
    if callable(getattr(spec, "decide", None)) and not isinstance(spec, type):
        return spec  # type: ignore[return-value]
    if not callable(spec):
        raise PolicyError(f"{shown(spec)} is neither a policy name, a factory nor a policy")
    return make_policy(spec, seed=seed)


def _watch_parent(parent: int) -> None:  # pragma: no cover - runs in the child
    while True:
        time.sleep(_WATCH_SECONDS)
        if os.getppid() != parent:
            procs.end_descendants()
            os._exit(0)


def _batch_scheduling() -> None:  # pragma: no cover - runs in the child
    """Ask the OS to treat this process as a batch job (Linux ``SCHED_BATCH``):
    woken by a request, it does not preempt the process that sent it, but
    runs on an idle core, or when that process waits for the answers.
    Elsewhere (or if refused) nothing changes."""
    setscheduler = getattr(os, "sched_setscheduler", None)
    batch = getattr(os, "SCHED_BATCH", None)
    if setscheduler is None or batch is None:
        return
    try:
        setscheduler(0, batch, os.sched_param(0))
    except OSError:
        pass


class _Lane:
    """One instance in the child and what it holds of its hand."""

    __slots__ = ("policy", "history", "static", "seen")

    def __init__(self, policy: Policy) -> None:
        self.policy = policy
        self.history: tuple[Any, ...] = ()
        self.static: tuple[Any, ...] = ()
        self.seen: dict[Any, Any] = {}


def _frame(text: str) -> bytes:
    data = text.encode("utf-8", "replace")[:MAX_REPLY_BYTES]
    return len(data).to_bytes(4, "big") + data


_ACTION_TEXT: dict[Action, str] = {}
_ACTION_TEXT_LIMIT = 4096


def _answer(lane: _Lane, op: int, observation: Any, extra: object) -> str:
    """The reply body to one decision or hook (the bot's own errors reported)."""
    try:
        if op == DECIDE:
            action = lane.policy.decide(observation)
            if action.__class__ is Action:  # (Action cannot be subclassed)
                kind, to = action
                if kind.__class__ is not ActionKind or to.__class__ is not int:
                    return f"a {action}"  # made without its checks: never cached
                # the same few actions recur: each one's text is made once
                text = _ACTION_TEXT.get(action)
                if text is None:
                    text = f"a {action}"
                    if len(_ACTION_TEXT) < _ACTION_TEXT_LIMIT:
                        _ACTION_TEXT[action] = text
                return text
            return f"x {shown(action)}"
        if op == STARTED:
            lane.policy.hand_started(observation)  # type: ignore[attr-defined]
        else:
            lane.policy.hand_ended(observation, extra)  # type: ignore[attr-defined]
        return "ok"
    except Exception as exc:  # noqa: BLE001 - the bot's fault, reported
        return "! " + describe_exception(exc)


def serve_policy(  # pragma: no cover - runs in the child
    conn: Connection, spec: str | bytes, seed: int | None, entry: str | None = None,
    workdir: str | None = None,
) -> None:
    """The child's loop: confine the process
    (:func:`~pokerkit_core.players.isolation_procs.confine`), build lane 0's policy,
    then answer requests until EOF; then kill every process the policy
    started.

    Args:
        conn: The child's end of the pipe.
        spec: What to build the policy from: a registered name, or a
            factory or policy object (:data:`IsolatedSpec`) pickled, unpickled
            here only once the process is confined (unpickling imports the
            policy's module, and so runs its top-level code).
        seed: Lane 0's seed.
        entry: A registered name's ``module:attribute``, or ``None``.
        workdir: The process's own working and temporary directory, or
            ``None``.
    """
    procs.confine(workdir)
    try:
        _serve(conn, spec, seed, entry)
    finally:
        procs.end_descendants()


def _serve(  # pragma: no cover - runs in the child
    conn: Connection, sent: str | bytes, seed: int | None, entry: str | None
) -> None:
    import signal
    import threading

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    _batch_scheduling()
    threading.Thread(target=_watch_parent, args=(os.getppid(),), daemon=True).start()
    fd = conn.fileno()
    spec: Any = sent
    is_object = False  # a policy object (as sent: each restart gets a fresh copy)

    def build(seed: int | None) -> tuple[Policy | None, str]:
        nonlocal spec, is_object
        try:
            if isinstance(spec, bytes):  # the first build: import the policy's code
                spec = pickle.loads(sent)  # type: ignore[arg-type]
                is_object = callable(getattr(spec, "decide", None)) and not isinstance(spec, type)
            made = _build(pickle.loads(sent) if is_object else spec, seed, entry)  # type: ignore[arg-type]
            hooks = "".join(
                "1" if callable(getattr(made, hook, None)) else "0"
                for hook in ("hand_started", "hand_ended")
            )
            return made, f"ready {hooks} {spec_name(made).replace(' ', '_') or '?'}"
        except BaseException as exc:  # noqa: BLE001 - reported, then the child ends
            return None, "! " + clean(describe_exception(exc), _MESSAGE_LIMIT)

    policy, text = build(seed)
    try:
        wire.write_all(fd, _frame(text))
    except (BrokenPipeError, ConnectionResetError):  # the other side has gone already
        return
    if policy is None:
        return
    lanes = {0: _Lane(policy)}
    frames = wire.Frames(fd)
    while True:
        data = frames.next()
        if data is None:
            return
        try:
            requests = pickle.loads(data)
            for lane_id, seq, op, start, new_events, new_static, dynamic, extra in requests:
                if op == RESTART:  # a fresh instance, this seed, nothing held
                    made, text = build(extra)
                    wire.write_all(fd, _frame(f"{seq} {text}"))
                    if made is None:
                        return
                    lanes[lane_id] = _Lane(made)
                    continue
                lane = lanes[lane_id]
                lane.history = lane.history[:start] + wire.decode_events_once(new_events, lane.seen)
                if new_static is not None:
                    lane.static = wire.decode_static(new_static)
                observation = wire.rebuild(lane.static, dynamic, lane.history)
                body = clean(_answer(lane, op, observation, extra), _MESSAGE_LIMIT)
                # at once: held back, it would be timed with the next decision
                wire.write_all(fd, _frame(f"{seq} {body}"))
        except (BrokenPipeError, ConnectionResetError):  # the other side stopped us
            return
        except Exception as exc:  # noqa: BLE001 - a bug on the wire: the parent stops us
            wire.write_all(fd, _frame("? " + clean(describe_exception(exc), _MESSAGE_LIMIT)))
            return

if not TYPE_CHECKING:  # the old name, for a while (hidden from type checkers)
    from .._deprecated import renamed

    __getattr__ = renamed(__name__, {"serve": "serve_policy"})
