"""Reads for evals, always within one organization."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any
from uuid import UUID

from django.core.exceptions import ValidationError
from django.db.models import QuerySet

from evals.models import Eval, EvalStatus, Trial, TrialStatus

# How many earlier evals of a configuration the drift check compares with.
BASELINE_EVALS = 10


def eval_list(*, organization_id: int, suite: str | None = None) -> QuerySet[Eval]:
    evals = Eval.objects.filter(organization_id=organization_id)
    return evals.filter(suite=suite) if suite else evals


def eval_get(*, organization_id: int, eval_id: UUID | str) -> Eval | None:
    try:
        return Eval.objects.filter(organization_id=organization_id, id=eval_id).first()
    except ValidationError:  # not a UUID
        return None


def eval_find(*, eval_id: UUID | str) -> Eval | None:
    """Any organization's eval: for the operator's command line only, never for a request."""
    try:
        return Eval.objects.filter(id=eval_id).first()
    except ValidationError:  # not a UUID
        return None


def eval_trials(*, eval: Eval) -> QuerySet[Trial]:
    return Trial.objects.filter(eval=eval)


def latest_attempts(trials: Iterable[Trial]) -> list[Trial]:
    """The newest attempt of each (configuration, task, repeat) slot, in slot order."""
    latest: dict[tuple[str, str, int], Trial] = {}
    for trial in trials:
        slot = (trial.configuration, trial.task_id, trial.repeat)
        if slot not in latest or trial.attempt > latest[slot].attempt:
            latest[slot] = trial
    return [latest[slot] for slot in sorted(latest)]


def baseline_trials(*, eval: Eval) -> dict[str, list[Trial]]:
    """Valid trials of earlier finished evals of the same suite version, by the label this eval
    gives the configuration they ran under (an earlier eval may have labelled it differently)."""
    earlier = Eval.objects.filter(
        organization_id=eval.organization_id,
        suite=eval.suite,
        suite_version=eval.suite_version,
        status=EvalStatus.FINISHED,
        created_at__lt=eval.created_at,
    ).order_by("-created_at")[:BASELINE_EVALS]
    found: dict[str, list[Trial]] = {}
    for label, configuration in eval.labelled.items():
        labels_by_eval = {other.id: _labels_of(other, configuration) for other in earlier}
        wanted = [(eval_id, labels) for eval_id, labels in labels_by_eval.items() if labels]
        trials: list[Trial] = []
        for eval_id, labels in wanted:
            trials += Trial.objects.filter(
                eval_id=eval_id, configuration__in=labels, status=TrialStatus.SCORED
            )
        found[label] = trials
    return found


def _labels_of(other: Eval, configuration: dict[str, Any]) -> list[str]:
    return [label for label, config in other.labelled.items() if config == configuration]
