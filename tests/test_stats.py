"""Player statistics: hand-made hands counted by hand, and real data counted
independently (through the engine's own event history).

The PHH sample and ACPC logs live in ``../shared/acpc-phh-data``; those tests
skip without it.
"""

from __future__ import annotations

import json
import math
import statistics
from collections import defaultdict
from fractions import Fraction
from pathlib import Path

import pytest

from pokerkit_core.engine.actions import ActionKind
from pokerkit_core.cli import main
from pokerkit_core.errors import HistoryParseError, InvalidConfigError
from pokerkit_core.engine.events import ActionTaken, BoardDealt, PotAwarded
from pokerkit_core.formats import phh
from pokerkit_core.formats.model import HandHistory
from pokerkit_core.formats.replay import replay
from pokerkit_core.match.runner import run_match
from pokerkit_core.engine.rules import Street
from pokerkit_core.analysis.stats import (
    HandFacts,
    Ratio,
    hand_facts,
    match_hands,
    player_stats,
    read_hands,
    session_hands,
)
from pokerkit_core.tables.session import TableConfig, TableSession

SHARED = Path(__file__).resolve().parents[2] / "shared"
DATA = SHARED / "acpc-phh-data"
needs_data = pytest.mark.skipif(not DATA.is_dir(), reason=f"shared data not found at {DATA}")

# Six-max, 50/100.  p3 opens (the 2-bet), p4 folds, p5 calls, p6 3-bets, the
# blinds fold, p3 folds to the 3-bet, p5 calls it.  Flop: p5 checks, p6
# c-bets 1000, p5 calls.  Turn checked through.  River: p5 bets 2000, p6
# calls; p5 wins a pot of 50 + 100 + 300 + 3 * 900 ... = 8250.
SIX_MAX = """
variant = "NT"
antes = [0, 0, 0, 0, 0, 0]
blinds_or_straddles = [50, 100, 0, 0, 0, 0]
min_bet = 100
starting_stacks = [10000, 10000, 10000, 10000, 10000, 10000]
players = ["sb", "bb", "utg", "mp", "co", "btn"]
actions = [
  "d dh p1 2c3d", "d dh p2 4c5d", "d dh p3 6c7d", "d dh p4 8c9d", "d dh p5 AsKs", "d dh p6 QhQd",
  "p3 cbr 300", "p4 f", "p5 cc", "p6 cbr 900", "p1 f", "p2 f", "p3 f", "p5 cc",
  "d db Kc7h2s",
  "p5 cc", "p6 cbr 1000", "p5 cc",
  "d db 4h",
  "p5 cc", "p6 cc",
  "d db 9c",
  "p5 cbr 2000", "p6 cc",
  "p5 sm AsKs", "p6 sm QhQd",
]
finishing_stacks = [9950, 9900, 9700, 10000, 14350, 6100]
"""

# Heads-up 50/100 (p1 posts the big blind, p2 is the button): a walk.
WALK = """
variant = "NT"
antes = [0, 0]
blinds_or_straddles = [50, 100]
min_bet = 100
starting_stacks = [10000, 10000]
players = ["ann", "bob"]
actions = ["d dh p1 AsKs", "d dh p2 7c2d", "p2 f"]
finishing_stacks = [10050, 9950]
"""

# bob limps, ann checks; on the flop ann checks, bob bets (no pre-flop
# raiser: no c-bet), ann folds.
LIMP = """
variant = "NT"
antes = [0, 0]
blinds_or_straddles = [50, 100]
min_bet = 100
starting_stacks = [10000, 10000]
players = ["ann", "bob"]
actions = [
  "d dh p1 AsKs", "d dh p2 7c2d", "p2 cc", "p1 cc",
  "d db 3h4h5c", "p1 cc", "p2 cbr 100", "p1 f",
]
finishing_stacks = [9900, 10100]
"""

# bob (10000) opens all-in; ann (5000, big blind) can only call: no 3-bet
# chance.  Aces hold.  5000 of bob's raise is uncalled and comes back: bob
# wins nothing at the showdown although he ends with 5000 chips.
ALL_IN = """
variant = "NT"
antes = [0, 0]
blinds_or_straddles = [50, 100]
min_bet = 100
starting_stacks = [5000, 10000]
players = ["ann", "bob"]
actions = [
  "d dh p1 AsAh", "d dh p2 KsKh", "p2 cbr 10000", "p1 cc",
  "d db 2c7d9h", "d db Jc", "d db 3s", "p1 sm AsAh", "p2 sm KsKh",
]
finishing_stacks = [10000, 5000]
"""

