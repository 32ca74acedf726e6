"""cffi build script (API mode, out of line) for ``pokerkit_core._native``.

``setup.py`` names it in ``cffi_modules``; ``python csrc/build_ffi.py`` builds the
module in place for development.
"""

from __future__ import annotations

import os
import sys

from cffi import FFI

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCES = ["pkc_eval.c", "pkc_equity.c", "pkc_range.c", "pkc_solver.c", "pkc_vecenv.c"]

ffibuilder = FFI()
with open(os.path.join(HERE, "pkc_cdef.h"), encoding="utf-8") as f:
    ffibuilder.cdef(f.read())

extra_compile_args = [] if sys.platform == "win32" else ["-O3", "-std=c99", "-Werror=implicit-function-declaration"]
extra_compile_args += os.environ.get("PKC_CFLAGS", "").split()
extra_link_args = os.environ.get("PKC_LDFLAGS", "").split()

ffibuilder.set_source(
    "pokerkit_core._native",
    '#include "pkc.h"',
    sources=[os.path.relpath(os.path.join(HERE, s)) for s in SOURCES],
    include_dirs=[os.path.relpath(HERE)],
    extra_compile_args=extra_compile_args,
    extra_link_args=extra_link_args,
)

if __name__ == "__main__":
    ffibuilder.compile(verbose=True)
