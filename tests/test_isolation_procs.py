"""Issue 24: what a policy process may leave behind or share.

- a pair of processes that share hole cards through files (a relative path,
  the temporary directory) gains nothing in a duplicate isolated match with
  the default options: each process has its own working and temporary
  directory, and the mirrored pass starts only once the first has ended;
- the processes a bot starts (a child, a daemon that forks twice and calls
  ``setsid``) end with the match, and do not hold the caller's stdout open;
- the web server's match worker ends with the server (SIGKILL), so a new
  server binds its port.
"""

from __future__ import annotations

import functools
import json
import os
import signal
import socket
import subprocess
import sys
import textwrap
import time
from pathlib import Path
from typing import Any

import pytest

from pokerkit_core.errors import InvalidConfigError
from pokerkit_core.players.isolation import IsolatedPolicy
from pokerkit_core.match.runner import run_match

from procs_bots import FileSharer, Locator, PassWatcher, Spawner, SpawnThenHang, ThreadForker
from procs_bots import running as _running

HERE = Path(__file__).resolve().parent

needs_proc = pytest.mark.skipif(
    not Path("/proc/self/stat").exists() or not hasattr(os, "fork"),
    reason="needs fork and /proc to tell a running process from a zombie",
)


def _pids(path: Path) -> list[int]:
    return [int(line) for line in path.read_text(encoding="utf-8").split()] if path.exists() else []


def _kill(pids: list[int]) -> None:
    for pid in pids:
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass


# -- files -------------------------------------------------------------------


def test_a_file_sharing_pair_gains_nothing_by_default() -> None:
    # FileSharer writes its cards per deal in the first pass (a relative
    # path, and one under tempfile.gettempdir()) and plays on its
    # opponent's in the mirrored pass: it found none, so it played as call
    kwargs: dict[str, Any] = dict(hands=200, seed=5, duplicate=True, isolate=True, progress=False)
    shared = run_match([FileSharer, "call"], **kwargs)
    honest = run_match(["call", "call"], **kwargs)
    assert shared.players[0].chips == honest.players[0].chips == 0
    assert shared.players[0].mbb_per_hand == honest.players[0].mbb_per_hand == 0.0
    assert shared.players[0].errors == 0
    # played one chunk at a time, each with processes of its own (as a Dask
    # scheduler, or Windows, plays them): the same
    one = run_match([FileSharer, "call"], chunks_at_once=1, chunk_deals=25, **kwargs)
    assert one.players[0].chips == 0


def test_a_fixed_absolute_path_still_carries_cards_across_passes(tmp_path: Path) -> None:
    # what remains possible (docs/isolation.rst): a directory both passes
    # know by its absolute path outlives the first pass's processes; only
    # separate users or containers per bot rule it out
    bot = functools.partial(FileSharer, shared=str(tmp_path))
    shared = run_match([bot, "call"], names=["file-sharer", "call"], hands=200, seed=5, duplicate=True,
                       isolate=True, progress=False)
    assert shared.players[0].chips > 0
    assert len(list(tmp_path.glob("pokerkit-share-*.txt"))) == 100


def test_each_policy_process_has_its_own_directories(tmp_path: Path) -> None:
    # each process writes where it runs: four processes (two players, two
    # passes), each in its own fresh directory, which is also its
    # temporary directory, and which is removed with it
    where = tmp_path / "where.txt"
    bot = functools.partial(Locator, where=str(where))
    run_match([bot, bot], names=["a", "b"], hands=8, seed=1, duplicate=True, isolate=True, progress=False)
    rows = [line.split() for line in where.read_text(encoding="utf-8").splitlines()]
    assert len(rows) == 4
    for cwd, tmp, env in rows:
        assert cwd == tmp == env
        assert Path(cwd).name.startswith("pokerkit-policy-")
        assert not Path(cwd).exists()  # removed with its process
    assert len({row[0] for row in rows}) == 4


