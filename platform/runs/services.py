"""Writes for runs: start, cancel, resume, and advance (the one the Celery task calls)."""

from __future__ import annotations

import logging
from dataclasses import fields
from typing import IO, TYPE_CHECKING, Any
from uuid import UUID

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import transaction

from accounts.actors import Actor, Rule
from accounts.roles import MEMBERS
from accounts.selectors import api_key_get
from agents.engine.loop_config import EXTERNAL_TOOLS_KEY
from agents.engine.runner import start_thread
from agents.engine.types import Budgets
from agents.outbound import OutboundPolicy, UnsafeURL, validate_url
from audit.services import actor_fields, audit_append
from core.errors import Conflict, Forbidden, NotFound
from inference.selectors import tier_exists, tier_profile
from runs import budgets, sandboxing, toolbox, workspaces
from runs.advance import advance_under_lease
from runs.checkpointer import DjangoCheckpointer
from runs.events import event_append
from runs.gate import approval_gate
from runs.leases import expired_leases_reclaim, stale_queued_runs
from runs.lifecycle import run_transition
from runs.models import PRIORITY_RANK, Run, RunPriority, RunStatus
from runs.scheduler import runs_schedule, scheduler_kick
from runs.workflows import load_workflow

if TYPE_CHECKING:
    from pathlib import Path

    from accounts.models import ApiKey, Organization, User

logger = logging.getLogger(__name__)
KNOWN_TIERS = ("standard", "fast")


def run_start(
    *,
    organization: Organization,
    workflow: str,
    input: dict[str, Any],
    tier: str = "standard",
    budgets: dict[str, Any] | None = None,
    workspace_archive: IO[bytes] | None = None,
    repository: str | None = None,
    tools: list[str] | None = None,
    workspace_snapshot: Path | None = None,
    created_by_user: User | None = None,
    created_by_api_key_id: int | None = None,
    rerun_of: UUID | None = None,
    priority: str = RunPriority.NORMAL,
) -> Run:
    """Creates the run and its first checkpoint, prepares its workspace, enqueues it.

    The workspace comes from an archive, a repository or a snapshot of another run's workspace
    (runs.rerun). A run started with an API key is limited to the key's tiers, and records the
    key's owner as the person who started it: that person is the requester of the run's
    approvals.
    """
    flow = load_workflow(workflow)
    _check_input(flow, input)
    external = toolbox.external_definitions(
        organization_id=organization.id, workflow=workflow, names=list(tools or [])
    )
    api_key = _creating_key(organization, created_by_api_key_id)
    run = Run(
        organization=organization,
        workflow=workflow,
        input=input,
        tier=_tier_allowed(_checked_tier(tier), api_key),
        priority=_priority_allowed(priority, api_key),
        budgets=_checked_budgets(budgets or {}),
        created_by_user=created_by_user or (api_key.created_by if api_key else None),
        created_by_api_key=api_key,
        sandbox_limits=sandboxing.limits_record(),
    )
    run.workspace = str(
        _prepare_workspace(run, workspace_archive, repository, workspace_snapshot) or ""
    )
    summary = {**_run_summary(run), **({"rerun_of": str(rerun_of)} if rerun_of else {})}
    with transaction.atomic():
        run.save()
        extra = {EXTERNAL_TOOLS_KEY: external} if external else None
        start_thread(flow, DjangoCheckpointer(), str(run.id), _thread_input(run, flow), extra=extra)
        event_append(run_id=run.id, kind="run.created", data=summary)
        enqueue_advance(run_id=run.id)
        starter = _starter(run, api_key)
        _audit(
            run, "run.started", actor=starter, actor_user_id=run.created_by_user_id, data=summary
        )
    return run


def _starter(run: Run, api_key: ApiKey | None) -> str:
    person = run.created_by_user.username if run.created_by_user else "a key without an owner"
    return person + (f" through API key #{api_key.id}" if api_key else "")


def _audit(
    run: Run, action: str, *, actor: str, actor_user_id: int | None, data: dict[str, Any]
) -> None:
    """Runs' entries in the audit log; called last in each transaction (audit's lock order)."""
    audit_append(
        organization_id=run.organization_id,
        action=action,
        actor=actor,
        actor_user_id=actor_user_id,
        target=f"run:{run.id}",
        data=data,
    )


def _check_input(flow: Any, input: dict[str, Any]) -> None:
    try:
        state = flow.initial_state(input)
    except (ValueError, TypeError, KeyError) as error:
        raise ValidationError({"input": f"Not valid for workflow {flow.name!r}: {error}"}) from None
    _check_outbound(state.get("outbound_urls") or [] if isinstance(state, dict) else [])


