"""Hypothesis properties of the rules engine over random games.

Random tables (2-10 seats, tiny to deep stacks, empty seats, antes from every
seat, the big blind, the button or per seat, straddles, one to three boards,
no-limit, pot-limit and fixed-limit, both odd-chip rules, both show rules) played with random legal actions, with
every kind of illegal action tried along the way.
"""

from __future__ import annotations

import dataclasses
import random
from fractions import Fraction

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import candidate_actions, configs, play_random, random_legal_action

from pokerkit_core.engine.hand_state import _FIELDS
from pokerkit_core.engine.observation import new_observation
from pokerkit_core import (
    Action,
    ActionTaken,
    BlindPosted,
    Card,
    GameConfig,
    HandShown,
    HandState,
    IllegalActionError,
    Observation,
    OddChipRule,
    act,
    deal,
    evaluate,
    legal_actions,
    observe,
    resolve_pots,
    show,
)

SETTINGS = settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
seeds = st.integers(0, 2**32 - 1)


def snapshot(state: HandState) -> tuple[object, ...]:
    return tuple(getattr(state, name) for name in _FIELDS)


@SETTINGS
@given(configs(), seeds)
def test_chips_conserved_and_no_negative_stack(config: GameConfig, seed: int) -> None:
    total = sum(config.stacks)
    for state in play_random(config, seed):
        assert min(state.stacks) >= 0
        assert min(state.bets) >= 0
        if state.is_over:
            assert sum(state.stacks) == total
        else:
            assert sum(state.stacks) + state.pot == total
            for seat in range(config.seat_count):
                assert state.stacks[seat] + state.contributions[seat] == config.stacks[seat]


@SETTINGS
@given(configs(), seeds)
def test_pots_add_up_to_contributions(config: GameConfig, seed: int) -> None:
    final = play_random(config, seed)[-1]
    result = resolve_pots(final)
    assert sum(p.amount for p in result.pots) == sum(final.contributions) == final.pot
    for pot in result.pots:
        assert sum(pot.shares) == pot.amount
        assert set(pot.winners) <= set(pot.eligible)
        assert not any(final.folded[seat] for seat in pot.eligible)
    assert sum(result.results) == 0
    assert result.final_stacks == final.stacks


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(configs(), seeds)
def test_legal_accepted_illegal_refused_state_unchanged(config: GameConfig, seed: int) -> None:
    rng = random.Random(seed)
    state = deal(config, seed=seed)
    while not state.is_over:
        legal = legal_actions(state)
        before = snapshot(state)
        for action in candidate_actions(state, rng):
            if action in legal:
                nxt = act(state, action)
                assert nxt is not state
                taken = [e for e in nxt.history if isinstance(e, ActionTaken)][-1]
                assert taken.seat == legal.seat
            else:
                try:
                    act(state, action)
                except IllegalActionError as err:
                    assert err.legal == legal and err.reason
                else:  # pragma: no cover - a failing property
                    raise AssertionError(f"{action} accepted but not in {legal}")
            assert snapshot(state) == before
        for action in legal.actions():
            assert action in legal
            act(state, action)
        state = act(state, random_legal_action(state, rng))


