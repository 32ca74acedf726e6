"""JSON round trips of hand states per second, against pickle in the same run.

A round trip is ``serialize.loads(serialize.dumps(state))`` of a mid-hand
6-max no-limit state (blinds 50/100, 100 big blinds, on the flop after six
pre-flop actions).  ``loads`` rebuilds the state by replaying its deal and
actions and checks its public fields, so it does the work of the engine
plus JSON; pickle copies the private fields without checking anything.

Rows: ``to_dict``, ``dumps`` and ``loads`` of one state; the same state's
round trip again and again, and 500 different mid-hand states (one per seed,
same table: decoded configs are shared by value, as a table's states share
one); ``loads`` of the 500 documents as ``dumps`` writes them, with the keys
of every object shuffled (what a client in another language may write: its
own key order, the same compact text otherwise), and re-spaced by
:func:`json.dumps`; and the replay alone (no JSON), the floor of ``loads``, as
``deal`` + ``act`` and as :func:`~pokerkit_core.engine.state.replay_actions` (what
``loads`` calls).  The ratios printed at the end compare rows of this run:
shuffled keys against the exact text (the target is within 1.3x) and JSON
against pickle.  The issue's target is 20,000 JSON round trips a second.

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
from pokerkit_core.formats.serialize import _deal_order, dumps, loads, to_dict
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


def shuffled(value: object, rng: random.Random) -> object:
    """``value`` (JSON data) with the keys of every object in a random order."""
    if isinstance(value, dict):
        keys = list(value)
        rng.shuffle(keys)
        return {key: shuffled(value[key], rng) for key in keys}
    if isinstance(value, list):
        return [shuffled(item, rng) for item in value]
    return value


def compact(value: object) -> str:
    return json.dumps(value, separators=(",", ":"))


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
    exact = [dumps(state) for state in many]
    rng = random.Random(1)
    reordered = [compact(shuffled(json.loads(doc), rng)) for doc in exact]
    one_reordered = compact(shuffled(json.loads(text), rng))
    spaced = [json.dumps(json.loads(doc)) for doc in exact]
    for docs in (exact, reordered, spaced):
        assert all(loads(doc) == state for doc, state in zip(docs, many))
    assert loads(one_reordered) == one and one_reordered != text
    print(f"mid-hand 6-max state: {len(one.history)} events, JSON {len(text):,} characters, "
          f"pickle {len(pickle.dumps(one)):,} bytes")

    def json_many() -> None:
        for state in many:
            loads(dumps(state))

    def loads_all(docs: list[str]) -> Callable[[], None]:
        def work() -> None:
            for doc in docs:
                loads(doc)

        return work

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
        ("to_dict (one state)", lambda: to_dict(one), 1),
        ("dumps (one state)", lambda: dumps(one), 1),
        ("loads, exact text (one state)", lambda: loads(text), 1),
        ("loads, shuffled keys (one state)", lambda: loads(one_reordered), 1),
        ("JSON round trip (one state)", lambda: loads(dumps(one)), 1),
        ("pickle round trip (one state)", lambda: pickle.loads(pickle.dumps(one)), 1),
        ("JSON round trip (500 states)", json_many, len(many)),
        ("pickle round trip (500 states)", pickle_many, len(many)),
        ("loads, exact text (500 states)", loads_all(exact), len(many)),
        ("loads, shuffled keys (500 states)", loads_all(reordered), len(many)),
        ("loads, re-spaced text (500 states)", loads_all(spaced), len(many)),
        ("replay only: deal + act (500 states)", replay_many, len(many)),
        ("replay only: state.replay_actions (500 states)", replay_fn_many, len(many)),
    )
    figures: dict[str, float] = {}
    print(f"{'workload':42s} {'per second':>12s}")
    for name, work, items in rows:
        figures[name] = rate(work, items, args.seconds)
        print(f"{name:42s} {figures[name]:12,.0f}")
    for which in ("one state", "500 states"):
        ratio = figures[f"loads, exact text ({which})"] / figures[f"loads, shuffled keys ({which})"]
        print(f"loads time, shuffled keys / exact text ({which}): {ratio:.2f}x (target at most 1.3x)")
    for which in ("one state", "500 states"):
        ratio = figures[f"JSON round trip ({which})"] / figures[f"pickle round trip ({which})"]
        print(f"JSON / pickle round trips ({which}): {ratio:.2f}x")
    target = 20_000
    got = figures["JSON round trip (500 states)"]
    print(f"target {target:,}/s: {'met' if got >= target else 'not met'} ({got:,.0f}/s)")


if __name__ == "__main__":
    main()
