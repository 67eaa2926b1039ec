"""Templates for the shape families briefs name most after furniture and plain shapes: turned
objects (solids of revolution stacked along one axis: a bowl on its foot, a bar between two
discs, a cone on a base plate, a pointed prism lying down, a pole on a round base), an angle
bracket from two plates, a pipe tee whose bores connect, a carcass with equal drawer fronts and
knobs, a stand with a leaning back plate, a small house with a gable roof, and a step stool.
Each is filled from the brief's reading alone (interpret.py), so no model has to write a
free-form spec for them. Millimetres, Z up, standing on z = 0."""

from __future__ import annotations

import math
from typing import Any

from agents.three_d.templates import Param, Template, _box, _require

L = "length"


def _color(default: str) -> Param:
    return Param("color", default, about="colour or material preset")


def _part(name: str, shape: dict[str, Any], color: str, at: list[float]) -> dict[str, Any]:
    return {"name": name, "material": color, "shape": shape, "transform": {"translate": at}}


def stack(sections: list[tuple[float, float, float]]) -> dict[str, Any]:
    """One closed solid of revolution around Z from round sections stacked bottom to top, each
    (bottom radius, top radius, height): a cylinder, a disc, a cone or frustum, a point."""
    profile: list[list[float]] = [[0.0, 0.0]]
    z = 0.0
    for bottom, top, height in sections:
        profile += [[bottom, z], [top, z + height]]
        z += height
    profile.append([0.0, z])
    cleaned = [p for i, p in enumerate(profile) if i == 0 or p != profile[i - 1]]
    return {"primitive": "revolve", "profile": [[round(r, 6), round(h, 6)] for r, h in cleaned]}


def _bowl(p: dict[str, Any]) -> list[dict[str, Any]]:
    """A shell (half an ellipsoid: a hemisphere when the depth is half the diameter) on a flat
    foot; the height is the whole bowl's, foot included."""
    R, h, wall, fr, fh = p["diameter"] / 2, p["height"], p["wall"], p["foot_diameter"] / 2, p["foot_height"]  # fmt: skip
    b = h - fh
    _require(wall < min(R, b) / 2, "the wall is too thick for this bowl")
    _require(0 < fr < R - wall and fh < h / 2, "the foot does not fit under the bowl")
    steps = 24
    start = math.asin(fr / R)
    outer = [[R * math.sin(t), h - b * math.cos(t)] for t in (start + (math.pi / 2 - start) * i / steps for i in range(steps + 1))]  # fmt: skip
    a_i, b_i = R - wall, b - wall
    inner = [[a_i * math.sin(t), h - b_i * math.cos(t)] for t in (math.pi / 2 * (1 - i / steps) for i in range(steps + 1))]  # fmt: skip
    profile = [[0.0, 0.0], [fr, 0.0], *outer, *inner]
    shape = {"primitive": "revolve", "profile": [[round(r, 6), round(z, 6)] for r, z in profile]}
    return [{"name": "bowl", "material": p["color"], "shape": shape}]


def _dumbbell(p: dict[str, Any]) -> list[dict[str, Any]]:
    """A bar between two discs on one horizontal axis (X), one solid."""
    length, bar, disc, t = p["length"], p["bar_diameter"] / 2, p["disc_diameter"] / 2, p["disc_thickness"]  # fmt: skip
    _require(
        2 * t < length and bar < disc, "the discs must be wider than the bar and fit its length"
    )
    shape = stack([(disc, disc, t), (bar, bar, length - 2 * t), (disc, disc, t)])
    shape["transform"] = {"translate": [-length / 2, 0, 0], "rotate": [0, 90, 0]}
    return [_part("dumbbell", shape, p["color"], [0, 0, disc])]


