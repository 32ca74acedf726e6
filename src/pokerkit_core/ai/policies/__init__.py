"""The built-in computer players, loaded through the policy registry.

``easy``, ``normal`` and ``hard`` are the three AI levels of docs/rules.rst section 7,
``expert`` plays a solved pre-flop table and re-solves later streets (docs/expert.rst);
``random``, ``call`` and ``raise`` are baselines.  Each is registered under the
entry-point group ``pokerkit_core.policies`` and created with
:func:`pokerkit_core.engine.policy.load_policy` (``load_policy("hard", seed=1)``).
The core library never imports this package.
"""

from __future__ import annotations

from .baselines import AlwaysCall, AlwaysRaise, RandomPolicy
from .easy import EasyPolicy
from .expert import ExpertPolicy
from .hard import HardPolicy
from .normal import NormalPolicy

__all__ = [
    "AlwaysCall",
    "AlwaysRaise",
    "EasyPolicy",
    "ExpertPolicy",
    "HardPolicy",
    "NormalPolicy",
    "RandomPolicy",
]
