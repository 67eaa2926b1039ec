"""The whole-sandbox limits through the platform: a run records the limits it starts with and the
API shows them; its commands get those limits even after the settings change; a command that
overfills the workspace is an observation the agent recovers from, not a crash; and /readyz says
how the sandbox is bounded on this host, failing only when an operator requires cgroups."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest
from django.test import Client
from rest_framework.test import APIClient

from agents.sandbox import (
    BubblewrapSandbox,
    SandboxLimits,
    SandboxUnavailable,
    cgroups,
    get_sandbox,
)
from agents.sandbox.cgroups import Support
from runs import toolbox
from runs.models import Run, RunStatus, ToolCall
from runs.sandboxing import BUBBLEWRAP
from runs.services import run_advance
from tests.factories import TenantFixture
from tests.sandbox.conftest import workspace, workspaces_root
from tests.security.ws_support import Member, call, model, post_archive, tar_bytes, ws_runtime
from tests.support.fake_openai import FakeOpenAI

__all__ = ["model", "workspace", "workspaces_root", "ws_runtime"]
MiB = 1024**2
STARTING_TREE = [Member("app.py", data=b"x = 1\n")]


@pytest.mark.django_db
def test_a_run_records_its_sandbox_limits_and_keeps_them(
    acme: TenantFixture, ws_runtime: Path, model: FakeOpenAI, settings: Any
) -> None:
    settings.LONGHAUL_SANDBOX_MEMORY_BYTES = 768 * MiB
    settings.LONGHAUL_SANDBOX_CPUS = 0.5
    settings.LONGHAUL_SANDBOX_DISK_FILES = 1234

    response = post_archive(acme, tar_bytes(STARTING_TREE))
    settings.LONGHAUL_SANDBOX_MEMORY_BYTES = 2048 * MiB  # changed while the run goes on
    run = Run.objects.get(id=response.json()["id"])
    shown = APIClient()
    shown.credentials(HTTP_AUTHORIZATION=f"Bearer {acme.api_key}")
    detail = shown.get(f"/api/runs/{run.id}").json()

    assert response.status_code == 201, response.content
    recorded = detail["sandbox_limits"]
    assert recorded["total_memory_bytes"] == 768 * MiB
    assert recorded["cpus"] == 0.5
    assert recorded["disk_files"] == 1234
    assert recorded["total_processes"] == settings.LONGHAUL_SANDBOX_MAX_PROCESSES
    limits = toolbox.environment(run, idempotency_key="k").limits
    assert limits == SandboxLimits(**recorded)
    assert limits.total_memory_bytes == 768 * MiB


@pytest.mark.django_db(transaction=True)
@pytest.mark.timeout(120)
def test_an_overfilled_workspace_is_an_observation_the_agent_recovers_from(
    acme: TenantFixture, ws_runtime: Path, model: FakeOpenAI, settings: Any
) -> None:
    settings.LONGHAUL_SANDBOX_DISK_BYTES = 30 * MiB
    model.script = [
        call("run_command", command="head -c 40M /dev/zero > big.bin; echo wrote"),
        call("run_command", command="echo more > more.txt"),
        call("run_command", command="rm big.bin && echo freed"),
        call("run_command", command="echo fine > ok.txt && cat ok.txt"),
        {"content": "done"},
    ]

    response = post_archive(acme, tar_bytes(STARTING_TREE))
    run_advance(run_id=response.json()["id"], owner="w")

    run = Run.objects.get(id=response.json()["id"])
    calls = list(ToolCall.objects.filter(run=run, tool="run_command").order_by("step"))
    assert run.status == RunStatus.SUCCEEDED, run.error
    assert [c.error_class for c in calls] == ["DiskQuotaExceeded", "DiskQuotaExceeded", "", ""]
    assert "over its disk quota" in calls[0].error
    assert "rm -rf" in calls[0].error  # the agent is told how to get out
    assert "could not write files" in calls[1].error
    assert (calls[2].output or {}).get("stdout") == "freed\n"
    assert (calls[3].output or {}).get("stdout") == "fine\n"


@pytest.mark.django_db
def test_readyz_says_how_the_sandbox_is_bounded(client: Client) -> None:
    body = client.get("/readyz").json()

    check = body["checks"]["sandbox"]
    found = cgroups.support()
    assert check["status"] == "ok"
    if found.available:
        assert check["detail"].startswith(f"cgroup {found.mode}: memory, CPU and processes")
    else:
        assert check["detail"].startswith("degraded: per-process rlimits only")


@pytest.mark.django_db
def test_readyz_is_down_naming_what_to_install_when_bubblewrap_is_missing(
    client: Client, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(get_sandbox(BUBBLEWRAP), "bwrap", str(tmp_path / "bwrap"))

    response = client.get("/readyz")

    check = response.json()["checks"]["sandbox"]
    assert response.status_code == 503
    assert check["status"] == "down"
    assert "bubblewrap not found" in check["detail"]
    assert "apt-get install bubblewrap" in check["detail"]


@pytest.mark.django_db
def test_readyz_is_down_when_the_sandbox_cannot_run_a_pytest_file(
    client: Client, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A fresh machine whose install step did not put pytest there: said by /readyz, naming the
    step, rather than first met by a run whose tests cannot import pytest."""
    from runs import sandboxing

    monkeypatch.setenv("LONGHAUL_SANDBOX_TOOLS", str(tmp_path / "no-tools"))
    monkeypatch.setattr(sandboxing, "_PROBED", {})

    response = client.get("/readyz")

    check = response.json()["checks"]["sandbox"]
    assert response.status_code == 503
    assert check["detail"].startswith("the sandbox cannot run tests")
    assert "deploy/install.sh" in check["detail"]


