"""The one outbound HTTP client, and the address policy every URL someone else chose must pass.

Webhooks, a finance report's release target and a tool's endpoint are URLs that a tenant, a run's
input or a model wrote; the platform then connects to them from inside its own network. So a URL
is checked completely when it is given (`validate_url`, which callers use at creation and which
raises `UnsafeURL` with a message fit for a 400) and again when it is used (`post`):

- the whole URL: a string of at most 2,000 characters without spaces, control characters or
  backslashes (which some parsers read as `/`), `http` or `https` only, no `user:password@`;
- the port: 1-65535, written in ASCII digits;
- the host: mapped and encoded as IDNA (UTS 46), so `ⓛocalhost` or full-width digits are the
  names they stand for; a numeric host must be four canonical decimal numbers (WHATWG and
  `inet_aton` also read `0x7f.1`, `2130706433`, `127.1`, `0177.0.0.1` as 127.0.0.1); an IPv6
  literal may not carry a zone; single-label names and `localhost`, `.local`, `.internal`,
  `.localdomain`, `.home.arpa` names reach the platform's own network, so they are refused;
- every address: public unicast only. Private, loopback, link-local (cloud metadata),
  carrier-grade NAT, multicast, documentation and reserved ranges are refused, and so is an
  IPv4 address mapped or embedded in IPv6 (mapped, NAT64, 6to4, Teredo) that is one of them.

An operator may allow named private receivers (`OutboundPolicy.allowed_private`, entries
`host` or `host:port`): the syntax checks still apply to them. At use, the host is resolved once,
every address must pass, and the connection goes to the address that was checked (the Host
header and the TLS name stay the URL's), so a DNS answer that changes in between (rebinding)
cannot redirect it. Redirects are never followed, the answer is read only up to a bound, and
every failure of any kind comes back as an `Answer` with its error, never as an exception.
"""

from __future__ import annotations

import contextlib
import ipaddress
import re
import socket
import time
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit, urlunsplit

MAX_URL_CHARS = 2000
_FORBIDDEN_CHARACTERS = re.compile(r"[\x00-\x20\x7f\\]")
_CANONICAL_IPV4 = re.compile(
    r"(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)"
)
_NUMERIC_LABEL = re.compile(r"(?:\d+|0[xX][0-9a-fA-F]*)")
_PORT = re.compile(r"[0-9]{1,5}")
# Names that resolve inside the platform's own network, whatever public DNS says.
_INTERNAL_SUFFIXES = ("localhost", "local", "internal", "localdomain", "home.arpa")
Address = ipaddress.IPv4Address | ipaddress.IPv6Address


class UnsafeURL(ValueError):
    """The URL fails the outbound policy; the message says why, for the person who gave it."""


@dataclass(frozen=True)
class OutboundPolicy:
    # `host` or `host:port` entries an operator allows although they are private.
    allowed_private: frozenset[str] = frozenset()
    require_https: bool = False
    allow_setting: str = ""  # where an operator allows a private receiver, named in refusals

    @classmethod
    def of(
        cls,
        allowed_private: Iterable[str] = (),
        *,
        require_https: bool = False,
        allow_setting: str = "",
    ) -> OutboundPolicy:
        hosts = frozenset(entry.strip().lower() for entry in allowed_private if entry.strip())
        return cls(hosts, require_https, allow_setting)

    def allows_private(self, host: str, port: int) -> bool:
        shown = f"[{host}]" if ":" in host else host
        return bool({host, shown, f"{shown}:{port}"} & self.allowed_private)


@dataclass(frozen=True)
class Target:
    """A URL that passed the checks: its parts in canonical form."""

    scheme: str
    host: str  # ASCII (IDNA), lower case; an IPv6 literal without brackets
    port: int
    url: str  # the URL rebuilt from the checked parts
    literal: Address | None  # the address, when the host is one

    @property
    def host_header(self) -> str:
        shown = f"[{self.host}]" if ":" in self.host else self.host
        default = 443 if self.scheme == "https" else 80
        return shown if self.port == default else f"{shown}:{self.port}"


@dataclass(frozen=True)
class Answer:
    status_code: int | None
    excerpt: str
    error: str
    duration_ms: int

    @property
    def ok(self) -> bool:
        return self.status_code is not None and 200 <= self.status_code < 300


