"""Sit-and-go tournaments: blind schedules, the three modes, final rankings.

A tournament is a :class:`~pokerkit_core.table.TableSession` whose stacks carry
over, whose blinds follow a :class:`BlindSchedule` and which ends when one
player holds every chip (or, in the fixed-limit mode, after 24 hands).  The
final ranking is the reverse order of elimination; players eliminated in the
same hand are ordered by the chips they had when that hand began, and equal
ones share the place (standard competition ranking: 1, 2, 3, 3, 5).

Default blind schedule (:data:`DEFAULT_SCHEDULE`), for 1,000-chip starts: a
new level every 10 hands; antes from level 5 (hand 41), when the big blind is
15 % of a starting stack; the last level stays until the end.

=====  ========  ===========  ===========  =====
Level  Hands     Small blind  Big blind    Ante
=====  ========  ===========  ===========  =====
1      1-10      10           20           0
2      11-20     15           30           0
3      21-30     25           50           0
4      31-40     50           100          0
5      41-50     75           150          15
6      51-60     100          200          25
7      61-70     150          300          25
8      71-80     200          400          50
9      81-90     300          600          75
10     91-100    400          800          100
11     101-110   600          1,200        150
12     111-120   800          1,600        200
13     121-      1,000        2,000        250
=====  ========  ===========  ===========  =====

>>> DEFAULT_SCHEDULE.blinds_at(41)
Blinds(small_blind=75, big_blind=150, ante=15)
>>> TournamentConfig.preset(TournamentMode.FIXED_LIMIT).max_hands
24

References:
    RULES.md section 5 (modes, ranking, dead button, blinds rising by hand
    count, antes once blinds are high); Poker TDA rules (dead button).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Sequence

from .errors import InvalidConfigError
from .policy import Policy
from .rules import BettingStructure
from .state import HandState
from .table import (
    Blinds,
    ButtonRule,
    HandRecord,
    PolicyFault,
    StackMode,
    TableConfig,
    TableSession,
)

__all__ = [
    "BlindLevel",
    "BlindSchedule",
    "DEFAULT_SCHEDULE",
    "TournamentMode",
    "TournamentConfig",
    "Placement",
    "rank_players",
    "eliminations",
    "Tournament",
    "TournamentResult",
    "run_tournament",
    "player_names",
]


@dataclass(frozen=True, slots=True)
class BlindLevel:
    """One level of a blind schedule.

    Args:
        from_hand: 1-based number of the first hand played at this level.
        small_blind: Small blind, chips.
        big_blind: Big blind, chips (at least 1).
        ante: Ante per player, chips.

    Raises:
        InvalidConfigError: ``from_hand`` under 1 or bad amounts (see
            :class:`~pokerkit_core.table.Blinds`).
    """

    from_hand: int
    small_blind: int
    big_blind: int
    ante: int = 0

    def __post_init__(self) -> None:
        if not isinstance(self.from_hand, int) or self.from_hand < 1:
            raise InvalidConfigError(f"from_hand must be an int >= 1, got {self.from_hand!r}")
        Blinds(self.small_blind, self.big_blind, self.ante)  # validates the amounts

    @property
    def blinds(self) -> Blinds:
        """This level's forced bets."""
        return Blinds(self.small_blind, self.big_blind, self.ante)


