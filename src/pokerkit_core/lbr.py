"""Local best response (LBR): how much a simple exploiter that knows a bot's
strategy wins against it, heads-up no-limit.

The LBR of Lisý and Bowling (2017) plays one seat against the bot.  It keeps
the bot's *range*: a weight for each of the 1,326 hole-card pairs, all equal
at the deal, multiplied after each of the bot's actions by the probability
that the bot takes that action with that pair (Bayes' rule; pairs holding a
board card or one of the LBR's own cards do not count).  At each of its own
decisions it computes

- ``wp``: its probability of winning against that range if the rest of the
  hand were checked down (its all-in equity: ties count half);
- for checking or calling: ``U(call) = wp * pot - (1 - wp) * asked``, where
  ``pot`` is every chip committed so far and ``asked`` what the call costs;
- for each bet or raise of its action set: ``fp``, the probability that the
  bot folds to it (its fold probability averaged over the range), and
  ``U(a) = fp * pot + (1 - fp) * (wp * (pot + b) - (1 - wp) * (asked + b))``,
  where ``b`` is what the bot must add to call (a re-raise is counted as a
  call);

and plays the action of highest utility, folding when none is positive
(checking is always worth ``wp * pot >= 0``).  Utilities are in chips,
relative to folding now.  The action set is the paper's fold, call, pot
(a pot-sized bet or raise: to ``call_to + pot + asked``) and all-in (FCPA).
Pre-flop the paper's LBR-C only checks or calls (``preflop="call"``, the
default here); ``preflop="lbr"`` applies the same rule pre-flop as well (the
paper notes a better pre-flop rule gives a tighter bound).

The result is the LBR's win in mbb/hand over duplicate deals (each deal
played from both seats, by fresh policies), with a 95% confidence interval:
a lower bound on how exploitable the bot is, in the bot's game.

Probing the bot
---------------

The LBR must ask the bot what it would do with other hole cards in the same
spot.  :class:`Probe` picks the best way the policy allows:

1. ``range_action_probabilities(observation, hole_cards)`` (the batch form of
   :class:`~pokerkit_core.policy.RangeProbeablePolicy`), else
2. ``action_probabilities(observation)`` once per hole-card pair
   (:class:`~pokerkit_core.policy.ProbeablePolicy`), with the observation's
   hole cards replaced by :func:`dataclasses.replace`, else
3. sampling: for each pair, a fresh instance made by the policy's factory
   (:func:`pokerkit_core.policy.policy_factory`) with a seed derived from the
   probe seed, the hand, the decision and the pair, decides once; its action
   counts as probability 1.  That costs one ``factory(seed=...)`` call and
   one ``decide`` per pair and bot decision (about 1,300 of each), so it is
   slow: use it for bots that cannot state their strategy.

What a policy must satisfy to be probed: with (1) or (2), the probabilities
are those of its ``decide`` and asking does not change its state (a pure read;
the live bot is asked, so an adaptive bot is probed as it is at that moment);
with (3), it must be deterministic given its seed (two fresh instances with
the same seed decide alike on the same observation) and a fresh instance must
stand for the bot (an adaptive bot's learnt state is not seen).  The probe
checks the latter and refuses a policy it cannot probe with
:class:`~pokerkit_core.errors.ProbeError`.

Example:
    >>> result = run_lbr("call", hands=4, seed=1)
    >>> result.policy, result.hands, result.probe
    ('call', 4, 'range')

References:
    Lisý and Bowling, "Equilibrium Approximation Quality of Current No-Limit
    Poker Bots", AAAI-17 Workshop on Computer Poker and Imperfect Information
    Games, arXiv:1612.07547 (2017): Figure 1 (the LBR algorithm), the FCPA
    action set and the LBR-C pre-flop variant; docs/rules.rst section 4 (the
    ACPC heads-up format, mbb/hand).
"""

from __future__ import annotations

