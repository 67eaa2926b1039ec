"""Deadlines are enforced by Celery beat even when no worker is looking at the run: a real beat
process sweeps, a real worker resumes the run."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from accounts.models import Role
from approvals.models import ApprovalRequest, ApprovalStatus
from runs.models import Run, RunStatus
from tests.approvals.processes import celery_beat
from tests.approvals.support import paid, paused, pay_call, person, rule, start, vote
from tests.factories import TenantFixture
from tests.runs.fixtures import EXTRA_TOOLS, EXTRA_WORKFLOWS
from tests.support.fake_openai import FakeOpenAI
from tests.support.processes import celery_worker

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]


def wait_for(check: Any, what: str, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"{what} did not happen within {timeout}s")
        # Until celery beat and the worker (other processes) act.
        time.sleep(0.2)


def test_beat_escalates_an_overdue_request_and_the_escalated_role_decides(
    acme: TenantFixture, payments: Path, model: FakeOpenAI, settings: Any, tmp_path: Path
) -> None:
    # Given: payments escalate to an admin when no reviewer decides within a second
    admin = person(acme, "admin", Role.ADMIN)
    rule(
        acme,
        conditions={"tools": ["pay"]},
        approver_roles=[Role.REVIEWER],
        deadline_seconds=1,
        deadline_action="escalate",
        escalate_to_role=Role.ADMIN,
        escalation_deadline_seconds=600,
    )
    run = start(acme, model, [pay_call(payments, 30), {"content": "paid"}])
    request = paused(run)
    env = {
        "LONGHAUL_APPROVAL_SWEEP_SECONDS": "0.5",
        "LONGHAUL_AGENT_MODEL_URL": settings.LONGHAUL_AGENT_MODEL_URL,
        "LONGHAUL_EXTRA_TOOLS": f"{EXTRA_TOOLS},tests.approvals.tools:TOOLS",
        "LONGHAUL_EXTRA_WORKFLOWS": EXTRA_WORKFLOWS,
    }

    with celery_worker(concurrency=1, **env), celery_beat(tmp_path, **env):
        # When: nobody decides; beat's sweep finds the request overdue
        wait_for(
            lambda: ApprovalRequest.objects.get(id=request.id).status == "escalated",
            "the escalation",
        )
        # Then: the admin it went to decides, and the worker finishes the run
        vote(acme, request, admin)
        wait_for(lambda: Run.objects.get(id=run.id).is_terminal, "the end of the run")

    request.refresh_from_db()
    assert request.status == ApprovalStatus.APPROVED
    assert request.escalations == 1
    assert Run.objects.get(id=run.id).status == RunStatus.SUCCEEDED
    assert paid(payments) == ["30 acme-supplies"]


def test_beat_expires_an_overdue_request_and_the_run_goes_on_without_the_call(
    acme: TenantFixture, payments: Path, model: FakeOpenAI, settings: Any, tmp_path: Path
) -> None:
    rule(acme, conditions={"tools": ["pay"]}, deadline_seconds=1)
    run = start(acme, model, [pay_call(payments, 30), {"content": "gave up"}])
    request = paused(run)
    env = {
        "LONGHAUL_APPROVAL_SWEEP_SECONDS": "0.5",
        "LONGHAUL_AGENT_MODEL_URL": settings.LONGHAUL_AGENT_MODEL_URL,
        "LONGHAUL_EXTRA_TOOLS": f"{EXTRA_TOOLS},tests.approvals.tools:TOOLS",
        "LONGHAUL_EXTRA_WORKFLOWS": EXTRA_WORKFLOWS,
    }

    with celery_worker(concurrency=1, **env), celery_beat(tmp_path, **env):
        wait_for(lambda: Run.objects.get(id=run.id).is_terminal, "the end of the run")

    request.refresh_from_db()
    assert (request.status, request.resolution) == (ApprovalStatus.EXPIRED, "deadline")
    assert Run.objects.get(id=run.id).status == RunStatus.SUCCEEDED
    assert paid(payments) == []
