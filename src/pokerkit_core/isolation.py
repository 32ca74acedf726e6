"""Policies in their own process: bots that cannot read the engine.

A policy in the same process as the engine can always inspect the interpreter
(``sys._getframe``, :mod:`gc`, module globals) and so reach the deck, the
state and every hole card.  :class:`IsolatedPolicy` runs a policy in a child
process instead and sends it nothing but its seat's observations; the child
answers each request with a short line of text (an action in its text form,
``"r 300"``), which this side parses with :meth:`Action.parse
<pokerkit_core.actions.Action.parse>`.  Nothing the child sends is ever
unpickled here.

The child is started with the ``forkserver`` method where the platform has it
(``spawn`` elsewhere), never by ``fork``: it holds no copy of this process's
memory.  The proxy is a :class:`~pokerkit_core.policy.Policy` like any other,
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

What it does not do: the child runs as the same user as this process, with
the same file system and network; bots that must not talk to each other or
to the outside need an operating-system sandbox around the whole match
(separate users, a container, seccomp).

Wire format (one request, one reply, in order): this side sends
``pickle.dumps((seq, op, start, events, fields, results))`` where ``events``
are the history events the child lacks after its first ``start`` ones and
``fields`` the other :class:`~pokerkit_core.observation.Observation` fields in
field order; the child answers ``b"<seq> a <action text>"``, ``b"<seq> ok"``
(a hook), ``b"<seq> x <repr>"`` (``decide`` returned a non-action) or
``b"<seq> ! <Type>: <message>"`` (it raised).  Its first line is
``b"ready <hooks> <name>"`` or ``b"! <Type>: <message>"``.

References:
    Annual Computer Poker Competition rules (bots in their own processes,
    restarted for each duplicate pass, time limits per decision).
"""

from __future__ import annotations

import copyreg
import dataclasses
import io
import operator
import os
import pickle
import sys
import time
import types
import weakref
from enum import Enum
from typing import TYPE_CHECKING, Any, Callable, Iterable, Sequence, Union

from . import events
from .actions import Action, ActionKind, Check, Fold, LegalActions
from .cards import CARDS, Card
from .checks import describe_exception, timeout_arg
from .errors import (
    DecisionTimeout,
    InvalidConfigError,
    IsolatedPolicyError,
    PokerError,
    PolicyDied,
    PolicyError,
    shown,
)
from .observation import Observation
from .policy import Policy, load_policy
from .rules import BettingStructure, Street

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
    "close_all",
    "isolation_args",
]

START_TIMEOUT_SECONDS = 60.0
"""Default time a child has to import and build its policy, seconds."""

MAX_REPLY_BYTES = 512
"""Longest reply a child may send, bytes (a longer one kills it)."""

MAX_BAD_REPLIES = 3
"""Unreadable replies in a row after which a child is stopped."""

PROCESS_NAME = "pokerkit-policy"
"""The ``name`` of every policy process (:class:`multiprocessing.Process`)."""

_CLOSE_GRACE_SECONDS = 1.0
_WATCH_SECONDS = 0.5
_NAME_LIMIT = 80
_MESSAGE_LIMIT = 300
_DECIDE, _STARTED, _ENDED = 0, 1, 2
_PARSED: dict[str, Action] = {}  # reply text -> action (actions are frozen values)
_PARSED_LIMIT = 4096

IsolatedSpec = Union[str, Callable[..., Policy], Policy]
"""What a child builds its policy from: a registered policy name, a factory
called as ``factory(seed=seed)`` (importable by the child: defined at module
level), or a policy object (sent to the child by pickling)."""

def _card(code: int) -> Card:
    return CARDS[code]


def _reduce_card(card: Card) -> tuple[Callable[[int], Card], tuple[int]]:
    return _card, (card.code,)


def _reduce_value(value: Any) -> tuple[type, tuple[Any, ...]]:
    return value.__class__, _INIT_FIELDS[value.__class__](value)


def _getter(names: Sequence[str]) -> Callable[[Any], tuple[Any, ...]]:
    if len(names) == 1:
        get = operator.attrgetter(names[0])
        return lambda value: (get(value),)
    return operator.attrgetter(*names)


