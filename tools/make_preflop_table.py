"""Make the ``expert`` AI's heads-up pre-flop strategy table.

Writes ``src/pokerkit_core/ai/policies/data/expert_preflop.json``: for every
node of a small heads-up pre-flop game, the probability of each action for
each of the 169 starting-hand classes.

The abstraction (documented in docs/expert.rst):

* Heads-up, blinds 0.5 / 1 big blind, 200 big blinds deep (ACPC: 20,000
  chips, blinds 50/100).  Hands are the 169 classes (``AA``, ``AKs``,
  ``AKo``...), each weighted by its combos; two classes meet with the number
  of their card-disjoint combo pairs (card removal between the two hands is
  exact at the class level).
* Actions (sizes are "raise to", big blinds): the small blind folds, limps,
  opens to 2.5 or shoves; after a limp the big blind checks, raises to 4 or
  shoves; facing the open it folds, calls, 3-bets to 3.4 times the open or
  shoves; facing the 3-bet the small blind folds, calls, 4-bets to 2.35
  times the 3-bet or shoves; facing the 4-bet the big blind folds, calls or
  shoves; every shove can be called or folded.
* Terminal values: a fold loses what the folder put in; when the betting
  closes with chips behind (limp-check, calls) the pot is shared by
  **showdown equity** as if the hand were checked down (the post-flop play
  is abstracted away: position, implied odds and fold equity after the flop
  are not modelled); an all-in is settled by equity exactly.
* Equity: the library's equity routine (``calculate_equity``), class against
  class, ``--trials`` Monte Carlo deals per pair (seed 1).
* Solved by discounted CFR (Brown and Sandholm 2019: alpha 1.5, beta 0,
  gamma 2) in vector form over the 169 classes, ``--iterations`` iterations;
  the exploitability of the average strategy in this abstract game (an exact
  best response) is printed and stored.  Actions played less than 1% of the
  time by a class are dropped (probabilities renormalised), so ranges
  narrowed by the table hold true zeros.

Run: ``python tools/make_preflop_table.py [--trials 4000] [--iterations 3000]``
(about a minute on one core).  Needs numpy (the ``test`` extra).
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

import numpy as np

from pokerkit_core.ai.policies.features import preflop_order
from pokerkit_core.evaluation.equity import calculate_equity
from pokerkit_core.evaluation.ranges import Range

OUT = Path(__file__).resolve().parents[1] / "src" / "pokerkit_core" / "ai" / "policies" / "data" / "expert_preflop.json"
STACK = 200.0
OPEN = 2.5
LIMP_RAISE = 4.0
THREE_BET = 3.4
FOUR_BET = 2.35
PURIFY = 0.01


class Node:
    """A node of the abstract pre-flop tree: who acts (0 = small blind),
    the chips each put in (big blinds), and children by action label."""

    def __init__(self, path: str, player: int, inv: tuple[float, float]) -> None:
        self.path = path
        self.player = player
        self.inv = inv
        self.children: dict[str, "Node | Terminal"] = {}


class Terminal:
    """A fold (``folder`` 0 or 1) or a showdown (``folder`` -1)."""

    def __init__(self, folder: int, inv: tuple[float, float]) -> None:
        self.folder = folder
        self.inv = inv


def _facing_shove(path: str, player: int, inv: tuple[float, float]) -> Node:
    node = Node(path, player, inv)
    node.children["fold"] = Terminal(player, inv)
    node.children["call"] = Terminal(-1, (STACK, STACK))
    return node


def build() -> Node:
    """The abstract tree (see the module documentation)."""
    root = Node("", 0, (0.5, 1.0))
    root.children["fold"] = Terminal(0, (0.5, 1.0))
    limp = Node("call", 1, (1.0, 1.0))
    root.children["call"] = limp
    limp.children["check"] = Terminal(-1, (1.0, 1.0))
    lr = Node("call/raise", 0, (1.0, LIMP_RAISE))
    limp.children["raise"] = lr
    lr.children["fold"] = Terminal(0, (1.0, LIMP_RAISE))
    lr.children["call"] = Terminal(-1, (LIMP_RAISE, LIMP_RAISE))
    lr.children["allin"] = _facing_shove("call/raise/allin", 1, (STACK, LIMP_RAISE))
    limp.children["allin"] = _facing_shove("call/allin", 0, (1.0, STACK))
    opened = Node("raise", 1, (OPEN, 1.0))
    root.children["raise"] = opened
    opened.children["fold"] = Terminal(1, (OPEN, 1.0))
    opened.children["call"] = Terminal(-1, (OPEN, OPEN))
    three = OPEN * THREE_BET
    tb = Node("raise/raise", 0, (OPEN, three))
    opened.children["raise"] = tb
    tb.children["fold"] = Terminal(0, (OPEN, three))
    tb.children["call"] = Terminal(-1, (three, three))
    four = three * FOUR_BET
    fb = Node("raise/raise/raise", 1, (four, three))
    tb.children["raise"] = fb
    fb.children["fold"] = Terminal(1, (four, three))
    fb.children["call"] = Terminal(-1, (four, four))
    fb.children["allin"] = _facing_shove("raise/raise/raise/allin", 0, (four, STACK))
    tb.children["allin"] = _facing_shove("raise/raise/allin", 1, (STACK, three))
    opened.children["allin"] = _facing_shove("raise/allin", 0, (OPEN, STACK))
    root.children["allin"] = _facing_shove("allin", 1, (STACK, 1.0))
    return root


def classes() -> list[str]:
    return [c for c, _, _ in preflop_order()]


def matrices(trials: int) -> tuple[np.ndarray, np.ndarray]:
    """``W[i, j]``: card-disjoint combo pairs of classes i and j;
    ``E[i, j]``: the equity of class i against class j."""
    names = classes()
    combos = [[(a.code, b.code) for a, b in Range.parse(n).combos] for n in names]
    n = len(names)
    w = np.zeros((n, n))
    e = np.full((n, n), 0.5)
    for i in range(n):
        for j in range(i, n):
            count = sum(1 for a in combos[i] for b in combos[j] if not set(a) & set(b))
            w[i, j] = w[j, i] = count
            if count == 0:
                continue
            result = calculate_equity([Range.parse(names[i]), Range.parse(names[j])], trials=trials, seed=1)
            e[i, j] = result.players[0].equity
            e[j, i] = result.players[1].equity
    return w, e


class Solver:
    """Vector-form discounted CFR over the 169 classes."""

    def __init__(self, root: Node, w: np.ndarray, e: np.ndarray) -> None:
        self.root = root
        self.w = w
        self.e = e
        self.nodes: list[Node] = []
        self._collect(root)
        self.regret = {id(nd): np.zeros((len(nd.children), 169)) for nd in self.nodes}
        self.avg = {id(nd): np.zeros((len(nd.children), 169)) for nd in self.nodes}
        self.t = 0

    def _collect(self, node: "Node | Terminal") -> None:
        if isinstance(node, Node):
            self.nodes.append(node)
            for child in node.children.values():
                self._collect(child)

    def current(self, node: Node) -> np.ndarray:
        r = np.maximum(self.regret[id(node)], 0)
        total = r.sum(axis=0)
        k = len(node.children)
        return np.where(total > 0, r / np.where(total > 0, total, 1), 1.0 / k)

    def average(self, node: Node) -> np.ndarray:
        a = self.avg[id(node)]
        total = a.sum(axis=0)
        k = len(node.children)
        return np.where(total > 0, a / np.where(total > 0, total, 1), 1.0 / k)

    def terminal(self, node: Terminal, player: int, opp_reach: np.ndarray) -> np.ndarray:
        """Counterfactual values of ``player``'s classes at a terminal."""
        inv = node.inv
        if node.folder >= 0:
            u = inv[node.folder] if node.folder != player else -inv[player]
            return u * (self.w @ opp_reach)
        pot = inv[0] + inv[1]
        u = self.e * pot - inv[player]  # row: player's class, column: the opponent's
        return (self.w * u) @ opp_reach

    def walk(self, node: "Node | Terminal", player: int, reach: list[np.ndarray], best: bool = False) -> np.ndarray:
        if isinstance(node, Terminal):
            return self.terminal(node, player, reach[1 - player])
        kids = list(node.children.values())
        if best or self.t == 0:
            sigma = self.average(node)
        else:
            sigma = self.current(node)
        if node.player == player:
            values = np.stack([
                self.walk(k, player, [reach[0] * sigma[a], reach[1]] if player == 0 else [reach[0], reach[1] * sigma[a]], best)
                for a, k in enumerate(kids)
            ])
            if best:
                return values.max(axis=0)
            v = (sigma * values).sum(axis=0)
            self._update(node, values - v, sigma, reach[player])
            return v
        total = np.zeros(169)
        for a, k in enumerate(kids):
            r = list(reach)
            r[node.player] = reach[node.player] * sigma[a]
            total += self.walk(k, player, r, best)
        return total

    def _update(self, node: Node, regrets: np.ndarray, sigma: np.ndarray, my_reach: np.ndarray) -> None:
        t = self.t
        reg = self.regret[id(node)]
        pos = t**1.5 / (t**1.5 + 1)
        reg *= np.where(reg > 0, pos, 0.5)
        reg += regrets
        self.avg[id(node)] *= (t / (t + 1)) ** 2
        self.avg[id(node)] += sigma * my_reach

    def iterate(self) -> None:
        self.t += 1
        ones = np.ones(169)
        for p in (0, 1):
            self.walk(self.root, p, [ones, ones])

    def exploitability(self) -> float:
        """NashConv / 2 of the average strategy, big blinds per deal."""
        ones = np.ones(169)
        total = self.w.sum()
        br = [float(self.walk(self.root, p, [ones, ones], best=True).sum()) / total for p in (0, 1)]
        return (br[0] + br[1]) / 2  # the game is zero-sum: the values cancel


