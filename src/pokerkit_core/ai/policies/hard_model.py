"""The ``hard`` AI's read of its opponents: action frequencies learnt from the
public history, what their showdowns revealed, and weighted ranges narrowed
by their actions.

A range here is an ``array('d')`` of 1,326 weights, one per two-card combo in
the order of :func:`pokerkit_core.evaluation.evaluator.combo_index`.

References:
    docs/rules.rst section 7 (hard level: public information only);
    Billings et al., "The challenge of poker", Artificial Intelligence 134
    (2002) (opponent modelling, weighted ranges); Chen and Ankenman, *The
    Mathematics of Poker* (2006) (bluffing ratio ``f / (1 + 2f)``).
"""

from __future__ import annotations

from array import array
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Sequence

from ...engine.actions import ActionKind
from ...evaluation.evaluator import RANGE_COMBOS, combo_index, narrow_range, range_equity
from ...errors import InvalidConfigError, shown
from ...engine.events import BoardDealt, HandShown
from ...engine.policy import state_fields
from .features import Step, preflop_order, walk

__all__ = [
    "OpponentModel",
    "Rate",
    "balanced_bluff_share",
    "narrowed",
    "range_of",
    "size_class",
    "top_range",
]

CALL_FLOOR = 0.2
"""Weight kept by the hands outside the share of a range that calls (they
stand for draws and hands the made-hand ranking does not see)."""

SHOWN_WEIGHT = 4.0
"""Showdowns of huge pre-flop raises the read by frequency is worth
(:meth:`OpponentModel.continue_share`)."""

SIZE_FRACTIONS = (0.5, 1.0, 2.5)
"""A typical bet of each size class, as a fraction of the pot after calling."""


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


def balanced_bluff_share(fraction: float) -> float:
    """Share of bluffs in a river betting range that leaves the caller
    indifferent: ``f / (1 + 2f)`` for a bet of ``f`` times the pot.

    Args:
        fraction: Bet size as a fraction of the pot before the bet, > 0.

    Returns:
        The share, in [0, 0.5).

    References:
        Chen and Ankenman (2006), chapter 11 (optimal bluffing frequency).
    """
    return fraction / (1.0 + 2.0 * fraction)


@dataclass(slots=True)
class Rate:
    """A frequency with a prior worth ``weight`` pseudo-observations.

    Attributes:
        prior: The value before any observation, 0-1.
        weight: Pseudo-observations the prior is worth.
        hits: Observations that hit.
        count: Observations.
    """

    prior: float
    weight: float = 12.0
    hits: float = 0.0
    count: float = 0.0

    def add(self, hit: bool) -> None:
        """Count one observation."""
        self.count += 1.0
        if hit:
            self.hits += 1.0

    @property
    def value(self) -> float:
        """The estimate, (hits + prior x weight) / (count + weight)."""
        return (self.hits + self.prior * self.weight) / (self.count + self.weight)


def _rates(*priors: float) -> list[Rate]:
    return [Rate(p) for p in priors]


def _bucket(street: int, fraction: float | None, raises_before: int) -> int:
    """Pre-flop: ``3 * depth + size class`` (depth 0 facing an open, 1 a
    3-bet, 2 a 4-bet or more); later streets: the size class of the bet faced."""
    if street == 0:
        return 3 * min(max(raises_before - 1, 0), 2) + size_class(fraction)
    return size_class(fraction)


_PREFLOP_FOLD = (0.35, 0.45, 0.7, 0.3, 0.4, 0.65, 0.25, 0.35, 0.5)
_PREFLOP_RAISE = (0.15, 0.12, 0.02, 0.12, 0.1, 0.02, 0.1, 0.08, 0.01)
_BET_PRIORS = (0.2, 0.12, 0.03)


def _checked_to(steps: Sequence[Step], index: int) -> bool:
    """Whether the action at ``index`` came after a check on its street."""
    step = steps[index]
    return index > 0 and steps[index - 1].street == step.street and steps[index - 1].kind is ActionKind.CHECK


