"""Matches between two players, and the machinery that plays them.

Owns the match runner (:mod:`.runner`: :func:`run_match`, results in
mbb/hand), its unit of work (:mod:`.chunks`: a chunk of deals, played pass
by pass) and the lanes that play many isolated chunks at once through
shared policy processes (:mod:`.lanes`).  The runner's public names are
importable from here too.

May import: ``errors``, ``seeding``, ``units``, ``progress``,
:mod:`~pokerkit_core.evaluation`, :mod:`~pokerkit_core.engine`,
:mod:`~pokerkit_core.players`, :mod:`~pokerkit_core.tables`,
:mod:`~pokerkit_core.formats`.
"""

from __future__ import annotations

from .runner import *  # noqa: F403  (the public names of the old module pokerkit_core.match)
from .runner import __all__
