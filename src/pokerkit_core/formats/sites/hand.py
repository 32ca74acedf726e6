"""The common model of a hand read from an online site's hand history.

Every site reader (:mod:`.pokerstars`, :mod:`.winamax`, ...) fills a
:class:`SiteHand`: seats, forced bets, actions by street, board(s), shown
cards, and the site's own summary (what each player collected, the total pot,
the rake).  :mod:`.check` turns it into a
:class:`~pokerkit_core.formats.model.HandHistory`, replays it on the engine
and compares the engine's pots, rake and final stacks with that summary.

Amounts are whole chips: a cash game's amounts in the site's currency are
multiplied by :attr:`SiteHand.scale` (100: cents).
"""

from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from typing import Final
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from ...engine.rules import MAX_CHIPS
from ...errors import SiteHistoryError
from ...evaluation.cards import Card, parse_cards

__all__ = [
    "PREFLOP",
    "FLOP",
    "TURN",
    "RIVER",
    "SitePlayer",
    "SiteAction",
    "SitePost",
    "SiteHand",
    "amount_of",
    "cards_of",
    "TIME_ZONES",
    "utc_time",
]

PREFLOP: Final = 0
FLOP: Final = 1
TURN: Final = 2
RIVER: Final = 3


@dataclass(slots=True)
class SitePlayer:
    """One seat of the table.

    Attributes:
        seat: The site's seat number (1-based on every site read).
        name: The player's name as written.
        stack: Chips at the start of the hand.
        dealt: Dealt into the hand (``False``: sitting out, waiting).
    """

    seat: int
    name: str
    stack: int
    dealt: bool = True


@dataclass(slots=True)
class SitePost:
    """A forced bet.

    Attributes:
        name: Who posted it.
        kind: ``"sb"``, ``"bb"``, ``"straddle"``, ``"ante"`` or ``"dead"``
            (a dead small blind of a returning player: in the pot, counting
            toward no bet).
        amount: Chips.
    """

    name: str
    kind: str
    amount: int


@dataclass(slots=True)
class SiteAction:
    """A player's betting action.

    Attributes:
        street: :data:`PREFLOP` to :data:`RIVER`.
        name: The player.
        kind: ``"fold"``, ``"check"``, ``"call"``, ``"bet"`` or ``"raise"``.
        to: For a bet or raise: the player's total for the street after it
            (raise-to), chips; for a call: the chips added; else 0.
        all_in: The site says the player is all-in.
        line: 1-based line in the file.
    """

    street: int
    name: str
    kind: str
    to: int = 0
    all_in: bool = False
    line: int = 0