def table(solver: Solver) -> dict[str, Any]:
    nodes: dict[str, Any] = {}
    for node in solver.nodes:
        sigma = solver.average(node)
        sigma = np.where(sigma < PURIFY, 0.0, sigma)
        sigma = sigma / sigma.sum(axis=0)
        nodes[node.path] = {
            "player": node.player,
            "actions": list(node.children),
            "strategy": [[round(float(x), 4) for x in sigma[:, i]] for i in range(169)],
        }
    return nodes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--trials", type=int, default=4000)
    parser.add_argument("--iterations", type=int, default=3000)
    args = parser.parse_args()
    start = time.perf_counter()
    w, e = matrices(args.trials)
    print(f"equity matrix: {time.perf_counter() - start:.1f} s")
    solver = Solver(build(), w, e)
    for i in range(args.iterations):
        solver.iterate()
    expl = solver.exploitability()
    print(f"{args.iterations} iterations: exploitability {1000 * expl:.2f} mbb/hand, {time.perf_counter() - start:.1f} s")
    data = {
        "format": "pokerkit_core expert pre-flop table 1",
        "made_by": "tools/make_preflop_table.py",
        "stack_bb": STACK,
        "sizes": {"open": OPEN, "limp_raise": LIMP_RAISE, "three_bet": THREE_BET, "four_bet": FOUR_BET},
        "trials": args.trials,
        "iterations": args.iterations,
        "exploitability_mbb": round(1000 * expl, 3),
        "classes": classes(),
        "nodes": table(solver),
    }
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(data, separators=(",", ":")) + "\n")
    print(f"wrote {OUT} ({OUT.stat().st_size:,} bytes)")


if __name__ == "__main__":
    main()
