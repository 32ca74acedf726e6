"""Plain-data forms of table settings, hand records and session snapshots.

:func:`config_data` / :func:`config_from_data` and :func:`record_data` /
:func:`record_from_data` give :class:`~pokerkit_core.tables.config.TableConfig`
and :class:`~pokerkit_core.tables.records.HandRecord` a plain form of dicts,
lists, ints and strings that :func:`json.dumps` writes as it is;
:func:`parse_snapshot` checks and reads a whole session snapshot
(:meth:`TableSession.snapshot <pokerkit_core.tables.session.TableSession.snapshot>`).

References:
    docs/embedding.rst ("Saving and restoring a table"), docs/serialization.rst
    (versions).
"""

from __future__ import annotations

import sys
from enum import Enum
from typing import Any, Callable, NamedTuple

from ..engine.actions import Action
from ..engine.checks import bool_arg, describe_exception, int_arg, timeout_arg
from ..players.driver import PolicyFault
from ..errors import InvalidConfigError, PokerError, shown
from ..engine.policy import random_state_from_data
from ..engine.positions import ButtonRule, Positions
from ..engine.rules import AnteRule, BettingStructure
from ..engine.state import HandState
from .config import Blinds, BlindSource, StackMode, TableConfig, check_table_chips
from .records import HandRecord, SeatState

__all__ = [
    "SNAPSHOT_VERSION",
    "SNAPSHOT_VERSIONS",
    "SNAPSHOT_FORMAT",
    "PendingHand",
    "PolicyState",
    "SessionParts",
    "parse_snapshot",
    "config_data",
    "config_from_data",
    "record_data",
    "record_from_data",
    "blinds_data",
    "positions_data",
    "field_of",
]


SNAPSHOT_VERSION = 4
"""Version of the plain-data form :meth:`TableSession.snapshot
<pokerkit_core.tables.session.TableSession.snapshot>` writes (``"version"``).
Version 2 added the config's ``straddles``, ``ante_rule`` and ``boards``;
version 3 the policies' states (``"policies"``); version 4 deals each hand
from a seed derived from the session's seed
(:data:`~pokerkit_core.tables.session.DEAL_LABEL`): it holds that seed and
the number of hands dealt (``"seed"``, ``"deals"``) where versions 1 to 3
held the state of the session's deck generator (``"rng"``; a session
restored from one goes on drawing from that generator, and its version 4
snapshot keeps ``"rng"`` in place of ``"seed"`` and ``"deals"``)."""

SNAPSHOT_VERSIONS = (1, 2, 3, 4)
"""The snapshot versions :func:`parse_snapshot` reads (a version 1 snapshot
restores with no straddles, antes from every seat and one board; before
version 3 no policy state is restored)."""

SNAPSHOT_FORMAT = "pokerkit_core.table_session"
"""The ``"format"`` name of a session snapshot."""


def field_of(data: object, key: str, where: str) -> Any:
    """``data[key]`` of a plain-data dict, or a clear error.

    Args:
        data: A dict read from JSON (or anything: it is checked).
        key: The key wanted.
        where: Its path for the message, e.g. ``"snapshot.config"``.

    Returns:
        The value (not checked further).

    Raises:
        InvalidConfigError: ``data`` is not a dict or has no ``key``.
    """
    if not isinstance(data, dict):
        raise InvalidConfigError(f"{where} must be an object (a dict), got {shown(data)}")
    if key not in data:
        raise InvalidConfigError(f"{where}.{key} is missing")
    return data[key]


def only_fields(data: object, fields: frozenset[str], where: str) -> None:
    """Refuse a plain-data dict with a key that is not one of ``fields``.

    Args:
        data: A dict read from JSON (anything else is left to
            :func:`field_of` to refuse).
        fields: The keys the form has.
        where: Its path for the message, e.g. ``"snapshot.config"``.

    Raises:
        InvalidConfigError: A key not in ``fields``; the message names its
            path (``snapshot.config.colour is not a field of
            snapshot.config``), the first one in sorted order.
    """
    if isinstance(data, dict):
        unknown = sorted(str(key) for key in data if key not in fields)
        if unknown:
            raise InvalidConfigError(f"{where}.{unknown[0]} is not a field of {where}")


