#!/bin/sh
# Build the abi3 wheel and install it into a fresh venv for each Python given
# (default: the interpreters below), then import it and evaluate a hand there.
#   tools/check_wheel.sh [PYTHON ...]
# Prints the wheel's tag and one line per interpreter.  Needs the `build`
# package, setuptools >= 77 and cffi in the current environment.
set -eu
cd "$(dirname "$0")/.."
out=$(mktemp -d)
python -m build --no-isolation --wheel --outdir "$out" . >/dev/null
wheel=$(ls "$out"/*.whl)
echo "wheel: $(basename "$wheel")"
[ $# -gt 0 ] || set -- /root/.pyenv/versions/3.10.13/bin/python /root/.pyenv/versions/3.13.0/bin/python
for py in "$@"; do
    venv="$out/venv-$(basename "$py")-$$"
    "$py" -m venv "$venv"
    "$venv/bin/pip" install -q "$wheel"
    (cd "$out" && "$venv/bin/python" -c "
import sys, pokerkit_core as p
assert p.evaluate('As Ks Qs Js Ts').value == 36873
from pokerkit_core import _native, _speedups
print(sys.version.split()[0], 'ok:', _native.__file__.rsplit('/', 1)[1], _speedups.__file__.rsplit('/', 1)[1])
")
    "$venv/bin/pokerkit-core" --version
done
rm -rf "$out"
