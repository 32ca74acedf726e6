"""Small games with known solutions, built on the solver's core.

They validate :class:`~pokerkit_core.ai.solver.core.CfrSolver`: the same C
code that solves hold'em subgames must find their known values.

* :func:`kuhn`: Kuhn poker (three cards, ante 1, bet 1).  The first player's
  game value is -1/18 of a chip (Kuhn 1950).
* :func:`leduc`: Leduc hold'em (six cards, ante 1, bets 2 then 4, two bets
  per round, one public card).  The first player's value is about -0.0856
  (Southey et al. 2005; OpenSpiel's ``leduc_poker``).
* :func:`polar_river`: the clairvoyance game (a polarized range of nuts and
  air against a bluff catcher) whose equilibrium is known in closed form.

Values here are "per deal" in chips, net of the antes:
``game_value(player) = value - ante`` (:func:`net_value`).
"""

from __future__ import annotations

from typing import Callable

from ...errors import InvalidConfigError, shown
from .core import CHANCE, FOLDED, PLAYER0, PLAYER1, SHOWDOWN, Game, GameNode

__all__ = ["kuhn", "leduc", "polar_river", "betting_round", "net_value"]

_Next = Callable[[tuple[float, float]], GameNode]


def betting_round(
    first: int,
    invested: tuple[float, float],
    bet: float,
    max_bets: int,
    base_pot: float,
    board: int,
    after: _Next,
) -> GameNode:
    """A fixed-limit betting round between two players.

    Args:
        first: The player who acts first (0 or 1).
        invested: Chips each player put in before the round (beyond
            ``base_pot``).
        bet: The size of a bet or raise, chips.
        max_bets: Most bets and raises in the round.
        base_pot: Chips in the pot before any investment (the antes).
        board: The board index of the round's fold terminals.
        after: Builds what follows when the round ends with both players in
            (a showdown or the next round), from the investments.

    Returns:
        The round's first decision node.
    """

    def node(actor: int, inv: tuple[float, float], bets: int, acted: int) -> GameNode:
        me = GameNode(PLAYER0 if actor == 0 else PLAYER1)
        other = 1 - actor
        facing = inv[other] > inv[actor]
        if facing:
            low = inv[actor]
            fold = GameNode(FOLDED, "fold", folder=actor, board=board, pot=base_pot + 2 * low, invested=(low, low))
            matched = (inv[other], inv[other])
            call = after(matched)
            call.label = "call"
            me.children = [fold, call]
            if bets < max_bets:
                raised = list(inv)
                raised[actor] = inv[other] + bet
                child = node(other, (raised[0], raised[1]), bets + 1, acted + 1)
                child.label = "raise"
                me.children.append(child)
        else:
            if acted >= 1:
                check = after(inv)
            else:
                check = node(other, inv, bets, acted + 1)
            check.label = "check"
            me.children = [check]
            if bets < max_bets:
                raised = list(inv)
                raised[actor] = inv[actor] + bet
                child = node(other, (raised[0], raised[1]), bets + 1, acted + 1)
                child.label = "bet"
                me.children.append(child)
        return me

    return node(first, invested, 0, 0)


def _showdown(board: int, base_pot: float) -> _Next:
    def make(inv: tuple[float, float]) -> GameNode:
        return GameNode(SHOWDOWN, board=board, pot=base_pot + inv[0] + inv[1], invested=inv)

    return make


def kuhn() -> Game:
    """Kuhn poker: cards J, Q, K (indices 0, 1, 2), ante 1 each, one bet of 1.

    Player 0 acts first.  Its value per deal, net of the ante, is -1/18.

    Returns:
        The :class:`~pokerkit_core.ai.solver.core.Game` (pot 2 at the root).
    """
    root = betting_round(0, (0.0, 0.0), 1.0, 1, 2.0, 0, _showdown(0, 2.0))
    hands = [(0,), (1,), (2,)]
    return Game(root, 3, (hands, hands), ([1.0] * 3, [1.0] * 3), [([0, 1, 2], [0, 1, 2])])


def leduc() -> Game:
    """Leduc hold'em: six cards (J, Q, K in two suits: index ``2 * rank +
    suit``), ante 1 each, a round of bets of 2, one public card, a round of
    bets of 4, at most two bets per round; a pair with the public card wins,
    else the higher card.

    Player 0 acts first in both rounds.  Its value per deal, net of the
    ante, is about -0.0856.

    Returns:
        The game; board 0 is "no public card", board ``1 + c`` the public
        card ``c``.
    """
    hands = [(c,) for c in range(6)]

    def ranks_on(card: int) -> list[int]:
        return [-1 if h == card else (10 + h // 2 if h // 2 == card // 2 else h // 2) for h in range(6)]

    def second_round(inv: tuple[float, float]) -> GameNode:
        chance = GameNode(CHANCE, chance_probability=1 / 4)
        for card in range(6):
            child = betting_round(0, inv, 4.0, 2, 2.0, 1 + card, _showdown(1 + card, 2.0))
            child.card = card
            child.label = f"card {card}"
            chance.children.append(child)
        return chance

    root = betting_round(0, (0.0, 0.0), 2.0, 2, 2.0, 0, second_round)
    ranks = [([0] * 6, [0] * 6)] + [(ranks_on(c), ranks_on(c)) for c in range(6)]
    return Game(root, 6, (hands, hands), ([1.0] * 6, [1.0] * 6), ranks)


def polar_river(bet: float, nuts: float = 0.5) -> Game:
    """The clairvoyance game: pot 1; player 0 holds the nuts (weight
    ``nuts``) or air (weight ``1 - nuts``), player 1 a bluff catcher that
    beats air and loses to the nuts.  Player 0 checks (showdown) or bets
    ``bet``; player 1 folds or calls.

    Hands: player 0's nuts is card 0, air card 1; player 1's catcher card 2.

    Args:
        bet: The bet, in pots (> 0).
        nuts: The share of the nuts in player 0's range (0 < nuts < 1).

    Returns:
        The game.

    Raises:
        InvalidConfigError: ``bet`` <= 0 or ``nuts`` outside (0, 1).
    """
    if not (isinstance(bet, (int, float)) and 0 < bet < float("inf")):
        raise InvalidConfigError(f"bet must be a positive number of pots, not {shown(bet)}")
    if not (isinstance(nuts, (int, float)) and 0 < nuts < 1):
        raise InvalidConfigError(f"nuts must be in (0, 1), not {shown(nuts)}")
    root = GameNode(PLAYER0)
    check = GameNode(SHOWDOWN, "check", pot=1.0)
    facing = GameNode(PLAYER1, "bet")
    facing.children = [
        GameNode(FOLDED, "fold", folder=1, pot=1.0),
        GameNode(SHOWDOWN, "call", pot=1.0 + 2 * bet, invested=(bet, bet)),
    ]
    root.children = [check, facing]
    return Game(root, 3, ([(0,), (1,)], [(2,)]), ([nuts, 1 - nuts], [1.0]), [([2, 0], [1])])


def net_value(value: float, ante: float = 1.0) -> float:
    """A player's value net of its ante (``value - ante``)."""
    return value - ante
