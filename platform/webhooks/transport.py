"""POSTing a delivery without letting a tenant's URL reach the platform's own network.

The host is resolved once, every address it resolves to must be public (the sandbox's egress
rule, `agents.sandbox.egress.denied_address`) unless the host is listed in
LONGHAUL_WEBHOOK_ALLOWED_PRIVATE_HOSTS, and the connection goes to the address that was
checked (the Host header and TLS name stay the original host), so a name that resolves
differently a moment later (DNS rebinding) cannot redirect it. Redirects are not followed, and
only the first bytes of the answer are read.
"""

from __future__ import annotations

import ipaddress
import socket
import time
from dataclasses import dataclass
from urllib.parse import urlsplit, urlunsplit

import httpx
from django.conf import settings

from agents.sandbox.egress import denied_address

EXCERPT_BYTES = 500


class UnsafeDestination(Exception):
    """The endpoint's host resolves to an address webhooks may not reach."""


@dataclass(frozen=True)
class Answer:
    status_code: int | None
    excerpt: str
    error: str
    duration_ms: int


def post(url: str, body: bytes, headers: dict[str, str]) -> Answer:
    started = time.monotonic()
    try:
        pinned, host = pinned_url(url)
        response = _send(pinned, host, body, headers)
    except (UnsafeDestination, httpx.HTTPError, OSError) as error:
        return Answer(None, "", f"{type(error).__name__}: {error}"[:2000], _ms(started))
    return Answer(response[0], response[1], "", _ms(started))


def _send(url: str, host: str, body: bytes, headers: dict[str, str]) -> tuple[int, str]:
    timeout = float(settings.LONGHAUL_WEBHOOK_TIMEOUT_SECONDS)
    with (
        httpx.Client(timeout=timeout, follow_redirects=False, trust_env=False) as client,
        client.stream(
            "POST",
            url,
            content=body,
            headers={**headers, "Host": host, "Content-Type": "application/json"},
            extensions={"sni_hostname": host.rsplit(":", 1)[0].strip("[]")},
        ) as response,
    ):
        excerpt = b""
        for chunk in response.iter_bytes():
            excerpt += chunk
            if len(excerpt) >= EXCERPT_BYTES:
                break
        return response.status_code, excerpt[:EXCERPT_BYTES].decode("utf-8", "replace")


def pinned_url(url: str) -> tuple[str, str]:
    """The URL with its host replaced by a checked address, and the Host header to send."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise UnsafeDestination(f"{url!r} is not an http(s) URL")
    port = parts.port or (443 if parts.scheme == "https" else 80)
    address = checked_address(parts.hostname, port)
    literal = f"[{address}]" if ":" in address else address
    return urlunsplit(parts._replace(netloc=f"{literal}:{port}")), parts.netloc.rpartition("@")[2]


def checked_address(host: str, port: int) -> str:
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except socket.gaierror as error:
        raise UnsafeDestination(f"{host} does not resolve: {error}") from None
    addresses = [str(info[4][0]) for info in infos]
    if host.lower() not in _allowed_private_hosts():
        denied = [a for a in addresses if denied_address(ipaddress.ip_address(a.split("%")[0]))]
        if denied:
            raise UnsafeDestination(
                f"{host} resolves to {', '.join(sorted(set(denied)))}, which is not a public "
                "address; list the host in LONGHAUL_WEBHOOK_ALLOWED_PRIVATE_HOSTS to allow it"
            )
    return addresses[0]


def _allowed_private_hosts() -> set[str]:
    return {host.lower() for host in settings.LONGHAUL_WEBHOOK_ALLOWED_PRIVATE_HOSTS}


def _ms(started: float) -> int:
    return int((time.monotonic() - started) * 1000)
