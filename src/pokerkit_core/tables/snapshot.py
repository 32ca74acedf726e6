"""Saving and restoring a :class:`~pokerkit_core.tables.session.TableSession`.

:func:`session_snapshot` writes a session as plain data (the body of
:meth:`TableSession.snapshot <pokerkit_core.tables.session.TableSession.snapshot>`) and
:func:`restore_session` rebuilds one from it (the body of
:meth:`TableSession.restore <pokerkit_core.tables.session.TableSession.restore>`),
dealing the same next hands and replaying a hand that was in progress.  The
plain-data forms of the parts (settings, records, positions, the snapshot's
checks) are :mod:`pokerkit_core.tables.data`'s.  Internal to the library: the
session's two methods are the API.

References:
    docs/embedding.rst ("Saving and restoring a table"), docs/serialization.rst
    (versions).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Callable, Sequence

from ..engine.checks import describe_exception, players_arg, policy_name
from ..errors import InvalidConfigError, PokerError, PolicyError
from ..engine.policy import Policy, method_of, random_state_data
from ..engine.state import HandState
from .config import BlindSource
from .data import (
    SNAPSHOT_FORMAT,
    SNAPSHOT_VERSION,
    blinds_data,
    config_data,
    PolicyState,
    parse_snapshot,
    positions_data,
    record_data,
)
from .records import SeatState

if TYPE_CHECKING:
    from .session import TableSession

__all__ = ["session_snapshot", "restore_session"]


def session_snapshot(
    session: TableSession, encode_state: Callable[[HandState], Any] | None
) -> dict[str, Any]:
    """``session`` as plain data; see :meth:`TableSession.snapshot
    <pokerkit_core.tables.session.TableSession.snapshot>` (arguments, result, errors)."""
    hand = session._hand
    decks = session._decks
    pending: dict[str, Any] | None = None
    if hand is not None and hand.record is None:
        pending = {
            "hand_number": hand.number,
            "seed": hand.seed,
            "blinds": blinds_data(hand.blinds),
            "positions": positions_data(hand.positions),
            "stacks": list(hand.config.stacks),
            "actions": [str(a) for a in hand.driver.actions]
            + ([] if hand.driver.held is None else [str(hand.driver.held[1])]),
            "announced": hand.announced,
        }
    return {
        "format": SNAPSHOT_FORMAT,
        "version": SNAPSHOT_VERSION,
        "config": config_data(session.config),
        "decision_timeout": session.decision_timeout,
        "stacks": list(session._stacks),
        "seat_states": [state.value for state in session._seat_states],
        "external": [
            p is None and state is not SeatState.EMPTY
            for p, state in zip(session._players, session._seat_states)
        ],
        "positions": None if session._positions is None else positions_data(session._positions),
        **(
            {"rng": random_state_data(decks)}  # restored from a version 1-3 snapshot: its generator goes on
            if isinstance(decks, random.Random)
            else {"seed": decks, "deals": session._deals}
        ),
        "elapsed_seconds": float(session.elapsed_seconds),
        "records": [record_data(r, encode_state) for r in session._records],
        "faults": [f.to_dict() for f in session._faults],
        "hand": pending,
        "policies": [_policy_state(seat, p) for seat, p in enumerate(session._players)],
    }


def _stateful(player: object) -> bool:
    """Whether ``player`` has both ``state_to_dict`` and ``state_from_dict``."""
    return method_of(player, "state_to_dict") is not None and (
        method_of(player, "state_from_dict") is not None
    )


def _policy_state(seat: int, player: object) -> dict[str, Any] | None:
    """``{"name": .., "state": ..}`` of a seat's policy, or ``None`` (no
    policy, or one without the state methods, e.g. an isolated one)."""
    if player is None or not _stateful(player):
        return None
    try:
        state = player.state_to_dict()  # type: ignore[attr-defined]
    except Exception as exc:
        raise PolicyError(
            f"seat {seat}: state_to_dict() of {policy_name(player)} failed: "
            f"{describe_exception(exc)}"
        ) from exc
    if not isinstance(state, dict):
        raise PolicyError(
            f"seat {seat}: state_to_dict() of {policy_name(player)} returned a "
            f"{type(state).__name__}, not a dict"
        )
    return {"name": policy_name(player), "state": state}


def _load_policies(
    players: Sequence[Policy | None], states: Sequence[PolicyState | None]
) -> None:
    """Put each saved state into the seat's policy of the same name that has
    ``state_from_dict``; on a refusal undo the states already put."""
    done: list[tuple[Any, dict[str, Any]]] = []
    try:
        for seat, (player, saved) in enumerate(zip(players, states)):
            if saved is None or player is None or not _stateful(player):
                continue
            if policy_name(player) != saved.name:
                continue  # another kind of player: it keeps its own state
            try:
                before = player.state_to_dict()  # type: ignore[attr-defined]
                player.state_from_dict(saved.state)  # type: ignore[attr-defined]
            except InvalidConfigError as exc:
                raise InvalidConfigError(f"snapshot.policies[{seat}].{exc}") from None
            except Exception as exc:
                raise PolicyError(
                    f"seat {seat}: state_from_dict() of {saved.name} failed: "
                    f"{describe_exception(exc)}"
                ) from exc
            done.append((player, before))
    except BaseException:
        for player, before in reversed(done):
            player.state_from_dict(before)
        raise


def restore_session(
    cls: type[TableSession],
    snapshot: object,
    players: Sequence[Policy | None],
    *,
    blinds: BlindSource | None,
    listener: object | None,
    clock: Callable[[], float],
    decode_state: Callable[[Any], HandState] | None,
    hold_run_out: bool = False,
) -> TableSession:
    """A ``cls`` session rebuilt from a snapshot; see :meth:`TableSession.restore
    <pokerkit_core.tables.session.TableSession.restore>` (arguments, result, errors)."""
    parts = parse_snapshot(snapshot, blinds=blinds, decode_state=decode_state)
    session = cls(
        parts.config,
        [None] * len(parts.config.stacks),
        listener=listener,
        clock=clock,
        decision_timeout=parts.decision_timeout,
        hold_run_out=hold_run_out,
    )
    seats = players_arg(players)
    if len(seats) != len(parts.stacks):
        raise InvalidConfigError(f"{len(seats)} players for {len(parts.stacks)} seats")
    for seat, (player, state) in enumerate(zip(seats, parts.seat_states)):
        if player is not None and state is SeatState.EMPTY:
            raise InvalidConfigError(f"seat {seat} is empty in the snapshot: give None")
    session._players = list(seats)
    session._seat_states = list(parts.seat_states)
    session._stacks = parts.stacks
    session._positions = parts.positions
    if parts.rng_state is not None:  # a version 1-3 snapshot: its generator's draws go on
        decks = random.Random()
        decks.setstate(parts.rng_state)
        session._decks, session.seed = decks, None
    elif parts.seed is not None:
        session._decks = session.seed = parts.seed
        session._deals = parts.deals
    session._started_at -= parts.elapsed_seconds
    session._records = list(parts.records)
    session._faults = list(parts.faults)
    pending = parts.hand
    if pending is not None:
        config = session._game_config(pending.positions, pending.blinds)
        if pending.hand_number != len(parts.records) + 1 or config.stacks != pending.stacks:
            raise InvalidConfigError("snapshot.hand does not match the table's seats and records")
        hand = session._hand_from(
            pending.hand_number, pending.seed, pending.blinds, pending.positions, config,
            session.live,
        )
        try:
            hand.driver.replay(pending.actions)
        except PokerError as exc:
            raise InvalidConfigError(
                f"snapshot.hand does not replay: {describe_exception(exc)}"
            ) from None
        hand.announced = pending.announced
        session._hand = hand
    _load_policies(seats, parts.policies)
    return session
