"""The ``expert`` AI: a pre-flop strategy table and a subgame re-solved at
every later decision.

Heads-up no-limit (the main target: ACPC, 20,000 chips, blinds 50/100):

* **Pre-flop** it plays the table ``data/expert_preflop.json``, made by
  ``tools/make_preflop_table.py``: discounted CFR over the 169 starting-hand
  classes in a small abstract pre-flop game (open 2.5 big blinds, 3-bet to
  3.4x, 4-bet to 2.35x, raise to 4 after a limp, all-in at every step;
  closed action shares the pot by showdown equity).  A real pre-flop action
  is mapped to the table's node by its kind and, for a bet or raise, the
  nearest of the node's sizes on a log scale of the raise-to total (all-in
  counts as a size); past the table's last node (a fifth raise) it keeps
  the last node's answers for calls and folds.  Facing an all-in it answers
  as its ``hard`` fallback does, whose defence reads how often and with
  what this opponent shoves (it learns from every finished hand,
  :meth:`ExpertPolicy.hand_ended`).
* **Flop, turn and river**: it rebuilds the public state from its
  observation and re-solves the heads-up subgame from that state with
  :class:`~pokerkit_core.ai.solver.SubgameSolver`, from both players'
  ranges, for a fixed number of iterations (deterministic), then plays its
  hand's average strategy.  The ranges start from the pre-flop table (both
  players' classes weighted by the table's probability of the pre-flop
  actions they took) and are narrowed by Bayes at every later action: the
  actor's strategy in the solve of the state before that action (the child
  node of the expert's own previous solve when the expert acted just
  before, else a solve of that state), for the action taken, mapped to the
  tree's nearest action as pre-flop.  So the opponent is assumed to play the
  solver's equilibrium, the expert's own range is what its own strategy
  played (the minimum defence's extra calls included), and nothing but its
  own cards and the public history enters: the solve, hence the range, does
  not depend on its hole cards.
* **Depth limits**: the river is solved to the end (bets of 50% and 100%
  of the pot and all-in, raises of 100% and all-in, two raises); on the turn
  the turn's betting is solved and the river is dealt and checked down
  over ``TURN_RIVERS`` sampled river cards; on the flop the flop's betting
  is solved and the turn and river are a sample of runouts (``FLOP_TURNS``
  turn cards, each with ``FLOP_RIVERS`` river cards), checked down; the
  samples are the solver's :class:`~pokerkit_core.ai.solver.RunoutSample`,
  keyed by the board.  Checked-down streets ignore the betting to come
  (implied odds, position): the solve is an approximation there.
* Actions below ``PURIFY`` probability are dropped (renormalised) in both
  the play and the Bayes narrowing.

More than two players dealt in, a fixed-limit or pot-limit game, or any
spot the solver refuses (a range emptied by an action the model says never
happens) fall back to :class:`~pokerkit_core.ai.policies.hard.HardPolicy`.

References:
    docs/expert.rst; docs/solver.rst; Brown and Sandholm, "Solving
    imperfect-information games via discounted regret minimization" (AAAI
    2019); Moravčík et al., "DeepStack" (Science 2017) for re-solving from
    ranges.
"""

from __future__ import annotations

import json
import math
import random
from array import array
from functools import lru_cache
from importlib import resources
from typing import TYPE_CHECKING, Any, Callable, Mapping, Sequence

from ...engine.actions import Action, ActionKind, AllIn, LegalActions
from ...engine.events import ActionTaken
from ...engine.observation import observe
from ...engine.policy import random_state_data, random_state_from_data, state_fields
from ...engine.rules import BettingStructure, Street
from ...engine.state import HandState
from ...errors import InvalidConfigError, PokerError, shown
from ...evaluation.cards import CARDS, Card
from ...evaluation.ranges import Range
from ..solver import BetSizes, RunoutSample, Spot, SubgameSolver
from ..solver.core import PLAYER0, PLAYER1
from .features import aggressive, hand_class, passive, replay_public
from .hard import HardPolicy, minimum_defence

if TYPE_CHECKING:
    from ...engine.observation import Observation

