"""Heads-up matches between two policies, with results in mbb/hand.

:func:`run_match` plays two policies against each other, by default in the ACPC
heads-up no-limit format (docs/rules.rst section 4: blinds 50/100, both stacks reset
to 20,000 chips every hand, the button alternating every hand, no rake), and
reports each player's result in milli-big-blinds per hand (mbb/hand) with a
95% confidence interval.

Duplicate mode plays every deal twice, the second time with the players in
swapped seats and the very same cards (the same deck is passed to
:func:`~pokerkit_core.engine.state.deal`), which cancels most of the luck of the
cards.  The mirrored pass is played by fresh policies (their own objects, and
with ``isolate`` their own processes), as the ACPC restarts its bots, so that
nothing a policy saw of a deal carries over into its replay.  The confidence interval is then computed over deals (the mean of the
two mirrored hands), which are independent, rather than over hands.

The hands are split into chunks of a fixed number of deals.  Each chunk
derives its policies' seeds and its decks from the match seed, each by its
own one-way function (:func:`~pokerkit_core.match.chunks.chunk_setup`), and
creates fresh policies.  So one seed gives the same result whether the chunks run one after the other, in
``workers`` local processes (:class:`concurrent.futures.ProcessPoolExecutor`)
or on a Dask cluster (``scheduler``; install the optional extra
``pokerkit_core[distributed]``).  Without a seed a fresh one is drawn from the
operating system (:func:`~pokerkit_core.seeding.fresh_seed`, 128 bits) and
reported in :attr:`MatchResult.seed`: a policy can then neither guess the
match seed nor work it back from its own seed, and the run can be replayed.

A policy that raises an exception or returns an illegal action is recorded in
:attr:`MatchResult.errors`; it then checks if checking is free and folds
otherwise, and the match goes on.  With ``isolate=True`` each policy runs in
its own process (:mod:`pokerkit_core.players.isolation`), with an optional time limit
per decision.

Example:
    >>> result = run_match(["call", "raise"], hands=20, seed=1)
    >>> result.hands, [p.name for p in result.players]
    (20, ['call', 'raise'])

References:
    docs/rules.rst section 4 (ACPC heads-up format, mbb/hand); Annual Computer Poker
    Competition rules (duplicate matches).
"""

from __future__ import annotations

import dataclasses
import importlib
import math
import pickle
import statistics
from dataclasses import dataclass
from typing import Any, Callable, Iterator, Literal, Sequence

from ..evaluation.cards import Card
from ..players.driver import HandDriver, PolicyFault
from ..errors import InvalidConfigError, PolicyError, install_hint, shown
from ..players.isolation import isolation_args
from .chunks import (
    MAX_RECORDED_ERRORS,
    Chunk,
    ChunkResult,
    PairFactory,
    PlayerSpec,
    run_chunk,
)
from .lanes import MAX_CHUNKS_AT_ONCE, can_play_lanes, play_lanes
from ..engine.policy import Policy, PolicyFactory, available_policies, policy_factory
from ..progress import REPORT_SECONDS, WorkerProgress, progress_bar, worker_counter
from ..engine.rules import GameConfig
from ..seeding import fresh_seed, warn_if_guessable
from ..engine.state import HandState, deal

__all__ = [
    "DEFAULT_CHUNK_DEALS",
    "ISOLATED_CHUNKS_AT_ONCE",
    "MAX_RECORDED_ERRORS",
    "MatchFault",
    "MatchResult",
    "PASSES",
    "PairFactory",
    "PlayerResult",
    "PlayerSpec",
    "run_match",
    "play_hand",
]

DEFAULT_CHUNK_DEALS = 500
"""Deals per chunk of work (part of what a seed determines)."""

ISOLATED_CHUNKS_AT_ONCE = 16
"""With ``isolate``, chunks played at once by default (by each worker)
(``run_match``'s ``chunks_at_once``; :mod:`pokerkit_core.match.lanes`)."""