def _cone(p: dict[str, Any]) -> list[dict[str, Any]]:
    """A cone or frustum standing on a square base plate (no plate when its thickness is 0)."""
    h, r0, r1, plate, pt = p["height"], p["base_diameter"] / 2, p["top_diameter"] / 2, p["plate_width"], p["plate_thickness"]  # fmt: skip
    _require(r1 < r0 and pt < h, "the top must be narrower than the base and the plate thinner than the cone is tall")  # fmt: skip
    cone = stack([(r0, r1, h - pt)])
    if pt <= 0:
        return [_part("cone", cone, p["color"], [0, 0, 0])]
    _require(plate >= 2 * r0 * 0.5, "the plate is too small for the cone")
    cone["transform"] = {"translate": [0, 0, pt]}
    slab = {"primitive": "box", "size": [plate, plate, pt], "transform": {"translate": [0, 0, pt / 2]}}  # fmt: skip
    return [_part("cone", {"operation": "union", "children": [slab, cone]}, p["color"], [0, 0, 0])]  # fmt: skip


def hexagon_width(across_flats: float) -> float:
    """Across the corners of a regular hexagon."""
    return across_flats * 2 / math.sqrt(3)


def _rod(p: dict[str, Any]) -> list[dict[str, Any]]:
    """A prism (hexagonal like a pencil, or round) lying along X with a conical point at one
    end; `thickness` is across the flats, and a hexagon lies on a flat."""
    length, f, tip, sides = p["length"], p["thickness"], p["tip_length"], int(p["sides"])
    _require(tip < length, "the point is longer than the whole rod")
    body_length = length - tip
    if sides >= 3:
        rc = f / 2 / math.cos(math.pi / sides)
        # A corner on +Y: an even polygon then has flats facing +-X, which become its top and
        # bottom once it is laid along X.
        angles = [math.pi / 2 + 2 * math.pi * i / sides for i in range(sides)]
        ring = [[round(rc * math.cos(a), 6), round(rc * math.sin(a), 6)] for a in angles]
        body: dict[str, Any] = {"primitive": "extrude", "profile": ring, "height": body_length}
    else:
        body = {"primitive": "cylinder", "radius": f / 2, "height": body_length}
    # Along Z first: the body centred at z = 0, the point above it; then laid along X.
    children = [body]
    if tip > 0:
        children.append({"primitive": "cone", "radius": f / 2, "top_radius": 0, "height": tip,
                         "transform": {"translate": [0, 0, body_length / 2 + tip / 2]}})  # fmt: skip
    shape: dict[str, Any] = children[0] if len(children) == 1 else {"operation": "union", "children": children}  # fmt: skip
    shape = {**shape, "transform": {"rotate": [0, 90, 0], "translate": [-tip / 2, 0, 0]}}
    return [_part("rod", shape, p["color"], [0, 0, f / 2])]


def _pole_stand(p: dict[str, Any]) -> list[dict[str, Any]]:
    """A round pole on a round base, with pegs sticking out evenly around it near the top."""
    h, pole, base, bt = p["height"], p["pole_diameter"] / 2, p["base_diameter"] / 2, p["base_thickness"]  # fmt: skip
    n, peg_len, peg, at = int(p["pegs"]), p["peg_length"], p["peg_diameter"] / 2, p["peg_height"]
    _require(pole < base and bt < h, "the pole must be thinner than the base and the base thinner than the stand is tall")  # fmt: skip
    _require(n == 0 or bt < at < h - peg, "the pegs must sit on the pole")
    body = stack([(base, base, bt), (pole, pole, h - bt)])
    parts = [_part("stand", body, p["color"], [0, 0, 0])]
    for i in range(n):
        angle = 360 * i / n
        shape = {"primitive": "cylinder", "radius": peg, "height": peg_len + pole}
        a = math.radians(angle)
        reach = (peg_len + pole) / 2
        parts.append({"name": f"peg_{i + 1}", "material": p["color"], "shape": shape,
                      "transform": {"rotate": [0, 90, angle], "translate": [round(reach * math.cos(a), 6), round(reach * math.sin(a), 6), at]}})  # fmt: skip
    return parts


def _bracket(p: dict[str, Any]) -> list[dict[str, Any]]:
    """An L (angle) bracket: a vertical plate `height` long and a horizontal one `width` long,
    `depth` wide, meeting at a square outer corner (X from the wall, Z up)."""
    w, d, h, t = p["width"], p["depth"], p["height"], p["thickness"]
    _require(t < min(w, h), "the plate is thicker than an arm is long")
    upright = {"primitive": "box", "size": [t, d, h], "transform": {"translate": [-w / 2 + t / 2, 0, h / 2]}}  # fmt: skip
    arm = {"primitive": "box", "size": [w, d, t], "transform": {"translate": [0, 0, h - t / 2]}}
    return [_part("bracket", {"operation": "union", "children": [upright, arm]}, p["color"], [0, 0, 0])]  # fmt: skip


