from __future__ import annotations

from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

urlpatterns = [
    path("", include("core.urls")),
    path("", include("accounts.urls")),
    path("", include("gateway.urls")),
    path("", include("inference.urls")),
    path("api/", include("runs.urls")),
    path("api/", include("approvals.urls")),
    path("api/", include("memory.urls")),
    path("", include("dashboard.urls")),
    path("admin/", admin.site.urls),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="schema"), name="api-docs"),
]
