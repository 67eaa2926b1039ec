"""Tools for platform tests, registered through LONGHAUL_EXTRA_TOOLS like any plug-in.

`record_effect` stands for an effect outside the sandbox (a payment, an email): it appends to a
ledger file. Like a real external system that honours idempotency keys, the ledger applies a
key once; every attempt is logged separately so tests can count re-invocations.
"""

from __future__ import annotations

import fcntl
import time
from pathlib import Path
from typing import Any

from agents.engine.types import EnvironmentFailure
from agents.sandbox.hostfs import HostDirectory
from agents.tools import RiskLevel, ToolSpec
from agents.tools.spec import Capability


def record_effect(args: dict[str, Any], env: Any) -> dict[str, Any]:
    key = env.extra["idempotency_key"]
    directory = Path(args["ledger"])
    _append(directory / "attempts.log", f"{key} {time.time()}")
    # The tool's own work, long enough for a kill or a cancel to land mid-call.
    time.sleep(float(args.get("work_seconds", 0.0)))
    with open(directory / "effects.log", "a+") as ledger:
        fcntl.flock(ledger, fcntl.LOCK_EX)
        ledger.seek(0)
        applied = key in ledger.read().split()
        if not applied:
            ledger.write(key + "\n")
    return {"applied": not applied, "key": key}


def deploy(args: dict[str, Any], env: Any) -> dict[str, Any]:
    """A gated tool: each execution appends its arguments to the ledger, never deduplicated."""
    _append(
        Path(args["ledger"]) / "deploys.log", f"{env.extra['idempotency_key']} {args['target']}"
    )
    return {"deployed": args["target"]}


def append_line(args: dict[str, Any], env: Any) -> dict[str, Any]:
    """Appends a line to a workspace file. With `fail_once`, the first attempt fails as the
    environment would, after the line was written (a crash halfway through a call)."""
    with HostDirectory(env.workspace) as root:
        name = args.get("file", "notes.txt")
        before = root.read(name, limit=1 << 20)[0] if root.lstat(name) else b""
        root.write(name, before + args["text"].encode() + b"\n")
    marker = Path(args["fail_once"]) if args.get("fail_once") else None
    if marker is not None and not marker.exists():
        marker.write_text("failed once")
        raise EnvironmentFailure("the service behind this tool went away", kind="tool_service")
    return {"appended": args["text"]}


def _append(path: Path, line: str) -> None:
    with open(path, "a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        handle.write(line + "\n")


_LEDGER = {"type": "string", "minLength": 1}
TEST_TOOLS = [
    ToolSpec(
        name="append_line",
        description="Append a line of text to a file of the workspace.",
        parameters={
            "type": "object",
            "properties": {
                "text": {"type": "string"},
                "file": {"type": "string", "minLength": 1},
                "fail_once": {"type": "string", "minLength": 1},
            },
            "required": ["text"],
            "additionalProperties": False,
        },
        risk=RiskLevel.LOW,
        function="tests.runs.tools:append_line",
        capabilities=frozenset({Capability.FILESYSTEM_WRITE}),
    ),
    ToolSpec(
        name="record_effect",
        description="Apply an external effect once per idempotency key.",
        parameters={
            "type": "object",
            "properties": {"ledger": _LEDGER, "work_seconds": {"type": "number", "minimum": 0}},
            "required": ["ledger"],
            "additionalProperties": False,
        },
        risk=RiskLevel.LOW,
        function="tests.runs.tools:record_effect",
    ),
    ToolSpec(
        name="deploy",
        description="Deploy to a target (high risk: needs approval).",
        parameters={
            "type": "object",
            "properties": {"ledger": _LEDGER, "target": {"type": "string", "minLength": 1}},
            "required": ["ledger", "target"],
            "additionalProperties": False,
        },
        risk=RiskLevel.HIGH,
        function="tests.runs.tools:deploy",
    ),
]
