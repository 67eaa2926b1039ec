"""Role checks at the REST edge: the actor behind a request (session or API key), and the read
gate for pages only some roles may see. The actor and the check itself live in `accounts.actors`
(re-exported here), which services use: writes are checked by their services, not here."""

from __future__ import annotations

from rest_framework.request import Request

from accounts.actors import (
    OPERATOR,
    Actor,
    Rule,
    actor_for,
    operator_actor,
    require_role,
)
from accounts.authentication import tenant_of
from accounts.roles import MANAGERS, MEMBERS, REVIEWERS

__all__ = [
    "MANAGERS",
    "MEMBERS",
    "OPERATOR",
    "REVIEWERS",
    "Actor",
    "Rule",
    "actor_for",
    "actor_of",
    "operator_actor",
    "request_requires_role",
    "require_role",
]


def actor_of(request: Request) -> Actor:
    tenant = tenant_of(request)
    return actor_for(
        organization_id=tenant.organization_id, user=tenant.user, api_key_id=tenant.api_key_id
    )


def request_requires_role(request: Request, roles: frozenset[str], *, action: str) -> Actor:
    """A read gate for REST pages only managers may see (the audit log, webhook endpoints);
    writes are checked by their services."""
    return require_role(actor_of(request), roles, action=action)
