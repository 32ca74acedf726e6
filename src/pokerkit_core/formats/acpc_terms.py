"""An engine hand in ACPC terms, and the engine state of an ACPC message.

:func:`acpc_betting`, :func:`state_line` and :func:`match_state` write a
:class:`~pokerkit_core.engine.state.HandState` as the ACPC dealer would (betting
rounds, the dealer log's ``STATE`` line, the ``MATCHSTATE`` a player
receives); :func:`acpc_legal`, :func:`acpc_action` and :func:`engine_action`
translate what the seat to act may do and does; :func:`state_from_match_state`
rebuilds the engine state a ``MATCHSTATE`` message describes.  Seats are ACPC
players (the config :meth:`.acpc.AcpcGame.to_config` builds, button on the
last seat).  :mod:`pokerkit_core.formats.replay` re-exports every name.

Engine :class:`~pokerkit_core.engine.actions.Action` ``to`` is the raise-to total
for the **street**; ACPC ``rN`` is the raise-to total for the **whole hand**.

References:
    INTEROP.md sections 1.2-1.4; CASES.md C08.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Sequence

from ..engine.actions import Action, ActionKind, AllIn, Bet, Call, Check, Fold, Raise
from ..evaluation.cards import CARDS, Card
from ..errors import AcpcProtocolError, HandOverError, HistoryParseError, PokerError
from ..engine.events import ActionTaken, BlindPosted, BoardDealt
from ..engine.rules import BettingStructure, GameConfig
from ..engine.state import HandState, act, deal, legal_actions
from .acpc import AcpcAction, AcpcGame, MatchState, StateLine
from .model import Amount, _excerpt

__all__ = [
    "acpc_betting",
    "state_line",
    "match_state",
    "state_from_match_state",
    "acpc_action",
    "engine_action",
    "AcpcLegal",
    "acpc_legal",
]

_BOARD_SIZES = (3, 1, 1)
"""Hold'em board cards dealt in each round after the first (flop, turn, river)."""


def acpc_betting(state: HandState) -> tuple[tuple[AcpcAction, ...], ...]:
    """The ACPC betting rounds of a hand (``rN`` = whole-hand raise-to).

    Seats are ACPC players (config with the button on the last seat, as
    :meth:`.acpc.AcpcGame.to_config` builds). A round that was reached gets
    an entry even when nobody could act (``c//`` after an all-in).

    Args:
        state: Any state.

    Returns:
        One tuple of actions per round reached.
    """
    fixed = state.config.betting is BettingStructure.FIXED_LIMIT
    spent = [0] * state.config.seat_count
    street_max = 0
    rounds: list[list[AcpcAction]] = [[]]
    for event in state.history:
        if isinstance(event, BlindPosted):
            spent[event.seat] += event.amount
            if event.kind != "ante":
                street_max = max(street_max, spent[event.seat])
        elif isinstance(event, BoardDealt):
            rounds.append([])
        elif isinstance(event, ActionTaken):
            before = max(spent)
            spent[event.seat] += event.amount_added
            kind = event.action.kind
            if kind is ActionKind.FOLD:
                rounds[-1].append(AcpcAction("f"))
            elif spent[event.seat] > before and kind is not ActionKind.CALL:
                rounds[-1].append(AcpcAction("r", None if fixed else spent[event.seat]))
            else:
                rounds[-1].append(AcpcAction("c"))
    return tuple(tuple(r) for r in rounds)


def _acpc_board(state: HandState) -> tuple[tuple[Card, ...], ...]:
    board = state.board
    rounds = []
    for start, end in ((0, 3), (3, 4), (4, 5)):
        if len(board) >= end:
            rounds.append(tuple(board[start:end]))
    return tuple(rounds)


def _results(state: HandState) -> tuple[Amount, ...]:
    results = state.hand_results
    if results is None:
        raise HandOverError("the hand is not over yet")
    return tuple(results)