import dataclasses
import math
import random
from dataclasses import dataclass
from typing import Any, Callable, Sequence, Union, cast

from .actions import Action, ActionKind, AllIn, Bet, Call, Check, Fold, LegalActions, Raise, default_action
from .cards import CARDS, Card
from .equity import calculate_equity
from .errors import InvalidConfigError, PolicyError, ProbeError, shown
from .events import ActionTaken
from .match import DEFAULT_CHUNK_DEALS, run_match
from .observation import Observation, observe
from .policy import Policy, load_policy, method_of, policy_factory
from .ranges import Range
from .rules import BettingStructure, GameConfig, Street
from .state import HandState, act, replay

__all__ = [
    "COMBOS",
    "FLOP_TRIALS",
    "PREFLOP_RULES",
    "PREFLOP_TRIALS",
    "PROBE_TOLERANCE",
    "SAMPLE_PAIRS",
    "LbrPolicy",
    "LbrResult",
    "Probe",
    "ProbedPolicy",
    "run_lbr",
    "win_probability",
]

COMBOS: tuple[tuple[Card, Card], ...] = tuple(
    (CARDS[hi], CARDS[lo]) for hi in range(51, -1, -1) for lo in range(hi - 1, -1, -1)
)
"""The 1,326 hole-card pairs in a fixed order (higher card code first): the
index of a range's weights."""

_COMBO_CODES = tuple((a.code, b.code) for a, b in COMBOS)
_WITH_CARD: tuple[frozenset[int], ...] = tuple(
    frozenset(i for i, pair in enumerate(_COMBO_CODES) if code in pair) for code in range(52)
)
_ALL_CODES = bytes(c for pair in _COMBO_CODES for c in pair)

FLOP_TRIALS = 4_000
"""Monte Carlo deals for the LBR's win probability on the flop (exact
enumeration there costs about 12 ms a decision, this about 1.5 ms, with a
standard error under 0.8 percentage points); turn and river are exact."""

PREFLOP_TRIALS = 4_000
"""Monte Carlo deals for the pre-flop win probability (``preflop="lbr"``)."""

PREFLOP_RULES = ("call", "lbr")
"""``"call"``: the paper's LBR-C, which checks or calls every pre-flop
decision; ``"lbr"``: the LBR rule pre-flop too."""

SAMPLE_PAIRS = 48
"""Default number of pairs of the bot's range that the sampling probe keeps
(see :func:`run_lbr`)."""

PROBE_TOLERANCE = 1e-6
"""How far from 1 a probed distribution's probabilities may sum (the
protocol asks for 1e-9; this leaves room for rounding in batch forms)."""

_SAMPLE_CHECKS = 6
"""With the sampling probe: decisions at which two fresh same-seed instances
are compared, on top of the check before the run."""

Dist = Sequence[tuple[Action, float]]
PolicySpec = Union[str, Callable[..., Policy]]


def _seed(*parts: object) -> int:
    """A 63-bit seed derived from ``parts`` (stable across runs and platforms)."""
    return random.Random(":".join(map(str, parts))).getrandbits(63)


def _decision_index(observation: Observation) -> int:
    return sum(1 for event in observation.history if isinstance(event, ActionTaken))


def _check_dist(dist: object, name: str) -> Dist:
    try:
        total = 0.0
        for action, p in dist:  # type: ignore[attr-defined]
            if not isinstance(action, Action) or not (p >= 0.0) or math.isinf(p):
                raise TypeError
            total += p
    except Exception:
        raise ProbeError(
            f"policy {shown(name)} answered {shown(dist)}: not (action, probability) pairs"
        ) from None
    if abs(total - 1.0) > PROBE_TOLERANCE:
        raise ProbeError(f"policy {shown(name)}'s probabilities sum to {total!r}, not 1")
    return dist  # type: ignore[return-value]


