"""Game configuration: the immutable description of one hand's table.

:class:`GameConfig` is the immutable description of one hand's table: seats
and stacks, blinds and ante, the button and blind seats, the betting
structure (no-limit, pot-limit or fixed-limit), the odd-chip rule and the
rule flavour.
Presets cover the ACPC heads-up format and general no-limit, pot-limit and
fixed-limit tables:

>>> config = GameConfig.no_limit(players=3, stack=1_000, small_blind=5, big_blind=10)
>>> config.stacks, config.small_blind_seat, config.big_blind_seat
((1000, 1000, 1000), 1, 2)
>>> GameConfig.acpc_heads_up(button=1).small_blind_seat
1

All the no-limit / fixed-limit betting details that differ between rule books
(minimum raise after a short all-in, which short all-ins reopen the betting,
the fixed-limit raise cap) live in one
:class:`~pokerkit_core.engine.betting.BettingRules` object chosen from
``config.betting`` and ``config.flavour`` (:mod:`pokerkit_core.engine.betting`); the
forced bets and the values every hand of a config shares are computed once, in
:mod:`pokerkit_core.engine.hand_plan`.  This module re-exports
:class:`~pokerkit_core.engine.betting.BettingStructure`,
:class:`~pokerkit_core.engine.betting.RuleFlavour`,
:class:`~pokerkit_core.engine.betting.BettingRules`,
:func:`~pokerkit_core.engine.betting.betting_rules`,
:class:`~pokerkit_core.engine.hand_plan.AnteRule` and
:class:`~pokerkit_core.engine.hand_plan.ForcedBet`.

References:
    docs/rules.rst sections 2 (a hand of hold'em), 4 (ACPC format), 5 (fixed-limit
    raise cap, short all-ins), 6 (rule flavours); INTEROP.md 1.4.
"""

from __future__ import annotations

import dataclasses
import operator
import re
from fractions import Fraction
from dataclasses import dataclass, field
from enum import Enum, IntEnum
from typing import Any, Final

from .betting import BettingRules, BettingStructure, RuleFlavour, betting_rules
from ..errors import InvalidConfigError, shown
from .hand_plan import AnteRule, ForcedBet, _Derived
from .rake import RakeSplit

__all__ = [
    "AUTO",
    "MAX_CHIPS",
    "MAX_SEATS",
    "MIN_SEATS",
    "BettingStructure",
    "RuleFlavour",
    "OddChipRule",
    "AnteRule",
    "Street",
    "ForcedBet",
    "GameConfig",
    "BettingRules",
    "betting_rules",
]

MAX_CHIPS: Final = 10**18
"""The largest chip amount a table takes: any stack, blind, ante, bet size or
raise-to.  Far above any real game (a billion big blinds of a billion chips)
and small enough that every amount prints in an error message."""

_RATE_TEXT = re.compile(r"[0-9]{1,19}(?:/[0-9]{1,19}|\.[0-9]{1,18})?")
"""A ``rake_rate`` given as text: ``"1/20"`` or ``"0.05"`` (no exponent, no
sign, at most 19 digits a part)."""

MAX_SEATS: Final = 10
"""Seats at one table, and players in one hand or sit-and-go: a live full-ring
table has 10 (docs/rules.rst section 2b).  The one place this limit is set."""

MIN_SEATS: Final = 2
"""The fewest seats a table has (heads-up)."""

AUTO: Final = -1
"""Sentinel for :class:`GameConfig` blind seats: derive the seat from the button."""


class OddChipRule(Enum):
    """Who gets the chips of a split pot that cannot be divided evenly.

    ``LEFT_OF_BUTTON`` (the default, docs/rules.rst section 2): each odd chip goes to
    the next eligible winner clockwise from the button, starting with the seat
    left of the button.  ``EXACT``: shares are exact :class:`fractions.Fraction`
    values (for replaying Pluribus PHH hands, whose finishing stacks hold
    halves); amounts are then not always ints.
    """

    LEFT_OF_BUTTON = "left-of-button"
    EXACT = "exact"


class Street(IntEnum):
    """Betting rounds; ``SHOWDOWN`` means the hand is over."""

    PREFLOP = 0
    FLOP = 1
    TURN = 2
    RIVER = 3
    SHOWDOWN = 4


def _check_int(name: str, value: object, minimum: int, maximum: int = MAX_CHIPS) -> int:
    """``value`` as a plain int within ``minimum..maximum``: ints and NumPy
    integers; bools and enum members (``Street.FLOP`` is no chip count) are
    refused."""
    number: int | None = None
    if not (value.__class__ is bool or value.__class__.__name__ == "bool_" or isinstance(value, Enum)):
        try:
            number = operator.index(value)  # type: ignore[arg-type]
        except TypeError:
            pass
    if number is None or not minimum <= number <= maximum:
        raise InvalidConfigError(f"{name} must be an int from {minimum} to {maximum:,}, got {shown(value)}")
    return number


