"""The README's picture of the add-on (scripts/blender-screenshot.sh runs it with the `bpy` venv's
Python): a displaced grid, the operator's points (method fast, denser where the vertex group
"meadow" weighs more) instancing rocks (icospheres) through Geometry Nodes' Instance on Points,
rendered headless by Workbench.
Usage: python screenshot.py EXTENSION.zip OUT.png"""

import math
import os
import sys

import bpy

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                                "tests", "blender"))
import scene  # noqa: E402

zip_path, out = sys.argv[1:3]
bpy.ops.wm.read_factory_settings(use_empty=True)
scene.install(zip_path)
s = bpy.context.scene

# The ground: a 20 × 20 grid under a Displace modifier; the vertex group "meadow" weighs 1 on the
# left and fades to 0 on the right.
ground = scene.displaced_grid("ground", 120, 20, noise_scale=4.0, strength=2.0)
meadow = ground.vertex_groups.new(name="meadow")
for v in ground.data.vertices:
    meadow.add([v.index], min(1.0, max(0.0, (6.0 - v.co.x) / 14.0)), 'REPLACE')
ground.color = (0.42, 0.55, 0.30, 1.0)
bpy.ops.object.shade_smooth()

# The add-on: rocks at least 0.4 apart where the meadow weighs 1, 1.2 where it weighs 0.
bpy.ops.object.poisson_live_scatter(radius=0.4, radius_max=1.2, method="fast", seed=3,
                                    density_group="meadow")
points = bpy.data.objects["ground.scatter"]

# The rock: an icosphere, hidden itself, instanced on every point at a random size per `id`.
bpy.ops.mesh.primitive_ico_sphere_add(subdivisions=1, radius=1.0)
rock = bpy.context.active_object
rock.name = "rock"
rock.hide_render = True
nodes, links, inst, go = scene.instance_on_points(points, rock)
size = nodes.new("FunctionNodeRandomValue")
size.data_type = 'FLOAT_VECTOR'
size.inputs["Min"].default_value = (0.12, 0.12, 0.08)
size.inputs["Max"].default_value = (0.30, 0.30, 0.20)
turn = nodes.new("FunctionNodeRandomValue")
turn.data_type = 'FLOAT'
turn.inputs[2].default_value = 0.0
turn.inputs[3].default_value = 2 * math.pi
euler = nodes.new("ShaderNodeCombineXYZ")
links.new(turn.outputs[1], euler.inputs["Z"])
to_rotation = nodes.new("FunctionNodeEulerToRotation")
links.new(euler.outputs[0], to_rotation.inputs[0])
links.new(size.outputs[0], inst.inputs["Scale"])
links.new(to_rotation.outputs[0], inst.inputs["Rotation"])
links.new(inst.outputs["Instances"], go.inputs[0])
points.color = (0.62, 0.60, 0.57, 1.0)

# Camera, Workbench: object colours, shadows and cavities.
camera = bpy.data.objects.new("camera", bpy.data.cameras.new("camera"))
s.collection.objects.link(camera)
s.camera = camera
camera.location = (0.0, -15.5, 9.0)
camera.rotation_euler = (math.radians(62), 0.0, 0.0)
camera.data.lens = 32
s.render.engine = 'BLENDER_WORKBENCH'
shading = s.display.shading
shading.light = 'STUDIO'
shading.color_type = 'OBJECT'
shading.show_shadows = True
shading.show_cavity = True
s.display.render_aa = '8'
s.world = s.world or bpy.data.worlds.new("world")
s.world.color = (0.55, 0.65, 0.75)
s.render.resolution_x, s.render.resolution_y = 960, 540
s.render.image_settings.color_mode = 'RGB'
s.render.image_settings.compression = 90
s.render.filepath = out
bpy.ops.render.render(write_still=True)
print(f"screenshot: {len(points.data.vertices)} rocks, {out}")
scene.finish(0)
