"""ACPC game definition files (``GAMEDEF``): read, write, turn into a table.

A game file gives the betting structure, the number of players, stacks,
blinds, raise sizes and caps, and the cards per street.  :class:`AcpcGame`
holds one, :meth:`AcpcGame.to_config` gives the matching
:class:`~pokerkit_core.engine.rules.GameConfig`, and :meth:`AcpcGame.street_moves`
turns ACPC's whole-hand raise totals into street totals.  The other ACPC
formats (``MATCHSTATE``, log lines) are in :mod:`pokerkit_core.formats.acpc`,
which also re-exports everything here.

Limits (for every ACPC text this package reads): a whole number (a game
value, hand number, position, raise amount, log header count) is plain ASCII
digits ``0-9`` with no sign, from 0 to 10**18 (the engine's chip limit, far
above the dealer's 32-bit counters); anything else raises
:class:`~pokerkit_core.errors.HistoryParseError`, whose message quotes at most
a short excerpt of the offending text.

References:
    INTEROP.md section 1; the ACPC dealer v1.0.42 (``game.c``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Iterable, Sequence

from ..errors import HistoryParseError, InvalidConfigError, shown
from ..engine.rules import MAX_CHIPS
from .model import Move, MoveKind, _excerpt

if TYPE_CHECKING:
    from ..engine.rules import GameConfig
    from .acpc import AcpcAction

__all__ = ["INT32_MAX", "AcpcGame", "parse_game", "load_game", "find_game_file", "next_to_act"]

INT32_MAX = 2**31 - 1
"""The ACPC default stack (a limit game with no ``stack`` line)."""

_MAX_NUMBER = MAX_CHIPS
"""Largest whole number read from ACPC text (the engine's chip limit)."""

_WHOLE = re.compile(r"[0-9]{1,19}")


def _text(value: object, what: str) -> str:
    """``value`` if it is a ``str``, else a :class:`HistoryParseError`."""
    if not isinstance(value, str):
        raise HistoryParseError(f"{what} must be text (str), not {type(value).__name__}")
    return value


def _whole(text: str, what: str) -> int:
    """Parse a whole number: ASCII digits only, 0 to 10**18."""
    if _WHOLE.fullmatch(text) is None or int(text) > _MAX_NUMBER:
        raise HistoryParseError(
            f"{what}: {_excerpt(text)} is not a whole number from 0 to 10**18 (digits 0-9)"
        )
    return int(text)


def _check_whole(value: object, what: str) -> None:
    """Refuse a value that is not an int (bools excluded) from 0 to 10**18."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= _MAX_NUMBER:
        raise HistoryParseError(f"{what} must be an int from 0 to 10**18, not {shown(value)}")


# --------------------------------------------------------------------------- game files


@dataclass(frozen=True, slots=True)
class AcpcGame:
    """An ACPC game definition (the parts hold'em uses).

    Attributes:
        betting: ``"limit"`` or ``"nolimit"``.
        num_players: 2 to 10.
        num_rounds: 1 to 4.
        stacks: Starting chips per player (player order).
        blinds: Blind per player (player order): ``(100, 50)`` heads-up
            reverse blinds, ``(50, 100, 0)`` for three players.
        raise_sizes: Limit bet size per round (empty for no-limit).
        first_player: 0-based first player to act, per round.
        max_raises: Cap on raises per round (blinds not counted).
        num_suits: Suits in the deck.
        num_ranks: Ranks in the deck (the top ones).
        num_hole_cards: Hole cards per player.
        num_board_cards: Board cards dealt per round.
    """

    betting: str
    num_players: int
    num_rounds: int
    stacks: tuple[int, ...]
    blinds: tuple[int, ...]
    raise_sizes: tuple[int, ...]
    first_player: tuple[int, ...]
    max_raises: tuple[int, ...]
    num_suits: int = 4
    num_ranks: int = 13
    num_hole_cards: int = 2
    num_board_cards: tuple[int, ...] = (0, 3, 1, 1)

    def __post_init__(self) -> None:
        n, rounds = self.num_players, self.num_rounds
        if self.betting not in ("limit", "nolimit"):
            raise InvalidConfigError(f"betting type {self.betting!r} is not supported")
        if not 2 <= n <= 10:
            raise InvalidConfigError(f"numPlayers must be 2 to 10, not {shown(n)}")
        if not 1 <= rounds <= 4:
            raise InvalidConfigError(f"numRounds must be 1 to 4, not {shown(rounds)}")
        for name, values, size in (
            ("stack", self.stacks, n),
            ("blind", self.blinds, n),
            ("firstPlayer", self.first_player, rounds),
            ("maxRaises", self.max_raises, rounds),
            ("numBoardCards", self.num_board_cards, rounds),
        ):
            if len(values) < size:
                raise InvalidConfigError(f"{name} needs {size} values, has {len(values)}")
        if self.betting == "limit" and len(self.raise_sizes) < rounds:
            raise InvalidConfigError(f"raiseSize needs {rounds} values")
        if any(not 0 <= p < n for p in self.first_player):
            raise InvalidConfigError("firstPlayer names a player that does not exist")
        if any(b > s for b, s in zip(self.blinds, self.stacks)):
            raise InvalidConfigError("a blind is larger than the player's stack")
        cards = n * self.num_hole_cards + sum(self.num_board_cards)
        if cards > self.num_suits * self.num_ranks:
            raise InvalidConfigError("not enough cards in the deck")

    @property
    def is_limit(self) -> bool:
        """True for a limit (fixed-limit) game."""
        return self.betting == "limit"

    @property
    def big_blind(self) -> int:
        """The largest blind."""
        return max(self.blinds)

    @property
    def is_holdem(self) -> bool:
        """True when the deck and dealing are those of Texas hold'em."""
        return (
            self.num_rounds == 4
            and tuple(self.num_board_cards[:4]) == (0, 3, 1, 1)
            and self.num_hole_cards == 2
            and self.num_suits == 4
            and self.num_ranks == 13
        )

    def blind_seats(self) -> tuple[int | None, int]:
        """The small blind's and the big blind's player index.

        Returns:
            ``(small_blind_player or None, big_blind_player)``.

        Raises:
            InvalidConfigError: No blind, or more than two (straddles).
        """
        posting = [i for i, b in enumerate(self.blinds) if b > 0]
        if not posting or len(posting) > 2:
            raise InvalidConfigError("a hold'em game needs one or two blinds")
        big = max(posting, key=lambda i: (self.blinds[i], -i))
        small = [i for i in posting if i != big]
        return (small[0] if small else None), big

    def to_config(self, *, flavour: str = "acpc", exact_split: bool = True) -> GameConfig:
        """The engine configuration of this game (player i is seat i).

        Args:
            flavour: ``"acpc"`` (the dealer's own rules, INTEROP.md 1.4) or
                ``"default"`` (docs/rules.rst).
            exact_split: Split pots exactly (``OddChipRule.EXACT``), as the
                ACPC dealer does; else the default odd-chip rule.

        Returns:
            A :class:`~pokerkit_core.engine.rules.GameConfig` with the button on the
            last player.

        Raises:
            InvalidConfigError: Not hold'em (deck, rounds, board cards), or
                limit raise sizes the engine cannot express.
        """
        from ..engine.rules import BettingStructure, GameConfig, OddChipRule, RuleFlavour

        if not self.is_holdem:
            raise InvalidConfigError("only Texas hold'em game definitions can be played")
        small_seat, big_seat = self.blind_seats()
        kwargs: dict[str, object] = {}
        if self.is_limit:
            small_bet, big_bet = self.raise_sizes[0], self.raise_sizes[2]
            if self.raise_sizes[1] != small_bet or self.raise_sizes[3] != big_bet:
                raise InvalidConfigError("limit raiseSize must be 'S S B B'")
            if min(self.max_raises[:4]) >= 64:  # unreachable: 64 actions end a round
                cap = 256
            elif self.max_raises[0] + 1 == self.max_raises[1] == self.max_raises[2] == (
                self.max_raises[3]
            ):
                cap = self.max_raises[1]
            else:
                raise InvalidConfigError("maxRaises must be 'k-1 k k k' for the engine")
            kwargs.update(
                betting=BettingStructure.FIXED_LIMIT,
                small_bet=small_bet,
                big_bet=big_bet,
                raise_cap=cap,
            )
        n = self.num_players
        standard = ((big_seat + 1) % n,) + (0,) * 3
        if tuple(self.first_player[:4]) != standard:
            kwargs["first_to_act"] = tuple(self.first_player[:4])
        return GameConfig(
            stacks=self.stacks[:n],
            small_blind=self.blinds[small_seat] if small_seat is not None else 0,
            big_blind=self.blinds[big_seat],
            button=n - 1,
            small_blind_seat=small_seat,
            big_blind_seat=big_seat,
            odd_chip=OddChipRule.EXACT if exact_split else OddChipRule.LEFT_OF_BUTTON,
            flavour=RuleFlavour(flavour),
            **kwargs,  # type: ignore[arg-type]
        )

    def format(self) -> str:
        """The game definition as ``GAMEDEF`` ... ``END GAMEDEF`` text.

        Returns:
            The text, one key per line, which :func:`parse_game` reads back
            to an equal game.
        """
        lines = ["GAMEDEF", self.betting, f"numPlayers = {self.num_players}"]
        lines.append(f"numRounds = {self.num_rounds}")
        if self.betting == "nolimit" or any(s != INT32_MAX for s in self.stacks):
            lines.append("stack = " + " ".join(map(str, self.stacks)))
        lines.append("blind = " + " ".join(map(str, self.blinds)))
        if self.is_limit:
            lines.append("raiseSize = " + " ".join(map(str, self.raise_sizes)))
        lines.append("firstPlayer = " + " ".join(str(p + 1) for p in self.first_player))
        if any(m != 255 for m in self.max_raises):
            lines.append("maxRaises = " + " ".join(map(str, self.max_raises)))
        lines += [
            f"numSuits = {self.num_suits}",
            f"numRanks = {self.num_ranks}",
            f"numHoleCards = {self.num_hole_cards}",
            "numBoardCards = " + " ".join(map(str, self.num_board_cards)),
            "END GAMEDEF",
        ]
        return "\n".join(lines) + "\n"

    # ---------------------------------------------------------------- betting

    def street_moves(
        self, betting: Iterable[Iterable[AcpcAction]]
    ) -> tuple[tuple[Move, ...], ...]:
        """Convert ACPC betting to moves with street raise-to amounts.

        Follows the dealer: players act from ``first_player[round]`` in
        order, skipping folded and all-in players; ``c`` matches the highest
        total (capped by the stack); no-limit ``rN`` sets the player's hand
        total to N; limit ``r`` adds the round's raise size to the highest
        total (capped by the stack).

        Args:
            betting: Rounds of actions, as :func:`parse_betting` returns.

        Returns:
            One tuple of :class:`Move` per round; a raise's ``to`` is the
            player's total for the street.

        Raises:
            HistoryParseError: More rounds than the game has, an action after
                the betting closed, or a raise without (no-limit) or with
                (limit) an amount.
        """
        n = self.num_players
        stacks = self.stacks[:n]
        spent = [min(b, s) for b, s in zip(self.blinds, stacks)]
        folded = [False] * n
        rounds_out: list[tuple[Move, ...]] = []
        rounds = [tuple(r) for r in betting]
        if len(rounds) > self.num_rounds:
            raise HistoryParseError(f"{len(rounds)} betting rounds, the game has {self.num_rounds}")
        for round_index, actions in enumerate(rounds):
            at_start = list(spent) if round_index else [0] * n  # blinds are street bets
            moves: list[Move] = []
            player = self.first_player[round_index]
            for action in actions:
                player = next_to_act(player, folded, spent, stacks)
                highest = max(spent)
                if action.kind == "f":
                    folded[player] = True
                    moves.append(Move(player, MoveKind.FOLD))
                elif action.kind == "c":
                    spent[player] = min(highest, stacks[player])
                    moves.append(Move(player, MoveKind.CHECK_CALL))
                else:
                    if self.is_limit:
                        if action.amount is not None:
                            raise HistoryParseError("a limit raise has no amount")
                        total = min(highest + self.raise_sizes[round_index], stacks[player])
                    else:
                        if action.amount is None:
                            raise HistoryParseError("a no-limit raise needs an amount")
                        total = action.amount
                    spent[player] = total
                    moves.append(Move(player, MoveKind.BET_RAISE, total - at_start[player]))
                player = (player + 1) % n
            rounds_out.append(tuple(moves))
        return tuple(rounds_out)


def next_to_act(player: int, folded: Sequence[bool], spent: Sequence[int], stacks: Sequence[int]) -> int:
    """The first seat from ``player`` (clockwise, inclusive) that can still
    act in an ACPC hand: not folded and not all-in, as the dealer's
    ``currentPlayer`` does.

    Args:
        player: The seat to start from (ACPC player order).
        folded: Per seat, whether it folded.
        spent: Chips each seat has put in over the hand.
        stacks: Each seat's stack at the start of the hand, chips.

    Returns:
        The seat that acts next.

    Raises:
        HistoryParseError: Every player folded or is all-in (an action after
            the betting closed).
    """
    n = len(folded)
    for _ in range(n):
        if not folded[player] and spent[player] < stacks[player]:
            return player
        player = (player + 1) % n
    raise HistoryParseError("an action after every player folded or is all-in")


_GAME_KEY = re.compile(r"^\s*([A-Za-z]+)\s*=\s*(.*?)\s*$")


def parse_game(text: str) -> AcpcGame:
    """Read an ACPC game definition.

    Args:
        text: ``GAMEDEF`` ... ``END GAMEDEF``; keys are case-insensitive,
            ``#`` lines and blank lines are skipped.

    Returns:
        The game.

    Raises:
        HistoryParseError: ``text`` is not a ``str``; no ``GAMEDEF`` block,
            an unknown key, a key with no value, or a value that is not a
            whole number from 0 to 10**18 (digits only, no sign).
        InvalidConfigError: Values that do not make a valid game (see
            :class:`AcpcGame`).
    """
    values: dict[str, list[int]] = {}
    betting = "limit"
    inside = False
    for number, raw in enumerate(_text(text, "a game definition").splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        lower = line.lower()
        if lower == "gamedef":
            inside = True
            continue
        if lower == "end gamedef":
            inside = False
            break
        if not inside:
            continue
        if lower in ("limit", "nolimit", "potlimit"):
            betting = lower
            continue
        match = _GAME_KEY.match(line)
        if match is None:
            raise HistoryParseError(f"cannot read game line {_excerpt(line)}", number)
        name, fields = match.group(1), match.group(2).split()
        if not fields:
            raise HistoryParseError(f"{name}: no value (expected whole numbers)", number)
        values[name.lower()] = [_whole(v, name) for v in fields]
    if not values:
        raise HistoryParseError("no GAMEDEF block")
    known = {
        "numplayers", "numrounds", "stack", "blind", "raisesize", "firstplayer",
        "maxraises", "numsuits", "numranks", "numholecards", "numboardcards",
    }
    unknown = set(values) - known
    if unknown:
        raise HistoryParseError(
            f"unknown game keys: {_excerpt(', '.join(sorted(unknown)), 80)}"
        )
    for key in ("numplayers", "numrounds", "blind"):
        if key not in values:
            raise HistoryParseError(f"game definition has no {key}")
    n = values["numplayers"][0]
    rounds = values["numrounds"][0]
    # Checked before the per-player and per-round defaults are built from them.
    if not 2 <= n <= 10:
        raise InvalidConfigError(f"numPlayers must be 2 to 10, not {n}")
    if not 1 <= rounds <= 4:
        raise InvalidConfigError(f"numRounds must be 1 to 4, not {rounds}")

    def single(key: str, default: int) -> int:
        return values[key][0] if key in values else default

    return AcpcGame(
        betting=betting,
        num_players=n,
        num_rounds=rounds,
        stacks=tuple(values.get("stack", [INT32_MAX] * n))[:n],
        blinds=tuple(values["blind"])[:n],
        raise_sizes=tuple(values.get("raisesize", []))[:rounds],
        first_player=tuple(p - 1 for p in values.get("firstplayer", [1] * rounds))[:rounds],
        max_raises=tuple(values.get("maxraises", [255] * rounds))[:rounds],
        num_suits=single("numsuits", 4),
        num_ranks=single("numranks", 13),
        num_hole_cards=single("numholecards", 2),
        num_board_cards=tuple(values.get("numboardcards", [0, 3, 1, 1][:rounds]))[:rounds],
    )


def load_game(path: str | Path) -> AcpcGame:
    """Read an ACPC game definition file.

    Args:
        path: Path of the ``.game`` file, read as UTF-8 text.

    Returns:
        The game, as :func:`parse_game` returns it.

    Raises:
        OSError: The file cannot be read.
        UnicodeDecodeError: The file is not UTF-8.
        HistoryParseError, InvalidConfigError: As :func:`parse_game`.
    """
    return parse_game(Path(path).read_text(encoding="utf-8"))


def find_game_file(name: str, log_path: str | Path) -> Path:
    """Find a game file named in a log header: beside the log or in ``games/``.

    Args:
        name: The file name from the header (a path is reduced to its name
            if not found as given).
        log_path: The log file.

    Returns:
        The path of the game file.

    Raises:
        HistoryParseError: Not found in either place.
    """
    base = Path(log_path).resolve().parent
    candidates = [Path(name), base / name, base / Path(name).name, base / "games" / Path(name).name]
    for candidate in candidates:
        if candidate.is_absolute() and candidate.is_file():
            return candidate
        if not candidate.is_absolute() and (base / candidate).is_file():
            return base / candidate
    raise HistoryParseError(f"game file {name!r} not found beside {log_path} or in games/")