@dataclass(slots=True)
class OpponentModel:
    """Frequencies of the opponents' actions, pooled over seats, learnt across
    hands (adaptation).

    Attributes:
        open_raise: Pre-flop, not facing a raise: how often it bets or raises.
        bet: ``bet[street - 1][checked_to][size class]``: after the flop, not
            facing a bet, how often it bets with that size (``checked_to``:
            1 when a seat checked before it on the street).
        fold: ``fold[street][bucket]``: how often it folds facing a bet or
            raise (pre-flop bucket: facing an open, a 3-bet, a 4-bet or more,
            times 3 size classes; later: the size class, see
            :func:`size_class`).
        raise_: Same, how often it raises.
        shove: Of its pre-flop bets and raises, the share that were huge
            (size class 2: over 1.4 pots, in practice all-ins); a huge one
            keeps only that share of the range a bet or raise keeps (the
            strongest part), so a player who opens often but shoves only
            its best hands is read by what it shoves.
        shove_rank: Of its pre-flop huge bets and raises seen at a
            showdown, the sum (``hits``) of each hand's rank among the
            starting hands (0 the strongest, 1 the weakest) and their number
            (``count``): a range of the strongest share ``s`` shows ranks
            averaging ``s / 2``, so twice the mean is the width its shoves
            showed (any two cards: 1), which the read of a huge raise moves
            to as showdowns accumulate (:data:`SHOWN_WEIGHT`).
        bluffs: ``bluffs[size class]``: of its turn and river bets and raises
            seen at a showdown, the share made with a hand that beat fewer
            than half of all hands on the final board (the prior is the
            balanced share, :func:`balanced_bluff_share`).
        hands: Hands observed.
    """

    open_raise: Rate = field(default_factory=lambda: Rate(0.45))
    bet: list[list[list[Rate]]] = field(
        default_factory=lambda: [[_rates(*_BET_PRIORS) for _ in range(2)] for _ in range(3)]
    )
    fold: list[list[Rate]] = field(
        default_factory=lambda: [_rates(*_PREFLOP_FOLD)] + [_rates(0.3, 0.35, 0.45) for _ in range(3)]
    )
    raise_: list[list[Rate]] = field(
        default_factory=lambda: [_rates(*_PREFLOP_RAISE)] + [_rates(0.1, 0.07, 0.02) for _ in range(3)]
    )
    bluffs: list[Rate] = field(
        default_factory=lambda: [Rate(balanced_bluff_share(f), weight=8.0) for f in SIZE_FRACTIONS]
    )
    hands: int = 0
    shove: Rate = field(default_factory=lambda: Rate(0.1))
    shove_rank: Rate = field(default_factory=lambda: Rate(0.0, weight=0.0))

    def learn(self, history: Sequence[object], me: int, seat_count: int) -> None:
        """Update the frequencies from one finished hand's public history.

        Args:
            history: The hand's public events (a showdown's
                :class:`~pokerkit_core.engine.events.HandShown` included).
            me: The observing seat (its own actions are not counted).
            seat_count: Seats at the table.
        """
        self.hands += 1
        steps = walk(history, seat_count)
        for index, step in enumerate(steps):
            if step.seat == me:
                continue
            aggressive_act = step.kind is ActionKind.BET or step.kind is ActionKind.RAISE
            if aggressive_act and step.street == 0:
                self.shove.add(size_class(step.size) == 2)
            if step.facing is None:
                if step.street == 0:
                    self.open_raise.add(aggressive_act)
                elif step.street <= 3:
                    cls = size_class(step.size) if aggressive_act else -1
                    for c, rate in enumerate(self.bet[step.street - 1][int(_checked_to(steps, index))]):
                        rate.add(c == cls)
                continue
            if step.street > 3:
                continue
            bucket = _bucket(step.street, step.facing, step.raises_before)
            self.fold[step.street][bucket].add(step.kind is ActionKind.FOLD)
            self.raise_[step.street][bucket].add(aggressive_act)
        self._learn_showdown(history, steps, me)

    def _learn_showdown(self, history: Sequence[object], steps: Sequence[Step], me: int) -> None:
        shown = {e.seat: e.cards for e in history if isinstance(e, HandShown) and e.seat != me}
        if not shown:
            return
        board = bytes(c.code for e in history if isinstance(e, BoardDealt) and e.board == 0 for c in e.cards)
        if len(board) != 5:
            return
        for seat, cards in shown.items():
            if len(cards) != 2:
                continue
            for step in steps:
                if step.seat == seat and step.street == 0 and step.size > 0 and size_class(step.size) == 2:
                    self.shove_rank.hits += _preflop_rank()[combo_index(cards[0].code, cards[1].code)]
                    self.shove_rank.count += 1.0
            # exact on the river: the share of all hands it beats
            strength = range_equity(bytes(c.code for c in cards), [_UNIFORM], board, trials=1, seed=0)[0]
            weak = strength < 0.5
            for step in steps:
                if step.seat == seat and step.street >= 2 and step.size > 0:
                    self.bluffs[size_class(step.size)].add(weak)

    _RATE_FIELDS = ("open_raise", "bet", "fold", "raise_", "bluffs", "shove", "shove_rank")

    def to_dict(self) -> dict[str, Any]:
        """What the model has learnt, as plain data (JSON-able).

        Returns:
            ``hands`` (int) and, for each frequency field (``open_raise``,
            ``bet``, ``fold``, ``raise_``, ``bluffs``, ``shove``, ``shove_rank``), the same nesting of
            lists with each :class:`Rate` as ``[hits, count]`` (floats; the
            priors and their weights are the model's constants).
        """
        def plain(value: Any) -> Any:
            if isinstance(value, Rate):
                return [value.hits, value.count]
            return [plain(item) for item in value]

        data: dict[str, Any] = {name: plain(getattr(self, name)) for name in self._RATE_FIELDS}
        data["hands"] = self.hands
        return data

    @classmethod
    def from_dict(cls, data: object, where: str = "model") -> OpponentModel:
        """The model :meth:`to_dict` described (the priors are this
        version's).

        Args:
            data: The plain data.
            where: Its path for messages.

        Returns:
            A new model.

        ``shove`` and ``shove_rank`` fields missing (the data of an
        earlier version) count as nothing observed.

        Raises:
            InvalidConfigError: A field missing or unknown, a nesting that
                is not the model's, a count that is not a number of at least
                0, hits above the count, or ``hands`` not an int of at least
                0 (the message names the path, e.g. ``model.fold[1][2]``).
        """
        if isinstance(data, dict):  # saved before these fields existed
            data = {"shove": [0.0, 0.0], "shove_rank": [0.0, 0.0], **data}
        fields = state_fields(data, (*cls._RATE_FIELDS, "hands"), where)
        model = cls()

        def fill(target: Any, value: Any, path: str) -> None:
            if isinstance(target, Rate):
                if (
                    not isinstance(value, list)
                    or len(value) != 2
                    or any(v.__class__ not in (int, float) or not 0 <= v < float("inf") for v in value)
                    or value[0] > value[1]
                ):
                    raise InvalidConfigError(
                        f"{path} must be [hits, count], numbers with 0 <= hits <= count, "
                        f"got {shown(value)}"
                    )
                target.hits, target.count = float(value[0]), float(value[1])
                return
            if not isinstance(value, list) or len(value) != len(target):
                raise InvalidConfigError(f"{path} must be a list of {len(target)}, got {shown(value)}")
            for i, (item, sub) in enumerate(zip(target, value)):
                fill(item, sub, f"{path}[{i}]")

        for name in cls._RATE_FIELDS:
            fill(getattr(model, name), fields[name], f"{where}.{name}")
        hands = fields["hands"]
        if hands.__class__ is not int or hands < 0:
            raise InvalidConfigError(f"{where}.hands must be an int >= 0, got {shown(hands)}")
        model.hands = hands
        return model

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
        return self.fold[min(street, 3)][_bucket(street, fraction, raises_before)].value

    def bet_rate(self, street: int, checked_to: bool) -> float:
        """How often it bets (any size) after the flop when not facing a bet."""
        return sum(rate.value for rate in self.bet[min(max(street, 1), 3) - 1][int(checked_to)])

    def trust(self, fraction: float) -> float:
        """How far to defend by minimum-defence frequency against a bet of
        this size: the observed bluff share over the balanced one, in
        [0.25, 1] (1 until showdowns show a value-heavy bettor).

        Args:
            fraction: The bet's size as a fraction of the pot after calling.
        """
        cls = size_class(fraction)
        ratio = self.bluffs[cls].value / balanced_bluff_share(SIZE_FRACTIONS[cls])
        return min(max(ratio, 0.25), 1.0)

    def bluff_floor(self, fraction: float, keep: float) -> float:
        """Weight of the hands outside the strongest ``keep`` share of a
        range that bets or raises ``fraction`` of the pot: the one that makes
        them the observed bluff share of the bets (:attr:`bluffs`) of that
        size, in [0.02, 1].

        Args:
            fraction: The bet's size as a fraction of the pot after calling.
            keep: The share of the range kept at full weight, 0-1.
        """
        bluff = min(self.bluffs[size_class(fraction)].value, 0.95)
        if keep >= 0.999:
            return 1.0
        return min(max(bluff * keep / ((1.0 - bluff) * (1.0 - keep)), 0.02), 1.0)

    def continue_share(self, steps: Sequence[Step], index: int) -> float:
        """Share of its range an opponent keeps when it takes an action.

        Args:
            steps: The hand's steps (:func:`~pokerkit_core.ai.policies.features.walk`).
            index: The step in question (a bet, raise or call).

        Returns:
            The estimated fraction of its range kept, in [0, 1].
        """
        step = steps[index]
        aggressive_act = step.kind is ActionKind.BET or step.kind is ActionKind.RAISE
        street = min(step.street, 3)
        huge = aggressive_act and street == 0 and size_class(step.size) == 2
        if step.facing is None:
            if street == 0:
                if not aggressive_act:
                    return 1.0
                return self._huge(self.open_raise.value) if huge else self.open_raise.value
            if not aggressive_act:
                return 1.0
            rates = self.bet[street - 1][int(_checked_to(steps, index))]
            return rates[size_class(step.size)].value
        bucket = _bucket(street, step.facing, step.raises_before)
        if aggressive_act:
            share = self.raise_[street][bucket].value
            return self._huge(share) if huge else share
        return 1.0 - self.fold[street][bucket].value

    def _huge(self, share: float) -> float:
        """The share of its range a huge pre-flop bet or raise keeps, when
        a bet or raise there keeps ``share``: by frequency ``share`` times
        :attr:`shove`, moved towards the width its shown shoves revealed
        (:attr:`shove_rank`) as they accumulate."""
        by_frequency = share * self.shove.value
        shown = self.shove_rank
        return (2.0 * shown.hits + SHOWN_WEIGHT * by_frequency) / (shown.count + SHOWN_WEIGHT)


