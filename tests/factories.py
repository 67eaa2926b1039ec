"""Named test tenants and users, built through the services like real ones."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from accounts.actors import Actor, operator_actor
from accounts.models import Organization, Role, User
from accounts.services import api_key_create, membership_create, organization_create
from agents.engine.types import arguments_digest
from approvals.models import ApprovalRequest
from approvals.services import approval_request_raise
from runs.gate import RunFacts


@dataclass
class TenantFixture:
    organization: Organization
    owner: User
    reviewer: User
    member: User
    api_key: str  # plaintext, every scope


def operator(organization: Organization) -> Actor:
    """The platform acting in `organization` (as a management command does): passes every role
    check, so tests that set things up need not pick a person."""
    return operator_actor(organization_id=organization.id, name="test setup")


def make_user(username: str, password: str = "correct horse battery staple") -> User:
    return User.objects.create_user(username=username, password=password)


def make_tenant(slug: str) -> TenantFixture:
    organization = organization_create(name=slug.title(), slug=slug)
    people = {}
    for role in (Role.OWNER, Role.REVIEWER, Role.MEMBER):
        user = make_user(f"{slug}-{role}")
        membership_create(organization=organization, user=user, role=role)
        people[role] = user
    key = api_key_create(actor=operator(organization), name=f"{slug} key").plaintext
    return TenantFixture(
        organization, people[Role.OWNER], people[Role.REVIEWER], people[Role.MEMBER], key
    )


def make_approval_request(
    *, run_id: Any, organization_id: int, requester_id: int | None, arguments: dict[str, Any]
) -> ApprovalRequest:
    """An open request for one `record_effect` call of the run, raised as the agent raises it."""
    facts = RunFacts(run_id=str(run_id), organization_id=organization_id, requester_id=requester_id)
    payload = {
        "step": 1,
        "call_index": 0,
        "tool": "record_effect",
        "arguments": arguments,
        "digest": arguments_digest("record_effect", arguments),
        "reason": "approval is required before recording effects",
    }
    return approval_request_raise(run=facts, payload=payload)