@dataclass(slots=True)
class SiteHand:
    """One hand as a site wrote it.

    Attributes:
        site: The room (``"PokerStars"``, ``"GGPoker"``, ...).
        path: The file it was read from (``None`` for text).
        line: 1-based line where the hand starts.
        hand_id: The site's hand number or code.
        game: ``"holdem"``, or the site's name of another game (skipped).
        betting: ``"NL"``, ``"PL"`` or ``"FL"``.
        scale: Chips per unit of the site's amounts (100 for cents).
        currency: ISO code (``"USD"``, ``"EUR"``), ``None`` for tournament chips.
        table: Table name.
        time: Start time as the site wrote it, ``YYYY-MM-DDTHH:MM:SS`` when
            known.
        time_zone: The time zone abbreviation as written (``"ET"``, ``"UTC"``).
        max_seats: Seats at the table (``6`` for 6-max), or ``None``.
        tournament: Tournament id, ``None`` for a cash game.
        button: The button's seat number.
        small_blind, big_blind: The blinds of the stakes, chips.
        small_bet, big_bet: Fixed-limit bet sizes, chips (0: from the big
            blind).
        players: The seats, in seat order.
        posts: Forced bets, in posting order.
        actions: Betting actions, in order.
        boards: The board of each run (one unless run more than once).
        hole: Known hole cards by name (the hero's, shown hands).
        shown: Names whose cards were shown at the end.
        mucked: Names who mucked at the showdown.
        collected: Chips each player collected from the pots (after rake).
        uncalled: Chips returned to a player as an uncalled bet.
        total_pot: The site's total pot, chips (``None`` if not written).
        pots: The main pot and side pots as the site writes them (after
            its rake), when it writes them; empty otherwise.
        pot_is_net: ``True`` when the site's total pot is after rake.
        rake_written: ``False`` when the site writes no rake (888poker):
            the rake is then what the pots held beyond the winnings.
        uncalled_in_pot: ``True`` when the site writes no uncalled bet
            returned: its total pot and the bettor's winnings hold it.
        rake: Chips the house took (rake plus jackpot and other drops).
        fees: The parts of ``rake`` by name (``{"rake": 200, "jackpot": 100}``).
        notes: Lines kept as notes (cash-out, insurance, bounties).
    """

    site: str
    path: str | None = None
    line: int = 1
    hand_id: str = ""
    game: str = "holdem"
    betting: str = "NL"
    scale: int = 1
    currency: str | None = None
    table: str | None = None
    time: str | None = None
    time_zone: str | None = None
    max_seats: int | None = None
    tournament: str | None = None
    button: int | None = None
    small_blind: int = 0
    big_blind: int = 0
    small_bet: int = 0
    big_bet: int = 0
    players: list[SitePlayer] = field(default_factory=list)
    posts: list[SitePost] = field(default_factory=list)
    actions: list[SiteAction] = field(default_factory=list)
    boards: list[list[Card]] = field(default_factory=list)
    hole: dict[str, tuple[Card, ...]] = field(default_factory=dict)
    shown: set[str] = field(default_factory=set)
    mucked: set[str] = field(default_factory=set)
    collected: dict[str, int] = field(default_factory=dict)
    uncalled: dict[str, int] = field(default_factory=dict)
    total_pot: int | None = None
    pots: list[int] = field(default_factory=list)
    pot_is_net: bool = False
    uncalled_in_pot: bool = False
    rake_written: bool = True
    rake: int = 0
    fees: dict[str, int] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)

    def error(self, message: str, line: int | None = None) -> SiteHistoryError:
        """A :class:`~pokerkit_core.errors.SiteHistoryError` naming this
        hand's file and ``line`` (default: the hand's first line)."""
        return SiteHistoryError(
            f"{self.site} hand {self.hand_id or '?'}: {message}", line or self.line, self.path
        )

    @property
    def time_utc(self) -> str | None:
        """The hand's start in UTC (ISO 8601, ``"2012-09-10T23:43:58Z"``),
        from :attr:`time` and :attr:`time_zone` (:func:`utc_time`), or
        ``None`` when the room wrote no time or a zone not in
        :data:`TIME_ZONES`."""
        return utc_time(self.time, self.time_zone)

    def player(self, name: str) -> SitePlayer | None:
        """The seat of ``name``, or ``None``."""
        for player in self.players:
            if player.name == name:
                return player
        return None


