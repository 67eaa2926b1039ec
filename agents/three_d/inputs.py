"""The workflow's input (a JSON schema) and the checks that turn a bad request into a clear
400 before anything runs: an empty or self-contradictory brief, impossible constraints, a spec
that fails its schema."""

from __future__ import annotations

from typing import Any

from agents.engine.inputs import check_input_schema
from agents.three_d.brief import DIMENSIONS, check_against, first_unit, in_units, understand
from agents.three_d.library import TEMPLATES
from agents.three_d.schema import TARGET_USES, UNIT_MM, UNITS, check_spec

_LENGTH = {"type": "number", "exclusiveMinimum": 0, "maximum": 1e6}
DEFAULT_BUDGET = {"real-time": 50_000, "print": 200_000}
DEFAULT_SEGMENTS = {"real-time": 32, "print": 48}
TRIANGLES_PER_PART = 12  # a box: no closed part is cheaper than that in practice
INPUT_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "brief": {
            "type": "string",
            "maxLength": 2000,
            "description": "The object in plain words; dimensions written like 120 cm wide or 75 "
            "cm high are read literally.",
            "examples": ["A dining table 120 cm wide, 80 cm deep and 75 cm high, with four legs"],
        },
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
            "description": "units (mm, cm, m), bounding_box [x, y, z], triangle_budget, "
            "target_use (real-time or print) and tolerance_percent.",
            "examples": [{"units": "cm", "target_use": "print", "triangle_budget": 100000}],
        },
        "dimensions": {
            "type": "object",
            "properties": dict.fromkeys(DIMENSIONS, _LENGTH),
            "additionalProperties": False,
            "description": "Reference dimensions width (X), depth (Y), height (Z) and diameter, "
            "in the request's units (default: those the brief states).",
            "examples": [{"width": 120, "depth": 80, "height": 75}],
        },
        "planning": {
            "enum": ["auto", "template", "free-form"],
            "description": "auto, template (templates only) or free-form (a spec only).",
            "examples": ["auto"],
        },
        # the planning model's context in tokens; a small one gets the compact free-form prompt
        "context_window": {
            "type": "integer",
            "minimum": 512,
            "maximum": 1_000_000,
            "description": "The planning model's context in tokens; 4,096 or less gets the "
            "compact prompt (default: the run's tier's).",
            "examples": [8192],
        },
        "template": {
            "enum": sorted(TEMPLATES),
            "description": "Use this template; the model still fills its parameters (default: "
            "chosen from the brief).",
            "examples": [sorted(TEMPLATES)[0]],
        },
        "spec": {
            "type": "object",
            "description": "A complete spec (docs/workflows/three_d.md): skips planning.",
        },
        "preview": {
            "type": "object",
            "properties": {
                "width": {"type": "integer", "minimum": 64, "maximum": 1280},
                "height": {"type": "integer", "minimum": 48, "maximum": 960},
                "turntable_frames": {"type": "integer", "minimum": 0, "maximum": 24},
            },
            "additionalProperties": False,
            "description": "Preview size in pixels and turntable frames (default: 480 by 360, "
            "8 frames).",
            "examples": [{"width": 640, "height": 480, "turntable_frames": 8}],
        },
        "max_repairs": {
            "type": "integer",
            "minimum": 0,
            "maximum": 8,
            "description": "Repair rounds before the run fails (default: 3).",
            "examples": [3],
        },
        "vision_review": {
            "type": "boolean",
            "description": "Also ask the model to judge the preview sheet (needs a vision-capable "
            "tier; default: false).",
            "examples": [False],
        },
    },
    "required": ["brief"],
    "additionalProperties": False,
    "examples": [
        {"brief": "A dining table 120 cm wide, 80 cm deep and 75 cm high, with four legs"}
    ],
}


def initial_state(input: dict[str, Any]) -> dict[str, Any]:
    """The first state of a run; raises ValueError with a clear message for a bad request."""
    options = {key: value for key, value in input.items() if key != "workspace"}
    _check_schema(options)
    return _with_brief(options, options["brief"])