class Probe:
    """Asks a policy for its mixed strategy at an observation, for many
    hole-card pairs at once (see the module documentation).

    Args:
        policy: The live policy (asked directly in modes ``"range"`` and
            ``"single"``).
        factory: The policy's factory, called as ``factory(seed=seed)``
            (needed only by the sampling mode).
        seed: Probe seed, from which the sampling mode derives its seeds.
        mode: ``"range"``, ``"single"`` or ``"sample"``; ``None``: the best
            the policy allows.

    Raises:
        ProbeError: The policy has neither probe method and ``factory`` is
            ``None`` or cannot be called as ``factory(seed=seed)``, or ``mode``
            asks for a method the policy lacks.
    """

    def __init__(
        self,
        policy: Policy,
        *,
        factory: Callable[..., Policy] | None = None,
        seed: int = 0,
        mode: str | None = None,
    ) -> None:
        self.name = str(getattr(policy, "name", "?"))
        self._batch = method_of(policy, "range_action_probabilities")
        self._single = method_of(policy, "action_probabilities")
        if mode is None:
            mode = "range" if self._batch else "single" if self._single else "sample"
        if mode not in ("range", "single", "sample"):
            raise ProbeError(f"unknown probe mode {shown(mode)}")
        if (mode == "range" and self._batch is None) or (mode == "single" and self._single is None):
            raise ProbeError(f"policy {shown(self.name)} has no {mode} probe method")
        if mode == "sample" and factory is None:
            raise ProbeError(
                f"policy {shown(self.name)} has no action_probabilities and no known "
                "factory to sample fresh instances from: it cannot be probed"
            )
        self.mode = mode
        self._factory = factory
        self._seed = seed
        self._checks_left = _SAMPLE_CHECKS

    def _fresh(self, seed: int) -> Policy:
        assert self._factory is not None
        try:
            policy = self._factory(seed=seed)
        except Exception as exc:
            raise ProbeError(
                f"policy {shown(self.name)}'s factory cannot be called as factory(seed=...): {exc}"
            ) from exc
        if method_of(policy, "decide") is None:
            raise ProbeError(f"policy {shown(self.name)}'s factory made {shown(policy)}, which has no decide()")
        return policy

    def _sample_once(self, observation: Observation, seed: int) -> Action:
        fresh = self._fresh(seed)
        started = method_of(fresh, "hand_started")
        if started is not None:
            started(observation)
        action = fresh.decide(observation)
        legal = observation.legal
        if legal is not None and action not in legal:
            return default_action(legal)
        return action

    def check_deterministic(self, observation: Observation, seed: int) -> None:
        """Refuse a policy whose fresh instances with one seed disagree.

        Args:
            observation: A seat's view with ``legal`` set.
            seed: The seed both instances get.

        Raises:
            ProbeError: The two instances chose different actions.
        """
        first = self._sample_once(observation, seed)
        second = self._sample_once(observation, seed)
        if first != second:
            raise ProbeError(
                f"policy {shown(self.name)} cannot be probed: two fresh instances with seed "
                f"{seed} chose {first} and {second} on the same observation (it is not "
                "deterministic given its seed; implement action_probabilities instead)"
            )

    def distributions(
        self, observation: Observation, hole_cards: Sequence[tuple[Card, Card]]
    ) -> list[Dist]:
        """The policy's strategy at ``observation`` for each hole-card pair.

        Args:
            observation: The policy's seat's view (``legal`` set).
            hole_cards: Pairs to substitute for the seat's hole cards.

        Returns:
            One list of ``(action, probability)`` pairs per entry of
            ``hole_cards``, in order.

        Raises:
            ProbeError: The policy answered something that is not a
                distribution (wrong count, not pairs, probabilities that do
                not sum to 1), or (sampling) fresh instances disagree.
        """
        if self.mode == "range":
            assert self._batch is not None
            dists = list(self._batch(observation, hole_cards))
            if len(dists) != len(hole_cards):
                raise ProbeError(
                    f"policy {shown(self.name)} answered {len(dists)} distributions for "
                    f"{len(hole_cards)} hole-card pairs"
                )
            checked: dict[int, Dist] = {}
            for d in dists:  # batch forms often share one list between pairs
                if id(d) not in checked:
                    checked[id(d)] = _check_dist(d, self.name)
            return dists
        if self.mode == "single":
            assert self._single is not None
            replace = dataclasses.replace
            single = self._single
            return [
                _check_dist(single(replace(observation, hole_cards=pair)), self.name)
                for pair in hole_cards
            ]
        hand = observation.hand_number
        decision = _decision_index(observation)
        out: list[Dist] = []
        for pair in hole_cards:
            seed = _seed("pokerkit_core.lbr.probe", self._seed, hand, decision, pair[0], pair[1])
            view = dataclasses.replace(observation, hole_cards=pair)
            if self._checks_left > 0:
                self._checks_left -= 1
                self.check_deterministic(view, seed)
            out.append(((self._sample_once(view, seed), 1.0),))
        return out


