"""The Starlette application of ``pokerkit-core serve`` (needs the ``web`` extra).

Routes (``docs/web.rst`` has every request and reply):

* ``GET /``, ``/room/{id}``, ``/replay``, ``/match/{id}``: the page
  (``static/index.html``), ``/static/...`` its files;
* ``/api/options``, ``/api/rooms`` (list, create), ``/api/rooms/{id}``,
  ``/api/rooms/{id}/join``, ``/api/rooms/{id}/close``, ``/api/rooms/{id}/host``,
  ``/api/rooms/{id}/ledger``, ``/api/rooms/{id}/hands.phhs``,
  ``/api/rooms/{id}/hands.txt`` (PokerStars text), ``/api/rooms/{id}/replay``,
  ``/api/replays``, ``/api/replays/{id}/hands/{index}``, ``/api/matches``,
  ``/api/matches/{id}``;
* WebSockets ``/ws/room/{id}`` (a table) and ``/ws/match/{id}`` (a match view).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from pathlib import Path
from typing import Any, AsyncIterator, Awaitable, Callable

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from ..errors import PokerError
from ..engine.policy import available_policies
from .connections import Connection
from .limits import (
    AI_LEVELS,
    DECISION_SECONDS,
    HELLO_SECONDS,
    MAX_DECISION_SECONDS,
    MAX_MATCH_HANDS,
    MAX_STORED_REPLAYS_PER_CLIENT,
    MESSAGE_BYTES,
    MESSAGES_PER_SECOND,
    MIN_DECISION_SECONDS,
    MIN_MATCH_HANDS,
    WEB_PROTOCOL_VERSION,
    REPLAY_UPLOAD_WINDOW_SECONDS,
    REPLAY_UPLOADS_PER_WINDOW,
    REQUEST_BYTES,
    SOCKET_FRAME_BYTES,
    UPLOAD_BYTES,
)
from .lobby import Lobby
from .match_view import MatchViews
from .protocol import (
    ROOM_KINDS,
    ProtocolError,
    read_join_request,
    read_json,
    read_close_request,
    read_host_request,
    read_match_request,
    read_message,
    read_room_request,
)
from .replay import Replays
from .store import Store

__all__ = ["create_app", "serve", "STATIC_DIR"]

log = logging.getLogger(__name__)

STATIC_DIR = Path(__file__).resolve().parent / "static"
"""The page's files (HTML, CSS, JavaScript), shipped as package data."""

_PLACEHOLDER = (
    "<!doctype html><meta charset=utf-8><title>pokerkit_core</title>"
    "<p>The web table's page is not installed; the API is at <code>/api/</code>."
)
_HEADERS = {"X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer",
            "X-Frame-Options": "DENY"}


def _error(exc: ProtocolError) -> JSONResponse:
    headers = _HEADERS if exc.retry_after is None else {**_HEADERS, "Retry-After": str(exc.retry_after)}
    return JSONResponse({"error": {"code": exc.code, "message": exc.message}},
                        status_code=exc.status, headers=headers)


def _client(request: Request) -> str:
    """The client address of a request (behind a reverse proxy: the proxy's)."""
    return request.client.host if request.client is not None else "unknown"


def _json(data: Any, status: int = 200) -> JSONResponse:
    return JSONResponse(data, status_code=status, headers=_HEADERS)


async def _body(request: Request, limit: int) -> bytes:
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > limit:
        raise ProtocolError("too_large", f"request of {declared} bytes; at most {limit}", 413)
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise ProtocolError("too_large", f"request over {limit} bytes", 413)
        chunks.append(chunk)
    return b"".join(chunks)


Handler = Callable[[Request], Awaitable[Response]]


def _seat_token(request: Request) -> str | None:
    """The seat token of a download, from ``Authorization: Bearer TOKEN``
    (``None``: no header, a spectator's download).

    Raises:
        ProtocolError: ``token_in_url`` (400) a ``token`` in the query
            string: a token in a URL lands in logs and browser history.
    """
    if "token" in request.query_params:
        raise ProtocolError("token_in_url", "send a seat's token in the Authorization header "
                            "(Authorization: Bearer TOKEN), never in the URL")
    scheme, _, token = request.headers.get("authorization", "").partition(" ")
    return (token.strip() or None) if scheme.lower() == "bearer" else None


def _guarded(handler: Handler) -> Handler:
    async def run(request: Request) -> Response:
        try:
            return await handler(request)
        except ProtocolError as exc:
            return _error(exc)
        except PokerError as exc:  # the engine refused something the checks let through
            return _error(ProtocolError("refused", str(exc)))

    return run


