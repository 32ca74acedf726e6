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

**Probing the bot.**  The LBR must ask the bot what it would do with other hole cards in the same
spot.  :class:`Probe` picks the best way the policy allows:

1. ``range_action_probabilities(observation, hole_cards)`` (the batch form of
   :class:`~pokerkit_core.engine.policy.RangeProbeablePolicy`), else
2. ``action_probabilities(observation)`` once per hole-card pair
   (:class:`~pokerkit_core.engine.policy.ProbeablePolicy`), with the observation's
   hole cards replaced by :func:`dataclasses.replace`, else
3. sampling: for each pair, a fresh instance made by the policy's factory
   (:func:`pokerkit_core.engine.policy.policy_factory`) with a seed derived from the
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
import random
from dataclasses import dataclass
from typing import Any, Callable, cast

from ...engine.actions import Call, Check
from ...errors import InvalidConfigError, PolicyError, ProbeError, shown
from ...match.runner import DEFAULT_CHUNK_DEALS, run_match
from ...engine.observation import observe
from ...engine.policy import Policy, method_of, policy_factory
from ...engine.rules import BettingStructure, GameConfig
from ...seeding import fresh_seed
from ...engine.state import act, replay_actions
from .exploiter import (
    COMBOS,
    FLOP_TRIALS,
    PREFLOP_RULES,
    PREFLOP_TRIALS,
    LbrPolicy,
    ProbedPolicy,
    _Abort,
    _Shared,
    rebuild_state,
    win_probability,
)
from .probe import PROBE_TOLERANCE, PolicySpec, Probe, _seed, probability_of

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
    "probability_of",
    "rebuild_state",
    "run_lbr",
    "win_probability",
]

SAMPLE_PAIRS = 48
"""Default number of pairs of the bot's range that the sampling probe keeps
(see :func:`run_lbr`)."""


@dataclass(frozen=True)
class _Pair:
    """Picklable maker of the (LBR, probed bot) pair of one pass."""

    spec: PolicySpec
    config: GameConfig
    preflop: str
    mode: str | None
    sample_pairs: int = 0
    calling_range: bool = False

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
        lbr = LbrPolicy(
            probe, shared, self.config, preflop=self.preflop, seed=seed0,
            calling_range=self.calling_range,
        )
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
        calling_range: Whether called bets were valued against the calling
            part of the range (the variant of :class:`LbrPolicy`).
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
    calling_range: bool
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
            state = replay_actions(config, rng.sample(range(52), 2 * len(config.stacks) + 5), [])
            for _ in range(k % 4):  # also spots after the flop: check/call down
                if state.is_over or state.to_act is None:
                    break
                legal_now = observe(state, state.to_act).legal
                assert legal_now is not None
                state = act(state, Check if legal_now.can_check else Call)
            if state.to_act is None:
                continue
            probe.check_deterministic(
                observe(state, state.to_act, hand_number=k), _seed("pokerkit_core.lbr.precheck", seed, k)
            )
    return probe.mode


def run_lbr(
    policy: PolicySpec,
    *,
    hands: int = 2_000,
    seed: int | None = None,
    workers: int = 1,
    config: GameConfig | None = None,
    preflop: str = "call",
    probe: str | None = None,
    sample_pairs: int = SAMPLE_PAIRS,
    calling_range: bool = False,
    chunk_deals: int = DEFAULT_CHUNK_DEALS,
    progress: bool | str | None = None,
) -> LbrResult:
    """Measure a heads-up policy with the local best response.

    Every deal is played twice, the LBR in each seat, by fresh policies; the
    hands run in seeded chunks through :func:`~pokerkit_core.match.runner.run_match`,
    so one seed gives the same result for any ``workers``.

    Args:
        policy: A registered policy name or a factory called as
            ``factory(seed=seed)`` (picklable for ``workers`` > 1).
        hands: Hands, an even number (``hands / 2`` deals).
        seed: The seed of the deals, the policies and the probes, each
            derived from it one-way (:mod:`pokerkit_core.seeding`); an int
            of any size, or ``None`` for a fresh 128-bit one from the
            operating system, reported in :attr:`LbrResult.seed`.
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
        calling_range: Value called bets by the win probability against the
            pairs that call, not the whole range (a variant stronger than
            the paper's; see :class:`LbrPolicy`).
        chunk_deals: Deals per chunk; part of what the seed determines.
        progress: As :func:`~pokerkit_core.match.runner.run_match`'s: ``True`` (a
            tqdm bar on standard error), ``"lines"`` (plain lines there),
            ``False`` (nothing) or ``None`` (a bar when it is a terminal).

    Returns:
        An :class:`LbrResult`.

    Raises:
        InvalidConfigError: ``seed`` not an int or ``None``, ``progress`` not one of its values, ``hands`` not a positive even int, ``preflop``
            unknown, ``sample_pairs`` not a positive int, a config that is not heads-up no-limit, ``workers`` or
            ``chunk_deals`` < 1.
        ProbeError: The policy cannot be probed (see the module
            documentation): not a registered name, a factory that cannot be
            called as ``factory(seed=seed)`` or makes no policy, or (no probe
            method) fresh instances with one seed disagree; or a probe
            answered something that is not a distribution.
        PolicyError: ``workers`` > 1 with a factory that cannot be pickled.
        Exception: Whatever the LBR's own computation raised: a failing
            decision of the LBR ends the run instead of being played as a
            fault (the bot's own faults are counted in ``errors``).

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
    if calling_range.__class__ is not bool:
        raise InvalidConfigError(f"calling_range must be a bool, got {shown(calling_range)}")
    if seed is None:
        seed = fresh_seed()
    elif seed.__class__ is not int:
        raise InvalidConfigError(f"seed must be an int or None, got {shown(seed)}")
    pair = _Pair(policy, game, preflop, probe, sample_pairs, calling_range)
    mode = _precheck(pair, seed)
    name = policy if isinstance(policy, str) else str(getattr(policy, "name", getattr(policy, "__name__", "policy")))
    try:
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
    except _Abort as stop:
        raise stop.error from None
    lbr, bot = result.players
    return LbrResult(
        policy=name,
        hands=result.hands,
        deals=result.deals,
        seed=seed,
        preflop=preflop,
        probe=mode,
        calling_range=calling_range,
        mbb_per_hand=lbr.mbb_per_hand,
        ci95=lbr.ci95,
        chips=lbr.chips,
        errors=bot.errors,
    )
