"""The `build` action: a spec becomes per-part meshes, a glTF binary (and an STL when the whole
asset is one closed body), and a report of what was measured on them.

Measurements are in millimetres in world space. The GLB is loaded back and measured again, so
the report describes the file that ships, not only the geometry in memory.
"""

from __future__ import annotations

import hashlib
import io
import itertools
from pathlib import Path
from typing import Any

import manifold3d as mf
import numpy as np
import trimesh

from .geometry import DEFAULT_SEGMENTS, GeometryError, apply, build_solid, transform_matrix

UNIT_MM = {"mm": 1.0, "cm": 10.0, "m": 1000.0}
OUT_DIR = Path("asset")
ROOT_NODE = "asset"
# glTF is Y-up (+Y up, +Z toward the viewer); specs are Z-up with the front facing -Y. The root
# node turns one into the other, so (x, y, z) in the spec is (x, z, -y) in the file.
Y_UP = np.array([[1.0, 0, 0, 0], [0, 0, 1.0, 0], [0, -1.0, 0, 0], [0, 0, 0, 1.0]])
Z_UP = Y_UP.T  # back from the file to the spec's axes, for measuring what ships
DEFAULT_MATERIAL = {"base_color": [0.7, 0.7, 0.7, 1.0], "metallic": 0.0, "roughness": 0.6}


def build(request: dict[str, Any]) -> dict[str, Any]:
    spec = request["spec"]
    try:
        local = _local_parts(spec)
    except GeometryError as error:
        return {"ok": False, "error": str(error)}
    world = _world_matrices(spec)
    to_mm = _to_mm(spec)
    parts_mm = {name: apply(shape, to_mm @ world[name]) for name, shape in local.items()}
    OUT_DIR.mkdir(exist_ok=True)
    glb = _export_glb(spec, local)
    (OUT_DIR / "model.glb").write_bytes(glb)
    union = _union_report(parts_mm)
    return {
        "ok": True,
        "parts": [_measure(name, shape) for name, shape in parts_mm.items()],
        "contacts": _contacts(parts_mm),
        "bounds_mm": _bounds(parts_mm.values()),
        "union": union,
        "glb": {"sha256": hashlib.sha256(glb).hexdigest(), "bytes": len(glb)},
        "reloaded": _reload(glb),
    }


def _local_parts(spec: dict[str, Any]) -> dict[str, mf.Manifold]:
    segments = int(spec.get("segments", DEFAULT_SEGMENTS))
    return {
        part["name"]: build_solid(part["shape"], segments, f"parts/{i}/shape")
        for i, part in enumerate(spec["parts"])
    }


def _world_matrices(spec: dict[str, Any]) -> dict[str, np.ndarray]:
    """Each part's transform composed with its ancestors' (spec units)."""
    by_name = {part["name"]: part for part in spec["parts"]}
    world: dict[str, np.ndarray] = {}

    def resolve(name: str, depth: int = 0) -> np.ndarray:
        if name not in world:
            if depth > len(by_name):
                raise GeometryError(f"part {name!r} is its own ancestor")
            part = by_name[name]
            parent = part.get("parent")
            base = resolve(parent, depth + 1) if parent else np.eye(4)
            world[name] = base @ transform_matrix(part.get("transform"))
        return world[name]

    for name in by_name:
        resolve(name)
    return world


def _to_mm(spec: dict[str, Any]) -> np.ndarray:
    factor = UNIT_MM[spec.get("units", "mm")]
    return np.diag([*(factor * s for s in spec.get("scale", (1.0, 1.0, 1.0))), 1.0])


def _measure(name: str, shape: mf.Manifold) -> dict[str, Any]:
    return {
        "name": name,
        "triangles": int(shape.num_tri()),
        "volume_mm3": float(shape.volume()),
        "components": len(shape.decompose()),
        "bounds_mm": _bounds([shape]),
    }


def _bounds(shapes: Any) -> list[list[float]]:
    boxes = np.array([shape.bounding_box() for shape in shapes], dtype=float)
    return [boxes[:, :3].min(axis=0).tolist(), boxes[:, 3:].max(axis=0).tolist()]


def _contacts(parts: dict[str, mf.Manifold]) -> dict[str, Any]:
    """Pairs of parts that touch or overlap, within a tolerance that grows with the model."""
    low, high = np.array(_bounds(parts.values()))
    tolerance = max(0.01, 1e-4 * float(np.linalg.norm(high - low)))
    boxes = {name: np.array(shape.bounding_box(), dtype=float) for name, shape in parts.items()}
    pairs = []
    for a, b in itertools.combinations(parts, 2):
        if _box_gap(boxes[a], boxes[b]) > tolerance:
            continue
        if parts[a].min_gap(parts[b], tolerance * 2) <= tolerance:
            pairs.append([a, b])
    return {"tolerance_mm": tolerance, "pairs": pairs}


