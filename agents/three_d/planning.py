"""The plan: what the model is asked, under which JSON schema, and how its answer is read.

A plan is either {"kind": "template", "template", "parameters"} (parameters in the request's
units) or {"kind": "spec", "spec"}. When the brief names a known object the model only fills
that template's parameters, which a grammar-constrained small model does reliably; otherwise it
may pick any template or write a free-form spec.
"""

from __future__ import annotations

import json
import re
from typing import Any

import jsonschema

from agents.three_d.library import TEMPLATES
from agents.three_d.schema import SPEC_SCHEMA, UNIT_MM, spec_problems

SYSTEM_PROMPT = """\
You design 3D assets for a modelling pipeline. You answer with one JSON object and nothing else.
Coordinates: Z is up, the front faces -Y, the object stands on the ground plane z = 0.
All lengths are in the units the request names."""

SPEC_GUIDE = """\
Write a spec: {"spec": {"spec_version": 1, "name": "...", "units": "<units>",
"materials": {"<name>": {"base_color": [r, g, b], "metallic": 0..1, "roughness": 0..1}},
"parts": [{"name": "...", "material": "<name>", "parent": "<part, optional>",
"transform": {"translate": [x, y, z], "rotate": [deg_x, deg_y, deg_z], "scale": [sx, sy, sz]},
"shape": <solid>}]}}
A solid is centred on its origin: {"primitive": "box", "size": [x, y, z]},
{"primitive": "cylinder"|"capsule", "radius": r, "height": h} (along Z),
{"primitive": "cone", "radius": r, "top_radius": r2, "height": h}, {"primitive": "sphere", "radius": r},
{"primitive": "torus", "major_radius": R, "minor_radius": r}, {"primitive": "extrude", "profile": [[x, y], ...], "height": h},
{"primitive": "revolve", "profile": [[radius, z], ...]} (around Z), or
{"operation": "union"|"difference"|"intersection", "children": [<solid>, <solid>, ...]}; any solid may have a "transform".
Parts must touch each other; nothing may float."""


# A model whose context holds at most this many tokens gets the compact free-form prompt: the
# full one (every template's schema and the whole spec schema) is about 8,700 tokens.
SMALL_CONTEXT = 4096
COMPACT_GUIDE = """\
Write {"spec": {"spec_version": 1, "name": "...", "units": "<units>", "parts": [{"name": "...",
"transform": {"translate": [x, y, z], "rotate": [deg_x, deg_y, deg_z]}, "shape": S}]}}
where S is {"primitive": "box", "size": [x, y, z]}, {"primitive": "cylinder", "radius": r,
"height": h}, {"primitive": "cone", "radius": r, "top_radius": r2, "height": h},
{"primitive": "sphere", "radius": r} or {"operation": "union"|"difference", "children": [S, S]}.
Solids are centred on their origin, cylinders and cones along Z. Parts touch; nothing floats."""
_N = {"type": "number"}
_V3 = {"type": "array", "items": _N, "minItems": 3, "maxItems": 3}
_COMPACT_SOLID: dict[str, Any] = {
    "anyOf": [
        {"type": "object", "properties": {"primitive": {"const": "box"}, "size": _V3}, "required": ["primitive", "size"]},
        {"type": "object", "properties": {"primitive": {"enum": ["cylinder", "sphere", "cone"]}, "radius": _N, "height": _N, "top_radius": _N}, "required": ["primitive", "radius"]},
        {"type": "object", "properties": {"operation": {"enum": ["union", "difference"]}, "children": {"type": "array", "items": {"$ref": "#/$defs/s"}, "minItems": 2, "maxItems": 4}}, "required": ["operation", "children"]},
    ]
}  # fmt: skip
COMPACT_SCHEMA: dict[str, Any] = {
    "$defs": {"s": _COMPACT_SOLID},
    "type": "object",
    "properties": {"spec": {"type": "object", "properties": {
        "spec_version": {"const": 1}, "name": {"type": "string"}, "units": {"enum": ["mm", "cm", "m"]},
        "parts": {"type": "array", "minItems": 1, "maxItems": 12, "items": {"type": "object", "properties": {
            "name": {"type": "string"}, "transform": {"type": "object", "properties": {"translate": _V3, "rotate": _V3}},
            "shape": {"$ref": "#/$defs/s"}}, "required": ["name", "shape"]}}},
        "required": ["spec_version", "name", "units", "parts"]}},
    "required": ["spec"],
}  # fmt: skip


class PlanInvalid(ValueError):
    """The model's answer is not a usable plan; the message is shown to it on retry."""


def plan_mode(state: dict[str, Any]) -> tuple[str, list[str]]:
    """("template", [names]) or ("spec", []) or ("any", [all names]), or ("compact", []): a
    free-form spec asked for in few words from a model with a small context."""
    options = state["input"]
    if options.get("template"):
        return "template", [options["template"]]
    planning = options.get("planning", "auto")
    if state.get("template_hint") and planning != "free-form":
        return "template", [state["template_hint"]]
    if planning == "template":
        return "template", sorted(TEMPLATES)
    if (options.get("context_window") or SMALL_CONTEXT + 1) <= SMALL_CONTEXT:
        return "compact", []
    return ("spec", []) if planning == "free-form" else ("any", sorted(TEMPLATES))


def plan_schema(mode: str, names: list[str], units: str) -> dict[str, Any]:
    if mode == "compact":
        return COMPACT_SCHEMA
    choices = [_template_choice(name, units) for name in names]
    if mode in ("spec", "any"):
        body = {k: v for k, v in SPEC_SCHEMA.items() if k != "$defs"}
        choices.append({"type": "object", "properties": {"spec": body}, "required": ["spec"]})
    schema = choices[0] if len(choices) == 1 else {"anyOf": choices}
    return {"$defs": SPEC_SCHEMA["$defs"], **schema} if mode != "template" else schema


