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

from .hand import FLOP, PREFLOP, RIVER, TURN, SiteAction, SiteHand, SitePlayer, SitePost, amount_of, cards_of

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
_DATE = re.compile(r"(?P<time>\d{1,2}:\d\d:\d\d) (?P<zone>\w+) - (?P<y>\d{4})/(?P<m>\d\d)/(?P<d>\d\d)")


def parse_hand(lines: list[str], first_line: int, path: str | None) -> SiteHand:
    """Read one Full Tilt hand (see :func:`.pokerstars.parse_hand` for the contract).

    Raises:
        SiteHistoryError: A line that is not what the format has there.
    """
    numbered = [(first_line + k, line.rstrip()) for k, line in enumerate(lines) if line.strip().lstrip("\ufeff")]
    hand = SiteHand(site="Full Tilt", path=path, line=numbered[0][0] if numbered else first_line)
    header = _HEADER.match(numbered[0][1].lstrip("\ufeff"))
    if header is None:
        raise hand.error("expected 'Full Tilt Poker Game #<id>: Table <name> - <game> - <stakes> - <time>'")
    hand.hand_id = header.group("id")
    hand.table = header.group("table")
    hand.max_seats = int(header.group("max")) if header.group("max") else (2 if "(heads up)" in numbered[0][1] else None)
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
        hand.small_blind = amount_of(small, scale, hand)
        hand.big_blind = amount_of(big.split()[0], scale, hand)
        if hand.betting == "FL":
            hand.small_bet, hand.big_bet = hand.small_blind, hand.big_blind
            hand.small_blind, hand.big_blind = hand.small_bet // 2, hand.small_bet
    date = _DATE.search(numbered[0][1])
    if date:
        hand.time = f"{date.group('y')}-{date.group('m')}-{date.group('d')}T{int(date.group('time')[:-6]):02d}{date.group('time')[-6:]}"
        hand.time_zone = date.group("zone")
    names: list[str] = []
    street = PREFLOP
    summary = False
    for number, line in numbered[1:]:
        if line.startswith("*** SUMMARY ***"):
            summary = True
            continue
        if summary:
            if line.startswith("Total pot "):
                hand.total_pot = amount_of(line.split()[2], scale, hand, number)
                fees = re.findall(r"\| ([A-Za-z ]+?) (\S+)", line)
                hand.fees = {k.strip().lower(): amount_of(v, scale, hand, number) for k, v in fees}
                hand.rake = sum(hand.fees.values())
            elif line.startswith("Board: "):
                hand.boards = [list(cards_of(line[7:]))]
            elif line.startswith("Seat "):
                for player in hand.players:
                    prefix = f"Seat {player.seat}: {player.name} "
                    if line.startswith(prefix):
                        won = sum(amount_of(m, scale, hand, number)
                                  for m in re.findall(r"(?:won|collected) \(([^)]*)\)", line[len(prefix) - 1:]))
                        if won:
                            hand.collected[player.name] = hand.collected.get(player.name, 0) + won
                        break
            continue
        seat = _SEAT.match(line)
        if seat and not hand.posts and street == PREFLOP and not line.startswith("***"):
            tail = seat.group("tail")
            dealt = "sitting out" not in tail
            hand.players.append(SitePlayer(int(seat.group("seat")), seat.group("name"),
                                           amount_of(seat.group("stack"), scale, hand, number), dealt))
            names.append(seat.group("name"))
            continue
        button = _BUTTON.match(line)
        if button:
            hand.button = int(button.group("seat"))
            continue
        mark = _STREET.match(line)
        if mark:
            street = _STREETS[mark.group("street")]
            run_cards = list(cards_of(" ".join(re.findall(r"\[([^\]]*)\]", mark.group("cards")))))
            if run_cards:
                hand.boards = [run_cards]
            continue
        uncalled = _UNCALLED.match(line)
        if uncalled:
            hand.uncalled[uncalled.group("name")] = amount_of(uncalled.group("amount"), scale, hand, number)
            continue
        if line.startswith("Dealt to "):
            rest = line[9:]
            who = max((n for n in names if rest.startswith(n + " ")), key=len, default=None)
            if who:
                cards = cards_of(rest[len(who):].split("]")[0])
                if len(cards) == 2:
                    hand.hole[who] = cards
            continue
        who = max((n for n in names if line.startswith(n + " ")), key=len, default=None)
        if who is None:
            continue
        body = line[len(who) + 1:]
        words = body.replace(",", " ").split()
        all_in = "all in" in body
        money = [w for w in words if re.match(r"^[$€£]?\d", w)]
        chips = amount_of(money[0], scale, hand, number) if money else 0
        if body.startswith("posts"):
            kind = ("dead" if "dead" in body else "sb" if "small blind" in body else "bb" if "big blind" in body
                    else "ante")
            hand.posts.append(SitePost(who, kind, chips))
        elif body.startswith("antes"):
            hand.posts.append(SitePost(who, "ante", chips))
        elif body.startswith("folds"):
            hand.actions.append(SiteAction(street, who, "fold", line=number))
        elif body.startswith("checks"):
            hand.actions.append(SiteAction(street, who, "check", line=number))
        elif body.startswith("calls"):
            hand.actions.append(SiteAction(street, who, "call", chips, all_in, number))
        elif body.startswith("bets"):
            hand.actions.append(SiteAction(street, who, "bet", chips, all_in, number))
        elif body.startswith("raises"):
            hand.actions.append(SiteAction(street, who, "raise", chips, all_in, number))
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
