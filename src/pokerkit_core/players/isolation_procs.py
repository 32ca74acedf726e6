"""What an isolated policy's process is confined to, and how all it started ends.

Each policy process (:class:`~pokerkit_core.players.isolation.IsolatedPolicy`) gets,
before the policy is built (:func:`confine`, in the child):

- its own process group (``os.setpgid``; not a session of its own, which on
  Linux would also put it in a scheduling autogroup of its own and change how
  it shares the cores with the match), and on Linux the role of
  *child subreaper* (``prctl(PR_SET_CHILD_SUBREAPER)``), so that every process
  the bot starts, even one that forks twice and calls ``setsid`` to become a
  daemon, stays its descendant while it lives;
- standard streams on :data:`os.devnull` (the library keeps no bot output): a
  process the bot starts cannot hold the caller's stdout or stderr open;
- its own empty working directory, also its temporary directory
  (``TMPDIR``, ``TEMP``, ``TMP`` and :data:`tempfile.tempdir`), made by
  :func:`private_dir` on the caller's side and removed there once the process
  has ended, so that two policy processes do not meet through a relative path
  or the temporary directory;
- ``sys.argv`` cut to its first item: multiprocessing copies the caller's
  arguments into the child, and they may hold a seed (``--seed``);
- on Linux, the process is made not *dumpable* (``prctl(PR_SET_DUMPABLE,
  0)``), so that another process of the same user (the opponent's) cannot
  read its memory (``/proc/PID/mem``: its hole cards), its environment or
  its descriptors, unless it holds ``CAP_SYS_PTRACE`` (root, usually).

The process that starts policy processes is made not dumpable too
(:func:`guard_memory`, on the first one it starts, for the rest of its life):
its memory holds the match seed and every deck, which a bot could otherwise
read through ``/proc/PID/mem`` where the operating system's ``ptrace`` rules
allow it (a kernel without Yama's restrictions).  That process then leaves no
core dump, and debuggers or profilers of the same user (``gdb``,
``py-spy``) cannot attach to it.

When the process ends its own way (end-of-file on its pipe, its parent gone)
it kills every descendant first (:func:`end_descendants`); when the caller
stops it (:func:`end_process`), the caller kills its descendants, then it,
then whatever is left in its process group.

What remains possible: this is not a sandbox.  A bot runs as the caller's
user and can still write anywhere the operating system lets it (an absolute
path such as ``/tmp/x`` or ``$HOME``, which outlives the process), open
sockets, read the caller's command line (``/proc/PID/cmdline``: a seed given
there is no secret), and start a process that leaves its process group
*after* its own process has died abruptly (``os._exit`` in the bot), or after
the bot gave up its process's subreaper role (``prctl``, which its own code
may call), without being found.  Run bots as separate users, or in
containers, to rule that out.
"""

from __future__ import annotations

import os
import shutil
import signal
import sys
import tempfile
import time

__all__ = [
    "confine",
    "descendants",
    "die_with_parent",
    "end_descendants",
    "end_process",
    "guard_memory",
    "private_dir",
    "remove_dir",
]

_PR_SET_CHILD_SUBREAPER = 36  # <linux/prctl.h>
_PR_SET_PDEATHSIG = 1
_PR_SET_DUMPABLE = 4
_KILL_ROUNDS = 50  # rounds of scan-and-kill (a bot forking as fast as it can)
_ROUND_SECONDS = 0.01


def private_dir() -> str:
    """A fresh empty directory (``tempfile.mkdtemp``, mode 0700) for one
    policy process: its working and temporary directory."""
    return tempfile.mkdtemp(prefix="pokerkit-policy-")


def remove_dir(path: str | None) -> None:
    """Remove a :func:`private_dir` and everything in it (errors ignored)."""
    if path is not None:
        shutil.rmtree(path, ignore_errors=True)


