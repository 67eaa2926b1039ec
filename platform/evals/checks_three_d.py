"""The 3D checkers. `three_d_constraints`: the exported model, measured in the sandbox, against
the task's measurable constraints. `three_d_reading` (in-process suites): the brief reader's
reading of the task's brief against the reading it should get.

The model file came out of a run whose geometry a model wrote, so it is parsed only in the
sandbox (`evals/inside/measure.py` through `agents.sandbox.python_call`, the worker's trimesh
bound read-only, no network, bounded CPU, memory, time and output); the host reads one JSON
answer whose shape is checked. Axes are the spec's: X width, Y depth, Z height, millimetres.

Constraints (all optional): ``extents_mm`` (per axis ``[min, max]``), ``fits_mm`` (``[x, y, z]``
maxima), ``max_triangles``, ``min_parts``, ``max_parts``, ``watertight`` (every part closed) and
``grounded`` (the lowest point within 0.5 mm of z = 0). Partial credit: the share that hold; the
run must also have succeeded.
"""

from __future__ import annotations

import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from django.conf import settings

from agents.sandbox import SandboxError, SandboxLimits, SandboxUnavailable, get_sandbox
from agents.sandbox.python_call import PythonCallFailed, PythonPack, call
from agents.three_d.brief import BriefInvalid
from agents.three_d.corpus import checks as reading_checks
from agents.three_d.corpus import outcome_of, read_for_scoring
from evals.checkers import CheckerCrashed, CheckResult, Outcome, failed, scored
from evals.suites import Task

GROUNDED_MM = 0.5
MAX_MODEL_BYTES = 64 * 1024**2
AXES = ("x", "y", "z")
_AGENT_FAULTS = ("SandboxTimeout", "CpuTimeExceeded", "MemoryExceeded", "OutputTruncated")


class MeasureFailed(PythonCallFailed):
    pass


PACK = PythonPack(
    code=Path(__file__).with_name("inside"),
    package="evals_inside",
    # numpy and trimesh reserve far more address space than they use (as in the 3D pack).
    limits={"measure": {"cpu_seconds": 60, "memory_bytes": 1536 * 1024**2, "wall_seconds": 120.0}},
    environment={"OMP_NUM_THREADS": "1", "OPENBLAS_NUM_THREADS": "1"},
    failure=MeasureFailed,
)
ANSWER_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["parts", "triangles", "watertight", "bounds_mm", "extents_mm"],
    "properties": {
        "parts": {"type": "integer", "minimum": 0},
        "triangles": {"type": "integer", "minimum": 0},
        "watertight": {"type": "boolean"},
        "open_parts": {"type": "array", "items": {"type": "string"}, "maxItems": 50},
        "bounds_mm": {
            "type": "array",
            "minItems": 2,
            "maxItems": 2,
            "items": {"type": "array", "items": {"type": "number"}, "minItems": 3, "maxItems": 3},
        },
        "extents_mm": {"type": "array", "items": {"type": "number"}, "minItems": 3, "maxItems": 3},
    },
}


@dataclass(frozen=True)
class _Environment:
    """What python_call needs of a tool environment."""

    sandbox: Any
    workspace: Path
    limits: SandboxLimits | None = None


def three_d_constraints(task: Task, outcome: Outcome) -> CheckResult:
    spec = task.checker
    model = outcome.artifacts.get(str(spec.get("artifact", "model.glb")))
    status = str(outcome.run.get("status", ""))
    if model is None:
        return failed("the run handed over no model", status=status)
    if len(model) > MAX_MODEL_BYTES:
        return failed(f"the model is larger than {MAX_MODEL_BYTES} bytes", status=status)
    measured = measure_model(model)
    if "error" in measured:
        return failed(measured["error"], status=status)
    checks = [{"check": "run succeeded", "ok": status == "succeeded"}, *constraints(spec, measured)]
    return scored(checks, status=status, measured=measured)


def measure_model(model: bytes) -> dict[str, Any]:
    """The sandbox's measurements, or {"error": ...} when the file is the agent's problem."""
    with tempfile.TemporaryDirectory(prefix="longhaul-eval-model-") as scratch:
        folder = Path(scratch)
        folder.chmod(0o755)
        (folder / "model.glb").write_bytes(model)
        try:
            environment = _Environment(get_sandbox(settings.LONGHAUL_SANDBOX), folder)
            return call(PACK, environment, "measure", {}, ANSWER_SCHEMA)
        except SandboxUnavailable as error:
            raise CheckerCrashed(f"the sandbox is unavailable: {error}") from error
        except MeasureFailed as error:
            return {"error": f"the model cannot be measured: {error}"}
        except SandboxError as error:
            if type(error).__name__ in _AGENT_FAULTS:
                return {"error": f"measuring the model was stopped: {type(error).__name__}"}
            raise CheckerCrashed(f"the sandbox failed: {type(error).__name__}: {error}") from error


def constraints(spec: dict[str, Any], measured: dict[str, Any]) -> list[dict[str, Any]]:
    checks = []
    extents = dict(zip(AXES, measured["extents_mm"], strict=True))
    for axis, (low, high) in (spec.get("extents_mm") or {}).items():
        checks.append(_within(f"extent {axis}", extents[axis], low, high))
    if "fits_mm" in spec:
        for axis, limit in zip(AXES, spec["fits_mm"], strict=True):
            checks.append(_within(f"fits {axis}", extents[axis], 0.0, limit))
    if "max_triangles" in spec:
        checks.append(_within("triangles", measured["triangles"], 0, spec["max_triangles"]))
    if "min_parts" in spec or "max_parts" in spec:
        low, high = spec.get("min_parts", 0), spec.get("max_parts", float("inf"))
        checks.append(_within("parts", measured["parts"], low, high))
    if spec.get("watertight"):
        checks.append(
            {
                "check": "watertight",
                "ok": measured["watertight"],
                "open_parts": measured.get("open_parts", []),
            }
        )
    if spec.get("grounded"):
        lowest = measured["bounds_mm"][0][2]
        checks.append({"check": "grounded", "ok": abs(lowest) <= GROUNDED_MM, "lowest_mm": lowest})
    return checks


def _within(name: str, value: float, low: float, high: float) -> dict[str, Any]:
    return {"check": name, "ok": low <= value <= high, "got": value, "expected": [low, high]}


def three_d_reading(task: Task, outcome: Outcome) -> CheckResult:
    """The task's brief read as the three_d_asset workflow reads it when a run starts, one check
    per expected part of the reading; every miss is a failing check whose message says what was
    read instead. Needs no run: `outcome` is empty."""
    brief = str(task.input.get("brief", ""))
    try:
        reading, meaning = read_for_scoring(brief)
    except BriefInvalid as error:
        return failed(f"the brief was refused as not a brief: {error}", brief=brief)
    found = reading_checks({"brief": brief, "expect": task.checker["expect"]}, reading, meaning)
    read = {"outcome": outcome_of(meaning), "template": meaning["template"], "size_mm": meaning["size_mm"]}  # fmt: skip
    return scored(found, brief=brief, read=read)
