"""Each organization's tool and capability rules (ApprovalPolicy) become ordered approval rules
(`require_approval`, one reviewer, no deadline) and a first policy version that snapshots them;
then the old table goes."""

from django.db import migrations
from django.utils import timezone

REVIEWERS = ["owner", "admin", "reviewer"]


def _rule_fields(policy, position):
    named = policy.tool or policy.capability
    conditions = {"tools": [policy.tool]} if policy.tool else {"capabilities": [policy.capability]}
    return {
        "position": position,
        "name": f"approval for {named}",
        "enabled": True,
        "applies_to": "tool",
        "conditions": conditions,
        "action": "require_approval",
        "reason": policy.reason,
        "quorum": 1,
        "approver_roles": REVIEWERS,
        "deadline_seconds": None,
        "deadline_action": "reject",
        "escalate_to_role": "",
        "escalation_deadline_seconds": None,
        "remind_before_seconds": None,
        "allow_edit": True,
    }


def forwards(apps, schema_editor):
    ApprovalPolicy = apps.get_model("approvals", "ApprovalPolicy")
    ApprovalRule = apps.get_model("approvals", "ApprovalRule")
    ApprovalPolicyVersion = apps.get_model("approvals", "ApprovalPolicyVersion")
    # A set, not .distinct(): the model's ordering would make DISTINCT per tool and capability.
    organizations = set(ApprovalPolicy.objects.values_list("organization_id", flat=True))
    for organization_id in sorted(organizations):
        snapshot = []
        policies = ApprovalPolicy.objects.filter(organization_id=organization_id).order_by("id")
        for position, policy in enumerate(policies, start=1):
            fields = _rule_fields(policy, position * 10)
            rule = ApprovalRule.objects.create(
                organization_id=organization_id, created_at=policy.created_at, **fields
            )
            snapshot.append({"id": rule.id, **fields})
        ApprovalPolicyVersion.objects.create(
            organization_id=organization_id,
            version=1,
            rules=snapshot,
            change="rules carried over from tool and capability policies",
            changed_by="migration",
            created_at=timezone.now(),
        )


def backwards(apps, schema_editor):
    ApprovalPolicy = apps.get_model("approvals", "ApprovalPolicy")
    ApprovalRule = apps.get_model("approvals", "ApprovalRule")
    for rule in ApprovalRule.objects.filter(applies_to="tool", action="require_approval"):
        conditions = rule.conditions or {}
        tools, capabilities = conditions.get("tools") or [], conditions.get("capabilities") or []
        if len(tools) + len(capabilities) == 1 and set(conditions) <= {"tools", "capabilities"}:
            ApprovalPolicy.objects.get_or_create(
                organization_id=rule.organization_id,
                tool=tools[0] if tools else "",
                capability=capabilities[0] if capabilities else "",
                defaults={"reason": rule.reason},
            )


class Migration(migrations.Migration):

    dependencies = [
        ('approvals', '0003_rules_versions_votes'),
    ]

    operations = [
        migrations.RunPython(forwards, backwards),
        migrations.DeleteModel(
            name='ApprovalPolicy',
        ),
    ]
