"""The templates: table, chair, shelf, lamp, mug and box with lid here, and the plain shapes
of shapes.py (open box, ring, board, frame, bench) and families.py (bowl, dumbbell, cone, rod,
pole stand, bracket, pipe tee, cabinet, leaning stand, house, step stool); see templates.py."""

from __future__ import annotations

import re
from typing import Any

from agents.three_d.families import FAMILIES
from agents.three_d.shapes import SHAPES
from agents.three_d.templates import Param, Template, _box, _corners, _require

L = "length"


def _table(p: dict[str, Any]) -> list[dict[str, Any]]:
    w, d, h, t, leg = p["width"], p["depth"], p["height"], p["top_thickness"], p["leg_thickness"]
    _require(t < h / 2, "top_thickness must be less than half the height")
    _require(2.5 * leg < min(w, d), "leg_thickness is too large for the top")
    parts = [_box("top", (w, d, t), (0, 0, h - t / 2), p["color"])]
    for i, (x, y) in enumerate(_corners(w / 2 - leg, d / 2 - leg), 1):
        parts.append(_leg(f"leg_{i}", p, leg, h - t, (x, y)))
    if p["drawer"] or p["knob"]:
        parts += _drawer(p, w, d, h, t, leg)
    return parts


def _leg(
    name: str, p: dict[str, Any], size: float, height: float, at: tuple[float, float]
) -> dict[str, Any]:
    if p.get("round_legs"):
        shape = {"primitive": "cylinder", "radius": size / 2, "height": height}
        return {
            "name": name,
            "material": p["color"],
            "shape": shape,
            "transform": {"translate": [*at, height / 2]},
        }
    return _box(name, (size, size, height), (*at, height / 2), p["color"])


def _drawer(
    p: dict[str, Any], w: float, d: float, h: float, t: float, leg: float
) -> list[dict[str, Any]]:
    dw, dd, dh = min(0.4 * w, w - 4 * leg), d - 3 * leg, min(120.0, 0.15 * h)
    front = -d / 2 + leg
    parts = [_box("drawer", (dw, dd, dh), (0, front + dd / 2, h - t - dh / 2), p["color"])]
    if p["knob"]:
        radius = min(15.0, dh / 3, 0.6 * leg)
        knob = {"primitive": "sphere", "radius": radius}
        # Relative to the drawer: the centre of its front face, so half the knob stands out.
        parts.append(
            {
                "name": "knob",
                "parent": "drawer",
                "material": "brass",
                "shape": knob,
                "transform": {"translate": [0, -dd / 2, 0]},
            }
        )
    return parts


def _chair(p: dict[str, Any]) -> list[dict[str, Any]]:
    w, d, h, sh = p["width"], p["depth"], p["height"], p["seat_height"]
    st, leg, bt = p["seat_thickness"], p["leg_thickness"], p["back_thickness"]
    _require(sh + 50 < h, "seat_height must be at least 5 cm below the height of the back")
    _require(
        st < sh / 2 and 2.5 * leg < min(w, d) and bt < d / 3, "seat, legs or back are too thick"
    )
    parts = [_box("seat", (w, d, st), (0, 0, sh - st / 2), p["color"])]
    for i, (x, y) in enumerate(_corners(w / 2 - leg / 2, d / 2 - leg / 2), 1):
        parts.append(_box(f"leg_{i}", (leg, leg, sh - st), (x, y, (sh - st) / 2), p["color"]))
    parts.append(
        _box("backrest", (w, bt, h - sh), (0, d / 2 - bt / 2, sh + (h - sh) / 2), p["color"])
    )
    return parts


def _shelf(p: dict[str, Any]) -> list[dict[str, Any]]:
    w, d, h, t, n = p["width"], p["depth"], p["height"], p["board_thickness"], int(p["shelves"])
    _require(4 * t < w and n * t * 3 < h, "boards are too thick for this size")
    color = p["color"]
    parts = [
        _box(f"side_{s}", (t, d, h), (x * (w / 2 - t / 2), 0, h / 2), color)
        for s, x in (("left", -1), ("right", 1))
    ]
    step = (h - t) / (n - 1)
    parts += [
        _box(f"board_{i + 1}", (w - 2 * t, d, t), (0, 0, t / 2 + i * step), color) for i in range(n)
    ]
    if p["back_panel"]:
        parts.append(_box("back", (w - 2 * t, 6.0, h), (0, d / 2 - 3.0, h / 2), color))
    return parts


