"""Shared fixtures for run and approval tests: plug-in settings, the scripted model, drivers."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from django.db.models import F

from accounts.actors import actor_for
from approvals.models import ApprovalRequest, ApprovalStatus
from approvals.services import approval_decide
from runs import toolbox
from runs.models import Run, RunStatus
from runs.services import run_advance
from tests.factories import TenantFixture
from tests.support.fake_openai import FakeOpenAI, serve_fake_openai

EXTRA_TOOLS = "tests.runs.tools:TEST_TOOLS"
EXTRA_WORKFLOWS = "effects=tests.runs.workflows:build_effects"


@pytest.fixture
def runtime(settings: Any, tmp_path: Path) -> Iterator[Path]:
    """Test tools and workflow registered; workspaces and artifacts under tmp; yields a ledger
    directory outside every workspace for tools with external effects."""
    settings.LONGHAUL_EXTRA_TOOLS = [EXTRA_TOOLS]
    settings.LONGHAUL_EXTRA_WORKFLOWS = [EXTRA_WORKFLOWS]
    settings.LONGHAUL_WORKSPACES_DIR = tmp_path / "workspaces"
    settings.LONGHAUL_ARTIFACTS_DIR = tmp_path / "artifacts"
    settings.LONGHAUL_SNAPSHOTS_DIR = tmp_path / "snapshots"
    toolbox.registry.cache_clear()
    toolbox._executor.cache_clear()
    ledger = tmp_path / "ledger"
    ledger.mkdir()
    yield ledger
    toolbox.registry.cache_clear()
    toolbox._executor.cache_clear()


@pytest.fixture
def model(settings: Any) -> Iterator[FakeOpenAI]:
    """The scripted model server; tests set `model.script` or `model.responder`."""
    fake = FakeOpenAI()
    with serve_fake_openai(fake) as base_url:
        settings.LONGHAUL_AGENT_MODEL_URL = base_url
        yield fake


def effect_calls(ledger: Path, count: int, *, work_seconds: float = 0.0) -> list[dict[str, Any]]:
    """A script of `count` record_effect calls, then a final answer."""
    arguments: dict[str, Any] = {"ledger": str(ledger)}
    if work_seconds:
        arguments["work_seconds"] = work_seconds
    call = {"name": "record_effect", "arguments": arguments}
    return [{"tool_calls": [call]} for _ in range(count)] + [{"content": "all done"}]


def lines(path: Path) -> list[str]:
    return path.read_text().split("\n")[:-1] if path.exists() else []


def attempts(ledger: Path) -> list[tuple[str, float]]:
    """(idempotency key, wall-clock time) of every invocation of record_effect."""
    return [
        (key, float(at)) for key, at in (line.split() for line in lines(ledger / "attempts.log"))
    ]


def advance_to_approval(run: Run) -> ApprovalRequest:
    """Advances the run one task, which must leave it waiting; returns its pending request."""
    run_advance(run_id=str(run.id), owner="w")
    run.refresh_from_db()
    assert run.status == RunStatus.AWAITING_APPROVAL, (run.status, run.error)
    return ApprovalRequest.objects.get(run=run, status=ApprovalStatus.PENDING)


def decide_as_reviewer(tenant: TenantFixture, request: ApprovalRequest, *, approve: bool) -> None:
    approval_decide(
        actor=actor_for(
            organization_id=tenant.organization.id, user=tenant.reviewer, api_key_id=None
        ),
        approval_id=request.id,
        approve=approve,
        comment="" if approve else "rejected by the test",
    )


def time_passes(seconds: float, *runs: Run) -> None:
    """As if `seconds` had passed for these runs (every run when none is named): the moments they
    wait for (the next attempt, a lease's expiry), the start of their wait and their last update
    move that far into the past, so a retry, a lease recovery or a re-enqueue is due without
    sleeping for it. The workers that held the leases must be gone: a live one renews its own."""
    rows = Run.objects.filter(id__in=[run.id for run in runs]) if runs else Run.objects.all()
    earlier = timedelta(seconds=seconds)
    rows.update(
        next_attempt_at=F("next_attempt_at") - earlier,
        waiting_since=F("waiting_since") - earlier,
        lease_expires_at=F("lease_expires_at") - earlier,
        updated_at=F("updated_at") - earlier,
    )
