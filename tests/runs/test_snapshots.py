"""Workspace snapshots: a tool call executed again starts from the workspace it first saw, both
when the environment failed it halfway (in-process) and when its worker was killed mid-call
(a real Celery worker, kill -9, the real sandbox)."""

from __future__ import annotations

import io
import os
import shutil
import signal
import tarfile
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from runs import snapshots
from runs.models import Run, RunStatus, ToolCall
from runs.services import run_advance, run_start
from runs.tasks import recover_expired_leases
from tests.factories import TenantFixture
from tests.runs.fixtures import EXTRA_TOOLS, EXTRA_WORKFLOWS, time_passes
from tests.support.fake_openai import FakeOpenAI, serve_fake_openai
from tests.support.processes import celery_worker


def archive(files: dict[str, str]) -> io.BytesIO:
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz") as tar:
        for name, text in files.items():
            info = tarfile.TarInfo(name)
            info.size = len(text.encode())
            tar.addfile(info, io.BytesIO(text.encode()))
    buffer.seek(0)
    return buffer


def calls(*tool_calls: dict[str, Any]) -> list[dict[str, Any]]:
    """One tool call per step, then a final answer."""
    return [{"tool_calls": [call]} for call in tool_calls] + [{"content": "done"}]


def start(acme: TenantFixture, files: dict[str, str]) -> Run:
    return run_start(
        organization=acme.organization,
        workflow="effects",
        input={"task": "write notes"},
        workspace_archive=archive(files),
    )


@pytest.fixture
def sandbox_dirs(settings: Any) -> Iterator[Path]:
    """Workspaces and snapshots under a directory the sandbox's user can traverse (pytest's
    tmp_path is 0700)."""
    root = Path(tempfile.mkdtemp(prefix="longhaul-snapshots-"))
    root.chmod(0o755)
    settings.LONGHAUL_WORKSPACES_DIR = root / "workspaces"
    settings.LONGHAUL_SNAPSHOTS_DIR = root / "snapshots"
    yield root
    shutil.rmtree(root, ignore_errors=True)


@pytest.mark.django_db(transaction=True)
def test_a_call_executed_again_starts_from_the_workspace_it_first_saw(
    acme: TenantFixture, runtime: Path, model: FakeOpenAI, settings: Any
) -> None:
    # Given a call that appends a line and then fails as the environment would (a crash
    # halfway through the call: its effect on the workspace is already there)
    settings.LONGHAUL_RUN_INFRA_RETRY_FIRST_SECONDS = 0.01
    settings.LONGHAUL_RUN_INFRA_RETRY_MAX_BACKOFF_SECONDS = 0.02
    marker = str(runtime / "failed-once")
    model.script = calls(
        {"name": "append_line", "arguments": {"text": "hello", "fail_once": marker}}
    )
    run = start(acme, {"notes.txt": "title\n"})
    run_advance(run_id=str(run.id), owner="w1")
    run.refresh_from_db()
    assert run.status == RunStatus.WAITING
    assert (Path(run.workspace) / "notes.txt").read_text() == "title\nhello\n"

    # When the step runs again and the call is executed a second time
    time_passes(0.05, run)  # past the backoff
    run_advance(run_id=str(run.id), owner="w2")

    # Then the second execution started from the workspace as it was: the line is there once
    run.refresh_from_db()
    assert run.status == RunStatus.SUCCEEDED, run.error
    assert (Path(run.workspace) / "notes.txt").read_text() == "title\nhello\n"
    assert ToolCall.objects.get(run=run).attempts == 2


@pytest.mark.django_db(transaction=True)
def test_snapshots_are_taken_for_writing_calls_and_pruned_to_the_retention(
    acme: TenantFixture, runtime: Path, model: FakeOpenAI, settings: Any
) -> None:
    # Given a retention of two snapshots and a run of three writing calls and one read
    settings.LONGHAUL_RUN_SNAPSHOT_RETENTION = 2
    model.script = calls(
        *({"name": "append_line", "arguments": {"text": str(n)}} for n in range(3)),
        {"name": "record_effect", "arguments": {"ledger": str(runtime)}},
    )
    run = start(acme, {"notes.txt": ""})

    run_advance(run_id=str(run.id), owner="w")

    # Then the newest two are kept, and what a rollback can still reach says so
    run.refresh_from_db()
    assert run.status == RunStatus.SUCCEEDED, run.error
    summary = snapshots.snapshot_summary(run.id)
    assert summary == {"steps": [2, 3], "pruned_through_step": 1}
    with pytest.raises(snapshots.SnapshotUnavailable, match="up to step 1 were deleted"):
        snapshots.snapshot_for_step(run.id, 1)
    kept = snapshots.snapshot_for_step(run.id, 2)
    assert kept is not None
    assert (kept / "tree" / "notes.txt").read_text() == "0\n1\n"


