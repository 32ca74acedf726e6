"""Write imported hands: PHH, the library's JSON, Open Hand History.

* :func:`to_phh` - the hand as a PHH document (:mod:`pokerkit_core.formats.phh`):
  the site's hand id (``hand``), table, time (``year``, ``month``, ``day``,
  ``time``, ``time_zone_abbreviation``), seats and names (``seats``,
  ``seat_count``, ``players``), ``currency``, ``venue`` (the room), the
  tournament (``event``), ``winnings`` and the rake (custom key ``_rake``),
  the site's notes (``_notes``).  Amounts are in the site's units.
* :func:`to_json` - an object holding the site's fields and the replayed
  hand in the library's JSON (:mod:`pokerkit_core.formats.serialize`; its
  ``state`` loads back with :func:`~pokerkit_core.formats.serialize.loads`).
* :func:`to_ohh` - the Open Hand History format (PokerTracker's public spec,
  ``{"ohh": {...}}``, spec version 1.4): players, rounds with actions (a
  ``Raise`` or ``Bet`` amount is the player's total for the street, a
  ``Call`` amount the chips added), pots with rake and wins; amounts in the
  site's units.
* :func:`to_pokerstars` - PokerStars text (:mod:`pokerkit_core.formats.pokerstars_out`),
  which trackers read, for a hand of any room.
"""

from __future__ import annotations

import datetime as _dt
import json
from decimal import Decimal
from typing import Any

from ..model import HandHistory
from ..serialize import to_dict as _state_dict
from .check import HandOutcome
from .hand import SiteHand

__all__ = ["to_phh", "to_phh_text", "to_pokerstars", "to_json", "to_ohh", "OHH_VERSION"]

OHH_VERSION = "1.4.6"
"""The Open Hand History spec version written."""


def _units(chips: int | Any, scale: int) -> int | Decimal:
    """Chips in the site's units: an int for whole units, else a Decimal."""
    if scale == 1:
        return int(chips)
    value = Decimal(int(chips)) / scale
    return int(value) if value == value.to_integral_value() else value.normalize()


def _metadata(hand: SiteHand, history: HandHistory) -> dict[str, Any]:
    seats = {p.name: p.seat for p in hand.players}
    extra: dict[str, Any] = {"venue": hand.site}
    if hand.table is not None:
        extra["table"] = hand.table
    extra["seats"] = [seats[name] for name in history.players]
    if hand.max_seats:
        extra["seat_count"] = hand.max_seats
    if hand.time:
        stamp = _dt.datetime.fromisoformat(hand.time)
        extra.update(year=stamp.year, month=stamp.month, day=stamp.day, time=stamp.time())
    if hand.time_zone:
        extra["time_zone_abbreviation"] = hand.time_zone
    if hand.currency:
        extra["currency"] = hand.currency
    if hand.tournament:
        extra["event"] = f"{hand.site} tournament {hand.tournament}"
    extra["winnings"] = [_units(hand.collected.get(name, 0), hand.scale) for name in history.players]
    if hand.notes:
        extra["_notes"] = list(hand.notes)
    return extra


def to_phh(outcome: HandOutcome) -> HandHistory:
    """The hand history of an imported hand, with the site's fields.

    Args:
        outcome: A checked hand with a history (``outcome.history``).

    Returns:
        The :class:`~pokerkit_core.formats.model.HandHistory` with the
        PHH fields of the module docstring in ``extra``; write it with
        :func:`pokerkit_core.formats.phh.dumps`.

    Raises:
        ValueError: ``outcome`` has no history (a refused or skipped hand).
    """
    if outcome.history is None or outcome.site_hand is None:
        raise ValueError(f"hand {outcome.hand_id or '?'} has no history to write: {outcome.reason}")
    from dataclasses import replace

    extra = dict(outcome.history.extra)
    extra.update(_metadata(outcome.site_hand, outcome.history))
    return replace(outcome.history, extra=tuple(sorted(extra.items())))


def to_phh_text(outcome: HandOutcome) -> str:
    """:func:`to_phh` as PHH text (TOML).

    Raises:
        ValueError: ``outcome`` has no history.
    """
    from ..phh import dumps

    return dumps(to_phh(outcome))


_SYMBOLS = {"USD": "$", "EUR": "\u20ac", "GBP": "\u00a3"}
"""Currency signs PokerStars writes before amounts, by currency code."""


