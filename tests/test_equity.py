"""Tests of pokerkit_core.evaluation.equity (exact enumeration, sampling, ranges, CLI).

Expected values come from CASES.md (C40, C43) and issue 6; exact references
are full enumerations (each consistent combo pair equally weighted).
"""

from __future__ import annotations

import json
from array import array
from math import comb

import pytest

from pokerkit_core.evaluation.cards import CARDS, parse_cards
from pokerkit_core.evaluation.equity import DEFAULT_TRIALS, EquityResult, Range, calculate_equity
from pokerkit_core.errors import CardError, InvalidConfigError, PokerError, RangeError
from pokerkit_core.evaluation.evaluator import _equity_native

# (players, board, exact equities in percent, decimals compared)
EXACT_CASES = [
    (["AhAs", "KdKc"], "", [81.255], 3),
    (["AKo", "QQ"], "", [43.242], 3),
    (["QQ", "87s"], "", [78.259], 3),
    (["QsQh", "8c7c", "random"], "Jc9h2d", [66.343, 19.738, 13.920], 3),
]


def pct(x: float) -> float:
    return 100.0 * x


# ---- CASES.md C40 and C43 ---------------------------------------------------


def test_c40_card_removal_exact() -> None:
    r = calculate_equity(["QhQs", "TT+"])
    assert r.exact
    # TT+ loses QhQs's cards: 25 combos, each against every board
    assert r.trials == 25 * comb(48, 5)
    hero = r.players[0]
    assert round(pct(hero.equity), 2) == 50.01
    assert round(pct(hero.win), 2) == 47.89
    assert round(pct(hero.tie), 2) == 4.25
    assert round(pct(hero.lose), 2) == 47.86


def test_c40_card_removal_sampled() -> None:
    r = calculate_equity(["QhQs", "TT+"], trials=10**6, seed=40)
    assert not r.exact and r.trials == 10**6
    assert abs(pct(r.players[0].equity) - 50.0125) <= 0.15
    assert abs(pct(r.players[0].win) - 47.89) <= 0.15
    assert abs(pct(r.players[0].tie) - 4.246) <= 0.15


def test_c43_tie_accounting() -> None:
    r = calculate_equity(["Jc5c", "QdTd"])
    assert r.exact and r.trials == 1_712_304
    jc, qd = r.players
    wins = round(jc.win * r.trials)
    ties = round(jc.tie * r.trials)
    losses = round(jc.lose * r.trials)
    assert (wins, losses, ties) == (600_384, 1_096_118, 15_802)
    assert wins + losses + ties == 1_712_304
    assert round(qd.win * r.trials) == 1_096_118
    # pots tied, counted in shares: 15,802 / 2
    assert round((jc.equity - jc.win) * r.trials) == 7_901
    assert round(pct(jc.equity), 4) == 35.5244
    assert round(pct(qd.equity), 4) == 64.4756


# ---- README's case and the exact cases of issue 14 ---------------------------
# Equities (percent, six places) that OMPEval's EquityCalculator also gives for
# these deals (benchmarks/c/bench_core.c checks both in the same run).


@pytest.mark.parametrize(
    "players, board, hero_pct",
    [
        (["AhKh", "QQ+"], "Qh7h2c", 36.599327),  # README's quick start: 0.366
        (["AhKh", "QsQd"], "", 46.214457),
        (["AsKs", "QdQc", "7h6h"], "", 37.794309),
        (["QQ+, AKs", "TT+, AQs+"], "Qh7h2c", 64.878170),
    ],
)
def test_exact_cases_of_the_readme_and_issue_14(players: list[str], board: str, hero_pct: float) -> None:
    r = calculate_equity(players, board=board, exact=True)
    assert r.exact
    assert round(pct(r.players[0].equity), 6) == hero_pct
    assert abs(sum(p.equity for p in r.players) - 1.0) < 1e-12


# ---- exact references and sampling -------------------------------------------


@pytest.mark.parametrize("players, board, expected, digits", EXACT_CASES)
def test_exact_references(players: list[str], board: str, expected: list[float], digits: int) -> None:
    r = calculate_equity(players, board=board)
    assert r.exact
    for p, e in zip(r.players, expected):
        assert round(pct(p.equity), digits) == pytest.approx(e, abs=1.5 * 10**-digits)
    assert sum(r.equities) == pytest.approx(1.0, abs=1e-12)


def test_exact_pair_against_any_hand() -> None:
    r = calculate_equity(["2s2h", "random"], exact=True)  # about 3 s
    assert r.exact and r.trials == comb(50, 2) * comb(48, 5)
    assert round(pct(r.players[0].equity), 3) == 50.334


@pytest.mark.parametrize("players, board, expected, digits", EXACT_CASES)
def test_sampled_within_three_standard_errors(
    players: list[str], board: str, expected: list[float], digits: int
) -> None:
    r = calculate_equity(players, board=board, trials=200_000, seed=7)
    assert not r.exact
    for p, e in zip(r.players, expected):
        assert 0 < p.stderr < 0.002
        assert abs(p.equity - e / 100) <= 3 * p.stderr


