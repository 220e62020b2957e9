"""The README's "Use it from Python" example, extracted and run, so it cannot rot."""

import re

from conftest import ROOT


def test_the_readme_example_runs():
    readme = (ROOT / "README.md").read_text()
    section = readme.split("## Use it from Python", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```python\n(.*?)```", section, flags=re.S)
    assert len(blocks) == 1, "one Python example in the section"
    code = blocks[0]
    assert len(code.strip().splitlines()) <= 10, "a ten-line example"
    exec(compile(code, "README.md (Use it from Python)", "exec"), {})