@pytest.mark.skipif(not hasattr(os, "setpgid"), reason="process groups are POSIX")
def test_a_policy_modules_top_level_code_runs_confined(tmp_path: Path) -> None:
    # what was wrong: a factory was unpickled (its module imported, its
    # top-level code run) by multiprocessing before the process was confined,
    # in the caller's process group and directory, with the caller's stdout
    from early_bot import ImportReporter

    where = tmp_path / "where.txt"
    policy = IsolatedPolicy(functools.partial(ImportReporter, where=str(where)), seed=1)
    try:
        policy.wait_ready()
    finally:
        policy.close()
    (row,) = [json.loads(line) for line in where.read_text(encoding="utf-8").splitlines()]
    imported, built = row["imported"], row["built"]
    assert imported["pid"] == built["pid"] == policy.pid
    assert imported["pgid"] == imported["pid"]  # its own group, not the caller's
    assert imported["pgid"] != os.getpgid(0)
    assert imported["cwd"] == built["cwd"]
    assert Path(imported["cwd"]).name.startswith("pokerkit-policy-")
    assert imported["stdout_null"] is True
    # multiprocessing copied the caller's sys.argv (a --seed among them) into
    # the child: cut to its first item
    assert len(sys.argv) > 1  # (the test runner's own arguments)
    assert imported["arguments"] == built["arguments"] == []


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="prctl(PR_SET_DUMPABLE) is Linux's")
def test_policy_processes_and_their_starter_are_not_dumpable(tmp_path: Path) -> None:
    # issue 24 review: without Yama's ptrace restrictions (as on the machine
    # this was found on) a policy process could open /proc/<caller>/mem and
    # read every deck, or its opponent's /proc/<pid>/mem and its hole cards;
    # a process that is not dumpable can be read only with CAP_SYS_PTRACE
    from early_bot import ImportReporter, dumpable

    where = tmp_path / "where.txt"
    policy = IsolatedPolicy(functools.partial(ImportReporter, where=str(where)), seed=1)
    try:
        policy.wait_ready()
    finally:
        policy.close()
    (row,) = [json.loads(line) for line in where.read_text(encoding="utf-8").splitlines()]
    assert row["imported"]["dumpable"] == row["built"]["dumpable"] == 0
    assert dumpable() == 0  # this process, which started it


def _watched(path: Path) -> list[tuple[int, int]]:
    """The mirrored pass's records: (first-pass processes seen, still running)."""
    rows = [line.split() for line in path.read_text(encoding="utf-8").splitlines()]
    return [(int(row[2]), int(row[3])) for row in rows if row[0] == "1"]  # (per chunk)


@needs_proc
@pytest.mark.parametrize("how", ["lanes", "one chunk at a time", "workers", "run_chunk"])
def test_no_first_pass_process_runs_when_the_mirrored_pass_starts(tmp_path: Path, how: str) -> None:
    path = tmp_path / "passes.txt"
    path.touch()
    bot = functools.partial(PassWatcher, where=str(path), chunk_deals=2)
    kwargs: dict[str, Any] = dict(names=["a", "b"], hands=16, seed=1, duplicate=True, isolate=True,
                                  chunk_deals=2, progress=False)
    if how == "run_chunk":  # (a Dask scheduler, or no select.poll: chunk by chunk)
        import dataclasses

        from pokerkit_core.match.chunks import Chunk, run_chunk

        chunk = Chunk(index=0, first_deal=0, deals=2, seed=1, duplicate=True, players=(bot, bot),
                      names=("a", "b"), config=None, keep_hands=False, isolate=True,
                      sequential_passes=True)
        assert len(run_chunk(chunk).units) == 2
        seen = _watched(path)
        assert len(seen) == 2 and seen == [(2, 0), (2, 0)]
        path.write_text("", encoding="utf-8")
        run_chunk(dataclasses.replace(chunk, sequential_passes=False))
        assert [alive for _, alive in _watched(path)] == [2, 2]  # both passes' processes start together
        return
    if how == "one chunk at a time":
        kwargs["chunks_at_once"] = 1
    if how == "workers":
        kwargs["workers"] = 2
    run_match([bot, bot], **kwargs)
    seen = _watched(path)
    assert len(seen) == 8  # a lane per chunk (4) and player in the mirrored pass
    assert all(first > 0 for first, _ in seen)  # (it saw the first pass's processes)
    assert [alive for _, alive in seen] == [0] * 8


