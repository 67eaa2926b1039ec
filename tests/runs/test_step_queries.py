"""The cost of a platform step in statements, pinned, and its one statement's fencing.

A step that continues is one statement (runs.stepcommit): a step that took more would show here
first. Each expected statement is listed with what it is for, so a change to the count has to
say which one it adds.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from agents.engine.types import Checkpoint, CheckpointConflict
from runs.checkpointer import DjangoCheckpointer, StagingCheckpointer
from runs.leases import Lease, LeaseLost, lease_acquire
from runs.models import Run, RunEvent, RunStatus, Step
from runs.services import run_advance, run_start
from runs.stepcommit import StepWrite, step_commit
from tests.factories import TenantFixture

COUNTER = "counter=tests.runs.workflows:build_counter"

# Every statement of run_advance over a 3-step run of the `counter` workflow (one event per
# step), as (what it touches, why). The test's own transaction turns the lifecycle's
# transactions into savepoints; outside one they are BEGIN/COMMIT, one round trip each.
TAKE_LEASE = [
    ("savepoint", "lease_acquire's transaction"),
    ("select runs_run for update", "the run, if advanceable and its lease free"),
    ("update runs_run", "run_transition: running, lease owner and expiry, fencing token + 1"),
    ("release", ""),
    ("savepoint", "the lost-worker check's transaction"),
    ("select runs_run for update", "the run under the new lease: lost count, status, budgets"),
    ("release", ""),
    ("select runs_checkpoint", "the latest checkpoint, once per lease"),
]
STEP = [("with locked", "the step: fence, checkpoint, counters, events, ledger row")]
FINISH = [
    ("savepoint", "the last step's transaction"),
    ("with locked", "the step, as any other"),
    ("select runs_run for update", "the row as the step left it, for the status change"),
    ("select runs_artifact", "run_complete: the run's artifacts, named in run.finished"),
    ("update runs_run", "run_transition: succeeded, lease and slot given back"),
    ("update runs_run", "event_append: the next event number"),
    ("insert runs_runevent", "run.finished"),
    ("select webhooks_webhookendpoint", "the organization's webhooks for run.succeeded"),
    ("release", ""),
]
RELEASE_LEASE = [
    ("savepoint", "lease_release's transaction"),
    ("select runs_run for update", "a run still running goes back to the queue (not this one)"),
    ("release", ""),
]


def shape(sql: str) -> str:
    """A statement as (verb, first table[, for update]): what the test compares."""
    text = sql.lower()
    if text.startswith(("savepoint", "release savepoint")):
        return "release" if text.startswith("release") else "savepoint"
    if text.startswith("with locked"):
        return "with locked"
    verb = text.split()[0]
    table = re.search(r'(?:from|into|update)\s+"?(\w+)"?', text)
    name = f"{verb} {table.group(1) if table else '?'}"
    return f"{name} for update" if text.rstrip().endswith("for update") else name


@pytest.fixture
def counter(settings: Any) -> None:
    settings.LONGHAUL_EXTRA_WORKFLOWS = [COUNTER]


def new_run(acme: TenantFixture, steps: int = 3) -> Run:
    return run_start(organization=acme.organization, workflow="counter", input={"steps": steps})


@pytest.mark.django_db
def test_a_step_that_continues_is_one_statement(acme: TenantFixture, counter: None) -> None:
    # Given a queued 3-step run
    run = new_run(acme)
    before = Run.objects.get(id=run.id).event_seq

    # When a worker advances it to the end
    with CaptureQueriesContext(connection) as captured:
        run_advance(run_id=str(run.id), owner="w")

    # Then two steps took one statement each, and the rest is the lease and the finish
    # (the scheduler's pass for the freed slot runs after commit, in the interactive lane)
    expected = TAKE_LEASE + STEP * 2 + FINISH + RELEASE_LEASE
    assert [shape(q["sql"]) for q in captured.captured_queries] == [s for s, _ in expected]
    run.refresh_from_db()
    assert (run.status, run.step_count) == (RunStatus.SUCCEEDED, 3)
    events = RunEvent.objects.filter(run=run, seq__gt=before).order_by("seq")
    assert [(e.seq - before, e.kind) for e in events] == [
        (1, "tick"),
        (2, "step.completed"),
        (3, "tick"),
        (4, "step.completed"),
        (5, "tick"),
        (6, "step.completed"),
        (7, "run.finished"),
    ]
    assert run.event_seq == before + 7
    assert list(Step.objects.filter(run=run).values_list("number", "outcome")) == [
        (0, "continue"),
        (1, "continue"),
        (2, "finished"),
    ]


def _write(lease: Lease, latest: Checkpoint, *, expected_version: int) -> StepWrite:
    state = {**latest.state, "count": 1}
    following = Checkpoint(lease.run_id, 1, "count", state, expected_version + 1, 1.0)
    return StepWrite(
        number=0,
        node="count",
        outcome="continue",
        next_node="count",
        checkpoint=following,
        expected_version=expected_version,
        events=[("tick", {"count": 0}), ("step.completed", {"step": 0})],
        step_count=1,
        prompt_tokens=0,
        completion_tokens=0,
    )


def _nothing_written(run: Run, versions: int) -> None:
    assert DjangoCheckpointer().latest_version(str(run.id)) == versions
    assert not RunEvent.objects.filter(run=run, kind="tick").exists()
    assert not Step.objects.filter(run=run).exists()
    run.refresh_from_db()
    assert run.step_count == 0


@pytest.mark.django_db
def test_a_step_from_a_stale_lease_holder_writes_nothing(
    acme: TenantFixture, counter: None
) -> None:
    # Given a worker whose lease was taken over (the fencing token moved on)
    run = new_run(acme)
    lease = lease_acquire(run_id=str(run.id), owner="w1")
    assert lease is not None
    latest = DjangoCheckpointer().get(str(run.id))
    assert latest is not None
    Run.objects.filter(id=run.id).update(fencing_token=lease.token + 1)

    # When it commits its step, then it is told so and nothing of the step is stored
    with pytest.raises(LeaseLost):
        step_commit(lease=lease, write=_write(lease, latest, expected_version=latest.version))
    _nothing_written(run, latest.version)


@pytest.mark.django_db
def test_a_step_behind_the_latest_checkpoint_writes_nothing(
    acme: TenantFixture, counter: None
) -> None:
    # Given a step computed from a checkpoint that is no longer the latest
    run = new_run(acme)
    lease = lease_acquire(run_id=str(run.id), owner="w1")
    assert lease is not None
    latest = DjangoCheckpointer().get(str(run.id))
    assert latest is not None
    run.refresh_from_db()
    events_before = run.event_seq

    # When it commits expecting an older version, or one that is not there yet
    for expected in (latest.version - 1, latest.version + 1):
        with pytest.raises(CheckpointConflict):
            step_commit(lease=lease, write=_write(lease, latest, expected_version=expected))

    # Then nothing of it is stored, and no event number was used up
    _nothing_written(run, latest.version)
    assert run.event_seq == events_before


@pytest.mark.django_db
def test_a_step_goes_on_from_its_state_as_the_database_gives_it_back() -> None:
    """The next step starts from what this one staged, not from a read: it must be the same
    value, down to the order of each object's keys, or code that walks a dict (a preview's
    views, say) builds other arguments than it will after a pause, and an approval of the
    first would not match the second."""
    store = DjangoCheckpointer()
    staging = StagingCheckpointer(store, thread_id="thread-order", latest=None)
    views = {"front": 1, "side": 2, "top": 3, "perspective": 4}
    state = {"previews": {"views": views, "size": (128, 96)}, "brief": "a table"}
    written = Checkpoint("thread-order", 0, "render", state, 0, 1.0)

    staged = staging.put(written)
    store.put(written)  # what the step's commit stores
    read = store.get("thread-order")

    assert read is not None
    assert staged.state == read.state
    assert list(staged.state["previews"]["views"]) == list(read.state["previews"]["views"])
    assert list(staged.state) == list(read.state)
