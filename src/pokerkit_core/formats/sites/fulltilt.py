"""Full Tilt Poker text hand histories.

Header ``Full Tilt Poker Game #<id>: Table <name> (6 max) - NL Hold'em -
$5/$10 - 12:40:19 ET - 2014/01/06``; ``The button is in seat #2`` after the
blinds; ``raises to $25`` (the street total), ``calls $15`` (chips added),
``, and is all in``; ``Uncalled bet of $32 returned to <name>``; the summary
as PokerStars writes it (``Total pot $616 | Rake $0.50``, ``collected
($615.50)``).  ``CAP NL`` tables are counted as another game (the engine has
no per-player cap).
"""

from __future__ import annotations

import re

from .hand import FLOP, PREFLOP, RIVER, TURN, SiteHand, SitePost, amount_of, cards_of
from .text import Walk, action_kind, add_action, add_seat, add_shown, name_at, numbered, open_street, read_dealt
from .text import read_summary_line, read_uncalled, set_stakes

__all__ = ["STARTS", "parse_hand"]

STARTS = re.compile(r"^Full Tilt Poker (?:Game|Hand) #\d+")
_HEADER = re.compile(
    r"^Full Tilt Poker (?:Game|Hand) #(?P<id>\d+): (?:(?P<tourney>.*?) \(\d+\), )?Table (?P<table>.*?)"
    r"(?: \((?P<max>\d+) max\)| \(heads up\)| \([^)]*\))* - (?P<rest>.*)$"
)
_SEAT = re.compile(r"^Seat (?P<seat>\d+): (?P<name>.*) \((?P<stack>[^()]*)\)(?P<tail>.*)$")
_BUTTON = re.compile(r"^The button is in seat #(?P<seat>\d+)")
_STREET = re.compile(r"^\*\*\* (?P<street>FLOP|TURN|RIVER) \*\*\*(?P<cards>.*)$")
_STREETS = {"FLOP": FLOP, "TURN": TURN, "RIVER": RIVER}
_UNCALLED = re.compile(r"^Uncalled bet of (?P<amount>\S+) returned to (?P<name>.*?)\s*$")
_FEE = re.compile(r"\| ([A-Za-z ]+?) (\S+)")
_WON = re.compile(r"(?:won|collected) \(([^)]*)\)")
_MONEY = re.compile(r"^[$€£]?\d")
_DATE = re.compile(r"(?P<time>\d{1,2}:\d\d:\d\d) (?P<zone>\w+) - (?P<y>\d{4})/(?P<m>\d\d)/(?P<d>\d\d)")


def parse_hand(lines: list[str], first_line: int, path: str | None) -> SiteHand:
    """Read one Full Tilt hand (see :func:`.pokerstars.parse_hand` for the contract).

    Raises:
        SiteHistoryError: A line that is not what the format has there.
    """
    rows = numbered(lines, first_line)
    hand = SiteHand(site="Full Tilt", path=path, line=rows[0][0] if rows else first_line)
    header = _HEADER.match(rows[0][1].lstrip("\ufeff"))
    if header is None:
        raise hand.error("expected 'Full Tilt Poker Game #<id>: Table <name> - <game> - <stakes> - <time>'")
    hand.hand_id = header.group("id")
    hand.table = header.group("table")
    hand.max_seats = int(header.group("max")) if header.group("max") else (2 if "(heads up)" in rows[0][1] else None)
    hand.tournament = header.group("tourney")
    parts = header.group("rest").split(" - ")
    game = next((p for p in parts if any(word in p for word in ("Hold'em", "Omaha", "Stud", "Razz", "Draw"))), parts[0])
    hand.betting = "PL" if game.startswith("PL") else "NL" if game.startswith("NL") else "FL"
    if not game.endswith("Hold'em") or "CAP" in game.upper().split():
        hand.game = game
        return hand
    stakes = next((p for p in parts[1:] if "/" in p and ":" not in p), "")
    cash = hand.tournament is None
    hand.currency = ("USD" if "$" in stakes else "EUR" if "€" in stakes else None) if cash else None
    hand.scale = scale = 100 if cash else 1
    if stakes:
        small, _, big = stakes.partition("/")
        set_stakes(hand, small, big.split()[0])
    date = _DATE.search(rows[0][1])
    if date:
        hand.time = f"{date.group('y')}-{date.group('m')}-{date.group('d')}T{int(date.group('time')[:-6]):02d}{date.group('time')[-6:]}"
        hand.time_zone = date.group("zone")
    names: list[str] = []
    street = PREFLOP
    walk = Walk(hand, rows, 1, "*** SUMMARY ***")
    for number, line in walk:
        if walk.in_summary:
            read_summary_line(hand, line, number, won=_WON, fee=_FEE)
            continue
        seat = _SEAT.match(line)
        if seat and not hand.posts and street == PREFLOP and not line.startswith("***"):
            names.append(add_seat(hand, seat, number, "sitting out" not in seat.group("tail")))
            continue
        button = _BUTTON.match(line)
        if button:
            hand.button = int(button.group("seat"))
            continue
        mark = _STREET.match(line)
        if mark:
            street = open_street(hand, mark, _STREETS)
            continue
        if read_uncalled(hand, _UNCALLED, line, number):
            continue
        if read_dealt(hand, line, names, two=True):
            continue
        who = name_at(line, names)
        if who is None:
            continue
        body = line[len(who) + 1:]
        words = body.replace(",", " ").split()
        money = [w for w in words if _MONEY.match(w)]
        chips = amount_of(money[0], scale, hand, number) if money else 0
        kind = action_kind(body)
        if body.startswith("posts"):
            post = ("dead" if "dead" in body else "sb" if "small blind" in body else "bb" if "big blind" in body
                    else "ante")
            hand.posts.append(SitePost(who, post, chips))
        elif body.startswith("antes"):
            hand.posts.append(SitePost(who, "ante", chips))
        elif kind is not None:
            add_action(hand, street, who, kind, chips, "all in" in body, number)
        elif body.startswith("shows"):
            add_shown(hand, who, cards_of(body.split("]")[0].split("[", 1)[-1]))
        elif body.startswith("mucks"):
            hand.mucked.add(who)
    walk.end()
    return hand
