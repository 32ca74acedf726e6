"""Winning Poker Network (America's Cardroom, Black Chip, ...) hand histories.

Two formats.  The older one (``Game started at: 2014/3/8 22:0:24``, ``Game ID:
<id> 2/4 <table> (Hold'em)``, ``Player <name> raises (10)``): every amount
is the chips the player adds, the summary gives each player's ``Bets``,
``Collects`` and ``Wins``/``Loses`` and ``Pot: <after rake>. Rake <n>``.
The newer one (``Hand #<id> - Holdem(No Limit) - $0.50/$1.00 - <date>
UTC``) is PokerStars' layout without colons after the names and with ``JP
Fee`` in the summary.  Files are often UTF-16 (:func:`~.reader.decode`).
Capped no-limit tables (``CAP``) are counted as another game: the engine has
no per-player cap.
"""

from __future__ import annotations

import re

from .hand import FLOP, PREFLOP, RIVER, TURN, SiteHand, SitePost, amount_of, cards_of
from .text import Walk, action_kind, add_action, add_post, add_seat, add_shown, iso_time, name_at, numbered
from .text import open_street, read_dealt, read_summary_line, read_uncalled, set_stakes, set_table

__all__ = ["STARTS", "parse_hand"]

STARTS = re.compile(r"^(?:Game started at: |Hand #\d+ - )")
_V1_ID = re.compile(r"^Game ID: (?P<id>\d+) (?P<sb>[\d.,]+)/(?P<bb>[\d.,]+) (?P<table>.*?) \((?P<game>[^()]*)\)\s*$")
_V1_DATE = re.compile(r"(\d{4})/(\d{1,2})/(\d{1,2}) (\d{1,2}):(\d{1,2}):(\d{1,2})")
_BUTTON = re.compile(r"^Seat (?P<seat>\d+) is the button")
_V1_SEAT = re.compile(r"^Seat (?P<seat>\d+): (?P<name>.*) \((?P<stack>[^()]*)\)\.?\s*$")
_STREET = re.compile(r"^\*\*\* (?P<street>FLOP|TURN|RIVER) \*\*\*:?(?P<cards>.*)$")
_STREETS = {"FLOP": FLOP, "TURN": TURN, "RIVER": RIVER}
_PAREN = re.compile(r"\(([^()]*)\)")
_V1_SUMMARY = re.compile(r"Bets: (?P<bets>[\d.,]+)\. Collects: (?P<collects>[\d.,]+)\.")
_UNCALLED = re.compile(r"^Uncalled bet \(?(?P<amount>[^) ]*)\)? returned to (?P<name>.*?)\s*$")
_V2_HEADER = re.compile(
    r"^Hand #(?P<id>\d+) - (?P<game>.*?)\((?P<limit>[^()]*)\) - (?P<sb>[^/ ]+)/(?P<bb>\S+) - (?P<date>[\d/]+ [\d:]+)(?: (?P<zone>\w+))?"
)
_V2_TABLE = re.compile(r"^(?P<table>.*?) (?:(?P<max>\d+)-max )?Seat #(?P<button>\d+) is the button")
_V2_SEAT = re.compile(r"^Seat (?P<seat>\d+): (?P<name>.*) \((?P<stack>[^()]*)\)\s*$")
_V2_FEE = re.compile(r"\| ([A-Za-z ]+?) (\$?[\d.,]+)")
_V2_WON = re.compile(r" won (\$?[\d.,]+)")


def parse_hand(lines: list[str], first_line: int, path: str | None) -> SiteHand:
    """Read one Winning hand, either format (see :func:`.pokerstars.parse_hand` for the contract).

    Raises:
        SiteHistoryError: A line that is not what the format has there.
    """
    rows = numbered(lines, first_line)
    if rows[0][1].lstrip("\ufeff").startswith("Hand #"):
        return _parse_v2(rows, first_line, path)
    return _parse_v1(rows, first_line, path)


