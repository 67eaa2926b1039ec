"""Spec solids to manifold3d geometry: primitives, extrusions, revolutions, CSG and transforms.

Every primitive is centred on its origin (cylinders, cones, capsules and tori around Z);
extrusions are centred on Z; revolutions keep the profile's own Z. Lengths are in spec units.
"""

from __future__ import annotations

import math
from typing import Any

import manifold3d as mf
import numpy as np

DEFAULT_SEGMENTS = 32


class GeometryError(ValueError):
    """A solid that cannot be built; the message names the solid's path in the spec."""


def transform_matrix(transform: dict[str, Any] | None) -> np.ndarray:
    """4x4 matrix of translate * rotate(Z*Y*X, degrees) * scale."""
    transform = transform or {}
    scale = np.diag([*transform.get("scale", (1.0, 1.0, 1.0)), 1.0])
    rx, ry, rz = (math.radians(a) for a in transform.get("rotate", (0.0, 0.0, 0.0)))
    rotation = np.eye(4)
    rotation[:3, :3] = _rot_z(rz) @ _rot_y(ry) @ _rot_x(rx)
    translation = np.eye(4)
    translation[:3, 3] = transform.get("translate", (0.0, 0.0, 0.0))
    return translation @ rotation @ scale


def _rot_x(a: float) -> np.ndarray:
    c, s = math.cos(a), math.sin(a)
    return np.array([[1, 0, 0], [0, c, -s], [0, s, c]])


def _rot_y(a: float) -> np.ndarray:
    c, s = math.cos(a), math.sin(a)
    return np.array([[c, 0, s], [0, 1, 0], [-s, 0, c]])


def _rot_z(a: float) -> np.ndarray:
    c, s = math.cos(a), math.sin(a)
    return np.array([[c, -s, 0], [s, c, 0], [0, 0, 1]])


def apply(manifold: mf.Manifold, matrix: np.ndarray) -> mf.Manifold:
    return manifold.transform(np.asarray(matrix[:3, :], dtype=np.float64))


def build_solid(solid: dict[str, Any], segments: int, path: str) -> mf.Manifold:
    """The solid with its own transform applied, in its parent's coordinates."""
    segments = int(solid.get("segments", segments))
    if "operation" in solid:
        shape = _csg(solid, segments, path)
    else:
        shape = _primitive(solid, segments, path)
    if shape.is_empty():
        raise GeometryError(f"{path}: the solid is empty (zero volume)")
    return apply(shape, transform_matrix(solid.get("transform")))


def _csg(solid: dict[str, Any], segments: int, path: str) -> mf.Manifold:
    children = [
        build_solid(child, segments, f"{path}/children/{i}")
        for i, child in enumerate(solid["children"])
    ]
    operation = solid["operation"]
    if operation == "union":
        return mf.Manifold.batch_boolean(children, mf.OpType.Add)
    if operation == "intersection":
        return mf.Manifold.batch_boolean(children, mf.OpType.Intersect)
    rest = mf.Manifold.batch_boolean(children[1:], mf.OpType.Add)
    return children[0] - rest


def _primitive(solid: dict[str, Any], n: int, path: str) -> mf.Manifold:
    kind = solid["primitive"]
    builder = _BUILDERS.get(kind)
    if builder is None:
        raise GeometryError(f"{path}: unknown primitive {kind!r}")
    return builder(solid, n)


def _box(s: dict[str, Any], n: int) -> mf.Manifold:
    return mf.Manifold.cube(tuple(float(v) for v in s["size"]), center=True)


def _cylinder(s: dict[str, Any], n: int) -> mf.Manifold:
    r = float(s["radius"])
    return mf.Manifold.cylinder(float(s["height"]), r, r, n, True)


def _cone(s: dict[str, Any], n: int) -> mf.Manifold:
    top = float(s.get("top_radius", 0.0))
    return mf.Manifold.cylinder(float(s["height"]), float(s["radius"]), top, n, True)


def _sphere(s: dict[str, Any], n: int) -> mf.Manifold:
    return mf.Manifold.sphere(float(s["radius"]), n)


def _torus(s: dict[str, Any], n: int) -> mf.Manifold:
    ring = mf.CrossSection.circle(float(s["minor_radius"]), max(8, n // 2))
    return mf.Manifold.revolve(ring.translate((float(s["major_radius"]), 0.0)), n)


def _capsule(s: dict[str, Any], n: int) -> mf.Manifold:
    r, h = float(s["radius"]), float(s["height"])
    offset = max(h / 2 - r, 0.0)
    ends = [mf.Manifold.sphere(r, n).translate((0.0, 0.0, z)) for z in (-offset, offset)]
    return mf.Manifold.batch_hull(ends)


def _extrude(s: dict[str, Any], n: int) -> mf.Manifold:
    h = float(s["height"])
    return mf.Manifold.extrude(_section(s["profile"]), h).translate((0.0, 0.0, -h / 2))


def _revolve(s: dict[str, Any], n: int) -> mf.Manifold:
    return mf.Manifold.revolve(_section(s["profile"]), n, float(s.get("degrees", 360.0)))


def _section(profile: list[list[float]]) -> mf.CrossSection:
    points = [(float(x), float(y)) for x, y in profile]
    if signed_area(points) < 0:  # the Positive fill rule keeps counter-clockwise outlines only
        points.reverse()
    return mf.CrossSection([points])


def signed_area(points: list[tuple[float, float]]) -> float:
    total = 0.0
    for (x1, y1), (x2, y2) in zip(points, points[1:] + points[:1], strict=True):
        total += x1 * y2 - x2 * y1
    return total / 2


_BUILDERS = {
    "box": _box,
    "cylinder": _cylinder,
    "cone": _cone,
    "sphere": _sphere,
    "torus": _torus,
    "capsule": _capsule,
    "extrude": _extrude,
    "revolve": _revolve,
}
