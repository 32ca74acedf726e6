"""The hand-history model: one hand of hold'em as a value, independent of any format.

A :class:`HandHistory` holds what a hand history file records: the game
(variant, blinds, antes, bet sizes), the players and their starting stacks,
and the ordered list of what happened (cards dealt, player moves, cards
shown).  :mod:`.phh` and :mod:`.acpc` read and write it; :mod:`.replay` plays
it through the rules engine.

Conventions (the PHH ones, see INTEROP.md section 2):

* Players are numbered from 0 in the order they are dealt: player 0 is the
  small blind and the last player the button; heads-up is "reverse assigned"
  (player 0 posts the big blind, player 1 is the button and small blind).
* A :class:`Move` of kind ``BET_RAISE`` carries ``to``: the player's total bet
  for the **current street** (raise-to), in chips.
* Amounts are integer chips.  A file written in decimal money
  (``0.50``) is read with :attr:`HandHistory.chip_scale` chips per unit
  (e.g. 100 = cents); only finishing stacks may be fractions (exact splits).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction
from typing import Union

from ..evaluation.cards import Card
from ..errors import HistoryParseError

__all__ = [
    "Amount",
    "MoveKind",
    "DealHole",
    "DealBoard",
    "Move",
    "ShowCards",
    "Entry",
    "HandHistory",
    "freeze",
]

Amount = Union[int, Fraction]
"""A chip amount that may be a fraction (exactly split pots)."""


class MoveKind(Enum):
    """What a player did; the values are the PHH action codes."""

    FOLD = "f"
    CHECK_CALL = "cc"
    BET_RAISE = "cbr"


@dataclass(frozen=True, slots=True)
class DealHole:
    """Hole cards dealt to one player.

    Attributes:
        player: Player index, 0-based (0 = first dealt).
        cards: The cards, or ``None`` for cards nobody saw (PHH ``????``).
    """

    player: int
    cards: tuple[Card, ...] | None

    def __post_init__(self) -> None:
        if self.player < 0:
            raise HistoryParseError(f"negative player index {self.player}")


@dataclass(frozen=True, slots=True)
class DealBoard:
    """Board cards dealt (flop 3, turn 1, river 1).

    Attributes:
        cards: The cards dealt at once, in order.
    """

    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        if not 1 <= len(self.cards) <= 5:
            raise HistoryParseError(f"a board deal has 1 to 5 cards, not {len(self.cards)}")


@dataclass(frozen=True, slots=True)
class Move:
    """A player's betting move.

    Attributes:
        player: Player index, 0-based.
        kind: Fold, check/call, or bet/raise.
        to: For ``BET_RAISE``: the player's total bet for this street after
            the move (raise-to, chips); ``None`` for a fixed-limit bet whose
            size the game fixes. Ignored (``None``) for the other kinds.
    """

    player: int
    kind: MoveKind
    to: int | None = None

    def __post_init__(self) -> None:
        if self.player < 0:
            raise HistoryParseError(f"negative player index {self.player}")
        if self.kind is not MoveKind.BET_RAISE and self.to is not None:
            raise HistoryParseError(f"{self.kind.value} takes no amount")
        if self.to is not None and self.to <= 0:
            raise HistoryParseError(f"bet/raise-to must be positive, not {self.to}")


@dataclass(frozen=True, slots=True)
class ShowCards:
    """A player shows (or mucks) at showdown.

    Attributes:
        player: Player index, 0-based.
        cards: The cards shown; ``None`` when mucked or shown but unknown.
        shown: ``True`` for a show, ``False`` for a muck.
    """

    player: int
    cards: tuple[Card, ...] | None
    shown: bool = True


Entry = Union[DealHole, DealBoard, Move, ShowCards]
"""One recorded event of a hand, in order."""


def _excerpt(text: str, limit: int = 40) -> str:
    """``repr(text)`` for an error message, cut to about ``limit`` characters."""
    return repr(text) if len(text) <= limit else repr(text[:limit]) + "..."


def freeze(value: object) -> object:
    """Turn lists (and nested lists/dicts) into tuples so a value is hashable.

    Args:
        value: A value read from a file (TOML scalars, lists, tables).

    Returns:
        The same value with lists as tuples and tables as sorted tuples of pairs.
    """
    if isinstance(value, list):
        return tuple(freeze(v) for v in value)
    if isinstance(value, dict):
        return tuple(sorted((str(k), freeze(v)) for k, v in value.items()))
    return value


@dataclass(frozen=True, slots=True)
class HandHistory:
    """One hand of Texas hold'em, as a hand history records it.

    Attributes:
        variant: ``"NT"`` (no-limit) or ``"FT"`` (fixed-limit) hold'em.
        starting_stacks: Chips per player at the start, player 0 first.
        blinds: Blind each player posts, player 0 first: ``(SB, BB, 0, ...)``;
            heads-up ``(BB, SB)`` since player 0 posts the big blind. (PHH
            writes heads-up blinds as ``[SB, BB]``; :mod:`.phh` swaps them.)
        antes: Ante per player (uniform, or e.g. a big-blind ante
            ``(0, A, 0, ...)``).
        entries: What happened, in order.
        min_bet: No-limit minimum bet (normally the big blind), chips.
        small_bet: Fixed-limit small bet (pre-flop and flop), chips.
        big_bet: Fixed-limit big bet (turn and river), chips.
        finishing_stacks: Stacks after the recorded entries (the result of
            a finished hand), or ``None`` when not recorded.
        players: Player names, or ``()``.
        hand_id: The hand's number or label, or ``None``.
        chip_scale: Chips per unit of the source file (1 for chip files,
            100 for a file in dollars and cents).
        button: Button player index when the source says (ACPC games);
            ``None`` = PHH convention (last player; player 1 heads-up).
        first_to_act: Per-street first player (ACPC ``firstPlayer``,
            0-based), or ``None`` for standard order.
        raise_cap: Fixed-limit bets per street (big blind counted), or
            ``None`` for the engine default.
        rules: ``"acpc"`` when the source was an ACPC dealer (its rules
            decide), else ``"default"``.
        ante_trimming: PHH ``ante_trimming_status`` (``None`` if absent).
        boards: How many times the rest of the board is dealt when every
            player still in is all-in (run it twice: 2), 1 to 9, as
            ``GameConfig.boards``; PHH has no key for it, :mod:`.phh` writes
            the custom key ``_boards`` (docs/interop.rst).  With ``boards >
            1`` the board entries hold the first board's cards, then each
            further board's own cards (those dealt after the all-in), board
            by board: see :attr:`board_runs`.
        rake: Chips the house took from the pots (an online cash game's
            rake, as the site reports it), 0 for none; the replay takes
            exactly this much, from the pots in proportion to their size
            (``GameConfig.rake_rate`` 1 capped at it).  :mod:`.phh` reads
            and writes it as the custom key ``_rake``.
        rake_rate: ``None`` (the default), or the rate at which the room
            counted its rake up pot by pot, when its record shows that split
            (PokerStars' main and side pots): the replay then takes ``rake``
            by ``GameConfig.rake_split`` ``RUNNING_TOTAL`` at this rate
            (capped at ``rake``).  A Fraction above 0, at most 1; :mod:`.phh`
            writes it as the custom key ``_rake_rate`` (text, e.g. ``"9/200"``).
        extra: Other recorded fields, kept for writing back: sorted
            ``(key, value)`` pairs with lists frozen to tuples.
    """

    variant: str
    starting_stacks: tuple[int, ...]
    blinds: tuple[int, ...]
    antes: tuple[int, ...]
    entries: tuple[Entry, ...]
    min_bet: int | None = None
    small_bet: int | None = None
    big_bet: int | None = None
    finishing_stacks: tuple[Amount, ...] | None = None
    players: tuple[str, ...] = ()
    hand_id: int | str | None = None
    chip_scale: int = 1
    button: int | None = None
    first_to_act: tuple[int, ...] | None = None
    raise_cap: int | None = None
    rules: str = "default"
    ante_trimming: bool | None = None
    extra: tuple[tuple[str, object], ...] = field(default=())
    boards: int = 1
    rake: int = 0
    rake_rate: Fraction | None = None

    def __post_init__(self) -> None:
        n = len(self.starting_stacks)
        if not 2 <= n <= 10:
            raise HistoryParseError(f"a hand needs 2 to 10 players, not {n}")
        if self.variant not in ("NT", "FT"):
            raise HistoryParseError(
                f"variant {self.variant!r} is not supported (only NT and FT hold'em)"
            )
        for name, values in (("blinds", self.blinds), ("antes", self.antes)):
            if len(values) != n:
                raise HistoryParseError(f"{name} has {len(values)} values for {n} players")
            if any(v < 0 for v in values):
                raise HistoryParseError(f"{name} has a negative value")
        if any(s < 0 for s in self.starting_stacks):
            raise HistoryParseError("a starting stack is negative")
        if self.finishing_stacks is not None and len(self.finishing_stacks) != n:
            raise HistoryParseError(
                f"finishing_stacks has {len(self.finishing_stacks)} values for {n} players"
            )
        if self.players and len(self.players) != n:
            raise HistoryParseError(f"players has {len(self.players)} names for {n} players")
        if self.variant == "FT" and (self.small_bet is None or self.big_bet is None):
            raise HistoryParseError("a fixed-limit hand needs small_bet and big_bet")
        if self.rake.__class__ is not int or self.rake < 0:
            raise HistoryParseError(f"rake must be a chip count of 0 or more, not {self.rake!r}")
        if self.rake_rate is not None and (
            self.rake_rate.__class__ is not Fraction or not 0 < self.rake_rate <= 1
        ):
            raise HistoryParseError(
                f"rake_rate (PHH _rake_rate) must be a fraction above 0 and at most 1, "
                f"not {_excerpt(repr(self.rake_rate))}"
            )
        if self.chip_scale < 1:
            raise HistoryParseError("chip_scale must be at least 1")
        if self.boards.__class__ is not int or not 1 <= self.boards <= 9:
            raise HistoryParseError(
                f"boards (PHH _boards) must be an int from 1 to 9, not {_excerpt(repr(self.boards))}"
            )
        for entry in self.entries:
            if isinstance(entry, (DealHole, Move, ShowCards)) and entry.player >= n:
                raise HistoryParseError(f"player p{entry.player + 1} does not exist")

    @property
    def player_count(self) -> int:
        """Number of players dealt in."""
        return len(self.starting_stacks)

    @property
    def is_fixed_limit(self) -> bool:
        """True for fixed-limit hold'em (``FT``)."""
        return self.variant == "FT"

    @property
    def moves(self) -> tuple[Move, ...]:
        """The player moves only, in order."""
        return tuple(e for e in self.entries if isinstance(e, Move))

    @property
    def hole_cards(self) -> tuple[tuple[Card, ...] | None, ...]:
        """Known hole cards per player (``None`` when not dealt or unknown)."""
        holes: list[tuple[Card, ...] | None] = [None] * self.player_count
        for entry in self.entries:
            if isinstance(entry, DealHole) and entry.cards is not None:
                holes[entry.player] = entry.cards
            elif isinstance(entry, ShowCards) and entry.cards and holes[entry.player] is None:
                holes[entry.player] = entry.cards
        return tuple(holes)

    @property
    def board(self) -> tuple[Card, ...]:
        """The board cards dealt, in order (with :attr:`boards` above 1,
        the first board's: ``board_runs[0]``)."""
        return self.board_runs[0]

    @property
    def board_runs(self) -> tuple[tuple[Card, ...], ...]:
        """The board of each run, first board first (one tuple when the
        board was dealt once).

        With :attr:`boards` ``N > 1`` and more than five board cards
        recorded, the cards after the first five are the further boards'
        own cards, ``(len - 5) / (N - 1)`` each, board by board; each further
        board is the first board's cards dealt before the all-in followed by
        its own.

        Raises:
            HistoryParseError: The cards after the first five do not divide
                into ``N - 1`` boards of at most five, or ``boards`` is 1 and
                more than five were dealt (cards beyond the fifth are
                returned as they are then, for the replay to refuse).
        """
        cards: list[Card] = []
        for entry in self.entries:
            if isinstance(entry, DealBoard):
                cards.extend(entry.cards)
        if self.boards == 1 or len(cards) <= 5:
            return (tuple(cards),)
        extra = len(cards) - 5
        own, rest = divmod(extra, self.boards - 1)
        if rest or own > 5:
            raise HistoryParseError(
                f"{extra} board cards after the first board do not make "
                f"{self.boards - 1} further boards"
            )
        first = tuple(cards[:5])
        common = first[: 5 - own]
        return (first,) + tuple(
            common + tuple(cards[5 + k * own : 5 + (k + 1) * own]) for k in range(self.boards - 1)
        )

    @property
    def big_blind(self) -> int:
        """The largest blind (0 when none is posted)."""
        return max(self.blinds, default=0)
