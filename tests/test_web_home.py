"""Home games at the web table: rebuys, host controls, absent players, run it
twice, chat, settlement, the PokerStars export.

The lobby runs in an event loop of the test (no HTTP server); people are
:class:`~pokerkit_core.web.connections.Connection` objects whose messages go
through :meth:`Lobby.handle`, the same call the WebSocket reader makes.
"""

from __future__ import annotations

import asyncio
import json
import random
import re
import time
from typing import Any, Awaitable, Callable

import pytest

pytest.importorskip("starlette")

from pokerkit_core.engine.events import BlindPosted  # noqa: E402
from pokerkit_core.web.connections import Connection  # noqa: E402
from pokerkit_core.web.home import Chat, ChipLog, settlement  # noqa: E402
from pokerkit_core.web.lobby import Lobby  # noqa: E402
from pokerkit_core.web.protocol import (  # noqa: E402
    ActionMessage,
    ChatMessage,
    ChipsMessage,
    Hello,
    ProtocolError,
    SeatMessage,
    TwiceMessage,
    read_host_request,
    read_message,
    read_room_request,
)
from pokerkit_core.web.rooms import Room  # noqa: E402
from pokerkit_core.web.store import Store  # noqa: E402


async def _until(check: Callable[[], bool], what: str, seconds: float = 20.0) -> None:
    for _ in range(int(seconds / 0.02)):
        if check():
            return
        await asyncio.sleep(0.02)
    raise AssertionError(f"timed out waiting for {what}")


def _run(test: Callable[[Lobby], Awaitable[None]]) -> None:
    store = Store(":memory:")
    lobby = Lobby(store)

    async def go() -> None:
        try:
            await test(lobby)
        finally:
            lobby.close()

    asyncio.run(go())
    store.close()


async def _people(lobby: Lobby, room: dict[str, Any], **more: Any) -> tuple[str, list[Connection]]:
    """A room of ``room``'s seats where seats 0 and 1 are people, both connected."""
    made = lobby.create(read_room_request({"pause_seconds": 0, "seed": 5, "decision_seconds": 600,
                                           "sit": {"seat": 0, "name": "ann"}, **room}))
    room_id = made["room"]["id"]
    tokens = [made["token"], lobby.join(room_id, read_join("bob"))["token"]]
    conns = []
    for token in tokens:
        conn = Connection(room_id)
        lobby.attach(conn)
        await lobby.handle(conn, Hello(token))
        conns.append(conn)
    return made["owner_token"], conns


def read_join(name: str) -> Any:
    from pokerkit_core.web.protocol import read_join_request

    return read_join_request({"seat": 1, "name": name})


def _host(lobby: Lobby, room_id: str, token: str, **fields: Any) -> dict[str, Any]:
    return lobby.host(room_id, read_host_request({"token": token, **fields}))


def _messages(conn: Connection) -> list[dict[str, Any]]:
    out = []
    while not conn.outbox.empty():
        text = conn.outbox.get_nowait()
        if text is not None:
            out.append(json.loads(text))
    return out


async def _act(lobby: Lobby, room: Room, conns: list[Connection], choose: Callable[[Any], str]) -> None:
    """The person to act plays ``choose(legal)``."""
    seat = room.session.to_act
    assert seat is not None
    legal = room.session.observation(seat).legal
    conn = next(c for c in conns if c.seat == seat)
    await lobby.handle(conn, ActionMessage(room.hand_number or 0, choose(legal)))


def _all_in(legal: Any) -> str:
    if legal.can_raise or legal.can_bet:
        return "allin"
    return "c" if legal.can_call else "k"


def test_a_busted_player_rebuys_and_the_game_goes_on() -> None:
    async def test(lobby: Lobby) -> None:
        _, conns = await _people(lobby, {"kind": "cash", "stack": 1000, "small_blind": 5, "big_blind": 10,
                                         "seats": [{"player": "human"}, {"player": "human"}],
                                         "max_buy_in": 2000})
        room = lobby.rooms[conns[0].room_id]
        for _ in range(30):  # all-in every hand until one seat has no chips
            await _until(lambda: room.session.to_act is not None or 0 in room.session.stacks, "a turn")
            if room.session.is_between_hands and 0 in room.session.stacks:
                break
            await _act(lobby, room, conns, _all_in)
        busted = room.session.stacks.index(0)
        hands = room.session.hand_count
        assert room.status == "waiting" and room.ready_to_deal() is False
        with pytest.raises(ProtocolError) as refused:  # over the maximum buy-in
            await lobby.handle(conns[busted], ChipsMessage(2001))
        assert refused.value.code == "too_many_chips" and room.session.stacks[busted] == 0
        await lobby.handle(conns[busted], ChipsMessage(1000))
        await _until(lambda: room.session.hand_count > hands or not room.session.is_between_hands, "the next hand")
        assert room.status == "playing"
        log = [e for e in room.chips.entries if e.kind == "rebuy"]
        assert [(e.seat, e.chips, e.hand) for e in log] == [(busted, 1000, hands)]
        line = room.ledger()[busted]
        assert line["brought"] == 2000
        assert sum(line["net"] for line in room.ledger()) == 0

    _run(test)


