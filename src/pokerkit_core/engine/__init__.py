"""The rules engine: one hand of hold'em as immutable states.

Owns the game's configuration (:mod:`.rules`, :mod:`.betting`,
:mod:`.hand_plan`), actions and legal actions (:mod:`.actions`), events
(:mod:`.events`), the deal and forced bets (:mod:`.dealing`,
:mod:`.forced_bets`), the state and its transitions (:mod:`.hand_state`,
:mod:`.state`: ``deal``, ``act``, ``legal_actions``), pots, showdown and
results (:mod:`.pots`, :mod:`.showdown`, :mod:`.results`), the button and
blinds' seats (:mod:`.positions`), what a seat may see (:mod:`.observation`),
the :class:`~pokerkit_core.engine.policy.Policy` protocol a player implements
with the policy registry (:mod:`.policy`), and argument checks shared above
(:mod:`.checks`).

May import: ``pokerkit_core.errors``, :mod:`pokerkit_core.evaluation`.
"""
