"""The scene specification (version 1) and the workflow's input, as JSON schemas, plus the
checks a schema cannot express (unique names, a hierarchy without cycles, profiles that do not
cross themselves).

A spec is named parts, each one solid: a primitive (box, cylinder, cone, sphere, torus,
capsule), an extrusion or revolution of a 2D profile, or a CSG operation over child solids;
every solid may carry a transform (translate, rotate in degrees about X then Y then Z, scale).
Parts may name a parent (their transform is then relative to it) and a PBR material.
"""

from __future__ import annotations

from typing import Any

import jsonschema

SPEC_VERSION = 1
UNITS = ("mm", "cm", "m")
UNIT_MM = {"mm": 1.0, "cm": 10.0, "m": 1000.0}
MIN_SEGMENTS, MAX_SEGMENTS = 8, 256
MAX_PARTS, MAX_SOLIDS, MAX_DEPTH, MAX_PROFILE_POINTS = 64, 256, 8, 128
TARGET_USES = ("real-time", "print")

_NUMBER = {"type": "number", "minimum": -1e6, "maximum": 1e6}
_LENGTH = {"type": "number", "exclusiveMinimum": 0, "maximum": 1e6}
_VEC3 = {"type": "array", "items": _NUMBER, "minItems": 3, "maxItems": 3}
_SIZE3 = {"type": "array", "items": _LENGTH, "minItems": 3, "maxItems": 3}
_UNIT_INTERVAL = {"type": "number", "minimum": 0, "maximum": 1}
_POINT = {"type": "array", "items": _NUMBER, "minItems": 2, "maxItems": 2}
_PROFILE = {"type": "array", "items": _POINT, "minItems": 3, "maxItems": MAX_PROFILE_POINTS}
_SEGMENTS = {"type": "integer", "minimum": MIN_SEGMENTS, "maximum": MAX_SEGMENTS}
TRANSFORM: dict[str, Any] = {
    "type": "object",
    "properties": {"translate": _VEC3, "rotate": _VEC3, "scale": _SIZE3},
    "additionalProperties": False,
}
_COMMON = {"transform": TRANSFORM, "segments": _SEGMENTS}
PRIMITIVES: dict[str, dict[str, Any]] = {
    "box": {"size": _SIZE3},
    "cylinder": {"radius": _LENGTH, "height": _LENGTH},
    "cone": {"radius": _LENGTH, "top_radius": {"type": "number", "minimum": 0}, "height": _LENGTH},
    "sphere": {"radius": _LENGTH},
    "torus": {"major_radius": _LENGTH, "minor_radius": _LENGTH},
    "capsule": {"radius": _LENGTH, "height": _LENGTH},
    "extrude": {"profile": _PROFILE, "height": _LENGTH},
    "revolve": {"profile": _PROFILE, "degrees": {"type": "number", "exclusiveMinimum": 0, "maximum": 360}},
}  # fmt: skip
_OPTIONAL = {"top_radius", "degrees"}
OPERATIONS = ("union", "difference", "intersection")


def _primitive_schema(kind: str, fields: dict[str, Any]) -> dict[str, Any]:
    return {
        "type": "object",
        "properties": {"primitive": {"const": kind}, **fields, **_COMMON},
        "required": ["primitive", *(name for name in fields if name not in _OPTIONAL)],
        "additionalProperties": False,
    }


CSG_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "operation": {"enum": list(OPERATIONS)},
        "children": {
            "type": "array",
            "items": {"$ref": "#/$defs/solid"},
            "minItems": 2,
            "maxItems": 16,
        },
        **_COMMON,
    },
    "required": ["operation", "children"],
    "additionalProperties": False,
}
MATERIAL = {
    "type": "object",
    "properties": {
        "base_color": {"type": "array", "items": _UNIT_INTERVAL, "minItems": 3, "maxItems": 4},
        "metallic": _UNIT_INTERVAL,
        "roughness": _UNIT_INTERVAL,
    },
    "required": ["base_color"],
    "additionalProperties": False,
}
_NAME = {"type": "string", "pattern": "^[A-Za-z][A-Za-z0-9_-]{0,39}$"}
PART: dict[str, Any] = {
    "type": "object",
    "properties": {
        "name": _NAME,
        "parent": _NAME,
        "material": _NAME,
        "transform": TRANSFORM,
        "shape": {"$ref": "#/$defs/solid"},
    },
    "required": ["name", "shape"],
    "additionalProperties": False,
}
SPEC_SCHEMA: dict[str, Any] = {
    "$defs": {
        "solid": {"anyOf": [_primitive_schema(k, f) for k, f in PRIMITIVES.items()] + [CSG_SCHEMA]},
    },
    "type": "object",
    "properties": {
        "spec_version": {"const": SPEC_VERSION},
        "name": {"type": "string", "minLength": 1, "maxLength": 80},
        "units": {"enum": list(UNITS)},
        "segments": _SEGMENTS,
        "scale": _SIZE3,
        "materials": {"type": "object", "additionalProperties": MATERIAL, "maxProperties": 32},
        "parts": {"type": "array", "items": PART, "minItems": 1, "maxItems": MAX_PARTS},
    },
    "required": ["spec_version", "units", "parts"],
    "additionalProperties": False,
}


