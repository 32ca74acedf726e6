"""Online rooms' hand histories as hostile input (formats/sites, ``import``).

A file from the internet is untrusted: amounts of thousands of digits, dates
that are no dates, XML with entities or cut short, a file of thousands of
unclosed tags, hand ids that are paths or longer than a file name.  Every
such hand is refused with a reason (a ``refused`` outcome naming what was
expected), never a bare exception, and ``import --out`` writes nothing
outside its folder.
"""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

from pokerkit_core.cli import main as cli
from pokerkit_core.formats.sites import HandOutcome, check, read_text
from pokerkit_core.formats.sites.export import dumps_json, to_json, to_ohh

STARS = """PokerStars Hand #200000000001: Tournament #3000000001, $4.40+$4.40+$1.20 USD Hold'em No Limit - Level I (10/20) - 2021/05/01 10:00:00 ET
Table '3000000001 1' 9-max Seat #1 is the button
Seat 1: Alpha (1500 in chips)
Seat 2: Bravo (1500 in chips)
Seat 3: Charlie (700 in chips)
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
*** SUMMARY ***
Total pot 1410 | Rake 0
Board [2c 7d 9h Js 4s]
Seat 1: Alpha (button) showed [As Ad] and won (1410) with a pair of Aces
Seat 2: Bravo (small blind) folded before Flop
Seat 3: Charlie (big blind) showed [Kh Kd] and lost with a pair of Kings
"""

IPOKER_GAME = """  <game gamecode="5385476176">
    <general>
      <startdate>2014-01-07 00:00:39</startdate>
      <players>
        <player seat="3" name="Amalfitano1" chips="€19.25" dealer="1" win="€17.55" bet="€19.25" />
        <player seat="8" name="Taras2107" chips="€1.70" dealer="0" win="€3.18" bet="€1.70" />
      </players>
    </general>
    <round no="0">
      <action no="1" player="Amalfitano1" type="1" sum="€0.05" />
      <action no="2" player="Taras2107" type="2" sum="€0.10" />
    </round>
    <round no="1">
      <cards type="Pocket" player="Amalfitano1">D9 CK</cards>
      <cards type="Pocket" player="Taras2107">SJ DJ</cards>
      <action no="3" player="Amalfitano1" type="23" sum="€0.20" />
      <action no="4" player="Taras2107" type="23" sum="€0.40" />
      <action no="5" player="Amalfitano1" type="23" sum="€19.25" />
      <action no="6" player="Taras2107" type="7" sum="€1.30" />
    </round>
    <round no="2"><cards type="Flop" player="">D7 H10 S9</cards></round>
    <round no="3"><cards type="Turn" player="">C8</cards></round>
    <round no="4"><cards type="River" player="">S10</cards></round>
  </game>
"""

IPOKER_HEAD = """<?xml version="1.0" encoding="utf-8"?>
<session sessioncode="0">
  <general>
    <gametype>Holdem NL €0.05/€0.10</gametype>
    <tablename>Allepuz, 817752464</tablename>
    <tablecurrency>EUR</tablecurrency>
  </general>
"""


def ipoker(*games: str) -> str:
    return IPOKER_HEAD + "".join(games) + "</session>\n"


def outcomes(text: str) -> list[HandOutcome]:
    found = [item if isinstance(item, HandOutcome) else check(item) for item in read_text(text, "hostile.txt")]
    for outcome in found:  # every outcome exports (no bare exception there either)
        dumps_json(to_json(outcome))
        if outcome.site_hand is not None:
            dumps_json(to_ohh(outcome))
    return found


def test_the_samples_are_equal() -> None:
    assert [o.status for o in outcomes(STARS)] == ["equal"]
    assert [o.status for o in outcomes(ipoker(IPOKER_GAME))] == ["equal"]


def test_an_amount_of_thousands_of_digits_is_refused_not_raised() -> None:
    # int() of 5,000 digits prints nowhere (Python's digit limit): such an
    # amount used to reach check()'s messages and raise a bare ValueError
    (outcome,) = outcomes(ipoker(IPOKER_GAME.replace('chips="€1.70"', 'chips="€' + "9" * 5000 + '"')))
    assert outcome.status == "refused"
    assert "expected an amount of at most MAX_CHIPS" in outcome.reason and "(5001 characters)" in outcome.reason
    (outcome,) = outcomes(STARS.replace("(1500 in chips)", "(1" + "0" * 30 + " in chips)", 1))
    assert outcome.status == "refused" and "MAX_CHIPS" in outcome.reason


