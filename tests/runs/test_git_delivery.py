"""A coding run started from an operator-allowed Git remote (a real bare repository served over
smart HTTP on loopback) fixes the code, then proposes the fix as a new branch: push_branch waits
in the review queue, and only an approval changes the remote."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from rest_framework.test import APIClient

from approvals.models import ApprovalRequest
from runs.models import Artifact, Run, RunEvent, RunStatus, ToolCall
from runs.services import run_advance, run_start
from tests.agents.loop_support import call, plan
from tests.factories import TenantFixture
from tests.runs.fixtures import advance_to_approval, decide_as_reviewer, model, runtime
from tests.security.test_approval_forgery import reachable_workspaces
from tests.support.fake_openai import FakeOpenAI
from tests.support.git_http import bare_repository, branches, git, serve_git

__all__ = ["model", "reachable_workspaces", "runtime"]
pytestmark = pytest.mark.django_db(transaction=True)
FIXED = "def add(a, b):\n    return a + b\n"
FILES = {
    "calc.py": "def add(a, b):\n    return a - b\n",
    "test_calc.py": "from calc import add\n\ndef test_add():\n    assert add(2, 3) == 5\n",
}


@dataclass
class Served:
    bare: Path
    url: str


@pytest.fixture
def served(tmp_path: Path, settings: Any) -> Iterator[Served]:
    """calc.git behind Basic authentication; the operator allows the host with its password."""
    root = tmp_path / "served"
    root.mkdir()
    bare = bare_repository(root, "calc.git", FILES)
    with serve_git(root, user="pusher", password="s3cret") as (base, _):
        settings.LONGHAUL_ALLOWED_GIT_REMOTES = [base.replace("http://", "http://pusher:s3cret@")]
        yield Served(bare, base + "calc.git")


def _fixing_run(acme: TenantFixture, served: Served, model: FakeOpenAI) -> Run:
    model.script = [
        plan("fix add"),
        call("write_file", path="calc.py", content=FIXED),
        call("finish", summary="add adds"),
    ]
    return run_start(
        organization=acme.organization,
        workflow="coding",
        input={"task": "Make the tests pass", "strategy": "agent"},
        repository=served.url,
        created_by_user=acme.member,
    )


def _decide(acme: TenantFixture, request: ApprovalRequest, *, approve: bool) -> Run:
    decide_as_reviewer(acme, request, approve=approve)
    run_advance(run_id=str(request.run_id), owner="w")
    return Run.objects.get(id=request.run_id)


def test_an_approved_fix_is_pushed_as_a_new_branch_and_the_default_branch_is_untouched(
    acme: TenantFixture, reachable_workspaces: Path, model: FakeOpenAI, served: Served
) -> None:
    # Given a coding run cloned from the remote, which fixes the code
    before = branches(served.bare)
    run = _fixing_run(acme, served, model)
    assert run.source == {
        "repository": served.url,
        "remote": True,
        "commit": before["main"],
        "branch": "main",
    }

    # When the tests pass, the push waits for a reviewer with the exact proposal
    request = advance_to_approval(run)
    branch = f"longhaul/{run.id}"
    assert request.tool == "push_branch"
    assert request.arguments["remote"] == served.url
    assert request.arguments["branch"] == branch
    assert request.arguments["files"] == ["calc.py"]
    assert branches(served.bare) == before
    assert any(branch in json.dumps(r["body"]["messages"]) for r in model.requests)

    # Then, approved, the remote has the new branch with the fix on the commit the run started
    # from, and its default branch is as it was
    run = _decide(acme, request, approve=True)
    assert run.status == RunStatus.SUCCEEDED, run.error
    after = branches(served.bare)
    assert after == {**before, branch: after[branch]}
    assert git(["show", f"{branch}:calc.py"], cwd=served.bare) == FIXED
    assert git(["rev-parse", f"{branch}^"], cwd=served.bare).strip() == before["main"]
    delivery = run.output["delivery"]
    assert delivery == {
        "status": "pushed",
        "remote": served.url,
        "branch": branch,
        "commit": after[branch],
        "base": before["main"],
    }
    assert RunEvent.objects.get(run=run, kind="pushed").data["commit"] == after[branch]
    pushed = ToolCall.objects.get(run=run, tool="push_branch").output or {}
    assert pushed["commit"] == after[branch]

    # and the operator's password appears nowhere the run is shown
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {acme.api_key}")
    shown = client.get(f"/api/runs/{run.id}").content.decode()
    events = client.get(f"/api/runs/{run.id}/events").content.decode()
    assert served.url in shown
    assert "s3cret" not in shown + events


def test_a_rejected_push_leaves_the_remote_untouched(
    acme: TenantFixture, reachable_workspaces: Path, model: FakeOpenAI, served: Served
) -> None:
    before = branches(served.bare)
    run = _fixing_run(acme, served, model)

    run = _decide(acme, advance_to_approval(run), approve=False)

    assert branches(served.bare) == before
    assert not ToolCall.objects.filter(run=run, tool="push_branch").exists()
    assert run.status == RunStatus.SUCCEEDED, run.error
    assert run.output["delivery"]["status"] == "declined"
    diff = Path(Artifact.objects.get(run=run, name="changes.diff").path).read_text()
    assert "+    return a + b" in diff


@pytest.mark.parametrize(
    ("repository", "why"),
    [
        ("http://127.0.0.1:9/elsewhere.git", "not under a Git remote the operator allows"),
        ("http://pusher:s3cret@127.0.0.1:9/calc.git", "without credentials"),
    ],
)
def test_a_remote_the_operator_does_not_allow_is_refused_when_the_run_is_created(
    acme: TenantFixture, runtime: Path, served: Served, repository: str, why: str
) -> None:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {acme.api_key}")

    response = client.post(
        "/api/runs",
        {"workflow": "coding", "input": {"task": "fix it"}, "repository": repository},
        format="json",
    )

    assert response.status_code == 400, response.content
    assert why in str(response.json()["errors"]["repository"])
    assert "s3cret" not in response.content.decode()
    assert not Run.objects.exists()


def test_a_branch_name_that_could_never_be_pushed_is_refused_when_the_run_is_created(
    acme: TenantFixture, runtime: Path, served: Served
) -> None:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {acme.api_key}")
    body = {"task": "fix it", "branch": "refs/heads/main"}

    response = client.post(
        "/api/runs",
        {"workflow": "coding", "input": body, "repository": served.url},
        format="json",
    )

    assert response.status_code == 400, response.content
    assert "branch" in str(response.json()["errors"]["input"])
    assert not Run.objects.exists()
