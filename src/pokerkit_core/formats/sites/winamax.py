"""Winamax text hand histories (cash games, tournaments, sit & go).

Header ``Winamax Poker - CashGame - HandId: #... - Holdem no limit
(0.25€/0.50€) - 2013/11/07 10:38:07 UTC``; tournaments give ``(ante/small
blind/big blind)``.  Names are followed by the verb with no colon
(``nico posts small blind 0.25€``); a blind posted ``out of position`` by a
player coming back is a dead small blind and a second big blind.  The
summary's ``Total pot`` is after rake (``| Rake 3€`` or ``| No rake``).
"""

from __future__ import annotations

import re

from .hand import FLOP, PREFLOP, RIVER, TURN, SiteAction, SiteHand, SitePost, amount_of, cards_of
from .text import Walk, add_seat, add_shown, name_at, numbered, open_street, read_summary_line, set_table

__all__ = ["STARTS", "parse_hand"]

STARTS = re.compile(r"^Winamax Poker - ")
_HEADER = re.compile(
    r"^Winamax Poker - (?P<kind>CashGame|Tournament .*?|Go Fast .*?|Sit & Go .*?|[^-]*?) - HandId: #(?P<id>[\d-]+)"
    r" - (?P<game>.*?) \((?P<stakes>[^()]*)\) - (?P<date>\d{4}/\d\d/\d\d \d\d:\d\d:\d\d)(?: (?P<zone>\w+))?"
)
_TABLE = re.compile(r"^Table: '(?P<table>.*)' (?:(?P<max>\d+)-max )?.*?Seat #(?P<button>\d+) is the button")
_SEAT = re.compile(r"^Seat (?P<seat>\d+): (?P<name>.*) \((?P<stack>[^()]*?)(?:, [^()]*)?\)(?P<tail>.*)$")
_STREET = re.compile(r"^\*\*\* (?P<street>PRE-FLOP|FLOP|TURN|RIVER) \*\*\*(?P<cards>.*)$")
_DEALT = re.compile(r"^Dealt to (?P<name>.*?) \[(?P<cards>[^\]]*)\]")
_TOTAL = re.compile(r"^Total pot (?P<total>\S+) \| (?:Rake (?P<rake>\S+)|No rake)")
_WON = re.compile(r" won (?P<amount>\S+)")
_STREETS = {"PRE-FLOP": PREFLOP, "FLOP": FLOP, "TURN": TURN, "RIVER": RIVER}


def parse_hand(lines: list[str], first_line: int, path: str | None) -> SiteHand:
    """Read one Winamax hand (see :func:`.pokerstars.parse_hand` for the contract).

    Raises:
        SiteHistoryError: A line that is not what the format has there.
    """
    rows = numbered(lines, first_line)
    hand = SiteHand(site="Winamax", path=path, line=first_line)
    header = _HEADER.match(rows[0][1].lstrip("\ufeff"))
    if header is None:
        raise hand.error("expected 'Winamax Poker - <game> - HandId: #<id> - <game> (<stakes>) - <date>'")
    hand.hand_id = header.group("id")
    game = header.group("game")
    hand.betting = "PL" if "pot limit" in game else "NL" if "no limit" in game else "FL"
    hand.game = "holdem" if game.lower().startswith("holdem") else game
    if hand.game != "holdem":
        return hand  # counted as an unsupported game; nothing else is read
    hand.uncalled_in_pot = True  # Winamax writes no uncalled bet: the pot and the winnings hold it
    if header.group("kind") != "CashGame":
        hand.tournament = header.group("kind")
    stakes = header.group("stakes")
    cash = "€" in stakes or "$" in stakes or "." in stakes
    hand.scale = scale = 100 if cash else 1
    hand.currency = "EUR" if "€" in stakes else "USD" if "$" in stakes else None
    parts = stakes.split("/")
    if len(parts) >= 2:
        hand.small_blind = amount_of(parts[-2], scale, hand, first_line)
        hand.big_blind = amount_of(parts[-1], scale, hand, first_line)
    date = header.group("date")
    hand.time = date.replace("/", "-").replace(" ", "T")
    hand.time_zone = header.group("zone")
    if len(rows) < 2 or not (table := _TABLE.match(rows[1][1])):
        raise hand.error("expected \"Table: '<name>' <n>-max ... Seat #<n> is the button\"", rows[min(1, len(rows) - 1)][0])
    set_table(hand, table)
    names: list[str] = []
    street = PREFLOP
    walk = Walk(hand, rows, 2, "*** SUMMARY ***")
    for number, line in walk:
        if walk.in_summary:
            total = _TOTAL.match(line)
            if total:
                hand.total_pot = amount_of(total.group("total"), scale, hand, number)
                hand.pot_is_net = True
                hand.rake = amount_of(total.group("rake"), scale, hand, number) if total.group("rake") else 0
                hand.fees = {"rake": hand.rake}
            else:
                read_summary_line(hand, line, number, won=_WON)
            continue
        seat = _SEAT.match(line) if street == PREFLOP and not hand.posts and not line.startswith("***") else None
        if seat:
            names.append(add_seat(hand, seat, number))
            continue
        mark = _STREET.match(line)
        if mark:
            street = open_street(hand, mark, _STREETS)
            continue
        if line.startswith("***"):
            continue
        dealt = _DEALT.match(line)
        if dealt:
            hand.hole[dealt.group("name")] = cards_of(dealt.group("cards"))
            continue
        name = name_at(line, names)
        if name is None:
            continue
        body = line[len(name) + 1 :]
        _body(hand, name, body, street, number)
    walk.end()
    return hand


def _body(hand: SiteHand, name: str, body: str, street: int, number: int) -> None:
    scale = hand.scale
    words = body.split()
    if body.startswith("posts "):
        amount = amount_of(words[-1] if "out of position" not in body else body.split()[3], scale, hand, number)
        if "out of position" in body and "small blind" in body:
            hand.posts.append(SitePost(name, "dead", amount))
        elif "small blind" in body:
            hand.posts.append(SitePost(name, "sb", amount))
        elif "big blind" in body:
            hand.posts.append(SitePost(name, "bb", amount))
        elif "ante" in body:
            hand.posts.append(SitePost(name, "ante", amount))
        elif "straddle" in body:
            hand.posts.append(SitePost(name, "straddle", amount))
        return
    all_in = "and is all-in" in body
    if body.startswith("folds"):
        hand.actions.append(SiteAction(street, name, "fold", line=number))
    elif body.startswith("checks"):
        hand.actions.append(SiteAction(street, name, "check", line=number))
    elif body.startswith("calls "):
        hand.actions.append(SiteAction(street, name, "call", amount_of(words[1], scale, hand, number), all_in, number))
    elif body.startswith("bets "):
        hand.actions.append(SiteAction(street, name, "bet", amount_of(words[1], scale, hand, number), all_in, number))
    elif body.startswith("raises "):
        if len(words) < 4 or words[2] != "to":
            raise hand.error(f"expected 'raises <amount> to <amount>', got {body!r}", number)
        hand.actions.append(SiteAction(street, name, "raise", amount_of(words[3], scale, hand, number), all_in, number))
    elif body.startswith("shows "):
        add_shown(hand, name, cards_of(body[6:].split("]")[0]))
    elif body.startswith("mucks"):
        hand.mucked.add(name)
