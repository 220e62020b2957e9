"""The Blender add-on, headless (scripts/test-blender.sh runs it with the `bpy` venv's Python):
the packed extension installed through Blender's own installer, registration, the operator on
the bench torus (moved, turned and scaled) and on a displaced grid with its points equal to
`poisson mesh` / `poisson eliminate` within float32, weights from a vertex group, bad input
through Blender's reports, undo and redo, and the points instanced by Geometry Nodes.
Usage: python test_addon.py EXTENSION.zip POISSON_CLI WORK_DIR"""

import math
import os
import sys
import types
import unittest

import bpy
import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import scene  # noqa: E402

ZIP, CLI, WORK = sys.argv[1:4]
OP = bpy.ops.object.poisson_live_scatter
ADDON = None  # the installed module, set in main()
# The radii are FloatProperty values, 32-bit floats: the CLI is given the same numbers (f32).
PROPERTIES = {"radius", "method", "count", "seed", "density_group", "radius_max"}


def torus(name="torus"):
    """The bench torus (scripts/bench-mesh.sh), imported from OBJ; the active object."""
    path = os.path.join(WORK, "torus.obj")
    if not os.path.exists(path):
        scene.write_torus_obj(path)
    obj = scene.import_obj(path)
    obj.name = name
    return obj


def expected(obj, args, weights=None):
    """The CLI's points for the mesh the add-on reads from `obj`: (points as float32, source
    polygon of each point). The vertices are the evaluated mesh's in world space, checked here
    against matrix_world @ co, then written so the CLI reads the same doubles."""
    dg = bpy.context.evaluated_depsgraph_get()
    vertices, triangles, polygons, _ = ADDON.mesh_arrays(obj, dg)
    evaluated = obj.evaluated_get(dg).data
    assert len(vertices) == len(evaluated.vertices)
    world = np.array([tuple(obj.matrix_world @ v.co) for v in evaluated.vertices])
    np.testing.assert_array_equal(triangles, [tuple(t.vertices) for t in evaluated.loop_triangles])
    np.testing.assert_array_equal(polygons, [t.polygon_index for t in evaluated.loop_triangles])
    np.testing.assert_allclose(vertices, world, rtol=0, atol=1e-5 * (1 + np.abs(world).max()))
    path = os.path.join(WORK, "mesh.obj")
    scene.write_obj(path, vertices, triangles)
    extra = []
    if weights is not None:
        wpath = os.path.join(WORK, "weights.txt")
        with open(wpath, "w") as f:
            f.writelines(f"{w!r}\n" for w in weights.tolist())
        extra = ["--weights", wpath]
    points, faces = scene.cli_points(CLI, [*args, "-i", path, *extra])
    return points.astype(np.float32), polygons[faces]


def f32(x):
    """A number as a FloatProperty holds it (32 bits), written for the CLI."""
    return repr(float(np.float32(x)))


def scatter_of(name):
    return bpy.data.objects[name + ".scatter"]


