"""ACPC protocol over TCP: client replies, dealer fix-ups, loopback match, timeouts."""

from __future__ import annotations

import io
import socket
import threading
import time
from fractions import Fraction
from pathlib import Path
from typing import Callable

import pytest

from pokerkit_core.formats.acpc_net import AcpcClient, AcpcDealer, AcpcRandom, DealerResult, fix_reply
from pokerkit_core.engine.actions import Action, AllIn, Bet, Call, Check, Fold, Raise
from pokerkit_core.evaluation.cards import parse_cards
from pokerkit_core.formats import acpc
from pokerkit_core.formats.acpc import MatchState
from pokerkit_core.formats.replay import replay_acpc, state_from_match_state
from pokerkit_core.engine.observation import Observation
from pokerkit_core.engine.policy import load_policy

SHARED = Path(__file__).resolve().parents[2] / "shared"
LOGS = SHARED / "acpc-phh-data" / "acpc-logs"

HUNL = acpc.AcpcGame(
    betting="nolimit",
    num_players=2,
    num_rounds=4,
    stacks=(20000, 20000),
    blinds=(100, 50),
    raise_sizes=(),
    first_player=(1, 0, 0, 0),
    max_raises=(255,) * 4,
)


class Scripted:
    """A policy that plays a fixed list of actions, then checks or calls."""

    name = "scripted"

    def __init__(self, actions: list[Action]) -> None:
        self.actions = list(actions)
        self.seen: list[Observation] = []
        self.started: list[int | None] = []
        self.ended: list[tuple[int, ...]] = []

    def decide(self, observation: Observation) -> Action:
        self.seen.append(observation)
        if self.actions:
            return self.actions.pop(0)
        assert observation.legal is not None
        return Check if observation.legal.can_check else Call

    def hand_started(self, observation: Observation) -> None:
        self.started.append(observation.hand_number)

    def hand_ended(self, observation: Observation, results: tuple[int, ...]) -> None:
        self.ended.append(tuple(results))


# ------------------------------------------------------------------ client


def test_client_replies_only_when_to_act_with_whole_hand_raise_to() -> None:
    policy = Scripted([Raise(300), Raise(1200)])
    client = AcpcClient(policy, HUNL)
    assert client.respond("MATCHSTATE:0:0::7d3d|\r\n") is None  # the button acts first
    assert policy.started == [0]
    assert client.respond("MATCHSTATE:1:0::|2hAc") == "MATCHSTATE:1:0::|2hAc:r300"
    assert client.respond("MATCHSTATE:1:0:r300c/:|2hAc/5sKs7s") is None
    # Flop: 300 already in; raise to 1200 for the street = r1500 for the hand.
    assert client.respond("MATCHSTATE:1:0:r300c/r900:|2hAc/5sKs7s") == (
        "MATCHSTATE:1:0:r300c/r900:|2hAc/5sKs7s:r1500"
    )
    seen = policy.seen[-1]
    assert seen.legal is not None and seen.legal.call_amount == 600
    assert seen.hole_cards == parse_cards("2hAc")
    assert client.respond("# a comment") is None
    final = "MATCHSTATE:1:0:r300c/r900f:|2hAc/5sKs7s"
    assert client.respond(final) is None
    assert client.respond(final) is None  # the end is reported once
    assert policy.ended == [(300, -300)]  # we (position 1) folded
    assert client.hands_played == 1


def test_client_replaces_an_illegal_or_failing_decision() -> None:
    client = AcpcClient(Scripted([Raise(50)]), HUNL)
    assert client.respond("MATCHSTATE:1:3::|2hAc") == "MATCHSTATE:1:3::|2hAc:f"
    assert len(client.faults) == 1

    class Broken:
        name = "broken"

        def decide(self, observation: Observation) -> Action:
            raise RuntimeError("boom")

    client = AcpcClient(Broken(), HUNL)
    assert client.respond("MATCHSTATE:0:3:c:7d3d|") == "MATCHSTATE:0:3:c:7d3d|:c"
    assert "boom" in client.faults[0]


def test_client_all_in_is_the_whole_stack() -> None:
    client = AcpcClient(Scripted([AllIn]), HUNL)
    assert client.respond("MATCHSTATE:1:0::|2hAc") == "MATCHSTATE:1:0::|2hAc:r20000"


# ------------------------------------------------------------------ dealer fix-ups


def _state(text: str):  # type: ignore[no-untyped-def]
    return state_from_match_state(HUNL, MatchState.parse(text))