def _box_gap(a: np.ndarray, b: np.ndarray) -> float:
    separation = np.maximum(a[:3] - b[3:], b[:3] - a[3:])
    return float(np.linalg.norm(np.maximum(separation, 0.0)))


def _union_report(parts: dict[str, mf.Manifold]) -> dict[str, Any]:
    """The whole asset as one solid (what a printer gets): its bodies, and an STL when closed.
    Separate bodies are fine (a box and its lid print side by side)."""
    union = mf.Manifold.batch_boolean(list(parts.values()), mf.OpType.Add)
    mesh = _trimesh(union)
    shells = len(union.decompose())
    report = {"components": shells, "watertight": bool(mesh.is_watertight), "stl": False}
    if mesh.is_watertight:
        stl: Any = mesh.export(file_type="stl")
        (OUT_DIR / "model.stl").write_bytes(stl)
        report["stl"] = True
    else:
        (OUT_DIR / "model.stl").unlink(missing_ok=True)
    return report


def _trimesh(shape: mf.Manifold) -> trimesh.Trimesh:
    mesh = shape.to_mesh()
    vertices = np.asarray(mesh.vert_properties, dtype=float)[:, :3]
    return trimesh.Trimesh(vertices, np.asarray(mesh.tri_verts), process=True)


def _export_glb(spec: dict[str, Any], local: dict[str, mf.Manifold]) -> bytes:
    """glTF is in metres and Y-up: the root node scales spec units to metres and turns Z-up into
    Y-up; parts keep the hierarchy, one node per part with its name."""
    scene = trimesh.Scene()
    scale = _to_mm(spec) / 1000.0
    scale[3, 3] = 1.0
    root = Y_UP @ scale
    scene.graph.update(frame_to=ROOT_NODE, frame_from=scene.graph.base_frame, matrix=root)
    materials = spec.get("materials") or {}
    for part in _parents_first(spec["parts"]):
        mesh = _trimesh(local[part["name"]])
        mesh.visual = trimesh.visual.TextureVisuals(material=_material(part, materials))
        scene.add_geometry(
            mesh,
            node_name=part["name"],
            geom_name=part["name"],
            parent_node_name=part.get("parent") or ROOT_NODE,
            transform=transform_matrix(part.get("transform")),
        )
    return bytes(scene.export(file_type="glb"))


def _parents_first(parts: list[dict[str, Any]]) -> list[dict[str, Any]]:
    ordered: list[dict[str, Any]] = []
    placed: set[str] = set()
    remaining = list(parts)
    while remaining:
        ready = [p for p in remaining if not p.get("parent") or p["parent"] in placed]
        if not ready:
            raise GeometryError("the part hierarchy has a cycle")
        ordered += ready
        placed |= {p["name"] for p in ready}
        remaining = [p for p in remaining if p["name"] not in placed]
    return ordered


def _material(part: dict[str, Any], materials: dict[str, Any]) -> Any:
    name = part.get("material") or "default"
    values = {**DEFAULT_MATERIAL, **(materials.get(name) or {})}
    color = [*values["base_color"], 1.0][:4]
    return trimesh.visual.material.PBRMaterial(
        name=name,
        baseColorFactor=color,
        metallicFactor=float(values["metallic"]),
        roughnessFactor=float(values["roughness"]),
    )


def _reload(glb: bytes) -> dict[str, Any]:
    """Loads the file back as a viewer would and measures it (metres to millimetres, on the
    spec's Z-up axes)."""
    scene: Any = trimesh.load(io.BytesIO(glb), file_type="glb", force="scene")
    scene.apply_transform(Z_UP)
    parts = []
    for node in scene.graph.nodes_geometry:
        matrix, geometry_name = scene.graph[node]
        mesh = scene.geometry[geometry_name]
        world = mesh.copy().apply_transform(matrix)
        parts.append(
            {
                "name": node,
                "triangles": len(mesh.faces),
                "watertight": bool(mesh.is_watertight),
                "bounds_mm": (np.asarray(world.bounds) * 1000.0).tolist(),
            }
        )
    bounds = (np.asarray(scene.bounds) * 1000.0).tolist() if parts else [[0, 0, 0], [0, 0, 0]]
    return {"parts": parts, "bounds_mm": bounds}