def state_line(state: HandState, hand_number: int, names: Sequence[str]) -> StateLine:
    """The dealer-log ``STATE`` line of a finished hand.

    Args:
        state: A finished hand (seats = ACPC players).
        hand_number: The hand's number in the match.
        names: Player names in player (seat) order.

    Returns:
        The line (every player's hole cards; values = chips won).

    Raises:
        HandOverError: The hand is not over.
    """
    values = tuple(Fraction(v) for v in _results(state))
    return StateLine(
        hand_number,
        acpc_betting(state),
        tuple(tuple(h) if h is not None else None for h in state.hole_cards),
        _acpc_board(state),
        values,
        tuple(names),
    )


def match_state(state: HandState, position: int, hand_number: int) -> MatchState:
    """The ``MATCHSTATE`` the dealer sends to ``position``.

    Another player's hole cards are included only after a showdown (a hand
    over with at least two players not folded), and then only when that
    player reached it: a folded player's cards are never shown to anyone,
    as the ACPC dealer's ``printMatchState`` does.

    Args:
        state: The current state (seats = ACPC players).
        position: The receiving player.
        hand_number: The hand's number in the match.

    Returns:
        The message value (``str()`` gives the text).
    """
    showdown = state.is_over and sum(1 for f in state.folded if not f) >= 2
    holes = tuple(
        tuple(h)
        if h is not None and (seat == position or (showdown and not state.folded[seat]))
        else None
        for seat, h in enumerate(state.hole_cards)
    )
    return MatchState(position, hand_number, acpc_betting(state), holes, _acpc_board(state))


@dataclass(frozen=True, slots=True)
class AcpcLegal:
    """What the seat to act may do, in ACPC terms (whole-hand amounts).

    Attributes:
        seat: The seat (ACPC player) to act.
        can_fold: Folding is allowed (there is something to call).
        call_amount: Chips a call adds (0 = a check).
        can_raise: ``r`` is allowed.
        min_raise_to: Smallest ``rN`` (whole-hand total), or ``None``.
        max_raise_to: Largest ``rN`` (whole-hand total), or ``None``.
        pot: Chips in the pot, current bets included.
    """

    seat: int
    can_fold: bool
    call_amount: int
    can_raise: bool
    min_raise_to: int | None
    max_raise_to: int | None
    pot: int


def acpc_legal(state: HandState) -> AcpcLegal:
    """The legal ACPC actions of the seat to act (CASES.md C08).

    Args:
        state: A hand in progress (seats = ACPC players).

    Returns:
        The :class:`AcpcLegal` view; raise amounts are whole-hand totals.

    Raises:
        HandOverError: The hand is over.
    """
    legal = legal_actions(state)
    before = state.contributions[legal.seat] - state.bets[legal.seat]
    can_raise = legal.can_bet or legal.can_raise
    return AcpcLegal(
        seat=legal.seat,
        can_fold=legal.can_fold,
        call_amount=legal.call_amount if legal.can_call else 0,
        can_raise=can_raise,
        min_raise_to=legal.min_raise_to + before if can_raise else None,
        max_raise_to=legal.max_raise_to + before if can_raise else None,
        pot=state.pot,
    )


def acpc_action(action: Action, state: HandState) -> AcpcAction:
    """The ACPC action for an engine action of the seat to act.

    Args:
        action: The engine action (street raise-to).
        state: The state before it.

    Returns:
        ``f``, ``c``, ``r`` (fixed-limit) or ``rN`` (N = whole-hand total).

    Raises:
        HandOverError: The hand is over.
    """
    legal = legal_actions(state)
    kind = action.kind
    if kind is ActionKind.FOLD:
        return AcpcAction("f")
    if kind in (ActionKind.CHECK, ActionKind.CALL):
        return AcpcAction("c")
    to = legal.all_in_to if kind is ActionKind.ALL_IN else action.to
    if to <= legal.call_to:
        return AcpcAction("c")
    if state.config.betting is BettingStructure.FIXED_LIMIT:
        return AcpcAction("r")
    seat = legal.seat
    before_street = state.contributions[seat] - state.bets[seat]
    return AcpcAction("r", before_street + to)


