"""Online rooms' hand histories (formats/sites): read, replay, check, export.

The real files are the shared sample set ``../shared/site-histories`` (read
in place, never copied); the tests skip when it is absent.  Each room has a
hand whose pots, rake and winnings are worked out by hand below.  Amounts
are chips: cents for cash games (the site's dollars x 100).
"""

from __future__ import annotations

import contextlib
import io
import json
from fractions import Fraction
from pathlib import Path

import pytest

from pokerkit_core.cli import main as cli
from pokerkit_core.engine.results import resolve_pots
from pokerkit_core.errors import HistoryParseError, SiteHistoryError
from pokerkit_core.formats import phh, serialize
from pokerkit_core.formats.replay import replay
from pokerkit_core.formats.sites import HandOutcome, check, decode, detect_site, import_paths, read_text
from pokerkit_core.formats.sites.export import dumps_json, to_json, to_ohh, to_phh, to_phh_text

ROOT = Path(__file__).resolve().parents[2] / "shared" / "site-histories"
pytestmark = pytest.mark.skipif(not ROOT.is_dir(), reason="../shared/site-histories is not here")


def one(relative: str) -> HandOutcome:
    outcomes = list(import_paths([ROOT / relative]))
    assert len(outcomes) == 1, [o.reason for o in outcomes]
    return outcomes[0]


def pots(outcome: HandOutcome) -> list[tuple[int, int, tuple[int, ...], tuple[object, ...]]]:
    assert outcome.history is not None
    state = replay(outcome.history, implicit_folds=False).state
    assert state is not None and state.is_over
    return [(p.amount, p.rake, p.winners, p.shares) for p in resolve_pots(state).pots]


def stack(outcome: HandOutcome, name: str) -> object:
    assert outcome.history is not None and outcome.got is not None
    return outcome.got[outcome.history.players.index(name)]


# ------------------------------------------------------------------ PokerStars
def test_pokerstars_all_in_with_side_pot_and_rake() -> None:
    # Shupstix all-in for $10.58, ilya44rus and T_Leroy for $14.57 each, three
    # antes of $0.02 folded: main pot 3 x 10.58 + 0.06 = $31.80, side pot
    # 2 x 3.99 = $7.98, total $39.78 as the summary says.  Rake $1.50 (the
    # cap): the summary's pots are $30.37 and $7.91, so PokerStars took 143
    # from the main pot (4.5% of 3180 = 143.1) and the 7 left to the cap from
    # the side pot: its running total (RakeSplit.RUNNING_TOTAL at 4.5%, the
    # rate found from the pots).  T_Leroy's kings win both: 3037 + 791 =
    # $38.28 (the summary's "won ($38.28)"); he finishes with 25.96 - 14.57 +
    # 38.28 = $49.67.
    outcome = one("PokerStars/CashGame/GeneralHands/SidePot.txt")
    assert outcome.status == "equal", outcome.reason
    assert outcome.history is not None and outcome.history.rake_rate == Fraction(45, 1000)
    assert pots(outcome) == [(3180, 143, (3,), (3037,)), (798, 7, (3,), (791,))]
    assert stack(outcome, "T_Leroy") == 4967
    assert stack(outcome, "Shupstix") == 0 and stack(outcome, "ilya44rus") == 0
    assert outcome.site_hand is not None and outcome.site_hand.rake == 150
    # the room's own pots after its rake split, now the engine's too
    assert outcome.site_hand.pots == [3037, 791]


def test_pokerstars_rake_split_between_three_pots_by_the_running_total() -> None:
    # 85998509763: main pot 4 x 1.38 + the folded big blind's 0.10 = $5.62,
    # side pot-1 3 x 2.62 = $7.86, side pot-2 2 x 3.18 = $6.36: $19.84, rake
    # $0.89.  The summary's pots ($5.37, $7.50, $6.08) say 25, 36 and 28
    # cents: 4.5% of the running total rounded, 562 -> 25.29 -> 25, 1348 ->
    # 60.66 -> 61 (36 more), 1984 -> 89.28 -> 89 (28 more); in proportion
    # they would be 26, 35, 28 and templargio's two side pots a cent short.
    # CrSilva.11 wins the main pot (537), templargio both side pots (750 +
    # 608 = $13.58): 38.94 - 7.18 + 13.58 = $45.34.
    outcome = one("PokerStars/CashGame/ExtraHands/SidePot.txt")
    assert outcome.status == "equal", outcome.reason
    assert outcome.history is not None and outcome.history.rake_rate == Fraction(45, 1000)
    assert [(p[0], p[1], p[3]) for p in pots(outcome)] == [
        (562, 25, (537,)), (786, 36, (750,)), (636, 28, (608,)),
    ]
    assert stack(outcome, "templargio") == 4534 and stack(outcome, "CrSilva.11") == 537