@dataclass(frozen=True, slots=True)
class BlindSchedule:
    """Blind levels by hand count; the last level lasts until the end.

    A level change applies from the first hand of the level on and never in
    the middle of a hand (a table asks for the blinds once, before the deal).

    Args:
        levels: The levels in order; the first starts at hand 1 and each
            later one at a strictly greater hand.

    Raises:
        InvalidConfigError: No level, the first not starting at hand 1, or
            start hands not strictly increasing.

    Example:
        >>> s = BlindSchedule((BlindLevel(1, 5, 10), BlindLevel(2, 10, 20, 5)))
        >>> [str(s.blinds_at(n)) for n in (1, 2, 3)]
        ['5/10', '10/20 ante 5', '10/20 ante 5']

    References:
        RULES.md section 5; CASES.md C46.
    """

    levels: tuple[BlindLevel, ...]

    def __post_init__(self) -> None:
        levels = tuple(self.levels)
        object.__setattr__(self, "levels", levels)
        if not levels:
            raise InvalidConfigError("a blind schedule needs at least one level")
        if levels[0].from_hand != 1:
            raise InvalidConfigError(
                f"the first level must start at hand 1, not {levels[0].from_hand}"
            )
        for before, after in zip(levels, levels[1:]):
            if after.from_hand <= before.from_hand:
                raise InvalidConfigError(
                    f"levels must start at increasing hands ({before.from_hand}, "
                    f"then {after.from_hand})"
                )

    @classmethod
    def every(
        cls, hands_per_level: int, amounts: Sequence[tuple[int, int] | tuple[int, int, int]]
    ) -> BlindSchedule:
        """A schedule with a new level every ``hands_per_level`` hands.

        Args:
            hands_per_level: Hands played at each level (at least 1).
            amounts: ``(small_blind, big_blind)`` or ``(small_blind,
                big_blind, ante)`` per level, in chips, first level first.

        Returns:
            The schedule; level ``i`` (0-based) starts at hand
            ``1 + i * hands_per_level``.

        Raises:
            InvalidConfigError: ``hands_per_level`` under 1, no amounts, or
                bad amounts.
        """
        if hands_per_level < 1:
            raise InvalidConfigError(f"hands_per_level must be >= 1, got {hands_per_level}")
        return cls(
            tuple(
                BlindLevel(1 + i * hands_per_level, *level) for i, level in enumerate(amounts)
            )
        )

    def level_index(self, hand_number: int) -> int:
        """0-based index of the level that hand ``hand_number`` is played at.

        Args:
            hand_number: 1-based number of the hand in the tournament.

        Returns:
            Index into :attr:`levels` of the last level whose ``from_hand``
            is at most ``hand_number`` (the last level for any later hand).

        Raises:
            InvalidConfigError: ``hand_number`` under 1.
        """
        if hand_number < 1:
            raise InvalidConfigError(f"hands are numbered from 1, got {hand_number}")
        index = 0
        for i, level in enumerate(self.levels):
            if level.from_hand <= hand_number:
                index = i
        return index

    def blinds_at(self, hand_number: int) -> Blinds:
        """The blinds of hand ``hand_number`` (1-based).

        Args:
            hand_number: 1-based number of the hand in the tournament.

        Returns:
            The small blind, big blind and ante of that hand's level, in
            chips.

        Raises:
            InvalidConfigError: ``hand_number`` under 1.

        References:
            RULES.md section 5 (blinds rise by hand count); CASES.md C46.
        """
        return self.levels[self.level_index(hand_number)].blinds


DEFAULT_SCHEDULE = BlindSchedule.every(
    10,
    (
        (10, 20),
        (15, 30),
        (25, 50),
        (50, 100),
        (75, 150, 15),
        (100, 200, 25),
        (150, 300, 25),
        (200, 400, 50),
        (300, 600, 75),
        (400, 800, 100),
        (600, 1200, 150),
        (800, 1600, 200),
        (1000, 2000, 250),
    ),
)
"""The default blind schedule for 1,000-chip starts (table in the module doc)."""


class TournamentMode(Enum):
    """The three sit-and-go modes of RULES.md section 5."""

    NO_LIMIT = "nolimit"
    """6 players, no-limit."""
    HEADS_UP = "headsup"
    """2 players, no-limit."""
    FIXED_LIMIT = "fixedlimit"
    """4 players, fixed-limit, ends after 24 hands (ranking then by chips)."""


