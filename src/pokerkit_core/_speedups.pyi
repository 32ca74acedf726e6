# Type stub for the compiled CPython extension (csrc/pkc_speedups.c).
from typing import Any, Callable

def bind(address: int, fallback: Callable[[int], int], /) -> Callable[[int], int]: ...
def bind_evaluate(
    address: int, fallback: Callable[[Any], Any], cards: tuple[Any, ...], hand_rank: type, /
) -> Callable[[Any], Any]: ...