def test_pokerstars_mucked_hand_loses_and_rake_is_taken() -> None:
    # $0.10 x 3 in pre-flop, $0.30 x 2 on the turn: pot $0.90, rake $0.04;
    # anteklaus mucks (his cards unknown: the replay deals him the weakest
    # cards), morajk's threes win $0.86 and finish 8 - 0.40 + 0.86 = $8.46
    outcome = one("PokerStars/CashGame/Limits/Limit1.txt")
    assert outcome.status == "equal", outcome.reason
    assert pots(outcome) == [(90, 4, (1,), (86,))]
    assert stack(outcome, "morajk") == 846


def test_pokerstars_tournament_hand_with_antes_and_two_all_ins() -> None:
    # antes 8 x 7 = 56, blinds 40/80; colorado0054 all-in 506 (92 uncalled
    # back), kikax0 all-in 296, jas v121 all-in 414: main pot 3 x 296 + 56 +
    # 40 = 984, side pot 2 x 118 = 236, both to colorado0054 (514 - 8 - 414 +
    # 984 + 236 = 1312); no rake in a tournament
    outcome = one("PokerStars/MultiTableTournament/GameTypeTests/NoLimitHoldem.txt")
    assert outcome.status == "equal", outcome.reason
    assert pots(outcome) == [(984, 0, (2,), (984,)), (236, 0, (2,), (236,))]
    assert stack(outcome, "colorado0054") == 1312
    assert outcome.site_hand is not None and outcome.site_hand.tournament == "937193984"
    assert outcome.site_hand.pots == [984, 236]  # "Main pot 984. Side pot 236.": compared too


def test_pokerstars_cash_out_is_a_note_and_the_pot_still_settles() -> None:
    # $20.50 each all-in: pot $41, rake $2.05, $38.95 to m788's tens; the
    # cash-out ($26.10, fee $0.26) is kept as a note, not in the stacks
    outcome = one("PokerStars/CashGame/HandActionTests/CashOut.txt")
    assert outcome.status == "equal", outcome.reason
    assert pots(outcome) == [(4100, 205, (4,), (3895,))]
    assert outcome.site_hand is not None
    assert any("cashed out the hand for $26.10" in note for note in outcome.site_hand.notes)


BOUNTY = """PokerStars Hand #200000000001: Tournament #3000000001, $4.40+$4.40+$1.20 USD Hold'em No Limit - Level I (10/20) - 2021/05/01 10:00:00 ET
Table '3000000001 1' 9-max Seat #1 is the button
Seat 1: Alpha (1500 in chips, $4.40 bounty)
Seat 2: Bravo (1500 in chips, $4.40 bounty)
Seat 3: Charlie (700 in chips, $4.40 bounty)
Bravo: posts small blind 10
Charlie: posts big blind 20
*** HOLE CARDS ***
Dealt to Alpha [As Ad]
Alpha: raises 40 to 60
Bravo: folds
Charlie: raises 640 to 700 and is all-in
Alpha: calls 640
*** FLOP *** [2c 7d 9h]
*** TURN *** [2c 7d 9h] [Js]
*** RIVER *** [2c 7d 9h Js] [4s]
*** SHOW DOWN ***
Charlie: shows [Kh Kd] (a pair of Kings)
Alpha: shows [As Ad] (a pair of Aces)
Alpha collected 1410 from pot
Alpha wins $4.40 for eliminating Charlie and their own bounty increases by $4.40 to $8.80
Charlie finished the tournament in 3rd place
*** SUMMARY ***
Total pot 1410 | Rake 0
Board [2c 7d 9h Js 4s]
Seat 1: Alpha (button) showed [As Ad] and won (1410) with a pair of Aces
Seat 2: Bravo (small blind) folded before Flop
Seat 3: Charlie (big blind) showed [Kh Kd] and lost with a pair of Kings
"""


