"""Who may do what: the roles a person holds in an organization, the groups of roles that rights
are granted to, and the scopes of API keys. The one definition every app imports (a plain
module, so apps that must not touch `accounts.models` can); the models store these values."""

from __future__ import annotations

from django.db import models


class Role(models.TextChoices):
    OWNER = "owner", "Owner"
    ADMIN = "admin", "Admin"
    REVIEWER = "reviewer", "Reviewer"
    MEMBER = "member", "Member"


class Scope(models.TextChoices):
    INFERENCE = "inference", "Model inference (/v1)"
    RUNS = "runs", "Agent runs"
    MEMORY = "memory", "Memory and documents"
    APPROVALS = "approvals", "Approval decisions"


MEMBERS = frozenset(Role.values)
REVIEWERS = frozenset({Role.OWNER, Role.ADMIN, Role.REVIEWER})
MANAGERS = frozenset({Role.OWNER, Role.ADMIN})
# Who decides an approval request when its rule names nobody else, strongest first.
APPROVER_ROLES: tuple[str, ...] = (Role.OWNER, Role.ADMIN, Role.REVIEWER)