def create_app(data: str | Path) -> Starlette:
    """The application, keeping its rooms in ``data``.

    Args:
        data: The data directory (``":memory:"``: nothing kept on disk).

    Returns:
        A Starlette application; its lifespan loads the saved rooms on
        start-up and closes the connections on shutdown.
    """
    store = Store(data)
    lobby = Lobby(store)
    replays = Replays(store)
    matches = MatchViews()
    policies = tuple(sorted(available_policies()))

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        lobby.load()
        expiry = asyncio.get_running_loop().create_task(lobby.expire_forever())
        try:
            yield
        finally:
            expiry.cancel()
            lobby.close()
            matches.close()
            store.close()

    async def page(request: Request) -> Response:
        index = STATIC_DIR / "index.html"
        if index.is_file():
            return FileResponse(index, headers=_HEADERS)
        return HTMLResponse(_PLACEHOLDER, headers=_HEADERS)

    async def options(request: Request) -> Response:
        return _json({
            "protocol": WEB_PROTOCOL_VERSION,
            "levels": list(AI_LEVELS),
            "policies": list(policies),
            "kinds": list(ROOM_KINDS),
            "sitngo_modes": {"nolimit": 6, "headsup": 2, "fixedlimit": 4},
            "max_seats": 10,
            "decision_seconds": {"default": DECISION_SECONDS, "min": MIN_DECISION_SECONDS,
                                 "max": MAX_DECISION_SECONDS},
            "limits": {"message_bytes": MESSAGE_BYTES, "messages_per_second": MESSAGES_PER_SECOND,
                       "upload_bytes": UPLOAD_BYTES,
                       "replay_uploads": {"per_window": REPLAY_UPLOADS_PER_WINDOW,
                                          "window_seconds": REPLAY_UPLOAD_WINDOW_SECONDS,
                                          "kept_per_client": MAX_STORED_REPLAYS_PER_CLIENT}},
        })

    async def rooms(request: Request) -> Response:
        if request.method == "GET":
            return _json({"rooms": lobby.summaries()})
        body = read_json(await _body(request, REQUEST_BYTES), REQUEST_BYTES)
        return _json(lobby.create(read_room_request(body)), 201)

    async def room(request: Request) -> Response:
        return _json({"room": lobby.summary(lobby.room(request.path_params["room_id"]))})

    async def join(request: Request) -> Response:
        body = read_json(await _body(request, REQUEST_BYTES), REQUEST_BYTES)
        return _json(lobby.join(request.path_params["room_id"], read_join_request(body)))

    async def close(request: Request) -> Response:
        body = read_json(await _body(request, REQUEST_BYTES), REQUEST_BYTES)
        lobby.close_room(request.path_params["room_id"], read_close_request(body))
        return _json({"closed": request.path_params["room_id"]})

    async def host(request: Request) -> Response:
        body = read_json(await _body(request, REQUEST_BYTES), REQUEST_BYTES)
        return _json(lobby.host(request.path_params["room_id"], read_host_request(body)))

    async def ledger(request: Request) -> Response:
        return _json(lobby.accounts(request.path_params["room_id"]))

    async def pokerstars(request: Request) -> Response:
        room_id = request.path_params["room_id"]
        text = lobby.pokerstars(room_id, _seat_token(request))
        return PlainTextResponse(text, headers={
            **_HEADERS, "Content-Disposition": f'attachment; filename="room-{room_id}-pokerstars.txt"'})

    async def hands(request: Request) -> Response:
        room_id = request.path_params["room_id"]
        text = lobby.phhs(room_id, _seat_token(request))
        return PlainTextResponse(text, headers={
            **_HEADERS, "Content-Disposition": f'attachment; filename="room-{room_id}.phhs"'})

    async def room_replay(request: Request) -> Response:
        text = lobby.phhs(request.path_params["room_id"])
        return _json(await replays.add_async(text, "phhs", _client(request)), 201)

    async def upload(request: Request) -> Response:
        fmt = request.query_params.get("format", "phhs")
        raw = await _body(request, UPLOAD_BYTES)
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise ProtocolError("bad_history", "the file is not UTF-8 text") from None
        return _json(await replays.add_async(text, fmt, _client(request)), 201)

    async def replay_hand(request: Request) -> Response:
        index = request.path_params["index"]
        return _json(await replays.hand_async(request.path_params["replay_id"], index))

    async def match_create(request: Request) -> Response:
        body = read_json(await _body(request, REQUEST_BYTES), REQUEST_BYTES)
        req = read_match_request(body, policies, MIN_MATCH_HANDS, MAX_MATCH_HANDS)
        return _json({"match": matches.start(req)}, 201)

    async def match_get(request: Request) -> Response:
        return _json({"match": matches.progress(request.path_params["match_id"])})

    async def room_socket(ws: WebSocket) -> None:
        await ws.accept()
        conn = Connection(ws.path_params["room_id"])
        try:
            lobby.attach(conn)
        except ProtocolError as exc:
            await ws.send_text(_error_text(exc, None))
            await ws.close(1008)
            return
        writer = asyncio.create_task(_write(ws, conn))
        try:
            await _read(ws, conn, lobby)
        finally:
            lobby.detach(conn)
            conn.close()
            await writer

    async def match_socket(ws: WebSocket) -> None:
        await ws.accept()
        match_id = ws.path_params["match_id"]
        try:
            queue = matches.watch(match_id)
        except ProtocolError as exc:
            await ws.send_text(_error_text(exc, None))
            await ws.close(1008)
            return
        try:
            while True:
                text = await queue.get()
                if text is None:
                    break
                await ws.send_text(text)
        except WebSocketDisconnect:
            pass
        finally:
            matches.unwatch(match_id, queue)
        with contextlib.suppress(Exception):
            await ws.close()

    routes = [
        Route("/", page),
        Route("/room/{room_id}", page),
        Route("/replay", page),
        Route("/match/{match_id}", page),
        Route("/api/options", options),
        Route("/api/rooms", _guarded(rooms), methods=["GET", "POST"]),
        Route("/api/rooms/{room_id}", _guarded(room)),
        Route("/api/rooms/{room_id}/join", _guarded(join), methods=["POST"]),
        Route("/api/rooms/{room_id}/close", _guarded(close), methods=["POST"]),
        Route("/api/rooms/{room_id}/host", _guarded(host), methods=["POST"]),
        Route("/api/rooms/{room_id}/ledger", _guarded(ledger)),
        Route("/api/rooms/{room_id}/hands.phhs", _guarded(hands)),
        Route("/api/rooms/{room_id}/hands.txt", _guarded(pokerstars)),
        Route("/api/rooms/{room_id}/replay", _guarded(room_replay), methods=["POST"]),
        Route("/api/replays", _guarded(upload), methods=["POST"]),
        Route("/api/replays/{replay_id}/hands/{index:int}", _guarded(replay_hand)),
        Route("/api/matches", _guarded(match_create), methods=["POST"]),
        Route("/api/matches/{match_id}", _guarded(match_get)),
        WebSocketRoute("/ws/room/{room_id}", room_socket),
        WebSocketRoute("/ws/match/{match_id}", match_socket),
        Mount("/static", StaticFiles(directory=STATIC_DIR, check_dir=False), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.lobby = lobby
    return app


def _error_text(exc: ProtocolError, reply_to: str | None) -> str:
    return json.dumps({"type": "error", "code": exc.code, "message": exc.message,
                       "in_reply_to": reply_to}, separators=(",", ":"))


def _type_of(raw: str | bytes) -> str | None:
    """The ``type`` a refused message claimed, for ``in_reply_to`` (best effort)."""
    try:
        data = json.loads(raw) if len(raw) <= MESSAGE_BYTES else None
    except (ValueError, RecursionError):
        return None
    kind = data.get("type") if isinstance(data, dict) else None
    return kind if isinstance(kind, str) and len(kind) <= 20 else None


async def _write(ws: WebSocket, conn: Connection) -> None:
    try:
        while True:
            text = await conn.outbox.get()
            if text is None:
                break
            await ws.send_text(text)
    except (WebSocketDisconnect, RuntimeError, OSError):
        conn.closed = True
    with contextlib.suppress(Exception):
        await ws.close(1008 if conn.limiter.exhausted else 1000)


async def _read(ws: WebSocket, conn: Connection, lobby: Lobby) -> None:
    hello_by = asyncio.get_running_loop().time() + HELLO_SECONDS
    while not conn.closed:
        try:
            if conn.greeted:
                event = await ws.receive()
            else:
                left = hello_by - asyncio.get_running_loop().time()
                event = await asyncio.wait_for(ws.receive(), max(left, 0.0))
        except asyncio.TimeoutError:
            conn.send(_error_text(ProtocolError(
                "hello_first", f"no hello within {HELLO_SECONDS:g} seconds"), None))
            conn.close()
            return
        except (WebSocketDisconnect, RuntimeError):
            return
        if event["type"] == "websocket.disconnect":
            return
        raw = event.get("text")
        if raw is None:
            raw = event.get("bytes") or b""
        if not conn.limiter.allow():
            if conn.limiter.exhausted:
                conn.close()
                return
            conn.send(_error_text(ProtocolError(
                "rate_limited", f"more than {MESSAGES_PER_SECOND:g} messages a second; "
                "this one was ignored"), _type_of(raw)))
            continue
        try:
            await lobby.handle(conn, read_message(raw))
        except ProtocolError as exc:
            conn.send(_error_text(exc, _type_of(raw)))
        except PokerError as exc:  # the engine refused something the checks let through
            log.warning("room %s: refused: %s", conn.room_id, exc)
            conn.send(_error_text(ProtocolError("refused", str(exc)), _type_of(raw)))


def serve(*, host: str = "127.0.0.1", port: int = 8000, data: str | Path = "pokerkit-data") -> None:
    """Run the server with uvicorn until interrupted.

    Args:
        host: Address to bind (loopback by default; see ``docs/web.rst``
            for what to put in front of it on the internet).
        port: TCP port.
        data: Data directory (SQLite database of rooms and hands).
    """
    import uvicorn

    logging.basicConfig(level=logging.INFO)
    shown = f"[{host}]" if ":" in host else host
    print(f"serving on http://{shown}:{port}/ (data in {data}; Ctrl-C stops)", flush=True)
    uvicorn.run(create_app(data), host=host, port=port, ws_max_size=SOCKET_FRAME_BYTES,
                ws_per_message_deflate=False,
                log_level="warning", lifespan="on")
