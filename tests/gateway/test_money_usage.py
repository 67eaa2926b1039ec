# mypy: disable-error-code="arg-type, union-attr, index"
"""Spend in /api/usage per organization, key, run and workflow, on the run record and on each
call of its trace (which shares its ids with the ledger); another organization's spend stays
invisible."""

from __future__ import annotations

import uuid
from collections import defaultdict
from datetime import timedelta
from decimal import Decimal
from pathlib import Path
from typing import Any

import httpx
import pytest
from django.utils import timezone

from accounts.models import ApiKey
from accounts.services import api_key_create
from gateway.models import UsageRecord
from runs.credentials import run_model_token
from runs.models import ModelCall, Run
from runs.services import run_advance, run_start
from tests.factories import TenantFixture, operator
from tests.gateway.conftest import Backends, client_for, wait_for
from tests.gateway.test_money_prices import set_price
from tests.runs.fixtures import effect_calls, runtime

__all__ = ["runtime"]

pytestmark = pytest.mark.django_db(transaction=True)


def _ask(base: str, key: str) -> None:
    question = [{"role": "user", "content": f"question {uuid.uuid4().hex}"}]
    client_for(base, key).chat.completions.create(model="standard", messages=question)


def _get(base: str, key: str, path: str, **params: str) -> Any:
    response = httpx.get(f"{base}{path}", params=params, headers={"Authorization": f"Bearer {key}"})
    assert response.status_code == 200, response.text
    return response.json()


def _run(tenant: TenantFixture, workflow: str) -> Run:
    key = ApiKey.objects.get(
        organization=tenant.organization, name=f"{tenant.organization.slug} key"
    )
    return Run.objects.create(
        organization=tenant.organization, workflow=workflow, created_by_api_key=key
    )


def _spend(records: list[UsageRecord], by: Any) -> dict[Any, Decimal]:
    totals: dict[Any, Decimal] = defaultdict(Decimal)
    for record in records:
        totals[by(record)] += record.cost or Decimal(0)
    return dict(totals)


def _rows(rows: list[dict[str, Any]], group: str) -> dict[Any, Decimal]:
    assert all(row["currency"] == "USD" for row in rows)
    return {row[group]: Decimal(row["cost"]) for row in rows}


def test_spend_per_organization_key_run_and_workflow(
    gateway: str, acme: TenantFixture, globex: TenantFixture, backends: Backends
) -> None:
    # Given: priced traffic from two acme keys, from three acme runs (their own model tokens)
    # of two workflows, and from globex.
    _, backend = backends.add("standard")
    set_price(backend.tier, "3", "15", at=timezone.now() - timedelta(days=1))
    backends.settle()
    second = api_key_create(actor=operator(acme.organization), name="second")
    coding, finance, coding_again = (_run(acme, w) for w in ("coding", "finance", "coding"))
    for key in (acme.api_key, acme.api_key, second.plaintext, globex.api_key):
        _ask(gateway, key)
    for run in (coding, finance, coding, coding_again):
        _ask(gateway, run_model_token(run_id=run.id))
    globex_run = _run(globex, "coding")
    _ask(gateway, run_model_token(run_id=globex_run.id))
    wait_for(lambda: UsageRecord.objects.count() == 9)
    mine = list(UsageRecord.objects.filter(organization=acme.organization))
    workflow_of = {str(run.id): run.workflow for run in (coding, finance, coding_again)}

    # When
    def totals(key: str, group_by: str, **params: str) -> Any:
        return _get(gateway, key, "/api/usage/totals/", group_by=group_by, **params)

    by_org = totals(acme.api_key, "organization")
    by_key = totals(acme.api_key, "key")
    by_run = totals(acme.api_key, "run")
    by_workflow = totals(acme.api_key, "workflow")
    coding_only = totals(acme.api_key, "run", workflow="coding")
    one_run = _get(gateway, acme.api_key, f"/api/runs/{coding.id}")

    # Then
    assert all((record.cost or 0) > 0 for record in mine)
    assert _rows(by_org, "organization") == _spend(mine, lambda r: "acme")
    assert by_org[0]["requests"] == 7
    assert _rows(by_key, "key") == _spend(
        mine, lambda r: ApiKey.objects.get(id=r.api_key_id).prefix
    )
    assert second.api_key.prefix in _rows(by_key, "key")
    assert _rows(by_run, "run") == _spend(mine, lambda r: r.run_id)
    assert _rows(by_workflow, "workflow") == _spend(mine, lambda r: workflow_of.get(r.run_id))
    assert set(_rows(coding_only, "run")) == {str(coding.id), str(coding_again.id)}
    assert Decimal(one_run["cost"]) == _spend(mine, lambda r: r.run_id)[str(coding.id)]
    assert one_run["currency"] == "USD"


