# mypy: disable-error-code="union-attr"
"""Tool reliability: figures from the recorded tool calls, in the API and on the web process's
/metrics; a real coding run that installs a missing module, and rows for the edge cases."""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import httpx
import pytest
from django.utils import timezone
from prometheus_client import REGISTRY, generate_latest
from prometheus_client.parser import text_string_to_metric_families
from rest_framework.test import APIClient

from accounts.actors import actor_for
from approvals.models import ApprovalRequest, ApprovalStatus
from approvals.services import approval_decide
from runs.metrics import metrics_refresh
from runs.models import FailureKind, Run, RunStatus, ToolCall, ToolCallStatus
from runs.services import run_advance, run_start
from tests.agents.loop_support import call, plan
from tests.agents.package_index import build_wheel, serve_index
from tests.factories import TenantFixture
from tests.security.test_approval_forgery import reachable_workspaces, tarball
from tests.support.fake_openai import FakeOpenAI

__all__ = ["reachable_workspaces"]
pytestmark = pytest.mark.django_db
NEEDS_MODULE = {
    "fmt.py": "from leftpad_lh import pad\n\n\ndef label(n):\n    return pad(str(n), 2)\n",
    "test_fmt.py": "from fmt import label\n\n\ndef test_label():\n    assert label(7) == ' 7'\n",
}


def report(tenant: TenantFixture, **query: str) -> Any:
    client = APIClient()
    client.force_login(tenant.member)
    return client.get("/api/tools/reliability", query)


def by_tool(response: Any) -> dict[str, dict[str, Any]]:
    assert response.status_code == 200, response.content
    return {entry["tool"]: entry for entry in response.json()["tools"]}


def scrape(base_url: str | None = None) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """The samples of /metrics on the web server at `base_url`, else of this process."""
    text = httpx.get(f"{base_url}/metrics").text if base_url else generate_latest(REGISTRY).decode()
    return {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
    }


def sample(samples: dict[Any, float], name: str, **labels: str) -> float | None:
    return samples.get((name, tuple(sorted(labels.items()))))


def decide_pending(run: Run, tenant: TenantFixture) -> ApprovalRequest:
    run_advance(run_id=str(run.id), owner="w")
    run.refresh_from_db()
    assert run.status == RunStatus.AWAITING_APPROVAL, (run.status, run.error)
    pending = ApprovalRequest.objects.get(run=run, status=ApprovalStatus.PENDING)
    approval_decide(
        actor=actor_for(
            organization_id=tenant.organization.id, user=tenant.reviewer, api_key_id=None
        ),
        approval_id=pending.id,
        approve=True,
        comment="",
    )
    return pending


