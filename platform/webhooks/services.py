"""Writes for webhooks: events, deliveries (with retries) and replays. Endpoints are written by
`webhooks.endpoints`.

Events are recorded in the transaction of the change they announce and delivered by Celery
after commit (`webhooks.tasks.deliver_webhook`), one delivery per subscribed endpoint, each
retried with exponential backoff until the receiver answers 2xx or the attempts run out.
"""

from __future__ import annotations

import json
import logging
import time
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone

from accounts.actors import Actor
from agents import storable
from audit.services import actor_fields, audit_append
from core.errors import NotFound
from core.retry import Backoff
from core.secrets import decrypt_secret
from webhooks import signing, transport
from webhooks.endpoints import MANAGE_WEBHOOKS
from webhooks.models import (
    EVENT_TYPES,
    DeliveryStatus,
    WebhookAttempt,
    WebhookDelivery,
    WebhookEndpoint,
    WebhookEvent,
)

EARLY_TOLERANCE_SECONDS = 1.0
logger = logging.getLogger(__name__)


# --- events and deliveries ---------------------------------------------------------------------
def webhook_event_emit(
    *, organization_id: int, type: str, data: dict[str, Any]
) -> WebhookEvent | None:
    """Records the event for every enabled endpoint subscribed to it; delivery starts after
    commit. Nothing is recorded when no endpoint listens."""
    if type not in EVENT_TYPES:
        raise ValueError(f"unknown webhook event type {type!r}")
    endpoints = [
        endpoint
        for endpoint in WebhookEndpoint.objects.filter(
            organization_id=organization_id, enabled=True
        )
        if endpoint.subscribes_to(type)
    ]
    if not endpoints:
        return None
    event = WebhookEvent.objects.create(
        organization_id=organization_id, type=type, data=storable.jsonable(data)
    )
    for endpoint in endpoints:
        _enqueue(WebhookDelivery.objects.create(event=event, endpoint=endpoint))
    return event


def webhook_replay(*, actor: Actor, delivery: WebhookDelivery) -> WebhookDelivery:
    """Delivers the same event (same id, so receivers dedupe) to the same endpoint again; for
    owners and admins of the delivery's organization."""
    MANAGE_WEBHOOKS.check(actor)
    if delivery.event.organization_id != actor.organization_id:
        raise NotFound("No such webhook delivery.")
    with transaction.atomic():
        replay = WebhookDelivery.objects.create(
            event=delivery.event, endpoint=delivery.endpoint, replay_of=delivery
        )
        audit_append(
            organization_id=delivery.event.organization_id,
            action="webhook.replayed",
            target=f"webhook_delivery:{delivery.id}",
            data={"event": str(delivery.event_id), "replay": replay.id},
            **actor_fields(actor),
        )
        _enqueue(replay)
    return replay


def _enqueue(delivery: WebhookDelivery, delay: float = 0.0) -> None:
    from webhooks.tasks import deliver_webhook

    delivery_id = delivery.id
    transaction.on_commit(
        lambda: deliver_webhook.apply_async((delivery_id,), countdown=max(0.0, delay))
    )


def webhook_deliver(*, delivery_id: int) -> str:
    """One attempt of a due delivery; schedules the next one on failure. Returns its status."""
    delivery = _claim(delivery_id)
    if delivery is None:
        return "not due"
    started = time.monotonic()
    try:
        answer = _attempt(delivery)
    except Exception as error:
        # Whatever went wrong is this attempt's error: recorded, counted, retried or given up,
        # never an uncaught exception that leaves the delivery pending for ever.
        logger.warning("webhook delivery %s failed before sending: %r", delivery.id, error)
        took = int((time.monotonic() - started) * 1000)
        answer = transport.Answer(None, "", f"{type(error).__name__}: {error}"[:2000], took)
    return _record(delivery, answer)


def _attempt(delivery: WebhookDelivery) -> transport.Answer:
    endpoint, event = delivery.endpoint, delivery.event
    body = payload_bytes(event)
    headers = {
        "Longhaul-Event-Id": str(event.id),
        "Longhaul-Event-Type": event.type,
        "Longhaul-Delivery": str(delivery.id),
        signing.SIGNATURE_HEADER: signing.sign(decrypt_secret(endpoint.secret_ciphertext), body),
        "User-Agent": "Longhaul-Webhooks/1",
    }
    return transport.post(endpoint.url, body, headers)