def amount_of(text: str, scale: int, hand: SiteHand | None = None, line: int | None = None) -> int:
    """Chips of an amount written by a site (``"$1,234.50"``, ``"0.50€"``, ``"1 500"``).

    Args:
        text: The amount with any currency sign, thousands separators
            (``,`` or a space) or a decimal comma (``"0,50"``).
        scale: Chips per unit (100 for cents).
        hand: The hand, to name it in an error.
        line: Its line.

    Returns:
        ``round(value * scale)`` as an int.

    Raises:
        SiteHistoryError: ``text`` holds no number, a number with more
            decimals than ``scale`` keeps, or more chips than
            :data:`~pokerkit_core.engine.rules.MAX_CHIPS` (no table holds
            them; a number of thousands of digits is refused here, before
            any message or export prints it).
    """
    clean = "".join(ch for ch in text if ch.isdigit() or ch in ".,").strip(".,")  # "2.85." ends a sentence
    if "," in clean:
        if "." in clean or len(clean.rsplit(",", 1)[1]) == 3:
            clean = clean.replace(",", "")  # thousands separators
        else:
            clean = clean.replace(",", ".")  # a decimal comma (0,50)
    try:
        value = Decimal(clean) * scale
    except InvalidOperation:
        value = Decimal("NaN")
    if not value.is_finite() or value != value.to_integral_value() or value > MAX_CHIPS:
        shown = text if len(text) <= 40 else f"{text[:20]}...{text[-10:]} ({len(text)} characters)"
        message = f"expected an amount of at most MAX_CHIPS ({MAX_CHIPS:,}) chips, got {shown!r}"
        if hand is not None:
            raise hand.error(message, line)
        raise SiteHistoryError(message, line)
    return int(value)


_RANKS = {"10": "T"}


def cards_of(text: str) -> tuple[Card, ...]:
    """Cards written ``"Ah Kd"``, ``"[Ah, Kd]"``, ``"AhKd"`` or ``"10h"`` (tens).

    Raises:
        CardError: A token is no card.
    """
    clean = text.replace("[", " ").replace("]", " ").replace(",", " ").strip()
    tokens = clean.split()
    fixed = []
    for token in tokens:
        if token.startswith("10"):
            token = "T" + token[2:]
        if len(token) == 2:
            token = token[0].upper() + token[1].lower()
        fixed.append(token)
    return tuple(parse_cards("".join(fixed))) if fixed else ()


TIME_ZONES: Final[dict[str, str]] = {
    "UTC": "UTC", "GMT": "UTC",
    "ET": "America/New_York", "EST": "-05:00", "EDT": "-04:00",
    "CT": "America/Chicago", "MT": "America/Denver",
    "PT": "America/Los_Angeles", "PST": "-08:00", "PDT": "-07:00",
    "WET": "Europe/Lisbon", "WEST": "+01:00", "BST": "+01:00",
    "CET": "Europe/Paris", "CEST": "+02:00", "EET": "Europe/Athens", "EEST": "+03:00",
    "MSK": "Europe/Moscow", "AEST": "+10:00", "AEDT": "+11:00",
}
"""The time zones rooms write, by the abbreviation in their files: an IANA
zone where the abbreviation names a region's local time (PokerStars' ``ET``
is US Eastern time, daylight saving included: ``-04:00`` in summer,
``-05:00`` in winter; ``CET`` as PokerStars and Full Tilt write it all year
is Central European local time), else a fixed offset (``EST``, ``CEST``)."""


def utc_time(time: str | None, zone: str | None) -> str | None:
    """A room's local time in UTC.

    Args:
        time: The local time, ISO 8601 without a zone (``"2012-09-10T19:43:58"``),
            as :attr:`SiteHand.time` holds it.
        zone: The zone's abbreviation as written (``"ET"``), a key of
            :data:`TIME_ZONES`.

    Returns:
        ``"YYYY-MM-DDTHH:MM:SSZ"``, or ``None`` when there is no time, the
        zone is not written or not known, the time does not parse, or the
        zone's rules are not installed (no ``tzdata`` on Windows).  A local
        time that a clock change makes ambiguous is taken the first time
        it occurs (``fold=0``).
    """
    name = TIME_ZONES.get(zone or "")
    if not time or name is None:
        return None
    try:
        local = _dt.datetime.fromisoformat(time)
        if name[0] in "+-":
            hours, minutes = int(name[1:3]), int(name[4:6])
            offset = _dt.timedelta(hours=hours, minutes=minutes) * (1 if name[0] == "+" else -1)
            tz: _dt.tzinfo = _dt.timezone(offset)
        else:
            tz = ZoneInfo(name)
    except (ValueError, ZoneInfoNotFoundError):
        return None
    return local.replace(tzinfo=tz).astimezone(_dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
