"""What an MCP client may do at /mcp, each through the apps' own services and selectors with
the permissions of the API key it holds (its organization, its scopes, its owner's role)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from django.core.exceptions import PermissionDenied

from accounts.actors import Actor, actor_for
from accounts.selectors import KeyPrincipal, organization_get
from approvals import selectors as approval_selectors
from approvals.serializers import ApprovalSerializer
from approvals.services import approval_decide
from approvals.statuses import ApprovalStatus
from core.errors import NotFound
from memory.port import DjangoMemoryPort
from runs import selectors as run_selectors
from runs.artifacts import artifact_read
from runs.serializers import ArtifactSerializer, EventSerializer
from runs.services import run_start
from runs.statuses import TERMINAL_STATUSES

if TYPE_CHECKING:
    from accounts.models import User
    from runs.models import Artifact

TEXT_CHARS = 200_000
FINISHED = TERMINAL_STATUSES


@dataclass(frozen=True)
class Caller:
    """Who acts at /mcp: an API key (with its scopes and its owner's role), or a member
    holding an access token from the organization's identity provider (with the scopes the
    token grants and their own role)."""

    organization_id: int
    scopes: tuple[str, ...]
    api_key_id: int | None = None
    user: User | None = None

    @classmethod
    def of_key(cls, principal: KeyPrincipal) -> Caller:
        return cls(principal.organization_id, principal.scopes, api_key_id=principal.api_key_id)

    def actor(self) -> Actor:
        return actor_for(
            organization_id=self.organization_id, user=self.user, api_key_id=self.api_key_id
        )

    def needs(self, scope: str) -> None:
        if scope not in self.scopes:
            holder = "API key" if self.user is None else "access token"
            raise PermissionDenied(f"This {holder} lacks the '{scope}' scope.")


def start_run(caller: Caller, args: dict[str, Any]) -> dict[str, Any]:
    caller.needs("runs")
    run = run_start(
        organization=organization_get(organization_id=caller.organization_id),
        workflow=args["workflow"],
        input=args.get("input") or {},
        tier=args.get("tier") or "standard",
        tools=list(args.get("tools") or []),
        created_by_user=caller.user,
        created_by_api_key_id=caller.api_key_id,
    )
    return _summary(run)


def get_run(caller: Caller, args: dict[str, Any]) -> dict[str, Any]:
    """The run's status and its events after `after` (a sequence number), at most 100."""
    caller.needs("runs")
    run = _run(caller, args["run_id"])
    events = run_selectors.run_events(run=run, after=int(args.get("after") or 0), limit=100)
    return {**_summary(run), "events": EventSerializer(events, many=True).data}


def list_artifacts(caller: Caller, args: dict[str, Any]) -> dict[str, Any]:
    caller.needs("runs")
    artifacts = run_selectors.run_artifacts(run=_run(caller, args["run_id"]))
    return {"artifacts": ArtifactSerializer(artifacts, many=True).data}


def read_artifact(caller: Caller, args: dict[str, Any]) -> dict[str, Any]:
    caller.needs("runs")
    artifact = run_selectors.run_artifact(run=_run(caller, args["run_id"]), name=args["name"])
    if artifact is None:
        raise NotFound("No such artifact.")
    return {
        "name": artifact.name,
        "media_type": artifact.media_type,
        "content": _text(artifact),
    }


def run_diff(caller: Caller, args: dict[str, Any]) -> dict[str, Any]:
    """The run's changes: every diff artifact it produced, in order."""
    caller.needs("runs")
    diffs = [
        a
        for a in run_selectors.run_artifacts(run=_run(caller, args["run_id"]))
        if a.media_type == "text/x-diff"
    ]
    return {"diff": "".join(_text(a) for a in diffs), "artifacts": [a.name for a in diffs]}


def list_approvals(caller: Caller, args: dict[str, Any]) -> dict[str, Any]:
    caller.needs("approvals")
    found = approval_selectors.approval_list(
        organization_id=caller.organization_id, status=args.get("status") or ApprovalStatus.PENDING
    )[:100]
    return {"approvals": ApprovalSerializer(found, many=True).data}


def decide_approval(caller: Caller, args: dict[str, Any]) -> dict[str, Any]:
    """A vote as the key's owner or the token's person; the requester rule holds (nobody
    decides their own run's request), as do roles and quorums."""
    caller.needs("approvals")
    decided = approval_decide(
        actor=caller.actor(),
        approval_id=int(args["approval_id"]),
        approve=bool(args["approve"]),
        comment=str(args.get("comment") or ""),
    )
    return {"approval": ApprovalSerializer(decided).data}


def search_memory(caller: Caller, args: dict[str, Any]) -> dict[str, Any]:
    caller.needs("memory")
    port = DjangoMemoryPort(organization_id=caller.organization_id)
    return {"results": port.recall(args["query"], int(args.get("k") or 10), {})}


def search_documents(caller: Caller, args: dict[str, Any]) -> dict[str, Any]:
    caller.needs("memory")
    port = DjangoMemoryPort(organization_id=caller.organization_id)
    return {"results": port.search_documents(args["query"], int(args.get("k") or 10))}


def _run(caller: Caller, run_id: str) -> Any:
    try:
        run = run_selectors.run_get(organization_id=caller.organization_id, run_id=run_id)
    except (ValueError, TypeError):  # not a UUID
        run = None
    if run is None:
        raise NotFound("No such run.")
    return run


def _summary(run: Any) -> dict[str, Any]:
    return {
        "run_id": str(run.id),
        "workflow": run.workflow,
        "status": run.status,
        "output": json.loads(json.dumps(run.output, default=str)),
        "error": run.error,
        "steps": run.step_count,
    }


def _text(artifact: Artifact) -> str:
    data, _ = artifact_read(artifact, TEXT_CHARS)
    return data.decode("utf-8", "replace")
