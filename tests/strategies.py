"""Hypothesis strategies and small helpers for the rules-engine tests.

``configs()`` draws a random table (2-10 seats, stacks from tiny to deep, some
empty seats, antes from every seat, the big blind, the button or per seat,
straddles, one to three boards, no-limit, pot-limit or fixed-limit, odd-chip
rule, button);
``play_random`` plays a hand with actions drawn from the legal ones (and,
optionally, illegal attempts in between); ``shuffled`` and ``reversed_keys``
give JSON data with the keys of each object in another order.
"""

from __future__ import annotations

import random
from typing import Any, Iterable, Union

from hypothesis import strategies as st

from pokerkit_core import (
    MAX_SEATS,
    Action,
    ActionKind,
    AnteRule,
    BettingStructure,
    GameConfig,
    HandState,
    OddChipRule,
    RuleFlavour,
    act,
    legal_actions,
)

ActionLike = Union[Action, str]


def play(state: HandState, *actions: ActionLike) -> HandState:
    """Apply actions in order (``Action`` values or text such as ``"r 300"``)."""
    for action in actions:
        if isinstance(action, str):
            action = Action.parse(action)
        state = act(state, action)
    return state


def check_down(state: HandState) -> HandState:
    """Check (or call when forced) until the hand is over."""
    while not state.is_over:
        legal = legal_actions(state)
        state = act(state, Action(ActionKind.CHECK if legal.can_check else ActionKind.CALL))
    return state


STACK_CHOICES = (1, 2, 3, 5, 7, 10, 25, 50, 99, 100, 101, 150, 333, 1_000, 5_000, 20_000)


@st.composite
def configs(draw: st.DrawFn) -> GameConfig:
    """A random valid GameConfig: 2-10 seats, tiny to deep stacks, every kind of
    ante, straddles, several boards, every betting structure."""
    seats = draw(st.integers(2, MAX_SEATS))
    stacks = [
        draw(st.one_of(st.sampled_from(STACK_CHOICES), st.integers(1, 3_000)))
        for _ in range(seats)
    ]
    if seats > 2:
        for seat in range(seats):
            if draw(st.integers(0, 9)) == 0:
                stacks[seat] = 0
        if sum(1 for s in stacks if s) < 2:
            stacks[0] = stacks[1] = 500
    big_blind = draw(st.sampled_from((2, 10, 100)))
    small_blind = draw(st.sampled_from((0, 1, big_blind // 2, big_blind)))
    ante = draw(st.sampled_from((0, 0, 1, big_blind // 10, big_blind // 2, big_blind)))
    betting = draw(st.sampled_from(list(BettingStructure)))
    live = [s for s in range(seats) if stacks[s]]
    button = draw(st.sampled_from(live))
    extra: dict[str, object] = {}
    if draw(st.integers(0, 4)) == 0:  # explicit blind seats: dead small blind / button
        extra["big_blind_seat"] = draw(st.sampled_from(live))
        extra["small_blind_seat"] = None
    ante_kind = draw(st.integers(0, 3))
    if ante_kind == 3:
        extra["antes"] = tuple(draw(st.sampled_from((0, 1, 5, big_blind))) for _ in range(seats))
        ante = 0
    else:
        extra["ante_rule"] = list(AnteRule)[ante_kind]
    posters = 1 + (extra.get("small_blind_seat", 0) is not None)
    room = len(live) - posters
    if betting is not BettingStructure.FIXED_LIMIT and room > 0 and draw(st.integers(0, 2)) == 0:
        count = draw(st.integers(1, min(room, 3)))
        extra["straddles"] = tuple(big_blind << k for k in range(1, count + 1))
    most = (52 - 2 * len(live)) // 5
    extra["boards"] = draw(st.integers(1, min(3, most)))
    return GameConfig(
        **extra,  # type: ignore[arg-type]
        stacks=tuple(stacks),
        small_blind=small_blind,
        big_blind=big_blind,
        ante=ante,
        button=button,
        betting=betting,
        raise_cap=draw(st.integers(1, 5)),
        odd_chip=draw(st.sampled_from(list(OddChipRule))),
        flavour=draw(st.sampled_from(list(RuleFlavour))),
        muck_losing_hands=draw(st.booleans()),
    )


def random_legal_action(state: HandState, rng: random.Random) -> Action:
    """A legal action, uniform over kinds, amounts uniform in the legal range."""
    legal = legal_actions(state)
    options: list[Action] = list(legal.actions())
    if legal.can_bet or legal.can_raise:
        kind = ActionKind.BET if legal.can_bet else ActionKind.RAISE
        options.append(Action(kind, rng.randint(legal.min_raise_to, legal.max_raise_to)))
    return rng.choice(options)


def candidate_actions(state: HandState, rng: random.Random) -> Iterable[Action]:
    """Actions of every kind and around every boundary, legal or not."""
    legal = legal_actions(state)
    yield from (
        Action(ActionKind.FOLD),
        Action(ActionKind.CHECK),
        Action(ActionKind.CALL),
        Action(ActionKind.ALL_IN),
    )
    points = {
        1,
        legal.call_to,
        legal.call_to + 1,
        legal.min_raise_to - 1,
        legal.min_raise_to,
        legal.min_raise_to + 1,
        legal.max_raise_to - 1,
        legal.max_raise_to,
        legal.max_raise_to + 1,
        legal.bet + legal.stack,
        legal.bet + legal.stack + 1,
        rng.randint(1, max(1, 2 * (legal.bet + legal.stack))),
    }
    for to in sorted(p for p in points if p > 0):
        yield Action(ActionKind.BET, to)
        yield Action(ActionKind.RAISE, to)


def play_random(config: GameConfig, seed: int, max_actions: int = 400) -> list[HandState]:
    """Play a random hand; return every state from the deal to the end."""
    from pokerkit_core import deal

    rng = random.Random(seed)
    state = deal(config, seed=seed)
    states = [state]
    while not state.is_over and len(states) < max_actions:
        state = act(state, random_legal_action(state, rng))
        states.append(state)
    return states


def shuffled(value: Any, rng: random.Random) -> Any:
    """JSON data with the keys of every object, at every depth, in a random order."""
    if isinstance(value, dict):
        keys = list(value)
        rng.shuffle(keys)
        return {key: shuffled(value[key], rng) for key in keys}
    if isinstance(value, list):
        return [shuffled(item, rng) for item in value]
    return value


def reversed_keys(value: Any) -> Any:
    """JSON data with the keys of every object in the reverse order."""
    if isinstance(value, dict):
        return {key: reversed_keys(value[key]) for key in reversed(value)}
    if isinstance(value, list):
        return [reversed_keys(item) for item in value]
    return value
