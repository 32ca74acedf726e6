"""Sit-and-go tournaments: blind schedules, the three modes, final rankings.

A tournament is a :class:`~pokerkit_core.tables.session.TableSession` whose stacks carry
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
    docs/rules.rst section 5 (modes, ranking, dead button, blinds rising by hand
    count, antes once blinds are high); Poker TDA rules (dead button).
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Sequence

from ..errors import InvalidConfigError, PolicyError, shown
from ..engine.policy import Policy
from ..engine.rules import AnteRule, BettingStructure
from ..engine.state import HandState
from ..engine.checks import MAX_SEATS, check_policy, describe_exception, enum_arg, int_arg, items_arg
from ..players.isolation import isolation_args
from ..engine.positions import ButtonRule
from .session import Blinds, HandRecord, PolicyFault, StackMode, TableConfig, TableSession

__all__ = [
    "MAX_LEVELS",
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


MAX_LEVELS = 10_000
"""Most levels a :class:`BlindSchedule` takes."""


@dataclass(frozen=True, slots=True)
class BlindLevel:
    """One level of a blind schedule.

    Args:
        from_hand: 1-based number of the first hand played at this level.
        small_blind: Small blind, chips.
        big_blind: Big blind, chips (at least 1).
        ante: Ante per player, chips.

    All four are ints (numpy integers taken and stored as ints; bools and
    enum members refused).

    Raises:
        InvalidConfigError: ``from_hand`` not an int of at least 1, or bad
            amounts (see :class:`~pokerkit_core.tables.session.Blinds`).
    """

    from_hand: int
    small_blind: int
    big_blind: int
    ante: int = 0

    def __post_init__(self) -> None:
        object.__setattr__(self, "from_hand", int_arg("from_hand", self.from_hand, 1))
        blinds = Blinds(self.small_blind, self.big_blind, self.ante)  # checks the amounts
        object.__setattr__(self, "small_blind", blinds.small_blind)
        object.__setattr__(self, "big_blind", blinds.big_blind)
        object.__setattr__(self, "ante", blinds.ante)

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
        levels: The levels in order (a tuple, a list or any ordered
            iterable of :class:`BlindLevel`, at most :data:`MAX_LEVELS`);
            the first starts at hand 1 and each later one at a strictly
            greater hand.

    Raises:
        InvalidConfigError: ``levels`` not a sequence of
            :class:`BlindLevel` (use :meth:`every` for plain amounts), no
            level or more than :data:`MAX_LEVELS`, the first not starting at
            hand 1, or start hands not strictly increasing.

    Example:
        >>> s = BlindSchedule((BlindLevel(1, 5, 10), BlindLevel(2, 10, 20, 5)))
        >>> [str(s.blinds_at(n)) for n in (1, 2, 3)]
        ['5/10', '10/20 ante 5', '10/20 ante 5']

    References:
        docs/rules.rst section 5; CASES.md C46.
    """

    levels: tuple[BlindLevel, ...]

    def __post_init__(self) -> None:
        levels: list[BlindLevel] = []
        for i, level in enumerate(items_arg("levels", self.levels, MAX_LEVELS, "BlindLevel")):
            if not isinstance(level, BlindLevel):
                raise InvalidConfigError(
                    f"levels[{i}] must be a BlindLevel(from_hand, small_blind, big_blind, "
                    f"ante), got {shown(level)} (BlindSchedule.every takes plain amounts)"
                )
            levels.append(level)
        object.__setattr__(self, "levels", tuple(levels))
        if not levels:
            raise InvalidConfigError("a blind schedule needs at least one level")
        if levels[0].from_hand != 1:
            raise InvalidConfigError(
                f"the first level must start at hand 1, not {levels[0].from_hand}"
            )
        for before, after in zip(levels, levels[1:]):
            if after.from_hand <= before.from_hand:
                raise InvalidConfigError(
                    f"levels must start at increasing hands ({before.from_hand:,}, "
                    f"then {after.from_hand:,})"
                )

    @classmethod
    def every(
        cls, hands_per_level: int, amounts: Sequence[tuple[int, int] | tuple[int, int, int]]
    ) -> BlindSchedule:
        """A schedule with a new level every ``hands_per_level`` hands.

        Args:
            hands_per_level: Hands played at each level (an int, at least 1).
            amounts: ``(small_blind, big_blind)`` or ``(small_blind,
                big_blind, ante)`` per level, in chips, first level first
                (at most :data:`MAX_LEVELS` levels).

        Returns:
            The schedule; level ``i`` (0-based) starts at hand
            ``1 + i * hands_per_level``.

        Raises:
            InvalidConfigError: ``hands_per_level`` not an int of at least
                1; ``amounts`` not a sequence, empty or longer than
                :data:`MAX_LEVELS`; a level that is not a tuple (or list) of
                two or three amounts; or bad amounts (see
                :class:`~pokerkit_core.tables.session.Blinds`).
        """
        step = int_arg("hands_per_level", hands_per_level, 1)
        rows = items_arg("amounts", amounts, MAX_LEVELS, "(small_blind, big_blind[, ante]) tuples")
        levels = []
        for i, row in enumerate(rows):
            if not isinstance(row, (tuple, list)) or len(row) not in (2, 3):
                raise InvalidConfigError(
                    f"amounts[{i}] must be (small_blind, big_blind) or (small_blind, "
                    f"big_blind, ante), got {shown(row)}"
                )
            levels.append(BlindLevel(1 + i * step, *row))
        return cls(tuple(levels))

    def level_index(self, hand_number: int) -> int:
        """0-based index of the level that hand ``hand_number`` is played at.

        Args:
            hand_number: 1-based number of the hand in the tournament.

        Returns:
            Index into :attr:`levels` of the last level whose ``from_hand``
            is at most ``hand_number`` (the last level for any later hand).

        Raises:
            InvalidConfigError: ``hand_number`` not an int of at least 1
                (hands are numbered from 1).
        """
        number = int_arg("hand_number", hand_number, 1)
        return bisect_right(self.levels, number, key=lambda level: level.from_hand) - 1

    def blinds_at(self, hand_number: int) -> Blinds:
        """The blinds of hand ``hand_number`` (1-based).

        Args:
            hand_number: 1-based number of the hand in the tournament.

        Returns:
            The small blind, big blind and ante of that hand's level, in
            chips.

        Raises:
            InvalidConfigError: ``hand_number`` not an int of at least 1
                (hands are numbered from 1).

        References:
            docs/rules.rst section 5 (blinds rise by hand count); CASES.md C46.
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
    """The three sit-and-go modes of docs/rules.rst section 5."""

    NO_LIMIT = "nolimit"
    """6 players, no-limit."""
    HEADS_UP = "headsup"
    """2 players, no-limit."""
    FIXED_LIMIT = "fixedlimit"
    """4 players, fixed-limit, ends after 24 hands (ranking then by chips)."""


@dataclass(frozen=True, slots=True)
class TournamentConfig:
    """Settings of a sit-and-go.

    Args:
        players: Number of players (2 to ``MAX_SEATS`` = 10).
        starting_stack: Chips each player starts with.
        betting: No-limit or fixed-limit (bets of one big blind pre-flop and
            on the flop, two big blinds on turn and river).
        schedule: Blind schedule.
        max_hands: End after this many hands and rank the survivors by chips
            (``None``: play until one player has every chip).
        button_rule: Dead button (default) or moving button.
        raise_cap: Fixed-limit bets per street (the big blind counts).
        isolate: Run each player's policy in its own process, as
            :attr:`~pokerkit_core.tables.session.TableConfig.isolate`.
        decision_timeout: With ``isolate``: time limit of each decision,
            seconds, as :attr:`~pokerkit_core.tables.session.TableConfig.decision_timeout`.
        ante_rule: Who posts the antes (e.g. ``AnteRule.BIG_BLIND``: a
            big-blind ante), as :attr:`~pokerkit_core.tables.session.TableConfig.ante_rule`.

    Raises:
        InvalidConfigError: ``isolate`` not a bool, or ``decision_timeout``
            not a positive number or given without ``isolate``; ``players``,
            ``starting_stack``, ``max_hands`` or ``raise_cap`` not an ``int`` (numpy integers taken; bools and
            enum members refused); players outside 2-10, a stack outside 1 to
            :data:`~pokerkit_core.engine.rules.MAX_CHIPS`, ``max_hands`` or
            ``raise_cap`` under 1; ``betting`` not a
            :class:`~pokerkit_core.engine.betting.BettingStructure` member,
            ``button_rule`` / ``ante_rule`` not a ``ButtonRule`` /
            ``AnteRule`` member (not their text values), or ``schedule`` without a
            ``blinds_at`` method.

    References:
        docs/rules.rst section 5.
    """

    players: int
    starting_stack: int = 1000
    betting: BettingStructure = BettingStructure.NO_LIMIT
    schedule: BlindSchedule = DEFAULT_SCHEDULE
    max_hands: int | None = None
    button_rule: ButtonRule = ButtonRule.DEAD_BUTTON
    raise_cap: int = 4
    isolate: bool = False
    decision_timeout: float | None = None
    ante_rule: AnteRule = AnteRule.EVERY_SEAT

    def __post_init__(self) -> None:
        object.__setattr__(self, "players", int_arg("players", self.players, 2, MAX_SEATS))
        enum_arg("ante_rule", self.ante_rule, AnteRule)
        timeout = isolation_args(self.isolate, self.decision_timeout)
        object.__setattr__(self, "decision_timeout", timeout)
        object.__setattr__(
            self, "starting_stack", int_arg("starting_stack", self.starting_stack, 1)
        )
        if self.max_hands is not None:
            object.__setattr__(self, "max_hands", int_arg("max_hands", self.max_hands, 1))
        object.__setattr__(self, "raise_cap", int_arg("raise_cap", self.raise_cap, 1))
        enum_arg("betting", self.betting, BettingStructure)
        enum_arg("button_rule", self.button_rule, ButtonRule)
        if not callable(getattr(self.schedule, "blinds_at", None)):
            raise InvalidConfigError(
                f"schedule must be a BlindSchedule (or have blinds_at), got {shown(self.schedule)}"
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
            InvalidConfigError: ``mode`` is neither a :class:`TournamentMode`
                nor one of its values, or ``schedule`` has no ``blinds_at``
                method.

        References:
            docs/rules.rst section 5 ("Modes").
        """
        if not isinstance(mode, TournamentMode):
            known = ", ".join(repr(m.value) for m in TournamentMode)
            if not isinstance(mode, str) or mode not in {m.value for m in TournamentMode}:
                raise InvalidConfigError(
                    f"unknown mode {shown(mode)}: give a TournamentMode or one of {known}"
                )
            mode = TournamentMode(mode)
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
            InvalidConfigError: ``button`` is not an int seat of the table.
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
            isolate=self.isolate,
            decision_timeout=self.decision_timeout,
            ante_rule=self.ante_rule,
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
        records: Hand records, first hand first (any iterable of
            :class:`~pokerkit_core.tables.session.HandRecord`).

    Returns:
        ``{seat: (hand_number, chips_at_start_of_that_hand)}`` for every seat
        that busted.

    Raises:
        InvalidConfigError: ``records`` is not an iterable of
            :class:`~pokerkit_core.tables.session.HandRecord`.
    """
    if records is None or isinstance(records, (str, bytes, Mapping)) or not hasattr(
        records, "__iter__"
    ):
        raise InvalidConfigError(f"records must be a sequence of HandRecord, got {shown(records)}")
    found: dict[int, tuple[int, int]] = {}
    for i, record in enumerate(records):
        if not isinstance(record, HandRecord):
            raise InvalidConfigError(f"records[{i}] must be a HandRecord, got {shown(record)}")
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
        names: One name (a str) per seat, seat 0 first (at most 10).
        chips: Chips per seat at the end (ints, at least 0), seat 0 first.
        eliminated: ``{seat: (hand_number, starting_chips)}`` for eliminated
            seats (see :func:`eliminations`); all ints.

    Returns:
        Every player once, best place first (ties in seat order).

    Raises:
        InvalidConfigError: ``names`` or ``chips`` not a sequence (of str,
            resp. of non-negative ints) or longer than 10, ``names`` and
            ``chips`` differ in length, ``eliminated`` not a mapping, an
            eliminated seat out of range, or an elimination that is not a
            pair of ints ``(hand_number >= 1, starting_chips >= 0)``.

    Example:
        >>> [(p.place, p.name) for p in rank_players(
        ...     ["a", "b", "c", "d"], [4000, 0, 0, 0],
        ...     {1: (7, 500), 2: (7, 500), 3: (3, 1000)})]
        [(1, 'a'), (2, 'b'), (2, 'c'), (4, 'd')]

    References:
        docs/rules.rst section 5 ("Final ranking").
    """
    names = _names_arg("names", names)
    chips = tuple(
        int_arg(f"chips[{seat}]", c, 0)
        for seat, c in enumerate(items_arg("chips", chips, MAX_SEATS, "chip counts"))
    )
    if len(names) != len(chips):
        raise InvalidConfigError(f"{len(names)} names for {len(chips)} stacks")
    if not isinstance(eliminated, Mapping):
        raise InvalidConfigError(
            f"eliminated must be a dict {{seat: (hand_number, starting_chips)}}, "
            f"got {shown(eliminated)}"
        )
    checked: dict[int, tuple[int, int]] = {}
    for seat, entry in eliminated.items():
        index = int_arg("eliminated seat", seat, 0, max(len(names) - 1, 0))
        if index >= len(names):
            raise InvalidConfigError(f"eliminated seat {index} is not at the table")
        if not isinstance(entry, (tuple, list)) or len(entry) != 2:
            raise InvalidConfigError(
                f"eliminated[{index}] must be (hand_number, starting_chips), got {shown(entry)}"
            )
        checked[index] = (
            int_arg(f"eliminated[{index}] hand_number", entry[0], 1),
            int_arg(f"eliminated[{index}] starting_chips", entry[1], 0),
        )
    eliminated = checked

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

    The names are always distinct: a suffixed name that is already taken
    (``["a", "a#2", "a"]``) gets the next free number.

    Args:
        policy_names: One policy name (a str) per seat, seat 0 first (at
            most 10).

    Returns:
        The names, e.g. ``("normal", "normal#2", "easy")``.

    Raises:
        InvalidConfigError: ``policy_names`` is not a sequence of str or
            has more than 10 names.

    Example:
        >>> player_names(["normal", "hard", "normal"])
        ('normal', 'hard', 'normal#2')
    """
    given = _names_arg("policy_names", policy_names)
    taken = set(given)
    seen: dict[str, int] = {}
    names: list[str] = []
    for name in given:
        seen[name] = seen.get(name, 0) + 1
        if seen[name] == 1:
            names.append(name)
            continue
        number = seen[name]
        while f"{name}#{number}" in taken:
            number += 1
        seen[name] = number
        names.append(f"{name}#{number}")
        taken.add(names[-1])
    return tuple(names)


def _names_arg(what: str, names: object) -> tuple[str, ...]:
    """``names`` as a tuple of at most 10 str (any ordered iterable)."""
    items = items_arg(what, names, MAX_SEATS, "names (str), one per seat")
    for seat, name in enumerate(items):
        if not isinstance(name, str):
            raise InvalidConfigError(f"{what}[{seat}] must be a str, got {shown(name)}")
    return items  # type: ignore[return-value]


@dataclass(frozen=True, slots=True)
class TournamentResult:
    """A finished (or stopped) tournament.

    Attributes:
        ranking: Every player once, winner first.
        records: Every hand's record, first hand first.
        faults: Policy faults (the seat then checked or folded).
        seed: The decks' seed, given or drawn (``None``: not known).
    """

    ranking: tuple[Placement, ...]
    records: tuple[HandRecord, ...]
    faults: tuple[PolicyFault, ...] = ()
    seed: int | None = None

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

    Policy faults (a ``decide`` or hook that raises, an illegal action)
    are recorded and the seat checks or folds, as in a
    :class:`~pokerkit_core.tables.session.TableSession`.

    Args:
        config: Tournament settings.
        players: One policy per seat, seat 0 first (``config.players`` of
            them); any ordered iterable.
        names: Distinct display names (str) per seat (default: the
            policies' names made distinct with :func:`player_names`).
        seed: Seeds the decks of all hands: an int (not a bool), as
            :func:`~pokerkit_core.engine.state.deal` takes it, or ``None`` (a fresh one: ``session.seed``).
        button: Seat of the first button.
        listener: Optional :class:`~pokerkit_core.tables.session.TableListener`.

    Raises:
        InvalidConfigError: ``config`` not a :class:`TournamentConfig`;
            ``players`` or ``names`` not a sequence, of the wrong length, or
            names that are not str or not distinct; ``seed`` not an int or
            ``None``; ``button`` not an int seat.
        PolicyError: A player that is not a policy (no callable
            ``decide``), or, without ``names``, a policy whose ``name`` is
            not a str.

    References:
        docs/rules.rst section 5.
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
        if not isinstance(config, TournamentConfig):
            raise InvalidConfigError(
                f"config must be a TournamentConfig (run_tournament also takes a mode), "
                f"got {shown(config)}"
            )
        seated = items_arg("players", players, MAX_SEATS, "policies")
        if len(seated) != config.players:
            raise InvalidConfigError(
                f"this tournament seats {config.players} players, got {len(seated)}"
            )
        for seat, policy in enumerate(seated):
            check_policy(seat, policy)
        if names is None:
            policy_names = []
            for seat, policy in enumerate(seated):
                try:
                    name = getattr(policy, "name", "player")
                except Exception as exc:  # a hostile name property
                    raise PolicyError(
                        f"seat {seat}: reading the policy's name raised "
                        f"{describe_exception(exc)} (or pass names=)"
                    ) from exc
                if not isinstance(name, str):
                    raise PolicyError(
                        f"seat {seat}: the policy's name must be a str, got {shown(name)} "
                        "(or pass names=)"
                    )
                policy_names.append(name)
            names = player_names(policy_names)
        names = _names_arg("names", names)
        if len(names) != len(seated):
            raise InvalidConfigError(f"{len(names)} names for {len(seated)} players")
        if len(set(names)) != len(names):
            raise InvalidConfigError(f"player names must be distinct, got {shown(list(names))}")
        self.config = config
        self.names: tuple[str, ...] = tuple(names)
        self.session = TableSession(
            config.table_config(button=button),
            seated,  # type: ignore[arg-type]
            seed=seed,
            listener=listener,
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
            InvalidConfigError: The tournament is over, or a custom
                ``schedule`` fails or does not return a
                :class:`~pokerkit_core.tables.session.Blinds`.
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
            docs/rules.rst section 5 ("Final ranking").
        """
        return rank_players(
            self.names, self.session.stacks, eliminations(self.session.records)
        )

    def run(self) -> TournamentResult:
        """Play to the end.

        Returns:
            The result with the final ranking.

        Raises:
            InvalidConfigError: A custom ``schedule`` fails or does not
                return a :class:`~pokerkit_core.tables.session.Blinds`.
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
        return TournamentResult(self.ranking(), self.session.records, self.session.faults, self.session.seed)


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
        config: Settings, or a mode (its preset): a
            :class:`TournamentMode` or its value.
        players: One policy per seat, seat 0 first.
        names: Distinct names (str) per seat (default from the policies'
            names).
        seed: Seeds every deck (an int, not a bool, or ``None``: a fresh one, in the result's
            ``seed``); the same seed and seeded policies replay the same tournament.
        button: Seat of the first button.

    Returns:
        The final ranking and every hand.

    Raises:
        InvalidConfigError: Unknown mode, everything :class:`Tournament`
            refuses (players or names not a sequence or of the wrong
            length, names not distinct str, a bad seed or button), or a
            custom schedule that fails or does not return ``Blinds``.
        PolicyError: A player that is not a policy, or (without ``names``)
            a policy whose ``name`` is not a str.

    References:
        docs/rules.rst section 5.
    """
    if not isinstance(config, TournamentConfig):
        config = TournamentConfig.preset(config)
    return Tournament(config, players, names=names, seed=seed, button=button).run()
