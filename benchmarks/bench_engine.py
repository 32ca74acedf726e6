"""Rules-engine throughput: random-play hands per second and branching cost.

Prints, for heads-up, 6-max, 9-max and 10-max no-limit tables (blinds 50/100, 100 big
blinds each), the number of complete hands per second that one core plays with
a random policy: at each decision, uniform among fold, check/call, the minimum
bet or raise, and all-in, whichever are legal.  Each hand is a fresh
``deal(config, seed=...)`` (shuffle included) played to the end, pots paid.

When PokerKit is importable, the same policy runs on PokerKit's
``NoLimitTexasHoldem`` (automations for blinds, dealing, showdown and chip
pushing) and the ratio ours / PokerKit is printed from the same run.

Branching: from mid-hand states, the time to build two different successor
states from one state (``act(s, a1)`` and ``act(s, a2)``), which is all a
search needs since states are immutable (PokerKit needs a deep copy).

Times are CPU seconds of this process (:func:`time.process_time`), not wall
time: on a shared machine other processes then count less.

Run: ``python benchmarks/bench_engine.py [--hands N]``.  Figures depend on the
machine and its load; ratios within one run are the comparable part.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any, Callable

from pokerkit_core import AllIn, Call, Check, Fold, GameConfig, act, deal, legal_actions
from pokerkit_core.engine.actions import Action, ActionKind, LegalActions
from pokerkit_core.engine.state import HandState

_clock = time.process_time  # CPU seconds of this process (see the module doc)


def choose(legal: LegalActions, rng: random.Random) -> Action:
    """The benchmark policy: uniform among fold, check/call, min raise, all-in."""
    options: list[Action] = []
    if legal.can_fold:
        options.append(Fold)
    options.append(Check if legal.can_check else Call)
    if legal.can_bet:
        options.append(Action(ActionKind.BET, legal.min_raise_to))
    elif legal.can_raise:
        options.append(Action(ActionKind.RAISE, legal.min_raise_to))
    if legal.can_all_in:
        options.append(AllIn)
    return options[rng.randrange(len(options))]


def play_ours(players: int, hands: int, seed: int = 1) -> tuple[float, int]:
    """Hands per second on pokerkit_core, and the number of actions played."""
    config = GameConfig.no_limit(players=players, stack=10_000)
    rng = random.Random(seed)
    actions = 0
    start = _clock()
    for hand in range(hands):
        state = deal(config, seed=hand)
        while state._to_act >= 0:
            state = act(state, choose(legal_actions(state), rng))
            actions += 1
    return hands / (_clock() - start), actions


def play_pokerkit(players: int, hands: int, seed: int = 1) -> float | None:
    """Hands per second on PokerKit with the same policy, or None if absent."""
    try:
        from pokerkit import Automation, Mode, NoLimitTexasHoldem
    except ImportError:
        return None
    automations = (
        Automation.ANTE_POSTING,
        Automation.BET_COLLECTION,
        Automation.BLIND_OR_STRADDLE_POSTING,
        Automation.CARD_BURNING,
        Automation.HOLE_DEALING,
        Automation.BOARD_DEALING,
        Automation.RUNOUT_COUNT_SELECTION,
        Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
        Automation.HAND_KILLING,
        Automation.CHIPS_PUSHING,
        Automation.CHIPS_PULLING,
    )
    rng = random.Random(seed)
    start = _clock()
    for _ in range(hands):
        state: Any = NoLimitTexasHoldem.create_state(
            automations, True, 0, (50, 100), 100, (10_000,) * players, players,
            mode=Mode.CASH_GAME,
        )
        while state.status:
            options: list[Callable[[], Any]] = []
            if state.checking_or_calling_amount:
                options.append(state.fold)
            options.append(state.check_or_call)
            if state.can_complete_bet_or_raise_to():
                low = state.min_completion_betting_or_raising_to_amount
                high = state.max_completion_betting_or_raising_to_amount
                options.append(lambda: state.complete_bet_or_raise_to(low))
                if high != low:
                    options.append(lambda: state.complete_bet_or_raise_to(high))
            options[rng.randrange(len(options))]()
    return hands / (_clock() - start)


def mid_hand_states(count: int, players: int = 6) -> list[HandState]:
    """States sampled along random hands, each with a raise legal."""
    config = GameConfig.no_limit(players=players, stack=10_000)
    rng = random.Random(7)
    found: list[HandState] = []
    hand = 0
    while len(found) < count:
        state = deal(config, seed=hand)
        hand += 1
        while not state.is_over:
            legal = legal_actions(state)
            if legal.can_raise or legal.can_bet:
                found.append(state)
            state = act(state, choose(legal, rng))
    return found[:count]


def branch_cost_us(states: list[HandState], repeat: int = 5) -> float:
    """Microseconds to build two different successors of one state."""
    pairs = []
    for state in states:
        legal = legal_actions(state)
        first = Check if legal.can_check else Call
        second = Action(ActionKind.BET if legal.can_bet else ActionKind.RAISE, legal.min_raise_to)
        pairs.append((state, first, second))
    best = float("inf")
    for _ in range(repeat):
        start = _clock()
        for state, first, second in pairs:
            act(state, first)
            act(state, second)
        best = min(best, _clock() - start)
    return best / len(pairs) * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20_000, help="hands per table size")
    parser.add_argument("--pokerkit-hands", type=int, default=1_000, help="hands on PokerKit")
    args = parser.parse_args()
    print(f"{'table':<10}{'hands/s':>12}{'actions/hand':>14}{'PokerKit':>12}{'ratio':>9}")
    for label, players in (("heads-up", 2), ("6-max", 6), ("9-max", 9), ("10-max", 10)):
        rate, actions = max(play_ours(players, args.hands, seed) for seed in (1, 2))
        theirs = play_pokerkit(players, args.pokerkit_hands)
        peer = "n/a" if theirs is None else f"{theirs:,.0f}"
        ratio = "n/a" if theirs is None else f"{rate / theirs:.1f}x"
        print(f"{label:<10}{rate:>12,.0f}{actions / args.hands:>14.1f}{peer:>12}{ratio:>9}")
    if play_pokerkit(2, 1) is None:
        print("PokerKit not installed (pip install pokerkit) - no side-by-side ratio")
    cost = branch_cost_us(mid_hand_states(2_000))
    print(f"branch (two successors of one 6-max state): {cost:.1f} us")


if __name__ == "__main__":
    main()