def _prctl(option: int, value: int) -> bool:
    """``prctl(option, value)`` on Linux through :mod:`ctypes`; ``False`` elsewhere or if refused."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        return int(libc.prctl(option, value, 0, 0, 0)) == 0
    except (OSError, AttributeError):  # pragma: no cover - no libc prctl
        return False


def die_with_parent() -> None:
    """Ask Linux to kill this process (SIGKILL) when the thread that started
    it ends (``prctl(PR_SET_PDEATHSIG)``); nothing elsewhere."""
    _prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)


_guarded = False


def guard_memory() -> None:
    """Make this process not dumpable (Linux ``prctl(PR_SET_DUMPABLE, 0)``;
    nothing elsewhere), once, for the rest of its life: other processes of the
    user without ``CAP_SYS_PTRACE`` (a policy process) can no longer read its
    memory, environment or descriptors through ``/proc``; it leaves no core
    dump and debuggers cannot attach to it.  Called by the caller's side
    before it starts a policy process."""
    global _guarded
    if not _guarded:
        _guarded = True
        _prctl(_PR_SET_DUMPABLE, 0)


def confine(workdir: str | None) -> None:  # pragma: no cover - runs in the child
    """In a new policy process, before the bot's code runs: a process group
    of its own, subreaper and not dumpable (Linux), standard streams on
    :data:`os.devnull`, ``workdir`` as working and temporary directory, and
    ``sys.argv`` without the caller's arguments (see the module).

    Args:
        workdir: The process's :func:`private_dir`, or ``None`` (left as is).
    """
    try:
        os.setpgid(0, 0)
    except (OSError, AttributeError):  # no setpgid (Windows)
        pass
    _prctl(_PR_SET_CHILD_SUBREAPER, 1)
    _prctl(_PR_SET_DUMPABLE, 0)  # its memory (hole cards) unreadable by the other policies
    del sys.argv[1:]  # the caller's arguments (multiprocessing copies them here)
    try:
        null = os.open(os.devnull, os.O_RDWR)
        for fd in (0, 1, 2):
            os.dup2(null, fd)
        if null > 2:
            os.close(null)
    except OSError:
        pass
    if workdir is None:
        return
    here = os.getcwd()
    # the bot's modules are imported through sys.path: keep its entries where they were
    sys.path[:] = [os.path.join(here, entry) if not os.path.isabs(entry) else entry for entry in sys.path]
    os.chdir(workdir)
    for name in ("TMPDIR", "TEMP", "TMP"):
        os.environ[name] = workdir
    tempfile.tempdir = workdir


def _parents() -> dict[int, tuple[int, int]]:
    """Every process's parent and process group (Linux ``/proc``); empty elsewhere."""
    found: dict[int, tuple[int, int]] = {}
    try:
        names = os.listdir("/proc")
    except OSError:
        return found
    for name in names:
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat", "rb") as file:
                stat = file.read()
        except OSError:  # (it ended meanwhile)
            continue
        fields = stat.rsplit(b")", 1)[-1].split()
        if len(fields) > 3 and fields[0] not in (b"Z", b"X"):
            found[int(name)] = (int(fields[1]), int(fields[2]))
    return found


def descendants(pid: int) -> list[int]:
    """The running processes below ``pid`` (children, theirs, ...) and those
    in the process group ``pid`` leads, ``pid`` itself excluded (Linux ``/proc``;
    empty elsewhere)."""
    table = _parents()
    children: dict[int, list[int]] = {}
    for child, (parent, _) in table.items():
        children.setdefault(parent, []).append(child)
    found = {child for child, (_, group) in table.items() if group == pid}
    stack = [pid]
    while stack:
        for child in children.get(stack.pop(), ()):
            if child not in found:
                found.add(child)
                stack.append(child)
    found.discard(pid)
    return sorted(found)


def _kill(pids: list[int]) -> None:
    for pid in pids:
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:  # (it ended meanwhile)
            pass


def _stop(pid: int) -> None:
    """Stop process ``pid`` (``SIGSTOP``; nothing where there is none)."""
    stop = getattr(signal, "SIGSTOP", None)
    if stop is not None:
        try:
            os.kill(pid, stop)
        except OSError:  # (it ended meanwhile)
            pass


def _reap_children() -> None:
    """Wait for every ended child of this process (a subreaper's orphans too)."""
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except (ChildProcessError, AttributeError):
            return
        if pid == 0:
            return


def end_descendants() -> None:  # pragma: no cover - runs in the child
    """In a policy process about to end: kill every process below it and wait
    for them (as a subreaper it inherits the orphans, so the whole tree)."""
    me = os.getpid()
    for _ in range(_KILL_ROUNDS):
        left = descendants(me)
        _kill(left)
        _reap_children()
        if not left:
            return
        time.sleep(_ROUND_SECONDS)


def end_process(process: object, grace: float) -> None:
    """The caller's side: let a policy process (a started
    :class:`multiprocessing.Process` whose pipe was closed) end within
    ``grace`` seconds, else stop it (``SIGSTOP``: it starts nothing more),
    kill what it started, then it; then kill what is left in its process
    group.

    Args:
        process: The process.
        grace: Seconds it has to end by itself.
    """
    join = getattr(process, "join")
    pid = getattr(process, "pid")
    join(grace)
    if getattr(process, "is_alive")():
        if pid is not None:  # (its descendants first: it is their subreaper while it lives)
            # stopped (SIGSTOP cannot be caught), it starts nothing more between
            # the last scan and its kill: a thread of the bot forking in a loop
            # left a process or two outside every scan (issue 24 review)
            _stop(pid)
            for _ in range(_KILL_ROUNDS):
                left = descendants(pid)
                if not left:
                    break
                _kill(left)
        getattr(process, "kill")()
        join(1.0)
    if pid is None:
        return
    for _ in range(_KILL_ROUNDS):  # what it left in its group (it died abruptly)
        left = descendants(pid)
        if not left:
            break
        _kill(left)
        time.sleep(_ROUND_SECONDS)
    if hasattr(os, "killpg") and not os.path.isdir("/proc"):  # (else its group was scanned)
        try:
            os.killpg(pid, signal.SIGKILL)
        except OSError:  # no such group: all ended
            pass
