"""What a 3D run hands over: the export request a reviewer approves, and the run's output with
its artifacts (model.glb, model.stl when printable, spec.json, validation.json, previews)."""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
from typing import Any

from agents.engine.types import Finish
from agents.three_d.schema import UNIT_MM

MEDIA_TYPES = {
    ".glb": "model/gltf-binary",
    ".stl": "model/stl",
    ".png": "image/png",
    ".json": "application/json",
}
MAGIC = {".glb": b"glTF", ".png": b"\x89PNG\r\n\x1a\n"}


def export_arguments(state: dict[str, Any]) -> dict[str, Any]:
    """The export_model call the reviewer approves: it binds the model's SHA-256 and shows the
    measured dimensions, the validation result, the critique and a sheet of the previews."""
    validation, previews = state["validation"], state["previews"]
    printable = validation["measured"]["printable"]
    names = [f"{view}.png" for view in previews["views"]]
    if previews.get("turntable"):
        names.append("turntable.png")
    return {
        "glb_sha256": state["build"]["glb"]["sha256"],
        "parts": len(state["spec"]["parts"]),
        "formats": ["glb", "stl"] if printable else ["glb"],
        "previews": names,
        "purpose": "fabrication" if state["rules"]["target_use"] == "print" else "publication",
        "review": {
            "name": state["spec"].get("name", ""),
            "dimensions": dimensions(state),
            "triangles": validation["measured"]["triangles"],
            "printable": printable,
            "validation": {
                "passed": validation["ok"],
                "warnings": [w["message"] for w in validation["warnings"]],
            },
            "repairs": state["repair_log"],
            "differences": (state["critique"] or {}).get("differences", []),
            "preview_sheet_png_base64": previews["sheet_png"],
        },
    }


def dimensions(state: dict[str, Any]) -> dict[str, Any]:
    measured, units = state["validation"]["measured"], state["units"]
    return {
        name: round(measured[f"{name}_mm"] / UNIT_MM[units], 3)
        for name in ("width", "depth", "height")
    } | {"units": units}


def finished(state: dict[str, Any], arguments: dict[str, Any], export: dict[str, Any]) -> Finish:
    expected = {"model.glb", "model.stl", *arguments.get("previews", [])}
    files = _checked_files(export["files"], expected)
    if isinstance(files, str):
        return Finish("failed", failed_output(state, files))
    artifacts = [_file_artifact(name, data) for name, data in files.items()]
    measured = state["validation"]["measured"]
    passed = state["validation"]["ok"]
    output = {
        "summary": f"{state['spec'].get('name') or 'asset'}: {measured['parts']} parts, "
        f"{measured['triangles']} triangles, "
        + ("validated and exported" if passed else "exported although validation failed"),
        "template": (state["plan"] or {}).get("template"),
        "plan_source": state["plan_source"],
        "dimensions": dimensions(state),
        "parts": measured["parts"],
        "triangles": measured["triangles"],
        "printable": measured["printable"],
        "formats": arguments["formats"],
        "repairs": state["repair_log"],
        "differences": (state["critique"] or {}).get("differences", []),
        "assumptions": state["brief"].get("assumptions", []),
        "artifacts": artifacts + _reports(state),
    }
    if passed:
        return Finish("succeeded", output)
    # The best model the run could build, handed over with what it still fails.
    failures = state["validation"]["failures"]
    shown = "; ".join(f["message"] for f in failures[:3])
    reason = f"validation still fails after {state['repairs']} repair(s): {shown}; the best model built is handed over"
    return Finish("failed", {**output, "reason": reason, "failures": failures})


def _checked_files(files: dict[str, Any], expected: set[str]) -> dict[str, bytes] | str:
    """Decoded files, each one that was asked for, matching its SHA-256 and its format's
    signature; or the reason they cannot be handed over."""
    decoded = {}
    for name, entry in files.items():
        if name not in expected:
            return f"the export returned {name!r}, which was not asked for"
        try:
            data = base64.b64decode(entry["base64"], validate=True)
        except (binascii.Error, ValueError):
            return f"the export returned {name} undecodable"
        suffix = name[name.rfind(".") :]
        if suffix not in MEDIA_TYPES or hashlib.sha256(data).hexdigest() != entry["sha256"]:
            return f"the export returned {name} damaged or of an unknown type"
        if not data.startswith(MAGIC.get(suffix, b"")) or (suffix == ".stl" and not _is_stl(data)):
            return f"the export returned {name} that is not a {suffix[1:].upper()} file"
        decoded[name] = data
    return decoded


def _is_stl(data: bytes) -> bool:
    """A binary STL is an 80-byte header, a triangle count and 50 bytes per triangle."""
    return len(data) >= 84 and len(data) == 84 + 50 * int.from_bytes(data[80:84], "little")


def _file_artifact(name: str, data: bytes) -> dict[str, Any]:
    suffix = name[name.rfind(".") :]
    stored = name if name.startswith("model.") or name == "turntable.png" else f"preview-{name}"
    return {
        "name": stored,
        "media_type": MEDIA_TYPES[suffix],
        "content_base64": base64.b64encode(data).decode(),
    }


def refused_output(state: dict[str, Any]) -> dict[str, Any]:
    """Nothing is built for a brief that cannot be: the reasons name the numbers."""
    reasons = state["brief"]["refusals"]
    return {
        "refused": True,
        "reason": "the brief cannot be built as written: " + "; ".join(reasons),
        "refusals": reasons,
        "failures": [],
        "repairs": [],
        "artifacts": [_json_artifact("brief.json", state["brief"])],
    }


def _reports(state: dict[str, Any]) -> list[dict[str, Any]]:
    found = [_json_artifact("brief.json", state["brief"])]
    if state.get("spec"):
        found.append(_json_artifact("spec.json", state["spec"]))
    if state.get("validation"):
        report = {
            "validation": state["validation"],
            "critique": state.get("critique"),
            "repairs": state["repair_log"],
            "rules": state["rules"],
            "plan_source": state["plan_source"],
        }
        found.append(_json_artifact("validation.json", report))
    return found


def _json_artifact(name: str, value: Any) -> dict[str, Any]:
    return {"name": name, "media_type": "application/json", "content": json.dumps(value, indent=2)}


def failed_output(state: dict[str, Any], reason: str) -> dict[str, Any]:
    """A failed run still hands over what it has: the spec, the validation report and, when it
    got that far, the preview sheet."""
    artifacts = _reports(state)
    sheet = (state.get("previews") or {}).get("sheet_png")
    if sheet:
        artifacts.append(
            {"name": "previews.png", "media_type": "image/png", "content_base64": sheet}
        )
    failures = (state.get("validation") or {}).get("failures", [])
    return {
        "reason": reason,
        "failures": failures,
        "repairs": state["repair_log"],
        "artifacts": artifacts,
    }
