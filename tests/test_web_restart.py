"""Kill the server (SIGKILL) in the middle of a hand, start it again: the room goes on.

The server runs as a subprocess (``pokerkit-core serve --data tmp``).  Three
people play scripted actions over raw WebSockets; the server is killed after
the flop of hand 3 and started again on the same data directory.  The same
hand goes on (same hole cards, board, stacks, history; the person to act's
countdown where it was, not full again), and the hands end
exactly as an in-process :class:`~pokerkit_core.tables.session.TableSession` with the
same seed and actions deals them: no chip and no hand lost.
"""

from __future__ import annotations

import contextlib
import json
import time
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
sync_client = pytest.importorskip("websockets.sync.client")

from pokerkit_core.engine.actions import Action  # noqa: E402
from pokerkit_core.formats.serialize import loads  # noqa: E402
from pokerkit_core.tables.session import Blinds, TableConfig, TableSession  # noqa: E402
from pokerkit_core.web.store import Store  # noqa: E402

from webserver import process_server  # noqa: E402

SEED = 5
PEOPLE = 3
STACK = 10_000


def _script(obs: dict[str, Any]) -> str:
    """The people's deterministic play: a raise early in each hand, else check or call."""
    legal = obs["legal"]
    if len(obs["history"]) == 5 and legal["can_raise"]:
        return f"r {legal['min_raise_to']}"
    return "k" if legal["can_check"] else "c"


class Table:
    """One socket per seat and one spectator socket."""

    def __init__(self, url: str, tokens: list[str]) -> None:
        self._stack = contextlib.ExitStack()
        self.watch = self._stack.enter_context(sync_client.connect(url))
        self.watch.send(json.dumps({"type": "hello"}))
        self.seats = []
        for token in tokens:
            ws = self._stack.enter_context(sync_client.connect(url))
            ws.send(json.dumps({"type": "hello", "token": token}))
            self.seats.append(ws)
        self.newest: list[dict[str, Any] | None] = [None] * len(tokens)

    def state(self, after: int = -1) -> dict[str, Any]:
        """The next spectator state with ``seq`` above ``after``."""
        while True:
            message = json.loads(self.watch.recv(timeout=20))
            if message["type"] == "state" and message["seq"] > after:
                        return message

    def seat_state(self, seat: int) -> dict[str, Any]:
        """The newest state the seat's socket has (draining it)."""
        newest = self.newest[seat]
        ws = self.seats[seat]
        while True:
            try:
                message = json.loads(ws.recv(timeout=0.05 if newest else 20))
            except TimeoutError:
                assert newest is not None
                self.newest[seat] = newest
                return newest
            if message["type"] == "error":
                raise AssertionError(message)
            if message["type"] == "state" and (newest is None or message["seq"] > newest["seq"]):
                newest = message

    def play_until(self, stop: Any, actions: list[tuple[int, str]]) -> dict[str, Any]:
        """Play the script until ``stop(state)``; return that state."""
        state = self.state()
        while not stop(state):
            seat = state["to_act"]
            if seat is None:
                state = self.state(state["seq"])
                continue
            own = self.seat_state(seat)
            while own["seq"] < state["seq"]:
                own = self.seat_state(seat)
            text = _script(own["observation"])
            self.seats[seat].send(json.dumps({"type": "action", "hand": state["hand_number"], "action": text}))
            actions.append((seat, text))
            state = self.state(state["seq"])
        return state

    def close(self) -> None:
        self._stack.close()


def _mid_hand_3(state: dict[str, Any]) -> bool:
    obs = state["observation"]
    last = obs["history"][-1] if obs is not None else {}
    return (state["hand_number"] == 3 and state["to_act"] is not None
            and last.get("type") == "ActionTaken" and last.get("street") == "flop")


def _after_hand_4(state: dict[str, Any]) -> bool:
    return state["limits"]["hands_played"] >= 4 and state["to_act"] is None


def test_kill_mid_hand_and_go_on(tmp_path: Any) -> None:
    data = tmp_path / "data"
    actions: list[tuple[int, str]] = []
    with process_server(data) as (server, process):
        room = server.create(kind="cash", seats=[{"player": "human"}] * PEOPLE, stack=STACK,
                             pause_seconds=0, decision_seconds=600, seed=SEED)
        room_id = room["room"]["id"]
        tokens = [server.join(room_id, seat, f"p{seat}") for seat in range(PEOPLE)]
        table = Table(server.ws(f"/ws/room/{room_id}"), tokens)
        before = table.play_until(_mid_hand_3, actions)
        seen_before = [table.seat_state(s) for s in range(PEOPLE)]
        time.sleep(1.0)  # a second of the person's countdown goes by before the crash
        process.kill()  # SIGKILL: no shutdown code runs
        process.wait(10)
        table.close()
    with process_server(data) as (server, process):
        table = Table(server.ws(f"/ws/room/{room_id}"), tokens)
        again = table.state()
        assert again["hand_number"] == 3 and again["seq"] == before["seq"]
        # the countdown went on: the second before the crash and the restart are used up
        assert again["deadline_ms"] <= before["deadline_ms"] - 1000
        for key in ("board", "history", "stacks", "bets", "pot", "to_act", "shown_cards"):
            assert again["observation"][key] == before["observation"][key], key
        for seat in range(PEOPLE):
            own = table.seat_state(seat)
            assert own["observation"]["hole_cards"] == seen_before[seat]["observation"]["hole_cards"]
        final = table.play_until(_after_hand_4, actions)
        table.close()
        status, ledger = server.request("GET", f"/api/rooms/{room_id}/ledger")
        assert status == 200
    # the same seed and actions in-process: the same hands, card for card
    reference = TableSession(TableConfig(stacks=(STACK,) * PEOPLE, blinds=Blinds(50, 100)),
                             [None] * PEOPLE, seed=SEED)
    played = iter(actions)
    while reference.hand_count < 4:
        if reference.is_between_hands:
            reference.start_hand()
            continue
        seat, text = next(played)
        assert seat == reference.to_act
        reference.apply(seat, Action.parse(text, reference.observation(seat).legal))
    store = Store(data)
    stored = [loads(text) for _, text in store.hands(room_id)]
    assert [n for n, _ in store.hands(room_id)] == [1, 2, 3, 4]
    store.close()
    assert stored == [r.state for r in reference.records]  # same cards, actions and results
    assert final["limits"]["hands_played"] == 4
    stacks = [line["stack"] for line in ledger["ledger"]]
    assert stacks == list(reference.stacks)
    assert sum(stacks) == STACK * PEOPLE  # no chip lost
    assert [line["net"] for line in ledger["ledger"]] == [s - STACK for s in stacks]
