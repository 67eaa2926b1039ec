from __future__ import annotations

from django.urls import URLPattern, URLResolver, path

from toolsources import api

urlpatterns: list[URLPattern | URLResolver] = [
    path("tool-sources", api.SourceListView.as_view(), name="tool-sources"),
    path("tool-sources/<int:source_id>", api.SourceView.as_view(), name="tool-source"),
    path(
        "tool-sources/<int:source_id>/refresh",
        api.SourceRefreshView.as_view(),
        name="tool-source-refresh",
    ),
    path("tools/<int:tool_id>", api.ToolView.as_view(), name="external-tool"),
]