@pytest.mark.parametrize(
    ("matchstate", "reply", "action", "warning"),
    [
        ("MATCHSTATE:1:0::|KhKc", "r150", Raise(200), "WARNING: raise of 150 increased to 200"),
        ("MATCHSTATE:0:0:r200:4cKs|", "r250", Raise(300), "WARNING: raise of 250 increased to 300"),
        ("MATCHSTATE:1:0:r200r300c/c:|KhKc/3s2hAh", "r330", Bet(100),
         "WARNING: raise of 330 increased to 400"),
        ("MATCHSTATE:0:0:r200r300c/cr400c/r500r700c/:4cKs|/3s2hAh/9d/4s", "r99999", AllIn,
         "WARNING: raise of 99999 decreased to 20000"),
        ("MATCHSTATE:0:0:r200r300c/:4cKs|/3s2hAh", "f", Check,
         "WARNING: invalid action, changed to call"),
        ("MATCHSTATE:1:1:cc/r20000:|4s4h/Qs6d9h", "r20000", Call,
         "WARNING: invalid action, changed to call"),
        ("MATCHSTATE:0:0:r200r300c/cr400:4cKs|/3s2hAh", "x", Call,
         "WARNING: invalid action, changed to call"),
        ("MATCHSTATE:0:1:c:8d3c|", "r", Check,
         "WARNING: bad action format in response, changed to call"),
        ("MATCHSTATE:0:0:r200r300c/cr400c/:4cKs|/3s2hAh/9d", "R500", Bet(100), None),
        ("MATCHSTATE:1:0:r200r300c/cr400c/r500:|KhKc/3s2hAh/9d", "b700", Raise(300), None),
        ("MATCHSTATE:0:0:r200r300c/cr400c/r500r700:4cKs|/3s2hAh/9d", "k", Call, None),
        ("MATCHSTATE:0:0:r200:4cKs|", "f", Fold, None),
        ("MATCHSTATE:1:0::|KhKc", "r\u00b2", Call,  # "r²": not ASCII digits
         "WARNING: bad action format in response, changed to call"),
        # A size of any length above the stack is an all-in (no 32-bit wrap-around).
        ("MATCHSTATE:1:0::|KhKc", "r" + "9" * 5000, AllIn,
         "WARNING: raise of 999999999999...(5000 digits) decreased to 20000"),
        # Issue 13: the size is read as sscanf("%d") reads it.
        ("MATCHSTATE:1:0::|KhKc", "r+300", Raise(300), None),
        ("MATCHSTATE:1:0::|KhKc", "r 300", Raise(300), None),
        ("MATCHSTATE:1:0::|KhKc", "r\t300", Raise(300), None),
        ("MATCHSTATE:1:0::|KhKc", "r300 ", Raise(300), None),
        ("MATCHSTATE:1:0::|KhKc", "r300abc", Raise(300), None),
        ("MATCHSTATE:1:0::|KhKc", "r-5", Raise(200), "WARNING: raise of -5 increased to 200"),
        ("MATCHSTATE:1:0::|KhKc", "r1e3", Raise(200), "WARNING: raise of 1 increased to 200"),
        ("MATCHSTATE:1:0::|KhKc", "r4294967596", AllIn,  # 2**32 + 300: no wrap to 300
         "WARNING: raise of 4294967596 decreased to 20000"),
        ("MATCHSTATE:1:0::|KhKc", "r+", Call,
         "WARNING: bad action format in response, changed to call"),
        # A raise where none is allowed (facing an all-in) is a call, whatever its size.
        ("MATCHSTATE:1:1:cc/r20000:|4s4h/Qs6d9h", "r+300", Call,
         "WARNING: invalid action, changed to call"),
        # No colon after the state (read_reply gives None): a bad action format.
        ("MATCHSTATE:0:0:r200:4cKs|", None, Call,
         "WARNING: bad action format in response, changed to call"),
    ],
)
def test_bad_replies_are_fixed_as_the_acpc_dealer_does(
    matchstate: str, reply: str | None, action: Action, warning: str | None
) -> None:
    """INTEROP.md 1.5, with the states of ``invalid-actions-probe.err``."""
    fixed, warnings = fix_reply(reply, _state(matchstate))
    assert fixed == action
    assert warnings == ([warning] if warning else [])


# ------------------------------------------------------------------ dealing


@pytest.mark.skipif(not LOGS.is_dir(), reason=f"shared ACPC logs not found at {LOGS}")
@pytest.mark.parametrize("name", ["nl100.log", "nl2.log", "nl3.log", "nl6p.log"])
def test_dealer_deals_the_cards_of_the_reference_dealer(name: str) -> None:
    with open(LOGS / name) as fp:
        log = acpc.load(fp)
    game = acpc.load_game(acpc.find_game_file(log.game_file, LOGS / name))
    cards = AcpcRandom(log.seed)
    for line in log.states:
        holes, board = cards.deal(game.num_players)
        assert holes == line.hole_cards, (name, line.hand_number)
        dealt = tuple(c for r in line.board for c in r)
        assert board[: len(dealt)] == dealt


# ------------------------------------------------------------------ over TCP


def _start_dealer(dealer: AcpcDealer) -> tuple[threading.Thread, dict[str, object], io.StringIO]:
    box: dict[str, object] = {}
    out = io.StringIO()

    def run() -> None:
        box["result"] = dealer.run(accept_timeout=10, out=out)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread, box, out


def _raw_client(port: int, script: Callable[[socket.socket, io.BufferedReader], None]) -> threading.Thread:
    def run() -> None:
        with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
            script(sock, sock.makefile("rb"))

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread


def test_loopback_match_of_200_hands_writes_a_log_that_replays(tmp_path: Path) -> None:
    err = io.StringIO()
    dealer = AcpcDealer(
        "loop", HUNL, 200, 42, ["Alice", "Bob"], host="127.0.0.1", log_dir=tmp_path,
        err=err, game_file="hunl.game",
    )
    (tmp_path / "hunl.game").write_text(HUNL.format())
    thread, box, out = _start_dealer(dealer)
    clients = [AcpcClient(load_policy("random", seed=s), HUNL) for s in (1, 2)]
    workers = [
        threading.Thread(target=c.play, args=("127.0.0.1", p), kwargs={"timeout": 20}, daemon=True)
        for c, p in zip(clients, dealer.ports)
    ]
    for worker in workers:
        worker.start()
        time.sleep(0.05)
    thread.join(60)
    for worker in workers:
        worker.join(20)
    result = box["result"]
    assert result.status == 0 and result.hands_played == 200  # type: ignore[attr-defined]
    assert [c.hands_played for c in clients] == [200, 200]
    assert [c.faults for c in clients] == [[], []]
    with open(tmp_path / "loop.log") as fp:
        log = acpc.load(fp)
    assert (log.name, log.game_file, log.hands, log.seed) == ("loop", "hunl.game", 200, 42)
    assert [line.hand_number for line in log.states] == list(range(200))
    # Positions rotate: Alice is player 0 in even hands.
    assert log.states[0].names == ("Alice", "Bob") and log.states[1].names == ("Bob", "Alice")
    totals = [Fraction(0), Fraction(0)]
    game = acpc.load_game(acpc.find_game_file(log.game_file, tmp_path / "loop.log"))
    for line in log.states:
        replayed = replay_acpc(line, game)
        assert replayed.ok and not replayed.notes, replayed.error
        for position, value in enumerate(line.values):
            totals[(position + line.hand_number) % 2] += value
    assert log.score is not None and log.score.totals == tuple(totals)
    assert sum(totals) == 0
    assert out.getvalue() == f"{log.score}\n"
    assert "WARNING" not in err.getvalue()
    assert err.getvalue().count("FROM ") >= 200


def _play_hand_zero(
    sock: socket.socket, reader: io.BufferedReader, first_reply: list[bytes]
) -> None:
    sock.sendall(b"VERSION:2.0.0\r\n")
    for raw in reader:
        line = raw.decode().rstrip("\r\n")
        if line.startswith("MATCHSTATE:1:0::"):
            for extra in first_reply:
                sock.sendall(extra)
            sock.sendall((line + ":f\r\n").encode())


def test_comments_and_unrequested_replies_are_skipped(tmp_path: Path) -> None:
    err = io.StringIO()
    dealer = AcpcDealer("probe", HUNL, 1, 3, ["P1", "P2"], host="127.0.0.1", log_dir=tmp_path, err=err)
    thread, box, out = _start_dealer(dealer)
    junk = [b"# a comment line\r\n", b"; another\r\n", b"MATCHSTATE:1:7::|AsKs:r300\r\n"]
    first = _raw_client(dealer.ports[0], lambda s, r: (s.sendall(b"VERSION:2.0.0\n"), r.read()))
    time.sleep(0.05)
    second = _raw_client(dealer.ports[1], lambda s, r: _play_hand_zero(s, r, junk))
    thread.join(20)
    first.join(5)
    second.join(5)
    result = box["result"]
    assert result.status == 0, result.error  # type: ignore[attr-defined]
    text = err.getvalue()
    assert text.count("WARNING: ignoring un-requested response") == 1
    assert "FROM 2" in text and "# a comment line" in text
    lines = (tmp_path / "probe.log").read_text().splitlines()
    assert lines[4].startswith("STATE:0:f:") and lines[4].endswith(":50|-50:P1|P2")  # the button folds its 50
    assert lines[5] == "SCORE:50|-50:P1|P2"


def test_a_reply_timeout_ends_the_match_cleanly(tmp_path: Path) -> None:
    err = io.StringIO()
    dealer = AcpcDealer(
        "slow", HUNL, 5, 3, ["P1", "P2"], host="127.0.0.1", log_dir=tmp_path, err=err,
        t_response_ms=300,
    )
    thread, box, out = _start_dealer(dealer)
    fast = AcpcClient(Scripted([]), HUNL)
    calls = threading.Thread(target=fast.play, args=("127.0.0.1", dealer.ports[0]),
                             kwargs={"timeout": 10}, daemon=True)
    calls.start()
    time.sleep(0.05)

    def silent_after_first_hand(sock: socket.socket, reader: io.BufferedReader) -> None:
        client = AcpcClient(Scripted([]), HUNL)
        sock.sendall(b"VERSION:2.0.0\r\n")
        for raw in reader:
            line = raw.decode()
            if line.startswith("MATCHSTATE:") and MatchState.parse(line).hand_number >= 1:
                continue  # never answers in hand 1
            reply = client.respond(line)
            if reply is not None:
                sock.sendall((reply + "\r\n").encode())

    silent = _raw_client(dealer.ports[1], silent_after_first_hand)
    thread.join(20)
    result = box["result"]
    assert result.status == 1  # type: ignore[attr-defined]
    assert result.hands_played == 1  # type: ignore[attr-defined]
    assert "ERROR: could not get action from seat" in result.error  # type: ignore[attr-defined]
    assert "timeout 0.3" in err.getvalue()
    assert out.getvalue() == ""  # no SCORE line
    lines = (tmp_path / "slow.log").read_text().splitlines()
    assert len(lines) == 5 and lines[4].startswith("STATE:0:")
    calls.join(5)
    silent.join(5)