def _pipe_tee(p: dict[str, Any]) -> list[dict[str, Any]]:
    """A T: a main tube along X and a branch rising from its middle to `branch_height` above
    the main axis; the bores connect (both cut after the union), one closed solid."""
    length, ro, ri, up = p["length"], p["outer_diameter"] / 2, p["bore"] / 2, p["branch_height"]
    _require(ri < ro and up > ro, "the bore must be narrower than the pipe and the branch rise above it")  # fmt: skip
    main = {"primitive": "cylinder", "radius": ro, "height": length, "transform": {"rotate": [0, 90, 0]}}  # fmt: skip
    branch = {"primitive": "cylinder", "radius": ro, "height": up, "transform": {"translate": [0, 0, up / 2]}}  # fmt: skip
    bore = {"primitive": "cylinder", "radius": ri, "height": length + 2, "transform": {"rotate": [0, 90, 0]}}  # fmt: skip
    branch_bore = {"primitive": "cylinder", "radius": ri, "height": up + 1, "transform": {"translate": [0, 0, up / 2 + 0.5]}}  # fmt: skip
    outside = {"operation": "union", "children": [main, branch]}
    shape = {"operation": "difference", "children": [outside, bore, branch_bore]}
    return [_part("tee", shape, p["color"], [0, 0, ro])]


def _cabinet(p: dict[str, Any]) -> list[dict[str, Any]]:
    """A carcass (two sides, top, bottom, back) with equal drawer fronts flush with its front,
    each with a round knob; the depth includes the knobs."""
    w, d, h, t, n = p["width"], p["depth"], p["height"], p["board_thickness"], int(p["drawers"])
    ft, knob = p["front_thickness"], p["knob_diameter"] / 2
    body_d = d - knob  # half of each knob stands out of its front
    _require(4 * t < min(w, h) and ft + t < body_d, "the boards are too thick for this size")
    c = p["color"]
    front_y = -d / 2 + knob  # the carcass's (and the fronts') front face
    mid_y = front_y + body_d / 2
    parts = [
        _box("side_1", (t, body_d, h), (-w / 2 + t / 2, mid_y, h / 2), c),
        _box("side_2", (t, body_d, h), (w / 2 - t / 2, mid_y, h / 2), c),
        _box("top", (w - 2 * t, body_d - t, t), (0, mid_y - t / 2, h - t / 2), c),
        _box("bottom", (w - 2 * t, body_d - t, t), (0, mid_y - t / 2, t / 2), c),
        _box("back", (w - 2 * t, t, h), (0, front_y + body_d - t / 2, h / 2), c),
    ]
    opening = (h - 2 * t) / n
    _require(2 * knob < min(opening, w - 2 * t), "the knobs are larger than a drawer front")
    for i in range(n):
        z = t + opening * (i + 0.5)
        parts.append(_box(f"drawer_{i + 1}", (w - 2 * t, ft, opening), (0, front_y + ft / 2, z), c))  # fmt: skip
        parts.append(_part(f"knob_{i + 1}", {"primitive": "sphere", "radius": knob}, c, [0, front_y, z]))  # fmt: skip
    return parts


def _step_stool(p: dict[str, Any]) -> list[dict[str, Any]]:
    """Two side panels the full depth and height with treads between them at equal rises; the
    top tread spans the back half, each lower one reaches further forward."""
    w, d, h, n, tt, st = p["width"], p["depth"], p["height"], int(p["steps"]), p["tread_thickness"], p["side_thickness"]  # fmt: skip
    _require(2 * st < w and n * tt < h, "the panels or treads are too thick for this size")
    c = p["color"]
    parts = [_box(f"side_{i}", (st, d, h), (x * (w / 2 - st / 2), 0, h / 2), c) for i, x in ((1, -1), (2, 1))]  # fmt: skip
    for i in range(1, n + 1):
        top = h * i / n
        depth = d * (n - i + 1) / n if n > 1 else d
        depth = max(depth, d / 2) if i == n and n > 1 else depth
        parts.append(_box(f"tread_{i}", (w - 2 * st, depth, tt), (0, d / 2 - depth / 2, top - tt / 2), c))  # fmt: skip
    return parts


