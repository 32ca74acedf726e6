"""Table settings: what a :class:`~pokerkit_core.tables.session.TableSession` is configured with.

:class:`TableConfig` (stacks, forced bets, rotation, betting, straddles, the
ante rule, boards, limits), :class:`Blinds` (the forced-bet amounts of one
hand), :class:`BlindSource` (anything that gives them by hand number) and
:class:`StackMode`.  The records of a session are in
:mod:`pokerkit_core.tables.records`, the plain-data forms in
:mod:`pokerkit_core.tables.data`.  All are re-exported by
:mod:`pokerkit_core.tables.session`.

References:
    docs/rules.rst sections 2b (straddles, big-blind and button antes,
    boards) and 3-5.
"""

from __future__ import annotations

import numbers
from dataclasses import dataclass
from enum import Enum
from typing import Protocol

from ..engine.checks import MAX_SEATS, bool_arg, describe_exception, enum_arg, int_arg, items_arg
from ..errors import InvalidConfigError, PokerError, shown
from ..players.isolation import isolation_args
from ..engine.positions import ButtonRule
from ..engine.rules import MAX_CHIPS, AnteRule, BettingStructure, GameConfig

__all__ = ["StackMode", "Blinds", "BlindSource", "TableConfig", "blinds_of", "check_table_chips"]


def check_table_chips(stacks: tuple[int, ...], what: str) -> None:
    """Refuse a table whose seats hold more than ``MAX_CHIPS`` chips in all.

    One seat can win every chip at the table, and no stack may go above
    :data:`~pokerkit_core.engine.rules.MAX_CHIPS`, so the chips at a table (its
    starting stacks, plus every buy-in :meth:`TableSeats.fill
    <pokerkit_core.tables.records.TableSeats.fill>` brings) are capped at
    ``MAX_CHIPS`` in all: a hand can never leave a seat with more.

    Args:
        stacks: Chips of each seat, seat 0 first.
        what: The field named in the message (``"stacks"``).

    Raises:
        InvalidConfigError: ``sum(stacks)`` is above ``MAX_CHIPS``.
    """
    total = sum(stacks)
    if total > MAX_CHIPS:
        raise InvalidConfigError(
            f"{what}: the table would hold {total:,} chips in all, above MAX_CHIPS "
            f"({MAX_CHIPS:,}), the most one seat can hold after winning them all"
        )


class StackMode(Enum):
    """What happens to the stacks between hands."""

    CARRY = "carry"
    """Each hand starts with the chips the previous one left; busted players
    leave the table."""

    RESET = "reset"
    """Every hand starts with the session's starting stacks, as in the ACPC
    format (docs/rules.rst section 4); nobody busts."""


@dataclass(frozen=True, slots=True)
class Blinds:
    """The forced bets of one hand.

    Args:
        small_blind: Small blind, chips (``0`` for none).
        big_blind: Big blind, chips (at least 1).
        ante: Ante each dealt-in player posts, chips.

    Amounts are ints up to :data:`~pokerkit_core.engine.rules.MAX_CHIPS` (numpy
    integers are taken and stored as ints; bools and enum members are not).

    Raises:
        InvalidConfigError: An amount that is not an int (a bool, an enum
            member, a float, text ...), a negative amount or one above
            ``MAX_CHIPS``, a big blind under 1, or a small blind above the big
            blind.
    """

    small_blind: int
    big_blind: int
    ante: int = 0

    def __post_init__(self) -> None:
        for name, minimum in (("small_blind", 0), ("big_blind", 1), ("ante", 0)):
            object.__setattr__(self, name, int_arg(name, getattr(self, name), minimum))
        if self.small_blind > self.big_blind:
            raise InvalidConfigError(
                f"small_blind {self.small_blind} is above big_blind {self.big_blind}"
            )

    def blinds_at(self, hand_number: int) -> Blinds:
        """The same blinds for every hand (a :class:`BlindSource`).

        Args:
            hand_number: 1-based hand number in the session (only checked).

        Returns:
            ``self``.

        Raises:
            InvalidConfigError: ``hand_number`` is not an int of at least 1.
        """
        int_arg("hand_number", hand_number, 1)
        return self

    def __str__(self) -> str:
        text = f"{self.small_blind}/{self.big_blind}"
        return f"{text} ante {self.ante}" if self.ante else text


