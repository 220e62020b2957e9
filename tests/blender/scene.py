"""Helpers for the add-on's headless tests and bench (run with the `bpy` venv's Python): the bench
torus, installing the packed extension, a displaced grid, rocks instanced on points, meshes written as
OBJ and the CLI's points read back."""

import csv
import math
import os
import subprocess
import sys

import bpy
import numpy as np

MODULE = "bl_ext.user_default.poisson_live_scatter"


def write_torus_obj(path, major=40.0, minor=15.0, nu=160, nv=80):
    """The torus of scripts/bench-mesh.sh, the same text: vertex (i, j) at angle 2πi/nu about z
    and 2πj/nv about the tube, each quad split in two triangles wound outward."""
    tau = 2 * math.atan2(0, -1)
    lines = []
    for i in range(nu):
        for j in range(nv):
            u, v = tau * i / nu, tau * j / nv
            x = (major + minor * math.cos(v)) * math.cos(u)
            y = (major + minor * math.cos(v)) * math.sin(u)
            lines.append("v %.9g %.9g %.9g" % (x, y, minor * math.sin(v)))
    for i in range(nu):
        for j in range(nv):
            a = i * nv + j + 1
            b = ((i + 1) % nu) * nv + j + 1
            c = ((i + 1) % nu) * nv + (j + 1) % nv + 1
            d = i * nv + (j + 1) % nv + 1
            lines.append(f"f {a} {b} {c}\nf {a} {c} {d}")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


def install(zip_path):
    """Blender's own install of the packed extension (Get Extensions > Install from Disk) into
    the user repository; returns the add-on's module."""
    bpy.ops.extensions.package_install_files(
        filepath=zip_path, repo="user_default", enable_on_install=True)
    return sys.modules[MODULE]


def clear():
    """An empty scene (the preferences, and so the add-on, kept)."""
    bpy.data.batch_remove(list(bpy.data.objects) + list(bpy.data.meshes))


def import_obj(path):
    """The OBJ as a mesh object, axes as in the file (as the Blender anchor imports it)."""
    bpy.ops.wm.obj_import(filepath=path, forward_axis='Y', up_axis='Z')
    obj = bpy.context.selected_objects[0]
    bpy.context.view_layer.objects.active = obj
    return obj


def displaced_grid(name, subdivisions, size, noise_scale, strength):
    """A `size` × `size` grid of `subdivisions` × `subdivisions` quads named `name`, under a
    Displace modifier (Clouds): the evaluated mesh differs from the stored one. The active
    object."""
    bpy.ops.mesh.primitive_grid_add(x_subdivisions=subdivisions, y_subdivisions=subdivisions,
                                    size=size)
    obj = bpy.context.active_object
    obj.name = name
    texture = bpy.data.textures.new(name, 'CLOUDS')
    texture.noise_scale = noise_scale
    mod = obj.modifiers.new("displace", 'DISPLACE')
    mod.texture = texture
    mod.strength = strength
    return obj


def instance_on_points(points, rock):
    """A Geometry Nodes modifier "rocks" on `points` whose tree instances `rock` on each point:
    (the tree's nodes, its links, the Instance on Points node, the Group Output), for the
    caller to add to and to link the output."""
    tree = bpy.data.node_groups.new("rocks", "GeometryNodeTree")
    tree.interface.new_socket("Geometry", in_out="INPUT", socket_type="NodeSocketGeometry")
    tree.interface.new_socket("Geometry", in_out="OUTPUT", socket_type="NodeSocketGeometry")
    nodes, links = tree.nodes, tree.links
    gi, go = nodes.new("NodeGroupInput"), nodes.new("NodeGroupOutput")
    info = nodes.new("GeometryNodeObjectInfo")
    info.inputs["Object"].default_value = rock
    inst = nodes.new("GeometryNodeInstanceOnPoints")
    links.new(gi.outputs[0], inst.inputs["Points"])
    links.new(info.outputs["Geometry"], inst.inputs["Instance"])
    points.modifiers.new("rocks", "NODES").node_group = tree
    return nodes, links, inst, go


def write_obj(path, vertices, triangles):
    """Vertices (float64, each written so it reads back to the same double) and 0-based
    triangles as OBJ."""
    with open(path, "w") as f:
        f.writelines(f"v {x!r} {y!r} {z!r}\n" for x, y, z in vertices.tolist())
        f.writelines(f"f {a + 1} {b + 1} {c + 1}\n" for a, b, c in triangles.tolist())


def cli_points(cli, args):
    """`poisson ARGS --format csv`: (points (N, 3) float64, triangle of each (N,))."""
    run = subprocess.run([cli, *args, "--format", "csv"], capture_output=True, text=True,
                         check=True)
    rows = list(csv.reader(run.stdout.splitlines()))
    assert rows[0][:4] == ["x", "y", "z", "face"], rows[0]
    body = rows[1:]
    points = np.array([[float(r[0]), float(r[1]), float(r[2])] for r in body]).reshape(-1, 3)
    faces = np.array([int(r[3]) for r in body], dtype=np.int64)
    return points, faces


def scatter_arrays(obj):
    """A scatter object's points (float32 as stored) and its `face` and `id` attributes."""
    mesh = obj.data
    n = len(mesh.vertices)
    co = np.empty(n * 3, dtype=np.float32)
    mesh.vertices.foreach_get("co", co)
    face = np.empty(n, dtype=np.int32)
    mesh.attributes["face"].data.foreach_get("value", face)
    ids = np.empty(n, dtype=np.int32)
    mesh.attributes["id"].data.foreach_get("value", ids)
    return co.reshape(-1, 3), face, ids


def finish(code):
    """Leaves without Blender's exit handlers (the bpy module can hang in them)."""
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)
