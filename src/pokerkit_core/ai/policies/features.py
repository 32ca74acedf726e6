"""Shared building blocks of the built-in AIs: hand scores, board texture,
reading the public history, and turning intentions into legal actions.

Everything here is a pure function of public information plus the seat's own
cards, so every policy built on it decides from the observation alone.

References:
    docs/rules.rst section 7 (what a computer player may see); Sklansky and
    Malmuth, *Hold'em Poker for Advanced Players* (starting-hand strength);
    Billings et al., "The challenge of poker", Artificial Intelligence 134
    (2002) (hand strength and potential).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Sequence

from ...engine.actions import Action, ActionKind, AllIn, Bet, Call, Check, Fold, LegalActions, Raise
from ...engine.rules import GameConfig
from ...engine.state import HandState, act, deal
from ...errors import PokerError
from ...evaluation.cards import CARDS, RANK_CHARS, Card
from ...evaluation.evaluator import HandCategory, evaluate_codes, evaluate_combos
from ...engine.events import ActionTaken, BlindPosted, BoardDealt

if TYPE_CHECKING:
    from ...engine.observation import Observation

__all__ = [
    "replay_public",
    "RANK_CHARS",
    "BoardTexture",
    "Draws",
    "Step",
    "StreetActions",
    "aggressive",
    "board_texture",
    "choice_probabilities",
    "draws",
    "hand_class",
    "hand_strength",
    "made_category",
    "passive",
    "preflop_equity",
    "preflop_order",
    "raise_to_for_fraction",
    "street_actions",
    "street_number",
    "top_classes",
    "uses_hole_cards",
    "walk",
]

_ALL_COMBOS = bytes(c for a in range(52) for b in range(a + 1, 52) for c in (a, b))
"""The 1,326 two-card combos as card codes, two per combo (lower code first)."""



# Heads-up pre-flop equity (per mille) of each starting hand against one random
# hand, sampled with 60,000 boards each (standard error about 0.2 %).  Row and
# column are the two ranks (0 = deuce .. 12 = ace): row > column is the suited
# hand, row < column the offsuit one, the diagonal the pairs.
_HU_EQUITY_PERMIL: tuple[tuple[int, ...], ...] = (
    (505, 320, 334, 341, 341, 348, 371, 389, 418, 443, 475, 507, 549),  # 2
    (362, 541, 347, 365, 362, 371, 373, 398, 427, 455, 478, 513, 558),  # 3
    (372, 385, 571, 379, 382, 383, 393, 405, 432, 460, 490, 521, 568),  # 4
    (377, 397, 416, 601, 398, 406, 411, 427, 439, 473, 504, 533, 578),  # 5
    (377, 392, 416, 432, 633, 422, 435, 445, 460, 477, 511, 546, 574),  # 6
    (382, 399, 414, 437, 452, 660, 452, 461, 479, 496, 520, 548, 590),  # 7
    (406, 409, 425, 447, 463, 477, 693, 484, 497, 517, 537, 563, 596),  # 8
    (422, 432, 439, 458, 473, 493, 506, 725, 518, 531, 553, 576, 608),  # 9
    (448, 456, 467, 469, 490, 506, 523, 540, 749, 553, 574, 596, 628),  # T
    (476, 484, 493, 501, 503, 525, 541, 555, 576, 775, 582, 605, 636),  # J
    (503, 508, 517, 528, 533, 542, 557, 577, 594, 600, 803, 614, 646),  # Q
    (535, 542, 545, 559, 564, 574, 586, 601, 615, 622, 635, 824, 655),  # K
    (572, 581, 590, 598, 604, 610, 620, 630, 647, 657, 661, 672, 851),  # A
)


def _class_of(row: int, col: int) -> str:
    if row == col:
        return RANK_CHARS[row] * 2
    if row > col:
        return RANK_CHARS[row] + RANK_CHARS[col] + "s"
    return RANK_CHARS[col] + RANK_CHARS[row] + "o"


def _combos_of(row: int, col: int) -> int:
    return 6 if row == col else (4 if row > col else 12)


_ORDER: tuple[tuple[str, int, float], ...] = tuple(
    sorted(
        (
            (_class_of(r, c), _combos_of(r, c), _HU_EQUITY_PERMIL[r][c] / 1000)
            for r in range(13)
            for c in range(13)
        ),
        key=lambda item: -item[2],
    )
)


def preflop_order() -> tuple[tuple[str, int, float], ...]:
    """The 169 starting hands, strongest first.

    Returns:
        Tuples ``(class, combos, equity)``: the class in range notation
        (``"AA"``, ``"AKs"``, ``"AKo"``), its number of card combinations (6,
        4 or 12) and its heads-up equity against a random hand (0-1).
    """
    return _ORDER


def hand_class(hole: Sequence[Card]) -> str:
    """The starting-hand class of two hole cards, e.g. ``"AKs"`` or ``"77"``.

    Args:
        hole: Exactly two cards.

    Returns:
        The class in range notation.
    """
    a, b = int(hole[0].rank), int(hole[1].rank)
    hi, lo = max(a, b), min(a, b)
    if hi == lo:
        return RANK_CHARS[hi] * 2
    return RANK_CHARS[hi] + RANK_CHARS[lo] + ("s" if hole[0].suit == hole[1].suit else "o")


def preflop_equity(hole: Sequence[Card]) -> float:
    """Heads-up pre-flop equity of two hole cards against a random hand.

    Args:
        hole: Exactly two cards.

    Returns:
        Equity in [0, 1] (AA 0.851, 72o 0.348).
    """
    a, b = int(hole[0].rank), int(hole[1].rank)
    hi, lo = max(a, b), min(a, b)
    if hole[0].suit == hole[1].suit:
        return _HU_EQUITY_PERMIL[hi][lo] / 1000
    return _HU_EQUITY_PERMIL[lo][hi] / 1000


def top_classes(fraction: float) -> tuple[str, ...]:
    """The strongest starting-hand classes covering ``fraction`` of all combos.

    Args:
        fraction: Share of the 1,326 starting combinations, in (0, 1]; at
            least one class is always returned.

    Returns:
        Class names, strongest first (e.g. ``("AA", "KK", "QQ")``).
    """
    wanted = max(fraction, 0.0) * 1326
    out: list[str] = []
    total = 0
    for name, combos, _ in _ORDER:
        if out and total >= wanted:
            break
        out.append(name)
        total += combos
    return tuple(out)


def made_category(hole: Sequence[Card], board: Sequence[Card]) -> HandCategory:
    """The category of the best five of hole cards plus a board of 3-5 cards.

    Args:
        hole: Two cards.
        board: Three to five cards.

    Returns:
        The hand's :class:`~pokerkit_core.evaluation.evaluator.HandCategory`.
    """
    value = evaluate_codes([c.code for c in (*hole, *board)])
    return HandCategory(value >> 12)


def uses_hole_cards(hole: Sequence[Card], board: Sequence[Card]) -> bool:
    """Whether the hole cards improve on the board alone (a 5-card board plays
    as is otherwise).

    Args:
        hole: Two cards.
        board: Three to five cards.

    Returns:
        True when the best category of hole plus board beats the board's own
        (for a 3- or 4-card board: its pairs and trips), so the hand is not
        merely "playing the board".
    """
    mine = made_category(hole, board)
    if len(board) >= 5:
        board_cat = HandCategory(evaluate_codes([c.code for c in board]) >> 12)
    else:
        ranks = [c.rank for c in board]
        counts = sorted((ranks.count(r) for r in set(ranks)), reverse=True)
        if counts[0] >= 3:
            board_cat = HandCategory.THREE_OF_A_KIND
        elif counts[0] == 2 and len(counts) > 1 and counts[1] == 2:
            board_cat = HandCategory.TWO_PAIR
        elif counts[0] == 2:
            board_cat = HandCategory.ONE_PAIR
        else:
            board_cat = HandCategory.HIGH_CARD
    return mine > board_cat


def hand_strength(hole: Sequence[Card], board: Sequence[Card]) -> float:
    """Current hand strength: the share of random opponent hands it beats now.

    Every two-card holding not among the known cards is compared on the
    current board (ties count half); no cards to come are considered.

    Args:
        hole: Two cards.
        board: Three to five cards.

    Returns:
        A fraction in [0, 1].

    References:
        Billings et al. (2002), "hand strength" (HS).
    """
    mine = evaluate_codes([c.code for c in (*hole, *board)])
    values = [v for v in evaluate_combos(_ALL_COMBOS, board, dead=hole) if v]  # 0: blocked
    n = len(values)
    win = sum(1 for v in values if v < mine)
    tie = values.count(mine)
    return (win + 0.5 * tie) / n


@dataclass(frozen=True, slots=True)
class BoardTexture:
    """What the community cards make possible.

    Attributes:
        paired: The board holds at least two cards of one rank.
        flush_possible: Three or more board cards share a suit.
        flush_draw_possible: Exactly two board cards share a suit (and the
            river is still to come).
        straight_possible: Three board cards fit in one five-rank window.
        wetness: 0 (dry) to 3 (many draws), a rough sum of the above.
    """

    paired: bool
    flush_possible: bool
    flush_draw_possible: bool
    straight_possible: bool
    wetness: int


def _windows(ranks: set[int]) -> int:
    """The most distinct ranks (ace low too) inside one five-rank window."""
    rs = set(ranks)
    if 12 in rs:
        rs.add(-1)
    best = 0
    for low in range(-1, 9):
        best = max(best, sum(1 for r in range(low, low + 5) if r in rs))
    return best


def board_texture(board: Sequence[Card]) -> BoardTexture:
    """Describe a board of 0-5 cards.

    Args:
        board: The community cards.

    Returns:
        A :class:`BoardTexture`.
    """
    suits = [sum(1 for c in board if c.suit == s) for s in range(4)]
    ranks = [int(c.rank) for c in board]
    paired = len(set(ranks)) < len(ranks)
    flush_possible = max(suits, default=0) >= 3
    flush_draw = max(suits, default=0) == 2 and len(board) < 5
    straight = _windows(set(ranks)) >= 3
    wet = int(flush_possible) * 2 + int(flush_draw) + int(straight) + int(paired)
    return BoardTexture(paired, flush_possible, flush_draw, straight, min(wet, 3))


@dataclass(frozen=True, slots=True)
class Draws:
    """Drawing chances of hole cards on a flop or turn.

    Attributes:
        flush_draw: Four cards of one suit, at least one of them a hole card.
        open_ended: Four ranks in a row (open at both ends) using a hole card.
        gutshot: Four of five ranks in a window using a hole card (not open-ended).
        outs: Rough count of cards that complete a draw (9 flush, 8 open-ended,
            4 gutshot; combined draws counted without overlap, at most 15).
    """

    flush_draw: bool
    open_ended: bool
    gutshot: bool
    outs: int


def draws(hole: Sequence[Card], board: Sequence[Card]) -> Draws:
    """Find flush and straight draws of two hole cards on a 3- or 4-card board.

    Ranks are kept as bit masks (bit ``r + 1`` for rank ``r``, bit 0 for the
    ace played low), so a window of ranks is a run of bits.

    Args:
        hole: Two cards.
        board: Three or four cards (on a five-card board nothing is a draw).

    Returns:
        A :class:`Draws`; all false for a five-card board or made hands of
        that kind.
    """
    if len(board) >= 5 or len(board) < 3:
        return Draws(False, False, False, 0)
    suits = [0, 0, 0, 0]
    all_mask = board_mask = 0
    for c in board:
        suits[c.suit] += 1
        board_mask |= 2 << c.rank
    all_mask = board_mask
    for c in hole:
        suits[c.suit] += 1
        all_mask |= 2 << c.rank
    flush = any(suits[c.suit] == 4 for c in hole)
    if all_mask & (2 << 12):  # an ace plays low too
        all_mask |= 1
    if board_mask & (2 << 12):
        board_mask |= 1
    open_ended = gutshot = False
    if not any(all_mask & (0b11111 << b) == 0b11111 << b for b in range(10)):  # no straight yet
        for b in range(11):  # four ranks in a row: bits b .. b+3 (rank b-1 .. b+2)
            window = 0b1111 << b
            if all_mask & window == window and board_mask & window != window:
                if 1 <= b <= 9:
                    open_ended = True
                else:
                    gutshot = True
        if not open_ended:
            for b in range(10):  # four of five ranks of a window
                have = all_mask & (0b11111 << b)
                if have.bit_count() == 4 and have & ~board_mask:
                    gutshot = True
    outs = (9 if flush else 0) + (8 if open_ended else (4 if gutshot else 0))
    if flush and (open_ended or gutshot):
        outs -= 2
    return Draws(flush, open_ended, gutshot and not open_ended, min(outs, 15))


@dataclass(frozen=True, slots=True)
class StreetActions:
    """Counts of voluntary actions on one street, from the public history.

    Attributes:
        raises: Bets and raises (including all-ins that raised) per seat.
        calls: Calls per seat.
        checks: Checks per seat.
        last_aggressor: Seat that bet or raised last on the street, or None.
    """

    raises: tuple[int, ...]
    calls: tuple[int, ...]
    checks: tuple[int, ...]
    last_aggressor: int | None


def _street_index(street: object) -> int:
    """Street number 0 (pre-flop) to 3 (river) from a Street enum or name."""
    name = str(getattr(street, "name", street)).upper()
    return {"PREFLOP": 0, "FLOP": 1, "TURN": 2, "RIVER": 3}.get(name, 4)


def street_actions(observation: Observation, street: int) -> StreetActions:
    """Tally the voluntary actions of one street (0 pre-flop .. 3 river).

    Args:
        observation: The observing seat's view; only its public history is read.
        street: 0 pre-flop, 1 flop, 2 turn, 3 river.

    Returns:
        A :class:`StreetActions`.
    """
    n = observation.seat_count
    raises = [0] * n
    calls = [0] * n
    checks = [0] * n
    aggressor: int | None = None
    for event in observation.history:
        if not isinstance(event, ActionTaken) or _street_index(event.street) != street:
            continue
        kind = event.action.kind
        if kind is ActionKind.BET or kind is ActionKind.RAISE:  # all-ins are recorded as such
            raises[event.seat] += 1
            aggressor = event.seat
        elif kind is ActionKind.CALL:
            calls[event.seat] += 1
        elif kind is ActionKind.CHECK:
            checks[event.seat] += 1
    return StreetActions(tuple(raises), tuple(calls), tuple(checks), aggressor)


def street_number(observation: Observation) -> int:
    """The current street as 0 (pre-flop) to 3 (river), 4 when the hand is over.

    Args:
        observation: Any seat's view.

    Returns:
        The street number, 0-4.
    """
    return _street_index(observation.street)


def raise_to_for_fraction(observation: Observation, fraction: float) -> int:
    """The raise-to total that bets or raises ``fraction`` of the pot.

    The pot counted is the pot after calling (as in "pot-sized raise").

    Args:
        observation: The acting seat's view (``legal`` must be set).
        fraction: Bet size as a fraction of the pot (1.0 = pot).

    Returns:
        A raise-to total in chips, clamped to the legal minimum and maximum.
    """
    legal = observation.legal
    if legal is None:
        level = max(observation.bets)
        to_call = level - observation.bets[observation.seat]
        return level + int(fraction * (observation.pot + to_call))
    target = legal.call_to + int(fraction * (observation.pot + legal.call_amount))
    return max(legal.min_raise_to, min(legal.max_raise_to, target))


def passive(legal: LegalActions, *, call: bool) -> Action:
    """Check when possible; otherwise call if ``call`` and allowed, else fold.

    Args:
        legal: The legal actions.
        call: Whether to call a bet rather than fold.

    Returns:
        ``Check``, ``Call`` or ``Fold`` (``Call`` also when folding is not
        allowed).
    """
    if legal.can_check:
        return Check
    if call and legal.can_call:
        return Call
    if legal.can_fold:
        return Fold
    return Call


def aggressive(legal: LegalActions, to: int) -> Action:
    """Bet or raise to ``to`` chips (clamped to the legal range); call or
    check when no bet or raise is allowed.

    Args:
        legal: The legal actions.
        to: Wanted raise-to total for the street, chips.

    Returns:
        A legal action: ``Bet``/``Raise`` (or ``AllIn`` when the total reaches
        the all-in maximum), else ``Call``/``Check``.
    """
    if legal.can_bet or legal.can_raise:
        to = max(legal.min_raise_to, min(legal.max_raise_to, to))
        if to >= legal.max_raise_to and legal.max_is_all_in:
            return AllIn
        return Bet(to) if legal.can_bet else Raise(to)
    if legal.can_call:
        return Call
    return Check


@dataclass(frozen=True, slots=True)
class Step:
    """One voluntary action of the public history, with its betting context.

    Attributes:
        seat: The acting seat.
        street: 0 pre-flop .. 3 river.
        kind: The action's kind (all-ins appear as call, bet or raise).
        facing: Size of the bet or raise the seat faced, as a fraction of the
            pot it would make after calling; ``None`` when it faced none
            (pre-flop: only the big blind).
        size: For a bet or raise: its size as a fraction of the pot after
            calling; 0 otherwise.
        raises_before: Bets and raises made earlier on the street (the big
            blind does not count).
    """

    seat: int
    street: int
    kind: ActionKind
    facing: float | None
    size: float
    raises_before: int


def walk(history: Sequence[object], seat_count: int) -> list[Step]:
    """Replay the public history into :class:`Step` values, in order.

    Args:
        history: Public events of one hand.
        seat_count: Seats at the table.

    Returns:
        One :class:`Step` per :class:`~pokerkit_core.engine.events.ActionTaken`.
    """
    steps: list[Step] = []
    bets = [0] * seat_count
    pot = 0
    street = 0
    level = 0
    big_blind = 0
    last_size: float | None = None
    raises = 0
    for event in history:
        if isinstance(event, BlindPosted):
            bets[event.seat] += event.amount
            pot += event.amount
            if event.kind == "big blind":
                big_blind = max(big_blind, event.amount)
            if event.kind != "ante":
                level = max(level, event.amount)
            continue
        if isinstance(event, BoardDealt):
            bets = [0] * seat_count
            level = 0
            last_size = None
            raises = 0
            continue
        if not isinstance(event, ActionTaken):
            continue
        s = _street_index(event.street)
        if s != street:
            street = s
            bets = [0] * seat_count
            level = 0
            last_size = None
            raises = 0
        seat = event.seat
        kind = event.action.kind
        to_call = max(level - bets[seat], 0)
        facing = last_size if to_call > 0 else None
        size = 0.0
        if kind is ActionKind.BET or kind is ActionKind.RAISE:
            new_total = bets[seat] + event.amount_added
            size = (new_total - level) / max(pot + to_call, 1)
            last_size = size
            level = new_total
        steps.append(Step(seat, s, kind, facing, size, raises))
        if size > 0:
            raises += 1
        bets[seat] += event.amount_added
        pot += event.amount_added
    return steps


Coin = Callable[[float], bool]
"""A biased coin: ``coin(p)`` is true with probability ``p``."""


def choice_probabilities(play: Callable[[Coin], Action]) -> list[tuple[Action, float]]:
    """Every action a decision rule can return, with its probability.

    The rule is written once, as ``play(coin)``, drawing its random choices
    only through ``coin(p)``; a policy's ``decide`` passes a coin backed by its
    own generator (``lambda p: rng.random() < p``), and its
    ``action_probabilities`` passes the rule here, which runs it once for
    each sequence of coin outcomes (depth first) and adds up each path's
    probability.  So the strategy stated and the one played cannot drift
    apart.

    Args:
        play: The decision rule; it must flip a finite number of coins.

    Returns:
        ``(action, probability)`` pairs, each action once, in the order first
        reached; probabilities sum to 1.

    References:
        The probe protocol (:class:`pokerkit_core.engine.policy.ProbeablePolicy`).
    """
    found: dict[Action, float] = {}
    pending: list[tuple[bool, ...]] = [()]
    while pending:
        script = pending.pop()
        taken: list[bool] = []
        weight = [1.0]

        def coin(p: float, script: tuple[bool, ...] = script) -> bool:
            if p <= 0.0:
                return False
            if p >= 1.0:
                return True
            if len(taken) < len(script):
                outcome = script[len(taken)]
            else:
                outcome = True
                pending.append((*taken, False))
            taken.append(outcome)
            weight[0] *= p if outcome else 1.0 - p
            return outcome

        action = play(coin)
        found[action] = found.get(action, 0.0) + weight[0]
    return list(found.items())


def replay_public(view: "Observation") -> list[tuple[HandState, ActionTaken | None]] | None:
    """The hand replayed from ``view``'s public history: the state before
    each action (with the action), then the current state (with ``None``).
    The other seats' hole cards and the board still to come are filled with
    cards nobody sees (the lowest codes not in ``view``), so the states hold
    public facts only, plus the viewer's own cards.

    Args:
        view: A seat's observation (its ``starting_stacks`` one per seat).

    Returns:
        The states, or ``None`` when the replay fails or does not reach
        ``view``'s pot and seat to act (an observation not made by the
        engine, or without starting stacks).
    """
    if len(view.starting_stacks) != view.seat_count:
        return None
    used = {c.code for c in view.hole_cards} | {c.code for c in view.board}
    spare = iter([c for c in range(52) if c not in used])
    holes: list[list[Card] | None] = []
    for seat in range(view.seat_count):
        if view.starting_stacks[seat] <= 0:
            holes.append(None)
        elif seat == view.seat and len(view.hole_cards) == 2:
            holes.append(list(view.hole_cards))
        else:
            holes.append([CARDS[next(spare)], CARDS[next(spare)]])
    board = list(view.board) + [CARDS[next(spare)] for _ in range(5 - len(view.board))]
    try:
        config = GameConfig(
            stacks=tuple(view.starting_stacks), small_blind=view.small_blind,
            big_blind=view.big_blind, ante=view.ante, button=view.button,
        )
        state = deal(config, hole_cards=holes, board=board, seed=0)
        out: list[tuple[HandState, ActionTaken | None]] = []
        for event in view.history:
            if isinstance(event, ActionTaken):
                out.append((state, event))
                state = act(state, event.action)
    except PokerError:
        return None
    if state.to_act != view.seat or state.pot != view.pot:
        return None
    out.append((state, None))
    return out
