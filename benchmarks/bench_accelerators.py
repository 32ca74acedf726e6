"""What each part of the C accelerator ``_speedups`` buys on a user's workload.

Each row is one workload run with the whole accelerator (``with``) and with
one of its parts switched back to the Python reference it copies
(``without``), or with none of it (``POKERKIT_CORE_PURE=1``, the
all-or-nothing switch); ``ratio`` is ``with / without`` in the workload's
rate (above 1: the C part pays).  Every figure of a workload comes from the
same run, each configuration in a fresh process of its own (so that a part
switched off stays off in every module that bound it, and in the policy
processes of an isolated match).

Workloads: ``evaluate`` of 200,000 random 7-card hands (tuples of Cards,
one call each, as a user's own loop makes them); random-play hands, heads-up and 6-max
(``benchmarks/bench_engine.py``'s policy, a fresh ``deal`` per hand);
a 2,000-hand match ``hard`` against ``normal``; JSON round trips
(``loads(dumps(state))``) of 500 mid-hand 6-max states
(``benchmarks/bench_serialize.py``'s); and an isolated 4,000-hand match
``call`` against ``raise`` (``isolate=True``).  Rates are per CPU second of
the measuring process (:func:`time.process_time`); for the isolated match,
per CPU second of that process and its policy processes together (the wall
rate of an isolated match swings with the machine's load: see
``benchmarks/bench_isolation.py`` for it).

The parts (each a binding of ``_speedups`` and the Python reference that
replaces it here, in every ``pokerkit_core`` module that imported it):

* ``evaluate``: ``evaluate_mask`` and ``evaluate`` (``csrc/pkc_speedups.c``);
* ``engine``: ``act``, ``_act`` and ``legal_actions`` (``bind_engine``,
  ``csrc/pkc_engine.c``);
* ``copy_state``: ``copy_state`` (``csrc/pkc_engine.c``);
* ``dealing``: ``deal_codes`` and ``deal_record`` (``csrc/pkc_engine.c``);
* ``state_json``: ``state_json`` (``csrc/pkc_engine.c``).

(Three more parts were measured by this benchmark and retired, none giving
1.1x on any workload where it ran: the Observation builder ``bind_slots``,
the isolated view's packer ``view_packed``/``unpack_view`` and the event
encoder ``encode_events``; see the CHANGELOG.)

The hand-state base class ``StateBase`` has no switch of its own (the
engine's classes are built on it): only the ``pure`` row shows it.

Run: ``python benchmarks/bench_accelerators.py [--rounds N] [--scale X]``;
the table gives the median over the rounds of each figure.  Figures depend
on the machine and its load; ratios within one run are the comparable part.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from typing import Any, Callable

OFF_ENV = "POKERKIT_BENCH_ACCEL_OFF"
"""The environment variable naming the part switched off in a worker (and in
the policy processes it starts)."""

PARTS = ("evaluate", "engine", "copy_state", "dealing", "state_json")

WORKLOADS: dict[str, tuple[str, ...]] = {
    "evaluate hands": ("evaluate",),
    "random heads-up": ("evaluate", "engine", "copy_state", "dealing"),
    "random 6-max": ("evaluate", "engine", "copy_state", "dealing"),
    "match hard:normal": ("evaluate", "engine", "copy_state", "dealing"),
    "json round trips": ("evaluate", "engine", "copy_state", "dealing", "state_json"),
    "isolated call:raise": ("evaluate", "engine", "copy_state", "dealing"),
}
"""Each workload and the parts it runs (the others it never calls)."""


def _swap(old: object, new: object) -> int:
    """Rebind every ``pokerkit_core`` module global that is ``old`` to ``new``;
    the number rebound (0 means ``old`` was not bound anywhere)."""
    count = 0
    for name, module in list(sys.modules.items()):
        if not (name == "pokerkit_core" or name.startswith("pokerkit_core.")) or module is None:
            continue
        for key, value in list(vars(module).items()):
            if value is old:
                setattr(module, key, new)
                count += 1
    return count


def switch_off(part: str) -> None:
    """Put the Python reference of ``part`` where the C one was bound.

    Raises:
        RuntimeError: The accelerator is not loaded, or the part was bound
            nowhere (the switch would measure nothing).
    """
    import pokerkit_core  # noqa: F401  (every module that binds a part)
    from pokerkit_core.engine import dealing, hand_state, state
    from pokerkit_core.evaluation import evaluator
    from pokerkit_core.formats import serialize
    from pokerkit_core.players import compact, driver, isolation_child, isolation_wire  # noqa: F401 (bind parts)

    if evaluator.STATE_KERNEL is None:
        raise RuntimeError("no C accelerator loaded")
    swaps: list[tuple[object, object]] = []
    if part == "evaluate":
        swaps = [(evaluator._fast_evaluate_mask, evaluator._evaluate_mask_py),
                 (evaluator._fast_evaluate, evaluator._evaluate_py)]
    elif part == "engine":
        swaps = [(state.act, state._act_reference), (state._act, state._act_py),
                 (state.legal_actions, state._legal_reference)]
    elif part == "copy_state":
        swaps = [(hand_state.copy_state, hand_state._copy_state)]
    elif part == "dealing":
        swaps = [(dealing.make_deal, dealing._make_deal_py)]
        dealing._fast_codes = None
    elif part == "state_json":
        swaps = [(serialize._state_tail, serialize._state_tail_py)]
    else:
        raise RuntimeError(f"unknown part {part!r}")
    for old, new in swaps:
        if _swap(old, new) == 0:
            raise RuntimeError(f"{part}: {old!r} is bound nowhere")


def _preload_switch() -> None:
    """Make the forkserver of policy processes import this module too, so
    that the part switched off here is off in the policies' processes."""
    from pokerkit_core.players import isolation

    original = isolation._context

    def context() -> Any:
        made = original()
        if hasattr(made, "set_forkserver_preload"):
            made.set_forkserver_preload([isolation.child.__name__, "importlib.metadata", "bench_accelerators"])
        return made

    isolation._context = context


