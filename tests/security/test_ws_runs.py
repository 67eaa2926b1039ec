"""Whole runs against the real stack: the agent arms host git from inside the sandbox (fsmonitor,
a clean filter) or leaves a FIFO, then the run ends without a diff of its own, so the platform
writes `changes.diff` itself. Nothing runs on the host, the diff is still made, and the worker
goes on to the next run."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from runs.models import Artifact, Run, RunStatus, ToolCall
from runs.services import run_advance
from tests.factories import TenantFixture
from tests.runs.live import http, multipart, tarball_bytes, wait_for_status
from tests.security.ws_support import (
    HOSTILE,
    Member,
    armed,
    call,
    model,
    post_archive,
    tar_bytes,
    ws_runtime,
)
from tests.support.fake_openai import FakeOpenAI, serve_fake_openai
from tests.support.processes import asgi_server, celery_worker

__all__ = ["model", "ws_runtime"]
pytestmark = pytest.mark.django_db(transaction=True)
STARTING_TREE = [Member("app.py", data=b"x = 1\n")]


def run_to_its_budget(tenant: TenantFixture, model: FakeOpenAI, command: str) -> Run:
    """A run whose one step is `command` in the sandbox; its step budget then ends it."""
    model.script = [call("run_command", command=command)]
    response = post_archive(tenant, tar_bytes(STARTING_TREE), budgets={"max_steps": 1})
    assert response.status_code == 201, response.content
    run_advance(run_id=response.json()["id"], owner="w")
    run = Run.objects.get(id=response.json()["id"])
    executed = ToolCall.objects.get(run=run, tool="run_command")
    assert (executed.output or {}).get("exit_code") == 0, executed.output  # the move itself worked
    return run


def changes_diff(run: Run) -> str:
    return Path(Artifact.objects.get(run=run, name="changes.diff").path).read_text()


@pytest.mark.parametrize(
    "arming",
    [
        "git config core.fsmonitor 'id > {marker}; echo'",
        "git config filter.x.clean 'id > {marker}; cat' && echo '* filter=x' > .gitattributes",
    ],
    ids=["fsmonitor", "clean filter"],
)
def test_git_config_written_by_the_agent_never_runs_on_the_host(
    acme: TenantFixture, ws_runtime: Path, model: FakeOpenAI, tmp_path: Path, arming: str
) -> None:
    marker = tmp_path / "marker"
    command = f"git init -q && {arming.format(marker=marker)} && echo changed > new.txt"

    run = run_to_its_budget(acme, model, command)

    assert run.status == RunStatus.FAILED
    assert "step budget exhausted" in run.error
    diff = changes_diff(run)
    assert "--- /dev/null\n+++ b/new.txt\n@@ -0,0 +1 @@\n+changed\n" in diff
    assert "b/.git/" not in diff
    assert not marker.exists()
    assert armed(Path(run.workspace), marker)  # host git in that tree would have run it


@pytest.mark.timeout(120)
def test_a_fifo_left_by_the_agent_does_not_hang_the_end_of_the_run(
    acme: TenantFixture, ws_runtime: Path, model: FakeOpenAI
) -> None:
    run = run_to_its_budget(acme, model, "mkfifo pipe.fifo && echo changed > new.txt")

    assert run.status == RunStatus.FAILED
    assert "+++ b/new.txt" in changes_diff(run)
    assert "pipe.fifo" not in changes_diff(run)
    # and the same worker process goes on to the next run
    model.script = [{"content": "done"}]
    response = post_archive(acme, tar_bytes(STARTING_TREE))
    run_advance(run_id=response.json()["id"], owner="w")
    assert Run.objects.get(id=response.json()["id"]).status == RunStatus.SUCCEEDED


@pytest.mark.slow
@pytest.mark.timeout(240)
def test_a_live_worker_finishes_a_run_that_left_a_fifo_and_takes_the_next_one(
    acme: TenantFixture, redis_client: Any
) -> None:
    fake = FakeOpenAI(script=[call("run_command", command="mkfifo pipe.fifo; echo x > new.txt")])
    with (
        serve_fake_openai(fake) as model_url,
        asgi_server(LONGHAUL_EXTRA_WORKFLOWS=HOSTILE) as base,
        celery_worker(
            concurrency=1, LONGHAUL_AGENT_MODEL_URL=model_url, LONGHAUL_EXTRA_WORKFLOWS=HOSTILE
        ),
    ):
        first = start_live(base, acme, budgets={"max_steps": 1})
        ended = wait_for_status(base, first, acme.api_key, {"succeeded", "failed"}, timeout=120)
        fake.script = [{"content": "done"}]
        second = start_live(base, acme, budgets={})
        after = wait_for_status(base, second, acme.api_key, {"succeeded", "failed"}, timeout=120)

    assert ended["status"] == "failed"
    assert "step budget exhausted" in ended["error"]
    assert after["status"] == "succeeded", after
    assert (ToolCall.objects.get(run_id=first, tool="run_command").output or {})["exit_code"] == 0
    assert "+++ b/new.txt" in changes_diff(Run.objects.get(id=first))


def start_live(base: str, tenant: TenantFixture, *, budgets: dict[str, Any]) -> str:
    body, content_type = multipart(
        {"workflow": "hostile", "budgets": json.dumps(budgets)},
        {"workspace": ("w.tar.gz", tarball_bytes({"app.py": "x = 1\n"}))},
    )
    status, run = http("POST", f"{base}/api/runs", tenant.api_key, body, content_type)
    assert status == 201, run
    return str(run["id"])