def _template_choice(name: str, units: str) -> dict[str, Any]:
    return {
        "type": "object",
        "properties": {
            "template": {"const": name},
            "parameters": TEMPLATES[name].parameter_schema(units),
        },
        "required": ["template", "parameters"],
        "additionalProperties": False,
    }


def plan_request(state: dict[str, Any]) -> str:
    mode, names = plan_mode(state)
    units = state["units"]
    lines = [f"Brief: {state['brief']['text']}", f"Units: {units}."]
    if state["reference"]:
        stated = ", ".join(f"{k} {v:g}" for k, v in state["reference"].items())
        lines.append(f"Required dimensions ({units}): {stated}.")
    brief = state["brief"]
    if brief.get("colour"):
        lines.append(f"Colour: {brief['colour']} (RGB {brief.get('colour_rgb')}).")
    coloured = [f"{name} {part['colour']}" for name, part in (brief.get("parts") or {}).items() if part.get("colour")]  # fmt: skip
    if coloured:
        lines.append(f"Part colours: {', '.join(coloured)}.")
    if brief.get("absent"):
        lines.append(f"Leave out: {', '.join(brief['absent'])}.")
    rules = state["rules"]
    lines.append(f"Target use: {rules['target_use']}. Triangle budget: {rules['triangle_budget']}.")
    if mode == "compact":
        lines.append(COMPACT_GUIDE.replace("<units>", units))
        return "\n".join(lines)
    if mode != "spec":
        lines.append("Templates (fill the parameters; omitted ones take the default):")
        lines += [_describe(name, units) for name in names]
        lines.append('Answer {"template": "<name>", "parameters": {...}}.')
    if mode != "template":
        lines.append(
            ("Or write a free-form spec. " if mode == "any" else "")
            + SPEC_GUIDE.replace("<units>", units)
        )
    return "\n".join(lines)


def _describe(name: str, units: str) -> str:
    template = TEMPLATES[name]
    defaults = template.defaults(units)
    params = ", ".join(f"{key}={json.dumps(value)}" for key, value in defaults.items())
    return f"- {name}: {template.description} Parameters: {params}"


def parse_plan(
    content: str | None, state: dict[str, Any], *, unusable: str | None = None
) -> dict[str, Any]:
    """The plan in the model's answer, checked against what this request allows; `unusable` is
    why the endpoint would not pass the answer on (ChatResult.problem)."""
    if unusable:
        raise PlanInvalid(unusable)
    answer = _json_object(content)
    mode, names = plan_mode(state)
    if "template" in answer and mode not in ("spec", "compact"):
        plan = _template_plan(answer, names, state["units"])
        plan["parameters"] = {**plan["parameters"], **stated_parameters(state, plan["template"])}
        return plan
    spec = answer.get("spec", answer if "parts" in answer else None)
    if spec is None or mode == "template":
        wanted = 'a "template" with "parameters"' if mode == "template" else 'a "spec"'
        raise PlanInvalid(f"the answer has no {wanted}")
    problems = spec_problems(spec)
    if problems:
        raise PlanInvalid("the spec is not valid: " + "; ".join(problems[:5]))
    return {"kind": "spec", "spec": spec}


def stated_parameters(state: dict[str, Any], name: str) -> dict[str, Any]:
    """The template parameters the brief's text fixes, in the request's units: the model's
    answer never overrides them."""
    if state["brief"].get("template") != name:
        return {}
    template = TEMPLATES[name]
    found = {}
    for key, value in (state["brief"].get("stated_parameters_mm") or {}).items():
        param = template.params.get(key)
        if param is None:
            continue
        if param.kind == "length":
            value = round(value / UNIT_MM[state["units"]], 6)
            value = min(
                max(value, param.low / UNIT_MM[state["units"]]),
                param.high / UNIT_MM[state["units"]],
            )
        elif param.kind == "count":
            value = int(min(max(value, param.low), param.high))
        found[key] = value
    return found


def _template_plan(answer: dict[str, Any], names: list[str], units: str) -> dict[str, Any]:
    name = answer.get("template")
    if name not in names:
        raise PlanInvalid(f"template {name!r} is not one of {', '.join(names)}")
    parameters = answer.get("parameters") or {}
    schema = TEMPLATES[name].parameter_schema(units)
    errors = sorted(jsonschema.Draft202012Validator(schema).iter_errors(parameters), key=str)
    if errors:
        detail = "; ".join(
            f"{'/'.join(map(str, e.path)) or 'parameters'}: {e.message}" for e in errors[:5]
        )
        raise PlanInvalid(f"the parameters of {name!r} are not valid: {detail}")
    return {"kind": "template", "template": name, "parameters": parameters}


def _json_object(content: str | None) -> dict[str, Any]:
    text = (content or "").strip()
    fenced = re.search(r"\{.*\}", text, re.S)
    if not fenced:
        raise PlanInvalid("the answer holds no JSON object")
    try:
        value = json.loads(fenced.group(0))
    except ValueError as error:
        raise PlanInvalid(f"the answer is not valid JSON ({error})") from None
    if not isinstance(value, dict):
        raise PlanInvalid("the answer must be a JSON object")
    return value


def plan_as_answer(plan: dict[str, Any]) -> str:
    """The plan as the model would have written it, for the repair conversation."""
    if plan["kind"] == "template":
        return json.dumps({"template": plan["template"], "parameters": plan["parameters"]})
    return json.dumps({"spec": plan["spec"]})
