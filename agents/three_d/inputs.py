"""The workflow's input (a JSON schema) and the checks that turn a bad request into a clear
400 before anything runs: an empty or self-contradictory brief, impossible constraints, a spec
that fails its schema."""

from __future__ import annotations

from typing import Any

from agents.engine.inputs import check_input_schema
from agents.three_d.brief import DIMENSIONS, check_against, parse_brief
from agents.three_d.library import TEMPLATES, match_template
from agents.three_d.schema import TARGET_USES, UNIT_MM, UNITS, check_spec

_LENGTH = {"type": "number", "exclusiveMinimum": 0, "maximum": 1e6}
DEFAULT_BUDGET = {"real-time": 50_000, "print": 200_000}
DEFAULT_SEGMENTS = {"real-time": 32, "print": 48}
TRIANGLES_PER_PART = 12  # a box: no closed part is cheaper than that in practice
INPUT_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "brief": {"type": "string", "maxLength": 2000},
        "constraints": {
            "type": "object",
            "properties": {
                "units": {"enum": list(UNITS)},
                "bounding_box": {"type": "array", "items": _LENGTH, "minItems": 3, "maxItems": 3},
                "triangle_budget": {"type": "integer", "minimum": 1, "maximum": 500_000},
                "target_use": {"enum": list(TARGET_USES)},
                "tolerance_percent": {"type": "number", "minimum": 0.1, "maximum": 10},
            },
            "additionalProperties": False,
        },
        "dimensions": {
            "type": "object",
            "properties": dict.fromkeys(DIMENSIONS, _LENGTH),
            "additionalProperties": False,
        },
        "planning": {"enum": ["auto", "template", "free-form"]},
        "template": {"enum": sorted(TEMPLATES)},
        "spec": {"type": "object"},
        "preview": {
            "type": "object",
            "properties": {
                "width": {"type": "integer", "minimum": 64, "maximum": 1280},
                "height": {"type": "integer", "minimum": 48, "maximum": 960},
                "turntable_frames": {"type": "integer", "minimum": 0, "maximum": 24},
            },
            "additionalProperties": False,
        },
        "max_repairs": {"type": "integer", "minimum": 0, "maximum": 8},
        "vision_review": {"type": "boolean"},
    },
    "required": ["brief"],
    "additionalProperties": False,
}


def initial_state(input: dict[str, Any]) -> dict[str, Any]:
    """The first state of a run; raises ValueError with a clear message for a bad request."""
    options = {key: value for key, value in input.items() if key != "workspace"}
    _check_schema(options)
    constraints = options.get("constraints") or {}
    brief = parse_brief(options["brief"], units=constraints.get("units"))
    units = constraints.get("units") or brief.units or "cm"
    reference = dict(options.get("dimensions") or {})
    check_against(brief, reference, units)
    reference = {**brief.dimensions, **reference}
    target_use = constraints.get("target_use", "real-time")
    template = options.get("template") or _hint(options, brief.text)
    rules = {
        "target_use": target_use,
        "triangle_budget": constraints.get("triangle_budget", DEFAULT_BUDGET[target_use]),
        "tolerance": constraints.get("tolerance_percent", 1.0) / 100,
        "reference_mm": {k: v * UNIT_MM[units] for k, v in reference.items()},
        "bounding_box_mm": [v * UNIT_MM[units] for v in constraints.get("bounding_box") or []],
    }
    _check_possible(options, rules, template, units)
    request = {"input": options, "brief": brief.as_dict(), "units": units, "reference": reference}
    progress = {"rules": rules, "template_hint": template, "segments": DEFAULT_SEGMENTS[target_use]}
    return {**request, **progress, **_empty_progress(options.get("max_repairs", 3))}


def _empty_progress(max_repairs: int) -> dict[str, Any]:
    nothing_yet = ("plan", "plan_source", "spec", "build", "build_error", "validation")
    return {
        **dict.fromkeys(nothing_yet),
        "previews": None,
        "critique": None,
        "repairs": 0,
        "max_repairs": max_repairs,
        "repair_log": [],
        "exchanges": [],
    }


def _check_schema(options: dict[str, Any]) -> None:
    check_input_schema(INPUT_SCHEMA, options)
    if options.get("planning") == "free-form" and options.get("template"):
        raise ValueError('"template" and "planning": "free-form" contradict each other')
    if "spec" in options:
        check_spec(options["spec"])


def _hint(options: dict[str, Any], text: str) -> str | None:
    if options.get("spec") is not None or options.get("planning") == "free-form":
        return None
    return match_template(text)


def _check_possible(
    options: dict[str, Any], rules: dict[str, Any], template: str | None, units: str
) -> None:
    box = rules["bounding_box_mm"]
    axes = {"width": [0], "depth": [1], "height": [2], "diameter": [0, 1]}
    for name, value in rules["reference_mm"].items():
        for axis in axes[name] if box else []:
            if value > box[axis] * (1 + rules["tolerance"]):
                raise ValueError(
                    f"impossible constraints: {name} {value / UNIT_MM[units]:g} {units} does not "
                    f"fit the bounding box ({box[axis] / UNIT_MM[units]:g} {units} on that axis)"
                )
    parts = len(options["spec"]["parts"]) if options.get("spec") else None
    what = "this spec" if parts else (f"a {template}" if template else "any solid")
    parts = parts or (TEMPLATES[template].min_parts if template else 1)
    needed = parts * TRIANGLES_PER_PART
    if rules["triangle_budget"] < needed:
        raise ValueError(
            f"impossible constraints: a triangle budget of {rules['triangle_budget']} cannot hold "
            f"{what}; {parts} part(s) need at least {needed} triangles"
        )