def probability_of(dist: Dist, action: Action) -> float:
    """The probability of ``action`` in a probed distribution (exact
    :class:`~pokerkit_core.actions.Action` equality), 0 if absent."""
    return sum(p for a, p in dist if a == action)


def _fold_probability(dist: Dist) -> float:
    return sum(p for a, p in dist if a.kind is ActionKind.FOLD)


@dataclass
class _Shared:
    """What the LBR and the policy it probes share during one pass."""

    weights: list[float]
    lbr_hole: tuple[Card, ...] = ()
    inconsistent: int = 0  # bot actions no pair of its range could take
    pairs: int | None = None  # keep at most this many pairs of the range
    seed: int = 0  # of the pairs kept
    thinned: bool = False  # the pairs are chosen for this hand

    def reset(self) -> None:
        self.weights = [1.0] * len(COMBOS)
        self.thinned = False


def _live(shared: _Shared, observation: Observation) -> list[int]:
    """Indexes of the pairs still in the bot's range, not blocked by the
    board or the LBR's hole cards."""
    blocked: set[int] = set()
    for card in (*observation.board, *shared.lbr_hole):
        blocked |= _WITH_CARD[card.code]
    live = [i for i, w in enumerate(shared.weights) if w > 0.0 and i not in blocked]
    if shared.pairs is not None and not shared.thinned:
        shared.thinned = True
        if len(live) > shared.pairs:  # a random subset stands for the range
            rng = random.Random(_seed("pokerkit_core.lbr.pairs", shared.seed, observation.hand_number))
            kept = set(rng.sample(live, shared.pairs))
            for i in live:
                if i not in kept:
                    shared.weights[i] = 0.0
            live = sorted(kept)
    return live


class ProbedPolicy:
    """The bot's side of an LBR pass: plays like the wrapped policy and, at
    each of its decisions, narrows its range in the shared record by Bayes'
    rule with the probe's probabilities.

    Args:
        inner: The policy analysed.
        probe: A :class:`Probe` of ``inner``.
        shared: The pass's shared record.
    """

    def __init__(self, inner: Policy, probe: Probe, shared: _Shared) -> None:
        self.inner = inner
        self.name = str(getattr(inner, "name", "?"))
        self._probe = probe
        self._shared = shared

    def hand_started(self, observation: Observation) -> None:
        """Reset the range (every pair equally likely) and pass the hook on."""
        self._shared.reset()
        hook = method_of(self.inner, "hand_started")
        if hook is not None:
            hook(observation)

    def hand_ended(self, observation: Observation, results: tuple[int, ...]) -> None:
        """Pass the hook on to the wrapped policy."""
        hook = method_of(self.inner, "hand_ended")
        if hook is not None:
            hook(observation, results)

    def decide(self, observation: Observation) -> Action:
        """Probe the range at this decision, let the wrapped policy decide,
        then keep each pair's weight times its probability of that action."""
        shared = self._shared
        live = _live(shared, observation)
        dists = self._probe.distributions(observation, [COMBOS[i] for i in live])
        action = self.inner.decide(observation)
        legal = observation.legal
        if legal is not None and action not in legal:
            action = default_action(legal)  # what the driver will play
        weights = shared.weights
        seen: dict[int, float] = {}  # batch forms share lists between pairs
        new: dict[int, float] = {}
        for i, d in zip(live, dists):
            p = seen.get(id(d))
            if p is None:
                p = seen[id(d)] = probability_of(d, action)
            new[i] = weights[i] * p
        top = max(new.values(), default=0.0)
        if top > 0.0:
            for i, w in new.items():
                weights[i] = w / top  # rescaled: long hands never underflow
        else:  # no pair of the range takes this action: keep the range
            shared.inconsistent += 1
        return action


