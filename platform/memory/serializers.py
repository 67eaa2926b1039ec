"""Request and response shapes for /api/memory and /api/documents."""

from __future__ import annotations

from rest_framework import serializers

from memory.extraction import ACCEPTED
from memory.models import WRITABLE_KINDS, Document, Kind, Scope
from memory.services import MAX_TTL_SECONDS


class ProvenanceSerializer(serializers.Serializer):
    source = serializers.ChoiceField(choices=["document", "run", "direct"])  # type: ignore[assignment]
    document_id = serializers.IntegerField(required=False)
    document_title = serializers.CharField(required=False)
    page = serializers.IntegerField(required=False, allow_null=True)
    section = serializers.CharField(required=False)
    chunk_index = serializers.IntegerField(required=False, allow_null=True)
    run_id = serializers.CharField(required=False)
    step = serializers.CharField(required=False)


class MemoryItemSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    kind = serializers.ChoiceField(choices=Kind.choices)
    scope = serializers.ChoiceField(choices=Scope.choices)
    scope_ref = serializers.CharField()
    text = serializers.CharField()
    metadata = serializers.DictField()
    importance = serializers.FloatField()
    provenance = ProvenanceSerializer()
    created_at = serializers.DateTimeField()
    expires_at = serializers.DateTimeField(allow_null=True)


class HitSerializer(MemoryItemSerializer):
    score = serializers.FloatField(help_text="Fused relevance in [0, 1]; higher is better.")
    similarity = serializers.FloatField(allow_null=True, help_text="Cosine similarity.")
    vector_rank = serializers.IntegerField(allow_null=True)
    text_rank = serializers.IntegerField(allow_null=True)


class MemoryCreateSerializer(serializers.Serializer):
    text = serializers.CharField(max_length=20_000)
    scope = serializers.ChoiceField(choices=Scope.choices, default=Scope.ORGANIZATION)
    scope_ref = serializers.CharField(max_length=200, default="", allow_blank=True)
    kind = serializers.ChoiceField(choices=WRITABLE_KINDS, default=Kind.FACT)
    metadata = serializers.DictField(default=dict)
    importance = serializers.FloatField(min_value=0.0, max_value=1.0, default=0.5)
    ttl_seconds = serializers.IntegerField(
        min_value=1, max_value=MAX_TTL_SECONDS, required=False, allow_null=True
    )


class FiltersSerializer(serializers.Serializer):
    kinds = serializers.ListField(child=serializers.ChoiceField(choices=Kind.choices), default=list)
    scope = serializers.ChoiceField(choices=Scope.choices, required=False)
    scope_ref = serializers.CharField(required=False)
    document_id = serializers.IntegerField(required=False)
    metadata = serializers.DictField(default=dict)
    created_after = serializers.DateTimeField(required=False)


class SearchSerializer(serializers.Serializer):
    query = serializers.CharField(max_length=4000)
    k = serializers.IntegerField(min_value=1, max_value=100, default=10)
    filters = FiltersSerializer(default=dict)
    recency_weight = serializers.FloatField(min_value=0.0, max_value=1.0, default=0.0)
    importance_weight = serializers.FloatField(min_value=0.0, max_value=1.0, default=0.0)
    recency_half_life_days = serializers.FloatField(min_value=0.01, max_value=36500, default=30.0)


class SearchResultSerializer(serializers.Serializer):
    results = HitSerializer(many=True)


class ExportQuerySerializer(serializers.Serializer):
    embeddings = serializers.BooleanField(
        default=False, help_text="Add each item's vector (1 or true)."
    )


class PurgeSerializer(serializers.Serializer):
    confirm = serializers.CharField(help_text="The organization's slug, to confirm.")


class PurgeResultSerializer(serializers.Serializer):
    items = serializers.IntegerField()
    documents = serializers.IntegerField()


class DocumentSerializer(serializers.ModelSerializer):
    class Meta:
        model = Document
        fields = [
            "id",
            "title",
            "media_type",
            "size_bytes",
            "sha256",
            "page_count",
            "status",
            "progress",
            "chunk_count",
            "error",
            "created_at",
            "updated_at",
        ]
        read_only_fields = fields


class DocumentPageSerializer(serializers.Serializer):
    count = serializers.IntegerField()
    next = serializers.URLField(allow_null=True)
    previous = serializers.URLField(allow_null=True)
    results = DocumentSerializer(many=True)


class DocumentUploadSerializer(serializers.Serializer):
    file = serializers.FileField(
        allow_empty_file=True,
        help_text=f"PDF, CSV, XLSX, Markdown, HTML or plain text ({', '.join(ACCEPTED)}).",
    )
    title = serializers.CharField(max_length=300, required=False, default="")