# --- checking -----------------------------------------------------------------------------------
def validate_url(
    url: Any, policy: OutboundPolicy = OutboundPolicy(), *, resolve: bool = True
) -> Target:
    """The checked URL, or UnsafeURL saying why not. With `resolve`, a name that resolves to an
    address the policy refuses is refused too (a name that does not resolve yet is accepted:
    delivery checks again and records the failure)."""
    target = _parsed(url, policy)
    allowed = policy.allows_private(target.host, target.port)
    if target.literal is not None:
        if not allowed:
            _refuse_address(target.host, target.literal, policy)
    elif not allowed:
        _refuse_internal_name(target.host)
        if resolve:
            with contextlib.suppress(_Unresolved):  # DNS may be down now; delivery checks again
                resolved_addresses(target, policy)
    return target


def resolved_addresses(target: Target, policy: OutboundPolicy) -> list[str]:
    """Every address the host resolves to, each allowed by the policy (UnsafeURL if not)."""
    if target.literal is not None:
        return [str(target.literal)]
    try:
        infos = socket.getaddrinfo(target.host, target.port, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError) as error:
        raise _Unresolved(f"{target.host} does not resolve: {error}") from None
    addresses = list(dict.fromkeys(str(info[4][0]).split("%")[0] for info in infos))
    if not policy.allows_private(target.host, target.port):
        for address in addresses:
            _refuse_address(target.host, ipaddress.ip_address(address), policy)
    return addresses


class _Unresolved(UnsafeURL):
    pass


def _parsed(url: Any, policy: OutboundPolicy) -> Target:
    if not isinstance(url, str) or not url:
        raise UnsafeURL("Give the URL as a non-empty string.")
    if len(url) > MAX_URL_CHARS:
        raise UnsafeURL(f"The URL is longer than {MAX_URL_CHARS} characters.")
    bad = _FORBIDDEN_CHARACTERS.search(url)
    if bad is not None:
        raise UnsafeURL(
            f"The URL holds {bad.group()!r} at position {bad.start()}: no spaces, control "
            "characters or backslashes."
        )
    try:
        parts = urlsplit(url)
    except ValueError as error:  # an unclosed IPv6 bracket, a netloc NFKC would change
        raise UnsafeURL(f"The URL cannot be read: {error}.") from None
    scheme = parts.scheme.lower()
    if scheme not in ("http", "https"):
        raise UnsafeURL("Give an http:// or https:// URL.")
    if policy.require_https and scheme != "https":
        raise UnsafeURL("Only https:// URLs are allowed here.")
    if "@" in parts.netloc:
        raise UnsafeURL("Put no credentials (user:password@) in the URL.")
    raw_host, port = _host_and_port(parts.netloc, scheme)
    host, literal = _canonical_host(raw_host)
    shown = f"[{host}]" if ":" in host else host
    rebuilt = urlunsplit((scheme, f"{shown}:{port}", parts.path or "/", parts.query, ""))
    return Target(scheme, host, port, rebuilt, literal)


def _host_and_port(netloc: str, scheme: str) -> tuple[str, int]:
    if netloc.startswith("["):
        end = netloc.find("]")
        if end < 0:
            raise UnsafeURL("The IPv6 address in the URL has no closing ']'.")
        host, rest = netloc[: end + 1], netloc[end + 1 :]
    else:
        host, _, port_text = netloc.partition(":")
        rest = f":{port_text}" if ":" in netloc else ""
    if not host:
        raise UnsafeURL("The URL has no host.")
    if not rest:
        return host, 443 if scheme == "https" else 80
    if not rest.startswith(":") or not _PORT.fullmatch(rest[1:]) or not 1 <= int(rest[1:]) <= 65535:
        raise UnsafeURL(f"The port {rest[1:]!r} is not a number from 1 to 65535.")
    return host, int(rest[1:])


