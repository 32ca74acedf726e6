#!/usr/bin/env bash
# Build the C core with AddressSanitizer and UndefinedBehaviorSanitizer into a
# throw-away venv and run the tests that drive it (evaluator, native boundary
# and buffers changed by another thread, equity, the hand-state kernel and its
# JSON writer, the isolated view's dynamic part, the C tables of VectorEnv,
# the subgame solver, and the
# portable no-SIMD build).  Usage: bash tools/asan_tests.sh [pytest args...]
#
# The build runs in a fresh copy of the source (a mktemp -d folder, without
# build/, compiled modules or egg-info), so setuptools cannot reuse objects of
# an earlier, unsanitized build; the tests run in that copy, importing the
# installed package; and the script stops with an error unless both compiled
# modules it imports really are instrumented (they reference __asan_init).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
venv=${ASAN_VENV:-$root/.asan-venv}
work=$(mktemp -d "${TMPDIR:-/tmp}/pkc-asan.XXXXXX")
trap 'rm -rf "$work"' EXIT

tar -c --exclude=./build --exclude=./dist --exclude=./.git --exclude='./.*venv*' \
    --exclude='*.so' --exclude='*.o' --exclude='*.egg-info' --exclude=__pycache__ \
    --exclude=./src/pokerkit_core/_native.c --exclude=./.hypothesis --exclude=./.mypy_cache --exclude=./docs/_build . |
    tar -x -C "$work"

python3 -m venv "$venv"
"$venv/bin/python" -m pip install --quiet --upgrade pip
export PKC_CFLAGS="-fsanitize=address,undefined -fno-omit-frame-pointer -O1 -g"
export PKC_LDFLAGS="-fsanitize=address,undefined"
# the test extras first, then the package itself, rebuilt from a clean copy
"$venv/bin/python" -m pip install --quiet --no-cache-dir "$work[test]"
rm -rf "$work/build" "$work"/src/*.egg-info
"$venv/bin/python" -m pip install --quiet --no-cache-dir --force-reinstall --no-deps "$work"
rm -rf "$work/build" "$work/src/pokerkit_core"  # the tests must import the installed package

cd "$work"
asan=$(gcc -print-file-name=libasan.so) ubsan=$(gcc -print-file-name=libubsan.so)
for lib in "$asan" "$ubsan"; do
    [ -f "$lib" ] || { echo "asan_tests.sh: gcc does not know where $lib is" >&2; exit 1; }
done
preload="$asan:$ubsan"
export ASAN_OPTIONS=detect_leaks=0 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
# (an instrumented module loads only with the sanitizer runtimes preloaded)
modules=$(LD_PRELOAD="$preload" "$venv/bin/python" -c '
import pokerkit_core._native as n, pokerkit_core._speedups as s
print(n.__file__); print(s.__file__)')
for so in $modules; do
    case $so in
    "$venv"/*) ;;
    *) echo "asan_tests.sh: $so is not the package installed in $venv" >&2; exit 1 ;;
    esac
    if ! nm -D "$so" | grep '__asan_init' >/dev/null; then  # (not -q: SIGPIPE under pipefail)
        echo "asan_tests.sh: $so is not built with AddressSanitizer (no __asan_init): refusing to run" >&2
        exit 1
    fi
    echo "instrumented: $so"
done

# test_native_portable.py builds the no-SIMD variant with the same flags
tests=(tests/test_evaluator.py tests/test_native.py tests/test_native_portable.py tests/test_cards.py
       tests/test_c_boundary.py tests/test_kernel.py tests/test_serialize.py tests/test_serialize_fast.py
       tests/test_isolation_wire.py tests/test_vecenv.py tests/test_solver.py)
[ -f tests/test_equity.py ] && tests+=(tests/test_equity.py)
LD_PRELOAD="$preload" "$venv/bin/python" -m pytest -q -p no:cacheprovider "${tests[@]}" "$@"