def test_a_disconnect_ends_the_match_cleanly(tmp_path: Path) -> None:
    dealer = AcpcDealer("gone", HUNL, 3, 3, ["P1", "P2"], host="127.0.0.1", log_dir=tmp_path)
    thread, box, out = _start_dealer(dealer)
    stays = _raw_client(dealer.ports[0], lambda s, r: (s.sendall(b"VERSION:2.0.0\n"), r.read()))
    time.sleep(0.05)
    leaves = _raw_client(dealer.ports[1], lambda s, r: (s.sendall(b"VERSION:2.0.0\n"), r.readline()))
    thread.join(20)
    result = box["result"]
    assert result.status == 1 and result.hands_played == 0  # type: ignore[attr-defined]
    assert "seat 2" in result.error  # type: ignore[attr-defined]
    assert "SCORE" not in (tmp_path / "gone.log").read_text()
    stays.join(5)
    leaves.join(5)


def test_an_unreadable_version_line_aborts(tmp_path: Path) -> None:
    dealer = AcpcDealer("ver", HUNL, 3, 3, ["P1", "P2"], host="127.0.0.1", log_dir=tmp_path)
    thread, box, out = _start_dealer(dealer)
    client = _raw_client(dealer.ports[0], lambda s, r: (s.sendall(b"HELLO\r\n"), r.read()))
    thread.join(20)
    result = box["result"]
    assert result.status == 1 and "version" in result.error  # type: ignore[attr-defined]
    client.join(5)


