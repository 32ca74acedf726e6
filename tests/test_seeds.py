"""Seeds that leak no deck (pokerkit_core.seeding): a bot that knows the
library's code and its own seed learns nothing with the default options;
a drawn seed is reported and replays the run; a guessable seed given to
isolated bots warns.

The bot is :class:`seed_guessers.SeedGuesser`: it plays as ``call`` unless it
finds the seed (then it plays every hand knowing the deck: all-in when it
wins).  ``call`` against ``call`` only ever checks and calls, so a hand's
result is at most one big blind either way; any hand won or lost by more is
the bot playing on what it learned.  The score bound: ``call`` against
``call`` wins or loses 1,000 mbb (one big blind) a hand at most, so over
``n`` hands its mean has a standard deviation of at most ``1000 / sqrt(n)``
mbb/hand (71 for 200 hands); a bound of 600 is over 8 of them, while one
hand played all-in knowing the cards wins 200 big blinds, 1,000 mbb/hand
over 200 hands.
"""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
import warnings
from pathlib import Path

import pytest
from seed_guessers import CANDIDATES, SeedGuesser

import pokerkit_core
from pokerkit_core.errors import InvalidConfigError, SeedWarning
from pokerkit_core.match.runner import run_match
from pokerkit_core.engine.policy import load_policy
from pokerkit_core.seeding import GUESSABLE_SEED_BOUND, derive, fresh_seed, policy_seed
from pokerkit_core.tables.session import Blinds, TableConfig, TableSession
from pokerkit_core.tables.tournament import TournamentConfig, run_tournament

HANDS = 200
BOUND_MBB = 600.0  # see the module docstring


def _no_exploit(results: list[tuple[int, ...]], big_blind: int) -> None:
    """Every hand played as call against call: won or lost one big blind at most."""
    assert results and all(abs(r) <= big_blind for hand in results for r in hand)


def _table_config(isolate: bool = False) -> TableConfig:
    return TableConfig(stacks=(20_000, 20_000), blinds=Blinds(50, 100), max_hands=30, isolate=isolate)


# -- the derivation


def test_derive_is_one_stream_per_label_and_parts() -> None:
    assert derive(1, "match.deck", 3) == derive(1, "match.deck", 3)
    values = {derive(1, "match.deck", 3), derive(1, "match.deck", 4), derive(2, "match.deck", 3),
              derive(1, "match.policy", 3), derive(1, "match.policy", 0, 3), derive(-1, "match.deck", 3)}
    assert len(values) == 6 and all(0 <= v < 2**128 for v in values)
    assert derive(2**200 + 1, "x") != derive(1, "x")  # a seed of any size counts whole


@pytest.mark.parametrize(
    ("seed", "label", "parts"),
    [(True, "x", ()), (1.0, "x", ()), ("1", "x", ()), (1, "a:b", ()), (1, 7, ()), (1, "x", (False,))],
)
def test_derive_refuses_what_is_not_a_seed(seed: object, label: object, parts: tuple[object, ...]) -> None:
    with pytest.raises(InvalidConfigError):
        derive(seed, label, *parts)  # type: ignore[arg-type]


def test_a_fresh_seed_has_128_bits_from_the_system() -> None:
    drawn = [fresh_seed() for _ in range(64)]
    assert len(set(drawn)) == 64 and all(0 <= s < 2**128 for s in drawn)
    assert max(drawn).bit_length() > 120  # 64 draws of 128 bits: one above 2**120 but with p 2**-448


# -- the bot works: with a small seed it finds the decks


def test_the_guesser_finds_its_seed_by_either_derivation() -> None:
    old = random.Random(f"pokerkit_core.match.runner:{17}:{0}").getrandbits(63)
    assert SeedGuesser(seed=old).found == "own seed (old-match, seed 17)"
    assert SeedGuesser(seed=policy_seed(17, "match.policy", 2, 1)).found == "own seed (new-match, seed 17)"
    assert SeedGuesser(seed=random.Random(9).getrandbits(32)).found == "own seed (old-tournament, seed 9)"
    new = policy_seed(9, "tournament.policy", 1, 3)
    assert SeedGuesser(seed=new).found == "own seed (new-tournament, seed 9)"
    assert SeedGuesser(seed=fresh_seed() >> 65).found is None


@pytest.mark.parametrize("isolate", [False, True])
def test_with_a_small_match_seed_the_guesser_wins_everything(isolate: bool) -> None:
    # the attack is real: seed 5 is among the candidates
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", SeedWarning)
        result = run_match([SeedGuesser, "call"], hands=HANDS, seed=5, keep_hands=True, isolate=isolate)
    assert result.players[0].errors == 0
    assert result.players[0].mbb_per_hand > 20_000
    assert max(abs(r) for s in result.hand_states for r in s.hand_results or ()) == 20_000


