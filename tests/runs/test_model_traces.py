# mypy: disable-error-code="index"
"""Model-call traces: every model call of a run recorded through the real agent loop and the
scripted model server; secrets redacted, large fields clipped, old traces purged by the clock,
and the REST trace scoped to the run's organization."""

from __future__ import annotations

import itertools
import json
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from agents.engine.openai_chat import SentRequest
from runs.credentials import run_model_token
from runs.models import ModelCall, Run
from runs.services import run_advance, run_start
from runs.traces import model_call_record, model_calls_purge
from tests.factories import TenantFixture
from tests.runs.fixtures import EXTRA_WORKFLOWS
from tests.security.sec_workflows import LOOP
from tests.support.clock import CLOCK, FrozenClock
from tests.support.fake_openai import FakeOpenAI, Fault, Reply

SECRET_GOAL = "Record the effect. The deploy key is AKIAIOSFODNN7EXAMPLE and password=hunter2."
OPENAI_KEY = "sk-proj-" + "a1B2c3D4" * 6


def scripted_loop(ledger: Path) -> Any:
    """Plan, then an answer that is no tool call (long, with a key in it), then the effect,
    then finish."""
    acts = itertools.count()
    chatter = f"I would rather talk. My key is {OPENAI_KEY}. " + "blah " * 10_000
    replies: list[Reply] = [
        {"content": chatter},
        {"tool_calls": [{"name": "record_effect", "arguments": {"ledger": str(ledger)}}]},
        {"tool_calls": [{"name": "finish", "arguments": {"summary": "recorded"}}]},
    ]

    def respond(body: dict[str, Any]) -> Reply:
        if "response_format" in body:
            return {"content": json.dumps({"subtasks": ["record the effect"]})}
        return replies[min(next(acts), len(replies) - 1)]

    return respond


@pytest.fixture
def traced_run(
    acme: TenantFixture, runtime: Path, model: FakeOpenAI, settings: Any
) -> tuple[Run, FakeOpenAI]:
    settings.LONGHAUL_EXTRA_WORKFLOWS = [EXTRA_WORKFLOWS, LOOP]
    settings.LONGHAUL_TRACE_FIELD_MAX_CHARS = 20_000
    model.responder = scripted_loop(runtime)
    run = run_start(
        organization=acme.organization,
        workflow="hostile-loop",
        input={"goal": SECRET_GOAL},
        budgets={"max_steps": 20},
    )
    run_advance(run_id=str(run.id), owner="w")
    run.refresh_from_db()
    return run, model


def stored_text(call: ModelCall) -> str:
    return json.dumps([call.request, call.response, call.error, call.problem])


@pytest.mark.django_db(transaction=True)
def test_every_model_call_of_a_run_is_traced_with_its_step_node_and_problem(
    traced_run: tuple[Run, FakeOpenAI],
) -> None:
    run, model = traced_run
    calls = list(ModelCall.objects.filter(run=run).order_by("created_at"))

    assert run.status == "succeeded", run.error
    assert len(calls) == len(model.requests) == 4
    assert [call.node for call in calls] == ["plan", "act", "act", "act"]
    assert [call.step for call in calls] == sorted({call.step for call in calls})
    plan, chatter, effect, _finish = calls
    assert plan.request["response_format"]["type"] == "json_schema"
    assert "record_effect" in json.dumps(effect.request["tools"])
    assert effect.response["choices"][0]["message"]["tool_calls"][0]["function"]["name"] == (
        "record_effect"
    )
    assert chatter.problem.startswith("Your reply was not a tool call")
    assert not effect.problem
    assert not effect.error
    assert effect.status == 200
    assert all(call.prompt_tokens > 0 and call.latency_ms >= 0 for call in calls)
    assert {call.organization_id for call in calls} == {run.organization_id}


@pytest.mark.django_db(transaction=True)
def test_secrets_are_redacted_and_large_texts_clipped_in_the_trace(
    traced_run: tuple[Run, FakeOpenAI],
) -> None:
    run, _ = traced_run
    calls = list(ModelCall.objects.filter(run=run).order_by("created_at"))
    chatter = calls[1]
    everything = "".join(stored_text(call) for call in calls)

    for secret in ("AKIAIOSFODNN7EXAMPLE", "hunter2", OPENAI_KEY):
        assert secret not in everything
    assert "[redacted]" in json.dumps(calls[0].request)
    content = chatter.response["choices"][0]["message"]["content"]
    assert len(content) < 21_000
    assert "[clipped: " in content
    assert "response.choices[0].message.content" in chatter.clipped


@pytest.mark.django_db
def test_a_five_megabyte_completion_is_stored_within_the_call_limit(
    acme: TenantFixture, settings: Any
) -> None:
    settings.LONGHAUL_TRACE_CALL_MAX_CHARS = 100_000
    run = Run.objects.create(organization=acme.organization, workflow="effects")
    huge = {"choices": [{"message": {"role": "assistant", "content": "x" * 5_000_000}}]}
    messages = [{"role": "user", "content": "y" * 60_000} for _ in range(10)]
    sent = SentRequest({"model": "standard", "messages": messages}, huge, "", 200, "", "", 0.1)

    call = ModelCall.objects.get(id=model_call_record(run=run, step=0, node="act", sent=sent))

    assert len(json.dumps([call.request, call.response])) <= 100_000
    assert "response.choices[0].message.content" in call.clipped
    assert call.response["choices"][0]["message"]["content"].endswith("more characters]")


