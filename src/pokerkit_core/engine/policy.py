"""The :class:`Policy` protocol for computer players, and the plug-in registry.

A policy (a bot, an AI) is any object with a ``name`` and a
``decide(observation) -> Action`` method.  It sees only what its seat may see
(an :class:`~pokerkit_core.engine.observation.Observation`: its own hole cards, the
board, the public history and the legal actions) and never the engine's state.
Two optional hooks, ``hand_started(observation)`` and
``hand_ended(observation, results)``, let a policy keep statistics across
hands; callers look them up with ``getattr`` so a policy need not define them.

Policies are found by name through the entry-point group
``pokerkit_core.policies`` (see :data:`ENTRY_POINT_GROUP`).  Each entry point
names a *factory*: a class or function called as ``factory(seed=seed)`` that
returns a policy.  The built-in AIs (``easy``, ``normal``, ``hard``,
``random``, ``call``, ``raise``) are registered this way by this package's own
``pyproject.toml``; a third-party package registers its bots the same way::

    [project.entry-points."pokerkit_core.policies"]
    mybot = "mybot:MyBot"

The core never imports the built-in policies' package: it is loaded only here,
lazily, through the registry.

References:
    docs/rules.rst section 7 (what a computer player may see).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Callable, Mapping, Protocol, Sequence, runtime_checkable

from ..errors import InvalidConfigError, PolicyError, shown

if TYPE_CHECKING:
    from importlib.metadata import EntryPoint

    from .actions import Action
    from ..evaluation.cards import Card
    from .observation import Observation

__all__ = [
    "ENTRY_POINT_GROUP",
    "Policy",
    "PolicyFactory",
    "ProbeablePolicy",
    "RangeProbeablePolicy",
    "available_policies",
    "load_policy",
    "make_policy",
    "method_of",
    "policy_factory",
    "registered_factory",
    "GeneratorState",
    "random_state_data",
    "random_state_from_data",
    "state_fields",
]

ENTRY_POINT_GROUP = "pokerkit_core.policies"
"""The entry-point group under which policies are registered."""


@runtime_checkable
class Policy(Protocol):
    """A computer player: picks one legal action from what its seat sees.

    Attributes:
        name: A short display name, e.g. ``"hard"``.

    Optional hooks (looked up with ``getattr``; define them only if needed):

    - ``hand_started(observation: Observation) -> None``: called once per hand
      and seat after the deal, before any decision.
    - ``hand_ended(observation: Observation, results: tuple[int, ...]) -> None``:
      called once per hand and seat when the hand is over; ``results`` are the
      net chips won (+) or lost (-) by each seat, seat 0 first; the
      observation's history then holds the showdown, if any.

    Optional state (both or neither): ``state_to_dict() -> dict`` returns
    what the policy has learnt or drawn so far (its generator's state, its
    opponent model ...) as plain data that :func:`json.dumps` writes, and
    ``state_from_dict(data) -> None`` puts such a state into a policy built
    with the same factory (the library's ``to_dict`` / ``from_dict`` pair,
    for a policy's mutable state).  A table snapshot carries them
    (:meth:`TableSession.snapshot
    <pokerkit_core.tables.session.TableSession.snapshot>`), so a restored table with
    fresh policies plays on exactly as the saved one; every built-in AI has
    them.

    The runners (:class:`~pokerkit_core.tables.session.TableSession`,
    :func:`~pokerkit_core.match.runner.run_match`, tournaments) treat an exception
    from a hook as they treat one from :meth:`decide`: they record it as the
    policy's fault and go on (a strict table raises
    :class:`~pokerkit_core.errors.PolicyError` instead).

    References:
        docs/rules.rst section 7.
    """

    name: str

    def decide(self, observation: Observation) -> Action:
        """Choose the action for the seat to act.

        Args:
            observation: What the acting seat may see; ``observation.legal``
                (a :class:`~pokerkit_core.engine.actions.LegalActions`) is not
                ``None``.

        Returns:
            One legal action (amounts are raise-to totals for the street, in
            chips).  A runner that gets an illegal action or an exception
            records the fault and folds (or checks) for the policy.
        """
        ...


@runtime_checkable
class ProbeablePolicy(Policy, Protocol):
    """A policy that states its mixed strategy, so that an analysis (the local
    best response of :mod:`pokerkit_core.ai.lbr`) can probe it exactly.

    The probe asks what the policy would do at an observation, usually with
    other hole cards substituted (``dataclasses.replace(observation,
    hole_cards=...)`` on the frozen
    :class:`~pokerkit_core.engine.observation.Observation`).  A policy without this
    method can still be probed, slowly, by sampling fresh instances from its
    factory (see :mod:`pokerkit_core.ai.lbr`).

    Contract:

    - the probabilities are those with which :meth:`Policy.decide` would
      play each action at this observation (given the policy's state at the
      time of the call);
    - the actions are legal at the observation, each listed once, with
      probabilities that sum to 1 (within 1e-9); actions left out have
      probability 0;
    - a raise is listed with its exact raise-to total (the probe matches raise
      sizes by exact :class:`~pokerkit_core.engine.actions.Action` equality), and a
      policy lists ``AllIn`` (not ``Raise(max)``) exactly when its ``decide``
      returns ``AllIn``;
    - it is a pure read: it MUST NOT change the policy's state (no random
      draws from the policy's generator, no opponent statistics updated), so
      that probing between decisions leaves the play unchanged.

    References:
        Lisý and Bowling, "Equilibrium Approximation Quality of Current
        No-Limit Poker Bots", arXiv:1612.07547 (2017): the local best response
        needs the bot's action probabilities for every hand of its range.
    """

    def action_probabilities(self, observation: Observation) -> Sequence[tuple[Action, float]]:
        """The policy's mixed strategy at ``observation``.

        Args:
            observation: The acting seat's view (``legal`` set), possibly
                with substituted hole cards.

        Returns:
            ``(action, probability)`` pairs: legal actions, each once,
            probabilities summing to 1 (within 1e-9).
        """
        ...


@runtime_checkable
class RangeProbeablePolicy(ProbeablePolicy, Protocol):
    """A :class:`ProbeablePolicy` with a batch form, for policies that can share
    work between the hole-card pairs of a range (the same board features,
    the same history reading).

    Entry ``i`` of :meth:`range_action_probabilities` must equal
    ``action_probabilities(dataclasses.replace(observation,
    hole_cards=hole_cards[i]))``, and it is a pure read too.
    """

    def range_action_probabilities(
        self, observation: Observation, hole_cards: Sequence[tuple[Card, Card]]
    ) -> list[Sequence[tuple[Action, float]]]:
        """The policy's mixed strategy for each of several hole-card pairs.

        Args:
            observation: The acting seat's view (``legal`` set); its own
                ``hole_cards`` are ignored.
            hole_cards: Hole-card pairs to substitute, none sharing a card
                with the board.

        Returns:
            One list of ``(action, probability)`` pairs per entry of
            ``hole_cards``, in the same order.
        """
        ...


PolicyFactory = Callable[..., Policy]
"""A class or function called as ``factory(seed=seed)`` that returns a policy."""


def _entry_points() -> Sequence[EntryPoint]:
    import importlib.metadata  # here: it takes ~35 ms to import (email, zipfile, ...)

    return tuple(importlib.metadata.entry_points(group=ENTRY_POINT_GROUP))


def available_policies() -> dict[str, str]:
    """Every registered policy, by name.

    Returns:
        A dict from policy name to the ``module:attribute`` it is loaded from,
        sorted by name.  When two installed packages register the same name,
        the one found first by :mod:`importlib.metadata` wins (as in
        :func:`load_policy`).

    References:
        Python packaging entry points specification.
    """
    found: dict[str, str] = {}
    for entry in _entry_points():
        found.setdefault(entry.name, entry.value)
    return dict(sorted(found.items()))


def policy_factory(name: str) -> PolicyFactory:
    """The factory registered under ``name``, without calling it.

    Args:
        name: A registered policy name (see :func:`available_policies`).

    Returns:
        The class or function registered under ``name``.

    Raises:
        PolicyError: No policy has that name, or its entry point cannot be
            imported or is not callable.
    """
    for entry in _entry_points():
        if entry.name == name:
            return registered_factory(name, entry.value)
    known = ", ".join(available_policies()) or "none"
    raise PolicyError(f"no policy named {shown(name)} (registered: {known})")


def registered_factory(name: str, value: str) -> PolicyFactory:
    """The factory an entry point names, loaded without reading the installed
    packages' entry points again (a policy's own process is told the
    ``module:attribute`` that :func:`available_policies` found for ``name``).

    Args:
        name: The policy's registered name (for messages).
        value: Its entry point's ``module:attribute``.

    Returns:
        The class or function at ``value``.

    Raises:
        PolicyError: ``value`` cannot be imported or is not callable.
    """
    import importlib.metadata

    entry = importlib.metadata.EntryPoint(name=name, value=value, group=ENTRY_POINT_GROUP)
    try:
        factory: Any = entry.load()
    except Exception as exc:  # a broken plug-in: report, never crash
        raise PolicyError(f"policy {shown(name)} ({value}) failed to load: {exc}") from exc
    if not callable(factory):
        raise PolicyError(f"policy {shown(name)} ({value}) is not callable")
    return factory  # type: ignore[no-any-return]


def load_policy(
    name: str, *, seed: int | None = None, factory: PolicyFactory | None = None
) -> Policy:
    """Create the policy registered under ``name``.

    Args:
        name: A registered policy name, e.g. ``"hard"``.
        seed: Seed for the policy's own random generator; the same seed gives
            the same decisions for the same observations.  ``None`` seeds from
            the system.
        factory: What :func:`policy_factory` returned for ``name``, for a
            caller that creates many policies of one name (a match: a pair
            per chunk): reading the installed packages' entry points again
            costs milliseconds.  ``None``: look it up.

    Returns:
        A new policy object.

    Raises:
        PolicyError: No policy has that name, its factory fails, or what it
            returns has no callable ``decide``.

    Example:
        >>> policy = load_policy("call", seed=1)
        >>> policy.name
        'call'
    """
    if factory is None:
        factory = policy_factory(name)
    return _built(factory, seed, f"policy {shown(name)}")


def make_policy(
    spec: str | Callable[..., Policy], *, seed: int | None = None, factory: PolicyFactory | None = None
) -> Policy:
    """A fresh policy from a registered name (:func:`load_policy`) or a
    factory called as ``factory(seed=seed)`` (a policy class, for example).

    Args:
        spec: A registered name or a factory.
        seed: The policy's seed.
        factory: For a name: what :func:`policy_factory` returned for it.

    Raises:
        PolicyError: The name is not registered, the factory raises, or what
            it returns has no callable ``decide``.
    """
    if isinstance(spec, str):
        return load_policy(spec, seed=seed, factory=factory)
    return _built(spec, seed, f"policy factory {shown(spec)}")


def _built(factory: Callable[..., Any], seed: int | None, what: str) -> Policy:
    try:
        policy = factory(seed=seed)
    except Exception as exc:
        raise PolicyError(f"{what} could not be created: {exc}") from exc
    if not callable(getattr(policy, "decide", None)):
        raise PolicyError(f"{what} returned {shown(policy)}, which has no decide()")
    return policy  # type: ignore[no-any-return]


_MT_WORDS = 624  # the Mersenne Twister's state words (then its position among them)


def random_state_data(rng: random.Random) -> list[Any]:
    """A :class:`random.Random`'s state as plain data (JSON-able).

    Args:
        rng: The generator.

    Returns:
        ``[version, [625 ints of 32 bits], gauss]`` from
        :meth:`random.Random.getstate` (``gauss``: ``None`` or a float).
    """
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def random_state_from_data(data: object, where: str) -> tuple[Any, ...]:
    """The :meth:`random.Random.setstate` tuple :func:`random_state_data` wrote.

    Args:
        data: The plain data (e.g. after a JSON round trip).
        where: Its path for the message, e.g. ``"snapshot.rng"``.

    Returns:
        ``(version, (625 ints), gauss)``.

    Raises:
        InvalidConfigError: Not ``[3, [624 ints from 0 to 2**32 - 1, then
            the position, an int from 0 to 624], null or a float]`` (the
            form :meth:`random.Random.setstate` takes: another version or
            position would make it raise ``ValueError``).
    """
    if (
        not isinstance(data, (list, tuple))
        or len(data) != 3
        or data[0].__class__ is not int
        or data[0] != random.Random.VERSION
        or not isinstance(data[1], (list, tuple))
        or len(data[1]) != _MT_WORDS + 1
        or any(v.__class__ is not int or not 0 <= v < 2**32 for v in data[1])
        or not data[1][_MT_WORDS] <= _MT_WORDS
        or not (data[2] is None or data[2].__class__ is float)
    ):
        raise InvalidConfigError(
            f"{where} must be [{random.Random.VERSION}, [624 ints of 32 bits, then a position "
            f"from 0 to 624], null or a float] (random.Random.getstate())"
        )
    return (data[0], tuple(data[1]), data[2])


def state_fields(data: object, fields: Sequence[str], where: str) -> dict[str, Any]:
    """Check a policy state's plain data: a dict with exactly ``fields``.

    Args:
        data: What ``state_from_dict`` was given.
        fields: The keys the policy's state has.
        where: Its path for the message (``"state"``).

    Returns:
        ``data`` (a dict).

    Raises:
        InvalidConfigError: ``data`` is not a dict, lacks a field or has
            another one (the message names it: ``state.rng is missing``).
    """
    if not isinstance(data, dict):
        raise InvalidConfigError(f"{where} must be an object (a dict), got {shown(data)}")
    for key in fields:
        if key not in data:
            raise InvalidConfigError(f"{where}.{key} is missing")
    unknown = sorted(str(key) for key in data if key not in fields)
    if unknown:
        raise InvalidConfigError(f"{where}.{unknown[0]} is not a field of {where}")
    return data


class GeneratorState:
    """Mixin of a policy whose whole state is its random generator
    ``self._rng``: the ``state_to_dict`` / ``state_from_dict`` pair a table
    snapshot saves and restores (docs/serialization.rst)."""

    _rng: random.Random

    def state_to_dict(self) -> dict[str, Any]:
        """The policy's state as plain data (JSON-able), for a table
        snapshot (see :class:`Policy`).

        Returns:
            ``{"rng": ...}``: its generator's state
            (:func:`random_state_data`).
        """
        return {"rng": random_state_data(self._rng)}

    def state_from_dict(self, data: Mapping[str, Any]) -> None:
        """Take the state :meth:`state_to_dict` returned: the next decisions
        are those the saved policy would have made.

        Args:
            data: The plain data (e.g. after a JSON round trip).

        Raises:
            InvalidConfigError: ``data`` is not that form (the message names
                the field); the policy is unchanged.
        """
        fields = state_fields(data, ("rng",), "state")
        self._rng.setstate(random_state_from_data(fields["rng"], "state.rng"))


def method_of(policy: object, name: str) -> Callable[..., Any] | None:
    """``policy.<name>`` if it is callable, else ``None`` (also when looking
    it up raises: a hostile ``__getattr__`` counts as a missing hook).

    Args:
        policy: Any object.
        name: A method name, e.g. ``"hand_started"``.
    """
    try:
        method = getattr(policy, name, None)
    except Exception:  # noqa: BLE001 - a hostile __getattr__: as if missing
        return None
    return method if callable(method) else None
