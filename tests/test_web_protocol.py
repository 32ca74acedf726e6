"""The web table never sends a seat's unshown hole cards to anyone else.

A real uvicorn server on 127.0.0.1; one raw WebSocket client per person's seat
plus a spectator; 200 hands.  Every message each client receives is checked
against the true deal (the hands the server stored): a seat sees its own hole
cards, the board and the cards shown at showdown, nothing else; a spectator
sees no hole card that was not shown.
"""

from __future__ import annotations

import asyncio
import json
import random
import re
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
websockets_client = pytest.importorskip("websockets.asyncio.client")

from pokerkit_core.formats.serialize import loads  # noqa: E402
from pokerkit_core.engine.state import HandState  # noqa: E402

from webserver import thread_server  # noqa: E402

HANDS = 200
PEOPLE = 3
CARD = re.compile(r'"([2-9TJQKA][cdhs])"')


def _choose(legal: dict[str, Any], rng: random.Random) -> str:
    roll = rng.random()
    if legal["can_raise"] and roll < 0.15:
        return f"r {legal['min_raise_to']}"
    if legal["can_bet"] and roll < 0.15:
        return f"b {legal['min_raise_to']}"
    if roll < 0.22 and not legal["can_check"]:
        return "f"
    return "k" if legal["can_check"] else "c"


async def _person(url: str, token: str | None, seed: int, inbox: list[tuple[int | None, str]]) -> None:
    rng = random.Random(seed)
    async with websockets_client.connect(url, max_size=2**22) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        answered: set[tuple[int, int]] = set()
        async for raw in ws:
            message = json.loads(raw)
            if message["type"] == "error":
                raise AssertionError(message)
            if message["type"] != "state":
                continue
            inbox.append((message["hand_number"], str(raw)))
            if message["status"] == "over":
                return
            seat = message["you"]
            obs = message["observation"]
            if seat is not None and message["to_act"] == seat and obs is not None:
                key = (message["hand_number"], len(obs["history"]))
                if key not in answered:
                    answered.add(key)
                    action = _choose(obs["legal"], rng)
                    await ws.send(json.dumps({"type": "action", "hand": message["hand_number"], "action": action}))


def test_no_seat_or_spectator_sees_unshown_cards() -> None:
    with thread_server() as server:
        seats = [{"player": "human"}] * PEOPLE + [{"player": "ai", "level": "normal"}]
        room = server.create(kind="cash", seats=seats, stack=10**9, max_hands=HANDS,
                             pause_seconds=0, seed=11)
        room_id = room["room"]["id"]
        tokens = [server.join(room_id, seat, f"p{seat}") for seat in range(PEOPLE)]
        inboxes: list[list[tuple[int | None, str]]] = [[] for _ in range(PEOPLE + 1)]
        url = server.ws(f"/ws/room/{room_id}")

        async def play() -> None:
            await asyncio.wait_for(asyncio.gather(
                *(_person(url, tokens[s], s, inboxes[s]) for s in range(PEOPLE)),
                _person(url, None, 99, inboxes[PEOPLE]),
            ), 120)

        asyncio.run(play())
        lobby = server.app.state.lobby
        finals: dict[int, HandState] = {}
        for number, text in lobby.store.hands(room_id):
            state = loads(text)
            assert isinstance(state, HandState)
            finals[number] = state
    assert len(finals) == HANDS
    checked = 0
    for seat, inbox in enumerate(inboxes):
        spectator = seat == PEOPLE
        for hand_number, raw in inbox:
            if hand_number is None:
                continue
            state = finals[hand_number]
            allowed = {str(c) for c in state.board}
            for cards in state.boards:
                allowed |= {str(c) for c in cards}
            for s, shown in enumerate(state.shown_cards):
                if shown is not None:
                    allowed |= {str(c) for c in shown}
            if not spectator:
                allowed |= {str(c) for c in state.hole_cards[seat] or ()}
            seen = set(CARD.findall(raw))
            hidden = {str(c) for s, cards in enumerate(state.hole_cards) if cards
                      for c in cards} - allowed
            assert not seen & hidden, (seat, hand_number, seen & hidden)
            assert seen <= allowed, (seat, hand_number, seen - allowed)
            checked += 1
    # every client saw every hand
    for inbox in inboxes:
        assert {h for h, _ in inbox if h is not None} == set(range(1, HANDS + 1))
    assert checked > HANDS * (PEOPLE + 1)
