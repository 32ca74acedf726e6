"""The immutable hand state machine: ``deal``, ``legal_actions``, ``act``.

A :class:`HandState` never changes; :func:`act` returns a new state and the
old one stays valid, so a search can branch from any state for the price of
one action.  The engine plays the dealer's part itself: it posts antes and
blinds, deals, moves from street to street, returns uncalled bets, runs the
board out when fewer than two players can act, and pays the pots.

>>> from pokerkit_core import GameConfig, deal, act, legal_actions, Call, Check, Raise
>>> state = deal(GameConfig.no_limit(players=2, stack=1_000), seed=7)
>>> legal_actions(state).seat, str(legal_actions(state))
(0, 'fold, call 50, raise to 200..1000 (all-in)')
>>> state = act(state, Raise(300))
>>> state.bets
(300, 100)

Dealing order: with a seed (or none), the engine draws cards from its own
:class:`random.Random` seeded with ``seed`` (never the global one) by an
unbiased Fisher-Yates draw; the drawn sequence gives two consecutive cards to
each dealt-in seat in seat order (lowest seat first), then the five board
cards (flop, turn, river; no burn cards).  ``deck=`` gives that sequence
explicitly.  ``hole_cards=`` / ``board=`` fix known cards and the others are
drawn from the rest of the deck in the same order.

References:
    RULES.md section 2 (a hand of hold'em), section 5 (fixed-limit).
"""

from __future__ import annotations

from typing import Sequence

from .actions import Action, ActionKind, Call, LegalActions
from .cards import Card
from .errors import HandOverError, IllegalActionError, InvalidConfigError, shown
from .events import (
    ActionTaken,
    BoardDealt,
    Event,
    HandShown,
    HoleCardsDealt,
    PotAwarded,
    UncalledBetReturned,
)
from .dealing import CardsArg, deal_cards, draw_codes, seat_arg, seed_arg
from .forced_bets import post_forced_bets
from .pots import Chips, Pot
from .rules import GameConfig, Street
from .showdown import settle, showing_order

__all__ = [
    "Street",
    "HandState",
    "deal",
    "legal_actions",
    "act",
    "show",
    "draw_codes",
]

_STREETS = (Street.PREFLOP, Street.FLOP, Street.TURN, Street.RIVER, Street.SHOWDOWN)
_BOARD_AT = (0, 3, 4, 5, 5)
_FOLD, _CHECK, _CALL = ActionKind.FOLD, ActionKind.CHECK, ActionKind.CALL
_BET, _RAISE, _ALL_IN = ActionKind.BET, ActionKind.RAISE, ActionKind.ALL_IN