def test_host_pause_blinds_chips_kick_and_a_non_host_refused() -> None:
    async def test(lobby: Lobby) -> None:
        owner, conns = await _people(lobby, {"kind": "cash", "stack": 1000, "small_blind": 5, "big_blind": 10,
                                             "seats": [{"player": "human"}, {"player": "human"},
                                                       {"player": "ai", "level": "easy"}]})
        room_id = conns[0].room_id
        room = lobby.rooms[room_id]
        await _until(lambda: room.session.to_act is not None, "the first turn")
        # hostile: a seat's token, a made-up token, a bad field: refused, nothing changes
        for token in ("x" * 43, owner[:-1] + ("A" if owner[-1] != "A" else "B")):
            with pytest.raises(ProtocolError) as refused:
                _host(lobby, room_id, token, action="pause")
            assert refused.value.code == "not_owner" and refused.value.status == 403
        with pytest.raises(ProtocolError) as bad:
            read_host_request({"token": owner, "action": "pause", "seat": 1})
        assert bad.value.code == "bad_message"
        assert room.paused is False
        # pause: the hand in progress is played out, the next is not dealt
        _host(lobby, room_id, owner, action="pause")
        _host(lobby, room_id, owner, action="blinds", small_blind=25, big_blind=50)
        with pytest.raises(ProtocolError) as wrong:
            _host(lobby, room_id, owner, action="blinds", small_blind=60, big_blind=50)
        assert wrong.value.code == "bad_config"
        assert room.session.observation(0).big_blind == 10  # this hand keeps its blinds
        _host(lobby, room_id, owner, action="chips", seat=1, chips=500)
        _host(lobby, room_id, owner, action="chips", seat=0, chips=-100)
        hand = room.hand_number
        while not room.session.is_between_hands:
            await _act(lobby, room, conns, lambda legal: "k" if legal.can_check else "f")
            await _until(lambda: room.session.to_act is not None or room.session.is_between_hands, "a turn")
        await asyncio.sleep(0.2)
        assert room.status == "paused" and room.session.hand_count == hand
        assert room.summary(set())["rules"]["next_blinds"] == [25, 50, 0]
        stacks = room.session.stacks
        _host(lobby, room_id, owner, action="resume")
        await _until(lambda: room.session.hand_count > hand or not room.session.is_between_hands, "the next hand")
        obs = room.session.observation(0)
        assert (obs.small_blind, obs.big_blind) == (25, 50)
        log = [(e.seat, e.kind, e.chips) for e in room.chips.entries if e.kind.startswith("host")]
        assert log == [(0, "host-remove", -100), (1, "host-add", 500)]
        assert room.session.observation(0).stacks[1] + sum(
            b for s, b in enumerate(obs.bets) if s == 1) >= stacks[1] + 500 - 50
        ledger = room.ledger()
        assert ledger[1]["brought"] == 1500 and ledger[0]["brought"] == 900
        # kick: the player leaves at the next deal, their stack cashed out
        _host(lobby, room_id, owner, action="kick", seat=1)
        while not room.session.is_between_hands:
            await _act(lobby, room, conns, lambda legal: "k" if legal.can_check else "f")
            await _until(lambda: room.session.to_act is not None or room.session.is_between_hands, "a turn")
        await _until(lambda: room.seats[1].player == "empty", "the kick")
        assert room.departed[0]["name"] == "bob" and room.departed[0]["seat"] is None
        # the kicked player's page watches now: no acting, no cards of whoever sits there next
        with pytest.raises(ProtocolError) as gone_seat:
            await lobby.handle(conns[1], ChatMessage("still here?"))
        assert gone_seat.value.code == "not_seated" and conns[1].seat is None
        out = [e for e in room.chips.entries if e.kind == "cash-out"]
        assert len(out) == 1 and out[0].seat == 1 and out[0].chips < 0
        assert sum(line["net"] for line in room.ledger()) == 0
        # transfer: the new host's page is sent a new owner token, the old one stops working
        _host(lobby, room_id, owner, action="pause")
        with pytest.raises(ProtocolError) as gone:
            _host(lobby, room_id, owner, action="transfer", seat=1)
        assert gone.value.code == "not_connected"
        _messages(conns[0])
        _host(lobby, room_id, owner, action="transfer", seat=0)
        new = [m for m in _messages(conns[0]) if m["type"] == "host"]
        assert len(new) == 1 and new[0]["owner_token"] != owner
        with pytest.raises(ProtocolError):
            _host(lobby, room_id, owner, action="resume")
        _host(lobby, room_id, new[0]["owner_token"], action="close")
        assert room_id not in lobby.rooms

    _run(test)


def test_seat_requests_wait_for_the_host() -> None:
    async def test(lobby: Lobby) -> None:
        made = lobby.create(read_room_request({
            "kind": "cash", "seat_approval": True, "pause_seconds": 0, "seed": 2,
            "seats": [{"player": "human"}, {"player": "ai"}, {"player": "empty"}],
            "sit": {"seat": 0, "name": "ann"}}))
        room_id, owner = made["room"]["id"], made["owner_token"]
        room = lobby.rooms[room_id]
        assert room.seats[0].pending is False  # the creator sits at once
        from pokerkit_core.web.protocol import read_join_request

        lobby.join(room_id, read_join_request({"seat": 2, "name": "eve"}))
        assert room.seats[2].pending and room.seats[2].player == "empty"
        _host(lobby, room_id, owner, action="seat", seat=2, approve=False)
        assert room.is_open(2) and room.seats[2].name == ""
        lobby.join(room_id, read_join_request({"seat": 2, "name": "cy"}))
        with pytest.raises(ProtocolError):
            _host(lobby, room_id, "not the owner", action="seat", seat=2)
        _host(lobby, room_id, owner, action="seat", seat=2)
        assert room.seats[2].player == "human" and room.seats[2].fill

    _run(test)


def test_an_absent_player_is_sat_out_and_posts_the_big_blind_on_return() -> None:
    async def test(lobby: Lobby) -> None:
        made = lobby.create(read_room_request({
            "kind": "cash", "missed_turns": 2, "return_rule": "wait", "decision_seconds": 1,
            "pause_seconds": 0, "seed": 8, "stack": 5000,
            "seats": [{"player": "human"}, {"player": "ai", "level": "easy"},
                      {"player": "ai", "level": "easy"}, {"player": "ai", "level": "easy"}],
            "sit": {"seat": 0, "name": "ann"}}))
        room = lobby.rooms[made["room"]["id"]]
        await _until(lambda: room.seats[0].away, "two time-outs in a row", 30)
        assert room.seats[0].missed == 2
        await _until(lambda: room.session.seat_states[0].value == "sitting-out", "the sit-out", 30)
        out_at = room.session.hand_count
        await _until(lambda: room.session.hand_count >= out_at + 2, "hands without ann", 30)
        conn = Connection(room.id)
        lobby.attach(conn)
        await lobby.handle(conn, Hello(made["token"]))
        await lobby.handle(conn, SeatMessage(False))  # "I'm back"
        # (whether she still waits depends on where the button is now: the
        # room deals on meanwhile; the hands below check the rule itself)
        assert room.seats[0].away is False
        back_at = room.session.hand_count
        await _until(lambda: any(r.starting_stacks[0] for r in room.session.records[back_at:]),
                     "a hand with ann dealt in again", 30)
        records = room.session.records[back_at:]
        first = next(i for i, r in enumerate(records) if r.starting_stacks[0])
        state = records[first].state
        assert state is not None
        # dealt in only at the hand in which she is the big blind, and she posts it
        assert state.big_blind_seat == 0
        posts = [e for e in state.history if isinstance(e, BlindPosted) and e.seat == 0]
        assert [(p.kind, p.amount) for p in posts] == [("big blind", 100)]
        assert all(r.state is not None and r.state.big_blind_seat != 0 for r in records[:first])
    _run(test)


