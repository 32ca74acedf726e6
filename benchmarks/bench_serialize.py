"""JSON round trips of hand states per second, against pickle in the same run.

A round trip is ``serialize.loads(serialize.dumps(state))`` of a mid-hand
6-max no-limit state (blinds 50/100, 100 big blinds, on the flop after six
pre-flop actions).  ``loads`` rebuilds the state by replaying its deal and
actions and checks its public fields, so it does the work of the engine
plus JSON; pickle copies the private fields without checking anything.

Rows: the same state again and again, and 500 different mid-hand states (one
per seed, same table: decoded configs are shared by value, as a table's
states share one); ``loads`` of the 500 documents re-spaced by
:func:`json.dumps` (other writers' text: the JSON parser and the field
checks, not the path for ``dumps``' exact text); and the replay alone (no
JSON), the floor of ``loads``, as ``deal`` + ``act`` and as
:func:`~pokerkit_core.engine.state.replay_actions` (what ``loads`` calls).  The issue's
target is 20,000 JSON round trips a second.

Run: ``python benchmarks/bench_serialize.py [--seconds S]``.  Figures depend
on the machine and its load; the ratio to pickle within one run is the
comparable part.
"""

from __future__ import annotations

import argparse
import json
import pickle
import random
import time
from typing import Callable

from pokerkit_core import Call, Fold, GameConfig, Raise, act, deal, legal_actions
from pokerkit_core.engine.actions import Action
from pokerkit_core.engine.events import ActionTaken
from pokerkit_core.formats.serialize import _deal_order, dumps, loads
from pokerkit_core.engine.state import HandState, replay_actions


def _actions(state: HandState) -> list[Action]:
    return [event.action for event in state.history if isinstance(event, ActionTaken)]


def mid_hand(seed: int) -> HandState:
    """A 6-max state on the flop: random pre-flop calls and one raise."""
    rng = random.Random(seed)
    state = deal(GameConfig.no_limit(players=6, stack=10_000, small_blind=50, big_blind=100), seed=seed)

    raised = False
    while not state.is_over and state.street == 0:
        legal = legal_actions(state)
        if not raised and legal.can_raise:
            action = Raise(legal.min_raise_to)
            raised = True
        else:
            action = Call if rng.random() < 0.6 or not legal.can_fold else Fold
        state = act(state, action)
    return state


def rate(work: Callable[[], object], items: int, seconds: float) -> float:
    """Items per CPU second of ``work`` (each call handles ``items``), best of 3.

    CPU time of this process (:func:`time.process_time`), not wall time: on a
    shared machine other processes then count less.
    """
    best = 0.0
    for _ in range(3):
        calls = 0
        start = time.process_time()
        while True:
            work()
            calls += 1
            elapsed = time.process_time() - start
            if elapsed >= seconds / 3:
                break
        best = max(best, calls * items / elapsed)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per row (default 3)")
    args = parser.parse_args()
    many = [mid_hand(seed) for seed in range(500)]
    one = next(state for state in many[5:] if not state.is_over)  # seed 5's hand ends pre-flop
    text = dumps(one)
    assert loads(text).history == one.history
    spaced = [json.dumps(json.loads(dumps(state))) for state in many]
    assert all(loads(doc) == state for doc, state in zip(spaced, many))
    print(f"mid-hand 6-max state: {len(one.history)} events, JSON {len(text):,} characters, "
          f"pickle {len(pickle.dumps(one)):,} bytes")

    def json_many() -> None:
        for state in many:
            loads(dumps(state))

    def loads_spaced() -> None:
        for doc in spaced:
            loads(doc)

    def pickle_many() -> None:
        for state in many:
            pickle.loads(pickle.dumps(state))

    # the floor of loads: the engine's own deal + act replay of each state
    plans = [(state.config, _deal_order(state), _actions(state)) for state in many]

    def replay_many() -> None:
        for config, deck, actions in plans:
            state = deal(config, deck=deck)
            for action in actions:
                state = act(state, action)

    coded = [(config, [card.code for card in deck], actions) for config, deck, actions in plans]

    def replay_fn_many() -> None:
        for config, codes, actions in coded:
            replay_actions(config, codes, actions)

    rows = (
        ("dumps (one state)", lambda: dumps(one), 1),
        ("loads (one state)", lambda: loads(text), 1),
        ("JSON round trip (one state)", lambda: loads(dumps(one)), 1),
        ("pickle round trip (one state)", lambda: pickle.loads(pickle.dumps(one)), 1),
        ("JSON round trip (500 states)", json_many, len(many)),
        ("pickle round trip (500 states)", pickle_many, len(many)),
        ("loads, re-spaced text (500 states)", loads_spaced, len(many)),
        ("replay only: deal + act (500 states)", replay_many, len(many)),
        ("replay only: state.replay_actions (500 states)", replay_fn_many, len(many)),
    )
    figures: dict[str, float] = {}
    print(f"{'workload':40s} {'per second':>12s}")
    for name, work, items in rows:
        figures[name] = rate(work, items, args.seconds)
        print(f"{name:40s} {figures[name]:12,.0f}")
    for which in ("one state", "500 states"):
        ratio = figures[f"JSON round trip ({which})"] / figures[f"pickle round trip ({which})"]
        print(f"JSON / pickle round trips ({which}): {ratio:.2f}x")
    target = 20_000
    got = figures["JSON round trip (500 states)"]
    print(f"target {target:,}/s: {'met' if got >= target else 'not met'} ({got:,.0f}/s)")


if __name__ == "__main__":
    main()
