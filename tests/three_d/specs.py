"""Free-form specs the scripted model answers with in the end-to-end tests, some with a planted
error that validation must find and the repair loop must fix."""

from __future__ import annotations

from typing import Any

STEEL = {"base_color": [0.62, 0.63, 0.65], "metallic": 1.0, "roughness": 0.35}


def spec(name: str, units: str, parts: list[dict[str, Any]], **materials: Any) -> dict[str, Any]:
    found = {"spec_version": 1, "name": name, "units": units, "parts": parts}
    return {**found, "materials": materials} if materials else found


# An upside-down L, extruded and turned on its side, with two holes through its top: 60 x 40 x 40 mm.
BRACKET = spec(
    "bracket",
    "mm",
    [
        {
            "name": "bracket",
            "material": "steel",
            "shape": {
                "operation": "difference",
                "children": [
                    {
                        "primitive": "extrude",
                        "profile": [[0, 0], [40, 0], [40, 5], [5, 5], [5, 40], [0, 40]],
                        "height": 60,
                        "transform": {"rotate": [0, 90, 0], "translate": [0, 0, 40]},
                    },
                    {"primitive": "cylinder", "radius": 3, "height": 20, "transform": {"translate": [-15, 25, 37.5]}},
                    {"primitive": "cylinder", "radius": 3, "height": 20, "transform": {"translate": [15, 25, 37.5]}},
                ],
            },
        }
    ],
    steel=STEEL,
)  # fmt: skip


def snowman(head_z: float) -> dict[str, Any]:
    """The head (with its nose and hat) floats 5 cm above the body when head_z is 60."""
    return spec(
        "snowman",
        "cm",
        [
            {"name": "base", "material": "snow", "shape": {"primitive": "sphere", "radius": 15}, "transform": {"translate": [0, 0, 15]}},
            {"name": "middle", "material": "snow", "shape": {"primitive": "sphere", "radius": 10}, "transform": {"translate": [0, 0, 38]}},
            {"name": "arms", "parent": "middle", "material": "coal", "shape": {"primitive": "capsule", "radius": 1, "height": 44}, "transform": {"rotate": [0, 90, 0]}},
            {"name": "head", "material": "snow", "shape": {"primitive": "sphere", "radius": 7}, "transform": {"translate": [0, 0, head_z]}},
            {"name": "nose", "parent": "head", "material": "carrot", "shape": {"primitive": "cone", "radius": 1.5, "height": 6}, "transform": {"rotate": [90, 0, 0], "translate": [0, -7.5, 0]}},
            {"name": "hat", "parent": "head", "material": "coal", "shape": {"primitive": "revolve", "profile": [[0, 0], [6, 0], [6, 1], [4, 1], [4, 7], [0, 7]]}, "transform": {"translate": [0, 0, 6]}},
        ],
        snow={"base_color": [0.95, 0.95, 0.97], "roughness": 0.8},
        carrot={"base_color": [0.9, 0.45, 0.1]},
        coal={"base_color": [0.05, 0.05, 0.05]},
    )  # fmt: skip


def pedestal(top_x: float) -> dict[str, Any]:
    """Two boxes in a union; at top_x 80 the upper one meets the lower only along an edge, which
    makes a non-manifold solid (two shells sharing an edge)."""
    return spec(
        "pedestal",
        "mm",
        [
            {
                "name": "pedestal",
                "shape": {
                    "operation": "union",
                    "children": [
                        {"primitive": "box", "size": [100, 100, 30], "transform": {"translate": [0, 0, 15]}},
                        {"primitive": "box", "size": [60, 100, 30], "transform": {"translate": [top_x, 0, 45]}},
                    ],
                },
            }
        ],
    )  # fmt: skip


# A rounded die (a cube intersected with a sphere) on a torus key ring: 47 x 30 x 30 mm.
DIE = spec(
    "die",
    "mm",
    [
        {"name": "die", "material": "ivory", "shape": {"operation": "intersection", "children": [{"primitive": "box", "size": [30, 30, 30]}, {"primitive": "sphere", "radius": 20}]}, "transform": {"translate": [0, 0, 15]}},
        {"name": "ring", "material": "brass", "shape": {"primitive": "torus", "major_radius": 8, "minor_radius": 2}, "transform": {"rotate": [90, 0, 0], "translate": [22, 0, 15]}},
    ],
    ivory={"base_color": [0.95, 0.93, 0.85]},
    brass={"base_color": [0.78, 0.6, 0.25], "metallic": 1.0, "roughness": 0.3},
)  # fmt: skip
