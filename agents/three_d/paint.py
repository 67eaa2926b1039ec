"""Colours asked for parts ("a black top and white legs", "a red lid"): the spec's parts that
are those parts get a material of the asked colour, one material per colour, and the critique
finds them the same way to check each one.

A spec part is one of the brief's parts when a word of its name starts with one of the words
that name that part (vocabulary.PART_WORDS): "leg_1" is a leg, "backrest" a back, "board_3" a
shelf, "walls" a wall, "table_top" a top.
"""

from __future__ import annotations

import re
from typing import Any

from agents.three_d.vocabulary import PART_WORDS

METAL = {"metallic": 1.0, "roughness": 0.35}
NOT_METAL = {"metallic": 0.0, "roughness": 0.5}


def parts_named(spec: dict[str, Any], part: str) -> list[str]:
    """The names of the spec's parts that are the brief's `part` (a canonical part name)."""
    starts = tuple(word for word in PART_WORDS.get(part, (part,)) if " " not in word)
    return [
        entry["name"]
        for entry in spec["parts"]
        if any(word.startswith(starts) for word in _words(entry["name"]))
    ]


def _words(name: str) -> list[str]:
    return [w for w in re.split(r"[^a-z]+", re.sub(r"([a-z])([A-Z])", r"\1_\2", name).lower()) if w]


def paint_parts(spec: dict[str, Any], part_colours: dict[str, dict[str, Any]]) -> list[str]:
    """Gives each asked part its colour (a material of its own per colour, metal when the brief
    says so) and drops materials no part uses any more; returns the parts asked for that the
    spec does not have."""
    materials = spec.setdefault("materials", {})
    missing = []
    for part, asked in part_colours.items():
        names = set(parts_named(spec, part))
        if not names:
            missing.append(part)
            continue
        material = _material_name(asked, materials, part)
        materials[material] = {"base_color": list(asked["rgb"]), **(METAL if asked["metallic"] else NOT_METAL)}  # fmt: skip
        for entry in spec["parts"]:
            if entry["name"] in names:
                entry["material"] = material
    used = {entry.get("material") for entry in spec["parts"]}
    spec["materials"] = {name: value for name, value in materials.items() if name in used}
    return missing


def _material_name(asked: dict[str, Any], materials: dict[str, Any], part: str) -> str:
    """The colour's own name ("light_blue"), or the part's beside it when a material of that
    name already has another colour (a template preset)."""
    name = re.sub(r"[^a-z0-9]+", "_", asked["colour"].lower()).strip("_")[:30] or "colour"
    if not name[0].isalpha():
        name = f"c_{name}"
    existing = materials.get(name)
    if existing is None or _same(existing, asked):
        return name
    return f"{part}_{name}"[:40]


def _same(material: dict[str, Any], asked: dict[str, Any]) -> bool:
    metal = (material.get("metallic", 0.0) >= 0.5) == bool(asked["metallic"])
    return list(material["base_color"][:3]) == list(asked["rgb"]) and metal