class HandState:
    """One moment of a hand: immutable; build it with :func:`deal`.

    All per-seat tuples have one entry per seat, seat 0 first; empty seats
    (stack 0 in the config) have zeros and count as folded.  Amounts are
    chips.  After the hand, ``stacks`` are the final stacks (under
    ``OddChipRule.EXACT`` they may hold :class:`fractions.Fraction` values).

    The constructor is internal; its arguments are the private fields.
    """

    __slots__ = (
        "_config",
        "_street",
        "_to_act",
        "_board",
        "_hole",
        "_stacks",
        "_bets",
        "_contribs",
        "_folded",
        "_acted",
        "_call_to",
        "_min_inc",
        "_nraises",
        "_history",
        "_full_board",
        "_pots",
    )

    def __init__(
        self,
        config: GameConfig,
        street: int,
        to_act: int,
        board: tuple[Card, ...],
        hole: tuple[tuple[Card, ...] | None, ...],
        stacks: tuple[int, ...],
        bets: tuple[int, ...],
        contribs: tuple[int, ...],
        folded: tuple[bool, ...],
        acted: tuple[int, ...],
        call_to: int,
        min_inc: int,
        nraises: int,
        history: tuple[Event, ...],
        full_board: tuple[Card, ...],
        pots: tuple[Pot, ...],
    ) -> None:
        self._config = config
        self._street = street
        self._to_act = to_act
        self._board = board
        self._hole = hole
        self._stacks = stacks
        self._bets = bets
        self._contribs = contribs
        self._folded = folded
        self._acted = acted
        self._call_to = call_to
        self._min_inc = min_inc
        self._nraises = nraises
        self._history = history
        self._full_board = full_board
        self._pots = pots

    # ------------------------------------------------------------ properties
    @property
    def config(self) -> GameConfig:
        """The hand's :class:`GameConfig`."""
        return self._config

    @property
    def street(self) -> Street:
        """The current street; ``Street.SHOWDOWN`` once the hand is over."""
        return _STREETS[self._street]

    @property
    def to_act(self) -> int | None:
        """The seat to act, or ``None`` when the hand is over."""
        return None if self._to_act < 0 else self._to_act

    @property
    def is_over(self) -> bool:
        """The hand has ended (pots paid; see :func:`~pokerkit_core.pots.resolve_pots`)."""
        return self._to_act < 0

    @property
    def board(self) -> tuple[Card, ...]:
        """Board cards dealt so far (0, 3, 4 or 5)."""
        return self._board

    @property
    def hole_cards(self) -> tuple[tuple[Card, ...] | None, ...]:
        """Every seat's hole cards (``None`` for empty seats); hidden information."""
        return self._hole

    @property
    def stacks(self) -> tuple[int, ...]:
        """Chips behind per seat (after the hand: final stacks)."""
        return self._stacks

    @property
    def bets(self) -> tuple[int, ...]:
        """Chips in front of each seat on the current street (antes excluded)."""
        return self._bets

    @property
    def contributions(self) -> tuple[int, ...]:
        """Chips each seat has put in during the whole hand (uncalled returns deducted)."""
        return self._contribs

    @property
    def pot(self) -> int:
        """All chips committed to the hand, current street bets included."""
        return sum(self._contribs)

    @property
    def folded(self) -> tuple[bool, ...]:
        """Per seat: folded, or not dealt in (empty seat)."""
        return self._folded

    @property
    def all_in(self) -> tuple[bool, ...]:
        """Per seat: in the hand with no chips behind."""
        live = self._config._derived.live_mask
        if self._to_act < 0:
            contribs = self._contribs
            starting = self._config.stacks
            return tuple(
                live[s] and not self._folded[s] and contribs[s] == starting[s]
                for s in range(len(live))
            )
        return tuple(
            live[s] and not self._folded[s] and self._stacks[s] == 0 for s in range(len(live))
        )

    @property
    def history(self) -> tuple[Event, ...]:
        """The public event history, oldest first."""
        return self._history

    @property
    def seats_in_hand(self) -> tuple[int, ...]:
        """Seats dealt in that have not folded, seat order."""
        return tuple(s for s, out in enumerate(self._folded) if not out)

    @property
    def button(self) -> int:
        """The button seat."""
        return self._config.button

    @property
    def small_blind_seat(self) -> int | None:
        """The seat that posted the small blind, or ``None``."""
        return self._config.small_blind_seat

    @property
    def big_blind_seat(self) -> int | None:
        """The seat that posted the big blind, or ``None``."""
        return self._config.big_blind_seat

    @property
    def call_to(self) -> int:
        """The street total to match (the current bet level)."""
        return self._call_to

    @property
    def min_raise_increment(self) -> int:
        """The minimum raise-to is ``call_to + min_raise_increment`` (before stack limits)."""
        return self._min_inc

    @property
    def raises_this_street(self) -> int:
        """Bets and full raises this street (the big blind counts pre-flop)."""
        return self._nraises

    @property
    def pots(self) -> tuple[Pot, ...]:
        """The paid pots, main pot first, once the hand is over; ``()`` before."""
        return self._pots

    @property
    def hand_results(self) -> tuple[Chips, ...]:
        """Net chips per seat (final minus starting stack), seat 0 first.

        Raises:
            HandOverError: The hand is not over yet (no result exists).
        """
        if self._to_act >= 0:
            raise HandOverError("the hand is not over yet: no results")
        starting = self._config.stacks
        return tuple(self._stacks[s] - starting[s] for s in range(len(starting)))

    def legal_actions(self) -> LegalActions:
        """Same as :func:`legal_actions` (``legal_actions(self)``).

        Returns:
            The :class:`~pokerkit_core.actions.LegalActions` of the seat to
            act (:attr:`to_act`); amounts are raise-to totals for the
            street, in chips.

        Raises:
            HandOverError: The hand is over (no one is to act).

        References:
            RULES.md section 2 (fold only facing a bet, minimum bet and
            raise, short all-ins), section 5 (fixed-limit amounts and cap).
        """
        return legal_actions(self)

    def act(self, action: Action) -> "HandState":
        """Same as :func:`act` (``act(self, action)``).

        Args:
            action: ``Fold``, ``Check``, ``Call``, ``AllIn``, ``Bet(to)`` or
                ``Raise(to)`` for the seat to act; amounts are raise-to
                totals for the street, in chips.

        Returns:
            The successor state; this one is never modified.

        Raises:
            HandOverError: The hand has ended.
            IllegalActionError: ``action`` is not an allowed
                :class:`~pokerkit_core.actions.Action`; ``err.reason`` names
                the rule and ``err.legal`` lists what is (see :func:`act`).

        References:
            RULES.md section 2 (actions, minimum raise, short all-in,
            uncalled bets, run-out), section 5 (fixed-limit).
        """
        return act(self, action)

    def __repr__(self) -> str:
        street = _STREETS[self._street].name.lower()
        board = "".join(map(str, self._board)) or "-"
        who = "over" if self._to_act < 0 else f"seat {self._to_act} to act"
        return f"<HandState {street} board={board} stacks={self._stacks} bets={self._bets} {who}>"