def win_probability(
    hole_cards: Sequence[Card],
    board: Sequence[Card],
    weights: Sequence[float],
    live: Sequence[int],
    *,
    seed: int = 0,
) -> float:
    """Probability that ``hole_cards`` win against a weighted range if the
    rest of the hand is checked down (ties count half).

    Exact on the turn and river, :data:`FLOP_TRIALS` (flop) or
    :data:`PREFLOP_TRIALS` (pre-flop) Monte Carlo deals otherwise, by the C
    equity routine (:func:`pokerkit_core.equity.calculate_equity`).

    Args:
        hole_cards: The LBR's two cards.
        board: 0, 3, 4 or 5 board cards.
        weights: One weight per entry of :data:`COMBOS`.
        live: Indexes of the pairs to count (not blocked, weight > 0).
        seed: Seed of the Monte Carlo deals.

    Returns:
        The win probability, 0-1 (0.5 for an empty range).

    References:
        Lisý and Bowling (2017), Figure 1 (``WpRollout``).
    """
    if not live:
        return 0.5
    codes = bytes(c for i in live for c in _COMBO_CODES[i])
    rng = Range.from_codes(codes, [weights[i] for i in live], text="range")
    hero = tuple(hole_cards)
    if len(board) >= 4:
        result = calculate_equity([hero, rng], board=tuple(board), exact=True)
    else:
        trials = FLOP_TRIALS if board else PREFLOP_TRIALS
        result = calculate_equity([hero, rng], board=tuple(board), trials=trials, seed=seed)
    return result.players[0].equity


def _config_for(template: GameConfig, observation: Observation) -> GameConfig:
    return dataclasses.replace(template, button=observation.button)


def rebuild_state(observation: Observation, config: GameConfig) -> HandState:
    """A hand state with the public history of ``observation`` and its seat's
    own cards (other seats get cards nobody holds, the board is completed
    with unused cards): what the LBR uses to see the spot the bot would be in
    after each of its candidate actions.

    Args:
        observation: The acting seat's view.
        config: The game for button 0 (the observation's button is applied).

    Returns:
        The state after the observation's actions.
    """
    used = {c.code for c in observation.hole_cards} | {c.code for c in observation.board}
    spare = (code for code in range(52) if code not in used)
    codes: list[int] = []
    for seat in range(observation.seat_count):
        if seat == observation.seat:
            codes.extend(c.code for c in observation.hole_cards)
        else:
            codes.extend((next(spare), next(spare)))
    codes.extend(c.code for c in observation.board)
    while len(codes) < 2 * observation.seat_count + 5:
        codes.append(next(spare))
    actions = [e.action for e in observation.history if isinstance(e, ActionTaken)]
    return replay(_config_for(config, observation), codes, actions)


def _pot_raise_to(legal: LegalActions, pot: int) -> int:
    return legal.call_to + pot + legal.call_amount