def test_pokerstars_bounty_tournament_hand() -> None:
    # 700 + 700 + 10 = 1410 to Alpha's aces: 1500 - 700 + 1410 = 2210; the
    # bounty lines are notes (bounties are prize money, not chips)
    (hand,) = read_text(BOUNTY, "bounty.txt")
    outcome = check(hand)  # type: ignore[arg-type]
    assert outcome.status == "equal", outcome.reason
    assert pots(outcome) == [(1410, 0, (2,), (1410,))]
    assert stack(outcome, "Alpha") == 2210 and stack(outcome, "Charlie") == 0
    assert any("bounty" in note for note in hand.notes)  # type: ignore[union-attr]


def test_non_holdem_is_skipped_and_counted() -> None:
    outcome = one("PokerStars/CashGame/GameTypeTests/PotLimitOmaha.txt")
    assert outcome.status == "skipped" and outcome.reason == "unsupported game: Omaha"
    assert outcome.history is None


def test_parse_error_names_file_line_and_what_was_expected() -> None:
    text = BOUNTY.replace("Table '3000000001 1' 9-max Seat #1 is the button", "Table without a button")
    (outcome,) = read_text(text, "broken.txt")
    assert isinstance(outcome, HandOutcome) and outcome.status == "refused"
    assert "broken.txt: line 2:" in outcome.reason and "expected \"Table '<name>'" in outcome.reason
    with pytest.raises(SiteHistoryError, match="no hand history of a known room"):
        list(read_text("hello\nworld\n", "x.txt"))


# ------------------------------------------------------------------ GGPoker
def test_ggpoker_run_it_twice() -> None:
    # $97.18 each all-in: $194.36, rake $5 + jackpot $1 = $6 taken first,
    # $188.36 cut into two boards of $94.18; Hero's aces win both boards and
    # finish 117.09 - 97.18 + 188.36 = $208.27
    outcome = one("GGPoker/CashGame/GeneralHands/RunTwice.txt")
    assert outcome.status == "equal", outcome.reason
    assert outcome.history is not None and outcome.history.boards == 2
    assert pots(outcome) == [(19436, 600, (1,), (18836,))]
    assert stack(outcome, "Hero") == 20827
    assert outcome.site_hand is not None and outcome.site_hand.fees == {"rake": 500, "jackpot": 100, "bingo": 0}


def test_ggpoker_cash_out_risk_is_a_note() -> None:
    # $122.73 (tyx36123) and $122.73 called by oiesfcv1 plus $4.40 (fma3fca1)
    # and $2 (b6887901): $251.86, house $8 (rake 6, jackpot 2): $243.86 to the
    # kings; the EV cash-out lines are notes
    outcome = one("GGPoker/CashGame/HandActionTests/PaysCashoutFee.txt")
    assert outcome.status == "equal", outcome.reason
    assert pots(outcome) == [(25186, 800, (4,), (24386,))]
    assert outcome.site_hand is not None
    assert "oiesfcv1: Pays Cashout Risk ($22.68)" in outcome.site_hand.notes


STRADDLE = """Poker Hand #HD900000001: Hold'em No Limit ($0.5/$1) - 2020/01/01 12:00:00
Table 'NLHGold1' 6-max Seat #1 is the button
Seat 1: Btn ($100 in chips)
Seat 2: Small ($100 in chips)
Seat 3: Big ($100 in chips)
Seat 4: Strad ($100 in chips)
Small: posts small blind $0.5
Big: posts big blind $1
Strad: straddle $2
*** HOLE CARDS ***
Btn: raises $4 to $6
Small: folds
Big: folds
Strad: calls $4
*** FLOP *** [2c 7d 9h]
Strad: checks
Btn: bets $5
Strad: folds
Uncalled bet ($5) returned to Btn
*** SHOWDOWN ***
Btn collected $12.9 from pot
*** SUMMARY ***
Total pot $13.5 | Rake $0.6 | Jackpot $0 | Bingo $0
Board [2c 7d 9h]
Seat 1: Btn (button) won ($12.9)
Seat 2: Small (small blind) folded before Flop
Seat 3: Big (big blind) folded before Flop
Seat 4: Strad folded on the Flop
"""


