"""Browse and search memory; deletions go through the services so files and vectors go too."""

from __future__ import annotations

from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest

from accounts.actors import operator_actor
from memory.documents import document_delete
from memory.models import Document, MemoryItem


@admin.register(MemoryItem)
class MemoryItemAdmin(admin.ModelAdmin):
    list_display = ["id", "short_text", "organization", "kind", "scope", "page", "created_at"]
    list_filter = ["kind", "scope", "organization"]
    search_fields = ["text", "scope_ref", "section"]
    list_select_related = ["organization", "document"]
    exclude = ["embedding"]
    readonly_fields = ["content_hash", "document", "created_at"]
    raw_id_fields = ["document"]
    date_hierarchy = "created_at"

    @admin.display(description="text")
    def short_text(self, item: MemoryItem) -> str:
        return item.text[:100]

    def get_queryset(self, request: HttpRequest) -> QuerySet[MemoryItem]:
        return super().get_queryset(request).defer("embedding")

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # items need an embedding; create them through the API or agents


@admin.register(Document)
class DocumentAdmin(admin.ModelAdmin):
    list_display = ["title", "organization", "media_type", "status", "progress", "chunk_count"]
    list_filter = ["status", "media_type", "organization"]
    search_fields = ["title", "sha256"]
    readonly_fields = [f.name for f in Document._meta.fields]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # uploads are validated by the API

    def delete_model(self, request: HttpRequest, obj: Document) -> None:
        staff = f"{request.user.get_username()} in the admin"
        actor = operator_actor(organization_id=obj.organization_id, name=staff)
        document_delete(actor=actor, document_id=obj.id)

    def delete_queryset(self, request: HttpRequest, queryset: QuerySet[Document]) -> None:
        for document in queryset:
            self.delete_model(request, document)