def _leaning_stand(p: dict[str, Any]) -> list[dict[str, Any]]:
    """A base plate, a back plate leaning back `angle` degrees from vertical whose top is at
    `height`, and a lip along the base's front edge, one solid (phone, tablet or book stand)."""
    w, d, h, t, bt, lip = p["width"], p["depth"], p["height"], p["base_thickness"], p["back_thickness"], p["lip"]  # fmt: skip
    a = math.radians(int(p["angle"]))
    length = (h - t - bt / 2 * math.sin(a)) / math.cos(a)
    y0 = (
        d / 2 - length * math.sin(a) - bt / 2 * math.cos(a)
    )  # the plate's foot, its top at the back edge
    _require(
        length > 0 and t > bt / 2 * math.sin(a), "the back plate does not reach above the base"
    )
    _require(y0 - bt / 2 * math.cos(a) > -d / 2 + t + lip / 2, "the base is too shallow for the leaning back plate")  # fmt: skip
    base = {"primitive": "box", "size": [w, d, t], "transform": {"translate": [0, 0, t / 2]}}
    lip_box = {"primitive": "box", "size": [w, t, lip], "transform": {"translate": [0, -d / 2 + t / 2, t + lip / 2]}}  # fmt: skip
    centre = [0, y0 + length / 2 * math.sin(a), t + length / 2 * math.cos(a)]
    back = {"primitive": "box", "size": [w, bt, length], "transform": {"rotate": [-math.degrees(a), 0, 0], "translate": [round(c, 6) for c in centre]}}  # fmt: skip
    children = [base, back, lip_box] if lip > 0 else [base, back]
    return [_part("stand", {"operation": "union", "children": children}, p["color"], [0, 0, 0])]


def _house(p: dict[str, Any]) -> list[dict[str, Any]]:
    """A small house (birdhouse, nesting box): hollow walls on a floor with a round entrance
    in the front, and a solid gable roof whose ridge runs along X; `height` is to the ridge."""
    w, d, wall, ridge = p["width"], p["depth"], p["wall"], p["ridge"]
    h = p["height"] - ridge  # the eaves
    hole, at = p["hole_diameter"], p["hole_height"]
    if at <= 0:  # not given: two thirds of the way up the front wall, whatever the house's size
        at = round(wall + (h - wall) * 2 / 3, 6)
    _require(2 * wall < min(w, d) and wall < h, "the roof or the walls are too thick for this size")
    _require(hole == 0 or (hole < w - 2 * wall and wall + hole / 2 < at < h - hole / 2), "the entrance does not fit in the front wall")  # fmt: skip
    inside = {"primitive": "box", "size": [w - 2 * wall, d - 2 * wall, h], "transform": {"translate": [0, 0, wall + h / 2]}}  # fmt: skip
    children: list[dict[str, Any]] = [{"primitive": "box", "size": [w, d, h], "transform": {"translate": [0, 0, h / 2]}}, inside]  # fmt: skip
    if hole > 0:
        children.append({"primitive": "cylinder", "radius": hole / 2, "height": 3 * wall, "transform": {"rotate": [90, 0, 0], "translate": [0, -d / 2, at]}})  # fmt: skip
    gable = [[-d / 2, 0], [d / 2, 0], [0, ridge]]
    roof = {
        "primitive": "extrude",
        "profile": gable,
        "height": w,
        "transform": {"rotate": [90, 0, 90]},
    }
    return [
        _part("walls", {"operation": "difference", "children": children}, p["color"], [0, 0, 0]),
        _part("roof", roof, p["roof_color"], [0, 0, h]),
    ]


