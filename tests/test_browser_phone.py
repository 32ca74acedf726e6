"""The web table on a phone (headless Chromium, Playwright, touch): 390x844 and 360-430 px.

A room with two computer players is played to a showdown by tapping the
buttons and a raise preset; at each of our turns the page is checked: the
table is inside the viewport (nothing cut off, no sideways scrolling), no
control overlaps another (action buttons, presets, amount, seat controls)
and no seat overlaps another seat or the board; every button we tap is at
least 44 px tall.  Skips (saying why) without Playwright, a Chromium binary
or the web extra.
"""

from __future__ import annotations

import json
from typing import Any, Iterator

import pytest

from browser_support import Server, browser, request, server, visit  # noqa: F401 - fixtures

LAYOUT = """() => {
  const vw = window.innerWidth;
  const seen = (e) => { const r = e.getBoundingClientRect(); const s = getComputedStyle(e);
    return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none'; };
  const rect = (e) => { const r = e.getBoundingClientRect();
    return {x: r.left, y: r.top + window.scrollY, r: r.right, b: r.bottom + window.scrollY, w: r.width, h: r.height,
            name: (e.id || e.className || e.tagName) + ':' + (e.textContent || e.value || '').trim().slice(0, 20)}; };
  const overlaps = (group) => { const out = [];
    for (let i = 0; i < group.length; i++) for (let j = i + 1; j < group.length; j++) {
      const a = group[i], b = group[j];
      const w = Math.min(a.r, b.r) - Math.max(a.x, b.x), h = Math.min(a.b, b.b) - Math.max(a.y, b.y);
      if (w > 1 && h > 1) out.push(a.name + ' / ' + b.name);
    } return out; };
  const controls = [...document.querySelectorAll(
      '#action-bar button, #action-bar input, #seat-controls button, #seat-controls input, #seat-controls label')]
    .filter(seen).map(rect);
  const table = document.getElementById('table');
  const pieces = [...table.querySelectorAll('.seat, .board')].filter(seen).map(rect);
  const t = rect(table);
  const outside = [...table.querySelectorAll('.seat, .bet-chips, .dealer-button, .board')].filter(seen).map(rect)
    .filter((p) => p.x < -0.5 || p.r > vw + 0.5 || p.x < t.x - 0.5 || p.r > t.r + 0.5 || p.y < t.y - 0.5 || p.b > t.b + 0.5)
    .map((p) => p.name);
  const small = [...document.querySelectorAll('#action-bar button, #seat-controls button')].filter(seen)
    .map(rect).filter((p) => p.h < 44).map((p) => p.name + ' ' + p.h);
  const wrap = document.getElementById('table-ledger').getBoundingClientRect();
  const clipped = [...document.querySelectorAll('#table-ledger td.net, #table-ledger th')].filter(seen)
    .map(rect).filter((p) => p.r > wrap.right + 0.5 || p.x < wrap.left - 0.5).map((p) => p.name);
  return {vw, scroll: document.documentElement.scrollWidth, table: t, controls: overlaps(controls),
          seats: overlaps(pieces), outside, small, clipped};
}"""


@pytest.fixture()
def phone(browser: Any, request: Any) -> Iterator[Any]:  # noqa: F811
    width, height = getattr(request, "param", (390, 844))
    handheld = width < 1000
    context = browser.new_context(viewport={"width": width, "height": height}, device_scale_factor=2 if handheld else 1,
                                  is_mobile=handheld, has_touch=handheld)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.set_default_timeout(15_000)
    try:
        yield page
        assert not errors, f"JavaScript errors in the page: {errors}"
    finally:
        context.close()


