"""The library of parametric templates: a model (or the brief alone) picks one and fills its
parameters, and the template turns them into a sound spec. Even a very small model produces a
valid asset this way: every parameter is bounded, and relations between them are checked here.

Parameters are lengths in the request's units (converted to millimetres inside), counts, a
yes/no, or a colour preset. Every template builds in millimetres, Z up, the front facing -Y, and
stands on the ground plane (z = 0) with its footprint centred on the origin.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from agents.three_d.schema import SPEC_VERSION, UNIT_MM

PRESETS: dict[str, dict[str, Any]] = {
    "wood": {"base_color": [0.55, 0.36, 0.2], "metallic": 0.0, "roughness": 0.7},
    "oak": {"base_color": [0.65, 0.47, 0.28], "metallic": 0.0, "roughness": 0.7},
    "walnut": {"base_color": [0.36, 0.22, 0.13], "metallic": 0.0, "roughness": 0.65},
    "pine": {"base_color": [0.8, 0.65, 0.42], "metallic": 0.0, "roughness": 0.75},
    "white": {"base_color": [0.92, 0.92, 0.9], "metallic": 0.0, "roughness": 0.5},
    "black": {"base_color": [0.06, 0.06, 0.06], "metallic": 0.0, "roughness": 0.5},
    "grey": {"base_color": [0.5, 0.5, 0.5], "metallic": 0.0, "roughness": 0.5},
    "red": {"base_color": [0.75, 0.12, 0.1], "metallic": 0.0, "roughness": 0.45},
    "green": {"base_color": [0.2, 0.55, 0.25], "metallic": 0.0, "roughness": 0.45},
    "blue": {"base_color": [0.15, 0.3, 0.7], "metallic": 0.0, "roughness": 0.45},
    "yellow": {"base_color": [0.9, 0.78, 0.15], "metallic": 0.0, "roughness": 0.45},
    "orange": {"base_color": [0.9, 0.45, 0.1], "metallic": 0.0, "roughness": 0.45},
    "steel": {"base_color": [0.62, 0.63, 0.65], "metallic": 1.0, "roughness": 0.35},
    "brass": {"base_color": [0.78, 0.6, 0.25], "metallic": 1.0, "roughness": 0.3},
    "ceramic": {"base_color": [0.9, 0.88, 0.84], "metallic": 0.0, "roughness": 0.25},
}
# Brief words that name a preset under another name.
PRESET_ALIASES = {"wooden": "wood", "gray": "grey", "metal": "steel"}


class TemplateError(ValueError):
    """Parameters that do not make a sound object (a top thicker than the table is high)."""


@dataclass(frozen=True)
class Param:
    kind: str  # length | count | flag | color
    default: Any  # millimetres for lengths
    low: float = 0.0
    high: float = 0.0
    about: str = ""

    def schema(self, units: str) -> dict[str, Any]:
        if self.kind == "length":
            scale = UNIT_MM[units]
            return {
                "type": "number",
                "minimum": round(self.low / scale, 6),
                "maximum": round(self.high / scale, 6),
                "description": f"{self.about} ({units})",
            }
        if self.kind == "count":
            return {
                "type": "integer",
                "minimum": self.low,
                "maximum": self.high,
                "description": self.about,
            }
        if self.kind == "flag":
            return {"type": "boolean", "description": self.about}
        return {"enum": sorted(PRESETS), "description": self.about}


@dataclass(frozen=True)
class Template:
    name: str
    description: str
    keywords: tuple[str, ...]
    params: dict[str, Param]
    make: Callable[[dict[str, Any]], list[dict[str, Any]]]  # mm parameters -> parts
    # brief dimension -> the parameter that sets it (the deterministic repair uses this)
    dimensions: dict[str, str] = field(default_factory=dict)
    min_parts: int = 1
    # Parts of the object (vocabulary.PART_WORDS names) that this template always builds inside
    # a solid of another name rather than as parts of their own: a dumbbell's handle is its bar,
    # a phone stand's back plate is fused to its base. The critique counts them as present.
    within: tuple[str, ...] = ()

    def parameter_schema(self, units: str) -> dict[str, Any]:
        return {
            "type": "object",
            "properties": {name: p.schema(units) for name, p in self.params.items()},
            "additionalProperties": False,
        }

    def defaults(self, units: str) -> dict[str, Any]:
        return {name: _to_units(p, p.default, units) for name, p in self.params.items()}

    def instantiate(self, values: dict[str, Any], units: str) -> dict[str, Any]:
        """A spec (in millimetres) from parameters in `units`; missing ones take defaults."""
        merged = {**self.defaults(units), **values}
        mm = {name: _to_mm(p, merged[name], units) for name, p in self.params.items()}
        parts = self.make(mm)
        used = sorted({part["material"] for part in parts if part.get("material")})
        return {
            "spec_version": SPEC_VERSION,
            "name": self.name,
            "units": "mm",
            "materials": {name: dict(PRESETS[name]) for name in used},
            "parts": parts,
        }


def _to_units(param: Param, value: Any, units: str) -> Any:
    return round(value / UNIT_MM[units], 6) if param.kind == "length" else value


def _to_mm(param: Param, value: Any, units: str) -> Any:
    return float(value) * UNIT_MM[units] if param.kind == "length" else value


def _box(
    name: str,
    size: tuple[float, float, float],
    at: tuple[float, float, float],
    material: str,
    **extra: Any,
) -> dict[str, Any]:
    return {
        "name": name,
        "material": material,
        "shape": {"primitive": "box", "size": list(size)},
        "transform": {"translate": list(at)},
        **extra,
    }  # fmt: skip


def _require(condition: bool, message: str) -> None:
    if not condition:
        raise TemplateError(message)


def _corners(half_x: float, half_y: float) -> list[tuple[float, float]]:
    return [(half_x, half_y), (half_x, -half_y), (-half_x, half_y), (-half_x, -half_y)]
