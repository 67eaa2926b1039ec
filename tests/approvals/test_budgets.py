"""Budget requests: a run that reaches a budget pauses with a request to extend it (under the
same policies), resumes when it is granted, and ends as budget_exhausted, keeping its partial
output, when it is rejected, expires or a rule denies it."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest
from django.utils import timezone

from approvals.deadlines import approvals_sweep
from approvals.models import ApprovalRequest, ApprovalStatus, RequestKind
from runs.models import RunEvent, RunStatus
from tests.approvals.support import advance, paused, rule, start, vote
from tests.factories import TenantFixture
from tests.runs.fixtures import effect_calls, lines
from tests.support.fake_openai import FakeOpenAI

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_granted_budget_request_resumes_the_run_where_it_stopped(
    acme: TenantFixture, runtime: Path, model: FakeOpenAI
) -> None:
    # Given: budget extensions need a reviewer; a run of 3 effects with a 2-step budget
    rule(acme, name="more steps", applies_to="budget", conditions={"budgets": ["max_steps"]})
    run = start(acme, model, effect_calls(runtime, 3), budgets={"max_steps": 2})

    # When: it reaches the budget
    request = paused(run)

    # Then: it waits on a budget request for as many steps again, having done two effects
    assert request.kind == RequestKind.BUDGET
    assert request.arguments == {"budget": "max_steps", "extension": 2}
    assert "step budget exhausted: 2 of 2" in request.reason
    assert len(lines(runtime / "effects.log")) == 2

    # When: a reviewer grants it; the run resumes at the same step and finishes
    vote(acme, request, acme.reviewer)
    run = advance(run)
    assert run.status == RunStatus.SUCCEEDED, run.error
    assert run.budgets["max_steps"] == 4
    assert len(lines(runtime / "effects.log")) == 3
    assert RunEvent.objects.filter(run=run, kind="budget.extended").count() == 1


def test_a_reviewer_may_grant_a_different_amount(
    acme: TenantFixture, runtime: Path, model: FakeOpenAI
) -> None:
    rule(acme, applies_to="budget")
    run = start(acme, model, effect_calls(runtime, 3), budgets={"max_steps": 2})
    request = paused(run)

    vote(acme, request, acme.reviewer, patch={"extension": 1})

    run = advance(run)
    assert run.budgets["max_steps"] == 3
    follow_up = ApprovalRequest.objects.filter(run=run, status=ApprovalStatus.PENDING).get()
    assert follow_up.kind == RequestKind.BUDGET  # one more step was not enough


def test_a_rejected_budget_request_ends_the_run_keeping_its_partial_output(
    acme: TenantFixture, runtime: Path, model: FakeOpenAI
) -> None:
    rule(acme, applies_to="budget")
    run = start(acme, model, effect_calls(runtime, 5), budgets={"max_steps": 2})
    request = paused(run)

    vote(acme, request, acme.reviewer, approve=False, comment="enough for today")

    run.refresh_from_db()
    assert run.status == RunStatus.BUDGET_EXHAUSTED
    assert "enough for today" in run.error
    assert run.output["budget_exhausted"] is True
    assert run.output["partial"]["calls"] == 2  # the workflow's own state, as it stood
    assert len(run.output["partial"]["messages"]) == 5
    assert advance(run).status == RunStatus.BUDGET_EXHAUSTED  # nothing more runs
    assert len(lines(runtime / "effects.log")) == 2


def test_an_expired_budget_request_ends_the_run_as_budget_exhausted(
    acme: TenantFixture, runtime: Path, model: FakeOpenAI
) -> None:
    rule(acme, applies_to="budget", deadline_seconds=30)
    run = start(acme, model, effect_calls(runtime, 5), budgets={"max_steps": 1})
    paused(run)

    approvals_sweep(now=timezone.now() + timedelta(seconds=31))

    run.refresh_from_db()
    assert run.status == RunStatus.BUDGET_EXHAUSTED
    assert "expired at its deadline" in run.error


def test_a_rule_can_deny_extensions_outright(
    acme: TenantFixture, runtime: Path, model: FakeOpenAI
) -> None:
    rule(acme, applies_to="budget", action="deny", reason="fixed budgets only")
    run = start(acme, model, effect_calls(runtime, 5), budgets={"max_steps": 1})

    run = advance(run)

    assert run.status == RunStatus.BUDGET_EXHAUSTED
    assert "fixed budgets only" in run.error
    assert not ApprovalRequest.objects.filter(run=run).exists()
