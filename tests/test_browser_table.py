"""The web table in a real browser (headless Chromium, Playwright) against ``pokerkit-core serve``.

Issue 15's browser items: a room with two AIs made in the lobby and played to a showdown
by clicking the buttons and the slider (the board and the pot change on screen); two
people in two browser contexts at one table, neither seeing the other's hidden cards; a
typed illegal amount refused with a message.  Skips (saying why) without Playwright, a
Chromium binary or the web extra.
"""

from __future__ import annotations

import re
from typing import Any

from browser_support import Server, browser, page, request, server, visit  # noqa: F401 - fixtures

MY_TURN = "document.body.dataset.myTurn === '1'"


def _act(page: Any, selector: str) -> None:
    """Click an action button and wait for the server's next state (or an error)."""
    seq = page.evaluate("document.body.dataset.seq")
    page.click(selector)
    page.wait_for_function(f"document.body.dataset.seq !== '{seq}' || document.getElementById('status').classList.contains('error')")


CHECK_OR_CALL = "#action-buttons button.check, #action-buttons button.call"


def _create_room_in_lobby(page: Any, server: Server, seats: list[str], *, name: str = "Ann", pause: int = 1) -> str:
    """Fill the lobby form (a cash table) and create the room; returns the room id."""
    visit(page, server.base + "/")
    page.fill("#your-name", name)
    page.fill("#seats", str(len(seats)))
    page.dispatch_event("#seats", "input")
    page.fill("#stack", "1000")
    page.fill("#small-blind", "5")
    page.fill("#big-blind", "10")
    page.fill("#pause-seconds", str(pause))
    page.fill("#decision-seconds", "120")
    for seat, who in enumerate(seats):
        page.select_option(f"#seat-config select[data-seat='{seat}']", who)
    page.click("#create-button")
    page.wait_for_url(re.compile(r"/room/[A-Za-z0-9_-]+$"))
    page.wait_for_function("document.body.dataset.seat !== undefined")
    return str(page.url.rsplit("/", 1)[1])


def _picture(page: Any) -> dict[str, Any]:
    """What the table shows now: pot text, board cards, shown cards of other seats."""
    return dict(page.evaluate(
        """() => ({
            pot: document.getElementById('pot-amount') ? document.getElementById('pot-amount').textContent : null,
            board: [...document.querySelectorAll('#table .board .card.face')].map(c => c.dataset.card),
            shown: [...document.querySelectorAll('#table .seat:not(.me) .hole.shown .card')].map(c => c.dataset.card),
            hand: document.body.dataset.hand,
            banner: document.getElementById('result').textContent,
        })"""
    ))


def test_two_ais_played_to_a_showdown_with_buttons_and_slider(page: Any, server: Server) -> None:
    room = _create_room_in_lobby(page, server, ["you", "ai:easy", "ai:easy"])
    assert page.inner_text("#room-title")
    pots: set[str] = set()
    boards: set[int] = set()
    used_slider = False
    showdown: dict[str, Any] | None = None
    for _ in range(120):  # decisions, over at most a dozen hands
        page.wait_for_function(f"{MY_TURN} || document.querySelector('#table .seat:not(.me) .hole.shown')", timeout=20_000)
        now = _picture(page)
        pots.add(now["pot"])
        boards.add(len(now["board"]))
        if now["shown"]:
            showdown = now
            break
        if not used_slider and page.locator("#raise-row").is_visible():
            slider = page.locator("#raise-slider")
            low, high = int(slider.get_attribute("min")), int(slider.get_attribute("max"))
            box = slider.bounding_box()
            assert box is not None
            page.mouse.click(box["x"] + box["width"] * 0.08, box["y"] + box["height"] / 2)
            amount = int(page.input_value("#raise-amount"))
            assert low < amount < high and int(slider.input_value()) == amount
            label = page.inner_text("#action-buttons button.raise, #action-buttons button.bet")
            assert label.endswith(f"{amount:,}")
            _act(page, "#action-buttons button.raise, #action-buttons button.bet")
            page.wait_for_function(f"() => [...document.querySelectorAll('#hand-log li')].some(li => /(raises to|bets) {amount:,}$/.test(li.textContent))")
            used_slider = True
            continue
        _act(page, CHECK_OR_CALL)
    assert used_slider, "never had a raise to make with the slider"
    assert showdown is not None, "no showdown in the hands played"
    # At the showdown: a full board, another seat's cards face up, the winners named.
    assert len(showdown["board"]) == 5 and len(showdown["shown"]) >= 2
    page.wait_for_function("document.getElementById('result').textContent.includes('wins')")
    assert "Showdown:" in page.inner_text("#result")
    assert len(pots) >= 2 and {0, 3} <= boards, (pots, boards)
    log = page.inner_text("#hand-log")
    assert "Flop:" in log and "River:" in log and "wins" in log
    # The ledger and the room list agree that hands were played.
    rooms = request(server.base, "GET", "/api/rooms")["rooms"]
    assert any(r["id"] == room and r["hands_played"] >= 1 for r in rooms)