PASSES = ("sequential", "concurrent")
"""The values of ``run_match``'s ``passes`` (with ``isolate``, how the two
passes of a duplicate match share time; the first is the default)."""

_Z95 = statistics.NormalDist().inv_cdf(0.975)


MatchFault = PolicyFault
"""A match's fault record: the one :class:`~pokerkit_core.players.driver.PolicyFault`
of every runner, with ``player`` and ``name`` set (``hand`` is its 0-based
``hand_number`` in the match)."""


@dataclass(frozen=True, slots=True)
class PlayerResult:
    """One player's result over a match.

    Attributes:
        name: The player's name.
        mbb_per_hand: Mean result, milli-big-blinds per hand.
        ci95: 95% confidence interval of ``mbb_per_hand`` (normal
            approximation over independent units: hands, or deals in
            duplicate mode); ``(mean, mean)`` with fewer than two units.
        chips: Net chips won (+) or lost (-) over the match.
        errors: Number of faults of this player (also those not kept).
    """

    name: str
    mbb_per_hand: float
    ci95: tuple[float, float]
    chips: int
    errors: int

    def to_dict(self) -> dict[str, Any]:
        """The result as a JSON-ready dict.

        Returns:
            A dict with keys ``name`` (str), ``mbb_per_hand`` (float,
            milli-big-blinds per hand), ``ci95`` (``[low, high]``, two
            floats in mbb/hand), ``chips`` (int, net chips) and ``errors``
            (int, the fault count).
        """
        return {
            "name": self.name,
            "mbb_per_hand": self.mbb_per_hand,
            "ci95": [self.ci95[0], self.ci95[1]],
            "chips": self.chips,
            "errors": self.errors,
        }


@dataclass(frozen=True, slots=True)
class MatchResult:
    """The outcome of :func:`run_match`.

    Attributes:
        hands: Hands played (twice the deals in duplicate mode).
        deals: Distinct deals of cards.
        duplicate: Whether each deal was played twice with seats swapped.
        seed: The match seed (the one given, or the one drawn when none
            was): the same seed replays the same match.
        players: One result per player, in the order given.
        errors: Faults of the policies, in hand order (at most
            :data:`MAX_RECORDED_ERRORS`).
        hand_states: Final state of every hand in order, when ``keep_hands``
            was set; otherwise empty.
        seats: For each kept hand, the player index in each seat (seat 0
            first); empty unless ``keep_hands``.
    """

    hands: int
    deals: int
    duplicate: bool
    seed: int
    players: tuple[PlayerResult, ...]
    errors: tuple[MatchFault, ...]
    hand_states: tuple[HandState, ...] = dataclasses.field(default=(), repr=False)
    seats: tuple[tuple[int, ...], ...] = dataclasses.field(default=(), repr=False)

    def to_dict(self) -> dict[str, Any]:
        """The JSON form of the result (without the kept hands).

        Returns:
            A dict with keys ``hands`` (int), ``deals`` (int),
            ``duplicate`` (bool), ``seed`` (int), ``players`` (a list of
            one :meth:`PlayerResult.to_dict` per player, in the order
            given) and ``errors`` (a list of one :meth:`~pokerkit_core.players.driver.PolicyFault.to_dict`
            per kept fault, in hand order).  :attr:`hand_states` and
            :attr:`seats` are left out.
        """
        return {
            "hands": self.hands,
            "deals": self.deals,
            "duplicate": self.duplicate,
            "seed": self.seed,
            "players": [p.to_dict() for p in self.players],
            "errors": [e.to_dict() for e in self.errors],
        }