def test_sampled_pair_against_any_hand() -> None:
    r = calculate_equity(["2s2h", "random"], trials=400_000, seed=11)
    assert abs(r.players[0].equity - 0.50334) <= 3 * r.players[0].stderr


def test_auto_falls_back_to_sampling() -> None:
    r = calculate_equity(["random", "random", "random"], seed=1)
    assert not r.exact and r.trials == 1_000_000
    for p in r.players:
        assert abs(p.equity - 1 / 3) <= 3 * p.stderr


def test_seeded_reproducibility() -> None:
    a = calculate_equity(["AhKh", "QQ+, AKs", "random"], trials=50_000, seed=123)
    b = calculate_equity(["AhKh", "QQ+, AKs", "random"], trials=50_000, seed=123)
    c = calculate_equity(["AhKh", "QQ+, AKs", "random"], trials=50_000, seed=124)
    assert a == b
    assert a.equities != c.equities
    # negative and huge seeds are reduced modulo 2**64
    assert calculate_equity(["AhKh", "QsQd"], trials=1000, seed=-1) == calculate_equity(
        ["AhKh", "QsQd"], trials=1000, seed=2**64 - 1
    )


def test_split_board_ties_everyone() -> None:
    r = calculate_equity(["2c3d", "4h5h", "7c8d"], board="AsKsQsJsTs")
    assert r.exact and r.trials == 1
    for p in r.players:
        assert p.win == 0 and p.tie == 1 and p.equity == pytest.approx(1 / 3)


def test_three_way_tie_shares() -> None:
    # on a Broadway straight board with one card to come, every hand plays the board
    # unless it makes a flush; equities must sum to one
    r = calculate_equity(["2c3c", "4d5d", "6h7h"], board="AsKdQhJc", exact=True)
    assert sum(r.equities) == pytest.approx(1.0)
    assert r.trials == 52 - 4 - 6


def test_dead_cards_change_the_deck() -> None:
    with_dead = calculate_equity(["AhAs", "KdKc"], dead="KhKs")
    assert with_dead.trials == comb(46, 5)
    assert with_dead.players[0].equity > 0.8126  # no kings left to hit


def test_weights_mix_results() -> None:
    kk = calculate_equity(["AhAs", "KK"]).players[0].equity
    qq = calculate_equity(["AhAs", "QQ"]).players[0].equity
    mixed = calculate_equity(["AhAs", "KK:1, QQ:3"]).players[0].equity
    assert mixed == pytest.approx((kk + 3 * qq) / 4, abs=1e-12)
    zero = calculate_equity(["AhAs", "KK, QQ:0"]).players[0].equity
    assert zero == pytest.approx(kk, abs=1e-12)


def test_range_object_and_cards_as_players() -> None:
    ah_as = tuple(parse_cards("AhAs"))
    r1 = calculate_equity([ah_as, Range.parse("KdKc")])
    r2 = calculate_equity(["AhAs", "KdKc"])
    assert r1.equities == r2.equities
    narrowed = Range.parse("KK, QQ").with_weights([1.0] * 6 + [0.0] * 6)
    assert calculate_equity(["AhAs", narrowed]).equities == calculate_equity(["AhAs", "KK"]).equities


# ---- ranges -----------------------------------------------------------------


@pytest.mark.parametrize(
    "text, n",
    [
        ("QQ+", 18),
        ("AKs", 4),
        ("AKo", 12),
        ("AK", 16),
        ("AQo+", 24),
        ("76s-54s", 12),
        ("KTs+", 12),
        ("A5s-A2s", 16),
        ("99-66", 24),
        ("AhKh", 1),
        ("random", 1326),
        ("QQ+, AKs, AQo+, 76s-54s, KTs+, A5s-A2s, AhKh", 86),
        ("qq+ aks", 22),
    ],
)
def test_range_sizes(text: str, n: int) -> None:
    assert len(Range.parse(text)) == n


def test_range_contents() -> None:
    r = Range.parse("76s-54s")
    ranks = {(a.rank.char, b.rank.char) for (a, b), _ in r}
    assert ranks == {("7", "6"), ("6", "5"), ("5", "4")}
    assert all(a.suit == b.suit for a, b in r.combos)
    kts = {(a.rank.char, b.rank.char) for a, b in Range.parse("KTs+").combos}
    assert kts == {("K", "T"), ("K", "J"), ("K", "Q")}
    aqo = Range.parse("AQo+")
    assert all(a.suit != b.suit for a, b in aqo.combos)
    weighted = Range.parse("AKs:0.5, AhKh")
    assert dict(((str(a) + str(b)), w) for (a, b), w in weighted)["AhKh"] == 1.0
    assert sorted(weighted.weights) == [0.5, 0.5, 0.5, 1.0]


@pytest.mark.parametrize(
    "text", ["AAs", "AKs-QJo", "ZZ", "AKs:-1", "AKs:x", "AKs:nan", "", "AhAh", "AK+s", "KQs-T8s", "Ah"]
)
def test_bad_range_text(text: str) -> None:
    with pytest.raises(RangeError):
        Range.parse(text)