def test_dealer_checks_names_against_the_game() -> None:
    from pokerkit_core.errors import InvalidConfigError

    with pytest.raises(InvalidConfigError):
        AcpcDealer("x", HUNL, 3, 3, ["only one"], host="127.0.0.1")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_command_line_dealer_and_clients(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from pokerkit_core.cli import main

    game_path = tmp_path / "hunl.game"
    game_path.write_text(HUNL.format())
    ports = [_free_port(), _free_port()]
    box: dict[str, int] = {}

    def dealer() -> None:
        box["dealer"] = main([
            "acpc-dealer", "cli", str(game_path), "20", "42", "Alice", "Bob",
            "-p", f"{ports[0]},{ports[1]}", "--log-dir", str(tmp_path), "-q",
        ])

    def client(index: int, policy: str) -> None:
        for _ in range(40):  # retry until the dealer listens (status 1: refused)
            box[policy] = main(["acpc-client", "127.0.0.1", str(ports[index]),
                                "--policy", policy, "--seed", "1", "--timeout", "10"])
            if box[policy] == 0:
                return
            time.sleep(0.05)

    threads = [threading.Thread(target=dealer, daemon=True)]
    threads[0].start()
    time.sleep(0.2)
    for index, policy in enumerate(("call", "random")):
        threads.append(threading.Thread(target=client, args=(index, policy), daemon=True))
        threads[-1].start()
        time.sleep(0.05)
    for thread in threads:
        thread.join(30)
    assert box == {"dealer": 0, "call": 0, "random": 0}
    captured = capsys.readouterr()
    out = captured.out
    # -q: the header (the game file as given), no transcript, the SCORE line.
    err_lines = captured.err.splitlines()
    assert f"# name/game/hands/seed cli {game_path} 20 42" in err_lines
    assert not any(line.startswith(("TO ", "FROM ")) for line in err_lines)
    assert [line for line in err_lines if line.startswith("SCORE:")] == [
        line for line in out.splitlines() if line.startswith("SCORE:")
    ]
    assert f"{ports[0]} {ports[1]}" in out
    assert "20 hands played; 0 policy faults" in out
    score = [line for line in out.splitlines() if line.startswith("SCORE:")]
    assert len(score) == 1 and score[0].endswith(":Alice|Bob")
    assert main(["replay", str(tmp_path / "cli.log"), "--rules", "acpc"]) == 0


def test_a_seat_over_its_hand_time_ends_the_match(tmp_path: Path) -> None:
    err = io.StringIO()
    dealer = AcpcDealer(
        "thand", HUNL, 3, 3, ["P1", "P2"], host="127.0.0.1", log_dir=tmp_path, err=err,
        t_hand_ms=250,
    )
    thread, box, out = _start_dealer(dealer)

    def slow_caller(sock: socket.socket, reader: io.BufferedReader) -> None:
        client = AcpcClient(Scripted([]), HUNL)
        sock.sendall(b"VERSION:2.0.0\r\n")
        for raw in reader:
            reply = client.respond(raw.decode())
            if reply is not None:
                time.sleep(0.1)  # 0.1 s a decision: the third one passes 0.25 s
                sock.sendall((reply + "\r\n").encode())

    clients = [_raw_client(dealer.ports[0], slow_caller)]
    time.sleep(0.05)
    clients.append(_raw_client(dealer.ports[1], slow_caller))
    thread.join(20)
    result = box["result"]
    assert result.status == 1 and result.hands_played == 0  # type: ignore[attr-defined]
    assert result.error.startswith("ERROR: seat ") and result.error.endswith("ran out of time")  # type: ignore[attr-defined]
    assert out.getvalue() == ""
    for client in clients:
        client.join(5)


# ------------------------------------------------------------------ private cards (D1)


def _ring_game(players: int) -> acpc.AcpcGame:
    """The ACPC 3p/6p no-limit games: player 0 = small blind, player 2 acts first."""
    return acpc.AcpcGame(
        betting="nolimit",
        num_players=players,
        num_rounds=4,
        stacks=(20000,) * players,
        blinds=(50, 100) + (0,) * (players - 2),
        raise_sizes=(),
        first_player=(2 % players, 0, 0, 0),
        max_raises=(255,) * 4,
    )


class OftenFolds:
    """Folds 35% of the time when facing a bet, else checks or calls (seeded)."""

    name = "often-folds"

    def __init__(self, seed: int) -> None:
        import random

        self.rng = random.Random(seed)

    def decide(self, observation: Observation) -> Action:
        legal = observation.legal
        assert legal is not None
        if legal.can_check:
            return Check
        return Fold if self.rng.random() < 0.35 else Call


class Recording(AcpcClient):
    """A client that keeps every line the dealer sends it."""

    def __init__(self, policy: OftenFolds, game: acpc.AcpcGame) -> None:
        super().__init__(policy, game)
        self.lines: list[str] = []

    def respond(self, line: str) -> str | None:
        self.lines.append(line.rstrip("\r\n"))
        return super().respond(line)


@pytest.mark.parametrize("players", [3, 6])
def test_no_matchstate_shows_the_cards_of_a_seat_that_did_not_reach_the_showdown(
    tmp_path: Path, players: int
) -> None:
    """Issue 13 D1: the ACPC dealer shows only the hands that reached the showdown."""
    game = _ring_game(players)
    hands = 60
    dealer = AcpcDealer(
        "ring", game, hands, 7, [f"P{i}" for i in range(players)], host="127.0.0.1",
        log_dir=tmp_path,
    )
    thread, box, out = _start_dealer(dealer)
    clients = [Recording(OftenFolds(seed), game) for seed in range(players)]
    workers = [
        threading.Thread(target=c.play, args=("127.0.0.1", p), kwargs={"timeout": 20}, daemon=True)
        for c, p in zip(clients, dealer.ports)
    ]
    for worker in workers:
        worker.start()
    thread.join(60)
    for worker in workers:
        worker.join(20)
    result = box["result"]
    assert result.status == 0 and result.hands_played == hands  # type: ignore[attr-defined]
    with open(tmp_path / "ring.log") as fp:
        logged = {line.hand_number: line for line in acpc.load(fp).states}
    shown = folded_at_showdown = 0
    for client in clients:
        assert client.lines and all(line.startswith("MATCHSTATE:") for line in client.lines)
        for text in client.lines:
            message = MatchState.parse(text)
            state = state_from_match_state(game, message)
            reached = state.is_over and sum(not f for f in state.folded) >= 2
            for player, cards in enumerate(message.hole_cards):
                if player == message.position:
                    continue
                if cards is not None:
                    assert reached and not state.folded[player], text
                    assert cards == logged[message.hand_number].hole_cards[player]
                    shown += 1
                elif reached and state.folded[player]:
                    folded_at_showdown += 1
    # Both cases occur: hands shown at a showdown, and folded hands kept hidden there.
    assert shown > 0 and folded_at_showdown > 0


# ------------------------------------------------------------------ reading replies


@pytest.mark.parametrize(
    ("line", "kind", "action"),
    [
        ("MATCHSTATE:0:0:r200:4cKs|:c", "answer", "c"),
        ("MATCHSTATE:0:0:r200:4cKs|:r 300", "answer", "r 300"),
        # Junk after the state: answers it with a bad action (no colon), not ignored.
        ("MATCHSTATE:0:0:r200:4cKsX:c", "answer", None),
        ("MATCHSTATE:0:0:r200:4cKs|", "answer", None),
        # Read as the dealer reads it: other players' cards are not compared,
        # card letters in any case, '/' in the betting skipped.
        ("MATCHSTATE:0:0:r200:4cKs|AhAd:f", "answer", "f"),
        ("MATCHSTATE:0:0:r200:4CkS|:c", "answer", "c"),
        ("MATCHSTATE:0:0:/r200:4cKs|:c", "answer", "c"),
        ("MATCHSTATE:0:0:r/200:4cKs|:c", "bad state", None),  # "r" needs its size
        ("# a comment", "comment", None),
        ("; another", "comment", None),
        ("MATCHSTATE:1:0:r200:|4cKs:c", "unrequested", None),  # another position
        ("MATCHSTATE:0:7:r200:4cKs|:c", "unrequested", None),  # another hand
        ("MATCHSTATE:0:0:r300:4cKs|:c", "unrequested", None),  # other betting
        ("MATCHSTATE:0:0:r200:4cKd|:c", "unrequested", None),  # other own cards
        ("MATCHSTATE:0:0:r200:4c|:c", "bad state", None),  # one card of two
        ("MATCHSTATE:0:0:x200:4cKs|:c", "bad state", None),
        ("MATCHSTATE:9:0:r200:4cKs|:c", "bad state", None),  # no such position
        ("HELLO", "bad state", None),
        ("", "bad state", None),
    ],
)
def test_replies_are_read_as_the_acpc_dealer_reads_them(
    line: str, kind: str, action: str | None
) -> None:
    from pokerkit_core.formats.acpc_reply import read_reply

    sent = MatchState.parse("MATCHSTATE:0:0:r200:4cKs|")
    reply = read_reply(line, sent, HUNL)
    assert (reply.kind.value, reply.action) == (kind, action)
    expected = {
        "bad state": "WARNING: bad state format in response",
        "unrequested": "WARNING: ignoring un-requested response",
    }.get(kind)
    assert reply.warning == expected


def test_a_reply_reads_the_board_of_each_reached_round() -> None:
    from pokerkit_core.formats.acpc_reply import ReplyKind, read_reply

    sent = MatchState.parse("MATCHSTATE:1:0:r300c/r900:|2hAc/5sKs7s")
    assert read_reply(str(sent) + ":c", sent, HUNL).action == "c"
    assert read_reply("MATCHSTATE:1:0:r300cr900:|2hAc5sKs7s:c", sent, HUNL).action == "c"
    other = read_reply("MATCHSTATE:1:0:r300c/r900:|2hAc/5sKs7d:c", sent, HUNL)
    assert other.kind is ReplyKind.UNREQUESTED
    short = read_reply("MATCHSTATE:1:0:r300c/r900:|2hAc/5sKs:c", sent, HUNL)
    assert short.kind is ReplyKind.BAD_STATE


def test_junk_after_the_state_is_a_call_not_ignored(tmp_path: Path) -> None:
    """``MATCHSTATE:...|AsKsX:f`` answers the state with a bad action: a call."""
    err = io.StringIO()
    dealer = AcpcDealer("junk", HUNL, 1, 3, ["P1", "P2"], log_dir=tmp_path, err=err)
    thread, box, out = _start_dealer(dealer)
    calls = AcpcClient(Scripted([]), HUNL)
    first = threading.Thread(target=calls.play, args=("127.0.0.1", dealer.ports[0]),
                             kwargs={"timeout": 10}, daemon=True)
    first.start()

    def junk_first(sock: socket.socket, reader: io.BufferedReader) -> None:
        client = AcpcClient(Scripted([]), HUNL)
        sock.sendall(b"VERSION:2.0.0\r\n")
        for raw in reader:
            line = raw.decode().rstrip("\r\n")
            if line.startswith("MATCHSTATE:1:0::"):
                sock.sendall((line + "X:f\r\n").encode())  # the state, junk, then "f"
                continue
            reply = client.respond(line)
            if reply is not None:
                sock.sendall((reply + "\r\n").encode())

    second = _raw_client(dealer.ports[1], junk_first)
    thread.join(20)
    result = box["result"]
    assert result.status == 0, result.error  # type: ignore[attr-defined]
    text = err.getvalue()
    assert text.count("WARNING: bad action format in response, changed to call") == 1
    assert "un-requested" not in text
    lines = (tmp_path / "junk.log").read_text().splitlines()
    assert lines[4].startswith("STATE:0:cc/")  # a call (then the check), not a fold
    first.join(5)
    second.join(5)


# ------------------------------------------------------------------ long lines


def test_a_10_mb_line_from_a_client_is_refused_and_the_match_goes_on(tmp_path: Path) -> None:
    err = io.StringIO()
    dealer = AcpcDealer("long", HUNL, 1, 3, ["P1", "P2"], log_dir=tmp_path, err=err)
    thread, box, out = _start_dealer(dealer)
    calls = AcpcClient(Scripted([]), HUNL)
    first = threading.Thread(target=calls.play, args=("127.0.0.1", dealer.ports[0]),
                             kwargs={"timeout": 10}, daemon=True)
    first.start()
    huge = b"MATCHSTATE:1:0::" + b"r" * 10_000_000 + b"\r\n"
    second = _raw_client(dealer.ports[1], lambda s, r: _play_hand_zero(s, r, [huge]))
    thread.join(30)
    result = box["result"]
    assert result.status == 0, result.error  # type: ignore[attr-defined]
    warnings = [line for line in err.getvalue().splitlines() if line.startswith("WARNING")]
    assert len(warnings) == 1 and "more than 4095 bytes from seat 2" in warnings[0]
    assert "'MATCHSTATE:1:0::rrrr" in warnings[0] and len(warnings[0]) < 200
    # The transcript never holds the long line either.
    assert max(len(line) for line in err.getvalue().splitlines()) < 200
    assert (tmp_path / "long.log").read_text().splitlines()[4].startswith("STATE:0:f:")
    first.join(5)
    second.join(5)


def test_a_10_mb_line_from_a_dealer_is_refused_by_the_client() -> None:
    from pokerkit_core.errors import AcpcProtocolError

    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen(1)

        def fake_dealer() -> None:
            conn, _ = server.accept()
            with conn:
                conn.makefile("rb").readline()  # VERSION
                try:
                    conn.sendall(b"MATCHSTATE:0:0::" + b"7d" * 5_000_000 + b"\r\n")
                except OSError:  # the client may hang up before it is all sent
                    pass

        thread = threading.Thread(target=fake_dealer, daemon=True)
        thread.start()
        client = AcpcClient(Scripted([]), HUNL)
        with pytest.raises(AcpcProtocolError) as caught:
            client.play("127.0.0.1", server.getsockname()[1], timeout=10)
        thread.join(10)
    message = str(caught.value)
    assert "longer than 4095 bytes" in message and "'MATCHSTATE:0:0::7d7d" in message
    assert "\n" not in message and len(message) < 200
    # respond() refuses a long line handed to it directly, too
    with pytest.raises(AcpcProtocolError):
        client.respond("MATCHSTATE:0:0::" + "7d" * 5_000_000)


# ------------------------------------------------------------------ impossible states


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ("MATCHSTATE:1:0:r30000:|2hAc", "raises to 30000, above their stack of 20000"),
        ("MATCHSTATE:1:0::|2hAc/5sKs7s", "board cards for 1 rounds after the first"),
        ("MATCHSTATE:1:0:r300c/:|2hAc", "board cards for 0 rounds after the first"),
        ("MATCHSTATE:1:0:r300c/:|2hAc/5sKs", "2 board cards in round 2, 3 expected"),
        ("MATCHSTATE:1:0::7d3d|", "no hole cards for this seat"),
    ],
)
def test_the_client_refuses_impossible_states(line: str, words: str) -> None:
    from pokerkit_core.errors import AcpcProtocolError

    client = AcpcClient(Scripted([]), HUNL)
    with pytest.raises(AcpcProtocolError) as caught:
        client.respond(line)
    assert words in str(caught.value) and "\n" not in str(caught.value)


