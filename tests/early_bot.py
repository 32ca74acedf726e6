"""A bot whose module records, when it is imported, where that happens, for
tests/test_isolation_procs.py (issue 24 review): a policy module's top-level
code must run in the confined policy process (its own process group, its own
directory, standard streams on the null device, none of the caller's
command-line arguments), as its methods do."""

from __future__ import annotations

import json
import os
import sys

from pokerkit_core.engine.actions import Action
from pokerkit_core.engine.observation import Observation

from cheaters import honest


def dumpable() -> int | None:
    """This process's ``prctl(PR_GET_DUMPABLE)`` (Linux), else ``None``."""
    if not sys.platform.startswith("linux"):
        return None
    import ctypes

    return int(ctypes.CDLL(None).prctl(3, 0, 0, 0, 0))


def _where() -> dict[str, object]:
    return {
        "pid": os.getpid(),
        "pgid": os.getpgid(0) if hasattr(os, "getpgid") else None,
        "cwd": os.getcwd(),
        "stdout_null": os.path.samestat(os.fstat(1), os.stat(os.devnull)),
        "arguments": sys.argv[1:],
        "dumpable": dumpable(),
    }


IMPORTED_IN = _where()  # top-level code: runs when the module is imported


class ImportReporter:
    """Writes, when built, where its module was imported and where it is
    built (JSON lines ``{"imported": ..., "built": ...}``) to ``where`` (an
    absolute path).  Plays as ``call``."""

    name = "import-reporter"

    def __init__(self, *, seed: int | None = None, where: str = "") -> None:
        with open(where, "a", encoding="utf-8") as file:
            file.write(json.dumps({"imported": IMPORTED_IN, "built": _where()}) + "\n")

    def decide(self, observation: Observation) -> Action:
        return honest(observation)
