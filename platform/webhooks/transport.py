"""Webhook deliveries through the platform's one outbound client (`agents.outbound`).

The policy is the webhook settings': the hosts an operator allows although private
(LONGHAUL_WEBHOOK_ALLOWED_PRIVATE_HOSTS, `host` or `host:port`) and whether only https is
allowed. Endpoints are checked with it when they are created or changed, and every delivery is
checked again (a name may resolve elsewhere since, an allow-list entry may be gone).
"""

from __future__ import annotations

from django.conf import settings

from agents.outbound import Answer, OutboundPolicy, Target, validate_url
from agents.outbound import post as outbound_post

EXCERPT_BYTES = 500

__all__ = ["EXCERPT_BYTES", "Answer", "checked_url", "policy", "post"]


def policy() -> OutboundPolicy:
    return OutboundPolicy.of(
        settings.LONGHAUL_WEBHOOK_ALLOWED_PRIVATE_HOSTS,
        require_https=settings.LONGHAUL_WEBHOOK_REQUIRE_HTTPS,
        allow_setting="LONGHAUL_WEBHOOK_ALLOWED_PRIVATE_HOSTS",
    )


def checked_url(url: str) -> Target:
    """The endpoint URL checked completely (raises agents.outbound.UnsafeURL)."""
    return validate_url(url, policy())


def post(url: str, body: bytes, headers: dict[str, str]) -> Answer:
    return outbound_post(
        url,
        body,
        {**headers, "Content-Type": "application/json"},
        policy=policy(),
        timeout=float(settings.LONGHAUL_WEBHOOK_TIMEOUT_SECONDS),
        answer_bytes=EXCERPT_BYTES,
    )