def test_ggpoker_utg_straddle() -> None:
    # straddle $2 after the $0.5/$1 blinds; the button raises to $6 and the
    # straddler calls: 0.5 + 1 + 6 + 6 = $13.5, rake $0.6: the button wins
    # $12.9 (his $5 flop bet comes back) and finishes 100 - 6 + 12.9 = $106.90
    (hand,) = read_text(STRADDLE, "straddle.txt")
    outcome = check(hand)  # type: ignore[arg-type]
    assert outcome.status == "equal", outcome.reason
    assert outcome.history is not None and outcome.history.blinds[:3] == (50, 100, 200)
    assert stack(outcome, "Btn") == 10690


def test_ggpoker_straddle_from_the_seat_after_utg() -> None:
    # GGPoker's own sample: button seat 6, blinds $0.5/$1 (seats 1, 2), the
    # $2 straddle from seat 4 (UTG+1): seats 5 and 6 act first, UTG (Hero,
    # seat 3) after the big blind, the straddler last (GameConfig.straddle_seat).
    # xnvdam1 raises to $7, 62dfdfaf calls: 7 + 1 + 7 = $15; flop $6.95 bet and
    # called: $28.90; the turn bet of $22.68 comes back.  Rake $1.44: xnvdam1
    # wins $27.46 and finishes 103.50 - 7 - 6.95 + 27.46 = $117.01; the
    # straddler 105.63 - 13.95 = $91.68.
    real = one("GGPoker/CashGame/GeneralHands/Straddle.txt")
    assert real.status == "equal", real.reason
    assert real.history is not None and real.history.blinds == (50, 100, 0, 200, 0, 0)
    assert [(p[0], p[1]) for p in pots(real)] == [(2890, 144)]
    assert stack(real, "xnvdam1") == 11701 and stack(real, "62dfdfaf") == 9168
    state = replay(real.history, implicit_folds=False).state
    assert state is not None and state.config.straddle_seat is not None
    opener = next(e for e in state.history if type(e).__name__ == "ActionTaken")
    assert real.history.players[opener.seat] == "fdafscsa"


# ------------------------------------------------------------------ other rooms
def test_winamax_pot_is_after_rake() -> None:
    # LEROISALO $22.85 all-in, nico86190 calls: 45.70 + 0.25 + 0.50 = $46.45,
    # rake $3, "Total pot 43.45€" (after rake); nico's queens: 38.52 - 22.85
    # + 43.45 = $59.12
    outcome = one("Winamax/CashGame/HandActionTests/AllInHandWithShowdown.txt")
    assert outcome.status == "equal", outcome.reason
    assert pots(outcome) == [(4645, 300, (2,), (4345,))]
    assert stack(outcome, "nico86190") == 5912


def test_888_dead_blind_and_rake_from_the_winnings() -> None:
    # blinds $1/$2, GYAMEPRO posts a dead $1 and a live $2 and checks it
    # down: pot 1 + 2 + 1 + 2 = $6, he collects $5.70: the rake (not written
    # by 888) is $0.30; he finishes 70 - 3 + 5.70 = $72.70
    outcome = one("Pacific/CashGame/HandActionTests/PostingDead.txt")
    assert outcome.status == "equal", outcome.reason
    assert pots(outcome) == [(600, 30, (3,), (570,))]
    assert stack(outcome, "GYAMEPRO") == 7270


def test_partypoker_all_in_river() -> None:
    # dr. spaz puts in his $10 (0.30 + 1.10 + 3.70 + 4.90), TYRANNOMAN1 his
    # $8.13; the $1.87 nobody matched is PartyPoker's "side pot 1": dr. spaz
    # wins $1.87 + $20.66 = $22.53 and the rake is $1 (the chips put in,
    # $23.53, less the winnings)
    outcome = one("PartyPoker/CashGame/HandActionTests/AllInHandWithShowdown.txt")
    assert outcome.status == "equal", outcome.reason
    assert pots(outcome) == [(2166, 100, (4,), (2066,))]
    assert stack(outcome, "dr. spaz") == 2253 and stack(outcome, "TYRANNOMAN1") == 0


