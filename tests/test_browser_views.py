"""The replayer, the match view and the docs' screenshots in a real browser.

The replayer steps through a PHH hand written here (known cards and actions) on the
table view; the match view draws a live match; ``tools/web_screenshots.py`` saves the
three pictures of docs/web_table.rst.  Skips (saying why) without Playwright, a
Chromium binary or the web extra.
"""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from typing import Any

from browser_support import ROOT, Server, browser, page, request, server, visit  # noqa: F401 - fixtures

# A heads-up hand: Alice raises, Bob calls, both check to the river, Bob bets, Alice calls;
# Alice's kings beat Bob's queens.
HAND_PHH = """\
variant = "NT"
antes = [0, 0]
blinds_or_straddles = [50, 100]
min_bet = 100
starting_stacks = [10000, 10000]
actions = [
    "d dh p1 KhKd",
    "d dh p2 QsQc",
    "p2 cbr 300",
    "p1 cc",
    "d db 7h2c9d",
    "p1 cc",
    "p2 cc",
    "d db 3s",
    "p1 cc",
    "p2 cc",
    "d db 4d",
    "p1 cc",
    "p2 cbr 500",
    "p1 cc",
    "p1 sm KhKd",
    "p2 sm QsQc",
]
players = ["Alice", "Bob"]
"""


def _board(page: Any) -> list[str]:
    return list(page.eval_on_selector_all("#replay-table .board .card.face", "cs => cs.map(c => c.dataset.card)"))


def test_replayer_steps_through_a_phh_hand(page: Any, server: Server) -> None:
    visit(page, server.base + "/replay")
    page.set_input_files("#replay-file", files=[{"name": "hand.phh", "mimeType": "text/plain", "buffer": HAND_PHH.encode()}])
    page.wait_for_function("document.body.dataset.step === '0'")
    assert "1 hand" in page.inner_text("#replay-status")
    assert "Alice" in page.inner_text("#replay-table") and "Bob" in page.inner_text("#replay-table")
    assert _board(page) == []
    steps = page.locator("#replay-log li").count()
    assert steps == 11  # the deal, one step per action (9), the end
    log = page.inner_text("#replay-log")
    assert "Alice calls 200 · Flop: 7h 2c 9d" in log and "seat 1:" not in log
    assert "undefined" not in page.inner_text("#replay-hand")
    seen: list[list[str]] = []
    pots: list[str] = []
    for i in range(1, steps):
        page.click("#replay-next")
        page.wait_for_function(f"document.body.dataset.step === '{i}'")
        seen.append(_board(page))
        pots.append(page.inner_text("#pot-amount"))
    # The board grows flop, turn, river; the pot grows with the bets.
    assert ["7h", "2c", "9d"] in seen and ["7h", "2c", "9d", "3s"] in seen
    assert seen[-1] == ["7h", "2c", "9d", "3s", "4d"]
    assert len(set(pots)) >= 3
    # The file shows both hands; at the end the result is on screen.
    shown = page.eval_on_selector_all("#replay-table .seat .hole .card.face", "cs => cs.map(c => c.dataset.card)")
    assert {"Kh", "Kd", "Qs", "Qc"} <= set(shown)
    result = page.inner_text("#replay-result")
    assert "Alice wins" in result and "+800" in result and "-800" in result
    assert page.locator("#replay-next").is_disabled()
    # Back with the keyboard, and the first step again.
    page.keyboard.press("ArrowLeft")
    page.wait_for_function(f"document.body.dataset.step === '{steps - 2}'")
    page.keyboard.press("Home")
    page.wait_for_function("document.body.dataset.step === '0'")
    assert _board(page) == []


def test_replayer_shows_the_upload_quota(page: Any, server: Server) -> None:
    from pokerkit_core.web.limits import REPLAY_UPLOAD_WINDOW_SECONDS, REPLAY_UPLOADS_PER_WINDOW

    visit(page, server.base + "/replay")
    page.wait_for_function("document.getElementById('replay-status').textContent.includes('uploads every')")
    minutes = round(REPLAY_UPLOAD_WINDOW_SECONDS / 60)
    assert f"Up to {REPLAY_UPLOADS_PER_WINDOW} uploads every {minutes} minutes" in page.inner_text("#replay-status")


