"""Reads for webhooks, always scoped by organization."""

from __future__ import annotations

from django.db.models import QuerySet

from webhooks.models import WebhookDelivery, WebhookEndpoint


def endpoint_list(*, organization_id: int) -> QuerySet[WebhookEndpoint]:
    return WebhookEndpoint.objects.filter(organization_id=organization_id)


def endpoint_get(*, organization_id: int, endpoint_id: int) -> WebhookEndpoint | None:
    return endpoint_list(organization_id=organization_id).filter(id=endpoint_id).first()


def delivery_list(
    *, organization_id: int, endpoint_id: int | None = None, status: str | None = None
) -> QuerySet[WebhookDelivery]:
    deliveries = (
        WebhookDelivery.objects.filter(endpoint__organization_id=organization_id)
        .select_related("event", "endpoint")
        .prefetch_related("attempt_log")
    )
    if endpoint_id is not None:
        deliveries = deliveries.filter(endpoint_id=endpoint_id)
    return deliveries.filter(status=status) if status else deliveries


def delivery_get(*, organization_id: int, delivery_id: int) -> WebhookDelivery | None:
    return delivery_list(organization_id=organization_id).filter(id=delivery_id).first()