@pytest.fixture
def no_cgroups(monkeypatch: pytest.MonkeyPatch) -> Support:
    """A host whose cgroup file system is read-only (a common container)."""
    missing = Support("none", "no cgroup v2 mount; no cgroup v1 memory hierarchy")
    monkeypatch.setattr(cgroups, "support", lambda: missing)
    return missing


@pytest.mark.django_db
def test_without_cgroups_readyz_reports_degraded_and_stays_ready(
    client: Client, no_cgroups: Support
) -> None:
    response = client.get("/readyz")

    check = response.json()["checks"]["sandbox"]
    assert check["status"] == "ok"
    assert check["detail"].startswith("degraded: per-process rlimits only")
    assert no_cgroups.detail in check["detail"]
    assert response.json()["checks"]["database"]["status"] == "ok"


@pytest.mark.django_db
def test_readyz_fails_without_cgroups_when_an_operator_requires_them(
    client: Client, no_cgroups: Support, settings: Any
) -> None:
    settings.LONGHAUL_SANDBOX_REQUIRE_CGROUPS = True

    response = client.get("/readyz")

    assert response.status_code == 503
    assert response.json()["checks"]["sandbox"]["status"] == "down"


def test_required_cgroups_refuse_to_run_where_there_are_none(
    no_cgroups: Support, workspace: Path
) -> None:
    with pytest.raises(SandboxUnavailable, match="need a cgroup"):
        BubblewrapSandbox().run(
            ["touch", "ran"], workspace=workspace, limits=SandboxLimits(cgroups_required=True)
        )

    assert not (workspace / "ran").exists()


@pytest.mark.django_db
def test_readyz_answers_while_the_probe_runs_and_reads_its_result_later(
    client: Client, monkeypatch: pytest.MonkeyPatch, settings: Any
) -> None:
    """Readiness polls never wait for a sandbox: a probe still running is reported under way."""
    from agents.tools.builtin import testing
    from runs import sandboxing

    release = threading.Event()
    monkeypatch.setattr(testing, "probe", lambda sandbox: release.wait(60))
    monkeypatch.setattr(sandboxing, "_PROBED", {})
    settings.LONGHAUL_SANDBOX_PROBE_WAIT_SECONDS = 0.05

    first = client.get("/readyz").json()["checks"]["sandbox"]
    release.set()
    sandboxing._PROBED["thread"].join(60)
    second = client.get("/readyz").json()["checks"]["sandbox"]

    assert first == {
        "status": "down",
        "detail": "checking that the sandbox can run tests (a probe is under way)",
    }
    assert second["status"] == "ok"