def test_ipoker_xml() -> None:
    # Amalfitano1 shoves €19.25, Taras2107 calls all-in for €1.70: pot €3.40,
    # €15.85 back; Taras's straight wins €3.18: the rake is €0.22
    outcome = one("IPoker/CashGame/HandActionTests/AllInHandWithShowdown.txt")
    assert outcome.status == "equal", outcome.reason
    assert pots(outcome) == [(340, 22, (0,), (318,))]
    assert stack(outcome, "Amalfitano1") == 1755 and stack(outcome, "Taras2107") == 318


def test_ipoker_shoot_out_hand_of_antes_only() -> None:
    # two players with one chip each post a one-chip ante, no blind: both
    # all-in before a card.  BingoPlayer's trip sixes with the king beat
    # MrMagnificent's with the queen on S9 S6 H6 H8 C6: he wins the 2 chips.
    outcome = one("IPoker/MultiTableTournament/ExtraHands/ShootOutTournament.txt")
    assert outcome.status == "equal", outcome.reason
    assert outcome.history is not None and outcome.history.blinds == (0, 0)
    assert outcome.history.antes == (1, 1)
    assert pots(outcome) == [(2, 0, (1,), (2,))]
    assert stack(outcome, "BingoPlayer") == 2 and stack(outcome, "MrMagnificent") == 0
    state = replay(outcome.history, implicit_folds=False).state
    assert state is not None
    assert (state.config.small_blind_seat, state.config.big_blind_seat) == (None, None)


def test_localized_ipoker_file(tmp_path: Path) -> None:
    # the same hand as a localized client writes it: decimal commas and a
    # day-month-year date; it imports to the same stacks
    text = (ROOT / "IPoker/CashGame/HandActionTests/AllInHandWithShowdown.txt").read_text(encoding="utf-8-sig")
    localized = text.replace("€0.", "€0,").replace("€1.", "€1,").replace("€19.", "€19,").replace("€17.", "€17,")
    localized = localized.replace("€3.18", "€3,18").replace("2014-01-07 00:00:39", "07-01-2014 00:00:39")
    assert "€19,25" in localized and "07-01-2014" in localized
    path = tmp_path / "localized.xml"
    path.write_text(localized, encoding="utf-8")
    (outcome,) = import_paths([path])
    assert outcome.status == "equal", outcome.reason
    assert stack(outcome, "Amalfitano1") == 1755 and stack(outcome, "Taras2107") == 318
    assert outcome.site_hand is not None and outcome.site_hand.time == "2014-01-07T00:00:39"


def test_winning_summary_and_jackpot_fee() -> None:
    # 12 + 12 + 12 + 4 = $40 in, maxcady444 collects $37.75: the written rake
    # is $2, the other $0.25 the "(JP)" table's jackpot fee; he finishes
    # 249.10 - 12 + 37.75 = $274.85
    outcomes = list(import_paths([ROOT / "WinningPoker/CashGame/MultipleHandsTests/10MultipleHands.txt"]))
    outcome = next(o for o in outcomes if o.hand_id == "261441841")
    assert outcome.status == "equal", outcome.reason
    assert pots(outcome) == [(4000, 225, (3,), (3775,))]  # the button is the last player
    assert stack(outcome, "maxcady444") == 27485


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be"])
def test_utf16_file(tmp_path: Path, encoding: str) -> None:
    # Winning/ACR writes UTF-16 (with a byte-order mark or without)
    source = ROOT / "WinningPoker/CashGame/MultipleHandsTests/10MultipleHands.txt"
    text = source.read_text(encoding="utf-8-sig").replace("\n", "\r\n")
    path = tmp_path / "acr.txt"
    path.write_bytes(text.encode(encoding))
    assert decode(path.read_bytes()).startswith("Game started at:")
    ours = [(o.hand_id, o.status, o.got) for o in import_paths([path])]
    original = [(o.hand_id, o.status, o.got) for o in import_paths([source])]
    assert ours == original and len(ours) == 10


