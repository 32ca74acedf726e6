"""Table snapshots as the library wrote them before version 4.

Up to snapshot version 3 a :class:`~pokerkit_core.tables.session.TableSession`
drew each hand's 64-bit deal seed from one ``random.Random(seed)`` and its
snapshot held that generator's state (``"rng"``); version 4 holds the
session's seed and the number of hands dealt (each deal seed derived from the
seed).  :func:`old_format` turns a version 4 snapshot taken between hands into
the one the earlier versions wrote for the same session.
"""

from __future__ import annotations

import copy
import random
from typing import Any

from pokerkit_core.engine.policy import random_state_data


def old_generator(seed: int, deals: int) -> random.Random:
    """The deck generator of a pre-version-4 session seeded ``seed`` after
    ``deals`` hands dealt (one 64-bit draw each)."""
    rng = random.Random(seed)
    for _ in range(deals):
        rng.getrandbits(64)
    return rng


def old_format(snapshot: dict[str, Any], version: int = 3) -> dict[str, Any]:
    """``snapshot`` (version 4, between hands) as version ``version`` wrote it."""
    data = copy.deepcopy(snapshot)
    assert data["version"] == 4 and data["hand"] is None
    data["rng"] = random_state_data(old_generator(data.pop("seed"), data.pop("deals")))
    data["version"] = version
    if version < 3:
        del data["policies"]
    if version < 2:
        for key in ("straddles", "ante_rule", "boards"):
            del data["config"][key]
    return data


def next_old_deal_seed(snapshot: dict[str, Any]) -> int:
    """The deal seed the generator of an old-format ``snapshot`` draws next."""
    rng = random.Random()
    version, internal, gauss = snapshot["rng"]
    rng.setstate((version, tuple(internal), gauss))
    return rng.getrandbits(64)