_CARD = re.compile(r'"([2-9TJQKA][cdhs])"')


async def _offered(lobby: Lobby, conns: list[Connection], **room_fields: Any) -> Room:
    """Two people in an ``ask`` room go all-in in the first hand: the room
    asks them about running it twice."""
    _, conns[:] = await _people(lobby, {"kind": "cash", "run_it_twice": "ask", "stack": 1000,
                                        "seats": [{"player": "human"}, {"player": "human"}],
                                        **room_fields})
    room = lobby.rooms[conns[0].room_id]
    await _until(lambda: room.session.to_act is not None, "the first turn")
    for conn in conns:
        _messages(conn)
    while room.offer is None:
        await _act(lobby, room, conns, _all_in)
    return room


def _cards_seen(conn: Connection) -> set[str]:
    """Every card named in the messages ``conn`` was sent since the last call."""
    seen: set[str] = set()
    while not conn.outbox.empty():
        text = conn.outbox.get_nowait()
        if text is not None:
            seen |= set(_CARD.findall(text))
    return seen


def test_run_it_twice_is_asked_at_the_all_in_and_declined() -> None:
    async def test(lobby: Lobby) -> None:
        conns: list[Connection] = []
        room = await _offered(lobby, conns)
        state = room.session.state
        assert state is not None and not room.session.is_between_hands and room.hand_number == 1
        assert room.session.to_act is None and state.board == ()  # nothing run out yet
        for seat in (0, 1, None):  # nobody is to act, nobody is offered an action
            message = room.state_message(seat, set())
            assert message["to_act"] is None and message["observation"]["legal"] is None
        offer = room.state_message(0, set())["run_twice_offer"]
        assert offer["seats"] == [0, 1] and offer["agreed"] == [] and offer["action"] == "c"
        own = [{str(c) for c in state.hole_cards[seat] or ()} for seat in (0, 1)]
        # nobody learns a card before the answer: each seat was sent its own two only
        assert [_cards_seen(conn) for conn in conns] == own
        await lobby.handle(conns[0], TwiceMessage(True))
        assert room.offer is not None and room.offer["yes"] == [0]
        assert _cards_seen(conns[1]) == own[1]
        with pytest.raises(ProtocolError) as again:
            await lobby.handle(conns[0], TwiceMessage(False))
        assert again.value.code == "not_now"  # one answer each
        await lobby.handle(conns[1], TwiceMessage(False))  # declined: one board
        assert room.offer is None and room.session.hand_count == 1
        final = room.session.records[0].state
        assert final is not None and final.config.boards == 1 and len(final.boards) == 1
        assert final.hole_cards == state.hole_cards and sum(room.session.records[0].results) == 0
        assert "SECOND" not in lobby.pokerstars(room.id) and "_boards" not in lobby.phhs(room.id)
        never = lobby.create(read_room_request({"kind": "cash", "seats": [{"player": "human"}] * 2,
                                                "sit": {"seat": 0, "name": "x"}}))
        conn = Connection(never["room"]["id"])
        lobby.attach(conn)
        await lobby.handle(conn, Hello(never["token"]))
        with pytest.raises(ProtocolError) as refused:
            await lobby.handle(conn, TwiceMessage(True))
        assert refused.value.code == "not_now"

    _run(test)


def test_run_it_twice_accepted_by_everyone_runs_two_boards() -> None:
    async def test(lobby: Lobby) -> None:
        conns: list[Connection] = []
        room = await _offered(lobby, conns)
        dealt = room.session.state
        assert dealt is not None
        await lobby.handle(conns[1], TwiceMessage(True))
        await lobby.handle(conns[0], TwiceMessage(True))
        record = room.session.records[0]
        final = record.state
        assert final is not None and len(final.boards) == 2 and final.hole_cards == dealt.hole_cards
        assert final.boards[0][:3] != final.boards[1][:3]  # all-in pre-flop: two whole boards
        awarded = [e for e in final.history if type(e).__name__ == "PotAwarded"]
        assert sorted({e.board for e in awarded}) == [0, 1]  # the pot split between the boards
        assert sum(sum(e.amounts) for e in awarded) == 2000 and sum(record.results) == 0
        stars = lobby.pokerstars(room.id)
        assert "*** FIRST FLOP ***" in stars and "SECOND Board [" in stars
        assert "_boards = 2" in lobby.phhs(room.id)

    _run(test)


def test_run_it_twice_not_answered_in_time_is_a_no() -> None:
    async def test(lobby: Lobby) -> None:
        conns: list[Connection] = []
        room = await _offered(lobby, conns, decision_seconds=1)
        await lobby.handle(conns[0], TwiceMessage(True))  # bob never answers
        await _until(lambda: room.session.hand_count >= 1, "the time-out")
        final = room.session.records[0].state
        assert final is not None and len(final.boards) == 1 and room.seats[1].missed == 0

    _run(test)


def test_run_it_twice_asked_again_after_a_restart() -> None:
    async def test(lobby: Lobby) -> None:
        conns: list[Connection] = []
        room = await _offered(lobby, conns)
        await lobby.handle(conns[0], TwiceMessage(True))
        saved = json.loads(json.dumps(room.save()))
        progress = (room.hand_number or 0, room.seq, room.actions(), None)
        back = Room.load(room.id, room.created, saved, None, progress)
        assert back.session.held == room.session.held and back.offer is not None
        assert back.offer["seats"] == [0, 1] and back.offer["yes"] == []  # asked again
        assert back.session.state is not None and back.session.state.board == ()
        await back.agree_twice(0, True)
        await back.agree_twice(1, True)
        final = back.session.records[-1].state
        assert final is not None and len(final.boards) == 2

    _run(test)