def test_with_a_small_table_seed_the_guesser_reads_it_from_its_hole_cards() -> None:
    bot = SeedGuesser(seed=None)
    session = TableSession(_table_config(), [bot, load_policy("call")], seed=CANDIDATES - 1)
    session.run()
    assert bot.found == f"hole cards (table, seed {CANDIDATES - 1})"
    assert max(r for record in session.records for r in record.results) > 10_000  # all-in won


# -- with the default options it learns nothing


@pytest.mark.parametrize("isolate", [False, True])
def test_a_match_without_seed_leaks_no_deck(isolate: bool) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error", SeedWarning)  # no seed: no warning
        result = run_match([SeedGuesser, "call"], hands=HANDS, isolate=isolate, keep_hands=True)
    assert result.seed >= 0 and result.seed.bit_length() <= 128
    assert result.players[0].errors == 0  # the bot played (isolated too)
    _no_exploit([s.hand_results or () for s in result.hand_states], 100)
    assert abs(result.players[0].mbb_per_hand) < BOUND_MBB


@pytest.mark.parametrize("isolate", [False, True])
def test_a_table_without_seed_leaks_no_deck(isolate: bool) -> None:
    master = fresh_seed()  # the bot's seed derived as the tournament command does
    bot = SeedGuesser(seed=policy_seed(master, "tournament.policy", 0, 0))
    with warnings.catch_warnings():
        warnings.simplefilter("error", SeedWarning)
        session = TableSession(_table_config(isolate), [bot, load_policy("call")])
    try:
        session.run()
    finally:
        session.close()
    assert bot.found is None and session.seed is not None and session.seed.bit_length() <= 128
    _no_exploit([r.results for r in session.records], 100)
    assert len(session.records) == 30 and session.faults == ()


def test_a_tournament_without_seed_leaks_no_deck() -> None:
    master = fresh_seed()
    bot = SeedGuesser(seed=policy_seed(master, "tournament.policy", 0, 0))
    config = TournamentConfig.preset("headsup")
    import dataclasses

    config = dataclasses.replace(config, max_hands=30)
    result = run_tournament(config, [bot, load_policy("call")])
    assert bot.found is None and result.seed is not None and result.seed.bit_length() <= 128
    assert result.faults == () and len(result.records) == 30
    for record in result.records:
        _no_exploit([record.results], record.blinds.big_blind)


# -- the seed drawn is reported and replays the run


def test_the_drawn_match_seed_replays_the_match() -> None:
    first = run_match(["random", "call"], hands=60, chunk_deals=20)
    again = run_match(["random", "call"], hands=60, chunk_deals=20, seed=first.seed)
    other = run_match(["random", "call"], hands=60, chunk_deals=20)
    assert first.seed != other.seed and first.seed.bit_length() > 64 - 10
    assert again.to_dict() == first.to_dict()
    assert json.loads(json.dumps(first.to_dict()))["seed"] == first.seed  # 128 bits survive JSON


def test_a_128_bit_seed_gives_the_same_match_in_worker_processes() -> None:
    seed = 2**127 + 12_345
    here = run_match(["random", "call"], hands=40, chunk_deals=10, seed=seed)
    there = run_match(["random", "call"], hands=40, chunk_deals=10, seed=seed, workers=2)
    assert here.to_dict() == there.to_dict() and here.seed == seed


def test_the_drawn_table_and_tournament_seeds_replay_them() -> None:
    first = TableSession(_table_config(), [load_policy("random", seed=1), load_policy("call")])
    first.run()
    assert first.seed is not None
    again = TableSession(_table_config(), [load_policy("random", seed=1), load_policy("call")], seed=first.seed)
    again.run()
    assert [r.results for r in again.records] == [r.results for r in first.records]
    assert [r.state.hole_cards for r in again.records if r.state] == [
        r.state.hole_cards for r in first.records if r.state
    ]
    players = lambda: [load_policy("random", seed=2), load_policy("call")]  # noqa: E731
    done = run_tournament("headsup", players())
    assert done.seed is not None
    replayed = run_tournament("headsup", players(), seed=done.seed)
    assert [r.results for r in replayed.records] == [r.results for r in done.records]


def _cli(*args: str) -> str:
    out = subprocess.run(
        [sys.executable, "-m", "pokerkit_core", *args], capture_output=True, text=True, check=True,
        env={"PYTHONPATH": str(Path(pokerkit_core.__file__).resolve().parents[1]), "PATH": "/usr/bin:/bin"},
    )
    return out.stdout