def test_full_tilt() -> None:
    # theking881 all-in for $308: $616, rake $0.50, jobetzu's full house
    # collects $615.50: 2094.70 - 308 + 615.50 = $2,402.20
    outcome = one("FullTilt/CashGame/HandActionTests/AllInHandWithShowdown.txt")
    assert outcome.status == "equal", outcome.reason
    assert pots(outcome) == [(61600, 50, (0,), (61550,))]
    assert stack(outcome, "jobetzu") == 240220


def test_detect_site() -> None:
    heads = {
        "PokerStars": "PokerStars Hand #1: Hold'em", "GGPoker": "Poker Hand #HD1: Hold'em",
        "Winamax": "Winamax Poker - CashGame", "888poker": "***** 888poker Hand History for Game 1 *****",
        "PartyPoker": "***** Hand History for Game 1 *****", "iPoker": "<session sessioncode=\"0\">",
        "Winning": "Game started at: 2014/3/8 22:0:24", "Full Tilt": "Full Tilt Poker Game #1: Table",
    }
    for site, head in heads.items():
        assert detect_site(head) == site
    assert detect_site("hello") is None


# ------------------------------------------------------------------ the whole set
# hold'em hands replayed equal to the room's summary, of the hold'em hands
# found (docs/import.rst explains every miss); a floor, so a regression fails
FLOORS = {
    "PokerStars": (113, 118), "GGPoker": (14, 15), "Winamax": (36, 37), "888poker": (27, 30),
    "PartyPoker": (40, 42), "iPoker": (55, 57), "Winning": (31, 33), "Full Tilt": (38, 39),
}


def test_rooms_of_the_shared_set() -> None:
    rooms = ["PokerStars", "GGPoker", "Winamax", "Pacific", "PartyPoker", "IPoker", "WinningPoker",
             "WinningPokerV2", "FullTilt"]
    found: dict[str, list[int]] = {}
    for outcome in import_paths([ROOT / room for room in rooms]):
        if outcome.game == "holdem" and outcome.site in FLOORS:
            row = found.setdefault(outcome.site, [0, 0])
            row[0] += outcome.status == "equal"
            row[1] += 1
    for site, (equal, total) in FLOORS.items():
        assert found[site][1] == total, site
        assert found[site][0] >= equal, site


# ------------------------------------------------------------------ export
def test_phh_written_for_an_imported_hand_replays_to_the_same_stacks(tmp_path: Path) -> None:
    out = tmp_path / "out"
    with contextlib.redirect_stdout(io.StringIO()) as printed:
        status = cli(["import", str(ROOT / "PokerStars/CashGame/GeneralHands/SidePot.txt"),
                      str(ROOT / "GGPoker/CashGame/GeneralHands/RunTwice.txt"),
                      "--to", "phh", "--out", str(out), "--no-progress"])
    assert status == 0 and "PokerStars" in printed.getvalue()
    written = sorted(out.rglob("*.phh"))
    assert [p.name for p in written] == ["HD1587634.phh", "109690806574.phh"]
    doc = phh.loads((out / "PokerStars" / "109690806574.phh").read_text(encoding="utf-8"))
    extra = dict(doc.extra)
    assert doc.hand_id == "109690806574" and doc.rake == 150
    assert extra["table"] == "Skat III 100-250 bb, Ante" and extra["seats"] == (6, 1, 2, 3, 4, 5)
    assert extra["venue"] == "PokerStars" and extra["year"] == 2014 and extra["time_zone_abbreviation"] == "ET"
    with contextlib.redirect_stdout(io.StringIO()) as replayed:
        assert cli(["replay", *map(str, written), "--json"]) == 0
    results = [json.loads(line) for line in replayed.getvalue().splitlines()]
    assert [r["ok"] for r in results] == [True, True]
    expected = {o.hand_id: o.got for o in import_paths([ROOT / "PokerStars/CashGame/GeneralHands/SidePot.txt"])}
    assert replay(doc).got == expected["109690806574"]


