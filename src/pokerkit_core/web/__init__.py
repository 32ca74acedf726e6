"""The reference web application: ``pokerkit-core serve``.

A lobby of rooms (cash tables, sit-and-gos, ACPC heads-up), tables people play
in the browser against each other and the computer players, a replayer and a
match view, on the library's public embedding API.  The wire protocol is the
documentation's web page (``docs/web.rst``).

Submodules, bottom first: :mod:`.limits` (every size, rate and time limit),
:mod:`.protocol` (checks of what a browser sends), :mod:`.views` (what a seat
or a spectator is sent), :mod:`.store` (SQLite), :mod:`.rooms` (a room over a
:class:`~pokerkit_core.table.TableSession`), :mod:`.lobby` (every room of the
server, tokens, timers), :mod:`.replay` (the replayer), :mod:`.match_view`
(a live match) and :mod:`.app` (the Starlette application; the only module
that needs the ``web`` extra).
"""

from __future__ import annotations

__all__: list[str] = []