def test_replayer_reads_an_acpc_log(page: Any, server: Server) -> None:
    log = ROOT / "examples" / "data" / "nolimit2p.log"
    visit(page, server.base + "/replay")
    game = ROOT / "examples" / "data" / "holdem.nolimit.2p.reverse_blinds.game"
    page.set_input_files("#replay-file", str(log))  # alone: the page asks for the game too
    page.wait_for_selector("#replay-status.error")
    assert ".game" in page.inner_text("#replay-status")
    page.set_input_files("#replay-file", [str(game), str(log)])
    page.wait_for_function("document.body.dataset.step === '0'")
    hands = page.locator("#replay-hand option").count()
    assert hands == sum(1 for line in log.read_text().splitlines() if line.startswith("STATE:"))
    page.keyboard.press("End")
    page.wait_for_selector("#replay-result strong")
    assert "Results:" in page.inner_text("#replay-result")
    page.keyboard.press("PageDown")  # the next hand, first step
    page.wait_for_function("document.getElementById('replay-hand').value === '1' && document.body.dataset.step === '0'")


def test_replayer_refuses_a_broken_file_with_the_parser_message(page: Any, server: Server) -> None:
    visit(page, server.base + "/replay")
    page.set_input_files("#replay-file", files=[{"name": "bad.phh", "mimeType": "text/plain", "buffer": b"variant = \"NT\"\nactions = [\"p1 zz\"]\n"}])
    page.wait_for_selector("#replay-status.error")
    assert page.inner_text("#replay-status").strip()


def test_screenshots_script_saves_four_pngs(browser: Any, server: Server, tmp_path: Path) -> None:  # noqa: F811
    spec = importlib.util.spec_from_file_location("web_screenshots", ROOT / "tools" / "web_screenshots.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    paths = module.take(server.base, tmp_path, browser, match_hands=100, live_players=2)
    assert [p.name for p in paths] == ["web_lobby.png", "web_table.png", "web_match.png", "web_table_phone.png"]
    for path in paths:
        data = path.read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 20_000


def _create(page: Any, server: Server) -> dict[str, Any]:
    page.click("#create-button")
    page.wait_for_url(re.compile(r"/room/[A-Za-z0-9_-]+$"))
    room_id = page.url.rsplit("/", 1)[1]
    return dict(request(server.base, "GET", f"/api/rooms/{room_id}")["room"])


def test_lobby_creates_each_kind_of_room(page: Any, server: Server) -> None:
    # A cash table with the hand model's options: ante from the big blind, a straddle,
    # run it twice, limited by time.
    visit(page, server.base + "/")
    page.fill("#your-name", "Ann")
    page.fill("#seats", "4")
    page.fill("#ante", "5")
    page.select_option("#ante-rule", "big-blind")
    page.fill("#straddles", "1")
    page.check("#run-twice")
    page.select_option("#limit-kind", "time")
    page.fill("#limit-value", "30")
    for seat in (1, 2, 3):
        page.select_option(f"#seat-config select[data-seat='{seat}']", "ai:easy")
    cash = _create(page, server)
    assert cash["kind"] == "cash" and cash["blinds"]["ante"] == 5 and cash["limits"]["max_minutes"] == 30
    assert [s["player"] for s in cash["seats"]] == ["human", "ai", "ai", "ai"]
    page.wait_for_function("document.getElementById('hand-log').textContent.includes('posts straddle 40')")
    assert "posts ante 5" in page.inner_text("#hand-log")
    # A heads-up sit-and-go: the tournament panel shows the blinds and the standings.
    visit(page, server.base + "/")
    page.click("#kind-tabs button[data-kind='sng']")
    page.select_option("#sng-mode", "headsup")
    assert page.locator("#seat-config select").count() == 2
    page.select_option("#seat-config select[data-seat='1']", "ai:hard")
    sng = _create(page, server)
    assert sng["kind"] == "sitngo" and sng["mode"] == "headsup" and len(sng["seats"]) == 2
    page.wait_for_selector("#tournament-panel:not([hidden]) #standings tbody tr")
    assert page.locator("#standings tbody tr").count() == 2 and "Blinds" in page.inner_text("#tournament-blinds")
    # ACPC heads-up: blinds 50/100, 20,000 chips.
    visit(page, server.base + "/")
    page.click("#kind-tabs button[data-kind='acpc']")
    page.select_option("#seat-config select[data-seat='1']", "ai:normal")
    acpc = _create(page, server)
    assert acpc["kind"] == "acpc" and acpc["blinds"]["big_blind"] == 100
    page.wait_for_function("document.querySelector('#table .seat.me .seat-stack')")
    assert page.inner_text("#table").count("20,000") + page.inner_text("#table").count("19,9") >= 1
    # The room list shows the three rooms and who sits where.
    visit(page, server.base + "/")
    page.wait_for_selector("#room-list tbody tr")
    listed = page.inner_text("#room-list")
    for room in (cash, sng, acpc):
        assert page.locator(f"#room-list tr[data-room='{room['id']}']").count() == 1
    assert "Ann" in listed and "ACPC heads-up" in listed and "Sit-and-go (headsup)" in listed