def _ints(data: object, key: str, where: str) -> tuple[int, ...]:
    value = field_of(data, key, where)
    if not isinstance(value, (list, tuple)):
        raise InvalidConfigError(f"{where}.{key} must be a list of ints, got {shown(value)}")
    return tuple(int_arg(f"{where}.{key}[{i}]", v, 0) for i, v in enumerate(value))


def blinds_data(blinds: Blinds) -> dict[str, int]:
    """``{"small_blind": .., "big_blind": .., "ante": ..}`` (chips)."""
    return {"small_blind": blinds.small_blind, "big_blind": blinds.big_blind, "ante": blinds.ante}


def blinds_from_data(data: object, where: str) -> Blinds:
    """The :class:`Blinds` :func:`blinds_data` described.

    Raises:
        InvalidConfigError: A field missing, unknown or refused by
            :class:`Blinds`.
    """
    only_fields(data, _BLINDS_FIELDS, where)
    return Blinds(
        field_of(data, "small_blind", where),
        field_of(data, "big_blind", where),
        field_of(data, "ante", where),
    )


_BLINDS_FIELDS = frozenset(("small_blind", "big_blind", "ante"))
_CONFIG_FIELDS_V1 = frozenset((
    "stacks", "blinds", "button", "button_rule", "stack_mode", "betting", "raise_cap",
    "max_hands", "max_seconds", "keep_hands", "strict",
))
_CONFIG_FIELDS = _CONFIG_FIELDS_V1 | {"straddles", "ante_rule", "boards"}
_RECORD_FIELDS = frozenset((
    "hand_number", "blinds", "positions", "starting_stacks", "final_stacks", "results",
    "busted", "state",
))
_PENDING_FIELDS = frozenset((
    "hand_number", "seed", "blinds", "positions", "stacks", "actions", "announced",
))
_FAULT_FIELDS = frozenset((
    "hand_number", "hand", "seat", "message", "kind", "substitute", "player", "name",
))


def config_data(config: TableConfig) -> dict[str, Any]:
    """A table config as plain data.

    Args:
        config: The settings.

    Returns:
        A dict of its fields: ``stacks`` (list of ints, chips), ``blinds``
        (:func:`blinds_data`, or ``None`` for a blind source that is not a
        :class:`Blinds`, e.g. a tournament schedule), ``button``,
        ``button_rule`` / ``stack_mode`` / ``betting`` (the enum values, str),
        ``raise_cap``, ``max_hands`` (int or ``None``), ``max_seconds``
        (number or ``None``), ``keep_hands`` and ``strict`` (bool),
        ``straddles`` (int), ``ante_rule`` (the enum value, str) and
        ``boards`` (int); the last three since snapshot version 2.
    """
    blinds = config.blinds
    return {
        "stacks": list(config.stacks),
        "blinds": blinds_data(blinds) if isinstance(blinds, Blinds) else None,
        "button": config.button,
        "button_rule": config.button_rule.value,
        "stack_mode": config.stack_mode.value,
        "betting": config.betting.value,
        "raise_cap": config.raise_cap,
        "max_hands": config.max_hands,
        "max_seconds": config.max_seconds,
        "keep_hands": config.keep_hands,
        "strict": config.strict,
        "straddles": config.straddles,
        "ante_rule": config.ante_rule.value,
        "boards": config.boards,
    }


def _enum(kind: type[Enum], data: object, key: str, where: str) -> Any:
    value = field_of(data, key, where)
    try:
        return kind(value)
    except ValueError:
        legal = ", ".join(repr(m.value) for m in kind)
        raise InvalidConfigError(f"{where}.{key} must be one of {legal}, got {shown(value)}") from None


