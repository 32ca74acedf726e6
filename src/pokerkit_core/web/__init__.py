"""The reference web application: ``pokerkit-core serve``.

A lobby of rooms (cash tables, sit-and-gos, ACPC heads-up), tables people play
in the browser against each other and the computer players, a replayer and a
match view, on the library's public embedding API.  The wire protocol is the
documentation's web page (``docs/web.rst``).

Submodules, bottom first: :mod:`.limits` (every size, rate and time limit),
:mod:`.protocol` (checks of what a browser sends), :mod:`.views` (what a seat
or a spectator is sent), :mod:`.store` (SQLite), :mod:`.rooms` (a room over a
:class:`~pokerkit_core.tables.session.TableSession`), :mod:`.lobby` (every room of the
server, tokens, timers), :mod:`.replay` (the replayer), :mod:`.match_view`
(a live match) and :mod:`.app` (the Starlette application; the only module
that needs the ``web`` extra).

Hostile or slow clients are bounded: each browser message is checked and
rate-limited (:mod:`.connections`), replay uploads are limited per client
address and share the store fairly (:mod:`.replay`), and computer seats
decide in a bounded pool where each decision has a deadline, after which
the seat plays its default action with a time-out fault, so a slow custom
policy holds up only its own room (:mod:`.computer`).
"""

from __future__ import annotations

__all__: list[str] = []
