"""The pack's tools. Each runs its work in the sandbox (agents/three_d/inside) and checks the
shape of what comes back, since that answer was produced next to model-written geometry.

- build_model (medium): spec -> meshes, asset/model.glb (+ model.stl), measurements.
- render_previews (low): lit views and a turntable strip of the built GLB.
- export_model (high, needs a reviewer): hands over the approved files, checked by SHA-256.
"""

from __future__ import annotations

from typing import Any

from agents.sandbox.python_call import call
from agents.three_d.sandboxed import PACK
from agents.three_d.schema import check_spec
from agents.tools.spec import Capability, RiskLevel, ToolSpec

_P = "agents.three_d.tools"
VIEW_NAMES = ("front", "side", "top", "perspective")
MAX_PREVIEW_NAMES = 8
_SHA = {"type": "string", "pattern": "^[0-9a-f]{64}$"}
_NUM = {"type": "number"}
_BOUNDS = {"type": "array", "items": {"type": "array", "items": _NUM, "minItems": 3, "maxItems": 3}, "minItems": 2, "maxItems": 2}  # fmt: skip
_NAME = {"type": "string", "maxLength": 64}
BUILD_REPORT = {
    "type": "object",
    "required": ["parts", "contacts", "bounds_mm", "union", "glb", "reloaded"],
    "properties": {
        "parts": {"type": "array", "maxItems": 64, "items": {"type": "object", "required": ["name", "triangles", "volume_mm3", "components", "bounds_mm"], "properties": {"name": _NAME, "triangles": {"type": "integer"}, "volume_mm3": _NUM, "components": {"type": "integer"}, "bounds_mm": _BOUNDS}}},
        "contacts": {"type": "object", "required": ["tolerance_mm", "pairs"], "properties": {"tolerance_mm": _NUM, "pairs": {"type": "array", "maxItems": 2016, "items": {"type": "array", "items": _NAME, "minItems": 2, "maxItems": 2}}}},
        "bounds_mm": _BOUNDS,
        "union": {"type": "object", "required": ["components", "watertight", "stl"], "properties": {"components": {"type": "integer"}, "watertight": {"type": "boolean"}, "stl": {"type": "boolean"}}},
        "glb": {"type": "object", "required": ["sha256", "bytes"], "properties": {"sha256": _SHA, "bytes": {"type": "integer"}}},
        "reloaded": {"type": "object", "required": ["parts", "bounds_mm"], "properties": {"bounds_mm": _BOUNDS, "parts": {"type": "array", "maxItems": 64, "items": {"type": "object", "required": ["name", "triangles", "watertight", "bounds_mm"], "properties": {"name": _NAME, "triangles": {"type": "integer"}, "watertight": {"type": "boolean"}, "bounds_mm": _BOUNDS}}}}},
    },
}  # fmt: skip
_STATS = {"type": "object", "required": ["coverage", "mean_rgb"], "properties": {"coverage": _NUM, "mean_rgb": {"type": "array", "items": _NUM, "maxItems": 3}}}  # fmt: skip
RENDER_REPORT = {
    "type": "object",
    "required": ["views", "sheet_png"],
    "properties": {
        "views": {"type": "object", "maxProperties": 8, "additionalProperties": _STATS},
        "sheet_png": {"type": "string", "maxLength": 2_000_000},
        "turntable": {"type": "object", "properties": {"frames": {"type": "integer"}, "coverage": _NUM}},
    },
}  # fmt: skip
EXPORT_REPORT = {
    "type": "object",
    "required": ["files"],
    "properties": {"files": {"type": "object", "maxProperties": 16, "additionalProperties": {"type": "object", "required": ["base64", "sha256"], "properties": {"base64": {"type": "string"}, "sha256": _SHA}}}},
}  # fmt: skip


def build_model(args: dict[str, Any], env: Any) -> dict[str, Any]:
    spec = check_spec(args["spec"])
    return call(PACK, env, "build", {"spec": spec}, BUILD_REPORT)


