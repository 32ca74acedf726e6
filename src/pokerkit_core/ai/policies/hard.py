"""The ``hard`` AI: Monte Carlo equity against a read of the opponent's range,
a mixed strategy it can report exactly, and a minimum-defence floor.

At every decision it

1. reads the opponent's range from the public actions of the hand
   (:mod:`~pokerkit_core.ai.policies.hard_model`): each bet, raise or call keeps
   the strongest share of the range that matches how often this opponent was
   seen to take that action in that spot (per street, per bet size, after a
   check or not);
2. estimates its equity against that range and against the part of it that
   would continue against each of its own bet sizes (half pot, pot, all-in),
   with one C call per range (:func:`pokerkit_core.evaluation.evaluator.range_equity`:
   Monte Carlo before the river, exact on it);
3. compares the expected value of checking (counting, out of position, what
   it gains when the opponent bets into it as often as it was seen to), of
   calling (pot odds) or folding, and of each bet size, where a bet's value
   counts the chance that the opponent folds to that size (observed per size
   class) and the equity against the range that continues; bets over 1.2 pots
   need 60% equity against that range;
4. mixes its bluffs (bets chosen while behind the calling range): a bluff of
   ``f`` pots is made with probability ``f / (1 + 2f)`` (the balanced share
   for that size), scaled up when this opponent folds more than the bluff
   needs;
5. against every bet or raise, on every street, continues at least with
   the strongest share of its own range that the minimum-defence frequency
   ``P / (P + B)`` asks for (:func:`minimum_defence`): its range is the one
   its own strategy makes, each hand weighted by the probability that this
   policy took the hand's actions with it (replayed from the public history,
   :meth:`HardPolicy.range_action_probabilities` at each of its earlier
   decisions: the range a local best response that knows the strategy
   holds), ranked by the equity it decides with against the bettor's
   narrowed range; after the flop, against a bet that leaves betting,
   scaled down by how value-heavy this bettor's showdowns have been;
6. against a bet whose call leaves no betting (a shove, or a call all-in)
   values the call with its whole equity against the pot odds (no discount
   for equity not realized in later betting); the shover's range pre-flop is
   the strongest part of its raising range, as large as how often it shoves
   and as wide as its shown shoves were (:class:`OpponentModel` ``shove`` and
   ``shove_rank``).

The read adapts as the match goes on (:class:`OpponentModel`): the shares
kept for each action follow the opponent's observed frequencies, the weight
left to the hands outside them follows the share of bluffs its bets showed
down, and so do the minimum defence and the extra bluffs against overfolds.

Its strategy at an observation is the distribution
:meth:`HardPolicy.action_probabilities` returns; :meth:`HardPolicy.decide`
samples from it.  The equity estimates are seeded from the policy's seed and
the public state of the hand (and each hand's own cards), so the distribution
is a pure function of the observation and what the policy learnt in earlier
hands (``hand_ended``), and a probe of other hole cards
(:meth:`HardPolicy.range_action_probabilities`) sees exactly what the policy
would do with them.

References:
    docs/rules.rst section 7 (hard level); Billings et al., "The challenge of
    poker", Artificial Intelligence 134 (2002) (opponent modelling, weighted
    ranges); Chen and Ankenman, *The Mathematics of Poker* (2006) (bluffing
    ratio ``f / (1 + 2f)``, minimum defence); Lisy and Bowling, "Equilibrium
    Approximation Quality of Current No-Limit Poker Bots" (2017) (the local
    best response this strategy is measured with).
"""

from __future__ import annotations

import random
from array import array
from dataclasses import fields
from itertools import chain
from operator import attrgetter
from typing import Any, Mapping, Sequence

from ...engine.actions import Action, ActionKind, Check, LegalActions
from ...evaluation.cards import CARDS, Card
from ...errors import InvalidConfigError, shown
from ...evaluation.evaluator import RANGE_COMBOS, RANGE_MAX_TRIALS, combo_index, range_equity
from .features import Step, aggressive, passive, replay_public, street_number, walk
from .hard_model import (
    CALL_FLOOR,
    SIZE_FRACTIONS,
    OpponentModel,
    balanced_bluff_share,
    narrowed,
    range_of,
    size_class,
    top_range,
)
from ...engine.observation import Observation, observe
from ...engine.policy import random_state_data, random_state_from_data, state_fields