FAMILIES: tuple[Template, ...] = (
    Template(
        "bowl", "A bowl: a round shell (a half sphere when the depth is half the diameter) on a flat foot.", ("bowl", "basin", "dish"),
        {"diameter": Param(L, 250, 30, 2000, "rim diameter"), "height": Param(L, 120, 10, 1000, "overall height, foot included"),
         "wall": Param(L, 5, 1, 50, "wall thickness"), "foot_diameter": Param(L, 90, 5, 1500, "foot diameter"),
         "foot_height": Param(L, 8, 0.5, 200, "foot height"), "color": _color("ceramic")},
        _bowl, {"diameter": "diameter", "width": "diameter", "depth": "diameter", "height": "height"}, 1,
        within=("base",),
    ),
    Template(
        "dumbbell", "A bar with a disc at each end on one horizontal axis (dumbbell, spool), one solid.", ("dumbbell", "barbell", "spool", "bobbin"),
        {"length": Param(L, 300, 30, 3000, "overall length"), "bar_diameter": Param(L, 30, 3, 300, "bar diameter"),
         "disc_diameter": Param(L, 120, 6, 1000, "disc diameter"), "disc_thickness": Param(L, 30, 1, 500, "disc thickness"),
         "color": _color("grey")},
        _dumbbell, {"width": "length", "depth": "disc_diameter", "height": "disc_diameter"}, 1,
        within=("handle", "disc"),
    ),
    Template(
        "cone", "A cone or frustum, optionally on a square base plate (traffic cone, bollard).", ("cone", "bollard", "pylon"),
        {"height": Param(L, 450, 10, 3000, "overall height, plate included"), "base_diameter": Param(L, 260, 5, 2000, "diameter at the bottom"),
         "top_diameter": Param(L, 40, 0, 2000, "diameter at the top (0 for a point)"), "plate_width": Param(L, 300, 0, 3000, "square plate width"),
         "plate_thickness": Param(L, 20, 0, 200, "plate thickness (0 for none)"), "color": _color("orange")},
        _cone, {"height": "height", "width": "plate_width", "depth": "plate_width"}, 1,
    ),
    Template(
        "rod", "A prism (hexagonal or round) lying along its length with a conical point at one end (pencil, dowel).", ("pencil", "crayon", "dowel", "rod", "stake"),
        {"length": Param(L, 175, 5, 3000, "overall length"), "thickness": Param(L, 7, 1, 300, "across the flats"),
         "tip_length": Param(L, 20, 0, 1000, "length of the point (0 for none)"), "sides": Param("count", 6, 0, 12, "sides (0 for round)"),
         "color": _color("yellow")},
        _rod, {"width": "length", "height": "thickness"}, 1,
    ),
    Template(
        "pole_stand", "A round pole on a round base with pegs around it near the top (coat stand).", ("hatstand", "coatstand", "coat rack", "coat stand", "hat stand", "hat rack"),
        {"height": Param(L, 1750, 100, 3000, "overall height"), "pole_diameter": Param(L, 35, 5, 300, "pole diameter"),
         "base_diameter": Param(L, 400, 30, 1500, "base diameter"), "base_thickness": Param(L, 30, 3, 200, "base thickness"),
         "pegs": Param("count", 4, 0, 12, "pegs"), "peg_length": Param(L, 120, 5, 600, "how far a peg sticks out"),
         "peg_diameter": Param(L, 20, 3, 100, "peg diameter"), "peg_height": Param(L, 1650, 20, 3000, "height of the pegs"),
         "color": _color("wood")},
        _pole_stand, {"height": "height"}, 1,
        within=("pole", "base"),
    ),
    Template(
        "bracket", "An L (angle) bracket from two plates meeting at a square corner.", ("bracket", "angle bracket", "corner brace"),
        {"width": Param(L, 120, 5, 2000, "horizontal arm length"), "depth": Param(L, 25, 3, 1000, "plate width"),
         "height": Param(L, 150, 5, 2000, "vertical arm length"), "thickness": Param(L, 5, 0.5, 100, "plate thickness"),
         "color": _color("steel")},
        _bracket, {"width": "width", "depth": "depth", "height": "height"}, 1,
        within=("arm", "plate"),
    ),
    Template(
        "pipe_tee", "A pipe T-piece: a main tube with a branch rising from its middle, bores connected, one solid.", ("t-piece", "tee-piece", "tee piece", "pipe tee", "tee fitting", "tee joint"),
        {"length": Param(L, 100, 10, 3000, "main pipe length"), "outer_diameter": Param(L, 32, 3, 1000, "outer diameter"),
         "bore": Param(L, 26, 1, 990, "bore diameter"), "branch_height": Param(L, 70, 3, 3000, "branch top above the main axis"),
         "color": _color("white")},
        _pipe_tee, {"width": "length"}, 1,
    ),
    Template(
        "cabinet", "A carcass (sides, top, bottom, back) with equal drawer fronts flush with its front, each with a round knob.", ("dresser", "drawer unit", "chest of drawers", "drawer cabinet", "filing cabinet"),
        {"width": Param(L, 500, 150, 3000, "overall width"), "depth": Param(L, 450, 150, 1500, "overall depth, knobs included"),
         "height": Param(L, 700, 150, 3000, "overall height"), "board_thickness": Param(L, 18, 6, 60, "carcass board thickness"),
         "drawers": Param("count", 3, 1, 10, "equal drawers, stacked"), "front_thickness": Param(L, 20, 6, 60, "drawer front thickness"),
         "knob_diameter": Param(L, 30, 5, 100, "knob diameter"), "color": _color("white")},
        _cabinet, {"width": "width", "depth": "depth", "height": "height"}, 7,
    ),
    Template(
        "leaning_stand", "A stand: a base plate, a back plate leaning back from vertical and a lip at the front (phone, tablet or book stand), one solid.",
        ("phone stand", "tablet stand", "book stand", "cookbook stand", "plate stand", "phone holder", "tablet holder"),
        {"width": Param(L, 80, 20, 1000, "width"), "depth": Param(L, 100, 20, 1000, "base depth"),
         "height": Param(L, 120, 20, 1000, "top of the back plate above the desk"), "base_thickness": Param(L, 10, 1, 100, "base thickness"),
         "back_thickness": Param(L, 10, 1, 100, "back plate thickness"), "lip": Param(L, 15, 0, 200, "lip height above the base (0 for none)"),
         "angle": Param("count", 20, 0, 60, "back plate's lean from vertical, degrees"), "color": _color("white")},
        _leaning_stand, {"width": "width", "depth": "depth", "height": "height"}, 1,
        within=("base", "back"),
    ),
    Template(
        "house", "A small house (birdhouse, nesting box): hollow walls on a floor, a round entrance in the front and a gable roof.",
        ("birdhouse", "nesting box", "bird box", "nest box", "dollhouse"),
        {"width": Param(L, 150, 30, 2000, "width"), "depth": Param(L, 150, 30, 2000, "depth"),
         "height": Param(L, 280, 30, 3000, "overall height, to the ridge"), "wall": Param(L, 10, 1, 100, "wall thickness"),
         "ridge": Param(L, 80, 5, 1000, "ridge above the eaves"), "hole_diameter": Param(L, 32, 0, 500, "entrance diameter (0 for none)"),
         "hole_height": Param(L, 0, 0, 2000, "entrance centre above the ground (0: two thirds up the front wall)"), "color": _color("wood"), "roof_color": _color("green")},
        _house, {"width": "width", "depth": "depth", "height": "height"}, 2,
        within=("floor",),
    ),
    Template(
        "step_stool", "A step stool: two side panels with treads between them at equal rises, the top tread at the full height.", ("stepladder", "step stool", "kick stool"),
        {"width": Param(L, 400, 150, 1500, "overall width"), "depth": Param(L, 380, 150, 1500, "overall depth"),
         "height": Param(L, 450, 100, 1500, "overall height (the top tread)"), "steps": Param("count", 2, 1, 5, "treads"),
         "tread_thickness": Param(L, 20, 6, 80, "tread thickness"), "side_thickness": Param(L, 18, 6, 80, "side panel thickness"),
         "color": _color("pine")},
        _step_stool, {"width": "width", "depth": "depth", "height": "height"}, 3,
    ),
)  # fmt: skip