def _check_players(players: object) -> int:
    if (
        not isinstance(players, int)
        or players.__class__ is bool
        or not MIN_SEATS <= players <= MAX_SEATS
    ):
        raise InvalidConfigError(
            f"players must be an int from {MIN_SEATS} to {MAX_SEATS}, got {shown(players)}"
        )
    return players


def _check_amounts(name: str, value: object, minimum: int) -> tuple[int, ...]:
    """``value`` as a tuple of chip amounts (a tuple or list of ints)."""
    if not isinstance(value, (tuple, list)):
        raise InvalidConfigError(f"{name} must be a tuple of chip amounts, got {shown(value)}")
    if len(value) > 4 * MAX_SEATS:
        raise InvalidConfigError(f"{name} holds {len(value)} amounts: too many")
    return tuple(_check_int(f"{name}[{k}]", chips, minimum) for k, chips in enumerate(value))


def _same(a: object, b: object) -> bool:
    """``a`` and ``b`` are the same seat/amount value (``True`` is not ``1``)."""
    return a.__class__ is b.__class__ and a == b


@dataclass(frozen=True, slots=True)
class GameConfig:
    """Everything fixed for one hand: seats, stacks, blinds, structure, rules.

    Seats are numbered 0 to ``len(stacks) - 1`` clockwise.  A seat with a
    stack of 0 is empty or sitting out and is not dealt in.

    Args:
        stacks: Chips per seat at the start of the hand, seat 0 first; 2 to
            :data:`MAX_SEATS` (10) seats, at least two with chips.
        small_blind: Small blind, chips (0 allowed: no small blind).
        big_blind: Big blind, chips (> 0); also the minimum opening bet in
            no-limit.
        ante: The ante, chips: posted by every dealt-in seat before the
            blinds, or by one seat for the table (see ``ante_rule``).
        button: The button seat.  It may be an empty seat (dead-button rule)
            only when ``small_blind_seat`` is given explicitly (a seat or
            ``None``): an ``AUTO`` small blind is derived from a dealt-in
            button.
        small_blind_seat: ``AUTO`` (derive: the first dealt-in seat clockwise
            from the button; heads-up, the button itself), an explicit seat,
            or ``None`` for no small blind.  After construction the field
            holds the actual seat (or ``None``), never ``AUTO``.
        big_blind_seat: ``AUTO`` (derive: the next dealt-in seat after the
            small blind), an explicit seat, or ``None`` for no big blind.
            After construction the field holds the actual seat.
        betting: No-limit, pot-limit or fixed-limit.
        small_bet: Fixed-limit bet size pre-flop and on the flop, chips
            (default ``big_blind``).
        big_bet: Fixed-limit bet size on turn and river, chips (default
            ``2 * big_blind``).
        raise_cap: Fixed-limit bets per street (the big blind counts as the
            first pre-flop bet); at least 1.
        odd_chip: How uneven splits are settled.
        flavour: Rule flavour for no-limit details.
        first_to_act: Optional per-street override of the first seat to act
            (4 seats: pre-flop, flop, turn, river), as in ACPC game files; the
            first of these seats (clockwise) that can act starts the round.
        muck_losing_hands: ``False`` (the default, docs/rules.rst section 2):
            every hand still in is shown at the showdown.  ``True``: hands
            are shown in showing order (Poker TDA 2024 Rule 16: the last
            aggressor of the final betting round first, else the first seat
            clockwise from the button): the first is shown, and a later hand
            is shown if it wins a pot or beats or ties the best hand shown
            so far; otherwise it is mucked (``HandMucked``).  Once a player
            is all-in every hand is shown (TDA: face up for all-ins).
            Payouts never depend on it; an all-in run-out always shows every
            hand.  A bool.
        straddles: Straddles after the big blind, chips, in posting order:
            each is posted by the next dealt-in seat clockwise after the
            previous blind (the first by the seat left of the big blind:
            the UTG straddle; a second one is a double straddle).  Each is at
            least the forced bet before it.  A straddle is a blind: the
            amount to call pre-flop is the largest forced bet (also when it
            is posted short), the minimum raise is measured from it, the
            first player to act is the one after the last straddle, and the
            last straddler has the option.  Needs a big blind, no-limit or
            pot-limit betting, and a seat for each straddle besides the
            blinds (docs/rules.rst section 2b).
        ante_rule: Who posts ``ante``: :class:`~pokerkit_core.engine.hand_plan.AnteRule` (every seat, the
            big blind, or the button).
        antes: Per-seat antes, one per seat, chips, seat 0 first, posted
            before the blinds (only by dealt-in seats); replaces ``ante``
            and ``ante_rule`` (then leave ``ante`` at 0).  ``None``: from
            ``ante`` and ``ante_rule``.  An ante posted by some seats only
            (not by every dealt-in seat alike) is dead money in the main
            pot.
        boards: How many times the rest of the board is dealt when every
            player still in is all-in before the river (run it twice: 2),
            1 to 9 and at most what the deck holds (``2 * players + 5 *
            boards <= 52``).  It is a table option agreed before the hand,
            not an action, so a hand stays a function of the config, the
            deal and the actions.  Each pot is then divided into ``boards``
            equal parts (the remainder to the first board's part), each part
            paid by its own board (docs/rules.rst section 2b).
        rake_rate: The house's share of each pot in a cash game, a
            :class:`fractions.Fraction` from 0 to 1 (``Fraction(5, 100)``
            for 5%, a denominator up to ``MAX_CHIPS``); an int 0 or 1, or
            a text such as ``"1/20"`` or ``"0.05"`` (digits, no exponent),
            is turned into a Fraction.  0 (the default): no
            rake.  The hand's rake is ``floor(rake_rate * pot)``, capped,
            taken from the pots in proportion to their size before they are
            awarded (:mod:`pokerkit_core.engine.rake`).
        rake_cap: The most rake taken from one hand, chips, or ``None`` for
            no cap.
        rake_caps: Caps by players dealt in, ``(players, cap)`` pairs
            (chips), one per number of players: the pair with the largest
            ``players`` not above the hand's count applies instead of
            ``rake_cap``.
        no_flop_no_drop: ``True`` (the default): no rake from a hand that
            ends before the flop is dealt.  A bool.
        straddle_seat: The seat that posts the first straddle, or ``None``
            (the default): the first dealt-in seat after the big blind (the
            UTG straddle).  A straddle from a later seat (UTG+1, ..., the
            button: a Mississippi straddle) is posted by that seat; further
            straddles by the next dealt-in seats clockwise from it.  Pre-flop
            action still starts left of the last straddler and goes
            clockwise, so the seats between the big blind and the straddler
            act after the blinds and the last straddler acts last, with the
            option (docs/rules.rst section 2b).  Needs ``straddles``; no
            straddler may be a blind.  An explicit seat: :meth:`with_button`
            keeps it.
        rake_split: How the rake is shared between the main and side pots:
            :class:`~pokerkit_core.engine.rake.RakeSplit` ``PROPORTIONAL``
            (the default: ``floor(rake_rate * pot)``, in proportion to the
            pots) or ``RUNNING_TOTAL`` (PokerStars' rule: counted up pot by
            pot from the main pot on, each running figure rounded to the
            nearest chip and capped).

    The forced bets these fields describe, in posting order, are
    :attr:`forced_bets` (seat, amount, kind).  Order for a short poster: with
    antes from every seat, each player's ante is taken before the blinds
    (docs/rules.rst section 5); a big blind who cannot cover both the big blind and
    the big-blind ante posts the blind first and the rest as the ante (Poker
    TDA 2024 rules, RP-11, "big blind first"); a button ante is likewise
    taken after any blind the button posts.

    Moving the button: use :meth:`with_button`, which derives ``AUTO`` blind
    seats again for the new button and keeps explicitly given ones.
    :func:`dataclasses.replace` behaves the same way: the config remembers
    (in the private ``_inputs`` field, carried along by ``replace``) which
    blind seats and fixed-limit bet sizes were derived, and a derived value
    passed back unchanged is derived again from the new fields.  So
    ``replace(config, button=1)`` rotates ``AUTO`` blinds and
    ``replace(config, big_blind=200)`` doubles default bet sizes; to pin a
    seat or bet size that happens to equal the derived one, build a new
    config instead.

    Raises:
        InvalidConfigError: A value out of range or of the wrong type
            (a chip amount that is not an int from 0 to :data:`MAX_CHIPS`,
            fewer than two dealt-in seats, a blind seat that is empty, an
            empty button seat with ``AUTO`` small and big blinds (with an
            explicit big blind seat an ``AUTO`` small blind is the seat
            before it), small blind above
            big blind, ``first_to_act`` not four seats, a non-bool
            ``muck_losing_hands``, a straddle below the forced bet before
            it, straddles in fixed-limit or without a big blind or without
            seats for them, a ``straddle_seat`` without straddles, not a
            dealt-in seat or with a blind among the straddlers, ``antes`` not one amount per seat or given with
            ``ante``, ``boards`` out of range, ...).

    References:
        docs/rules.rst sections 2-5.
    """

    stacks: tuple[int, ...]
    small_blind: int = 50
    big_blind: int = 100
    ante: int = 0
    button: int = 0
    small_blind_seat: int | None = AUTO
    big_blind_seat: int | None = AUTO
    betting: BettingStructure = BettingStructure.NO_LIMIT
    small_bet: int | None = None
    big_bet: int | None = None
    raise_cap: int = 4
    odd_chip: OddChipRule = OddChipRule.LEFT_OF_BUTTON
    flavour: RuleFlavour = RuleFlavour.DEFAULT
    first_to_act: tuple[int, ...] | None = None
    muck_losing_hands: bool = False
    straddles: tuple[int, ...] = ()
    ante_rule: AnteRule = AnteRule.EVERY_SEAT
    antes: tuple[int, ...] | None = None
    boards: int = 1
    rake_rate: Fraction = Fraction(0)
    rake_cap: int | None = None
    rake_caps: tuple[tuple[int, int], ...] = ()
    no_flop_no_drop: bool = True
    straddle_seat: int | None = None
    rake_split: RakeSplit = RakeSplit.PROPORTIONAL
    _inputs: tuple[Any, ...] | None = field(
        default=None, kw_only=True, repr=False, compare=False, hash=False
    )
    """Private: the caller's blind seats and bet sizes and what they became."""
    _derived: "_Derived" = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        self._restore_inputs()
        stacks = self.stacks
        if not isinstance(stacks, (tuple, list)):
            raise InvalidConfigError(f"stacks must be a tuple of ints, got {shown(stacks)}")
        stacks = tuple(stacks)
        object.__setattr__(self, "stacks", stacks)
        n = len(stacks)
        if not MIN_SEATS <= n <= MAX_SEATS:
            raise InvalidConfigError(f"a table has {MIN_SEATS} to {MAX_SEATS} seats, got {n}")
        stacks = tuple(_check_int(f"stacks[{seat}]", chips, 0) for seat, chips in enumerate(stacks))
        object.__setattr__(self, "stacks", stacks)
        live = tuple(seat for seat in range(n) if stacks[seat] > 0)
        if len(live) < 2:
            raise InvalidConfigError("at least two seats need chips to deal a hand")
        for name, minimum in (("small_blind", 0), ("big_blind", 1), ("ante", 0)):
            object.__setattr__(self, name, _check_int(name, getattr(self, name), minimum))
        if self.small_blind > self.big_blind:
            raise InvalidConfigError(
                f"small blind {self.small_blind} is above big blind {self.big_blind}"
            )
        button = _check_int("button", self.button, 0, MAX_SEATS - 1)
        object.__setattr__(self, "button", button)
        if button >= n:
            raise InvalidConfigError(f"button seat {button} is not one of seats 0-{n - 1}")
        if not isinstance(self.betting, BettingStructure):
            raise InvalidConfigError(f"betting must be a BettingStructure, got {shown(self.betting)}")
        if not isinstance(self.odd_chip, OddChipRule):
            raise InvalidConfigError(f"odd_chip must be an OddChipRule, got {shown(self.odd_chip)}")
        if not isinstance(self.flavour, RuleFlavour):
            raise InvalidConfigError(f"flavour must be a RuleFlavour, got {shown(self.flavour)}")
        small_bet = self.big_blind if self.small_bet is None else self.small_bet
        big_bet = 2 * self.big_blind if self.big_bet is None else self.big_bet
        # derived from the big blind they may reach 2 * MAX_CHIPS: above any stack
        small_bet = _check_int("small_bet", small_bet, 1, 2 * MAX_CHIPS)
        big_bet = _check_int("big_bet", big_bet, 1, 2 * MAX_CHIPS)
        object.__setattr__(self, "raise_cap", _check_int("raise_cap", self.raise_cap, 1))
        inputs = (self.small_blind_seat, self.big_blind_seat, self.small_bet, self.big_bet)
        object.__setattr__(self, "small_bet", small_bet)
        object.__setattr__(self, "big_bet", big_bet)
        sb_seat, bb_seat = self._blind_seats(live)
        object.__setattr__(self, "small_blind_seat", sb_seat)
        object.__setattr__(self, "big_blind_seat", bb_seat)
        object.__setattr__(self, "_inputs", inputs + (sb_seat, bb_seat, small_bet, big_bet))
        if self.muck_losing_hands.__class__ is not bool:
            raise InvalidConfigError(
                f"muck_losing_hands must be True or False, got {shown(self.muck_losing_hands)}"
            )
        first = self.first_to_act
        if first is not None:
            if not isinstance(first, (tuple, list)):
                raise InvalidConfigError(
                    f"first_to_act must be a tuple of 4 seats (pre-flop, flop, turn, river), "
                    f"got {shown(first)}"
                )
            first = tuple(first)
            if len(first) != 4:
                raise InvalidConfigError("first_to_act needs one seat per street (4)")
            for seat in first:
                if seat.__class__ is not int or not 0 <= seat < n:
                    raise InvalidConfigError(f"first_to_act seat {shown(seat)} is not a seat")
            object.__setattr__(self, "first_to_act", first)
        self._check_forced_bets(live)
        self._check_rake()
        object.__setattr__(self, "_derived", _Derived(self, live, small_bet, big_bet))

    def _check_forced_bets(self, live: tuple[int, ...]) -> None:
        """Check straddles, the ante rule, per-seat antes and boards."""
        n = len(self.stacks)
        straddles = _check_amounts("straddles", self.straddles, 1)
        object.__setattr__(self, "straddles", straddles)
        if not isinstance(self.ante_rule, AnteRule):
            raise InvalidConfigError(f"ante_rule must be an AnteRule, got {shown(self.ante_rule)}")
        if self.antes is not None:
            antes = _check_amounts("antes", self.antes, 0)
            if len(antes) != n:
                raise InvalidConfigError(f"antes needs one amount per seat ({n}), got {len(antes)}")
            if self.ante:
                raise InvalidConfigError("give either ante= or antes= (per seat), not both")
            object.__setattr__(self, "antes", antes)
        boards = _check_int("boards", self.boards, 1, 9)
        object.__setattr__(self, "boards", boards)
        if 2 * len(live) + 5 * boards > 52:
            raise InvalidConfigError(
                f"{boards} boards for {len(live)} players need {2 * len(live) + 5 * boards} "
                "cards: more than the deck's 52"
            )
        if not straddles:
            if self.straddle_seat is not None:
                raise InvalidConfigError("straddle_seat needs straddles")
            return
        if self.betting is BettingStructure.FIXED_LIMIT:
            raise InvalidConfigError("straddles need no-limit or pot-limit betting")
        if self.big_blind_seat is None:
            raise InvalidConfigError("straddles need a big blind to follow")
        posters = {seat for seat in (self.small_blind_seat, self.big_blind_seat) if seat is not None}
        if len(posters) + len(straddles) > len(live):
            raise InvalidConfigError(
                f"{len(straddles)} straddles need {len(posters) + len(straddles)} dealt-in seats "
                f"(blinds and straddlers), the table has {len(live)}"
            )
        if self.straddle_seat is not None:
            self._check_straddle_seat(live, posters, len(straddles))
        previous = self.big_blind
        for k, amount in enumerate(straddles):
            if amount < previous:
                raise InvalidConfigError(
                    f"straddle {k + 1} of {amount} is below the forced bet before it ({previous})"
                )
            previous = amount

    def _check_straddle_seat(self, live: tuple[int, ...], blinds: set[int], count: int) -> None:
        """Check ``straddle_seat``: a dealt-in seat, and neither it nor the
        seats of the straddles after it (the next dealt-in seats clockwise)
        a blind."""
        first = self.straddle_seat
        if first.__class__ is not int or first not in live:
            raise InvalidConfigError(
                f"straddle_seat {shown(first)} is not a dealt-in seat (seats with chips: {list(live)})"
            )
        assert isinstance(first, int)
        at = live.index(first)
        seats = [live[(at + k) % len(live)] for k in range(count)]
        if blinds & set(seats):
            raise InvalidConfigError(
                f"straddles from seat {first} would be posted by seats {seats}, "
                f"among them a blind ({sorted(blinds & set(seats))})"
            )

    def _check_rake(self) -> None:
        """Check and normalize the rake fields (docs/rules.rst section 2b)."""
        rate: object = self.rake_rate
        if rate.__class__ is not Fraction:
            try:
                if isinstance(rate, str) and not _RATE_TEXT.fullmatch(rate):
                    raise ValueError  # "1e-99999999" would take Fraction minutes to read
                if isinstance(rate, (int, str)) and rate.__class__ is not bool:
                    rate = Fraction(rate)
                else:
                    raise TypeError
            except (TypeError, ValueError, ZeroDivisionError):
                raise InvalidConfigError(
                    f"rake_rate must be a Fraction from 0 to 1, got {shown(self.rake_rate)}"
                ) from None
        assert isinstance(rate, Fraction)
        if not 0 <= rate <= 1 or rate.denominator > MAX_CHIPS:
            raise InvalidConfigError(
                f"rake_rate must be a Fraction from 0 to 1 with a denominator up to MAX_CHIPS, got {shown(rate)}"
            )
        object.__setattr__(self, "rake_rate", rate)
        if self.rake_cap is not None:
            object.__setattr__(self, "rake_cap", _check_int("rake_cap", self.rake_cap, 0))
        caps = self.rake_caps
        if not isinstance(caps, (tuple, list)) or len(caps) > MAX_SEATS:
            raise InvalidConfigError(f"rake_caps must be (players, cap) pairs, got {shown(caps)}")
        pairs = []
        for k, pair in enumerate(caps):
            if not isinstance(pair, (tuple, list)) or len(pair) != 2:
                raise InvalidConfigError(f"rake_caps[{k}] must be a (players, cap) pair, got {shown(pair)}")
            pairs.append(
                (_check_int(f"rake_caps[{k}][0]", pair[0], MIN_SEATS, MAX_SEATS),
                 _check_int(f"rake_caps[{k}][1]", pair[1], 0))
            )
        counts = [players for players, _ in pairs]
        for k, players in enumerate(counts):
            if players in counts[:k]:  # which cap would apply would depend on the order
                raise InvalidConfigError(f"rake_caps[{k}] gives a second cap for {players} players")
        object.__setattr__(self, "rake_caps", tuple(pairs))
        if self.no_flop_no_drop.__class__ is not bool:
            raise InvalidConfigError(
                f"no_flop_no_drop must be True or False, got {shown(self.no_flop_no_drop)}"
            )
        if not isinstance(self.rake_split, RakeSplit):
            raise InvalidConfigError(f"rake_split must be a RakeSplit, got {shown(self.rake_split)}")

    def _restore_inputs(self) -> None:
        """Undo the derived values that ``dataclasses.replace`` passes back.

        ``replace`` carries ``_inputs`` over from the old config: the
        caller's original blind seats and bet sizes, then the values they
        became.  A field still holding the value it became gets its original
        input back (``AUTO`` / ``None``), so it is derived again.
        """
        inputs = self._inputs
        if inputs is None:
            return
        if not (isinstance(inputs, tuple) and len(inputs) == 8):
            raise InvalidConfigError("_inputs is private: leave it out")
        names = ("small_blind_seat", "big_blind_seat", "small_bet", "big_bet")
        for k, name in enumerate(names):
            if _same(getattr(self, name), inputs[4 + k]):
                object.__setattr__(self, name, inputs[k])

    def with_button(self, button: int) -> "GameConfig":
        """This config with the button on ``button``.

        ``AUTO`` blind seats (and default fixed-limit bet sizes) are derived
        again for the new button; explicitly given blind seats are kept.
        Equivalent to ``dataclasses.replace(self, button=button)``.

        Args:
            button: The new button seat.

        Returns:
            A new config; this one is unchanged.

        Raises:
            InvalidConfigError: ``button`` is not a seat, or is an empty seat
                while blind seats are ``AUTO``.

        References:
            docs/rules.rst section 2 (positions), section 5 (dead button).
        """
        return dataclasses.replace(self, button=button)

    def _blind_seats(self, live: tuple[int, ...]) -> tuple[int | None, int | None]:
        n = len(self.stacks)
        sb, bb = self.small_blind_seat, self.big_blind_seat
        for name, seat in (("small_blind_seat", sb), ("big_blind_seat", bb)):
            if seat is None or _same(seat, AUTO):
                continue
            if seat.__class__ is not int or not 0 <= seat < n:
                raise InvalidConfigError(f"{name} {shown(seat)} is not one of seats 0-{n - 1}")
            if self.stacks[seat] == 0:
                raise InvalidConfigError(f"{name} {seat} is an empty seat (stack 0)")
        if sb == AUTO and (bb == AUTO or bb is None) and self.stacks[self.button] == 0:
            raise InvalidConfigError(
                f"button seat {self.button} is empty (stack 0): an AUTO small blind needs a "
                "dealt-in button; for a dead button give small_blind_seat (a seat or None)"
            )

        def after(seat: int) -> int:
            for step in range(1, n + 1):
                nxt = (seat + step) % n
                if self.stacks[nxt] > 0:
                    return nxt
            raise AssertionError("unreachable: two live seats exist")  # pragma: no cover

        def before(seat: int) -> int:
            for step in range(1, n + 1):
                prev = (seat - step) % n
                if self.stacks[prev] > 0:
                    return prev
            raise AssertionError("unreachable: two live seats exist")  # pragma: no cover

        if sb == AUTO and bb == AUTO:
            sb = self.button if len(live) == 2 else after(self.button)
            bb = after(sb)
        elif sb == AUTO:
            sb = before(bb) if bb is not None else after(self.button)
        elif bb == AUTO:
            bb = after(sb if sb is not None else self.button)
        if sb is not None and sb == bb:
            raise InvalidConfigError(f"small and big blind are both seat {sb}")
        return sb, bb

    # ------------------------------------------------------------------ presets
    @classmethod
    def acpc_heads_up(cls, *, button: int = 0) -> "GameConfig":
        """The ACPC heads-up no-limit format: blinds 50/100, 20,000 chips each.

        Args:
            button: Seat (0 or 1) on the button, who posts the small blind.

        Returns:
            A two-seat no-limit config (docs/rules.rst section 4).

        Raises:
            InvalidConfigError: ``button`` is not 0 or 1.
        """
        return cls(stacks=(20_000, 20_000), small_blind=50, big_blind=100, button=button)

    @classmethod
    def no_limit(
        cls,
        *,
        players: int = 6,
        stack: int = 10_000,
        small_blind: int = 50,
        big_blind: int = 100,
        ante: int = 0,
        button: int = 0,
        ante_rule: AnteRule = AnteRule.EVERY_SEAT,
        straddles: tuple[int, ...] = (),
        boards: int = 1,
    ) -> "GameConfig":
        """A no-limit table of ``players`` seats with equal stacks.

        >>> GameConfig.no_limit(players=10).seat_count
        10

        Args:
            players: Seats, 2 to :data:`MAX_SEATS` (10).
            stack: Chips per seat.
            small_blind: Small blind, chips.
            big_blind: Big blind, chips.
            ante: Ante, chips (per seat, or for the table: ``ante_rule``).
            button: Button seat.
            ante_rule: Who posts the ante (:class:`~pokerkit_core.engine.hand_plan.AnteRule`).
            straddles: Straddle amounts after the big blind, chips.
            boards: Boards dealt when all players still in are all-in.

        Returns:
            The config (docs/rules.rst sections 3 and 2b).

        Raises:
            InvalidConfigError: Any value out of range or not an int
                (``players`` must be an int from 2 to 10), or a bad
                straddle (see :class:`GameConfig`).
        """
        return cls(
            stacks=(stack,) * _check_players(players),
            small_blind=small_blind,
            big_blind=big_blind,
            ante=ante,
            button=button,
            ante_rule=ante_rule,
            straddles=straddles,
            boards=boards,
        )

    @classmethod
    def pot_limit(
        cls,
        *,
        players: int = 6,
        stack: int = 10_000,
        small_blind: int = 50,
        big_blind: int = 100,
        ante: int = 0,
        button: int = 0,
        ante_rule: AnteRule = AnteRule.EVERY_SEAT,
        straddles: tuple[int, ...] = (),
        boards: int = 1,
    ) -> "GameConfig":
        """A pot-limit table of ``players`` seats with equal stacks.

        A bet or raise is at most the pot after the player has called: the
        largest raise-to is the amount to call plus the pot once called
        (docs/rules.rst section 2b).

        >>> config = GameConfig.pot_limit(players=3)
        >>> config.betting.value, config.rules.raise_range(100, 100, 0, 10_000, (0, 50, 100))
        ('pot-limit', (200, 350))

        Args:
            players: Seats, 2 to :data:`MAX_SEATS` (10).
            stack: Chips per seat.
            small_blind: Small blind, chips.
            big_blind: Big blind, chips (also the minimum opening bet).
            ante: Ante, chips (per seat, or for the table: ``ante_rule``).
            button: Button seat.
            ante_rule: Who posts the ante (:class:`~pokerkit_core.engine.hand_plan.AnteRule`).
            straddles: Straddle amounts after the big blind, chips.
            boards: Boards dealt when all players still in are all-in.

        Returns:
            The config (``betting=BettingStructure.POT_LIMIT``; docs/rules.rst
            section 2b).

        Raises:
            InvalidConfigError: Any value out of range or not an int
                (``players`` must be an int from 2 to 10), or a bad
                straddle (see :class:`GameConfig`).
        """
        return cls(
            stacks=(stack,) * _check_players(players),
            small_blind=small_blind,
            big_blind=big_blind,
            ante=ante,
            button=button,
            betting=BettingStructure.POT_LIMIT,
            ante_rule=ante_rule,
            straddles=straddles,
            boards=boards,
        )

    @classmethod
    def big_blind_ante(
        cls,
        *,
        players: int = 9,
        stack: int = 10_000,
        small_blind: int = 50,
        big_blind: int = 100,
        ante: int | None = None,
        button: int = 0,
    ) -> "GameConfig":
        """A no-limit tournament table with a big-blind ante.

        >>> config = GameConfig.big_blind_ante(players=9, small_blind=100, big_blind=200)
        >>> [(bet.seat, bet.amount, bet.kind) for bet in config.forced_bets]
        [(1, 100, 'small blind'), (2, 200, 'big blind'), (2, 200, 'ante')]

        Args:
            players: Seats, 2 to 10.
            stack: Chips per seat.
            small_blind: Small blind, chips.
            big_blind: Big blind, chips.
            ante: The big blind's ante for the table, chips (default: one big
                blind, as modern tournaments post it).
            button: Button seat.

        Returns:
            The config (``ante_rule=AnteRule.BIG_BLIND``; docs/rules.rst 2b).

        Raises:
            InvalidConfigError: Any value out of range or not an int.
        """
        return cls.no_limit(
            players=players, stack=stack, small_blind=small_blind, big_blind=big_blind,
            ante=big_blind if ante is None else ante, button=button, ante_rule=AnteRule.BIG_BLIND,
        )

    @classmethod
    def button_ante(
        cls,
        *,
        players: int = 9,
        stack: int = 10_000,
        small_blind: int = 50,
        big_blind: int = 100,
        ante: int | None = None,
        button: int = 0,
    ) -> "GameConfig":
        """A no-limit table whose button posts one ante for the table.

        Args:
            players: Seats, 2 to 10.
            stack: Chips per seat.
            small_blind: Small blind, chips.
            big_blind: Big blind, chips.
            ante: The button's ante, chips (default one big blind).
            button: Button seat.

        Returns:
            The config (``ante_rule=AnteRule.BUTTON``; docs/rules.rst 2b).

        Raises:
            InvalidConfigError: Any value out of range or not an int.
        """
        return cls.no_limit(
            players=players, stack=stack, small_blind=small_blind, big_blind=big_blind,
            ante=big_blind if ante is None else ante, button=button, ante_rule=AnteRule.BUTTON,
        )

    @classmethod
    def straddled(
        cls,
        *,
        players: int = 9,
        stack: int = 10_000,
        small_blind: int = 50,
        big_blind: int = 100,
        count: int = 1,
        button: int = 0,
    ) -> "GameConfig":
        """A no-limit cash table with ``count`` straddles, each twice the last.

        >>> config = GameConfig.straddled(players=6, count=2)
        >>> config.straddles, [bet.seat for bet in config.forced_bets]
        ((200, 400), [1, 2, 3, 4])

        Args:
            players: Seats, 2 to 10.
            stack: Chips per seat.
            small_blind: Small blind, chips.
            big_blind: Big blind, chips.
            count: Straddles: 1 (UTG straddle), 2 (double straddle), ...
            button: Button seat.

        Returns:
            The config (docs/rules.rst section 2b).

        Raises:
            InvalidConfigError: Any value out of range, or not enough seats
                for the straddles.
        """
        count = _check_int("count", count, 1, MAX_SEATS)
        return cls.no_limit(
            players=players, stack=stack, small_blind=small_blind, big_blind=big_blind,
            button=button, straddles=tuple(big_blind << k for k in range(1, count + 1)),
        )

    @classmethod
    def fixed_limit(
        cls,
        *,
        players: int = 4,
        stack: int = 1_000,
        small_blind: int = 5,
        big_blind: int = 10,
        ante: int = 0,
        button: int = 0,
        raise_cap: int = 4,
    ) -> "GameConfig":
        """A fixed-limit table: small bet = big blind, big bet = 2 big blinds.

        Args:
            players: Seats, 2 to 10.
            stack: Chips per seat.
            small_blind: Small blind, chips.
            big_blind: Big blind, chips (the small bet).
            ante: Ante per seat, chips.
            button: Button seat.
            raise_cap: Bets per street, the big blind counting as the first.

        Returns:
            The config (docs/rules.rst section 5, fixed-limit mode).

        Raises:
            InvalidConfigError: Any value out of range or not an int
                (``players`` must be an int from 2 to 10).
        """
        return cls(
            stacks=(stack,) * _check_players(players),
            small_blind=small_blind,
            big_blind=big_blind,
            ante=ante,
            button=button,
            betting=BettingStructure.FIXED_LIMIT,
            raise_cap=raise_cap,
        )

    # ------------------------------------------------------------------ queries
    @property
    def seat_count(self) -> int:
        """Number of seats (empty ones included)."""
        return len(self.stacks)

    @property
    def dealt_in(self) -> tuple[int, ...]:
        """Seats dealt into the hand (stack > 0), in seat order."""
        return self._derived.live

    @property
    def forced_bets(self) -> tuple[ForcedBet, ...]:
        """Every forced bet of a hand of this table, in posting order.

        Antes from every seat (or per-seat ``antes``) first, then small
        blind, big blind and straddles, then a big-blind or button ante
        (docs/rules.rst section 2b; TDA 2024 RP-11).  Amounts are the full forced
        bets in chips; a seat with less posts what it has.
        """
        return self._derived.forced

    @property
    def rules(self) -> "BettingRules":
        """The :class:`~pokerkit_core.engine.betting.BettingRules` for this config's structure and flavour."""
        return self._derived.rules

    def bet_size(self, street: Street) -> int:
        """Fixed-limit bet size of ``street`` (small bet or big bet), chips.

        Args:
            street: A betting street (pre-flop to river; not showdown).

        Returns:
            Fixed-limit: :attr:`small_bet` pre-flop and on the flop,
            :attr:`big_bet` on the turn and river, in chips.  Other
            structures: the big blind on every street, in chips.

        Raises:
            InvalidConfigError: ``street`` is not a betting :class:`Street`
                (:attr:`Street.SHOWDOWN`, an int, or anything else).

        References:
            docs/rules.rst section 5 (fixed-limit amounts).
        """
        if street.__class__ is not Street or street is Street.SHOWDOWN:
            raise InvalidConfigError(
                f"street must be Street.PREFLOP, FLOP, TURN or RIVER, got {shown(street)}"
            )
        return self._derived.street_bet[street]
