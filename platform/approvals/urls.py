from __future__ import annotations

from django.urls import URLPattern, URLResolver, path

from approvals import api

urlpatterns: list[URLPattern | URLResolver] = [
    path("approvals", api.ApprovalListView.as_view(), name="approvals"),
    path(
        "approvals/<int:approval_id>/decide",
        api.ApprovalDecideView.as_view(),
        name="approval-decide",
    ),
]
