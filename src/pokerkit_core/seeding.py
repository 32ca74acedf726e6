"""Seeds: one home for splitting a seed and for drawing a fresh one.

A match, a table session, a tournament or an analysis gets one seed, and
needs several streams from it: each policy's seed, the decks.  Each stream is
derived from the seed by its own one-way function (:func:`derive`, BLAKE2b
keyed by a label and the stream's position), so a policy that knows its own
seed, and the library's code, learns neither the seed it came from nor any
deck: inverting the hash is out of reach, and so is guessing the seed, when
that seed is drawn by :func:`fresh_seed` (128 bits from the operating
system).  A small explicit seed (``seed=1``) can still be guessed by trying
them all; against untrusted bots keep the seed secret until the match is over
(see docs/isolation.rst, "Seeds").

>>> derive(1, "match.policy", 0, 1) == derive(1, "match.policy", 0, 1)
True
>>> derive(1, "match.policy", 0, 1) == derive(1, "match.policy", 0, 0)
False
>>> 0 <= derive(1, "match.deck", 7) < 2**128
True
"""

from __future__ import annotations

import hashlib
import secrets
import warnings

from .errors import InvalidConfigError, SeedWarning, shown

__all__ = [
    "DERIVED_BITS",
    "FRESH_SEED_BITS",
    "GUESSABLE_SEED_BOUND",
    "POLICY_SEED_BITS",
    "derive",
    "fresh_seed",
    "policy_seed",
    "warn_if_guessable",
]

FRESH_SEED_BITS = 128
"""Bits of a seed drawn by :func:`fresh_seed`."""

DERIVED_BITS = 128
"""Bits of a seed given by :func:`derive`."""

POLICY_SEED_BITS = 63
"""Bits of a policy's seed given by :func:`policy_seed`."""

GUESSABLE_SEED_BOUND = 2**64
"""Seeds below this are treated as guessable (a bot could try them all, or
the likely ones): an isolated match given one warns
(:class:`~pokerkit_core.errors.SeedWarning`)."""

_PERSON = b"pokerkit_core"  # BLAKE2b personalization: these hashes are ours alone

_DECIMAL_BITS = 2048
"""Ints up to this many bits are written in decimal in :func:`derive`'s
text: below the fewest digits (640) Python can be set to write
(:func:`sys.set_int_max_str_digits`), so the text never depends on that
setting; longer ones in hexadecimal (never a decimal's text: it has an
``x``)."""


def _text(value: int) -> str:
    return str(value) if value.bit_length() <= _DECIMAL_BITS else hex(value)


def derive(seed: int, label: str, *parts: int) -> int:
    """A seed derived one-way from ``seed`` for the stream named by ``label``
    and ``parts``: distinct labels or parts give independent seeds, and a
    derived seed reveals neither ``seed`` nor any other stream.

    The derived seed is BLAKE2b (128-bit digest, personalized) of the text
    ``label:seed:part:...`` in decimal (an int of more than 2,048 bits in
    hexadecimal, ``0x...``: Python may refuse to write it in decimal), read
    as a little-endian int.

    Args:
        seed: Any int (of any size; negative ones too).
        label: The stream's name, such as ``"match.deck"`` (no ``":"``).
        parts: Ints placing the stream (a chunk's index, a player, a deal).

    Returns:
        An int from 0 to ``2**128 - 1``.

    Raises:
        InvalidConfigError: ``seed`` or a part is not an int (bools
            refused), or ``label`` is not a str without ``":"``.
    """
    for value in (seed, *parts):
        if value.__class__ is not int:
            raise InvalidConfigError(f"a seed and its parts must be ints, got {shown(value)}")
    if not isinstance(label, str) or ":" in label:
        raise InvalidConfigError(f"label must be a str without ':', got {shown(label)}")
    text = ":".join([label, _text(seed), *(_text(p) for p in parts)])
    digest = hashlib.blake2b(text.encode(), digest_size=DERIVED_BITS // 8, person=_PERSON)
    return int.from_bytes(digest.digest(), "little")


def policy_seed(seed: int, label: str, *parts: int) -> int:
    """A policy's seed derived from ``seed``: the top :data:`POLICY_SEED_BITS`
    bits of :func:`derive` (same arguments, same errors).

    Returns:
        An int from 0 to ``2**63 - 1``.
    """
    return derive(seed, label, *parts) >> (DERIVED_BITS - POLICY_SEED_BITS)


def fresh_seed() -> int:
    """A seed nobody can guess: :data:`FRESH_SEED_BITS` bits from the
    operating system's generator (:func:`secrets.randbits`).  Report it
    with the result: the same seed replays the same run.

    Returns:
        An int from 0 to ``2**128 - 1``.
    """
    return secrets.randbits(FRESH_SEED_BITS)


def warn_if_guessable(seed: int, what: str, *, stacklevel: int = 3) -> None:
    """Warn (:class:`~pokerkit_core.errors.SeedWarning`) that an explicit
    ``seed`` given to an isolated run is small enough to guess: its size
    below :data:`GUESSABLE_SEED_BOUND`.  Callers call it only for explicit
    seeds with isolated bots.

    Args:
        seed: The seed given (an int).
        what: The run, for the message (``"match"``, ``"session"``).
        stacklevel: As for :func:`warnings.warn` (the default points at
            the caller's caller).
    """
    if abs(seed) < GUESSABLE_SEED_BOUND:
        warnings.warn(
            f"seed {seed} is small enough for a bot to guess (and then know every deck): "
            f"against untrusted bots leave the seed out (a fresh one is drawn and reported) "
            f"or keep it secret until the {what} is over",
            SeedWarning,
            stacklevel=stacklevel,
        )
