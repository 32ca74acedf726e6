#!/usr/bin/env bash
# Build the C core with AddressSanitizer and UndefinedBehaviorSanitizer into a
# throw-away venv and run the tests that drive it (evaluator, native boundary,
# equity, the hand-state kernel and its JSON writer, the slot builder and the
# isolated view's dynamic part, and the portable no-SIMD build).  Usage: bash tools/asan_tests.sh [pytest args...]
set -euo pipefail
cd "$(dirname "$0")/.."
venv=${ASAN_VENV:-.asan-venv}
python3 -m venv "$venv"
"$venv/bin/python" -m pip install --quiet --upgrade pip
export PKC_CFLAGS="-fsanitize=address,undefined -fno-omit-frame-pointer -O1 -g"
export PKC_LDFLAGS="-fsanitize=address,undefined"
"$venv/bin/python" -m pip install --quiet --force-reinstall --no-deps .
"$venv/bin/python" -m pip install --quiet ".[test]"
preload="$(gcc -print-file-name=libasan.so):$(gcc -print-file-name=libubsan.so)"
# test_native_portable.py builds the no-SIMD variant with the same flags
tests=(tests/test_evaluator.py tests/test_native.py tests/test_native_portable.py tests/test_cards.py
       tests/test_kernel.py tests/test_serialize.py tests/test_serialize_fast.py
       tests/test_isolation_wire.py)
[ -f tests/test_equity.py ] && tests+=(tests/test_equity.py)
LD_PRELOAD="$preload" ASAN_OPTIONS=detect_leaks=0 \
UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
  "$venv/bin/python" -m pytest -q -p no:cacheprovider "${tests[@]}" "$@"