def test_another_organizations_spend_is_invisible(
    gateway: str, acme: TenantFixture, globex: TenantFixture, backends: Backends
) -> None:
    # Given: only acme has spent anything, in a run and under a run label.
    _, backend = backends.add("standard")
    set_price(backend.tier, "1", "1", at=timezone.now() - timedelta(days=1))
    backends.settle()
    run = _run(acme, "coding")
    _ask(gateway, run_model_token(run_id=run.id))
    _ask(gateway, acme.api_key)
    wait_for(lambda: UsageRecord.objects.count() == 2)

    # When: globex asks for it every way it can.
    views = [
        _get(gateway, globex.api_key, "/api/usage/totals/", group_by=group, **filters)
        for group in ("organization", "key", "run", "workflow", "tier")
        for filters in ({}, {"run": str(run.id)}, {"workflow": "coding"})
    ]
    listed = _get(gateway, globex.api_key, "/api/usage/", run=str(run.id))
    run_record = httpx.get(
        f"{gateway}/api/runs/{run.id}", headers={"Authorization": f"Bearer {globex.api_key}"}
    )

    # Then: nothing, while acme sees its own.
    assert views == [[]] * len(views)
    assert listed["results"] == []
    assert run_record.status_code == 404
    acme_total = _get(gateway, acme.api_key, "/api/usage/totals/", group_by="organization")
    assert Decimal(acme_total[0]["cost"]) > 0


def test_usage_filters_are_validated(gateway: str, acme: TenantFixture) -> None:
    response = httpx.get(
        f"{gateway}/api/usage/totals/",
        params={"group_by": "colour", "since": "yesterday"},
        headers={"Authorization": f"Bearer {acme.api_key}"},
    )

    assert response.status_code == 400
    assert set(response.json()["errors"]) == {"group_by", "since"}


def test_a_runs_trace_and_the_usage_ledger_share_their_ids(
    gateway: str, acme: TenantFixture, backends: Backends, runtime: Path, settings: Any
) -> None:
    # Given: a priced tier whose scripted backend asks for one effect, then answers.
    fake, backend = backends.add("standard")
    fake.script = effect_calls(runtime, 1)
    set_price(backend.tier, "3", "15", at=timezone.now() - timedelta(days=1))
    backends.settle()
    settings.LONGHAUL_GATEWAY_URL = f"{gateway}/v1"
    settings.LONGHAUL_AGENT_MODEL_URL = ""  # through the gateway, as users' runs go
    run = run_start(
        organization=acme.organization, workflow="effects", input={"task": "go"}, budgets={}
    )

    # When
    run_advance(run_id=str(run.id), owner="w")
    wait_for(lambda: UsageRecord.objects.filter(run_id=str(run.id)).count() == 2)
    trace = httpx.get(
        f"{gateway}/api/runs/{run.id}/trace",
        headers={"Authorization": f"Bearer {acme.api_key}"},
    ).json()["results"]

    # Then
    ledger = list(UsageRecord.objects.filter(run_id=str(run.id)))
    calls = list(ModelCall.objects.filter(run=run))
    assert len(calls) == 2
    assert {call.id for call in calls} == {row.request_id for row in ledger}
    assert [entry["backend"] for entry in trace] == [backend.name, backend.name]
    assert all(entry["tier"] == "standard" and float(entry["cost"]) > 0 for entry in trace)


def test_a_reused_client_request_id_never_merges_two_requests_in_the_ledger(
    gateway: str, acme: TenantFixture, backends: Backends
) -> None:
    """The caller's id is only echoed and kept: the ledger's key is the gateway's own, so a
    tenant cannot make many requests bill as one."""
    backends.add("standard")
    backends.settle()
    client = client_for(gateway, acme.api_key)
    question = [{"role": "user", "content": "hi"}]
    answers = [
        client.chat.completions.with_raw_response.create(
            model="standard", messages=question, extra_headers={"X-Request-Id": "same-id"}
        )
        for _ in range(3)
    ]

    records = wait_for(
        lambda: (
            (found := list(UsageRecord.objects.filter(client_request_id="same-id")))
            and len(found) == 3
            and found
        )
    )
    assert {answer.headers["x-client-request-id"] for answer in answers} == {"same-id"}
    assert {record.request_id for record in records} == {a.headers["x-request-id"] for a in answers}
    assert sum(record.total_tokens for record in records) > 0
