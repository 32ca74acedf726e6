"""Old module paths of the flat layout, kept importable (deprecated).

In the development versions before 0.1.0 the library's modules sat flat in ``pokerkit_core/``; they
now live in packages by concept (docs/architecture.rst).  The documentation
named the old paths, so ``import pokerkit_core.state`` (and pickles that name
an old path) still work: :class:`MovedModules` answers an old name with the
module at its new path (the same object, so ``pokerkit_core.state is
pokerkit_core.engine.state``) and a :class:`DeprecationWarning`.
"""

from __future__ import annotations

import importlib
import importlib.machinery
import sys
import warnings
from types import ModuleType

MOVED: dict[str, str] = {
    "acpc_net": "formats.acpc_net",
    "actions": "engine.actions",
    "betting": "engine.betting",
    "card_codes": "evaluation.card_codes",
    "cards": "evaluation.cards",
    "checks": "engine.checks",
    "compact": "players.compact",
    "dealing": "engine.dealing",
    "driver": "players.driver",
    "equity": "evaluation.equity",
    "evaluator": "evaluation.evaluator",
    "events": "engine.events",
    "faults": "players.faults",
    "forced_bets": "engine.forced_bets",
    "hand_plan": "engine.hand_plan",
    "hand_rank": "evaluation.hand_rank",
    "hand_state": "engine.hand_state",
    "history": "formats",
    "history.acpc": "formats.acpc",
    "history.acpc_dealer": "formats.acpc_dealer",
    "history.acpc_game": "formats.acpc_game",
    "history.acpc_reply": "formats.acpc_reply",
    "history.acpc_terms": "formats.acpc_terms",
    "history.model": "formats.model",
    "history.phh": "formats.phh",
    "history.replay": "formats.replay",
    "isolation": "players.isolation",
    "isolation_child": "players.isolation_child",
    "isolation_procs": "players.isolation_procs",
    "isolation_wire": "players.isolation_wire",
    "lbr": "ai.lbr",
    "lbr.exploiter": "ai.lbr.exploiter",
    "lbr.probe": "ai.lbr.probe",
    "match_chunks": "match.chunks",
    "match_lanes": "match.lanes",
    "observation": "engine.observation",
    "play": "tables.play",
    "plots": "analysis.plots",
    "policies": "ai.policies",
    "policies.baselines": "ai.policies.baselines",
    "policies.easy": "ai.policies.easy",
    "policies.features": "ai.policies.features",
    "policies.hard": "ai.policies.hard",
    "policies.hard_model": "ai.policies.hard_model",
    "policies.normal": "ai.policies.normal",
    "policy": "engine.policy",
    "positions": "engine.positions",
    "pots": "engine.pots",
    "ranges": "evaluation.ranges",
    "results": "engine.results",
    "rules": "engine.rules",
    "serialize": "formats.serialize",
    "serialize_fields": "formats.serialize_fields",
    "showdown": "engine.showdown",
    "state": "engine.state",
    "stats": "analysis.stats",
    "table": "tables.session",
    "table_config": "tables.config",
    "table_data": "tables.data",
    "table_records": "tables.records",
    "table_snapshot": "tables.snapshot",
    "tournament": "tables.tournament",
}
"""Old module path -> new module path, both below ``pokerkit_core``."""

_PREFIX = "pokerkit_core."


class MovedModules:
    """Finds ``pokerkit_core.<old path>`` and loads it as its new module (a
    meta path finder and its loader, PEP 451; duck-typed, so that importing
    the library does not import ``importlib.abc``)."""

    def find_spec(
        self, fullname: str, path: object = None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        """A spec for an old path of :data:`MOVED`, else None (the other
        finders go on)."""
        if fullname.startswith(_PREFIX) and fullname[len(_PREFIX):] in MOVED:
            return importlib.machinery.ModuleSpec(fullname, self)  # type: ignore[arg-type]  # a Loader by its methods
        return None

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        """The module at the new path (imported if need be), with a warning."""
        new = _PREFIX + MOVED[spec.name[len(_PREFIX):]]
        warnings.warn(
            f"{spec.name} moved to {new}; import it from there (or the names from pokerkit_core)",
            DeprecationWarning,
            stacklevel=2,
        )
        module = importlib.import_module(new)
        spec.loader_state = module.__spec__  # the import machinery sets the old spec on it next
        return module

    def exec_module(self, module: ModuleType) -> None:
        """Nothing to run (the module was run at its new path); give it back
        its own ``__spec__``, which the import machinery replaced by the old
        path's, so that :func:`importlib.reload` of either name reloads it."""
        old = module.__spec__
        if old is not None and isinstance(old.loader_state, importlib.machinery.ModuleSpec):
            module.__spec__ = old.loader_state


def install() -> None:
    """Put the finder first on ``sys.meta_path`` (once), ahead of the path
    finder, which would otherwise run an old package's submodule twice."""
    if not any(isinstance(f, MovedModules) for f in sys.meta_path):
        sys.meta_path.insert(0, MovedModules())