# ---------------------------------------------------------------- dealing
def deal(
    config: GameConfig,
    *,
    seed: int | None = None,
    deck: CardsArg | None = None,
    hole_cards: Sequence[CardsArg | None] | None = None,
    board: CardsArg | None = None,
) -> HandState:
    """Start a hand: post antes and blinds, deal hole cards, find the first actor.

    Antes are posted first, then the small and big blind; a seat that cannot
    cover them posts what it has and is all-in.  A short big blind does not
    lower the amount to call: the others must still match the full big blind.

    Args:
        config: The table and rules.
        seed: Seed of the engine-owned :class:`random.Random` for this deal:
            an int (not a bool) or ``None`` (seeded from the operating
            system).  Same seed, same cards.  Negative seeds are allowed and
            deal differently from their absolute value: a negative seed ``s``
            is used as ``s mod 2**128`` (two's complement), so ``-7`` deals
            like ``2**128 - 7``, not like ``7``.
        deck: A full deal order for replays: cards (or card text) taken in
            order, two per dealt-in seat in seat order, then five board cards;
            at least ``2 * players + 5`` distinct cards.
        hole_cards: Known hole cards per seat: a list or tuple with one entry
            per seat, each card text, a sequence of two Cards, or ``None``
            (drawn).
        board: Known board cards, flop first (up to five; the rest drawn).

    Returns:
        The first state of the hand (possibly already over, e.g. when every
        seat is all-in from the blinds).

    Raises:
        CardError: Bad or duplicate cards (the message names the card and
            both places), a ``deck``/``board``/``hole_cards`` entry that is
            not card text or Cards, the wrong number of cards, or both
            ``deck`` and known cards.
        InvalidConfigError: ``config`` is not a :class:`GameConfig`, or
            ``seed`` is neither an int nor ``None``.

    References:
        RULES.md section 2 (positions, blinds, heads-up), section 5 (short
        blinds and antes); CASES.md C44, C45 (shuffle, seeding).
    """
    if config.__class__ is not GameConfig:
        raise InvalidConfigError(f"deal needs a GameConfig, got {shown(config)}")
    seed = seed_arg(seed)
    d = config._derived
    hole, full_board = deal_cards(config, seed, deck, hole_cards, board)
    start = d.template
    if start is None:
        start = d.template = _post_forced_bets(config)
    stacks, bets, contribs, folded, acted, call_to, min_inc, nraises, history, to_act = start
    if to_act >= 0:
        return HandState(
            config, 0, to_act, (), hole, stacks, bets, contribs, folded, acted, call_to, min_inc,
            nraises, history, full_board, (),
        )
    return _continue(
        config, 0, (), hole, stacks, bets, contribs, folded, acted, call_to, min_inc, nraises,
        history, full_board, d.preflop_start,
    )


