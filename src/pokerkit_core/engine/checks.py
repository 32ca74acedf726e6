"""Argument checks shared by the table, tournament and position code.

Each function returns the checked value in a plain form or raises
:class:`~pokerkit_core.errors.InvalidConfigError` (a policy that is not one:
:class:`~pokerkit_core.errors.PolicyError`) whose message names the argument,
what it must be and (through :func:`~pokerkit_core.errors.shown`) what it was.
Internal to the library: not re-exported by the package.
"""

from __future__ import annotations

import numbers

import itertools
from collections.abc import Iterable, Mapping, Set
from enum import Enum
from typing import Any, TypeVar

from ..errors import InvalidConfigError, PolicyError, shown
from .policy import Policy
from .rules import MAX_CHIPS, MAX_SEATS, _check_int

__all__ = [
    "MAX_SEATS",
    "int_arg",
    "enum_arg",
    "bool_arg",
    "items_arg",
    "check_policy",
    "players_arg",
    "describe_exception",
    "policy_name",
    "timeout_arg",
]

_E = TypeVar("_E", bound=Enum)

MAX_TIMEOUT = 1_000_000.0
"""The longest time limit :func:`timeout_arg` takes, in seconds (about 11.6
days): a limit is waited for with ``poll``, whose wait in milliseconds is a
32-bit int (2**31 - 1 ms is about 2.1e6 seconds), so a longer limit would end
in an ``OverflowError`` mid-run."""



def int_arg(name: str, value: object, minimum: int, maximum: int = MAX_CHIPS) -> int:
    """``value`` as a plain int in ``minimum..maximum``.

    Ints and NumPy integers are taken; bools (NumPy's too) and enum members
    (``IntEnum`` included) are refused, as are floats and text.

    Raises:
        InvalidConfigError: Anything else, or out of range.
    """
    return _check_int(name, value, minimum, maximum)


def enum_arg(name: str, value: object, kind: type[_E]) -> _E:
    """``value`` if it is a member of ``kind``; the message lists the members."""
    if isinstance(value, kind):
        return value
    legal = ", ".join(f"{kind.__name__}.{member.name}" for member in kind)
    hint = ""
    for member in kind:
        if isinstance(value, str) and value == member.value:
            hint = f" (for {shown(value)} pass {kind.__name__}.{member.name})"
    raise InvalidConfigError(
        f"{name} must be a {kind.__name__} member ({legal}), got {shown(value)}{hint}"
    )


def bool_arg(name: str, value: object) -> bool:
    """``value`` if it is ``True`` or ``False`` (no truthy stand-ins)."""
    if value.__class__ is not bool:
        raise InvalidConfigError(f"{name} must be True or False, got {shown(value)}")
    return bool(value)


def items_arg(name: str, value: object, limit: int, what: str) -> tuple[object, ...]:
    """The items of a finite, ordered collection of at most ``limit`` items.

    Any iterable is taken (a tuple, a list, a generator ...) except text,
    bytes, mappings and sets (unordered); it is read at most ``limit + 1``
    items deep, so an endless iterator cannot hang the caller.
    """
    if (
        value is None
        or isinstance(value, (str, bytes, bytearray, Mapping, Set))
        or not isinstance(value, Iterable)
    ):
        raise InvalidConfigError(f"{name} must be a sequence of {what}, got {shown(value)}")
    items = tuple(itertools.islice(iter(value), limit + 1))
    if len(items) > limit:
        raise InvalidConfigError(f"{name} holds more than {limit} {what}")
    return items


def check_policy(seat: int, policy: object) -> None:
    """Refuse a seat's player that is not a policy (no callable ``decide``)."""
    if isinstance(policy, type):
        raise PolicyError(
            f"seat {seat}: {shown(policy)} is a class; seat an instance of it (a policy)"
        )
    if not callable(getattr(policy, "decide", None)):
        raise PolicyError(
            f"seat {seat}: {shown(policy)} is not a policy (it needs a decide(observation) "
            "method); pass None only for an empty seat"
        )


def players_arg(players: object) -> tuple[Policy | None, ...]:
    """One policy (or ``None``) per seat, from any finite iterable."""
    items = items_arg("players", players, MAX_SEATS, "policies (None for an empty seat)")
    for seat, policy in enumerate(items):
        if policy is not None:
            check_policy(seat, policy)
    return items  # type: ignore[return-value]


def describe_exception(exc: BaseException) -> str:
    """``"TypeName: message"`` of an exception, short and never raising."""
    try:
        text = str(exc)
    except Exception:  # a hostile __str__ (or a huge int in the message)
        text = ""
    if len(text) > 200:
        text = text[:197] + "..."
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


def policy_name(policy: object) -> str:
    """A policy's ``name`` for a message, never raising (a hostile ``name``
    property gives the class name).

    Args:
        policy: Anything seated as a player.

    Returns:
        The name if it is a str, else a short description.
    """
    try:
        name = getattr(policy, "name", None)
    except Exception:  # noqa: BLE001 - a hostile property
        return f"<{type(policy).__name__}>"
    return name if isinstance(name, str) else shown(name)


def timeout_arg(name: str, value: object) -> float | None:
    """``value`` as a time limit in seconds, or ``None`` (no limit).

    Args:
        name: The option's name, for the message.
        value: ``None`` or a real number (not a bool) of seconds above 0
            and at most :data:`MAX_TIMEOUT` (1,000,000).

    Returns:
        The limit as a float, or ``None``.

    Raises:
        InvalidConfigError: ``value`` is a bool, not a real number, not
            positive, or above :data:`MAX_TIMEOUT` (infinity and ints too
            large for a float included).
    """
    if value is None:
        return None
    real: Any = value
    if (
        value.__class__.__name__ in ("bool", "bool_")
        or not isinstance(value, numbers.Real)
        or not 0 < real <= MAX_TIMEOUT  # compared before float(): no OverflowError
    ):
        raise InvalidConfigError(
            f"{name} must be a positive number of seconds up to {MAX_TIMEOUT:,.0f}"
            f" or None, got {shown(value)}"
        )
    return float(value)
