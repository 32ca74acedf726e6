"""PokerStars and GGPoker text hand histories (one reader: GGPoker writes
PokerStars' format with its own header and summary fees).

PokerStars: cash games (``PokerStars Hand #``, older ``PokerStars Game #``),
Zoom (``PokerStars Zoom Hand #``), tournaments (``Tournament #``, antes,
bounties as notes), run it twice (``FIRST/SECOND Board``), cash-out (a note;
the summary's ``won`` is the pot the hand paid).  GGPoker (``Poker Hand
#HD...``/``#RC...``/``#TM...``): straddles, run it two or three times, EV
cash-out and insurance lines as notes, the house's take as ``Rake``,
``Jackpot``, ``Bingo``, ``Fortune`` and ``Tax``.
"""

from __future__ import annotations

import re

from .hand import FLOP, PREFLOP, RIVER, TURN, SiteAction, SiteHand, SitePost, amount_of, cards_of
from .text import Walk, add_seat, add_shown, bracketed_cards, collect, fees_of, iso_time, name_at, numbered
from .text import read_uncalled, set_stakes, set_table

__all__ = ["parse_hand", "STARTS"]

STARTS = re.compile(r"^(?:PokerStars (?:Zoom )?(?:Hand|Game) #|Poker Hand #[A-Z]*\d)")
"""The first line of a hand (PokerStars or GGPoker)."""

_HEADER = re.compile(r"^(?P<room>PokerStars(?: Zoom)?|Poker) (?:Hand|Game) #(?P<id>[A-Z]*\d+): +(?P<rest>.*)$")
_TOURNEY = re.compile(r"Tournament #(\d+)")
_STAKES = re.compile(r"\(([^()]*?)/([^()]*?)(?: - [^()]*)?(?: [A-Z]{3})?\)")
_LEVEL_STAKES = re.compile(r"Level ?[^(]*\(([\d,.]+)/([\d,.]+)(?:\(([\d,.]+)\))?\)")
_DATE = re.compile(r"(\d{4})/(\d{1,2})/(\d{1,2}) (\d{1,2}):(\d{2}):(\d{2})(?: ([A-Z]{2,4}))?")
_TABLE = re.compile(r"^Table '(?P<table>.*)' (?:(?P<max>\d+)-max )?(?:\(.*?\) )?Seat #(?P<button>\d+) is the button")
_SEAT = re.compile(r"^Seat (?P<seat>\d+): (?P<name>.*) \((?P<stack>[^()]*?) in chips(?P<extra>[^)]*)\)(?P<tail>.*)$")
_POST = re.compile(
    r"^(?P<name>.*?): (?:posts (?:a )?(?P<kind>small blind|big blind|small & big blinds|the ante|straddle|ante"
    r"|missed blind|missing blind|dead blind|dead small blind|dead big blind)"
    r"|(?P<straddle>straddle)) (?P<amount>\S+)"
)
_ACTION = re.compile(
    r"^(?P<name>.*?): (?P<kind>folds|checks|calls|bets|raises)(?: (?P<a>[^ ]+))?(?: to (?P<to>[^ ]+))?"
    r"(?P<allin> and is all-in)?"
)
_STREET = re.compile(r"^\*\*\* (?:(?P<run>FIRST|SECOND|THIRD) )?(?P<street>FLOP|TURN|RIVER) \*\*\*(?P<cards>.*)$")
_DEALT = re.compile(r"^Dealt to (?P<name>.*?) \[(?P<cards>[^\]]*)\]")
_SHOWS = re.compile(r"^(?P<name>.*?): shows \[(?P<cards>[^\]]*)\]")
_MUCKS = re.compile(r"^(?P<name>.*?): mucks hand")
_UNCALLED = re.compile(r"^Uncalled bet \((?P<amount>[^)]*)\) returned to (?P<name>.*?)\s*$")
_TOTAL = re.compile(r"^Total pot (?P<total>\S+)(?P<rest>.*)$")
_FEE = re.compile(r"\| (?P<name>[A-Za-z][A-Za-z ]*?) (?P<amount>[^ |]+)")
_BOARD = re.compile(r"^(?:(?P<run>FIRST|SECOND|THIRD) )?Board \[(?P<cards>[^\]]*)\]")
_WON = re.compile(r"(?:won|collected) \((?P<amount>[^)]*)\)")
_SUMMARY_CARDS = re.compile(r"(?:showed|mucked) \[(?P<cards>[^\]]*)\]")
_NOTE = re.compile(
    r"cashed out|Cash ?out|Cashout|[Ii]nsurance|bounty|finished the tournament|wins the tournament|EV Cashout",
)
_STREETS = {"FLOP": FLOP, "TURN": TURN, "RIVER": RIVER}
_RUNS = {None: 0, "FIRST": 0, "SECOND": 1, "THIRD": 2}


