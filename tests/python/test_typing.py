"""The stubs against the runtime: the typed user script runs; mypy (installed by
scripts/test-python.sh, which also checks the package and that script with ``--strict``) refuses
what the runtime refuses (an option by position, a str for a size); every stub's parameters are
the runtime's, in order, keyword-only where the runtime's are; the aliases import."""

import ast
import inspect
import pathlib
import subprocess
import sys

import poisson_live as pl
import typed_user

HERE = pathlib.Path(__file__).parent


def test_the_typed_user_script_runs():
    typed_user.main()


def test_mypy_refuses_what_the_runtime_refuses(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text(
        "import poisson_live as pl\n"
        "pl.poisson_disk(720, 400, 24, 30)\n"
        "pl.fast(720, 400, 'wide')\n"
        "pl.random_points(40, 300, 200, 7)\n"
        "pl.EditableSet(300, 200, 12).apply('smudge', (1, 1), 5)\n"
    )
    run = subprocess.run([sys.executable, "-m", "mypy", "--strict", str(bad)],
                         capture_output=True, text=True)
    assert run.returncode == 1, run.stdout
    lines = [l for l in run.stdout.splitlines() if ": error:" in l]
    assert sorted({int(l.split(":")[1]) for l in lines}) == [2, 3, 4, 5], run.stdout


def stub_functions():
    """(name, ast.FunctionDef) for every function in the stubs and every class's __init__."""
    tree = ast.parse((pathlib.Path(pl.__file__).parent / "_native.pyi").read_text())
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            yield node.name, node
        elif isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, ast.FunctionDef) and not item.name.startswith("_"):
                    yield f"{node.name}.{item.name}", item
                elif isinstance(item, ast.FunctionDef) and item.name == "__init__":
                    yield node.name, item


def test_every_stub_has_the_runtimes_parameters():
    checked = 0
    for name, node in stub_functions():
        if any(isinstance(d, ast.Name) and d.id == "property" for d in node.decorator_list):
            continue
        obj = pl
        for part in name.split("."):
            obj = getattr(obj, part)
        runtime = inspect.signature(obj)
        if any(isinstance(d, ast.Name) and d.id == "overload" for d in node.decorator_list):
            # One case of the runtime's signature: its names are the runtime's, by kind.
            kinds = {p.name: p.kind.name for p in runtime.parameters.values()}
            assert all(kinds.get(a.arg) == "KEYWORD_ONLY" for a in node.args.kwonlyargs), name
            assert [a.arg for a in node.args.args] == [
                p.name for p in runtime.parameters.values() if p.kind.name != "KEYWORD_ONLY"], name
            continue
        got = [(p.name, p.kind.name.replace("POSITIONAL_ONLY", "POSITIONAL_OR_KEYWORD"),
                p.default is not inspect.Parameter.empty)
               for p in runtime.parameters.values() if p.name not in ("self", "cls")]
        args = node.args
        positional = [a for a in args.args if a.arg not in ("self", "cls")]
        defaults = [False] * (len(positional) - len(args.defaults)) + [True] * len(args.defaults)
        want = [(a.arg, "POSITIONAL_OR_KEYWORD", d) for a, d in zip(positional, defaults)]
        want += [(a.arg, "KEYWORD_ONLY", d is not None)
                 for a, d in zip(args.kwonlyargs, args.kw_defaults)]
        assert got == want, name
        checked += 1
    assert checked >= 20


def test_the_aliases_are_real_at_run_time():
    from poisson_live.types import Float64Array, Outcome, Path, Real, Seed, StepKind, Tool, Whole

    for alias in [Float64Array, Outcome, Path, Real, Seed, StepKind, Tool, Whole]:
        assert alias is not None
    assert pl.Real is Real and pl.Float64Array is Float64Array