def _sit(page: Any, server: Server, seats: int = 3) -> str:  # noqa: F811
    """A cash room with us at seat 0 (and the host's token) and computer players."""
    made = request(server.base, "POST", "/api/rooms", {
        "kind": "cash", "name": "Phone game", "stack": 1000, "small_blind": 5, "big_blind": 10,
        "seats": [{"player": "human"}] + [{"player": "ai", "level": "easy"}] * (seats - 1),
        "decision_seconds": 120, "pause_seconds": 1, "seed": 21, "time_bank_seconds": 30,
        "sit": {"seat": 0, "name": "Ann"}})
    room_id = made["room"]["id"]
    visit(page, server.base + "/")
    page.evaluate("([k, v, ko, o]) => { sessionStorage.setItem(k, v); localStorage.setItem(ko, o); }",
                  [f"pkc-room-{room_id}", json.dumps({"seat": made["seat"], "token": made["token"]}),
                   f"pkc-owner-{room_id}", made["owner_token"]])
    visit(page, f"{server.base}/room/{room_id}")
    return str(room_id)


def _check_layout(page: Any) -> dict[str, Any]:
    found = dict(page.evaluate(LAYOUT))
    assert found["scroll"] <= found["vw"], f"the page scrolls sideways: {found['scroll']} > {found['vw']} px"
    assert found["table"]["x"] >= 0 and found["table"]["r"] <= found["vw"], found["table"]
    assert found["outside"] == [], f"cut off or outside the table: {found['outside']}"
    assert found["controls"] == [], f"controls overlap: {found['controls']}"
    assert found["seats"] == [], f"seats overlap: {found['seats']}"
    assert found["clipped"] == [], f"ledger columns cut off: {found['clipped']}"
    if found["vw"] < 1000:  # phones and tablets: fingers
        assert found["small"] == [], f"touch targets under 44 px: {found['small']}"
    return found


def _tap(page: Any, selector: str) -> None:
    seq = page.evaluate("document.body.dataset.seq")
    page.tap(selector)
    page.wait_for_function(f"document.body.dataset.seq !== '{seq}' || "
                           "document.getElementById('status').classList.contains('error')")


def test_a_phone_plays_to_a_showdown_by_tapping(phone: Any, server: Server) -> None:  # noqa: F811
    _sit(phone, server)
    showdown = False
    preset = False
    turns = 0
    for _ in range(150):
        phone.wait_for_function("document.body.dataset.myTurn === '1' || "
                                "document.querySelector('#table .seat:not(.me) .hole.shown')", timeout=30_000)
        if phone.query_selector("#table .seat:not(.me) .hole.shown"):
            showdown = True
            break
        _check_layout(phone)
        turns += 1
        if not preset and phone.locator("#raise-row").is_visible():
            before = phone.input_value("#raise-amount")
            phone.tap("[data-preset='pot']")
            assert phone.input_value("#raise-amount") != before or before == phone.get_attribute("#raise-amount", "max")
            preset = True
        _tap(phone, "#action-buttons button.check, #action-buttons button.call")
    assert showdown and turns >= 1
    _check_layout(phone)
    assert phone.locator("#rules li").count() >= 3  # the house rules are on the table page
    assert phone.locator("#host-panel").is_visible()


@pytest.mark.parametrize("phone", [(360, 740), (430, 932), (768, 1024), (1400, 900)], indirect=True,
                         ids=["360px", "430px", "tablet", "desktop"])
def test_the_table_fits_phones_tablets_and_desktops(phone: Any, server: Server) -> None:  # noqa: F811
    _sit(phone, server, seats=9)
    phone.wait_for_function("document.body.dataset.myTurn === '1'", timeout=30_000)
    found = _check_layout(phone)
    assert found["table"]["w"] >= found["vw"] * (0.6 if found["vw"] > 1000 else 0.85)  # the width it has


def _open_room(page: Any, server: Server, made: dict[str, Any]) -> None:  # noqa: F811
    room_id = made["room"]["id"]
    visit(page, server.base + "/")
    page.evaluate("([k, v]) => sessionStorage.setItem(k, v)",
                  [f"pkc-room-{room_id}", json.dumps({"seat": made["seat"], "token": made["token"]})])
    visit(page, f"{server.base}/room/{room_id}")