# Fixed limit 1/2 (bets 2 and 4), three players: sizes come from the game.
# p3 raises to 4, p1 3-bets to 6, p2 folds, p3 4-bets to 8, p1 calls.  Flop:
# p1 checks, p3 c-bets 2, p1 raises to 4, p3 calls.  Turn: p1 bets 4, p3
# folds; p1's 4 is returned.
FIXED = """
variant = "FT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
small_bet = 2
big_bet = 4
starting_stacks = [100, 100, 100]
actions = [
  "d dh p1 AsKs", "d dh p2 7c2d", "d dh p3 QhQd",
  "p3 cbr", "p1 cbr", "p2 f", "p3 cbr", "p1 cc",
  "d db Ks7h2s", "p1 cc", "p3 cbr", "p1 cbr", "p3 cc",
  "d db 4h", "p1 cbr", "p3 f",
]
finishing_stacks = [114, 98, 88]
"""


def _facts(text: str) -> dict[str, HandFacts]:
    return {f.player: f for f in hand_facts(phh.loads(text))}


def _true(facts: HandFacts) -> set[str]:
    return {
        name
        for name in HandFacts.__slots__
        if isinstance(getattr(facts, name), bool) and getattr(facts, name)
    }


def test_six_max_hand_counted_by_hand() -> None:
    f = _facts(SIX_MAX)
    # the blinds only folded to the 3-bet: a decision, nothing else
    assert _true(f["sb"]) == _true(f["bb"]) == {"preflop_chance"}
    assert _true(f["utg"]) == {
        "preflop_chance", "vpip", "pfr", "fold_to_three_bet_chance", "fold_to_three_bet",
    }
    assert _true(f["mp"]) == {"preflop_chance", "three_bet_chance"}  # folded to the open
    assert _true(f["co"]) == {
        "preflop_chance", "vpip", "three_bet_chance", "saw_flop",
        "fold_to_cbet_chance", "showdown", "won_at_showdown",
    }
    assert _true(f["btn"]) == {
        "preflop_chance", "vpip", "pfr", "three_bet_chance", "three_bet",
        "saw_flop", "cbet_chance", "cbet", "showdown",
    }
    # post-flop: co called the c-bet and bet the river; btn c-bet and called
    assert (f["co"].postflop_aggressive, f["co"].postflop_calls) == (1, 1)
    assert (f["btn"].postflop_aggressive, f["btn"].postflop_calls) == (1, 1)
    assert [f[p].result for p in ("sb", "bb", "utg", "mp", "co", "btn")] == [
        -50, -100, -300, 0, 8250 - 900 - 1000 - 2000, -3900,
    ]
    assert f["co"].result_bb == 43.5


def test_walk_gives_the_big_blind_no_decision() -> None:
    f = _facts(WALK)
    assert _true(f["ann"]) == set()  # the big blind never acted
    assert _true(f["bob"]) == {"preflop_chance"}
    assert (f["ann"].result, f["bob"].result) == (50, -50)


def test_limp_and_check_are_not_raises() -> None:
    f = _facts(LIMP)
    assert _true(f["bob"]) == {"preflop_chance", "vpip", "saw_flop"}  # a limp
    assert _true(f["ann"]) == {"preflop_chance", "saw_flop"}  # checking the option
    assert (f["bob"].postflop_aggressive, f["bob"].postflop_calls) == (1, 0)


def test_all_in_call_has_no_three_bet_chance_and_uncalled_chips_are_not_won() -> None:
    f = _facts(ALL_IN)
    assert _true(f["ann"]) == {"preflop_chance", "vpip", "saw_flop", "showdown", "won_at_showdown"}
    assert _true(f["bob"]) == {"preflop_chance", "vpip", "pfr", "saw_flop", "showdown"}
    assert (f["ann"].result, f["bob"].result) == (5000, -5000)


def test_fixed_limit_sizes_from_the_game() -> None:
    f = _facts(FIXED)
    assert _true(f["p3"]) == {
        "preflop_chance", "vpip", "pfr", "fold_to_three_bet_chance",
        "saw_flop", "cbet_chance", "cbet",
    }
    assert _true(f["p1"]) == {
        "preflop_chance", "vpip", "pfr", "three_bet_chance", "three_bet",
        "saw_flop", "fold_to_cbet_chance",
    }
    assert _true(f["p2"]) == {"preflop_chance"}  # folded facing the 3-bet
    assert (f["p1"].postflop_aggressive, f["p1"].postflop_calls) == (2, 0)
    assert (f["p3"].postflop_aggressive, f["p3"].postflop_calls) == (1, 1)
    assert (f["p1"].result, f["p2"].result, f["p3"].result) == (14, -2, -12)