def test_json_and_ohh_exports() -> None:
    outcome = one("PokerStars/CashGame/GeneralHands/SidePot.txt")
    data = json.loads(dumps_json(to_json(outcome)))
    assert data["type"] == "ImportedHand" and data["status"] == "equal" and data["rake"] == 150
    state = serialize.loads(json.dumps(data["state"]))
    assert state.stacks == outcome.got
    ohh = json.loads(dumps_json(to_ohh(outcome)))["ohh"]
    assert ohh["site_name"] == "PokerStars" and ohh["game_number"] == "109690806574"
    assert ohh["dealer_seat"] == 5 and ohh["bet_limit"]["bet_type"] == "NL"
    # 2014/01/06 11:19:47 ET is US Eastern standard time (UTC-5) in January
    assert ohh["start_date_utc"] == "2014-01-06T16:19:47Z"
    assert [(p["amount"], p["rake"]) for p in ohh["pots"]] == [(31.8, 1.43), (7.98, 0.07)]
    assert [r["street"] for r in ohh["rounds"]] == ["Preflop", "Flop", "Turn", "River", "Showdown"]
    assert to_phh(outcome).rake == 150 and "_rake = 1.50" in to_phh_text(outcome)


def test_import_command_summary_json() -> None:
    with contextlib.redirect_stdout(io.StringIO()) as printed:
        assert cli(["import", str(ROOT / "PokerStars/CashGame/GameTypeTests"), "--json"]) == 0
    doc = json.loads(printed.getvalue())
    rows = {(row["site"], row["game"]): row for row in doc["summary"]}
    assert rows[("PokerStars", "holdem")]["equal"] == 3
    assert rows[("PokerStars", "Omaha")]["skipped"] == 1
    assert rows[("PokerStars", "Hold'em Cap No Limit")]["skipped"] == 1


def test_stats_reads_site_files_net_of_rake() -> None:
    with contextlib.redirect_stdout(io.StringIO()) as printed:
        assert cli(["stats", str(ROOT / "PokerStars/CashGame/GeneralHands/SidePot.txt"), "--json"]) == 0
    doc = json.loads(printed.getvalue())
    players = {p["player"]: p for p in doc["players"]}
    # T_Leroy won 49.67 - 25.96 = $23.71 = 237.1 big blinds of $0.10 in one
    # hand: 23,710 bb/100, after the $1.50 rake
    assert doc["hands"] == 1 and players["T_Leroy"]["bb_per_100"] == pytest.approx(23_710.0)


def test_phh_of_a_hand_split_by_the_running_total_keeps_the_rate() -> None:
    # the three-pot PokerStars hand: its PHH carries `_rake_rate = "9/200"`,
    # and the replay of the written text splits the rake as the room did
    outcome = one("PokerStars/CashGame/ExtraHands/SidePot.txt")
    text = to_phh_text(outcome)
    assert '_rake_rate = "9/200"' in text and "_rake = 0.89" in text
    doc = phh.loads(text)
    assert doc.rake_rate == Fraction(9, 200)
    result = replay(doc)
    assert result.ok and result.got == outcome.got
    with pytest.raises(HistoryParseError, match="_rake_rate"):
        phh.loads(text.replace('"9/200"', '"nine"'))
    with pytest.raises(HistoryParseError, match="_rake_rate"):
        phh.loads(text.replace('"9/200"', '"3/2"'))


def test_start_date_utc_converts_the_rooms_zone() -> None:
    from pokerkit_core.formats.sites.hand import utc_time

    # ET in summer is UTC-4; PokerStars' CET is Central European local time
    # (summer: UTC+2; 21:06 CET is the 15:06 ET the same header gives); PT
    # in May is UTC-7 and crosses midnight; EDT is a fixed UTC-4
    assert utc_time("2012-09-10T19:43:58", "ET") == "2012-09-10T23:43:58Z"
    assert utc_time("2015-03-31T21:06:11", "CET") == "2015-03-31T19:06:11Z"
    assert utc_time("2011-05-06T20:51:38", "PT") == "2011-05-07T03:51:38Z"
    assert utc_time("2014-02-21T12:45:08", "EDT") == "2014-02-21T16:45:08Z"
    assert utc_time("2014-02-21T12:45:08", "UTC") == "2014-02-21T12:45:08Z"
    # an unknown or unwritten zone is not guessed
    assert utc_time("2014-02-21T12:45:08", "XYZ") is None and utc_time("2014-02-21T12:45:08", None) is None
    # 888poker writes no zone: the OHH time is the room's as written, no "Z"
    ohh = to_ohh(one("Pacific/CashGame/GameTypeTests/FixedLimitHoldem.txt"))["ohh"]
    assert ohh["start_date_utc"] == "2014-01-06T14:52:42"


