"""The terminal game, driven through its input and output streams."""

from __future__ import annotations

import io
import re
from typing import Any

import pytest

from bots import CallBot, ShoveBot
from pokerkit_core.errors import InvalidConfigError
from pokerkit_core.play import play

CARD = r"[2-9TJQKA][shdc]"


def run(lines: list[str], **kwargs: Any) -> str:
    out = io.StringIO()
    status = play(io.StringIO("".join(f"{line}\n" for line in lines)), out, **kwargs)
    assert status == 0
    return out.getvalue()


def opponent_rows(text: str) -> list[str]:
    return [line for line in text.splitlines() if re.match(r"^[ >] [12]  ", line)]


def test_two_whole_hands_with_bad_entries() -> None:
    # seed 3: the person has the button in hand 1 and the big blind in hand 2
    lines = ["hello", "r 5", "b 300", "", "c", "k", "k", "b 100", "k", "k", "k", "k", "allin"]
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
    for bad in ("hello", "(empty)"):
        assert f"'{bad}' is not a legal choice here (? for help). {legal}" in text
    # a move the engine refuses is answered with the engine's reason
    assert f"'r 5': raise to 5 is below the minimum 200 (" in text
    assert f"'b 300': there is a bet of 100 already: raise instead. {legal}" in text
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
    # seed 3: hand 1 checked down to the river of hand 2, where nobody has bet
    lines = ["c", "k", "k", "k", "k", "?", "f", "b lots", "b 1e3", "b 999999", "k", "k", "k", "k"]
    text = run(lines, opponents=[CallBot(), CallBot()], seed=3, hands=2)
    assert "  r N             raise to N: your total for the street, not the increase" in text
    assert "'f': folding is not allowed when you can check. Legal: k (check)" in text
    assert "'lots' is not a number: type b and a whole number of chips, e.g. b 100" in text
    assert "'1e3' is not a number" in text
    assert "you have 10100 chips behind (0 in front this street): you can bet at most 10100 (allin)" in text
    assert "b 100..10100 (bet), allin (to 10100)" in text
    assert "r 200..10000 (raise to), allin (to 10000)" in text  # facing a bet: the same totals


def test_at_most_max_seats_minus_one_opponents() -> None:
    from pokerkit_core.checks import MAX_SEATS

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


def test_cli_play_seats_a_full_ten_seat_table(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from pokerkit_core.checks import MAX_SEATS
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
    from pokerkit_core.policy import available_policies, load_policy

    if not {"normal", "hard"} <= set(available_policies()):
        pytest.skip("the built-in AIs are not registered (reinstall the package)")
    opponents = [load_policy("normal", seed=1), load_policy("hard", seed=2)]
    text = run(["c", "k", "zz"] * 30, opponents=opponents, seed=9, hands=3)
    assert "== Hand 1 over ==" in text
    assert "'zz' is not a legal choice here" in text
    stacks = [int(m) for m in re.findall(r"^  \S+: (\d+) \(", text, re.M)]
    assert sum(stacks) == 30_000
