from __future__ import annotations

from django.urls import URLPattern, URLResolver, path

from approvals import api, policy_api

urlpatterns: list[URLPattern | URLResolver] = [
    path("approvals", api.ApprovalListView.as_view(), name="approvals"),
    path("approvals/sla", policy_api.SlaView.as_view(), name="approvals-sla"),
    path("approvals/<int:approval_id>", api.ApprovalDetailView.as_view(), name="approval"),
    path(
        "approvals/<int:approval_id>/decide",
        api.ApprovalDecideView.as_view(),
        name="approval-decide",
    ),
    path("approval-rules", policy_api.RuleListView.as_view(), name="approval-rules"),
    path("approval-rules/dry-run", policy_api.DryRunView.as_view(), name="approval-dry-run"),
    path("approval-rules/<int:rule_id>", policy_api.RuleDetailView.as_view(), name="approval-rule"),
    path(
        "approval-policy/versions",
        policy_api.PolicyVersionListView.as_view(),
        name="approval-policy-versions",
    ),
    path(
        "approval-policy/versions/<int:version>",
        policy_api.PolicyVersionView.as_view(),
        name="approval-policy-version",
    ),
]