def _random_hands(players: int, hands: int) -> float:
    from bench_engine import play_ours

    return play_ours(players, hands)[0]


def _match(hands: int) -> float:
    from pokerkit_core.match.runner import run_match

    start = time.process_time()
    run_match(["hard", "normal"], hands=hands, seed=1)
    return hands / (time.process_time() - start)


def _json(states: int, repeat: int) -> float:
    from bench_serialize import mid_hand

    from pokerkit_core.formats.serialize import dumps, loads

    sample = [mid_hand(seed) for seed in range(states)]
    start = time.process_time()
    for _ in range(repeat):
        for s in sample:
            loads(dumps(s))
    return states * repeat / (time.process_time() - start)


def _evaluate(hands: int) -> float:
    from pokerkit_core.evaluation.cards import CARDS
    from pokerkit_core.evaluation.evaluator import evaluate

    rng = random.Random(1)
    sample = [tuple(rng.sample(CARDS, 7)) for _ in range(hands)]
    start = time.process_time()
    for cards in sample:
        evaluate(cards)
    return hands / (time.process_time() - start)


def _reaped_cpu(pid: int) -> float:
    """CPU seconds of the children process ``pid`` has reaped (Linux ``/proc``)."""
    with open(f"/proc/{pid}/stat") as fp:
        fields = fp.read().rsplit(")", 1)[1].split()
    return (int(fields[13]) + int(fields[14])) / os.sysconf("SC_CLK_TCK")


def _isolated(hands: int) -> float:
    """Hands per CPU second of the whole isolated match: this process and
    its policy processes (children of the forkserver, which reaps them)."""
    from multiprocessing import forkserver

    from pokerkit_core.match.runner import run_match

    run_match(["call", "raise"], hands=200, isolate=True)  # the forkserver started
    server = forkserver._forkserver._forkserver_pid  # type: ignore[attr-defined]
    time.sleep(0.2)
    before, cpu = _reaped_cpu(server), time.process_time()
    run_match(["call", "raise"], hands=hands, isolate=True)
    cpu = time.process_time() - cpu
    time.sleep(0.2)  # (the policy processes reaped)
    return hands / (cpu + _reaped_cpu(server) - before)


def run_workload(workload: str, scale: float) -> float:
    """The rate of ``workload`` in this process (hands/s or round trips/s)."""
    n = max(1, round(scale * 1000))
    table: dict[str, Callable[[], float]] = {
        "evaluate hands": lambda: _evaluate(200 * n),
        "random heads-up": lambda: _random_hands(2, 8 * n),
        "random 6-max": lambda: _random_hands(6, 3 * n),
        "match hard:normal": lambda: _match(2 * n),
        "json round trips": lambda: _json(500, max(1, round(4 * scale))),
        "isolated call:raise": lambda: _isolated(4 * n),
    }
    return table[workload]()


def _worker(workload: str, scale: float) -> None:
    part = os.environ.get(OFF_ENV, "")
    if part:
        switch_off(part)
        if workload.startswith("isolated"):
            _preload_switch()
    random.seed(0)
    print(json.dumps({"rate": run_workload(workload, scale)}))


def measure(workload: str, config: str, scale: float) -> float:
    """One worker process's rate of ``workload``: ``config`` is ``with``,
    ``pure`` or the name of the part switched off."""
    env = dict(os.environ)
    env.pop(OFF_ENV, None)
    env.pop("POKERKIT_CORE_PURE", None)
    if config == "pure":
        env["POKERKIT_CORE_PURE"] = "1"
    elif config != "with":
        env[OFF_ENV] = config
    here = os.path.dirname(os.path.abspath(__file__))
    # (the policies' forkserver imports this module by name: it needs the path)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, (here, env.get("PYTHONPATH"))))
    out = subprocess.run(
        [sys.executable, os.path.join(here, "bench_accelerators.py"), "--worker", workload, "--scale", str(scale)],
        env=env, check=True, capture_output=True, text=True,
    ).stdout
    return float(json.loads(out.strip().splitlines()[-1])["rate"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3, help="runs of every figure (the median is shown)")
    parser.add_argument("--scale", type=float, default=1.0, help="workload size (1: the sizes in the doc)")
    parser.add_argument("--workloads", nargs="+", default=list(WORKLOADS))
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        _worker(args.worker, args.scale)
        return
    print(f"{'workload':<22}{'accelerator':<13}{'with':>11}{'without':>11}{'ratio':>8}")
    for workload in args.workloads:
        configs = ["with", *WORKLOADS[workload], "pure"]
        rates: dict[str, list[float]] = {config: [] for config in configs}
        for _ in range(args.rounds):  # interleaved: the load of the machine hits every config alike
            for config in configs:
                rates[config].append(measure(workload, config, args.scale))
        base = statistics.median(rates["with"])
        for config in configs[1:]:
            without = statistics.median(rates[config])
            ratios = sorted(w / o for w, o in zip(rates["with"], rates[config]))
            print(f"{workload:<22}{config:<13}{base:>11,.0f}{without:>11,.0f}{statistics.median(ratios):>7.2f}x")
        sys.stdout.flush()


if os.environ.get(OFF_ENV) and __name__ not in ("__main__",):
    # imported by a policy process's forkserver (see _preload_switch)
    switch_off(os.environ[OFF_ENV])

if __name__ == "__main__":
    main()
