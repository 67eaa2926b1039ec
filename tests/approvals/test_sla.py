"""SLA figures per organization: in the API, and as Prometheus metrics from beat's copy."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest
from django.utils import timezone
from prometheus_client import REGISTRY, generate_latest
from rest_framework.test import APIClient

from approvals.deadlines import approvals_sweep
from approvals.models import ApprovalRequest
from approvals.sla import sla_refresh
from tests.approvals.support import paused, pay_call, rule, start, vote
from tests.factories import TenantFixture
from tests.support.fake_openai import FakeOpenAI

pytestmark = pytest.mark.django_db(transaction=True)


def decided_after(request: ApprovalRequest, seconds: float) -> None:
    """Moves the request's creation back so that it was decided `seconds` after it."""
    ApprovalRequest.objects.filter(id=request.id).update(
        created_at=request.decided_at - timedelta(seconds=seconds)  # type: ignore[operator]
    )


def test_pending_counts_decision_times_expiries_and_escalations(
    acme: TenantFixture,
    globex: TenantFixture,
    payments: Path,
    model: FakeOpenAI,
    redis_client: object,
) -> None:
    rule(acme, conditions={"tools": ["pay"]}, deadline_seconds=600)
    for seconds in (10, 20, 30, 40, 100):
        request = paused(start(acme, model, [pay_call(payments, 5), {"content": "ok"}]))
        vote(acme, request, acme.reviewer)
        decided_after(request, seconds)
    paused(start(acme, model, [pay_call(payments, 5), {"content": "ok"}]))
    expiring = paused(start(acme, model, [pay_call(payments, 5), {"content": "ok"}]))
    approvals_sweep(now=timezone.now() + timedelta(seconds=601))
    expiring.refresh_from_db()
    assert expiring.status == "expired"
    paused(start(acme, model, [pay_call(payments, 5), {"content": "ok"}]))  # open

    client = APIClient()
    client.force_login(acme.member)
    figures = client.get("/api/approvals/sla").json()

    assert figures["pending"] == 1
    assert figures["decided"] == 7  # five by votes, two by the deadline
    assert figures["time_to_decision_p50_seconds"] == pytest.approx(30, abs=0.5)
    assert figures["time_to_decision_p95_seconds"] == pytest.approx(88, abs=0.5)
    assert figures["expired"] == 2
    assert figures["escalated"] == 0

    sla_refresh()
    metrics = generate_latest(REGISTRY).decode()
    label = f'organization_id="{acme.organization.id}"'
    assert f"longhaul_approvals_pending{{{label}}} 1.0" in metrics
    assert f"longhaul_approvals_expired{{{label}}} 2.0" in metrics
    assert f'organization_id="{globex.organization.id}"' not in metrics
