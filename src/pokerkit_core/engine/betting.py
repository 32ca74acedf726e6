"""Betting structures, rule flavours and the betting rules they choose.

:class:`BettingStructure` (no-limit, fixed-limit, pot-limit) says how much may
be bet; :class:`RuleFlavour` says which rule book settles the details that
rule books disagree on (minimum raise after a short all-in, which short
all-ins reopen the betting, the fixed-limit raise cap).  Both choose one
stateless :class:`BettingRules` object (:func:`betting_rules`); the state
machine in :mod:`pokerkit_core.engine.state` only asks it questions.
:class:`~pokerkit_core.engine.rules.GameConfig` holds the structure and flavour of a
table and re-exports these names.

>>> betting_rules(BettingStructure.FIXED_LIMIT, RuleFlavour.DEFAULT).fixed_limit
True

References:
    docs/rules.rst sections 2 (minimum raise, short all-ins), 2b (pot-limit),
    5 (fixed-limit raise cap), 6 (rule flavours); INTEROP.md 1.4.
"""

from __future__ import annotations

from enum import Enum

__all__ = [
    "BettingStructure",
    "RuleFlavour",
    "BettingRules",
    "betting_rules",
]


class BettingStructure(Enum):
    """How much may be bet: any amount up to the stack, or fixed bet sizes."""

    NO_LIMIT = "no-limit"
    FIXED_LIMIT = "fixed-limit"
    POT_LIMIT = "pot-limit"


class RuleFlavour(Enum):
    """Which rule book settles the no-limit details (docs/rules.rst section 6).

    ``DEFAULT`` follows docs/rules.rst section 2 (TDA-style: a short all-in does not
    reopen the betting for players who already acted).  ``ACPC`` follows the
    ACPC reference dealer (INTEROP.md 1.4: a short all-in reopens the betting
    for everybody and the next minimum raise-to is ``max(previous minimum,
    2X - M)``).
    """

    DEFAULT = "default"
    ACPC = "acpc"


class BettingRules:
    """The betting details that rule books disagree on, in one place.

    The state machine keeps, per street, the amount to call (``call_to``) and
    ``min_inc`` such that the minimum raise-to is ``call_to + min_inc``.  A
    rules object decides how a raise changes ``min_inc``, whether it counts
    toward a fixed-limit cap, and whether a player who already acted may raise
    again.  This base class is the no-limit default of docs/rules.rst section 2.

    Attributes:
        fixed_limit: Raises are of one fixed size (min = max raise-to).
        capped: A per-street raise cap applies (``config.raise_cap``).
        raise_needs_deeper_opponent: A raise is allowed only if some opponent
            still in the hand could put in more than the current bet (else
            nobody could call it).  The ACPC dealer only asks for an opponent
            with chips behind.
    """

    fixed_limit: bool = False
    capped: bool = False
    raise_needs_deeper_opponent: bool = True

    def raise_range(
        self, call_to: int, min_inc: int, bet: int, stack: int, contributions: tuple[int, ...]
    ) -> tuple[int, int]:
        """The smallest and largest raise-to (or bet) a player may make.

        Args:
            call_to: Amount to call (street total), chips.
            min_inc: Minimum raise increment (the last full raise), chips.
            bet: The player's chips in front this street.
            stack: The player's chips behind.
            contributions: Chips each seat has committed to the hand so
                far, current street bets included (pot-limit sums them:
                the pot).

        Returns:
            ``(min_to, max_to)``, street totals in chips, before the checks
            on who may raise at all; both at most ``bet + stack`` (a player
            short of the minimum may go all-in for less).  No-limit: the
            minimum is ``call_to + min_inc``, the maximum all the chips.

        References:
            docs/rules.rst section 2 (minimum raise), section 2b (pot-limit),
            section 5 (fixed-limit).
        """
        total = bet + stack
        min_to = call_to + min_inc
        return (min_to if min_to < total else total), total

    def after_raise(self, call_to: int, min_inc: int, to: int, bet: int) -> tuple[int, bool]:
        """How a raise (or bet) to ``to`` over ``call_to`` changes the minimum.

        Args:
            call_to: Amount to call before the raise, chips (street total).
            min_inc: Minimum raise increment before it, chips.
            to: The raise-to (street total), ``to > call_to``.
            bet: Street bet unit, chips (big blind in no-limit; the small or
                big bet in fixed-limit).

        Returns:
            ``(new_min_inc, counts)``: the increment over ``to`` that the next
            raise needs, and whether this raise counts as a full raise (toward
            the fixed-limit cap).

        References:
            docs/rules.rst section 2: a short all-in does not change the size of the
            last full raise.
        """
        inc = to - call_to
        if inc >= min_inc:
            return inc, True
        return min_inc, False

    def may_reraise(self, acted_at: int, call_to: int, min_inc: int, bet: int) -> bool:
        """Whether a player who already acted this street may raise again.

        Args:
            acted_at: The amount to call right after the player's last action.
            call_to: The amount to call now.
            min_inc: Current minimum raise increment (the last full raise).
            bet: Street bet unit.

        Returns:
            True when the bets the player faces since acting add up to a full
            raise (several short all-ins may together reopen the betting).

        References:
            docs/rules.rst section 2 (short all-in does not reopen the betting).
        """
        return call_to - acted_at >= min_inc


