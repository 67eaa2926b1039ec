"""Per-step workspace snapshots: crash recovery for tool calls and rollback of runs.

Before a tool call that may write the workspace runs, the workspace is snapshotted under
LONGHAUL_SNAPSHOTS_DIR/<run id>/<step>-<call> (outside every workspace). If that call is executed
again (its worker died mid-call, or the environment failed it), the snapshot is restored first,
so a command that ran before the crash does not act twice on the workspace. Calls that completed
are never executed again (the ToolCall ledger), so they need no restore. Model calls and
read-only tools do not change the workspace, so the first snapshot taken at or after step N is
also the workspace as it was when step N began: that is what a rollback to step N restores.

Bounds: no snapshot of a workspace over LONGHAUL_RUN_SNAPSHOT_MAX_BYTES or _MAX_FILES (a marker
records the skip, and a rollback across it is refused); the newest
LONGHAUL_RUN_SNAPSHOT_RETENTION snapshots per run are kept.
"""

from __future__ import annotations

import json
import logging
import os
import secrets
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from uuid import UUID

from django.conf import settings

from agents.sandbox import snapshot_store
from agents.sandbox.errors import SandboxError
from agents.sandbox.snapshot_store import Bounds, NotASnapshot, SnapshotTooLarge
from agents.tools import UnknownTool
from agents.tools.builtin import snapshots as baselines
from runs import toolbox, workspaces
from runs.models import Run

logger = logging.getLogger(__name__)

PRUNED = "pruned.json"
SKIPPED = "skipped.json"
# Tools known to leave the workspace as it is (reads, memory); any other tool may write.
READ_ONLY_TOOLS = frozenset(
    {"list_files", "read_file", "diff_workspace", "remember", "recall", "search_documents"}
)
WRITING_CAPABILITIES = frozenset({"filesystem_write", "code_execution"})


class SnapshotUnavailable(Exception):
    """No snapshot can restore the workspace as of the asked step; the message says why."""


@dataclass(frozen=True)
class SnapshotName:
    step: int
    call_index: int

    @property
    def directory(self) -> str:
        return f"{self.step:08d}-{self.call_index:03d}"

    @classmethod
    def parse(cls, name: str) -> SnapshotName | None:
        step, _, call = name.partition("-")
        if not (step.isdigit() and call.isdigit()):
            return None
        return cls(int(step), int(call))


def run_directory(run_id: UUID | str) -> Path:
    return Path(settings.LONGHAUL_SNAPSHOTS_DIR) / str(run_id)


def workspace_of(run: Run) -> Path:
    """The directory tools of this run work in (a scratch directory when it has no workspace)."""
    return Path(run.workspace) if run.workspace else workspaces.workspace_path(run.id)


# --- before a tool call ---------------------------------------------------------------------
def snapshot_before_call(*, run: Run, step: int, call_index: int, tool: str) -> None:
    """Restores this call's snapshot when the call is being executed again, else takes it."""
    workspace = workspace_of(run)
    snapshot_store.finish_interrupted_restore(workspace)
    if not may_write(tool):
        return
    entry = run_directory(run.id) / SnapshotName(step, call_index).directory
    if (entry / SKIPPED).exists():
        return  # over the bounds the first time: this call cannot be undone, only repeated
    if (entry / snapshot_store.MANIFEST).exists():
        snapshot_store.restore(entry, workspace)
        logger.info("run %s: restored the workspace of step %s call %s", run.id, step, call_index)
        return
    _take(run, workspace, entry)
    _prune(run.id)


def may_write(tool: str) -> bool:
    try:
        spec = toolbox.registry().get(tool)
    except UnknownTool:
        return False  # an unknown tool fails before it runs: nothing to protect
    declared = {str(capability) for capability in spec.effective_capabilities()}
    if declared & WRITING_CAPABILITIES:
        return True
    return tool not in READ_ONLY_TOOLS


def _take(run: Run, workspace: Path, entry: Path) -> None:
    staging = entry.with_name(entry.name + ".partial")
    shutil.rmtree(staging, ignore_errors=True)
    previous = _latest(run.id) or _baseline(workspace)
    try:
        snapshot_store.take(workspace, staging, previous=previous, bounds=_bounds())
    except (SnapshotTooLarge, SandboxError, OSError) as error:
        # Recorded, not raised: the call still runs, but it cannot be undone by a restore.
        logger.warning("run %s: no workspace snapshot for %s: %s", run.id, entry.name, error)
        shutil.rmtree(staging, ignore_errors=True)
        staging.mkdir(parents=True)
        (staging / SKIPPED).write_text(json.dumps({"reason": str(error)}))
        (staging / snapshot_store.MANIFEST).write_text(json.dumps({"skipped": True}))
    os.replace(staging, entry)


def _baseline(workspace: Path) -> Path | None:
    """The workspace's diff baseline, a snapshot of the same store: the run's first snapshot
    hard-links the files still as they were then instead of copying them."""
    baseline = baselines.baseline_path(workspace)
    return baseline if "files" in snapshot_store.read_manifest(baseline) else None


