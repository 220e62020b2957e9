"""The README's "Use it from Python" examples, extracted and run, so they cannot rot: the
ten-line example, then the Dask one (on a two-worker LocalCluster, in a scratch directory)."""

import os
import re

import pandas as pd

from conftest import ROOT, cli_endless


def blocks():
    readme = (ROOT / "README.md").read_text()
    section = readme.split("## Use it from Python", 1)[1].split("\n## ", 1)[0]
    found = re.findall(r"```python\n(.*?)```", section, flags=re.S)
    assert len(found) == 2, "the example and the Dask example"
    return found


def test_the_readme_example_runs():
    code = blocks()[0]
    assert len(code.strip().splitlines()) <= 10, "a ten-line example"
    exec(compile(code, "README.md (Use it from Python)", "exec"), {})


def test_the_readme_dask_example_runs(tmp_path, capsys):
    code = blocks()[1]
    assert "endless_frame" in code
    here = os.getcwd()
    os.chdir(tmp_path)
    try:
        names = {}
        exec(compile(code, "README.md (Use it from Python, Dask)", "exec"), names)
    finally:
        os.chdir(here)
    assert capsys.readouterr().out.strip() == "3 (0, 16, 32)"
    want = cli_endless(1000, 1500, 2.0, 7)
    top = names["top"]
    assert (top.index <= 3).all() and len(top) > 0
    assert (top.to_numpy() == want[: len(top)]).all()
    parts = sorted(tmp_path.joinpath("world-parquet").glob("*.parquet"),
                   key=lambda p: int(re.findall(r"\d+", p.name)[-1]))
    back = pd.concat([pd.read_parquet(p) for p in parts])
    assert (back[["x", "y"]].to_numpy() == want).all()
