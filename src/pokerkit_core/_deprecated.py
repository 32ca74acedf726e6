"""Old names of public functions and constants, kept for a while (deprecated).

A renamed name keeps working under its old spelling through the module's
``__getattr__`` (PEP 562), with a :class:`DeprecationWarning` naming the new
one; the old name is no definition of the module (so no public name has two
homes) and type checkers do not see it (the hook sits under
``if not TYPE_CHECKING:``, so a misspelt name still fails type checking).
"""

from __future__ import annotations

import sys
import warnings
from typing import Any, Callable


def renamed(module: str, old_to_new: dict[str, str]) -> Callable[[str], Any]:
    """Return a module ``__getattr__`` answering each old name with the new one.

    Args:
        module: The module's ``__name__``.
        old_to_new: Old name -> the module's attribute that replaces it.

    Returns:
        A PEP 562 ``__getattr__``: an old name warns (``DeprecationWarning``,
        pointing at the caller) and returns the new attribute; any other
        name raises :class:`AttributeError`.
    """

    def __getattr__(name: str) -> Any:
        new = old_to_new.get(name)
        if new is None:
            raise AttributeError(f"module {module!r} has no attribute {name!r}")
        warnings.warn(
            f"{module}.{name} is deprecated; use {module}.{new}", DeprecationWarning, stacklevel=2
        )
        return getattr(sys.modules[module], new)

    return __getattr__