class SpecInvalid(ValueError):
    """A spec that fails the schema or a structural rule; the message says where and why."""


def spec_problems(spec: Any) -> list[str]:
    """Everything wrong with a spec's structure, most specific first; empty when it is sound."""
    if not isinstance(spec, dict):
        return [f"the spec must be a JSON object, not {type(spec).__name__}"]
    shallow = {
        **SPEC_SCHEMA,
        "properties": {**SPEC_SCHEMA["properties"], "parts": {"type": "array"}},
    }
    problems = _schema_errors(shallow, spec, "")
    for i, part in enumerate(spec.get("parts") or []):
        problems += _part_problems(part, f"parts/{i}")
    return problems[:10] or _structure_problems(spec)


def check_spec(spec: Any) -> dict[str, Any]:
    problems = spec_problems(spec)
    if problems:
        raise SpecInvalid("; ".join(problems[:5]))
    return spec  # type: ignore[no-any-return]


def _part_problems(part: Any, path: str) -> list[str]:
    shallow = {**PART, "properties": {**PART["properties"], "shape": {"type": "object"}}}
    problems = _schema_errors(shallow, part, path)
    if isinstance(part, dict) and isinstance(part.get("shape"), dict):
        problems += solid_problems(part["shape"], f"{path}/shape", depth=1)
    return problems


def solid_problems(solid: dict[str, Any], path: str, depth: int) -> list[str]:
    """A solid checked against the one schema its "primitive" or "operation" selects, so the
    message names the real mistake instead of "not valid under any of the given schemas"."""
    if depth > MAX_DEPTH:
        return [f"{path}: CSG is nested deeper than {MAX_DEPTH} levels"]
    if "operation" in solid:
        shallow = {**CSG_SCHEMA, "properties": {**CSG_SCHEMA["properties"], "children": {"type": "array", "minItems": 2, "maxItems": 16}}}  # fmt: skip
        problems = _schema_errors(shallow, solid, path)
        for i, child in enumerate(solid.get("children") or []):
            child_path = f"{path}/children/{i}"
            if not isinstance(child, dict):
                problems.append(f"{child_path}: must be an object")
            else:
                problems += solid_problems(child, child_path, depth + 1)
        return problems
    kind = solid.get("primitive")
    if kind not in PRIMITIVES:
        known = ", ".join([*PRIMITIVES, *(f"operation {o}" for o in OPERATIONS)])
        return [f"{path}: needs a primitive or an operation ({known}), got {kind!r}"]
    return _schema_errors(_primitive_schema(kind, PRIMITIVES[kind]), solid, path)


def _schema_errors(schema: dict[str, Any], value: Any, path: str) -> list[str]:
    validator = jsonschema.Draft202012Validator({**schema, "$defs": SPEC_SCHEMA["$defs"]})
    found = []
    for error in sorted(validator.iter_errors(value), key=lambda e: list(e.absolute_path)):
        where = "/".join([path, *(str(p) for p in error.absolute_path)]).strip("/") or "spec"
        found.append(f"{where}: {error.message}")
    return found


def _structure_problems(spec: dict[str, Any]) -> list[str]:
    parts = spec["parts"]
    names = [part["name"] for part in parts]
    problems = [
        f"part name {n!r} is used twice" for n in sorted({n for n in names if names.count(n) > 1})
    ]
    materials = spec.get("materials") or {}
    for part in parts:
        if part.get("parent") and part["parent"] not in names:
            problems.append(
                f"part {part['name']!r} names a parent {part['parent']!r} that does not exist"
            )
        if part.get("material") and part["material"] not in materials:
            problems.append(
                f"part {part['name']!r} uses material {part['material']!r}, which is not in materials"
            )
    if count_solids(spec) > MAX_SOLIDS:
        problems.append(f"the spec has more than {MAX_SOLIDS} solids")
    return problems or _cycle_problems(parts)


def _cycle_problems(parts: list[dict[str, Any]]) -> list[str]:
    parent = {part["name"]: part.get("parent") for part in parts}
    for name in parent:
        seen, current = set(), name
        while current is not None:
            if current in seen:
                return [f"part {name!r} is its own ancestor (the parent chain loops)"]
            seen.add(current)
            current = parent.get(current)
    return []


def count_solids(spec: dict[str, Any]) -> int:
    def count(solid: dict[str, Any]) -> int:
        return 1 + sum(count(c) for c in solid.get("children") or [] if isinstance(c, dict))

    return sum(count(part["shape"]) for part in spec["parts"])


def iter_solids(spec: dict[str, Any]) -> list[tuple[str, str, dict[str, Any]]]:
    """(part name, path, solid) for every solid of a structurally valid spec."""
    found: list[tuple[str, str, dict[str, Any]]] = []

    def walk(part: str, solid: dict[str, Any], path: str) -> None:
        found.append((part, path, solid))
        for i, child in enumerate(solid.get("children") or []):
            walk(part, child, f"{path}/children/{i}")

    for i, part in enumerate(spec["parts"]):
        walk(part["name"], part["shape"], f"parts/{i}/shape")
    return found
