"""Every golden conformance case, through the wheel, compared exactly (== on float64)."""

import base64
import json
import math

import numpy as np
import pytest

import poisson_live as pl
from conftest import golden_dir

CASES = sorted(golden_dir().glob("*.json"))


def test_there_are_cases():
    assert len(CASES) >= 30, f"only {len(CASES)} cases in {golden_dir()}"


def same(got: np.ndarray, want):
    """Row by row, exactly: the crate's bits, not a tolerance."""
    got = got.tolist()
    assert len(got) == len(want), f"{len(got)} points, expected {len(want)}"
    for i, (g, w) in enumerate(zip(got, want)):
        assert g == w, f"point {i} is {g}, expected {w}"


def density(kind, w, h):
    """The golden densities, written with the same operations as the crate's check."""
    if kind == "linear_x":
        return lambda x, y: x / w
    if kind == "radial":
        cx, cy = w / 2.0, h / 2.0
        reach = math.sqrt(cx * cx + cy * cy)
        return lambda x, y: min(math.sqrt((x - cx) * (x - cx) + (y - cy) * (y - cy)) / reach, 1.0)
    raise AssertionError(f"unknown density {kind}")


def check_trace(p, expected):
    s = pl.Sampler(p["width"], p["height"], p["radius"], k=p["k"], seed=p["seed"])
    if "start" in p:
        s.start_at(*p["start"])
    else:
        s.start_random()
    productive = 0
    for n, want in enumerate(expected["steps"], 1):
        kind, _ = s.step()
        more = kind != "finished"
        productive += more
        assert more == want["more"], f"step {n}"
        assert s.current == want["current"], f"step {n}"
        tried = [[x, y, a == 1.0] for x, y, a in s.tried.tolist()]
        assert tried == [[t[0], t[1], t[2]] for t in want["tried"]], f"step {n}"
        assert s.active.tolist() == want["active"], f"step {n}"
        assert len(s.points) == want["points"], f"step {n}"
        if not more:
            break
    while s.step()[0] != "finished":
        productive += 1
    assert len(s.points) == expected["final_points"]
    assert productive == expected["total_steps"] == s.steps


@pytest.mark.parametrize("path", CASES, ids=[c.stem for c in CASES])
def test_golden_case(path):
    case = json.loads(path.read_text())
    kind, p, expected = case["kind"], case["params"], case["expected"]
    w, h = p["width"], p["height"]
    if kind == "random_points":
        same(pl.random_points(p["count"], w, h, seed=p["seed"]), expected)
    elif kind == "jittered_grid":
        same(pl.jittered_grid(p["spacing"], w, h, seed=p["seed"]), expected)
    elif kind == "dart_throwing":
        same(pl.dart_throwing(w, h, p["radius"], max_misses=p["max_misses"], seed=p["seed"]), expected)
    elif kind == "poisson_disk":
        same(pl.poisson_disk(w, h, p["radius"], k=p["k"], seed=p["seed"]), expected)
    elif kind == "variable_radius":
        lo, hi = p["min_radius"], p["max_radius"]
        t = density(p["density"], w, h)
        got = pl.variable_radius(w, h, lo, hi, lambda x, y: lo + t(x, y) * (hi - lo),
                                 k=p["k"], seed=p["seed"])
        same(got, expected)
    elif kind == "sampler_trace":
        check_trace(p, expected)
    elif kind == "place_layers":
        specs = []
        for layer in p["layers"]:
            mask = layer["mask"]
            discs = {} if mask is None else {
                {"inside_discs": "inside", "outside_discs": "outside"}[mask["type"]]:
                    np.array(mask["discs"], dtype=np.float64).reshape(-1, 3)
            }
            specs.append(pl.Layer(layer["radius"], k=layer["k"], seed=layer["seed"], **discs))
        got = pl.layers(w, h, specs)
        assert len(got) == len(expected)
        for g, e in zip(got, expected):
            same(g, e)
    elif kind == "stamp_circles":
        image = np.tile(np.array(p["background"], dtype=np.uint8), (h, w, 1))
        circles = p["circles"]
        got = pl.stamp_circles(
            image,
            np.array([c[:3] for c in circles], dtype=np.float64).reshape(-1, 3),
            np.array([c[3] for c in circles], dtype=np.uint8).reshape(-1, 3),
            [c[4] for c in circles],
        )
        assert got.tobytes() == base64.b64decode(expected)
    else:
        pytest.fail(f"unknown kind {kind}")
