"""The local best response (pokerkit_core.ai.lbr): it crushes the baselines by
what the method predicts, is reproducible across workers, refuses policies it
cannot probe, and narrows the bot's range by Bayes' rule.

References:
    Lisý and Bowling, "Equilibrium Approximation Quality of Current No-Limit
    Poker Bots", arXiv:1612.07547 (2017).
"""

from __future__ import annotations

import random

import pytest

from pokerkit_core import GameConfig, deal, observe
from pokerkit_core.engine.actions import Action, Call, Check, Fold
from pokerkit_core.errors import PolicyError, ProbeError
from pokerkit_core.ai.lbr import (
    COMBOS,
    LbrPolicy,
    Probe,
    ProbedPolicy,
    _Shared,
    rebuild_state,
    run_lbr,
)
from pokerkit_core.engine.observation import Observation
from pokerkit_core.engine.state import act

HANDS = 120  # 60 deals, each from both seats


@pytest.mark.parametrize("name", ["call", "raise", "random"])
def test_lbr_crushes_the_baselines(name: str) -> None:
    """What the paper-style LBR (LBR-C pre-flop, then fold/call/pot/all-in)
    should reach against the baselines, 200-big-blind stacks:

    - ``call`` never folds, so the LBR's fold probability is 0 and a bet of
      ``b`` gains ``(2 wp - 1) b`` over checking: it goes all-in (199 big
      blinds behind after the limped pre-flop) exactly when its win
      probability ``wp`` against the (never narrowed) random range is over
      1/2, and checks otherwise.  Over random flops ``E[max(0, 2 wp - 1)]`` is
      about 0.19 (measured with the C equity, 400 flops), so the flop shoves
      alone are worth about 0.19 x 199 bb = 37 bb, 37,000 mbb/hand; the turn
      and river shoves add a few thousand more.
    - ``raise`` min-raises every time it may, so it too calls every all-in:
      the same shoves, in bigger pots.
    - ``random`` also folds a third of the time it faces a bet, so the LBR's
      pot-sized bets with nothing gain too.

    Each should therefore lose well over 20,000 mbb/hand (20 big blinds a
    hand); over 60 duplicate deals the whole 95% interval stays above 10,000.
    """
    result = run_lbr(name, hands=HANDS, seed=1, progress=False)
    assert result.hands == HANDS and result.deals == HANDS // 2
    assert result.probe == "range"  # the baselines state their strategies
    assert result.mbb_per_hand > 20_000
    assert result.ci95[0] > 10_000
    assert result.errors == 0


def test_same_seed_same_result_for_one_and_two_workers() -> None:
    one = run_lbr("random", hands=24, seed=5, workers=1, chunk_deals=4, progress=False)
    two = run_lbr("random", hands=24, seed=5, workers=2, chunk_deals=4, progress=False)
    assert one == two  # three chunks, seeded by the seed and their index only
    other = run_lbr("random", hands=24, seed=6, workers=1, chunk_deals=4, progress=False)
    assert other != one  # the seed matters (the deals differ)


class GlobalRandomBot:
    """Not deterministic given its seed: it draws from the global generator."""

    name = "global-random"

    def __init__(self, *, seed: int | None = None) -> None:
        del seed

    def decide(self, observation: Observation) -> Action:
        legal = observation.legal
        assert legal is not None
        options = [Check if legal.can_check else Call]
        if legal.can_fold:
            options.append(Fold)
        if legal.can_bet or legal.can_raise:
            options.append(Action.parse(f"{'b' if legal.can_bet else 'r'} {legal.min_raise_to}"))
        return random.choice(options)


class NoSeedBot:
    name = "no-seed"

    def __init__(self) -> None:
        pass

    def decide(self, observation: Observation) -> Action:  # pragma: no cover - never made
        return Check


def test_probe_refuses_a_policy_not_deterministic_given_its_seed() -> None:
    with pytest.raises(ProbeError, match="not deterministic given its seed") as info:
        run_lbr(GlobalRandomBot, hands=2, seed=1, progress=False)
    assert "action_probabilities" in str(info.value)  # says what would work
    assert isinstance(info.value, PolicyError)


