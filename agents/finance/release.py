"""Publishing a report to a webhook, once a reviewer approved the exact report and destination.

The webhook URL comes from the run's input and is shown to the reviewer. The worker resolves the
host itself and connects to the address it checked (TLS still verifies the certificate against
the host name), so a DNS answer cannot be swapped in between. Like the sandbox's egress, only
public addresses are allowed, unless the operator lists the exact `host:port` among
LONGHAUL_SANDBOX_EGRESS_PRIVATE_HOSTS (a webhook receiver inside the company network). No
redirect is followed; the request carries the call's idempotency key, so a receiver can drop a
delivery repeated after a crash.
"""

from __future__ import annotations

import ipaddress
import json
import socket
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from agents.sandbox.egress import denied_address

TIMEOUT_SECONDS = 15.0
MAX_ANSWER_BYTES = 4096


class ReleaseFailed(RuntimeError):
    pass


def deliver(
    url: str, payload: dict[str, Any], *, private_hosts: tuple[str, ...], idempotency_key: str
) -> dict[str, Any]:
    host, port, scheme = _parts(url)
    address = _checked_address(host, port, private_hosts)
    body = json.dumps(payload, ensure_ascii=False).encode()
    headers = {
        "Content-Type": "application/json",
        "Host": host if port in (80, 443) else f"{host}:{port}",
        "Idempotency-Key": idempotency_key,
        "User-Agent": "longhaul-finance-release",
    }
    return _post(_pinned(url, address), body, headers, host if scheme == "https" else None)


def _parts(url: str) -> tuple[str, int, str]:
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ReleaseFailed(f"the webhook must be an http(s) URL, not {url!r}")
    if parts.username or parts.password:
        raise ReleaseFailed("the webhook URL must not carry credentials")
    return (
        parts.hostname.lower(),
        parts.port or (443 if parts.scheme == "https" else 80),
        parts.scheme,
    )


def _checked_address(host: str, port: int, private_hosts: tuple[str, ...]) -> str:
    try:
        found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except socket.gaierror as error:
        raise ReleaseFailed(f"the webhook host {host!r} does not resolve: {error}") from None
    addresses = list(dict.fromkeys(str(info[4][0]) for info in found))
    allowed = f"{host}:{port}" in private_hosts or f"[{host}]:{port}" in private_hosts
    denied = [a for a in addresses if denied_address(ipaddress.ip_address(a))]
    if denied and not allowed:
        raise ReleaseFailed(
            f"the webhook host {host!r} resolves to a non-public address ({denied[0]}); an "
            "operator must list it in LONGHAUL_SANDBOX_EGRESS_PRIVATE_HOSTS"
        )
    return addresses[0]


def _pinned(url: str, address: str) -> str:
    parts = urlsplit(url)
    netloc = f"[{address}]" if ":" in address else address
    if parts.port:
        netloc += f":{parts.port}"
    return urlunsplit((parts.scheme, netloc, parts.path or "/", parts.query, ""))


def _post(
    url: str, body: bytes, headers: dict[str, str], server_name: str | None
) -> dict[str, Any]:
    import httpx

    extensions = {"sni_hostname": server_name} if server_name else {}
    try:
        with httpx.Client(
            timeout=TIMEOUT_SECONDS, follow_redirects=False, trust_env=False
        ) as client:
            request = client.build_request(
                "POST", url, content=body, headers=headers, extensions=extensions
            )
            response = client.send(request)
    except httpx.HTTPError as error:
        raise ReleaseFailed(f"the webhook could not be reached: {error}") from None
    if not 200 <= response.status_code < 300:
        raise ReleaseFailed(f"the webhook answered {response.status_code}: {response.text[:200]}")
    return {
        "delivered": True,
        "status": response.status_code,
        "answer": response.text[:MAX_ANSWER_BYTES],
    }
