"""The `measure` action: loads `model.glb` from the workspace as a viewer would and measures it
in millimetres (glTF is in metres): extents, bounds, triangles, parts and whether each part is a
closed surface."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import trimesh

MAX_FILE_BYTES = 64 * 1024**2
# glTF is Y-up; the checks' axes are the spec's (X width, Y depth, Z height).
Z_UP = np.array([[1.0, 0, 0, 0], [0, 0, -1.0, 0], [0, 1.0, 0, 0], [0, 0, 0, 1.0]])


def measure(request: dict[str, Any]) -> dict[str, Any]:
    path = Path("/workspace") / "model.glb"
    if path.is_symlink() or not path.is_file():
        return {"ok": False, "error": "model.glb is missing or not a regular file"}
    if path.stat().st_size > MAX_FILE_BYTES:
        return {"ok": False, "error": f"model.glb is larger than {MAX_FILE_BYTES} bytes"}
    try:
        scene: Any = trimesh.load(str(path), file_type="glb", force="scene")
    except Exception as error:  # any parse failure is the file's fault
        return {"ok": False, "error": f"model.glb does not load: {type(error).__name__}: {error}"}
    scene.apply_transform(Z_UP)
    parts = [_part(scene, node) for node in scene.graph.nodes_geometry]
    bounds = (np.asarray(scene.bounds) * 1000.0).tolist() if parts else [[0.0] * 3, [0.0] * 3]
    return {
        "ok": True,
        "parts": len(parts),
        "triangles": int(sum(p["triangles"] for p in parts)),
        "watertight": all(p["watertight"] for p in parts) if parts else False,
        "open_parts": [p["name"] for p in parts if not p["watertight"]][:50],
        "bounds_mm": bounds,
        "extents_mm": [float(hi - lo) for lo, hi in zip(bounds[0], bounds[1], strict=True)],
    }


def _part(scene: Any, node: str) -> dict[str, Any]:
    _, geometry_name = scene.graph[node]
    mesh = scene.geometry[geometry_name]
    return {
        "name": str(node)[:200],
        "triangles": len(mesh.faces),
        "watertight": bool(mesh.is_watertight),
    }
