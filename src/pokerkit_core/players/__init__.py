"""How the library asks players for actions: in this process or in their own.

Owns the hand driver, the one loop that asks the seats of a hand for
actions (:mod:`.driver`: ``next_call``/``answer``, synchronous and asyncio,
time limits), the record of a player's fault (:mod:`.faults`), and isolated
players: a policy in a process of its own (:mod:`.isolation`), its side of
the pipe (:mod:`.isolation_child`) and the messages between them
(:mod:`.isolation_wire`, :mod:`.compact`).

May import: ``pokerkit_core.errors``, ``pokerkit_core.seeding``,
:mod:`pokerkit_core.evaluation`, :mod:`pokerkit_core.engine`.
"""
