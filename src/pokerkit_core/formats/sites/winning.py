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

from .hand import FLOP, PREFLOP, RIVER, TURN, SiteAction, SiteHand, SitePlayer, SitePost, amount_of, cards_of

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


def parse_hand(lines: list[str], first_line: int, path: str | None) -> SiteHand:
    """Read one Winning hand, either format (see :func:`.pokerstars.parse_hand` for the contract).

    Raises:
        SiteHistoryError: A line that is not what the format has there.
    """
    numbered = [(first_line + k, line.rstrip()) for k, line in enumerate(lines) if line.strip().lstrip("\ufeff")]
    first = numbered[0][1].lstrip("\ufeff")
    if first.startswith("Hand #"):
        return _parse_v2(numbered, first_line, path)
    return _parse_v1(numbered, first_line, path)


def _who(line: str, names: list[str]) -> str | None:
    return max((n for n in names if line.startswith(n + " ")), key=len, default=None)


def _parse_v1(numbered: list[tuple[int, str]], first_line: int, path: str | None) -> SiteHand:
    hand = SiteHand(site="Winning", path=path, line=first_line)
    date = _V1_DATE.search(numbered[0][1])
    if date:
        y, mo, d, h, mi, s = (int(x) for x in date.groups())
        hand.time = f"{y:04d}-{mo:02d}-{d:02d}T{h:02d}:{mi:02d}:{s:02d}"
    if len(numbered) < 3:
        raise hand.error("expected 'Game ID: <id> <sb>/<bb> <table> (<game>)' after 'Game started at'")
    number, text = numbered[1]
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
    summary = False
    for number, line in numbered[2:]:
        button = _BUTTON.match(line)
        if button:
            hand.button = int(button.group("seat"))
            continue
        seat = _V1_SEAT.match(line)
        if seat and not hand.posts and not summary:
            hand.players.append(SitePlayer(int(seat.group("seat")), seat.group("name"),
                                           amount_of(seat.group("stack"), scale, hand, number)))
            names.append(seat.group("name"))
            continue
        if line.startswith("------ Summary"):
            summary = True
            continue
        if summary:
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
                who = _who(rest, names)
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
            street, street_put = _STREETS[mark.group("street")], {}
            run_cards = list(cards_of(" ".join(re.findall(r"\[([^\]]*)\]", mark.group("cards")))))
            if run_cards:
                hand.boards = [run_cards]
            continue
        uncalled = _UNCALLED.match(line)
        if uncalled:
            hand.uncalled[uncalled.group("name")] = amount_of(uncalled.group("amount"), scale, hand, number)
            continue
        if not line.startswith("Player "):
            continue
        rest = line[7:]
        who = _who(rest, names)
        if who is None:
            continue
        body = rest[len(who) + 1:]
        amounts = _PAREN.findall(body)
        chips = amount_of(amounts[0], scale, hand, number) if amounts and re.search(r"\d", amounts[0]) else 0
        if body.startswith("has small blind"):
            hand.posts.append(SitePost(who, "sb", chips))
            street_put[who] = street_put.get(who, 0) + chips
        elif body.startswith("has big blind"):
            hand.posts.append(SitePost(who, "bb", chips))
            street_put[who] = street_put.get(who, 0) + chips
        elif body.startswith("straddle"):
            hand.posts.append(SitePost(who, "straddle", chips))
            street_put[who] = street_put.get(who, 0) + chips
        elif body.startswith("posts"):
            dead = "dead" in body
            hand.posts.append(SitePost(who, "dead" if dead else "bb", chips))
            if not dead:
                street_put[who] = street_put.get(who, 0) + chips
        elif body.startswith("has ante") or body.startswith("ante"):
            hand.posts.append(SitePost(who, "ante", chips))
        elif body.startswith("received card:"):
            card = cards_of(body.split(":", 1)[1])
            hand.hole[who] = tuple(hand.hole.get(who, ())) + card
        elif body.startswith("folds"):
            hand.actions.append(SiteAction(street, who, "fold", line=number))
        elif body.startswith("checks"):
            hand.actions.append(SiteAction(street, who, "check", line=number))
        elif body.startswith("calls"):
            hand.actions.append(SiteAction(street, who, "call", chips, False, number))
            street_put[who] = street_put.get(who, 0) + chips
        elif body.startswith(("bets", "raises", "allin")):
            to = street_put.get(who, 0) + chips
            verb = "bet" if body.startswith("bets") else "raise"
            hand.actions.append(SiteAction(street, who, verb, to, body.startswith("allin"), number))
            street_put[who] = to
        elif body.startswith("mucks"):
            hand.mucked.add(who)
    if not summary:
        raise hand.error(f"expected '------ Summary ------' before the hand ends at line {numbered[-1][0]} (a cut-off hand)",
                         numbered[-1][0])
    for name, cards in list(hand.hole.items()):
        if len(cards) != 2:
            del hand.hole[name]
    return hand


