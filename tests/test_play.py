"""The terminal game, driven through its input and output streams."""

from __future__ import annotations

import io
import re
from typing import Any

import pytest

from bots import CallBot, ShoveBot
from pokerkit_core.engine.actions import Action, Raise
from pokerkit_core.errors import ActionParseError, InvalidConfigError
from pokerkit_core.tables.play import play

CARD = r"[2-9TJQKA][shdc]"


def run(lines: list[str], **kwargs: Any) -> str:
    out = io.StringIO()
    status = play(io.StringIO("".join(f"{line}\n" for line in lines)), out, **kwargs)
    assert status == 0
    return out.getvalue()


def parse_error(text: str) -> str:
    """The message of Action.parse's error for ``text`` (the game's one grammar)."""
    with pytest.raises(ActionParseError) as caught:
        Action.parse(text)
    return str(caught.value)


def opponent_rows(text: str) -> list[str]:
    return [line for line in text.splitlines() if re.match(r"^[ >] [12]  ", line)]


def test_two_whole_hands_with_bad_entries() -> None:
    # seed 3: the person has the button in hand 1 and the big blind in hand 2
    lines = ["hello", "r 5", "", "c", "k", "k", "b 100", "k", "k", "k", "k", "allin"]
    text = run(lines, opponents=[CallBot(), CallBot()], seed=3, hands=2)
    # the table before the first move: blinds, pot, positions, amount to call
    assert "--- Hand 1 | blinds 50/100 | pre-flop ---" in text
    assert "Board: (none)    Pot: 150" in text
    assert re.search(rf"> 0  you +stack +10000 +bet +0  BTN +{CARD} {CARD}", text)
    assert re.search(r"  1  call +stack +9950 +bet +50  SB", text)
    assert re.search(r"  2  call#2 +stack +9900 +bet +100  BB", text)
    assert "To call: 100" in text
    # each bad entry is answered with the legal choices, then asked again
    legal = "Legal: f (fold), c (call 100), r 200..10000 (raise to), allin (to 10000)"
    for bad in ("hello", ""):
        assert f"{parse_error(bad)}; ? for help. {legal}" in text
    # a move the engine refuses is answered with the engine's reason
    assert f"'r 5': raise to 5 is below the minimum 200 (" in text
    assert "you call 100" in text
    assert "you bet 100" in text
    # opponents' cards stay hidden on the table until they show them
    assert opponent_rows(text) and all(
        "?? ??" in row or "folded" in row or " out" in row for row in opponent_rows(text)
    )
    first_show = re.search(r" shows? ", text).start()  # type: ignore[union-attr]
    before_showdown = text[:first_show].replace("Your cards", "")
    assert not re.search(rf"(call|call#2) .*{CARD} {CARD}", before_showdown)
    # a summary after each hand, and the final stacks conserve chips
    assert "== Hand 1 over ==" in text and "== Hand 2 over ==" in text
    assert re.search(r"You: [+-]?\d+, stack \d+", text)
    stacks = [int(m) for m in re.findall(r"^  \S+: (\d+) \(", text, re.M)]
    assert len(stacks) == 3 and sum(stacks) == 30_000


def test_check_or_call_when_typed_wrong_and_full_showdown() -> None:
    # "k" when facing a bet and "c" when nothing is to call are refused
    lines = ["k", "c", "allin"] + ["c", "k"] * 10
    text = run(lines, opponents=[ShoveBot()], seed=1, hands=1)
    assert "'k': you cannot check: " in text or "'c': there is nothing to call: check instead" in text
    assert "== Hand 1 over ==" in text
    # all-in: both hands are shown, then the board is run out
    assert len(re.findall(rf"^(you show|shove shows) {CARD} {CARD}$", text, re.M)) == 2
    assert re.search(r"^(you win|shove wins) \d+ with ", text, re.M)


def test_heads_up_tournament_to_the_end() -> None:
    text = run(["c", "k"] * 40, opponents=[ShoveBot()], mode="headsup", seed=5)
    assert "Final ranking:" in text
    places = re.findall(r"^ +(\d)\. (\S+) \((\d+) chips\)", text, re.M)
    assert sorted(name for _, name, _ in places) == ["shove", "you"]
    assert sorted(int(c) for _, _, c in places) == [0, 2000]
    assert [p for p, _, _ in places] == ["1", "2"]


