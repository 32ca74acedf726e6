"""Heads-up hold'em subgames on the flop, turn or river, and their solutions.

A :class:`Spot` describes a subgame (board, pot, stacks, the two players'
weighted ranges) or comes from a :class:`~pokerkit_core.engine.state.HandState`
(:meth:`Spot.from_state`).  :class:`BetSizes` is the bet-size abstraction:
bets and raises as fractions of the pot, an all-in threshold and a raise
limit per street.  The betting tree is built by walking the engine itself:
every action of the tree is one the engine's ``legal_actions`` allows at
that point (minimum bet and raise, short all-ins, the betting not reopened
by a short all-in), and the engine's own chip counts give the pots.
:class:`SubgameSolver` builds the tree, solves it with the C core
(:class:`~pokerkit_core.ai.solver.core.CfrSolver`) and answers per hand:
the strategy at every node, the EV and the equity, and the exploitability
of the solution in percent of the pot.

Players: solver player 0 is the player to act at the root (out of position
on a fresh street), player 1 the other; :attr:`SubgameSolver.seats` maps them
to the engine's seats.

Units: chips (the engine's); exploitability in percent of the pot at the
root.  Turn and flop subgames deal every card at chance nodes; cards whose
branches are images of one another under a suit permutation that keeps the
board and both weighted ranges (suit isomorphism) share one branch, exactly
(``suit_isomorphism=False`` keeps them all).

References:
    docs/solver.rst; docs/rules.rst section 2 (minimum bet and raise, short
    all-in).
"""

from __future__ import annotations

import base64
import itertools
import json
import math
import random
import sys
import time
from array import array
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping, Sequence

from ...engine.actions import Action, ActionKind, AllIn, Bet, Call, Check, Fold, Raise
from ...engine.rules import GameConfig, Street
from ...engine.state import HandState, act, deal, legal_actions
from ...errors import CardError, InvalidConfigError, PokerError, RangeError, SerializationError, shown
from ...evaluation.cards import CARDS, Card, as_cards
from ...evaluation.evaluator import evaluate_combos
from ...evaluation.ranges import Range
from .core import CHANCE, FOLDED, PLAYER0, PLAYER1, SHOWDOWN, CfrSolver, Evaluation, Game, GameNode

__all__ = ["BetSizes", "Spot", "SubgameSolver", "SolveReport", "RunoutSample", "DEFAULT_SIZES"]

_FORMAT = "pokerkit-core-solution-1"


def _fractions(name: str, values: object) -> tuple[float, ...]:
    if isinstance(values, (str, bytes)) or not isinstance(values, (tuple, list)):
        raise InvalidConfigError(f"{name} must be a tuple of pot fractions, not {shown(values)}")
    out: list[float] = []
    for v in values:
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not 0 < v <= 100:
            raise InvalidConfigError(f"{name}: a size must be a pot fraction > 0 (at most 100), not {shown(v)}")
        out.append(float(v))
    return tuple(sorted(set(out)))