def test_passes_is_checked() -> None:
    with pytest.raises(InvalidConfigError, match="passes must be"):
        run_match(["call", "call"], hands=2, isolate=True, passes="both")  # type: ignore[arg-type]
    with pytest.raises(InvalidConfigError, match="passes needs isolate"):
        run_match(["call", "call"], hands=2, passes="sequential")
    both = run_match(["call", "raise"], hands=40, seed=2, duplicate=True, isolate=True,
                     passes="concurrent", progress=False)
    one = run_match(["call", "raise"], hands=40, seed=2, duplicate=True, isolate=True,
                    passes="sequential", progress=False)
    alone = run_match(["call", "raise"], hands=40, seed=2, duplicate=True, progress=False)
    assert both.players == one.players == alone.players


def test_match_command_passes(capsys: pytest.CaptureFixture[str]) -> None:
    from pokerkit_core.cli import main

    args = ["match", "call", "raise", "--hands", "20", "--seed", "3", "--duplicate", "--isolate", "--json"]
    assert main(args + ["--passes", "concurrent"]) == 0
    concurrent = json.loads(capsys.readouterr().out)
    assert main(args + ["--passes", "sequential"]) == 0
    assert json.loads(capsys.readouterr().out)["players"] == concurrent["players"]
    with pytest.raises(SystemExit):
        main(args + ["--passes", "later"])
    assert "invalid choice" in capsys.readouterr().err


# -- processes ---------------------------------------------------------------


@needs_proc
@pytest.mark.parametrize("passes", ["sequential", "concurrent"])
def test_processes_a_bot_starts_end_with_the_match(tmp_path: Path, passes: str) -> None:
    path = tmp_path / "pids.txt"
    bot = functools.partial(Spawner, pids=str(path))
    try:
        run_match([bot, "call"], names=["spawner", "call"], hands=8, seed=1, duplicate=True,
                  isolate=True, passes=passes, progress=False)  # type: ignore[arg-type]
        pids = _pids(path)
        assert len(pids) == 4  # a child and a daemon per pass
        assert [pid for pid in pids if _running(pid)] == []
    finally:
        _kill(_pids(path))


@needs_proc
def test_a_bot_forking_in_a_loop_leaves_nothing_running(tmp_path: Path) -> None:
    # issue 24 review: a thread of the bot kept forking children that call
    # setsid while its process was being ended; one forked after the last
    # scan, and before the kill, outlived the match (about 2 a match in 5
    # matches); its process is now stopped (SIGSTOP) before the scans
    paths = [tmp_path / f"pids{k}.txt" for k in range(3)]
    try:
        for path in paths:
            run_match([functools.partial(ThreadForker, pids=str(path)), "call"],
                      names=["thread-forker", "call"], hands=2, seed=2**64 + 3, isolate=True,
                      progress=False)
        pids = [pid for path in paths for pid in _pids(path)]
        assert len(pids) > 30  # (it did fork in a loop)
        assert [pid for pid in pids if _running(pid)] == []
    finally:
        for path in paths:
            _kill(_pids(path))


@needs_proc
def test_processes_a_killed_bot_started_end_with_it(tmp_path: Path) -> None:
    # its process hangs: killed at its second decision's time limit, and what
    # it started (a child, a daemon in a session of its own) with it
    path = tmp_path / "pids.txt"
    try:
        with IsolatedPolicy(functools.partial(SpawnThenHang, pids=str(path)), decision_timeout=0.5) as proxy:
            from pokerkit_core.errors import DecisionTimeout, PolicyDied
            from pokerkit_core.engine.observation import observe
            from pokerkit_core.engine.rules import GameConfig
            from pokerkit_core.engine.state import deal

            state = deal(GameConfig.acpc_heads_up(button=0), seed=3)
            view = observe(state, state.to_act or 0)
            proxy.decide(view)
            pids = _pids(path)
            assert len(pids) == 2 and all(_running(pid) for pid in pids)
            with pytest.raises(DecisionTimeout):
                proxy.decide(view)
            with pytest.raises(PolicyDied, match="after a time-out"):
                proxy.decide(view)
            assert [pid for pid in pids if _running(pid)] == []
    finally:
        _kill(_pids(path))


