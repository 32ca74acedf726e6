"""Four people and two AIs at one table, in one asyncio event loop.

Each person is a :class:`Person`: a policy whose ``async def decide`` puts the
person's view of the table on one queue and waits for their move on another.
In an application the other end of the queues is a websocket, a chat bot or a
terminal; here :func:`scripted_person` plays that part.  The table awaits
each decision for at most ``decision_timeout`` seconds: a person (or an AI)
over the limit is recorded as a time-out fault, checks or folds, and the table
goes on.

Run it: ``python examples/async_table.py`` (plays a few hands and prints
them).
"""

from __future__ import annotations

import asyncio
import random
from typing import Awaitable, Callable

from pokerkit_core import (
    Action,
    Blinds,
    Observation,
    PokerError,
    TableConfig,
    TableSession,
    load_policy,
)


class Person:
    """A person at the table, reached through two queues.

    Args:
        name: Display name.

    Attributes:
        views: The table sends the person's view here when it is their turn.
        moves: The person's answers: action texts such as ``"c"`` or
            ``"r 300"``.
    """

    def __init__(self, name: str) -> None:
        self.name = name
        self.views: asyncio.Queue[Observation] = asyncio.Queue()
        self.moves: asyncio.Queue[str] = asyncio.Queue()

    async def decide(self, observation: Observation) -> Action:
        """Ask the person until they send a legal move (the table's time limit
        covers the whole exchange)."""
        while not self.moves.empty():  # a late answer to an earlier question
            self.moves.get_nowait()
        legal = observation.legal
        assert legal is not None
        while True:
            await self.views.put(observation)
            text = await self.moves.get()
            try:
                action = Action.parse(text)
            except (PokerError, ValueError):
                continue  # not a move: ask again
            if action in legal:
                return action


async def scripted_person(person: Person, *, seed: int = 0, silent: bool = False) -> None:
    """Play ``person``'s part: answer each view with a random legal move
    (mostly check or call, sometimes a minimum raise); a ``silent`` person
    never answers."""
    rng = random.Random(seed)
    while True:
        view = await person.views.get()
        if silent:
            continue
        legal = view.legal
        assert legal is not None
        if rng.random() < 0.9 or not (legal.can_bet or legal.can_raise):
            text = "k" if legal.can_check else "c"
        else:
            text = f"{'b' if legal.can_bet else 'r'} {legal.min_raise_to}"
        await person.moves.put(text)


PersonClient = Callable[[Person], Awaitable[None]]


async def play(
    clients: list[PersonClient],
    *,
    hands: int = 10,
    seed: int = 1,
    decision_timeout: float = 30.0,
) -> TableSession:
    """Seat four people (driven by ``clients``) and two AIs and play ``hands``
    hands.

    Args:
        clients: One coroutine function per person, each playing that
            person's part (reading ``person.views``, writing ``person.moves``).
        hands: Hands to play.
        seed: Seeds the decks and the AIs.
        decision_timeout: Most seconds any one decision may take.

    Returns:
        The finished session (records, faults, stacks).
    """
    people = [Person(f"person {i + 1}") for i in range(len(clients))]
    ais = [load_policy("normal", seed=seed), load_policy("hard", seed=seed + 1)]
    session = TableSession(
        TableConfig(stacks=(2_000,) * (len(people) + 2), blinds=Blinds(10, 20), max_hands=hands),
        [*people, *ais],
        seed=seed,
        decision_timeout=decision_timeout,
    )
    tasks = [asyncio.create_task(client(person)) for client, person in zip(clients, people)]
    try:
        while not session.is_over:
            await session.play_hand_async()
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    return session


def main() -> None:
    clients: list[PersonClient] = [
        lambda p, s=s: scripted_person(p, seed=s) for s in range(4)  # type: ignore[misc]
    ]
    session = asyncio.run(play(clients, hands=5, decision_timeout=5.0))
    for record in session.records:
        print(f"hand {record.hand_number}: {record.results}")
    print(f"stacks {session.stacks}, {len(session.faults)} faults")


if __name__ == "__main__":
    main()
