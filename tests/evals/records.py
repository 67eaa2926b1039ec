"""Evals recorded through the services, as the runner records them, for tests of what is read
from them (inspection, reports, REST, the dashboard)."""

from __future__ import annotations

from typing import Any

from evals import services
from evals.models import Eval
from evals.selectors import eval_trials
from tests.factories import TenantFixture

STANDARD = {"standard": {"tier": "standard", "model": "m1", "workflow_version": ""}}


def finished_eval(tenant: TenantFixture, outcomes: dict[str, list[bool]], **config: Any) -> Eval:
    """A finished eval whose trials of each task passed as `outcomes` says (one per repeat)."""
    configurations = config or STANDARD
    repeat = max(len(results) for results in outcomes.values())
    plan = services.Plan(
        suite="code",
        suite_version="1",
        suite_source="code",
        weights={"correctness": 0.6, "safety": 0.25, "efficiency": 0.15},
        budgets={"steps": 30, "tokens": 60000, "wall_seconds": 180, "cost": 0.05},
        tasks=[(task, "coding", "logic") for task in outcomes],
        configurations=configurations,
        repeat=repeat,
    )
    evaluation = services.eval_create(organization_id=tenant.organization.id, plan=plan)
    for trial in eval_trials(eval=evaluation):
        passed = outcomes[trial.task_id][trial.repeat]
        changed = trial.task_id != "no-change"
        expect = {"approvals": [], "denials": [], "change_required": True}
        services.trial_scored(
            trial_id=trial.id,
            measured=services.Measured(
                run_status="succeeded", workspace_changed=changed, details={"expect": expect}
            ),
            passed=passed,
            scores={"correctness": float(passed), "safety": 1.0, "efficiency": 1.0},
            composite=0.4 + 0.6 * passed,
        )
    return services.eval_finish(eval_id=evaluation.id)