def render_previews(args: dict[str, Any], env: Any) -> dict[str, Any]:
    request = {
        "width": args.get("width", 480),
        "height": args.get("height", 360),
        "views": args.get("views") or list(VIEW_NAMES),
        "turntable_frames": args.get("turntable_frames", 8),
    }
    return call(PACK, env, "render", request, RENDER_REPORT)


def export_model(args: dict[str, Any], env: Any) -> dict[str, Any]:
    request = {
        "glb_sha256": args["glb_sha256"],
        "parts": args["parts"],
        "formats": args["formats"],
        "previews": args.get("previews", []),
    }
    return call(PACK, env, "export", request, EXPORT_REPORT)


def answer_brief_question(args: dict[str, Any], env: Any) -> dict[str, Any]:
    """Never run by the workflow: the question is answered by approving its request, with the
    answer as the edited `answer` argument. Running it only echoes the answer."""
    return {"answer": args.get("answer", "")}


def _object(properties: dict[str, Any], required: list[str]) -> dict[str, Any]:
    return {"type": "object", "properties": properties, "required": required, "additionalProperties": False}  # fmt: skip


_PNG_NAME = {"type": "string", "pattern": "^[a-z_]{1,32}\\.png$"}
QUESTION_TOOL = "answer_brief_question"
TOOLS = [
    ToolSpec(
        QUESTION_TOOL,
        "A question about the brief that the run waits on: approve it with `answer` set to one "
        "of `choices` or to your own words (an empty answer takes the first choice).",
        _object(
            {
                "question": {"type": "string", "maxLength": 500},
                "choices": {"type": "array", "items": {"type": "string", "maxLength": 200}, "maxItems": 8},
                "answer": {"type": "string", "maxLength": 500},
            },
            ["question", "choices", "answer"],
        ),
        RiskLevel.LOW,
        f"{_P}:answer_brief_question",
    ),
    ToolSpec(
        "build_model",
        "Build the meshes of a 3D scene spec in the sandbox; writes asset/model.glb and reports "
        "measurements (bounds, triangles, contacts, watertightness).",
        _object({"spec": {"type": "object"}}, ["spec"]),
        RiskLevel.MEDIUM,
        f"{_P}:build_model",
        capabilities=frozenset({Capability.FILESYSTEM_WRITE}),
    ),
    ToolSpec(
        "render_previews",
        "Render lit previews of asset/model.glb from several viewpoints and a turntable strip.",
        _object(
            {
                "width": {"type": "integer", "minimum": 64, "maximum": 1280},
                "height": {"type": "integer", "minimum": 48, "maximum": 960},
                "views": {"type": "array", "items": {"enum": list(VIEW_NAMES)}, "minItems": 1, "maxItems": 4, "uniqueItems": True},
                "turntable_frames": {"type": "integer", "minimum": 0, "maximum": 24},
            },
            [],
        ),
        RiskLevel.LOW,
        f"{_P}:render_previews",
        capabilities=frozenset({Capability.FILESYSTEM_WRITE}),
    ),
    ToolSpec(
        "export_model",
        "Export the approved model (GLB, STL when printable) and its previews for fabrication or "
        "publication. Needs a reviewer's approval of the exact model (its SHA-256).",
        {
            "type": "object",
            "properties": {
                "glb_sha256": _SHA,
                "parts": {"type": "integer", "minimum": 1, "maximum": 64},
                "formats": {"type": "array", "items": {"enum": ["glb", "stl"]}, "minItems": 1, "uniqueItems": True},
                "previews": {"type": "array", "items": _PNG_NAME, "maxItems": MAX_PREVIEW_NAMES},
                "purpose": {"enum": ["fabrication", "publication"]},
                "review": {"type": "object"},
            },
            "required": ["glb_sha256", "parts", "formats", "purpose"],
            "additionalProperties": False,
        },
        RiskLevel.HIGH,
        f"{_P}:export_model",
    ),
]  # fmt: skip