def _init_names(cls: type) -> list[str]:
    """The constructor's arguments of a value class, in order: a dataclass's
    init fields, a NamedTuple's fields, or ``__match_args__`` (tuple-backed
    values such as :class:`~pokerkit_core.actions.Action`)."""
    if dataclasses.is_dataclass(cls):
        return [f.name for f in dataclasses.fields(cls) if f.init]
    fields = getattr(cls, "_fields", None) or getattr(cls, "__match_args__", None) or ()
    return [str(name) for name in fields]


_INIT_FIELDS: dict[type, Callable[[Any], tuple[Any, ...]]] = {
    cls: _getter(_init_names(cls))
    for cls in (Action, LegalActions, *(getattr(events, name) for name in events.__all__[1:]))
}
# Frozen values pickled as ``cls(*fields)`` and cards as their codes: several
# times faster both ways than the default reduction of slotted dataclasses.
_DISPATCH: dict[type, Callable[[Any], Any]] = {
    **copyreg.dispatch_table,
    Card: _reduce_card,
    **{cls: _reduce_value for cls in _INIT_FIELDS},
}


def _dumps(message: object) -> bytes:
    buffer = io.BytesIO()
    pickler = pickle.Pickler(buffer, pickle.HIGHEST_PROTOCOL)
    pickler.dispatch_table = _DISPATCH
    pickler.dump(message)
    return buffer.getvalue()


_FIELDS = tuple(f.name for f in dataclasses.fields(Observation))
_HISTORY_AT = _FIELDS.index("history")
_other_fields = operator.attrgetter(*(n for n in _FIELDS if n != "history"))

# -- the compact form: observation fields and events as plain ints, bytes and
# tuples, chosen by each field's annotation (anything else is sent as it is).
_code = operator.attrgetter("code")


def _enc_cards(cards: tuple[Card, ...]) -> bytes:
    return bytes(map(_code, cards))


def _dec_cards(codes: bytes) -> tuple[Card, ...]:
    return tuple(map(CARDS.__getitem__, codes))


def _enc_shown(shown: tuple[tuple[Card, ...] | None, ...]) -> tuple[bytes | None, ...]:
    return tuple(None if cards is None else bytes(map(_code, cards)) for cards in shown)


def _dec_shown(shown: tuple[bytes | None, ...]) -> tuple[tuple[Card, ...] | None, ...]:
    return tuple(None if codes is None else _dec_cards(codes) for codes in shown)


def _enum_codec(kind: type[Enum]) -> tuple[Callable[[Any], Any], Callable[[Any], Any]]:
    # ``_value_``, a plain attribute: ``value`` is a (slow) Python descriptor
    return operator.attrgetter("_value_"), {m.value: m for m in kind}.__getitem__


_legal_fields = _INIT_FIELDS[LegalActions]
_CODECS: dict[str, tuple[Callable[[Any], Any], Callable[[Any], Any]]] = {
    "tuple[Card, ...]": (_enc_cards, _dec_cards),
    "tuple[tuple[Card, ...] | None, ...]": (_enc_shown, _dec_shown),
    "LegalActions | None": (
        lambda legal: None if legal is None else _legal_fields(legal),
        lambda fields: None if fields is None else LegalActions(*fields),
    ),
    "Action": (lambda a: (a.kind._value_, a.to), lambda v: Action(ActionKind(v[0]), v[1])),
    "Street": _enum_codec(Street),
    "BettingStructure": _enum_codec(BettingStructure),
}


def _field_types(cls: type) -> list[tuple[str, str]]:
    """``(name, annotation text)`` of each constructor field of a value class
    (a dataclass, or a NamedTuple such as the events)."""
    if dataclasses.is_dataclass(cls):
        return [(f.name, str(f.type)) for f in dataclasses.fields(cls) if f.init]
    notes = getattr(cls, "__annotations__", {})
    return [(name, str(notes.get(name, ""))) for name in _init_names(cls)]


def _codecs_of(cls: type) -> tuple[tuple[int, Callable[[Any], Any], Callable[[Any], Any]], ...]:
    fields = [f for f in _field_types(cls) if f[0] != "history" or cls is not Observation]
    return tuple(
        (i, *_CODECS[kind]) for i, (_, kind) in enumerate(fields) if kind in _CODECS
    )


_OBSERVATION_CODECS = _codecs_of(Observation)
_EVENT_CLASSES = tuple(
    cls
    for cls in _INIT_FIELDS
    if cls not in (Action, LegalActions)
)
_EVENT_INDEX = {cls: i for i, cls in enumerate(_EVENT_CLASSES)}
_EVENT_CODECS = tuple(_codecs_of(cls) for cls in _EVENT_CLASSES)


