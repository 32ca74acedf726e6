"""Statistics and pictures of played hands.

Owns player statistics over hand histories (:mod:`.stats`: VPIP, PFR,
aggression, won in bb/100 and mbb/hand) and plots (:mod:`.plots`, with the
``plot`` extra).

May import everything below it, up to :mod:`pokerkit_core.ai`.
"""
