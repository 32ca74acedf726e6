"""The ACPC dealer's own dealing and settlement of a hand, emulated.

:class:`AcpcRandom` deals the cards the reference dealer deals for a seed.

The reference dealer (v1.0.42, ``game.c``) has fixed-limit behaviour that no
rule book has and that a rules engine whose bets never go down cannot play: a
player who cannot cover the current bet may still "raise"; the dealer makes
that all-in total the bet, later calls match the *lower* amount, and at a
showdown folded chips above the winners' totals are paid to nobody.
:func:`emulate_dealer` settles a logged hand exactly as the dealer's code
does, as an independent check of the logs and of the engine's ACPC flavour.

References:
    INTEROP.md section 1.4; the ACPC dealer's ``doAction`` and
    ``valueOfState``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction

from ..evaluation.cards import CARDS, Card
from ..errors import HistoryParseError
from ..evaluation.evaluator import evaluate
from .acpc import AcpcGame, StateLine
from .acpc_game import next_to_act

__all__ = ["AcpcRandom", "DealerOutcome", "emulate_dealer"]


class AcpcRandom:
    """The ACPC dealer's card dealing: MT19937 seeded with ``init_genrand(seed)``.

    One generator serves the whole match; each hand draws the players' hole
    cards (player order) then the board, each card by
    ``genrand_int32() % cards_left`` from the dealer's deck order, the drawn
    slot being filled with the last card.

    Args:
        seed: The match seed (32-bit).
    """

    def __init__(self, seed: int) -> None:
        state = [seed & 0xFFFFFFFF]
        for i in range(1, 624):
            prev = state[-1]
            state.append((1812433253 * (prev ^ (prev >> 30)) + i) & 0xFFFFFFFF)
        self._rng = random.Random()
        self._rng.setstate((3, tuple(state + [624]), None))

    def deal(
        self, players: int, hole: int = 2, board: int = 5
    ) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
        """Cards of the next hand: hole cards per player, and the board.

        Args:
            players: Players dealt.
            hole: Hole cards each.
            board: Board cards.

        Returns:
            ``(hole cards per player, board)``.
        """
        deck = [rank * 4 + suit for suit in range(4) for rank in range(13)]
        left = len(deck)
        drawn: list[Card] = []
        for _ in range(players * hole + board):
            index = self._rng.getrandbits(32) % left
            drawn.append(CARDS[deck[index]])
            deck[index] = deck[left - 1]
            left -= 1
        holes = tuple(tuple(drawn[p * hole:(p + 1) * hole]) for p in range(players))
        return holes, tuple(drawn[players * hole:])


@dataclass(frozen=True, slots=True)
class DealerOutcome:
    """A hand as the ACPC dealer's own code (``game.c``) settles it.

    Attributes:
        spent: Chips each player has in the pot at the end.
        folded: Per player, whether they folded.
        values: Chips won per player, as ``valueOfState`` computes them.
        lowered_bet: True when a limit raise by a player who could not cover
            the current bet *lowered* the amount to match (the dealer sets the
            bet to that player's all-in total and later calls match it); such
            hands cannot be represented by a rules engine whose bets never go
            down.
        short_raise_as_call: True when a limit all-in "raise" only matched
            the current bet (the dealer counts it as a raise).
    """

    spent: tuple[int, ...]
    folded: tuple[bool, ...]
    values: tuple[Fraction, ...]
    lowered_bet: bool = False
    short_raise_as_call: bool = False

    @property
    def has_quirk(self) -> bool:
        """The hand used one of the dealer behaviours no standard rules have."""
        return self.lowered_bet or self.short_raise_as_call


def emulate_dealer(game: AcpcGame, line: StateLine) -> DealerOutcome:
    """Settle a logged hand exactly as the ACPC dealer v1.0.42 does.

    An independent check of the logs and of the engine's ACPC flavour,
    written from the dealer's ``doAction`` and ``valueOfState``: a call sets
    the player's total to the current bet (capped at the stack); a raise sets
    it to the raise-to (limit: current bet + raise size, capped at the stack)
    and makes that the current bet, even when lower; at a showdown each
    player's value is computed level by level up to the player's own total,
    folded players' chips included up to each level (chips above the
    winners' totals are not paid to anyone); a hand won by folds pays the
    winner everyone else's chips.

    Args:
        game: The game.
        line: The logged hand (every player's cards are needed at a showdown).

    Returns:
        The :class:`DealerOutcome`.

    Raises:
        HistoryParseError: The betting does not fit the game, or a showdown
            player's cards are missing.
    """
    n = game.num_players
    stacks = game.stacks[:n]
    spent = [min(b, s) for b, s in zip(game.blinds, stacks)]
    folded = [False] * n
    current = max(spent)
    lowered = matched = False
    if len(line.betting) > game.num_rounds:
        raise HistoryParseError("more betting rounds than the game has")
    for round_index, actions in enumerate(line.betting):
        player = game.first_player[round_index]
        for action in actions:
            player = next_to_act(player, folded, spent, stacks)
            if action.kind == "f":
                folded[player] = True
            elif action.kind == "c":
                spent[player] = min(current, stacks[player])
            else:
                if game.is_limit:
                    total = current + game.raise_sizes[round_index]
                else:
                    if action.amount is None:
                        raise HistoryParseError("a no-limit raise needs an amount")
                    total = action.amount
                total = min(total, stacks[player])
                lowered = lowered or total < current
                matched = matched or total == current
                spent[player] = total
                current = total
            player = (player + 1) % n
    live = [p for p in range(n) if not folded[p]]
    values: list[Fraction] = []
    if len(live) == 1:
        for p in range(n):
            if folded[p]:
                values.append(Fraction(-spent[p]))
            else:
                values.append(Fraction(sum(spent) - spent[p]))
    else:
        board = tuple(card for cards in line.board for card in cards)
        ranks: list[int] = []
        for p in range(n):
            cards = line.hole_cards[p]
            if folded[p]:
                ranks.append(-1)
            elif cards is None or len(board) < 5:
                raise HistoryParseError(f"player {p} reaches a showdown without known cards")
            else:
                ranks.append(evaluate(tuple(cards) + board).value)
        for p in range(n):
            if folded[p]:
                values.append(Fraction(-spent[p]))
                continue
            left = list(spent)
            value = Fraction(0)
            while left[p] > 0:
                size = min(x for x in left if x > 0)
                inside = [q for q in range(n) if left[q] > 0]
                best = max(ranks[q] for q in inside)
                winners = sum(1 for q in inside if ranks[q] == best)
                if ranks[p] == best:
                    value += Fraction(size * len(inside), winners) - size
                else:
                    value -= size
                left = [x - size if x > 0 else 0 for x in left]
            values.append(value)
    return DealerOutcome(
        tuple(spent), tuple(folded), tuple(values), lowered, matched and not lowered
    )