def _bounds() -> Bounds:
    return Bounds(
        max_bytes=int(settings.LONGHAUL_RUN_SNAPSHOT_MAX_BYTES),
        max_files=int(settings.LONGHAUL_RUN_SNAPSHOT_MAX_FILES),
    )


def _entries(run_id: UUID | str) -> list[tuple[SnapshotName, Path]]:
    root = run_directory(run_id)
    if not root.is_dir():
        return []
    found = []
    for path in root.iterdir():
        name = SnapshotName.parse(path.name)
        if name is not None and (path / snapshot_store.MANIFEST).exists():
            found.append((name, path))
    return sorted(found, key=lambda item: (item[0].step, item[0].call_index))


def _latest(run_id: UUID | str) -> Path | None:
    complete = [path for _, path in _entries(run_id) if not (path / SKIPPED).exists()]
    return complete[-1] if complete else None


def _prune(run_id: UUID | str) -> None:
    entries = _entries(run_id)
    excess = len(entries) - int(settings.LONGHAUL_RUN_SNAPSHOT_RETENTION)
    if excess <= 0:
        return
    doomed = entries[:excess]
    _write_pruned(run_id, max(name.step for name, _ in doomed))
    for _, path in doomed:
        shutil.rmtree(path, ignore_errors=True)


def _write_pruned(run_id: UUID | str, step: int) -> None:
    path = run_directory(run_id) / PRUNED
    path.write_text(json.dumps({"through_step": max(step, _pruned_through(run_id))}))


def _pruned_through(run_id: UUID | str) -> int:
    try:
        return int(json.loads((run_directory(run_id) / PRUNED).read_text())["through_step"])
    except (OSError, ValueError, KeyError, TypeError):
        return -1


# --- rollback -------------------------------------------------------------------------------
def snapshot_for_step(run_id: UUID | str, step: int) -> Path | None:
    """The snapshot holding the workspace as of the start of `step`; None when no tool call
    may have written since then (the workspace is still as it was)."""
    pruned = _pruned_through(run_id)
    if step <= pruned:
        raise SnapshotUnavailable(
            f"The workspace snapshots up to step {pruned} were deleted (the newest "
            f"{settings.LONGHAUL_RUN_SNAPSHOT_RETENTION} are kept); roll back to a later step."
        )
    for name, path in _entries(run_id):
        if name.step < step:
            continue
        if (path / SKIPPED).exists():
            raise SnapshotUnavailable(
                f"No workspace snapshot was taken before step {name.step} "
                f"({_skip_reason(path)}); the workspace cannot be rolled back past it."
            )
        return _restorable(path, name.step)
    return None


def _restorable(path: Path, step: int) -> Path:
    try:
        snapshot_store.restorable(path)
    except NotASnapshot as refused:
        raise SnapshotUnavailable(
            f"The workspace snapshot taken before step {step} cannot be restored ({refused})."
        ) from None
    return path


@contextmanager
def starting_workspace(run: Run) -> Iterator[Path | None]:
    """A snapshot of the workspace as the run began with it, for a re-run: the one taken before
    its first call that may write or, when no call has written yet, one taken now. None for a
    run without a workspace; SnapshotUnavailable when pruning or the bounds lost it."""
    if not run.workspace:
        yield None
        return
    found = snapshot_for_step(run.id, 0)
    if found is not None:
        yield found
        return
    staging = Path(settings.LONGHAUL_SNAPSHOTS_DIR) / f".rerun-{secrets.token_hex(8)}"
    try:
        try:
            snapshot_store.take(workspace_of(run), staging, previous=None, bounds=_bounds())
        except (SnapshotTooLarge, SandboxError, OSError) as error:
            raise SnapshotUnavailable(f"the workspace could not be copied ({error})") from None
        yield staging
    finally:
        shutil.rmtree(staging, ignore_errors=True)


def _skip_reason(path: Path) -> str:
    try:
        return str(json.loads((path / SKIPPED).read_text()).get("reason", "unknown reason"))
    except (OSError, ValueError):
        return "unknown reason"


def restore_for_rollback(run: Run, snapshot: Path | None) -> None:
    if snapshot is not None:
        snapshot_store.restore(snapshot, workspace_of(run))


def discard_from(run_id: UUID | str, step: int) -> None:
    """Deletes the snapshots of steps from `step` on: after a rollback they belong to a history
    the run no longer has (and a restore from them would be wrong)."""
    for name, path in _entries(run_id):
        if name.step >= step:
            shutil.rmtree(path, ignore_errors=True)


def snapshots_delete(run_id: UUID | str) -> None:
    """Every snapshot of a run; call it wherever the run's workspace is deleted."""
    shutil.rmtree(run_directory(run_id), ignore_errors=True)


def snapshot_summary(run_id: UUID | str) -> dict[str, Any]:
    """What a rollback can reach: the steps with snapshots and how far pruning went."""
    entries = _entries(run_id)
    return {
        "steps": sorted({name.step for name, path in entries if not (path / SKIPPED).exists()}),
        "pruned_through_step": _pruned_through(run_id),
    }