def test_offline_labels_follow_a_resent_state(browser: Any, server: Server) -> None:  # noqa: F811
    made = request(server.base, "POST", "/api/rooms", {
        "kind": "cash", "seats": [{"player": "human"}, {"player": "human"}], "decision_seconds": 600,
        "sit": {"seat": 0, "name": "Ann"}})
    room_id = made["room"]["id"]
    bob = request(server.base, "POST", f"/api/rooms/{room_id}/join", {"seat": 1, "name": "Bob"})
    contexts = [browser.new_context(viewport={"width": 390, "height": 844}) for _ in range(2)]
    try:
        ann, other = (c.new_page() for c in contexts)
        _open_room(ann, server, made)
        _open_room(other, server, {**bob, "room": made["room"]})
        label = "document.querySelector(\"#table .seat[data-seat='1'] .seat-label\").textContent"
        ann.wait_for_function(f"{label} === 'person'")
        contexts[1].close()  # Bob goes: the same moment is resent with his seat offline
        ann.wait_for_function(f"{label}.includes('offline')")
    finally:
        for context in contexts:
            context.close()


def test_a_finished_room_offers_no_sit_out_and_empty_seats_say_so(phone: Any, server: Server) -> None:  # noqa: F811
    made = request(server.base, "POST", "/api/rooms", {
        "kind": "cash", "max_hands": 1, "decision_seconds": 600, "pause_seconds": 0, "seed": 4,
        "seats": [{"player": "human"}, {"player": "ai", "level": "easy"}, {"player": "empty"}],
        "sit": {"seat": 0, "name": "Ann"}})
    _open_room(phone, server, made)
    phone.wait_for_function("document.body.dataset.myTurn === '1'")
    empty = phone.inner_text("#table .seat[data-seat='2']")
    assert empty.split() == ["Open", "seat"]  # no stack, no "folded"
    assert phone.locator("#sit-out").count() == 1
    phone.tap("#action-buttons button.fold")
    phone.wait_for_function("document.getElementById('room-sub').textContent.includes('room over')")
    assert phone.locator("#sit-out").count() == 0 and phone.locator("#rebuy").count() == 0
    assert phone.locator("#host-panel").is_hidden()


def test_the_creators_page_pauses_and_resumes_and_nobody_else_sees_the_host_panel(
        phone: Any, browser: Any, server: Server) -> None:  # noqa: F811
    room_id = _sit(phone, server, seats=2)
    phone.wait_for_selector("#host-panel:not([hidden])")
    phone.tap("#host-pause")
    phone.wait_for_function("document.getElementById('rules').textContent.includes('Paused by the host')")
    for _ in range(200):  # the hand in progress is played out, then the room waits
        if request(server.base, "GET", f"/api/rooms/{room_id}")["room"]["status"] == "paused":
            break
        if phone.evaluate("document.body.dataset.myTurn") == "1":
            _tap(phone, "#action-buttons button.fold, #action-buttons button.check")
        phone.wait_for_timeout(100)
    hand = phone.evaluate("document.body.dataset.hand")
    phone.wait_for_timeout(1500)  # paused: no new hand is dealt
    assert phone.evaluate("document.body.dataset.hand") == hand
    assert request(server.base, "GET", f"/api/rooms/{room_id}")["room"]["status"] == "paused"
    assert phone.inner_text("#host-pause") == "Resume"
    phone.tap("#host-pause")
    phone.wait_for_function(f"document.body.dataset.hand !== '{hand}'")
    guest = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        other = guest.new_page()
        visit(other, f"{server.base}/room/{room_id}")
        other.wait_for_function("document.body.dataset.seq !== undefined && document.body.dataset.host === '0'")
        assert other.locator("#host-panel").is_hidden()
    finally:
        guest.close()


