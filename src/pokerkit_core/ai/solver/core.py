"""The solver's core: a public game tree and its discounted-CFR solver in C.

A :class:`Game` is a two-player game with private hands drawn from a small
deck: a public tree of :class:`GameNode` (decisions of player 0 or 1, chance
nodes that deal one card per edge, fold and showdown terminals), each
player's hands (one or two card indices) with weights, and per board the
rank of every hand.  Hold'em subgames (:mod:`.subgame`) and the toy games
that validate the core (:mod:`.toy_games`: Kuhn, Leduc, a polarized river
game) are all :class:`Game` values, solved by the same C code
(``csrc/pkc_solver.c``) through :class:`CfrSolver`.

Units: chips of the game.  Utilities at a terminal: a winner gets the pot
(after rake) minus what it put in during the game, a loser loses what it put
in, a tie shares the pot.  Values "per deal" are expectations over the deal
of both hands (weights times compatibility, normalised).

References:
    docs/solver.rst (the algorithm and its sources).
"""

from __future__ import annotations

import math
import threading
from array import array
from dataclasses import dataclass, field
from typing import Any, Iterator, Sequence

from ...errors import InvalidConfigError, shown
from ...evaluation.evaluator import _ffi, _lib

__all__ = [
    "PLAYER0",
    "PLAYER1",
    "CHANCE",
    "FOLDED",
    "SHOWDOWN",
    "GameNode",
    "Game",
    "CfrSolver",
    "Evaluation",
    "DCFR_ALPHA",
    "DCFR_BETA",
    "DCFR_GAMMA",
]

# node kinds: their one home is csrc/pkc.h
PLAYER0: int = _lib.PKC_SOLVER_PLAYER0
PLAYER1: int = _lib.PKC_SOLVER_PLAYER1
CHANCE: int = _lib.PKC_SOLVER_CHANCE
FOLDED: int = _lib.PKC_SOLVER_FOLD
SHOWDOWN: int = _lib.PKC_SOLVER_SHOWDOWN
NO_CARD = 255
"""Second card index of a one-card hand (Kuhn, Leduc)."""

DCFR_ALPHA = 1.5
"""Discount exponent of accumulated positive regrets (Brown and Sandholm 2019)."""
DCFR_BETA = 0.0
"""Discount exponent of accumulated negative regrets."""
DCFR_GAMMA = 2.0
"""Discount exponent of the average strategy's weights."""

_INTS: int = _lib.PKC_SOLVER_NODE_INTS
_REALS: int = _lib.PKC_SOLVER_NODE_REALS
MAX_ACTIONS: int = _lib.PKC_SOLVER_MAX_ACTIONS
MAX_HANDS: int = _lib.PKC_SOLVER_MAX_HANDS
MAX_DECK: int = _lib.PKC_SOLVER_MAX_DECK


@dataclass(eq=False)
class GameNode:
    """One node of a public game tree.

    Attributes:
        kind: :data:`PLAYER0` / :data:`PLAYER1` (that player decides),
            :data:`CHANCE` (each child deals its ``card``), :data:`FOLDED` or
            :data:`SHOWDOWN` (terminals).
        label: What led here from the parent: an action (``"bet 50"``) or
            the card dealt.
        children: The child nodes, in action order.
        card: For a child of a chance node, the card index it deals.
        board: For a terminal, the index of its board in the game's rank
            table (fold terminals use it only to know which hands are
            blocked).
        folder: For a fold terminal, the player who folded.
        pot: For a terminal, the pot in chips after rake.
        invested: For a terminal, each player's chips put in during the game.
        chance_probability: For a chance node, the probability of each child
            given both players' hands (e.g. 1/44 for a river card).
        action: Any payload the builder attaches (the engine action).
        isomorphic: For a child of a chance node, the other cards whose
            branches are this branch's image under a suit permutation, each
            with the permutation's action on both players' hand lists
            (``(card, perm0, perm1)``, ``perm_p[i]`` the index of the image
            of hand ``i``): the branch stands for all of them.
    """

    kind: int
    label: str = ""
    children: list["GameNode"] = field(default_factory=list)
    card: int = -1
    board: int = 0
    folder: int = -1
    pot: float = 0.0
    invested: tuple[float, float] = (0.0, 0.0)
    chance_probability: float = 0.0
    action: Any = None
    isomorphic: list[tuple[int, Sequence[int], Sequence[int]]] = field(default_factory=list)