def test_chat_is_rate_limited_and_seated_only() -> None:
    now = [100.0]
    chat = Chat(clock=lambda: now[0])
    assert [chat.allow(0) for _ in range(4)] == [True, True, True, False]
    assert chat.allow(1)  # another seat has its own limit
    now[0] += 5.0
    assert chat.allow(0) and not chat.allow(0)
    with pytest.raises(ProtocolError) as long:
        read_message(json.dumps({"type": "chat", "text": "x" * 201}))
    assert long.value.code == "bad_message"

    async def test(lobby: Lobby) -> None:
        _, conns = await _people(lobby, {"kind": "cash", "seats": [{"player": "human"}] * 2})
        watcher = Connection(conns[0].room_id)
        lobby.attach(watcher)
        await lobby.handle(watcher, Hello(None))
        with pytest.raises(ProtocolError) as spectator:
            await lobby.handle(watcher, ChatMessage("hi"))
        assert spectator.value.code == "not_seated"
        _messages(watcher)
        for text in ("gl", "nh", "ty"):
            await lobby.handle(conns[0], ChatMessage(text))
        with pytest.raises(ProtocolError) as limited:
            await lobby.handle(conns[0], ChatMessage("spam"))
        assert limited.value.code == "chat_limited"
        said = [(m["name"], m["text"]) for m in _messages(watcher) if m["type"] == "chat"]
        assert said == [("ann", "gl"), ("ann", "nh"), ("ann", "ty")]

    _run(test)


def test_the_settlement_sums_to_zero() -> None:
    rng = random.Random(4)
    for _ in range(200):
        names = [f"p{i}" for i in range(rng.randint(2, 9))]
        nets = {n: rng.randint(-5000, 5000) for n in names[:-1]}
        nets[names[-1]] = -sum(nets.values())
        transfers = settlement(nets)
        paid = dict.fromkeys(names, 0)
        for t in transfers:
            assert t.chips > 0 and nets[t.payer] < 0 < nets[t.payee]
            paid[t.payer] -= t.chips
            paid[t.payee] += t.chips
        assert paid == nets
        assert len(transfers) <= max(0, sum(1 for v in nets.values() if v) - 1)
    with pytest.raises(ValueError, match="sum to 3"):
        settlement({"a": 1, "b": 2})
    log = ChipLog()
    with pytest.raises(ValueError):
        log.add(0, 0, "a", "cash-out", 10)  # chips out are negative


def test_the_time_bank_runs_after_the_clock() -> None:
    async def test() -> None:
        room = Room.create("r", read_room_request({
            "kind": "cash", "time_bank_seconds": 20, "decision_seconds": 5, "seed": 1,
            "seats": [{"player": "human"}, {"player": "human"}]}))
        await room.deal()
        seat = room.session.to_act
        assert seat is not None and room.seats[seat].bank == 20
        assert room.use_time_bank() and room.deadline is not None
        assert not room.use_time_bank()  # already running
        assert room.state_message(seat, set())["time_bank"] is True
        legal = room.session.observation(seat).legal
        await room.act(seat, room.hand_number or 0, "k" if legal.can_check else "c")
        assert 19 < room.seats[seat].bank < 20
        nxt = room.session.to_act
        if nxt is not None:
            room.use_time_bank()
            await room.time_out()  # the bank ran out too: it is gone
            assert room.seats[nxt].bank == 0 and room.seats[nxt].missed == 1

    asyncio.run(test())


def test_acpc_rooms_keep_their_hand_limit() -> None:
    room = Room.create("a", read_room_request({"kind": "acpc", "max_hands": 20,
                                               "seats": [{"player": "human"}, {"player": "ai"}]}))
    assert room.session.config.max_hands == 20 and room.summary(set())["limits"]["max_hands"] == 20


def _results(hand: str, names: list[str]) -> list[int]:
    """Each player's result read back from a PokerStars hand: collected minus put in."""
    result = dict.fromkeys(names, 0)
    street = dict.fromkeys(names, 0)
    for line in hand.splitlines():
        if line.startswith("*** ") and any(w in line for w in ("FLOP", "TURN", "RIVER")):
            street = dict.fromkeys(names, 0)
        m = re.match(r"(\w+): (posts small blind|posts big blind|posts straddle|posts the ante|calls|bets|raises \d+ to) (\d+)", line)
        if m:
            who, verb, amount = m.group(1), m.group(2), int(m.group(3))
            added = amount if verb in ("calls", "posts the ante") else amount - street[who]
            if verb != "posts the ante":
                street[who] += added
            result[who] -= added
        m = re.match(r"Uncalled bet \((\d+)\) returned to (\w+)", line)
        if m:
            result[m.group(2)] += int(m.group(1))
        m = re.match(r"(\w+) collected (\d+) from", line)
        if m:
            result[m.group(1)] += int(m.group(2))
    return [result[n] for n in names]


def test_pokerstars_export_shows_only_what_was_shown() -> None:
    from pokerkit_core.engine.policy import load_policy
    from pokerkit_core.formats.pokerstars_out import dumps_all
    from pokerkit_core.tables.session import Blinds, TableConfig, TableSession

    session = TableSession(TableConfig(stacks=(1000,) * 3, blinds=Blinds(5, 10), boards=2),
                           [load_policy("normal", seed=i) for i in range(3)], seed=5)
    for _ in range(40):  # seed 5: Ann in every hand, four run twice
        session.play_hand()
    text = dumps_all(session.hands, ["Ann", "Bob", "Cy"], reveal=(0,), room_id="00ff")
    hands = [h for h in text.split("\n\n") if h.strip()]
    assert len(hands) == 40
    for state, hand in zip(session.hands, hands):
        assert hand.startswith("PokerStars Hand #") and "*** SUMMARY ***" in hand
        assert _results(hand, ["Ann", "Bob", "Cy"]) == list(state.hand_results)
        allowed = {str(c) for board in state.boards for c in board}
        allowed |= {str(c) for cards in state.shown_cards if cards for c in cards}
        allowed |= {str(c) for c in state.hole_cards[0] or ()}
        assert set(re.findall(r"\b[2-9TJQKA][cdhs]\b", hand)) <= allowed
        assert "Dealt to Ann" in hand and "Dealt to Bob" not in hand


