"""The run scheduler's admission passes against the real database: fair share, weights, limits,
priority, slots given back, and what a pass that died leaves behind.

A pass here commits nothing to Celery: inside a test's transaction `on_commit` never fires,
exactly as when a scheduler dies between its commit and sending the admitted runs' tasks.
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from django.core.cache import cache
from django.db import connection, transaction
from django.test import Client
from django.utils import timezone

from accounts.services import api_key_create
from core.errors import Forbidden
from runs import scheduler
from runs.leases import Lease, lease_acquire, lease_release
from runs.lifecycle import run_transition
from runs.models import Run, RunEvent, RunStatus
from runs.scheduler import runs_schedule
from runs.selectors import run_queue_place
from runs.services import run_advance, run_start
from tests.factories import TenantFixture, make_tenant, operator

pytestmark = pytest.mark.django_db


def submit(tenant: TenantFixture, count: int = 1, priority: str = "normal") -> list[Run]:
    return [
        run_start(organization=tenant.organization, workflow="effects", input={}, priority=priority)
        for _ in range(count)
    ]


def admitted(runs: list[Run]) -> list[Run]:
    ids = [run.id for run in runs]
    return list(Run.objects.filter(id__in=ids, admitted_at__isnull=False))


def start(run: Run) -> Lease:
    """What a worker does with an admitted run's task: take its lease."""
    lease = lease_acquire(run_id=str(run.id), owner="worker", admitted_only=True)
    assert lease is not None, f"run {run.id} was not admitted"
    return lease


def kinds(run: Run) -> list[str]:
    return list(RunEvent.objects.filter(run=run).values_list("kind", flat=True))


@pytest.fixture
def slots(settings: Any, runtime: Path) -> Any:
    settings.LONGHAUL_RUN_SLOTS = 2
    settings.LONGHAUL_RUN_BURST_SLOTS = 0
    settings.LONGHAUL_ORG_WEIGHTS = {}
    settings.LONGHAUL_ORG_RUN_LIMITS = {}
    settings.LONGHAUL_ORG_MAX_RUNS = 0
    return settings


def test_one_run_of_another_tenant_goes_ahead_of_a_backlog(
    acme: TenantFixture, globex: TenantFixture, slots: Any
) -> None:
    # Given acme's backlog fills both slots, its second run's step begun first
    backlog = submit(acme, 6)
    runs_schedule()
    assert {run.id for run in admitted(backlog)} == {backlog[0].id, backlog[1].id}
    leases = [start(backlog[1]), start(backlog[0])]

    # When globex submits one run
    (single,) = submit(globex)
    runs_schedule()

    # Then it is next, waiting for a free worker, and the acme run longest in its current step
    # is asked to give its slot back after it
    single.refresh_from_db()
    assert single.admitted_at is None
    assert run_queue_place(run=single) == {
        "position": 1,
        "reason": "no_free_worker",
        "message": "Every run slot is busy (2 in all); the run starts when one frees up.",
        "priority": "normal",
        "estimate_s": None,
    }
    assert "run.queued" in kinds(single)
    yielding = Run.objects.filter(yield_requested=True)
    assert [run.id for run in yielding] == [backlog[1].id]

    # When that run yields, the slot is globex's, not the next of acme's backlog
    lease_release(next(lease for lease in leases if lease.run_id == str(backlog[1].id)))
    runs_schedule()
    single.refresh_from_db()
    assert single.admitted_at is not None
    assert "run.admitted" in kinds(single)
    assert "run.yielded" in kinds(backlog[1])
    assert (
        Run.objects.filter(organization=acme.organization, admitted_at__isnull=False).count() == 1
    )


def test_an_organization_holding_no_slot_takes_a_burst_slot_at_once(
    acme: TenantFixture, globex: TenantFixture, slots: Any
) -> None:
    initech = make_tenant("initech")
    # Given one burst slot, and acme's backlog in both run slots
    slots.LONGHAUL_RUN_BURST_SLOTS = 1
    backlog = submit(acme, 6)
    runs_schedule()
    leases = [start(run) for run in admitted(backlog)]

    # When globex submits one run, it is admitted at once (no step boundary waited for), and
    # one acme run is asked to yield so the slots add up again
    (single,) = submit(globex)
    runs_schedule()
    single.refresh_from_db()
    assert single.admitted_at is not None
    admission = RunEvent.objects.get(run=single, kind="run.admitted")
    assert admission.data["burst"] is True
    assert Run.objects.filter(yield_requested=True, organization=acme.organization).count() == 1

    # A third organization waits: the burst slot is taken until that yield has happened, and a
    # second pass asks for no second yield
    (third,) = submit(initech)
    runs_schedule()
    third.refresh_from_db()
    assert third.admitted_at is None
    assert Run.objects.filter(yield_requested=True).count() == 1

    # When the acme run yields, the burst slot is free again: initech's run takes it
    yielding = Run.objects.get(yield_requested=True)
    lease_release(next(lease for lease in leases if lease.run_id == str(yielding.id)))
    runs_schedule()
    third.refresh_from_db()
    assert third.admitted_at is not None
    assert Run.objects.filter(yield_requested=True, organization=acme.organization).count() == 1