_Ints = tuple[int, ...]
_Start = tuple[_Ints, _Ints, _Ints, tuple[bool, ...], _Ints, int, int, int, tuple[Event, ...], int]


def _post_forced_bets(config: GameConfig) -> _Start:
    """Forced bets, deal events and first actor: the same for every hand of a config."""
    d = config._derived
    n = d.n
    posted_stacks, posted_bets, contribs, call_to, posted = post_forced_bets(config)
    history = posted + tuple(HoleCardsDealt(seat) for seat in d.live)
    folded = tuple(not live for live in d.live_mask)
    acted = (-1,) * n
    to_act = -1
    if folded.count(False) > 1:
        to_act = _find_actor(n, d.preflop_start, posted_stacks, posted_bets, folded, acted, call_to)
    return (
        posted_stacks,
        posted_bets,
        contribs,
        folded,
        acted,
        call_to,
        d.street_bet[0],
        1 if call_to else 0,
        history,
        to_act,
    )


# ---------------------------------------------------------------- legality
def _find_actor(
    n: int,
    start: int,
    stacks: tuple[int, ...],
    bets: tuple[int, ...],
    folded: tuple[bool, ...],
    acted: tuple[int, ...],
    call_to: int,
) -> int:
    """First seat from ``start`` (inclusive, clockwise) that must act, or -1.

    A seat must act if it has not acted on this street or faces a bet.  When
    it is the only seat left that can act, it acts only if it faces chips that
    another player really put in (a short all-in blind leaves nothing to do
    for a seat that already covers it; nobody could answer a raise).
    """
    active = 0
    for seat in range(n):
        if not folded[seat] and stacks[seat]:
            active += 1
    for k in range(n):
        seat = start + k
        if seat >= n:
            seat -= n
        if folded[seat] or not stacks[seat]:
            continue
        if active > 1:
            if bets[seat] < call_to or acted[seat] < 0:
                return seat
        elif bets[seat] < call_to:
            top = max(bets[s] for s in range(n) if s != seat and not folded[s])
            if bets[seat] < top:
                return seat
    return -1


def _raise_window(state: HandState, seat: int) -> tuple[str, int, int]:
    """Why the seat may not raise ('' if it may), and the min / max raise-to."""
    config = state._config
    d = config._derived
    stacks, folded = state._stacks, state._folded
    bet, stack = state._bets[seat], stacks[seat]
    total = bet + stack
    call_to = state._call_to
    min_to = call_to + state._min_inc
    rules = d.rules
    if rules.fixed_limit:
        max_to = min_to if min_to < total else total
        min_to = max_to
    else:
        max_to = total
        if min_to > total:
            min_to = total
    if total <= call_to:
        return f"a call takes all {stack} of your chips", min_to, max_to
    # A raise needs an opponent who could put in more than the current bet
    # (ACPC flavour: any opponent with chips behind).
    floor = call_to if rules.raise_needs_deeper_opponent else 0
    bets = state._bets
    for other in range(d.n):
        if not folded[other] and other != seat and stacks[other]:
            if bets[other] + stacks[other] > floor:
                break
    else:
        return "no opponent could call a raise (all are all-in or covered)", min_to, max_to
    if state._nraises >= d.cap:
        return f"the raise cap of {config.raise_cap} bets this street is reached", min_to, max_to
    acted_at = state._acted[seat]
    if acted_at >= 0 and not rules.may_reraise(
        acted_at, call_to, state._min_inc, d.street_bet[state._street]
    ):
        return (
            f"the betting was not reopened: since you acted the bet rose by {call_to - acted_at}, "
            "less than a full raise (a short all-in does not reopen the betting)",
            min_to,
            max_to,
        )
    return "", min_to, max_to