@lru_cache(maxsize=1)
def _preflop_combos() -> tuple[int, ...]:
    """Combo indices strongest first by heads-up pre-flop equity."""
    ranks = "23456789TJQKA"
    out: list[int] = []
    for name, _, _ in preflop_order():
        hi, lo = ranks.index(name[0]), ranks.index(name[1])
        for s1 in range(4):
            for s2 in range(4):
                if hi == lo:
                    if s2 <= s1:
                        continue
                elif (name[2] == "s") != (s1 == s2):
                    continue
                out.append(combo_index(4 * hi + s1, 4 * lo + s2))
    return tuple(out)


@lru_cache(maxsize=1)
def _preflop_rank() -> tuple[float, ...]:
    """Per combo index: its rank among the 1,326 starting hands, 0 the
    strongest to 1 the weakest (by :func:`_preflop_combos`)."""
    rank = [0.0] * RANGE_COMBOS
    for position, index in enumerate(_preflop_combos()):
        rank[index] = position / (RANGE_COMBOS - 1)
    return tuple(rank)


@lru_cache(maxsize=256)
def _top(steps: int) -> array[float]:
    weights = array("d", bytes(8 * RANGE_COMBOS))
    wanted = max(round(steps / _TOP_STEPS * RANGE_COMBOS), 1)
    for index in _preflop_combos()[:wanted]:
        weights[index] = 1.0
    return weights