def _canonical_host(raw: str) -> tuple[str, Address | None]:
    if raw.startswith("["):
        inner = raw[1:-1]
        if "%" in inner:
            raise UnsafeURL("An IPv6 address with a zone (%) cannot be reached from here.")
        try:
            return str(ipaddress.IPv6Address(inner)), ipaddress.IPv6Address(inner)
        except ValueError:
            raise UnsafeURL(f"{raw} is not an IPv6 address.") from None
    import idna  # httpx's dependency; imported here so the module loads without it

    try:
        mapped = idna.uts46_remap(raw, std3_rules=True, transitional=False).rstrip(".")
    except idna.IDNAError as error:
        raise UnsafeURL(f"The host {raw!r} is not a valid name: {error}.") from None
    last = mapped.rsplit(".", 1)[-1]
    if _NUMERIC_LABEL.fullmatch(last):
        # Numbers in the last label make it an IPv4 address to every URL parser: only the
        # canonical form is accepted, so the address checked is the one connected to.
        if not _CANONICAL_IPV4.fullmatch(mapped):
            raise UnsafeURL(
                f"The host {raw!r} reads as an IPv4 address in an unusual form; write it as "
                "four decimal numbers (a.b.c.d) or use a name."
            )
        return mapped, ipaddress.IPv4Address(mapped)
    try:
        return idna.encode(mapped).decode("ascii"), None
    except (idna.IDNAError, UnicodeError) as error:
        raise UnsafeURL(f"The host {raw!r} is not a valid name: {error}.") from None


def _refuse_internal_name(host: str) -> None:
    if "." not in host:
        raise UnsafeURL(
            f"{host!r} is a single-label name, which resolves inside the platform's network; "
            "use a fully qualified name"
        )
    for suffix in _INTERNAL_SUFFIXES:
        if host == suffix or host.endswith(f".{suffix}"):
            raise UnsafeURL(f"{host!r} names a host of the platform's own network")


def _refuse_address(host: str, address: Address, policy: OutboundPolicy) -> None:
    if not public_address(address):
        named = str(address) if host == str(address) else f"{host} resolves to {address}, which"
        where = f" in {policy.allow_setting}" if policy.allow_setting else ""
        raise UnsafeURL(
            f"{named} is not a public address; an operator may allow a private receiver by "
            f"name{where}"
        )


def public_address(address: Address) -> bool:
    """A public unicast address, also when it embeds an IPv4 address (mapped, NAT64, 6to4): a
    routable one that is also global (no documentation or benchmark range). What the outbound
    client asks of every URL someone else chose."""
    reached = _embedded(address) or address
    return routable_address(address) and reached.is_global


def routable_address(address: Address) -> bool:
    """Not loopback, private, shared, link-local, multicast or reserved, also when the address
    embeds an IPv4 one (mapped, NAT64, 6to4) and never a Teredo tunnel. What the sandbox's
    egress proxy asks of an allow-listed host's addresses, where an operator's network may put
    a registry mirror in a range that is not global."""
    if any(address in network for network in _DENIED_NETWORKS):
        return False
    if isinstance(address, ipaddress.IPv6Address) and address.teredo is not None:
        return False
    embedded = _embedded(address)
    return embedded is None or routable_address(embedded)


def _embedded(address: Address) -> ipaddress.IPv4Address | None:
    if not isinstance(address, ipaddress.IPv6Address):
        return None
    if address in _NAT64:
        return ipaddress.IPv4Address(int(address) & 0xFFFFFFFF)
    return address.ipv4_mapped or address.sixtofour


_NAT64 = ipaddress.ip_network("64:ff9b::/96")
# Named, so that an address in them is refused even where Python's is_global would say
# otherwise (is_global is the final word for the rest).
_DENIED_NETWORKS = tuple(
    ipaddress.ip_network(network)
    for network in (
        "0.0.0.0/8", "10.0.0.0/8", "100.64.0.0/10", "127.0.0.0/8", "169.254.0.0/16",
        "172.16.0.0/12", "192.0.0.0/24", "192.168.0.0/16", "198.18.0.0/15", "224.0.0.0/4",
        "240.0.0.0/4", "::/128", "::1/128", "100::/64", "fc00::/7", "fe80::/10", "ff00::/8",
    )
)  # fmt: skip


# --- sending ------------------------------------------------------------------------------------
def post(
    url: str,
    body: bytes,
    headers: dict[str, str],
    *,
    policy: OutboundPolicy,
    timeout: float,
    answer_bytes: int = 4096,
) -> Answer:
    """POSTs `body` to a checked, pinned address. Never raises: any failure (a URL the policy
    refuses, DNS, TLS, a reset, a bug) is the Answer's error."""
    started = time.monotonic()
    try:
        target = validate_url(url, policy, resolve=False)
        address = resolved_addresses(target, policy)[0]
        status, excerpt = _send(target, address, body, headers, timeout, answer_bytes, started)
    except Exception as error:  # a delivery's failure is recorded, whatever it was
        return Answer(None, "", f"{type(error).__name__}: {error}"[:2000], _ms(started))
    return Answer(status, excerpt, "", _ms(started))