def _encode_fields(observation: Observation) -> list[Any]:
    values = list(_other_fields(observation))
    for i, encode, _ in _OBSERVATION_CODECS:
        values[i] = encode(values[i])
    return values


def _decode_fields(values: list[Any]) -> list[Any]:  # pragma: no cover - in the child
    for i, _, decode in _OBSERVATION_CODECS:
        values[i] = decode(values[i])
    return values


def _encode_events(history: Sequence[Any]) -> tuple[Any, ...]:
    encoded: list[Any] = []
    for event in history:
        index = _EVENT_INDEX.get(event.__class__)
        if index is None:  # a kind of event the codec does not know: as it is
            encoded.append(event)
            continue
        values = [index, *_INIT_FIELDS[event.__class__](event)]
        for i, encode, _ in _EVENT_CODECS[index]:
            values[i + 1] = encode(values[i + 1])
        encoded.append(tuple(values))
    return tuple(encoded)


def _decode_events(encoded: tuple[Any, ...]) -> tuple[Any, ...]:  # pragma: no cover - child
    events_: list[Any] = []
    for item in encoded:
        if item.__class__ is not tuple:
            events_.append(item)
            continue
        index, *values = item
        for i, _, decode in _EVENT_CODECS[index]:
            values[i] = decode(values[i])
        events_.append(_EVENT_CLASSES[index](*values))
    return tuple(events_)


def isolation_args(isolate: object, decision_timeout: object) -> float | None:
    """Check the ``isolate`` and ``decision_timeout`` options of a runner.

    Args:
        isolate: ``True`` or ``False``.
        decision_timeout: ``None`` or a positive number of seconds.

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


def _clean(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters, every unprintable one as ``?``."""
    if len(text) <= limit and text.isprintable():
        return text
    if len(text) > limit:
        text = text[: limit - 3] + "..."
    return "".join(c if c.isprintable() else "?" for c in text)


def _spec_name(spec: object) -> str:
    """A display name for ``spec`` read in this process, never raising."""
    if isinstance(spec, str):
        return spec
    try:
        name = getattr(spec, "name", None)
        if isinstance(name, str):
            return _clean(name, _NAME_LIMIT)
        return _clean(str(getattr(spec, "__name__", type(spec).__name__)), _NAME_LIMIT)
    except Exception:  # a hostile name property or __getattr__
        return "?"


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
        context.set_forkserver_preload([__name__])
        return context
    return multiprocessing.get_context("spawn")


# -- the child side (runs in the policy's process) ---------------------------


def _build(spec: IsolatedSpec, seed: int | None) -> Policy:
    if isinstance(spec, str):
        return load_policy(spec, seed=seed)
    if callable(getattr(spec, "decide", None)) and not isinstance(spec, type):
        return spec  # type: ignore[return-value]
    if not callable(spec):
        raise PolicyError(f"{shown(spec)} is neither a policy name, a factory nor a policy")
    policy: Any = spec(seed=seed)
    if not callable(getattr(policy, "decide", None)):
        raise PolicyError(f"factory {shown(spec)} returned {shown(policy)}, which has no decide()")
    return policy  # type: ignore[no-any-return]


def _watch_parent(parent: int) -> None:  # pragma: no cover - runs in the child
    while True:
        time.sleep(_WATCH_SECONDS)
        if os.getppid() != parent:
            os._exit(0)