def test_player_stats_add_up_the_hands() -> None:
    hands = [phh.loads(t) for t in (WALK, LIMP, ALL_IN)]
    bob, ann = player_stats(hands, players=["bob", "ann"])
    assert bob.player == "bob" and bob.hands == 3
    assert bob.vpip == Ratio(2, 3) and bob.pfr == Ratio(1, 3)
    assert ann.vpip == Ratio(1, 2) and ann.pfr == Ratio(0, 2)  # the walk is no chance
    assert bob.wtsd == Ratio(1, 2) and bob.wsd == Ratio(0, 1)
    assert ann.wtsd == Ratio(1, 2) and ann.wsd == Ratio(1, 1)
    assert bob.aggression_factor is None and ann.aggression_factor is None  # no calls
    assert bob.vpip.percent == pytest.approx(200 / 3)
    # bob: -0.5, +1, -50 big blinds
    results = [-0.5, 1.0, -50.0]
    mean = sum(results) / 3
    half = 1.959964 * statistics.stdev(results) / math.sqrt(3)
    assert bob.net_bb == -49.5 and bob.result_hands == 3
    assert bob.bb_per_100 == pytest.approx(100 * mean)
    assert bob.ci95 == pytest.approx((100 * (mean - half), 100 * (mean + half)), rel=1e-5)
    doc = bob.to_dict()
    assert doc["vpip"] == {"count": 2, "opportunities": 3, "percent": pytest.approx(200 / 3)}
    assert json.loads(json.dumps(doc))["hands"] == 3


def test_player_stats_filter_and_errors() -> None:
    hands = [phh.loads(SIX_MAX), phh.loads(WALK)]
    assert [s.player for s in player_stats(hands)] == ["sb", "bb", "utg", "mp", "co", "btn", "ann", "bob"]
    (nobody,) = player_stats(hands, players=["carol"])
    assert nobody.hands == 0 and nobody.vpip.percent is None and nobody.bb_per_100 is None
    with pytest.raises(InvalidConfigError):
        player_stats(hands, players="bob")  # type: ignore[arg-type]


def test_a_hand_without_finishing_stacks_is_replayed() -> None:
    text = SIX_MAX.replace("finishing_stacks = [9950, 9900, 9700, 10000, 14350, 6100]", "")
    f = _facts(text)
    assert f["co"].result == 4350 and f["co"].won_at_showdown


def test_read_hands_refuses_unknown_files(tmp_path: Path) -> None:
    path = tmp_path / "hands.txt"
    path.write_text("x", encoding="utf-8")
    with pytest.raises(HistoryParseError, match="unknown file type"):
        list(read_hands(path))


def test_match_and_session_hands_count_every_hand() -> None:
    result = run_match(["call", "raise"], hands=40, seed=3, keep_hands=True)
    stats = {s.player: s for s in player_stats(match_hands(result))}
    assert stats["raise"].hands == stats["call"].hands == 40
    assert stats["raise"].pfr.count == stats["raise"].pfr.opportunities  # always raises
    assert stats["call"].pfr.count == 0
    # the match's own chip count is the same result
    for p in result.players:
        assert stats[p.name].net_bb * 100 == pytest.approx(p.chips)
        assert stats[p.name].bb_per_100 == pytest.approx(p.mbb_per_hand / 10)
    with pytest.raises(InvalidConfigError, match="keep_hands"):
        list(match_hands(run_match(["call", "raise"], hands=2, seed=3)))

    from pokerkit_core.ai.policies.baselines import AlwaysCall, AlwaysRaise

    session = TableSession(
        TableConfig(stacks=(2000, 2000, 2000), max_hands=12, keep_hands=True),
        [AlwaysCall(), AlwaysRaise(), AlwaysCall()],
        seed=5,
    )
    records = session.run()
    rows = player_stats(session_hands(records, names=["c1", "r", "c2"]))
    by_name = {s.player: s for s in rows}
    assert by_name["r"].pfr.count == by_name["r"].pfr.opportunities > 0
    for seat, name in enumerate(["c1", "r", "c2"]):
        chips = sum(rec.results[seat] for rec in records)
        big_blind = records[0].blinds.big_blind
        assert by_name[name].net_bb == pytest.approx(chips / big_blind)