def test_the_client_refuses_hand_numbers_going_back() -> None:
    from pokerkit_core.errors import AcpcProtocolError, HistoryParseError

    client = AcpcClient(Scripted([]), HUNL)
    assert client.respond("MATCHSTATE:1:5::|2hAc") == "MATCHSTATE:1:5::|2hAc:c"
    assert client.respond("MATCHSTATE:0:6::7d3d|") is None
    with pytest.raises(AcpcProtocolError, match="hand 5 after hand 6"):
        client.respond("MATCHSTATE:1:5::|2hAc")
    assert issubclass(AcpcProtocolError, HistoryParseError)


# ------------------------------------------------------------------ dealer options


def _callers(dealer: AcpcDealer, game: acpc.AcpcGame = HUNL) -> list[threading.Thread]:
    """One check/call client per seat, started."""
    workers = []
    for port in dealer.ports:
        client = AcpcClient(Scripted([]), game)
        workers.append(threading.Thread(target=client.play, args=("127.0.0.1", port),
                                        kwargs={"timeout": 10}, daemon=True))
        workers[-1].start()
    return workers


def _run(dealer: AcpcDealer) -> tuple[DealerResult, io.StringIO]:
    thread, box, out = _start_dealer(dealer)
    workers = _callers(dealer)
    thread.join(30)
    for worker in workers:
        worker.join(10)
    return box["result"], out  # type: ignore[return-value]


