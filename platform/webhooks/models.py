"""Signed webhooks: an organization's endpoints, the events they subscribe to, and the log of
every delivery attempt with the receiver's answer."""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models
from django.utils import timezone

# What business systems can subscribe to; `*` subscribes to all of them.
EVENT_TYPES = (
    "approval.requested",
    "approval.reminder",
    "approval.escalated",
    "approval.decided",
    "approval.expired",
    "approval.cancelled",
    "budget.requested",
    "budget.decided",
    "run.succeeded",
    "run.failed",
    "run.cancelled",
    "run.budget_exhausted",
)


class WebhookEndpoint(models.Model):
    organization = models.ForeignKey(
        "accounts.Organization", on_delete=models.CASCADE, related_name="webhook_endpoints"
    )
    url = models.URLField(max_length=500)
    description = models.CharField(max_length=200, blank=True, default="")
    event_types = models.JSONField(default=list)
    # The signing secret, encrypted (core.secrets); shown once, at creation or rotation.
    secret_ciphertext = models.TextField()
    enabled = models.BooleanField(default=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["organization", "id"]

    def __str__(self) -> str:
        return f"webhook {self.id} -> {self.url}"

    def subscribes_to(self, event_type: str) -> bool:
        return "*" in self.event_types or event_type in self.event_types


class WebhookEvent(models.Model):
    """One event; its id is the idempotency key receivers dedupe on (replays reuse it)."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    organization = models.ForeignKey(
        "accounts.Organization", on_delete=models.CASCADE, related_name="webhook_events"
    )
    type = models.CharField(max_length=64)
    data = models.JSONField(default=dict)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.type} {self.id}"


class DeliveryStatus(models.TextChoices):
    PENDING = "pending", "Pending"
    SUCCEEDED = "succeeded", "Succeeded"
    FAILED = "failed", "Failed"


class WebhookDelivery(models.Model):
    event = models.ForeignKey(WebhookEvent, on_delete=models.CASCADE, related_name="deliveries")
    endpoint = models.ForeignKey(
        WebhookEndpoint, on_delete=models.CASCADE, related_name="deliveries"
    )
    status = models.CharField(
        max_length=16, choices=DeliveryStatus.choices, default=DeliveryStatus.PENDING
    )
    attempts = models.IntegerField(default=0)
    # A pending delivery is due at next_attempt_at; a worker that claims it pushes this forward
    # so a duplicate task message finds it not due.
    next_attempt_at = models.DateTimeField(default=timezone.now, db_index=True)
    last_status_code = models.IntegerField(null=True, blank=True)
    last_error = models.TextField(blank=True, default="")
    replay_of = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="replays"
    )
    created_at = models.DateTimeField(default=timezone.now)
    completed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["status", "next_attempt_at"])]

    def __str__(self) -> str:
        return f"delivery {self.id} of {self.event_id} ({self.status})"


class WebhookAttempt(models.Model):
    """One POST: what the receiver answered (status code and the start of its body) or why
    nothing was answered."""

    delivery = models.ForeignKey(
        WebhookDelivery, on_delete=models.CASCADE, related_name="attempt_log"
    )
    number = models.IntegerField()
    status_code = models.IntegerField(null=True, blank=True)
    error = models.TextField(blank=True, default="")
    response_excerpt = models.CharField(max_length=500, blank=True, default="")
    duration_ms = models.IntegerField(default=0)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["delivery", "number"]

    def __str__(self) -> str:
        return f"attempt {self.number} of delivery {self.delivery_id}"