def _with_brief(options: dict[str, Any], text: str) -> dict[str, Any]:
    """The state for this brief text (the request's, or it with a person's answers)."""
    constraints = options.get("constraints") or {}
    fixed = options.get("template") if options.get("spec") is None else None
    reading, meaning = understand(text, template=fixed)
    if options.get("spec") is not None or options.get("planning") == "free-form":
        meaning = {**meaning, "template": None, "stated_parameters_mm": {}}
    units = constraints.get("units") or first_unit(reading)
    stated = in_units(_checked_sizes(reading, meaning["size_mm"]), units)
    reference = dict(options.get("dimensions") or {})
    check_against(stated, reference, units)
    reference = {**stated, **reference}
    target_use = constraints.get("target_use", "real-time")
    template = meaning["template"]
    rules = {
        "target_use": target_use,
        "triangle_budget": constraints.get("triangle_budget", DEFAULT_BUDGET[target_use]),
        "tolerance": constraints.get("tolerance_percent", 1.0) / 100,
        "reference_mm": {k: v * UNIT_MM[units] for k, v in reference.items()},
        "bounding_box_mm": [v * UNIT_MM[units] for v in constraints.get("bounding_box") or []],
    }
    _check_possible(options, rules, template, units)
    if reference and not meaning["size_mm"]:
        meaning = {**meaning, "assumptions": []}  # the size came beside the brief
    brief = {
        **reading.as_dict(),
        **meaning,
        "features": _features(reading),
        "request_text": options["brief"],
    }
    request = {"input": options, "brief": brief, "units": units, "reference": reference}
    progress = {"rules": rules, "template_hint": template, "segments": DEFAULT_SEGMENTS[target_use]}
    return {**request, **progress, **_empty_progress(options.get("max_repairs", 3))}


def _checked_sizes(reading: Any, size_mm: dict[str, float]) -> dict[str, float]:
    """The sizes validation holds the asset to: a round object's diameter stands for its width
    and depth unless those were stated too (a mug's handle sticks out past its diameter)."""
    if "diameter" not in size_mm:
        return size_mm
    return {k: v for k, v in size_mm.items() if k not in ("width", "depth") or k in reading.overall}


def with_answer(state: dict[str, Any], answer_text: str) -> dict[str, Any]:
    """The state re-read with a person's answer: the answer's statements replace the brief's
    where they say the same thing differently (that is what the question was about)."""
    text = f"{state['brief']['text']} {answer_text}".strip()
    fresh = _with_brief(state["input"], _resolved(state["brief"]["text"], answer_text))
    fresh["brief"]["answers"] = [*state["brief"].get("answers", []), answer_text]
    fresh["brief"]["text_with_answers"] = text
    return fresh


def _resolved(text: str, answer: str) -> str:
    """The brief with the quantity the answer settles taken out, then the answer appended."""
    from agents.three_d.quantities import lengths, normalize

    answered = lengths(normalize(answer))
    clean = normalize(text)
    for mention in reversed(lengths(clean)):
        if (
            any(abs(m.values_mm[0] - v) > 1e-6 for m in answered for v in mention.values_mm)
            and (_same_kind(mention.dimensions, answered))
        ) or (
            not any(mention.dimensions) and any(m.values_mm == mention.values_mm for m in answered)
        ):
            clean = clean[: mention.start] + clean[mention.end :]
    return f"{clean}. {answer}" if answered else f"{clean} {answer}"


def _same_kind(dimensions: list[str | None], answered: list[Any]) -> bool:
    wanted = {d for m in answered for d in m.dimensions if d}
    return bool(wanted & {d for d in dimensions if d})


def _features(reading: Any) -> list[str]:
    """Parts the brief asks for by name (the critique looks for each, word-bounded)."""
    return sorted(p for p in reading.parts if p not in reading.absent and p in _FEATURE_PARTS)


_FEATURE_PARTS = {"drawer", "knob", "handle", "lid", "back", "shade", "door", "leg"}


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