def test_quiet_keeps_the_header_warnings_errors_and_score(tmp_path: Path) -> None:
    err = io.StringIO()
    dealer = AcpcDealer("quiet", HUNL, 2, 3, ["P1", "P2"], log_dir=tmp_path, err=err,
                        quiet=True, game_file="games/hunl.game", t_response_ms=300)
    thread, box, out = _start_dealer(dealer)
    first = _raw_client(dealer.ports[0], lambda s, r: (s.sendall(b"VERSION:2.0.0\n"), r.read()))
    second = _raw_client(dealer.ports[1], lambda s, r: _play_hand_zero(s, r, [b"HELLO\r\n"]))
    thread.join(20)
    result = box["result"]
    lines = err.getvalue().splitlines()
    # Header (game file as given), the warning, then the ERROR: seat 1 never answers.
    assert lines[:4] == [
        "# name/game/hands/seed quiet games/hunl.game 2 3",
        "#--t_response 300", "#--t_hand 600000", "#--t_per_hand 7000",
    ]
    assert "WARNING: bad state format in response" in lines
    assert not any(line.startswith(("TO ", "FROM ", "STARTED")) for line in lines)
    assert result.status == 1  # type: ignore[attr-defined]
    assert lines[-2:] == [
        "ERROR: could not get action from seat 1", lines[-1]
    ] and lines[-1].endswith("seconds spent waiting; timeout 0.3")
    first.join(5)
    second.join(5)


def test_a_finished_match_prints_its_score_on_standard_error_too(tmp_path: Path) -> None:
    err = io.StringIO()
    dealer = AcpcDealer("score", HUNL, 101, 3, ["P1", "P2"], log_dir=tmp_path, err=err)
    result, out = _run(dealer)
    assert result.status == 0
    text = err.getvalue().splitlines()
    assert text[-1] == out.getvalue().strip() and text[-1].startswith("SCORE:")
    assert text[-2].startswith("FINISHED at ")
    # Every 100 hands (hands 0 and 100): seconds spent per seat, seats from 0.
    assert sum(line.startswith("Seconds cumulatively spent in match for seat 0: ")
               for line in text) == 2