def _parse_v1(rows: list[tuple[int, str]], first_line: int, path: str | None) -> SiteHand:
    hand = SiteHand(site="Winning", path=path, line=first_line)
    date = _V1_DATE.search(rows[0][1])
    if date:
        hand.time = iso_time(*(int(x) for x in date.groups()))
    if len(rows) < 3:
        raise hand.error("expected 'Game ID: <id> <sb>/<bb> <table> (<game>)' after 'Game started at'")
    number, text = rows[1]
    ident = _V1_ID.match(text)
    if ident is None:
        raise hand.error(f"expected 'Game ID: <id> <sb>/<bb> <table> (<game>)', got {text!r}", number)
    hand.hand_id = ident.group("id")
    game = ident.group("game")
    table = ident.group("table")
    if game != "Hold'em":
        hand.game = game
        return hand
    if re.search(r"\bCAP\b", table):
        hand.game = "Hold'em Cap No Limit"
        return hand
    hand.table = re.sub(r"\s+", " ", table).strip()
    max_seats = re.search(r"(\d+)-Max", table)
    hand.max_seats = int(max_seats.group(1)) if max_seats else None
    hand.currency = "USD"
    hand.scale = scale = 100
    hand.small_blind = amount_of(ident.group("sb"), scale, hand, number)
    hand.big_blind = amount_of(ident.group("bb"), scale, hand, number)
    hand.rake_written = False  # "(JP)" tables also take a jackpot fee the summary leaves out
    names: list[str] = []
    street = PREFLOP
    street_put: dict[str, int] = {}
    walk = Walk(hand, rows, 2, "------ Summary", "------ Summary ------")
    for number, line in walk:
        button = _BUTTON.match(line)
        if button:
            hand.button = int(button.group("seat"))
            continue
        seat = _V1_SEAT.match(line)
        if seat and not hand.posts and not walk.in_summary:
            names.append(add_seat(hand, seat, number))
            continue
        if walk.in_summary:
            if line.startswith("Pot: "):
                pot = re.match(r"Pot: (?P<pot>[\d.,]+)\.? ?(?:Rake (?P<rake>[\d.,]+))?", line)
                if pot:
                    written = amount_of(pot.group("rake"), scale, hand, number) if pot.group("rake") else 0
                    hand.fees = {"rake": written}
                    hand.notes.append(f"pot {pot.group('pot')} after a written rake of {pot.group('rake') or 0}")
            elif line.startswith("Board: "):
                hand.boards = [list(cards_of(line[7:]))]
            elif line.lstrip("*").startswith("Player "):
                rest = line.lstrip("*")[7:]
                who = name_at(rest, names)
                totals = _V1_SUMMARY.search(rest)
                if who and totals:
                    collects = amount_of(totals.group("collects"), scale, hand, number)
                    if collects:
                        hand.collected[who] = collects
                    shown = re.search(r"\[([^\]]*)\]\. Bets", rest)
                    if shown:
                        cards = cards_of(shown.group(1))
                        if len(cards) == 2:
                            hand.hole[who] = cards
                            if " shows" in rest:
                                hand.shown.add(who)
            continue
        mark = _STREET.match(line)
        if mark:
            street, street_put = open_street(hand, mark, _STREETS), {}
            continue
        if read_uncalled(hand, _UNCALLED, line, number):
            continue
        if not line.startswith("Player "):
            continue
        rest = line[7:]
        who = name_at(rest, names)
        if who is None:
            continue
        body = rest[len(who) + 1:]
        amounts = _PAREN.findall(body)
        chips = amount_of(amounts[0], scale, hand, number) if amounts and re.search(r"\d", amounts[0]) else 0
        if body.startswith("has small blind"):
            add_post(hand, who, "sb", chips, street_put)
        elif body.startswith("has big blind"):
            add_post(hand, who, "bb", chips, street_put)
        elif body.startswith("straddle"):
            add_post(hand, who, "straddle", chips, street_put)
        elif body.startswith("posts"):
            add_post(hand, who, "dead" if "dead" in body else "bb", chips, street_put)
        elif body.startswith(("has ante", "ante")):
            add_post(hand, who, "ante", chips)
        elif body.startswith("received card:"):
            card = cards_of(body.split(":", 1)[1])
            hand.hole[who] = tuple(hand.hole.get(who, ())) + card
        elif (kind := action_kind(body)) is not None or body.startswith("allin"):
            add_action(hand, street, who, kind or "raise", chips, body.startswith("allin"), number, street_put)
        elif body.startswith("mucks"):
            hand.mucked.add(who)
    walk.end()
    for name, cards in list(hand.hole.items()):
        if len(cards) != 2:
            del hand.hole[name]
    return hand


