"""888poker (Pacific Poker) text hand histories.

Header ``***** 888poker Hand History for Game <id> *****``, then
``$0.50/$1 Blinds No Limit Holdem - *** 06 01 2014 10:56:05`` (day, month,
year), ``Table <name> 6 Max (Real Money)``, ``Seat <n> is the button``.
Amounts are in brackets (``calls [$1]``); a raise's amount is the chips the
player adds, not the raise-to.  ``posts dead blind [$1 + $2]`` is a dead
small blind and a second big blind.  888 writes no total pot, rake or
uncalled bet: the rake is what the pots held beyond the winnings (a note says
so) and an uncalled bet is returned by the rules.
"""

from __future__ import annotations

import re

from .hand import FLOP, PREFLOP, RIVER, TURN, SiteHand, amount_of, cards_of
from .text import VERBS, Walk, add_action, add_post, add_seat, add_shown, extend_board, name_at, numbered, read_dealt

__all__ = ["STARTS", "parse_hand"]

STARTS = re.compile(r"^\*\*\*\*\* (?:888poker|888\.es|Cassava|Pacific Poker|LuckyAcePoker\.com) Hand History for Game (\d+)")
_GAME = re.compile(
    r"^(?P<stakes>.*?) Blinds (?P<game>.*?) - \*\*\* (?P<d>\d\d) (?P<m>\d\d) (?P<y>\d{4}) (?P<time>\d\d:\d\d:\d\d)"
)
_TABLE = re.compile(r"^Table (?P<table>.*?) (?:(?P<max>\d+) Max )?\(")
_BUTTON = re.compile(r"^Seat (?P<seat>\d+) is the button")
_SEAT = re.compile(r"^Seat (?P<seat>\d+): (?P<name>.*) \( (?P<stack>[^()]*) \)\s*$")
_STREET = re.compile(r"^\*\* Dealing (?P<street>down cards|flop|turn|river) \*\*(?P<cards>.*)$")
_STREETS = {"down cards": PREFLOP, "flop": FLOP, "turn": TURN, "river": RIVER}
_AMOUNT = re.compile(r"\[([^\]]*)\]")


def parse_hand(lines: list[str], first_line: int, path: str | None) -> SiteHand:
    """Read one 888poker hand (see :func:`.pokerstars.parse_hand` for the contract).

    Raises:
        SiteHistoryError: A line that is not what the format has there.
    """
    rows = numbered(lines, first_line)
    hand = SiteHand(site="888poker", path=path, line=first_line)
    start = STARTS.match(rows[0][1].lstrip("\ufeff"))
    if start is None:
        raise hand.error("expected '***** 888poker Hand History for Game <id> *****'")
    hand.hand_id = start.group(1)
    if len(rows) < 4:
        raise hand.error("expected the stakes, table and button lines after the header")
    game = _GAME.match(rows[1][1])
    if game is None:
        raise hand.error(f"expected '<stakes> Blinds <game> - *** <dd mm yyyy hh:mm:ss>', got {rows[1][1]!r}", rows[1][0])
    name = game.group("game")
    hand.betting = "PL" if "Pot Limit" in name else "NL" if "No Limit" in name else "FL"
    hand.game = "holdem" if "Holdem" in name and "Omaha" not in name else name
    if hand.game != "holdem":
        return hand
    hand.time = f"{game.group('y')}-{game.group('m')}-{game.group('d')}T{game.group('time')}"
    stakes = game.group("stakes")
    hand.currency = "USD" if "$" in stakes else "EUR" if "€" in stakes else "GBP" if "£" in stakes else None
    hand.scale = scale = 100 if hand.currency else 1
    small, _, big = stakes.partition("/")
    hand.small_blind = amount_of(small, scale, hand, rows[1][0])
    hand.big_blind = amount_of(big, scale, hand, rows[1][0])
    if hand.betting == "FL":  # the stakes are the blinds; bets are the big blind and twice it
        hand.small_bet, hand.big_bet = hand.big_blind, 2 * hand.big_blind
    table = _TABLE.match(rows[2][1])
    if table:
        hand.table = table.group("table")
        hand.max_seats = int(table.group("max")) if table.group("max") else None
    names: list[str] = []
    street = PREFLOP
    street_put: dict[str, int] = {}
    walk = Walk(hand, rows, 3, "** Summary **")
    for number, line in walk:
        button = _BUTTON.match(line)
        if button:
            hand.button = int(button.group("seat"))
            continue
        seat = _SEAT.match(line)
        if seat and not hand.posts:
            names.append(add_seat(hand, seat, number))
            continue
        mark = _STREET.match(line)
        if mark:
            if _STREETS[mark.group("street")] != street:
                street = _STREETS[mark.group("street")]
                street_put = {}
            extend_board(hand, list(cards_of(mark.group("cards"))))
            continue
        if read_dealt(hand, line, names):
            continue
        who = name_at(line, names)
        if who is None:
            continue
        body = line[len(who) + 1:]
        amounts = _AMOUNT.findall(body)
        if body.startswith("posts "):
            if "dead blind" in body and "+" in (amounts[0] if amounts else ""):
                dead, _, live = amounts[0].partition("+")
                add_post(hand, who, "dead", amount_of(dead, scale, hand, number))
                add_post(hand, who, "bb", amount_of(live, scale, hand, number), street_put)
                continue
            chips = amount_of(amounts[0] if amounts else "", scale, hand, number)
            kind = ("sb" if "small blind" in body else "bb" if "big blind" in body else "ante" if "ante" in body
                    else "dead")
            add_post(hand, who, kind, chips, street_put)
            continue
        if walk.in_summary or body.startswith(("shows", "mucks", "collected", "did not show", "wins")):
            if body.startswith("shows"):
                add_shown(hand, who, cards_of(amounts[0]) if amounts else ())
            elif body.startswith("mucks"):
                cards = cards_of(amounts[0]) if amounts else ()
                if len(cards) == 2:
                    hand.hole[who] = cards
                hand.mucked.add(who)
            elif body.startswith("collected"):
                hand.collected[who] = hand.collected.get(who, 0) + amount_of(amounts[0], scale, hand, number)
            continue
        kind = body.split(" ")[0]
        chips = amount_of(amounts[0], scale, hand, number) if amounts else 0
        if kind in VERBS:
            add_action(hand, street, who, VERBS[kind], chips, False, number, street_put)
        elif kind == "all-in":  # older files: "name all-in [$x]"
            add_action(hand, street, who, "raise", chips, True, number, street_put)
    walk.end()
    hand.rake_written = False  # and no uncalled bet: the rules return it
    return hand