class BlindSource(Protocol):
    """Anything that gives the blinds of a hand by its number (``Blinds``,
    :class:`pokerkit_core.tables.tournament.BlindSchedule`)."""

    def blinds_at(self, hand_number: int) -> Blinds:
        """The blinds of hand ``hand_number`` (1-based).

        Args:
            hand_number: 1-based number of the hand in the session; a
                session asks once per hand, before the deal.

        Returns:
            The small blind, big blind and ante of that hand, in chips.
        """
        ...


def blinds_of(source: BlindSource, hand_number: int) -> Blinds:
    """Ask a blind source for one hand's blinds, checked (what a session
    does once per hand, before the deal).

    Args:
        source: The :class:`BlindSource` (a :class:`Blinds`, a schedule ...).
        hand_number: 1-based number of the hand in the session.

    Returns:
        The hand's :class:`Blinds`.

    Raises:
        InvalidConfigError: ``source.blinds_at`` raised something other than
            a :class:`~pokerkit_core.errors.PokerError` (which propagates
            as it is) or returned something that is not a :class:`Blinds`.
    """
    try:
        blinds: object = source.blinds_at(hand_number)
    except PokerError:
        raise
    except Exception as exc:  # a broken custom blind source
        raise InvalidConfigError(
            f"the blind source {shown(source)} failed for hand {hand_number}: "
            f"{describe_exception(exc)}"
        ) from exc
    if not isinstance(blinds, Blinds):
        raise InvalidConfigError(
            f"the blind source {shown(source)} returned {shown(blinds)} for hand "
            f"{hand_number}; blinds_at must return a Blinds"
        )
    return blinds


