from __future__ import annotations

from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from dashboard.views.home import favicon, home

urlpatterns = [
    path("", home, name="home"),
    path("favicon.ico", favicon, name="favicon"),
    path("", include("core.urls")),
    path("", include("accounts.urls")),
    path("", include("gateway.urls")),
    path("", include("inference.urls")),
    path("api/", include("runs.urls")),
    path("api/", include("approvals.urls")),
    path("api/", include("webhooks.urls")),
    path("api/", include("memory.urls")),
    path("api/", include("toolsources.urls")),
    path("api/", include("evals.urls")),
    path("", include("dashboard.urls", namespace="dashboard")),
    path("admin/", admin.site.urls),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    # The split view serves Swagger UI's start-up script as a file: no inline script under the CSP.
    path("api/docs/", SpectacularSwaggerSplitView.as_view(url_name="schema"), name="api-docs"),
]

# Problem details for unknown /api/ URLs, as for every other API error (core.views).
handler400 = "core.views.bad_request"
handler404 = "core.views.not_found"
handler500 = "core.views.server_error"
