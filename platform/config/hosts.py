"""The host names and origins a web process answers, derived from where it is configured to be
reached: the address it listens on (LONGHAUL_WEB_HOST) and, when set, the public URL people use
(LONGHAUL_PUBLIC_URL). ALLOWED_HOSTS and CSRF_TRUSTED_ORIGINS default to these, so a platform
started with nothing configured answers only the names it can really be reached by."""

from __future__ import annotations

import ipaddress
import socket
from urllib.parse import urlsplit

from config.env import ConfigurationError

LOOPBACK_HOSTS = ["127.0.0.1", "localhost", "[::1]"]
_EVERY_INTERFACE = {"", "0.0.0.0", "::", "[::]"}


def served_hosts(web_host: str, public_url: str = "") -> list[str]:
    """Loopback names, the listening address when it is a specific one, this machine's name
    when it listens on every interface, and the public URL's host."""
    hosts = list(LOOPBACK_HOSTS)
    if web_host in _EVERY_INTERFACE:
        # Only the name the kernel knows: resolving more would wait on DNS at every start.
        hosts.append(socket.gethostname().lower())
    elif not _is_loopback(web_host):
        hosts.append(_bracketed(web_host.lower()))
    if public_url:
        hosts.append(_public_parts(public_url)[1])
    return list(dict.fromkeys(hosts))


def trusted_origins(web_host: str, web_port: int, public_url: str = "") -> list[str]:
    """The origins of the hosts above on the web port (what a browser sends in Origin when it
    talks to the process directly), and the public URL's origin (behind a TLS proxy)."""
    origins = [f"http://{host}:{web_port}" for host in served_hosts(web_host)]
    return list(dict.fromkeys([*origins, *public_origins(public_url)]))


def public_origins(public_url: str) -> list[str]:
    """The public URL's origin, or nothing when it is unset."""
    if not public_url:
        return []
    scheme, host, port = _public_parts(public_url)
    return [f"{scheme}://{host}{f':{port}' if port else ''}"]


def _public_parts(url: str) -> tuple[str, str, int | None]:
    parts = urlsplit(url)
    if parts.scheme not in {"http", "https"} or not parts.hostname:
        raise ConfigurationError(
            f"LONGHAUL_PUBLIC_URL must look like https://longhaul.example.com, got {url!r}"
        )
    try:
        port = parts.port
    except ValueError:
        raise ConfigurationError(f"LONGHAUL_PUBLIC_URL has an invalid port: {url!r}") from None
    return parts.scheme, _bracketed(parts.hostname.lower()), port


def _is_loopback(host: str) -> bool:
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def _bracketed(host: str) -> str:
    return f"[{host}]" if ":" in host and not host.startswith("[") else host