def payload_bytes(event: WebhookEvent) -> bytes:
    body = {
        "id": str(event.id),
        "type": event.type,
        "created_at": event.created_at.isoformat(),
        "organization_id": event.organization_id,
        "data": event.data,
    }
    return json.dumps(body, sort_keys=True, separators=(",", ":")).encode()


def _claim(delivery_id: int) -> WebhookDelivery | None:
    """Takes a due delivery for one attempt: a duplicate task finds it not due any more."""
    now = timezone.now()
    hold = now + timedelta(seconds=4 * float(settings.LONGHAUL_WEBHOOK_TIMEOUT_SECONDS))
    due = now + timedelta(seconds=EARLY_TOLERANCE_SECONDS)  # a countdown may fire a bit early
    limit = int(settings.LONGHAUL_WEBHOOK_MAX_ATTEMPTS)
    pending = WebhookDelivery.objects.filter(id=delivery_id, status=DeliveryStatus.PENDING)
    claimed = pending.filter(next_attempt_at__lte=due, attempts__lt=limit).update(
        attempts=F("attempts") + 1, next_attempt_at=hold
    )
    if not claimed:
        _give_up_if_exhausted(pending, limit, now)
        return None
    return WebhookDelivery.objects.select_related("endpoint", "event").get(id=delivery_id)


def _give_up_if_exhausted(pending: Any, limit: int, now: Any) -> None:
    # A delivery whose attempts were all used (a worker died after claiming the last one) ends
    # failed instead of being swept and re-enqueued for ever.
    exhausted = pending.filter(attempts__gte=limit)
    exhausted.filter(last_error="").update(last_error=f"gave up after {limit} attempts")
    exhausted.update(status=DeliveryStatus.FAILED, completed_at=now)


def _record(delivery: WebhookDelivery, answer: transport.Answer) -> str:
    ok = answer.ok
    # The receiver wrote the excerpt (and parts of errors): a NUL in it could not be saved.
    error, excerpt = storable.clean_text(answer.error), storable.clean_text(answer.excerpt)
    with transaction.atomic():
        WebhookAttempt.objects.create(
            delivery=delivery,
            number=delivery.attempts,
            status_code=answer.status_code,
            error=error,
            response_excerpt=excerpt,
            duration_ms=answer.duration_ms,
        )
        delivery.last_status_code, delivery.last_error = answer.status_code, error
        if ok or delivery.attempts >= settings.LONGHAUL_WEBHOOK_MAX_ATTEMPTS:
            delivery.status = DeliveryStatus.SUCCEEDED if ok else DeliveryStatus.FAILED
            delivery.completed_at = timezone.now()
        else:
            delay = retry_delay(delivery.attempts)
            delivery.next_attempt_at = timezone.now() + timedelta(seconds=delay)
            _enqueue(delivery, delay)
        delivery.save()
    return str(delivery.status)


def retry_delay(attempts: int) -> float:
    return Backoff(
        first_seconds=float(settings.LONGHAUL_WEBHOOK_RETRY_FIRST_SECONDS),
        cap_seconds=float(settings.LONGHAUL_WEBHOOK_RETRY_MAX_SECONDS),
    ).delay(attempts)


def webhooks_redeliver_overdue() -> int:
    """Beat: re-enqueues pending deliveries whose task message was lost (a worker died)."""
    cutoff = timezone.now() - timedelta(seconds=float(settings.LONGHAUL_WEBHOOK_SWEEP_SECONDS))
    overdue = WebhookDelivery.objects.filter(
        Q(status=DeliveryStatus.PENDING), next_attempt_at__lt=cutoff
    ).values_list("id", flat=True)[:500]
    from webhooks.tasks import deliver_webhook

    ids = list(overdue)
    for delivery_id in ids:
        deliver_webhook.delay(delivery_id)
    return len(ids)