def _game(rest: str) -> tuple[str, str]:
    """``(game, betting)`` from the header's description."""
    betting = "PL" if "Pot Limit" in rest else "NL" if "No Limit" in rest else "FL"
    if "Hold'em" in rest and "6+" not in rest and "Short" not in rest:
        game = "holdem"
        if " Cap " in rest or "Cap -" in rest:
            game = "Hold'em Cap No Limit"
    else:
        game = rest.split(" - ")[0].split("(")[0].strip()
        for name in ("Omaha Hi/Lo", "5 Card Omaha", "Omaha", "Razz", "7 Card Stud", "Stud", "Triple Draw",
                     "5 Card Draw", "Badugi", "Courchevel", "Short Deck", "6+ Hold'em", "Mixed", "HORSE", "8-Game"):
            if name in rest:
                game = name
                break
    return game, betting


def _scale(lines: list[str], cash: bool) -> int:
    places = 2 if cash else 0
    for line in lines:
        for match in re.finditer(r"(?<![\d,/:$€£¥])\d[\d,]*\.(\d+)" if not cash else r"(?<![\d,/:])\d[\d,]*\.(\d+)", line):
            if line.startswith(("Table ", "Poker", "PokerStars")):
                continue
            places = max(places, len(match.group(1)))
    return int(10 ** min(places, 6))


def parse_hand(lines: list[str], first_line: int, path: str | None) -> SiteHand:
    """Read one hand.

    Args:
        lines: The hand's lines (no line ends), from its header on.
        first_line: The header's 1-based line in the file.
        path: The file, for messages.

    Returns:
        The hand; a game other than hold'em has ``game`` set and the rest
        partly filled.

    Raises:
        SiteHistoryError: A line that is not what the format has there (the
            message names the line and what was expected).
    """
    rows = numbered(lines, first_line)
    lines = [line for _, line in rows]
    header = _HEADER.match(lines[0].lstrip("\ufeff"))
    room = "PokerStars"
    hand = SiteHand(site=room, path=path, line=first_line)
    if header is None:
        raise hand.error("expected a header 'PokerStars Hand #<id>: ...' or 'Poker Hand #<id>: ...'")
    if header.group("room") == "Poker":
        hand.site = "GGPoker"
    hand.hand_id = header.group("id")
    rest = header.group("rest")
    hand.game, hand.betting = _game(rest)
    tourney = _TOURNEY.search(rest)
    hand.tournament = tourney.group(1) if tourney else None
    cash = hand.tournament is None and ("Play Money" not in rest)
    date = _DATE.search(rest)
    if date:
        hand.time = iso_time(*(int(x) for x in date.groups()[:6]))
        hand.time_zone = date.group(7)
    for code in ("USD", "EUR", "GBP", "CNY", "CAD", "INR"):
        if code in rest:
            hand.currency = code
    if cash and hand.currency is None:
        hand.currency = "USD" if "$" in rest else "EUR" if "€" in rest else "GBP" if "£" in rest else None
    hand.scale = _scale(lines, cash and any(sign in rest for sign in "$€£¥"))
    level = _LEVEL_STAKES.search(rest)
    stakes = level or _STAKES.search(rest)
    if stakes:
        set_stakes(hand, stakes.group(1), stakes.group(2), first_line)
    if len(lines) < 2:
        raise hand.error("expected a 'Table ...' line after the header", first_line)
    table = _TABLE.match(lines[1])
    if table is None:
        raise hand.error(f"expected \"Table '<name>' <n>-max Seat #<n> is the button\", got {lines[1]!r}", rows[1][0])
    set_table(hand, table)
    street = PREFLOP
    seats_done = False
    names: list[str] = []
    walk = Walk(hand, rows, 2, "*** SUMMARY ***")
    for number, line in walk:
        if walk.in_summary:
            _summary_line(hand, line, number)
            continue
        if not seats_done:
            seat = _SEAT.match(line)
            if seat:
                tail = seat.group("tail")
                names.append(add_seat(hand, seat, number, "sitting out" not in tail and "out of hand" not in tail))
                if "bounty" in seat.group("extra"):
                    hand.notes.append(line)
                continue
            seats_done = True
        if hand.game != "holdem":
            continue
        if line.startswith("***"):
            mark = _STREET.match(line)
            if mark:
                street = _STREETS[mark.group("street")]
                run = _RUNS[mark.group("run")]
                run_cards = bracketed_cards(mark.group("cards"))
                while len(hand.boards) <= run:
                    hand.boards.append([])
                if run and len(run_cards) >= 3 and mark.group("street") == "FLOP":
                    hand.boards[run] = run_cards  # GGPoker deals a whole new flop per run
                else:
                    board = hand.boards[run]
                    if not board and run:
                        board.extend(hand.boards[0][: len(run_cards) - 1] if len(run_cards) > 1 else [])
                    if len(run_cards) > len(board):
                        board.extend(run_cards[len(board):])
            continue
        name = name_at(line, names, ":")
        if name is not None:
            if _handle_player_line(hand, line, name, street, number):
                continue
        if read_uncalled(hand, _UNCALLED, line, number):
            continue
        dealt_to = _DEALT.match(line)
        if dealt_to:
            hand.hole[dealt_to.group("name")] = cards_of(dealt_to.group("cards"))
            continue
        if _NOTE.search(line):
            hand.notes.append(line)
    if hand.game == "holdem":
        walk.end()
    return hand