@pytest.mark.django_db(transaction=True)
def test_a_workspace_over_the_bounds_is_not_snapshotted_and_says_so(
    acme: TenantFixture, runtime: Path, model: FakeOpenAI, settings: Any
) -> None:
    settings.LONGHAUL_RUN_SNAPSHOT_MAX_BYTES = 10
    model.script = calls({"name": "append_line", "arguments": {"text": "more"}})
    run = start(acme, {"notes.txt": "more than ten bytes\n"})

    run_advance(run_id=str(run.id), owner="w")

    run.refresh_from_db()
    assert run.status == RunStatus.SUCCEEDED, run.error
    with pytest.raises(snapshots.SnapshotUnavailable, match="over 10 bytes"):
        snapshots.snapshot_for_step(run.id, 0)


@pytest.mark.django_db(transaction=True)
def test_a_call_without_a_snapshot_is_repeated_on_the_workspace_as_it_is(
    acme: TenantFixture, runtime: Path, model: FakeOpenAI, settings: Any
) -> None:
    # Given a workspace over the snapshot bounds and a call that fails halfway
    settings.LONGHAUL_RUN_SNAPSHOT_MAX_BYTES = 10
    settings.LONGHAUL_RUN_INFRA_RETRY_FIRST_SECONDS = 0.01
    settings.LONGHAUL_RUN_INFRA_RETRY_MAX_BACKOFF_SECONDS = 0.02
    marker = str(runtime / "failed-once")
    model.script = calls({"name": "append_line", "arguments": {"text": "hi", "fail_once": marker}})
    run = start(acme, {"notes.txt": "more than ten bytes\n", "keep.txt": "kept\n"})
    run_advance(run_id=str(run.id), owner="w1")

    # When the call is executed again
    time_passes(0.05, run)  # past the backoff
    run_advance(run_id=str(run.id), owner="w2")

    # Then nothing was restored (there was nothing to restore from): the workspace is kept,
    # and the call acted twice, as it would without snapshots
    run.refresh_from_db()
    assert run.status == RunStatus.SUCCEEDED, run.error
    assert (Path(run.workspace) / "keep.txt").read_text() == "kept\n"
    assert (Path(run.workspace) / "notes.txt").read_text() == "more than ten bytes\nhi\nhi\n"


@pytest.mark.slow
@pytest.mark.timeout(300)
@pytest.mark.django_db(transaction=True)
def test_a_command_killed_with_its_worker_does_not_act_twice_on_the_workspace(
    acme: TenantFixture, runtime: Path, sandbox_dirs: Path, settings: Any, redis_client: object
) -> None:
    # Given a run whose command appends a line to a file, then works for a while
    command = "echo line >> notes.txt; sleep 4"
    fake = FakeOpenAI(script=calls({"name": "run_command", "arguments": {"command": command}}))
    settings.LONGHAUL_QUEUED_REENQUEUE_SECONDS = 2
    with serve_fake_openai(fake) as model_url:
        settings.LONGHAUL_AGENT_MODEL_URL = model_url
        env = {
            "LONGHAUL_AGENT_MODEL_URL": model_url,
            "LONGHAUL_EXTRA_TOOLS": EXTRA_TOOLS,
            "LONGHAUL_EXTRA_WORKFLOWS": EXTRA_WORKFLOWS,
            "LONGHAUL_SNAPSHOTS_DIR": str(sandbox_dirs / "snapshots"),
            "LONGHAUL_RUN_LEASE_SECONDS": "2",
        }
        run = start(acme, {"notes.txt": "title\n"})
        notes = Path(run.workspace) / "notes.txt"

        # When the worker is killed (kill -9, the whole process group) after the command
        # wrote its line but before it finished
        with celery_worker(concurrency=1, **env) as worker:
            deadline = time.monotonic() + 120
            while "line" not in notes.read_text() and time.monotonic() < deadline:
                time.sleep(0.05)  # the worker (another process) runs the command
            os.killpg(worker.pid, signal.SIGKILL)
            worker.wait()
        assert notes.read_text() == "title\nline\n"
        time_passes(2.5, run)  # the killed worker's lease expires
        recover_expired_leases()

        # And a new worker runs the step, and so the command, again
        with celery_worker(concurrency=1, **env):
            deadline = time.monotonic() + 120
            while time.monotonic() < deadline:
                run.refresh_from_db()
                if run.status in (RunStatus.SUCCEEDED, RunStatus.FAILED):
                    break
                time.sleep(0.2)  # the new worker (another process) finishes the run

    # Then the command ran twice, but the file has its line once
    assert run.status == RunStatus.SUCCEEDED, run.error
    assert ToolCall.objects.get(run=run).attempts == 2
    assert notes.read_text() == "title\nline\n"


def test_a_rollback_across_a_snapshot_that_cannot_be_restored_says_why(
    settings: Any, tmp_path: Path
) -> None:
    # Given a run whose snapshot before step 3 is not one this version can restore (here, in
    # the format earlier versions used for diff baselines)
    settings.LONGHAUL_SNAPSHOTS_DIR = tmp_path / "snapshots"
    entry = snapshots.run_directory("r1") / "00000003-000"
    entry.mkdir(parents=True)
    (entry / "manifest.json").write_text('{"version": 1, "entries": {}}')

    # Then a rollback to step 2 or 3 is refused with the reason; after it, nothing is in the way
    with pytest.raises(snapshots.SnapshotUnavailable, match=r"before step 3 .*earlier version"):
        snapshots.snapshot_for_step("r1", 2)
    assert snapshots.snapshot_for_step("r1", 4) is None