def test_fixed_seats_and_no_log(tmp_path: Path) -> None:
    dealer = AcpcDealer("fixed", HUNL, 4, 3, ["P1", "P2"], log_dir=tmp_path, fixed_seats=True)
    result, _ = _run(dealer)
    with open(tmp_path / "fixed.log") as fp:
        log = acpc.load(fp)
    assert result.status == 0 and [s.names for s in log.states] == [("P1", "P2")] * 4
    dealer = AcpcDealer("nolog", HUNL, 2, 3, ["P1", "P2"], log_dir=tmp_path, log=False)
    result, out = _run(dealer)
    assert result.status == 0 and result.log_path is None
    assert not (tmp_path / "nolog.log").exists() and out.getvalue().startswith("SCORE:")


def test_a_match_resumes_from_its_transaction_file(tmp_path: Path) -> None:
    whole = AcpcDealer("whole", HUNL, 4, 11, ["P1", "P2"], log_dir=tmp_path)
    assert _run(whole)[0].status == 0
    expected = (tmp_path / "whole.log").read_text().splitlines()

    broken = AcpcDealer("part", HUNL, 4, 11, ["P1", "P2"], log_dir=tmp_path, transactions=True)
    thread, box, out = _start_dealer(broken)
    stays = AcpcClient(Scripted([]), HUNL)
    first = threading.Thread(target=stays.play, args=("127.0.0.1", broken.ports[0]),
                             kwargs={"timeout": 10}, daemon=True)
    first.start()

    def leaves_in_hand_2(sock: socket.socket, reader: io.BufferedReader) -> None:
        client = AcpcClient(Scripted([]), HUNL)
        sock.sendall(b"VERSION:2.0.0\r\n")
        decisions = 0
        for raw in reader:
            reply = client.respond(raw.decode())
            if reply is None:
                continue
            if MatchState.parse(reply.rsplit(":", 1)[0]).hand_number == 2:
                decisions += 1
                if decisions == 2:  # leaves in the middle of hand 2
                    return
            sock.sendall((reply + "\r\n").encode())

    second = _raw_client(broken.ports[1], leaves_in_hand_2)
    thread.join(20)
    first.join(5)
    second.join(5)
    assert box["result"].status == 1 and box["result"].hands_played == 2  # type: ignore[attr-defined]
    tlog = (tmp_path / "part.tlog").read_text().splitlines()
    assert tlog[0].split()[:2] == ["c", "0"] and tlog[-1].split()[1] == "2"

    resumed = AcpcDealer("part", HUNL, 4, 11, ["P1", "P2"], log_dir=tmp_path,
                         transactions=True, append=True)
    result, out = _run(resumed)
    assert result.status == 0 and result.hands_played == 4
    lines = (tmp_path / "part.log").read_text().splitlines()
    # Both runs' headers; the finished hands of each; the same hands and score
    # as the uninterrupted match.
    assert [line for line in lines if not line.startswith("#")] == expected[4:]
    assert lines.count(expected[0].replace("whole", "part")) == 2
    assert len((tmp_path / "part.tlog").read_text().splitlines()) > len(tlog)


def test_start_timeout_and_the_default_host(tmp_path: Path) -> None:
    err = io.StringIO()
    dealer = AcpcDealer("lonely", HUNL, 2, 3, ["P1", "P2"], log_dir=tmp_path, err=err,
                        start_timeout_ms=100)
    assert all(s.getsockname()[0] == "127.0.0.1" for s in dealer._listeners)
    result = dealer.run(out=io.StringIO())
    assert result.status == 1
    assert result.error == "ERROR: timed out waiting for seat 1 to connect"
    assert err.getvalue().splitlines()[-1] == result.error


def test_dealer_help_says_where_it_listens(capsys: pytest.CaptureFixture[str]) -> None:
    from pokerkit_core.cli import main

    with pytest.raises(SystemExit):
        main(["acpc-dealer", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "--host" in text and "127.0.0.1 (this machine only)" in text
    for option in ("-f", "-l", "-L", "-t", "-T", "-a", "--start_timeout", "-q"):
        assert f"[{option}" in text, option


@pytest.mark.skipif(not (LOGS / "tlog.tlog").is_file(), reason=f"shared ACPC logs not found at {LOGS}")
def test_the_reference_dealers_transaction_file_resumes_to_its_score(tmp_path: Path) -> None:
    """``tlog.tlog``: a whole 3-hand match written by the reference dealer's ``-T``."""
    (tmp_path / "tlog.tlog").write_text((LOGS / "tlog.tlog").read_text())
    dealer = AcpcDealer("tlog", HUNL, 3, 9, ["Alice", "Bob"], log_dir=tmp_path,
                        transactions=True, append=True)
    result, out = _run(dealer)
    assert result.status == 0 and result.hands_played == 3
    assert out.getvalue() == "SCORE:-36127|36127:Alice|Bob\n"
    assert (tmp_path / "tlog.log").read_text().splitlines()[-1] == out.getvalue().strip()


def test_a_client_time_out_says_why(capsys: pytest.CaptureFixture[str]) -> None:
    from pokerkit_core.cli import main

    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen(1)
        port = server.getsockname()[1]
        client = AcpcClient(Scripted([]), HUNL)
        with pytest.raises(TimeoutError, match="no line from the dealer within 0.2 seconds"):
            client.play("127.0.0.1", port, timeout=0.2)
        assert main(["acpc-client", "127.0.0.1", str(port), "--policy", "call",
                     "--timeout", "0.2"]) == 1
    assert "no line from the dealer within 0.2 seconds (after 0 hands)" in capsys.readouterr().err