class _PotLimitRules(BettingRules):
    """Pot-limit (docs/rules.rst section 2b): raise at most to the call plus the pot
    after it (never less than a minimum raise)."""

    def raise_range(
        self, call_to: int, min_inc: int, bet: int, stack: int, contributions: tuple[int, ...]
    ) -> tuple[int, int]:
        total = bet + stack
        # raise by at most the pot once this player has called
        limit = call_to + sum(contributions) + (call_to - bet)
        min_to = call_to + min_inc
        if limit < min_to:  # a full minimum raise is always allowed
            limit = min_to
        max_to = limit if limit < total else total
        return (min_to if min_to < max_to else max_to), max_to


class _AcpcNoLimitRules(BettingRules):
    """ACPC dealer (INTEROP.md 1.4): min raise-to max(old min, 2X - M); reopen for all."""

    raise_needs_deeper_opponent = False

    def after_raise(self, call_to: int, min_inc: int, to: int, bet: int) -> tuple[int, bool]:
        new_min_to = max(call_to + min_inc, 2 * to - call_to)
        return new_min_to - to, to - call_to >= min_inc

    def may_reraise(self, acted_at: int, call_to: int, min_inc: int, bet: int) -> bool:
        return True


class _FixedLimitRules(BettingRules):
    """Fixed-limit (docs/rules.rst section 5): an all-in of >= half a bet counts as a raise."""

    fixed_limit = True
    capped = True

    def raise_range(
        self, call_to: int, min_inc: int, bet: int, stack: int, contributions: tuple[int, ...]
    ) -> tuple[int, int]:
        total = bet + stack
        to = call_to + min_inc
        to = to if to < total else total
        return to, to

    def after_raise(self, call_to: int, min_inc: int, to: int, bet: int) -> tuple[int, bool]:
        target = call_to + min_inc
        level = target - bet  # the last bet level that counted as a bet or raise
        if 2 * (to - level) >= bet:
            return bet, True
        return target - to, False

    def may_reraise(self, acted_at: int, call_to: int, min_inc: int, bet: int) -> bool:
        return 2 * (call_to - acted_at) >= bet


class _AcpcPotLimitRules(_AcpcNoLimitRules):
    """Pot-limit amounts with the ACPC dealer's reopening rule."""

    raise_range = _PotLimitRules.raise_range


class _AcpcFixedLimitRules(_FixedLimitRules):
    """ACPC limit dealer: every raise counts and reopens the betting."""

    raise_needs_deeper_opponent = False

    def after_raise(self, call_to: int, min_inc: int, to: int, bet: int) -> tuple[int, bool]:
        return bet, True

    def may_reraise(self, acted_at: int, call_to: int, min_inc: int, bet: int) -> bool:
        return True


_RULES: dict[tuple[BettingStructure, RuleFlavour], BettingRules] = {
    (BettingStructure.NO_LIMIT, RuleFlavour.DEFAULT): BettingRules(),
    (BettingStructure.NO_LIMIT, RuleFlavour.ACPC): _AcpcNoLimitRules(),
    (BettingStructure.FIXED_LIMIT, RuleFlavour.DEFAULT): _FixedLimitRules(),
    (BettingStructure.FIXED_LIMIT, RuleFlavour.ACPC): _AcpcFixedLimitRules(),
    (BettingStructure.POT_LIMIT, RuleFlavour.DEFAULT): _PotLimitRules(),
    (BettingStructure.POT_LIMIT, RuleFlavour.ACPC): _AcpcPotLimitRules(),
}


def betting_rules(betting: BettingStructure, flavour: RuleFlavour) -> BettingRules:
    """The shared :class:`BettingRules` object for a structure and flavour.

    Args:
        betting: No-limit, fixed-limit or pot-limit.
        flavour: Default (docs/rules.rst section 2) or ACPC (INTEROP.md 1.4).

    Returns:
        A stateless rules object.
    """
    return _RULES[(betting, flavour)]