def _bet_actions(legal: LegalActions, pot: int) -> list[Action]:
    """The LBR's bets and raises: pot-sized and all-in (FCPA), when legal."""
    if not (legal.can_bet or legal.can_raise):
        return []
    out: list[Action] = []
    to = max(legal.min_raise_to, _pot_raise_to(legal, pot))
    if to < legal.max_raise_to:
        out.append(Bet(to) if legal.can_bet else Raise(to))
    out.append(AllIn if legal.max_is_all_in else (Bet if legal.can_bet else Raise)(legal.max_raise_to))
    return out


class LbrPolicy:
    """The exploiter's side of an LBR pass (Lisý and Bowling 2017, Figure 1).

    Args:
        probe: A :class:`Probe` of the bot (asked for its fold probability
            after each candidate bet).
        shared: The pass's shared record (the bot's range).
        config: The game for button 0.
        preflop: One of :data:`PREFLOP_RULES`.
        seed: Seed of the Monte Carlo win probabilities.
    """

    name = "lbr"

    def __init__(
        self, probe: Probe, shared: _Shared, config: GameConfig, *, preflop: str = "call", seed: int = 0
    ) -> None:
        self._probe = probe
        self._shared = shared
        self._config = config
        self._preflop = preflop
        self._seed = seed

    def hand_started(self, observation: Observation) -> None:
        """Note the LBR's own hole cards (they block pairs of the bot's range)."""
        self._shared.lbr_hole = tuple(observation.hole_cards)

    def utilities(self, observation: Observation) -> list[tuple[Action, float]]:
        """Each candidate action with its utility, chips relative to folding.

        Args:
            observation: The LBR's view (``legal`` set).

        Returns:
            ``(action, utility)`` pairs: check or call first, then the
            pot-sized bet or raise and the all-in when legal.
        """
        legal = observation.legal
        assert legal is not None
        shared = self._shared
        live = _live(shared, observation)
        hand = observation.hand_number
        decision = _decision_index(observation)
        wp = win_probability(
            observation.hole_cards, observation.board, shared.weights, live,
            seed=_seed("pokerkit_core.lbr.wp", self._seed, hand, decision),
        )
        pot = observation.pot
        asked = legal.call_amount
        passive = Check if legal.can_check else Call
        out: list[tuple[Action, float]] = [(passive, wp * pot - (1 - wp) * asked)]
        bets = _bet_actions(legal, pot)
        if not bets:
            return out
        state = rebuild_state(observation, self._config)
        me = observation.seat
        bot = 1 - me
        weights = shared.weights
        total = sum(weights[i] for i in live) or 1.0
        for action in bets:
            after = act(state, action)
            to = action.to if action.kind is not ActionKind.ALL_IN else legal.all_in_to
            # the bot can match at most its stack: the excess comes back
            matched = min(to, observation.bets[bot] + observation.stacks[bot])
            mine = matched - observation.bets[me]
            theirs = matched - observation.bets[bot]
            if after.to_act == bot:
                view = observe(after, bot, hand_number=hand)
                dists = self._probe.distributions(view, [COMBOS[i] for i in live])
                seen: dict[int, float] = {}
                folded = 0.0
                for i, d in zip(live, dists):
                    f = seen.get(id(d))
                    if f is None:
                        f = seen[id(d)] = _fold_probability(d)
                    folded += weights[i] * f
                fp = folded / total
            else:
                fp = 0.0
            out.append((action, fp * pot + (1 - fp) * (wp * (pot + theirs) - (1 - wp) * mine)))
        return out

    def decide(self, observation: Observation) -> Action:
        """Play the action of highest utility (fold when none is positive);
        pre-flop with ``preflop="call"``, check or call."""
        legal = observation.legal
        if legal is None:  # pragma: no cover - the runner always sets it
            return Check
        if observation.street is Street.PREFLOP and self._preflop == "call":
            return Check if legal.can_check else Call
        scored = self.utilities(observation)
        best, value = scored[0]
        for action, u in scored[1:]:
            if u > value:
                best, value = action, u
        if value <= 0.0 and legal.can_fold:
            return Fold
        return best