def test_no_limit_tournament_finishes_quietly_after_the_person_busts() -> None:
    opponents = [ShoveBot() for _ in range(5)]
    text = run(["allin", "c", "k"] * 60, opponents=opponents, mode="nolimit", seed=2)
    places = re.findall(r"^ +(\d)\. (\S+) \((\d+) chips\)", text, re.M)
    assert len(places) == 6 and places[0][0] == "1"
    assert sorted(name for _, name, _ in places) == sorted(
        ["you", "shove", "shove#2", "shove#3", "shove#4", "shove#5"]
    )
    you = next(p for p in places if p[1] == "you")
    if you[0] != "1":
        assert "You are out in hand" in text


def test_quit_and_end_of_input_stop_the_game() -> None:
    text = run(["q"], opponents=[CallBot()], seed=1)
    assert "Game stopped." in text and "== Hand 1 over ==" not in text
    assert "you: 10000 (0)" in text  # the unfinished hand is dropped
    text = run([], opponents=[CallBot()], mode="headsup", seed=1)
    assert "Game stopped." in text


def test_help_reasons_and_amount_messages() -> None:
    """``?`` lists the moves; a fold when checking is free gets the engine's
    reason; a non-number and an amount above the stack get their own
    messages; ``allin`` shows the same raise-to total as the raise range."""
    # seed 14: hand 1 checked down to the river of hand 2, where nobody has bet
    lines = ["c", "k", "k", "k", "k", "?", "f", "b lots", "b 1e3", "b 999999", "k", "k", "k", "k"]
    text = run(lines, opponents=[CallBot(), CallBot()], seed=14, hands=2)
    assert "  r N / raise N   raise to N: your total for the street, not the increase" in text
    assert "'f': folding is not allowed when you can check. Legal: k (check)" in text
    legal = "Legal: k (check), b 100..10100 (bet), allin (to 10100)"
    assert f"cannot read 'b lots' as an action: bet needs a raise-to amount in digits 0-9; write f, k" in text
    assert f"{parse_error('b lots')}; ? for help. {legal}" in text
    assert f"{parse_error('b 1e3')}; ? for help. {legal}" in text
    assert "you have 10100 chips behind (0 in front this street): you can bet at most 10100 (allin)" in text
    assert "b 100..10100 (bet), allin (to 10100)" in text
    assert "r 200..10000 (raise to), allin (to 10000)" in text  # facing a bet: the same totals


@pytest.mark.parametrize(
    "typed", ["raise 300", "bet 300", "r300", "r 300", "b300", "b 300", "Raise 300", "cbr 300", "bet300"]
)
def test_long_names_and_glued_amounts_are_read_as_action_parse_reads_them(typed: str) -> None:
    """Facing the big blind, every form Action.parse reads for a raise to 300
    raises to 300 (it was "'aise 300' is not a number")."""
    assert Action.parse(typed.lower()).to == 300
    text = run([typed, "f"], opponents=[CallBot(), CallBot()], seed=3, hands=1)
    assert "you raise to 300" in text
    assert "is not a number" not in text and "cannot read" not in text


def test_a_raise_typed_on_an_unopened_street_is_a_bet() -> None:
    # seed 3, hand 1: called pre-flop, then the flop is unopened for the person
    text = run(["c", "k", "raise 200", "f"], opponents=[CallBot(), CallBot()], seed=3, hands=1)
    assert "you bet 200" in text and "cannot read" not in text


def test_terminal_player_returns_raise_300_for_each_form() -> None:
    """The move TerminalPlayer.decide returns, read straight from the game."""
    from pokerkit_core.engine.observation import observe
    from pokerkit_core.tables.play import TerminalGame, TerminalPlayer
    from pokerkit_core.engine.rules import GameConfig
    from pokerkit_core.engine.state import deal

    # three seats of 10000, blinds 50/100, seat 0 on the button and first to act
    state = deal(GameConfig(stacks=(10_000,) * 3, small_blind=50, big_blind=100, button=0), seed=1)
    assert state.to_act == 0

    def _observe(state: Any) -> Any:
        return observe(state, 0)

    for typed in ("raise 300", "bet 300", "r300", "RAISE   300", "b 300"):
        out = io.StringIO()
        game = TerminalGame(io.StringIO(typed + "\n"), out, ["you", "a", "b"])
        game.state = state
        player = TerminalPlayer(game)
        assert player.decide(_observe(state)) == Raise(300), out.getvalue()
    for bad, expected in (
        ("raise lots", "raise needs a raise-to amount in digits 0-9"),
        ("raise 0", "raise needs a raise-to from 1 to"),
        ("bet", "bet needs a raise-to amount in digits 0-9"),
        ("fold 3", "fold takes no amount"),
        ("hello", "not an action"),
    ):
        out = io.StringIO()
        game = TerminalGame(io.StringIO(bad + "\nf\n"), out, ["you", "a", "b"])
        game.state = state
        assert TerminalPlayer(game).decide(_observe(state)) == Action.parse("f")
        assert parse_error(bad) in out.getvalue() and expected in out.getvalue()
    out = io.StringIO()
    game = TerminalGame(io.StringIO("raise 999999\nf\n"), out, ["you", "a", "b"])
    TerminalPlayer(game).decide(_observe(state))
    assert "you can raise to at most 10000 (allin)" in out.getvalue()


