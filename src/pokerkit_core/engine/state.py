"""The immutable hand state machine: ``deal``, ``legal_actions``, ``act``.

A :class:`HandState` never changes; :func:`act` returns a new state and the
old one stays valid, so a search can branch from any state for the price of
one action.  The engine plays the dealer's part itself: it posts antes,
blinds and straddles, deals, moves from street to street, returns uncalled
bets, runs the board out (once, or ``GameConfig.boards`` times) when fewer
than two players can act, and pays the pots.  The showdown's outcome is
computed once and kept in the final state (:attr:`HandState.pots`,
:attr:`HandState.board_pots`, :func:`resolve_pots`).

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
cards (flop, turn, river; no burn cards), then five cards for each further
board of a hand run more than once (board ``k`` takes the cards of the
streets still to come from its own five).  ``deck=`` gives that sequence
explicitly.  ``hole_cards=`` / ``board=`` fix known cards and the others are
drawn from the rest of the deck in the same order.

States compare and hash by value: two states reached by the same deal and
the same actions are equal, and a pickled state loads equal to itself.

References:
    docs/rules.rst section 2 (a hand of hold'em), 2b (straddles, run it twice),
    section 5 (fixed-limit).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from .actions import Action, ActionKind, Call, Check, Fold, LegalActions
from ..evaluation.cards import Card
from ..errors import HandOverError, IllegalActionError, InvalidConfigError, shown
from .events import (
    ActionTaken,
    BoardDealt,
    Event,
    HandShown,
    HoleCardsDealt,
    PotAwarded,
    RakeTaken,
    UncalledBetReturned,
)
from .dealing import NO_DEAL, CardsArg, deal_cards, deck_codes, draw_codes, make_deal, seed_arg
from .forced_bets import post_forced_bets
from ..evaluation.evaluator import STATE_KERNEL
from .hand_state import HandFields, copy_state
from .pots import Chips, Pot
from .rules import MAX_CHIPS, BettingStructure, GameConfig, RuleFlavour, Street, betting_rules
from .rake import RakeSplit, hand_rake
from .showdown import Showdown, settle, showing_order

__all__ = [
    "Street",
    "HandState",
    "deal",
    "legal_actions",
    "act",
    "replay_actions",
    "draw_codes",
]

_STREETS = (Street.PREFLOP, Street.FLOP, Street.TURN, Street.RIVER, Street.SHOWDOWN)
_PREFLOP, _RIVER, _SHOWDOWN = Street.PREFLOP, Street.RIVER, Street.SHOWDOWN
_BOARD_AT = (0, 3, 4, 5, 5)  # board cards dealt by the start of each street
_FOLD, _CHECK, _CALL = ActionKind.FOLD, ActionKind.CHECK, ActionKind.CALL
_BET, _RAISE, _ALL_IN = ActionKind.BET, ActionKind.RAISE, ActionKind.ALL_IN
_tuple_new = tuple.__new__  # a NamedTuple record without its Python __new__
_ACTIONS: dict[int, Action] = {}
"""The engine's own bet and raise values for the history: ``Raise(to)`` at
``to``, ``Bet(to)`` at ``-to`` (int keys: an enum member hashes in Python)."""
class HandState(HandFields):
    """One moment of a hand: immutable; build it with :func:`deal`.

    All per-seat tuples have one entry per seat, seat 0 first; empty seats
    (stack 0 in the config) have zeros and count as folded.  Amounts are
    chips.  After the hand, ``stacks`` are the final stacks (under
    ``OddChipRule.EXACT`` they may hold :class:`fractions.Fraction` values).
    The queries (``stacks``, ``pots``, ``boards``, ...) are those of
    :class:`~pokerkit_core.engine.hand_state.HandFields`; states compare, hash and
    pickle by value.
    """

    __slots__ = ()

    def legal_actions(self) -> LegalActions:
        """Same as :func:`legal_actions` (``legal_actions(self)``).

        Returns:
            The :class:`~pokerkit_core.engine.actions.LegalActions` of the seat to
            act (:attr:`to_act`); amounts are raise-to totals for the
            street, in chips.

        Raises:
            HandOverError: The hand is over (no one is to act).

        References:
            docs/rules.rst section 2 (fold only facing a bet, minimum bet and
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
                :class:`~pokerkit_core.engine.actions.Action`; ``err.reason`` names
                the rule and ``err.legal`` lists what is (see :func:`act`).

        References:
            docs/rules.rst section 2 (actions, minimum raise, short all-in,
            uncalled bets, run-out), section 5 (fixed-limit).
        """
        return act(self, action)


# ---------------------------------------------------------------- dealing
def deal(
    config: GameConfig,
    *,
    seed: int | None = None,
    deck: CardsArg | None = None,
    hole_cards: Sequence[CardsArg | None] | None = None,
    board: CardsArg | None = None,
) -> HandState:
    """Start a hand: post the forced bets, deal hole cards, find the first actor.

    The forced bets are ``config.forced_bets`` in order (antes, blinds,
    straddles; a big-blind or button ante after the blinds); a seat that
    cannot cover one posts what it has and is all-in.  A short blind or
    straddle does not lower the amount to call: the others must still match
    the largest forced bet.

    Args:
        config: The table and rules.
        seed: Seed of the engine-owned :class:`random.Random` for this deal:
            an int (not a bool) or ``None`` (seeded from the operating
            system).  Same seed, same cards.  Negative seeds are allowed and
            deal differently from their absolute value: a negative seed ``s``
            is used as ``s mod 2**128`` (two's complement), so ``-7`` deals
            like ``2**128 - 7``, not like ``7``.
        deck: A full deal order for replays: cards (or card text) taken in
            order, two per dealt-in seat in seat order, then five cards per
            board; at least ``2 * players + 5 * config.boards`` distinct
            cards.
        hole_cards: Known hole cards per seat: a list or tuple with one entry
            per seat, each card text, a sequence of two Cards, or ``None``
            (drawn).
        board: Known cards of the first board, flop first (up to five; the
            rest drawn).

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
        docs/rules.rst section 2 (positions, blinds, heads-up), 2b (straddles,
        antes), section 5 (short blinds and antes); CASES.md C44, C45
        (shuffle, seeding).
    """
    if config.__class__ is not GameConfig:
        raise InvalidConfigError(f"deal needs a GameConfig, got {shown(config)}")
    seed = seed_arg(seed)
    return _dealt(config, deal_cards(config, seed, deck, hole_cards, board))


def _dealt(config: GameConfig, codes: list[int]) -> HandState:
    """The first state of a hand of ``config`` dealt ``codes`` (checked card
    codes in deal order): a fresh object nobody else holds."""
    d = config._derived
    template: HandState | None = d.template
    if template is None:
        template = d.template = _template(config)
    t = copy_state(template)
    t._deal = make_deal(d.n, d.live, config.boards, codes)
    if template._to_act >= 0:
        return t
    return _continue(t, d.preflop_start)


def _template(config: GameConfig) -> HandState:
    """The state after the forced bets, before any card: the same for every
    hand of a config (cached in its derived values)."""
    d = config._derived
    n = d.n
    posted = post_forced_bets(config)
    folded = tuple(not live for live in d.live_mask)
    acted = (-1,) * n
    to_act = -1
    d.dead_antes = (posted.antes, posted.ante_all_in) if d.table_antes else (None, None)
    if folded.count(False) > 1:
        to_act = _find_actor(
            n, d.preflop_start, posted.stacks, posted.bets, folded, acted, posted.call_to
        )
    return HandState(
        config=config,
        deal=NO_DEAL,
        street=_PREFLOP,
        to_act=to_act,
        board=(),
        stacks=posted.stacks,
        bets=posted.bets,
        contribs=posted.contributions,
        folded=folded,
        acted=acted,
        call_to=posted.call_to,
        min_inc=d.preflop_inc,
        nraises=1 if posted.call_to else 0,
        history=posted.events + tuple(HoleCardsDealt(seat) for seat in d.live),
        shown=(None,) * n,
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
    rules = d.rules
    min_to, max_to = rules.raise_range(call_to, state._min_inc, bet, stack, state._contribs)
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
        The :class:`~pokerkit_core.engine.actions.LegalActions` of ``state.to_act``.

    Raises:
        HandOverError: The hand is over.
        InvalidConfigError: ``state`` is not a :class:`HandState`.

    References:
        docs/rules.rst section 2 (fold only facing a bet, minimum bet and raise,
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
    The action's fields are read once and checked here (a bot may have
    rewritten a frozen :class:`~pokerkit_core.engine.actions.Action` with
    ``object.__setattr__``); the history records a fresh action of the
    engine's own.

    Args:
        state: Hand in progress; never modified.
        action: ``Fold``, ``Check``, ``Call``, ``AllIn``, ``Bet(to)`` or
            ``Raise(to)``; amounts are raise-to totals for the street, chips.

    Returns:
        The successor state.

    Raises:
        HandOverError: The hand has ended.
        IllegalActionError: ``action`` is not allowed (or is not an
            :class:`~pokerkit_core.engine.actions.Action` with an
            :class:`~pokerkit_core.engine.actions.ActionKind` kind and, for bets and
            raises, an int raise-to from 1 to ``MAX_CHIPS``); ``err.reason``
            names the rule and ``err.legal`` lists what is.
        InvalidConfigError: ``state`` is not a :class:`HandState`.

    References:
        docs/rules.rst section 2 (actions, minimum raise, short all-in, uncalled
        bets, run-out), section 5 (fixed-limit).
    """
    if state.__class__ is not HandState:
        raise _not_a_state(state)
    return _act_py(state, action, copy_state(state))


def _act_py(state: HandState, action: Action, t: HandState) -> HandState:
    """The body of :func:`act`: ``t`` is the successor being built, a fresh
    copy of ``state``, or ``state`` itself when nobody else holds it
    (:func:`replay_actions`).  Every check comes before the first write to ``t``, so
    a refused action leaves ``t`` as it was.

    The reference for the C kernel (``csrc/pkc_engine.c``), which handles the
    common case and hands everything else here."""
    seat = state._to_act
    if seat < 0:
        raise HandOverError("the hand is over: no more actions")
    if action.__class__ is not Action:
        raise _illegal(state, action, "an action must be an Action (Fold, Call, Raise(to), ...)")
    kind = action.kind
    if kind.__class__ is not ActionKind:
        raise _illegal(state, action, f"the action's kind {shown(kind)} is not an ActionKind")
    bets = state._bets
    stacks = state._stacks
    bet = bets[seat]
    stack = stacks[seat]
    call_to = state._call_to
    owe = call_to - bet
    config = state._config
    street = state._street
    if kind is _FOLD:
        if owe <= 0:
            raise _illegal(state, action, "folding is not allowed when you can check")
        folded = state._folded
        t._folded = folded[:seat] + (True,) + folded[seat + 1 :]
        t._history = state._history + (ActionTaken(seat, Fold, street, 0),)
        return _continue(t, seat + 1)
    if kind is _CHECK:
        if owe > 0:
            raise _illegal(state, action, f"you cannot check: {min(owe, stack)} to call")
        add = 0
        taken = Check
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
            to = action.to
            if to.__class__ is not int or not 0 < to <= MAX_CHIPS:
                raise _illegal(state, action, f"the raise-to {shown(to)} is not an int chip amount")
            if kind is _BET and call_to > 0:
                raise _illegal(state, action, f"there is a bet of {call_to} already: raise instead")
            if kind is _RAISE and call_to == 0:
                raise _illegal(state, action, "there is no bet to raise: bet instead")
        reason, min_to, max_to = _raise_window(state, seat)
        if reason:
            raise _illegal(state, action, f"you cannot {kind.value}: {reason}")
        if to > max_to:
            if to > total:
                why = f"{to} is more than your {total} chips (stack plus bet)"
            else:
                why = f"{to} is above the {config.betting.value} amount {max_to}"
            raise _illegal(state, action, f"{kind.value} to {why}")
        if to < min_to:
            raise _illegal(
                state,
                action,
                f"{kind.value} to {to} is below the minimum {min_to} (a bet or raise must be at "
                "least the last full raise and one big blind, unless it is all-in)",
            )
        add = to - bet
        d = config._derived
        new_inc, counts = d.rules.after_raise(call_to, state._min_inc, to, d.street_bet[street])
        t._min_inc = new_inc
        if counts:
            t._nraises = state._nraises + 1
        t._call_to = call_to = to
        key = -to if kind is _BET else to
        cached = _ACTIONS.get(key)
        if cached is None:
            if len(_ACTIONS) > 4096:
                _ACTIONS.clear()
            cached = _ACTIONS[key] = Action(kind, to)
        taken = cached
    new_stack = stack - add
    if add:
        t._stacks = stacks[:seat] + (new_stack,) + stacks[seat + 1 :]
        t._bets = bets[:seat] + (bet + add,) + bets[seat + 1 :]
        contribs = state._contribs
        t._contribs = contribs[:seat] + (contribs[seat] + add,) + contribs[seat + 1 :]
    acted = state._acted
    t._acted = acted[:seat] + (call_to,) + acted[seat + 1 :]
    t._history = state._history + (
        ActionTaken(seat, taken, street, add, add > 0 and new_stack == 0),
    )
    return _continue(t, seat + 1)


_act = _act_py


def replay_actions(config: GameConfig, codes: Sequence[int], actions: Sequence[Action]) -> HandState:
    """The hand dealt ``codes`` after ``actions``: ``deal`` then ``act`` for
    each action, with every check of both, without building the states in
    between (for restoring a saved hand).

    Args:
        config: The table and rules.
        codes: The deal order as card codes (``Card.code``, 0-51, distinct),
            as ``deal(config, deck=...)`` takes cards: two per dealt-in seat
            in seat order, then five per board; at least ``2 * players + 5 *
            config.boards`` of them.
        actions: The actions, in order, each checked as :func:`act` checks it.

    Returns:
        The state after the last action (equal to the one ``deal`` and
        ``act`` build).

    Raises:
        InvalidConfigError: ``config`` is not a :class:`GameConfig`.
        CardError: ``codes`` is not a list or tuple of distinct ints 0-51, or
            too short.
        HandOverError: An action after the end of the hand.
        IllegalActionError: An action :func:`act` refuses (the error does not
            say which one: replay step by step to find it).

    References:
        docs/rules.rst section 2 (deal order, actions).
    """
    if config.__class__ is not GameConfig:
        raise InvalidConfigError(f"replay_actions needs a GameConfig, got {shown(config)}")
    t = _dealt(config, deck_codes(config, codes))
    for action in actions:
        t = _act(t, action, t)
    return t


def _continue(t: HandState, start: int) -> HandState:
    """Find the next actor from ``start``; close the street when there is none.

    ``t`` is the successor being built (a fresh copy nobody else holds); its
    fields are set here and it is returned.
    """
    config = t._config
    d = config._derived
    n = d.n
    if start >= n:
        start -= n
    folded = t._folded
    stacks = t._stacks
    bets = t._bets
    if folded.count(False) > 1:
        seat = _find_actor(n, start, stacks, bets, folded, t._acted, t._call_to)
        if seat >= 0:
            t._to_act = seat
            return t
    return _close_round(t)


def _close_round(t: HandState) -> HandState:
    """The betting round of ``t`` is over (nobody must act): return the
    uncalled bet, then deal the next street, or run out and pay the pots.
    The C kernel calls this when it does not deal the next street itself."""
    d = t._config._derived
    n = d.n
    folded = t._folded
    stacks = t._stacks
    bets = t._bets
    # The betting round is over: return the uncalled part of the top bet.
    top = max(bets)
    if top and bets.count(top) == 1:
        owner = bets.index(top)
        rest = list(bets)
        rest[owner] = 0
        second = max(rest)
        back = top - second
        contribs = t._contribs
        t._stacks = stacks = stacks[:owner] + (stacks[owner] + back,) + stacks[owner + 1 :]
        t._bets = bets[:owner] + (second,) + bets[owner + 1 :]
        t._contribs = contribs[:owner] + (contribs[owner] - back,) + contribs[owner + 1 :]
        t._history = t._history + (_tuple_new(UncalledBetReturned, (owner, back)),)
    if folded.count(False) == 1:
        return _finish(t)
    in_hand = [s for s in range(n) if not folded[s]]
    able = 0
    for s in in_hand:
        if stacks[s]:
            able += 1
    street = t._street
    if street is _RIVER or able < 2:
        _return_unmatched_ante(t)
        if street is not _RIVER:
            _run_out(t, street)
        return _finish(t)
    street = _STREETS[street + 1]
    deal_ = t._deal
    at = _BOARD_AT[street]
    board = deal_.boards[0][:at]
    t._street = street
    t._board = board
    t._history = t._history + (BoardDealt(street, board[_BOARD_AT[street - 1] :]),)
    zeros = (0,) * n
    not_acted = (-1,) * n
    t._bets = zeros
    t._acted = not_acted
    t._call_to = 0
    t._min_inc = d.street_bet[street]
    t._nraises = 0
    t._to_act = _find_actor(n, d.postflop_start[street - 1], stacks, zeros, folded, not_acted, 0)
    return t


def _unmatched_ante(
    contribs: tuple[int, ...],
    folded: tuple[bool, ...],
    antes: tuple[int, ...] | None,
    ante_all_in: tuple[bool, ...] | None,
) -> tuple[int, int] | None:
    """``(seat, chips)``: the part of an ante that nobody matched, or None.

    With antes posted alike by every seat (``antes`` None: they count in
    the pot levels), a player still in whose contribution exceeds every
    other seat's (the others being all-in from a short ante) owns the
    excess.  With dead antes (``antes`` given, :func:`~pokerkit_core.engine.pots.split_into_pots`),
    the largest ante's excess over every other ante is unmatched when every
    other player still in is all-in from its ante (and so may win antes
    only up to its own).  The betting itself never leaves such an excess:
    the uncalled part of each street's top bet is returned when the street
    ends.
    """
    amounts = contribs if antes is None else antes
    top = max(amounts)
    if amounts.count(top) != 1:
        return None
    owner = amounts.index(top)
    if folded[owner]:
        return None
    if antes is not None and ante_all_in is not None and any(
        not folded[seat] and not ante_all_in[seat] for seat in range(len(antes)) if seat != owner
    ):
        return None  # someone still in may win the whole dead ante
    return owner, top - max(c for seat, c in enumerate(amounts) if seat != owner)


def _return_unmatched_ante(t: HandState) -> None:
    """Give back the part of an ante that nobody matched (:func:`_unmatched_ante`)
    with an :class:`UncalledBetReturned`, before the run-out and the
    showdown: like an uncalled bet it is in no pot (docs/rules.rst section
    2, uncalled bets)."""
    antes, ante_all_in = t._config._derived.dead_antes
    contribs = t._contribs
    found = _unmatched_ante(contribs, t._folded, antes, ante_all_in)
    if found is None:
        return
    owner, back = found
    stacks = t._stacks
    t._stacks = stacks[:owner] + (stacks[owner] + back,) + stacks[owner + 1 :]
    t._contribs = contribs[:owner] + (contribs[owner] - back,) + contribs[owner + 1 :]
    t._history = t._history + (_tuple_new(UncalledBetReturned, (owner, back)),)


def _run_out(t: HandState, street: Street) -> None:
    """Show the hands still in, then deal the rest of each board (docs/rules.rst
    section 2: run-out; section 2b: run it twice)."""
    config = t._config
    folded = t._folded
    hole = t._deal.hole
    shows = tuple(HandShown(s, hole[s]) for s in showing_order(config) if not folded[s])  # type: ignore[arg-type]
    shown_cards = list(t._shown)
    for event in shows:
        shown_cards[event.seat] = event.cards
    t._shown = tuple(shown_cards)
    history = t._history + shows
    boards = t._deal.boards
    dealt = _BOARD_AT[street]
    common = boards[0][:dealt]
    runs: list[tuple[Card, ...]] = []
    for k, run in enumerate(boards):
        full = common + run[dealt:]
        runs.append(full)
        for nxt in range(street + 1, 4):
            history = history + (BoardDealt(_STREETS[nxt], full[_BOARD_AT[nxt - 1] : _BOARD_AT[nxt]], k),)
    t._history = history
    t._board = runs[0]
    if len(runs) > 1:
        t._boards = tuple(runs)
        masks0 = t._deal.board_masks
        t._deal = t._deal._replace(
            board_masks=tuple(masks0[0][:dealt] + m[dealt:] for m in masks0)
        )


def _last_aggressor(history: tuple[Event, ...], street: Street) -> int | None:
    """The seat that made the last bet or raise on ``street`` (the final
    betting round), or None when nobody bet on it: it shows first at the
    showdown (Poker TDA 2024 Rule 16; docs/rules.rst section 2)."""
    for event in reversed(history):
        if event.__class__ is ActionTaken:
            if event.street is not street:
                return None
            kind = event.action.kind
            if kind is _BET or kind is _RAISE:
                return int(event.seat)
        elif event.__class__ is BoardDealt and event.street is street:
            return None
    return None


def _finish(t: HandState) -> HandState:
    """Pay the pots and set the final fields of ``t``."""
    config = t._config
    d = config._derived
    n = d.n
    folded = t._folded
    contribs = t._contribs
    history = t._history
    if folded.count(False) == 1:
        # Everybody else folded: the last player wins every chip (less the
        # rake, if the flop was dealt or the table rakes every pot), shows nothing.
        winner = folded.index(False)
        total = sum(contribs)
        rake = 0
        if config.rake_rate:
            rake = hand_rake(
                config.rake_rate, config.rake_cap, config.rake_caps, config.no_flop_no_drop,
                total=total, players=len(d.live), flop_dealt=len(t._board) >= 3,
                nearest=config.rake_split is RakeSplit.RUNNING_TOTAL,
            )
            if rake:
                history = history + (RakeTaken(0, rake),)
        seats, shares = (winner,), (total - rake,)
        pots = (_tuple_new(Pot, (total, seats, seats, shares, rake)),)
        zeros = (0,) * n
        t._showdown = _tuple_new(Showdown, (pots, (pots,), (zeros,)))
        t._history = history + (_tuple_new(PotAwarded, (0, seats, shares, 0)),)
        stacks = t._stacks
        t._stacks = stacks[:winner] + (stacks[winner] + total - rake,) + stacks[winner + 1 :]
        t._street = _SHOWDOWN
        t._to_act = -1
        t._bets = t._values = zeros
        t._acted = (-1,) * n
        t._call_to = t._min_inc = t._nraises = 0
        return t
    else:
        deal_ = t._deal
        count = len(t._boards) if t._boards is not None else 1
        board_masks = tuple(sum(masks) for masks in deal_.board_masks[:count])
        antes, ante_all_in = d.dead_antes
        if antes is not None:  # less the part returned (_return_unmatched_ante)
            found = _unmatched_ante(contribs, folded, antes, ante_all_in)
            if found is not None:
                owner, back = found
                antes = antes[:owner] + (antes[owner] - back,) + antes[owner + 1 :]
        result, shows = settle(
            config, board_masks, deal_.hole, deal_.hole_masks, contribs, folded, t._shown,
            antes, ante_all_in, _last_aggressor(history, t._street),
        )
        if shows:
            shown_cards = list(t._shown)
            for event in shows:
                if event.__class__ is HandShown:
                    shown_cards[event.seat] = event.cards
            t._shown = tuple(shown_cards)
            history = history + shows
        for index, pot in enumerate(result.pots):
            if pot.rake:
                history = history + (RakeTaken(index, pot.rake),)
        for k, parts in enumerate(result.board_pots):
            for index, part in enumerate(parts):
                history = history + (PotAwarded(index, part.winners, part.shares, k),)
    final: list[Chips] = list(t._stacks)
    for pot in result.pots:
        for s, share in zip(pot.winners, pot.shares):
            final[s] += share
    t._stacks = tuple(final)  # type: ignore[arg-type]  # Fraction if EXACT
    t._history = history
    t._street = _SHOWDOWN
    t._to_act = -1
    t._bets = (0,) * n
    t._acted = (-1,) * n
    t._call_to = t._min_inc = t._nraises = 0
    t._showdown = result
    t._values = result.values[0]
    return t


# ---------------------------------------------------------------- the C kernel
_act_reference, _legal_reference = act, legal_actions


def accelerator_fallbacks() -> tuple[int, int, int]:
    """How often the Python reference served a call of the C engine since
    import: ``(acts, rounds, legal)``, counts of calls.

    ``acts``: actions the C handed whole to the Python :func:`act` (another
    betting structure, an action not built by the engine); ``rounds``:
    betting rounds the Python closed (the hand ends, runs out, or the
    config's layout was not the one the C reads); ``legal``:
    :func:`legal_actions` calls the C handed to Python.  A default no-limit
    hand closes at most one round in Python (its last), so on such hands
    ``rounds`` above the hand count means the C fast path has switched
    itself off.  All zeros without the accelerator (``POKERKIT_CORE_PURE=1``,
    PyPy), where Python serves every call.  The counts are per process (a
    diagnostic, not exact under free threading).
    """
    return _fallbacks() if _fallbacks is not None else (0, 0, 0)


def _engine_binding(probe: HandState) -> tuple[object, ...]:
    """The arguments of the C kernel's ``bind_engine``: the classes,
    constants and Python references it works with, and ``probe``, a
    pre-flop hand of the default no-limit rules on which it checks, once,
    that it reads this layout (it refuses to bind otherwise)."""
    return (
        HandState,
        GameConfig,
        _STREETS,
        Action,
        (_FOLD, _CHECK, _CALL, _BET, _RAISE, _ALL_IN),
        (Fold, Check, Call),
        (ActionTaken, UncalledBetReturned, BoardDealt),
        LegalActions,
        _ACTIONS,
        betting_rules(BettingStructure.NO_LIMIT, RuleFlavour.DEFAULT),
        (_act_reference, _act_py, _close_round, _legal_reference),
        MAX_CHIPS,
        probe,
    )


def _probe() -> HandState:
    """A fresh pre-flop hand of heads-up no-limit (the cards in deck order).
    Its config does not keep its template state: that would be a reference
    cycle (config, template, config) left for the collector, a hand state
    that a policy could find among the objects of an isolated policy's
    process (whose server imports this module) until a collection ran."""
    state = _dealt(GameConfig.no_limit(players=2), list(range(2 * 2 + 5)))
    state._config._derived.template = None
    return state


_fallbacks = None
if STATE_KERNEL is not None and isinstance(HandState.__base__, type) and issubclass(
    HandState, STATE_KERNEL.StateBase
):  # the common case of act, _act and legal_actions in C (csrc/pkc_engine.c)
    act, _act, legal_actions, _fallbacks = STATE_KERNEL.bind_engine(*_engine_binding(_probe()))  # noqa: F811

if not TYPE_CHECKING:  # the old name, for a while (hidden from type checkers)
    from .._deprecated import renamed

    __getattr__ = renamed(__name__, {"replay": "replay_actions"})