def test_bad_range_values() -> None:
    ah, kh = parse_cards("AhKh")
    with pytest.raises(RangeError):
        Range(())
    with pytest.raises(RangeError):
        Range(((ah, ah),))
    with pytest.raises(RangeError):
        Range(((ah, kh), (kh, ah)))
    with pytest.raises(RangeError):
        Range(((ah, kh),), (0.0,))
    with pytest.raises(RangeError):
        Range(((ah, kh),), (1.0, 2.0))
    with pytest.raises(RangeError):
        Range(((ah, kh),), (float("inf"),))


# ---- hostile input --------------------------------------------------------


@pytest.mark.parametrize(
    "kwargs, error",
    [
        ({"players": ["AhAh", "KdKc"]}, CardError),
        ({"players": ["AhZz", "KdKc"]}, RangeError),  # not cards, so read as a range
        ({"players": ["AhKh", "AhQd"]}, CardError),
        ({"players": ["AhKh", "QdQc"], "board": "Kh7d2c"}, CardError),
        ({"players": ["AhKh", "QdQc"], "dead": "Qd"}, CardError),
        ({"players": ["AhKh", "QdQc"], "board": "7d", "dead": "7d"}, CardError),
        ({"players": ["AhKh", "QdQc"], "board": "2c3c4c5c6c7c"}, CardError),
        ({"players": ["AhAs", "AA"], "board": "Ad2c3c", "dead": "Ac"}, RangeError),
        ({"players": ["AA", "AA", "AA"]}, RangeError),
        ({"players": ["AhKh"]}, InvalidConfigError),
        ({"players": ["AhKh"] * 11}, InvalidConfigError),
        ({"players": ["AhKh"] * 10}, CardError),
        ({"players": "AhKhQsQd"}, InvalidConfigError),
        ({"players": ["AhKh", "QsQd"], "trials": -5}, InvalidConfigError),
        ({"players": ["AhKh", "QsQd"], "trials": 0}, InvalidConfigError),
        ({"players": ["AhKh", "QsQd"], "trials": 2.5}, InvalidConfigError),
        ({"players": ["AhKh", "QsQd"], "trials": True}, InvalidConfigError),
        ({"players": ["AhKh", "QsQd"], "trials": 10, "exact": True}, InvalidConfigError),
        ({"players": ["AhKh", "QsQd"], "seed": "x"}, InvalidConfigError),
        ({"players": ["random"] * 9, "exact": True}, InvalidConfigError),
        ({"players": ["AhKh"] * 2, "dead": "2c3c4c5c6c7c8c9cTcJcQcKcAc2d3d4d5d6d7d8d9dTdJdQdKdAd2h3h"}, CardError),
    ],
)
def test_hostile_equity_input(kwargs: dict[str, object], error: type[Exception]) -> None:
    with pytest.raises(error) as info:
        calculate_equity(**kwargs)  # type: ignore[arg-type]
    assert isinstance(info.value, PokerError) and isinstance(info.value, ValueError)


def test_too_many_cards_for_a_deal() -> None:
    hands = parse_cards("AhKhAsKs")
    dead = [c for c in CARDS if c not in hands][:44]  # 4 + 5 + 44 > 52
    with pytest.raises(InvalidConfigError):
        calculate_equity(["AhKh", "AsKs"], dead=dead)
    calculate_equity(["AhKh", "AsKs"], dead=dead[:43])  # exactly 52 is fine


@pytest.mark.parametrize(
    "combos, weights, counts, board, dead, error",
    [
        (bytes([51, 52, 0, 1]), [1.0, 1.0], [1, 1], b"", b"", CardError),
        (bytes([51, 255, 0, 1]), [1.0, 1.0], [1, 1], b"", b"", CardError),
        (bytes([51, 51, 0, 1]), [1.0, 1.0], [1, 1], b"", b"", CardError),
        (bytes([51, 50, 50, 1]), [1.0, 1.0], [1, 1], b"", b"", CardError),
        (bytes([51, 50, 0, 1]), [1.0, 1.0], [1, 1], bytes([1]), b"", CardError),
        (bytes([51, 50, 0, 1]), [1.0, 1.0], [1, 1], bytes([9]), bytes([9]), CardError),
        (bytes([51, 50, 0, 1]), [1.0, 1.0], [1, 1], bytes(range(10, 16)), b"", CardError),
        (bytes([51, 50, 0, 1]), [1.0, 1.0], [1, 1], bytes([60]), b"", CardError),
        (bytes([51, 50, 0, 1]), [1.0, 1.0], [1, 2], b"", b"", InvalidConfigError),
        (bytes([51, 50, 0]), [1.0, 1.0], [1, 1], b"", b"", InvalidConfigError),
        (bytes([51, 50, 0, 1]), [1.0], [1, 1], b"", b"", InvalidConfigError),
        (bytes([51, 50, 0, 1]), [1.0, -1.0], [1, 1], b"", b"", InvalidConfigError),
        (bytes([51, 50, 0, 1]), [1.0, float("nan")], [1, 1], b"", b"", InvalidConfigError),
        (bytes([51, 50, 0, 1]), [1.0, 1.0], [1, 0], b"", b"", InvalidConfigError),
        (bytes([51, 50]), [1.0], [1], b"", b"", InvalidConfigError),
        (bytes([51, 50, 0, 1, 2, 3]), [1.0, 0.0, 1.0], [1, 2], b"", bytes([3]), RangeError),
    ],
)
def test_hostile_low_level_input(
    combos: bytes,
    weights: list[float],
    counts: list[int],
    board: bytes,
    dead: bytes,
    error: type[Exception],
) -> None:
    with pytest.raises(error):
        _equity_native(
            combos,
            array("d", weights),
            counts,
            board,
            dead,
            mode="sample",
            trials=100,
            seed=1,
            max_exact=0,
        )