def play_hand(
    config: GameConfig,
    policies: Sequence[Policy],
    *,
    deck: Sequence[Card] | None = None,
    seed: int | None = None,
    on_fault: Callable[[int, str, str], None] | None = None,
    hand_number: int | None = None,
) -> HandState:
    """Play one hand between policies, one per seat.

    The hand is played by the one hand driver
    (:class:`~pokerkit_core.players.driver.HandDriver`): each policy's optional
    ``hand_started`` and ``hand_ended`` hooks are called with its seat's
    observation; a policy that raises or returns an illegal action checks if
    checking is free and folds otherwise
    (:func:`~pokerkit_core.players.driver.default_action`); ``on_fault`` is told
    ``(seat, message, substitute)``, as it is for a failing hook (substitute
    ``""``), with the driver's fault texts.

    Args:
        config: The game; one policy per seat of ``config.stacks``.
        policies: The policies, seat 0 first.
        deck: Optional deck order for :func:`~pokerkit_core.engine.state.deal`.
        seed: Optional shuffle seed for :func:`~pokerkit_core.engine.state.deal`.
        on_fault: Optional callback for faults.
        hand_number: Optional number stamped on the observations.

    Returns:
        The final state of the hand (``is_over`` true).

    Raises:
        InvalidConfigError: The number of policies differs from the seats.
        PolicyError: An entry is not a policy (or is ``None`` at a seat that
            must act).
        StopSession: A policy stopped play
            (:class:`~pokerkit_core.players.driver.StopSession`).
    """
    if len(policies) != len(config.stacks):
        raise InvalidConfigError(
            f"{len(policies)} policies for {len(config.stacks)} seats"
        )
    sink = None
    if on_fault is not None:
        report = on_fault
        sink = lambda fault: report(fault.seat, fault.message, fault.substitute)  # noqa: E731
    return _play(config, policies, deck, seed, sink, hand_number)


def _play(
    config: GameConfig,
    policies: Sequence[Policy],
    deck: Sequence[Card] | None,
    seed: int | None,
    on_fault: Callable[[PolicyFault], None] | None,
    hand_number: int | None,
) -> HandState:
    """Deal and play one hand through the hand driver (faults to ``on_fault``)."""
    state = deal(config, deck=deck, seed=seed) if deck is not None else deal(config, seed=seed)
    return HandDriver(state, policies, hand_number=hand_number, on_fault=on_fault).play()


def _name_of(spec: PlayerSpec) -> str:
    if isinstance(spec, str):
        return spec
    name = getattr(spec, "name", None)
    if isinstance(name, str):
        return name
    return getattr(spec, "__name__", repr(spec))


def _chunks(
    players: tuple[PlayerSpec, PlayerSpec],
    names: tuple[str, str],
    deals: int,
    seed: int,
    duplicate: bool,
    config: GameConfig | None,
    chunk_deals: int,
    keep_hands: bool,
    isolate: bool = False,
    decision_timeout: float | None = None,
    pair: PairFactory | None = None,
) -> list[Chunk]:
    return [
        Chunk(
            index=i,
            first_deal=first,
            deals=min(chunk_deals, deals - first),
            seed=seed,
            duplicate=duplicate,
            players=players,
            names=names,
            config=config,
            keep_hands=keep_hands,
            isolate=isolate,
            decision_timeout=decision_timeout,
            pair=pair,
        )
        for i, first in enumerate(range(0, deals, chunk_deals))
    ]