def legal_actions(state: HandState) -> LegalActions:
    """Everything the seat to act may do now.

    Args:
        state: A hand in progress.

    Returns:
        The :class:`~pokerkit_core.actions.LegalActions` of ``state.to_act``.

    Raises:
        HandOverError: The hand is over.
        InvalidConfigError: ``state`` is not a :class:`HandState`.

    References:
        RULES.md section 2 (fold only facing a bet, minimum bet and raise,
        short all-ins), section 5 (fixed-limit amounts and cap).
    """
    if state.__class__ is not HandState:
        raise _not_a_state(state)
    seat = state._to_act
    if seat < 0:
        raise HandOverError("the hand is over: no one is to act")
    bet, stack = state._bets[seat], state._stacks[seat]
    call_to = state._call_to
    owe = call_to - bet
    if owe > stack:
        owe = stack
    reason, min_to, max_to = _raise_window(state, seat)
    can = not reason
    return LegalActions(
        seat,
        owe > 0,
        owe <= 0,
        owe > 0,
        owe if owe > 0 else 0,
        call_to,
        can and call_to == 0,
        can and call_to > 0,
        min_to,
        max_to,
        max_to == bet + stack,
        state._nraises >= state._config._derived.cap,
        stack,
        bet,
    )


def _not_a_state(value: object) -> InvalidConfigError:
    return InvalidConfigError(f"expected a HandState (from deal or act), got {shown(value)}")


def _illegal(state: HandState, action: object, reason: str) -> IllegalActionError:
    return IllegalActionError(action, legal_actions(state), reason)


# ---------------------------------------------------------------- acting
def act(state: HandState, action: Action) -> HandState:
    """Return the hand after the seat to act plays ``action``.

    The engine then does the dealer's part: next street, uncalled bets
    returned, run-out when fewer than two players can act, showdown and pots.

    Args:
        state: Hand in progress; never modified.
        action: ``Fold``, ``Check``, ``Call``, ``AllIn``, ``Bet(to)`` or
            ``Raise(to)``; amounts are raise-to totals for the street, chips.

    Returns:
        The successor state.

    Raises:
        HandOverError: The hand has ended.
        IllegalActionError: ``action`` is not allowed; ``err.reason`` names
            the rule and ``err.legal`` lists what is.
        InvalidConfigError: ``state`` is not a :class:`HandState`.

    References:
        RULES.md section 2 (actions, minimum raise, short all-in, uncalled
        bets, run-out), section 5 (fixed-limit).
    """
    if state.__class__ is not HandState:
        raise _not_a_state(state)
    seat = state._to_act
    if seat < 0:
        raise HandOverError("the hand is over: no more actions")
    if action.__class__ is not Action:
        raise _illegal(state, action, "an action must be an Action (Fold, Call, Raise(to), ...)")
    kind = action.kind
    bets = state._bets
    stacks = state._stacks
    bet = bets[seat]
    stack = stacks[seat]
    call_to = state._call_to
    owe = call_to - bet
    min_inc = state._min_inc
    nraises = state._nraises
    folded = state._folded
    acted = state._acted
    config = state._config
    street = state._street
    if kind is _FOLD:
        if owe <= 0:
            raise _illegal(state, action, "folding is not allowed when you can check")
        folded = folded[:seat] + (True,) + folded[seat + 1 :]
        history = state._history + (ActionTaken(seat, action, _STREETS[street], 0),)
        return _continue(
            config, street, state._board, state._hole, stacks, bets, state._contribs, folded,
            acted, call_to, min_inc, nraises, history, state._full_board, seat + 1,
        )
    if kind is _CHECK:
        if owe > 0:
            raise _illegal(state, action, f"you cannot check: {min(owe, stack)} to call")
        add = 0
        taken = action
    elif kind is _CALL or (kind is _ALL_IN and bet + stack <= call_to):
        if owe <= 0:
            raise _illegal(state, action, "there is nothing to call: check instead")
        add = owe if owe < stack else stack
        taken = Call
    else:
        total = bet + stack
        if kind is _ALL_IN:
            to = total
            kind = _BET if call_to == 0 else _RAISE
        else:
            if kind is _BET and call_to > 0:
                raise _illegal(state, action, f"there is a bet of {call_to} already: raise instead")
            if kind is _RAISE and call_to == 0:
                raise _illegal(state, action, "there is no bet to raise: bet instead")
            to = action.to
        reason, min_to, max_to = _raise_window(state, seat)
        if reason:
            raise _illegal(state, action, f"you cannot {kind.value}: {reason}")
        if to > max_to:
            if to > total:
                why = f"{to} is more than your {total} chips (stack plus bet)"
            else:
                why = f"{to} is above the fixed-limit amount {max_to}"
            raise _illegal(state, action, f"{kind.value} to {why}")
        if to < min_to:
            raise _illegal(
                state,
                action,
                f"{kind.value} to {to} is below the minimum {min_to} (a bet or raise must be at "
                "least the last full raise and one big blind, unless it is all-in)",
            )
        add = to - bet
        new_inc, counts = config._derived.rules.after_raise(
            call_to, min_inc, to, config._derived.street_bet[street]
        )
        min_inc = new_inc
        if counts:
            nraises += 1
        call_to = to
        taken = action if action.kind is kind else Action(kind, to)
    new_stack = stack - add
    if add:
        stacks = stacks[:seat] + (new_stack,) + stacks[seat + 1 :]
        bets = bets[:seat] + (bet + add,) + bets[seat + 1 :]
        contribs = state._contribs
        contribs = contribs[:seat] + (contribs[seat] + add,) + contribs[seat + 1 :]
    else:
        contribs = state._contribs
    acted = acted[:seat] + (call_to,) + acted[seat + 1 :]
    history = state._history + (
        ActionTaken(seat, taken, _STREETS[street], add, add > 0 and new_stack == 0),
    )
    return _continue(
        config, street, state._board, state._hole, stacks, bets, contribs, folded, acted, call_to,
        min_inc, nraises, history, state._full_board, seat + 1,
    )