def _lamp(p: dict[str, Any]) -> list[dict[str, Any]]:
    h, sd, sh, pd = p["height"], p["shade_diameter"], p["shade_height"], p["pole_diameter"]
    bd = min(p["base_diameter"], sd)
    base_h, wall = min(40.0, max(15.0, 0.06 * h)), 2.0
    _require(sh < 0.7 * h and pd < bd / 3, "the shade is too tall or the pole too thick")
    top = 0.6 * sd / 2
    shade = {
        "operation": "difference",
        "children": [
            {"primitive": "cone", "radius": sd / 2, "top_radius": top, "height": sh},
            {"primitive": "cone", "radius": sd / 2 - wall, "top_radius": top - wall, "height": sh, "transform": {"translate": [0, 0, -wall]}},
        ],
    }  # fmt: skip
    pole_h = h - base_h - wall
    dark = "black"
    return [
        {"name": "base", "material": dark, "shape": {"primitive": "cylinder", "radius": bd / 2, "height": base_h}, "transform": {"translate": [0, 0, base_h / 2]}},
        {"name": "pole", "material": dark, "shape": {"primitive": "cylinder", "radius": pd / 2, "height": pole_h}, "transform": {"translate": [0, 0, base_h + pole_h / 2]}},
        {"name": "shade", "material": p["color"], "shape": shade, "transform": {"translate": [0, 0, h - sh / 2]}},
        {"name": "bulb", "parent": "pole", "material": "white", "shape": {"primitive": "sphere", "radius": min(30.0, sd / 6)}, "transform": {"translate": [0, 0, pole_h / 2 - sh / 2]}},
    ]  # fmt: skip


def _mug(p: dict[str, Any]) -> list[dict[str, Any]]:
    r, h, wall = p["diameter"] / 2, p["height"], p["wall"]
    _require(2.5 * wall < r and 3 * wall < h, "the wall is too thick for this mug")
    body = {
        "operation": "difference",
        "children": [
            {"primitive": "cylinder", "radius": r, "height": h},
            {"primitive": "cylinder", "radius": r - wall, "height": h, "transform": {"translate": [0, 0, wall]}},
        ],
    }  # fmt: skip
    body_part = {"name": "body", "material": p["color"], "shape": body, "transform": {"translate": [0, 0, h / 2]}}  # fmt: skip
    return [body_part, _handle(p["color"], r, h, wall)] if p["handle"] else [body_part]


def _handle(color: str, r: float, h: float, wall: float) -> dict[str, Any]:
    """A torus standing beside the body, cut back to half the wall so it fuses with the body."""
    ring = {"primitive": "torus", "major_radius": 0.28 * h, "minor_radius": 0.05 * h, "transform": {"rotate": [90, 0, 0]}}  # fmt: skip
    cut = {"primitive": "cylinder", "radius": r - wall / 2, "height": h, "transform": {"translate": [-r, 0, 0]}}  # fmt: skip
    shape = {"operation": "difference", "children": [ring, cut]}
    return {"name": "handle", "material": color, "shape": shape, "transform": {"translate": [r, 0, h / 2]}}  # fmt: skip


def _box_with_lid(p: dict[str, Any]) -> list[dict[str, Any]]:
    w, d, h, wall, lid = p["width"], p["depth"], p["height"], p["wall"], p["lid_height"]
    _require(3 * wall < min(w, d) and lid + 2 * wall < h and lid > wall, "walls or lid do not fit")
    body_h = h - lid
    body = {
        "operation": "difference",
        "children": [
            {"primitive": "box", "size": [w, d, body_h]},
            {"primitive": "box", "size": [w - 2 * wall, d - 2 * wall, body_h], "transform": {"translate": [0, 0, wall]}},
        ],
    }  # fmt: skip
    lip = lid / 2
    cover = {
        "operation": "union",
        "children": [
            {"primitive": "box", "size": [w, d, lid]},
            {"primitive": "box", "size": [w - 2 * wall - 1, d - 2 * wall - 1, lip], "transform": {"translate": [0, 0, -lid / 2 - lip / 2]}},
        ],
    }  # fmt: skip
    return [
        {
            "name": "box",
            "material": p["color"],
            "shape": body,
            "transform": {"translate": [0, 0, body_h / 2]},
        },
        {
            "name": "lid",
            "material": p["color"],
            "shape": cover,
            "transform": {"translate": [0, 0, body_h + lid / 2]},
        },
    ]


def _color(default: str) -> Param:
    return Param("color", default, about="colour or material preset")


