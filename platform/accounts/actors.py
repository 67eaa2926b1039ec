"""Who acts, and the one role check for browser sessions, API keys and the platform itself.

A session acts with its person's current role. An API key acts with the current role of the
person who created it (`ApiKey.created_by`): a key is never worth more than its owner, and it
loses every role-gated right as soon as that person leaves the organization, is deactivated or
is demoted. A key without an owner (made on the command line without `--owner`) has no person
behind it and acts with the lowest role, member.

Services that change something on someone's behalf take the `Actor` and check it themselves
(`require_role`, usually through a `Rule` the service's module names), so every caller (REST,
dashboard, /mcp, a command, a task) gets the same answer. The platform's own callers (the
command line, staff in the admin, Celery tasks) act as an operator (`operator_actor`): they
already hold the machine, so they pass every role check and the audit log names them.
"""

from __future__ import annotations

from dataclasses import dataclass

from accounts.models import User
from accounts.roles import MANAGERS, MEMBERS, REVIEWERS, Role
from accounts.selectors import api_key_get, api_key_unusable_reason, user_role_in
from core.errors import Forbidden

# Who acts when nobody signed in does: staff in the admin, the command line, the platform's tasks.
OPERATOR = "operator (admin or command line)"

_ROLE_NAMES = {
    MEMBERS: "members",
    REVIEWERS: "owners, admins and reviewers",
    MANAGERS: "owners and admins",
}


@dataclass(frozen=True)
class Actor:
    """Who acts for an organization, and with which role right now."""

    organization_id: int
    person: User | None  # the signed-in user, or the API key's owner; None for ownerless keys
    api_key_id: int | None
    role: str | None  # None: no standing (a key whose owner left or was deactivated)
    operator: str = ""  # set when the platform itself acts (operator_actor): the audit log's name

    def describe(self) -> str:
        if self.operator:
            return f"{self.operator} acts for the platform"
        if self.api_key_id is None:
            return f"your role is {self.role or 'none'}"
        if self.person is None:
            return "this API key has no owner and acts as a member"
        if self.role is None:
            return (
                f"this API key's owner, {self.person.username}, is no longer an active member "
                "of the organization"
            )
        return f"this API key acts with its owner's role ({self.person.username}: {self.role})"


def actor_for(*, organization_id: int, user: User | None, api_key_id: int | None) -> Actor:
    """The actor behind a session user or an API key of `organization_id`."""
    if api_key_id is None:
        role = user_role_in(user=user, organization_id=organization_id) if user else None
        return Actor(organization_id, user, None, role)
    api_key = api_key_get(organization_id=organization_id, api_key_id=api_key_id)
    if api_key is None:
        raise Forbidden("This API key does not belong to the organization.")
    # Authentication may come from a cache a few seconds old; role-gated actions re-check now.
    unusable = api_key_unusable_reason(api_key)
    if unusable:
        raise Forbidden(unusable)
    owner = api_key.created_by
    if owner is None:
        return Actor(organization_id, None, api_key_id, Role.MEMBER)
    return Actor(
        organization_id,
        owner,
        api_key_id,
        user_role_in(user=owner, organization_id=organization_id),
    )


def operator_actor(
    *, organization_id: int, name: str = OPERATOR, person: User | None = None
) -> Actor:
    """The platform acting in an organization: a management command, staff in the admin (`person`),
    a Celery task or recovery. Acts with an owner's rights and is named `name` in the audit log."""
    return Actor(organization_id, person, None, Role.OWNER, operator=name)


def require_role(actor: Actor, roles: frozenset[str], *, action: str) -> Actor:
    """Raises a 403 that names the action, who may do it and why this actor may not."""
    if actor.role not in roles:
        allowed = _ROLE_NAMES.get(roles, ", ".join(sorted(roles)))
        raise Forbidden(f"Only {allowed} may {action}; {actor.describe()}.")
    return actor


@dataclass(frozen=True)
class Rule:
    """Who may do one thing, named once beside the service that does it: the roles, and the
    words a refusal uses. Services check it; a page may ask it first only to avoid offering
    what would be refused (a confirmation question, a read-only page for managers)."""

    roles: frozenset[str]
    action: str

    def check(self, actor: Actor) -> Actor:
        return require_role(actor, self.roles, action=self.action)
