"""Play recorded hands through the rules engine, and record played hands.

:func:`replay` deals a :class:`~pokerkit_core.formats.model.HandHistory` with
its known cards (:func:`~pokerkit_core.engine.state.deal` with ``hole_cards`` and
``board``), plays every recorded move with :func:`~pokerkit_core.engine.state.act`
and compares the stacks where the record stops with its finishing stacks.
:func:`record` goes the other way: any played
:class:`~pokerkit_core.engine.state.HandState` becomes a hand history (export as PHH
with :mod:`.phh`).  Writing a hand in ACPC terms (``acpc_betting``,
``state_line``, ``match_state``, ``acpc_legal``, ``acpc_action``,
``engine_action``) and rebuilding the state a ``MATCHSTATE`` message
describes (``state_from_match_state``) live in :mod:`.acpc_terms`; this
module re-exports those names.

Three amount conventions meet here: PHH ``cbr N`` and engine
:class:`~pokerkit_core.engine.actions.Action` ``to`` are raise-to totals for the
**street**; ACPC ``rN`` is the raise-to total for the **whole hand**.

References:
    INTEROP.md sections 1.2-1.4 and 2; docs/rules.rst sections 2 and 6.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Callable, Sequence

from ..engine.actions import Action, ActionKind, AllIn, Bet, Call, Check, Fold, Raise
from ..evaluation.cards import CARDS, Card
from ..evaluation.evaluator import evaluate_mask
from ..errors import (
    CardError,
    HandOverError,
    HistoryParseError,
    IllegalActionError,
    InvalidConfigError,
)
from ..engine.events import ActionTaken, BlindPosted, BoardDealt, HandMucked, HandShown
from ..engine.rake import RakeSplit
from ..engine.rules import AnteRule, BettingStructure, GameConfig, OddChipRule, RuleFlavour
from ..engine.state import HandState, act, deal, legal_actions
from .acpc import AcpcGame, StateLine, exact_decimal
from .acpc_dealer import emulate_dealer
from .acpc_terms import (
    AcpcLegal,
    acpc_action,
    acpc_betting,
    acpc_legal,
    engine_action,
    match_state,
    state_from_match_state,
    state_line,
)
from .model import (
    Amount,
    DealBoard,
    DealHole,
    Entry,
    HandHistory,
    Move,
    MoveKind,
    ShowCards,
)

__all__ = [
    "ReplayResult",
    "config_for",
    "replay",
    "replay_acpc",
    "to_action",
    "record",
    "acpc_betting",
    "state_line",
    "match_state",
    "state_from_match_state",
    "acpc_action",
    "engine_action",
    "AcpcLegal",
    "acpc_legal",
]


@dataclass(frozen=True, slots=True)
class ReplayResult:
    """The outcome of replaying one recorded hand.

    Attributes:
        ok: Every move was legal and the stacks match the record (or the
            record has none to compare).
        expected: Recorded finishing stacks, player order (``None`` when the
            record has none).
        got: The engine's stacks where the record stops (``None`` when the
            replay failed before).
        error: Why the hand is not ok (the first difference or the refused
            move), else ``None``.
        state: The engine state where the replay stopped (``None`` when the
            hand could not even be dealt).
        entries_played: How many entries were replayed before stopping.
        notes: Readings the replay had to make, e.g. a fold the record
            leaves out (``implicit_folds``).
    """

    ok: bool
    expected: tuple[Amount, ...] | None
    got: tuple[Amount, ...] | None
    error: str | None = None
    state: HandState | None = None
    entries_played: int = 0
    notes: tuple[str, ...] = ()


def _blind_players(blinds: Sequence[int]) -> tuple[int | None, int | None, tuple[int, ...], int | None]:
    """Small blind player (or None), big blind player, straddle amounts and
    the first straddler when not the player right after the big blind.

    PHH lists ``[SB, BB, straddle, ...]`` by player (INTEROP.md): with three
    or more posters the first two are the blinds and the others straddles,
    posted by consecutive players after the big blind: the first of them
    right after it (the UTG straddle), or a later one (a straddle from
    UTG+1 ... the button, ``GameConfig.straddle_seat``).  No blind posted:
    ``(None, None, (), None)`` (a hand of antes only).
    """
    posting = [i for i, b in enumerate(blinds) if b > 0]
    if not posting:
        return None, None, (), None
    if len(posting) > 2:
        small, big, *rest = posting
        if rest != list(range(rest[0], rest[0] + len(rest))):
            raise InvalidConfigError(
                "straddles must be posted by consecutive players after the big blind"
            )
        return small, big, tuple(blinds[i] for i in rest), (rest[0] if rest[0] != big + 1 else None)
    top = max(posting, key=lambda i: (blinds[i], -i))
    others = [i for i in posting if i != top]
    return (others[0] if others else None), top, (), None


def config_for(
    hand: HandHistory, *, rules: str | None = None, exact_split: bool | None = None
) -> tuple[GameConfig, tuple[int, ...]]:
    """The engine configuration that plays ``hand`` (player i = seat i).

    Uniform antes become ``GameConfig.ante``; one ante on the big blind or
    the button becomes ``GameConfig.ante`` with ``AnteRule.BIG_BLIND`` or
    ``AnteRule.BUTTON`` (posted after the blinds, as the engine posts it, so
    a short big blind pays the blind first); any other antes become per-seat
    ``GameConfig.antes``, posted before the blinds, dead money in the main
    pot.  A hand of antes only (no blind posted, as in a shoot-out's last
    hands) gets no blind seats (``small_blind_seat`` and ``big_blind_seat``
    ``None``), ``big_blind`` being the hand's ``min_bet`` (the size of a bet).
    A recorded rake (``hand.rake``) is taken exactly: ``rake_rate`` 1
    capped at it, on every hand (no "no flop, no drop"); with a recorded
    ``hand.rake_rate`` it is taken by ``RakeSplit.RUNNING_TOTAL`` at that
    rate, capped at the recorded rake.  Straddles (a third and
    later ``blinds_or_straddles`` entry) become ``GameConfig.straddles``, and
    ``GameConfig.straddle_seat`` when the first straddler is not the player
    right after the big blind.

    Args:
        hand: The hand.
        rules: ``"default"`` or ``"acpc"``; ``None`` = the hand's own
            (``hand.rules``).
        exact_split: Split pots exactly (fractions); ``None`` = only for ACPC
            records (the ACPC dealer splits exactly).

    Returns:
        ``(config, dead_antes)``: the config and the antes the engine does
        not post itself, per player (all 0: kept for callers of the former
        form).

    Raises:
        InvalidConfigError: The game cannot be played by the engine
            (straddles not by consecutive players after the big blind,
            a straddler who is a blind, no blind and no ante, more than
            10 players, bad
            blinds).
    """
    n = hand.player_count
    flavour = RuleFlavour(rules or hand.rules)
    if exact_split is None:
        exact_split = hand.rules == "acpc"
    small_seat, big_seat, straddles, straddle_seat = _blind_players(hand.blinds)
    antes = hand.antes
    if big_seat is None and not any(antes):
        raise InvalidConfigError("no blind or ante posted: the engine needs a forced bet")
    dead = (0,) * n
    ante = 0
    kwargs: dict[str, object] = {}
    button = hand.button if hand.button is not None else n - 1
    posting = [i for i, a in enumerate(antes) if a > 0]
    if len(set(antes)) == 1:
        ante = antes[0]
    elif len(posting) == 1 and posting[0] in (big_seat, button):
        # one ante, on the big blind or the button: the engine's rule for it,
        # so that a short poster pays in the same order (blind first, rules 5)
        ante = antes[posting[0]]
        kwargs["ante_rule"] = AnteRule.BIG_BLIND if posting[0] == big_seat else AnteRule.BUTTON
    elif antes:
        kwargs["antes"] = tuple(antes)
    if straddles:
        kwargs["straddles"] = straddles
    if straddle_seat is not None:
        kwargs["straddle_seat"] = straddle_seat
    stacks = tuple(hand.starting_stacks)
    if hand.is_fixed_limit:
        kwargs.update(
            betting=BettingStructure.FIXED_LIMIT,
            small_bet=hand.small_bet,
            big_bet=hand.big_bet,
        )
        if hand.raise_cap is not None:
            kwargs["raise_cap"] = hand.raise_cap
    if hand.first_to_act is not None and len(hand.first_to_act) >= 4:
        last = button if big_seat is None else big_seat
        if straddles:
            last = (last + 1 if straddle_seat is None else straddle_seat) + len(straddles) - 1
        standard = ((last + 1) % n, (button + 1) % n, (button + 1) % n, (button + 1) % n)
        if tuple(hand.first_to_act[:4]) != standard:
            kwargs["first_to_act"] = tuple(hand.first_to_act[:4])
    if hand.boards != 1:
        kwargs["boards"] = hand.boards
    if hand.rake and hand.rake_rate is not None:  # the room's split: by the running total
        kwargs.update(
            rake_rate=hand.rake_rate, rake_cap=hand.rake, no_flop_no_drop=False,
            rake_split=RakeSplit.RUNNING_TOTAL,
        )
    elif hand.rake:  # exactly the recorded rake: the whole pot's share, capped at it
        kwargs.update(rake_rate=Fraction(1), rake_cap=hand.rake, no_flop_no_drop=False)
    if big_seat is None:  # antes only: no blind; the big blind sizes the bets
        big_blind = hand.min_bet or hand.small_bet or 1
    else:
        big_blind = hand.blinds[big_seat]
    config = GameConfig(
        stacks=stacks,
        small_blind=hand.blinds[small_seat] if small_seat is not None else 0,
        big_blind=big_blind,
        ante=ante,
        button=button,
        small_blind_seat=small_seat,
        big_blind_seat=big_seat,
        odd_chip=OddChipRule.EXACT if exact_split else OddChipRule.LEFT_OF_BUTTON,
        flavour=flavour,
        **kwargs,  # type: ignore[arg-type]
    )
    return config, dead


def _deck_for(hand: HandHistory, config: GameConfig) -> tuple[Card, ...]:
    """The deal order (``deal(deck=)``) of a hand run more than once: hole
    cards, then five cards per board, each further board's own cards after
    the slots of the cards it shares with the first (those slots, and
    unknown cards, filled with unused cards)."""
    runs = hand.board_runs
    holes, first = _cards_for(hand, extra_used=[c for run in runs[1:] for c in run])
    used = {c for h in holes for c in h} | set(first) | {c for run in runs for c in run}
    spare = iter(c for c in reversed(CARDS) if c not in used)
    deck: list[Card] = [c for seat in config.dealt_in for c in holes[seat]]
    deck.extend(first)
    on_first = set(first)
    for k in range(1, config.boards):
        own = [c for c in runs[k] if c not in on_first] if k < len(runs) else []
        deck.extend(next(spare) for _ in range(5 - len(own)))
        deck.extend(own)
    return tuple(deck)


def _cards_for(
    hand: HandHistory, extra_used: Sequence[Card] = ()
) -> tuple[tuple[tuple[Card, Card], ...], tuple[Card, ...]]:
    """Known hole cards and board, unknown ones filled with unused cards."""
    holes = list(hand.hole_cards)
    board = list(hand.board)
    used = {c for h in holes if h is not None for c in h} | set(board) | set(extra_used)
    if len(board) == 5 and hand.boards == 1:
        _fill_losers(hand, holes, board, used)
    spare = iter(c for c in reversed(CARDS) if c not in used)
    filled: list[tuple[Card, Card]] = []
    for cards in holes:
        if cards is None:
            filled.append((next(spare), next(spare)))
        elif len(cards) != 2:
            raise HistoryParseError(f"hold'em hole cards are 2 cards, not {len(cards)}")
        else:
            filled.append((cards[0], cards[1]))
    while len(board) < 5:
        board.append(next(spare))
    if len(board) > 5:
        raise HistoryParseError(f"{len(board)} board cards dealt")
    return tuple(filled), tuple(board)


def _fill_losers(
    hand: HandHistory, holes: list[tuple[Card, ...] | None], board: list[Card], used: set[Card]
) -> None:
    """Give each player still in at the end whose cards nobody saw (a hand
    mucked at the showdown) the weakest two unused cards on ``board``, so
    that the replay pays the pots as the record did: a mucked hand lost.
    ``holes`` and ``used`` are updated in place."""
    folded = {e.player for e in hand.entries if isinstance(e, Move) and e.kind is MoveKind.FOLD}
    unknown = [p for p, cards in enumerate(holes) if cards is None and p not in folded]
    if not unknown or len(unknown) == hand.player_count:
        return
    board_mask = sum(card.mask for card in board)
    for player in unknown:
        free = [c for c in CARDS if c not in used]
        best: tuple[int, tuple[Card, Card]] | None = None
        for i, first in enumerate(free):
            for second in free[i + 1 :]:
                value = evaluate_mask(board_mask | first.mask | second.mask)
                if best is None or value < best[0]:
                    best = (value, (first, second))
        if best is None:  # pragma: no cover - a deck always has two cards left
            return
        holes[player] = best[1]
        used.update(best[1])


def to_action(move: Move, state: HandState) -> Action:
    """The engine action of a recorded move in ``state``.

    A bet/raise to the player's whole stack (or beyond) becomes ``AllIn``; a
    fixed-limit ``cbr`` without an amount becomes the fixed raise.

    Args:
        move: The move (``to`` is the street raise-to).
        state: The state before the move; ``move.player`` must be to act.

    Returns:
        ``Fold``, ``Check``, ``Call``, ``Bet(to)``, ``Raise(to)`` or ``AllIn``.

    Raises:
        HandOverError: The hand is over.
    """
    legal = legal_actions(state)
    if move.kind is MoveKind.FOLD:
        return Fold
    if move.kind is MoveKind.CHECK_CALL:
        return Check if legal.can_check else Call
    to = move.to if move.to is not None else legal.min_raise_to
    if to >= legal.all_in_to:
        return AllIn
    return Bet(to) if legal.can_bet else Raise(to)


def replay(
    hand: HandHistory,
    *,
    rules: str | None = None,
    exact_split: bool | None = None,
    tolerance: Fraction | None = None,
    implicit_folds: bool = True,
    on_entry: Callable[[int, HandState], None] | None = None,
) -> ReplayResult:
    """Play ``hand`` through the engine and compare with its finishing stacks.

    Args:
        hand: The recorded hand (possibly partial: it is compared where it
            stops).
        rules: ``"default"`` (docs/rules.rst) or ``"acpc"`` (the ACPC dealer's);
            ``None`` = the record's own.
        exact_split: Split pots exactly (PHH Pluribus hands, ACPC logs);
            ``None`` = only for ACPC records.
        tolerance: Largest accepted difference per stack; ``None`` = exact,
            except 1e-6 for ACPC records (logged to 6 decimals).
        implicit_folds: When a player is to act who has no move later in
            the record while another player's move comes, fold the former
            (some PHH files leave such folds out) and say so in ``notes``.
            Such folds are taken only when they bring the move's player to
            act; otherwise the move is out of turn and none is taken.
        on_entry: Called as ``on_entry(played, state)`` with the dealt hand
            (``played`` 0) and after each entry the replay accepts
            (``played`` entries so far): every step of the hand in one
            replay (the web replayer's steps).

    Returns:
        The :class:`ReplayResult`; never raises for a refused move (it is
        reported in ``error``).  A move out of turn stops the replay with
        ``error`` ``"entry N (pK cbr 300) is out of turn: pJ is to act"``
        (the first such move; ``pJ`` is who was to act when it came, or
        ``nobody (the hand is over)``), ``state`` the hand at that point
        and ``entries_played`` the entries before it.

    Raises:
        HistoryParseError: Cards that cannot be dealt (wrong count,
            duplicates).
    """
    expected = hand.finishing_stacks
    if tolerance is None:
        tolerance = Fraction(1, 10**6) if hand.rules == "acpc" else Fraction(0)
    try:
        config, dead = config_for(hand, rules=rules, exact_split=exact_split)
        if config.boards == 1:
            holes, board = _cards_for(hand)
            state = deal(config, hole_cards=holes, board=board)
        else:
            state = deal(config, deck=_deck_for(hand, config))
    except (InvalidConfigError, HistoryParseError, CardError) as exc:
        return ReplayResult(False, expected, None, f"cannot deal: {exc}")
    board_seen = 0
    played = 0
    notes: list[str] = []
    entries = hand.entries
    if on_entry is not None:
        on_entry(0, state)
    for index, entry in enumerate(entries):
        if isinstance(entry, Move):
            before, noted = state, len(notes)
            while (
                implicit_folds
                and state.to_act is not None
                and state.to_act != entry.player
                and not state.folded[entry.player]
                and not any(
                    isinstance(e, Move) and e.player == state.to_act for e in entries[index:]
                )
            ):
                notes.append(f"p{state.to_act + 1} has no recorded move: taken as a fold")
                try:
                    state = act(state, Fold)
                except IllegalActionError:
                    state = act(state, Check)
            if state.to_act != entry.player:
                # out of turn even with the folds left out: undo those folds
                # and name who was to act when this move came
                state = before
                del notes[noted:]
                who = "nobody (the hand is over)" if state.to_act is None else f"p{state.to_act + 1}"
                return ReplayResult(
                    False, expected, _stacks(state, dead),
                    f"entry {played + 1} (p{entry.player + 1} {_describe(entry)}) is out of turn: "
                    f"{who} is to act",
                    state, played, tuple(notes),
                )
            try:
                action = to_action(entry, state)
                state = act(state, action)
            except (IllegalActionError, HandOverError) as exc:
                return ReplayResult(
                    False, expected, _stacks(state, dead),
                    f"entry {played + 1}: p{entry.player + 1} {_describe(entry)} refused: {exc}",
                    state, played,
                )
        elif isinstance(entry, DealBoard):
            board_seen += len(entry.cards)
            if len(state.board) < board_seen and not state.is_over:
                return ReplayResult(
                    False, expected, _stacks(state, dead),
                    f"entry {played + 1}: board dealt while the betting is still open",
                    state, played,
                )
        played += 1
        if on_entry is not None:
            on_entry(played, state)
    got = _stacks(state, dead)
    if expected is None:
        return ReplayResult(True, None, got, None, state, played, tuple(notes))
    for seat, (e, g) in enumerate(zip(expected, got)):
        if abs(Fraction(e) - Fraction(g)) > tolerance:
            return ReplayResult(
                False, expected, got,
                f"p{seat + 1} finishes with {_fmt(g)}, the record says {_fmt(e)}",
                state, played, tuple(notes),
            )
    return ReplayResult(True, expected, got, None, state, played, tuple(notes))


def replay_acpc(line: StateLine, game: AcpcGame, *, rules: str = "acpc") -> ReplayResult:
    """Replay one ACPC log line and compare with its logged values.

    The hand goes through the engine (:func:`replay`). Under ``rules="acpc"``
    a hand the engine cannot reproduce because it uses a dealer quirk no rule
    book has (a fixed-limit all-in "raise" that does not even match the
    current bet: the dealer *lowers* the bet to it and later calls match the
    lower amount, and counts a raise to exactly the bet as a raise) is
    settled by :func:`~.acpc_dealer.emulate_dealer` instead; ``notes`` then says
    so and keeps the engine's error.

    Args:
        line: The ``STATE`` line.
        game: The match's game.
        rules: ``"acpc"`` or ``"default"``.

    Returns:
        The result; ``expected``/``got`` are finishing stacks (starting
        stacks + values).

    Raises:
        HistoryParseError: The line does not fit the game.
    """
    hand = line.to_history(game)
    result = replay(hand, rules=rules, exact_split=True)
    if result.ok or rules != "acpc":
        return result
    outcome = emulate_dealer(game, line)
    if not outcome.has_quirk:
        return result
    got = tuple(_norm(s + v) for s, v in zip(hand.starting_stacks, outcome.values))
    close = all(
        abs(Fraction(e) - Fraction(g)) <= Fraction(1, 10**6)
        for e, g in zip(hand.finishing_stacks or (), got)
    )
    quirk = (
        "a limit all-in raise below the current bet lowers the bet"
        if outcome.lowered_bet
        else "a limit all-in raise to exactly the current bet counts as a raise"
    )
    note = f"ACPC dealer emulation used ({quirk}; the engine says: {result.error})"
    if not close:
        return ReplayResult(False, hand.finishing_stacks, got, note, result.state)
    return ReplayResult(True, hand.finishing_stacks, got, None, result.state,
                        result.entries_played, (*result.notes, note))


def _fmt(amount: Amount) -> str:
    """An amount as text: ``10112.5`` for halves, ``22000/3`` when not decimal (exact)."""
    value = Fraction(amount)
    return exact_decimal(value) or str(value)


def _describe(move: Move) -> str:
    return move.kind.value + ("" if move.to is None else f" {move.to}")


def _stacks(state: HandState, dead: tuple[int, ...]) -> tuple[Amount, ...]:
    """Stacks per player; dead antes go to the winners of the first pot."""
    stacks: list[Amount] = list(state.stacks)
    total_dead = sum(dead)
    if not total_dead:
        return tuple(stacks)
    if not state.is_over:
        return tuple(stacks)
    winners = _first_pot_winners(state)
    if not winners:
        return tuple(stacks)
    if state.config.odd_chip is OddChipRule.EXACT:
        share = Fraction(total_dead, len(winners))
        for seat in winners:
            stacks[seat] = _norm(stacks[seat] + share)
    else:
        base, odd = divmod(total_dead, len(winners))
        for index, seat in enumerate(winners):
            stacks[seat] = stacks[seat] + base + (1 if index < odd else 0)
    return tuple(stacks)


def _first_pot_winners(state: HandState) -> tuple[int, ...]:
    pots = getattr(state, "pots", ())
    if pots and pots[0].winners:
        return tuple(pots[0].winners)
    live = [s for s in range(len(state.folded)) if not state.folded[s]]
    return tuple(live) if len(live) == 1 else ()


def _norm(value: Amount) -> Amount:
    if isinstance(value, Fraction) and value.denominator == 1:
        return value.numerator
    return value


# --------------------------------------------------------------------------- recording


def _player_order(config: GameConfig) -> tuple[int, ...]:
    """Dealt-in seats in PHH player order: clockwise from the seat after the button."""
    n = config.seat_count
    live = set(config.dealt_in)
    return tuple(
        seat for seat in ((config.button + 1 + k) % n for k in range(n)) if seat in live
    )


def record(
    state: HandState,
    *,
    players: Sequence[str] = (),
    hand_id: int | str | None = None,
) -> HandHistory:
    """The hand history of a played (or partly played) hand.

    Players are the dealt-in seats in PHH order (the seat after the button
    first, the button last); exported with :func:`.phh.dumps` and replayed,
    the hand gives the same actions and stacks.

    Args:
        state: Any state; its history is recorded.
        players: Optional names, one per seat (seat order).
        hand_id: Optional hand number or label.

    Returns:
        The history (finishing stacks = the current stacks).
    """
    config = state.config
    order = _player_order(config)
    player_of = {seat: i for i, seat in enumerate(order)}
    blinds = [0] * len(order)
    antes = [0] * len(order)
    for bet in config.forced_bets:  # blinds, straddles and antes as PHH lists them
        if bet.seat in player_of:
            if bet.kind == "ante":
                antes[player_of[bet.seat]] += bet.amount
            else:
                blinds[player_of[bet.seat]] = bet.amount
    entries: list[Entry] = []
    for seat in order:
        cards = state.hole_cards[seat]
        entries.append(DealHole(player_of[seat], None if cards is None else tuple(cards)))
    bets = [0] * config.seat_count
    for event in state.history:
        if isinstance(event, BlindPosted):
            if event.kind != "ante":
                bets[event.seat] += event.amount
        elif isinstance(event, BoardDealt):
            # every board, board by board (HandHistory.boards, the _boards key)
            bets = [0] * config.seat_count
            entries.append(DealBoard(tuple(event.cards)))
        elif isinstance(event, ActionTaken):
            before = max(bets)
            bets[event.seat] += event.amount_added
            player = player_of[event.seat]
            kind = event.action.kind
            if kind is ActionKind.FOLD:
                entries.append(Move(player, MoveKind.FOLD))
            elif bets[event.seat] > before and kind is not ActionKind.CALL:
                entries.append(Move(player, MoveKind.BET_RAISE, bets[event.seat]))
            else:
                entries.append(Move(player, MoveKind.CHECK_CALL))
        elif isinstance(event, HandShown):
            entries.append(ShowCards(player_of[event.seat], tuple(event.cards)))
        elif isinstance(event, HandMucked):
            entries.append(ShowCards(player_of[event.seat], None, shown=False))
    fixed = config.betting is BettingStructure.FIXED_LIMIT
    names = tuple(players[seat] for seat in order) if players else ()
    stacks = state.stacks
    return HandHistory(
        variant="FT" if fixed else "NT",
        starting_stacks=tuple(config.stacks[seat] for seat in order),
        blinds=tuple(blinds),
        antes=tuple(antes),
        entries=tuple(entries),
        min_bet=None if fixed else config.big_blind,
        small_bet=config.small_bet if fixed else None,
        big_bet=config.big_bet if fixed else None,
        finishing_stacks=tuple(_norm(stacks[seat]) for seat in order),
        players=names,
        hand_id=hand_id,
        button=player_of.get(config.button),
        first_to_act=(
            tuple(player_of.get(s, 0) for s in config.first_to_act)
            if config.first_to_act is not None
            else None
        ),
        raise_cap=config.raise_cap if fixed else None,
        rules=config.flavour.value,
        boards=config.boards,
        rake=sum(pot.rake for pot in state._showdown.pots) if state._showdown is not None else 0,
    )
