"""Approvals in the admin: rules (saved through the services, so each change is a policy
version and an audit entry), policy versions and requests with their votes (read-only)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin
from django.http import HttpRequest

from accounts.actors import Actor, operator_actor
from approvals.models import ApprovalPolicyVersion, ApprovalRequest, ApprovalRule, ApprovalVote
from approvals.policy import rule_problems
from approvals.rules import (
    EDITABLE,
    approval_rule_create,
    approval_rule_delete,
    approval_rule_update,
)
from runs.toolbox import registry


def _staff(request: HttpRequest, organization_id: int) -> Actor:
    """Staff in the admin act for the platform; the audit log and the policy name them."""
    user: Any = request.user
    return operator_actor(
        organization_id=organization_id, name=f"{user.username} (admin)", person=user
    )


class RuleForm(forms.ModelForm):
    class Meta:
        model = ApprovalRule
        fields = ["organization", *EDITABLE]

    def clean(self) -> dict[str, Any]:
        """The same checks as the API, shown on the form's fields."""
        data = super().clean() or {}
        snapshot = {name: data.get(name) for name in EDITABLE}
        for field, problem in rule_problems(snapshot, registry=registry()).items():
            self.add_error(field if field in self.fields else None, problem)
        return data


@admin.register(ApprovalRule)
class ApprovalRuleAdmin(admin.ModelAdmin):
    form = RuleForm
    list_display = ["name", "organization", "position", "applies_to", "action", "quorum", "enabled"]
    list_filter = ["action", "applies_to", "enabled"]
    ordering = ["organization", "position", "id"]
    fields = ["organization", *EDITABLE]

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> list[str]:
        return ["organization"] if obj is not None else []

    def save_model(self, request: HttpRequest, obj: ApprovalRule, form: Any, change: bool) -> None:
        data = {name: getattr(obj, name) for name in EDITABLE}
        if change:
            staff = _staff(request, obj.organization_id)
            approval_rule_update(actor=staff, rule_id=obj.pk, changes=data)
        else:
            created = approval_rule_create(actor=_staff(request, obj.organization_id), data=data)
            obj.pk = created.pk

    def delete_model(self, request: HttpRequest, obj: ApprovalRule) -> None:
        approval_rule_delete(actor=_staff(request, obj.organization_id), rule_id=obj.pk)

    def delete_queryset(self, request: HttpRequest, queryset: Any) -> None:
        for rule in queryset:
            approval_rule_delete(actor=_staff(request, rule.organization_id), rule_id=rule.pk)


class ReadOnly(admin.ModelAdmin):
    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(ApprovalPolicyVersion)
class ApprovalPolicyVersionAdmin(ReadOnly):
    list_display = ["organization", "version", "change", "changed_by", "created_at"]


class VoteInline(admin.TabularInline):
    model = ApprovalVote
    extra = 0
    can_delete = False
    fields = ["voter_name", "role", "decision", "digest", "comment", "created_at"]
    readonly_fields = ["voter_name", "role", "decision", "digest", "comment", "created_at"]


@admin.register(ApprovalRequest)
class ApprovalRequestAdmin(ReadOnly):
    list_display = ["id", "organization", "kind", "tool", "status", "quorum", "deadline_at"]
    list_filter = ["status", "kind"]
    search_fields = ["tool", "digest"]
    inlines = [VoteInline]