@dataclass(frozen=True, slots=True)
class TableConfig:
    """Settings of a table session.

    Args:
        stacks: Starting stack of each seat, chips, seat 0 first (2 to ``MAX_SEATS`` = 10 seats);
            ``0`` marks an empty seat.  Any ordered iterable of ints (a
            tuple, a list, a generator; numpy integers taken); stored as a
            tuple of ints.
        blinds: Forced bets: a fixed :class:`Blinds` or any
            :class:`BlindSource` (e.g. a tournament blind schedule), asked
            once per hand before the deal.
        button: Seat of the first hand's button.
        button_rule: Rotation rule (dead button by default).
        stack_mode: Carry stacks over (default) or reset them every hand.
        betting: No-limit or fixed-limit.
        raise_cap: Fixed-limit bets per street (the big blind counts).
        max_hands: Stop after this many hands (``None``: no limit).
        max_seconds: Do not start a hand once this much wall time (seconds)
            has passed since the session began (``None``: no limit).
        keep_hands: Keep every hand's final state in the records (needed to
            export the hands); ``False`` keeps only the summaries.
        strict: Raise :class:`~pokerkit_core.errors.PolicyError` when a
            policy fails (in ``decide`` or a hook) or picks an illegal
            action; by default the fault is recorded in
            :attr:`TableSession.faults` and the seat checks (or folds if it
            cannot check).
        isolate: Run each seat's policy in its own process
            (:class:`~pokerkit_core.players.isolation.IsolatedPolicy`: the session
            sends each policy object there by pickling and seats the proxy),
            where it sees only its observations.
        decision_timeout: With ``isolate``: time limit of each decision and
            hook, seconds; over it the fault is recorded and the seat checks
            or folds (``None``: no limit).  Without isolation use
            :class:`TableSession`'s ``decision_timeout``.
        straddles: Straddles posted every hand after the big blind, 0 to
            ``MAX_SEATS - 2`` (8): the first (the UTG straddle) by the first
            dealt-in seat after the big blind, each next one by the seat
            after the previous straddler, each twice the forced bet before
            it (2, 4, 8 ... big blinds of that hand), so they move with the
            button and follow a blind schedule.  A hand with too few players
            for them all posts as many as there are seats after the blinds
            (none heads-up).  Needs no-limit or pot-limit betting.
        ante_rule: Who posts each hand's ante (:attr:`Blinds.ante`): every
            dealt-in player (the default), the big blind for the table (a
            big-blind ante) or the button
            (:class:`~pokerkit_core.engine.hand_plan.AnteRule`).
        boards: Boards dealt when every player still in is all-in before the
            river (run it twice: 2), agreed for the whole session; 1 to 9
            and at most what the deck holds for a full table (``2 * seats +
            5 * boards <= 52``: 6 boards at 10 seats).

    Enum-valued options take only the enum members (``StackMode.RESET``, not
    the text ``"reset"``); ``keep_hands`` and ``strict`` take only ``True``
    or ``False``; int options take ints (numpy integers too), never bools or
    enum members.

    The hand-model rules behind ``straddles``, ``ante_rule`` and ``boards``
    (who acts first, the straddler's option, the order a short poster pays
    ante and blind, how a pot splits between boards) are
    :class:`~pokerkit_core.engine.rules.GameConfig`'s; every hand is dealt with
    the config :meth:`TableSession.next_game_config
    <pokerkit_core.tables.session.TableSession.next_game_config>` returns.

    Raises:
        InvalidConfigError: ``stacks`` not a sequence of 2-10 ints from 0 to
            :data:`~pokerkit_core.engine.rules.MAX_CHIPS`, with fewer than two
            players or above ``MAX_CHIPS`` in all (one seat may win them
            all: :func:`check_table_chips`); ``blinds`` without a ``blinds_at`` method; ``button``
            not an int seat of the table; ``button_rule``, ``stack_mode`` or
            ``betting`` not a member of :class:`ButtonRule`,
            :class:`StackMode` or
            :class:`~pokerkit_core.engine.betting.BettingStructure`; ``raise_cap`` or
            ``max_hands`` not an int of at least 1; ``max_seconds`` not a
            positive number; ``keep_hands``, ``strict`` or ``isolate`` not a
            bool; ``decision_timeout`` not a positive number up to 1,000,000, or given
            without ``isolate``; ``straddles`` not an int from 0 to the
            seats after the blinds (``len(stacks) - 2``) or given with
            fixed-limit betting; ``ante_rule`` not an
            :class:`~pokerkit_core.engine.hand_plan.AnteRule` member; ``boards`` not an
            int from 1 to 9 or more than the deck holds for ``len(stacks)``
            players.  The message starts with the field's name.

    References:
        docs/rules.rst sections 2b (straddles, big-blind and button antes,
        run it twice) and 3-5.
    """

    stacks: tuple[int, ...]
    blinds: BlindSource = Blinds(50, 100)
    button: int = 0
    button_rule: ButtonRule = ButtonRule.DEAD_BUTTON
    stack_mode: StackMode = StackMode.CARRY
    betting: BettingStructure = BettingStructure.NO_LIMIT
    raise_cap: int = 4
    max_hands: int | None = None
    max_seconds: float | None = None
    keep_hands: bool = True
    strict: bool = False
    isolate: bool = False
    decision_timeout: float | None = None
    straddles: int = 0
    ante_rule: AnteRule = AnteRule.EVERY_SEAT
    boards: int = 1

    def __post_init__(self) -> None:
        items = items_arg("stacks", self.stacks, MAX_SEATS, "chip counts (one per seat)")
        if len(items) < 2:
            raise InvalidConfigError(f"a table has 2 to {MAX_SEATS} seats, got {len(items)}")
        stacks = tuple(int_arg(f"stacks[{seat}]", s, 0) for seat, s in enumerate(items))
        object.__setattr__(self, "stacks", stacks)
        if sum(1 for s in stacks if s > 0) < 2:
            raise InvalidConfigError("a session needs at least two players with chips")
        check_table_chips(stacks, "stacks")
        if not callable(getattr(self.blinds, "blinds_at", None)):
            raise InvalidConfigError(
                "blinds must be a Blinds or a BlindSource (an object with a "
                f"blinds_at(hand_number) method), got {shown(self.blinds)}"
            )
        object.__setattr__(self, "button", int_arg("button", self.button, 0, len(stacks) - 1))
        enum_arg("button_rule", self.button_rule, ButtonRule)
        enum_arg("stack_mode", self.stack_mode, StackMode)
        enum_arg("betting", self.betting, BettingStructure)
        object.__setattr__(self, "raise_cap", int_arg("raise_cap", self.raise_cap, 1))
        if self.max_hands is not None:
            object.__setattr__(self, "max_hands", int_arg("max_hands", self.max_hands, 1))
        seconds = self.max_seconds
        if seconds is not None and (
            seconds.__class__.__name__ in ("bool", "bool_")
            or not isinstance(seconds, numbers.Real)
            or not seconds > 0
        ):
            raise InvalidConfigError(
                f"max_seconds must be a positive number of seconds or None, got {shown(seconds)}"
            )
        bool_arg("keep_hands", self.keep_hands)
        bool_arg("strict", self.strict)
        timeout = isolation_args(self.isolate, self.decision_timeout)
        object.__setattr__(self, "decision_timeout", timeout)
        seats = len(stacks)
        straddles = int_arg("straddles", self.straddles, 0, MAX_SEATS - 2)
        if straddles > seats - 2:
            raise InvalidConfigError(
                f"straddles: {straddles} straddles need {straddles + 2} seats (two blinds "
                f"and a straddler each), the table has {seats}"
            )
        if straddles and self.betting is BettingStructure.FIXED_LIMIT:
            raise InvalidConfigError("straddles need no-limit or pot-limit betting, not fixed-limit")
        object.__setattr__(self, "straddles", straddles)
        enum_arg("ante_rule", self.ante_rule, AnteRule)
        try:  # the hand model's own rule (range, cards in the deck) for a full table
            boards = GameConfig(stacks=(1,) * seats, small_blind=0, big_blind=1, boards=self.boards).boards
        except InvalidConfigError as exc:
            text = str(exc)
            raise InvalidConfigError(text if text.startswith("boards") else f"boards: {text}") from None
        object.__setattr__(self, "boards", boards)

    @property
    def is_endless(self) -> bool:
        """True when the stacks reset every hand (:attr:`StackMode.RESET`:
        nobody busts) and neither ``max_hands`` nor ``max_seconds`` is set:
        such a session never ends by itself, so :meth:`TableSession.run
        <pokerkit_core.tables.session.TableSession.run>` refuses it (play it hand by
        hand)."""
        return (
            self.stack_mode is StackMode.RESET and self.max_hands is None and self.max_seconds is None
        )

    def straddles_at(self, big_blind: int, seats_after_blinds: int) -> tuple[int, ...]:
        """The straddles of one hand, in posting order, chips.

        Args:
            big_blind: That hand's big blind, chips.
            seats_after_blinds: Dealt-in seats that post no blind that hand
                (the most straddles it can have).

        Returns:
            ``min(straddles, seats_after_blinds)`` amounts, each twice the
            one before it: ``(2 * big_blind, 4 * big_blind, ...)``.

        References:
            docs/rules.rst section 2b.
        """
        count = max(0, min(self.straddles, seats_after_blinds))
        return tuple(big_blind << (k + 1) for k in range(count))
