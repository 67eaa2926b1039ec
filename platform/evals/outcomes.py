"""What happens once a trial's run has ended: its outcome is fetched over REST (the run, its
events and artifacts, the final workspace unpacked by the strict extractor), the environment is
inspected, the checker runs, and the trial is scored or found invalid. A trial of an in-process
suite has no run: its checker judges the task's input, and it is scored the same way."""

from __future__ import annotations

import io
import json
import tempfile
import time
from dataclasses import replace
from datetime import datetime
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any

from django.conf import settings

from agents.sandbox.hostfs import HostDirectory
from evals import checkers, inspection, scoring, services
from evals.client import Platform
from evals.models import Eval, Trial
from evals.suites import Task
from runs import archives


def measure(run: dict[str, Any]) -> services.Measured:
    """The run's usage as its record says: steps, tokens, its model calls' cost, and the wall time
    from a worker first taking it up to its end (approval waits included; time queued behind
    other runs is not, so the eval's own concurrency does not distort it)."""
    usage = run.get("usage") or {}
    return services.Measured(
        run_status=str(run.get("status") or ""),
        failure_kind=str(run.get("failure_kind") or ""),
        steps=int(run.get("step_count") or 0),
        tokens=int(usage.get("prompt_tokens") or 0) + int(usage.get("completion_tokens") or 0),
        cost=_decimal(run.get("cost")),
        wall_seconds=_seconds_between(
            run.get("started_at") or run.get("created_at"), run.get("finished_at")
        ),
    )


def conclude(
    *, eval: Eval, trial: Trial, task: Task, run: dict[str, Any], platform: Platform
) -> Trial:
    """Scores the ended run's trial, or records it as invalid with the cause."""
    measured = measure(run)
    validity = inspection.run_validity(run)
    if not validity.valid:
        return services.trial_invalid(
            trial_id=trial.id, cause=validity.cause, detail=validity.detail, measured=measured
        )
    run_id = str(run["id"])
    events = platform.run_events(run_id)
    artifacts = platform.run_artifacts(run_id)
    with tempfile.TemporaryDirectory(prefix="longhaul-eval-") as scratch:
        workspace, unpacked = _unpack(platform.run_workspace(run_id), Path(scratch))
        result = check(task, checkers.Outcome(run=run, artifacts=artifacts, workspace=workspace))
    measured = _with(measured, artifacts, task, result, unpacked)
    return _scored(eval, trial, task, result, measured, events)


def conclude_in_process(*, eval: Eval, trial: Trial, task: Task) -> Trial:
    """Scores a trial of an in-process suite: its checker judges the task's input here, with no
    run (no steps, tokens or cost; the wall time is the check's own)."""
    started = time.monotonic()
    result = check(task, checkers.Outcome(run={}, artifacts={}, workspace=None))
    measured = services.Measured(wall_seconds=round(time.monotonic() - started, 6))
    measured = _with(measured, {}, task, result, "no run")
    return _scored(eval, trial, task, result, measured, [])


def _scored(
    eval: Eval,
    trial: Trial,
    task: Task,
    result: checkers.CheckResult,
    measured: services.Measured,
    events: list[dict[str, Any]],
) -> Trial:
    if result.crashed:
        return services.trial_invalid(
            trial_id=trial.id, cause="checker_crashed", detail=result.error, measured=measured
        )
    scored = scoring.score_trial(
        correctness=result.score,
        events=events,
        usage=scoring.Usage(
            measured.steps, measured.tokens, measured.wall_seconds, float(measured.cost)
        ),
        approvals=task.expect.approvals,
        denials=task.expect.denials,
        weights=eval.weights,
        budgets=eval.budgets,
    )
    return services.trial_scored(
        trial_id=trial.id,
        measured=replace(measured, details={**measured.details, **scored.details}),
        passed=result.passed,
        scores=scored.scores,
        composite=scored.composite,
    )


def check(task: Task, outcome: checkers.Outcome) -> checkers.CheckResult:
    """The suite's checker; one that raises has crashed (the environment's failure)."""
    try:
        return checkers.check(task, outcome)
    except Exception as error:  # a checker's own failure must never count against the agent
        return checkers.CheckResult(
            passed=False,
            score=0.0,
            details={},
            crashed=True,
            error=f"{type(error).__name__}: {error}",
        )


def _with(
    measured: services.Measured,
    artifacts: dict[str, bytes],
    task: Task,
    result: checkers.CheckResult,
    unpacked: str,
) -> services.Measured:
    diff = artifacts.get("changes.diff")
    details = {
        "checker": result.details,
        "check_score": result.score,
        "expect": {
            "approvals": list(task.expect.approvals),
            "denials": list(task.expect.denials),
            "change_required": task.expect.change_required,
        },
        "workspace": unpacked,
    }
    repair = _repair_summary(artifacts.get("repair.json"))
    if repair:
        details["repair"] = repair
    changed = None if diff is None else bool(diff.strip())
    return replace(measured, workspace_changed=changed, details=details)


def _repair_summary(record: bytes | None) -> list[dict[str, Any]]:
    """Per repair stage of the code workflow: candidates tried and the source of the accepted
    fix (the run's repair.json artifact), for the report."""
    try:
        stages = json.loads(record or b"[]")
    except ValueError:
        return []
    if not isinstance(stages, list):
        return []
    return [
        {
            "stage": stage.get("stage"),
            "candidates": stage.get("validated"),
            "fixed": stage.get("fixed"),
            "accepted_source": stage.get("chosen_origin"),
        }
        for stage in stages
        if isinstance(stage, dict)
    ]


def _unpack(archive: bytes | None, scratch: Path) -> tuple[Path | None, str]:
    """The final workspace under `scratch`, through the same strict extractor as uploads."""
    if not archive:
        return None, "the run has no workspace"
    target = scratch / "workspace"
    target.mkdir()
    try:
        with HostDirectory(target) as root:
            archives.unpack(
                io.BytesIO(archive),
                root,
                max_bytes=settings.LONGHAUL_MAX_WORKSPACE_BYTES,
                max_files=settings.LONGHAUL_MAX_WORKSPACE_FILES,
            )
    except (archives.ArchiveRefused, *archives.DAMAGED) as error:
        return None, f"the final workspace could not be unpacked: {error}"
    return target, "unpacked"


def _decimal(value: Any) -> Decimal:
    try:
        return Decimal(str(value or 0))
    except InvalidOperation:
        return Decimal(0)


def _seconds_between(start: Any, end: Any) -> float:
    if not start or not end:
        return 0.0
    return max(0.0, (datetime.fromisoformat(end) - datetime.fromisoformat(start)).total_seconds())