__all__ = ["HardPolicy", "OpponentModel", "minimum_defence", "shove_defence", "size_class"]

_SIZES = (0.5, 1.0)
"""Bet sizes considered, as fractions of the pot after calling (and all-in)."""

_CONTEXT_KEY = attrgetter(*(f.name for f in fields(Observation) if f.name != "hole_cards"))
"""The key of a decision's cached context: every field of the observation but
the hole cards (stacks, board, history, bets, legal actions, hand number ...),
so a context is reused only for the same public decision point."""

_MASK = (1 << 64) - 1
_UNIFORM = array("d", [1.0]) * RANGE_COMBOS

Distribution = list[tuple[Action, float]]


class _Target:
    """One bet or raise the policy considers at a decision."""

    __slots__ = ("action", "fraction", "fold", "added", "final_pot", "real", "cls", "bluff_share")

    def __init__(
        self, action: Action, fraction: float, fold: float, added: int, final_pot: int,
        real: float, cls: int, pot: int,
    ) -> None:
        self.action, self.fraction, self.fold = action, fraction, fold
        self.added, self.final_pot, self.real, self.cls = added, final_pot, real, cls
        breakeven = added / max(pot + added, 1)  # folds a pure bluff needs
        share = balanced_bluff_share(fraction)
        # more bluffs against an opponent who folds more than the bluff needs
        self.bluff_share = min(1.0, share * max(1.0, fold / max(breakeven, 1e-9)))


class _Context:
    """What a decision needs that does not depend on the hole cards."""

    __slots__ = (
        "legal", "street", "pot", "to_call", "many", "board", "opp", "realize", "seed",
        "targets", "ranges", "trap", "trap_range", "defend_share", "steps", "me", "cut",
        "closes", "view", "strategy",
    )

    legal: LegalActions
    street: int
    pot: int
    to_call: int
    many: int
    board: bytes
    opp: array[float]
    realize: float
    seed: int

    def __init__(self) -> None:
        self.targets: list[_Target] = []
        self.ranges: dict[int, array[float]] = {}
        self.trap: tuple[float, int] | None = None
        self.trap_range: array[float] | None = None
        self.defend_share = 0.0
        self.steps: Sequence[Step] = ()
        self.me = 0
        self.cut: float | None = None
        self.closes = False
        self.view: Observation | None = None  # to replay the hand for its own range
        self.strategy: dict[tuple[str, int], array[float]] | None = None


def _trials_arg(name: str, trials: object) -> int:
    """``trials`` if it is an int from 1 to ``RANGE_MAX_TRIALS``, else
    :class:`~pokerkit_core.errors.InvalidConfigError` naming ``name``."""
    if trials.__class__ is not int or not 1 <= trials <= RANGE_MAX_TRIALS:
        raise InvalidConfigError(
            f"{name} must be an int from 1 to {RANGE_MAX_TRIALS:,}, got {shown(trials)}"
        )
    return trials