def _parse_v2(rows: list[tuple[int, str]], first_line: int, path: str | None) -> SiteHand:
    hand = SiteHand(site="Winning", path=path, line=first_line)
    header = _V2_HEADER.match(rows[0][1].lstrip("\ufeff"))
    if header is None:
        raise hand.error("expected 'Hand #<id> - <game>(<limit>) - <sb>/<bb> - <date>'")
    hand.hand_id = header.group("id")
    game, limit = header.group("game").strip(), header.group("limit")
    hand.betting = "PL" if "Pot" in limit else "NL" if "No" in limit else "FL"
    if game not in ("Holdem", "Hold'em"):
        hand.game = f"{game}({limit})"
        return hand
    stakes = header.group("sb")
    hand.currency = "USD" if "$" in stakes else "EUR" if "€" in stakes else None
    hand.scale = scale = 100 if hand.currency or "." in stakes else 1
    set_stakes(hand, header.group("sb"), header.group("bb"))
    hand.time = header.group("date").replace("/", "-").replace(" ", "T")
    hand.time_zone = header.group("zone")
    table = _V2_TABLE.match(rows[1][1]) if len(rows) > 1 else None
    if table is None:
        raise hand.error("expected '<table> <n>-max Seat #<n> is the button'", rows[min(1, len(rows) - 1)][0])
    set_table(hand, table)
    names: list[str] = []
    street = PREFLOP
    walk = Walk(hand, rows, 2, "*** SUMMARY ***")
    for number, line in walk:
        if walk.in_summary:
            read_summary_line(hand, line, number, won=_V2_WON, fee=_V2_FEE, board="Board ")
            continue
        seat = _V2_SEAT.match(line)
        if seat and not hand.posts:
            names.append(add_seat(hand, seat, number))
            continue
        mark = _STREET.match(line)
        if mark:
            street = open_street(hand, mark, _STREETS)
            continue
        if line.startswith(("***", "Main pot", "Side pot")):
            continue
        if read_uncalled(hand, _UNCALLED, line, number):
            continue
        if read_dealt(hand, line, names, two=True):
            continue
        who = name_at(line, names)
        if who is None:
            continue
        body = line[len(who) + 1:]
        words = body.split()
        all_in = "all-in" in body
        kind = action_kind(body)
        if body.startswith("posts"):
            chips = amount_of(words[-1], scale, hand, number)
            kind = ("sb" if "small blind" in body else "bb" if "big blind" in body else "ante" if "ante" in body
                    else "straddle" if "straddle" in body else "bb")  # "posts $0.02": a new player's big blind
            if "dead" in body:
                kind = "dead"
            hand.posts.append(SitePost(who, kind, chips))
        elif body.startswith("straddle"):
            hand.posts.append(SitePost(who, "straddle", amount_of(words[-1], scale, hand, number)))
        elif kind in ("fold", "check"):
            add_action(hand, street, who, kind, number=number)
        elif kind in ("call", "bet"):
            add_action(hand, street, who, kind, amount_of(words[1], scale, hand, number), all_in, number)
        elif kind == "raise":
            if "to" not in words:
                raise hand.error(f"expected 'raises <amount> to <amount>', got {line!r}", number)
            to = words[words.index("to") + 1]
            add_action(hand, street, who, kind, amount_of(to, scale, hand, number), all_in, number)
        elif body.startswith("shows"):
            add_shown(hand, who, cards_of(body.split("]")[0].split("[", 1)[-1]))
        elif body.startswith("mucks"):
            hand.mucked.add(who)
    walk.end()
    return hand
