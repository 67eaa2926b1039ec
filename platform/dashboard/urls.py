from __future__ import annotations

from django.urls import URLPattern, URLResolver, path

from dashboard.views import (
    artifacts,
    documents,
    evals,
    governance,
    people,
    policy,
    review,
    run_actions,
    runs,
    system,
    tools,
    trace,
    usage,
    webhooks,
)

app_name = "dashboard"

urlpatterns: list[URLPattern | URLResolver] = [
    path("runs/", runs.run_list, name="runs"),
    path("runs/new", runs.run_new, name="run-new"),
    path("runs/<uuid:run_id>/", runs.run_detail, name="run"),
    path("runs/<uuid:run_id>/timeline", runs.run_timeline, name="run-timeline"),
    path("runs/<uuid:run_id>/summary", runs.run_summary, name="run-summary"),
    path("runs/<uuid:run_id>/trace", trace.trace, name="run-trace"),
    path("runs/<uuid:run_id>/trace/<str:call_id>", trace.trace_call, name="run-trace-call"),
    path("runs/<uuid:run_id>/cancel", runs.run_cancel, name="run-cancel"),
    path("runs/<uuid:run_id>/resume", runs.run_resume, name="run-resume"),
    path("runs/<uuid:run_id>/rerun", run_actions.run_rerun_same, name="run-rerun"),
    path("runs/<uuid:run_id>/rollback", run_actions.run_roll_back, name="run-rollback"),
    path("runs/<uuid:run_id>/files/<str:name>", artifacts.artifact_detail, name="artifact"),
    path("runs/<uuid:run_id>/files/<str:name>/raw", artifacts.artifact_raw, name="artifact-raw"),
    path("review/", review.queue, name="review"),
    path("review/badge", review.badge, name="badge"),
    path("review/policy", policy.policy, name="policy"),
    path("review/policy/dry-run", policy.policy_dry_run, name="policy-dry-run"),
    path("review/policy/rules/new", policy.rule_new, name="rule-new"),
    path("review/policy/rules/<int:rule_id>/", policy.rule_edit, name="rule-edit"),
    path("review/policy/rules/<int:rule_id>/delete", policy.rule_delete, name="rule-delete"),
    path("review/audit", governance.audit, name="audit"),
    path("review/webhooks", webhooks.webhooks, name="webhooks"),
    path("review/webhooks/new", webhooks.webhook_create, name="webhook-create"),
    path("review/webhooks/<int:endpoint_id>/", webhooks.webhook_edit, name="webhook-edit"),
    path("review/webhooks/<int:endpoint_id>/test", webhooks.webhook_test, name="webhook-test"),
    path(
        "review/webhooks/<int:endpoint_id>/rotate", webhooks.webhook_rotate, name="webhook-rotate"
    ),
    path(
        "review/webhooks/<int:endpoint_id>/delete", webhooks.webhook_delete, name="webhook-delete"
    ),
    path("review/<int:approval_id>/", review.review_detail, name="review-detail"),
    path("review/<int:approval_id>/decide", review.review_decide, name="review-decide"),
    path("usage/", usage.usage, name="usage"),
    path("evals/", evals.eval_list, name="evals"),
    path("evals/<uuid:eval_id>/", evals.eval_detail, name="eval"),
    path("documents/", documents.documents, name="documents"),
    path("documents/upload", documents.document_upload, name="document-upload"),
    path("memory/", documents.memory, name="memory"),
    path("memory/<int:item_id>/delete", documents.memory_delete, name="memory-delete"),
    path("people/", people.people, name="people"),
    path("people/keys", people.key_create, name="key-create"),
    path("people/keys/<int:key_id>/revoke", people.key_revoke, name="key-revoke"),
    path("people/invite", people.member_invite, name="member-invite"),
    path("people/members/<int:membership_id>/role", people.member_role, name="member-role"),
    path("system/", system.system, name="system"),
    path("tools/", tools.tools, name="tools"),
    path("tools/sources/new", tools.source_create, name="tool-source-create"),
    path("tools/sources/<int:source_id>/", tools.source_detail, name="tool-source"),
    path("tools/sources/<int:source_id>/refresh", tools.source_refresh, name="tool-source-refresh"),
    path("tools/sources/<int:source_id>/delete", tools.source_delete, name="tool-source-delete"),
    path("tools/<int:tool_id>/", tools.tool_govern, name="tool-govern"),
]
