from __future__ import annotations

from rest_framework import serializers

from audit.models import AuditEntry


class AuditEntrySerializer(serializers.ModelSerializer):
    class Meta:
        model = AuditEntry
        fields = [
            "id",
            "seq",
            "created_at",
            "action",
            "actor",
            "actor_user_id",
            "target",
            "data",
            "prev_hash",
            "hash",
        ]


class AuditQuerySerializer(serializers.Serializer):
    action = serializers.CharField(required=False, max_length=64)
    after = serializers.IntegerField(required=False, min_value=0, default=0)


class BrokenLinkSerializer(serializers.Serializer):
    entry_id = serializers.IntegerField(allow_null=True)
    seq = serializers.IntegerField()
    reason = serializers.CharField()


class ChainReportSerializer(serializers.Serializer):
    ok = serializers.BooleanField()
    entries = serializers.IntegerField()
    head_seq = serializers.IntegerField()
    head_hash = serializers.CharField()
    broken = BrokenLinkSerializer(allow_null=True)