def a_call(run: Run, **fields: Any) -> ModelCall:
    defaults = {"id": f"req-{ModelCall.objects.count()}", "step": 0, "request": {}}
    return ModelCall.objects.create(
        run=run, organization_id=run.organization_id, **{**defaults, **fields}
    )


@pytest.mark.django_db
def test_traces_are_purged_after_their_organizations_retention(
    acme: TenantFixture,
    globex: TenantFixture,
    settings: Any,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    clock = FrozenClock(tmp_path / "now")
    for name, value in clock.env().items():
        monkeypatch.setenv(name, value)
    settings.LONGHAUL_CLOCK = CLOCK
    settings.LONGHAUL_TRACE_RETENTION_DAYS = 30
    acme.organization.trace_retention_days = 7
    acme.organization.save()
    recorded = timezone.now()
    acme_run = Run.objects.create(organization=acme.organization, workflow="effects")
    globex_run = Run.objects.create(organization=globex.organization, workflow="effects")
    a_call(acme_run, created_at=recorded)
    a_call(globex_run, created_at=recorded)

    clock.set(recorded + timedelta(days=6))
    assert model_calls_purge() == 0
    clock.set(recorded + timedelta(days=8))
    assert model_calls_purge() == 1
    assert list(ModelCall.objects.values_list("run_id", flat=True)) == [globex_run.id]
    clock.set(recorded + timedelta(days=31))
    assert model_calls_purge() == 1
    assert not ModelCall.objects.exists()


def api(tenant: TenantFixture) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {tenant.api_key}")
    return client


@pytest.mark.django_db
def test_the_rest_trace_is_paginated_and_never_shows_another_organizations_run(
    acme: TenantFixture, globex: TenantFixture
) -> None:
    run = Run.objects.create(organization=acme.organization, workflow="effects")
    for step in range(3):
        a_call(run, step=step, request={"messages": [{"role": "user", "content": f"s{step}"}]})

    page = api(acme).get(f"/api/runs/{run.id}/trace?limit=2")
    assert page.status_code == 200, page.content
    body = page.json()
    assert body["count"] == 3
    assert body["next"]
    assert [call["step"] for call in body["results"]] == [0, 1]
    assert body["results"][0]["request"]["messages"][0]["content"] == "s0"
    assert body["results"][0]["cost"] is None  # no ledger row: the model was not the gateway
    assert api(globex).get(f"/api/runs/{run.id}/trace").status_code == 404


@pytest.mark.django_db
def test_the_trace_is_in_the_published_api_schema(acme: TenantFixture) -> None:
    schema = api(acme).get("/api/schema/?format=json")
    assert schema.status_code == 200
    paths = schema.json()["paths"]
    operation = paths["/api/runs/{run_id}/trace"]["get"]
    limit = next(p for p in operation["parameters"] if p["name"] == "limit")
    assert limit["schema"]["maximum"] == 50


@pytest.mark.django_db(transaction=True)
def test_refused_and_failed_requests_are_traced_with_why(
    acme: TenantFixture, runtime: Path, model: FakeOpenAI
) -> None:
    no_retry = {"x-should-retry": "false"}
    unusable = Fault("error", status=502, code="invalid_model_output", times=1, headers=no_retry)
    down = Fault("error", status=503, times=1, headers=no_retry)
    traced = {}
    for name, fault in (("unusable", unusable), ("down", down)):
        model.fault = fault
        run = run_start(organization=acme.organization, workflow="effects", input={}, budgets={})
        run_advance(run_id=str(run.id), owner="w")
        traced[name] = ModelCall.objects.get(run=run)

    assert traced["unusable"].status == 502
    assert traced["unusable"].problem
    assert not traced["unusable"].error
    assert traced["down"].status == 503
    assert "503" in traced["down"].error
    assert not traced["down"].problem
    assert Run.objects.get(id=traced["down"].run_id).status == "waiting"


@pytest.mark.django_db(transaction=True)
def test_each_runs_model_calls_carry_that_runs_own_credential(
    acme: TenantFixture, runtime: Path, model: FakeOpenAI
) -> None:
    # Given two runs advanced by one process, which keeps one client for the model endpoint
    model.script = [{"content": "done"}, {"content": "done"}]
    runs = [
        run_start(organization=acme.organization, workflow="effects", input={"task": str(i)})
        for i in range(2)
    ]

    # When each takes its step
    for run in runs:
        run_advance(run_id=str(run.id), owner="w")

    # Then each request was sent with its own run's token and id, never the other's
    sent = [(r["headers"]["authorization"], r["headers"]["x-longhaul-run"]) for r in model.requests]
    assert sent == [(f"Bearer {run_model_token(run_id=run.id)}", str(run.id)) for run in runs]
