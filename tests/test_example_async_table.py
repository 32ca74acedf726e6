"""examples/async_table.py: four people (asyncio queues) and two AIs in one
event loop, with a person who never answers timed out each time."""

from __future__ import annotations

import asyncio
import importlib.util
import sys
from pathlib import Path
from types import ModuleType

from pokerkit_core.players.driver import FaultKind

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "async_table.py"


def load_example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("async_table_example", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_four_people_and_two_ais_in_one_event_loop() -> None:
    example = load_example()

    def person(seed: int, silent: bool = False):  # type: ignore[no-untyped-def]
        return lambda p: example.scripted_person(p, seed=seed, silent=silent)

    clients = [person(1), person(2), person(3), person(4, silent=True)]
    session = asyncio.run(example.play(clients, hands=6, seed=3, decision_timeout=0.2))
    assert session.hand_count == 6
    assert sum(session.stacks) == 6 * 2_000
    # the silent person (seat 3) timed out at each of its turns and the table
    # went on; every fault is a time-out (on a loaded machine an AI may be
    # late too, so other seats are not required to be fault-free)
    silent = [f for f in session.faults if f.seat == 3]
    asked = sum(1 for s in session.hands for e in s.history if getattr(e, "seat", None) == 3
                and type(e).__name__ == "ActionTaken")
    assert silent and len(silent) == asked
    assert all(f.kind is FaultKind.TIMEOUT for f in session.faults)
    assert all(f.substitute in ("check", "fold") for f in session.faults)
    # the people who answered did play: their moves are in the hands
    acted = {e.seat for s in session.hands for e in s.history if type(e).__name__ == "ActionTaken"}
    assert {0, 1, 2} <= acted


def test_a_person_who_sends_junk_is_asked_again() -> None:
    example = load_example()

    async def junk_then_call(person) -> None:  # type: ignore[no-untyped-def]
        while True:
            view = await person.views.get()
            await person.moves.put("hello")  # not a move: the person is asked again
            await person.views.get()
            await person.moves.put("k" if view.legal.can_check else "c")

    clients = [junk_then_call] * 4
    session = asyncio.run(example.play(clients, hands=2, seed=5, decision_timeout=5.0))
    assert session.hand_count == 2 and session.faults == ()