_SCRIPT = textwrap.dedent(
    """
    import functools, sys
    sys.path.insert(0, {tests!r})
    from procs_bots import Spawner
    from pokerkit_core.match.runner import run_match
    bot = functools.partial(Spawner, pids={pids!r})
    result = run_match([bot, "call"], names=["spawner", "call"], hands=4, seed=2**64 + 1,
                       isolate=True, progress=False)
    print("hands", result.hands)
    print("to stderr", file=sys.stderr)
    """
)


@needs_proc
def test_a_daemon_a_bot_starts_does_not_hold_the_callers_stdout(tmp_path: Path) -> None:
    # the match runs in a subprocess whose stdout and stderr are pipes: they
    # reach end-of-file when it exits (the daemon, which sleeps 120 s, would
    # hold them open: communicate() would time out)
    path = tmp_path / "pids.txt"
    src = str(Path(__import__("pokerkit_core").__file__).resolve().parents[1])
    env = {**os.environ, "PYTHONPATH": src + os.pathsep + os.environ.get("PYTHONPATH", "")}
    process = subprocess.Popen(
        [sys.executable, "-c", _SCRIPT.format(tests=str(HERE), pids=str(path))],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=tmp_path,
    )
    try:
        out, err = process.communicate(timeout=60)  # (a failure only: never a timing test)
        assert process.returncode == 0, err
        assert out.decode().split() == ["hands", "4"]
        assert err.decode().strip() == "to stderr"
        pids = _pids(path)
        assert len(pids) == 2
        assert [pid for pid in pids if _running(pid)] == []
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
        _kill(_pids(path))


_MAIN_FACTORY = textwrap.dedent(
    """
    from pokerkit_core.errors import PolicyError
    from pokerkit_core.players.isolation import IsolatedPolicy

    class Local:  # defined in the script being run: the child cannot import it
        name = "local"

        def __init__(self, *, seed=None):
            pass

    try:
        IsolatedPolicy(Local)
    except PolicyError as exc:
        print("refused:", exc)
    else:
        print("taken")
    """
)


def test_a_factory_defined_in_the_script_is_refused_at_once(tmp_path: Path) -> None:
    # the policy is pickled by this side now (so that the child unpickles it
    # once confined): still refused when it is made, with the hint, not when
    # the child fails to find it
    src = str(Path(__import__("pokerkit_core").__file__).resolve().parents[1])
    env = {**os.environ, "PYTHONPATH": src + os.pathsep + os.environ.get("PYTHONPATH", "")}
    done = subprocess.run([sys.executable, "-c", _MAIN_FACTORY], capture_output=True, text=True,
                          env=env, cwd=tmp_path, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("refused: policy 'local' cannot be started in its own process")
    assert "not in the script being run" in done.stdout


# -- the web server's match worker -------------------------------------------


def _children(pid: int) -> list[int]:
    found = []
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                stat = Path(f"/proc/{name}/stat").read_text(encoding="utf-8")
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(name))
    return found


def _listening(port: int) -> bool:
    """Whether a socket listens on 127.0.0.1:``port`` (a bind with
    ``SO_REUSEADDR`` fails only then)."""
    with socket.socket() as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind(("127.0.0.1", port))
        except OSError:
            return True
    return False


@needs_proc
def test_the_web_server_killed_after_a_match_view_restarts_on_its_port(tmp_path: Path) -> None:
    from webserver import process_server

    with process_server(tmp_path / "data") as (server, process):
        status, reply = server.request("POST", "/api/matches", {"players": ["call", "random"], "hands": 40, "seed": 3})
        assert status in (200, 201), reply
        match_id = reply["match"]["id"]
        deadline = time.monotonic() + 60
        while True:  # (the worker is started by the match's first point)
            status, reply = server.request("GET", f"/api/matches/{match_id}")
            if reply["match"]["done"] or time.monotonic() > deadline:
                break
            time.sleep(0.1)
        assert reply["match"]["done"] and reply["match"]["error"] is None
        workers = _children(process.pid)
        assert workers  # the match worker
        port = server.port
        process.kill()
        process.wait(10)
        deadline = time.monotonic() + 30
        while any(_running(pid) for pid in workers) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert [pid for pid in workers if _running(pid)] == []
        assert not _listening(port)
    with process_server(tmp_path / "data", port) as (again, process):
        status, _ = again.request("GET", "/api/options")
        assert status == 200
        assert process.poll() is None
