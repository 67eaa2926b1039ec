from __future__ import annotations

from django.urls import URLPattern, URLResolver, path

from audit import api

urlpatterns: list[URLPattern | URLResolver] = [
    path("audit", api.AuditListView.as_view(), name="audit"),
    path("audit/verify", api.AuditVerifyView.as_view(), name="audit-verify"),
    path("audit/export", api.AuditExportView.as_view(), name="audit-export"),
]