@dataclass(frozen=True)
class _Pair:
    """Picklable maker of the (LBR, probed bot) pair of one pass."""

    spec: PolicySpec
    config: GameConfig
    preflop: str
    mode: str | None
    sample_pairs: int = 0

    def factory(self) -> Callable[..., Policy]:
        if not isinstance(self.spec, str):
            return self.spec
        try:
            return policy_factory(self.spec)
        except PolicyError as exc:
            raise ProbeError(f"{exc}: it cannot be probed") from exc

    def bot(self, seed: int) -> Policy:
        factory = self.factory()
        try:
            policy = factory(seed=seed)
        except Exception as exc:
            raise ProbeError(
                f"policy {shown(self.spec)} cannot be made as factory(seed=...) to be "
                f"probed: {exc}"
            ) from exc
        if method_of(policy, "decide") is None:
            raise ProbeError(f"policy {shown(self.spec)}'s factory made {shown(policy)}, which has no decide()")
        return policy

    def __call__(self, seed0: int, seed1: int) -> tuple[Policy, Policy]:
        bot = self.bot(seed1)
        probe = Probe(bot, factory=self.factory(), seed=seed1, mode=self.mode)
        pairs = self.sample_pairs if probe.mode == "sample" else None
        shared = _Shared([1.0] * len(COMBOS), pairs=pairs, seed=seed1)
        lbr = LbrPolicy(probe, shared, self.config, preflop=self.preflop, seed=seed0)
        return lbr, ProbedPolicy(bot, probe, shared)


@dataclass(frozen=True, slots=True)
class LbrResult:
    """What :func:`run_lbr` measured.

    Attributes:
        policy: The bot's name.
        hands: Hands played (two per deal).
        deals: Deals, each played from both seats.
        seed: The seed.
        preflop: The pre-flop rule (:data:`PREFLOP_RULES`).
        probe: How the bot was probed: ``"range"``, ``"single"`` or
            ``"sample"``.
        mbb_per_hand: The LBR's mean win, mbb/hand (positive: the bot is
            exploitable by at least that much).
        ci95: 95% confidence interval of ``mbb_per_hand`` (over deals).
        chips: The LBR's net chips.
        errors: Faults of the bot (exceptions, illegal actions).
    """

    policy: str
    hands: int
    deals: int
    seed: int
    preflop: str
    probe: str
    mbb_per_hand: float
    ci95: tuple[float, float]
    chips: int
    errors: int

    def to_dict(self) -> dict[str, Any]:
        """The result as a JSON-ready dict (the fields; ``ci95`` a list)."""
        doc = {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}
        doc["ci95"] = list(self.ci95)
        return doc


def _precheck(pair: _Pair, seed: int) -> str:
    """Make one bot and probe it before the run: refuse early, in this
    process; returns the probe mode."""
    bot = pair.bot(_seed("pokerkit_core.lbr.precheck", seed))
    probe = Probe(bot, factory=pair.factory(), seed=seed, mode=pair.mode)
    if probe.mode == "sample":
        rng = random.Random(_seed("pokerkit_core.lbr.precheck.deals", seed))
        for k in range(8):
            config = dataclasses.replace(pair.config, button=k % 2)
            state = replay(config, rng.sample(range(52), 2 * len(config.stacks) + 5), [])
            for _ in range(k % 4):  # also spots after the flop: check/call down
                if state.is_over or state.to_act is None:
                    break
                legal_now = observe(state, state.to_act).legal
                assert legal_now is not None
                state = act(state, Check if legal_now.can_check else Call)
            if state.to_act is None:
                continue
            probe.check_deterministic(observe(state, state.to_act, hand_number=k), seed + k)
    return probe.mode