def engine_action(acpc: AcpcAction, state: HandState) -> Action:
    """The engine action for an ACPC action of the seat to act (no fix-ups).

    Args:
        acpc: ``f``, ``c``, ``r`` or ``rN`` (whole-hand raise-to).
        state: The state before it.

    Returns:
        The engine action (street raise-to; the whole stack is ``AllIn``, and
        so is a limit raise the stack cannot cover).  A no-limit ``rN``
        above the stack stays a ``Raise``/``Bet`` to that total, which
        :func:`~pokerkit_core.engine.state.act` refuses: it is not made an all-in
        here (the ACPC dealer's fix-ups are
        :func:`~pokerkit_core.formats.acpc_reply.fix_reply`).

    Raises:
        HandOverError: The hand is over.
        HistoryParseError: A no-limit raise without an amount.
    """
    legal = legal_actions(state)
    if acpc.kind == "f":
        return Fold
    if acpc.kind == "c":
        return Check if legal.can_check else Call
    if acpc.amount is None:
        if state.config.betting is not BettingStructure.FIXED_LIMIT:
            raise HistoryParseError("a no-limit raise needs an amount")
        to = legal.min_raise_to
    else:
        seat = legal.seat
        to = acpc.amount - (state.contributions[seat] - state.bets[seat])
    if to == legal.all_in_to or (acpc.amount is None and to > legal.all_in_to):
        return AllIn
    return Bet(to) if legal.can_bet else Raise(to)


def state_from_match_state(
    game: AcpcGame | GameConfig, message: MatchState, *, flavour: str = "acpc"
) -> HandState:
    """The engine state a ``MATCHSTATE`` message describes.

    Hidden hole cards and board cards not yet dealt are filled with unused
    cards, so only the receiving seat's view (:func:`~pokerkit_core.engine.observation.observe`)
    is meaningful.

    Args:
        game: The game (or its engine config, seats = ACPC players).
        message: The message.
        flavour: Rule flavour when ``game`` is an :class:`AcpcGame`.

    Returns:
        The state after the betting in the message.

    Raises:
        AcpcProtocolError: A state that cannot happen: board cards for a
            round the betting has not reached (or missing for one it has),
            a round's board of the wrong size, or a raise above the raiser's
            stack.
        HistoryParseError: The betting is not legal in this game, or the
            message does not fit it.
    """
    config = game.to_config(flavour=flavour) if isinstance(game, AcpcGame) else game
    if len(message.hole_cards) != config.seat_count:
        raise HistoryParseError(
            f"{len(message.hole_cards)} players in the message, {config.seat_count} in the game"
        )
    reached = len(message.betting)
    if len(message.board) != reached - 1:
        raise AcpcProtocolError(
            f"impossible state: board cards for {len(message.board)} rounds after the first,"
            f" but the betting reached round {reached} ({_excerpt(str(message))})"
        )
    for index, cards in enumerate(message.board):
        wanted = _BOARD_SIZES[index] if index < len(_BOARD_SIZES) else 0
        if len(cards) != wanted:
            raise AcpcProtocolError(
                f"impossible state: {len(cards)} board cards in round {index + 2},"
                f" {wanted} expected ({_excerpt(str(message))})"
            )
    known = [c for h in message.hole_cards if h is not None for c in h]
    board = list(message.all_board_cards)
    used = set(known) | set(board)
    spare = iter(c for c in reversed(CARDS) if c not in used)
    holes = tuple(
        (h[0], h[1]) if h is not None and len(h) == 2 else (next(spare), next(spare))
        for h in message.hole_cards
    )
    while len(board) < 5:
        board.append(next(spare))
    try:
        state = deal(config, hole_cards=holes, board=tuple(board))
        for round_index, actions in enumerate(message.betting):
            for acpc in actions:
                seat = state.to_act
                if acpc.amount is not None and seat is not None:
                    stack = state.contributions[seat] + state.stacks[seat]
                    if acpc.amount > stack:
                        raise AcpcProtocolError(
                            f"impossible state: player {seat} raises to {acpc.amount},"
                            f" above their stack of {stack} ({_excerpt(str(message))})"
                        )
                state = act(state, engine_action(acpc, state))
    except AcpcProtocolError:
        raise
    except PokerError as exc:
        raise HistoryParseError(f"betting {message.betting!s} does not replay: {exc}") from exc
    return state
