"""The repair engine as a tool: validated fixes for the failing tests (agents.coding.repair).

The workflow calls it first when the tier's model is small, the free-form loop may call it like
any tool. Extra edits (the model's, sampled by the caller) are validated alongside the engine's
own. With `apply`, the best validated fix is written to the workspace; the record of every
candidate (origin, verdict, diff) is the output.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from agents.sandbox.contract import SandboxLimits
from agents.sandbox.hostfs import HostDirectory
from agents.tools.builtin.commands import repository_environment
from agents.tools.builtin.testing import run_pytest

MAX_DIFF_CHARS = 3000
MAX_RECORDED = 60


def repair(args: dict[str, Any], env: Any) -> dict[str, Any]:
    from agents.coding.repair.edits import Candidate, Edit
    from agents.coding.repair.engine import RepairSettings
    from agents.coding.repair.engine import repair as search

    workspace = Path(env.workspace)
    limits = env.limits or SandboxLimits()
    limits = replace(limits, wall_seconds=min(limits.wall_seconds, 120.0))
    deps = repository_environment(env)
    baseline = run_pytest(env.sandbox, workspace, limits=limits, deps=deps)
    if not any(o in ("failed", "errors") for o in (baseline.get("tests") or {}).values()):
        return {"fixed": False, "reason": "no failing test to repair", "tests": baseline["summary"]}
    extra = [
        Candidate(
            (Edit(e["path"], e["search"], e["replace"]),),
            e.get("origin", "model"),
            e.get("where", ""),
        )
        for e in args.get("edits", [])
    ]
    settings = RepairSettings(
        max_candidates=int(args.get("max_candidates", 80)),
        model_samples=0,
        parallel=int((env.extra or {}).get("repair_parallel", 2)),
    )
    result = search(
        sandbox=env.sandbox, workspace=workspace, report=baseline, limits=limits, deps=deps,
        settings=settings, extra=extra, templates=bool(args.get("templates", True)),
    )  # fmt: skip
    record = result.record()
    if args.get("apply") and result.best is not None:
        _apply(workspace, result.best)
        record["applied"] = True
    record["candidates"] = [_trimmed(c) for c in record["candidates"][:MAX_RECORDED]]
    return record


def _apply(workspace: Path, candidate: Any) -> None:
    with HostDirectory(workspace) as root:
        for edit in candidate.edits:
            data, _ = root.read(edit.path, limit=4 * 1024**2)
            after = edit.apply(data.decode("utf-8", errors="surrogateescape"))
            if after is None:  # the workspace changed since validation: apply nothing more
                raise RuntimeError(f"the validated edit no longer applies to {edit.path}")
            root.write(edit.path, after.encode("utf-8", errors="surrogateescape"))


def _trimmed(record: dict[str, Any]) -> dict[str, Any]:
    return {**record, "diff": record.get("diff", "")[:MAX_DIFF_CHARS]}
