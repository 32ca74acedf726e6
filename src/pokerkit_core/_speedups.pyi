# Type stub for the compiled CPython extension (csrc/pkc_speedups.c).
from typing import Callable

def bind(address: int, fallback: Callable[[int], int], /) -> Callable[[int], int]: ...