def test_probe_refuses_a_factory_without_seed_and_an_unknown_name() -> None:
    with pytest.raises(ProbeError, match=r"factory\(seed=\.\.\.\)"):
        run_lbr(NoSeedBot, hands=2, progress=False)  # type: ignore[arg-type]
    with pytest.raises(ProbeError, match="no policy named 'no-such-bot'"):
        run_lbr("no-such-bot", hands=2, progress=False)


def test_probe_refuses_without_methods_or_factory() -> None:
    with pytest.raises(ProbeError, match="no known factory"):
        Probe(GlobalRandomBot(), factory=None)


class HalfStated(GlobalRandomBot):
    """States a strategy whose probabilities sum to 1/2."""

    def action_probabilities(self, observation: Observation) -> list[tuple[Action, float]]:
        return [(Call, 0.5)]


def test_a_stated_strategy_that_is_no_distribution_ends_the_run() -> None:
    with pytest.raises(ProbeError, match="sum to 0.5, not 1"):
        run_lbr(HalfStated, hands=4, seed=1, progress=False)


class AceOrFold:
    """Facing a bet: calls with an ace, folds otherwise; checks when free.
    States its strategy exactly (deterministic)."""

    name = "ace-or-fold"

    def __init__(self, *, seed: int | None = None) -> None:
        del seed

    def decide(self, observation: Observation) -> Action:
        legal = observation.legal
        assert legal is not None
        if legal.can_check:
            return Check
        has_ace = any(card.rank == 12 for card in observation.hole_cards)
        return Call if has_ace else Fold

    def action_probabilities(self, observation: Observation) -> list[tuple[Action, float]]:
        return [(self.decide(observation), 1.0)]


def test_range_update_keeps_only_the_hands_that_take_the_action() -> None:
    config = GameConfig.acpc_heads_up(button=0)
    # seat 0 (button, small blind) is the bot with an ace; seat 1 the LBR
    state = deal(config, hole_cards=["AhKd", "7c2d"])
    bot_policy = AceOrFold()
    shared = _Shared([1.0] * len(COMBOS))
    probed = ProbedPolicy(bot_policy, Probe(bot_policy), shared)
    lbr_view = observe(state, 1, hand_number=0)
    LbrPolicy(Probe(bot_policy), shared, config).hand_started(lbr_view)
    probed.hand_started(observe(state, 0, hand_number=0))
    # the small blind faces the big blind: with an ace it calls
    assert probed.decide(observe(state, 0, hand_number=0)) == Call
    lbr_cards = {"7c", "2d"}
    unblocked = [p for p in COMBOS if not {str(c) for c in p} & lbr_cards]
    kept = [p for p in unblocked if shared.weights[COMBOS.index(p)] > 0]
    aces = [p for p in unblocked if any(c.rank == 12 for c in p)]
    assert kept == aces  # only the pairs that call are left, all of them
    assert len(aces) == 4 * 46 + 6  # an ace and one of 46 other cards, or two aces
    assert all(shared.weights[COMBOS.index(p)] == 1.0 for p in aces)
    # the LBR's win probability is then against aces only: 72o is far behind
    after = act(state, Call)
    view = observe(after, 1, hand_number=0)
    narrowed = dict(LbrPolicy(Probe(bot_policy), shared, config, preflop="lbr").utilities(view))
    uniform = _Shared([1.0] * len(COMBOS), lbr_hole=shared.lbr_hole)
    before = dict(LbrPolicy(Probe(bot_policy), uniform, config, preflop="lbr").utilities(view))
    # U(check) = wp * pot: 72o is further behind a range of aces than a random hand
    assert narrowed[Check] < before[Check] - 0.03 * after.pot