def test_the_host_seats_a_person_who_asked_from_the_page(phone: Any, server: Server) -> None:  # noqa: F811
    made = request(server.base, "POST", "/api/rooms", {
        "kind": "cash", "seat_approval": True, "decision_seconds": 600, "pause_seconds": 0, "seed": 2,
        "seats": [{"player": "human"}, {"player": "ai", "level": "easy"}, {"player": "empty"}],
        "sit": {"seat": 0, "name": "Ann"}})
    room_id = made["room"]["id"]
    visit(phone, server.base + "/")
    phone.evaluate("([k, v, ko, o]) => { sessionStorage.setItem(k, v); localStorage.setItem(ko, o); }",
                   [f"pkc-room-{room_id}", json.dumps({"seat": 0, "token": made["token"]}),
                    f"pkc-owner-{room_id}", made["owner_token"]])
    visit(phone, f"{server.base}/room/{room_id}")
    phone.wait_for_selector("#host-panel:not([hidden])")
    request(server.base, "POST", f"/api/rooms/{room_id}/join", {"seat": 2, "name": "Cy"})
    phone.wait_for_selector("#host-seats button[data-host='approve']")  # the request opens the list
    assert "Cy asks to sit" in phone.inner_text("#host-seats")
    phone.tap("#host-seats button[data-host='approve']")
    phone.wait_for_function("document.getElementById('host-status').textContent === 'Done.'")
    seats = request(server.base, "GET", f"/api/rooms/{room_id}")["room"]["seats"]
    assert seats[2]["name"] == "Cy" and seats[2]["pending"] is False


def test_run_it_twice_is_offered_at_the_all_in_and_answered_by_tapping(browser: Any, server: Server) -> None:  # noqa: F811
    made = request(server.base, "POST", "/api/rooms", {
        "kind": "cash", "run_it_twice": "ask", "stack": 1000, "decision_seconds": 600, "pause_seconds": 30,
        "seed": 5, "seats": [{"player": "human"}, {"player": "human"}], "sit": {"seat": 0, "name": "Ann"}})
    room_id = made["room"]["id"]
    bob = request(server.base, "POST", f"/api/rooms/{room_id}/join", {"seat": 1, "name": "Bob"})
    contexts = [browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2,
                                    is_mobile=True, has_touch=True) for _ in range(2)]
    try:
        pages = [c.new_page() for c in contexts]
        _open_room(pages[0], server, made)
        _open_room(pages[1], server, {**bob, "room": made["room"]})
        for _ in range(300):  # Ann (the button) goes all-in, Bob calls
            if any(page.query_selector("#run-twice-yes") for page in pages):
                break
            turn = [page for page in pages if page.evaluate("document.body.dataset.myTurn") == "1"]
            if turn:
                _tap(turn[0], "#action-buttons button.allin, #action-buttons button.call")
            else:
                pages[0].wait_for_timeout(100)
        for page in pages:
            page.wait_for_selector("#run-twice-yes")
            _check_layout(page)  # the offer's buttons: 44 px, inside the phone, no overlap
            assert page.locator("#table .board .card.face").count() == 0  # nothing run out yet
        _tap(pages[0], "#run-twice-yes")
        assert pages[0].locator("#run-twice-yes").count() == 0  # answered: Ann waits for Bob
        assert "Bob" in pages[0].inner_text("#status")
        _tap(pages[1], "#run-twice-yes")
        for page in pages:
            page.wait_for_function("document.querySelectorAll('#table .board').length === 2")
            assert page.locator("#run-twice-yes").count() == 0
        with pages[0].expect_request(lambda r: "hands.phhs" in r.url) as asked, pages[0].expect_download() as got:
            pages[0].click("#download-hands")
        assert "token" not in asked.value.url  # the seat's token goes in a header
        assert asked.value.headers.get("authorization") == f"Bearer {made['token']}"
        text = open(got.value.path(), encoding="utf-8").read()
        assert "_boards = 2" in text and "????" not in text  # both boards; shown at the showdown
    finally:
        for context in contexts:
            context.close()
