"""Policy processes kept for the next chunk of a match.

Starting a policy's process costs about a tenth of a second; an isolated match
plays its hands in chunks, and used to start a new pair of processes for each.
A :class:`ProcessPool` keeps the pair of a finished chunk and gives it to the
next chunk of the same pass, after :func:`restart` has made each child build a
fresh policy instance with that chunk's seed and forget every hand it holds,
so the result for a seed does not change.

What a kept process cannot promise: module-level state of the policy's own
code (a global it writes) survives the restart, as it would in one process
playing the whole match.  Within one pass that tells a bot nothing about its
opponent's cards (each deal is played once per pass); the processes of the
mirrored pass of a duplicate match are never those of the first pass, so a
bot cannot carry its own cards from one pass to the other (the ACPC restarts
its bots between the passes).  A child that died, timed out past its second
limit or failed its restart is closed, and the chunk gets a new one.

References:
    Annual Computer Poker Competition rules (bots restarted for each
    duplicate pass).
"""

from __future__ import annotations

import threading
from typing import Sequence

from . import compact
from .errors import PolicyError, shown
from .isolation import _RESTART, IsolatedPolicy, IsolatedSpec, close_all

__all__ = ["ProcessPool", "restart"]


def restart(policy: IsolatedPolicy, seed: int | None) -> None:
    """Make ``policy``'s child build a fresh instance of its policy with
    ``seed`` and drop every hand and view it holds (a new chunk).

    Args:
        policy: A proxy whose child is alive.
        seed: The new instance's seed (as ``IsolatedPolicy(seed=...)``).

    Raises:
        PolicyError: The child is dead, still owes a reply it does not send
            within ``decision_timeout``, or cannot build the instance within
            ``start_timeout`` (the child is then stopped).
    """
    if policy._dead is not None:
        raise PolicyError(f"policy {shown(policy.name)}: {policy._dead}")
    policy.wait_ready()
    if policy._late is not None:
        policy._drain(policy.decision_timeout)  # PolicyDied: a PolicyError
    policy._seq += 1
    seq = policy._seq
    try:
        policy._send(compact.dumps((seq, _RESTART, 0, (), None, (), seed), plain=True))
    except OSError:
        raise policy._stop("ended (its pipe is closed)") from None
    policy._sent, policy._static = (), ()
    policy._static_of = (None, None, None, None)
    policy._bad = 0
    text = policy._receive(policy._start_timeout)
    if text is None:
        raise policy._stop(f"did not restart within {policy._start_timeout:g} s")
    body = policy._body(text, seq)
    if not body.startswith("ready "):
        detail = body[2:] if body.startswith("! ") else f"it answered {shown(body)}"
        raise policy._stop(f"could not be created again in its process: {detail}")
    flags = body.split(" ", 2)[1]
    policy._hooks = (flags[:1] == "1", flags[1:2] == "1")


class ProcessPool:
    """Pairs of policy processes kept between the chunks of one match, one
    list per pass (a pair is only ever given to the pass it first played).

    Thread-safe: chunks played at once take and give back pairs from their
    own threads.  Close the pool when the match ends.

    Args:
        specs: The two players' specs (as ``IsolatedPolicy(spec, ...)``).
        names: Their display names.
        entries: Their registry entries (``module:attribute``) or ``None``.
        decision_timeout: Time limit of each request, seconds, or ``None``.
    """

    def __init__(
        self,
        specs: Sequence[IsolatedSpec],
        names: Sequence[str],
        entries: Sequence[str | None],
        decision_timeout: float | None,
    ) -> None:
        self._args = tuple(zip(specs, names, entries))
        self._timeout = decision_timeout
        self._free: dict[int, list[tuple[IsolatedPolicy, IsolatedPolicy]]] = {}
        self._lock = threading.Lock()
        self._closed = False

    def _make(self, seeds: tuple[int, int]) -> tuple[IsolatedPolicy, IsolatedPolicy]:
        """A new pair (started; the caller waits for it to be ready)."""
        made: list[IsolatedPolicy] = []
        try:
            for (spec, name, entry), seed in zip(self._args, seeds):
                made.append(IsolatedPolicy(
                    spec, seed=seed, decision_timeout=self._timeout, name=name, entry=entry
                ))
        except BaseException:
            close_all(made)
            raise
        return made[0], made[1]

    def take(self, play: int, seeds: tuple[int, int]) -> tuple[IsolatedPolicy, IsolatedPolicy]:
        """A pair for pass ``play`` whose policies are fresh instances built
        with ``seeds``: a kept pair restarted, else a new one (started: wait
        for it with :meth:`IsolatedPolicy.wait_ready`).

        Raises:
            PolicyError: A new pair cannot be started (as
                :class:`~pokerkit_core.isolation.IsolatedPolicy`).
        """
        with self._lock:
            free = self._free.get(play)
            pair = free.pop() if free else None
        if pair is not None:
            try:
                for policy, seed in zip(pair, seeds):
                    restart(policy, seed)
                return pair
            except PolicyError:
                close_all(pair)
        return self._make(seeds)

    def give_back(self, play: int, pair: tuple[IsolatedPolicy, IsolatedPolicy]) -> None:
        """Keep ``pair`` for the next chunk of pass ``play`` (closed instead
        if a child is dead or the pool is closed)."""
        with self._lock:
            if not self._closed and all(policy.is_alive for policy in pair):
                self._free.setdefault(play, []).append(pair)
                return
        close_all(pair)

    def close(self) -> None:
        """End every kept child (idempotent)."""
        with self._lock:
            self._closed = True
            kept = [policy for pairs in self._free.values() for pair in pairs for policy in pair]
            self._free.clear()
        close_all(kept)