def run_lbr(
    policy: PolicySpec,
    *,
    hands: int = 2_000,
    seed: int = 0,
    workers: int = 1,
    config: GameConfig | None = None,
    preflop: str = "call",
    probe: str | None = None,
    sample_pairs: int = SAMPLE_PAIRS,
    chunk_deals: int = DEFAULT_CHUNK_DEALS,
    progress: bool | None = None,
) -> LbrResult:
    """Measure a heads-up policy with the local best response.

    Every deal is played twice, the LBR in each seat, by fresh policies; the
    hands run in seeded chunks through :func:`~pokerkit_core.match.run_match`,
    so one seed gives the same result for any ``workers``.

    Args:
        policy: A registered policy name or a factory called as
            ``factory(seed=seed)`` (picklable for ``workers`` > 1).
        hands: Hands, an even number (``hands / 2`` deals).
        seed: The seed of the deals, the policies and the probes.
        workers: Local worker processes.
        config: Two-seat no-limit game for button 0; default the ACPC
            heads-up format (:meth:`GameConfig.acpc_heads_up`: 20,000
            chips, blinds 50/100), as in the paper.
        preflop: ``"call"`` (LBR-C) or ``"lbr"`` (:data:`PREFLOP_RULES`).
        probe: Force a probe mode (``"range"``, ``"single"``,
            ``"sample"``); ``None``: the best the policy allows.
        sample_pairs: With the sampling probe: the bot's range is a random
            subset of this many of its pairs, drawn at its first decision of
            each hand (a particle approximation: each bot decision then costs
            this many fresh instances instead of about 1,300).
        chunk_deals: Deals per chunk; part of what the seed determines.
        progress: A tqdm progress bar on standard error; ``None``: when it is
            a terminal.

    Returns:
        An :class:`LbrResult`.

    Raises:
        InvalidConfigError: ``hands`` not a positive even int, ``preflop``
            unknown, ``sample_pairs`` not a positive int, a config that is not heads-up no-limit, ``workers`` or
            ``chunk_deals`` < 1.
        ProbeError: The policy cannot be probed (see the module
            documentation): not a registered name, a factory that cannot be
            called as ``factory(seed=seed)`` or makes no policy, or (no probe
            method) fresh instances with one seed disagree; or a probe
            answered something that is not a distribution.
        PolicyError: ``workers`` > 1 with a factory that cannot be pickled.

    References:
        Lisý and Bowling (2017), arXiv:1612.07547.
    """
    if preflop not in PREFLOP_RULES:
        raise InvalidConfigError(f"preflop must be one of {PREFLOP_RULES}, got {shown(preflop)}")
    if not isinstance(hands, int) or isinstance(hands, bool) or hands < 2 or hands % 2:
        raise InvalidConfigError(f"hands must be a positive even int (two per deal), got {shown(hands)}")
    game = config if config is not None else GameConfig.acpc_heads_up()
    if len(game.stacks) != 2 or game.betting is not BettingStructure.NO_LIMIT:
        raise InvalidConfigError("the LBR plays heads-up no-limit: give a two-seat no-limit config")
    if not isinstance(sample_pairs, int) or isinstance(sample_pairs, bool) or sample_pairs < 1:
        raise InvalidConfigError(f"sample_pairs must be a positive int, got {shown(sample_pairs)}")
    pair = _Pair(policy, game, preflop, probe, sample_pairs)
    mode = _precheck(pair, seed)
    name = policy if isinstance(policy, str) else str(getattr(policy, "name", getattr(policy, "__name__", "policy")))
    result = run_match(
        [cast(PolicySpec, pair)] * 2,  # only checked: ``pair`` makes both players
        hands=hands,
        seed=seed,
        duplicate=True,
        workers=workers,
        config=config,
        names=("lbr", name),
        chunk_deals=chunk_deals,
        progress=progress,
        pair=pair,
    )
    lbr, bot = result.players
    return LbrResult(
        policy=name,
        hands=result.hands,
        deals=result.deals,
        seed=seed,
        preflop=preflop,
        probe=mode,
        mbb_per_hand=lbr.mbb_per_hand,
        ci95=lbr.ci95,
        chips=lbr.chips,
        errors=bot.errors,
    )
