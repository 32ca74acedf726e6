"""A heads-up subgame solver: vector-form discounted CFR in C.

From a :class:`~pokerkit_core.engine.state.HandState` on the flop, turn or
river (or a :class:`Spot`: board, pot, stacks and two weighted ranges) and a
bet-size abstraction (:class:`BetSizes`) whose every action the engine
allows, :class:`SubgameSolver` builds the public tree, solves it with
discounted CFR (Brown and Sandholm 2019) over both ranges at once, and
answers per hand: the strategy at every node, the EV and the equity; the
exploitability of the solution is an exact best response in the same tree,
in percent of the pot.  Node locking, save/load and rake are supported.

>>> from pokerkit_core.ai.solver import Spot, SubgameSolver, BetSizes
>>> spot = Spot(board="Kh 9c 5d 3s 2h", pot=100, stacks=(1000, 1000),
...             ranges=("KcKs, 7c6c", "9d8d"))
>>> solver = SubgameSolver(spot, BetSizes(bets=(1.0,), raises=(), all_in=False, max_raises=0))
>>> report = solver.solve(target=0.01, max_iterations=5000)
>>> round(solver.hand_strategy("7c6c")["bet 100"], 2)  # air bluffs half the time
0.5

Modules: :mod:`.core` (the game tree and the C solver's wrapper),
:mod:`.subgame` (hold'em spots, bet sizes, answers), :mod:`.toy_games`
(Kuhn, Leduc and the clairvoyance game, which validate the core).

References:
    docs/solver.rst.
"""

from .core import CfrSolver, Evaluation, Game, GameNode
from .subgame import DEFAULT_SIZES, BetSizes, RunoutSample, SolveReport, Spot, SubgameSolver

__all__ = [
    "BetSizes",
    "CfrSolver",
    "DEFAULT_SIZES",
    "Evaluation",
    "Game",
    "GameNode",
    "RunoutSample",
    "SolveReport",
    "Spot",
    "SubgameSolver",
]
