from __future__ import annotations

from django.urls import URLPattern, URLResolver, path

from gateway import api, openapi

# /v1 and /metrics are not here: gateway.asgi answers them ahead of Django.
urlpatterns: list[URLPattern | URLResolver] = [
    path("api/schema/v1/", openapi.v1_schema, name="schema-v1"),
    path("api/usage/", api.UsageListView.as_view(), name="usage-list"),
    path("api/usage/totals/", api.UsageTotalsView.as_view(), name="usage-totals"),
]