def config_from_data(
    data: object,
    *,
    blinds: BlindSource | None = None,
    where: str = "config",
    version: int = SNAPSHOT_VERSION,
) -> TableConfig:
    """The :class:`TableConfig` :func:`config_data` described.

    Args:
        data: The plain data.
        blinds: The blind source to use; needed when the data has none
            (it was not a :class:`Blinds`), else it replaces the stored one.
        where: Path of ``data`` for messages.
        version: Snapshot version the data was written by (1 or 2,
            :data:`SNAPSHOT_VERSIONS`): version 1 has no ``straddles``,
            ``ante_rule`` or ``boards`` (they take their defaults: none,
            every seat, one board); from version 2 they are required.

    Returns:
        The settings.

    Raises:
        InvalidConfigError: A field missing, unknown (not a field of that
            version's form), of the wrong type or refused by
            :class:`TableConfig`, or no blinds anywhere.
    """
    only_fields(data, _CONFIG_FIELDS if version >= 2 else _CONFIG_FIELDS_V1, where)
    stored = field_of(data, "blinds", where)
    if blinds is None:
        if stored is None:
            raise InvalidConfigError(
                f"{where}.blinds is not stored (a custom blind source): pass blinds="
            )
        blinds = blinds_from_data(stored, f"{where}.blinds")
    return TableConfig(
        stacks=_ints(data, "stacks", where),
        blinds=blinds,
        button=field_of(data, "button", where),
        button_rule=_enum(ButtonRule, data, "button_rule", where),
        stack_mode=_enum(StackMode, data, "stack_mode", where),
        betting=_enum(BettingStructure, data, "betting", where),
        raise_cap=field_of(data, "raise_cap", where),
        max_hands=field_of(data, "max_hands", where),
        max_seconds=field_of(data, "max_seconds", where),
        keep_hands=field_of(data, "keep_hands", where),
        strict=field_of(data, "strict", where),
        **_forced_bet_options(data, where, version),
    )


def _forced_bet_options(data: object, where: str, version: int) -> dict[str, Any]:
    """``straddles``, ``ante_rule`` and ``boards`` of a config's data
    (absent before snapshot version 2)."""
    if version < 2:
        return {}
    return {
        "straddles": field_of(data, "straddles", where),
        "ante_rule": _enum(AnteRule, data, "ante_rule", where),
        "boards": field_of(data, "boards", where),
    }


def positions_data(positions: Positions) -> list[int]:
    """``[button, small_blind_seat, big_blind_seat]``."""
    return [positions.button, positions.small_blind_seat, positions.big_blind_seat]


def positions_from_data(data: object, where: str) -> Positions:
    """The :class:`Positions` :func:`positions_data` described.

    Raises:
        InvalidConfigError: Not a list of three seats.
    """
    if not isinstance(data, (list, tuple)) or len(data) != 3:
        raise InvalidConfigError(f"{where} must be [button, small blind, big blind], got {shown(data)}")
    return Positions(data[0], data[1], data[2])


def record_data(
    record: HandRecord, encode_state: Callable[[HandState], Any] | None = None
) -> dict[str, Any]:
    """A hand record as plain data.

    Args:
        record: The record.
        encode_state: Turns the kept final state into plain data (e.g. the
            JSON codec's ``to_dict``); without it the state is not stored.

    Returns:
        A dict: ``hand_number``, ``blinds`` (:func:`blinds_data`),
        ``positions`` (:func:`positions_data`), ``starting_stacks``,
        ``final_stacks``, ``results``, ``busted`` (lists of ints) and
        ``state`` (the encoded state or ``None``).
    """
    state = record.state
    return {
        "hand_number": record.hand_number,
        "blinds": blinds_data(record.blinds),
        "positions": positions_data(record.positions),
        "starting_stacks": list(record.starting_stacks),
        "final_stacks": list(record.final_stacks),
        "results": list(record.results),
        "busted": list(record.busted),
        "state": encode_state(state) if encode_state is not None and state is not None else None,
    }