def _check_int(name: str, value: object) -> None:
    """Refuse anything but a true ``int`` (``bool`` and ``"6"`` included)."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise InvalidConfigError(f"{name} must be an int, got {value!r}")


@dataclass(frozen=True, slots=True)
class TournamentConfig:
    """Settings of a sit-and-go.

    Args:
        players: Number of players (2-9).
        starting_stack: Chips each player starts with.
        betting: No-limit or fixed-limit (bets of one big blind pre-flop and
            on the flop, two big blinds on turn and river).
        schedule: Blind schedule.
        max_hands: End after this many hands and rank the survivors by chips
            (``None``: play until one player has every chip).
        button_rule: Dead button (default) or moving button.
        raise_cap: Fixed-limit bets per street (the big blind counts).

    Raises:
        InvalidConfigError: ``players``, ``starting_stack``, ``max_hands``
            or ``raise_cap`` not an ``int`` (``bool`` refused); players
            outside 2-9, a non-positive stack, ``max_hands`` or
            ``raise_cap`` under 1; ``betting`` not a
            :class:`~pokerkit_core.rules.BettingStructure`, ``button_rule``
            not a :class:`~pokerkit_core.table.ButtonRule`, or ``schedule``
            without a ``blinds_at`` method.

    References:
        RULES.md section 5.
    """

    players: int
    starting_stack: int = 1000
    betting: BettingStructure = BettingStructure.NO_LIMIT
    schedule: BlindSchedule = DEFAULT_SCHEDULE
    max_hands: int | None = None
    button_rule: ButtonRule = ButtonRule.DEAD_BUTTON
    raise_cap: int = 4

    def __post_init__(self) -> None:
        _check_int("players", self.players)
        if not 2 <= self.players <= 9:
            raise InvalidConfigError(f"a sit-and-go has 2 to 9 players, got {self.players}")
        _check_int("starting_stack", self.starting_stack)
        if self.starting_stack < 1:
            raise InvalidConfigError(f"starting_stack must be positive, got {self.starting_stack}")
        if self.max_hands is not None:
            _check_int("max_hands", self.max_hands)
            if self.max_hands < 1:
                raise InvalidConfigError(f"max_hands must be at least 1, got {self.max_hands}")
        _check_int("raise_cap", self.raise_cap)
        if self.raise_cap < 1:
            raise InvalidConfigError(f"raise_cap must be at least 1, got {self.raise_cap}")
        if not isinstance(self.betting, BettingStructure):
            raise InvalidConfigError(f"betting must be a BettingStructure, got {self.betting!r}")
        if not isinstance(self.button_rule, ButtonRule):
            raise InvalidConfigError(
                f"button_rule must be a ButtonRule, got {self.button_rule!r}"
            )
        if not callable(getattr(self.schedule, "blinds_at", None)):
            raise InvalidConfigError(
                f"schedule must be a BlindSchedule (or have blinds_at), got {self.schedule!r}"
            )

    @classmethod
    def preset(
        cls, mode: TournamentMode | str, *, schedule: BlindSchedule = DEFAULT_SCHEDULE
    ) -> TournamentConfig:
        """The settings of one of the three modes.

        Args:
            mode: A :class:`TournamentMode` or its value (``"nolimit"``,
                ``"headsup"``, ``"fixedlimit"``).
            schedule: Blind schedule (the documented default otherwise).

        Returns:
            No-limit: 6 players; heads-up: 2 players; fixed-limit: 4 players
            ending after 24 hands.  All start with 1,000 chips.

        Raises:
            InvalidConfigError: Unknown mode name.

        References:
            RULES.md section 5 ("Modes").
        """
        try:
            mode = TournamentMode(mode)
        except ValueError:
            known = ", ".join(m.value for m in TournamentMode)
            raise InvalidConfigError(f"unknown mode {mode!r} (known: {known})") from None
        if mode is TournamentMode.NO_LIMIT:
            return cls(players=6, schedule=schedule)
        if mode is TournamentMode.HEADS_UP:
            return cls(players=2, schedule=schedule)
        return cls(
            players=4, betting=BettingStructure.FIXED_LIMIT, schedule=schedule, max_hands=24
        )

    def table_config(self, *, button: int = 0) -> TableConfig:
        """The table session that runs this tournament.

        Args:
            button: Seat of the first button.

        Returns:
            Stacks carried over, blinds from :attr:`schedule`.

        Raises:
            InvalidConfigError: ``button`` is not a seat.
        """
        return TableConfig(
            stacks=(self.starting_stack,) * self.players,
            blinds=self.schedule,
            button=button,
            button_rule=self.button_rule,
            stack_mode=StackMode.CARRY,
            betting=self.betting,
            raise_cap=self.raise_cap,
            max_hands=self.max_hands,
        )


@dataclass(frozen=True, slots=True)
class Placement:
    """One line of a ranking.

    Attributes:
        place: 1 for the winner; players sharing a place have the same one
            and the next place skips (1, 2, 3, 3, 5).
        seat: The player's seat.
        name: The player's name.
        chips: Chips held at the end (0 for an eliminated player).
        eliminated_in: Number of the hand the player was eliminated in, or
            ``None`` for a player still in at the end.
    """

    place: int
    seat: int
    name: str
    chips: int
    eliminated_in: int | None = None


def eliminations(records: Sequence[HandRecord]) -> dict[int, tuple[int, int]]:
    """When each eliminated seat busted, from a session's hand records.

    Args:
        records: Hand records, first hand first.

    Returns:
        ``{seat: (hand_number, chips_at_start_of_that_hand)}`` for every seat
        that busted.
    """
    found: dict[int, tuple[int, int]] = {}
    for record in records:
        for seat in record.busted:
            found[seat] = (record.hand_number, record.starting_stacks[seat])
    return found


def rank_players(
    names: Sequence[str],
    chips: Sequence[int],
    eliminated: dict[int, tuple[int, int]],
) -> tuple[Placement, ...]:
    """The ranking: survivors by chips, then reverse order of elimination.

    Players still in rank above every eliminated player, by chips (more is
    better; equal chips share a place).  Eliminated players rank in reverse
    order of elimination; those eliminated in the same hand by the chips they
    had when that hand began, equal ones sharing the place.

    Args:
        names: One name per seat, seat 0 first.
        chips: Chips per seat at the end, seat 0 first.
        eliminated: ``{seat: (hand_number, starting_chips)}`` for eliminated
            seats (see :func:`eliminations`).

    Returns:
        Every player once, best place first (ties in seat order).

    Raises:
        InvalidConfigError: ``names`` and ``chips`` differ in length, or an
            eliminated seat is out of range.

    Example:
        >>> [(p.place, p.name) for p in rank_players(
        ...     ["a", "b", "c", "d"], [4000, 0, 0, 0],
        ...     {1: (7, 500), 2: (7, 500), 3: (3, 1000)})]
        [(1, 'a'), (2, 'b'), (2, 'c'), (4, 'd')]

    References:
        RULES.md section 5 ("Final ranking").
    """
    if len(names) != len(chips):
        raise InvalidConfigError(f"{len(names)} names for {len(chips)} stacks")
    for seat in eliminated:
        if not 0 <= seat < len(names):
            raise InvalidConfigError(f"eliminated seat {seat} is not at the table")

    def key(seat: int) -> tuple[int, int, int]:
        if seat in eliminated:
            hand, start = eliminated[seat]
            return (1, -hand, -start)
        return (0, 0, -chips[seat])

    keys = {seat: key(seat) for seat in range(len(names))}
    order = sorted(keys, key=lambda seat: (keys[seat], seat))
    return tuple(
        Placement(
            place=1 + sum(1 for other in keys.values() if other < keys[seat]),
            seat=seat,
            name=names[seat],
            chips=0 if seat in eliminated else chips[seat],
            eliminated_in=eliminated[seat][0] if seat in eliminated else None,
        )
        for seat in order
    )


def player_names(policy_names: Sequence[str]) -> tuple[str, ...]:
    """Distinct display names: a name seated again gets ``#2``, ``#3`` ...

    Args:
        policy_names: One policy name per seat, seat 0 first.

    Returns:
        The names, e.g. ``("normal", "normal#2", "easy")``.

    Example:
        >>> player_names(["normal", "hard", "normal"])
        ('normal', 'hard', 'normal#2')
    """
    seen: dict[str, int] = {}
    names = []
    for name in policy_names:
        seen[name] = seen.get(name, 0) + 1
        names.append(name if seen[name] == 1 else f"{name}#{seen[name]}")
    return tuple(names)


@dataclass(frozen=True, slots=True)
class TournamentResult:
    """A finished (or stopped) tournament.

    Attributes:
        ranking: Every player once, winner first.
        records: Every hand's record, first hand first.
        faults: Policy faults (the seat then checked or folded).
    """

    ranking: tuple[Placement, ...]
    records: tuple[HandRecord, ...]
    faults: tuple[PolicyFault, ...] = ()

    @property
    def hand_count(self) -> int:
        """Number of hands played."""
        return len(self.records)

    @property
    def hands(self) -> tuple[HandState, ...]:
        """Every hand's final state, for export."""
        return tuple(r.state for r in self.records if r.state is not None)


