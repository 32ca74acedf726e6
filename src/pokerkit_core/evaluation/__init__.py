"""Cards and hand evaluation: what a hand is worth, alone or against ranges.

Owns the :class:`~pokerkit_core.evaluation.cards.Card` values and their text
forms (:mod:`.cards`, :mod:`.card_codes`), the hand ranks (:mod:`.hand_rank`),
the C lookup-table evaluator (:mod:`.evaluator`, the one importer of the
compiled modules ``pokerkit_core._native`` and ``pokerkit_core._speedups``),
hand ranges (:mod:`.ranges`) and equity (:mod:`.equity`).

May import: ``pokerkit_core.errors`` and the compiled modules.  Nothing here
knows about betting, tables or players.
"""