def exact_payouts(final: HandState) -> tuple[list[Fraction], int]:
    """Reference payouts (slow path): slices of each seat's chips between the
    caps of the all-in players, dead antes as a layer of their own, each pot
    divided between the boards, exact shares; and the number of pots."""
    config = final.config
    contribs = final.contributions
    n = len(contribs)
    live = [s for s in range(n) if not final.folded[s]]
    paid = [Fraction(0)] * n
    if len(live) == 1:
        paid[live[0]] = Fraction(sum(contribs))
        return paid, 1
    ranks = [
        {s: evaluate(final.hole_cards[s] + board) for s in live}  # type: ignore[operator]
        for board in final.boards
    ]
    posted = [0] * n
    for event in final.history:
        if isinstance(event, BlindPosted) and event.kind == "ante":
            posted[event.seat] += event.amount
    # an ante nobody matched comes back before the showdown (an
    # UncalledBetReturned): what stays in the pot of it is at most what the
    # seat still has in
    posted = [min(posted[s], contribs[s]) for s in range(n)]
    configured = [0] * n
    for bet in config.forced_bets:
        if bet.kind == "ante":
            configured[bet.seat] += bet.amount
    all_in = [contribs[s] == config.stacks[s] for s in range(n)]
    if len({configured[s] for s in config.dealt_in}) > 1:  # dead antes: their own layer
        bets = [contribs[s] - posted[s] for s in range(n)]
        ante_capped = [all_in[s] and bets[s] == 0 for s in range(n)]
        layers = [(posted, ante_capped), (bets, all_in)]
    else:
        layers = [(list(contribs), all_in)]
    pots: list[tuple[int, tuple[int, ...]]] = []
    for chips, capped in layers:
        previous: float = 0
        for cap in sorted({chips[s] for s in live if capped[s]}) + [float("inf")]:
            amount = int(sum(min(x, cap) - min(x, previous) for x in chips))
            eligible = tuple(s for s in live if not capped[s] or chips[s] >= cap)
            previous = cap
            if not amount:
                continue
            if not eligible or (pots and pots[-1][1] == eligible):
                pots[-1] = (pots[-1][0] + amount, pots[-1][1])
            else:
                pots.append((amount, eligible))
    count = len(final.boards)
    for amount, eligible in pots:
        base, rest = divmod(amount, count)
        for k in range(count):
            best = max(ranks[k][s] for s in eligible)
            winners = [s for s in eligible if ranks[k][s] == best]
            for s in winners:
                paid[s] += Fraction(base + (rest if k == 0 else 0), len(winners))
    return paid, len(pots)


@SETTINGS
@given(configs(), seeds)
def test_finished_hands_pay_out_exactly(config: GameConfig, seed: int) -> None:
    final = play_random(config, seed)[-1]
    paid, pot_count = exact_payouts(final)
    result = resolve_pots(final)
    assert len(result.pots) == pot_count
    before = [final.stacks[s] - sum(sh for p in result.pots for w, sh in zip(p.winners, p.shares) if w == s) for s in range(config.seat_count)]
    for seat in range(config.seat_count):
        assert before[seat] + final.contributions[seat] == config.stacks[seat]
        got = final.stacks[seat] - before[seat]
        if config.odd_chip is OddChipRule.EXACT:
            assert got == paid[seat]
        else:
            assert isinstance(got, int) and abs(got - paid[seat]) < pot_count * len(final.boards)


@SETTINGS
@given(configs(), seeds)
def test_payout_independent_of_show_or_muck(config: GameConfig, seed: int) -> None:
    shown_all = dataclasses.replace(config, muck_losing_hands=False)
    final = play_random(config, seed)[-1]
    other = play_random(shown_all, seed)[-1]
    assert other.stacks == final.stacks
    assert resolve_pots(other).pots == resolve_pots(final).pots
    if final.board and len(final.board) >= 3:
        for seat in config.dealt_in:
            if not any(isinstance(e, HandShown) and e.seat == seat for e in final.history):
                revealed = show(final, seat)
                assert revealed.stacks == final.stacks
                assert resolve_pots(revealed).pots == resolve_pots(final).pots


@SETTINGS
@given(configs(), seeds)
def test_same_seed_and_actions_same_hand(config: GameConfig, seed: int) -> None:
    states = play_random(config, seed)
    final = states[-1]
    replay = deal(config, seed=seed)
    for event in final.history:
        if isinstance(event, ActionTaken):
            replay = act(replay, event.action)
    assert replay.history == final.history
    assert replay.hole_cards == final.hole_cards and replay.board == final.board
    assert replay.stacks == final.stacks