def test_low_level_limits() -> None:
    combos, weights = bytes([51, 50, 0, 1]), array("d", [1.0, 1.0])
    for kwargs in ({"trials": 0}, {"trials": 2**41}, {"mode": "fast"}, {"max_exact": -1.0}):
        args: dict[str, object] = {"mode": "sample", "trials": 10, "seed": 1, "max_exact": 0.0}
        args.update(kwargs)
        with pytest.raises(InvalidConfigError):
            _equity_native(combos, weights, [1, 1], b"", b"", **args)  # type: ignore[arg-type]
    with pytest.raises(InvalidConfigError):
        _equity_native(combos, weights, [1, 1], b"", b"", mode="exact", trials=1, seed=1, max_exact=10)


# ---- result and CLI ---------------------------------------------------------


def test_result_json_form() -> None:
    r = calculate_equity(["AhKh", "QsQd"], board="2c7d9s")
    d = r.to_dict()
    assert set(d) == {"exact", "trials", "players"}
    assert d["exact"] is True and d["trials"] == comb(45, 2)
    assert [set(p) for p in d["players"]] == [{"hand", "win", "tie", "equity"}] * 2
    assert d["players"][0]["hand"] == "AhKh"
    assert isinstance(r, EquityResult)


def test_cli_json(capsys: pytest.CaptureFixture[str]) -> None:
    from pokerkit_core.cli import main

    assert main(["equity", "AhAs", "KdKc", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["exact"] is True and out["trials"] == 1_712_304
    assert [p["hand"] for p in out["players"]] == ["AhAs", "KdKc"]
    assert round(100 * out["players"][0]["equity"], 3) == 81.255
    assert all(0 <= p[k] <= 1 for p in out["players"] for k in ("win", "tie", "equity"))


def test_cli_sampled_text_and_errors(capsys: pytest.CaptureFixture[str]) -> None:
    from pokerkit_core.cli import main

    args = ["equity", "AhKh", "QQ+,AKs", "--board", "Jc9h2d", "--trials", "20000", "--seed", "3"]
    assert main(args) == 0
    text = capsys.readouterr().out
    assert "sampled, 20,000 deals" in text and "QQ+,AKs" in text
    assert main(["equity", "AhKh", "AhQd"]) == 2
    assert "dealt twice" in capsys.readouterr().err
    assert main(["equity", "AhKh", "QsQd", "--trials", "-1"]) == 2


def test_random_hand_shortcut_matches_weighted_sampling() -> None:
    # "random" is dealt straight from the deck; a range with one weight nudged
    # goes through the alias tables and rejection: both sample the same law
    rng = Range.random()
    nudged = rng.with_weights(list(rng.weights[:-1]) + [1.0000001])
    a = calculate_equity(["AhKh", rng, rng, rng], trials=200_000, seed=5)
    b = calculate_equity(["AhKh", nudged, nudged, nudged], trials=200_000, seed=5)
    assert a.equities != b.equities
    for x, y in zip(a.players, b.players):
        assert abs(x.equity - y.equity) <= 4 * (x.stderr**2 + y.stderr**2) ** 0.5


def test_river_against_weighted_range_matches_brute_force() -> None:
    from pokerkit_core.evaluation.evaluator import evaluate

    board = parse_cards("Qs7h2c5dKd")
    hero = parse_cards("AhKs")
    villain = Range.parse("AK:2, QQ, 77:0.5, 53s, KQ, AhQh")
    r = calculate_equity([hero, villain], board=board)
    assert r.exact
    ours = evaluate(hero + board)
    won = tied = total = 0.0
    for (a, b), w in villain:
        if {a, b} & set(hero + board):
            continue  # card removal
        theirs = evaluate((a, b) + board)
        total += w
        won += w * (ours > theirs)
        tied += w * (ours == theirs)
    assert r.players[0].win == pytest.approx(won / total, abs=1e-12)
    assert r.players[0].tie == pytest.approx(tied / total, abs=1e-12)
    assert r.players[0].equity == pytest.approx((won + tied / 2) / total, abs=1e-12)


def test_flop_against_range_is_exact_by_default() -> None:
    villain = Range.parse("22+, A2s+, K9s+, QTs+, JTs, ATo+, KJo+:0.5")
    exact = calculate_equity(["AhKd", villain], board="Qs7h2c")
    assert exact.exact
    sampled = calculate_equity(["AhKd", villain], board="Qs7h2c", trials=100_000, seed=3)
    p, q = exact.players[0], sampled.players[0]
    assert abs(p.equity - q.equity) <= 3 * q.stderr


# ---- hostile review: bounded work, rare deals, input types, messages ---------


def _native_once(players: list[str], trials: int, seed: int) -> tuple[bool, int, tuple[tuple[float, float, float, float], ...]]:
    from pokerkit_core.evaluation.equity import _player_arg

    codes = bytearray()
    weights: array[float] = array("d")
    counts = []
    for index, player in enumerate(players):
        _, c, w, n = _player_arg(player, index)
        codes += c
        weights.extend(w)
        counts.append(n)
    return _equity_native(
        bytes(codes), weights, counts, b"", b"", mode="sample", trials=trials, seed=seed, max_exact=0.0
    )


def test_small_sampled_calls_are_one_native_call() -> None:
    players = ["AhKh", "QQ+, AKs", "random"]
    r = calculate_equity(players, trials=5000, seed=123)
    _, deals, per_player = _native_once(players, 5000, 123)
    assert r.trials == deals == 5000
    assert tuple((p.win, p.tie, p.equity, p.stderr) for p in r.players) == per_player


def test_sampling_in_chunks_pools_counts_exactly(monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib

    eq = importlib.import_module("pokerkit_core.evaluation.equity")  # the module, not the function
    players = ["AhKh", "QQ+, AKs", "random"]
    monkeypatch.setattr(eq, "SAMPLE_CHUNK", 1000)
    calls: list[int] = []
    real = eq._equity_native

    def counting(*args: object, **kwargs: object) -> object:
        calls.append(kwargs["trials"])  # type: ignore[arg-type]
        return real(*args, **kwargs)

    monkeypatch.setattr(eq, "_equity_native", counting)
    r = calculate_equity(players, trials=2500, seed=9)
    assert calls == [1000, 1000, 500] and r.trials == 2500 and not r.exact
    assert r == calculate_equity(players, trials=2500, seed=9)  # deterministic for a seed
    # the same counts as the three chunks run by hand with their seeds
    chunks = [_native_once(players, n, eq._chunk_seed(9, i)) for i, n in enumerate((1000, 1000, 500))]
    assert chunks[0] == _native_once(players, 1000, 9)  # chunk 0 uses the seed itself
    for p, result in enumerate(r.players):
        wins = sum(round(c[2][p][0] * c[1]) for c in chunks)
        units = sum(round(c[2][p][2] * 2520 * c[1]) for c in chunks)
        assert result.win == wins / 2500
        assert result.equity == units / (2520 * 2500)
        assert 0 < result.stderr < 0.02
    assert sum(r.equities) == pytest.approx(1.0)


def test_default_sampling_of_rarely_fitting_ranges_is_bounded() -> None:
    # nine players on 30 pair combos fit together once in ~22,000 draws: the
    # default call stops after one rejection budget instead of running for
    # tens of minutes (it samples about 1,500 deals in well under a second)
    r = calculate_equity(["AA,KK,QQ,JJ,TT"] * 9, seed=1)
    assert not r.exact and 100 < r.trials < DEFAULT_TRIALS
    assert sum(r.equities) == pytest.approx(1.0)
    assert all(0.05 < e < 0.2 for e in r.equities)
    # an explicit trial count is honoured (1,000 fit well inside one budget)
    assert calculate_equity(["AA,KK,QQ,JJ,TT"] * 9, trials=1000, seed=1).trials == 1000


def test_rare_combos_are_sampled_not_reported_impossible() -> None:
    # AhAs blocks both villain combos, AdAc (weight 1e-6) is the only fit
    players = ["AhAs:1, AdAc:1e-6", "AhKh:1, AsKs:1"]
    exact = calculate_equity(players, exact=True)
    small = calculate_equity(players, trials=1000, seed=1)
    assert small.trials == 1000
    big = calculate_equity(players, trials=200_000, seed=2)
    assert abs(big.players[0].equity - exact.players[0].equity) <= 4 * big.players[0].stderr
    # weights so small that the alias tables never draw them
    tiny = calculate_equity(["AhAs:1, AdAc:1e-300", "AhKh:1, AsKs:1, 22:0"], trials=1000, seed=1)
    assert tiny.trials == 1000
    assert abs(tiny.players[0].equity - exact.players[0].equity) < 0.05


def test_no_deal_and_unlikely_deals_are_told_apart() -> None:
    with pytest.raises(RangeError, match="no deal is possible"):
        calculate_equity(["AA"] * 3, trials=100, seed=1)
    with pytest.raises(RangeError, match="no deal is possible"):
        calculate_equity(["AA,KK,QQ,JJ"] * 9, trials=10, seed=1)  # 16 cards for 18
    # deals exist (every one needs a TT player) but are too rare to sample
    with pytest.raises(RangeError, match="deals exist, but these ranges almost never fit"):
        calculate_equity(["AA,KK,QQ,JJ,TT:1e-9"] * 9, trials=10, seed=1)


@pytest.mark.parametrize(
    "players, kwargs, message",
    [
        (["QQ", "QQ", "QsQh"], {}, "every combo of players[1] (QQ) shares a card with players[2] (QsQh) and players[0] (QQ, left with QdQc only)"),
        (["QQ", "QsQh", "QdQc"], {}, "every combo of players[0] (QQ) shares a card with players[1] (QsQh) and players[2] (QdQc)"),
        (["AA", "AhKh"], {"dead": "AsAdAc"}, "every combo of players[0] (AA) shares a card with the dead cards and players[1] (AhKh)"),
        (["AhKh:1, AsKs:1", "AhAs:1, 22:0"], {"trials": 100, "seed": 1}, "every combo of players[0] (AhKh:1, AsKs:1) shares a card with players[1] (AhAs:1, 22:0, left with AsAh only)"),
        (["AhAs,AhAd", "AsAd,AhAc", "AcAd, AhAs"], {}, "players[0] (AhAs,AhAd), players[1] (AsAd,AhAc) and players[2] (AcAd, AhAs) cannot all be dealt"),
    ],
)
def test_no_deal_messages_name_the_blockers(players: list[str], kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(RangeError) as info:
        calculate_equity(players, **kwargs)  # type: ignore[arg-type]
    assert message in str(info.value)


def test_fixed_hand_conflicts_name_both_places() -> None:
    with pytest.raises(CardError, match=r"card Ah of players\[1\] \(AhQh\) is dealt twice: it is also held by players\[0\] \(AhKh\)"):
        calculate_equity(["AhKh", "AhQh"])
    with pytest.raises(CardError, match=r"card Ah of players\[0\] \(AhKh\) is dealt twice: it is also on the board"):
        calculate_equity(["AhKh", "QsQd"], board="Ah2c3c")
    with pytest.raises(CardError, match="card 2c is dealt twice: both on the board and among the dead cards"):
        calculate_equity(["AhKh", "QsQd"], board="2c3c4c", dead="2c")
    with pytest.raises(CardError, match="duplicate card 2c in board"):
        calculate_equity(["AhKh", "QsQd"], board=[CARDS[0], CARDS[0]])


@pytest.mark.parametrize(
    "players, kwargs, error, message",
    [
        ([1, 2], {}, CardError, r"players\[0\] must be hole cards"),
        ([None, "AhKh"], {}, CardError, r"players\[0\] must be hole cards"),
        ([b"AhKh", "QsQd"], {}, CardError, r"players\[0\] must be hole cards"),
        (["AhKh", "QsQd"], {"board": 5}, CardError, "board must be card text or a sequence of Cards"),
        (["AhKh", "QsQd"], {"dead": 5}, CardError, "dead cards must be card text"),
        (["AhKh", "QsQd"], {"exact": "yes"}, InvalidConfigError, "exact must be True, False or None"),
        (["AhKh", "QsQd"], {"exact": 1}, InvalidConfigError, "exact must be True, False or None"),
    ],
)
def test_equity_argument_types(
    players: list[object], kwargs: dict[str, object], error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        calculate_equity(players, **kwargs)  # type: ignore[arg-type]


def test_board_and_dead_none_mean_no_cards() -> None:
    assert calculate_equity(["AhKh", "QsQd"], board=None, dead=None) == calculate_equity(["AhKh", "QsQd"])


def test_range_value_types() -> None:
    aces = Range.parse("AA")
    with pytest.raises(RangeError, match="iterable of numbers"):
        aces.with_weights(None)  # type: ignore[arg-type]
    with pytest.raises(RangeError, match="not bool"):
        aces.with_weights([True] * 6)
    with pytest.raises(RangeError, match="weights must be numbers"):
        aces.with_weights("111111")  # type: ignore[arg-type]
    assert aces.with_weights(w for w in (1, 2, 3, 4, 5, 6)).weights == (1.0, 2.0, 3.0, 4.0, 5.0, 6.0)
    with pytest.raises(RangeError, match="text must be a str"):
        Range(aces.combos, text=5)  # type: ignore[arg-type]
    with pytest.raises(RangeError, match="weights must be a tuple"):
        Range(aces.combos, [1.0] * 6)  # type: ignore[arg-type]


def test_range_from_codes_is_the_constructor_fast() -> None:
    """``Range.from_codes`` builds the same range as the constructor and
    refuses the same bad input, with the checks run over whole buffers."""
    import random

    rng = random.Random(8)
    for _ in range(200):
        n = rng.randint(1, 60)
        pairs = rng.sample([(a, b) for a in range(52) for b in range(a)], n)
        pairs = [p if rng.random() < 0.5 else (p[1], p[0]) for p in pairs]
        weights = tuple(rng.choice([0.0, 0.5, 1, 2.5]) for _ in range(n - 1)) + (1.0,)
        slow = Range(tuple((CARDS[a], CARDS[b]) for a, b in pairs), weights, text="t")
        fast = Range.from_codes(bytes(c for p in pairs for c in p), list(weights), text="t")
        assert fast == slow and fast.combos == slow.combos and fast.weights == slow.weights
        assert fast._codes == slow._codes and list(fast._weights) == list(slow._weights)
    assert Range.from_codes([51, 50]).weights == (1.0,)
    numpy = pytest.importorskip("numpy")
    assert Range.from_codes(b"\x00\x01", [numpy.float64(0.5)]).weights == (0.5,)
    for codes, weights, message in [
        (b"", (), "non-empty"),
        (b"\x00", (), "two cards each"),
        (b"\x00\x34", (), "card code 52 is not 0-51"),
        ([0, 300], (), r"card code 300 is not an int 0-51 in '\[0, 300\]'"),
        ("AhKh", (), "ints 0-51"),
        (b"\x05\x05", (), "two distinct Cards, not 3d3d"),
        (b"\x00\x01\x01\x00", (), "listed twice"),
        (b"\x00\x01", (True,), "not bool"),
        (b"\x00\x01", ("1",), "not '1'"),
        (b"\x00\x01\x02\x03", (1.0, "1"), "not '1'"),
        (b"\x00\x01", (float("nan"),), "not nan"),
        (b"\x00\x01", (-1.0,), "not -1.0"),
        (b"\x00\x01", (0.0,), "weighs 0"),
        (b"\x00\x01", (1.0, 1.0), "1 combos need 1 weights"),
        (b"\x00\x01", "1", "tuple of numbers"),
    ]:
        with pytest.raises(RangeError, match=message):
            Range.from_codes(codes, weights)  # type: ignore[arg-type]
    with pytest.raises(RangeError, match="text must be a str"):
        Range.from_codes(b"\x00\x01", text=None)  # type: ignore[arg-type]


# ---- bounded, interruptible work -------------------------------------------


def test_trials_are_bounded_by_max_trials() -> None:
    from pokerkit_core.evaluation.equity import MAX_TRIALS

    for trials in (10**12, MAX_TRIALS + 1, 0, True, 10.0):
        with pytest.raises(InvalidConfigError, match=r"trials must be an int from 1 to 1,000,000,000 \(MAX_TRIALS\)"):
            calculate_equity(["AhAs", "KdKc"], trials=trials)  # type: ignore[arg-type]
    assert MAX_TRIALS == 10**9


def test_exact_enumeration_checks_in_and_stops_on_an_exception(monkeypatch: pytest.MonkeyPatch) -> None:
    """The C enumeration calls back every CHECK_EVALUATIONS evaluations; an
    exception raised there (what a Ctrl-C's KeyboardInterrupt does) stops
    the C call and comes out of calculate_equity unchanged; the next call is
    unaffected."""
    from pokerkit_core.evaluation import evaluator

    players, board = ["AhKd", "random", "QdQc"], "2c7d"  # 4 check-ins in all
    calls: list[int] = []
    monkeypatch.setattr(evaluator, "_check_in", lambda: calls.append(1))
    whole = calculate_equity(players, board=board, exact=True)
    assert len(calls) == 4 and whole.exact and whole.trials == 13_707_540
    calls.clear()

    def check_in() -> None:
        calls.append(1)
        if len(calls) == 2:
            raise KeyboardInterrupt

    monkeypatch.setattr(evaluator, "_check_in", check_in)
    with pytest.raises(KeyboardInterrupt):
        calculate_equity(players, board=board, exact=True)
    assert len(calls) == 2  # stopped at the second check, not at the end
    monkeypatch.setattr(evaluator, "_check_in", lambda: None)
    assert calculate_equity(players, board=board, exact=True) == whole


def test_ctrl_c_stops_a_long_exact_enumeration() -> None:
    """A real SIGINT during a long exact enumeration (AhKd against a random
    hand pre-flop: 2.1e9 deals, many seconds) raises KeyboardInterrupt in
    the middle of the C call, which never finishes."""
    import signal
    import subprocess
    import sys

    if sys.platform == "win32":  # pragma: no cover
        pytest.skip("SIGINT to a child is POSIX")
    code = (
        "import signal, sys\n"
        # a shell's background job starts with SIGINT ignored: restore Python's handler
        "signal.signal(signal.SIGINT, signal.default_int_handler)\n"
        "from pokerkit_core import calculate_equity, evaluator\n"
        "def check_in():\n"
        "    print('inside C', flush=True)\n"
        "    evaluator._check_in = lambda: None\n"
        "evaluator._check_in = check_in\n"
        "try:\n"
        "    calculate_equity(['AhKd', 'random'], exact=True)\n"
        "    print('finished', flush=True)\n"
        "except KeyboardInterrupt:\n"
        "    print('interrupted', flush=True)\n"
    )
    child = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    assert child.stdout is not None
    assert child.stdout.readline() == "inside C\n"
    child.send_signal(signal.SIGINT)
    out, _ = child.communicate(timeout=120)
    assert out == "interrupted\n"


# ---- ten players (as many as a table seats) --------------------------------

TEN = ["AhKh", "2c3d", "4s5s", "6h7h", "8c9c", "TdJd", "QcQd", "2h2d", "3h4h", "5c6c"]


def test_equity_takes_as_many_players_as_a_table_seats() -> None:
    from pokerkit_core.evaluation.evaluator import MAX_EQUITY_PLAYERS
    from pokerkit_core.engine.rules import MAX_SEATS

    assert MAX_EQUITY_PLAYERS == MAX_SEATS == 10


@pytest.mark.parametrize("exact", [True, False])
def test_ten_way_tie_splits_in_tenths(exact: bool) -> None:
    # a royal flush on the board plays for everyone: ten equal shares (2520 / 10 units each)
    r = calculate_equity(TEN, board="AsKsQsJsTs", exact=exact, trials=None if exact else 500, seed=3)
    assert r.exact is exact and r.trials == (1 if exact else 500)
    assert [(p.win, p.tie, p.equity) for p in r.players] == [(0.0, 1.0, 0.1)] * 10


def test_ten_players_exact_matches_brute_force() -> None:
    from fractions import Fraction
    from itertools import combinations

    from pokerkit_core.evaluation.evaluator import evaluate

    board = parse_cards("Js8h2s")
    hands = [parse_cards(h) for h in TEN]
    left = [c for c in CARDS if c not in board and all(c not in h for h in hands)]
    shares = [Fraction(0)] * 10
    for turn_river in combinations(left, 2):
        ranks = [evaluate([*h, *board, *turn_river]) for h in hands]
        best = [p for p, rank in enumerate(ranks) if rank == max(ranks)]
        for p in best:
            shares[p] += Fraction(1, len(best))
    r = calculate_equity(TEN, board=board)
    assert r.exact and r.trials == comb(52 - 3 - 20, 2) == 406
    assert r.equities == pytest.approx([float(s / 406) for s in shares], abs=1e-12)
    assert sum(r.equities) == pytest.approx(1.0)


def test_ten_random_hands_sampled_sum_to_one() -> None:
    r = calculate_equity(["random"] * 10, trials=20_000, seed=5)
    assert not r.exact and r.trials == 20_000
    assert sum(r.equities) == pytest.approx(1.0)
    for p in r.players:  # symmetric: each 1/10 within four standard errors
        assert abs(p.equity - 0.1) < 4 * p.stderr


def test_eleven_players_refused() -> None:
    eleven = [*TEN, "7d8d"]
    with pytest.raises(InvalidConfigError, match="equity needs 2 to 10 players, got 11"):
        calculate_equity(eleven, board="AsKsQsJsTs")
    codes = bytes(c.code for h in eleven for c in parse_cards(h))
    with pytest.raises(InvalidConfigError, match="got 11"):
        _equity_native(codes, array("d", [1.0] * 11), [1] * 11, b"", b"", mode="sample", trials=10, seed=1, max_exact=0)


@pytest.mark.parametrize("seed", range(6))
def test_exact_flush_heavy_boards_match_brute_force(seed: int) -> None:
    """Boards of two suits (many flushes), with dead cards, 2 to 4 players:
    the exact counts agree with a walk over every board."""
    import random
    from fractions import Fraction
    from itertools import combinations

    from pokerkit_core.evaluation.evaluator import evaluate

    rng = random.Random(seed)
    suits = rng.sample("cdhs", 2)
    suited = [c for c in CARDS if str(c)[1] in suits]
    n_players, n_board = 2 + seed % 3, 3 + seed % 2
    board = rng.sample(suited, n_board)
    rest = [c for c in CARDS if c not in board]
    # holes mostly of the board's suits, so players draw to flushes
    pool = [c for c in rest if str(c)[1] in suits] if seed % 2 else rest
    picked = rng.sample(pool, 2 * n_players)
    hands = [picked[2 * p : 2 * p + 2] for p in range(n_players)]
    dead = rng.sample([c for c in rest if c not in picked], seed % 3)
    left = [c for c in rest if c not in picked and c not in dead]
    shares = [Fraction(0)] * n_players
    wins = [0] * n_players
    ties = [0] * n_players
    boards = 0
    for more in combinations(left, 5 - n_board):
        ranks = [evaluate([*h, *board, *more]) for h in hands]
        best = [p for p, rank in enumerate(ranks) if rank == max(ranks)]
        boards += 1
        for p in best:
            shares[p] += Fraction(1, len(best))
            if len(best) == 1:
                wins[p] += 1
            else:
                ties[p] += 1
    r = calculate_equity(hands, board=board, dead=dead)
    assert r.exact and r.trials == boards
    assert [p.win for p in r.players] == pytest.approx([w / boards for w in wins], abs=1e-12)
    assert [p.tie for p in r.players] == pytest.approx([t / boards for t in ties], abs=1e-12)
    assert r.equities == pytest.approx([float(s / boards) for s in shares], abs=1e-12)