class Addon(unittest.TestCase):
    def setUp(self):
        scene.clear()

    def assert_points(self, obj, cli_args, weights=None, **props):
        """Runs the operator on `obj` and checks its scatter object against the CLI."""
        self.assertEqual(OP(**props), {'FINISHED'})
        out = scatter_of(obj.name)
        points, polygons = expected(obj, cli_args, weights)
        co, face, ids = scene.scatter_arrays(out)
        self.assertGreater(len(points), 100)
        np.testing.assert_array_equal(co, points)
        np.testing.assert_array_equal(face, polygons)
        np.testing.assert_array_equal(ids, np.arange(len(points)))
        # A vertices-only mesh in world space.
        self.assertEqual((len(out.data.edges), len(out.data.polygons)), (0, 0))
        self.assertEqual(out.matrix_world, out.matrix_world.Identity(4))
        self.assertEqual(out.data.attributes["face"].data_type, 'INT')
        self.assertEqual(out.data.attributes["id"].domain, 'POINT')
        return co

    def test_registration(self):
        self.assertIn(scene.MODULE, bpy.context.preferences.addons)
        rna = OP.get_rna_type()
        self.assertTrue(PROPERTIES <= set(rna.properties.keys()))
        self.assertEqual([i.identifier for i in rna.properties["method"].enum_items],
                         ["fast", "bridson", "eliminate"])
        self.assertEqual(bpy.types.OBJECT_OT_poisson_live_scatter.bl_options,
                         {'REGISTER', 'UNDO'})
        panel = bpy.types.VIEW3D_PT_poisson_live_scatter
        self.assertEqual((panel.bl_space_type, panel.bl_region_type), ('VIEW_3D', 'UI'))
        settings = bpy.context.scene.poisson_live_scatter
        self.assertTrue(PROPERTIES <= set(settings.bl_rna.properties.keys()))
        # Disabled, everything leaves; enabled again, everything is back.
        bpy.ops.preferences.addon_disable(module=scene.MODULE)
        self.assertFalse(hasattr(bpy.types, "OBJECT_OT_poisson_live_scatter"))
        self.assertFalse(hasattr(bpy.types, "VIEW3D_PT_poisson_live_scatter"))
        bpy.ops.preferences.addon_enable(module=scene.MODULE)
        self.assertTrue(hasattr(bpy.types, "OBJECT_OT_poisson_live_scatter"))
        global ADDON
        ADDON = sys.modules[scene.MODULE]

    def test_panel_draws(self):
        """The sidebar panel and the redo panel drawn into a stand-in layout: every property
        they show exists, and the button carries the scene's settings to the operator."""
        settings = bpy.context.scene.poisson_live_scatter
        settings.method, settings.radius, settings.seed = "bridson", 0.5, 9
        drawn, buttons = [], []

        class Layout:
            use_property_split = False
            active = True

            def prop(self, data, key, **_):
                drawn.append(key)
                self.check(data, key)

            def prop_search(self, data, key, search_data, search_key, **_):
                self.prop(data, key)
                self.check(search_data, search_key)

            @staticmethod
            def check(data, key):
                assert key in data.bl_rna.properties, key

            def row(self, **_):
                return self

            def separator(self, **_):
                pass

            def label(self, **_):
                pass

            def operator(self, idname, **_):
                buttons.append((idname, types.SimpleNamespace()))
                return buttons[-1][1]

        panel = bpy.types.VIEW3D_PT_poisson_live_scatter
        for obj in (None, torus()):
            bpy.context.view_layer.objects.active = obj
            drawn.clear()
            buttons.clear()
            panel.draw(types.SimpleNamespace(layout=Layout()), bpy.context)
            self.assertEqual(drawn, ["method", "radius", "seed", "density_group", "radius_max"])
            self.assertEqual(len(buttons), 1)
            idname, op = buttons[0]
            self.assertEqual(idname, "object.poisson_live_scatter")
            self.assertEqual((op.method, op.seed), ("bridson", 9))
            self.assertAlmostEqual(op.radius, 0.5)
            self.assertEqual(set(vars(op)), PROPERTIES)
        settings.method = "eliminate"
        drawn.clear()
        panel.draw(types.SimpleNamespace(layout=Layout()), bpy.context)
        self.assertEqual(drawn, ["method", "count", "seed"])

    def test_torus_fast_and_bridson_equal_the_cli(self):
        obj = torus()
        obj.location = (3.0, -2.0, 5.0)
        obj.rotation_euler = (0.3, 0.0, math.radians(30))
        obj.scale = (1.5, 1.5, 0.75)
        bpy.context.view_layer.update()
        co = self.assert_points(obj, ["mesh", "-r", "2", "--method", "fast", "--seed", "7"],
                                radius=2.0, method="fast", seed=7)
        # World space: the points are on the moved torus, not where its mesh data sits.
        self.assertGreater(co[:, 2].mean(), 4.0)
        self.assert_points(obj, ["mesh", "-r", "2.5", "--method", "bridson", "--seed", "3"],
                           radius=2.5, method="bridson", seed=3)
        # Run again: the same object takes the new points (node trees pointing at it keep it).
        self.assertEqual(len([o for o in bpy.data.objects if "scatter" in o.name]), 1)

    def test_torus_at_the_bench_radius(self):
        obj = torus()
        co = self.assert_points(obj, ["mesh", "-r", "1", "--method", "fast", "--seed", "0"],
                                radius=1.0, method="fast", seed=0)
        # About 0.79 points per r² on the 23 687-unit² torus (issue 34's fast sampler).
        self.assertGreater(len(co), 0.7 * 4 * math.pi ** 2 * 40 * 15)

    def test_displaced_grid(self):
        obj = scene.displaced_grid("grid", 40, 10, noise_scale=2.0, strength=1.5)
        co = self.assert_points(obj, ["mesh", "-r", f32(0.3), "--method", "fast", "--seed", "1"],
                                radius=0.3, method="fast", seed=1)
        # The evaluated (displaced) mesh was read, not the flat one stored.
        self.assertGreater(np.ptp(co[:, 2]), 0.2)
        self.assertEqual(np.ptp(np.array([v.co.z for v in obj.data.vertices])), 0.0)
        self.assert_points(obj, ["mesh", "-r", f32(0.4), "--method", "bridson", "--seed", "2"],
                           radius=0.4, method="bridson", seed=2)
        self.assert_points(obj, ["eliminate", "-n", "500", "--seed", "5"],
                           method="eliminate", count=500, seed=5)

    def test_vertex_group_weights(self):
        obj = torus()
        group = obj.vertex_groups.new(name="heavy")
        heavy = [v.index for v in obj.data.vertices if v.co.y >= 0]
        group.add(heavy, 1.0, 'REPLACE')
        weights = np.zeros(len(obj.data.vertices))
        weights[heavy] = 1.0
        for method in ("fast", "bridson"):
            co = self.assert_points(
                obj, ["mesh", "-r", "1", "--radius-max", "2", "--method", method, "--seed", "4"],
                weights, radius=1.0, radius_max=2.0, method=method, seed=4,
                density_group="heavy")
            dense, sparse = np.sum(co[:, 1] >= 0), np.sum(co[:, 1] < 0)
            self.assertGreater(dense, 2.5 * sparse, method)

    def report_of(self, **props):
        """Runs the operator expecting an error report; returns its message after checking
        that nothing was added and no traceback came through."""
        before = sorted(o.name for o in bpy.data.objects), len(bpy.data.meshes)
        with self.assertRaises(RuntimeError) as caught:
            OP(**props)
        text = str(caught.exception)
        self.assertNotIn("Traceback", text)
        self.assertTrue(text.startswith("Error: "), text)
        self.assertEqual((sorted(o.name for o in bpy.data.objects), len(bpy.data.meshes)),
                         before)
        # The operator's own answer, through a stand-in that records the reports.
        reports = []
        stand_in = types.SimpleNamespace(
            **{k: OP.get_rna_type().properties[k].default for k in PROPERTIES},
            report=lambda kind, message: reports.append((kind, message)))
        stand_in.density_group = ""
        for k, v in props.items():
            setattr(stand_in, k, v)
        result = bpy.types.OBJECT_OT_poisson_live_scatter.execute(stand_in, bpy.context)
        self.assertEqual(result, {'CANCELLED'})
        message = text[len("Error: "):].rstrip("\n")
        self.assertEqual(reports, [({'ERROR'}, message)])
        return message

    def wheel_error(self, call):
        with self.assertRaises(ValueError) as caught:
            call()
        return str(caught.exception)

    def test_bad_input_is_reported(self):
        self.assertIn("needs an active mesh object", self.report_of(radius=1.0))
        bpy.ops.object.empty_add()
        self.assertIn("needs an active mesh object", self.report_of(radius=1.0))
        obj = torus()
        dg = bpy.context.evaluated_depsgraph_get()
        vertices, triangles, _, _ = ADDON.mesh_arrays(obj, dg)
        pl = sys.modules["poisson_live"]
        # The wheel's own messages, word for word.
        for radius in (0.0, -1.0, float("nan")):
            self.assertEqual(self.report_of(radius=radius),
                             self.wheel_error(lambda: pl.sample_mesh(vertices, triangles,
                                                                     radius, method="fast")))
        self.assertEqual(self.report_of(method="eliminate", count=0),
                         self.wheel_error(lambda: pl.eliminate(0, vertices=vertices,
                                                               faces=triangles)))
        obj.vertex_groups.new(name="heavy").add([0, 1, 2], 1.0, 'REPLACE')
        weights = np.zeros(len(vertices))
        weights[:3] = 1.0
        self.assertEqual(
            self.report_of(radius=1.0, radius_max=0.5, density_group="heavy"),
            self.wheel_error(lambda: pl.sample_mesh(vertices, triangles, 1.0, weights=weights,
                                                    radius_max=0.5)))
        self.assertIn("no vertex group named 'light'", self.report_of(density_group="light"))
        self.assertIn("clear the density group",
                      self.report_of(method="eliminate", density_group="heavy"))
        # A mesh of points only: no triangles to sample.
        mesh = bpy.data.meshes.new("dots")
        mesh.from_pydata([(0, 0, 0), (1, 0, 0), (0, 1, 0)], [], [])
        dots = bpy.data.objects.new("dots", mesh)
        bpy.context.collection.objects.link(dots)
        bpy.context.view_layer.objects.active = dots
        self.assertEqual(self.report_of(radius=1.0),
                         self.wheel_error(lambda: pl.sample_mesh(
                             np.zeros((3, 3)), np.zeros((0, 3), dtype=np.int64), 1.0)))

    def test_undo_and_redo(self):
        obj = torus()
        count = len(obj.data.vertices)
        bpy.ops.ed.undo_push(message="before the scatter")
        # The third argument asks for the undo step a click in the panel makes (bl_options
        # 'UNDO'); scripts called without it leave undo to their caller.
        self.assertEqual(OP('EXEC_DEFAULT', True, radius=2.0), {'FINISHED'})
        points = len(scatter_of("torus").data.vertices)
        window = bpy.context.window_manager.windows[0]
        with bpy.context.temp_override(window=window, screen=window.screen,
                                       area=window.screen.areas[0]):
            bpy.ops.ed.undo()
            self.assertNotIn("torus.scatter", bpy.data.objects)
            self.assertEqual(len(bpy.data.objects["torus"].data.vertices), count)
            bpy.ops.ed.redo()
        self.assertEqual(len(scatter_of("torus").data.vertices), points)

    def test_instance_on_points(self):
        obj = torus()
        self.assertEqual(OP(radius=4.0, seed=2), {'FINISHED'})
        out = scatter_of("torus")
        n = len(out.data.vertices)
        bpy.ops.mesh.primitive_ico_sphere_add(subdivisions=1, radius=0.5)
        rock = bpy.context.active_object
        nodes, links, inst, go = scene.instance_on_points(out, rock)
        real = nodes.new("GeometryNodeRealizeInstances")
        links.new(inst.outputs["Instances"], real.inputs["Geometry"])
        links.new(real.outputs["Geometry"], go.inputs[0])
        dg = bpy.context.evaluated_depsgraph_get()
        realized = out.evaluated_get(dg).data
        self.assertEqual(len(realized.vertices), n * len(rock.data.vertices))
        # The point attributes reach the instances' geometry: each point's face on each of
        # its rock's vertices (Realize Instances rehashes `id`, as it does every instance id).
        _, face, _ = scene.scatter_arrays(out)
        realized_face = np.empty(len(realized.vertices), dtype=np.int32)
        realized.attributes["face"].data.foreach_get("value", realized_face)
        np.testing.assert_array_equal(np.sort(realized_face),
                                      np.sort(np.repeat(face, len(rock.data.vertices))))
        self.assertIn("id", realized.attributes)
        self.assertTrue(0 <= face.min() and face.max() < len(obj.data.polygons))


def main():
    global ADDON
    bpy.ops.wm.read_factory_settings(use_empty=True)
    ADDON = scene.install(ZIP)
    suite = unittest.TestLoader().loadTestsFromTestCase(Addon)
    # Registration first: it disables and enables the add-on.
    ok = unittest.TextTestRunner(verbosity=2, stream=sys.stdout).run(suite).wasSuccessful()
    scene.finish(0 if ok else 1)


if __name__ == "__main__":
    main()