def _continue(
    config: GameConfig,
    street: int,
    board: tuple[Card, ...],
    hole: tuple[tuple[Card, ...] | None, ...],
    stacks: tuple[int, ...],
    bets: tuple[int, ...],
    contribs: tuple[int, ...],
    folded: tuple[bool, ...],
    acted: tuple[int, ...],
    call_to: int,
    min_inc: int,
    nraises: int,
    history: tuple[Event, ...],
    full_board: tuple[Card, ...],
    start: int,
) -> HandState:
    """Find the next actor from ``start``; close the street when there is none."""
    d = config._derived
    n = d.n
    if start >= n:
        start -= n
    if folded.count(False) > 1:
        seat = _find_actor(n, start, stacks, bets, folded, acted, call_to)
        if seat >= 0:
            return HandState(
                config, street, seat, board, hole, stacks, bets, contribs, folded, acted, call_to,
                min_inc, nraises, history, full_board, (),
            )
    # The betting round is over: return the uncalled part of the top bet.
    top = max(bets)
    if top and bets.count(top) == 1:
        owner = bets.index(top)
        second = max(bets[s] for s in range(n) if s != owner)
        back = top - second
        stacks = stacks[:owner] + (stacks[owner] + back,) + stacks[owner + 1 :]
        bets = bets[:owner] + (second,) + bets[owner + 1 :]
        contribs = contribs[:owner] + (contribs[owner] - back,) + contribs[owner + 1 :]
        history = history + (UncalledBetReturned(owner, back),)
    in_hand = [s for s in range(n) if not folded[s]]
    if len(in_hand) == 1:
        return _finish(config, board, hole, stacks, bets, contribs, folded, history, full_board)
    able = sum(1 for s in in_hand if stacks[s])
    if street == 3 or able < 2:
        if street < 3:
            # Run-out: hands are shown first, then each remaining street is dealt.
            order = showing_order(config)
            history = history + tuple(HandShown(s, hole[s]) for s in order if not folded[s])  # type: ignore[arg-type]
            for nxt in range(street + 1, 4):
                cards = full_board[_BOARD_AT[nxt - 1] : _BOARD_AT[nxt]]
                history = history + (BoardDealt(_STREETS[nxt], cards),)
            board = full_board
        return _finish(config, board, hole, stacks, bets, contribs, folded, history, full_board)
    street += 1
    board = full_board[: _BOARD_AT[street]]
    history = history + (BoardDealt(_STREETS[street], board[_BOARD_AT[street - 1] :]),)
    zeros = (0,) * n
    not_acted = (-1,) * n
    seat = _find_actor(n, d.postflop_start[street - 1], stacks, zeros, folded, not_acted, 0)
    return HandState(
        config, street, seat, board, hole, stacks, zeros, contribs, folded, not_acted, 0,
        d.street_bet[street], 0, history, full_board, (),
    )