def cards_in(value: object, seen: set[int]) -> set[Card]:
    """Every Card reachable from an observation (fields, tuples, events)."""
    found: set[Card] = set()
    if id(value) in seen:
        return found
    seen.add(id(value))
    if isinstance(value, Card):
        return {value}
    assert not isinstance(value, HandState), "an Observation must not reference the state"
    if isinstance(value, (tuple, list)):
        for item in value:
            found |= cards_in(item, seen)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            found |= cards_in(getattr(value, f.name), seen)
    return found


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(configs(), seeds)
def test_observation_never_leaks_hidden_cards(config: GameConfig, seed: int) -> None:
    for state in play_random(config, seed):
        shown = {c for e in state.history if isinstance(e, HandShown) for c in e.cards}
        for seat in range(config.seat_count):
            view = observe(state, seat)
            assert isinstance(view, Observation)
            own = set(state.hole_cards[seat] or ())
            allowed = own | {c for board in state.boards for c in board} | shown
            assert cards_in(view, set()) <= allowed
            assert view.hole_cards == tuple(state.hole_cards[seat] or ())
            assert (view.legal is not None) == (state.to_act == seat)



def reference_view(state: HandState, seat: int, number: int | None) -> Observation:
    """observe() as its docstring defines it: the dataclass constructor over
    the state's public properties (observe itself reads the fields directly)."""
    c = state.config
    live = [c.stacks[s] > 0 and not state.folded[s] for s in range(c.seat_count)]
    if state.is_over:
        all_in = tuple(live[s] and state.contributions[s] == c.stacks[s] for s in range(c.seat_count))
    else:
        all_in = tuple(live[s] and state.stacks[s] == 0 for s in range(c.seat_count))
    assert state.all_in == all_in
    return Observation(
        seat=seat,
        hole_cards=state.hole_cards[seat] or (),
        board=state.board,
        history=state.history,
        stacks=state.stacks,
        bets=state.bets,
        contributions=state.contributions,
        pot=state.pot,
        to_act=state.to_act,
        legal=legal_actions(state) if state.to_act == seat else None,
        button=c.button,
        small_blind_seat=c.small_blind_seat,
        big_blind_seat=c.big_blind_seat,
        big_blind=c.big_blind,
        small_blind=c.small_blind,
        ante=c.ante,
        street=state.street,
        betting=c.betting,
        folded=state.folded,
        all_in=all_in,
        seat_count=c.seat_count,
        hand_number=number,
        shown_cards=state.shown_cards,
        call_to=state.call_to,
        starting_stacks=c.stacks,
        boards=state.boards,
    )


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(configs(), seeds)
def test_observe_equals_the_dataclass_built_from_the_state(config: GameConfig, seed: int) -> None:
    for state in play_random(config, seed):
        for seat in range(config.seat_count):
            view = observe(state, seat, hand_number=seed % 7 or None)
            expected = reference_view(state, seat, seed % 7 or None)
            assert view == expected
            values = [getattr(view, f.name) for f in dataclasses.fields(Observation)]
            assert [getattr(expected, f.name) for f in dataclasses.fields(Observation)] == values
            assert new_observation(*values) == Observation(*values)

def test_action_values_are_hashable_and_parse_round_trip() -> None:
    rng = random.Random(3)
    for _ in range(200):
        action = Action.parse(rng.choice(["f", "k", "c", "allin", f"b {rng.randint(1, 999)}", f"r {rng.randint(1, 999)}"]))
        assert Action.parse(str(action)) == action
        assert hash(action) == hash(Action.parse(str(action)))


@SETTINGS
@given(configs(), st.integers(0, 8))
def test_moving_the_button_equals_a_fresh_config(config: GameConfig, k: int) -> None:
    # with_button / dataclasses.replace derive AUTO blind seats (and default bet
    # sizes) again, exactly as building the config anew with the caller's inputs
    live = config.dealt_in
    button = live[k % len(live)]
    assert config._inputs is not None
    sb_in, bb_in, small_in, big_in = config._inputs[:4]
    fields = {
        f.name: getattr(config, f.name)
        for f in dataclasses.fields(config)
        if f.init and not f.name.startswith("_")
    }
    fields.update(
        button=button,
        small_blind_seat=sb_in,
        big_blind_seat=bb_in,
        small_bet=small_in,
        big_bet=big_in,
    )
    fresh = GameConfig(**fields)
    moved = config.with_button(button)
    assert moved == fresh == dataclasses.replace(config, button=button)
    assert (moved.small_blind_seat, moved.big_blind_seat) == (
        fresh.small_blind_seat,
        fresh.big_blind_seat,
    )
    assert moved.with_button(config.button) == config
