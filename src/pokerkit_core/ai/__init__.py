"""Computer players and the measures of their strength.

Owns the built-in policies (:mod:`.policies`: ``easy``, ``normal``,
``hard`` and the baselines, loaded through the policy registry of
:mod:`pokerkit_core.engine.policy`), local best response
(:mod:`.lbr`), which plays matches against a bot to bound how exploitable it
is, and the heads-up subgame solver (:mod:`.solver`: discounted CFR in C).

May import everything below it: ``errors``, ``seeding``, ``units``,
``progress``, :mod:`~pokerkit_core.evaluation`, :mod:`~pokerkit_core.engine`,
:mod:`~pokerkit_core.players`, :mod:`~pokerkit_core.tables`,
:mod:`~pokerkit_core.formats`, :mod:`~pokerkit_core.match`.  Nothing below it
imports this package: the engine reaches the built-in policies by name only.
"""