def _send(
    target: Target,
    address: str,
    body: bytes,
    headers: dict[str, str],
    timeout: float,
    answer_bytes: int,
    started: float,
) -> tuple[int, str]:
    import httpx

    literal = f"[{address}]" if ":" in address else address
    pinned = target.url.replace(f"//{_netloc(target)}", f"//{literal}:{target.port}", 1)
    sent = {**headers, "Host": target.host_header}
    extensions = {"sni_hostname": target.host} if target.scheme == "https" else {}
    with (
        httpx.Client(timeout=timeout, follow_redirects=False, trust_env=False) as client,
        client.stream("POST", pinned, content=body, headers=sent, extensions=extensions) as reply,
    ):
        excerpt = b""
        for chunk in reply.iter_bytes():
            excerpt += chunk
            # A receiver that drips its answer does not hold the sender past the timeout.
            if len(excerpt) >= answer_bytes or time.monotonic() - started > timeout:
                break
        return reply.status_code, excerpt[:answer_bytes].decode("utf-8", "replace")


def _netloc(target: Target) -> str:
    shown = f"[{target.host}]" if ":" in target.host else target.host
    return f"{shown}:{target.port}"


def _ms(started: float) -> int:
    return int((time.monotonic() - started) * 1000)


# --- clients for other protocols (MCP, OpenAPI services) -----------------------------------------
class AnswerTooLarge(Exception):
    """The answer passed the client's size bound; it is not read further."""


def pinned_request(
    request: Any, policy: OutboundPolicy, hosts: frozenset[str] = frozenset()
) -> Any:
    """The httpx request sent to the address that passed the policy (Host header and TLS name
    stay the URL's). With `hosts`, the URL's host (or `host:port`) must be one of them."""
    target = validate_url(str(request.url), policy, resolve=False)
    shown = f"[{target.host}]" if ":" in target.host else target.host
    if hosts and not {target.host, shown, f"{shown}:{target.port}"} & hosts:
        raise UnsafeURL(f"{target.host_header} is not on this source's list of allowed hosts")
    address = resolved_addresses(target, policy)[0]
    request.url = request.url.copy_with(host=address, port=target.port)
    request.headers["Host"] = target.host_header
    if target.scheme == "https":
        request.extensions = {**request.extensions, "sni_hostname": target.host}
    return request


def policy_transport(
    policy: OutboundPolicy, *, hosts: frozenset[str] = frozenset(), answer_bytes: int
) -> Any:
    """An httpx transport that pins every request by the policy and bounds every answer."""
    import httpx

    class _Bounded(httpx.SyncByteStream):
        def __init__(self, stream: Any) -> None:
            self.stream, self.seen = stream, 0

        def __iter__(self) -> Any:
            for chunk in self.stream:
                self.seen += len(chunk)
                if self.seen > answer_bytes:
                    raise AnswerTooLarge(f"the answer is larger than {answer_bytes} bytes")
                yield chunk

        def close(self) -> None:
            self.stream.close()

    class _Transport(httpx.HTTPTransport):
        def handle_request(self, request: httpx.Request) -> httpx.Response:
            reply = super().handle_request(pinned_request(request, policy, hosts))
            return _rebuilt(reply, _Bounded(reply.stream))

    return _Transport()


def async_policy_transport(
    policy: OutboundPolicy, *, hosts: frozenset[str] = frozenset(), answer_bytes: int
) -> Any:
    """The asynchronous twin of `policy_transport` (MCP's streamable HTTP client uses one)."""
    import httpx

    class _Bounded(httpx.AsyncByteStream):
        def __init__(self, stream: Any) -> None:
            self.stream, self.seen = stream, 0

        async def __aiter__(self) -> Any:
            async for chunk in self.stream:
                self.seen += len(chunk)
                if self.seen > answer_bytes:
                    raise AnswerTooLarge(f"the answer is larger than {answer_bytes} bytes")
                yield chunk

        async def aclose(self) -> None:
            await self.stream.aclose()

    class _Transport(httpx.AsyncHTTPTransport):
        async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
            reply = await super().handle_async_request(pinned_request(request, policy, hosts))
            return _rebuilt(reply, _Bounded(reply.stream))

    return _Transport()


def _rebuilt(reply: Any, stream: Any) -> Any:
    import httpx

    return httpx.Response(
        reply.status_code, headers=reply.headers, stream=stream, extensions=reply.extensions
    )