def test_a_date_that_is_no_date_is_refused() -> None:
    # 61 seconds, a 13th month: the PHH export used to raise ValueError
    (outcome,) = outcomes(STARS.replace("2021/05/01 10:00:00", "2021/05/01 10:00:61"))
    assert outcome.status == "refused" and "expected a date and time, got '2021-05-01T10:00:61'" in outcome.reason
    (outcome,) = outcomes(ipoker(IPOKER_GAME.replace("2014-01-07", "2014-13-07")))
    assert outcome.status == "refused" and "expected a date and time" in outcome.reason


def test_xml_entities_are_never_expanded() -> None:
    # a billion laughs and an external entity (XXE): the DTD stays out of
    # the game read, so the entities are undefined and the hand refused
    laughs = '<!DOCTYPE session [<!ENTITY a "aaaaaaaaaa">' + "".join(
        f'<!ENTITY {chr(98 + k)} "' + f"&{chr(97 + k)};" * 10 + '">' for k in range(8)
    ) + "]>\n"
    text = ipoker(IPOKER_GAME.replace('name="Taras2107"', 'name="&i;"'))
    (outcome,) = outcomes(text.replace("<session", laughs + "<session", 1))
    assert outcome.status == "refused" and "undefined entity" in outcome.reason
    xxe = '<!DOCTYPE game [<!ENTITY x SYSTEM "file:///etc/passwd">]>'
    (outcome,) = outcomes(ipoker(xxe + IPOKER_GAME.replace('name="Taras2107"', 'name="&x;"')))
    assert outcome.status == "refused" and "root:" not in outcome.reason


def test_a_file_cut_short_refuses_its_last_game() -> None:
    # the last <game> without its </game> was silently dropped
    text = ipoker(IPOKER_GAME, IPOKER_GAME.replace("5385476176", "2").replace("</game>", ""))
    found = outcomes(text)
    assert [o.status for o in found] == ["equal", "refused"]
    assert "expected well-formed XML" in found[1].reason


def test_thousands_of_unclosed_games_are_each_refused() -> None:
    # one pass over the text: each unclosed <game> ends where the next tag
    # starts (the old pattern searched the rest of the file from each one)
    found = outcomes("<session>\n" + "<game>\n" * 3000)
    assert len(found) == 3000 and {o.status for o in found} == {"refused"}
    assert [o.line for o in found[:3]] == [2, 3, 4]


def test_games_of_two_sessions_carry_their_lines() -> None:
    text = ipoker(IPOKER_GAME) + ipoker(IPOKER_GAME.replace("5385476176", "2"))
    found = outcomes(text)
    lines = text.split("\n")
    assert [o.status for o in found] == ["equal", "equal"]
    assert [lines[o.line - 1].strip()[:16] for o in found] == ['<game gamecode="'] * 2
    assert found[1].line == found[0].line + len(ipoker(IPOKER_GAME).split("\n")) - 1


def test_import_out_writes_inside_its_folder(tmp_path: Path) -> None:
    # a hand id that is a path, one longer than any file name, and one hand
    # id twice: every hand has its own file inside --out/<room>
    texts = [
        STARS,
        STARS,  # the same id again: a second file, not an overwrite
        STARS.replace("#200000000001", "#" + "7" * 400, 1),
    ]
    source = tmp_path / "in.txt"
    source.write_text("\n\n".join(texts), encoding="utf-8")
    out = tmp_path / "out"
    with contextlib.redirect_stdout(io.StringIO()) as printed:
        assert cli(["import", str(source), "--to", "json", "--out", str(out), "--json"]) == 0
    report = json.loads(printed.getvalue())
    assert report["written"] == 3
    files = sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file())
    assert len(files) == 3 and all(name.startswith("PokerStars/") for name in files)
    assert "PokerStars/200000000001.json" in files and "PokerStars/200000000001-2.json" in files
    long_name = next(name for name in files if name.startswith("PokerStars/777"))
    assert len(Path(long_name).name) == 100 + len(".json")


