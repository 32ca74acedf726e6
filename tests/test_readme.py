"""The Python examples in README.md run and print what they show."""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[1] / "README.md"


@pytest.mark.skipif(not README.exists(), reason="README.md not beside the tests")
def test_readme_examples() -> None:
    text = README.read_text(encoding="utf-8")
    blocks = [b.split("```", 1)[0] for b in text.split("```python\n")[1:]]
    assert blocks, "README has no Python examples"
    parser = doctest.DocTestParser()
    globs: dict[str, object] = {}
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
    for i, block in enumerate(blocks):
        test = parser.get_doctest(block, globs, f"README block {i}", str(README), 0)
        runner.run(test)
    assert runner.tries >= 8 and runner.failures == 0
