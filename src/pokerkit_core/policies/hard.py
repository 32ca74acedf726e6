"""The ``hard`` AI: Monte Carlo equity against a read of the opponent's range.

At every decision it

1. narrows the opponent's range from the public actions of the hand: each
   bet, raise or call keeps the strongest share of the range that matches how
   often this opponent was seen to take that action in that spot (pre-flop
   hands ranked by their heads-up strength, later hands by their made value
   on the board);
2. estimates its equity against that range with the C Monte Carlo routine
   (:func:`pokerkit_core.equity.calculate_equity`);
3. compares the expected value of checking or folding, of calling (pot
   odds), and of several bet sizes, where a bet's value counts the chance that
   the opponent folds to a bet of that size (observed per size class) and the
   equity against the range that continues; bets over 1.2 pots (and
   all-ins) need 60% equity against that range;
4. keeps its bluffs (bets chosen while behind the calling range) to a
   frequency tied to the bet size: ``f / (1 + 2f)`` for a bet of ``f`` times
   the pot, the share of bluffs that makes a bettor's range unexploitable,
   and makes them only while the opponent folds often enough for a bluff to
   gain.

Opponent frequencies are learnt across hands from the public history handed
to the ``hand_ended`` hook, starting from priors.

References:
    docs/rules.rst section 7 (hard level); Billings et al., "The challenge of
    poker", Artificial Intelligence 134 (2002) (opponent modelling, weighted
    ranges); Chen and Ankenman, *The Mathematics of Poker* (2006) (bluffing
    ratio ``f / (1 + 2f)``, minimum defence).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import chain
from typing import TYPE_CHECKING, Sequence

from ..actions import Action, ActionKind, Check, LegalActions
from ..cards import Card
from ..equity import Range, calculate_equity
from ..errors import RangeError
from ..evaluator import evaluate_combos
from .features import aggressive, passive, preflop_order, street_number, walk

if TYPE_CHECKING:
    from ..observation import Observation

__all__ = ["HardPolicy", "OpponentModel", "size_class"]

_SIZES = (0.33, 0.6, 1.0)
"""Bet sizes considered, as fractions of the pot after calling (and all-in)."""

Combo = tuple[int, int]


def size_class(fraction: float | None) -> int:
    """Bucket of a bet size: 0 small (< 0.7 pot), 1 large (< 1.4), 2 huge.

    Args:
        fraction: The bet's size as a fraction of the pot after calling, or
            ``None`` (counted as small).

    Returns:
        0, 1 or 2.
    """
    if fraction is None or fraction < 0.7:
        return 0
    return 1 if fraction < 1.4 else 2


def _bucket(street: int, fraction: float | None, raises_before: int) -> int:
    """Pre-flop: ``3 * depth + size class`` (depth 0 facing an open, 1 a
    3-bet, 2 a 4-bet or more); later streets: the size class of the bet faced."""
    if street == 0:
        return 3 * min(max(raises_before - 1, 0), 2) + size_class(fraction)
    return size_class(fraction)


@dataclass(slots=True)
class _Rate:
    """A frequency with a prior worth ``weight`` pseudo-observations."""

    prior: float
    weight: float = 12.0
    hits: float = 0.0
    count: float = 0.0

    def add(self, hit: bool) -> None:
        self.count += 1.0
        if hit:
            self.hits += 1.0

    @property
    def value(self) -> float:
        return (self.hits + self.prior * self.weight) / (self.count + self.weight)


def _rates(*priors: float) -> list[_Rate]:
    return [_Rate(p) for p in priors]


@dataclass(slots=True)
class OpponentModel:
    """Frequencies of the opponents' actions, pooled over seats.

    Attributes:
        open_raise: Pre-flop, not facing a raise: how often it bets or raises.
        post_bet: After the flop, not facing a bet: how often it bets.
        fold: ``fold[street_kind][bucket]``: how often it folds facing a bet or
            raise; ``street_kind`` 0 pre-flop (bucket: facing an open, a
            3-bet, a 4-bet or more), 1 later (bucket: the bet's size class,
            see :func:`size_class`).
        raise_: Same, how often it raises.
        hands: Hands observed.
    """

    open_raise: _Rate = field(default_factory=lambda: _Rate(0.45))
    post_bet: _Rate = field(default_factory=lambda: _Rate(0.35))
    fold: list[list[_Rate]] = field(
        default_factory=lambda: [
            _rates(0.35, 0.45, 0.7, 0.3, 0.4, 0.65, 0.25, 0.35, 0.5),
            _rates(0.3, 0.35, 0.45),
        ]
    )
    raise_: list[list[_Rate]] = field(
        default_factory=lambda: [
            _rates(0.15, 0.12, 0.02, 0.12, 0.1, 0.02, 0.1, 0.08, 0.01),
            _rates(0.1, 0.07, 0.02),
        ]
    )
    hands: int = 0

    def learn(self, history: Sequence[object], me: int, seat_count: int) -> None:
        """Update the frequencies from one finished hand's public history.

        Args:
            history: The hand's public events.
            me: The observing seat (its own actions are not counted).
            seat_count: Seats at the table.
        """
        self.hands += 1
        for step in walk(history, seat_count):
            if step.seat == me:
                continue
            aggressive_act = step.kind is ActionKind.BET or step.kind is ActionKind.RAISE
            if step.facing is None:
                if step.street == 0:
                    self.open_raise.add(aggressive_act)
                else:
                    self.post_bet.add(aggressive_act)
                continue
            kind = 0 if step.street == 0 else 1
            bucket = _bucket(step.street, step.facing, step.raises_before)
            self.fold[kind][bucket].add(step.kind is ActionKind.FOLD)
            self.raise_[kind][bucket].add(aggressive_act)

    def fold_rate(self, street: int, fraction: float, raises_before: int) -> float:
        """Expected folding frequency against a bet or raise.

        Args:
            street: 0 pre-flop .. 3 river.
            fraction: The bet's size as a fraction of the pot after calling.
            raises_before: Bets and raises already made on the street
                (pre-flop the big blind does not count).

        Returns:
            The estimated probability of a fold, in [0, 1].
        """
        return self.fold[0 if street == 0 else 1][_bucket(street, fraction, raises_before)].value

    def continue_share(
        self, step_street: int, facing: float | None, aggressive_act: bool, raises_before: int
    ) -> float:
        """Share of its range an opponent keeps when it takes an action.

        Args:
            step_street: Street of the action, 0 pre-flop .. 3 river.
            facing: Size of the bet it faced as a fraction of the pot after
                calling, or ``None`` when it faced no bet.
            aggressive_act: The action was a bet or raise (else a check or
                call).
            raises_before: Bets and raises already made on the street.

        Returns:
            The estimated fraction of its range kept, in [0, 1].
        """
        if facing is None:
            rate = self.open_raise.value if step_street == 0 else self.post_bet.value
            return rate if aggressive_act else 1.0
        kind = 0 if step_street == 0 else 1
        bucket = _bucket(step_street, facing, raises_before)
        raise_rate = self.raise_[kind][bucket].value
        if aggressive_act:
            return raise_rate
        return 1.0 - self.fold[kind][bucket].value


@lru_cache(maxsize=128)
def _top_range(fraction: float) -> tuple[Combo, ...]:
    """Combos of the strongest starting hands covering ``fraction`` of all
    (``fraction`` rounded by the caller to keep the cache small)."""
    wanted = fraction * 1326
    ranks = "23456789TJQKA"
    out: list[Combo] = []
    for name, combos, _ in preflop_order():
        if out and len(out) >= wanted:
            break
        hi, lo = ranks.index(name[0]), ranks.index(name[1])
        for s1 in range(4):
            for s2 in range(4):
                if hi == lo:
                    if s2 <= s1:
                        continue
                elif (name[2] == "s") != (s1 == s2):
                    continue
                out.append((4 * hi + s1, 4 * lo + s2))
    return tuple(out)


def _top(fraction: float) -> tuple[Combo, ...]:
    return _top_range(round(min(max(fraction, 0.015), 1.0), 3))


WeightedRange = tuple[tuple[Combo, ...], tuple[float, ...]]
"""Combos (pairs of card codes) and one relative weight per combo."""


def _uniform(combos: tuple[Combo, ...]) -> WeightedRange:
    return combos, (1.0,) * len(combos)


def _narrow(rng: WeightedRange, board: Sequence[Card], keep: float, floor: float) -> WeightedRange:
    """Keep the strongest ``keep`` share (by weight) of a range at full weight
    and scale the rest by ``floor``; hands are ranked by their made value on
    ``board`` and combos holding a board card are dropped.

    Args:
        rng: The range.
        board: Three to five board cards.
        keep: Share of the range's weight that the action keeps, 0-1.
        floor: Weight factor of the other combos (0: removed; > 0 allows for
            bluffs and draws the ranking does not see).

    Returns:
        The narrowed range (never empty while ``rng`` has a live combo).
    """
    combos, weights = rng
    # one C call: each combo's value on the board, 0 for a combo holding a board card
    values = evaluate_combos(bytes(chain.from_iterable(combos)), board)
    live = [i for i, v in enumerate(values) if v]
    if not live:
        return rng
    if keep >= 0.999 or len(live) <= 3:
        return tuple(combos[i] for i in live), tuple(weights[i] for i in live)
    order = sorted(live, key=values.__getitem__, reverse=True)
    total = sum(weights[i] for i in live)
    wanted = keep * total
    mass = 0.0
    out_combos: list[Combo] = []
    out_weights: list[float] = []
    for i in order:
        weight = weights[i]
        if mass < wanted:
            mass += weight
        else:
            weight *= floor
        if weight > 0:
            out_combos.append(combos[i])
            out_weights.append(weight)
    return tuple(out_combos), tuple(out_weights)


_RANGES: dict[WeightedRange, Range] = {}


def _as_range(rng: WeightedRange) -> Range:
    found = _RANGES.get(rng)
    if found is None:
        combos, weights = rng
        # A short text: calculate_equity() labels players with it (the default lists every combo).
        text = f"read of the opponent ({len(combos)} combos)"
        found = Range.from_codes(bytes(chain.from_iterable(combos)), weights, text=text)
        if len(_RANGES) > 512:
            _RANGES.clear()
        _RANGES[rng] = found
    return found


class HardPolicy:
    """The hard computer player (docs/rules.rst section 7).

    Args:
        seed: Seed of the policy's own generator (None: from the system).
        trials: Monte Carlo deals per equity estimate (default 800).

    Attributes:
        model: The :class:`OpponentModel` learnt so far.
        bet_floor: Weight kept by the hands outside the share of a range
            that bets or raises (they stand for bluffs and draws).
        call_floor: The same for calls.
    """

    name = "hard"

    def __init__(self, *, seed: int | None = None, trials: int = 800) -> None:
        self._rng = random.Random(seed)
        self._trials = trials
        self.model = OpponentModel()
        self.bet_floor = 0.2
        self.call_floor = 0.2

    # ------------------------------------------------------------------ hooks
    def hand_ended(self, observation: Observation, results: Sequence[object]) -> None:
        """Learn the opponents' frequencies from the finished hand.

        Args:
            observation: This seat's final view (public history).
            results: Net chips per seat (unused).
        """
        self.model.learn(observation.history, observation.seat, observation.seat_count)

    # --------------------------------------------------------------- deciding
    def decide(self, observation: Observation) -> Action:
        """Choose the action of highest estimated value.

        Args:
            observation: The acting seat's view (``legal`` set).

        Returns:
            A legal action.
        """
        legal = observation.legal
        hole = observation.hole_cards
        if legal is None:  # pragma: no cover - the runner always sets it
            return Check
        if len(hole) != 2:  # pragma: no cover - not dealt in
            return passive(legal, call=False)
        return self._decide(observation, legal, tuple(hole))

    def opponent_range(self, observation: Observation, opponent: int) -> WeightedRange:
        """The opponent's weighted combos (card codes) given this hand's actions.

        Args:
            observation: The acting seat's view.
            opponent: The opponent's seat.

        Returns:
            Combos as pairs of card codes (strongest first pre-flop) and
            their relative weights.
        """
        model = self.model
        board = observation.board
        share = 1.0
        combos: WeightedRange | None = None
        for step in walk(observation.history, observation.seat_count):
            if step.seat != opponent:
                continue
            aggressive_act = step.kind is ActionKind.BET or step.kind is ActionKind.RAISE
            if step.kind is ActionKind.CHECK:
                continue
            keep = model.continue_share(
                step.street, step.facing, aggressive_act, step.raises_before
            )
            keep = min(max(keep, 0.08), 1.0)
            if step.street == 0:
                share *= keep
            else:
                if combos is None:
                    combos = _uniform(_top(share))
                floor = self.bet_floor if aggressive_act else self.call_floor
                combos = _narrow(combos, board[: 2 + step.street], keep, floor)
        if combos is None:
            combos = _uniform(_top(share))
        return combos

    def _equity(
        self, hole: tuple[Card, ...], combos: WeightedRange, board: Sequence[Card]
    ) -> float:
        seed = self._rng.getrandbits(32)
        try:
            result = calculate_equity([hole, _as_range(combos)], board=board, trials=self._trials, seed=seed)
        except RangeError:  # every combo blocked by known cards
            result = calculate_equity([hole, Range.random()], board=board, trials=self._trials, seed=seed)
        return float(result.players[0].equity)

    def _decide(
        self, observation: Observation, legal: LegalActions, hole: tuple[Card, ...]
    ) -> Action:
        me = observation.seat
        opponents = [
            s for s in range(observation.seat_count) if s != me and not observation.folded[s]
        ]
        if not opponents:  # pragma: no cover - the hand would be over
            return passive(legal, call=True)
        street = street_number(observation)
        board = observation.board
        pot = observation.pot
        to_call = legal.call_amount
        model = self.model
        many = len(opponents)
        combos = self.opponent_range(observation, opponents[0])
        eq = self._equity(hole, combos, board) ** many
        in_position = _acts_last(observation, me)
        if street == 3:
            realize = 1.0
        elif street == 0:
            realize = 0.92 if in_position else 0.8
        else:
            realize = 0.97 if in_position else 0.88
        # Value (chips got back from now on minus chips added) of not betting.
        if to_call == 0:
            best_value = realize * eq * pot
            fallback: Action = Check
        else:
            call_value = realize * eq * (pot + to_call) - to_call
            if call_value > 0:
                best_value, fallback = call_value, passive(legal, call=True)
            else:
                best_value, fallback = 0.0, passive(legal, call=False)
        best_action = fallback
        best_called_eq = 1.0
        best_fraction = 0.0
        if legal.can_bet or legal.can_raise:
            base = legal.call_to + 0.0
            pot_after_call = pot + to_call
            targets = {_to_for(legal, pot_after_call, f) for f in _SIZES} | {legal.max_raise_to}
            called_eq: dict[int, float] = {}
            raises_now = sum(
                1
                for st in walk(observation.history, observation.seat_count)
                if st.street == street and st.size > 0
            )
            for to in sorted(targets):
                if not legal.min_raise_to <= to <= legal.max_raise_to:
                    continue
                fraction = (to - base) / max(pot_after_call, 1)
                fold_now = model.fold_rate(street, fraction, raises_now + 1) ** many
                bucket = size_class(fraction)
                if bucket not in called_eq:
                    keep = max(1.0 - fold_now, 0.05)
                    if board:
                        continuing = _narrow(combos, board, keep, self.call_floor / 2)
                    else:
                        continuing = _uniform(_top(keep * len(combos[0]) / 1326))
                    called_eq[bucket] = self._equity(hole, continuing, board) ** many
                eq_called = called_eq[bucket]
                if fraction > 1.2 and eq_called < 0.6:
                    continue  # overbets and shoves are for strong hands only
                added = to - legal.bet
                final_pot = pot + added + (to - legal.call_to) * many
                real = 1.0 if to >= legal.all_in_to else realize
                value = fold_now * pot + (1 - fold_now) * (real * eq_called * final_pot - added)
                if value > best_value + 0.005 * pot:
                    best_value, best_called_eq = value, eq_called
                    best_action = aggressive(legal, to)
                    best_fraction = fraction
            if best_action is not fallback and best_called_eq < 0.5:
                # A bluff: keep it to the frequency its size allows.
                share = best_fraction / (1 + 2 * best_fraction)
                if self._rng.random() >= share:
                    best_action = fallback
        return best_action


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