@pytest.mark.django_db(transaction=True)
def test_a_missing_module_installed_then_retried_ok_is_one_recovery_chain(
    acme: TenantFixture,
    globex: TenantFixture,
    reachable_workspaces: Path,
    model: FakeOpenAI,
    settings: Any,
    tmp_path: Path,
    redis_client: object,
    live_server_url: str,
) -> None:
    # Given a project whose tests import a module that only the package index has
    build_wheel(
        tmp_path / "index",
        "leftpad-lh",
        "1.0",
        {"leftpad_lh": "def pad(s, n):\n    return s.rjust(n)\n"},
    )
    model.script = [plan("run the tests"), call("run_tests"), call("finish", summary="ok")]
    with serve_index(tmp_path / "index") as index_url:
        settings.LONGHAUL_PACKAGE_INDEX_URL = index_url
        run = run_start(
            organization=acme.organization,
            workflow="coding",
            input={"task": "Make the tests pass"},
            workspace_archive=tarball(NEEDS_MODULE),
            created_by_user=acme.member,
        )
        # When setup's test run fails on the missing module, the workflow's recovery install is
        # approved, and the run goes on to the end
        install = decide_pending(run, acme)
        run_advance(run_id=str(run.id), owner="w")
    run.refresh_from_db()
    assert install.tool == "install_package"
    assert run.status == RunStatus.SUCCEEDED, (run.status, run.error)

    # Then the report counts the failure by class and its repeat after the install (OK); the
    # agent's and verify's test runs pass
    tools = by_tool(report(acme))
    tests = tools["run_tests"]
    assert (tests["calls"], tests["succeeded"], tests["failed"]) == (3, 2, 1)
    assert tests["success_rate"] == round(2 / 3, 4)
    assert tests["failures"] == {"missing_dependency": 1}
    assert tests["not_repeated"] == {}
    assert [(r["chain"], r["count"]) for r in tests["recoveries"]] == [
        ("missing_dependency → install_package → retried OK", 1),
    ]
    assert 0 < tests["latency_p50_seconds"] <= tests["latency_p95_seconds"]
    assert (tools["install_package"]["calls"], tools["install_package"]["success_rate"]) == (1, 1.0)
    assert by_tool(report(globex)) == {}

    # And the web process's /metrics carries the same figures under acme's id only
    metrics_refresh()
    samples = scrape(live_server_url)
    acme_id = str(acme.organization.id)
    labels = {"tool": "run_tests", "organization_id": acme_id}
    assert sample(samples, "longhaul_tool_calls_total", outcome="ok", **labels) == 2
    assert sample(samples, "longhaul_tool_calls_total", outcome="error", **labels) == 1
    assert (
        sample(samples, "longhaul_tool_errors_total", **{"class": "missing_dependency"}, **labels)
        == 1
    )
    chain = {"class": "missing_dependency", "remedy": "install_package", "outcome": "ok"}
    assert sample(samples, "longhaul_tool_recoveries_total", **chain, **labels) == 1
    assert (sample(samples, "longhaul_tool_latency_seconds", quantile="0.95", **labels) or 0) > 0
    organizations = {dict(key[1]).get("organization_id") for key in samples} - {None}
    assert str(globex.organization.id) not in organizations


def a_run(tenant: TenantFixture, **fields: Any) -> Run:
    return Run.objects.create(organization=tenant.organization, workflow="coding", **fields)


def a_call(
    run: Run,
    tool: str,
    *,
    at: datetime | None,
    seconds: float = 1.0,
    failure: str = "",
    **fields: Any,
) -> ToolCall:
    number = ToolCall.objects.filter(run=run).count()
    return ToolCall.objects.create(
        run=run,
        step=number,
        idempotency_key=f"{run.id}:{number}:0",
        tool=tool,
        digest=tool,
        status=ToolCallStatus.FAILED if failure else ToolCallStatus.SUCCEEDED,
        failure_class=failure,
        duration_s=seconds,
        completed_at=at,
        **fields,
    )


def test_rates_quantiles_window_and_tool_filter_from_the_rows(
    acme: TenantFixture, globex: TenantFixture
) -> None:
    now = timezone.now()
    run = a_run(acme)
    for seconds in (1, 2, 3, 4):
        a_call(run, "run_command", at=now - timedelta(minutes=5), seconds=seconds)
    timed_out = a_call(
        run, "run_command", at=now - timedelta(minutes=4), seconds=5, failure="timeout"
    )
    a_call(run, "run_command", at=now - timedelta(minutes=3), seconds=2, failure="nonzero_exit")
    a_call(run, "run_command", at=now - timedelta(days=3), seconds=99)  # outside the window
    a_call(run, "run_command", at=None, seconds=0)  # started, never completed
    a_call(run, "read_file", at=now - timedelta(minutes=2), failure="permission_denied")
    a_call(run, "run_command", at=now - timedelta(minutes=1), seconds=1, retry_of=timed_out)
    a_call(a_run(globex), "run_command", at=now - timedelta(minutes=1), failure="other")

    tools = by_tool(report(acme))
    command = tools["run_command"]
    assert (command["calls"], command["succeeded"], command["failed"]) == (7, 5, 2)
    assert command["success_rate"] == round(5 / 7, 4)
    # percentile_cont over 1, 1, 2, 2, 3, 4, 5: the middle value, and 4 + 0.7 * (5 - 4)
    assert command["latency_p50_seconds"] == pytest.approx(2.0)
    assert command["latency_p95_seconds"] == pytest.approx(4.7)
    assert command["failures"] == {"timeout": 1, "nonzero_exit": 1}
    assert command["not_repeated"] == {"nonzero_exit": 1}
    assert command["recoveries"] == [
        {
            "failure_class": "timeout",
            "remedy": "",
            "outcome": "ok",
            "count": 1,
            "chain": "timeout → retried OK",
        }
    ]
    assert tools["read_file"]["failures"] == {"permission_denied": 1}

    since = (now - timedelta(days=4)).isoformat()
    assert by_tool(report(acme, since=since))["run_command"]["calls"] == 8
    assert set(by_tool(report(acme, tool="read_file"))) == {"read_file"}
    globex_tools = by_tool(report(globex))
    assert (globex_tools["run_command"]["calls"], globex_tools["run_command"]["failures"]) == (
        1,
        {"other": 1},
    )