def _finish(
    config: GameConfig,
    board: tuple[Card, ...],
    hole: tuple[tuple[Card, ...] | None, ...],
    stacks: tuple[int, ...],
    bets: tuple[int, ...],
    contribs: tuple[int, ...],
    folded: tuple[bool, ...],
    history: tuple[Event, ...],
    full_board: tuple[Card, ...],
) -> HandState:
    """Pay the pots and build the final state."""
    d = config._derived
    n = d.n
    in_hand = [s for s in range(n) if not folded[s]]
    if len(in_hand) == 1:
        # Everybody else folded: the last player wins every chip, shows nothing.
        winner = in_hand[0]
        total = sum(contribs)
        pots: tuple[Pot, ...] = (Pot(total, (winner,), (winner,), (total,)),)
    else:
        pots, shows = settle(config, board, hole, contribs, folded, history)
        history = history + shows
    final: list[Chips] = list(stacks)
    for index, pot in enumerate(pots):
        for s, share in zip(pot.winners, pot.shares):
            final[s] += share
        history = history + (PotAwarded(index, pot.winners, pot.shares),)
    final_stacks: tuple[int, ...] = tuple(final)  # type: ignore[arg-type]  # Fraction if EXACT
    return HandState(
        config, 4, -1, board, hole, final_stacks, (0,) * n, contribs, folded, (-1,) * n, 0, 0, 0,
        history, full_board, pots,
    )


def show(state: HandState, seat: int) -> HandState:
    """Reveal ``seat``'s hole cards voluntarily after the hand.

    Args:
        state: A finished hand.
        seat: A seat that was dealt in and has not shown yet.

    Returns:
        The state with a :class:`~pokerkit_core.events.HandShown` event added;
        payouts are unchanged.

    Raises:
        HandOverError: The hand is still in progress (cards stay hidden).
        InvalidConfigError: ``state`` is not a :class:`HandState`, or
            ``seat`` is not an int seat of the table (bools
            and other types refused; numpy ints accepted), was not dealt in,
            or already showed.

    References:
        RULES.md section 2 (the last player may voluntarily reveal).
    """
    if state.__class__ is not HandState:
        raise _not_a_state(state)
    if state._to_act >= 0:
        raise HandOverError("cards can be shown voluntarily only after the hand")
    hole = state._hole
    seat = seat_arg(seat, len(hole))
    if hole[seat] is None:
        raise InvalidConfigError(f"seat {seat} was not dealt in")
    if any(isinstance(e, HandShown) and e.seat == seat for e in state._history):
        raise InvalidConfigError(f"seat {seat} has already shown")
    cards: tuple[Card, ...] = hole[seat]  # type: ignore[assignment]
    return HandState(
        state._config, state._street, state._to_act, state._board, hole, state._stacks,
        state._bets, state._contribs, state._folded, state._acted, state._call_to, state._min_inc,
        state._nraises, state._history + (HandShown(seat, cards),), state._full_board, state._pots,
    )

