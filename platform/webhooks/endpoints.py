"""Writes for webhook endpoints, as an owner or admin of the organization (REST and the
dashboard call these; each checks the actor's role now): create, change, delete, rotate the
signing secret, and send a signed test delivery.

Every URL passes the platform's outbound address policy (`webhooks.transport`) when it is given
and again whenever something is sent to it.
"""

from __future__ import annotations

import json
import uuid
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from accounts.actors import Actor, Rule
from accounts.roles import MANAGERS
from agents.outbound import UnsafeURL
from audit.services import actor_fields, audit_append
from core.errors import NotFound
from core.secrets import decrypt_secret, encrypt_secret
from webhooks import signing, transport
from webhooks.models import EVENT_TYPES, WebhookEndpoint

MANAGE = "manage webhooks"
MANAGE_WEBHOOKS = Rule(MANAGERS, MANAGE)
TEST_EVENT = "webhook.test"


def webhook_endpoint_create(
    *, actor: Actor, url: str, event_types: list[str], description: str = ""
) -> tuple[WebhookEndpoint, str]:
    """Creates an endpoint; returns it with its signing secret (shown this once)."""
    MANAGE_WEBHOOKS.check(actor)
    secret = signing.new_secret()
    endpoint = WebhookEndpoint(
        organization_id=actor.organization_id,
        url=_checked_url(url),
        event_types=_checked_types(event_types),
        description=description,
        secret_ciphertext=encrypt_secret(secret),
        created_by_id=actor.person.id if actor.person is not None else None,
    )
    with transaction.atomic():
        endpoint.save()
        _audit(endpoint, "webhook.created", actor)
    return endpoint, secret


def webhook_endpoint_update(
    *, actor: Actor, endpoint_id: int, changes: dict[str, Any]
) -> WebhookEndpoint:
    endpoint = _owned(actor, endpoint_id)
    if "url" in changes:
        endpoint.url = _checked_url(changes["url"])
    if "event_types" in changes:
        endpoint.event_types = _checked_types(changes["event_types"])
    for name in ("description", "enabled"):
        if name in changes:
            setattr(endpoint, name, changes[name])
    with transaction.atomic():
        endpoint.save()
        _audit(endpoint, "webhook.updated", actor, {"changed": sorted(changes)})
    return endpoint


def webhook_endpoint_delete(*, actor: Actor, endpoint_id: int) -> None:
    endpoint = _owned(actor, endpoint_id)
    with transaction.atomic():
        _audit(endpoint, "webhook.deleted", actor)
        endpoint.delete()


def webhook_secret_rotate(*, actor: Actor, endpoint_id: int) -> tuple[WebhookEndpoint, str]:
    """A new signing secret; deliveries from now on are signed with it."""
    endpoint = _owned(actor, endpoint_id)
    secret = signing.new_secret()
    endpoint.secret_ciphertext = encrypt_secret(secret)
    with transaction.atomic():
        endpoint.save(update_fields=["secret_ciphertext"])
        _audit(endpoint, "webhook.secret_rotated", actor)
    return endpoint, secret


def webhook_endpoint_test(*, actor: Actor, endpoint_id: int) -> transport.Answer:
    """Sends one signed `webhook.test` event to the endpoint now, as deliveries are sent
    (same headers, signature and address policy), and returns the receiver's answer. Nothing
    is queued or retried; the attempt is in the audit log."""
    endpoint = _owned(actor, endpoint_id)
    event_id = str(uuid.uuid4())
    body = _test_body(endpoint, event_id)
    headers = {
        "Longhaul-Event-Id": event_id,
        "Longhaul-Event-Type": TEST_EVENT,
        "Longhaul-Delivery": "test",
        signing.SIGNATURE_HEADER: signing.sign(decrypt_secret(endpoint.secret_ciphertext), body),
        "User-Agent": "Longhaul-Webhooks/1",
    }
    answer = transport.post(endpoint.url, body, headers)  # never raises: failures are answers
    result = {"status_code": answer.status_code, "ok": answer.ok, "error": answer.error[:500]}
    _audit(endpoint, "webhook.tested", actor, result)
    return answer


def _test_body(endpoint: WebhookEndpoint, event_id: str) -> bytes:
    body = {
        "id": event_id,
        "type": TEST_EVENT,
        "created_at": timezone.now().isoformat(),
        "organization_id": endpoint.organization_id,
        "data": {
            "endpoint_id": endpoint.id,
            "message": "A test delivery: check its signature with this endpoint's secret.",
        },
    }
    return json.dumps(body, sort_keys=True, separators=(",", ":")).encode()


def _owned(actor: Actor, endpoint_id: int) -> WebhookEndpoint:
    """After the role check: the organization's endpoint; another's is as absent as none."""
    MANAGE_WEBHOOKS.check(actor)
    endpoint = WebhookEndpoint.objects.filter(
        organization_id=actor.organization_id, id=endpoint_id
    ).first()
    if endpoint is None:
        raise NotFound("No such webhook endpoint.")
    return endpoint


def _checked_url(url: str) -> str:
    # Completely, now: a URL no delivery could ever use is a 400 for whoever gives it.
    try:
        transport.checked_url(url)
    except UnsafeURL as error:
        raise ValidationError({"url": str(error)}) from None
    return url


def _checked_types(event_types: list[str]) -> list[str]:
    unknown = sorted(set(event_types) - {*EVENT_TYPES, "*"})
    if unknown or not event_types:
        raise ValidationError(
            {"event_types": f"Unknown event types {unknown}; use '*' or some of {EVENT_TYPES}."}
        )
    return sorted(set(event_types))


def _audit(
    endpoint: WebhookEndpoint, action: str, actor: Actor, extra: dict[str, Any] | None = None
) -> None:
    audit_append(
        organization_id=endpoint.organization_id,
        action=action,
        target=f"webhook:{endpoint.id}",
        data={"url": endpoint.url, "event_types": endpoint.event_types, **(extra or {})},
        **actor_fields(actor),
    )