def record_from_data(
    data: object,
    decode_state: Callable[[Any], HandState] | None = None,
    where: str = "record",
) -> HandRecord:
    """The :class:`HandRecord` :func:`record_data` described.

    Args:
        data: The plain data.
        decode_state: Inverse of the ``encode_state`` used, for a stored
            state (without it the record has no state).
        where: Path of ``data`` for messages.

    Returns:
        The record.

    Raises:
        InvalidConfigError: A field missing, unknown or of the wrong type.
    """
    only_fields(data, _RECORD_FIELDS, where)
    results = field_of(data, "results", where)
    if not isinstance(results, (list, tuple)) or any(r.__class__ is not int for r in results):
        raise InvalidConfigError(f"{where}.results must be a list of ints, got {shown(results)}")
    stored = field_of(data, "state", where)
    return HandRecord(
        hand_number=int_arg(f"{where}.hand_number", field_of(data, "hand_number", where), 1),
        blinds=blinds_from_data(field_of(data, "blinds", where), f"{where}.blinds"),
        positions=positions_from_data(field_of(data, "positions", where), f"{where}.positions"),
        starting_stacks=_ints(data, "starting_stacks", where),
        final_stacks=_ints(data, "final_stacks", where),
        results=tuple(results),
        busted=_ints(data, "busted", where),
        state=decode_state(stored) if decode_state is not None and stored is not None else None,
    )


class PendingHand(NamedTuple):
    """A hand in progress read from a snapshot (replayed on restore)."""

    hand_number: int
    seed: int
    blinds: Blinds
    positions: Positions
    stacks: tuple[int, ...]
    actions: tuple[Action, ...]
    announced: bool


class PolicyState(NamedTuple):
    """A seat's policy state read from a snapshot (``snapshot.policies[i]``)."""

    name: str  # the policy's name when it was saved (e.g. "hard")
    state: dict[str, Any]  # what its state_to_dict() returned


class SessionParts(NamedTuple):
    """Everything a snapshot holds, checked (see :func:`parse_snapshot`).

    The decks come from ``seed`` (the session's seed, ``deals`` hands dealt
    so far) or, for a session saved by a version before 4 (or restored from
    one), from the deck generator's state ``rng_state``; the other two are
    then ``None`` and 0.
    """

    config: TableConfig
    decision_timeout: float | None
    stacks: tuple[int, ...]
    seat_states: tuple[SeatState, ...]
    positions: Positions | None
    rng_state: tuple[Any, ...] | None
    seed: int | None
    deals: int
    elapsed_seconds: float
    records: tuple[HandRecord, ...]
    faults: tuple[PolicyFault, ...]
    hand: PendingHand | None
    policies: tuple[PolicyState | None, ...]


def _action(text: str, where: str) -> Action:
    try:
        return Action.parse(text)
    except (PokerError, ValueError) as exc:
        raise InvalidConfigError(f"{where}: {describe_exception(exc)}") from None


def _pending(data: object, seats: int) -> PendingHand | None:
    if data is None:
        return None
    where = "snapshot.hand"
    only_fields(data, _PENDING_FIELDS, where)
    actions = field_of(data, "actions", where)
    if not isinstance(actions, (list, tuple)) or any(not isinstance(a, str) for a in actions):
        raise InvalidConfigError(f"{where}.actions must be a list of action texts ('r 300')")
    seed = field_of(data, "seed", where)
    if seed.__class__ is not int:
        raise InvalidConfigError(f"{where}.seed must be an int, got {shown(seed)}")
    stacks = _ints(data, "stacks", where)
    if len(stacks) != seats:
        raise InvalidConfigError(f"{where}.stacks must have {seats} entries")
    return PendingHand(
        hand_number=int_arg(f"{where}.hand_number", field_of(data, "hand_number", where), 1),
        seed=seed,
        blinds=blinds_from_data(field_of(data, "blinds", where), f"{where}.blinds"),
        positions=positions_from_data(field_of(data, "positions", where), f"{where}.positions"),
        stacks=stacks,
        actions=tuple(_action(text, f"{where}.actions[{i}]") for i, text in enumerate(actions)),
        announced=bool_arg(f"{where}.announced", field_of(data, "announced", where)),
    )


