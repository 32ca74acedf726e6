"""A match's unit of work: one chunk of deals, played pass by pass.

:func:`~pokerkit_core.match.runner.run_match` splits its deals into chunks
(:class:`Chunk`).  Each chunk derives its policies' seeds and its decks from
the match seed, each by its own one-way function (:func:`chunk_setup`), from
the chunk's index and the deals' numbers only, and plays its deals once per pass (twice in duplicate
mode, seats swapped, with fresh policies for the mirrored pass).  So the
result of a chunk does not depend on where or when it runs: one after the
other here (:func:`run_chunk`), in worker processes, on a Dask cluster, or
several isolated chunks at once through shared policy processes
(:mod:`pokerkit_core.match.lanes`).  :class:`PassPlay` is the one home of what
a pass does with each deal (the seats, the configs, the hand numbers, the
faults, each player's net chips), whoever asks the players.

References:
    docs/rules.rst section 4 (ACPC heads-up format); Annual Computer Poker
    Competition rules (duplicate matches, bots restarted between passes).
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass
from typing import Callable, Sequence, Union

from ..evaluation.cards import full_deck
from ..players.driver import HandDriver, PolicyFault
from ..players.isolation import IsolatedPolicy, close_all
from ..engine.policy import Policy, PolicyFactory, make_policy
from ..engine.rules import GameConfig
from ..seeding import derive, policy_seed
from ..engine.state import HandState, replay_actions

__all__ = [
    "MAX_RECORDED_ERRORS",
    "Chunk",
    "ChunkResult",
    "FaultSink",
    "PairFactory",
    "PassPlay",
    "PlayerSpec",
    "chunk_result",
    "chunk_setup",
    "button_config",
    "run_chunk",
    "shuffle_codes",
]

PlayerSpec = Union[str, Callable[..., Policy]]
"""A registered policy name, or a factory called as ``factory(seed=seed)``
(it must be picklable, e.g. a module-level class, to run in worker processes)."""

PairFactory = Callable[[int, int], "tuple[Policy, Policy]"]
"""Makes both players of a pass at once, called as ``pair(seed0, seed1)``
with each player's seed: for policies that must share something, such as an
analysis and the policy it probes (:mod:`pokerkit_core.ai.lbr`).  It must be
picklable (e.g. an instance of a module-level class) to run in worker
processes."""

MAX_RECORDED_ERRORS = 1000
"""At most this many faults are kept in :attr:`MatchResult.errors
<pokerkit_core.match.runner.MatchResult.errors>` (all are counted)."""


@dataclass(frozen=True, slots=True)
class Chunk:
    """One chunk of a match: its deals and everything needed to play them."""

    index: int
    first_deal: int
    deals: int
    seed: int
    duplicate: bool
    players: tuple[PlayerSpec, PlayerSpec]
    names: tuple[str, str]
    config: GameConfig | None
    keep_hands: bool
    isolate: bool = False
    decision_timeout: float | None = None
    pair: PairFactory | None = None
    factories: tuple[PolicyFactory | None, PolicyFactory | None] = (None, None)
    entries: tuple[str | None, str | None] = (None, None)  # module:attribute, for isolate
    sequential_passes: bool = False  # isolate: no pass-1 process while a pass-0 one lives

    @property
    def passes(self) -> int:
        """Passes over the deals: 2 in duplicate mode, else 1."""
        return 2 if self.duplicate else 1


@dataclass(frozen=True, slots=True)
class ChunkResult:
    """What a chunk played: per unit (a deal's hands) each player's net
    chips, the faults kept, each player's fault count, and the kept hands
    with the player in each seat."""

    index: int
    units: tuple[tuple[int, int], ...]
    faults: tuple[PolicyFault, ...]
    fault_counts: tuple[int, int]
    states: tuple[HandState, ...]
    seats: tuple[tuple[int, ...], ...]


def button_config(template: GameConfig | None, button: int) -> GameConfig:
    """The match's game with the button on ``button`` (default: ACPC heads-up)."""
    if template is None:
        return GameConfig.acpc_heads_up(button=button)
    return dataclasses.replace(template, button=button)


class FaultSink:
    """Collects the faults of one pass (at most :data:`MAX_RECORDED_ERRORS`
    kept), stamped with the match's hand number and the player."""

    def __init__(self, names: tuple[str, str]) -> None:
        self.names = names
        self.faults: list[PolicyFault] = []
        self.counts = [0, 0]
        self.hand = 0
        self.player_at: tuple[int, int] = (0, 1)

    def __call__(self, fault: PolicyFault) -> None:
        player = self.player_at[fault.seat]
        self.counts[player] += 1
        if len(self.faults) < MAX_RECORDED_ERRORS:
            self.faults.append(
                dataclasses.replace(
                    fault, hand_number=self.hand, player=player, name=self.names[player]
                )
            )


_BIT_LENGTHS = tuple(n.bit_length() for n in range(53))


def shuffle_codes(rng: random.Random, deck: list[int]) -> None:
    """``rng.shuffle(deck)``, step for step (the same calls to
    ``rng.getrandbits``, so the same order for a seed: a match's decks are
    part of what its seed determines), without a method call per card.

    CPython's ``Random.shuffle`` swaps position ``i`` (last first) with
    ``j = _randbelow(i + 1)``, which draws ``(i + 1).bit_length()`` bits until
    the value is below ``i + 1`` (rejection sampling); decks of at most 52
    cards here.
    """
    getrandbits = rng.getrandbits
    bits = _BIT_LENGTHS
    for i in range(len(deck) - 1, 0, -1):
        n = i + 1
        k = bits[n]
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        deck[i], deck[j] = deck[j], deck[i]


def chunk_setup(chunk: Chunk) -> tuple[tuple[int, int], list[list[int]]]:
    """The chunk's two policy seeds and its decks (card codes, in the
    :func:`~pokerkit_core.evaluation.cards.full_deck` order), each derived one-way from
    the match seed (:func:`~pokerkit_core.seeding.derive`): a policy's seed
    (label ``match.policy``, the chunk's index and the player) reveals
    neither the match seed nor a deck, and each deck (label ``match.deck``,
    the deal's number in the match) is shuffled by a generator of its own."""
    seeds = (
        policy_seed(chunk.seed, "match.policy", chunk.index, 0),
        policy_seed(chunk.seed, "match.policy", chunk.index, 1),
    )
    template = list(range(len(full_deck())))
    decks = []
    for deal in range(chunk.first_deal, chunk.first_deal + chunk.deals):
        deck = template[:]
        shuffle_codes(random.Random(derive(chunk.seed, "match.deck", deal)), deck)
        decks.append(deck)
    return seeds, decks


class PassPlay:
    """One pass over a chunk's deals (the mirrored pass of duplicate mode is
    pass 1: player 0 sits in seat 1): deals each hand for the policies
    seated and keeps what it gave.

    Use: ``while (hand := p.next_hand()) is not None: p.finish(<play hand>)``,
    where playing the hand is ``hand.play()`` or any runner driving the
    :class:`~pokerkit_core.players.driver.HandDriver` to its end.

    Attributes:
        nets: Per deal played, each player's net chips.
        sink: The pass's faults.
        states: The final states kept (``keep_hands``).
        seats: For each kept state, the player in each seat.
    """

    def __init__(self, chunk: Chunk, play: int, decks: list[list[int]], policies: Sequence[Policy]) -> None:
        self.chunk, self.play, self.decks = chunk, play, decks
        self.seat_of = (0, 1) if play == 0 else (1, 0)  # seat_of[player]
        self.player_at = (self.seat_of.index(0), self.seat_of.index(1))
        self.seated = (policies[self.player_at[0]], policies[self.player_at[1]])
        # the two configs of the pass (button on seat 0 or 1), built once: a
        # config keeps the engine's per-table precomputation
        self.configs = (button_config(chunk.config, 0), button_config(chunk.config, 1))
        self.nets: list[tuple[int, int]] = []
        self.sink = FaultSink(chunk.names)
        self.states: list[HandState] = []
        self.seats: list[tuple[int, int]] = []

    def next_hand(self) -> HandDriver | None:
        """The driver of the pass's next hand, dealt, or ``None`` at its end."""
        offset = len(self.nets)
        if offset == len(self.decks):
            return None
        chunk = self.chunk
        deal_number = chunk.first_deal + offset
        hand_number = 2 * deal_number + self.play if chunk.duplicate else deal_number
        self.sink.hand, self.sink.player_at = hand_number, self.player_at
        dealt = replay_actions(self.configs[deal_number % 2], self.decks[offset], ())  # deal from codes
        return HandDriver(dealt, self.seated, hand_number=hand_number, on_fault=self.sink)

    def finish(self, state: HandState) -> None:
        """Record the final state of the hand :meth:`next_hand` gave."""
        results = state.hand_results or (0, 0)
        self.nets.append((int(results[self.seat_of[0]]), int(results[self.seat_of[1]])))
        if self.chunk.keep_hands:
            self.states.append(state)
            self.seats.append(self.player_at)

    def play_all(self, on_deal: Callable[[int], None] | None = None) -> PassPlay:
        """Play the rest of the pass here, one hand after the other."""
        while (hand := self.next_hand()) is not None:
            self.finish(hand.play())
            if on_deal is not None:
                on_deal(1)
        return self


def chunk_result(chunk: Chunk, passes: Sequence[PassPlay]) -> ChunkResult:
    """The chunk's result from its finished passes (pass 0 first)."""
    units = [
        (sum(p.nets[d][0] for p in passes), sum(p.nets[d][1] for p in passes))
        for d in range(chunk.deals)
    ]
    faults = sorted((f for p in passes for f in p.sink.faults), key=lambda f: f.hand_number or 0)
    states = [p.states[d] for d in range(len(passes[0].states)) for p in passes]
    seats = [p.seats[d] for d in range(len(passes[0].seats)) for p in passes]
    return ChunkResult(
        chunk.index,
        tuple(units),
        tuple(faults[:MAX_RECORDED_ERRORS]),
        (sum(p.sink.counts[0] for p in passes), sum(p.sink.counts[1] for p in passes)),
        tuple(states),
        tuple(seats),
    )


def _policy_sets(chunk: Chunk, seeds: tuple[int, int], passes: int | None = None) -> list[tuple[Policy, Policy]]:
    """One pair of fresh policies per pass (the mirrored pass of duplicate mode
    gets its own, as the ACPC restarts its bots), in their own processes with
    ``isolate``; ``passes``: how many pairs (default: the chunk's passes)."""
    sets: list[tuple[Policy, Policy]] = []
    try:
        for _ in range(chunk.passes if passes is None else passes):
            if chunk.isolate:
                made = [
                    IsolatedPolicy(spec, seed=seed, decision_timeout=chunk.decision_timeout,
                                   name=name, entry=entry)
                    for spec, seed, name, entry in zip(chunk.players, seeds, chunk.names, chunk.entries)
                ]
                sets.append((made[0], made[1]))
            elif chunk.pair is not None:
                sets.append(chunk.pair(seeds[0], seeds[1]))
            else:
                sets.append((make_policy(chunk.players[0], seed=seeds[0], factory=chunk.factories[0]),
                             make_policy(chunk.players[1], seed=seeds[1], factory=chunk.factories[1])))
        for policy in (p for pair in sets for p in pair if isinstance(p, IsolatedPolicy)):
            policy.wait_ready()  # the children start together, then are waited for
    except BaseException:
        close_all(p for pair in sets for p in pair)
        raise
    return sets


def run_chunk(chunk: Chunk, on_deal: Callable[[int], None] | None = None) -> ChunkResult:
    """Play one chunk here, pass after pass (isolated policies get their own
    processes for the chunk; with ``sequential_passes`` a pass's processes
    start only once the previous pass's have ended); ``on_deal(hands)`` is
    called after each hand.

    Raises:
        PolicyError: A policy cannot be made or started.
    """
    seeds, decks = chunk_setup(chunk)
    if chunk.isolate and chunk.sequential_passes:
        done = []
        for play in range(chunk.passes):
            pair = _policy_sets(chunk, seeds, 1)[0]
            try:
                done.append(PassPlay(chunk, play, decks, pair).play_all(on_deal))
            finally:
                close_all(pair)  # (its processes, and all they started, have ended)
        return chunk_result(chunk, done)
    sets = _policy_sets(chunk, seeds)
    try:
        passes = [PassPlay(chunk, play, decks, pair).play_all(on_deal) for play, pair in enumerate(sets)]
    finally:
        close_all(p for pair in sets for p in pair)
    return chunk_result(chunk, passes)
