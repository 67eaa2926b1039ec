"""Critique: the measured asset compared with what the brief asked for (dimensions, parts,
named features, the object's colour and each part's), recorded as differences. A
vision-capable model may also judge the preview sheet when the request asks for it; it is never
required."""

from __future__ import annotations

import math
import re
from typing import Any

from agents.three_d.library import TEMPLATES
from agents.three_d.paint import parts_named
from agents.three_d.schema import UNIT_MM

COLOR_DISTANCE = 0.25  # RGB distance (0..1 per channel) still called "that colour"


def compare(state: dict[str, Any]) -> dict[str, Any]:
    measured = state["validation"]["measured"]
    checks = [*_dimensions(state, measured), _parts(state, measured)]
    checks += _features(state) + _colors(state)
    differences = [check for check in checks if not check["ok"]]
    return {"checks": checks, "differences": differences, "matched": len(checks) - len(differences)}


def _dimensions(state: dict[str, Any], measured: dict[str, Any]) -> list[dict[str, Any]]:
    units, tolerance = state["units"], state["rules"]["tolerance"]
    found = []
    for name, expected_mm in state["rules"]["reference_mm"].items():
        actual_mm = measured[f"{name}_mm"]
        found.append(
            {
                "property": name,
                "expected": round(expected_mm / UNIT_MM[units], 4),
                "measured": round(actual_mm / UNIT_MM[units], 4),
                "units": units,
                "ok": abs(actual_mm - expected_mm) <= tolerance * expected_mm,
            }
        )
    return found


def _parts(state: dict[str, Any], measured: dict[str, Any]) -> dict[str, Any]:
    expected = len(state["spec"]["parts"])
    return {"property": "parts", "expected": expected, "measured": measured["parts"], "ok": expected == measured["parts"]}  # fmt: skip


def _features(state: dict[str, Any]) -> list[dict[str, Any]]:
    """Each part the brief names is looked for at the start of a word of the part names
    ("backrest" has a back), so a "solid" part never counts as a "lid"; a part the planned
    template always builds inside another solid (a dumbbell's handle) is there too."""
    names = " ".join(part["name"].lower().replace("_", " ") for part in state["spec"]["parts"])
    within = _built_within(state)
    found = []
    for word in state["brief"]["features"]:
        present = word in within or re.search(rf"\b{re.escape(word)}", names) is not None
        measured = "present" if present else "missing"
        found.append({"property": f"feature {word}", "expected": "present", "measured": measured, "ok": present})  # fmt: skip
    for word in state["brief"].get("absent", []):
        present = word in within or re.search(rf"\b{re.escape(word)}", names) is not None
        found.append({"property": f"no {word}", "expected": "absent", "measured": "present" if present else "absent", "ok": not present})  # fmt: skip
    return found


def _built_within(state: dict[str, Any]) -> tuple[str, ...]:
    """The parts the plan's template builds inside solids named otherwise (none for a
    free-form spec)."""
    template = TEMPLATES.get((state.get("plan") or {}).get("template") or "")
    return template.within if template else ()


def _colors(state: dict[str, Any]) -> list[dict[str, Any]]:
    """The object's colour on the parts not asked in a colour of their own, then each part's
    asked colour on every part that is that part (paint.py finds them by name)."""
    spec, brief = state["spec"], state["brief"]
    asked = brief.get("part_colours") or {}
    painted = {name for part in asked for name in parts_named(spec, part)}
    rest = [p for p in spec["parts"] if p["name"] not in painted]
    found = []
    target = brief.get("colour_rgb")
    materials = _used_materials({**spec, "parts": rest})
    if target and materials:
        best = min(materials, key=lambda m: _distance(m["base_color"], target))
        ok = _matches(best, target, bool(brief.get("metallic")))
        found.append({"property": f"colour {brief['colour']}", "expected": list(target), "measured": best["base_color"][:3], "ok": ok})  # fmt: skip
    for part, colour in asked.items():
        found.append(_part_colour(spec, part, colour))
    return found


def _part_colour(spec: dict[str, Any], part: str, asked: dict[str, Any]) -> dict[str, Any]:
    """Every spec part that is `part` is in its asked colour (the worst one is reported)."""
    check = {"property": f"{part} colour {asked['colour']}", "expected": list(asked["rgb"])}
    names = set(parts_named(spec, part))
    if not names:
        return {**check, "measured": f"no {part} in the model", "ok": False}
    library = spec.get("materials") or {}
    found = [library.get(p.get("material") or "") for p in spec["parts"] if p["name"] in names]
    worn = [material for material in found if material is not None]
    if len(worn) < len(found):
        return {**check, "measured": f"a {part} without a material", "ok": False}
    worst = max(worn, key=lambda m: _distance(m["base_color"], asked["rgb"]))
    ok = all(_matches(material, asked["rgb"], asked["metallic"]) for material in worn)
    return {**check, "measured": worst["base_color"][:3], "ok": ok}


def _matches(material: dict[str, Any], target: Any, metal: bool) -> bool:
    close = _distance(material["base_color"], target) <= COLOR_DISTANCE
    return close and (not metal or material.get("metallic", 0) >= 0.5)


def _used_materials(spec: dict[str, Any]) -> list[dict[str, Any]]:
    library = spec.get("materials") or {}
    names = {part.get("material") for part in spec["parts"]}
    return [library[name] for name in sorted(n for n in names if n) if name in library]


def _distance(color: list[float], target: Any) -> float:
    return math.dist(color[:3], target)


def vision_messages(state: dict[str, Any]) -> list[dict[str, Any]]:
    """A question about the preview sheet, for a vision-capable model."""
    sheet = state["previews"]["sheet_png"]
    question = (
        f"These are previews (front, side, top, perspective) of a 3D asset made for the brief: "
        f"{state['brief']['text']!r}. In two sentences: does it match the brief, and what differs?"
    )
    return [
        {
            "role": "user",
            "content": [
                {"type": "text", "text": question},
                {"type": "image_url", "image_url": {"url": f"data:image/png;base64,{sheet}"}},
            ],
        }
    ]