@pytest.mark.parametrize(
    ("query", "field"),
    [
        ({"since": "yesterday"}, "since"),
        ({"until": "2026-13-01T00:00:00Z"}, "until"),
        ({"since": "2026-01-02T00:00:00Z", "until": "2026-01-01T00:00:00Z"}, "since"),
        ({"tool": "x" * 101}, "tool"),
    ],
)
def test_bad_parameters_are_problem_details(
    acme: TenantFixture, query: dict[str, str], field: str
) -> None:
    response = report(acme, **query)
    assert response.status_code == 400
    assert response["Content-Type"] == "application/problem+json"
    assert field in response.json()["errors"]


def test_an_api_key_sees_its_own_organization_only_and_no_credentials_are_refused(
    acme: TenantFixture, globex: TenantFixture
) -> None:
    a_call(a_run(globex), "run_tests", at=timezone.now())
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {acme.api_key}")
    assert client.get("/api/tools/reliability").json()["tools"] == []
    assert APIClient().get("/api/tools/reliability").status_code in (401, 403)


def test_the_schema_documents_the_report(acme: TenantFixture) -> None:
    client = APIClient()
    client.force_login(acme.member)
    schema = client.get("/api/schema/", {"format": "json"}).json()
    operation = schema["paths"]["/api/tools/reliability"]["get"]
    assert {p["name"] for p in operation["parameters"]} >= {"since", "until", "tool"}
    assert "ReliabilityReport" in str(operation["responses"]["200"])


def test_metrics_count_environment_and_run_failures_per_organization(
    acme: TenantFixture, globex: TenantFixture, redis_client: object
) -> None:
    a_run(
        acme,
        environment_failures=3,
        environment_failure_counts={
            "standard": {"model_unavailable": 2},
            "sandbox": {"sandbox_unavailable": 1},
        },
    )
    a_run(
        acme,
        environment_failures=1,
        environment_failure_counts={"standard": {"model_unavailable": 1}},
    )
    a_run(acme, status=RunStatus.FAILED, failure_kind=FailureKind.INFRASTRUCTURE)
    a_run(globex, status=RunStatus.FAILED, failure_kind=FailureKind.AGENT)
    a_run(globex, status=RunStatus.SUCCEEDED)

    assert (
        sample(
            scrape(),
            "longhaul_run_failures_total",
            organization_id=str(globex.organization.id),
            failure_kind="agent",
        )
        is None
    )
    metrics_refresh()
    samples = scrape()

    acme_id, globex_id = str(acme.organization.id), str(globex.organization.id)
    failures = "longhaul_run_environment_failures_total"
    assert (
        sample(
            samples, failures, organization_id=acme_id, backend="standard", kind="model_unavailable"
        )
        == 3
    )
    assert (
        sample(
            samples,
            failures,
            organization_id=acme_id,
            backend="sandbox",
            kind="sandbox_unavailable",
        )
        == 1
    )
    assert (
        sample(
            samples,
            failures,
            organization_id=globex_id,
            backend="standard",
            kind="model_unavailable",
        )
        is None
    )
    runs = "longhaul_run_failures_total"
    assert sample(samples, runs, organization_id=acme_id, failure_kind="infrastructure") == 1
    assert sample(samples, runs, organization_id=globex_id, failure_kind="agent") == 1
    assert sample(samples, runs, organization_id=acme_id, failure_kind="agent") is None
