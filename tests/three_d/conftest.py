"""3D workflow fixtures: the agent runtime's (scripted model, real sandbox, in-memory context)
with the pack's tools registered, plus helpers that read what a run produced."""

from __future__ import annotations

import base64
import io
import json
import struct
import subprocess
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import trimesh
from PIL import Image

from agents.engine.memory import InMemoryCheckpointer, InMemoryContext
from agents.engine.registry import get_workflow
from agents.engine.runner import run_one_step, start_thread
from agents.engine.types import StepResult
from agents.tools import ToolExecutor, default_registry
from tests.agents.conftest import (
    _model_server,
    clock,
    fake_model,
    make_ctx,
    model_client,
    tool_env,
    workspace,
)

__all__ = ["_model_server", "clock", "fake_model", "make_ctx", "model_client", "tool_env", "workspace"]  # fmt: skip
THREE_D_TOOLS = "agents.three_d.tools:TOOLS"
BACKGROUND = np.array([0.93, 0.94, 0.96]) * 255
SMALL_PREVIEW = {"width": 128, "height": 96, "turntable_frames": 2}


@pytest.fixture
def executor() -> ToolExecutor:
    return ToolExecutor(default_registry([THREE_D_TOOLS]))


def answer(value: dict[str, Any]) -> dict[str, Any]:
    """A scripted model reply whose content is this JSON."""
    return {"content": json.dumps(value)}


def run_asset(ctx: InMemoryContext, cp: InMemoryCheckpointer, input: dict[str, Any]) -> StepResult:
    """Runs the workflow until it stops (finished, interrupted or out of budget)."""
    workflow = get_workflow("three_d_asset")
    if cp.get(ctx.run_id) is None:
        start_thread(workflow, cp, ctx.run_id, {"preview": SMALL_PREVIEW, **input})
    for _ in range(60):
        result = run_one_step(workflow, cp, ctx.run_id, ctx)
        if result.outcome != "continue":
            return result
    raise AssertionError("the 3D workflow did not stop")


def approve(ctx: InMemoryContext, paused: StepResult) -> None:
    assert paused.outcome == "interrupted"
    assert paused.interrupt is not None
    payload = paused.interrupt.payload
    ctx.decide(
        payload["digest"], approved=True, arguments=payload["arguments"], tool=payload["tool"]
    )


def artifact_bytes(result: StepResult) -> dict[str, bytes]:
    assert result.finish is not None
    found = {}
    for item in result.finish.output["artifacts"]:
        encoded = item.get("content_base64")
        found[item["name"]] = base64.b64decode(encoded) if encoded else item["content"].encode()
    return found


# glTF is Y-up; the tests measure on the spec's axes (X width, Y depth, Z height).
Z_UP = np.array([[1.0, 0, 0, 0], [0, 0, -1.0, 0], [0, 1.0, 0, 0], [0, 0, 0, 1.0]])


def load_glb(data: bytes) -> Any:
    """The GLB as a viewer loads it (Y-up), turned to the spec's Z-up axes."""
    scene = trimesh.load(io.BytesIO(data), file_type="glb", force="scene")
    scene.apply_transform(Z_UP)
    return scene


GLTF_VALIDATOR = Path(__file__).with_name("gltf_validator.cjs")


def gltf_validation(glb: bytes) -> dict[str, Any]:
    """The Khronos glTF Validator's report on a GLB (vendored from npm; run with Node)."""
    with tempfile.NamedTemporaryFile(suffix=".glb") as handle:
        handle.write(glb)
        handle.flush()
        done = subprocess.run(
            ["node", str(GLTF_VALIDATOR), handle.name], capture_output=True, text=True, timeout=60
        )
    assert done.returncode == 0, done.stderr
    report: dict[str, Any] = json.loads(done.stdout)
    return report


def gltf_json(glb: bytes) -> dict[str, Any]:
    """The JSON chunk of a GLB: nodes, meshes, materials as the file states them."""
    length = struct.unpack_from("<I", glb, 12)[0]
    document: dict[str, Any] = json.loads(glb[20 : 20 + length])
    return document


def extents_mm(scene: Any) -> list[float]:
    low, high = np.asarray(scene.bounds) * 1000.0
    return [round(float(v), 3) for v in high - low]


def drawn_fraction(png: bytes) -> float:
    """The share of pixels that differ from the preview background: 0 for a blank render."""
    pixels = np.asarray(Image.open(io.BytesIO(png)).convert("RGB"), dtype=float)
    return float((np.abs(pixels - BACKGROUND).sum(axis=2) > 12).mean())


def close(actual: list[float], expected: list[float], tolerance: float = 0.01) -> bool:
    return all(abs(a - e) <= tolerance * e for a, e in zip(actual, expected, strict=True))


Runner = Callable[..., InMemoryContext]
