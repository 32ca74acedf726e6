# Type stub for the compiled cffi module (built from csrc/ by setup.py).
from typing import Any

ffi: Any
lib: Any
