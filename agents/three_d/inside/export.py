"""The `export` action, run after a reviewer approved: checks that the model on disk is the one
that was approved (its SHA-256), loads it back once more, and hands over the files."""

from __future__ import annotations

import base64
import hashlib
import io
from typing import Any

import trimesh

from .build import OUT_DIR

MAX_FILE_BYTES = 48 * 1024**2


def export(request: dict[str, Any]) -> dict[str, Any]:
    glb = _read("model.glb")
    digest = hashlib.sha256(glb).hexdigest()
    if digest != request["glb_sha256"]:
        return {"ok": False, "error": f"model.glb changed since approval (sha256 {digest})"}
    scene: Any = trimesh.load(io.BytesIO(glb), file_type="glb", force="scene")
    parts = len(scene.graph.nodes_geometry)
    if parts != int(request["parts"]):
        return {"ok": False, "error": f"model.glb loads with {parts} parts, not {request['parts']}"}
    files = {"model.glb": glb}
    if "stl" in request["formats"] and (OUT_DIR / "model.stl").is_file():
        files["model.stl"] = _read("model.stl")
    for name in request.get("previews", []):
        files[name] = _read(f"previews/{name}")
    return {
        "ok": True,
        "files": {
            name: {"base64": base64.b64encode(data).decode(), "sha256": _sha(data)}
            for name, data in files.items()
        },
    }


def _read(relative: str) -> bytes:
    path = OUT_DIR / relative
    if path.is_symlink() or not path.is_file():
        raise FileNotFoundError(f"{relative} is missing or not a regular file")
    if path.stat().st_size > MAX_FILE_BYTES:
        raise ValueError(f"{relative} is larger than {MAX_FILE_BYTES} bytes")
    return path.read_bytes()


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()
