"""REST for runs and approvals: validation, problem details, tenant isolation, downloads."""

from __future__ import annotations

import io
import json
import tarfile
from pathlib import Path
from typing import Any

import pytest
from rest_framework.test import APIClient

from accounts.services import api_key_create
from approvals.models import ApprovalRequest
from runs.models import Run, RunStatus
from runs.services import run_advance
from tests.factories import TenantFixture, operator
from tests.runs.fixtures import effect_calls
from tests.support.fake_openai import FakeOpenAI


def client_for(tenant: TenantFixture, user: Any = None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_login(user)
    else:
        client.credentials(HTTP_AUTHORIZATION=f"Bearer {tenant.api_key}")
    return client


def tarball(files: dict[str, str]) -> io.BytesIO:
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz") as archive:
        for name, text in files.items():
            data = text.encode()
            info = tarfile.TarInfo(name)
            info.size = len(data)
            archive.addfile(info, io.BytesIO(data))
    buffer.seek(0)
    buffer.name = "workspace.tar.gz"
    return buffer


def finished_run(tenant: TenantFixture, ledger: Path, model: FakeOpenAI) -> dict[str, Any]:
    model.script = effect_calls(ledger, 1)
    response = client_for(tenant).post(
        "/api/runs",
        {"workflow": "effects", "input": {"task": "go"}, "budgets": {"max_steps": 10}},
        format="json",
    )
    assert response.status_code == 201, response.content
    run_advance(run_id=response.json()["id"], owner="w")
    return dict(response.json())


@pytest.mark.django_db(transaction=True)
def test_a_run_is_created_listed_and_read_by_its_organization(
    acme: TenantFixture, runtime: Path, model: FakeOpenAI
) -> None:
    created = finished_run(acme, runtime, model)
    client = client_for(acme)

    detail = client.get(f"/api/runs/{created['id']}").json()
    listed = client.get("/api/runs?status=succeeded").json()
    events = client.get(f"/api/runs/{created['id']}/events?after=2").json()

    assert created["status"] == RunStatus.QUEUED
    assert created["budgets"]["max_steps"] == 10
    assert detail["status"] == RunStatus.SUCCEEDED
    assert [run["id"] for run in listed["results"]] == [created["id"]]
    assert events[0]["seq"] == 3
    assert [e["seq"] for e in events] == list(range(3, 3 + len(events)))
    assert events[-1]["kind"] == "run.finished"


@pytest.mark.django_db(transaction=True)
def test_another_organization_sees_none_of_it(
    acme: TenantFixture, globex: TenantFixture, runtime: Path, model: FakeOpenAI
) -> None:
    run_id = finished_run(acme, runtime, model)["id"]
    outsider = client_for(globex)
    member = client_for(globex, globex.owner)

    assert outsider.get("/api/runs").json()["results"] == []
    for client in (outsider, member):
        for path in ("", "/events", "/artifacts", "/artifacts/changes.diff"):
            response = client.get(f"/api/runs/{run_id}{path}")
            assert response.status_code == 404, path
            assert response["Content-Type"] == "application/problem+json"
        assert client.post(f"/api/runs/{run_id}/cancel").status_code == 404
    assert Run.objects.get(id=run_id).status == RunStatus.SUCCEEDED


@pytest.mark.django_db(transaction=True)
def test_invalid_requests_get_problem_details(acme: TenantFixture, runtime: Path) -> None:
    client = client_for(acme)
    cases = [
        ({"workflow": "nope"}, "workflow"),
        ({"workflow": "effects", "budgets": {"max_steps": -1}}, "budgets"),
        ({"workflow": "effects", "budgets": {"max_cats": 3}}, "budgets"),
        ({"workflow": "effects", "tier": "turbo"}, "tier"),
        ({"workflow": "effects", "input": [1, 2]}, "input"),
        ({"workflow": "effects", "repository": "/etc"}, "repository"),
        ({"workflow": "coding", "input": {}}, "input"),
    ]
    for body, field in cases:
        response = client.post("/api/runs", body, format="json")
        assert response.status_code == 400, body
        problem = response.json()
        assert problem["status"] == 400
        assert field in problem["errors"], (body, problem)
    assert not Run.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_keys_without_the_runs_scope_are_refused(acme: TenantFixture, runtime: Path) -> None:
    key = api_key_create(
        actor=operator(acme.organization), name="inference only", scopes=["inference"]
    )
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {key.plaintext}")
    assert client.get("/api/runs").status_code == 403
    assert APIClient().get("/api/runs").status_code in (401, 403)


@pytest.mark.django_db(transaction=True)
def test_a_tarball_workspace_is_unpacked_and_its_diff_is_an_artifact(
    acme: TenantFixture, runtime: Path, model: FakeOpenAI
) -> None:
    model.script = [{"content": "nothing to change"}]
    response = client_for(acme).post(
        "/api/runs",
        {
            "workflow": "effects",
            "input": json.dumps({"task": "look"}),
            "workspace": tarball({"app.py": "x = 1\n", "pkg/util.py": "y = 2\n"}),
        },
        format="multipart",
    )
    assert response.status_code == 201, response.content
    run = Run.objects.get(id=response.json()["id"])
    workspace = Path(run.workspace)
    assert (workspace / "pkg" / "util.py").read_text() == "y = 2\n"
    (workspace / "app.py").write_text("x = 2\n")  # what a tool would have done

    run_advance(run_id=str(run.id), owner="w")

    client = client_for(acme)
    listed = client.get(f"/api/runs/{run.id}/artifacts").json()
    assert [artifact["name"] for artifact in listed] == ["changes.diff"]
    download = client.get(f"/api/runs/{run.id}/artifacts/changes.diff")
    body = b"".join(download.streaming_content).decode()  # type: ignore[attr-defined]
    assert download.status_code == 200
    assert "-x = 1\n+x = 2" in body
    assert download["X-Content-SHA256"] == listed[0]["sha256"]


@pytest.mark.django_db(transaction=True)
def test_a_tarball_that_escapes_its_workspace_is_refused(
    acme: TenantFixture, runtime: Path
) -> None:
    response = client_for(acme).post(
        "/api/runs",
        {"workflow": "effects", "workspace": tarball({"../../escape.txt": "boom"})},
        format="multipart",
    )
    assert response.status_code == 400
    assert "workspace" in response.json()["errors"]
    assert not Run.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_approvals_are_listed_and_decided_over_rest_per_organization(
    acme: TenantFixture, globex: TenantFixture, runtime: Path, model: FakeOpenAI
) -> None:
    deploy = {"name": "deploy", "arguments": {"ledger": str(runtime), "target": "prod"}}
    model.script = [{"tool_calls": [deploy]}, {"content": "done"}]
    run_id = (
        client_for(acme, acme.member)
        .post("/api/runs", {"workflow": "effects"}, format="json")
        .json()["id"]
    )
    run_advance(run_id=run_id, owner="w")
    approval = ApprovalRequest.objects.get(run_id=run_id)

    assert client_for(globex).get("/api/approvals").json()["results"] == []
    listed = client_for(acme).get("/api/approvals?status=pending").json()["results"]
    assert [item["id"] for item in listed] == [approval.id]
    url = f"/api/approvals/{approval.id}/decide"
    assert client_for(globex, globex.owner).post(url, {"decision": "approve"}).status_code == 404
    assert client_for(acme, acme.member).post(url, {"decision": "approve"}).status_code == 403
    assert client_for(acme).post(url, {"decision": "approve"}).status_code == 403  # API key
    assert client_for(acme, acme.reviewer).post(url, {"decision": "maybe"}).status_code == 400
    decided = client_for(acme, acme.reviewer).post(url, {"decision": "approve"}, format="json")
    again = client_for(acme, acme.owner).post(url, {"decision": "reject"}, format="json")

    assert decided.status_code == 200
    assert decided.json()["status"] == "approved"
    assert again.status_code == 409
    assert Run.objects.get(id=run_id).status == RunStatus.QUEUED
