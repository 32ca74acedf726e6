"""Tables and tournaments that an application drives hand after hand.

Owns a table's configuration (:mod:`.config`), its session (:mod:`.session`:
``TableSession``, seats, stacks, the button moving, sitting out, records of
each hand in :mod:`.records`), its saved form (:mod:`.data`,
:mod:`.snapshot`), sit-and-go tournaments (:mod:`.tournament`) and the
terminal game (:mod:`.play`).

May import: ``pokerkit_core.errors``, ``pokerkit_core.seeding``,
:mod:`pokerkit_core.evaluation`, :mod:`pokerkit_core.engine`,
:mod:`pokerkit_core.players`.
"""