@dataclass(frozen=True)
class Evaluation:
    """Values of a strategy pair, chips per deal.

    Attributes:
        best_response: What each player gets by a best response to the
            other's average strategy.
        value: What each player gets when both play their average strategy.
        nash_conv: ``sum(best_response) - sum(value)`` (0 at an equilibrium).
        exploitability: ``nash_conv / 2``: the average gain of a best
            response, chips per deal.
    """

    best_response: tuple[float, float]
    value: tuple[float, float]

    @property
    def nash_conv(self) -> float:
        """``sum(best_response) - sum(value)``, chips per deal (>= 0)."""
        return sum(self.best_response) - sum(self.value)

    @property
    def exploitability(self) -> float:
        """``nash_conv / 2``, chips per deal."""
        return self.nash_conv / 2


class Game:
    """A two-player game ready for :class:`CfrSolver`.

    Args:
        root: The public tree.
        deck: Number of card indices (1..64).
        hands: Per player, a sequence of hands, each a tuple of one or two
            card indices (0..deck-1, distinct).
        weights: Per player, one finite weight >= 0 per hand (relative).
        ranks: Per board, per player, one int rank per hand (higher wins,
            negative = blocked by that board).

    Raises:
        InvalidConfigError: Any value out of range or inconsistent (a tree
            node with no children or too many, a terminal with a board
            outside ``ranks``, a chance child without a card, a hand with a
            bad card, a weight that is negative or not finite, rank lists of
            the wrong length).
    """

    def __init__(
        self,
        root: GameNode,
        deck: int,
        hands: Sequence[Sequence[tuple[int, ...]]],
        weights: Sequence[Sequence[float]],
        ranks: Sequence[Sequence[Sequence[int]]],
    ) -> None:
        if not isinstance(deck, int) or isinstance(deck, bool) or not 1 <= deck <= MAX_DECK:
            raise InvalidConfigError(f"deck must be an int 1..{MAX_DECK}, not {shown(deck)}")
        if len(hands) != 2 or len(weights) != 2:
            raise InvalidConfigError("a game has two players: give two hand lists and two weight lists")
        self.root = root
        self.deck = deck
        self.hands: tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]] = (
            tuple(tuple(h) for h in hands[0]),
            tuple(tuple(h) for h in hands[1]),
        )
        self.weights = (tuple(float(w) for w in weights[0]), tuple(float(w) for w in weights[1]))
        for p in (0, 1):
            if not 1 <= len(self.hands[p]) <= MAX_HANDS:
                raise InvalidConfigError(f"player {p} needs 1..{MAX_HANDS} hands, got {len(self.hands[p])}")
            if len(self.weights[p]) != len(self.hands[p]):
                raise InvalidConfigError(f"player {p}: {len(self.weights[p])} weights for {len(self.hands[p])} hands")
            for hand in self.hands[p]:
                if not 1 <= len(hand) <= 2 or any(not isinstance(c, int) or not 0 <= c < deck for c in hand) or (
                    len(hand) == 2 and hand[0] == hand[1]
                ):
                    raise InvalidConfigError(f"player {p}: bad hand {shown(hand)} for a deck of {deck}")
            for w in self.weights[p]:
                if not math.isfinite(w) or w < 0:
                    raise InvalidConfigError(f"player {p}: weight {shown(w)} is not a finite number >= 0")
        self.ranks = [tuple(tuple(int(r) for r in ranks_p) for ranks_p in board) for board in ranks]
        if not self.ranks:
            raise InvalidConfigError("a game needs the ranks of at least one board")
        for b, board in enumerate(self.ranks):
            if len(board) != 2 or any(len(board[p]) != len(self.hands[p]) for p in (0, 1)):
                raise InvalidConfigError(f"board {b}: need one rank per hand of each player")
        self.nodes: list[GameNode] = []
        self.parents: list[int] = []
        self._flatten()

    def _flatten(self) -> None:
        """Number the nodes in preorder (every child after its parent)."""
        stack: list[tuple[GameNode, int]] = [(self.root, -1)]
        while stack:
            node, parent = stack.pop()
            self.nodes.append(node)
            self.parents.append(parent)
            me = len(self.nodes) - 1
            for child in reversed(node.children):
                stack.append((child, me))
        self.index = {id(n): i for i, n in enumerate(self.nodes)}

    def node_id(self, node: GameNode) -> int:
        """The index of ``node`` in :attr:`nodes` (preorder)."""
        return self.index[id(node)]

    def path(self, node: int) -> tuple[str, ...]:
        """The labels from the root to node ``node``."""
        out: list[str] = []
        while node > 0:
            out.append(self.nodes[node].label)
            node = self.parents[node]
        return tuple(reversed(out))

    def decision_nodes(self) -> Iterator[int]:
        """Indices of the decision nodes, in preorder."""
        return (i for i, n in enumerate(self.nodes) if n.kind in (PLAYER0, PLAYER1))

    def arrays(self) -> tuple["array[int]", "array[float]", "array[int]", "array[int]", int]:
        """The node ints, node reals, links, iso table and its entry count
        that ``pkc_solver_new`` reads.

        Raises:
            InvalidConfigError: An unknown node kind, or an isomorphic
                branch whose permutations have the wrong length.
        """
        ints = array("i")
        reals = array("d")
        links = array("i")
        iso = array("i")
        n_iso = 0
        sizes = (len(self.hands[0]), len(self.hands[1]))
        for node in self.nodes:
            kids = [self.index[id(c)] for c in node.children]
            if node.kind not in (PLAYER0, PLAYER1, CHANCE, FOLDED, SHOWDOWN):
                raise InvalidConfigError(f"unknown node kind {shown(node.kind)}")
            ints.extend((node.kind, len(links), len(kids), node.card, node.board, node.folder, n_iso, len(node.isomorphic)))
            reals.extend((float(node.pot), float(node.invested[0]), float(node.invested[1]), float(node.chance_probability)))
            links.extend(kids)
            for card, perm0, perm1 in node.isomorphic:
                if len(perm0) != sizes[0] or len(perm1) != sizes[1]:
                    raise InvalidConfigError("an isomorphic branch needs one image per hand of each player")
                iso.append(card)
                iso.extend(perm0)
                iso.extend(perm1)
                n_iso += 1
        return ints, reals, links, iso, n_iso