def test_two_people_in_two_browser_contexts(browser: Any, server: Server) -> None:  # noqa: F811
    ann_context = browser.new_context(viewport={"width": 1400, "height": 900})
    bob_context = browser.new_context(viewport={"width": 1400, "height": 900})
    try:
        ann = ann_context.new_page()
        room = _create_room_in_lobby(ann, server, ["you", "human"], pause=1)
        bob = bob_context.new_page()
        visit(bob, f"{server.base}/room/{room}")
        bob.wait_for_selector("#seat-controls button.join-seat")
        assert bob.evaluate("document.body.dataset.seat") == "spectator"
        bob.fill("#join-name", "Bob")
        bob.click("#seat-controls button.join-seat")
        bob.wait_for_function("document.body.dataset.seat === '1'")
        # Both see both names; the hand starts once the seat is taken.
        for pg in (ann, bob):
            pg.wait_for_function("document.querySelectorAll('#table .seat .hole .card').length >= 4")
            names = pg.inner_text("#table")
            assert "Ann" in names and "Bob" in names
        ann_cards = ann.eval_on_selector_all("#table .seat.me .hole .card", "cs => cs.map(c => c.dataset.card)")
        bob_cards = bob.eval_on_selector_all("#table .seat.me .hole .card", "cs => cs.map(c => c.dataset.card)")
        assert len(ann_cards) == 2 and len(bob_cards) == 2
        # Neither page holds the other's hidden cards anywhere in its DOM; a spectator
        # (a third browser context with the link) sees two backs per seat and no card.
        hand = ann.evaluate("document.body.dataset.hand")
        spectator = bob_context.browser.new_context().new_page()
        visit(spectator, f"{server.base}/room/{room}")
        spectator.wait_for_function("document.querySelectorAll('#table .seat .hole .card.back').length === 4")
        for viewer, other in ((ann, bob_cards), (bob, ann_cards), (spectator, ann_cards + bob_cards)):
            html = viewer.content()
            assert not any(f'data-card="{card}"' in html or f">{card}<" in html for card in other)
        spectator.context.close()
        # Play the hand out, each from their own browser: call, check (the big blind's
        # option), then on the flop a minimum bet and a fold.
        plan = [CHECK_OR_CALL, CHECK_OR_CALL, "#action-buttons button.bet, #action-buttons button.raise", "#action-buttons button.fold"]
        over = f"document.getElementById('result').dataset.hand === '{hand}'"
        for step in plan:
            actor = None
            for _ in range(150):  # up to ~15 s for the next turn
                if ann.evaluate(over):
                    break
                actor = next((pg for pg in (ann, bob) if pg.evaluate(MY_TURN)), None)
                if actor is not None:
                    break
                ann.wait_for_timeout(100)
            if actor is None:
                break
            _act(actor, step if actor.locator(step).count() else CHECK_OR_CALL)
        ann.wait_for_function(over)
        bob.wait_for_function(over)
        assert ann.inner_text("#result") == bob.inner_text("#result")
        log = bob.inner_text("#hand-log")
        assert "Flop:" in log and "bets 10" in log and "folds" in log
        ledger = request(server.base, "GET", f"/api/rooms/{room}/ledger")["ledger"]
        assert sum(line["net"] for line in ledger) == 0 and {line["name"] for line in ledger} == {"Ann", "Bob"}
    finally:
        ann_context.close()
        bob_context.close()


def test_illegal_amount_typed_in_is_refused_with_a_message(page: Any, server: Server) -> None:
    _create_room_in_lobby(page, server, ["you", "ai:normal"])
    page.wait_for_function(MY_TURN, timeout=20_000)
    if not page.locator("#raise-row").is_visible():  # the AI went all-in: wait for a hand with a raise
        for _ in range(10):
            _act(page, CHECK_OR_CALL)
            page.wait_for_function(MY_TURN, timeout=20_000)
            if page.locator("#raise-row").is_visible():
                break
    low = int(page.get_attribute("#raise-amount", "min") or 0)
    hand = page.evaluate("document.body.dataset.hand")
    log_before = page.inner_text("#hand-log")
    for typed in (str(low - 1), "12.5", "99999999"):
        page.fill("#raise-amount", typed)
        page.click("#action-buttons button.raise, #action-buttons button.bet")
        status = page.locator("#status")
        assert "is not a legal amount" in status.inner_text() and typed in status.inner_text()
        assert "error" in (status.get_attribute("class") or "")
        # Nothing was played: still our turn in the same hand, the same log.
        assert page.evaluate(MY_TURN) and page.evaluate("document.body.dataset.hand") == hand
        assert page.inner_text("#hand-log") == log_before
    # The same with the Enter key in the box.
    page.fill("#raise-amount", str(low - 1))
    page.press("#raise-amount", "Enter")
    assert "is not a legal amount" in page.inner_text("#status")
    # A legal amount typed in is played.
    page.fill("#raise-amount", str(low))
    page.press("#raise-amount", "Enter")
    page.wait_for_function(f"document.getElementById('hand-log').textContent.match(/(raises to|bets) {low:,}/)")


def test_keyboard_shortcuts_play_the_hand(page: Any, server: Server) -> None:
    _create_room_in_lobby(page, server, ["you", "ai:easy"])
    page.wait_for_function(MY_TURN, timeout=20_000)
    page.locator("#table").click()  # focus out of any box
    if page.locator("#raise-row").is_visible():
        page.keyboard.press("3")  # pot
        pot_amount = int(page.input_value("#raise-amount"))
        page.keyboard.press("1")  # min
        low = int(page.input_value("#raise-amount"))
        assert low <= pot_amount
        page.keyboard.press("ArrowUp")
        assert int(page.input_value("#raise-amount")) >= low
    seq = page.evaluate("document.body.dataset.seq")
    page.keyboard.press("c")
    page.wait_for_function(f"document.body.dataset.seq !== '{seq}'")
    assert re.search(r"(Ann|You) (calls|checks)", page.inner_text("#hand-log"))
