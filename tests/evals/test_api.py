"""Evals over REST and on the dashboard (each organization sees only its own), the command's
refusals, and the download of a run's final workspace that the runner checks."""

from __future__ import annotations

import io
import os
import tarfile
from pathlib import Path
from typing import Any

import pytest
from django.core.management import CommandError, call_command
from django.test import Client
from rest_framework.test import APIClient

from accounts.services import api_key_create
from runs.services import run_start
from runs.workspaces import workspace_path
from tests.evals.records import STANDARD, finished_eval
from tests.factories import TenantFixture, operator
from tests.runs.live import tarball_bytes

pytestmark = pytest.mark.django_db
TWO_TIERS = {**STANDARD, "fast": {**STANDARD["standard"], "tier": "fast"}}


def rest(key: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {key}")
    return client


def test_evals_and_their_reports_are_read_by_their_organization_only(
    acme: TenantFixture, globex: TenantFixture
) -> None:
    # Given an eval of acme's on two tiers
    evaluation = finished_eval(acme, {"a": [True, True], "b": [True, False]}, **TWO_TIERS)
    report_url = f"/api/evals/{evaluation.id}/report"

    # When acme reads it
    listed = rest(acme.api_key).get("/api/evals").json()
    detail = rest(acme.api_key).get(f"/api/evals/{evaluation.id}").json()
    report = rest(acme.api_key).get(report_url).json()

    # Then it sees every trial and the report with both tiers side by side
    assert [item["id"] for item in listed["results"]] == [str(evaluation.id)]
    assert len(detail["trials"]) == 8
    assert report["configurations"]["standard"]["passed"] == 3
    assert report["configurations"]["standard"]["ci95"] == pytest.approx([0.3006, 0.9544], abs=1e-4)
    assert set(report["configurations"]["fast"]["scores"]) == {
        "correctness",
        "safety",
        "efficiency",
        "composite",
    }
    assert (report["comparison"]["a"], report["comparison"]["b"]) == ("standard", "fast")
    assert report["comparison"]["overall"]["pass_rate"]["significant"] is False
    # and globex sees nothing of it
    assert rest(globex.api_key).get("/api/evals").json()["results"] == []
    assert rest(globex.api_key).get(f"/api/evals/{evaluation.id}").status_code == 404
    assert rest(globex.api_key).get(report_url).status_code == 404


def test_a_report_compares_only_the_evals_own_configurations(acme: TenantFixture) -> None:
    evaluation = finished_eval(acme, {"a": [True]}, **TWO_TIERS)
    url = f"/api/evals/{evaluation.id}/report"
    refused = rest(acme.api_key).get(url, {"compare": "standard,turbo"})
    assert refused.status_code == 400
    assert "configurations are standard, fast." in refused.content.decode()
    assert rest(acme.api_key).get(url, {"compare": "fast"}).status_code == 400
    swapped = rest(acme.api_key).get(url, {"compare": "fast,standard"}).json()
    assert swapped["comparison"]["a"] == "fast"


def test_the_dashboard_shows_an_eval_report_to_its_organization(
    acme: TenantFixture, globex: TenantFixture
) -> None:
    evaluation = finished_eval(acme, {"steady": [True, True], "flaky": [True, False]})
    browser = Client()
    browser.force_login(acme.member)

    listing = browser.get("/evals/")
    page = browser.get(f"/evals/{evaluation.id}/")

    assert listing.status_code == 200
    assert str(evaluation.id)[:8] in listing.content.decode()
    text = page.content.decode()
    assert page.status_code == 200
    assert '<th scope="row">flaky</th><td>logic</td><td class="num">1 / 2</td>' in text
    assert "75% (30\u201395%)" in text  # 3 of 4 with its Wilson interval
    assert "<strong>Flaky</strong>: flaky on standard passed 1 of 2 repeats." in text
    outsider = Client()
    outsider.force_login(globex.member)
    assert outsider.get(f"/evals/{evaluation.id}/").status_code == 404


def test_the_eval_command_refuses_missing_and_under_scoped_keys(acme: TenantFixture) -> None:
    with pytest.raises(CommandError, match="--api-key"):
        call_command("eval", "code", api_key="", reviewer_key="")
    reviewer_only = api_key_create(
        actor=operator(acme.organization), name="r", scopes=["approvals"], created_by=acme.reviewer
    ).plaintext
    with pytest.raises(CommandError, match="needs the 'runs' scope"):
        call_command("eval", "code", api_key=reviewer_only, reviewer_key=reviewer_only)
    with pytest.raises(CommandError, match="has no task nope"):
        call_command("eval", "code", api_key=acme.api_key, reviewer_key=acme.api_key, tasks="nope")
    with pytest.raises(CommandError, match="no eval"):
        call_command(
            "eval",
            api_key=acme.api_key,
            reviewer_key=acme.api_key,
            resume="not-an-eval",
        )


def test_a_runs_workspace_downloads_as_regular_files_without_links_or_special_files(
    acme: TenantFixture, globex: TenantFixture, settings: Any, tmp_path: Path
) -> None:
    # Given a run whose workspace the agent filled with a link to a host file and a FIFO
    settings.LONGHAUL_WORKSPACES_DIR = tmp_path / "workspaces"
    archive = io.BytesIO(tarball_bytes({"src/app.py": "print('hi')\n", "run.sh": "echo\n"}))
    run = run_start(
        organization=acme.organization,
        workflow="coding",
        input={"task": "t"},
        workspace_archive=archive,
    )
    workspace = workspace_path(run.id)
    (workspace / "passwd").symlink_to("/etc/passwd")
    os.mkfifo(workspace / "pipe")
    (workspace / "run.sh").chmod(0o4755)

    # When it is downloaded
    response = rest(acme.api_key).get(f"/api/runs/{run.id}/workspace")

    # Then the archive holds the files and directories only, with plain modes
    assert response.status_code == 200
    assert response["Content-Type"] == "application/gzip"
    content = b"".join(response.streaming_content)  # type: ignore[attr-defined]
    with tarfile.open(fileobj=io.BytesIO(content)) as downloaded:
        members = {m.name: m for m in downloaded.getmembers()}
        assert set(members) == {"run.sh", "src", "src/app.py"}
        assert members["run.sh"].mode == 0o755
        assert downloaded.extractfile("src/app.py").read() == b"print('hi')\n"  # type: ignore[union-attr]
    # and another organization cannot download it
    assert rest(globex.api_key).get(f"/api/runs/{run.id}/workspace").status_code == 404


def test_a_run_without_a_workspace_has_none_to_download(acme: TenantFixture) -> None:
    run = run_start(organization=acme.organization, workflow="coding", input={"task": "t"})
    response = rest(acme.api_key).get(f"/api/runs/{run.id}/workspace")
    assert response.status_code == 404
    assert response["Content-Type"] == "application/problem+json"