def _serve(conn: Connection, spec: IsolatedSpec, seed: int | None) -> None:  # pragma: no cover
    """The child's loop: build the policy, then answer requests until EOF."""
    import signal
    import threading

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    threading.Thread(target=_watch_parent, args=(os.getppid(),), daemon=True).start()

    def send(text: str) -> None:
        conn.send_bytes(text.encode("utf-8", "replace")[:MAX_REPLY_BYTES])

    try:
        policy = _build(spec, seed)
        hooks = "".join(
            "1" if callable(getattr(policy, hook, None)) else "0"
            for hook in ("hand_started", "hand_ended")
        )
        name = _spec_name(policy).replace(" ", "_") or "?"
    except BaseException as exc:  # noqa: BLE001 - reported, then the child ends
        send("! " + _clean(describe_exception(exc), _MESSAGE_LIMIT))
        return
    send(f"ready {hooks} {name}")
    history: tuple[Any, ...] = ()
    while True:
        try:
            data = conn.recv_bytes()
        except (EOFError, OSError):
            return
        try:
            seq, op, start, new_events, fields, results = pickle.loads(data)
            history = history[:start] + _decode_events(new_events)
            fields = _decode_fields(fields)
            observation = Observation(*fields[:_HISTORY_AT], history, *fields[_HISTORY_AT:])  # type: ignore[call-arg]
        except Exception as exc:  # noqa: BLE001 - a bug on the wire: the parent stops us
            send("? " + _clean(describe_exception(exc), _MESSAGE_LIMIT))
            return
        try:
            if op == _DECIDE:
                action = policy.decide(observation)
                if isinstance(action, Action):
                    text = f"a {action}"
                else:
                    text = f"x {shown(action)}"
            elif op == _STARTED:
                policy.hand_started(observation)  # type: ignore[attr-defined]
                text = "ok"
            else:
                policy.hand_ended(observation, results)  # type: ignore[attr-defined]
                text = "ok"
        except Exception as exc:  # noqa: BLE001 - the bot's fault, reported
            text = "! " + describe_exception(exc)
        send(f"{seq} {_clean(text, _MESSAGE_LIMIT)}")


# -- this side ---------------------------------------------------------------


def _start(process: Any) -> None:
    """Start ``process`` without making the child import the ``__main__`` script.

    multiprocessing's ``spawn`` and ``forkserver`` methods re-run the main
    script in every child, which breaks any script without an
    ``if __name__ == "__main__":`` guard; a policy never needs it (a factory
    defined there cannot be imported by the child and is refused when it is
    pickled).
    """
    main = sys.modules.get("__main__")
    sys.modules["__main__"] = types.ModuleType("__main__")
    try:
        process.start()
    finally:
        if main is not None:
            sys.modules["__main__"] = main


def _reap(process: Any, conn: Any, grace: float) -> None:
    """Close the pipe, give the child ``grace`` seconds to end, then kill it."""
    try:
        conn.close()
    except OSError:  # pragma: no cover - already closed
        pass
    process.join(grace)
    if process.is_alive():
        process.kill()
        process.join(_CLOSE_GRACE_SECONDS)


