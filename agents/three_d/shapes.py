"""Templates for the plain shapes customers ask for most after furniture: an open container
(planter, bin, crate), a ring (washer, spacer), a board (shelf board, cutting board, with
rounded corners and holes), a flat frame with a rectangular opening, and a slab bench. Each is
one closed solid per part, built in millimetres, Z up, standing on z = 0."""

from __future__ import annotations

import math
from typing import Any

from agents.three_d.templates import Param, Template, _box, _require

L = "length"


def _color(default: str) -> Param:
    return Param("color", default, about="colour or material preset")


def _open_box(p: dict[str, Any]) -> list[dict[str, Any]]:
    w, d, h, wall, hole = p["width"], p["depth"], p["height"], p["wall"], p["drain_hole"]
    _require(2 * wall < min(w, d) and wall < h, "the walls are too thick for this size")
    _require(hole < min(w, d) - 2 * wall, "the hole is wider than the floor")
    cut = {"primitive": "box", "size": [w - 2 * wall, d - 2 * wall, h], "transform": {"translate": [0, 0, wall]}}  # fmt: skip
    children: list[dict[str, Any]] = [{"primitive": "box", "size": [w, d, h]}, cut]
    if hole > 0:
        children.append({"primitive": "cylinder", "radius": hole / 2, "height": 3 * wall})
    body = {"operation": "difference", "children": children}
    return [{"name": "body", "material": p["color"], "shape": body, "transform": {"translate": [0, 0, h / 2]}}]  # fmt: skip


def _ring(p: dict[str, Any]) -> list[dict[str, Any]]:
    outer, inner, t = p["outer_diameter"] / 2, p["inner_diameter"] / 2, p["thickness"]
    _require(inner < outer, "the hole must be smaller than the outside diameter")
    profile = [[inner, 0], [outer, 0], [outer, t], [inner, t]] if inner > 0 else [[0, 0], [outer, 0], [outer, t], [0, t]]  # fmt: skip
    return [{"name": "ring", "material": p["color"], "shape": {"primitive": "revolve", "profile": profile}}]  # fmt: skip


def _rounded_rectangle(w: float, d: float, r: float, steps: int = 6) -> list[list[float]]:
    if r <= 0:
        return [[-w / 2, -d / 2], [w / 2, -d / 2], [w / 2, d / 2], [-w / 2, d / 2]]
    points = []
    corners = [(w / 2 - r, -d / 2 + r, -90), (w / 2 - r, d / 2 - r, 0), (-w / 2 + r, d / 2 - r, 90), (-w / 2 + r, -d / 2 + r, 180)]  # fmt: skip
    for cx, cy, start in corners:
        for i in range(steps + 1):
            a = math.radians(start + 90 * i / steps)
            points.append([round(cx + r * math.cos(a), 6), round(cy + r * math.sin(a), 6)])
    return points


def _board(p: dict[str, Any]) -> list[dict[str, Any]]:
    w, d, t, r = p["width"], p["depth"], p["height"], p["corner_radius"]
    n, hole, inset = int(p["holes"]), p["hole_diameter"], p["hole_inset"]
    _require(2 * r < min(w, d), "the corner radius is too large for the board")
    _require(n == 0 or (hole < d and 2 * inset < w), "the holes do not fit on the board")
    slab = {"primitive": "extrude", "profile": _rounded_rectangle(w, d, r), "height": t}
    if n == 0:
        shape: dict[str, Any] = slab
    else:
        xs = [0.0] if n == 1 else [-w / 2 + inset + i * (w - 2 * inset) / (n - 1) for i in range(n)]
        holes = [{"primitive": "cylinder", "radius": hole / 2, "height": 3 * t, "transform": {"translate": [x, 0, 0]}} for x in xs]  # fmt: skip
        shape = {"operation": "difference", "children": [slab, *holes]}
    return [{"name": "board", "material": p["color"], "shape": shape, "transform": {"translate": [0, 0, t / 2]}}]  # fmt: skip


