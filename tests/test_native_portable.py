"""The portable build of the C core (no SIMD) against the installed one.

The installed module checks batches with SSE2 on x86-64; other CPUs use the
scalar check.  This builds the same C sources with ``-DPKC_NO_SIMD`` into a
temporary module (needs a C compiler; skipped without one) and asserts that
both give the same values, the same first bad hand and the same partial
output on random batches with random corruptions.
"""

from __future__ import annotations

import importlib.util
import os
import platform
import random
import sys
from pathlib import Path
from typing import Any

import pytest

from pokerkit_core import evaluator

CSRC = Path(__file__).resolve().parents[1] / "csrc"


@pytest.fixture(scope="module")
def portable(tmp_path_factory: pytest.TempPathFactory) -> Any:
    if not (CSRC / "pkc_eval.c").exists():
        pytest.skip("csrc/ is not beside the tests")
    cffi = pytest.importorskip("cffi")
    out = tmp_path_factory.mktemp("portable")
    ffibuilder = cffi.FFI()
    ffibuilder.cdef((CSRC / "pkc_cdef.h").read_text(encoding="utf-8"))
    flags = [] if sys.platform == "win32" else ["-O2", "-std=c99"]
    flags += os.environ.get("PKC_CFLAGS", "").split()  # as setup.py: sanitizer runs build it so too
    ffibuilder.set_source(
        "_pkc_portable",
        '#include "pkc.h"',
        sources=[str(CSRC / name) for name in ("pkc_eval.c", "pkc_equity.c", "pkc_range.c")],
        include_dirs=[str(CSRC)],
        define_macros=[("PKC_NO_SIMD", "1")],
        extra_compile_args=flags,
        extra_link_args=os.environ.get("PKC_LDFLAGS", "").split(),
    )
    try:
        library = ffibuilder.compile(tmpdir=str(out))
    except Exception as exc:  # no compiler, no setuptools: nothing to compare
        pytest.skip(f"cannot build the portable module here: {exc}")
    spec = importlib.util.spec_from_file_location("_pkc_portable", library)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.lib.pkc_init() == 0
    return module


def _batch(module: Any, codes: bytes, k: int) -> tuple[int, int, list[int]]:
    ffi, lib = module.ffi, module.lib
    n = len(codes) // k
    out = ffi.new("int32_t[]", [-1] * n) if n else ffi.new("int32_t[]", 1)
    bad = ffi.new("size_t *")
    status = lib.pkc_eval_batch(codes, n, k, out, bad)
    return status, (bad[0] if status else -1), list(out)[:n]


def test_portable_and_installed_batches_agree(portable: Any) -> None:
    from pokerkit_core import _native

    rng = random.Random(1234)
    for trial in range(600):
        k = 5 + trial % 3
        n = rng.choice([0, 1, 2, 3, 5, 383, 384, 385, rng.randint(0, 2_000)])
        codes = bytearray(c for _ in range(n) for c in rng.sample(range(52), k))
        for _ in range(rng.randint(0, 2) if n else 0):
            codes[rng.randrange(len(codes))] = rng.choice([rng.randrange(52), rng.randrange(52, 256)])
        expected = _batch(_native, bytes(codes), k)
        assert _batch(portable, bytes(codes), k) == expected, (k, n)
        if expected[0] == 0:
            assert expected[2] == list(evaluator.evaluate_many(bytes(codes), cards_per_hand=k))


def test_portable_tables_match(portable: Any) -> None:
    from pokerkit_core import _native

    if platform.machine().lower() in ("x86_64", "amd64"):  # SSE2 there: its masks are tables too
        assert portable.lib.pkc_table_bytes() < _native.lib.pkc_table_bytes()
    counts = portable.ffi.new("uint64_t[10]")
    distinct = portable.ffi.new("uint32_t *")
    assert portable.lib.pkc_enumerate(5, counts, distinct) == 0
    assert distinct[0] == 7462
    rng = random.Random(7)
    masks = [sum(1 << (16 * (c & 3) + (c >> 2)) for c in rng.sample(range(52), 7)) for _ in range(2_000)]
    assert [portable.lib.pkc_eval_mask(m) for m in masks] == [_native.lib.pkc_eval_mask(m) for m in masks]
