from __future__ import annotations

from django.urls import URLPattern, URLResolver, path

from memory import api

urlpatterns: list[URLPattern | URLResolver] = [
    path("memory", api.MemoryCollectionView.as_view(), name="memory"),
    path("memory/search", api.MemorySearchView.as_view(), name="memory-search"),
    path("memory/export", api.MemoryExportView.as_view(), name="memory-export"),
    path("memory/purge", api.MemoryPurgeView.as_view(), name="memory-purge"),
    path("memory/<int:item_id>", api.MemoryItemView.as_view(), name="memory-item"),
    path("documents", api.DocumentCollectionView.as_view(), name="documents"),
    path("documents/<int:document_id>", api.DocumentDetailView.as_view(), name="document"),
]
