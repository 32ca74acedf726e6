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

from .hand import FLOP, PREFLOP, RIVER, TURN, SiteAction, SiteHand, SitePlayer, SitePost, amount_of, cards_of

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
    numbered = [(first_line + k, line.rstrip()) for k, line in enumerate(lines) if line.strip().lstrip("\ufeff")]
    hand = SiteHand(site="888poker", path=path, line=first_line)
    start = STARTS.match(numbered[0][1].lstrip("\ufeff"))
    if start is None:
        raise hand.error("expected '***** 888poker Hand History for Game <id> *****'")
    hand.hand_id = start.group(1)
    if len(numbered) < 4:
        raise hand.error("expected the stakes, table and button lines after the header")
    game = _GAME.match(numbered[1][1])
    if game is None:
        raise hand.error(
            f"expected '<stakes> Blinds <game> - *** <dd mm yyyy hh:mm:ss>', got {numbered[1][1]!r}", numbered[1][0]
        )
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
    hand.small_blind = amount_of(small, scale, hand, numbered[1][0])
    hand.big_blind = amount_of(big, scale, hand, numbered[1][0])
    if hand.betting == "FL":  # the stakes are the blinds; bets are the big blind and twice it
        hand.small_bet, hand.big_bet = hand.big_blind, 2 * hand.big_blind
    table = _TABLE.match(numbered[2][1])
    if table:
        hand.table = table.group("table")
        hand.max_seats = int(table.group("max")) if table.group("max") else None
    names: list[str] = []
    street = PREFLOP
    street_put: dict[str, int] = {}
    summary = False
    for number, line in numbered[3:]:
        button = _BUTTON.match(line)
        if button:
            hand.button = int(button.group("seat"))
            continue
        seat = _SEAT.match(line)
        if seat and not hand.posts:
            hand.players.append(SitePlayer(int(seat.group("seat")), seat.group("name"),
                                           amount_of(seat.group("stack"), scale, hand, number)))
            names.append(seat.group("name"))
            continue
        if line.startswith("** Summary **"):
            summary = True
            continue
        mark = _STREET.match(line)
        if mark:
            if _STREETS[mark.group("street")] != street:
                street = _STREETS[mark.group("street")]
                street_put = {}
            run_cards = list(cards_of(mark.group("cards")))
            if run_cards:
                if not hand.boards:
                    hand.boards.append([])
                hand.boards[0].extend(run_cards)
            continue
        if line.startswith("Dealt to "):
            rest = line[len("Dealt to "):]
            who = max((n for n in names if rest.startswith(n + " ")), key=len, default=None)
            if who is not None:
                hand.hole[who] = cards_of(rest[len(who):])
            continue
        who = max((n for n in names if line.startswith(n + " ")), key=len, default=None)
        if who is None:
            continue
        body = line[len(who) + 1:]
        amounts = _AMOUNT.findall(body)
        if body.startswith("posts "):
            if "dead blind" in body and "+" in (amounts[0] if amounts else ""):
                dead, _, live = amounts[0].partition("+")
                hand.posts.append(SitePost(who, "dead", amount_of(dead, scale, hand, number)))
                chips = amount_of(live, scale, hand, number)
                hand.posts.append(SitePost(who, "bb", chips))
                street_put[who] = chips
                continue
            chips = amount_of(amounts[0] if amounts else "", scale, hand, number)
            kind = ("sb" if "small blind" in body else "bb" if "big blind" in body else "ante" if "ante" in body
                    else "dead")
            hand.posts.append(SitePost(who, kind, chips))
            if kind in ("sb", "bb"):
                street_put[who] = street_put.get(who, 0) + chips
            continue
        if summary or body.startswith(("shows", "mucks", "collected", "did not show", "wins")):
            if body.startswith("shows"):
                cards = cards_of(amounts[0]) if amounts else ()
                if len(cards) == 2:
                    hand.hole[who] = cards
                    hand.shown.add(who)
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
        if kind == "folds":
            hand.actions.append(SiteAction(street, who, "fold", line=number))
        elif kind == "checks":
            hand.actions.append(SiteAction(street, who, "check", line=number))
        elif kind == "calls":
            hand.actions.append(SiteAction(street, who, "call", chips, False, number))
            street_put[who] = street_put.get(who, 0) + chips
        elif kind in ("bets", "raises"):
            to = street_put.get(who, 0) + chips
            hand.actions.append(SiteAction(street, who, "bet" if kind == "bets" else "raise", to, False, number))
            street_put[who] = to
        elif kind == "all-in":  # older files: "name all-in [$x]"
            to = street_put.get(who, 0) + chips
            hand.actions.append(SiteAction(street, who, "raise", to, True, number))
            street_put[who] = to
    if not summary:
        raise hand.error(f"expected '** Summary **' before the hand ends at line {numbered[-1][0]} (a cut-off hand)",
                         numbered[-1][0])
    hand.rake_written = False  # and no uncalled bet: the rules return it
    return hand
