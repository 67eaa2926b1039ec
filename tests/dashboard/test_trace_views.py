"""The run page's trace fragments: the waterfall and why the run ended, one call's prompt and
completion, and nothing of another organization's runs."""

from __future__ import annotations

import pytest
from django.test import Client

from accounts.models import User
from runs.models import ModelCall, Run, RunStatus, ToolCall
from tests.factories import TenantFixture

pytestmark = pytest.mark.django_db

ANSWER = {"choices": [{"message": {"role": "assistant", "content": "I give up <b>now</b>."}}]}


def failed_run(tenant: TenantFixture) -> Run:
    run = Run.objects.create(
        organization=tenant.organization,
        workflow="coding",
        status=RunStatus.FAILED,
        failure_kind="agent",
        error="tests still fail (1 failed); the model gave up",
    )
    ModelCall.objects.create(
        id="req-a",
        run=run,
        organization=tenant.organization,
        step=7,
        node="act",
        request={"messages": [{"role": "user", "content": "Fix calc.py, please."}]},
        response=ANSWER,
        prompt_tokens=12,
        completion_tokens=5,
        latency_ms=250.0,
    )
    ToolCall.objects.create(
        run=run,
        step=6,
        idempotency_key=f"{run.id}:6:0",
        tool="run_tests",
        digest="0" * 64,
        status="failed",
        error="1 test failed",
    )
    return run


def signed_in(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_the_trace_says_why_the_run_ended_and_opens_a_calls_prompt(acme: TenantFixture) -> None:
    run = failed_run(acme)
    owner = signed_in(acme.owner)

    waterfall = owner.get(f"/runs/{run.id}/trace").content.decode()
    call = owner.get(f"/runs/{run.id}/trace/req-a").content.decode()

    assert "The agent failed. tests still fail (1 failed); the model gave up" in waterfall
    assert "The model's last answer (step 7)" in waterfall
    assert "I give up &lt;b&gt;now&lt;/b&gt;." in waterfall
    assert "The last error (run_tests in step 6)" in waterfall
    assert waterfall.index("Step 6") < waterfall.index("Step 7")
    assert "Fix calc.py, please." in call
    assert "I give up &lt;b&gt;now&lt;/b&gt;." in call
    assert "not in the ledger yet" in call
    assert 'id="run-trace"' in owner.get(f"/runs/{run.id}/").content.decode()


def test_another_organizations_trace_and_calls_are_not_found(
    acme: TenantFixture, globex: TenantFixture
) -> None:
    run = failed_run(acme)
    other = Run.objects.create(organization=acme.organization, workflow="coding")
    stranger = signed_in(globex.owner)

    assert stranger.get(f"/runs/{run.id}/trace").status_code == 404
    assert stranger.get(f"/runs/{run.id}/trace/req-a").status_code == 404
    assert signed_in(acme.owner).get(f"/runs/{other.id}/trace/req-a").status_code == 404
