"""The Blender add-on against Blender's own Distribute Points on Faces, in one process
(scripts/bench-blender.sh; run with the `bpy` venv's Python).

Not a test: figures. Blender's node is timed by the anchor script (../shared/anchors/
blender_scatter.py, run here with runpy: node evaluation only, best of 3) on the bench torus at
Distance Min r and Density Max 20; then, in the same process and on the same object (the
anchor's modifier removed), the packed extension is installed through Blender's installer and
the operator `object.poisson_live_scatter` (method fast, then bridson) is timed as a call of
bpy.ops, best of 3, each run adding the scatter object anew. The operator's three steps are
timed apart too, best of 3 each: mesh extraction (evaluated mesh, loop triangles, foreach_get,
world space), sampling (the wheel) and object creation (mesh, attributes, link). With --rounds N
the whole (anchor, then add-on) runs N times in turn and each row keeps its best: on a loaded
machine both sides then get as many tries, spread over the same minutes.

    python blender_addon.py --anchor blender_scatter.py --zip EXTENSION.zip --obj torus.obj
        --radius 1 [--rounds N]
"""

import os
import runpy
import sys

import bpy

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "..", "tests", "blender"))
import scene  # noqa: E402
from common import best_of, options  # noqa: E402


def main():
    # --rounds: anchor then add-on, this many times; the best of all rounds each.
    args = options("anchor", "zip", "obj", radius=1.0, density_max=20.0, rounds=1)

    blender_s, rows, addon = None, {}, None
    for _ in range(args.rounds):
        sys.argv = [args.anchor, args.obj, repr(args.radius), repr(args.density_max)]
        anchor = runpy.run_path(args.anchor, run_name="__main__")
        if blender_s is None or anchor["best"] < blender_s:
            blender_s, blender_load = anchor["best"], os.getloadavg()[0]
        blender_n = anchor["n"]
        obj = anchor["obj"]
        obj.modifiers.remove(anchor["mod"])
        # The anchor starts from factory settings, which turns the add-on off: installed once,
        # enabled again in later rounds.
        if addon is None:
            addon = scene.install(args.zip)
        else:
            bpy.ops.preferences.addon_enable(module=scene.MODULE)
        bpy.context.view_layer.objects.active = obj
        name = obj.name + ".scatter"

        def drop():
            old = bpy.data.objects.get(name)
            if old is not None:
                mesh = old.data
                bpy.data.objects.remove(old)
                bpy.data.meshes.remove(mesh)

        for method in ("fast", "bridson"):
            seconds, result = best_of(lambda: bpy.ops.object.poisson_live_scatter(
                radius=args.radius, method=method, seed=0), 3, drop)
            assert result == {'FINISHED'}, result
            points = len(bpy.data.objects[name].data.vertices)
            # The three steps apart, on the same input.
            dg = bpy.context.evaluated_depsgraph_get()
            extract, (v, t, polygons, _) = best_of(lambda: addon.mesh_arrays(obj, dg), 3)
            sample, (p, f) = best_of(lambda: addon.sample(v, t, method, args.radius, 0, 0), 3)
            create, _ = best_of(
                lambda: addon.make_object(bpy.context, name, p, polygons[f]), 3, drop)
            assert len(p) == points
            row = [points, seconds, extract, sample, create, os.getloadavg()[0]]
            old = rows.get(method)
            rows[method] = row if old is None else [
                points, *(min(a, b) for a, b in zip(old[1:5], row[1:5])), row[5]]
    rows = [(method, *rows[method]) for method in ("fast", "bridson")]
    loads = [None, blender_load]

    print(f"{args.rounds} round(s), each best of 3")
    print(f"| system | points | seconds | Blender's time ÷ ours | load (1 min) |")
    print("|---|---:|---:|---:|---:|")
    print(f"| Blender 4.5.4 Distribute Points on Faces, Density Max {args.density_max:g} "
          f"(node evaluation) | {blender_n} | {blender_s:.4f} | 1.00× | {loads[1]:.2f} |")
    for method, points, seconds, *_, load in rows:
        print(f"| add-on, method {method} (bpy.ops call) | {points} | {seconds:.4f} | "
              f"{blender_s / seconds:.2f}× | {load:.2f} |")
    print()
    print("| add-on step, best of 3 | fast | bridson |")
    print("|---|---:|---:|")
    for i, step in enumerate(("mesh extraction", "sampling (the wheel)", "object creation")):
        print(f"| {step} | {rows[0][3 + i]:.4f} | {rows[1][3 + i]:.4f} |")
    fast = rows[0]
    print()
    print(f"Target (issue 36): fast at r = {args.radius:g} ≥ Blender's points "
          f"({fast[1]} against {blender_n}: {'met' if fast[1] >= blender_n else 'missed'}) in "
          f"≤ ¼ of its time ({fast[2]:.4f} s against {blender_s:.4f} s, "
          f"{fast[2] / blender_s:.2f} of it: {'met' if fast[2] <= blender_s / 4 else 'missed'})")
    scene.finish(0)


if __name__ == "__main__":
    main()
