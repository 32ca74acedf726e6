"""PartyPoker text hand histories (also the older 888/Pacific files in the
same format, ``#Game No : <id>`` first).

Header ``***** Hand History for Game <id> *****``, then ``$0.05/$0.10 USD NL
Texas Hold'em - Sunday, January 05, 19:24:07 EST 2014`` (cash) or ``NL Texas
Hold'em $22 USD Buy-in Trny:<id> Level:12 Blinds-Antes(1.200/2.400 -400) -
...`` (tournament).  Amounts in brackets; a raise's, bet's or all-in's amount
is the chips the player adds.  Winnings: ``<name> wins $1.87 USD from the
side pot 1 ...``.  PartyPoker writes no rake and no uncalled bet: the rake is
what the pots held beyond the winnings; uncalled bets are returned by the
rules.
"""

from __future__ import annotations

import re
from typing import Iterator

from .hand import FLOP, PREFLOP, RIVER, TURN, SiteHand, amount_of, cards_of
from .text import VERBS, add_action, add_post, add_seat, extend_board, name_at, numbered, read_dealt

__all__ = ["STARTS", "parse_hand", "split"]

STARTS = re.compile(r"^(?:#Game No : \d+|\*\*\*\*\* Hand History [Ff]or Game \d+)")
_ID = re.compile(r"Game (?:No : )?(\d+)")
_GAME = re.compile(r"(?P<betting>NL|PL|FL) (?P<game>Texas Hold'em|Omaha Hi-Lo|Omaha|[A-Za-z' -]+?)\b")
_DATE = re.compile(r"- \w+, (?P<month>\w+) (?P<day>\d+), (?P<time>\d\d:\d\d:\d\d) (?P<zone>\w+) (?P<year>\d{4})")
_TABLE = re.compile(r"^Table (?P<table>.*?) \((?:Real|Play) Money\)")
_BUTTON = re.compile(r"^Seat (?P<seat>\d+) is the button")
_MAX = re.compile(r"^Total number of players : \d+/(?P<max>\d+)")
_SEAT = re.compile(r"^Seat (?P<seat>\d+): (?P<name>.*) \( (?P<stack>[^()]*) \)\s*$")
_STREET = re.compile(r"^\*\* Dealing (?P<street>down cards|Flop|Turn|River) \*\*(?P<cards>.*)$", re.I)
_STREETS = {"down cards": PREFLOP, "flop": FLOP, "turn": TURN, "river": RIVER}
_AMOUNT = re.compile(r"\[([^\]]*)\]")
_WINS = re.compile(r"^wins (?P<amount>.*?)(?: USD| EUR| GBP| chips)?(?: from .*|\.?)$")
_MONTHS = {m: k for k, m in enumerate(("January", "February", "March", "April", "May", "June", "July", "August",
                                        "September", "October", "November", "December"), start=1)}


def split(text: str) -> Iterator[tuple[int, list[str]]]:
    """``(first line number, lines)`` of each hand: a hand starts at
    ``#Game No`` or at a ``***** Hand History`` line not right after one."""
    lines = text.split("\n")
    first = None
    previous = ""
    for k, line in enumerate(lines):
        clean = line.lstrip("\ufeff")
        if STARTS.match(clean) and not (clean.startswith("*****") and previous.startswith("#Game No")):
            if first is not None:
                yield first + 1, lines[first:k]
            first = k
        if clean.strip():
            previous = clean
    if first is not None:
        yield first + 1, lines[first:]