def to_pokerstars(outcome: HandOutcome) -> str:
    """An imported hand from any room as PokerStars text (what trackers read).

    The engine's replay of the hand, written by
    :func:`pokerkit_core.formats.pokerstars_out.dumps_hand`: players in PHH
    order as seats 1, 2, ... (the button last), amounts in the room's
    currency (``$``, ``\u20ac``, ``\u00a3`` and the code after the stakes)
    or in chips, the room's rake (and its pots after rake when several pots
    were raked), the hole cards the record gives (``Dealt to``) and the
    cards shown.  The hand number is the digits of the room's id (``"HD582731"``
    -> 582731; 1 when it has none); the time is the room's in UTC
    (:attr:`~.hand.SiteHand.time_utc`), or the room's time as written when
    its zone is not known (then not truly UTC), or now without a time.

    Args:
        outcome: A hand that replayed to its end (``equal`` or ``differs``).

    Returns:
        The hand's text, ending with a blank line.

    Raises:
        ValueError: The hand has no history or did not replay to its end,
            or a player's name holds a colon (PokerStars' separator).
    """
    import calendar

    from ...errors import InvalidConfigError
    from ..pokerstars_out import dumps_hand
    from ..replay import replay

    hand, history = outcome.site_hand, outcome.history
    if history is None or hand is None:
        raise ValueError(f"hand {outcome.hand_id or '?'} has no history to write: {outcome.reason}")
    state = replay(history, implicit_folds=False).state
    if state is None or not state.is_over:
        raise ValueError(f"hand {outcome.hand_id or '?'} did not replay to its end: {outcome.reason}")
    stamp = hand.time_utc or hand.time
    when = (calendar.timegm(_dt.datetime.fromisoformat(stamp.rstrip("Z")).timetuple())
            if stamp else None)
    digits = "".join(ch for ch in outcome.hand_id if ch.isdigit())
    code = hand.currency if hand.scale > 1 and hand.currency else ""
    try:
        return dumps_hand(
            state, history.players, int(digits) if digits and int(digits) > 0 else 1,
            table=hand.table or hand.site,
            reveal=[k for k, name in enumerate(history.players) if name in hand.hole],
            when=when, symbol=_SYMBOLS.get(code, ""), scale=hand.scale, currency=code,
        )
    except InvalidConfigError as exc:
        raise ValueError(f"hand {outcome.hand_id or '?'}: {exc}") from None


def to_json(outcome: HandOutcome) -> dict[str, Any]:
    """An imported hand as a JSON-ready dict.

    Args:
        outcome: Any checked hand.

    Returns:
        ``{"type": "ImportedHand", "site", "hand_id", "table", "time",
        "path", "line", "status", "reason", "notes", "players": [{"name",
        "seat", "stack"}], "rake", "state"}``: ``state`` is the replayed
        hand in the library's JSON (``None`` when it was not replayed);
        chip amounts are chips (``scale`` per site unit).
    """
    hand = outcome.site_hand
    state = None
    if outcome.history is not None:
        from ..replay import replay

        result = replay(outcome.history, implicit_folds=False)
        if result.state is not None:
            state = _state_dict(result.state)
    return {
        "type": "ImportedHand",
        "site": outcome.site,
        "hand_id": outcome.hand_id,
        "path": outcome.path,
        "line": outcome.line,
        "game": outcome.game,
        "status": outcome.status,
        "reason": outcome.reason,
        "table": hand.table if hand else None,
        "time": hand.time if hand else None,
        "currency": hand.currency if hand else None,
        "scale": hand.scale if hand else 1,
        "players": (
            [{"name": p.name, "seat": p.seat, "stack": p.stack} for p in hand.players if p.dealt] if hand else []
        ),
        "player_order": list(outcome.history.players) if outcome.history else [],
        "rake": hand.rake if hand else 0,
        "notes": list(hand.notes) + list(outcome.notes) if hand else list(outcome.notes),
        "state": state,
    }


_OHH_STREETS = ("Preflop", "Flop", "Turn", "River")
_OHH_POSTS = {"sb": "Post SB", "bb": "Post BB", "straddle": "Straddle", "ante": "Post Ante", "dead": "Post Dead",
              "limp": "Post Extra Blind"}
_OHH_ACTIONS = {"fold": "Fold", "check": "Check", "call": "Call", "bet": "Bet", "raise": "Raise"}