def _check_outbound(urls: list[str]) -> None:
    """URLs a run will send to (a report's release target) pass the platform's outbound rule
    now, with the operator's allowances, not first after a reviewer approved the run."""
    rule = OutboundPolicy.of(
        settings.LONGHAUL_SANDBOX_EGRESS_PRIVATE_HOSTS,
        allow_setting="LONGHAUL_SANDBOX_EGRESS_PRIVATE_HOSTS",
    )
    for url in urls:
        try:
            validate_url(url, rule)
        except UnsafeURL as error:
            raise ValidationError({"input": f"{url}: {error}"}) from None


def _thread_input(run: Run, flow: Any) -> dict[str, Any]:
    """The run's input as the workflow starts from it: its workspace, and what the input leaves
    to the tier (inference.Tier) for a workflow that declares it: the strategy ("auto" or none
    chosen: how the tier's model can work) and the context window its prompts must fit; and,
    for one that declares `origin`, the Git remote its workspace was cloned from."""
    thread_input = {**run.input, **({"workspace": run.workspace} if run.workspace else {})}
    declared = (getattr(flow, "input_schema", None) or {}).get("properties") or {}
    profile = tier_profile(name=run.tier)
    if "strategy" in declared and run.input.get("strategy", "auto") == "auto":
        thread_input["strategy"] = profile.agent_strategy
    window = profile.context_window
    if "context_window" in declared and "context_window" not in run.input and window is not None:
        thread_input["context_window"] = window
    if "origin" in declared:  # the platform's to say, never the input's
        thread_input["origin"] = _origin(run)
    return thread_input


def _origin(run: Run) -> dict[str, Any] | None:
    """A run cloned from a Git remote: where its code came from, for a workflow that delivers
    the change back there (as a new branch, through an approved tool call)."""
    if not run.source.get("remote") or not run.source.get("commit"):
        return None
    return {key: run.source.get(key, "") for key in ("repository", "commit", "branch")}


def _checked_tier(tier: str) -> str:
    if tier in KNOWN_TIERS or tier_exists(name=tier):
        return tier
    raise ValidationError({"tier": f"Unknown tier {tier!r}; use one of {list(KNOWN_TIERS)}."})


def _creating_key(organization: Organization, api_key_id: int | None) -> ApiKey | None:
    if api_key_id is None:
        return None
    api_key = api_key_get(organization_id=organization.id, api_key_id=api_key_id)
    if api_key is None:
        raise Forbidden("This API key does not belong to the organization.")
    return api_key


def _tier_allowed(tier: str, api_key: ApiKey | None) -> str:
    """The run's model calls act as its key, so the key must be allowed the run's tier."""
    if api_key is None or not api_key.allowed_tiers or tier in api_key.allowed_tiers:
        return tier
    allowed = ", ".join(api_key.allowed_tiers)
    raise Forbidden(
        f"This API key may not use the {tier!r} tier; it may use: {allowed}. Start the run on "
        "one of those tiers or with a key that allows this one."
    )


def _priority_allowed(priority: str, api_key: ApiKey | None) -> str:
    """A key starts runs at most at its own priority; a person in the browser at any."""
    if priority not in RunPriority.values:
        choices = ", ".join(RunPriority.values)
        raise ValidationError({"priority": f"Unknown priority {priority!r}; one of: {choices}."})
    ceiling = api_key.max_run_priority if api_key else RunPriority.INTERACTIVE
    if PRIORITY_RANK[RunPriority(priority)] >= PRIORITY_RANK[RunPriority(ceiling)]:
        return priority
    raise Forbidden(
        f"This API key may not start {priority!r} runs; its highest priority is {ceiling!r}. "
        "Start the run at that priority or lower, or with a key that allows this one."
    )


def _checked_budgets(budgets: dict[str, Any]) -> dict[str, Any]:
    allowed = {field.name for field in fields(Budgets)}
    unknown = sorted(set(budgets) - allowed)
    if unknown:
        raise ValidationError({"budgets": f"Unknown budget {unknown}; use {sorted(allowed)}."})
    for name, value in budgets.items():
        if not isinstance(value, int | float) or isinstance(value, bool) or value <= 0:
            raise ValidationError({"budgets": f"{name} must be a positive number."})
    defaults = Budgets()
    return {
        field.name: budgets.get(field.name, getattr(defaults, field.name))
        for field in fields(Budgets)
    }


