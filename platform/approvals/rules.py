"""Writes for approval rules. Every change writes the next policy version: a snapshot of the
organization's whole rule list, which the gate evaluates and requests point to."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.db import connection, transaction
from django.utils import timezone

from accounts.actors import Actor, Rule
from accounts.roles import MANAGERS
from approvals.models import ApprovalPolicyVersion, ApprovalRule, RuleAction
from approvals.policy import rule_problems
from audit.services import actor_fields, audit_append
from core.errors import NotFound
from runs.toolbox import registry

_LOCK_SPACE = 0x4150  # "AP": policy versions of one organization are written one at a time
SNAPSHOT_FIELDS = (
    "id",
    "position",
    "name",
    "enabled",
    "applies_to",
    "conditions",
    "action",
    "reason",
    "quorum",
    "approver_roles",
    "deadline_seconds",
    "deadline_action",
    "escalate_to_role",
    "escalation_deadline_seconds",
    "remind_before_seconds",
    "allow_edit",
)
EDITABLE = SNAPSHOT_FIELDS[1:]
CHANGE = "change approval rules"
CHANGE_RULES = Rule(MANAGERS, CHANGE)


# --- writes: an owner or admin of the organization, or the platform (staff in the admin) ------
def approval_rule_create(*, actor: Actor, data: dict[str, Any]) -> ApprovalRule:
    """Adds a rule to the actor's organization's policy (at the end, unless `position` says
    where) and writes a policy version."""
    CHANGE_RULES.check(actor)
    organization_id = actor.organization_id
    with transaction.atomic():
        _lock(organization_id)
        rule = ApprovalRule(organization_id=organization_id)
        if "position" not in data:
            data = {**data, "position": _next_position(organization_id)}
        _assign(rule, data)
        rule.save()
        _changed(organization_id, f"rule {rule.id} {rule.name!r} created", rule, actor)
    return rule


def approval_rule_update(*, actor: Actor, rule_id: int, changes: dict[str, Any]) -> ApprovalRule:
    """Changes what differs from the rule as it stands (nothing differs: no new version)."""
    CHANGE_RULES.check(actor)
    rule = _owned(actor, rule_id)
    current = rule_snapshot(rule)
    changes = {name: value for name, value in changes.items() if current.get(name, ...) != value}
    if not changes:
        return rule
    with transaction.atomic():
        _lock(rule.organization_id)
        rule = ApprovalRule.objects.select_for_update().get(id=rule.id)
        _assign(rule, changes)
        rule.updated_at = timezone.now()
        rule.save()
        change = f"rule {rule.id} {rule.name!r} changed: {', '.join(sorted(changes))}"
        _changed(rule.organization_id, change, rule, actor)
    return rule


def approval_rule_delete(*, actor: Actor, rule_id: int) -> None:
    CHANGE_RULES.check(actor)
    rule = _owned(actor, rule_id)
    with transaction.atomic():
        _lock(rule.organization_id)
        snapshot = rule_snapshot(rule)
        rule.delete()
        change = f"rule {snapshot['id']} {rule.name!r} deleted"
        _changed(rule.organization_id, change, None, actor, deleted=snapshot)


def approval_rule_draft(
    *, actor: Actor, data: dict[str, Any], rule_id: int | None = None
) -> dict[str, Any]:
    """The rule as saving `data` would make it (checked exactly as a save is), never saved: its
    snapshot, for a dry run. A new rule without a position has None (it would go last)."""
    rule = _owned(actor, rule_id) if rule_id is not None else ApprovalRule()
    rule.organization_id = actor.organization_id
    _assign(rule, data)
    snapshot = rule_snapshot(rule)
    if rule_id is None and "position" not in data:
        snapshot["position"] = None
    return snapshot


def _owned(actor: Actor, rule_id: int) -> ApprovalRule:
    """The rule when it is the actor's organization's: another's is as absent as none."""
    rule = ApprovalRule.objects.filter(organization_id=actor.organization_id, id=rule_id).first()
    if rule is None:
        raise NotFound("No such approval rule.")
    return rule


def _assign(rule: ApprovalRule, data: dict[str, Any]) -> None:
    unknown = sorted(set(data) - set(EDITABLE))
    if unknown:
        raise ValidationError({"rule": f"Unknown fields {unknown}; use {list(EDITABLE)}."})
    for name, value in data.items():
        setattr(rule, name, value)
    problems = rule_problems(rule_snapshot(rule), registry=registry())
    if not rule.name.strip():
        problems["name"] = "Give the rule a name."
    if rule.action not in RuleAction.values:  # the model has no default to fall back on
        problems["action"] = f"Say what the rule does: one of {', '.join(RuleAction.values)}."
    if problems:
        raise ValidationError(problems)


def rule_snapshot(rule: ApprovalRule) -> dict[str, Any]:
    return {name: getattr(rule, name) for name in SNAPSHOT_FIELDS}


def _next_position(organization_id: int) -> int:
    last = (
        ApprovalRule.objects.filter(organization_id=organization_id)
        .order_by("-position")
        .values_list("position", flat=True)
        .first()
    )
    return 10 if last is None else last + 10


def _lock(organization_id: int) -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_advisory_xact_lock(%s, %s)", [_LOCK_SPACE, organization_id])


def _changed(
    organization_id: int,
    change: str,
    rule: ApprovalRule | None,
    actor: Actor,
    *,
    deleted: dict[str, Any] | None = None,
) -> ApprovalPolicyVersion:
    who = actor_fields(actor)
    version = policy_version_write(
        organization_id=organization_id, change=change, actor=who["actor"]
    )
    audit_append(
        organization_id=organization_id,
        action="policy.changed",
        **who,
        target=f"approval_rule:{rule.id if rule else (deleted or {}).get('id')}",
        data={
            "version": version.version,
            "change": change,
            "rule": rule_snapshot(rule) if rule else None,
            "deleted": deleted,
        },
    )
    return version


def policy_version_write(*, organization_id: int, change: str, actor: str) -> ApprovalPolicyVersion:
    """The next version: a snapshot of every rule, in evaluation order. Call under the lock."""
    latest = (
        ApprovalPolicyVersion.objects.filter(organization_id=organization_id)
        .order_by("-version")
        .values_list("version", flat=True)
        .first()
    )
    rules = ApprovalRule.objects.filter(organization_id=organization_id).order_by("position", "id")
    return ApprovalPolicyVersion.objects.create(
        organization_id=organization_id,
        version=(latest or 0) + 1,
        rules=[rule_snapshot(rule) for rule in rules],
        change=change[:200],
        changed_by=actor[:200],
    )
