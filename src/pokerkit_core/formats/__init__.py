"""Values in and out of the library: JSON, hand histories, the ACPC protocol.

Owns the JSON form of every value (:mod:`.serialize`, its field codecs in
:mod:`.serialize_fields`), hand histories as a format-independent model
(:mod:`.model`: the :class:`HandHistory` value) with the PHH format
(:mod:`.phh`) and the ACPC formats (:mod:`.acpc`: game files, MATCHSTATE and
log lines; :mod:`.acpc_game`, :mod:`.acpc_reply`, :mod:`.acpc_terms`), the
ACPC dealer's own settlement to check logs (:mod:`.acpc_dealer`), the ACPC
network protocol (:mod:`.acpc_net`: dealer and client) and replay of a
recorded hand through the rules engine (:mod:`.replay`).

May import: ``errors``, ``seeding``, :mod:`~pokerkit_core.evaluation`,
:mod:`~pokerkit_core.engine`, :mod:`~pokerkit_core.players`,
:mod:`~pokerkit_core.tables`.
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
