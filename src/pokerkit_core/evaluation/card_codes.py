"""Card codes as callers pass them, checked and turned into bytes for C.

The batch functions of :mod:`pokerkit_core.evaluation.evaluator` (and the ranges of
:mod:`pokerkit_core.evaluation.ranges`) take card codes (``4 * rank + suit``, 0-51) in
many forms: ``bytes``, buffers of unsigned bytes read without a copy, other
integer buffers (NumPy arrays, ``array``), lists of hands or flat lists of
ints.  This module is the one rule for them: every code is an int 0-51 (ints
and NumPy integers; never bools or floats), a hand is 5 to 7 codes, and
anything else raises :class:`~pokerkit_core.errors.CardError` naming the
argument and the first bad code, before any C call sees it.  No C here (the
evaluator stays the one importer of the C modules); internal to the library.

References:
    docs/cards_and_evaluation.rst (card codes).
"""

from __future__ import annotations

import importlib
import operator
from typing import Any, Iterable

from ..errors import CardError, shown


__all__: list[str] = []  # internal: the evaluator and the ranges use these

_BYTE_FORMATS = frozenset({"B", "b", "c", "<B", "=B", ">B", "@B", "<b", "=b", ">b", "@b"})
_INT_FORMATS = frozenset("bBhHiIlLqQnN")


def _codes_view(codes: Any) -> memoryview:
    """A 1-D or 2-D byte view of ``codes``, converting other integer buffers."""
    try:
        view = memoryview(codes)
    except (TypeError, ValueError):  # not a buffer, or one NumPy cannot export (datetimes)
        return _rows_to_view(codes)
    if view.ndim > 2:
        raise CardError(shown(codes), f"expected a 1-D or 2-D buffer of card codes, got {view.ndim}-D")
    if view.itemsize == 1 and view.format in _BYTE_FORMATS:
        if view.c_contiguous:
            return view
        return memoryview(view.tobytes()).cast("B", list(view.shape or ()))
    # another integer format: convert (through NumPy when it is there)
    try:
        numpy: Any = importlib.import_module("numpy")
        array_ = numpy.asarray(codes)
        if array_.dtype.kind not in "iu":
            raise CardError(shown(codes), f"card codes must be integers, not {array_.dtype}")
        if array_.size and (array_.min() < 0 or array_.max() > 51):
            bad = array_.flat[int(((array_ < 0) | (array_ > 51)).argmax())]
            raise CardError(shown(codes), f"card code {int(bad)} is not an int 0-51")
        if not array_.size:
            return memoryview(b"")
        converted: memoryview = memoryview(array_.astype(numpy.uint8))
        return converted
    except ImportError:  # pragma: no cover - numpy is optional
        pass
    if view.format.lstrip("@=<>!") not in ("b", "B", "h", "H", "i", "I", "l", "L", "q", "Q", "n", "N"):
        raise CardError(shown(codes), f"unsupported buffer format {shown(view.format)}: give integer card codes")
    try:
        items: Any = view.tolist()
    except NotImplementedError:  # pragma: no cover - non-native byte order without numpy
        raise CardError(shown(codes), f"unsupported buffer format {shown(view.format)}") from None
    return _rows_to_view(items, codes)


def _checked_codes(items: Iterable[Any], given: Any) -> list[int]:
    """``items`` as ints 0-51: the one rule for card codes in a list, for
    every batch function.  Ints and NumPy integers (anything with
    ``__index__``) are taken; bools, floats and other values are refused.
    The error shows ``given`` (the argument as the caller gave it) and the
    first bad code."""
    codes: list[int] = []
    for item in items:
        try:
            if item.__class__ is bool:
                raise TypeError(item)
            code = operator.index(item)
        except TypeError:
            raise CardError(shown(given), f"card code {shown(item)} is not an int 0-51") from None
        if not 0 <= code <= 51:
            raise CardError(shown(given), f"card code {shown(item)} is not an int 0-51")
        codes.append(code)
    return codes


def _rows_to_view(rows: Any, given: Any = None) -> memoryview:
    """A byte view of a list of hands (each a sequence of card codes: 2-D)
    or of a flat list of card codes (1-D)."""
    given = rows if given is None else given
    if isinstance(rows, (str, bytes, dict, set, frozenset)):
        raise CardError(shown(given), "expected a buffer or a list of hands of card codes")
    try:
        items = list(rows)
        if all(hasattr(item, "__index__") for item in items):  # a flat run of codes
            return memoryview(bytes(_checked_codes(items, given)))
        table = [list(row) for row in items]
    except TypeError:
        raise CardError(shown(given), "expected a buffer or a list of hands of card codes") from None
    widths = {len(row) for row in table}
    if len(widths) > 1:
        raise CardError(shown(given), "every hand must have the same number of cards")
    flat = _checked_codes((x for row in table for x in row), given)
    width = widths.pop() if widths else 7
    if not 5 <= width <= 7:
        raise CardError(shown(given), f"a hand is 5 to 7 card codes, got {width}")
    return memoryview(bytes(flat)).cast("B", (len(table), width)) if table else memoryview(b"")


def _flat_codes(codes: Any) -> bytes | None:
    """Card codes as ``bytes``, or None when ``codes`` is not a flat run of
    ints 0-255: ``bytes``/``bytearray`` and buffers of unsigned bytes as
    they are; other integer buffers (NumPy ``int16``, ``array('i')``...) and
    sequences of ints value by value (never their raw bytes); bools, floats,
    strings and single ints (NumPy integers too) refused.  A code outside 0-51 in a list or a
    wider buffer raises CardError (see :func:`_checked_codes`)."""
    if isinstance(codes, (bytes, bytearray)):
        return bytes(codes)
    if isinstance(codes, (int, str)) or codes is None:
        return None
    try:
        view = memoryview(codes)
    except TypeError:
        view = None
    if view is not None:
        kind = view.format.lstrip("@=<>!")
        if view.ndim == 0:  # a single code (a NumPy integer) is not a run of codes
            return None
        if view.itemsize == 1 and kind == "B":
            return view.tobytes()
        if kind not in _INT_FORMATS or view.ndim > 1:
            return None
        items: Any = view.tolist()
    else:
        try:
            items = list(codes)
        except TypeError:
            return None
        if any(isinstance(x, (list, tuple, str, bytes)) for x in items):
            return None  # e.g. a list of pairs: the caller says what to give
    return bytes(_checked_codes(items, codes))
