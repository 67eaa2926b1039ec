"""The approval gate: the port through which runs reach approvals.

`runs` owns this protocol and the values that cross it; the approvals app implements it
(`approvals.gate.DjangoApprovalGate`) and installs its gate once, when Django starts
(`approvals.apps`). So `runs` never imports approvals, and approvals depends on `runs` one
way: it reaches runs through `runs.services` and `runs.selectors` like any other app. A context
asks the gate whether a call may run (`evaluate`), whether an approval for exactly these
arguments is on hand (`authorized`, `consume`) and what a reviewer decided (`decision`); runs
raise requests through it when they pause and close them when they end.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Protocol, runtime_checkable

from django.core.exceptions import ImproperlyConfigured

from agents.engine.types import ApprovalDecision
from runs.models import Run

BUDGET_TOOL = "budget"  # the `tool` of a budget request; its arguments: {"budget", "extension"}


class GateAction(StrEnum):
    ALLOW = "allow"
    DENY = "deny"  # the call is not made; `reason` is what the agent is told
    REQUIRE_APPROVAL = "require_approval"


@dataclass(frozen=True)
class GateVerdict:
    action: GateAction
    reason: str = ""
    policy_version: int = 0
    rule_id: int | None = None
    rule_name: str = ""
    trace: list[str] = field(default_factory=list)

    def approval_payload(self) -> dict[str, Any]:
        """What a request raised on this verdict must record about the policy."""
        return {"policy_version": self.policy_version, "rule_id": self.rule_id}


@dataclass(frozen=True)
class RunFacts:
    """What the gate may know about a run: policies match on these, requests record them."""

    run_id: str
    organization_id: int
    workflow: str = ""
    tier: str = ""
    tokens_used: int = 0
    steps_used: int = 0
    requester_id: int | None = None  # the person who started the run (a key's owner)
    api_key_id: int | None = None  # the key that started it


@runtime_checkable
class ApprovalGate(Protocol):
    """What runs ask of approvals; `approvals.gate.DjangoApprovalGate` answers."""

    def evaluate(
        self, *, run: RunFacts, kind: str, name: str, arguments: dict[str, Any], registry: Any
    ) -> GateVerdict:
        """What the organization's policy says about this tool call or budget request."""
        ...

    def authorized(self, *, run_id: str, step: int, digest: str, key: str) -> bool:
        """An approval of exactly `digest` at this step that `key` may use (single use)."""
        ...

    def consume(self, *, run_id: str, step: int, digest: str, key: str) -> bool:
        """Marks that approval used by `key`, inside the caller's transaction."""
        ...

    def decision(self, *, run_id: str, digest: str) -> ApprovalDecision | None:
        """The closed request whose original or approved digest is `digest`, as a decision."""
        ...

    def raise_request(self, *, run: RunFacts, payload: dict[str, Any]) -> dict[str, Any]:
        """Records the request a paused run waits on; returns the event data announcing it."""
        ...

    def open_requests(self, *, run_id: str) -> int: ...

    def close_for_run(self, *, run_id: str, reason: str) -> list[int]:
        """Cancels the run's open requests (the run was cancelled or finished)."""
        ...

    def withdraw_from_step(self, *, run_id: str, step: int, suffix: str) -> list[int]:
        """A rollback to `step`: approvals of later steps authorize nothing again, and open
        requests of those steps are withdrawn; returns the withdrawn requests' ids."""
        ...


_installed: list[ApprovalGate] = []


def approval_gate_install(gate: ApprovalGate) -> None:
    """Makes `gate` the one runs use (the approvals app's `ready`; a second call replaces it)."""
    _installed[:] = [gate]


def approval_gate() -> ApprovalGate:
    if not _installed:
        raise ImproperlyConfigured(
            "No approval gate is installed: the approvals app installs one when Django starts, "
            "so it must be in INSTALLED_APPS."
        )
    return _installed[0]


def run_facts(run: Run) -> RunFacts:
    return RunFacts(
        run_id=str(run.id),
        organization_id=run.organization_id,
        workflow=run.workflow,
        tier=run.tier,
        tokens_used=run.prompt_tokens + run.completion_tokens,
        steps_used=run.step_count,
        requester_id=run.created_by_user_id,
        api_key_id=run.created_by_api_key_id,
    )