def test_at_most_max_seats_minus_one_opponents() -> None:
    from pokerkit_core.engine.checks import MAX_SEATS

    with pytest.raises(InvalidConfigError, match=f"give 1 to {MAX_SEATS - 1} opponents \\(a table seats {MAX_SEATS}\\), not {MAX_SEATS}"):
        run([], opponents=[CallBot() for _ in range(MAX_SEATS)])
    with pytest.raises(InvalidConfigError, match="not 0"):
        run([], opponents=[])


def test_wrong_number_of_opponents_for_a_mode() -> None:
    with pytest.raises(InvalidConfigError):
        run([], opponents=[CallBot()], mode="nolimit")


def test_cli_play(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from pokerkit_core.cli import main, play_cmd

    monkeypatch.setattr(play_cmd, "load_policy", lambda name, seed=None: CallBot())
    monkeypatch.setattr("sys.stdin", io.StringIO("f\nk\nk\nk\nk\n"))
    assert main(["play", "--opponents", "normal,hard", "--seed", "4", "--hands", "1"]) == 0
    out = capsys.readouterr().out
    assert "*** Hand 1 ***" in out and "== Hand 1 over ==" in out


def test_cli_play_derives_each_ais_seed_one_way(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    # issue 24 review: the play command still seeded AIs with seed * 10 + seat
    # (an AI's seed gave the deck seed away), not seeding.policy_seed
    from pokerkit_core.cli import main, play_cmd
    from pokerkit_core.seeding import policy_seed

    seeds: list[int | None] = []

    def record(name: str, seed: int | None = None) -> CallBot:
        seeds.append(seed)
        return CallBot()

    monkeypatch.setattr(play_cmd, "load_policy", record)
    monkeypatch.setattr("sys.stdin", io.StringIO("f\n" * 5))
    assert main(["play", "--opponents", "normal,hard", "--seed", "4", "--hands", "1"]) == 0
    assert seeds == [policy_seed(4, "play.policy", 1), policy_seed(4, "play.policy", 2)]
    assert not set(seeds) & {41, 42}
    capsys.readouterr()


def test_cli_play_seats_a_full_ten_seat_table(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from pokerkit_core.engine.checks import MAX_SEATS
    from pokerkit_core.cli import main, play_cmd

    monkeypatch.setattr(play_cmd, "load_policy", lambda name, seed=None: CallBot())
    monkeypatch.setattr("sys.stdin", io.StringIO("f\n" * 5))
    names = ",".join(f"bot{i}" for i in range(1, MAX_SEATS))  # 9 opponents and you: 10 seats
    assert main(["play", "--opponents", names, "--seed", "4", "--hands", "1"]) == 0
    out = capsys.readouterr().out
    assert "== Hand 1 over ==" in out
    seats = {int(m) for m in re.findall(r"^[ >] +(\d+)  \S+ +stack", out, re.M)}
    assert seats == set(range(MAX_SEATS)) and MAX_SEATS == 10
    too_many = ",".join(f"bot{i}" for i in range(MAX_SEATS))
    assert main(["play", "--opponents", too_many, "--hands", "1"]) == 2
    assert f"give 1 to {MAX_SEATS - 1} opponents (a table seats {MAX_SEATS}), not {MAX_SEATS}" in capsys.readouterr().err


def test_against_the_registered_ais() -> None:
    from pokerkit_core.engine.policy import available_policies, load_policy

    if not {"normal", "hard"} <= set(available_policies()):
        pytest.skip("the built-in AIs are not registered (reinstall the package)")
    opponents = [load_policy("normal", seed=1), load_policy("hard", seed=2)]
    text = run(["c", "k", "zz"] * 30, opponents=opponents, seed=9, hands=3)
    assert "== Hand 1 over ==" in text
    assert f"{parse_error('zz')}; ? for help" in text
    stacks = [int(m) for m in re.findall(r"^  \S+: (\d+) \(", text, re.M)]
    assert sum(stacks) == 30_000