class CfrSolver:
    """Vector-form discounted CFR over a :class:`Game` (the C core).

    The solver owns a copy of the game's arrays in C; calls are serialised
    by a lock (one solver may be shared between threads).

    Args:
        game: The game.
        alpha, beta, gamma: DCFR's discount exponents (finite floats);
            the defaults are the paper's (1.5, 0, 2).

    Raises:
        InvalidConfigError: The C core refused the game (a node whose
            children come before it, a node with two parents, a chance child
            whose card is outside the deck, a terminal whose board is not in
            the rank table, a pot that is not finite), or a bad exponent.
        MemoryError: The tree does not fit in memory.
    """

    def __init__(
        self, game: Game, *, alpha: float = DCFR_ALPHA, beta: float = DCFR_BETA, gamma: float = DCFR_GAMMA
    ) -> None:
        for name, value in (("alpha", alpha), ("beta", beta), ("gamma", gamma)):
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
                raise InvalidConfigError(f"{name} must be a finite number, not {shown(value)}")
        self.game = game
        self.discounts = (float(alpha), float(beta), float(gamma))
        self._lock = threading.Lock()
        ints, reals, links, iso, n_iso = game.arrays()
        cards = bytearray()
        weights = array("d")
        for p in (0, 1):
            for hand in game.hands[p]:
                cards.append(hand[0])
                cards.append(hand[1] if len(hand) == 2 else NO_CARD)
            weights.extend(game.weights[p])
        ranks = array("i")
        for board in game.ranks:
            for p in (0, 1):
                ranks.extend(board[p])
        n_hands = array("i", (len(game.hands[0]), len(game.hands[1])))
        status = _ffi.new("int *")
        ptr = _lib.pkc_solver_new(
            len(game.nodes),
            _ffi.from_buffer("int32_t[]", ints),
            _ffi.from_buffer("double[]", reals),
            len(links),
            _ffi.from_buffer("int32_t[]", links if links else array("i", [0])),
            game.deck,
            _ffi.from_buffer("int32_t[]", n_hands),
            bytes(cards),
            _ffi.from_buffer("double[]", weights),
            len(game.ranks),
            _ffi.from_buffer("int32_t[]", ranks),
            n_iso,
            _ffi.from_buffer("int32_t[]", iso if iso else array("i", [0])),
            status,
        )
        if ptr == _ffi.NULL:
            if status[0] == _lib.PKC_E_MEMORY:
                raise MemoryError("the solver's tree does not fit in memory")
            raise InvalidConfigError("the solver's C core refused the game tree (see pkc.h for the rules)")
        self._ptr = _ffi.gc(ptr, _lib.pkc_solver_free)
        self._sizes = (len(game.hands[0]), len(game.hands[1]))

    @property
    def iterations(self) -> int:
        """Iterations run so far."""
        return int(_lib.pkc_solver_iterations(self._ptr))

    @property
    def memory_bytes(self) -> int:
        """Bytes the C core holds for this solver (tree, hands, regrets)."""
        return int(_lib.pkc_solver_bytes(self._ptr))

    def run(self, iterations: int) -> None:
        """Run more DCFR iterations (both players updated, alternating).

        Args:
            iterations: How many, an int >= 0.

        Raises:
            InvalidConfigError: ``iterations`` is not an int >= 0.
        """
        if isinstance(iterations, bool) or not isinstance(iterations, int) or not 0 <= iterations < 2**31:
            raise InvalidConfigError(f"iterations must be an int >= 0, not {shown(iterations)}")
        with self._lock:
            _lib.pkc_solver_iterate(self._ptr, iterations, *self.discounts)

    def evaluate(self, *, constant_sum: float | None = None) -> Evaluation:
        """Exact best responses and the value of the average strategies.

        Args:
            constant_sum: When the players' utilities add up to this number
                at every terminal (no rake: the pot at the root), only the
                best responses are traversed (half the work) and ``value``
                is reported as ``constant_sum / 2`` each: their sum, so
                ``nash_conv`` and ``exploitability``, are exact, the split
                is not.

        Returns:
            An :class:`Evaluation` in chips per deal.
        """
        out = _ffi.new("double[5]")
        with self._lock:
            _lib.pkc_solver_evaluate(self._ptr, int(constant_sum is None), out)
        if constant_sum is not None:
            return Evaluation((out[0], out[1]), (constant_sum / 2, constant_sum / 2))
        return Evaluation((out[0], out[1]), (out[2], out[3]))

    def _decision(self, node: int) -> tuple[int, int]:
        if isinstance(node, bool) or not isinstance(node, int) or not 0 <= node < len(self.game.nodes):
            raise InvalidConfigError(f"node must be an int 0..{len(self.game.nodes) - 1}, not {shown(node)}")
        kind = self.game.nodes[node].kind
        if kind not in (PLAYER0, PLAYER1):
            raise InvalidConfigError(f"node {node} is not a decision node")
        return kind, len(self.game.nodes[node].children)

    def strategy(self, node: int) -> list[list[float]]:
        """The average strategy at a decision node.

        Args:
            node: A decision node's index (:attr:`Game.nodes`).

        Returns:
            One list per action (in child order) of one probability per hand
            of the player to act.

        Raises:
            InvalidConfigError: ``node`` is not a decision node's index.
        """
        actor, k = self._decision(node)
        h = self._sizes[actor]
        out = array("d", bytes(8 * k * h))
        with self._lock:
            _lib.pkc_solver_strategy(self._ptr, node, _ffi.from_buffer("double[]", out, require_writable=True))
        return [list(out[a * h : (a + 1) * h]) for a in range(k)]

    def lock(self, node: int, strategy: Sequence[Sequence[float]] | None) -> None:
        """Fix (node locking) or free the strategy of a decision node.

        Args:
            node: A decision node's index.
            strategy: One sequence per action of one probability per hand of
                the player to act, each hand's probabilities >= 0 summing to
                1; ``None`` unlocks the node.

        Raises:
            InvalidConfigError: Not a decision node, a shape that does not
                match, or probabilities that are negative, not finite or do
                not sum to 1 for some hand.  Nothing changes then.
        """
        actor, k = self._decision(node)
        h = self._sizes[actor]
        if strategy is None:
            with self._lock:
                _lib.pkc_solver_lock(self._ptr, node, _ffi.NULL)
            return
        if len(strategy) != k or any(len(row) != h for row in strategy):
            raise InvalidConfigError(f"node {node} needs {k} rows of {h} probabilities")
        flat = array("d")
        for row in strategy:
            flat.extend(float(x) for x in row)
        with self._lock:
            status = _lib.pkc_solver_lock(self._ptr, node, _ffi.from_buffer("double[]", flat))
        if status != 0:
            raise InvalidConfigError(f"node {node}: each hand's probabilities must be >= 0 and sum to 1")

    def values(self, player: int, *, best_response: bool = False, every_node: bool = False) -> tuple[list[float], list[float], list[list[float]] | None]:
        """Counterfactual values of one player's hands.

        Args:
            player: 0 or 1.
            best_response: The player best-responds (else plays its average
                strategy); the opponent plays its average strategy.
            every_node: Also return the values at every node.

        Returns:
            ``(values, weights, nodes)``: per hand the value at the root
            (chips, weighted by the opponent's compatible weight), the
            opponent's weight compatible with the hand (so ``values[i] /
            weights[i]`` is the hand's EV in chips), and with
            ``every_node`` one list per node of the hand values there.

        Raises:
            InvalidConfigError: ``player`` is not 0 or 1.
        """
        if player not in (0, 1) or isinstance(player, bool):
            raise InvalidConfigError(f"player must be 0 or 1, not {shown(player)}")
        h = self._sizes[player]
        out = array("d", bytes(8 * h))
        cmp = array("d", bytes(8 * h))
        n = len(self.game.nodes)
        nodes = array("d", bytes(8 * h * n)) if every_node else None
        with self._lock:
            _lib.pkc_solver_values(
                self._ptr,
                player,
                int(best_response),
                _ffi.from_buffer("double[]", out, require_writable=True),
                _ffi.from_buffer("double[]", cmp, require_writable=True),
                _ffi.from_buffer("double[]", nodes, require_writable=True) if nodes is not None else _ffi.NULL,
            )
        per_node = [list(nodes[i * h : (i + 1) * h]) for i in range(n)] if nodes is not None else None
        return list(out), list(cmp), per_node

    def equity(self, player: int, boards: Sequence[int] | None = None) -> list[float]:
        """Showdown equity of each hand of ``player`` against the other's
        range (0..1), averaged over ``boards`` (indices into the game's rank
        table) or by default over the boards the tree's showdowns use; -1
        for a hand with no board or no compatible opponent hand.

        Raises:
            InvalidConfigError: ``player`` is not 0 or 1, or a board index
                outside the rank table.
        """
        if player not in (0, 1) or isinstance(player, bool):
            raise InvalidConfigError(f"player must be 0 or 1, not {shown(player)}")
        flags = None
        if boards is not None:
            flags = bytearray(len(self.game.ranks))
            for b in boards:
                if isinstance(b, bool) or not isinstance(b, int) or not 0 <= b < len(flags):
                    raise InvalidConfigError(f"board index {shown(b)} is not in the rank table")
                flags[b] = 1
        out = array("d", bytes(8 * self._sizes[player]))
        with self._lock:
            status = _lib.pkc_solver_equity(
                self._ptr, player, bytes(flags) if flags is not None else _ffi.NULL,
                _ffi.from_buffer("double[]", out, require_writable=True),
            )
        if status != 0:  # pragma: no cover - allocation failure
            raise MemoryError("no memory for the equity computation")
        return list(out)

    def get_state(self) -> tuple["array[float]", "array[float]"]:
        """The regrets and strategy sums (for saving)."""
        n = int(_lib.pkc_solver_state_size(self._ptr))
        regret = array("d", bytes(8 * n))
        ssum = array("d", bytes(8 * n))
        with self._lock:
            _lib.pkc_solver_get_state(
                self._ptr,
                _ffi.from_buffer("double[]", regret, require_writable=True),
                _ffi.from_buffer("double[]", ssum, require_writable=True),
            )
        return regret, ssum

    def set_state(self, regret: "array[float]", ssum: "array[float]", iterations: int) -> None:
        """Restore regrets, strategy sums and the iteration count.

        Raises:
            InvalidConfigError: Arrays of the wrong length or type, values
                that are not finite, negative strategy sums, or a negative
                iteration count.  Nothing changes then.
        """
        n = int(_lib.pkc_solver_state_size(self._ptr))
        if not (isinstance(regret, array) and isinstance(ssum, array) and regret.typecode == ssum.typecode == "d"):
            raise InvalidConfigError("the state must be two array('d') values")
        if len(regret) != n or len(ssum) != n:
            raise InvalidConfigError(f"the state needs {n} regrets and {n} strategy sums, got {len(regret)} and {len(ssum)}")
        if isinstance(iterations, bool) or not isinstance(iterations, int) or not 0 <= iterations < 2**31:
            raise InvalidConfigError(f"iterations must be an int >= 0, not {shown(iterations)}")
        regret, ssum = regret[:], ssum[:]  # private copies while C reads them
        with self._lock:
            status = _lib.pkc_solver_set_state(
                self._ptr, _ffi.from_buffer("double[]", regret), _ffi.from_buffer("double[]", ssum), iterations
            )
        if status != 0:
            raise InvalidConfigError("the state has values that are not finite or negative strategy sums")
