"""Take the web table's screenshots for the docs: lobby, a table mid-hand (on a
desktop and on a 390x844 phone), the match graph.

Usage (starts its own server on a free port with a temporary ``--data``)::

    PYTHONPATH=src python tools/web_screenshots.py [--out docs/_static]

or against a running server: ``--url http://127.0.0.1:8000``.  Needs Playwright and
a system Chromium (``chromium`` / ``chromium-browser`` on PATH, or ``$CHROMIUM``).
``tests/test_browser_views.py`` runs :func:`take` into a temporary directory.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from browser_support import Server, chromium_path, request, visit  # noqa: E402

NAMES = ("lobby", "table", "match", "table_phone")
"""The screenshots, saved as ``web_<name>.png``."""

VIEWPORT = {"width": 1400, "height": 920}

PHONE = {"width": 390, "height": 844}
"""The phone screenshot's viewport (CSS pixels; taken at twice the density)."""


def _seed_rooms(base: str) -> dict[str, Any]:
    """Two rooms for the lobby picture; returns the creation reply of the one we sit in."""
    request(base, "POST", "/api/rooms", {
        "kind": "sitngo", "name": "Sit-and-go, no-limit", "mode": "nolimit", "pause_seconds": 1,
        "seats": [{"player": "human"}] + [{"player": "ai", "level": level} for level in ("easy", "normal", "hard", "normal", "easy")],
    })
    return dict(request(base, "POST", "/api/rooms", {
        "kind": "cash", "name": "Friday game", "stack": 2000, "small_blind": 10, "big_blind": 20,
        "seats": [{"player": "human"}] + [{"player": "ai", "level": level} for level in ("easy", "easy", "normal", "easy", "hard")],
        "max_hands": 100, "decision_seconds": 600, "pause_seconds": 1, "seed": 11,
        "sit": {"seat": 0, "name": "Ann"}, "time_bank_seconds": 30, "missed_turns": 2,
        "max_buy_in": 4000, "run_it_twice": "ask",
    }))


def _table_mid_hand(page: Any, base: str, room: dict[str, Any], live_players: int) -> None:
    """Open the room as its seat 0 and call until a flop is out, ``live_players`` or
    more players are still in, and it is our turn."""
    room_id = room["room"]["id"]
    visit(page, base + "/")
    page.evaluate(
        "([key, value, okey, owner]) => { sessionStorage.setItem(key, value); localStorage.setItem(okey, owner); }",
        [f"pkc-room-{room_id}", json.dumps({"seat": room["seat"], "token": room["token"]}),
         f"pkc-owner-{room_id}", room["owner_token"]],
    )
    visit(page, f"{base}/room/{room_id}")
    live = "document.querySelectorAll('#table .seat:not(.folded):not(.empty)').length"
    for decision in range(60):
        page.wait_for_function("document.body.dataset.myTurn === '1'", timeout=20_000)
        if page.evaluate("document.body.dataset.street") in ("flop", "turn") and (page.evaluate(live) >= live_players or decision > 40):
            break
        seq = page.evaluate("document.body.dataset.seq")
        page.click("#action-buttons button.call, #action-buttons button.check")
        page.wait_for_function(f"document.body.dataset.seq !== '{seq}'")
    page.wait_for_timeout(300)


def _match(page: Any, base: str, hands: int) -> None:
    visit(page, base + "/match/new")
    page.select_option("#match-a", "normal")
    page.select_option("#match-b", "call")
    page.fill("#match-hands", str(hands))
    page.click("#match-start")
    page.wait_for_function("document.body.dataset.matchDone === '1'", timeout=60_000)
    page.wait_for_timeout(200)


def take(base: str, out: Path, browser: Any = None, *, match_hands: int = 600, live_players: int = 3) -> list[Path]:
    """Save the screenshots of the server at ``base`` into ``out``; returns their paths.

    Args:
        base: The server's address, ``http://host:port``.
        out: Directory for ``web_lobby.png``, ``web_table.png``, ``web_match.png``.
        browser: A Playwright ``Browser`` to use (the tests pass theirs); by default
            one is launched on the system's Chromium.
        match_hands: Hands of the match drawn in the match graph.
        live_players: The table is taken on a flop or turn with at least this many
            players still in (or after 40 decisions).
    """
    out.mkdir(parents=True, exist_ok=True)
    if browser is None:
        from playwright.sync_api import sync_playwright

        with sync_playwright() as p:
            own = p.chromium.launch(executable_path=chromium_path(), args=["--no-sandbox"])
            try:
                return _shoot(own, base, out, match_hands, live_players)
            finally:
                own.close()
    return _shoot(browser, base, out, match_hands, live_players)


def _shoot(browser: Any, base: str, out: Path, match_hands: int, live_players: int) -> list[Path]:
    room = _seed_rooms(base)
    paths = {name: out / f"web_{name}.png" for name in NAMES}
    context = browser.new_context(viewport=VIEWPORT, device_scale_factor=1)
    try:
        page = context.new_page()
        visit(page, base + "/")
        page.wait_for_selector("#room-list tbody tr")
        page.wait_for_selector("#ledger table")
        page.screenshot(path=str(paths["lobby"]))
        _table_mid_hand(page, base, room, live_players)
        page.screenshot(path=str(paths["table"]))
        phone = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
        try:
            small = phone.new_page()
            visit(small, base + "/")
            small.evaluate(
                "([key, value]) => sessionStorage.setItem(key, value)",
                [f"pkc-room-{room['room']['id']}", json.dumps({"seat": room["seat"], "token": room["token"]})],
            )
            visit(small, f"{base}/room/{room['room']['id']}")
            small.wait_for_function("document.body.dataset.myTurn === '1'", timeout=20_000)
            small.wait_for_timeout(300)
            small.screenshot(path=str(paths["table_phone"]))
        finally:
            phone.close()
        _match(page, base, match_hands)
        page.locator(".grid-2").screenshot(path=str(paths["match"]))
    finally:
        context.close()
    return [paths[name] for name in NAMES]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "_static")
    parser.add_argument("--url", help="a running server (default: start one)")
    args = parser.parse_args(argv)
    if chromium_path() is None:
        print("no Chromium binary found (chromium / chromium-browser on PATH, or $CHROMIUM)", file=sys.stderr)
        return 1
    if args.url:
        paths = take(args.url.rstrip("/"), args.out)
    else:
        data = Path(tempfile.mkdtemp(prefix="pkc-web-"))
        server = Server(data)
        try:
            paths = take(server.base, args.out)
        finally:
            server.stop()
            shutil.rmtree(data, ignore_errors=True)
    for path in paths:
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