def test_without_burst_slots_a_new_organization_waits_for_a_step_boundary(
    acme: TenantFixture, globex: TenantFixture, slots: Any
) -> None:
    slots.LONGHAUL_RUN_BURST_SLOTS = 0
    backlog = submit(acme, 4)
    runs_schedule()
    for run in admitted(backlog):
        start(run)
    (single,) = submit(globex)
    runs_schedule()
    single.refresh_from_db()
    assert single.admitted_at is None


def test_the_run_nearest_its_step_boundary_gives_its_slot_back(
    acme: TenantFixture, globex: TenantFixture, slots: Any
) -> None:
    # Given acme's three runs hold every slot, the middle one in its current step the longest
    slots.LONGHAUL_RUN_SLOTS = 3
    oldest, middle, newest = submit(acme, 3)
    runs_schedule()
    for run in (middle, newest, oldest):
        start(run)

    # When globex submits a run, the one acme run asked to yield is that one: neither the
    # newest nor the oldest
    submit(globex)
    runs_schedule()
    assert list(Run.objects.filter(yield_requested=True)) == [middle]


def test_slots_are_shared_by_weight(acme: TenantFixture, globex: TenantFixture, slots: Any) -> None:
    slots.LONGHAUL_RUN_SLOTS = 6
    slots.LONGHAUL_ORG_WEIGHTS = {"acme": 2.0}
    runs = submit(acme, 8) + submit(globex, 8)
    runs_schedule()
    held = [run.organization_id for run in admitted(runs)]
    assert held.count(acme.organization.id) == 4
    assert held.count(globex.organization.id) == 2


def test_an_organization_over_its_share_gives_slots_back_down_to_its_weight(
    acme: TenantFixture, globex: TenantFixture, slots: Any
) -> None:
    # Given acme holds all four slots
    slots.LONGHAUL_RUN_SLOTS = 4
    backlog = submit(acme, 6)
    runs_schedule()
    for run in admitted(backlog):
        start(run)

    # When globex queues many runs, acme is asked for half its slots, and no more on the
    # passes that follow before they are given back
    submit(globex, 5)
    runs_schedule()
    runs_schedule()
    assert Run.objects.filter(yield_requested=True).count() == 2


def test_an_organization_limit_holds_its_runs_back(acme: TenantFixture, slots: Any) -> None:
    slots.LONGHAUL_RUN_SLOTS = 4
    slots.LONGHAUL_ORG_RUN_LIMITS = {"acme": 1}
    runs = submit(acme, 3)
    runs_schedule()
    assert [run.id for run in admitted(runs)] == [runs[0].id]
    places = [run_queue_place(run=run) for run in runs[1:]]
    assert [(p or {}).get("reason") for p in places] == ["organization_limit"] * 2
    assert [(p or {}).get("position") for p in places] == [1, 2]
    queued = RunEvent.objects.get(run=runs[2], kind="run.queued")
    assert queued.data["message"] == "Your organization is running its limit of 1 runs at once."


def test_higher_priority_runs_of_an_organization_go_first(acme: TenantFixture, slots: Any) -> None:
    # Given one slot, a batch run, then an interactive one
    slots.LONGHAUL_RUN_SLOTS = 1
    (batch,) = submit(acme, priority="batch")
    (interactive,) = submit(acme, priority="interactive")
    runs_schedule()
    assert admitted([batch, interactive]) == [interactive]
    assert (run_queue_place(run=batch) or {}).get("reason") == "priority"

    # When the batch run holds the slot and another interactive run arrives, it yields
    start(interactive)
    run_transition_to(interactive, RunStatus.SUCCEEDED)
    runs_schedule()
    start(batch)
    submit(acme, priority="interactive")
    runs_schedule()
    batch.refresh_from_db()
    assert batch.yield_requested