def test_file_name_of_a_path_like_hand_id() -> None:
    from pokerkit_core.cli.import_cmd import file_name

    taken: set[str] = set()
    hand = HandOutcome("PokerStars", None, 1, "../../etc/passwd", "holdem", "equal")
    assert file_name(hand, taken) == "______etc_passwd"
    assert file_name(HandOutcome("PokerStars", None, 9, "", "holdem", "equal"), taken) == "line9"
    assert file_name(HandOutcome("PokerStars", None, 1, "AB", "holdem", "equal"), taken) == "AB"
    assert file_name(HandOutcome("PokerStars", None, 1, "ab", "holdem", "equal"), taken) == "ab-2"


def test_a_line_longer_than_any_room_writes_refuses_its_hand() -> None:
    # "1,1,1,..." made the decimals pattern backtrack from every digit (20,000
    # characters: 7 s); no pattern reads a line above MAX_LINE_LENGTH now
    from pokerkit_core.formats.sites.reader import MAX_LINE_LENGTH

    lines = STARS.split("\n")
    lines.insert(1, "1," * 20_000)
    (outcome,) = outcomes("\n".join(lines) + STARS)[:1]
    assert outcome.status == "refused" and outcome.line == 2
    assert f"expected a line of at most {MAX_LINE_LENGTH:,} characters, got 40,000" in outcome.reason
    assert [o.status for o in outcomes("\n".join(lines) + STARS)] == ["refused", "equal"]
    lines[1] = "1," * 400  # under the limit: read (and refused for what it is)
    (outcome,) = outcomes("\n".join(lines))
    assert outcome.status == "refused" and "expected \"Table '<name>'" in outcome.reason


def test_a_utf16_file_cut_in_half_a_character_is_read(tmp_path: Path) -> None:
    # a byte-order mark then an odd number of bytes: decode() raised
    # UnicodeDecodeError and the import command stopped with a traceback
    from pokerkit_core.formats.sites import decode

    data = STARS.encode("utf-16")[:-1]
    assert decode(data).endswith("\ufffd") and decode(data).startswith("PokerStars Hand #")
    path = tmp_path / "cut.txt"
    path.write_bytes(data)
    with contextlib.redirect_stdout(io.StringIO()) as printed:
        assert cli(["import", str(path), "--json"]) == 0
    (hand,) = json.loads(printed.getvalue())["hands"]
    assert hand["site"] == "PokerStars" and hand["status"] in ("equal", "refused")


def test_a_tree_with_a_link_to_a_device_or_a_pipe_reads_only_its_files(tmp_path: Path) -> None:
    # os.walk lists a link to /dev/zero and a named pipe as files: reading
    # them never ended (zero bytes forever; a pipe nobody writes to)
    import os

    from pokerkit_core.formats.sites import iter_files

    (tmp_path / "hand.txt").write_text(STARS, encoding="utf-8")
    (tmp_path / "zero.txt").symlink_to("/dev/zero")
    os.mkfifo(tmp_path / "pipe.txt")
    assert [p.name for p in iter_files([tmp_path])] == ["hand.txt"]
    with contextlib.redirect_stdout(io.StringIO()) as printed:
        assert cli(["import", str(tmp_path), "--json"]) == 0
    assert [h["status"] for h in json.loads(printed.getvalue())["hands"]] == ["equal"]


def test_names_with_escape_sequences_reach_no_terminal(tmp_path: Path) -> None:
    # a name of a hand-history file holding ESC ] 0 ; ... BEL (retitles the
    # terminal) was printed raw by `stats`; control characters are escaped
    path = tmp_path / "escape.txt"
    path.write_text(STARS.replace("Charlie", "Ch\x1b]0;pwned\x07X"), encoding="utf-8")
    with contextlib.redirect_stdout(io.StringIO()) as printed:
        assert cli(["stats", str(path)]) == 0
    text = printed.getvalue()
    assert "\x1b" not in text and "\x07" not in text and "Ch\\x1b]0;pwned\\x07X" in text
    with contextlib.redirect_stdout(io.StringIO()) as printed:
        assert cli(["stats", str(path), "--json"]) == 0
    players = {p["player"] for p in json.loads(printed.getvalue())["players"]}
    assert "Ch\x1b]0;pwned\x07X" in players  # JSON keeps the name (escaped by JSON itself)
