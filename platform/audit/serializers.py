from __future__ import annotations

from rest_framework import serializers

from audit.models import AuditEntry
from audit.selectors import TARGET_TYPES, AuditFilters


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


class AuditExportQuerySerializer(serializers.Serializer):
    after = serializers.IntegerField(required=False, min_value=0, default=0)


class AuditQuerySerializer(AuditExportQuerySerializer):
    action = serializers.CharField(
        required=False, max_length=64, help_text='Exact, or a family ending in a dot ("approval.").'
    )
    actor = serializers.CharField(required=False, max_length=200, help_text="Part of the actor.")
    target_type = serializers.ChoiceField(choices=sorted(TARGET_TYPES), required=False)
    target = serializers.CharField(required=False, max_length=200, help_text="Exact target.")
    since = serializers.DateTimeField(required=False)
    until = serializers.DateTimeField(required=False, help_text="Exclusive.")
    q = serializers.CharField(
        required=False, max_length=200, help_text="Text in the actor, the target or the data."
    )

    def filters(self) -> AuditFilters:
        data = self.validated_data
        return AuditFilters(
            actor=data.get("actor", ""),
            action=data.get("action", ""),
            target_type=data.get("target_type", ""),
            target=data.get("target", ""),
            since=data.get("since"),
            until=data.get("until"),
            text=data.get("q", ""),
        )


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