def _frame(p: dict[str, Any]) -> list[dict[str, Any]]:
    w, d, t, border = p["width"], p["depth"], p["height"], p["border"]
    _require(2 * border < min(w, d), "the border leaves no opening")
    opening = {"primitive": "box", "size": [w - 2 * border, d - 2 * border, 3 * t]}
    shape = {"operation": "difference", "children": [{"primitive": "box", "size": [w, d, t]}, opening]}  # fmt: skip
    return [{"name": "frame", "material": p["color"], "shape": shape, "transform": {"translate": [0, 0, t / 2]}}]  # fmt: skip


def _bench(p: dict[str, Any]) -> list[dict[str, Any]]:
    w, d, h, st, lt, inset = p["width"], p["depth"], p["height"], p["seat_thickness"], p["leg_thickness"], p["leg_inset"]  # fmt: skip
    _require(st < h and 2 * (inset + lt) < w, "the seat or the legs do not fit")
    color = p["color"]
    legs = [
        _box(f"leg_{i}", (lt, d, h - st), (x * (w / 2 - inset - lt / 2), 0, (h - st) / 2), color)
        for i, x in ((1, -1), (2, 1))
    ]
    return [_box("seat", (w, d, st), (0, 0, h - st / 2), color), *legs]


SHAPES: tuple[Template, ...] = (
    Template(
        "open_box", "An open-topped container: walls, a floor, optionally a drain hole in the floor.", ("planter", "bin", "crate", "tub", "trough"),
        {"width": Param(L, 400, 20, 3000, "overall width"), "depth": Param(L, 200, 20, 3000, "overall depth"),
         "height": Param(L, 200, 10, 3000, "overall height"), "wall": Param(L, 10, 1, 200, "wall and floor thickness"),
         "drain_hole": Param(L, 0, 0, 500, "diameter of a hole in the middle of the floor (0 for none)"), "color": _color("grey")},
        _open_box, {"width": "width", "depth": "depth", "height": "height"}, 1,
    ),
    Template(
        "ring", "A flat ring (washer, spacer): outside and inside diameters and a thickness.", ("washer", "spacer", "ring", "grommet"),
        {"outer_diameter": Param(L, 40, 2, 2000, "outside diameter"), "inner_diameter": Param(L, 20, 0, 1990, "hole diameter"),
         "thickness": Param(L, 5, 0.2, 500, "thickness"), "color": _color("steel")},
        _ring, {"diameter": "outer_diameter", "width": "outer_diameter", "depth": "outer_diameter", "height": "thickness"}, 1,
    ),
    Template(
        "board", "A flat board or slab, with rounded corners and holes along its centre line if asked.", ("board", "slab", "plank", "tile", "coaster"),
        {"width": Param(L, 600, 10, 4000, "length"), "depth": Param(L, 250, 10, 2000, "depth"),
         "height": Param(L, 19, 1, 200, "thickness"), "corner_radius": Param(L, 0, 0, 500, "corner radius"),
         "holes": Param("count", 0, 0, 8, "holes along the centre line"), "hole_diameter": Param(L, 6, 1, 200, "hole diameter"),
         "hole_inset": Param(L, 20, 1, 1000, "distance of the outer holes from the ends"), "color": _color("wood")},
        _board, {"width": "width", "depth": "depth", "height": "height"}, 1,
    ),
    Template(
        "frame", "A flat frame with a rectangular opening (a picture frame lying down).", ("frame",),
        {"width": Param(L, 300, 20, 3000, "outside width"), "depth": Param(L, 400, 20, 3000, "outside depth"),
         "height": Param(L, 20, 1, 200, "thickness"), "border": Param(L, 30, 2, 1000, "moulding width"), "color": _color("black")},
        _frame, {"width": "width", "depth": "depth", "height": "height"}, 1,
    ),
    Template(
        "bench", "A slab bench: a seat on two slab legs set in from the ends.", ("bench",),
        {"width": Param(L, 1200, 300, 4000, "length"), "depth": Param(L, 350, 150, 1000, "depth"),
         "height": Param(L, 450, 150, 1000, "seat height (top)"), "seat_thickness": Param(L, 40, 10, 150, "seat thickness"),
         "leg_thickness": Param(L, 50, 10, 200, "leg thickness"), "leg_inset": Param(L, 100, 0, 1000, "legs' distance from the ends"),
         "color": _color("wood")},
        _bench, {"width": "width", "depth": "depth", "height": "height"}, 3,
    ),
)  # fmt: skip
