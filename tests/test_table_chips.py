"""TableSeats.add_chips and take_chips: rebuys, top-ups and cash-outs between hands."""

from __future__ import annotations

import pytest

from pokerkit_core.engine.policy import load_policy
from pokerkit_core.engine.rules import MAX_CHIPS
from pokerkit_core.errors import InvalidConfigError
from pokerkit_core.tables.session import TableConfig, TableSession


def _session() -> TableSession:
    return TableSession(TableConfig(stacks=(1000, 1000, 0)), [None, load_policy("call", seed=1), None], seed=2)


def test_chips_come_and_go_between_hands() -> None:
    session = _session()
    session.add_chips(0, 500)
    session.take_chips(1, 250)
    assert session.stacks == (1500, 750, 0)
    session.start_hand()
    assert session.state is not None and session.state.config.stacks[:2] == (1500, 750)


@pytest.mark.parametrize("call", [
    lambda s: s.add_chips(2, 100),       # an empty seat: fill() it
    lambda s: s.add_chips(0, 0),         # no chips
    lambda s: s.add_chips(0, True),      # not an int
    lambda s: s.add_chips(5, 10),        # not a seat
    lambda s: s.add_chips(0, MAX_CHIPS - 1000),  # the table over MAX_CHIPS in all
    lambda s: s.take_chips(0, 1001),     # more than the stack
    lambda s: s.take_chips(0, -1),
])
def test_bad_chip_changes_raise_and_change_nothing(call: object) -> None:
    session = _session()
    with pytest.raises(InvalidConfigError):
        call(session)  # type: ignore[operator]
    assert session.stacks == (1000, 1000, 0)


def test_no_chip_change_during_a_hand() -> None:
    session = _session()
    session.start_hand()
    for call in (lambda: session.add_chips(0, 10), lambda: session.take_chips(0, 10)):
        with pytest.raises(InvalidConfigError, match="between hands"):
            call()