def test_lbr_bets_into_a_bot_that_folds_weak_hands() -> None:
    """Against AceOrFold the pot-sized bet wins the pot whenever the bot has
    no ace (about 85% of its range), so the LBR bets."""
    config = GameConfig.acpc_heads_up(button=0)
    state = deal(config, hole_cards=["Kd Qd", "7c2d"], board="3h 8s Jc 4d 9h")
    bot_policy = AceOrFold()
    shared = _Shared([1.0] * len(COMBOS))
    shared.lbr_hole = state.hole_cards[1] or ()
    lbr = LbrPolicy(Probe(bot_policy), shared, config)
    state = act(state, Call)  # the bot limps; the range is not narrowed here
    state = act(state, Check)
    view = observe(state, 1, hand_number=0)
    scored = dict(lbr.utilities(view))
    assert max(scored, key=scored.__getitem__).kind.name in ("BET", "ALL_IN")
    assert lbr.decide(view).kind.name in ("BET", "ALL_IN")
    # valued against the pairs that call (aces only), a called bet is worth less
    strict = LbrPolicy(Probe(bot_policy), shared, config, calling_range=True)
    valued = dict(strict.utilities(view))
    assert valued[Check] == scored[Check]
    bets = [a for a in scored if a is not Check]
    assert bets and all(valued[a] < scored[a] for a in bets)


def test_rebuild_state_matches_the_public_history() -> None:
    state = deal(GameConfig.acpc_heads_up(button=1), seed=3)
    state = act(state, Call)
    state = act(state, Check)
    view = observe(state, 0, hand_number=7)
    rebuilt = rebuild_state(view, GameConfig.acpc_heads_up())
    assert rebuilt.board == state.board
    assert rebuilt.pot == state.pot and rebuilt.to_act == state.to_act
    assert rebuilt.hole_cards[0] == state.hole_cards[0]


def test_cli_prints_the_result_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from pokerkit_core.cli import main

    paper = ["--preflop", "call", "--no-calling-range"]  # LBR-C: the default before issue 26
    assert main(["lbr", "call", "--hands", "6", "--seed", "2", "--json", *paper]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["policy"] == "call" and doc["hands"] == 6 and doc["deals"] == 3
    assert doc["probe"] == "range" and doc["preflop"] == "call" and doc["calling_range"] is False
    assert doc["ci95"][0] <= doc["mbb_per_hand"] <= doc["ci95"][1]
    expected = run_lbr("call", hands=6, seed=2, progress=False)
    assert doc["mbb_per_hand"] == pytest.approx(expected.mbb_per_hand)
    assert main(["lbr", "call", "--hands", "6", "--seed", "2", *paper]) == 0
    lines = capsys.readouterr().out.splitlines()
    lo, hi = expected.ci95
    mbb = expected.mbb_per_hand
    assert lines[0] == (
        f"LBR (call pre-flop) wins {mbb:+.1f} mbb/hand from call   95% CI [{lo:+.1f}, {hi:+.1f}]"
        f"   = {mbb / 10:+.2f} bb/100 [{lo / 10:+.2f}, {hi / 10:+.2f}]"
    )
    # which sign is good for the bot (the line said only "LBR ... vs call: +X")
    assert lines[1] == "  positive = call is exploitable (at least by this much); lower is better for call"
    assert main(["lbr", "call", "--hands", "3"]) == 2  # odd: refused, one line
    assert "even" in capsys.readouterr().err


def test_cli_defaults_to_the_strongest_lbr(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 26: without flags ``lbr`` runs the LBR rule pre-flop with the
    calling range, the variant that wins most (the README's first column),
    and says so on its first line."""
    import json

    from pokerkit_core.cli import main

    assert main(["lbr", "call", "--hands", "6", "--seed", "2", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["preflop"] == "lbr" and doc["calling_range"] is True
    expected = run_lbr("call", hands=6, seed=2, preflop="lbr", calling_range=True, progress=False)
    assert doc["mbb_per_hand"] == pytest.approx(expected.mbb_per_hand)
    assert main(["lbr", "call", "--hands", "6", "--seed", "2"]) == 0
    assert capsys.readouterr().out.startswith("LBR (lbr pre-flop, calling range) wins ")