def to_ohh(outcome: HandOutcome) -> dict[str, Any]:
    """An imported hand in the Open Hand History format.

    Args:
        outcome: A checked hold'em hand (``outcome.site_hand`` set).

    Returns:
        ``{"ohh": {...}}`` with ``spec_version``, ``site_name``,
        ``game_number``, ``start_date_utc`` (the room's time converted to
        UTC, ``"...Z"``, where the room writes a known time zone; else the
        time as written, without a ``Z``, or ``""`` without a time),
        ``table_name``, ``table_size``, ``game_type`` (``"Holdem"``),
        ``bet_limit``, ``currency``, ``dealer_seat``, blinds and ante,
        ``players``, ``rounds`` and ``pots`` (the engine's pots when the hand
        replayed, else one pot of what the site says each player collected).

    Raises:
        ValueError: ``outcome`` has no site hand (a file not read).
    """
    hand = outcome.site_hand
    if hand is None:
        raise ValueError(f"hand {outcome.hand_id or '?'} was not read: {outcome.reason}")
    scale = hand.scale
    ids = {p.name: k for k, p in enumerate(p for p in hand.players if p.dealt)}
    players = [
        {"id": ids[p.name], "seat": p.seat, "name": p.name, "display": p.name,
         "starting_stack": _units(p.stack, scale), **({"cards": [str(c) for c in hand.hole[p.name]]}
                                                       if p.name in hand.hole else {})}
        for p in hand.players if p.dealt
    ]
    number = 0
    rounds: list[dict[str, Any]] = []
    actions: list[dict[str, Any]] = []
    for post in hand.posts:
        if post.name in ids:
            number += 1
            actions.append({"action_number": number, "player_id": ids[post.name],
                            "action": _OHH_POSTS.get(post.kind, "Post Dead"), "amount": _units(post.amount, scale)})
    board = hand.boards[0] if hand.boards else []
    board_at = (0, 3, 4, 5)
    street = 0
    rounds.append({"id": 0, "street": "Preflop", "cards": [], "actions": actions})
    for action in hand.actions:
        while action.street > street:
            street += 1
            rounds.append({"id": street, "street": _OHH_STREETS[street],
                           "cards": [str(c) for c in board[board_at[street - 1]:board_at[street]]], "actions": []})
        number += 1
        entry: dict[str, Any] = {"action_number": number, "player_id": ids.get(action.name, -1),
                                 "action": _OHH_ACTIONS[action.kind]}
        if action.kind in ("call", "bet", "raise"):
            entry["amount"] = _units(action.to, scale)
        if action.all_in:
            entry["is_allin"] = True
        rounds[-1]["actions"].append(entry)
    while street < 3 and len(board) >= board_at[street + 1]:
        street += 1
        rounds.append({"id": street, "street": _OHH_STREETS[street],
                       "cards": [str(c) for c in board[board_at[street - 1]:board_at[street]]], "actions": []})
    shows = [
        {"action_number": 0, "player_id": ids[name], "action": "Shows Cards", "cards": [str(c) for c in hand.hole[name]]}
        for name in sorted(hand.shown) if name in ids and name in hand.hole
    ]
    if shows:
        for k, show in enumerate(shows):
            number += 1
            show["action_number"] = number
        rounds.append({"id": len(rounds), "street": "Showdown", "cards": [], "actions": shows})
    pots = _ohh_pots(outcome, ids, scale)
    data: dict[str, Any] = {
        "spec_version": OHH_VERSION,
        "internal_version": "pokerkit_core",
        "network_name": hand.site,
        "site_name": hand.site,
        "game_type": "Holdem",
        "table_name": hand.table or "",
        "table_size": hand.max_seats or len(hand.players),
        "game_number": hand.hand_id,
        "start_date_utc": hand.time_utc or hand.time or "",
        "currency": hand.currency or "Chips",
        "ante_amount": _units(max((p.amount for p in hand.posts if p.kind == "ante"), default=0), scale),
        "small_blind_amount": _units(hand.small_blind, scale),
        "big_blind_amount": _units(hand.big_blind, scale),
        "bet_limit": {"bet_type": hand.betting, "bet_cap": 0},
        "dealer_seat": hand.button,
        "tournament": hand.tournament is not None,
        "players": players,
        "rounds": rounds,
        "pots": pots,
    }
    if hand.tournament is not None:
        data["tournament_info"] = {"tournament_number": hand.tournament}
    return {"ohh": data}


def _ohh_pots(outcome: HandOutcome, ids: dict[str, int], scale: int) -> list[dict[str, Any]]:
    hand = outcome.site_hand
    assert hand is not None
    if outcome.history is not None and outcome.status == "equal":
        from ...engine.results import resolve_pots
        from ..replay import replay

        state = replay(outcome.history, implicit_folds=False).state
        if state is not None and state.is_over:
            names = outcome.history.players
            return [
                {"number": k, "amount": _units(pot.amount, scale), "rake": _units(pot.rake, scale),
                 "player_wins": [{"player_id": ids[names[seat]], "win_amount": _units(share, scale)}
                                 for seat, share in zip(pot.winners, pot.shares)]}
                for k, pot in enumerate(resolve_pots(state).pots)
            ]
    total = sum(hand.collected.values()) + hand.rake
    return [{"number": 0, "amount": _units(total, scale), "rake": _units(hand.rake, scale),
             "player_wins": [{"player_id": ids[name], "win_amount": _units(chips, scale)}
                             for name, chips in hand.collected.items() if name in ids]}]


def dumps_json(value: Any) -> str:
    """JSON text of :func:`to_json` / :func:`to_ohh` output (Decimals as numbers)."""

    def default(item: Any) -> Any:
        if isinstance(item, Decimal):
            return float(item) if item != item.to_integral_value() else int(item)
        raise TypeError(f"{type(item).__name__} is not JSON")

    return json.dumps(value, default=default, ensure_ascii=False, indent=1)
