"""Hand histories: the format-independent model, PHH and ACPC formats, replay.

Submodules: :mod:`.model` (the :class:`HandHistory` value), :mod:`.phh`
(PHH / TOML files), :mod:`.acpc` (ACPC game files, MATCHSTATE and log lines),
:mod:`.acpc_dealer` (the ACPC dealer's own settlement, to check logs),
:mod:`.replay` (playing a recorded hand through the rules engine) and
:mod:`.acpc_terms` (an engine hand in ACPC terms, and the state of a
``MATCHSTATE``).
"""

from __future__ import annotations

from .model import DealBoard, DealHole, Entry, HandHistory, Move, MoveKind, ShowCards

__all__ = [
    "DealBoard",
    "DealHole",
    "Entry",
    "HandHistory",
    "Move",
    "MoveKind",
    "ShowCards",
]