def parse_hand(lines: list[str], first_line: int, path: str | None) -> SiteHand:
    """Read one PartyPoker hand (see :func:`.pokerstars.parse_hand` for the contract).

    Raises:
        SiteHistoryError: A line that is not what the format has there.
    """
    rows = numbered(lines, first_line)
    hand = SiteHand(site="PartyPoker", path=path, line=first_line)
    ident = _ID.search(rows[0][1])
    if ident is None:
        raise hand.error("expected '***** Hand History for Game <id> *****'")
    hand.hand_id = ident.group(1)
    start = 1 if rows[0][1].lstrip("\ufeff").startswith("#Game No") else 0
    if len(rows) < start + 3:
        raise hand.error("expected the game, table and button lines after the header")
    number, header = rows[start + 1]
    game = _GAME.search(header)
    if game is None and " Blinds " in header:  # an 888poker hand under a "#Game No" line
        from . import pacific

        return pacific.parse_hand(
            [f"***** 888poker Hand History for Game {hand.hand_id} *****"] + [line for _, line in rows[start + 1:]],
            number - 1, path,
        )
    if game is None:
        raise hand.error(f"expected '<stakes> NL|PL|FL Texas Hold'em - <date>', got {header!r}", number)
    hand.betting = game.group("betting")
    hand.game = "holdem" if game.group("game") == "Texas Hold'em" else f"{hand.betting} {game.group('game')}"
    if hand.game != "holdem":
        return hand
    trny = re.search(r"Trny: ?(\d+)", header)
    hand.tournament = trny.group(1) if trny else None
    date = _DATE.search(header)
    if date and date.group("month") in _MONTHS:
        hand.time = (f"{date.group('year')}-{_MONTHS[date.group('month')]:02d}-{int(date.group('day')):02d}"
                     f"T{date.group('time')}")
        hand.time_zone = date.group("zone")
    cash = hand.tournament is None
    hand.currency = ("USD" if "USD" in header else "EUR" if "EUR" in header else "GBP" if "GBP" in header else None) if cash else None
    hand.scale = scale = 100 if cash else 1
    names: list[str] = []
    street = PREFLOP
    street_put: dict[str, int] = {}
    for number, line in rows[start + 2:]:
        if line.startswith(("Game #", "***** Hand History")):
            break
        table = _TABLE.match(line)
        if table:
            hand.table = table.group("table")
            continue
        button = _BUTTON.match(line)
        if button:
            hand.button = int(button.group("seat"))
            continue
        most = _MAX.match(line)
        if most:
            hand.max_seats = int(most.group("max"))
            continue
        seat = _SEAT.match(line)
        if seat and not hand.posts:
            names.append(add_seat(hand, seat, number))
            continue
        mark = _STREET.match(line)
        if mark:
            new = _STREETS[mark.group("street").lower()]
            if new != street:
                street, street_put = new, {}
            extend_board(hand, list(cards_of(mark.group("cards"))))
            continue
        if read_dealt(hand, line, names):
            continue
        who = name_at(line, names)
        if who is None:
            continue
        body = line[len(who) + 1:].strip()
        amounts = _AMOUNT.findall(body)
        if body.startswith("posts "):
            chips = amount_of(amounts[0] if amounts else "", scale, hand, number)
            kind = ("sb" if "small blind" in body else "bb" if "big blind" in body else "ante" if "ante" in body
                    else "dead")
            if kind == "bb" and "dead" in body and 0 < hand.big_blind < chips:  # "big blind + dead [$3]"
                add_post(hand, who, "dead", chips - hand.big_blind)
                chips = hand.big_blind
            add_post(hand, who, kind, chips, street_put)
            if kind in ("sb", "bb"):
                if kind == "sb" and not hand.small_blind:
                    hand.small_blind = chips
                if kind == "bb" and not hand.big_blind:
                    hand.big_blind = chips
            continue
        verb = body.split(" ")[0]
        chips = amount_of(amounts[0], scale, hand, number) if amounts and verb in ("calls", "bets", "raises", "is") else 0
        if verb in VERBS:
            add_action(hand, street, who, VERBS[verb], chips, body.lower().startswith("is all-in"), number, street_put)
        elif body.lower().startswith("is all-in"):
            add_action(hand, street, who, "raise", chips, True, number, street_put)
        elif verb == "shows" or body.startswith("doesn't show"):
            cards = cards_of(amounts[0]) if amounts else ()
            if len(cards) == 2:
                hand.hole[who] = cards
                if verb == "shows":
                    hand.shown.add(who)
            if verb != "shows":
                hand.mucked.add(who)
        elif verb == "wins":
            won = _WINS.match(body)
            if won is None:
                raise hand.error(f"expected '<name> wins <amount> [from the ... pot]', got {line!r}", number)
            hand.collected[who] = hand.collected.get(who, 0) + amount_of(won.group("amount"), scale, hand, number)
    if not hand.collected:
        raise hand.error("expected a '<name> wins <amount>' line: the hand is cut off", rows[-1][0])
    hand.rake_written = False
    hand.uncalled_in_pot = True  # no uncalled bet is written: the winnings hold it
    return hand