TEMPLATES: dict[str, Template] = {
    t.name: t
    for t in (
        Template(
            "table", "A four-legged table, optionally with a drawer and a round knob.", ("table", "desk"),
            {"width": Param(L, 1200, 200, 4000, "overall width"), "depth": Param(L, 700, 200, 2000, "overall depth"),
             "height": Param(L, 750, 200, 1500, "overall height"), "top_thickness": Param(L, 30, 10, 120, "table top thickness"),
             "leg_thickness": Param(L, 50, 15, 200, "leg thickness"), "round_legs": Param("flag", False, about="round legs"),
             "drawer": Param("flag", False, about="a drawer under the top"), "knob": Param("flag", False, about="a round knob on the drawer"),
             "color": _color("wood")},
            _table, {"width": "width", "depth": "depth", "height": "height"}, 5,
        ),
        Template(
            "chair", "A chair with four legs, a seat and a solid backrest.", ("chair",),
            {"width": Param(L, 450, 250, 1000, "seat width"), "depth": Param(L, 450, 250, 1000, "seat depth"),
             "height": Param(L, 900, 400, 1500, "height to the top of the backrest"), "seat_height": Param(L, 450, 200, 900, "seat height"),
             "seat_thickness": Param(L, 40, 10, 100, "seat thickness"), "leg_thickness": Param(L, 40, 15, 120, "leg thickness"),
             "back_thickness": Param(L, 30, 10, 100, "backrest thickness"), "color": _color("wood")},
            _chair, {"width": "width", "depth": "depth", "height": "height"}, 6,
        ),
        Template(
            "shelf", "A shelving unit: two sides, horizontal boards, an optional back panel.", ("bookshelf", "bookcase", "shelf", "shelving"),
            {"width": Param(L, 800, 200, 3000, "overall width"), "depth": Param(L, 300, 100, 1000, "overall depth"),
             "height": Param(L, 1800, 200, 3000, "overall height"), "shelves": Param("count", 5, 2, 12, "number of boards, top and bottom included"),
             "board_thickness": Param(L, 18, 8, 60, "board thickness"), "back_panel": Param("flag", True, about="a back panel"),
             "color": _color("wood")},
            _shelf, {"width": "width", "depth": "depth", "height": "height"}, 4,
        ),
        Template(
            "lamp", "A table lamp: round base, pole, a hollow conical shade and a bulb.", ("lamp",),
            {"height": Param(L, 450, 150, 2000, "overall height"), "shade_diameter": Param(L, 260, 80, 800, "shade diameter at the bottom"),
             "shade_height": Param(L, 180, 50, 800, "shade height"), "base_diameter": Param(L, 160, 60, 600, "base diameter"),
             "pole_diameter": Param(L, 16, 6, 60, "pole diameter"), "color": _color("white")},
            _lamp, {"height": "height", "diameter": "shade_diameter", "width": "shade_diameter", "depth": "shade_diameter"}, 4,
        ),
        Template(
            "mug", "A mug: a hollow cylinder with a closed bottom and an optional handle.", ("mug", "cup"),
            {"diameter": Param(L, 80, 30, 300, "body diameter"), "height": Param(L, 95, 30, 300, "height"),
             "wall": Param(L, 4, 1.5, 20, "wall thickness"), "handle": Param("flag", True, about="a handle"),
             "color": _color("ceramic")},
            _mug, {"diameter": "diameter", "depth": "diameter", "height": "height"}, 1,
        ),
        Template(
            "box_with_lid", "An open box with a wall thickness and a lid that sits on it.", ("box", "chest", "container", "case"),
            {"width": Param(L, 200, 30, 2000, "overall width"), "depth": Param(L, 150, 30, 2000, "overall depth"),
             "height": Param(L, 100, 20, 2000, "overall height, lid included"), "wall": Param(L, 6, 1.5, 50, "wall thickness"),
             "lid_height": Param(L, 20, 5, 200, "lid height"), "color": _color("wood")},
            _box_with_lid, {"width": "width", "depth": "depth", "height": "height"}, 2,
        ),
        *SHAPES,
        *FAMILIES,
    )
}  # fmt: skip


def match_template(text: str) -> str | None:
    """The template the brief's first object noun names. In a compound the last noun is the
    object ("a table lamp" is a lamp), so a keyword followed by another keyword yields to it."""
    words = re.findall(r"[a-z]+", text.lower())
    named = [_template_of(word) for word in words]
    for i, name in enumerate(named):
        if name is not None:
            while i + 1 < len(named) and named[i + 1] is not None:
                i += 1
            return named[i]
    return None


def phrase_template(phrase: str, text: str = "") -> str | None:
    """The template one of whose several-word keywords names the object ("a coat rack", "a
    plumbing t-piece", "a chest of drawers"): the object's name, or the text around its noun,
    holds the whole keyword; such names are not read word by word ("a spice rack" is no coat
    rack)."""
    lowered = " ".join(re.findall(r"[a-z-]+", phrase.lower()))
    noun = lowered.split()[-1] if lowered else ""
    for template in TEMPLATES.values():
        for key in (k for k in template.keywords if " " in k or "-" in k):
            if lowered in (key, f"{key}s") or lowered.endswith((f" {key}", f" {key}s")):
                return template.name
            if noun in key.split() and re.search(rf"\b{re.escape(key)}s?\b", text.lower()):
                return template.name
    return None


def _template_of(word: str) -> str | None:
    for template in TEMPLATES.values():
        if any(word == k or word == f"{k}s" or word == f"{k}es" for k in template.keywords):
            return template.name
    return None