def test_stats_command_prints_a_table_and_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "hands.phhs"
    path.write_text(phh.dumps_all([phh.loads(t) for t in (WALK, LIMP, ALL_IN)]), encoding="utf-8")
    assert main(["stats", str(path)]) == 0
    out = capsys.readouterr().out
    assert "bob" in out and "VPIP" in out and "66.7" in out
    # the net result in both units (it was bb/100 only; match prints mbb/hand): mbb/hand = 10 x bb/100
    header = out.splitlines()[1]
    assert header.endswith("bb/100 [95% CI]  mbb/hand [95% CI]")
    rows = {s.player: s for s in player_stats(phh.loads(t) for t in (WALK, LIMP, ALL_IN))}
    for line in out.splitlines()[2:]:
        name = line.split()[0]
        stats = rows[name]
        assert stats.bb_per_100 is not None and stats.ci95 is not None
        lo, hi = stats.ci95
        assert line.endswith(
            f"{stats.bb_per_100:+.1f} [{lo:+.1f}, {hi:+.1f}]"
            f"  {10 * stats.bb_per_100:+.1f} [{10 * lo:+.1f}, {10 * hi:+.1f}]"
        ), line
    assert main(["stats", str(path), "--player", "ann", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert [p["player"] for p in doc["players"]] == ["ann"]
    assert doc["players"][0]["wsd"]["count"] == 1 and doc["hands"] == 3
    assert main(["stats", str(tmp_path / "missing.phhs")]) == 1


# --------------------------------------------------------------------- real data


def _independent_counts(hand: HandHistory) -> dict[str, dict[str, object]] | None:
    """VPIP, PFR, WTSD, W$SD, AF counts and the result, from the engine's
    event history of a replay (not from the statistics' own walk)."""
    result = replay(hand, exact_split=True)
    if result.state is None or not result.state.is_over or result.got is None or result.notes:
        return None  # not replayable, or the record leaves a move out (an implicit fold)
    events = result.state.history
    n = hand.player_count
    names = hand.players or tuple(f"p{i + 1}" for i in range(n))
    acted_pre: set[int] = set()
    vpip: set[int] = set()
    pfr: set[int] = set()
    folded: set[int] = set()
    saw_flop: set[int] = set()
    aggressive = [0] * n
    calls = [0] * n
    paid: set[int] = set()
    preflop_raises: list[int] = []  # seats, in order
    three_bets: set[int] = set()
    cbets: set[int] = set()
    flop_actors: set[int] = set()
    flop_bet = False
    for event in events:
        if isinstance(event, BoardDealt) and event.street is Street.FLOP:
            saw_flop = set(range(n)) - folded
        elif isinstance(event, ActionTaken):
            kind, seat = event.action.kind, event.seat
            raising = kind in (ActionKind.BET, ActionKind.RAISE)
            if kind is ActionKind.FOLD:
                folded.add(seat)
            if event.street is Street.PREFLOP:
                acted_pre.add(seat)
                if kind is ActionKind.CALL and event.amount_added or raising:
                    vpip.add(seat)
                if raising:
                    pfr.add(seat)
                    if len(preflop_raises) == 1:  # re-raising the first raise
                        three_bets.add(seat)
                    preflop_raises.append(seat)
                continue
            if event.street is Street.FLOP:
                if raising and not flop_bet and preflop_raises[-1:] == [seat] and seat not in flop_actors:
                    cbets.add(seat)
                flop_actors.add(seat)
                flop_bet = flop_bet or raising
            if raising:
                aggressive[seat] += 1
            elif kind is ActionKind.CALL and event.amount_added:
                calls[seat] += 1
        elif isinstance(event, PotAwarded):
            paid.update(s for s, a in zip(event.seats, event.amounts) if a > 0)
    live = set(range(n)) - folded
    showdown = live if len(live) >= 2 else set()
    return {
        names[i]: {
            "chance": i in acted_pre,
            "vpip": i in vpip,
            "pfr": i in pfr,
            "saw_flop": i in saw_flop,
            "showdown": i in showdown and i in saw_flop,
            "won": i in showdown and i in saw_flop and i in paid,
            "three_bet": i in three_bets,
            "cbet": i in cbets,
            "aggressive": aggressive[i],
            "calls": calls[i],
            "result_bb": (Fraction(result.got[i]) - hand.starting_stacks[i])
            / result.state.config.big_blind,
        }
        for i in range(n)
    }


@needs_data
def test_phh_sample_against_an_independent_count() -> None:
    sample = DATA / "phh-sample"
    hands = [h for path in sorted(sample.rglob("*.phh*")) for h in read_hands(path)]
    assert len(hands) > 400
    expected: dict[str, defaultdict[str, Fraction]] = defaultdict(lambda: defaultdict(Fraction))
    used = []
    for hand in hands:
        counts = _independent_counts(hand)
        if counts is None:
            continue
        used.append(hand)
        for name, c in counts.items():
            e = expected[name]
            e["hands"] += 1
            e["chance"] += c["chance"]  # type: ignore[operator]
            e["vpip"] += c["vpip"]  # type: ignore[operator]
            e["pfr"] += c["pfr"]  # type: ignore[operator]
            e["saw_flop"] += c["saw_flop"]  # type: ignore[operator]
            e["showdown"] += c["showdown"]  # type: ignore[operator]
            e["won"] += c["won"]  # type: ignore[operator]
            e["three_bet"] += c["three_bet"]  # type: ignore[operator]
            e["cbet"] += c["cbet"]  # type: ignore[operator]
            e["aggressive"] += c["aggressive"]  # type: ignore[operator]
            e["calls"] += c["calls"]  # type: ignore[operator]
            e["bb"] += c["result_bb"]  # type: ignore[operator]
    assert len(used) > 400
    got = {s.player: s for s in player_stats(used)}
    assert set(got) == set(expected) and "Pluribus" in got
    for name, e in expected.items():
        s = got[name]
        assert s.hands == e["hands"], name
        assert s.vpip == Ratio(int(e["vpip"]), int(e["chance"])), name
        assert s.pfr == Ratio(int(e["pfr"]), int(e["chance"])), name
        assert s.wtsd == Ratio(int(e["showdown"]), int(e["saw_flop"])), name
        assert s.wsd == Ratio(int(e["won"]), int(e["showdown"])), name
        assert (s.postflop_aggressive, s.postflop_calls) == (e["aggressive"], e["calls"]), name
        assert (s.three_bet.count, s.cbet.count) == (e["three_bet"], e["cbet"]), name
        assert s.net_bb == pytest.approx(float(e["bb"]), abs=1e-9), name
    pluribus = got["Pluribus"]
    assert pluribus.hands == 398 and pluribus.vpip.opportunities > 300


@needs_data
def test_acpc_log_results_match_the_dealer_score() -> None:
    from pokerkit_core.formats import acpc

    path = DATA / "acpc-logs" / "nl2.log"
    with open(path, encoding="utf-8") as fp:
        log = acpc.load(fp)
    assert log.score is not None
    rows = {s.player: s for s in player_stats(read_hands(path))}
    for total, name in zip(log.score.totals, log.score.names):
        assert rows[name].hands == 1000
        assert rows[name].net_bb == pytest.approx(float(total) / 100)


SHORT_BIG_BLIND_ANTE = """
variant = "NT"
antes = [0, 100, 0]
blinds_or_straddles = [50, 100, 0]
min_bet = 100
starting_stacks = [1000, 150, 1000]
actions = ["d dh p1 7c2d", "d dh p2 AsAh", "d dh p3 8c3d", "p3 cc", "p1 cc",
           "d db 9s5hKd", "p1 cc", "p3 cc", "d db 4c", "p1 cc", "p3 cc", "d db Jh",
           "p1 cc", "p3 cc"]
"""


def test_short_big_blind_pays_the_blind_before_the_big_blind_ante() -> None:
    # p2 (150 chips) posts the 100 big blind first, then 50 of the 100 ante
    # (Poker TDA RP-11, forced_bets.py), so the limp is 100 and the small
    # blind must add 50: a voluntary call (an ante-first order would make it
    # a 50 blind, a 50 limp and a free check for the small blind)
    hand = phh.loads(SHORT_BIG_BLIND_ANTE)
    p1, p2, p3 = hand_facts(hand)
    assert p1.vpip and p3.vpip and not p2.preflop_chance
    # AA wins the main pot: 3 x 100 blinds + 50 ante = 350
    assert (p1.result, p2.result, p3.result) == (-100, 200, -100)
    assert p2.won_at_showdown and not p1.won_at_showdown


def test_short_big_blind_below_the_blind_does_not_lower_the_call() -> None:
    text = SHORT_BIG_BLIND_ANTE.replace("[1000, 150, 1000]", "[1000, 60, 1000]")
    p1, p2, p3 = hand_facts(phh.loads(text))
    # the big blind is all-in for 60, the others still call the full 100
    assert p1.vpip and p3.vpip
    assert p2.result == 120  # 60 from each of the others: the main pot 180
