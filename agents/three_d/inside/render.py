"""The `render` action: lit offscreen previews of the built GLB from several viewpoints and a
turntable strip, with pyrender on OSMesa (software OpenGL; no display, no GPU).

The file is loaded back from disk, so the previews show what ships. Each view reports how much
of the frame the model covers, which is how a blank render is told apart from a real one.
"""

from __future__ import annotations

import base64
import io
import math
from pathlib import Path
from typing import Any

import numpy as np
import trimesh

from .build import OUT_DIR, Z_UP

BACKGROUND = (0.93, 0.94, 0.96)
# Directions from the model's centre to the camera; "front" looks at the -Y face.
VIEWS = {
    "front": (0.0, -1.0, 0.0),
    "side": (1.0, 0.0, 0.0),
    "top": (0.0, -0.001, 1.0),
    "perspective": (0.9, -1.3, 0.8),
}
TURNTABLE_ELEVATION = math.radians(20)
THUMB = (160, 120)


def render(request: dict[str, Any]) -> dict[str, Any]:
    import pyrender

    width, height = int(request["width"]), int(request["height"])
    scene, centre, radius = _scene(pyrender, OUT_DIR / "model.glb")
    previews = OUT_DIR / "previews"
    previews.mkdir(exist_ok=True)
    renderer = pyrender.OffscreenRenderer(width, height)
    try:
        views = {}
        images = []
        for name in request.get("views") or list(VIEWS):
            image, stats = _shot(pyrender, renderer, scene, centre, radius, VIEWS[name])
            _save(image, previews / f"{name}.png")
            views[name] = stats
            images.append(image)
        frames = _turntable(pyrender, renderer, scene, centre, radius, request)
    finally:
        renderer.delete()
    result: dict[str, Any] = {"ok": True, "views": views, "sheet_png": _sheet(images)}
    if frames:
        strip = np.concatenate(frames, axis=1)
        _save(strip, previews / "turntable.png")
        result["turntable"] = {"frames": len(frames), "coverage": _coverage_of(frames)}
    return result


def _scene(pyrender: Any, path: Path) -> tuple[Any, np.ndarray, float]:
    loaded: Any = trimesh.load(str(path), file_type="glb", force="scene")
    loaded.apply_transform(Z_UP)  # the file is Y-up; the cameras below are placed Z-up
    scene = pyrender.Scene(bg_color=[*BACKGROUND, 1.0], ambient_light=[0.25, 0.25, 0.25])
    for node in loaded.graph.nodes_geometry:
        matrix, geometry_name = loaded.graph[node]
        mesh = loaded.geometry[geometry_name]
        # Smooth normals, except across edges sharper than 30 degrees (boxes stay crisp).
        shaded = trimesh.graph.smooth_shade(mesh, angle=math.radians(30))
        drawn = pyrender.Mesh.from_trimesh(shaded, material=_material(pyrender, mesh))
        scene.add(drawn, pose=matrix)
    low, high = np.asarray(loaded.bounds, dtype=float)
    return scene, (low + high) / 2, max(float(np.linalg.norm(high - low)) / 2, 1e-6)


def _material(pyrender: Any, mesh: trimesh.Trimesh) -> Any:
    source = getattr(mesh.visual, "material", None)
    factor = getattr(source, "baseColorFactor", None)
    color = np.asarray([180, 180, 180, 255] if factor is None else factor, dtype=float)
    if color.max() > 1.0:  # trimesh keeps colours as 0..255
        color = color / 255.0
    return pyrender.MetallicRoughnessMaterial(
        baseColorFactor=color.tolist(),
        metallicFactor=_factor(source, "metallicFactor", 0.0),
        roughnessFactor=_factor(source, "roughnessFactor", 0.6),
    )


def _factor(source: Any, name: str, default: float) -> float:
    value = getattr(source, name, None)
    return default if value is None else float(value)


