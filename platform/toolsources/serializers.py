from __future__ import annotations

from rest_framework import serializers

from agents.tools.external import SourceKind
from toolsources.models import ExternalTool, ToolSource


class ExternalToolSerializer(serializers.ModelSerializer):
    tool_name = serializers.CharField(read_only=True)

    class Meta:
        model = ExternalTool
        fields = [
            "id",
            "tool_name",
            "name",
            "remote_name",
            "description",
            "parameters",
            "risk",
            "capabilities",
            "enabled",
            "workflows",
        ]


class SourceSerializer(serializers.ModelSerializer):
    tools = ExternalToolSerializer(many=True, read_only=True)
    has_credentials = serializers.SerializerMethodField()

    class Meta:
        model = ToolSource
        fields = [
            "id",
            "name",
            "kind",
            "url",
            "command",
            "allowed_hosts",
            "timeout_seconds",
            "enabled",
            "has_credentials",
            "discovered_at",
            "created_at",
            "tools",
        ]

    def get_has_credentials(self, source: ToolSource) -> bool:
        return bool(source.headers_ciphertext)


class SourceCreateSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=24)
    kind = serializers.ChoiceField(choices=[k.value for k in SourceKind])
    url = serializers.CharField(max_length=2000, required=False, allow_blank=True, default="")
    command = serializers.ListField(child=serializers.CharField(), required=False, default=list)
    document = serializers.JSONField(required=False, default=dict)
    headers = serializers.DictField(
        child=serializers.CharField(max_length=4000),
        required=False,
        default=dict,
        help_text="Request headers carrying the source's credentials; stored encrypted, never "
        "shown again.",
    )
    allowed_hosts = serializers.ListField(
        child=serializers.CharField(max_length=300), required=False, default=None
    )
    timeout_seconds = serializers.FloatField(required=False, default=20.0)


class ToolUpdateSerializer(serializers.Serializer):
    risk = serializers.CharField(required=False)
    capabilities = serializers.ListField(child=serializers.CharField(), required=False)
    enabled = serializers.BooleanField(required=False)
    workflows = serializers.ListField(child=serializers.CharField(), required=False)


class SourceUpdateSerializer(serializers.Serializer):
    allowed_hosts = serializers.ListField(
        child=serializers.CharField(max_length=300), required=False
    )
    timeout_seconds = serializers.FloatField(required=False)
    enabled = serializers.BooleanField(required=False)
    headers = serializers.DictField(
        child=serializers.CharField(max_length=4000),
        required=False,
        help_text="New credentials, replacing the stored ones ({} removes them); stored "
        "encrypted, never shown again.",
    )
