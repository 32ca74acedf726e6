"""The step API's overhead per action against driving ``act`` directly.

Three ways to play the same kind of hands at a 6-max no-limit table (blinds
50/100, 100 big blinds each, stacks reset every hand), every seat choosing
check if it can, else call (a fixed, cheap decision, so the figures measure
the machinery and not a policy):

* ``act``: ``deal(config, seed=...)`` then ``act(state, action)`` in a loop,
  the engine alone;
* ``HandDriver.apply``: the same hands through the one hand driver with every
  seat external (turn check, action re-built and checked, events callback);
* ``TableSession.apply``: a table session with six external seats
  (``start_hand`` / ``to_act`` / ``apply``: positions, blinds, records).

Prints microseconds per action for each and the ratios to ``act`` (hands
included: their deal and, for the session, the record of each hand are spread
over the actions).

Run: ``python benchmarks/bench_step.py [--hands N]``.  Figures depend on the
machine and its load; ratios within one run are the comparable part.
"""

from __future__ import annotations

import argparse
import time

from pokerkit_core import Call, Check, GameConfig, act, deal, legal_actions
from pokerkit_core.engine.actions import Action
from pokerkit_core.players.driver import HandDriver
from pokerkit_core.engine.state import HandState
from pokerkit_core.tables.session import Blinds, StackMode, TableConfig, TableSession

SEATS = 6


def passive(state: HandState) -> Action:
    return Check if legal_actions(state).can_check else Call


def direct(hands: int) -> tuple[float, int]:
    """Seconds and actions: the engine alone."""
    config = GameConfig.no_limit(players=SEATS, stack=10_000)
    actions = 0
    start = time.perf_counter()
    for hand in range(hands):
        state = deal(config, seed=hand)
        while not state.is_over:
            state = act(state, passive(state))
            actions += 1
    return time.perf_counter() - start, actions


def driver(hands: int) -> tuple[float, int]:
    """Seconds and actions: the hand driver's step calls, every seat external."""
    config = GameConfig.no_limit(players=SEATS, stack=10_000)
    actions = 0
    start = time.perf_counter()
    for hand in range(hands):
        hand_driver = HandDriver(deal(config, seed=hand), [None] * SEATS, hand_number=hand)
        state = hand_driver.state
        while (seat := hand_driver.to_act) is not None:
            state = hand_driver.apply(seat, passive(state))
            actions += 1
    return time.perf_counter() - start, actions


def session(hands: int) -> tuple[float, int]:
    """Seconds and actions: a table session with six external seats."""
    config = TableConfig(
        stacks=(10_000,) * SEATS,
        blinds=Blinds(50, 100),
        stack_mode=StackMode.RESET,
        max_hands=hands,
        keep_hands=False,
    )
    table = TableSession(config, [None] * SEATS, seed=1)
    actions = 0
    start = time.perf_counter()
    while not table.is_over:
        state = table.start_hand()
        while (seat := table.to_act) is not None:
            state = table.apply(seat, passive(state))
            actions += 1
    return time.perf_counter() - start, actions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=3000)
    args = parser.parse_args()
    rows = [("act (engine alone)", direct), ("HandDriver.apply", driver), ("TableSession.apply", session)]
    base: float | None = None
    print(f"{SEATS}-max no-limit, check/call everywhere, {args.hands} hands")
    for label, run in rows:
        run(max(50, args.hands // 20))  # warm up
        seconds, actions = run(args.hands)
        per_action = seconds / actions * 1e6
        base = base or per_action
        print(
            f"  {label:<20} {per_action:8.2f} us/action  ({actions} actions)  "
            f"x{per_action / base:.2f} of act"
        )


if __name__ == "__main__":
    main()