def test_replayer_steps_read_like_the_hand_log() -> None:
    from pathlib import Path

    from pokerkit_core.formats.model import Move
    from pokerkit_core.web.replay import Replays, hand_steps, read_histories

    text = (Path(__file__).resolve().parents[1] / "examples" / "data" / "hand.phh").read_text()
    hand = read_histories(text, "phh")[0]
    steps = hand_steps(hand)
    moves = [e for e in hand.entries if isinstance(e, Move)]
    # one step for the deal, one for each action, one for the end
    assert len(steps) == len(moves) + 2
    texts = [step["text"] for step in steps]
    assert texts[0] == "deal: hard posts small blind 50 · normal posts big blind 100"
    assert texts[1:4] == ["hard raises to 300", "normal calls 200 · Flop: Tc As Jd", "normal checks"]
    assert sum("main pot to hard 1800" in t for t in texts) == 1  # the award once
    assert not any(re.search(r"seat \d+:", t) for t in texts)  # no raw codes
    listing = Replays().add(text, "phh")["hands"][0]
    assert listing["actions"] == len(moves) == 9


def test_bench_web_runs_the_imported_package_not_a_src_folder(tmp_path: Any) -> None:
    """benchmarks/bench_web.py next to a broken ``src/`` (an unbuilt checkout
    beside an installed package): its server imports what the script imports."""
    import os
    import shutil
    import subprocess
    import sys
    from pathlib import Path

    pytest.importorskip("websockets.asyncio.client")
    import pokerkit_core

    (tmp_path / "benchmarks").mkdir()
    (tmp_path / "src" / "pokerkit_core").mkdir(parents=True)
    (tmp_path / "src" / "pokerkit_core" / "__init__.py").write_text('raise ImportError("unbuilt")\n')
    shutil.copy(Path(__file__).resolve().parents[1] / "benchmarks" / "bench_web.py", tmp_path / "benchmarks")
    env = {**os.environ, "PYTHONPATH": str(Path(pokerkit_core.__file__).resolve().parents[1])}
    done = subprocess.run([sys.executable, str(tmp_path / "benchmarks" / "bench_web.py"), "--seconds", "1",
                           "--tables", "1", "--people", "5"], env=env, cwd=tmp_path,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    errors = re.search(r"errors\s+(\d+)", done.stdout)
    actions = re.search(r"\((\d+) actions", done.stdout)
    assert errors is not None and errors.group(1) == "0" and actions is not None and int(actions.group(1)) > 0


def test_the_home_game_survives_a_restart() -> None:
    async def test() -> None:
        room = Room.create("h", read_room_request({
            "kind": "cash", "seed": 3, "missed_turns": 2, "rebuy": "approval", "max_buy_in": 5000, "stack": 2000,
            "seats": [{"player": "human"}, {"player": "human"}]}))
        room.seats[0].token_hash = room.seats[1].token_hash = "x"
        await room.deal()
        room.paused = True
        room.chips.add(0, 1, "bob", "top-up", 700)
        room.ask_chips(0, 1000)
        saved = json.loads(json.dumps(room.save()))
        again = Room.load("h", room.created, saved, None)
        assert again.paused and again.chips.data() == room.chips.data()
        assert again.seats[0].asked == 1000 and again.rules() == room.rules()
        assert again.rules()["rebuy"] == "approval" and again.status == room.status

    asyncio.run(test())


def test_a_rebuy_waits_for_the_host_when_the_room_says_so() -> None:
    async def test(lobby: Lobby) -> None:
        owner, conns = await _people(lobby, {"kind": "cash", "rebuy": "approval", "stack": 1000,
                                             "max_buy_in": 3000,
                                             "seats": [{"player": "human"}, {"player": "human"}]})
        room_id = conns[0].room_id
        room = lobby.rooms[room_id]
        await lobby.handle(conns[1], ChipsMessage(500))
        assert room.seats[1].asked == 500 and room.seats[1].add == 0
        assert room.state_message(1, set())["seats"][1]["rebuy_asked"] == 500
        with pytest.raises(ProtocolError) as refused:
            _host(lobby, room_id, "x" * 43, action="rebuy", seat=1)
        assert refused.value.code == "not_owner" and room.seats[1].asked == 500
        _host(lobby, room_id, owner, action="rebuy", seat=1, approve=False)
        assert room.seats[1].asked == 0 and room.seats[1].add == 0
        await lobby.handle(conns[1], ChipsMessage(800))
        _host(lobby, room_id, owner, action="rebuy", seat=1)
        assert room.seats[1].add == 800
        hand = room.session.hand_count
        while room.session.hand_count == hand:
            await _until(lambda: room.session.to_act is not None or room.session.hand_count > hand, "a turn")
            if room.session.hand_count > hand:
                break
            await _act(lobby, room, conns, lambda legal: "f" if legal.can_fold else "k")
        await _until(lambda: any(e.kind == "top-up" for e in room.chips.entries), "the top-up")
        assert [(e.seat, e.chips) for e in room.chips.entries if e.kind == "top-up"] == [(1, 800)]
        assert room.ledger()[1]["brought"] == 1800

    _run(test)


def test_a_rebuy_approved_later_is_checked_against_the_maximum_buy_in_again() -> None:
    async def test(lobby: Lobby) -> None:
        owner, conns = await _people(lobby, {"kind": "cash", "rebuy": "approval", "stack": 1000,
                                             "max_buy_in": 3000, "small_blind": 5, "big_blind": 10,
                                             "seats": [{"player": "human"}, {"player": "human"}]})
        room_id = conns[0].room_id
        room = lobby.rooms[room_id]
        await _until(lambda: room.session.to_act is not None, "the first turn")
        _host(lobby, room_id, owner, action="pause")  # no hand after this one
        await lobby.handle(conns[1], ChipsMessage(2000))  # 1,000 + 2,000: the maximum
        assert room.seats[1].asked == 2000
        while not room.session.is_between_hands:  # ann folds: bob wins the blinds
            seat = room.session.to_act
            await _act(lobby, room, conns, lambda legal: "f" if seat == 0 else ("k" if legal.can_check else "c"))
        assert room.session.stacks[1] > 1000
        with pytest.raises(ProtocolError) as refused:
            _host(lobby, room_id, owner, action="rebuy", seat=1)
        assert refused.value.code == "too_many_chips" and "3,000" in str(refused.value)
        assert room.seats[1].asked == 2000 and room.seats[1].add == 0  # nothing changed
        _host(lobby, room_id, owner, action="rebuy", seat=1, approve=False)
        room_left = 3000 - room.session.stacks[1]
        await lobby.handle(conns[1], ChipsMessage(room_left))
        _host(lobby, room_id, owner, action="rebuy", seat=1)
        assert room.seats[1].add == room_left and room.seats[1].asked == 0

    _run(test)


def test_http_routes_host_ledger_and_pokerstars_export() -> None:
    pytest.importorskip("uvicorn")
    from webserver import thread_server

    with thread_server() as server:
        made = server.create(kind="cash", max_hands=2, pause_seconds=0, seed=6, stack=1000,
                             seats=[{"player": "ai", "level": "easy"}, {"player": "ai", "level": "easy"}])
        room_id, owner = made["room"]["id"], made["owner_token"]
        status, refused = server.request("POST", f"/api/rooms/{room_id}/host", {"token": "x" * 43, "action": "pause"})
        assert status == 403 and refused["error"]["code"] == "not_owner"
        status, bad = server.request("POST", f"/api/rooms/{room_id}/host", {"token": owner, "action": "explode"})
        assert status == 400 and bad["error"]["code"] == "bad_message"
        for _ in range(300):
            status, room = server.request("GET", f"/api/rooms/{room_id}")
            if room["room"]["status"] == "over":
                break
            time.sleep(0.05)
        assert room["room"]["status"] == "over" and room["room"]["hands_played"] == 2
        status, text = server.request("GET", f"/api/rooms/{room_id}/hands.txt")
        assert status == 200 and text.count("PokerStars Hand #") == 2 and "Dealt to" not in text
        status, books = server.request("GET", f"/api/rooms/{room_id}/ledger")
        assert sum(line["net"] for line in books["ledger"]) == 0
        assert [e["kind"] for e in books["chip_log"]] == ["buy-in", "buy-in"]
        owed = {}
        for t in books["settlement"]:
            owed[t["from"]] = owed.get(t["from"], 0) - t["chips"]
            owed[t["to"]] = owed.get(t["to"], 0) + t["chips"]
        assert owed == {line["name"]: line["net"] for line in books["ledger"] if line["net"]}


def test_busted_computer_players_rebuy_and_the_game_goes_on() -> None:
    async def test() -> None:
        room = Room.create("c", read_room_request({
            "kind": "cash", "stack": 300, "small_blind": 50, "big_blind": 100, "seed": 12, "max_hands": 30,
            "seats": [{"player": "ai", "level": "normal"}, {"player": "ai", "level": "hard"}]}))
        while room.ready_to_deal():
            await room.deal()
        rebuys = [e for e in room.chips.entries if e.kind == "rebuy"]
        assert rebuys and all(e.chips == 300 for e in rebuys)
        assert room.session.hand_count == 30 and room.status == "over"
        assert sum(line["net"] for line in room.ledger()) == 0
        assert sum(line["brought"] for line in room.ledger()) == sum(room.session.stacks)

    asyncio.run(test())


def test_serve_prints_its_address_at_start(tmp_path: Any) -> None:
    import os
    import subprocess
    import sys

    pytest.importorskip("uvicorn")
    from webserver import SRC, free_port

    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(SRC) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    process = subprocess.Popen([sys.executable, "-m", "pokerkit_core", "serve", "--port", str(port),
                                "--data", str(tmp_path)], env=env, stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, text=True)
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        assert line.startswith(f"serving on http://127.0.0.1:{port}/ (data in {tmp_path}")
    finally:
        process.kill()
        process.wait(10)
        if process.stdout is not None:
            process.stdout.close()


def test_pokerstars_export_of_an_all_in_hand_run_twice() -> None:
    from pokerkit_core.engine.actions import Action
    from pokerkit_core.formats.pokerstars_out import dumps_hand
    from pokerkit_core.tables.session import Blinds, TableConfig, TableSession

    session = TableSession(TableConfig(stacks=(300, 500, 1000), blinds=Blinds(5, 10), boards=2), [None] * 3, seed=3)
    session.start_hand()
    while not session.is_between_hands:
        seat = session.to_act
        assert seat is not None
        legal = session.observation(seat).legal
        assert legal is not None
        session.apply(seat, Action.parse("allin" if legal.can_raise or legal.can_bet else "c", legal))
    state = session.hands[-1]
    text = dumps_hand(state, ["Ann", "Bob", "Cy"], 7)
    assert _results(text, ["Ann", "Bob", "Cy"]) == list(state.hand_results)
    order = [line for line in text.splitlines() if line.startswith("***")]
    assert order.index("*** SHOW DOWN ***") > max(i for i, line in enumerate(order) if "SECOND RIVER" in line)
    assert "*** FIRST FLOP ***" in text and "SECOND Board [" in text and "from side pot-1" in text


def test_a_seat_taken_after_a_kick_learns_no_cards_of_the_player_before() -> None:
    # bob folds hands unshown and is kicked; carl takes his seat: carl's
    # token writes carl's own cards, never bob's, into the PHH and
    # PokerStars downloads of the hands bob played
    async def test(lobby: Lobby) -> None:
        owner, conns = await _people(lobby, {"kind": "cash", "stack": 1000, "small_blind": 5, "big_blind": 10,
                                             "seats": [{"player": "human"}, {"player": "human"}]})
        room_id = conns[0].room_id
        room = lobby.rooms[room_id]
        await _until(lambda: room.session.to_act is not None, "the first turn")
        _host(lobby, room_id, owner, action="kick", seat=1)
        while not room.session.is_between_hands:
            await _act(lobby, room, conns, lambda legal: "f")
            await _until(lambda: room.session.to_act is not None or room.session.is_between_hands, "a turn")
        await _until(lambda: room.seats[1].player == "empty", "the kick")
        _host(lobby, room_id, owner, action="pause")
        played = room.session.hand_count
        carl = lobby.join(room_id, read_join("carl"))["token"]
        assert room.seat_of(carl) == 1 and played >= 1
        states = list(lobby.hands(room_id))
        assert all(state.shown_cards[1] is None for state in states)  # bob's cards were never shown
        assert lobby.phhs(room_id, carl) == lobby.phhs(room_id)
        assert lobby.pokerstars(room_id, carl) == lobby.pokerstars(room_id)
        assert lobby.phhs(room_id, owner) == lobby.phhs(room_id)  # the owner token is no seat's
        # carl plays a hand: his own cards are written for that hand only
        _host(lobby, room_id, owner, action="resume")
        await _until(lambda: room.session.hand_count > played or room.session.to_act is not None, "carl's hand")
        while not room.session.is_between_hands:
            seat = room.session.to_act
            if seat == 1:
                conn = Connection(room_id)
                lobby.attach(conn)
                await lobby.handle(conn, Hello(carl))
                conns.append(conn)
            await _act(lobby, room, conns, lambda legal: "f")
            await _until(lambda: room.session.to_act is not None or room.session.is_between_hands, "a turn")
        await _until(lambda: room.session.hand_count > played, "carl's hand over")
        mine = lobby.phhs(room_id, carl).split("\n\n")
        public = lobby.phhs(room_id).split("\n\n")
        assert mine[:played] == public[:played] and mine[played:] != public[played:]
        # each hand names who sat in it: bob in his hands, carl in his
        players = [set(re.findall(r'"(\w+)"', re.search(r"players = \[(.*?)\]", hand, re.S).group(1)))  # type: ignore[union-attr]
                   for hand in public if hand.strip()]
        assert players == [{"ann", "bob"}] * played + [{"ann", "carl"}] * (len(players) - played)
        stars = [hand for hand in lobby.pokerstars(room_id).split("PokerStars Hand #") if hand.strip()]
        assert len(stars) == len(players) and "Seat 2: bob (" in stars[0] and "carl" not in stars[0]
        assert "Seat 2: carl (" in stars[-1] and "bob" not in stars[-1]

    _run(test)


def test_chips_added_never_bring_the_table_above_max_chips() -> None:
    # a host's additions of up to 10**12 chips each add up: a million of them
    # passed MAX_CHIPS and the next deal raised InvalidConfigError (the room
    # stuck for good); now the addition that would pass it is refused
    from pokerkit_core.engine.rules import MAX_CHIPS

    async def test(lobby: Lobby) -> None:
        owner, conns = await _people(lobby, {"kind": "cash", "stack": 1000, "small_blind": 5, "big_blind": 10,
                                             "seats": [{"player": "human"}, {"player": "human"}]})
        room_id = conns[0].room_id
        room = lobby.rooms[room_id]
        await _until(lambda: room.session.to_act is not None, "the first turn")
        for _ in range(3):
            _host(lobby, room_id, owner, action="chips", seat=1, chips=10**12)
        assert room.table_chips_next_hand() == 2000 + 3 * 10**12
        room.seats[1].given = MAX_CHIPS - 2000 - 5  # as after a million such additions
        with pytest.raises(ProtocolError) as refused:
            _host(lobby, room_id, owner, action="chips", seat=0, chips=10)
        assert refused.value.code == "too_many_chips" and room.seats[0].given == 0
        _host(lobby, room_id, owner, action="chips", seat=0, chips=5)  # up to MAX_CHIPS exactly
        assert room.table_chips_next_hand() == MAX_CHIPS
        hand = room.session.hand_count
        while not room.session.is_between_hands:
            await _act(lobby, room, conns, lambda legal: "f")
            await _until(lambda: room.session.to_act is not None or room.session.is_between_hands, "a turn")
        await _until(lambda: room.session.hand_count > hand and room.session.to_act is not None, "the next hand")
        assert sum(room.session.stacks) == MAX_CHIPS  # the hand was dealt

    _run(test)


def test_a_name_with_a_colon_does_not_break_the_pokerstars_download() -> None:
    # the PokerStars writer refuses a name with ":" (its "name: action"): a
    # player named "b:ob" made hands.txt a 400 for everyone at the table
    async def test(lobby: Lobby) -> None:
        from pokerkit_core.formats.sites import check, read_text
        from pokerkit_core.web.protocol import read_join_request

        made = lobby.create(read_room_request({
            "kind": "cash", "stack": 1000, "small_blind": 5, "big_blind": 10, "pause_seconds": 0, "seed": 5,
            "decision_seconds": 600, "seats": [{"player": "human"}, {"player": "human"}],
            "sit": {"seat": 0, "name": "ann"}}))
        room_id = made["room"]["id"]
        tokens = [made["token"], lobby.join(room_id, read_join_request({"seat": 1, "name": "b:ob"}))["token"]]
        conns = []
        for token in tokens:
            conn = Connection(room_id)
            lobby.attach(conn)
            await lobby.handle(conn, Hello(token))
            conns.append(conn)
        room = lobby.rooms[room_id]
        await _until(lambda: room.session.to_act is not None, "the first turn")
        while not room.session.is_between_hands:
            await _act(lobby, room, conns, lambda legal: "k" if legal.can_check else "c")
            await _until(lambda: room.session.to_act is not None or room.session.is_between_hands, "a turn")
        text = lobby.pokerstars(room_id)
        assert "b\ua789ob" in text and "b:ob" not in text
        outcomes = [check(hand) for hand in read_text(text)]  # type: ignore[arg-type]
        assert [o.status for o in outcomes] == ["equal"] * room.session.hand_count

    _run(test)


def test_the_host_takes_chips_counted_on_chips_added_at_the_same_deal() -> None:
    # the host adds 500 and takes 1,200 from a seat with less than 1,200
    # (allowed: 1,200 <= stack + 500); the take was cut to the stack before
    # the addition and the rest lost without a word
    async def test(lobby: Lobby) -> None:
        owner, conns = await _people(lobby, {"kind": "cash", "stack": 1000, "small_blind": 5, "big_blind": 10,
                                             "seats": [{"player": "human"}, {"player": "human"}]})
        room_id = conns[0].room_id
        room = lobby.rooms[room_id]
        await _until(lambda: room.session.to_act is not None, "the first turn")
        _host(lobby, room_id, owner, action="pause")
        while not room.session.is_between_hands:
            await _act(lobby, room, conns, lambda legal: "f")
            await _until(lambda: room.session.to_act is not None or room.session.is_between_hands, "a turn")
        stack = room.session.stacks[1]
        assert stack < 1200
        _host(lobby, room_id, owner, action="chips", seat=1, chips=500)
        _host(lobby, room_id, owner, action="chips", seat=1, chips=-1200)
        with pytest.raises(ProtocolError) as refused:  # more than it will have
            _host(lobby, room_id, owner, action="chips", seat=1, chips=-(stack + 500 - 1200 + 1))
        assert refused.value.code == "not_now"
        room.seat_changes()
        assert room.session.stacks[1] == stack + 500 - 1200
        log = [(e.kind, e.chips) for e in room.chips.entries if e.seat == 1 and e.kind.startswith("host")]
        assert sorted(log) == [("host-add", 500), ("host-remove", -1200)]
        assert room.ledger()[1]["brought"] == 1000 + 500 - 1200

    _run(test)


def test_a_buy_in_never_brings_the_table_above_max_chips() -> None:
    # a person taking an empty seat brings the room's join stack: near
    # MAX_CHIPS the next deal raised and the room stopped
    from pokerkit_core.engine.rules import MAX_CHIPS
    from pokerkit_core.web.protocol import read_join_request

    async def test(lobby: Lobby) -> None:
        owner, conns = await _people(lobby, {"kind": "cash", "stack": 1000, "small_blind": 5, "big_blind": 10,
                                             "seats": [{"player": "human"}, {"player": "human"},
                                                       {"player": "empty"}]})
        room_id = conns[0].room_id
        room = lobby.rooms[room_id]
        await _until(lambda: room.session.to_act is not None, "the first turn")
        room.seats[1].given = MAX_CHIPS - 2000 - 10  # as after a million additions
        with pytest.raises(ProtocolError) as refused:
            lobby.join(room_id, read_join_request({"seat": 2, "name": "cy"}))
        assert refused.value.code == "too_many_chips"
        assert room.is_open(2) and room.seats[2].name == "" and room.seats[2].token_hash is None
        room.seats[1].given = 0
        lobby.join(room_id, read_join_request({"seat": 2, "name": "cy"}))
        assert room.seats[2].fill and room.seats[2].name == "cy"

    _run(test)


def test_a_pause_stops_the_clock_of_the_hand_in_progress() -> None:
    async def test(lobby: Lobby) -> None:
        owner, conns = await _people(lobby, {"kind": "cash", "stack": 1000, "decision_seconds": 1,
                                             "seats": [{"player": "human"}, {"player": "human"}]})
        room = lobby.rooms[conns[0].room_id]
        await _until(lambda: room.session.to_act is not None, "the first turn")
        seat = room.session.to_act
        _host(lobby, room.id, owner, action="pause")
        frozen = room.state_message(seat, set())["deadline_ms"]
        await asyncio.sleep(1.6)  # longer than the decision time: nobody times out while paused
        assert room.session.to_act == seat and room.seats[seat].missed == 0 and not room.session.faults
        assert room.state_message(seat, set())["deadline_ms"] == frozen > 0
        assert room.state_message(seat, set())["paused"] is True
        _host(lobby, room.id, owner, action="resume")
        assert room.deadline is not None and room.deadline - time.monotonic() <= 1.0
        await _until(lambda: room.seats[seat].missed == 1, "the time-out after the pause")

    _run(test)


def test_the_time_bank_refills_every_ten_hands_up_to_the_rooms_bank() -> None:
    from pokerkit_core.web.limits import TIME_BANK_REFILL_HANDS, TIME_BANK_REFILL_SECONDS

    async def test(lobby: Lobby) -> None:
        _, conns = await _people(lobby, {"kind": "cash", "stack": 1000, "time_bank_seconds": 30,
                                         "seats": [{"player": "human"}, {"player": "human"}]})
        room = lobby.rooms[conns[0].room_id]
        room.seats[0].bank, room.seats[1].bank = 0.0, 28.0  # spent in earlier hands
        for hands in (TIME_BANK_REFILL_HANDS, 2 * TIME_BANK_REFILL_HANDS):
            while room.session.hand_count < hands:
                await _until(lambda: room.session.to_act is not None, "a turn")
                assert room.seats[0].bank == TIME_BANK_REFILL_SECONDS * (hands // TIME_BANK_REFILL_HANDS - 1)
                await _act(lobby, room, conns, lambda legal: "f")
            await _until(lambda: room.session.to_act is not None, "the next hand")
            assert room.seats[0].bank == TIME_BANK_REFILL_SECONDS * hands // TIME_BANK_REFILL_HANDS
            assert room.seats[1].bank == 30.0  # never above the room's bank
        assert room.rules()["time_bank_seconds"] == 30

    _run(test)


def test_computer_players_agree_to_run_it_twice(monkeypatch: pytest.MonkeyPatch) -> None:
    from bots import CallBot

    import pokerkit_core.web.rooms as rooms_module

    monkeypatch.setattr(rooms_module, "load_policy", lambda level, seed: CallBot())

    async def test(lobby: Lobby) -> None:
        made = lobby.create(read_room_request({
            "kind": "cash", "run_it_twice": "ask", "stack": 1000, "decision_seconds": 600, "pause_seconds": 30,
            "seats": [{"player": "human"}, {"player": "ai", "level": "easy"}, {"player": "ai", "level": "easy"}],
            "sit": {"seat": 0, "name": "ann"}, "seed": 4}))
        room = lobby.rooms[made["room"]["id"]]
        conn = Connection(room.id)
        lobby.attach(conn)
        await lobby.handle(conn, Hello(made["token"]))
        await _until(lambda: room.session.to_act is not None, "ann's turn")
        await _act(lobby, room, [conn], _all_in)  # both computer players call
        assert room.offer is not None and room.offer["seats"] == [0]  # only the person is asked
        assert room.session.held is not None and room.session.held[0] in (1, 2)
        await lobby.handle(conn, TwiceMessage(True))
        final = room.session.records[0].state
        assert final is not None and len(final.boards) == 2 and final.folded.count(False) == 3

    _run(test)