def _shot(
    pyrender: Any,
    renderer: Any,
    scene: Any,
    centre: np.ndarray,
    radius: float,
    direction: tuple[float, float, float],
) -> tuple[np.ndarray, dict[str, Any]]:
    yfov = math.radians(40)
    distance = radius / math.sin(yfov / 2) * 1.1
    pose = _look_at(centre + _unit(direction) * distance, centre)
    camera = scene.add(pyrender.PerspectiveCamera(yfov=yfov, znear=distance / 100), pose=pose)
    key = scene.add(pyrender.DirectionalLight(intensity=2.0), pose=pose)
    sun_pose = _look_at(centre + np.array([1.0, -2.0, 4.0]) * radius, centre)
    sun = scene.add(pyrender.DirectionalLight(intensity=1.5), pose=sun_pose)
    try:
        color, depth = renderer.render(scene)
    finally:
        for node in (camera, key, sun):
            scene.remove_node(node)
    return color, _stats(color, depth)


def _stats(color: np.ndarray, depth: np.ndarray) -> dict[str, Any]:
    mask = depth > 0
    covered = color[mask]
    mean = covered.mean(axis=0).round(1).tolist() if covered.size else [0.0, 0.0, 0.0]
    return {"coverage": round(float(mask.mean()), 4), "mean_rgb": mean}


def _coverage_of(frames: list[np.ndarray]) -> float:
    background = np.array(BACKGROUND) * 255
    differs = [np.abs(f.astype(float) - background).sum(axis=2) > 12 for f in frames]
    return round(float(np.mean([d.mean() for d in differs])), 4)


def _turntable(
    pyrender: Any,
    renderer: Any,
    scene: Any,
    centre: np.ndarray,
    radius: float,
    request: dict[str, Any],
) -> list[np.ndarray]:
    count = int(request.get("turntable_frames", 8))
    frames = []
    for i in range(count):
        angle = 2 * math.pi * i / count - math.pi / 2
        elevation = TURNTABLE_ELEVATION
        direction = (
            math.cos(angle) * math.cos(elevation),
            math.sin(angle) * math.cos(elevation),
            math.sin(elevation),
        )
        image, _ = _shot(pyrender, renderer, scene, centre, radius, direction)
        frames.append(_resized(image, THUMB))
    return frames


def _look_at(eye: np.ndarray, target: np.ndarray) -> np.ndarray:
    back = _unit(eye - target)
    up = np.array([0.0, 0.0, 1.0])
    if abs(float(back @ up)) > 0.99:
        up = np.array([0.0, 1.0, 0.0])
    right = _unit(np.cross(up, back))
    pose = np.eye(4)
    pose[:3, 0], pose[:3, 1], pose[:3, 2], pose[:3, 3] = right, np.cross(back, right), back, eye
    return pose


def _unit(vector: Any) -> np.ndarray:
    array = np.asarray(vector, dtype=float)
    return array / np.linalg.norm(array)


def _resized(image: np.ndarray, size: tuple[int, int]) -> np.ndarray:
    from PIL import Image

    return np.asarray(Image.fromarray(image).resize(size, Image.Resampling.LANCZOS))


def _sheet(images: list[np.ndarray]) -> str:
    """A 2-column contact sheet of the views as base64 PNG, small enough for an approval."""
    thumbs = [_resized(image, THUMB) for image in images]
    if len(thumbs) % 2:
        thumbs.append(np.full_like(thumbs[0], 255))
    rows = [np.concatenate(thumbs[i : i + 2], axis=1) for i in range(0, len(thumbs), 2)]
    return base64.b64encode(_png(np.concatenate(rows, axis=0))).decode()


def _png(image: np.ndarray) -> bytes:
    from PIL import Image

    buffer = io.BytesIO()
    Image.fromarray(image).save(buffer, format="PNG")
    return buffer.getvalue()


def _save(image: np.ndarray, path: Path) -> None:
    path.write_bytes(_png(image))
