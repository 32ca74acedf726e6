"""The portable build of the C core (no SIMD) against the installed one.

The installed module checks batches with SSE2 on x86-64; other CPUs use the
scalar check, and builds for AVX2 (``-mavx2``, ``-march=native``) a 32-byte
one.  This builds the same C sources with ``-DPKC_NO_SIMD`` (and, where the
CPU has AVX2, with ``-mavx2``) into temporary modules (needs a C compiler;
skipped without one) and asserts that they give the same values, the same
first bad hand and the same partial output on random batches with random
corruptions.
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

from pokerkit_core.evaluation import evaluator

CSRC = Path(__file__).resolve().parents[1] / "csrc"


def _build(out: Path, name: str, macros: list[tuple[str, str]], extra: list[str]) -> Any:
    cffi = pytest.importorskip("cffi")
    ffibuilder = cffi.FFI()
    ffibuilder.cdef((CSRC / "pkc_cdef.h").read_text(encoding="utf-8"))
    flags = [] if sys.platform == "win32" else ["-O2", "-std=c99"]
    flags += extra + os.environ.get("PKC_CFLAGS", "").split()  # as setup.py: sanitizer runs build it so too
    ffibuilder.set_source(
        name,
        '#include "pkc.h"',
        sources=[str(CSRC / name) for name in ("pkc_eval.c", "pkc_equity.c", "pkc_range.c", "pkc_vecenv.c")],
        include_dirs=[str(CSRC)],
        define_macros=macros,
        extra_compile_args=flags,
        extra_link_args=os.environ.get("PKC_LDFLAGS", "").split(),
    )
    try:
        library = ffibuilder.compile(tmpdir=str(out))
    except Exception as exc:  # no compiler, no setuptools: nothing to compare
        pytest.skip(f"cannot build the {name} module here: {exc}")
    spec = importlib.util.spec_from_file_location(name, library)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.lib.pkc_init() == 0
    return module


@pytest.fixture(scope="module")
def portable(tmp_path_factory: pytest.TempPathFactory) -> Any:
    if not (CSRC / "pkc_eval.c").exists():
        pytest.skip("csrc/ is not beside the tests")
    return _build(tmp_path_factory.mktemp("portable"), "_pkc_portable", [("PKC_NO_SIMD", "1")], [])


def _cpu_has_avx2() -> bool:
    try:
        return " avx2" in Path("/proc/cpuinfo").read_text(encoding="utf-8")
    except OSError:
        return False


@pytest.fixture(scope="module")
def avx2(tmp_path_factory: pytest.TempPathFactory) -> Any:
    if not (CSRC / "pkc_eval.c").exists():
        pytest.skip("csrc/ is not beside the tests")
    if sys.platform == "win32" or platform.machine().lower() not in ("x86_64", "amd64") or not _cpu_has_avx2():
        pytest.skip("no AVX2 here (Linux x86-64 with AVX2 only)")
    return _build(tmp_path_factory.mktemp("avx2"), "_pkc_avx2", [], ["-mavx2"])


def _batch(module: Any, codes: bytes, k: int) -> tuple[int, int, list[int]]:
    ffi, lib = module.ffi, module.lib
    n = len(codes) // k
    out = ffi.new("int32_t[]", [-1] * n) if n else ffi.new("int32_t[]", 1)
    bad = ffi.new("size_t *")
    status = lib.pkc_eval_batch(codes, n, k, out, bad)
    return status, (bad[0] if status else -1), list(out)[:n]


def _random_batches_agree(variant: Any) -> None:
    from pokerkit_core import _native

    rng = random.Random(1234)
    for trial in range(600):
        k = 5 + trial % 3
        n = rng.choice([0, 1, 2, 3, 5, 359, 360, 361, 383, 384, 385, rng.randint(0, 2_000)])
        codes = bytearray(c for _ in range(n) for c in rng.sample(range(52), k))
        for _ in range(rng.randint(0, 2) if n else 0):
            codes[rng.randrange(len(codes))] = rng.choice([rng.randrange(52), rng.randrange(52, 256)])
        expected = _batch(_native, bytes(codes), k)
        assert _batch(variant, bytes(codes), k) == expected, (k, n)
        if expected[0] == 0:
            assert expected[2] == list(evaluator.evaluate_many(bytes(codes), cards_per_hand=k))


def test_portable_and_installed_batches_agree(portable: Any) -> None:
    _random_batches_agree(portable)


def test_avx2_and_installed_batches_agree(avx2: Any) -> None:
    assert avx2.lib.pkc_table_bytes() > _native_table_bytes()  # the 32-byte masks: AVX2 is on
    _random_batches_agree(avx2)


def _native_table_bytes() -> int:
    from pokerkit_core import _native

    return int(_native.lib.pkc_table_bytes())


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
