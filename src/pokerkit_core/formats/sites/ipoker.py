"""iPoker network XML hand histories (``<session>`` files, one ``<game>`` per hand).

Each ``<game gamecode=...>`` lists its players (``chips`` = starting stack,
``dealer="1"`` = button, ``bet`` = chips put in, ``win`` = chips received,
an uncalled bet included) and its rounds of ``<action type=... sum=...>``:
0 fold, 1 small blind, 2 big blind, 3 call (chips added), 4 check, 5 bet,
7 all-in (chips added), 15 ante, 23 raise (to the street total); cards as
suit then rank (``D9 CK``, ``H10``).  Localized files are read as well:
amounts with a decimal comma (``€0,05``), dates ``dd-mm-yyyy``.  iPoker
writes no rake: the rake is what the players put in beyond what they
received (a note says so).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from typing import Iterator

from .hand import FLOP, PREFLOP, RIVER, TURN, SiteAction, SiteHand, SitePlayer, SitePost, amount_of, cards_of

__all__ = ["split", "parse_hand", "DETECT"]

DETECT = re.compile(r"<session[ >]")
_OPEN = re.compile(r"<session\b|<game\b")
_ROUNDS = {0: PREFLOP, 1: PREFLOP, 2: FLOP, 3: TURN, 4: RIVER}
_SUITS = {"C": "c", "D": "d", "H": "h", "S": "s"}
_DATE = re.compile(r"(\d{1,4})[-./](\d{1,2})[-./](\d{1,4})[ T](\d{1,2}:\d\d:\d\d)")


def split(text: str) -> Iterator[tuple[int, list[str]]]:
    """Each ``<game>`` of a file with the session header before it:
    ``(line of the game, [session general XML, game XML])``.

    One pass over the text (a file of unclosed tags costs no more than its
    length); a ``<game>`` with no ``</game>`` (a file cut short) is given
    as it stands, and is refused as XML that does not parse.
    """
    header = "<general/>"
    line, counted = 1, 0
    following = _OPEN.search(text)
    while following is not None:
        start, following = following, _OPEN.search(text, following.end())
        bound = following.start() if following is not None else len(text)  # no tag holds the next one
        if start.group(0) == "<session":
            opened = text.find("<general>", start.end(), bound)
            closed = text.find("</general>", opened, bound) if opened >= 0 else -1
            header = text[opened:closed + len("</general>")] if closed >= 0 else "<general/>"
            continue
        end = text.find("</game>", start.end(), bound)
        line += text.count("\n", counted, start.start())
        counted = start.start()
        yield line, [header, text[start.start():bound if end < 0 else end + len("</game>")]]


def _cards(text: str) -> tuple:  # type: ignore[type-arg]
    tokens = []
    for token in text.split():
        if len(token) >= 2 and token[0].upper() in _SUITS:
            rank = token[1:].upper()
            tokens.append(("T" if rank == "10" else rank) + _SUITS[token[0].upper()])
        else:
            return ()  # "X" or empty: unknown cards
    return cards_of(" ".join(tokens))


def _date(text: str) -> str | None:
    match = _DATE.search(text)
    if match is None:
        return None
    a, b, c, clock = match.groups()
    year, month, day = (a, b, c) if len(a) == 4 else (c, b, a)
    return f"{int(year):04d}-{int(month):02d}-{int(day):02d}T{clock if len(clock) == 8 else '0' + clock}"


def parse_hand(lines: list[str], first_line: int, path: str | None) -> SiteHand:
    """Read one iPoker ``<game>`` (``lines``: the session header and the game, as :func:`split` gives).

    Raises:
        SiteHistoryError: XML that does not parse, or a field that is not
            what the format has there (an unknown action type, an amount).
    """
    hand = SiteHand(site="iPoker", path=path, line=first_line)
    try:
        general = ET.fromstring(lines[0])
        game = ET.fromstring(lines[1])
    except ET.ParseError as exc:
        raise hand.error(f"expected well-formed XML: {exc}") from None
    hand.hand_id = game.get("gamecode", "")
    gametype = (general.findtext("gametype") or "").strip()
    words = gametype.split()
    if not words or words[0].lower() != "holdem":
        hand.game = " ".join(words[:2]) or "unknown"
        return hand
    limit = words[1] if len(words) > 1 else "NL"
    hand.betting = {"NL": "NL", "PL": "PL", "L": "FL", "FL": "FL"}.get(limit, "NL")
    hand.table = (general.findtext("tablename") or "").strip() or None
    if general.findtext("tournamentname") or general.findtext("tournamentcode"):
        hand.tournament = (general.findtext("tournamentcode") or general.findtext("tournamentname") or "").strip()
    currency = (general.findtext("tablecurrency") or general.findtext("currency") or "").strip()
    players_el = game.find("general/players")
    if players_el is None:
        raise hand.error("expected <general><players> in the <game>")
    amounts = [p.get(key, "") for p in players_el for key in ("chips", "win", "bet")]
    amounts += [a.get("sum", "") for a in game.iter("action")]
    pockets = [len((c.text or "").split()) for c in game.iter("cards") if c.get("type") == "Pocket"]
    if any(count > 2 for count in pockets):  # a hold'em label on a hand of four-card hands
        hand.game = f"Omaha ({max(pockets)} hole cards, labelled {gametype!r})"
        return hand
    decimals = any(re.search(r"\d[.,]\d\d?(?!\d)", value) for value in amounts)
    cash = hand.tournament is None and (decimals or any(sign in gametype for sign in "$€£"))
    hand.currency = (currency or None) if cash else None
    hand.scale = scale = 100 if cash else 1
    stakes = words[2] if len(words) > 2 else ""
    if "/" in stakes:
        small, big = stakes.split("/", 1)
        hand.small_blind = amount_of(small, scale, hand)
        hand.big_blind = amount_of(big, scale, hand)
        if hand.betting == "FL":
            hand.small_bet, hand.big_bet = hand.small_blind, hand.big_blind
            hand.small_blind, hand.big_blind = hand.small_bet // 2, hand.small_bet
    hand.time = _date(game.findtext("general/startdate") or general.findtext("startdate") or "")
    for player in players_el:
        name = player.get("name", "")
        seat = int(player.get("seat", "0"))
        hand.players.append(SitePlayer(seat, name, amount_of(player.get("chips", "0"), scale, hand)))
        if player.get("dealer") == "1":
            hand.button = seat
        won = amount_of(player.get("win", "0"), scale, hand)
        if won:
            hand.collected[name] = won
    street_put: dict[str, int] = {}
    street = PREFLOP
    board: list = []  # type: ignore[type-arg]
    for round_el in game.findall("round"):
        number = int(round_el.get("no", "0"))
        new = _ROUNDS.get(number, RIVER)
        if new != street:
            street, street_put = new, {}
        for cards_el in round_el.findall("cards"):
            kind = cards_el.get("type", "")
            cards = _cards(cards_el.text or "")
            if kind == "Pocket":
                if len(cards) == 2:
                    hand.hole[cards_el.get("player", "")] = cards
            elif cards:
                board.extend(cards)
        actions = sorted(round_el.findall("action"), key=lambda a: int(a.get("no", "0")))
        for action in actions:
            name = action.get("player", "")
            code = int(action.get("type", "-1"))
            chips = amount_of(action.get("sum", "0") or "0", scale, hand)
            if code == 1:
                hand.posts.append(SitePost(name, "sb", chips))
                street_put[name] = street_put.get(name, 0) + chips
            elif code == 2:
                hand.posts.append(SitePost(name, "bb", chips))
                street_put[name] = street_put.get(name, 0) + chips
            elif code == 15:
                hand.posts.append(SitePost(name, "ante", chips))
            elif code == 0:
                hand.actions.append(SiteAction(street, name, "fold"))
            elif code == 4:
                hand.actions.append(SiteAction(street, name, "check"))
            elif code == 3:
                hand.actions.append(SiteAction(street, name, "call", chips))
                street_put[name] = street_put.get(name, 0) + chips
            elif code in (5, 23, 7):
                to = chips if code == 23 else street_put.get(name, 0) + chips
                verb = "bet" if code == 5 or (code == 7 and not any(street_put.values())) else "raise"
                hand.actions.append(SiteAction(street, name, verb, to, code == 7))
                street_put[name] = to
            elif code in (8, 9, 10, 12, 13, 16):  # sitting out, chat-like and other non-betting entries
                continue
            else:
                raise hand.error(f"expected an iPoker action type (0-5, 7, 15, 23), got {code} for {name!r}")
    if board:
        hand.boards = [board]
    folded = {a.name for a in hand.actions if a.kind == "fold"}
    hand.shown = {name for name in hand.hole if name not in folded}
    hand.rake_written = False
    hand.uncalled_in_pot = True  # a player's win holds the uncalled part of the bet
    return hand