def _handle_player_line(hand: SiteHand, line: str, name: str, street: int, number: int) -> bool:
    """Read a line starting ``<name>:``; ``True`` when it was used."""
    scale = hand.scale
    body = line[len(name) + 1 :].strip()
    post = _POST.match(f"x: {body}")
    if post:
        kind = post.group("kind") or "straddle"
        amount = amount_of(post.group("amount"), scale, hand, number)
        if kind == "small blind":
            hand.posts.append(SitePost(name, "sb", amount))
        elif kind == "big blind":
            hand.posts.append(SitePost(name, "bb", amount))
        elif kind in ("the ante", "ante"):
            hand.posts.append(SitePost(name, "ante", amount))
        elif kind == "straddle":
            hand.posts.append(SitePost(name, "straddle", amount))
        elif kind in ("missed blind", "missing blind", "dead blind", "dead small blind", "dead big blind"):
            hand.posts.append(SitePost(name, "dead", amount))
        else:  # small & big blinds: a live big blind and a dead small blind
            live = min(hand.big_blind, amount)
            hand.posts.append(SitePost(name, "bb", live))
            if amount > live:
                hand.posts.append(SitePost(name, "dead", amount - live))
        return True
    action = _ACTION.match(f"x: {body}")
    if action:
        kind = action.group("kind")
        all_in = action.group("allin") is not None
        if kind == "folds":
            hand.actions.append(SiteAction(street, name, "fold", line=number))
        elif kind == "checks":
            hand.actions.append(SiteAction(street, name, "check", line=number))
        elif kind == "calls":
            hand.actions.append(SiteAction(street, name, "call", amount_of(action.group("a") or "", scale, hand, number), all_in, number))
        elif kind == "bets":
            hand.actions.append(SiteAction(street, name, "bet", amount_of(action.group("a") or "", scale, hand, number), all_in, number))
        else:
            to = action.group("to")
            if to is None:
                raise hand.error(f"expected 'raises <amount> to <amount>', got {line!r}", number)
            hand.actions.append(SiteAction(street, name, "raise", amount_of(to, scale, hand, number), all_in, number))
        return True
    shows = _SHOWS.match(f"x: {body}")
    if shows:
        add_shown(hand, name, cards_of(shows.group("cards")))
        return True
    bet_muck = re.match(r"Bet & Muck (?:(?P<fold>folds)|(?P<amount>\S+))", body)
    if bet_muck:  # GGPoker's Bet & Muck button: a bet, then a fold
        if bet_muck.group("fold"):  # after the call: the bettor mucks at the showdown
            hand.mucked.add(name)
        else:
            hand.actions.append(SiteAction(street, name, "bet", amount_of(bet_muck.group("amount"), scale, hand, number), False, number))
        return True
    if _MUCKS.match(f"x: {body}"):
        hand.mucked.add(name)
        return True
    if _NOTE.search(body):
        hand.notes.append(line)
        return True
    return False


def _summary_line(hand: SiteHand, line: str, number: int) -> None:
    scale = hand.scale
    total = _TOTAL.match(line)
    if total:
        hand.total_pot = amount_of(total.group("total"), scale, hand, number)
        hand.pots = [
            amount_of(m.group(1), scale, hand, number)
            for m in re.finditer(r"(?:Main|Side) pot(?:-\d+)? (\S+?)\.?(?= |$)", total.group("rest"))
        ]
        for key, chips in fees_of(hand, total.group("rest"), _FEE, number).items():
            hand.fees[key] = hand.fees.get(key, 0) + chips
        hand.rake = sum(hand.fees.values())
        return
    board = _BOARD.match(line)
    if board:
        run = _RUNS[board.group("run")]
        while len(hand.boards) <= run:
            hand.boards.append([])
        hand.boards[run] = list(cards_of(board.group("cards")))
        return
    if line.startswith("Seat "):
        seat = collect(hand, line, _WON, number)
        if seat is not None:
            name, tail = seat
            shown = _SUMMARY_CARDS.search(tail)
            if shown and name not in hand.hole and len(cards_of(shown.group("cards"))) == 2:
                hand.hole[name] = cards_of(shown.group("cards"))
                if "showed" in tail:
                    hand.shown.add(name)
            if "Cashout" in tail or "cashed out" in tail or "Cash Out" in tail or "Insurance" in tail:
                hand.notes.append(line)
        return
    if _NOTE.search(line):
        hand.notes.append(line)