def _prepare_workspace(
    run: Run, archive: IO[bytes] | None, repository: str | None, snapshot: Path | None
) -> object | None:
    if archive is not None and repository:
        raise ValidationError({"workspace": "Give either an archive or a repository, not both."})
    if snapshot is not None:
        return workspaces.workspace_from_snapshot(run_id=run.id, snapshot=snapshot)
    if archive is not None:
        return workspaces.workspace_from_tarball(run_id=run.id, archive=archive)
    if repository:
        allowed = workspaces.allowed_repository(repository)
        path, run.source = workspaces.workspace_from_repository(run_id=run.id, repository=allowed)
        return path
    return None


def _run_summary(run: Run) -> dict[str, Any]:
    return {"status": run.status, "workflow": run.workflow, "tier": run.tier}


def enqueue_advance(*, run_id: UUID | str) -> None:
    """Puts the run before the scheduler after the surrounding transaction commits; it admits
    the run when a slot is its (runs.scheduler)."""
    scheduler_kick()


CANCEL = Rule(MEMBERS, "cancel runs")


def run_cancel(*, actor: Actor, run_id: UUID | str, reason: str = "") -> Run:
    """Cancels a run of the actor's organization in any non-final state; the fencing token bump
    stops a worker mid-step. Its open approval requests are cancelled with it."""
    CANCEL.check(actor)
    organization_id = actor.organization_id
    with transaction.atomic():
        run = (
            Run.objects.select_for_update()
            .filter(id=run_id, organization_id=organization_id)
            .first()
        )
        if run is None:
            raise NotFound("No such run.")
        if run.status == RunStatus.CANCELLED:
            return run
        if run.is_terminal:
            raise Conflict(f"The run already {run.status}; it cannot be cancelled.")
        previous = run.status
        closed = approval_gate().close_for_run(run_id=str(run.id), reason="The run was cancelled.")
        run_transition(
            run,
            RunStatus.CANCELLED,
            event="run.cancelled",
            data={"from": previous},
            fence=True,
            error=reason or "Cancelled on request.",
        )
        data = {"from": previous, "reason": run.error, "cancelled_approvals": closed}
        _audit(run, "run.cancelled", data=data, **actor_fields(actor))
    return run


def run_resume(*, run_id: UUID | str) -> Run | None:
    """Re-queues a run that waits for approvals once none is open any more."""
    with transaction.atomic():
        run = Run.objects.select_for_update().filter(id=run_id).first()
        if run is None or run.status not in (RunStatus.AWAITING_APPROVAL, RunStatus.QUEUED):
            return run
        if run.status == RunStatus.AWAITING_APPROVAL and approval_gate().open_requests(
            run_id=str(run.id)
        ):
            return run
        run_transition(run, RunStatus.QUEUED, event="run.resumed", data={})
        enqueue_advance(run_id=run.id)
        _audit(run, "run.resumed", actor="system (approvals decided)", actor_user_id=None, data={})
    return run


def run_lock(*, run_id: UUID | str) -> None:
    """Locks the run's row for the rest of the caller's transaction. Whoever changes a run's
    approvals takes it first, as cancel and the worker do, so they never deadlock."""
    Run.objects.select_for_update().filter(id=run_id).values_list("id", flat=True).first()


def run_budget_extend(*, run_id: UUID | str, budget: str, extension: float) -> None:
    """An approved budget request: the budget grows by the granted amount, the run resumes."""
    with transaction.atomic():
        run = Run.objects.select_for_update().get(id=run_id)
        before = (run.budgets or {}).get(budget)
        run.budgets = budgets.extended_budgets(run, budget, extension)
        run.save(update_fields=["budgets"])
        budgets.announce_extension(run.id, budget, before, run.budgets[budget])
    run_resume(run_id=run_id)


def run_end_budget_exhausted(*, run_id: UUID | str, reason: str) -> None:
    """A budget request was rejected or expired: the run ends as budget_exhausted."""
    with transaction.atomic():
        run = Run.objects.select_for_update().get(id=run_id)
        if run.status == RunStatus.AWAITING_APPROVAL:
            budgets.exhaust(run, reason)


def runs_recover_expired_leases() -> dict[str, list[str]]:
    """Re-enqueues runs whose worker vanished; fails those lost too often (beat calls this)."""
    requeue, failed = expired_leases_reclaim()
    stale = stale_queued_runs()
    if requeue or stale:
        # Reclaimed runs are queued again, stale ones had their slot's task lost or wait for
        # one: a pass now (this is beat's sweep) admits them or sends their task again.
        runs_schedule(resend=stale)
    return {"requeued": requeue, "failed": failed, "reenqueued": stale}


def run_advance(*, run_id: str, owner: str, admitted_only: bool = False) -> None:
    """Advances the run under its lease. Workers pass `admitted_only`: they advance only a run
    the scheduler admitted, so a stray task never takes a slot that is not its own."""
    advance_under_lease(run_id=run_id, owner=owner, admitted_only=admitted_only)