__all__ = [
    "ExpertPolicy",
    "FLOP_ITERATIONS",
    "FLOP_RIVERS",
    "FLOP_TURNS",
    "PURIFY",
    "RIVER_ITERATIONS",
    "TURN_ITERATIONS",
    "TURN_RIVERS",
    "preflop_table",
    "solve_spot",
]

PURIFY = 0.02
"""Actions a hand plays less often than this (probability) are dropped."""
RIVER_ITERATIONS = 150
"""DCFR iterations of a river re-solve (the budget: no time limit, so the
decisions are a function of the observation)."""
TURN_ITERATIONS = 40
"""DCFR iterations of a turn re-solve."""
FLOP_ITERATIONS = 25
"""DCFR iterations of a flop re-solve."""
FLOP_TURNS = 6
"""Turn cards sampled for a flop re-solve's runouts."""
FLOP_RIVERS = 3
"""River cards sampled per sampled turn card."""
TURN_RIVERS = 12
"""River cards sampled for a turn re-solve's runouts."""

RIVER_SIZES = BetSizes(bets=(0.5, 1.0), raises=(1.0,), all_in=True, all_in_threshold=0.67, max_raises=2)
TURN_SIZES = BetSizes(bets=(0.66,), raises=(1.0,), all_in=True, all_in_threshold=0.67, max_raises=1)
FLOP_SIZES = BetSizes(bets=(0.5,), raises=(1.0,), all_in=True, all_in_threshold=0.67, max_raises=1)
CHECK_DOWN = BetSizes(bets=(), raises=(), all_in=False, max_raises=0)

_COMBOS: tuple[tuple[Card, Card], ...] = tuple(
    (CARDS[a], CARDS[b]) for a in range(52) for b in range(a)
)
"""Every two-card combo, higher code first: the order of the range vectors."""
_COMBO_INDEX: dict[frozenset[int], int] = {frozenset((a.code, b.code)): i for i, (a, b) in enumerate(_COMBOS)}


@lru_cache(maxsize=1)
def preflop_table() -> dict[str, Any]:
    """The shipped pre-flop table (``data/expert_preflop.json``) as data:
    ``classes`` (169 class names), ``nodes`` (path -> ``player`` 0 for the
    small blind, ``actions``, ``strategy`` per class) and how it was made
    (``sizes``, ``stack_bb``, ``iterations``, ``exploitability_mbb``)."""
    text = resources.files(__package__).joinpath("data/expert_preflop.json").read_text()
    data: dict[str, Any] = json.loads(text)
    return data


@lru_cache(maxsize=1)
def _class_of_combo() -> array[int]:
    names = {c: i for i, c in enumerate(preflop_table()["classes"])}
    return array("i", (names[hand_class(combo)] for combo in _COMBOS))


def _clean(probs: Sequence[float]) -> list[float]:
    kept = [p if p >= PURIFY else 0.0 for p in probs]
    total = sum(kept)
    if total <= 0:
        return list(probs)
    return [p / total for p in kept]


def _log_nearest(target: float, options: Sequence[float]) -> int:
    return min(range(len(options)), key=lambda i: (abs(math.log(max(target, 1) / max(options[i], 1))), -options[i]))


def solve_spot(state: HandState, ranges: Mapping[int, Range], iterations: int) -> SubgameSolver:
    """The expert's re-solve of a heads-up spot: the subgame from ``state``
    with the expert's bet sizes and depth limit for its street (see the
    module documentation), run for ``iterations`` DCFR iterations.

    Args:
        state: A heads-up state on the flop, turn or river, a player to act.
        ranges: The range of each of the two seats in the hand.
        iterations: DCFR iterations (int >= 0).

    Returns:
        The solved :class:`~pokerkit_core.ai.solver.SubgameSolver`.

    Raises:
        InvalidConfigError: Not such a state, or a range with no combo
            clear of the board.
        RangeError: A missing range.
    """
    spot = Spot.from_state(state, ranges)
    solver: SubgameSolver
    if state.street == Street.RIVER:
        solver = SubgameSolver(spot, RIVER_SIZES)
    elif state.street == Street.TURN:
        solver = SubgameSolver(
            spot, {Street.TURN: TURN_SIZES, Street.RIVER: CHECK_DOWN},
            suit_isomorphism=False, runouts=RunoutSample(turns=1, rivers=TURN_RIVERS),
        )
    else:
        solver = SubgameSolver(
            spot, {Street.FLOP: FLOP_SIZES, Street.TURN: CHECK_DOWN, Street.RIVER: CHECK_DOWN},
            suit_isomorphism=False, runouts=RunoutSample(turns=FLOP_TURNS, rivers=FLOP_RIVERS),
        )
    solver.solve(target=0, max_iterations=iterations)
    return solver


