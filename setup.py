"""Build of the C core; all metadata lives in pyproject.toml.

* ``pokerkit_core._native``: the evaluator and equity code (``csrc/*.c``)
  through cffi in API, out-of-line mode (``csrc/build_ffi.py``).
* ``pokerkit_core._speedups``: the per-hand ``evaluate_mask`` and
  ``evaluate`` as CPython built-ins (``csrc/pkc_speedups.c``), which call
  into ``_native``; and the hand-state kernel (``csrc/pkc_engine.c``: the
  C base of a state's fields, the common case of ``act`` and
  ``legal_actions``, the deal's check and record).
  Built with the stable ABI except where CPython refuses it (free-threaded
  and ``Py_TRACE_REFS`` builds); not built on PyPy, where the cffi call is the
  fast path.
"""

import os
import platform
import sys
import sysconfig

from setuptools import Extension, setup

ext_modules = []
if platform.python_implementation() == "CPython":
    compile_args = [] if sys.platform == "win32" else ["-O3", "-std=c99", "-Werror=implicit-function-declaration"]
    compile_args += os.environ.get("PKC_CFLAGS", "").split()
    limited = not (sysconfig.get_config_var("Py_GIL_DISABLED") or sysconfig.get_config_var("Py_TRACE_REFS"))
    ext_modules.append(
        Extension(
            "pokerkit_core._speedups",
            sources=["csrc/pkc_speedups.c", "csrc/pkc_engine.c"],
            include_dirs=["csrc"],
            define_macros=[("Py_LIMITED_API", "0x030A0000")] if limited else [],
            py_limited_api=limited,
            extra_compile_args=compile_args,
            extra_link_args=os.environ.get("PKC_LDFLAGS", "").split(),
        )
    )

# the wheel's tag: cp310-abi3 (one wheel for CPython 3.10 and later) whenever
# both modules use the stable ABI (cffi defines Py_LIMITED_API itself except on
# debug and free-threaded builds, the same builds that make `limited` false)
options = {"bdist_wheel": {"py_limited_api": "cp310"}} if ext_modules and limited else {}

setup(cffi_modules=["csrc/build_ffi.py:ffibuilder"], ext_modules=ext_modules, options=options)