_TOP_STEPS = 200
"""Top ranges are cached in steps of 1/200 of all hands."""


def top_range(share: float) -> array[float]:
    """The strongest ``share`` of starting hands (by heads-up pre-flop
    equity), weight 1 each; a new array (callers may change it).

    Args:
        share: Share of the 1,326 combos, clamped to [0.015, 1] and rounded
            to 0.005.
    """
    return array("d", _top(round(min(max(share, 0.015), 1.0) * _TOP_STEPS)))


def narrowed(
    weights: array[float], board: bytes, keep: float, floor: float, preflop_share: float
) -> array[float]:
    """A copy of a range narrowed to its strongest ``keep`` share on the
    board (the rest scaled by ``floor``); pre-flop (empty board) the top range
    of ``keep`` times ``preflop_share`` of the hands instead."""
    if not board:
        return top_range(keep * preflop_share)
    out = array("d", weights)
    narrow_range(out, board, min(max(keep, 0.0), 1.0), floor)
    return out


def range_of(
    model: OpponentModel, steps: Sequence[Step], seat: int, board: bytes
) -> tuple[array[float], float]:
    """A seat's range given the hand's public actions and a model of it.

    Pre-flop each bet, raise or call keeps the strongest share of the range
    that matches how often the model says the seat takes that action; after
    the flop each bet, raise or call keeps that share of the range by made
    value on the board of its street, the rest kept at a floor weight: for a
    call :data:`CALL_FLOOR`, for a bet or raise the weight that makes the
    rest the share of bluffs this opponent's showdowns revealed
    (:meth:`OpponentModel.bluff_floor`).

    Args:
        model: The frequencies to read the actions with.
        steps: The hand's steps so far.
        seat: The seat whose range is wanted.
        board: The current board's card codes (0-5).

    Returns:
        A new range array (combos holding a board card weigh 0), and the
        share of starting hands its pre-flop actions kept.
    """
    share = 1.0
    weights: array[float] | None = None
    for index, step in enumerate(steps):
        if step.seat != seat or step.kind is ActionKind.CHECK or step.kind is ActionKind.FOLD:
            continue
        keep = min(max(model.continue_share(steps, index), 0.08), 1.0)
        if step.street == 0:
            share *= keep
            continue
        if weights is None:
            weights = top_range(share)
        floor = model.bluff_floor(step.size, keep) if step.kind is not ActionKind.CALL else CALL_FLOOR
        narrow_range(weights, board[: 2 + step.street], keep, floor)
    if weights is None:
        weights = top_range(share)
    for code in board:
        for index in _WITH_CARD[code]:
            weights[index] = 0.0
    return weights, share


_UNIFORM = array("d", [1.0]) * RANGE_COMBOS

_WITH_CARD: tuple[tuple[int, ...], ...] = tuple(
    tuple(combo_index(card, other) for other in range(52) if other != card) for card in range(52)
)
"""Per card code: the indices of the 51 combos that hold it."""