class Tournament:
    """A sit-and-go in progress.

    Args:
        config: Tournament settings.
        players: One policy per seat, seat 0 first (``config.players`` of
            them).
        names: Distinct display names per seat (default: the policies'
            names made distinct with :func:`player_names`).
        seed: Seeds the decks of all hands.
        button: Seat of the first button.
        listener: Optional :class:`~pokerkit_core.table.TableListener`.

    Raises:
        InvalidConfigError: Wrong number of players or names, or names that
            are not distinct.

    References:
        RULES.md section 5.
    """

    def __init__(
        self,
        config: TournamentConfig,
        players: Sequence[Policy],
        *,
        names: Sequence[str] | None = None,
        seed: int | None = None,
        button: int = 0,
        listener: object | None = None,
    ) -> None:
        if len(players) != config.players:
            raise InvalidConfigError(
                f"this tournament seats {config.players} players, got {len(players)}"
            )
        if names is None:
            names = player_names([getattr(p, "name", "player") for p in players])
        if len(names) != len(players):
            raise InvalidConfigError(f"{len(names)} names for {len(players)} players")
        if len(set(names)) != len(names):
            raise InvalidConfigError(f"player names must be distinct, got {list(names)}")
        self.config = config
        self.names: tuple[str, ...] = tuple(names)
        self.session = TableSession(
            config.table_config(button=button), players, seed=seed, listener=listener
        )

    @property
    def is_over(self) -> bool:
        """True once one player holds every chip or the hand limit is reached."""
        return self.session.is_over

    @property
    def hand_count(self) -> int:
        """Hands played so far."""
        return self.session.hand_count

    @property
    def stacks(self) -> tuple[int, ...]:
        """Chips per seat now, seat 0 first."""
        return self.session.stacks

    def play_hand(self) -> HandRecord:
        """Play the next hand.

        Returns:
            Its record.

        Raises:
            InvalidConfigError: The tournament is over.
            StopSession: A policy (a person) ended the game.
        """
        return self.session.play_hand()

    def ranking(self) -> tuple[Placement, ...]:
        """The ranking now (final once :attr:`is_over`).

        Returns:
            Every player once, best place first (ties in seat order):
            survivors by chips held now, then eliminated players in reverse
            order of elimination (see :func:`rank_players`).

        References:
            RULES.md section 5 ("Final ranking").
        """
        return rank_players(
            self.names, self.session.stacks, eliminations(self.session.records)
        )

    def run(self) -> TournamentResult:
        """Play to the end.

        Returns:
            The result with the final ranking.

        Raises:
            StopSession: A policy (a person) ended the game.
        """
        self.session.run()
        return self.result()

    def result(self) -> TournamentResult:
        """The result so far (final once :attr:`is_over`).

        Returns:
            The current :meth:`ranking`, every hand's record so far (first
            hand first) and the policy faults so far.
        """
        return TournamentResult(self.ranking(), self.session.records, self.session.faults)


def run_tournament(
    config: TournamentConfig | TournamentMode | str,
    players: Sequence[Policy],
    *,
    names: Sequence[str] | None = None,
    seed: int | None = None,
    button: int = 0,
) -> TournamentResult:
    """Play a whole sit-and-go between policies.

    Args:
        config: Settings, or a mode (its preset).
        players: One policy per seat, seat 0 first.
        names: Distinct names per seat (default from the policies' names).
        seed: Seeds every deck; the same seed and seeded policies replay the
            same tournament.
        button: Seat of the first button.

    Returns:
        The final ranking and every hand.

    Raises:
        InvalidConfigError: Unknown mode, wrong number of players or names.

    References:
        RULES.md section 5.
    """
    if not isinstance(config, TournamentConfig):
        config = TournamentConfig.preset(config)
    return Tournament(config, players, names=names, seed=seed, button=button).run()