def test_the_cli_prints_the_drawn_seed_and_it_replays_the_run() -> None:
    text = _cli("match", "random", "call", "--hands", "40")
    seed = int(re.search(r"seed (\d+)\)", text).group(1))  # type: ignore[union-attr]
    replayed = _cli("match", "random", "call", "--hands", "40", "--seed", str(seed))
    assert text.splitlines()[1:] == replayed.splitlines()[1:]  # the first line has the time
    assert f"seed {seed})" in replayed
    doc = json.loads(_cli("tournament", "--mode", "headsup", "--json"))
    again = json.loads(_cli("tournament", "--mode", "headsup", "--json", "--seed", str(doc["seed"])))
    assert doc["seed"].bit_length() > 64  # drawn: 128 bits, printed whole
    assert again["results"] == doc["results"] and again["seed"] == doc["seed"]


# -- a guessable seed given to isolated bots warns


def test_an_isolated_match_with_a_small_seed_warns() -> None:
    with pytest.warns(SeedWarning, match="seed 5 is small enough"):
        run_match(["call", "call"], hands=2, seed=5, isolate=True)
    with pytest.warns(SeedWarning):
        run_match(["call", "call"], hands=2, seed=-(2**63), isolate=True)
    with warnings.catch_warnings():
        warnings.simplefilter("error", SeedWarning)
        run_match(["call", "call"], hands=2, seed=GUESSABLE_SEED_BOUND, isolate=True)
        run_match(["call", "call"], hands=2, isolate=True)
        run_match(["call", "call"], hands=2, seed=5)  # not isolated: the caller's own bots


@pytest.mark.parametrize("command", ["match", "tournament"])
def test_a_seed_on_the_command_line_with_isolated_bots_warns(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    # issue 24 review: any process of the user reads a command line
    # (/proc/PID/cmdline), the bots' too, so even an unguessable --seed given
    # there is no secret from them
    from pokerkit_core.cli import main

    head = ["match", "call", "call", "--hands", "2"] if command == "match" else [
        "tournament", "--mode", "headsup"]
    seed = str(2**100 + 12345)
    with pytest.warns(SeedWarning, match="on this command's line, which every process"):
        assert main(head + ["--seed", seed, "--isolate", "--json"]) == 0
    with warnings.catch_warnings():
        warnings.simplefilter("error", SeedWarning)
        assert main(head + ["--isolate", "--json"]) == 0  # no seed given: drawn, no warning
        assert main(head + ["--seed", seed, "--json"]) == 0  # not isolated: the caller's own bots
    capsys.readouterr()


def test_the_cli_prints_a_seed_warning_as_one_line() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "pokerkit_core", "match", "call", "call", "--hands", "2", "--isolate", "--seed", "7"],
        capture_output=True, text=True, check=True,
        env={"PYTHONPATH": str(Path(pokerkit_core.__file__).resolve().parents[1]), "PATH": "/usr/bin:/bin"},
    )
    lines = [line for line in out.stderr.splitlines() if "warning" in line.lower()]
    assert lines and all(line.startswith("pokerkit-core match: warning: ") for line in lines), out.stderr
    assert "SeedWarning" not in out.stderr and ".py:" not in out.stderr


def test_an_isolated_table_with_a_small_seed_warns() -> None:
    with pytest.warns(SeedWarning, match="until the session is over"):
        session = TableSession(_table_config(True), [load_policy("call"), load_policy("call")], seed=7)
    session.close()


def test_a_match_seed_must_be_an_int() -> None:
    with pytest.raises(InvalidConfigError, match="seed must be an int"):
        run_match(["call", "call"], hands=2, seed=True)
    with pytest.raises(InvalidConfigError, match="seed must be an int"):
        run_match(["call", "call"], hands=2, seed="1")  # type: ignore[arg-type]


def test_a_web_room_without_seed_draws_one_that_survives_its_saved_form() -> None:
    from pokerkit_core.web.protocol import read_room_request
    from pokerkit_core.web.rooms import Room

    request = read_room_request({"kind": "cash", "seats": [
        {"player": "human"}, {"player": "ai", "level": "normal"}, {"player": "ai", "level": "easy"}]})
    room = Room.create("r", request)
    assert room.seed.bit_length() > 64 and room.session.seed == room.seed  # drawn: 128 bits
    room.session.start_hand()
    saved = json.loads(json.dumps(room.save()))
    assert saved["seed"] == room.seed
    again = Room.load("r", 0.0, saved, None)
    assert again.seed == room.seed
    assert again.session.observation(0).hole_cards == room.session.observation(0).hole_cards