class _Unsupported(Exception):
    """The spot is outside what the expert solves: use the fallback."""


class ExpertPolicy:
    """The expert computer player: a pre-flop table and real-time re-solving.

    Args:
        seed: Seed of the policy's own generator (None: from the system);
            its decisions are a function of the seed and the observations.
        river_iterations, turn_iterations, flop_iterations: DCFR iterations
            per re-solve on each street (ints >= 1; defaults
            :data:`RIVER_ITERATIONS`, :data:`TURN_ITERATIONS`,
            :data:`FLOP_ITERATIONS`).

    Raises:
        InvalidConfigError: An iteration budget that is not an int >= 1.

    Heads-up no-limit only; other games fall back to ``hard`` (see the
    module documentation).
    """

    name = "expert"

    def __init__(
        self,
        *,
        seed: int | None = None,
        river_iterations: int = RIVER_ITERATIONS,
        turn_iterations: int = TURN_ITERATIONS,
        flop_iterations: int = FLOP_ITERATIONS,
    ) -> None:
        for label, v in (("river_iterations", river_iterations), ("turn_iterations", turn_iterations),
                         ("flop_iterations", flop_iterations)):
            if isinstance(v, bool) or not isinstance(v, int) or v < 1:
                raise InvalidConfigError(f"{label} must be an int >= 1, not {shown(v)}")
        self._rng = random.Random(seed)
        self._fallback = HardPolicy(seed=self._rng.getrandbits(62))
        self.iterations = {Street.FLOP: flop_iterations, Street.TURN: turn_iterations, Street.RIVER: river_iterations}
        self._cache: dict[tuple[Any, ...], SubgameSolver] = {}
        self.solves = 0
        """Re-solves run so far (for measurements)."""

    # ------------------------------------------------------------ state
    def state_to_dict(self) -> dict[str, Any]:
        """The policy's state as plain data (JSON-able), for a table
        snapshot: ``{"rng": ..., "fallback": ...}`` (its generator and the
        ``hard`` fallback's state).  Its solve cache is not saved: solves are
        a function of the public history and are recomputed."""
        return {"rng": random_state_data(self._rng), "fallback": self._fallback.state_to_dict()}

    def state_from_dict(self, data: Mapping[str, Any]) -> None:
        """Take the state :meth:`state_to_dict` returned.

        Raises:
            InvalidConfigError: ``data`` is not that form (the message names
                the field); the policy is unchanged.
        """
        fields = state_fields(data, ("rng", "fallback"), "state")
        state = random_state_from_data(fields["rng"], "state.rng")
        if not isinstance(fields["fallback"], Mapping):
            raise InvalidConfigError(f"state.fallback must be a mapping, not {shown(fields['fallback'])}")
        probe = HardPolicy(seed=0)
        probe.state_from_dict(fields["fallback"])  # checks it before anything changes
        self._fallback.state_from_dict(fields["fallback"])
        self._rng.setstate(state)

    # ------------------------------------------------------------ hooks
    def hand_ended(self, observation: Observation, results: Sequence[object]) -> None:
        """Let the ``hard`` fallback learn the opponent from the finished
        hand (its read of the opponent's shoves answers pre-flop all-ins).

        Args:
            observation: This seat's final view (public history).
            results: Net chips per seat (unused).
        """
        self._fallback.hand_ended(observation, results)

    # ------------------------------------------------------------ playing
    def decide(self, observation: Observation) -> Action:
        """Choose an action (see the module documentation).

        Args:
            observation: The acting seat's view (``legal`` set).

        Returns:
            A legal action.
        """
        try:
            dist = self._answerer(observation)(observation.hole_cards)
        except _Unsupported:
            return self._fallback.decide(observation)
        r = self._rng.random()
        for action, p in dist:
            r -= p
            if r < 0:
                return action
        return dist[-1][0]

    def action_probabilities(self, observation: Observation) -> Sequence[tuple[Action, float]]:
        """The strategy :meth:`decide` plays at ``observation`` (a pure read
        apart from the solve cache).

        Returns:
            ``(action, probability)`` pairs summing to 1.
        """
        try:
            return self._answerer(observation)(observation.hole_cards)
        except _Unsupported:
            return self._fallback.action_probabilities(observation)

    def range_action_probabilities(
        self, observation: Observation, hole_cards: Sequence[tuple[Card, Card]]
    ) -> list[Sequence[tuple[Action, float]]]:
        """:meth:`action_probabilities` for each hole-card pair in turn (one
        solve serves them all: it does not depend on the hole cards).  A
        pair the expert's own range cannot hold here (its strategy never
        leads to this spot with it) gets check-or-fold.

        Args:
            observation: The acting seat's view (``legal`` set).
            hole_cards: Pairs substituted for the seat's own.

        Returns:
            One strategy per pair, in order.
        """
        try:
            answer = self._answerer(observation)
        except _Unsupported:
            from dataclasses import replace

            return [self._fallback.action_probabilities(replace(observation, hole_cards=tuple(h))) for h in hole_cards]
        legal = observation.legal
        assert legal is not None
        out: list[Sequence[tuple[Action, float]]] = []
        for hole in hole_cards:
            try:
                out.append(answer(tuple(hole)))
            except _Unsupported:
                out.append([(passive(legal, call=False), 1.0)])
        return out

    # ------------------------------------------------------------ internals
    def _answerer(self, observation: Observation) -> Callable[[Sequence[Card]], list[tuple[Action, float]]]:
        """The public part of a decision, once: a function from hole cards
        to the strategy (raises :class:`_Unsupported` for spots it does
        not play)."""
        legal = observation.legal
        if legal is None:
            raise _Unsupported
        if observation.betting is not BettingStructure.NO_LIMIT:
            raise _Unsupported
        dealt = [s for s in range(observation.seat_count) if observation.starting_stacks[s] > 0]
        if len(dealt) != 2:
            raise _Unsupported
        if observation.street == Street.PREFLOP:
            return self._preflop(observation, legal)
        solver, node, mine = self._postflop(observation)
        folds = self._defence(solver, node, mine, observation)
        return lambda hole: self._answer(solver, node, hole, folds)

    # pre-flop -------------------------------------------------------
    def _preflop_walk(self, observation: Observation) -> tuple[dict[int, list[float]], str | None, float]:
        """Walk the pre-flop actions through the table: each seat's class
        weights (169) and the node reached (``None`` past the table), with
        the street's last raise-to total (chips)."""
        table = preflop_table()
        nodes = table["nodes"]
        sb = observation.small_blind_seat
        bb = observation.big_blind_seat
        if sb is None or bb is None:
            raise _Unsupported
        weights = {sb: [1.0] * 169, bb: [1.0] * 169}
        path: str | None = ""
        level = float(observation.big_blind)
        bets = {sb: float(observation.small_blind), bb: float(observation.big_blind)}
        stacks = {s: float(observation.starting_stacks[s]) for s in (sb, bb)}
        for event in observation.history:
            if not isinstance(event, ActionTaken) or event.street != Street.PREFLOP:
                continue
            seat = event.seat
            if seat not in weights:
                raise _Unsupported
            bets[seat] += event.amount_added
            if path is not None and path in nodes:
                node = nodes[path]
                label = self._preflop_label(node["actions"], event, bets[seat], level, stacks[seat], path, observation)
                if label is not None:
                    k = node["actions"].index(label)
                    for c in range(169):
                        weights[seat][c] *= node["strategy"][c][k]
                    if sum(weights[seat]) <= 0:  # an action the table never plays: no narrowing
                        for c in range(169):
                            weights[seat][c] = 1.0 if node["strategy"][c][k] >= 0 else 0.0
                    path = label if not path else path + "/" + label
                else:
                    path = None
            level = max(level, bets[seat])
        return weights, path, level

    @staticmethod
    def _raise_target(path: str, level: float, big_blind: int) -> float:
        """The table's raise-to total (chips) at the node ``path``."""
        sizes = preflop_table()["sizes"]
        depth = path.count("raise") if path else 0
        if path == "":
            return float(sizes["open"]) * big_blind
        if path == "call":
            return float(sizes["limp_raise"]) * big_blind
        return level * float(sizes["three_bet"] if depth == 1 else sizes["four_bet"])

    def _preflop_label(
        self, actions: Sequence[str], event: ActionTaken, total: float, level: float, stack: float, path: str,
        observation: Observation,
    ) -> str | None:
        kind = event.action.kind
        if kind is ActionKind.FOLD:
            return "fold" if "fold" in actions else None
        if kind is ActionKind.CHECK:
            return "check" if "check" in actions else None
        if kind is ActionKind.CALL:
            return "call" if "call" in actions else ("check" if "check" in actions else None)
        sized = [a for a in actions if a in ("raise", "allin")]
        if not sized:
            return "call" if "call" in actions else None
        if event.all_in:
            return "allin" if "allin" in sized else sized[-1]
        targets = [self._raise_target(path, level, observation.big_blind) if a == "raise" else stack for a in sized]
        return sized[_log_nearest(total, targets)]

    def _preflop(
        self, observation: Observation, legal: LegalActions
    ) -> Callable[[Sequence[Card]], list[tuple[Action, float]]]:
        _, path, level = self._preflop_walk(observation)
        nodes = preflop_table()["nodes"]
        if path is None or path not in nodes:
            raise _Unsupported
        node = nodes[path]
        if node["player"] != (0 if observation.seat == observation.small_blind_seat else 1):
            raise _Unsupported
        actions: list[Action] = []
        for label in node["actions"]:
            if label == "fold":
                action = passive(legal, call=False)
            elif label in ("check", "call"):
                action = passive(legal, call=True)
            elif label == "raise":
                action = aggressive(legal, round(self._raise_target(path, level, observation.big_blind)))
            elif legal.can_bet or legal.can_raise:
                action = aggressive(legal, legal.max_raise_to)
            else:
                action = passive(legal, call=True)
            actions.append(action)
        index = {c: i for i, c in enumerate(preflop_table()["classes"])}
        if node["actions"] == ["fold", "call"] and legal.can_fold:
            # Facing an all-in: hard's defence, which reads how often and
            # with what this opponent shoves (the table's equilibrium range
            # is too tight against wide shovers, a fixed guess too wide
            # against tight ones).
            raise _Unsupported

        def answer(hole: Sequence[Card]) -> list[tuple[Action, float]]:
            if len(hole) != 2:
                raise _Unsupported
            probs = node["strategy"][index[hand_class(hole)]]
            out: dict[Action, float] = {}
            for action, p in zip(actions, probs):
                if p > 0:
                    out[action] = out.get(action, 0.0) + p
            total = sum(out.values())
            return [(a, p / total) for a, p in out.items()]

        return answer

    # post-flop ------------------------------------------------------
    def _solve(self, state: HandState, weights: dict[int, list[float]], key: tuple[Any, ...]) -> SubgameSolver:
        solver = self._cache.get(key)
        if solver is not None:
            return solver
        ranges: dict[int, Range] = {}
        board = {c.code for c in state.board}
        for seat, w in weights.items():
            codes: list[int] = []
            ws: list[float] = []
            for i, (a, b) in enumerate(_COMBOS):
                if w[i] > 0 and a.code not in board and b.code not in board:
                    codes += (a.code, b.code)
                    ws.append(w[i])
            if not ws:
                raise _Unsupported
            ranges[seat] = Range.from_codes(bytes(codes), ws)
        try:
            solver = solve_spot(state, ranges, self.iterations[state.street])
        except (InvalidConfigError, PokerError):
            raise _Unsupported from None
        self.solves += 1
        if len(self._cache) > 64:
            self._cache.clear()
        self._cache[key] = solver
        return solver

    def _node_strategy(self, solver: SubgameSolver, node: int, seat: int) -> dict[Action | None, list[float]]:
        """Per engine action of ``node``, each combo's probability (in the
        order of :data:`_COMBOS`; 0 for combos not in the range)."""
        player = solver.player(node)
        assert solver.seats[player] == seat
        rows = solver.solver.strategy(node)
        actions = solver.engine_actions(node)
        index = [(_COMBO_INDEX[frozenset((a.code, b.code))], j) for j, (a, b) in enumerate(solver.combos[player])]
        out: dict[Action | None, list[float]] = {a: [0.0] * len(_COMBOS) for a in actions}
        for i, j in index:
            probs = _clean([row[j] for row in rows])
            for a, p in zip(actions, probs):
                out[a][i] = p
        return out

    @staticmethod
    def _map_action(actions: Sequence[Action | None], event: ActionTaken, state: HandState) -> Action | None:
        """The tree action standing for the action of ``event`` (itself when
        in the tree; an all-in: the tree's all-in; another bet or raise: the
        nearest raise-to total on a log scale)."""
        taken = event.action
        if taken in actions:
            return taken
        if event.all_in and AllIn in actions and taken.kind is not ActionKind.CALL:
            return AllIn
        kind = taken.kind
        if kind in (ActionKind.FOLD, ActionKind.CHECK, ActionKind.CALL):
            for a in actions:
                if a is not None and a.kind is kind:
                    return a
            return None
        sized = [a for a in actions if a is not None and a.kind in (ActionKind.BET, ActionKind.RAISE, ActionKind.ALL_IN)]
        if not sized:
            return next((a for a in actions if a is not None and a.kind is ActionKind.CALL), None)
        legal_max = state.bets[state.to_act] + state.stacks[state.to_act] if state.to_act is not None else 0
        tos = [float(getattr(a, "to", 0) or legal_max) for a in sized]
        want = float(getattr(taken, "to", 0) or legal_max)
        return sized[_log_nearest(want, tos)]

    def _postflop(self, observation: Observation) -> tuple[SubgameSolver, int, list[float]]:
        """The solve and node of the current decision (re-solved from the
        Bayes-narrowed ranges when the last action left the tree), and the
        expert's own range there (weights in :data:`_COMBOS` order)."""
        weights169, _, _ = self._preflop_walk(observation)
        classes = _class_of_combo()
        weights = {seat: [w[classes[i]] for i in range(len(_COMBOS))] for seat, w in weights169.items()}
        states = replay_public(observation)
        if states is None:
            raise _Unsupported
        prefix: list[Any] = [observation.seat, tuple(observation.starting_stacks), observation.button, observation.big_blind]
        cur: tuple[SubgameSolver, int] | None = None
        for state, event in states:
            if state.street == Street.PREFLOP:
                if event is not None:
                    prefix.append(event)
                continue
            if cur is None or cur[0].spot.board != state.board:
                cur = (self._solve(state, weights, (tuple(prefix), tuple(c.code for c in state.board))), 0)
            solver, node = cur
            if event is None:
                return solver, node, weights[observation.seat]
            prefix.append(event)
            seat = event.seat
            strategy = self._node_strategy(solver, node, seat)
            if seat == observation.seat:  # its own range as it played: the defence included
                self._defended(strategy, solver, node, weights[seat], observe(state, seat))
            mapped = self._map_action(list(strategy), event, state)
            if mapped is not None:
                narrowed = [w * f for w, f in zip(weights[seat], strategy[mapped])]
                if sum(narrowed) > 0:
                    weights[seat] = narrowed
            cur = None
            if mapped is not None and (mapped == event.action or (mapped == AllIn and event.all_in)):
                child = solver.game.nodes[node].children[solver.engine_actions(node).index(mapped)]
                if child.kind in (PLAYER0, PLAYER1):
                    cur = (solver, solver.game.node_id(child))
        raise _Unsupported  # pragma: no cover - the last state is the current one

    def _defended(
        self, strategy: dict[Action | None, list[float]], solver: SubgameSolver, node: int, mine: list[float],
        observation: Observation,
    ) -> None:
        """Change ``strategy`` (:meth:`_node_strategy`'s form) in place to the
        one played at ``node``: the calls :meth:`_defence` adds."""
        folds = self._defence(solver, node, mine, observation)
        if not folds:
            return
        fold = next(a for a in strategy if a is not None and a.kind is ActionKind.FOLD)
        call = next((a for a in strategy if a is not None and a.kind is ActionKind.CALL), None)
        if call is None:
            return
        for i, f in folds.items():
            strategy[call][i] += strategy[fold][i] - f
            strategy[fold][i] = f

    def _defence(
        self, solver: SubgameSolver, node: int, mine: list[float], observation: Observation
    ) -> dict[int, float]:
        """The minimum defence against a bet or raise: when the solve folds
        more of the expert's range than the bet's break-even share for a
        bluff (``R / pot``: the chips ``R`` the bettor put in with its last
        bet or raise, over the pot with them), the strongest folding hands
        (by the solve's equity) call instead until the range folds exactly
        that share.  The solve assumes the opponent bets like the
        equilibrium, so its folds are exploitable by one who bets wider
        (``docs/expert.rst``); this bounds what any bluff can win.

        Returns:
            The fold probability to play per combo (:data:`_COMBOS` index),
            for the combos whose fold the guard lowered.
        """
        legal = observation.legal
        if legal is None or not legal.can_fold or legal.call_amount <= 0:
            return {}
        raised = next((e for e in reversed(observation.history) if isinstance(e, ActionTaken)
                       and e.action.kind in (ActionKind.BET, ActionKind.RAISE, ActionKind.ALL_IN)), None)
        if raised is None or raised.seat == observation.seat or raised.street != observation.street:
            return {}
        # the bettor risked R to win the rest of the pot: fold at most 1 - MDF
        allowed = 1.0 - minimum_defence(observation.pot - raised.amount_added, raised.amount_added)
        strategy = self._node_strategy(solver, node, observation.seat)
        fold = next((a for a in strategy if a is not None and a.kind is ActionKind.FOLD), None)
        if fold is None:
            return {}
        board = {c.code for c in observation.board}
        player = solver.player(node)
        equity = solver.equity(player)
        ranked: list[tuple[float, int]] = []
        total = folded = 0.0
        for j, (a, b) in enumerate(solver.combos[player]):
            if a.code in board or b.code in board:
                continue
            i = _COMBO_INDEX[frozenset((a.code, b.code))]
            w = mine[i]
            if w <= 0:
                continue
            total += w
            folded += w * strategy[fold][i]
            if strategy[fold][i] > 0:
                ranked.append((equity[j], i))
        excess = folded - allowed * total
        out: dict[int, float] = {}
        if total <= 0 or excess <= 1e-12:
            return out
        for _, i in sorted(ranked, reverse=True):
            w, f = mine[i], strategy[fold][i]
            take = min(f, excess / w)
            out[i] = f - take
            excess -= take * w
            if excess <= 1e-12:
                break
        return out

    def _answer(
        self, solver: SubgameSolver, node: int, hole: Sequence[Card], folds: Mapping[int, float]
    ) -> list[tuple[Action, float]]:
        try:
            pairs = solver.action_probabilities(tuple(hole), node)
        except PokerError:
            raise _Unsupported from None
        probs = _clean([p for _, p in pairs])
        fold_now = folds.get(_COMBO_INDEX.get(frozenset(c.code for c in hole), -1))
        if fold_now is not None:
            k = next(j for j, (a, _) in enumerate(pairs) if a is not None and a.kind is ActionKind.FOLD)
            call = next((j for j, (a, _) in enumerate(pairs) if a is not None and a.kind is ActionKind.CALL), None)
            if call is not None:
                probs[call] += probs[k] - fold_now
                probs[k] = fold_now
        out: dict[Action, float] = {}
        for (action, _), p in zip(pairs, probs):
            if action is None or p <= 0:
                continue
            out[action] = out.get(action, 0.0) + p
        total = sum(out.values())
        if total <= 0:
            raise _Unsupported
        return [(a, p / total) for a, p in out.items()]
