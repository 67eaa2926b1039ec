"""Publishing a report to a webhook, once a reviewer approved the exact report and destination.

The webhook URL comes from the run's input: the platform checked it against its outbound rule when
the run was created, and the reviewer saw it. Delivery goes through the platform's one outbound
client (`agents.outbound`): the host is resolved once, every address must be public unless the
operator lists that exact `host:port` among LONGHAUL_SANDBOX_EGRESS_PRIVATE_HOSTS, the connection
goes to the address that was checked, no redirect is followed, and the request carries the call's
idempotency key, so a receiver can drop a delivery repeated after a crash.

A receiver that cannot be reached, times out or answers with an error is the environment's
failure, not the agent's: it raises EnvironmentFailure, the platform waits and retries the step,
and fails the run as an infrastructure failure only after its retry window. Only a destination
the rule refuses (its name now resolves to a private address) fails the release itself.
"""

from __future__ import annotations

import json
from typing import Any

from agents.engine.types import EnvironmentFailure
from agents.outbound import OutboundPolicy, UnsafeURL, validate_url
from agents.outbound import post as outbound_post

TIMEOUT_SECONDS = 15.0
MAX_ANSWER_BYTES = 4096
PRIVATE_HOSTS_SETTING = "LONGHAUL_SANDBOX_EGRESS_PRIVATE_HOSTS"
RELEASE_UNREACHABLE = "release_unreachable"


class ReleaseFailed(RuntimeError):
    pass


def policy(private_hosts: tuple[str, ...]) -> OutboundPolicy:
    return OutboundPolicy.of(private_hosts, allow_setting=PRIVATE_HOSTS_SETTING)


def deliver(
    url: str, payload: dict[str, Any], *, private_hosts: tuple[str, ...], idempotency_key: str
) -> dict[str, Any]:
    rule = policy(private_hosts)
    try:
        validate_url(url, rule)
    except UnsafeURL as error:
        raise ReleaseFailed(f"the webhook is refused: {error}") from None
    body = json.dumps(payload, ensure_ascii=False).encode()
    headers = {
        "Content-Type": "application/json",
        "Idempotency-Key": idempotency_key,
        "User-Agent": "longhaul-finance-release",
    }
    answer = outbound_post(
        url, body, headers, policy=rule, timeout=TIMEOUT_SECONDS, answer_bytes=MAX_ANSWER_BYTES
    )
    if answer.error.startswith(UnsafeURL.__name__):
        raise ReleaseFailed(f"the webhook is refused: {answer.error}")
    if not answer.ok:
        why = answer.error or f"it answered {answer.status_code}: {answer.excerpt[:200]}"
        raise EnvironmentFailure(
            f"the webhook could not take the report ({why})",
            kind=RELEASE_UNREACHABLE,
            backend="webhook",
        )
    return {"delivered": True, "status": answer.status_code, "answer": answer.excerpt}
