"""The run pages through Django's test client: the start form documents each workflow's input
schema, the runs list searches and shows cost and duration, cost no price covered reads as
unpriced, a budget request says what it asks for, and the smaller pages' fixes."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal
from typing import Any

import jsonschema
import pytest
from django.test import Client
from django.utils import timezone

from agents.engine.types import arguments_digest
from approvals.services import approval_request_raise
from dashboard.workflows import start_catalog
from gateway.models import UsageRecord
from runs.gate import BUDGET_TOOL, RunFacts
from runs.models import Run, RunStatus
from runs.workflows import load_workflow
from tests.factories import TenantFixture

pytestmark = pytest.mark.django_db


@pytest.fixture
def owner(client: Client, acme: TenantFixture) -> Client:
    client.force_login(acme.owner)
    return client


def make_run(acme: TenantFixture, **fields: Any) -> Run:
    now = timezone.now()
    defaults: dict[str, Any] = {
        "workflow": "coding",
        "input": {"task": "Fix the parser."},
        "status": RunStatus.FAILED,
        "started_at": now - timedelta(seconds=185),
        "finished_at": now,
        "created_by_user": acme.owner,
    }
    return Run.objects.create(organization=acme.organization, **{**defaults, **fields})


def ledger(acme: TenantFixture, run: Run, n: int, cost: Decimal | None) -> None:
    UsageRecord.objects.create(
        request_id=f"req-{run.id}-{n}",
        organization=acme.organization,
        endpoint="chat.completions",
        requested_model="standard",
        tier="standard",
        prompt_tokens=100,
        completion_tokens=20,
        total_tokens=120,
        latency_ms=50.0,
        cost=cost,
        status=200,
        run_id=str(run.id),
    )


def test_every_workflow_documents_its_input_with_descriptions_and_valid_examples() -> None:
    catalog = {entry["name"]: entry for entry in start_catalog()}

    assert {"coding", "finance_research", "three_d_asset"} <= set(catalog)
    for name in ("coding", "finance_research", "three_d_asset"):
        schema = catalog[name]["input_schema"]
        assert schema["required"], name
        assert all(field["description"] for field in catalog[name]["fields"]), name
        for example in schema["examples"]:
            jsonschema.Draft202012Validator(schema).validate(example)
            load_workflow(name).initial_state(example)  # what run_start checks
    assert "brief" in catalog["finance_research"]["input_schema"]["properties"]
    assert "origin" not in {field["name"] for field in catalog["coding"]["fields"]}


def test_the_start_form_opens_on_the_chosen_workflow_with_its_template_and_fields(
    owner: Client,
) -> None:
    page = owner.get("/runs/new?workflow=finance_research").content.decode()

    assert '<option value="finance_research" selected>' in page
    assert "Compare the margins of these companies" in page
    assert 'data-workflow="finance_research">' in page
    assert 'data-workflow="coding" hidden' in page
    assert "The question, in plain words" in page


def test_re_run_with_edited_input_opens_the_form_filled_from_the_original(
    owner: Client, acme: TenantFixture, globex: TenantFixture
) -> None:
    run = make_run(acme, tier="fast", budgets={"max_steps": 7})
    elsewhere = make_run(globex, created_by_user=globex.owner)

    page = owner.get(f"/runs/new?rerun={run.id}").content.decode()

    assert "Re-run" in page

    assert "Fix the parser." in page
    assert 'value="7"' in page
    assert 'name="rerun_of"' in page
    assert owner.get(f"/runs/new?rerun={elsewhere.id}").status_code == 404


def test_the_runs_list_searches_and_shows_cost_and_duration(
    owner: Client, acme: TenantFixture
) -> None:
    priced = make_run(acme, input={"task": "Rename the invoice module"})
    unpriced = make_run(acme, input={"task": "Fix the parser."})
    ledger(acme, priced, 1, Decimal("0.0125"))
    ledger(acme, unpriced, 1, None)

    everything = owner.get("/runs/").content.decode()
    found = owner.get("/runs/?q=invoice").content.decode()
    by_id = owner.get(f"/runs/?q={str(unpriced.id)[:8]}").content.decode()

    assert "0.0125 USD" in everything
    assert '<span class="unpriced">unpriced</span>' in everything
    assert "3 min 05 s" in everything
    assert str(priced.id)[:8] in found
    assert str(unpriced.id)[:8] not in found
    assert str(unpriced.id)[:8] in by_id
    assert str(priced.id)[:8] not in by_id


def test_a_run_without_prices_says_so_instead_of_a_cost_of_zero(
    owner: Client, acme: TenantFixture
) -> None:
    run = make_run(acme, step_count=2)
    ledger(acme, run, 1, None)
    ledger(acme, run, 2, None)

    page = owner.get(f"/runs/{run.id}/").content.decode()

    assert '<span class="unpriced">unpriced</span>' in page
    assert "2 model calls had no price for standard" in page
    assert "0.0000" not in page
    assert "Roll back to a step" in page


def test_a_budget_request_says_what_it_asks_for(owner: Client, acme: TenantFixture) -> None:
    run = make_run(acme, status=RunStatus.AWAITING_APPROVAL, step_count=5, budgets={"max_steps": 5})
    arguments = {"budget": "max_steps", "extension": 10}
    facts = RunFacts(
        run_id=str(run.id), organization_id=acme.organization.id, requester_id=acme.member.id
    )
    request = approval_request_raise(
        run=facts,
        payload={
            "tool": BUDGET_TOOL,
            "arguments": arguments,
            "digest": arguments_digest(BUDGET_TOOL, arguments),
            "reason": "the run used its 5 steps",
            "step": 5,
            "call_index": -1,
        },
    )

    page = owner.get(f"/review/{request.id}/").content.decode()

    assert "More steps for this run: 10 beyond its limit of 5 (5 used so far)" in page
    assert "unknown tool" not in page


def test_the_favicon_and_the_usage_totals(owner: Client, acme: TenantFixture) -> None:
    run = make_run(acme)
    ledger(acme, run, 1, Decimal("0.5"))
    ledger(acme, run, 2, None)

    favicon = owner.get("/favicon.ico")
    usage = owner.get("/usage/").content.decode()

    assert favicon.status_code == 301

    assert favicon["Location"].endswith("favicon.svg")
    assert "<tfoot>" in usage
    assert "0.5000" in usage
    assert "1 model call in this period had no price" in usage