class HardPolicy:
    """The hard computer player (docs/rules.rst section 7).

    Args:
        seed: Seed of the policy's own generator (None: from the system);
            its decisions are a function of the seed, the observation and
            the hands it has seen end.
        trials: Monte Carlo deals per equity estimate before the river
            (default 200; the river is exact): an int from 1 to
            :data:`~pokerkit_core.evaluation.evaluator.RANGE_MAX_TRIALS` (65,536).

    Attributes:
        model: The :class:`OpponentModel` learnt so far.

    Raises:
        InvalidConfigError: ``trials`` is not an int from 1 to 65,536 (it was
            taken, and every decision then failed).
    """

    name = "hard"

    def __init__(self, *, seed: int | None = None, trials: int = 200) -> None:
        self._trials = _trials_arg("trials", trials)
        self._rng = random.Random(seed)
        self._seed = self._rng.getrandbits(62)
        self.model = OpponentModel()
        self._self_model = OpponentModel()  # how an observer reads this seat: the priors
        self._cache: dict[object, _Context] = {}

    # ------------------------------------------------------------------ state
    def state_to_dict(self) -> dict[str, Any]:
        """The policy's state as plain data (JSON-able), for a table
        snapshot (see :class:`~pokerkit_core.engine.policy.Policy`).

        Returns:
            ``rng`` (its generator's state,
            :func:`~pokerkit_core.engine.policy.random_state_data`), ``seed`` (the
            62-bit seed of its equity estimates, int), ``trials`` (int) and
            ``model`` (:meth:`OpponentModel.to_dict`: what it has learnt).
        """
        return {
            "rng": random_state_data(self._rng),
            "seed": self._seed,
            "trials": self._trials,
            "model": self.model.to_dict(),
        }

    def state_from_dict(self, data: Mapping[str, Any]) -> None:
        """Take the state :meth:`state_to_dict` returned: the next decisions
        (and what it learns next) are those of the saved policy.

        Args:
            data: The plain data (e.g. after a JSON round trip).

        Raises:
            InvalidConfigError: ``data`` is not that form, ``seed`` is not an
                int from 0 to ``2**62 - 1`` or ``trials`` not an int from 1
                to 65,536 (the message names the field, e.g.
                ``state.model.fold[1][2]``); the policy is unchanged.
        """
        fields = state_fields(data, ("rng", "seed", "trials", "model"), "state")
        state = random_state_from_data(fields["rng"], "state.rng")
        seed, trials = fields["seed"], fields["trials"]
        if seed.__class__ is not int or not 0 <= seed < 2**62:
            raise InvalidConfigError(f"state.seed must be an int from 0 to 2**62 - 1, got {shown(seed)}")
        trials = _trials_arg("state.trials", trials)
        model = OpponentModel.from_dict(fields["model"], "state.model")
        self._rng.setstate(state)
        self._seed, self._trials, self.model = seed, trials, model
        self._cache.clear()

    # ------------------------------------------------------------------ hooks
    def hand_ended(self, observation: Observation, results: Sequence[object]) -> None:
        """Learn the opponents' frequencies from the finished hand.

        Args:
            observation: This seat's final view (public history).
            results: Net chips per seat (unused).
        """
        self.model.learn(observation.history, observation.seat, observation.seat_count)
        self._cache.clear()

    # --------------------------------------------------------------- deciding
    def decide(self, observation: Observation) -> Action:
        """Sample an action from :meth:`action_probabilities`.

        Args:
            observation: The acting seat's view (``legal`` set).

        Returns:
            A legal action.
        """
        legal = observation.legal
        if legal is None:  # pragma: no cover - the runner always sets it
            return Check
        if len(observation.hole_cards) != 2:  # pragma: no cover - not dealt in
            return passive(legal, call=False)
        choices = self.action_probabilities(observation)
        if len(choices) == 1:
            return choices[0][0]
        draw = self._rng.random()
        for action, probability in choices:
            draw -= probability
            if draw < 0:
                return action
        return choices[-1][0]

    def action_probabilities(self, observation: Observation) -> Sequence[tuple[Action, float]]:
        """The mixed strategy :meth:`decide` samples from (a pure read: the
        policy's state does not change).

        Args:
            observation: The acting seat's view (``legal`` set, two hole cards).

        Returns:
            Legal actions with probabilities that sum to 1, most likely first.
        """
        hole = observation.hole_cards
        return self.range_action_probabilities(observation, [(hole[0], hole[1])])[0]

    def range_action_probabilities(
        self, observation: Observation, hole_cards: Sequence[tuple[Card, Card]]
    ) -> list[Sequence[tuple[Action, float]]]:
        """:meth:`action_probabilities` for many hole cards at once: entry
        ``i`` equals ``action_probabilities(replace(observation,
        hole_cards=hole_cards[i]))``, computed with one equity call per range
        for all of them.

        Args:
            observation: The acting seat's view (``legal`` set).
            hole_cards: Hole-card pairs, none holding a board card.

        Returns:
            One distribution per pair, in order.

        Raises:
            CardError: A pair holds the same card twice or a board card.
        """
        legal = observation.legal
        if legal is None:
            return [[(Check, 1.0)] for _ in hole_cards]
        ctx = self._context(observation, legal)
        hands = bytes(chain.from_iterable((a.code, b.code) for a, b in hole_cards))
        ranges = _ranges(ctx)
        eqs = self._equity(hands, ranges, ctx)
        width = len(ranges)
        targets = len(ctx.targets)
        out: list[Sequence[tuple[Action, float]]] = []
        for i in range(len(hole_cards)):
            row = eqs[i * width : (i + 1) * width]
            out.append(self._mix(ctx, row[0], row[1 : 1 + targets], row[-1] if ctx.trap_range is not None else 0.0))
        return out

    # ---------------------------------------------------------------- helpers
    def _equity(self, hands: bytes, ranges: list[array[float]], ctx: _Context) -> array[float]:
        out = range_equity(hands, ranges, ctx.board, trials=self._trials, seed=ctx.seed)
        if min(out, default=0.0) < 0:  # every combo blocked: against a random hand
            fallback = range_equity(hands, [_UNIFORM], ctx.board, trials=self._trials, seed=ctx.seed)
            width = len(ranges)
            out = array("d", (fallback[i // width] if e < 0 else e for i, e in enumerate(out)))
        return out

    def opponent_range(self, observation: Observation, opponent: int) -> array[float]:
        """The opponent's range given this hand's actions.

        Args:
            observation: The acting seat's view.
            opponent: The opponent's seat.

        Returns:
            1,326 weights (index :func:`pokerkit_core.evaluation.evaluator.combo_index`).
        """
        steps = walk(observation.history, observation.seat_count)
        board = bytes(c.code for c in observation.board)
        return range_of(self.model, steps, opponent, board)[0]

    def _context(self, observation: Observation, legal: LegalActions) -> _Context:
        key = _CONTEXT_KEY(observation)
        found = self._cache.get(key)
        if found is not None:
            return found
        if len(self._cache) > 64:
            self._cache.clear()
        ctx = self._build(observation, legal)
        self._cache[key] = ctx
        return ctx

    def _build(self, observation: Observation, legal: LegalActions) -> _Context:
        ctx = _Context()
        me = observation.seat
        n = observation.seat_count
        opponents = [s for s in range(n) if s != me and not observation.folded[s]]
        steps = walk(observation.history, n)
        board = bytes(c.code for c in observation.board)
        street = street_number(observation)
        pot = observation.pot
        to_call = legal.call_amount
        model = self.model
        ctx.legal, ctx.street, ctx.pot, ctx.to_call, ctx.board = legal, street, pot, to_call, board
        ctx.many = max(len(opponents), 1)
        ctx.seed = hash((self._seed, observation.hand_number or 0, len(observation.history),
                         tuple(board), observation.contributions, me)) & _MASK
        villain = _last_aggressor(steps, street, opponents)
        if opponents:
            ctx.opp, share = range_of(model, steps, villain, board)
        else:  # pragma: no cover - the hand would be over
            ctx.opp, share = array("d", _UNIFORM), 1.0
        in_position = _acts_last(observation, me)
        if street >= 3:
            ctx.realize = 1.0
        elif street == 0:
            ctx.realize = 0.92 if in_position else 0.8
        else:
            ctx.realize = 0.97 if in_position else 0.88
        if legal.can_bet or legal.can_raise:
            pot_after_call = pot + to_call
            raises_now = sum(1 for st in steps if st.street == street and st.size > 0)
            targets = sorted({_to_for(legal, pot_after_call, f) for f in _SIZES} | {legal.max_raise_to})
            for to in targets:
                if not legal.min_raise_to <= to <= legal.max_raise_to:
                    continue
                fraction = (to - legal.call_to) / max(pot_after_call, 1)
                fold = model.fold_rate(street, fraction, raises_now + 1) ** ctx.many
                cls = size_class(fraction)
                if cls not in ctx.ranges:
                    keep = max(1.0 - fold, 0.05)
                    ctx.ranges[cls] = narrowed(ctx.opp, board, keep, CALL_FLOOR / 2, share)
                added = to - legal.bet
                final_pot = pot + added + (to - legal.call_to) * ctx.many
                real = 1.0 if to >= legal.all_in_to else ctx.realize
                ctx.targets.append(
                    _Target(aggressive(legal, to), fraction, fold, added, final_pot, real, cls, pot)
                )
        if street >= 1 and to_call == 0 and ctx.many == 1 and not in_position and board:
            rate = min(model.bet_rate(street, True), 0.95)
            cls = max(range(3), key=lambda c: model.bet[min(street, 3) - 1][1][c].value)
            stack = min(observation.stacks[s] for s in (me, opponents[0]))
            chips = min(int(SIZE_FRACTIONS[cls] * pot), stack)
            if rate > 0.05 and chips > 0:
                ctx.trap = (rate, chips)
                ctx.trap_range = narrowed(
                    ctx.opp, board, rate, model.bluff_floor(SIZE_FRACTIONS[cls], rate), share
                )
        ctx.closes = to_call > 0 and _no_betting_after_call(observation, me, to_call)
        if to_call > 0:
            # facing a bet or raise, on every street: continue with at least the
            # minimum-defence share of its own range; after the flop, against a
            # bet that leaves betting, scaled by how far the bettor's showdowns
            # were balanced
            ctx.defend_share = minimum_defence(pot - to_call, to_call)
            if street >= 1 and not ctx.closes:
                ctx.defend_share *= model.trust(to_call / max(pot - to_call, 1))
            ctx.steps, ctx.me, ctx.view = steps, me, observation  # its range: when first needed
        return ctx

    def _defend_cut(self, ctx: _Context) -> float:
        """The lowest equity the minimum defence continues with: the strongest
        ``defend_share`` of this seat's own range (:meth:`_own_range`),
        ranked by equity against the bettor's range."""
        if ctx.cut is not None:
            return ctx.cut
        weights = self._own_range(ctx)
        live = [k for k in range(RANGE_COMBOS) if weights[k] > 0]  # board combos weigh 0
        if not live:
            ctx.cut = 1.0
            return 1.0
        # every combo, with the deals and ranges of the decision itself, so each
        # hand is ranked by the equity it decides with
        kept = [weights[k] for k in live]
        hands = b"".join([_COMBO_BYTES[k] for k in live])
        ranges = _ranges(ctx)
        eqs = self._equity(hands, ranges, ctx)[:: len(ranges)]
        ranked = sorted(zip(eqs, kept), reverse=True)
        total = sum(w for _, w in ranked)
        wanted = ctx.defend_share * total
        mass = 0.0
        cut = 1.0
        for e, w in ranked:
            if mass >= wanted:
                break
            mass += w
            cut = e
        ctx.cut = cut
        return cut

    def _own_range(self, ctx: _Context) -> array[float]:
        """Its own range at this decision as its opponents can know it: each
        combo (index :func:`~pokerkit_core.evaluation.evaluator.combo_index`)
        weighted by the probability that its strategy (this policy's
        :meth:`range_action_probabilities`, with what it has learnt) took
        this hand's actions with it, which is what an exploiter that knows
        the strategy (the LBR) holds; combos with a board card weigh 0.  A
        history it cannot replay (not dealt by the engine's rules) falls
        back to the read of an observer of its priors (``range_of``)."""
        view = ctx.view
        assert view is not None
        replayed = replay_public(view)
        states = None if replayed is None else [
            (state, event) for state, event in replayed if event is not None and event.seat == view.seat
        ]
        if states is None:
            weights, share = range_of(self._self_model, ctx.steps, ctx.me, ctx.board)
            if ctx.street == 0 and share >= 1.0 and _limped(ctx.steps, ctx.me):
                top = top_range(self._self_model.open_raise.value)  # raised, not limped
                weights = array("d", (0.0 if t > 0 else w for w, t in zip(weights, top)))
            return weights
        weights = array("d", [1.0]) * RANGE_COMBOS
        for state, event in states:
            past = observe(state, ctx.me, hand_number=view.hand_number)
            if past.legal is None:  # pragma: no cover - it acted there
                continue
            strategy = self._strategy(past, self._context(past, past.legal))
            probs = strategy.get(_action_key(event.action, past.legal))
            if probs is None:  # an action its strategy never takes: keep the range
                continue
            for k in range(RANGE_COMBOS):
                weights[k] *= probs[k]
        for code in ctx.board:
            for k in _WITH_CARD[code]:
                weights[k] = 0.0
        return weights

    def _strategy(self, view: Observation, ctx: _Context) -> dict[tuple[str, int], array[float]]:
        """Per action (:func:`_action_key`), each combo's probability of
        taking it at this decision (0 for combos holding a board card)."""
        if ctx.strategy is not None:
            return ctx.strategy
        blocked = set(c.code for c in view.board)
        live = [k for k in range(RANGE_COMBOS) if not blocked.intersection(_COMBO_BYTES[k])]
        pairs = [(CARDS[_COMBO_BYTES[k][0]], CARDS[_COMBO_BYTES[k][1]]) for k in live]
        out: dict[tuple[str, int], array[float]] = {}
        for k, dist in zip(live, self.range_action_probabilities(view, pairs)):
            for action, p in dist:
                key = _action_key(action, ctx.legal)
                row = out.get(key)
                if row is None:
                    row = out[key] = array("d", bytes(8 * RANGE_COMBOS))
                row[k] += p
        ctx.strategy = out
        return out

    def _mix(self, ctx: _Context, eq: float, called: Sequence[float], trap_eq: float) -> Distribution:
        legal = ctx.legal
        pot = ctx.pot
        to_call = ctx.to_call
        many = ctx.many
        e = eq**many
        realize = ctx.realize
        fallback: Action
        if to_call == 0:
            best_value = realize * e * pot
            if ctx.trap is not None:
                rate, chips = ctx.trap
                faced = max(0.0, realize * trap_eq * (pot + 2 * chips) - chips)
                best_value = (1 - rate) * best_value + rate * faced
            fallback = Check
        else:
            # no betting left after the call: its whole equity is realized
            call_value = (1.0 if ctx.closes else realize) * e * (pot + to_call) - to_call
            if call_value > 0:
                best_value, fallback = call_value, passive(legal, call=True)
            elif ctx.defend_share > 0 and eq >= self._defend_cut(ctx):
                best_value, fallback = 0.0, passive(legal, call=True)
            else:
                best_value, fallback = 0.0, passive(legal, call=False)
        best: _Target | None = None
        best_called = 1.0
        for target, eq_called in zip(ctx.targets, called):
            ec = eq_called**many
            if target.fraction > 1.2 and ec < 0.6:
                continue  # overbets and shoves are for strong hands only
            value = target.fold * pot + (1 - target.fold) * (target.real * ec * target.final_pot - target.added)
            if value > best_value + 0.005 * pot:
                best_value, best, best_called = value, target, ec
        if best is None:
            return [(fallback, 1.0)]
        if best_called < 0.5:  # a bluff: mixed at the share its size allows
            share = best.bluff_share
            if share < 1.0:
                return sorted(((best.action, share), (fallback, 1.0 - share)), key=lambda x: -x[1])
        return [(best.action, 1.0)]


_COMBO_BYTES = tuple(bytes((a, b)) for a in range(52) for b in range(a + 1, 52))
"""Each combo's two card codes, in combo-index order."""


def minimum_defence(pot: int, bet: int) -> float:
    """The minimum-defence frequency: the share ``P / (P + B)`` of its range
    a player must continue with (call or raise) against a bet of ``B`` chips
    into a pot of ``P`` so that a bet made with any two cards gains nothing
    at once (the bettor risks ``B`` to win ``P``).

    ``hard`` continues at least with this share of its own range against
    every bet and raise, on every street (the strongest hands of the range
    by equity against the bettor's range; after the flop scaled down by how
    value-heavy this bettor's showdowns were, :meth:`OpponentModel.trust`,
    unless the call leaves no betting).

    Args:
        pot: The pot before the bet, chips (every chip committed but the
            part of the bet that the caller still has to match), >= 0.
        bet: What the caller must add to call, chips, > 0.

    Returns:
        The share of the range to continue with, in [0, 1).

    Raises:
        InvalidConfigError: ``pot`` is not an int >= 0 or ``bet`` not an
            int > 0.

    References:
        Chen and Ankenman, *The Mathematics of Poker* (2006), chapter 11
        (minimum defence frequency, ``alpha = B / (P + B)``).
    """
    return shove_defence(pot, bet)


def shove_defence(pot: int, bet: int, bluff_equity: float = 0.0) -> float:
    """Share of its range a player must continue with against a bet that
    leaves no betting after the call (a shove) so that the shove, made with
    a weak hand, gains nothing: the minimum-defence frequency
    ``P / (P + B)``, extended by what the weak hand still wins when called
    to ``P / (P + B - q (P + 2B))``.

    ``hard`` defends pre-flop shoves with ``q = 0``, the minimum-defence
    frequency (1% of a limping range against a shove of 199 big blinds into
    2): with ``q = 1/3`` (about what a weak hand holds against the hands
    that call, pre-flop) the strongest LBR won +4,374 [+3,712, +5,036]
    mbb/hand from it instead of +3,550 [+2,924, +4,177] (10,000 hands, seed
    1), since the LBR shoves the hands that beat the ones defending.

    Args:
        pot: The pot before the bet, chips (every chip committed but the
            part of the bet that the caller still has to match), >= 0.
        bet: What the caller must add to call, chips, > 0.
        bluff_equity: ``q``, the weak hand's share of the final pot when
            called, in [0, 1).

    Returns:
        The share of the range to continue with, in [0, 1] (1 when the weak
        hand's equity alone makes the shove gain).

    Raises:
        InvalidConfigError: ``pot`` is not an int >= 0, ``bet`` not an int
            > 0, or ``bluff_equity`` not a number in [0, 1).

    References:
        Chen and Ankenman, *The Mathematics of Poker* (2006), chapter 11
        (minimum defence, bluffing with equity).
    """
    if pot.__class__ is not int or pot < 0:
        raise InvalidConfigError(f"pot must be an int >= 0 (chips), got {shown(pot)}")
    if bet.__class__ is not int or bet <= 0:
        raise InvalidConfigError(f"bet must be an int > 0 (chips), got {shown(bet)}")
    if bluff_equity.__class__ not in (int, float) or not 0.0 <= bluff_equity < 1.0:
        raise InvalidConfigError(f"bluff_equity must be a number in [0, 1), got {shown(bluff_equity)}")
    room = pot + bet - bluff_equity * (pot + 2 * bet)
    if room <= pot:
        return 1.0
    return pot / room


def _ranges(ctx: _Context) -> list[array[float]]:
    """The ranges a decision's equities are computed against: the
    opponent's, the part of it that continues against each bet size, and
    the part that bets after a check (the deals of the estimate depend on
    the list, so the minimum defence ranks its range with the same one)."""
    ranges = [ctx.opp, *(ctx.ranges[t.cls] for t in ctx.targets)]
    if ctx.trap_range is not None:
        ranges.append(ctx.trap_range)
    return ranges


def _action_key(action: Action, legal: LegalActions) -> tuple[str, int]:
    """What an action did at a decision, for matching a recorded action to
    a strategy's: ``("fold", 0)``, ``("call", 0)`` (a check or call),
    ``("raise", to)`` (a bet or raise to ``to`` chips, ``AllIn`` included)."""
    kind = action.kind
    if kind is ActionKind.FOLD:
        return ("fold", 0)
    if kind is ActionKind.CHECK or kind is ActionKind.CALL:
        return ("call", 0)
    if kind is ActionKind.ALL_IN:
        if legal.can_bet or legal.can_raise:
            return ("raise", legal.max_raise_to)
        return ("call", 0)
    return ("raise", action.to)


_WITH_CARD: tuple[tuple[int, ...], ...] = tuple(
    tuple(combo_index(card, other) for other in range(52) if other != card) for card in range(52)
)
"""Per card code: the indices of the 51 combos that hold it."""


def _limped(steps: Sequence[Step], me: int) -> bool:
    """Whether this seat entered the pot pre-flop by calling without facing a
    raise (a limp)."""
    return any(st.seat == me and st.street == 0 and st.facing is None and st.kind is ActionKind.CALL for st in steps)


def _no_betting_after_call(observation: Observation, me: int, to_call: int) -> bool:
    """Whether calling leaves at most one seat in the hand with chips behind,
    so no betting is possible on any later street."""
    behind = int(observation.stacks[me] > to_call)
    for seat in range(observation.seat_count):
        if seat != me and not observation.folded[seat] and observation.stacks[seat] > 0:
            behind += 1
    return behind <= 1


def _last_aggressor(steps: Sequence[Step], street: int, opponents: Sequence[int]) -> int:
    """The opponent who bet or raised last (this street first), else the first opponent."""
    for step in reversed(steps):
        if step.size > 0 and step.seat in opponents:
            return step.seat
    return opponents[0] if opponents else 0


def _to_for(legal: LegalActions, pot_after_call: int, fraction: float) -> int:
    target = legal.call_to + int(fraction * pot_after_call)
    return max(legal.min_raise_to, min(legal.max_raise_to, target))


def _acts_last(observation: Observation, me: int) -> bool:
    """Whether this seat acts last after the flop among the seats in the hand."""
    n = observation.seat_count
    button = observation.button
    mine = (me - button - 1) % n
    for seat in range(n):
        if seat != me and not observation.folded[seat] and (seat - button - 1) % n > mine:
            return False
    return True