def _parse_v2(numbered: list[tuple[int, str]], first_line: int, path: str | None) -> SiteHand:
    hand = SiteHand(site="Winning", path=path, line=first_line)
    header = _V2_HEADER.match(numbered[0][1].lstrip("\ufeff"))
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
    hand.small_blind = amount_of(header.group("sb"), scale, hand)
    hand.big_blind = amount_of(header.group("bb"), scale, hand)
    if hand.betting == "FL":
        hand.small_bet, hand.big_bet = hand.small_blind, hand.big_blind
        hand.small_blind, hand.big_blind = hand.small_bet // 2, hand.small_bet
    hand.time = header.group("date").replace("/", "-").replace(" ", "T")
    hand.time_zone = header.group("zone")
    table = _V2_TABLE.match(numbered[1][1]) if len(numbered) > 1 else None
    if table is None:
        raise hand.error("expected '<table> <n>-max Seat #<n> is the button'", numbered[min(1, len(numbered) - 1)][0])
    hand.table = table.group("table")
    hand.max_seats = int(table.group("max")) if table.group("max") else None
    hand.button = int(table.group("button"))
    names: list[str] = []
    street = PREFLOP
    summary = False
    for number, line in numbered[2:]:
        if line.startswith("*** SUMMARY ***"):
            summary = True
            continue
        if summary:
            if line.startswith("Total pot "):
                fees = re.findall(r"\| ([A-Za-z ]+?) (\$?[\d.,]+)", line)
                hand.total_pot = amount_of(line.split()[2], scale, hand, number)
                hand.fees = {name.strip().lower(): amount_of(value, scale, hand, number) for name, value in fees}
                hand.rake = sum(hand.fees.values())
            elif line.startswith("Board "):
                hand.boards = [list(cards_of(line[6:]))]
            elif line.startswith("Seat "):
                for player in hand.players:
                    prefix = f"Seat {player.seat}: {player.name} "
                    if line.startswith(prefix):
                        won = sum(amount_of(m, scale, hand, number) for m in re.findall(r" won (\$?[\d.,]+)", line[len(prefix) - 1:]))
                        if won:
                            hand.collected[player.name] = won
                        break
            continue
        seat = _V2_SEAT.match(line)
        if seat and not hand.posts:
            hand.players.append(SitePlayer(int(seat.group("seat")), seat.group("name"),
                                           amount_of(seat.group("stack"), scale, hand, number)))
            names.append(seat.group("name"))
            continue
        mark = _STREET.match(line)
        if mark:
            street = _STREETS[mark.group("street")]
            run_cards = list(cards_of(" ".join(re.findall(r"\[([^\]]*)\]", mark.group("cards")))))
            if run_cards:
                hand.boards = [run_cards]
            continue
        if line.startswith(("***", "Main pot", "Side pot")):
            continue
        uncalled = _UNCALLED.match(line)
        if uncalled:
            hand.uncalled[uncalled.group("name")] = amount_of(uncalled.group("amount"), scale, hand, number)
            continue
        if line.startswith("Dealt to "):
            rest = line[9:]
            who = _who(rest, names)
            if who:
                cards = cards_of(rest[len(who):])
                if len(cards) == 2:
                    hand.hole[who] = cards
            continue
        who = _who(line, names)
        if who is None:
            continue
        body = line[len(who) + 1:]
        words = body.split()
        all_in = "all-in" in body
        if body.startswith("posts"):
            chips = amount_of(words[-1], scale, hand, number)
            kind = ("sb" if "small blind" in body else "bb" if "big blind" in body else "ante" if "ante" in body
                    else "straddle" if "straddle" in body else "bb")  # "posts $0.02": a new player's big blind
            if "dead" in body:
                kind = "dead"
            hand.posts.append(SitePost(who, kind, chips))
        elif body.startswith("straddle"):
            hand.posts.append(SitePost(who, "straddle", amount_of(words[-1], scale, hand, number)))
        elif body.startswith("folds"):
            hand.actions.append(SiteAction(street, who, "fold", line=number))
        elif body.startswith("checks"):
            hand.actions.append(SiteAction(street, who, "check", line=number))
        elif body.startswith("calls"):
            hand.actions.append(SiteAction(street, who, "call", amount_of(words[1], scale, hand, number), all_in, number))
        elif body.startswith("bets"):
            hand.actions.append(SiteAction(street, who, "bet", amount_of(words[1], scale, hand, number), all_in, number))
        elif body.startswith("raises"):
            if "to" not in words:
                raise hand.error(f"expected 'raises <amount> to <amount>', got {line!r}", number)
            to = words[words.index("to") + 1]
            hand.actions.append(SiteAction(street, who, "raise", amount_of(to, scale, hand, number), all_in, number))
        elif body.startswith("shows"):
            cards = cards_of(body.split("]")[0].split("[", 1)[-1])
            if len(cards) == 2:
                hand.hole[who] = cards
                hand.shown.add(who)
        elif body.startswith("mucks"):
            hand.mucked.add(who)
    if not summary:
        raise hand.error(f"expected '*** SUMMARY ***' before the hand ends at line {numbered[-1][0]} (a cut-off hand)",
                         numbered[-1][0])
    return hand