def _execute(
    chunks: list[Chunk],
    workers: int,
    scheduler: str | None,
    on_deal: Callable[[int], None] | None = None,
    at_once: int = ISOLATED_CHUNKS_AT_ONCE,
) -> Iterator[ChunkResult]:
    """Yield chunk results as they finish (any order); ``on_deal`` follows
    the deals of chunks played here or in worker processes (these count
    their hands into a queue read here, :mod:`pokerkit_core.progress`)."""
    if scheduler is not None:
        try:
            distributed: Any = importlib.import_module("distributed")
        except ImportError as exc:
            raise PolicyError(
                f"a Dask scheduler needs the optional extra: {install_hint('distributed')}"
            ) from exc
        client: Any = distributed.Client(scheduler)
        try:
            futures = client.map(run_chunk, chunks, pure=False)
            for future in distributed.as_completed(futures):
                yield future.result()
        finally:
            client.close()
        return
    lanes = bool(chunks) and chunks[0].isolate and can_play_lanes()
    if workers > 1 and len(chunks) > 1:
        import multiprocessing  # here: slow to import
        from concurrent.futures import ProcessPoolExecutor

        count = min(workers, len(chunks))
        context = multiprocessing.get_context()
        reports = None if on_deal is None else WorkerProgress(on_deal, context)
        reporting = {} if reports is None else reports.pool_arguments()
        try:
            with ProcessPoolExecutor(max_workers=count, mp_context=context, **reporting) as processes:
                if not lanes:
                    futures = [processes.submit(_run_one, chunk) for chunk in chunks]
                else:
                    # groups of chunks (at least one per worker), each played by a
                    # worker through lanes of its own: the pool balances them, and
                    # results come a group at a time (progress: hand by hand)
                    size = min(at_once, -(-len(chunks) // count))
                    futures = [
                        processes.submit(_play_group, chunks[start : start + size], at_once)
                        for start in range(0, len(chunks), size)
                    ]
                try:
                    yield from _finished(futures, reports)
                except BaseException:  # (a policy cannot be built): no group starts after it
                    processes.shutdown(wait=False, cancel_futures=True)
                    raise
            if reports is not None:
                reports.finish(sum(chunk.deals * chunk.passes for chunk in chunks))
        finally:
            if reports is not None:
                reports.close()
        return
    if lanes:
        yield from play_lanes(chunks, at_once, on_deal)
        return
    yield from (run_chunk(chunk, on_deal) for chunk in chunks)


def _finished(futures: list[Any], reports: WorkerProgress | None) -> Iterator[ChunkResult]:
    """The chunk results of the workers' ``futures`` as they finish, their
    hand counts passed on meanwhile."""
    from concurrent.futures import FIRST_COMPLETED, wait

    pending = set(futures)
    poll = None if reports is None else REPORT_SECONDS
    while pending:
        done, pending = wait(pending, timeout=poll, return_when=FIRST_COMPLETED)
        if reports is not None:
            reports.drain()
        for future in done:
            yield from future.result()


def _run_one(chunk: Chunk) -> list[ChunkResult]:
    """One chunk, played in a worker process (its hands counted for the parent)."""
    counter = worker_counter()
    if counter is not None:
        counter.begin(chunk.deals * chunk.passes)
    result = run_chunk(chunk, counter)
    if counter is not None:
        counter.flush()
    return [result]


def _play_group(chunks: list[Chunk], at_once: int) -> list[ChunkResult]:
    """A group of an isolated match's chunks, played together in a worker
    process through lanes (:func:`~pokerkit_core.match.lanes.play_lanes`),
    their hands counted for the parent."""
    counter = worker_counter()
    if counter is not None:
        counter.begin(sum(chunk.deals * chunk.passes for chunk in chunks))
    results = list(play_lanes(chunks, at_once, counter))
    if counter is not None:
        counter.flush()
    return results


def _summary(values: Sequence[float]) -> tuple[float, tuple[float, float]]:
    if not values:
        return 0.0, (0.0, 0.0)
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, (mean, mean)
    half = _Z95 * statistics.stdev(values, mean) / math.sqrt(len(values))
    return mean, (mean - half, mean + half)


def run_match(
    players: Sequence[PlayerSpec],
    *,
    hands: int = 1000,
    seed: int | None = None,
    duplicate: bool = False,
    workers: int = 1,
    scheduler: str | None = None,
    config: GameConfig | None = None,
    names: Sequence[str] | None = None,
    chunk_deals: int = DEFAULT_CHUNK_DEALS,
    keep_hands: bool = False,
    progress: bool | str | None = None,
    isolate: bool = False,
    decision_timeout: float | None = None,
    pair: PairFactory | None = None,
    chunks_at_once: int | None = None,
    passes: Literal["sequential", "concurrent"] | None = None,
) -> MatchResult:
    """Play a heads-up match between two policies.

    Args:
        players: Two policies: registered names (``"hard"``) or factories
            called as ``factory(seed=seed)``.  The same name may appear twice.
        hands: Hands to play; in duplicate mode an even number (each deal is
            played twice).
        seed: Match seed, an int of any size: the same seed gives the same
            result whatever ``workers`` or ``scheduler``.  ``None``: a fresh
            128-bit seed from the operating system, reported in
            :attr:`MatchResult.seed`.  With ``isolate``, an explicit seed
            a bot could guess (below ``2**64`` in size) warns
            (:class:`~pokerkit_core.errors.SeedWarning`): keep it secret
            until the match is over.
        duplicate: Play each deal twice, seats swapped, same cards.
        workers: Local worker processes (1: run in this process).
        scheduler: Address of a Dask scheduler (``"tcp://host:8786"``); the
            chunks then run on that cluster and ``workers`` is ignored.
        config: Two-seat game for button 0 (the button alternates; stacks are
            as given at every hand).  Default: ACPC heads-up no-limit,
            :meth:`GameConfig.acpc_heads_up`.
        names: Display names (default: the policy names); suffixes ``#1``,
            ``#2`` are added when both names are equal.
        chunk_deals: Deals per chunk; part of what the seed determines (the
            policies' seeds are drawn per chunk; the decks are not).
        keep_hands: Keep every hand's final state in
            :attr:`MatchResult.hand_states` (memory: a few KB a hand).
        progress: ``True``: a tqdm progress bar on standard error;
            ``"lines"`` (:data:`pokerkit_core.progress.LINES`): plain lines
            on standard error, one per tenth of the hands (and at least
            every 30 s), for a log or pipe; ``False``: nothing; ``None``: a
            bar when standard error is a terminal, else nothing.  It moves
            hand by hand, also with worker processes.
        isolate: Run each policy in its own process
            (:class:`~pokerkit_core.players.isolation.IsolatedPolicy`), where it
            receives only its observations; the result for a seed is the
            same as in this process for policies that depend only on their
            seed and observations.  Each player of each pass has one process,
            which holds a fresh instance per chunk built with that chunk's
            seed (never shared with the other pass of a duplicate match;
            :mod:`pokerkit_core.match.lanes`).
        decision_timeout: With ``isolate``: time limit of each decision (and
            hook), seconds.  Over it, the fault is recorded and the default
            action (check if legal, else fold) is played; a policy that
            dies is replaced by the default action for the rest of its
            chunk of the match.  ``None``: no limit.
        pair: Make both players of each pass together, as
            ``pair(seed0, seed1)`` (a :data:`PairFactory`), instead of
            one by one from ``players`` (which then only name them and
            are checked as usual).  Not with ``isolate``.
        chunks_at_once: With ``isolate``: chunks played at once (1 to
            :data:`~pokerkit_core.match.lanes.MAX_CHUNKS_AT_ONCE`) by this
            process, or by a worker process for each group of as many (or
            fewer: a group for each worker at least), which
            sends each policy process the questions of all of them
            together, so that it and the policies' processes overlap on the
            cores (the result is the same: each chunk is seeded).  ``None``:
            :data:`ISOLATED_CHUNKS_AT_ONCE`; ``1``: one after the other.
            With a Dask ``scheduler``, or where :func:`select.poll` is
            missing (Windows), the chunks are played
            one at a time, each with processes of its own.
        passes: With ``isolate`` in duplicate mode: ``"sequential"`` (the
            default with ``isolate``) plays the first pass of every chunk
            (of this process's chunks, or of a worker's group) and ends its
            processes, and every process they started, before any process
            of the mirrored pass starts, so that no two processes playing
            the same deals are ever alive together; ``"concurrent"`` plays
            both passes at once (faster on idle cores; a pair of processes
            of the two passes can then talk while they play).  Each
            policy process has its own empty working and temporary
            directory either way (:mod:`pokerkit_core.players.isolation_procs`).
            ``None``: ``"sequential"`` with ``isolate``.

    Returns:
        A :class:`MatchResult`; results in mbb/hand use ``config.big_blind``.

    Warns:
        SeedWarning: ``isolate`` with an explicit seed whose size is below
            ``2**64`` (:data:`~pokerkit_core.seeding.GUESSABLE_SEED_BOUND`).

    Raises:
        InvalidConfigError: ``seed`` not an int or ``None`` (bools refused),
            ``progress`` not one of its values, not two players, ``hands`` < 1 (or odd in
            duplicate mode), ``workers`` or ``chunk_deals`` < 1, a config
            that is not for two seats, ``isolate`` not a bool, or a
            ``decision_timeout`` that is not a positive number of seconds
            up to 1,000,000 (``checks.MAX_TIMEOUT``) or is given
            without ``isolate`` (a policy in this process cannot be
            interrupted), or ``chunks_at_once`` that is not an int from 1
            to :data:`~pokerkit_core.match.lanes.MAX_CHUNKS_AT_ONCE` or is
            given without ``isolate`` (chunks in this process would only
            take turns on it: use ``workers``), or ``passes`` that is not
            ``"sequential"``, ``"concurrent"`` or ``None``, or is given
            without ``isolate``.
        PolicyError: A policy name is not registered or its factory fails, a
            factory cannot be pickled for ``workers`` > 1, ``scheduler`` or
            ``isolate``, ``pair`` cannot be pickled for ``workers`` > 1 or
            ``scheduler``, an isolated policy cannot be started, or
            ``scheduler`` is given without ``dask.distributed`` installed.
        OSError: The Dask scheduler at ``scheduler`` cannot be reached (a
            connection refused or timed out; :class:`TimeoutError` is an
            ``OSError``).
        ValueError: ``scheduler`` is not a valid Dask address (no port,
            unknown scheme), raised by ``dask.distributed``.
        concurrent.futures.process.BrokenProcessPool: A worker process
            died abruptly (``workers`` > 1).

    References:
        docs/rules.rst section 4.
    """
    if len(players) != 2:
        raise InvalidConfigError(f"a match needs exactly two players, got {len(players)}")
    if not isinstance(hands, int) or hands < 1:
        raise InvalidConfigError(f"hands must be a positive int, got {shown(hands)}")
    if duplicate and hands % 2:
        raise InvalidConfigError(f"duplicate mode needs an even number of hands, got {hands}")
    if workers < 1 or chunk_deals < 1:
        raise InvalidConfigError("workers and chunk_deals must be at least 1")
    if config is not None and len(config.stacks) != 2:
        raise InvalidConfigError(f"a match is heads-up; config has {len(config.stacks)} seats")
    decision_timeout = isolation_args(isolate, decision_timeout)
    if seed is None:
        seed = fresh_seed()
    elif seed.__class__ is not int:
        raise InvalidConfigError(f"seed must be an int or None, got {shown(seed)}")
    elif isolate:
        warn_if_guessable(seed, "match")
    if chunks_at_once is not None:
        if chunks_at_once.__class__ is not int or not 1 <= chunks_at_once <= MAX_CHUNKS_AT_ONCE:
            raise InvalidConfigError(
                f"chunks_at_once must be an int from 1 to {MAX_CHUNKS_AT_ONCE} or None, "
                f"got {shown(chunks_at_once)}"
            )
        if not isolate:
            raise InvalidConfigError(
                "chunks_at_once needs isolate=True (chunks in this process would only take "
                "turns on it: use workers)"
            )
    at_once = ISOLATED_CHUNKS_AT_ONCE if chunks_at_once is None else chunks_at_once
    if passes is not None:
        if passes not in PASSES:
            raise InvalidConfigError(
                f"passes must be 'sequential', 'concurrent' or None, got {shown(passes)}"
            )
        if not isolate:
            raise InvalidConfigError(
                "passes needs isolate=True (policies in this process play a chunk's passes "
                "one after the other already)"
            )
    sequential = isolate and passes != "concurrent"
    if pair is not None and isolate:
        raise InvalidConfigError("pair makes the policies in this process: not with isolate")
    if pair is not None and (workers > 1 or scheduler is not None):
        try:
            pickle.dumps(pair)
        except Exception as exc:
            raise PolicyError(
                f"pair {shown(pair)} cannot be sent to worker processes: {exc}"
            ) from exc
    specs = (players[0], players[1])
    found: list[PolicyFactory | None] = []  # registered factories, read once a match
    entries: list[str | None] = []  # with isolate: their module:attribute
    registered: dict[str, str] | None = None  # the registry, read once (~20 ms)
    for spec in specs:  # fail early, in this process, on unknown names
        found.append(None)
        entries.append(None)
        if isinstance(spec, str) and isolate:  # never import an isolated bot's code here
            if registered is None:
                registered = available_policies()
            entries[-1] = registered.get(spec)
            if entries[-1] is None:
                policy_factory(spec)  # raises the registry's own error
        elif isinstance(spec, str):
            found[-1] = policy_factory(spec)
        elif workers > 1 or scheduler is not None or isolate:
            try:
                pickle.dumps(spec)
            except Exception as exc:
                raise PolicyError(
                    f"policy factory {shown(spec)} cannot be sent to worker processes "
                    f"(define it at module level in an importable module): {exc}"
                ) from exc
    if names is None:
        base = (_name_of(specs[0]), _name_of(specs[1]))
    else:
        if len(names) != 2:
            raise InvalidConfigError(f"need two names, got {len(names)}")
        base = (str(names[0]), str(names[1]))
    if base[0] == base[1]:
        base = (f"{base[0]}#1", f"{base[1]}#2")
    big_blind = config.big_blind if config is not None else GameConfig.acpc_heads_up().big_blind
    deals = hands // 2 if duplicate else hands
    chunks = _chunks(
        specs, base, deals, seed, duplicate, config, chunk_deals, keep_hands,
        isolate, decision_timeout, pair,
    )
    if workers <= 1 and scheduler is None:  # chunks created here: no lookup per chunk
        factories = (found[0], found[1])
        chunks = [dataclasses.replace(chunk, factories=factories) for chunk in chunks]
    if isolate:
        chunks = [dataclasses.replace(chunk, entries=(entries[0], entries[1]), sequential_passes=sequential)
                  for chunk in chunks]
    bar: Any = progress_bar(progress, hands, f"{base[0]} vs {base[1]}")
    results: dict[int, ChunkResult] = {}
    local = scheduler is None  # the bar moves hand by hand (worker processes count into a queue)
    counted = 0

    def on_deal(hands_dealt: int) -> None:
        nonlocal counted
        counted += hands_dealt
        bar.update(hands_dealt)

    try:
        for result in _execute(
            chunks, workers, scheduler, on_deal if bar is not None else None, at_once
        ):
            results[result.index] = result
            if bar is not None and not local:  # chunks from a Dask cluster: a chunk at a time
                on_deal(len(result.units) * (2 if duplicate else 1))
        if bar is not None and counted < hands:  # a worker's last count still on its way
            on_deal(hands - counted)
    finally:
        if bar is not None:
            bar.close()
    ordered = [results[i] for i in range(len(chunks))]
    units = [unit for r in ordered for unit in r.units]
    per_unit_hands = 2 if duplicate else 1
    scale = 1000 / (big_blind * per_unit_hands)
    player_results = []
    for player in (0, 1):
        values = [unit[player] * scale for unit in units]
        mean, ci = _summary(values)
        player_results.append(
            PlayerResult(
                name=base[player],
                mbb_per_hand=mean,
                ci95=ci,
                chips=sum(unit[player] for unit in units),
                errors=sum(r.fault_counts[player] for r in ordered),
            )
        )
    faults = [f for r in ordered for f in r.faults][:MAX_RECORDED_ERRORS]
    return MatchResult(
        hands=hands,
        deals=deals,
        duplicate=duplicate,
        seed=seed,
        players=tuple(player_results),
        errors=tuple(faults),
        hand_states=tuple(s for r in ordered for s in r.states),
        seats=tuple(m for r in ordered for m in r.seats),
    )