def _fault(data: object, where: str) -> PolicyFault:
    if not isinstance(data, dict):
        raise InvalidConfigError(f"{where} must be an object (a dict), got {shown(data)}")
    only_fields(data, _FAULT_FIELDS, where)
    return PolicyFault.from_dict(data)


_SNAPSHOT_FIELDS_V2 = frozenset((
    "format", "version", "config", "decision_timeout", "stacks", "seat_states", "external",
    "positions", "rng", "elapsed_seconds", "records", "faults", "hand",
))
_SNAPSHOT_FIELDS_V3 = _SNAPSHOT_FIELDS_V2 | {"policies"}
_SNAPSHOT_FIELDS = (_SNAPSHOT_FIELDS_V3 - {"rng"}) | {"seed", "deals"}
_POLICY_FIELDS = frozenset(("name", "state"))


def _policies(data: object, seats: int, version: int) -> tuple[PolicyState | None, ...]:
    """``snapshot.policies``: per seat ``null`` or ``{"name": str, "state":
    dict}`` (from version 3; before it, no states)."""
    if version < 3:
        return (None,) * seats
    where = "snapshot.policies"
    entries = field_of(data, "policies", "snapshot")
    if entries.__class__ is not list or len(entries) != seats:
        raise InvalidConfigError(f"{where} must be a list of {seats} entries (null or an object)")
    out: list[PolicyState | None] = []
    for seat, entry in enumerate(entries):
        if entry is None:
            out.append(None)
            continue
        path = f"{where}[{seat}]"
        only_fields(entry, _POLICY_FIELDS, path)
        name, state = field_of(entry, "name", path), field_of(entry, "state", path)
        if not isinstance(name, str) or not isinstance(state, dict):
            raise InvalidConfigError(f"{path} must be {{\"name\": text, \"state\": an object}}")
        out.append(PolicyState(name, state))
    return tuple(out)


