"""Writes for evals: an eval and its planned trials, then each trial as it starts, is scored,
is found invalid or is retried. Every write is its own transaction, so a runner that dies loses
at most the trial in flight, and `--resume` finds each trial as it was left."""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any
from uuid import UUID

from django.db import transaction
from django.utils import timezone

from evals.models import Eval, EvalStatus, Trial, TrialStatus


@dataclass(frozen=True)
class Plan:
    """What an eval runs: the suite's tasks under each configuration, `repeat` times."""

    suite: str
    suite_version: str
    suite_source: str
    weights: dict[str, float]
    budgets: dict[str, float]
    # (task id, workflow, difficulty) of each task, in suite order.
    tasks: list[tuple[str, str, str]]
    configurations: dict[str, dict[str, Any]]
    repeat: int = 1
    concurrency: int = 1
    max_attempts: int = 3
    run_budgets: dict[str, Any] = field(default_factory=dict)
    # task id -> its tags, which reports group pass rates by.
    tags: dict[str, list[str]] = field(default_factory=dict)


@dataclass(frozen=True)
class Measured:
    """What the runner read from a finished run, and what the scores and checks say."""

    run_status: str = ""
    failure_kind: str = ""
    steps: int = 0
    tokens: int = 0
    cost: Decimal = Decimal(0)
    wall_seconds: float = 0.0
    workspace_changed: bool | None = None
    details: dict[str, Any] = field(default_factory=dict)


@transaction.atomic
def eval_create(*, organization_id: int, plan: Plan, started_by: str = "") -> Eval:
    """The eval and one pending trial per (configuration, task, repeat)."""
    created = Eval.objects.create(
        organization_id=organization_id,
        suite=plan.suite,
        suite_version=plan.suite_version,
        suite_source=plan.suite_source,
        weights=plan.weights,
        budgets=plan.budgets,
        task_ids=[task for task, _, _ in plan.tasks],
        configurations=[
            {"label": label, **config} for label, config in plan.configurations.items()
        ],
        repeat=plan.repeat,
        concurrency=plan.concurrency,
        max_attempts=plan.max_attempts,
        run_budgets=plan.run_budgets,
        started_by=started_by,
    )
    Trial.objects.bulk_create(
        Trial(
            eval=created,
            configuration=label,
            tier=str(configuration["tier"]),
            task_id=task,
            workflow=workflow,
            difficulty=difficulty,
            tags=list(plan.tags.get(task, [])),
            repeat=repeat,
        )
        for label, configuration in plan.configurations.items()
        for task, workflow, difficulty in plan.tasks
        for repeat in range(plan.repeat)
    )
    return created


def eval_resume(*, eval_id: UUID | str, concurrency: int | None = None) -> Eval:
    """Reopens an eval for another pass of the runner (after an interruption or a failure)."""
    changes: dict[str, Any] = {"status": EvalStatus.RUNNING, "error": "", "finished_at": None}
    if concurrency:
        changes["concurrency"] = concurrency
    Eval.objects.filter(id=eval_id).update(**changes, updated_at=timezone.now())
    return Eval.objects.get(id=eval_id)


def eval_finish(*, eval_id: UUID | str, error: str = "") -> Eval:
    status = EvalStatus.FAILED if error else EvalStatus.FINISHED
    now = timezone.now()
    Eval.objects.filter(id=eval_id).update(
        status=status, error=error, finished_at=now, updated_at=now
    )
    return Eval.objects.get(id=eval_id)


def trial_started(*, trial_id: int, run_id: UUID | str) -> Trial:
    """Records the run before anything waits on it, so a resumed runner re-attaches to it."""
    now = timezone.now()
    Trial.objects.filter(id=trial_id).update(
        status=TrialStatus.RUNNING, run_id=run_id, started_at=now
    )
    Eval.objects.filter(trials__id=trial_id).update(updated_at=now)
    return Trial.objects.get(id=trial_id)


def trial_scored(
    *,
    trial_id: int,
    measured: Measured,
    passed: bool,
    scores: dict[str, float],
    composite: float,
) -> Trial:
    return _close(
        trial_id,
        measured,
        status=TrialStatus.SCORED,
        passed=passed,
        scores=scores,
        composite=composite,
    )


def trial_invalid(*, trial_id: int, cause: str, detail: str, measured: Measured) -> Trial:
    return _close(
        trial_id, measured, status=TrialStatus.INVALID, invalid_cause=cause, invalid_detail=detail
    )


def _close(trial_id: int, measured: Measured, **fields: Any) -> Trial:
    now = timezone.now()
    Trial.objects.filter(id=trial_id).update(
        run_status=measured.run_status,
        failure_kind=measured.failure_kind,
        steps=measured.steps,
        tokens=measured.tokens,
        cost=measured.cost,
        wall_seconds=measured.wall_seconds,
        workspace_changed=measured.workspace_changed,
        details=measured.details,
        finished_at=now,
        **fields,
    )
    Eval.objects.filter(trials__id=trial_id).update(updated_at=now)
    return Trial.objects.get(id=trial_id)


def trial_retry(*, trial_id: int) -> Trial:
    """The next attempt at an invalid trial's slot (idempotent: an existing one is returned)."""
    previous = Trial.objects.get(id=trial_id)
    retry, _ = Trial.objects.get_or_create(
        eval_id=previous.eval_id,
        configuration=previous.configuration,
        task_id=previous.task_id,
        repeat=previous.repeat,
        attempt=previous.attempt + 1,
        defaults={
            "tier": previous.tier,
            "workflow": previous.workflow,
            "difficulty": previous.difficulty,
            "tags": previous.tags,
        },
    )
    return retry