def run_transition_to(run: Run, status: str) -> None:
    with transaction.atomic():
        locked = Run.objects.select_for_update().get(id=run.id)
        run_transition(locked, status, event=None)


def test_a_key_starts_runs_at_most_at_its_own_priority(acme: TenantFixture, runtime: Path) -> None:
    key = api_key_create(actor=operator(acme.organization), name="ci", created_by=acme.owner)
    with pytest.raises(Forbidden, match="may not start 'interactive' runs"):
        run_start(
            organization=acme.organization,
            workflow="effects",
            input={},
            priority="interactive",
            created_by_api_key_id=key.api_key.id,
        )
    run = run_start(
        organization=acme.organization,
        workflow="effects",
        input={},
        priority="batch",
        created_by_api_key_id=key.api_key.id,
    )
    assert run.priority == "batch"


def test_runs_that_wait_for_approval_or_the_environment_give_their_slot_back(
    acme: TenantFixture, globex: TenantFixture, slots: Any
) -> None:
    slots.LONGHAUL_RUN_SLOTS = 1
    (first,) = submit(acme)
    (second,) = submit(globex)
    runs_schedule()
    start(first)
    run_transition_to(first, RunStatus.AWAITING_APPROVAL)
    first.refresh_from_db()
    assert first.admitted_at is None
    runs_schedule()
    assert admitted([first, second]) == [second]


def test_a_scheduler_task_never_waits_for_a_pass_in_progress(
    acme: TenantFixture, slots: Any
) -> None:
    # Given another pass holds the scheduler's lock (another session of the database)
    (run,) = submit(acme)
    other = connection.get_new_connection(connection.get_connection_params())
    try:
        other.execute("BEGIN")
        other.execute("SELECT pg_advisory_xact_lock(%s)", [scheduler.LOCK_KEY])

        # When the scheduler task's pass runs, it returns at once, having admitted nothing and
        # asked the pass in progress to run again
        assert runs_schedule(wait=False) == {"deferred": 1}
        assert admitted([run]) == []
        assert cache.get(scheduler.AGAIN_KEY)
    finally:
        other.close()

    # And once the lock is free, a pass admits the run and the request is answered
    assert runs_schedule(wait=False)["admitted"] == 1
    assert cache.get(scheduler.AGAIN_KEY) is None


def test_a_pass_that_died_before_commit_admitted_nothing(acme: TenantFixture, slots: Any) -> None:
    runs = submit(acme, 2)
    with pytest.raises(RuntimeError), transaction.atomic():
        runs_schedule()
        raise RuntimeError("the scheduler was killed")
    assert admitted(runs) == []
    runs_schedule()
    assert len(admitted(runs)) == 2


def test_an_admitted_run_whose_task_was_lost_is_sent_again_and_a_stray_task_takes_no_slot(
    acme: TenantFixture, slots: Any
) -> None:
    # Given a pass admitted a run and died before sending its task (on_commit never ran)
    slots.LONGHAUL_RUN_SLOTS = 1
    first, second = submit(acme, 2)
    assert runs_schedule()["admitted"] == 1

    # Then a stray task for the other run advances nothing: it holds no slot
    run_advance(run_id=str(second.id), owner="stray", admitted_only=True)
    second.refresh_from_db()
    assert (second.status, second.step_count, second.lease_owner) == (RunStatus.QUEUED, 0, "")

    # And a later pass sends the admitted run's task again, once it is overdue
    assert runs_schedule()["resent"] == 0
    later = timezone.now() + timedelta(seconds=slots.LONGHAUL_ADMISSION_RESEND_SECONDS + 1)
    assert runs_schedule(now=later)["resent"] == 1
    assert admitted([first, second]) == [first]


def test_a_queued_runs_place_shows_in_rest_and_on_the_run_page(
    client: Client, acme: TenantFixture, globex: TenantFixture, slots: Any
) -> None:
    slots.LONGHAUL_RUN_SLOTS = 1
    submit(globex)
    (run,) = submit(acme)
    runs_schedule()

    detail = client.get(f"/api/runs/{run.id}", HTTP_AUTHORIZATION=f"Bearer {acme.api_key}")
    client.force_login(acme.owner)
    page = client.get(f"/runs/{run.id}/summary").content.decode()

    assert detail.json()["priority"] == "normal"
    assert detail.json()["queue"]["position"] == 1
    assert detail.json()["queue"]["reason"] == "no_free_worker"
    assert "Queued: position 1 (normal priority). Every run slot is busy (1 in all)" in page
