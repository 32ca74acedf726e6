"""Every hand of a table session exports to PHH and replays to the same stacks
(issue 5: "every hand exportable"; formats in history/)."""

from __future__ import annotations

from pokerkit_core.engine.actions import Action, AllIn, Call, Check, Raise
from pokerkit_core.formats import phh
from pokerkit_core.formats.replay import record, replay
from pokerkit_core.engine.observation import Observation
from pokerkit_core.tables.session import Blinds, TableConfig, TableSession


class MixedBot:
    """Raises the minimum on even hands, shoves sometimes, else calls."""

    def __init__(self, name: str, shove_every: int) -> None:
        self.name = name
        self.shove_every = shove_every
        self.decisions = 0

    def decide(self, observation: Observation) -> Action:
        legal = observation.legal
        assert legal is not None
        self.decisions += 1
        if self.decisions % self.shove_every == 0 and AllIn in legal:
            return AllIn
        if legal.can_raise and self.decisions % 3 == 0:
            return Raise(legal.min_raise_to)
        return Check if legal.can_check else Call


def test_session_hands_round_trip_through_phh() -> None:
    players = [MixedBot(f"bot{i}", shove_every=7 + i) for i in range(4)]
    config = TableConfig(stacks=(1_000, 1_500, 800, 1_200), blinds=Blinds(10, 20), max_hands=30)
    session = TableSession(config, players, seed=2)  # 8 hands with a record
    session.run()
    hands = [r for r in session.records if r.state is not None]
    assert len(hands) >= 5
    text = phh.dumps_all(
        record(r.state, players=[p.name for p in players], hand_id=r.hand_number)
        for r in hands
        if r.state is not None
    )
    loaded = phh.loads_all(text)
    assert len(loaded) == len(hands)
    for original, hand in zip(hands, loaded):
        result = replay(hand)
        assert result.ok, (original.hand_number, result.error)
        # the exported finishing stacks are the session's stacks after that hand
        dealt = [s for s in range(4) if original.starting_stacks[s] > 0]
        assert sorted(hand.finishing_stacks or ()) == sorted(original.final_stacks[s] for s in dealt)