def test_import_to_pokerstars_text_imports_back_to_the_same_stacks(tmp_path: Path) -> None:
    # hands of four rooms written as PokerStars text (--to pokerstars), then
    # read by our own PokerStars reader: each replays equal to its summary
    # and finishes with the stacks of the original import
    files = ["GGPoker/CashGame/GeneralHands/Straddle.txt", "IPoker/CashGame/HandActionTests/AllInHandWithShowdown.txt",
             "PokerStars/CashGame/ExtraHands/SidePot.txt", "Winamax/CashGame/HandActionTests/AllInHandWithShowdown.txt"]
    out = tmp_path / "out"
    with contextlib.redirect_stdout(io.StringIO()):
        assert cli(["import", *(str(ROOT / f) for f in files), "--to", "pokerstars", "--out", str(out),
                    "--no-progress"]) == 0
    originals = {o.hand_id: o for o in import_paths([ROOT / f for f in files])}
    written = sorted(out.rglob("*.txt"))
    assert len(written) == len(originals) == 4
    for path in written:
        (back,) = list(import_paths([path]))
        assert back.site == "PokerStars" and back.status == "equal", (path, back.reason)
        original = next(o for o in originals.values() if "".join(filter(str.isdigit, o.hand_id)) == back.hand_id)
        assert back.got == original.got and back.history is not None and original.history is not None
        assert back.history.rake == original.history.rake
    # the GGPoker straddle from UTG+1 is written as a PokerStars straddle and
    # the $0.89 PokerStars rake of three pots keeps its split (25, 36, 28)
    stars = (out / "GGPoker" / "HD582731.txt").read_text(encoding="utf-8")
    assert "62dfdfaf: posts straddle $2" in stars and "Total pot $28.90 | Rake $1.44" in stars
    three = (out / "PokerStars" / "85998509763.txt").read_text(encoding="utf-8")
    assert "Total pot \u20ac19.84 Main pot \u20ac5.37. Side pot-1 \u20ac7.50. Side pot-2 \u20ac6.08. | Rake \u20ac0.89" in three
    assert three.startswith("PokerStars Hand #85998509763: Hold'em No Limit (\u20ac0.05/\u20ac0.10 EUR) - 2012/09/10 23:43:58 UTC")


def test_running_rate_is_found_only_where_it_reproduces_the_room() -> None:
    from pokerkit_core.formats.sites.check import _running_rate
    from pokerkit_core.formats.sites.hand import SiteHand

    amounts = [562, 786, 636]
    proportional = [26, 35, 28]
    hand = SiteHand(site="PokerStars", rake=89, pots=[537, 750, 608])
    assert _running_rate(hand, amounts, proportional) == Fraction(9, 200)
    # all 89 cents from the last pot: no rate counts up to that
    assert _running_rate(SiteHand(site="PokerStars", rake=89, pots=[562, 786, 547]), amounts, proportional) is None
    # the engine's split already the room's, another room, or one pot: nothing to find
    assert _running_rate(SiteHand(site="PokerStars", rake=89, pots=[536, 751, 608]), amounts, proportional) is None
    assert _running_rate(SiteHand(site="GGPoker", rake=89, pots=[537, 750, 608]), amounts, proportional) is None
    assert _running_rate(SiteHand(site="PokerStars", rake=89, pots=[1895]), [1984], [89]) is None


def test_a_name_pokerstars_cannot_write_is_refused() -> None:
    from pokerkit_core.formats.sites.export import to_pokerstars

    outcome = one("PokerStars/CashGame/ExtraHands/PlayerWithColon.txt")
    assert outcome.status == "equal"
    with pytest.raises(ValueError, match="without ':'"):
        to_pokerstars(outcome)