@dataclass(frozen=True)
class BetSizes:
    """A bet-size abstraction for one street.

    Attributes:
        bets: Opening bets as fractions of the pot (``0.5`` = half pot).
        raises: Raises as fractions of the pot after the call: raise to
            ``call_to + f * (pot + to_call)``.
        all_in: Whether going all-in is always one of the actions.
        all_in_threshold: A bet or raise that would put in at least this
            share of the player's remaining chips becomes all-in instead
            (0 < t <= 1; 1 keeps every size).
        max_raises: Raises allowed after the opening bet on the street (0 =
            bets can only be called or folded).

    Sizes are rounded to whole chips, then clamped to the engine's legal
    window (``min_raise_to .. max_raise_to``) and to what the opponent can
    match (a bigger bet would come back); duplicates are dropped.

    Raises:
        InvalidConfigError: A size that is not a number in (0, 100], a
            threshold outside (0, 1], or a raise limit that is not an int
            0..16.
    """

    bets: tuple[float, ...] = (0.33, 0.75)
    raises: tuple[float, ...] = (0.75,)
    all_in: bool = True
    all_in_threshold: float = 0.67
    max_raises: int = 2

    def __post_init__(self) -> None:
        object.__setattr__(self, "bets", _fractions("bets", self.bets))
        object.__setattr__(self, "raises", _fractions("raises", self.raises))
        if not isinstance(self.all_in, bool):
            raise InvalidConfigError(f"all_in must be a bool, not {shown(self.all_in)}")
        t = self.all_in_threshold
        if isinstance(t, bool) or not isinstance(t, (int, float)) or not 0 < t <= 1:
            raise InvalidConfigError(f"all_in_threshold must be in (0, 1], not {shown(t)}")
        m = self.max_raises
        if isinstance(m, bool) or not isinstance(m, int) or not 0 <= m <= 16:
            raise InvalidConfigError(f"max_raises must be an int 0..16, not {shown(m)}")

    def to_dict(self) -> dict[str, Any]:
        """The sizes as JSON data (read back by :meth:`from_dict`)."""
        return {
            "bets": list(self.bets),
            "raises": list(self.raises),
            "all_in": self.all_in,
            "all_in_threshold": self.all_in_threshold,
            "max_raises": self.max_raises,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "BetSizes":
        """Sizes from :meth:`to_dict` data.

        Raises:
            KeyError: A missing field.
            InvalidConfigError: A bad value (as the constructor).
        """
        return cls(
            tuple(data["bets"]), tuple(data["raises"]), data["all_in"], data["all_in_threshold"], data["max_raises"]
        )

    def actions(self, state: HandState) -> list[Action]:
        """The abstraction's actions for the seat to act in ``state``, each
        legal in the engine: fold, check or call as allowed, then the bets or
        raises by size, then all-in.

        Raises:
            HandOverError: The hand is over.
        """
        legal = legal_actions(state)
        out: list[Action] = []
        if legal.can_fold:
            out.append(Fold)
        if legal.can_check:
            out.append(Check)
        if legal.can_call:
            out.append(Call)
        may_size = (legal.can_bet or legal.can_raise) and (
            legal.can_bet or state.raises_this_street <= self.max_raises
        )
        if may_size:
            all_in_to = legal.all_in_to
            pot = state.pot
            if legal.can_bet:
                targets = [round(f * pot) for f in self.bets]
            else:
                after_call = pot + (legal.call_to - legal.bet)
                targets = [legal.call_to + round(f * after_call) for f in self.raises]
            sizes: list[int] = []
            threshold = legal.bet + self.all_in_threshold * legal.stack
            # chips above what the deepest opponent can match come back:
            # sizes past it are one action (the smallest legal one there)
            cover = max(
                state.bets[s] + state.stacks[s]
                for s in range(len(state.stacks))
                if s != legal.seat and not state.folded[s]
            )
            cover_to = min(max(cover, legal.min_raise_to), legal.max_raise_to)
            for to in targets + ([legal.max_raise_to] if self.all_in and legal.max_is_all_in else []):
                to = min(max(to, legal.min_raise_to), legal.max_raise_to)
                if to >= threshold and legal.max_is_all_in:
                    to = legal.max_raise_to
                to = min(to, cover_to)
                if to not in sizes:
                    sizes.append(to)
            for to in sorted(sizes):
                if legal.max_is_all_in and to == all_in_to:
                    out.append(AllIn)
                else:
                    out.append(Bet(to) if legal.can_bet else Raise(to))
        for a in out:  # the engine's own check: every action is legal
            if a not in legal:  # pragma: no cover - sizes are clamped above
                raise InvalidConfigError(f"the abstraction produced {a}, which is not legal: {legal}")
        return out


DEFAULT_SIZES = BetSizes()
"""Bets of 33% and 75% of the pot, raises of 75%, all-in, two raises."""


def _check_range(name: str, value: object) -> Range:
    if isinstance(value, str):
        return Range.parse(value)
    if not isinstance(value, Range):
        raise RangeError(f"{name} must be a Range or range text, not {shown(value)}")
    return value


@dataclass(frozen=True)
class Spot:
    """A heads-up subgame at the start of a street (or of a state).

    Attributes:
        board: 3, 4 or 5 board cards (text or Cards).
        pot: Chips in the pot, an even int: each player put in half, which
            must equal the big blind or be at least twice it (the pot is
            built by pre-flop actions of the engine).
        stacks: Chips behind, ``(player 0, player 1)``: player 0 acts first.
        ranges: The two players' ranges (Range or text; weights relative).
        big_blind: The big blind: the smallest bet (chips, >= 1).
        rake: Share of the pot the house takes at the end (0 <= rake < 1).
        rake_cap: Most chips of rake per pot (``None``: no cap).

    Raises:
        InvalidConfigError: A pot, stack, blind or rake out of range.
        CardError: A bad board.
        RangeError: A bad range.
    """

    board: tuple[Card, ...]
    pot: int
    stacks: tuple[int, int]
    ranges: tuple[Range, Range]
    big_blind: int = 1
    rake: float = 0.0
    rake_cap: float | None = None
    state: HandState | None = field(default=None, compare=False, repr=False)
    seats: tuple[int, int] = (1, 0)

    def __post_init__(self) -> None:
        board = tuple(as_cards(self.board, "board")) if not isinstance(self.board, tuple) or not all(
            isinstance(c, Card) for c in self.board
        ) else self.board
        if not 3 <= len(board) <= 5:
            raise CardError(" ".join(map(str, board)), f"a subgame's board has 3 to 5 cards, got {len(board)}")
        if len(set(board)) != len(board):
            raise CardError(" ".join(map(str, board)), "the same card twice on the board")
        object.__setattr__(self, "board", board)
        if not isinstance(self.ranges, (tuple, list)) or len(self.ranges) != 2:
            raise RangeError(f"ranges must be two ranges, not {shown(self.ranges)}")
        object.__setattr__(self, "ranges", (_check_range("ranges[0]", self.ranges[0]), _check_range("ranges[1]", self.ranges[1])))
        for name, v, low in (("pot", self.pot, 2), ("big_blind", self.big_blind, 1)):
            if isinstance(v, bool) or not isinstance(v, int) or v < low:
                raise InvalidConfigError(f"{name} must be an int >= {low} chips, not {shown(v)}")
        if not isinstance(self.stacks, (tuple, list)) or len(self.stacks) != 2 or any(
            isinstance(s, bool) or not isinstance(s, int) or s < 0 for s in self.stacks
        ):
            raise InvalidConfigError(f"stacks must be two ints >= 0 (chips behind), not {shown(self.stacks)}")
        object.__setattr__(self, "stacks", tuple(self.stacks))
        r = self.rake
        if isinstance(r, bool) or not isinstance(r, (int, float)) or not 0 <= r < 1:
            raise InvalidConfigError(f"rake must be a share of the pot in [0, 1), not {shown(r)}")
        cap = self.rake_cap
        if cap is not None and (isinstance(cap, bool) or not isinstance(cap, (int, float)) or not 0 <= cap < math.inf):
            raise InvalidConfigError(f"rake_cap must be a number of chips >= 0 or None, not {shown(cap)}")
        if self.state is None:
            half = self.pot // 2
            if self.pot % 2 or not (half == self.big_blind or half >= 2 * self.big_blind):
                raise InvalidConfigError(
                    f"pot {self.pot} cannot be built from blinds of {self.big_blind}: give an even pot with "
                    "pot / 2 equal to the big blind or at least twice it"
                )

    @classmethod
    def from_state(
        cls, state: HandState, ranges: Mapping[int, Range | str] | Sequence[Range | str], *, rake: float = 0.0,
        rake_cap: float | None = None,
    ) -> "Spot":
        """The subgame from a heads-up hand in progress after the flop.

        Args:
            state: A state on the flop, turn or river with exactly two
                players in the hand and one of them to act.
            ranges: Each seat's range (a mapping seat -> range or a sequence
                indexed by seat): the hands the other players believe it
                holds.
            rake, rake_cap: As for :class:`Spot`.

        Raises:
            InvalidConfigError: Not a :class:`HandState`, pre-flop, over,
                or more than two players still in.
            RangeError: A missing or bad range.
        """
        if not isinstance(state, HandState):
            raise InvalidConfigError(f"expected a HandState, not {shown(state)}")
        if state.is_over or state.to_act is None:
            raise InvalidConfigError("the hand is over: nothing to solve")
        if state.street == Street.PREFLOP:
            raise InvalidConfigError("the solver starts on the flop, turn or river, not pre-flop")
        live = [s for s in range(len(state.folded)) if not state.folded[s] and state.config.stacks[s] > 0]
        if len(live) != 2:
            raise InvalidConfigError(f"the solver plays heads-up: {len(live)} players are in the hand")
        first = state.to_act
        other = live[0] if live[1] == first else live[1]
        try:
            r0, r1 = ranges[first], ranges[other]
        except (KeyError, IndexError, TypeError):
            raise RangeError(f"ranges must give a range for seats {first} and {other}") from None
        return cls(
            board=tuple(state.board),
            pot=max(2, state.pot),
            stacks=(state.stacks[first], state.stacks[other]),
            ranges=(_check_range(f"seat {first}", r0), _check_range(f"seat {other}", r1)),
            big_blind=state.config.big_blind,
            rake=rake,
            rake_cap=rake_cap,
            state=state,
            seats=(first, other),
        )

    def root_state(self) -> HandState:
        """An engine state at the spot: the given state, or a heads-up hand
        with these stacks played to the board with checks (hole cards are
        placeholders; the tree's betting does not depend on them)."""
        if self.state is not None:
            return self.state
        half = self.pot // 2
        # seat 0 is the button (acts last after the flop): solver player 1
        config = GameConfig(
            stacks=(half + self.stacks[1], half + self.stacks[0]),
            small_blind=max(1, self.big_blind // 2),
            big_blind=self.big_blind,
        )
        free = [c for c in CARDS if c not in self.board]
        state = deal(config, hole_cards=[free[:2], free[2:4]], board=list(self.board), seed=0)
        if half == self.big_blind:
            state = act(state, Call)
            state = act(state, Check)
        else:
            state = act(state, Raise(half))
            state = act(state, Call)
        target = {3: Street.FLOP, 4: Street.TURN, 5: Street.RIVER}[len(self.board)]
        while state.street < target:
            state = act(state, Check)
        return state

    def to_dict(self) -> dict[str, Any]:
        """The spot as JSON data (read back by :meth:`from_dict`; a spot
        from a state is written as the equivalent fresh-street spot)."""
        return {
            "board": " ".join(map(str, self.board)),
            "pot": self.pot,
            "stacks": list(self.stacks),
            "ranges": [_range_dict(r) for r in self.ranges],
            "big_blind": self.big_blind,
            "rake": self.rake,
            "rake_cap": self.rake_cap,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "Spot":
        """A spot from :meth:`to_dict` data.

        Raises:
            KeyError: A missing field.
            InvalidConfigError, CardError, RangeError: A bad value (as the
                constructor).
        """
        return cls(
            board=tuple(as_cards(data["board"], "board")),
            pot=data["pot"],
            stacks=tuple(data["stacks"]),
            ranges=(_range_from(data["ranges"][0]), _range_from(data["ranges"][1])),
            big_blind=data["big_blind"],
            rake=data["rake"],
            rake_cap=data["rake_cap"],
        )


def _range_dict(r: Range) -> dict[str, Any]:
    return {"combos": [f"{a}{b}" for a, b in r.combos], "weights": list(r.weights)}


def _range_from(data: Mapping[str, Any]) -> Range:
    codes: list[int] = []
    for text in data["combos"]:
        a, b = as_cards(text, "combo")
        codes += [a.code, b.code]
    return Range.from_codes(codes, data["weights"])


@dataclass(frozen=True)
class RunoutSample:
    """Deal only a sample of the turn and river cards in a flop or turn
    subgame (Monte Carlo run-outs), to make a re-solve fast: each chance node
    deals ``turns`` (or ``rivers``) cards drawn without replacement from the
    cards left, each with probability 1 / sample size.  The tree is then an
    approximation of the real subgame (its exploitability is measured in the
    sampled tree), the trade real-time re-solving makes (Moravcik et al.
    2017, DeepStack; Brown and Sandholm 2018, depth-limited solving).

    Args:
        turns: Turn cards dealt at the turn's chance node (int >= 1).
        rivers: River cards dealt at each river chance node (int >= 1).
        seed: Keys the draws with the board and the cards dealt so far, so
            a spot always gets the same sample; ``0`` keys them by the
            cards alone.

    Raises:
        InvalidConfigError: A count or seed that is not an int in range.
    """

    turns: int
    rivers: int
    seed: int = 0

    def __post_init__(self) -> None:
        for name in ("turns", "rivers"):
            value = getattr(self, name)
            if value.__class__ is not int or not 1 <= value <= 48:
                raise InvalidConfigError(f"{name} must be an int from 1 to 48, not {shown(value)}")
        if self.seed.__class__ is not int or self.seed < 0:
            raise InvalidConfigError(f"seed must be an int >= 0, not {shown(self.seed)}")

    def count(self, board_cards: int) -> int:
        """Cards sampled at a chance node after ``board_cards`` board cards
        (3: the turn, 4: the river)."""
        return self.turns if board_cards == 3 else self.rivers

    def draw(self, left: list[int], board: Sequence[int], extra: Sequence[int]) -> list[int]:
        """The sample of ``left`` dealt after ``board`` and ``extra``, in card order."""
        k = min(len(left), self.count(len(board) + len(extra)))
        key = ",".join(map(str, board)) + ":" + ",".join(map(str, extra))
        rng = random.Random(key if not self.seed else f"{self.seed}/{key}")
        return sorted(rng.sample(left, k))


@dataclass(frozen=True)
class SolveReport:
    """What :meth:`SubgameSolver.solve` did.

    Attributes:
        iterations: Total DCFR iterations run.
        exploitability: Of the final average strategies, percent of the pot.
        seconds: Wall time of this call.
        stopped: ``"target"``, ``"iterations"`` or ``"time"``.
    """

    iterations: int
    exploitability: float
    seconds: float
    stopped: str


class SubgameSolver:
    """A heads-up subgame's tree, solver and answers.

    Args:
        spot: The :class:`Spot` (or build one with :meth:`from_state`).
        sizes: The bet sizes: one :class:`BetSizes` for every street, or a
            mapping ``Street -> BetSizes`` (streets missing use
            :data:`DEFAULT_SIZES`).
        max_nodes: Refuse trees with more nodes than this (a flop tree deals
            every turn and river card).
        suit_isomorphism: Merge the chance branches that a suit permutation
            keeping the board and both weighted ranges maps onto each other
            (exact; locks must then treat a hand and its images alike).
        runouts: Deal only a :class:`RunoutSample` of the turn and river
            cards (an approximation; None deals every card).

    Raises:
        InvalidConfigError: Bad sizes, a tree above ``max_nodes``, a range
            with no combo left once the board's cards are removed, or
            ``runouts`` with ``suit_isomorphism`` (a sample is not closed
            under suit permutations).
        MemoryError: The tree does not fit in memory.
    """

    def __init__(
        self,
        spot: Spot,
        sizes: BetSizes | Mapping[Street, BetSizes] = DEFAULT_SIZES,
        *,
        max_nodes: int = 2_000_000,
        suit_isomorphism: bool = True,
        runouts: RunoutSample | None = None,
    ) -> None:
        if not isinstance(spot, Spot):
            raise InvalidConfigError(f"expected a Spot, not {shown(spot)}")
        if isinstance(sizes, BetSizes):
            self.sizes: dict[Street, BetSizes] = {s: sizes for s in (Street.FLOP, Street.TURN, Street.RIVER)}
        elif isinstance(sizes, Mapping) and all(isinstance(v, BetSizes) for v in sizes.values()):
            self.sizes = {s: sizes.get(s, DEFAULT_SIZES) for s in (Street.FLOP, Street.TURN, Street.RIVER)}
        else:
            raise InvalidConfigError(f"sizes must be BetSizes or a mapping Street -> BetSizes, not {shown(sizes)}")
        self.spot = spot
        self.seats = spot.seats
        if isinstance(max_nodes, bool) or not isinstance(max_nodes, int) or max_nodes < 1:
            raise InvalidConfigError(f"max_nodes must be an int >= 1, not {shown(max_nodes)}")
        if not isinstance(suit_isomorphism, bool):
            raise InvalidConfigError(f"suit_isomorphism must be a bool, not {shown(suit_isomorphism)}")
        if runouts is not None and not isinstance(runouts, RunoutSample):
            raise InvalidConfigError(f"runouts must be a RunoutSample or None, not {shown(runouts)}")
        if runouts is not None and suit_isomorphism:
            raise InvalidConfigError("sampled run-outs need suit_isomorphism=False")
        self.max_nodes = max_nodes
        self._isomorphism = suit_isomorphism
        self.runouts = runouts
        self._root_state = spot.root_state()
        self.root_pot = self._root_state.pot
        self._contrib0 = self._root_state.contributions
        board_codes = [c.code for c in spot.board]
        # the players' combos, clear of the board and of weight > 0
        self.combos: tuple[list[tuple[Card, Card]], list[tuple[Card, Card]]] = ([], [])
        weights: tuple[list[float], list[float]] = ([], [])
        for p in (0, 1):
            for (a, b), w in zip(spot.ranges[p].combos, spot.ranges[p].weights):
                if w > 0 and a.code not in board_codes and b.code not in board_codes:
                    self.combos[p].append((a, b))
                    weights[p].append(w)
            if not self.combos[p]:
                raise InvalidConfigError(f"player {p}'s range has no combo left once the board's cards are removed")
        self._board_index: dict[tuple[int, ...], int] = {}
        self._boards: list[tuple[int, ...]] = []
        self._count = 0
        self._index = {p: {frozenset(c): i for i, c in enumerate(self.combos[p])} for p in (0, 1)}
        self.symmetries: list[tuple[int, int, int, int]] = (
            self._symmetries(weights) if suit_isomorphism else [(0, 1, 2, 3)]
        )
        root = self._build(self._root_state, (), None)
        final = 5 - len(spot.board)
        if final and len(self.symmetries) > 1:  # boards of merged branches, for the equity
            self._register_completions((), final)
        self._final_boards = [i for i, extra in enumerate(self._boards) if len(extra) == final]
        hands = tuple([(a.code, b.code) for a, b in self.combos[p]] for p in (0, 1))
        ranks = [self._ranks(board_codes + list(extra)) for extra in self._boards]
        self.game = Game(root, 52, hands, weights, ranks)
        self.solver = CfrSolver(self.game)

    @classmethod
    def from_state(
        cls,
        state: HandState,
        ranges: Mapping[int, Range | str] | Sequence[Range | str],
        sizes: BetSizes | Mapping[Street, BetSizes] = DEFAULT_SIZES,
        *,
        rake: float = 0.0,
        rake_cap: float | None = None,
    ) -> "SubgameSolver":
        """A solver for the subgame of a hand in progress (see
        :meth:`Spot.from_state` for the arguments and errors)."""
        return cls(Spot.from_state(state, ranges, rake=rake, rake_cap=rake_cap), sizes)

    # ------------------------------------------------------------ the tree
    def _board_id(self, extra: tuple[int, ...]) -> int:
        if extra not in self._board_index:
            self._board_index[extra] = len(self._boards)
            self._boards.append(extra)
        return self._board_index[extra]

    def _ranks(self, board: list[int]) -> tuple[list[int], list[int]]:
        out: list[list[int]] = []
        for p in (0, 1):
            codes = bytes(c for combo in self.combos[p] for c in (combo[0].code, combo[1].code))
            if len(board) == 5:
                values = evaluate_combos(codes, [CARDS[c] for c in board])
                out.append([v if v > 0 else -1 for v in values])
            else:
                used = set(board)
                out.append([-1 if (a.code in used or b.code in used) else 0 for a, b in self.combos[p]])
        return out[0], out[1]

    def _new(self, node: GameNode) -> GameNode:
        self._count += 1
        if self._count > self.max_nodes:
            raise InvalidConfigError(f"the tree has more than {self.max_nodes} nodes: use fewer sizes or a later street")
        return node

    def _terminal(self, state: HandState, extra: tuple[int, ...], label: str, action: Action | None) -> GameNode:
        inv = tuple(state.contributions[s] - self._contrib0[s] for s in self.seats)
        pot = self.root_pot + inv[0] + inv[1]
        rake = self.spot.rake * pot
        if self.spot.rake_cap is not None:
            rake = min(rake, self.spot.rake_cap)
        folded = [state.folded[s] for s in self.seats]
        if any(folded):
            return self._new(
                GameNode(FOLDED, label, board=self._board_id(extra), folder=folded.index(True), pot=pot - rake,
                         invested=(float(inv[0]), float(inv[1])), action=action)
            )
        missing = 5 - len(self.spot.board) - len(extra)
        if missing == 0:
            return self._new(
                GameNode(SHOWDOWN, label, board=self._board_id(extra), pot=pot - rake,
                         invested=(float(inv[0]), float(inv[1])), action=action)
            )
        chance = self._chance(extra, label, action)
        for child_card, images in self._orbits(extra):
            child = self._terminal(state, extra + (child_card,), str(CARDS[child_card]), None)
            child.card = child_card
            child.isomorphic = images
            chance.children.append(child)
        return chance

    def _symmetries(self, weights: tuple[list[float], list[float]]) -> list[tuple[int, int, int, int]]:
        """The suit permutations (``perm[suit]`` = new suit) that map the
        board and both weighted ranges onto themselves; identity first."""
        out: list[tuple[int, int, int, int]] = []
        board = {c.code for c in self.spot.board}
        for perm in itertools.permutations(range(4)):
            if {_permute(c, perm) for c in board} != board:
                continue
            ok = True
            for p in (0, 1):
                for (a, b), w in zip(self.combos[p], weights[p]):
                    j = self._index[p].get(frozenset((CARDS[_permute(a.code, perm)], CARDS[_permute(b.code, perm)])))
                    if j is None or weights[p][j] != w:
                        ok = False
                        break
                if not ok:
                    break
            if ok:
                out.append(perm)  # type: ignore[arg-type]
        return out

    def _orbits(self, extra: tuple[int, ...]) -> list[tuple[int, list[tuple[int, Sequence[int], Sequence[int]]]]]:
        """The cards a chance node deals after ``extra``: one representative
        per orbit of the symmetries that keep ``extra``'s cards, with the
        other cards of its orbit and the hand permutations that carry the
        representative's branch onto theirs."""
        if self.runouts is not None:
            board = [c.code for c in self.spot.board]
            return [(card, []) for card in self.runouts.draw(self._cards_left(extra), board, extra)]
        group = [perm for perm in self.symmetries if all(_permute(c, perm) == c for c in extra)]
        out: list[tuple[int, list[tuple[int, Sequence[int], Sequence[int]]]]] = []
        seen: set[int] = set()
        for card in self._cards_left(extra):
            if card in seen:
                continue
            seen.add(card)
            images: list[tuple[int, Sequence[int], Sequence[int]]] = []
            for perm in group:
                image = _permute(card, perm)
                if image in seen:
                    continue
                seen.add(image)
                perms = [
                    array("i", (self._index[p][frozenset((CARDS[_permute(a.code, perm)], CARDS[_permute(b.code, perm)]))]
                                for a, b in self.combos[p]))
                    for p in (0, 1)
                ]
                images.append((image, perms[0], perms[1]))
                self._board_id(extra + (image,))
            out.append((card, images))
        return out

    def _register_completions(self, extra: tuple[int, ...], final: int) -> None:
        if len(extra) == final:
            self._board_id(extra)
            return
        for card in self._cards_left(extra):
            self._register_completions(extra + (card,), final)

    def _cards_left(self, extra: tuple[int, ...]) -> list[int]:
        used = {c.code for c in self.spot.board} | set(extra)
        return [c for c in range(52) if c not in used]

    def _chance(self, extra: tuple[int, ...], label: str, action: Action | None) -> GameNode:
        left = 52 - len(self.spot.board) - len(extra)
        unseen: float = left - 4  # the cards a pair of hands leaves: each dealt with 1 / unseen
        if self.runouts is not None:
            # k cards drawn from all ``left`` (hole cards are not removed: the
            # sample is the same for every pair); a pair's hole cards block
            # 4 / left of them on average, so each card a pair can see counts
            # 1 / (k (left - 4) / left): the expectation of a pair's value is
            # the exact tree's, and a sample of every card is the exact tree.
            k = min(left, self.runouts.count(len(self.spot.board) + len(extra)))
            unseen = k * (left - 4) / left
        return self._new(GameNode(CHANCE, label, chance_probability=1 / unseen, action=action))

    def _build(self, state: HandState, extra: tuple[int, ...], action: Action | None, label: str = "") -> GameNode:
        if state.is_over:
            return self._terminal(state, extra, label, action)
        seat = state.to_act
        assert seat is not None
        street = state.street
        node = self._new(GameNode(PLAYER0 if seat == self.seats[0] else PLAYER1, label, action=action))
        for a in self.sizes[street].actions(state):
            child_state = act(state, a)
            text = _label(a, state)
            if not child_state.is_over and child_state.street != street:
                chance = self._chance(extra, text, a)
                for card, images in self._orbits(extra):
                    child = self._build(child_state, extra + (card,), None, str(CARDS[card]))
                    child.card = card
                    child.isomorphic = images
                    chance.children.append(child)
                node.children.append(chance)
            else:
                node.children.append(self._build(child_state, extra, a, text))
        return node

    # ------------------------------------------------------------ solving
    def evaluate(self) -> Evaluation:
        """Exact best responses and values in this tree (chips per deal)."""
        return self.solver.evaluate()

    def exploitability(self) -> float:
        """How much a best response gains on average over the two players
        against the current average strategies (NashConv / 2), in percent of
        the pot at the root."""
        constant = float(self.root_pot) if self.spot.rake == 0 else None
        return 100 * self.solver.evaluate(constant_sum=constant).exploitability / self.root_pot

    def solve(
        self,
        *,
        target: float = 0.3,
        max_iterations: int = 1000,
        time_limit: float | None = None,
        check_every: int = 25,
    ) -> SolveReport:
        """Run DCFR until the exploitability reaches ``target`` percent of the
        pot, ``max_iterations`` in total, or ``time_limit`` seconds.

        Args:
            target: Exploitability goal, percent of the pot (>= 0; 0 runs to
                the other limits).
            max_iterations: Most iterations in total (int >= 0).
            time_limit: Most seconds for this call (> 0), or None.
            check_every: Iterations between the first exploitability checks
                (>= 1); later checks are spaced by the observed rate (the
                exploitability falls about as 1/t), so fewer are made.  With
                ``target`` 0 the exploitability is computed once, at the end
                (what an AI with a time budget wants); with ``time_limit``
                batches are sized to the measured time per iteration.

        Returns:
            A :class:`SolveReport`.

        Raises:
            InvalidConfigError: A limit out of range.
        """
        if isinstance(target, bool) or not isinstance(target, (int, float)) or not target >= 0:
            raise InvalidConfigError(f"target must be a percentage >= 0, not {shown(target)}")
        if isinstance(max_iterations, bool) or not isinstance(max_iterations, int) or max_iterations < 0:
            raise InvalidConfigError(f"max_iterations must be an int >= 0, not {shown(max_iterations)}")
        if time_limit is not None and (isinstance(time_limit, bool) or not isinstance(time_limit, (int, float)) or not time_limit > 0):
            raise InvalidConfigError(f"time_limit must be a number of seconds > 0 or None, not {shown(time_limit)}")
        if isinstance(check_every, bool) or not isinstance(check_every, int) or check_every < 1:
            raise InvalidConfigError(f"check_every must be an int >= 1, not {shown(check_every)}")
        start = time.perf_counter()
        check = target > 0  # with no target, measure only at the end
        expl = self.exploitability() if check and self.solver.iterations else math.inf
        stopped = "iterations"
        per_iteration = 0.0
        while True:
            if expl <= target:
                stopped = "target"
                break
            done = self.solver.iterations
            left = max_iterations - done
            if left <= 0:
                break
            elapsed = time.perf_counter() - start
            if time_limit is not None and elapsed >= time_limit:
                stopped = "time"
                break
            batch = left
            if check:
                batch = check_every
                if math.isfinite(expl) and done:
                    # exploitability falls about as 1/t: aim at 80% of the
                    # iterations that would take to reach the target
                    batch = max(check_every, min(done, int(0.8 * done * (expl / target - 1))))
            if time_limit is not None and per_iteration > 0:
                batch = min(batch, max(1, int((time_limit - elapsed) / per_iteration)))
            elif time_limit is not None:
                batch = min(batch, check_every)
            batch = min(batch, left)
            began = time.perf_counter()
            self.solver.run(batch)
            per_iteration = (time.perf_counter() - began) / batch
            if check:
                expl = self.exploitability()
        if not check:
            expl = self.exploitability()
            if expl <= target:
                stopped = "target"
        return SolveReport(self.solver.iterations, expl, time.perf_counter() - start, stopped)

    # ------------------------------------------------------------ answers
    def node(self, path: Sequence[str] = ()) -> int:
        """The index of the node reached by ``path`` (labels from the root,
        e.g. ``("bet 50", "raise to 150")``; a chance step is a card
        ``"Kh"``).

        Raises:
            InvalidConfigError: A label that is not a child of the node
                reached so far.
        """
        n = 0
        for label in path:
            kids = self.game.nodes[n].children
            for child in kids:
                if child.label == label:
                    n = self.game.node_id(child)
                    break
            else:
                merged = [c.label for c in kids for card, _, _ in c.isomorphic if str(CARDS[card]) == label]
                if merged:
                    raise InvalidConfigError(
                        f"the branch of {label} is merged into the isomorphic branch of {merged[0]} (suit "
                        "isomorphism): ask for that one, hands mapped by the suit permutation, or build with "
                        "suit_isomorphism=False"
                    )
                raise InvalidConfigError(
                    f"no action {label!r} at {'/'.join(self.game.path(n)) or 'the root'}: "
                    f"choose from {[c.label for c in kids]}"
                )
        return n

    def actions(self, node: int = 0) -> list[str]:
        """The labels of a node's children (actions, or cards at a chance node)."""
        return [c.label for c in self.game.nodes[node].children]

    def engine_actions(self, node: int = 0) -> list[Action | None]:
        """The engine actions of a decision node's children."""
        return [c.action for c in self.game.nodes[node].children]

    def player(self, node: int) -> int:
        """The solver player (0 or 1) who decides at ``node``.

        Raises:
            InvalidConfigError: Not a decision node.
        """
        kind = self.game.nodes[node].kind
        if kind not in (PLAYER0, PLAYER1):
            raise InvalidConfigError(f"node {node} is not a decision node")
        return kind

    def hand_index(self, player: int, hand: Sequence[Card] | str) -> int:
        """The index of ``hand`` in the player's combo list.

        Raises:
            CardError: Not two cards.
            RangeError: The hand is not in the player's range (or is
                blocked by the board).
        """
        cards = as_cards(hand, "hand") if isinstance(hand, str) else tuple(hand)
        if len(cards) != 2:
            raise CardError(shown(hand), "a hand is two cards")
        try:
            return self._index[player][frozenset(cards)]
        except KeyError:
            raise RangeError(f"{''.join(map(str, cards))} is not in player {player}'s range on this board") from None

    def strategy(self, node: int = 0) -> dict[str, list[float]]:
        """The average strategy at a decision node: per action label, one
        probability per combo of the player to act (in :attr:`combos`
        order)."""
        rows = self.solver.strategy(node)
        return dict(zip(self.actions(node), rows))

    def hand_strategy(self, hand: Sequence[Card] | str, node: int = 0) -> dict[str, float]:
        """The average strategy of one hand at a decision node: action
        label -> probability.

        Raises:
            RangeError: The hand is not in the acting player's range.
        """
        i = self.hand_index(self.player(node), hand)
        return {label: row[i] for label, row in zip(self.actions(node), self.solver.strategy(node))}

    def ev(self, player: int, node: int = 0) -> list[float]:
        """Each combo's EV for ``player`` at ``node`` when both play the
        average strategies, in chips counted from the root: what the combo
        wins back from the pot minus what it puts in from the root on (chips
        already put in on the way to ``node`` count), against the
        opponent's combos weighted by how much of each reaches ``node``.
        NaN for a combo no opponent combo reaching ``node`` is compatible
        with (or that holds a card dealt on the way).

        Raises:
            InvalidConfigError: ``player`` is not 0 or 1, or ``node`` is
                not a node's index.
        """
        if node == 0:
            values, weights, _ = self.solver.values(player)
            return [v / w if w > 0 else math.nan for v, w in zip(values, weights)]
        opp = self.reach(1 - player, node)
        _, _, per_node = self.solver.values(player, every_node=True)
        assert per_node is not None
        values = per_node[node]
        mine = self.combos[player]
        theirs = [({a.code, b.code}, r) for (a, b), r in zip(self.combos[1 - player], opp) if r > 0]
        dealt = set(self._dealt_on_path(node))
        out: list[float] = []
        for (a, b), v in zip(mine, values):
            if a.code in dealt or b.code in dealt:
                out.append(math.nan)
                continue
            w = sum(r for cards, r in theirs if a.code not in cards and b.code not in cards)
            out.append(v / w if w > 0 else math.nan)
        return out

    def _dealt_on_path(self, node: int) -> list[int]:
        cards: list[int] = []
        while node > 0:
            parent = self.game.parents[node]
            if self.game.nodes[parent].kind == CHANCE:
                cards.append(self.game.nodes[node].card)
            node = parent
        return cards

    def action_probabilities(self, hand: Sequence[Card] | str, node: int = 0) -> list[tuple[Action | None, float]]:
        """The engine actions of a decision node with the average-strategy
        probability of each for one hand: what an AI plays at the root.

        Returns:
            ``(action, probability)`` per child, in the tree's order (the
            action is ``None`` only for a child of a chance node).

        Raises:
            InvalidConfigError: Not a decision node.
            RangeError: The hand is not in the acting player's range.
        """
        probs = self.hand_strategy(hand, node)
        return [(child.action, probs[child.label]) for child in self.game.nodes[node].children]

    def equity(self, player: int) -> list[float]:
        """Each combo's showdown equity against the other range (over every
        runout for a flop or turn spot), 0..1."""
        return self.solver.equity(player, self._final_boards)

    def lock(self, node: int, strategy: Mapping[str, Sequence[float]] | None) -> None:
        """Node locking: fix the acting player's strategy at ``node``
        (action label -> one probability per combo); ``None`` unlocks.

        Raises:
            InvalidConfigError: Not a decision node, missing actions or
                probabilities that do not sum to 1 per combo.
        """
        if strategy is None:
            self.solver.lock(node, None)
            self._locks.pop(node, None)
            return
        labels = self.actions(node)
        if set(strategy) != set(labels):
            raise InvalidConfigError(f"node {node} needs a row for each of {labels}")
        rows = [list(strategy[label]) for label in labels]
        player = self.player(node)
        dealt = self._dealt_on_path(node)
        for perm in self.symmetries:
            if any(_permute(c, perm) != c for c in dealt):
                continue
            for i, (a, b) in enumerate(self.combos[player]):
                j = self._index[player][frozenset((CARDS[_permute(a.code, perm)], CARDS[_permute(b.code, perm)]))]
                if any(abs(row[i] - row[j]) > 1e-9 for row in rows if len(row) == len(self.combos[player])):
                    raise InvalidConfigError(
                        f"the lock treats {a}{b} and its suit image differently, which breaks the suit "
                        "symmetry this tree merges: build the solver with suit_isomorphism=False"
                    )
        self.solver.lock(node, rows)
        self._locks[node] = rows

    @property
    def _locks(self) -> dict[int, list[list[float]]]:
        locks: dict[int, list[list[float]]] | None = self.__dict__.get("_lock_table")
        if locks is None:
            locks = self.__dict__["_lock_table"] = {}
        return locks

    # ------------------------------------------------------------ save / load
    def to_json(self) -> dict[str, Any]:
        """The solution as JSON data: the spot, the sizes, the iteration
        count, locks, and the regrets and strategy sums (base64 of
        little-endian doubles) to resume or read it.

        Raises:
            SerializationError: The spot comes from a state with bets on the
                current street (it would not rebuild the same tree).
        """
        if self.spot.state is not None and any(self.spot.state.bets):
            raise SerializationError("spot", "a spot taken from a state in the middle of a street cannot be saved")
        regret, ssum = self.solver.get_state()
        return {
            "format": _FORMAT,
            "spot": self.spot.to_dict(),
            "sizes": {street.name.lower(): s.to_dict() for street, s in self.sizes.items()},
            "iterations": self.solver.iterations,
            "suit_isomorphism": self._isomorphism,
            "runouts": None if self.runouts is None else {
                "turns": self.runouts.turns, "rivers": self.runouts.rivers, "seed": self.runouts.seed,
            },
            "locks": {str(k): v for k, v in self._locks.items()},
            "regret": base64.b64encode(_le(regret)).decode("ascii"),
            "strategy_sum": base64.b64encode(_le(ssum)).decode("ascii"),
        }

    def save(self, path: str | Path) -> None:
        """Write :meth:`to_json` to ``path`` (UTF-8 JSON).

        Raises:
            OSError: The file cannot be written.
        """
        Path(path).write_text(json.dumps(self.to_json()), encoding="utf-8")

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "SubgameSolver":
        """Rebuild a solver saved by :meth:`to_json` (a spot given as a
        state is saved as the equivalent spot: same board, pot, stacks and
        ranges).

        Raises:
            SerializationError: Not a saved solution, or data that does not
                fit the rebuilt tree.
        """
        try:
            if data.get("format") != _FORMAT:
                raise SerializationError("format", f"not a saved solution (format {shown(data.get('format'))})")
            spot = Spot.from_dict(data["spot"])
            sizes = {Street[name.upper()]: BetSizes.from_dict(s) for name, s in data["sizes"].items()}
            sample = data.get("runouts")
            runouts = None if sample is None else RunoutSample(sample["turns"], sample["rivers"], sample["seed"])
            solver = cls(spot, sizes, suit_isomorphism=bool(data.get("suit_isomorphism", True)), runouts=runouts)
            regret = _from_le(base64.b64decode(data["regret"]))
            ssum = _from_le(base64.b64decode(data["strategy_sum"]))
            solver.solver.set_state(regret, ssum, data["iterations"])
            for node, rows in data["locks"].items():
                solver.solver.lock(int(node), rows)
                solver._locks[int(node)] = rows
        except SerializationError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError, PokerError) as exc:
            raise SerializationError("", f"bad saved solution: {exc}") from None
        return solver

    @classmethod
    def load(cls, path: str | Path) -> "SubgameSolver":
        """Read a solution written by :meth:`save`.

        Raises:
            OSError: The file cannot be read.
            SerializationError: Not valid JSON or not a saved solution.
        """
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
        except json.JSONDecodeError as exc:
            raise SerializationError("", f"{path}: not JSON ({exc})") from None
        if not isinstance(data, dict):
            raise SerializationError("", f"{path}: not a saved solution")
        return cls.from_json(data)

    # ------------------------------------------------------------ summary
    def reach(self, player: int, node: int) -> list[float]:
        """How much of each combo of ``player`` arrives at ``node``: its range
        weight times the probability of its own actions on the path (average
        strategies), 0 for a combo holding a card dealt on the way.

        Raises:
            InvalidConfigError: ``player`` is not 0 or 1, or ``node`` is
                not a node's index.
        """
        if player not in (0, 1) or isinstance(player, bool):
            raise InvalidConfigError(f"player must be 0 or 1, not {shown(player)}")
        if isinstance(node, bool) or not isinstance(node, int) or not 0 <= node < len(self.game.nodes):
            raise InvalidConfigError(f"node must be a node's index, not {shown(node)}")
        out = list(self.game.weights[player])
        path: list[int] = []
        n = node
        while n > 0:
            path.append(n)
            n = self.game.parents[n]
        parent = 0
        for child in reversed(path):
            here = self.game.nodes[parent]
            if here.kind == player:
                a = next(i for i, c in enumerate(here.children) if self.game.node_id(c) == child)
                row = self.solver.strategy(parent)[a]
                out = [x * y for x, y in zip(out, row)]
            elif here.kind == CHANCE:
                card = self.game.nodes[child].card
                out = [0.0 if card in (c0.code, c1.code) else x for x, (c0, c1) in zip(out, self.combos[player])]
            parent = child
        return out

    def summary(self, node: int = 0) -> dict[str, Any]:
        """A node's answer as JSON data: the path, the player, each action's
        overall frequency (over the acting player's combos weighted by how
        much of each reaches the node, :meth:`reach`) and per combo its
        range weight, the strategy, and at the root the EV (chips) and
        equity (0..1)."""
        p = self.player(node)
        strat = self.strategy(node)
        weights = self.reach(p, node)
        total = sum(weights) or 1.0
        ev = self.ev(p) if node == 0 else None
        equity = self.equity(p) if node == 0 else None
        hands = []
        for i, (a, b) in enumerate(self.combos[p]):
            row: dict[str, Any] = {"hand": f"{a}{b}", "weight": self.game.weights[p][i], "reach": weights[i]}
            row["strategy"] = {label: round(probs[i], 6) for label, probs in strat.items()}
            if ev is not None and equity is not None:
                row["ev"] = None if math.isnan(ev[i]) else round(ev[i], 4)
                row["equity"] = round(equity[i], 6)
            hands.append(row)
        return {
            "path": list(self.game.path(node)),
            "player": p,
            "seat": self.seats[p],
            "frequencies": {
                label: sum(w * x for w, x in zip(weights, probs)) / total for label, probs in strat.items()
            },
            "hands": hands,
        }


def _permute(code: int, perm: Sequence[int]) -> int:
    """A card code with its suit mapped by ``perm``."""
    return code - code % 4 + perm[code % 4]


def _label(action: Action, state: HandState) -> str:
    kind = action.kind
    if kind is ActionKind.FOLD:
        return "fold"
    if kind is ActionKind.CHECK:
        return "check"
    if kind is ActionKind.CALL:
        return "call"
    if kind is ActionKind.ALL_IN:
        return f"all-in {legal_actions(state).all_in_to}"
    if kind is ActionKind.BET:
        return f"bet {action.to}"
    return f"raise to {action.to}"


def _le(values: "array[float]") -> bytes:
    if sys.byteorder == "big":  # pragma: no cover - little-endian machines here
        values = values[:]
        values.byteswap()
    return values.tobytes()


def _from_le(data: bytes) -> "array[float]":
    out = array("d")
    out.frombytes(data)
    if sys.byteorder == "big":  # pragma: no cover
        out.byteswap()
    return out
