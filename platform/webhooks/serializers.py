from __future__ import annotations

from rest_framework import serializers

from webhooks.models import (
    EVENT_TYPES,
    DeliveryStatus,
    WebhookAttempt,
    WebhookDelivery,
    WebhookEndpoint,
)

EVENT_CHOICES = [*EVENT_TYPES, "*"]


class EndpointSerializer(serializers.ModelSerializer):
    class Meta:
        model = WebhookEndpoint
        fields = ["id", "url", "description", "event_types", "enabled", "created_at"]


class EndpointCreateSerializer(serializers.Serializer):
    url = serializers.URLField(max_length=500)
    event_types = serializers.ListField(
        child=serializers.ChoiceField(choices=EVENT_CHOICES), min_length=1, max_length=50
    )
    description = serializers.CharField(
        required=False, allow_blank=True, default="", max_length=200
    )


class EndpointUpdateSerializer(serializers.Serializer):
    url = serializers.URLField(max_length=500, required=False)
    event_types = serializers.ListField(
        child=serializers.ChoiceField(choices=EVENT_CHOICES),
        min_length=1,
        max_length=50,
        required=False,
    )
    description = serializers.CharField(required=False, allow_blank=True, max_length=200)
    enabled = serializers.BooleanField(required=False)


class EndpointWithSecretSerializer(EndpointSerializer):
    secret = serializers.CharField(read_only=True, help_text="Shown once: store it now.")

    class Meta(EndpointSerializer.Meta):
        fields = [*EndpointSerializer.Meta.fields, "secret"]


class AttemptSerializer(serializers.ModelSerializer):
    class Meta:
        model = WebhookAttempt
        fields = ["number", "status_code", "error", "response_excerpt", "duration_ms", "created_at"]


class DeliverySerializer(serializers.ModelSerializer):
    event_id = serializers.UUIDField(source="event.id", read_only=True)
    event_type = serializers.CharField(source="event.type", read_only=True)
    attempt_log = AttemptSerializer(many=True, read_only=True)

    class Meta:
        model = WebhookDelivery
        fields = [
            "id",
            "endpoint",
            "event_id",
            "event_type",
            "status",
            "attempts",
            "next_attempt_at",
            "last_status_code",
            "last_error",
            "replay_of",
            "created_at",
            "completed_at",
            "attempt_log",
        ]


class DeliveryQuerySerializer(serializers.Serializer):
    status = serializers.ChoiceField(choices=DeliveryStatus.choices, required=False)


class TestAnswerSerializer(serializers.Serializer):
    ok = serializers.BooleanField(help_text="The receiver answered 2xx.")
    status_code = serializers.IntegerField(allow_null=True)
    excerpt = serializers.CharField(help_text="The first 500 bytes of the answer.")
    error = serializers.CharField(help_text="Why nothing was answered (refused address, timeout).")
    duration_ms = serializers.IntegerField()
