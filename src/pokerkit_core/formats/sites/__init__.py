"""Hand histories of online poker rooms: read, replay to the chip, export.

Read a room's files (PokerStars, GGPoker, Winamax, 888poker, PartyPoker,
iPoker XML, Winning/ACR, Full Tilt) into a common hand model
(:class:`~.hand.SiteHand`), replay each hold'em hand on the engine and
compare its pots, rake and final stacks with the room's summary lines
(:func:`~.check.check`), and write hands as PHH, the library's JSON or Open
Hand History (:mod:`.export`).  Other games are counted as "unsupported
game" and skipped.

>>> from pokerkit_core.formats.sites import import_paths   # doctest: +SKIP
>>> [o.status for o in import_paths(["hands/"])]            # doctest: +SKIP
['equal', 'equal', 'skipped']
"""

from __future__ import annotations

from .check import HandOutcome, Unsupported, check, to_history
from .hand import SiteAction, SiteHand, SitePlayer, SitePost
from .reader import SITES, decode, detect_site, import_paths, iter_files, read_file, read_text

__all__ = [
    "SITES",
    "HandOutcome",
    "SiteAction",
    "SiteHand",
    "SitePlayer",
    "SitePost",
    "Unsupported",
    "check",
    "decode",
    "detect_site",
    "import_paths",
    "iter_files",
    "read_file",
    "read_text",
    "to_history",
]