class IsolatedPolicy:
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
    ) -> None:
        self.decision_timeout = timeout_arg("decision_timeout", decision_timeout)
        limit = timeout_arg("start_timeout", start_timeout)
        self._start_timeout = limit if limit is not None else START_TIMEOUT_SECONDS
        self.name: str = name if isinstance(name, str) else _spec_name(spec)
        self._ready = False
        self._dead: str | None = None
        self._hooks = (False, False)
        self._seq = 0
        self._late: int | None = None
        self._bad = 0
        self._sent: tuple[Any, ...] = ()
        context = _context()
        conn, child_end = context.Pipe(duplex=True)
        process = context.Process(  # type: ignore[attr-defined]
            target=_serve, args=(child_end, spec, seed), daemon=True, name=PROCESS_NAME
        )
        try:
            _start(process)
        except Exception as exc:  # unpicklable spec, a daemonic parent ...
            conn.close()
            raise PolicyError(
                f"policy {shown(self.name)} cannot be started in its own process "
                f"(a factory must be defined at module level in an importable module, not in the script being run, and an object must pickle): "
                f"{describe_exception(exc)}"
            ) from exc
        finally:
            child_end.close()
        self._conn: Connection = conn
        self._process: Any = process
        self._finalizer = weakref.finalize(self, _reap, process, conn, _CLOSE_GRACE_SECONDS)

    # -- queries ---------------------------------------------------------

    @property
    def is_alive(self) -> bool:
        """The child still plays (it has not died, been stopped or closed)."""
        return self._dead is None and self._finalizer.alive

    @property
    def dead_reason(self) -> str | None:
        """Why the default action plays for this policy now, or ``None``."""
        return self._dead

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
        if self._ready:
            return
        if self._dead is not None:
            raise PolicyError(f"policy {shown(self.name)}: {self._dead}")
        try:
            text = self._receive(self._start_timeout)
        except PolicyDied as exc:
            raise PolicyError(f"policy {shown(self.name)} failed to start: {exc}") from exc
        if text is None:
            self._stop(f"did not start within {self._start_timeout:g} s")
            raise PolicyError(f"policy {shown(self.name)} {self._dead}")
        if text.startswith("ready "):
            parts = text.split(" ", 2)
            flags = parts[1] if len(parts) > 1 else ""
            self._hooks = (flags[:1] == "1", flags[1:2] == "1")
            self._ready = True
            return
        detail = text[2:] if text.startswith("! ") else f"it answered {shown(text)}"
        self._stop(f"could not be created in its process: {detail}")
        raise PolicyError(f"policy {shown(self.name)} {self._dead}")

    def close(self) -> None:
        """End the child (it gets end-of-file, then is killed if it lingers).

        Idempotent; later requests play the default action.
        """
        if self._dead is None:
            self._dead = "closed"
        self._finalizer()

    def __enter__(self) -> IsolatedPolicy:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

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
                :class:`~pokerkit_core.observation.Observation`.
        """
        if self._dead is not None:
            return _default(observation)
        body = self._request(_DECIDE, observation, None)
        if body.startswith("a "):
            action = _PARSED.get(body)
            if action is None:
                try:
                    action = Action.parse(body[2:])
                except PokerError:
                    raise self._bad_reply(body) from None
                if len(_PARSED) < _PARSED_LIMIT:
                    _PARSED[body] = action
            self._bad = 0
            return action
        if body.startswith("x "):
            self._bad = 0
            raise IsolatedPolicyError(f"decide returned {body[2:]}, not an Action")
        raise self._failure(body)

    def hand_started(self, observation: Observation) -> None:
        """Forward the hook if the child's policy has it (see :meth:`decide`).

        Args:
            observation: The seat's view after the deal.

        Raises:
            DecisionTimeout, PolicyDied, IsolatedPolicyError, PolicyError: As
                for :meth:`decide`.
        """
        self._hook(_STARTED, 0, observation, None)

    def hand_ended(self, observation: Observation, results: Sequence[object]) -> None:
        """Forward the hook if the child's policy has it (see :meth:`decide`).

        Args:
            observation: The seat's view at the end of the hand.
            results: Net chips per seat, seat 0 first.

        Raises:
            DecisionTimeout, PolicyDied, IsolatedPolicyError, PolicyError: As
                for :meth:`decide`.
        """
        self._hook(_ENDED, 1, observation, tuple(results))

    # -- internals -------------------------------------------------------

    def _hook(self, op: int, index: int, observation: Observation, extra: object) -> None:
        if self._dead is not None:
            return
        self.wait_ready()
        if not self._hooks[index]:
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
        self._dead = reason
        self._finalizer.detach()
        _reap(self._process, self._conn, 0.0)
        return PolicyDied(
            f"policy {shown(self.name)} {reason}; the default action plays for it from now on"
        )

    def _receive(self, timeout: float | None) -> str | None:
        """One reply as text, or ``None`` after ``timeout`` seconds."""
        conn = self._conn
        try:
            if timeout is not None and not conn.poll(timeout):
                return None
            data = conn.recv_bytes(MAX_REPLY_BYTES)
        except EOFError:
            self._process.join(_CLOSE_GRACE_SECONDS)
            code = self._process.exitcode
            raise self._stop("ended" if code is None else f"ended (exit code {code})") from None
        except OSError as exc:  # too long a reply: the stream cannot be trusted
            raise self._stop(f"broke the wire protocol ({describe_exception(exc)})") from None
        return _clean(data.decode("utf-8", "replace"), MAX_REPLY_BYTES)

    def _request(self, op: int, observation: Observation, extra: object) -> str:
        """Send one request and return the body of its reply."""
        self.wait_ready()
        limit = self.decision_timeout
        if self._late is not None:
            self._drain(limit)
        if observation.__class__ is not Observation:
            raise InvalidConfigError(f"expected an Observation, got {shown(observation)}")
        self._seq += 1
        seq = self._seq
        history = observation.history
        sent = self._sent
        start = len(sent)
        if not (start <= len(history) and all(map(operator.is_, sent, history))):
            start = 0
        payload = _dumps(
            (seq, op, start, _encode_events(history[start:]), _encode_fields(observation), extra)
        )
        try:
            self._conn.send_bytes(payload)
        except OSError:
            raise self._stop("ended (its pipe is closed)") from None
        self._sent = history
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
    return Check if legal is not None and legal.can_check else Fold


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