def parse_snapshot(
    data: object,
    *,
    blinds: BlindSource | None = None,
    decode_state: Callable[[Any], HandState] | None = None,
) -> SessionParts:
    """Check a session snapshot (see ``TableSession.snapshot``) and read it.

    Args:
        data: The snapshot (a dict, e.g. from :func:`json.loads`).
        blinds: The blind source, when the snapshot stores none (or to
            replace it).
        decode_state: Decodes the kept final states of the records.

    Returns:
        The checked parts.

    Raises:
        InvalidConfigError: Not a snapshot of a version in
            :data:`SNAPSHOT_VERSIONS`, a field that is not a snapshot's (at
            any depth: ``snapshot.config.blinds.colour``), a field missing,
            of the wrong type or out of range (the message names the field,
            e.g. ``snapshot.stacks[2]``), stacks above ``MAX_CHIPS`` in
            all (:func:`~pokerkit_core.tables.config.check_table_chips`),
            both a deck generator's state and a seed (version 4), or fewer
            hands dealt (``deals``) than recorded and in progress.
    """
    where = "snapshot"
    if field_of(data, "format", where) != SNAPSHOT_FORMAT:
        raise InvalidConfigError(f"snapshot.format must be {SNAPSHOT_FORMAT!r}")
    version = field_of(data, "version", where)
    if version.__class__ is not int or version not in SNAPSHOT_VERSIONS:
        raise InvalidConfigError(
            f"snapshot.version {shown(version)} is not supported (this version reads "
            f"{', '.join(map(str, SNAPSHOT_VERSIONS))})"
        )
    fields = data if isinstance(data, dict) else {}
    legacy = "rng" in fields  # decks from a generator (a session saved before version 4)
    if version >= 4 and legacy and ("seed" in fields or "deals" in fields):
        raise InvalidConfigError(
            "snapshot.rng and snapshot.seed/deals: a snapshot holds the deck generator's state (rng, a "
            "session saved before version 4) or the session's seed and hands dealt, not both"
        )
    derived = version >= 4 and not legacy  # decks derived from the session's seed
    only_fields(
        data, _SNAPSHOT_FIELDS if derived else _SNAPSHOT_FIELDS_V3 if version >= 3 else _SNAPSHOT_FIELDS_V2, where
    )
    config = config_from_data(
        field_of(data, "config", where), blinds=blinds, where="snapshot.config", version=version
    )
    seats = len(config.stacks)
    external = field_of(data, "external", where)  # written for readers; the players decide
    if external.__class__ is not list or len(external) != seats or any(e.__class__ is not bool for e in external):
        raise InvalidConfigError(f"snapshot.external must be {seats} bools")
    stacks = _ints(data, "stacks", where)
    check_table_chips(stacks, "snapshot.stacks")
    raw_states = field_of(data, "seat_states", where)
    if not isinstance(raw_states, (list, tuple)) or len(raw_states) != seats or len(stacks) != seats:
        raise InvalidConfigError(f"snapshot.stacks and snapshot.seat_states need {seats} entries")
    states = tuple(
        _enum(SeatState, {"seat_states": s}, "seat_states", f"snapshot[{i}]")
        for i, s in enumerate(raw_states)
    )
    positions = field_of(data, "positions", where)
    elapsed = field_of(data, "elapsed_seconds", where)
    if elapsed.__class__ not in (int, float) or not 0 <= elapsed <= sys.float_info.max:
        # (an int past the largest float: refused here, not an OverflowError below)
        raise InvalidConfigError(f"snapshot.elapsed_seconds must be finite seconds >= 0, got {shown(elapsed)}")
    records = field_of(data, "records", where)
    faults = field_of(data, "faults", where)
    if not isinstance(records, (list, tuple)) or not isinstance(faults, (list, tuple)):
        raise InvalidConfigError("snapshot.records and snapshot.faults must be lists")
    timeout = field_of(data, "decision_timeout", where)
    seed, deals, rng_state = None, 0, None
    if derived:
        seed = field_of(data, "seed", where)
        if seed.__class__ is not int or seed < 0:
            raise InvalidConfigError(f"snapshot.seed must be an int >= 0, got {shown(seed)}")
        deals = int_arg("snapshot.deals", field_of(data, "deals", where), 0, sys.maxsize)
    else:
        rng_state = random_state_from_data(field_of(data, "rng", where), "snapshot.rng")
    hand = _pending(field_of(data, "hand", where), seats)
    if derived and deals < len(records) + (hand is not None):
        raise InvalidConfigError(
            f"snapshot.deals ({deals}) must count at least the hands recorded and the one in progress"
        )
    return SessionParts(
        config=config,
        decision_timeout=timeout_arg("decision_timeout", timeout),
        stacks=stacks,
        seat_states=states,
        positions=None if positions is None else positions_from_data(positions, "snapshot.positions"),
        rng_state=rng_state,
        seed=seed,
        deals=deals,
        elapsed_seconds=float(elapsed),
        records=tuple(
            record_from_data(r, decode_state, f"snapshot.records[{i}]") for i, r in enumerate(records)
        ),
        faults=tuple(_fault(f, f"snapshot.faults[{i}]") for i, f in enumerate(faults)),
        hand=hand,
        policies=_policies(data, seats, version),
    )
