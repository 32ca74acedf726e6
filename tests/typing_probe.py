"""Checked by ``mypy --strict`` in tests/test_import.py (not a test module):
the lazy exports of ``pokerkit_core`` have their real types, and a name the
package does not have is an error rather than ``Any``."""

import pokerkit_core
from pokerkit_core import Card, deal

card: Card = pokerkit_core.Card("As")
config: pokerkit_core.GameConfig = pokerkit_core.GameConfig.no_limit(players=10)
state: pokerkit_core.HandState = deal(config, seed=1)
wrong: str = pokerkit_core.MAX_SEATS  # type: ignore[assignment]
missing = pokerkit_core.evalute  # type: ignore[attr-defined]
