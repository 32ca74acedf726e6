"""The web server's lobby, timers, downloads, replayer and match view.

A real uvicorn server on 127.0.0.1 in a thread (skipped without the ``web``
extra); hand histories and match figures are checked against the library's
own functions.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Iterator

import pytest

from pokerkit_core import cli
from pokerkit_core.formats import phh
from pokerkit_core.engine.observation import observe
from pokerkit_core.engine.policy import load_policy
from pokerkit_core.tables.session import TableConfig, TableSession

SHARED = Path(__file__).resolve().parents[2] / "shared" / "acpc-phh-data"


def test_import_does_not_load_starlette() -> None:
    code = ("import sys, pokerkit_core, pokerkit_core.cli, pokerkit_core.web.rooms; "
            "assert 'starlette' not in sys.modules and 'uvicorn' not in sys.modules")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_serve_without_the_extra_says_what_to_install(monkeypatch: Any, capsys: Any) -> None:
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == "starlette" else real(name, *a))
    assert cli.main(["serve"]) == 2
    err = capsys.readouterr().err
    assert 'pip install "pokerkit_core[web]"' in err and 'pip install ".[web]"' in err


def test_seat_text_is_the_observation_document() -> None:
    pytest.importorskip("starlette")
    from pokerkit_core.web.views import EventTexts, observation_data, public_text, seat_text

    session = TableSession(TableConfig(stacks=(1000,) * 4), [None, load_policy("normal", seed=1), None, None], seed=2)
    events = EventTexts()
    for _ in range(40):
        if session.is_between_hands:
            session.start_hand()
        for seat in range(4):
            obs = session.observation(seat)
            public = public_text(session.observation(0), events, session.hand_count)
            text = seat_text(public, seat, obs.hole_cards, obs.legal)
            assert json.loads(text) == observation_data(obs)
        seat = session.to_act
        assert seat is not None
        session.time_out(seat)


@pytest.fixture(scope="module")
def server() -> Iterator[Any]:
    pytest.importorskip("starlette")
    pytest.importorskip("uvicorn")
    from webserver import thread_server

    with thread_server() as running:
        yield running


def _socket(server: Any, room_id: str, token: str | None) -> Any:
    client = pytest.importorskip("websockets.sync.client")
    ws = client.connect(server.ws(f"/ws/room/{room_id}"))
    ws.__enter__()  # the same connection as `with connect(...)`; the tests close it
    ws.send(json.dumps({"type": "hello", "token": token}))
    return ws


def _states(ws: Any, until: Any, timeout: float = 20) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while True:
        message = json.loads(ws.recv(timeout=max(0.1, deadline - time.monotonic())))
        if message["type"] == "state" and until(message):
            return dict(message)


def _fold_hands(server: Any, hands: int) -> tuple[str, list[str]]:
    """A heads-up room of two people where the player to act folds, ``hands`` times."""
    room = server.create(kind="cash", seats=[{"player": "human"}] * 2, stack=1000,
                         pause_seconds=0, seed=4, sit={"seat": 0, "name": "ann"})
    room_id = room["room"]["id"]
    tokens = [room["token"], server.join(room_id, 1, "bob")]
    sockets = [_socket(server, room_id, t) for t in tokens]
    done = 0
    while done < hands:
        state = _states(sockets[0], lambda m: True)
        if state["to_act"] is not None:
            seat = state["to_act"]
            sockets[seat].send(json.dumps({"type": "action", "hand": state["hand_number"], "action": "f"}))
            _states(sockets[0], lambda m, s=state["seq"]: m["seq"] > s)
            done += 1
    for ws in sockets:
        ws.close()
    return room_id, tokens


def test_hand_download_hides_unshown_cards(server: Any) -> None:
    room_id, tokens = _fold_hands(server, 3)
    status, text = server.request("GET", f"/api/rooms/{room_id}/hands.phhs")
    assert status == 200
    hands = phh.loads_all(text)
    assert len(hands) >= 3
    for hand in hands:  # folded preflop: no card was shown, none is written
        holes = [e for e in hand.entries if type(e).__name__ == "DealHole"]
        assert holes and all(e.cards is None for e in holes)
        assert sorted(hand.players) == ["ann", "bob"]
    status, refused = server.request("GET", f"/api/rooms/{room_id}/hands.phhs?token={tokens[0]}")
    assert status == 400 and refused["error"]["code"] == "token_in_url"  # a token never travels in a URL
    status, own = server.request("GET", f"/api/rooms/{room_id}/hands.phhs",
                                 headers={"Authorization": f"Bearer {tokens[0]}"})
    assert status == 200
    lobby = server.app.state.lobby
    states = list(lobby.hands(room_id))
    for hand, state in zip(phh.loads_all(own), states):
        known = [tuple(e.cards) for e in hand.entries if type(e).__name__ == "DealHole" and e.cards]
        assert known == [tuple(state.hole_cards[0])]  # ann's cards only
    # a replay of the running room shows no hole card either
    status, reply = server.request("POST", f"/api/rooms/{room_id}/replay")
    assert status == 201
    status, hand = server.request("GET", f"/api/replays/{reply['replay']}/hands/0")
    assert status == 200 and hand["steps"][-1]["text"] == "end"
    assert all(step["holes"] == [None, None] for step in hand["steps"])
    assert sum(hand["steps"][-1]["results"]) == 0


def test_replayer_steps_through_a_phh_hand(server: Any) -> None:
    session = TableSession(TableConfig(stacks=(1000,) * 3),
                           [load_policy("normal", seed=s) for s in range(3)], seed=9)
    record = session.play_hand()
    assert record.state is not None
    from pokerkit_core.formats.replay import record as history_of

    history = history_of(record.state, players=["a", "b", "c"], hand_id=1)
    text = phh.dumps(history)
    status, reply = server.request("POST", "/api/replays?format=phh", raw=text.encode())
    assert status == 201, reply
    assert reply["hands"][0]["names"]
    status, hand = server.request("GET", f"/api/replays/{reply['replay']}/hands/0")
    steps = hand["steps"]
    assert steps[0]["text"].startswith("deal") and steps[-1]["text"] == "end"
    final = observe(record.state, 0)
    assert steps[-1]["observation"]["board"] == [str(c) for c in final.board]
    assert history.finishing_stacks is not None  # replay seats are the file's players, in order
    assert steps[-1]["results"] == [f - s for f, s in zip(history.finishing_stacks, history.starting_stacks)]
    assert hand["names"] == list(history.players)
    actions = sum(1 for e in record.state.history if type(e).__name__ == "ActionTaken")
    assert len(steps) >= actions + 2
    status, missing = server.request("GET", f"/api/replays/{reply['replay']}/hands/5")
    assert status == 404


def test_replayer_reads_an_acpc_log(server: Any) -> None:
    log = SHARED / "acpc-logs" / "nl2.log"
    game = SHARED / "acpc-logs" / "games" / "holdem.nolimit.2p.reverse_blinds.game"
    if not log.exists() or not game.exists():
        pytest.skip("../shared/acpc-phh-data is not here")
    lines = log.read_text().splitlines()[:40]
    body = game.read_text() + "\n" + "\n".join(lines) + "\n"
    status, reply = server.request("POST", "/api/replays?format=acpc", raw=body.encode())
    assert status == 201, reply
    status, hand = server.request("GET", f"/api/replays/{reply['replay']}/hands/0")
    assert hand["steps"][-1]["text"] == "end"
    status, bad = server.request("POST", "/api/replays?format=acpc", raw="\n".join(lines).encode())
    assert status == 400 and "GAMEDEF" in bad["error"]["message"]


def test_match_view_reports_run_match_figures(server: Any) -> None:
    from pokerkit_core.match.runner import run_match

    status, reply = server.request("POST", "/api/matches", {"players": ["call", "random"], "hands": 40, "seed": 3})
    assert status == 201
    match_id = reply["match"]["id"]
    deadline = time.monotonic() + 60
    while True:
        status, reply = server.request("GET", f"/api/matches/{match_id}")
        if reply["match"]["done"] or time.monotonic() > deadline:
            break
        time.sleep(0.2)
    progress = reply["match"]
    assert progress["done"] and progress["error"] is None
    assert progress["points"][-1]["hands"] == 40
    expected = run_match(["call", "random"], hands=40, seed=3, progress=False).players[0]
    assert progress["points"][-1]["mbb_per_hand"] == pytest.approx(expected.mbb_per_hand)
    assert progress["points"][-1]["ci95"] == pytest.approx(list(expected.ci95))
    client = pytest.importorskip("websockets.sync.client")
    with client.connect(server.ws(f"/ws/match/{match_id}")) as ws:
        assert json.loads(ws.recv(timeout=10))["match"]["done"]


def test_a_person_out_of_time_is_timed_out(server: Any) -> None:
    room = server.create(kind="cash", seats=[{"player": "human"}] * 2, stack=1000,
                         decision_seconds=1, pause_seconds=30, seed=4, sit={"seat": 0, "name": "ann"})
    room_id = room["room"]["id"]
    server.join(room_id, 1, "bob")
    ws = _socket(server, room_id, None)
    first = _states(ws, lambda m: m["to_act"] is not None)
    assert 0 < first["deadline_ms"] <= 1000
    later = _states(ws, lambda m: m["seq"] > first["seq"], timeout=10)
    last = later["observation"]["history"][-1]
    assert last["type"] in ("ActionTaken", "PotAwarded")
    acted = [e for e in later["observation"]["history"] if e["type"] == "ActionTaken"]
    assert acted[0]["seat"] == first["to_act"] and acted[0]["action"] in ("f", "k")
    ws.close()


def test_lobby_rooms_of_every_kind(server: Any) -> None:
    sng = server.create(kind="sitngo", mode="nolimit", seats=[{"player": "human"}] + [{"player": "ai", "level": "easy"}] * 5,
                        sit={"seat": 0, "name": "ann"}, pause_seconds=0)
    ws = _socket(server, sng["room"]["id"], sng["token"])
    state = _states(ws, lambda m: m["observation"] is not None)
    assert len(state["tournament"]["standings"]) == 6
    assert state["tournament"]["blinds"]["big_blind"] > 0
    assert sum(s["chips"] for s in state["tournament"]["standings"]) == 6000
    ws.close()
    acpc = server.create(kind="acpc", seats=[{"player": "human"}, {"player": "ai", "level": "normal"}],
                         sit={"seat": 0, "name": "ann"})
    assert [s["stack"] for s in acpc["room"]["seats"]] == [20000, 20000]
    cash = server.create(kind="cash", seats=[{"player": "human"}, {"player": "ai", "level": "hard"}, {"player": "empty"}],
                         straddles=0, ante=5, ante_rule="button", run_it_twice=True, stack=500, pause_seconds=0)
    room_id = cash["room"]["id"]
    assert [s["open"] for s in cash["room"]["seats"]] == [True, False, True]
    status, listed = server.request("GET", "/api/rooms")
    mine = next(r for r in listed["rooms"] if r["id"] == room_id)
    assert mine["status"] == "waiting" and mine["seats"][1]["name"] == "hard-1"
    token = server.join(room_id, 2, "cy")  # the empty seat: dealt in with the room's stack
    status, ledger = server.request("GET", f"/api/rooms/{room_id}/ledger")
    assert [line["brought"] for line in ledger["ledger"]] == [500, 500, 0]
    server.join(room_id, 0, "ann")  # the last open person's seat: the room starts
    ws = _socket(server, room_id, token)
    state = _states(ws, lambda m: m["hand_number"] is not None and m["observation"]["hole_cards"])
    assert state["you"] == 2 and len(state["observation"]["hole_cards"]) == 2
    ws.close()
    status, ledger = server.request("GET", f"/api/rooms/{room_id}/ledger")
    assert ledger["ledger"][2]["brought"] == 500
