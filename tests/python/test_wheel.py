"""The wheel these tests run is the one people install: manylinux2014, for glibc 2.17 or later.

scripts/test-python.sh names the wheel it installed in POISSON_WHEEL; auditwheel, installed
beside it, reads the extension module's versioned glibc symbols and names the oldest manylinux
tag the wheel satisfies.
"""

import os
import pathlib
import platform
import re
import subprocess
import sys
import zipfile

import pytest

import poisson_live._native as native


def wheel() -> pathlib.Path:
    path = os.environ.get("POISSON_WHEEL")
    if not path:
        pytest.skip("POISSON_WHEEL is unset: scripts/test-python.sh names the wheel it installs")
    return pathlib.Path(path)


def auditwheel_show(path: pathlib.Path) -> str:
    return subprocess.run(
        [sys.executable, "-m", "auditwheel", "show", str(path)],
        check=True, capture_output=True, text=True,
    ).stdout


def test_auditwheel_calls_the_wheel_manylinux2014():
    path = wheel()
    arch = platform.machine()
    report = auditwheel_show(path)
    # auditwheel wraps its sentences; read them joined into one line.
    joined = " ".join(report.split())
    assert f'consistent with the following platform tag: "manylinux_2_17_{arch}"' in joined, report
    assert f"manylinux2014_{arch}" in path.name, path.name
    versions = {tuple(map(int, v)) for v in re.findall(r"GLIBC_(\d+)\.(\d+)", report)}
    assert versions and max(versions) <= (2, 17), report


def test_the_tests_import_that_wheels_module():
    with zipfile.ZipFile(wheel()) as archive:
        modules = [n for n in archive.namelist() if n.startswith("poisson_live/_native")
                   and n.endswith(".so")]
        assert len(modules) == 1, archive.namelist()
        packed = archive.read(modules[0])
    assert pathlib.Path(native.__file__).read_bytes() == packed
