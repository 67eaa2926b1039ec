"""The host side of a networked command: a filtering HTTP proxy on a Unix socket.

A sandbox never shares the host's network namespace: a command granted network access keeps
its own (only its loopback) and reaches the outside through this proxy, whose socket is bound
into the sandbox; a relay inside listens on the sandbox's loopback (`relay_script.py`), so
HTTP(S)_PROXY works for pip and any other client.

The proxy accepts `CONNECT host:port` (HTTPS) and absolute-form `GET`/`HEAD http://host:port/...`
(plain-HTTP indexes), and only to the `host:port` pairs of the Egress. It resolves names itself
and connects to the address it checked, so a DNS answer cannot be swapped in between: every
address of a public-only entry must be public (not loopback, private, shared, link-local,
multicast, reserved or unspecified, nor an IPv4 address mapped into IPv6). It bounds concurrent
connections, bytes in both directions, time to send headers (slow senders are cut off), time to
connect and idle time. Anything else gets a 4xx answer with a one-line reason, and is logged."""

from __future__ import annotations

import contextlib
import ipaddress
import logging
import os
import select
import shutil
import socket
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from agents.outbound import routable_address
from agents.sandbox.contract import Egress, split_host_port

log = logging.getLogger(__name__)
SOCKET_NAME = "proxy.sock"
MAX_HEAD_BYTES = 16 * 1024
_CHUNK = 65536
_DROPPED_HEADERS = {
    b"proxy-connection", b"proxy-authorization", b"connection", b"keep-alive", b"host",
}  # fmt: skip


class Refused(Exception):
    def __init__(self, status: int, reason: str) -> None:
        super().__init__(reason)
        self.status = status


@dataclass(frozen=True)
class _Request:
    method: str
    host: str
    port: int
    head: bytes  # what to send upstream first (empty for CONNECT)


class EgressProxy:
    """One proxy per command: `with EgressProxy(egress, owner=(uid, gid)) as proxy:` then bind
    `proxy.directory` into the sandbox. `owner` is the host identity the sandbox runs as, the only
    one (besides root) that may reach the socket."""

    def __init__(self, egress: Egress, *, owner: tuple[int, int] | None = None) -> None:
        self.egress = egress
        self.public = {split_host_port(entry) for entry in egress.hosts}
        self.private = {split_host_port(entry) for entry in egress.private_hosts}
        self.owner = owner
        self.directory = Path()
        self._listener: socket.socket | None = None
        self._lock = threading.Lock()
        self._open: set[socket.socket] = set()
        self._clients = 0
        self._bytes_left = egress.max_bytes
        self._stopping = threading.Event()
        self._threads: list[threading.Thread] = []

    def __enter__(self) -> EgressProxy:
        self.directory = Path(tempfile.mkdtemp(prefix="longhaul-egress-"))
        listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        path = self.directory / SOCKET_NAME
        listener.bind(str(path))
        listener.listen(64)
        if self.owner is not None:
            for item in (self.directory, path):
                os.chown(item, *self.owner)
        path.chmod(0o600)
        self._listener = listener
        self._spawn(self._accept_loop)
        return self

    def __exit__(self, *exc: object) -> None:
        self._stopping.set()
        with self._lock:
            for connection in self._open:
                with contextlib.suppress(OSError):
                    connection.shutdown(socket.SHUT_RDWR)
        for thread in self._threads:
            thread.join(timeout=2)
        if self._listener is not None:
            self._listener.close()
        shutil.rmtree(self.directory, ignore_errors=True)

    def _spawn(self, target: Callable[..., None], *args: object) -> None:
        thread = threading.Thread(target=target, args=args, daemon=True)
        self._threads = [t for t in self._threads if t.is_alive()] + [thread]
        thread.start()

    def _accept_loop(self) -> None:
        assert self._listener is not None
        while not self._stopping.is_set():
            ready, _, _ = select.select([self._listener], [], [], 0.2)
            if not ready:
                continue
            try:
                client, _ = self._listener.accept()
            except OSError:  # out of descriptors, say: the next round may do better
                time.sleep(0.05)
                continue
            with self._lock:
                busy = self._clients >= self.egress.max_connections
                self._clients += 0 if busy else 1
                self._open.add(client)
            if busy:
                log.warning("sandbox egress refused: too many connections at once")
                self._answer(client, 503, "too many connections at once")
                self._close(client)
                continue
            self._spawn(self._serve, client)

    def _serve(self, client: socket.socket) -> None:
        upstream: socket.socket | None = None
        try:
            request, rest = self._read_request(client)
            upstream = self._connect(request)
            if request.method == "CONNECT":
                client.sendall(b"HTTP/1.1 200 Connection established\r\n\r\n")
            self._relay(client, upstream, request.head + rest)
        except Refused as refusal:
            log.warning("sandbox egress refused: %r", str(refusal))  # repr: no control characters
            self._answer(client, refusal.status, str(refusal))
        except ValueError:  # a URL or port that does not parse
            self._answer(client, 400, "malformed request")
        except OSError:
            pass  # a peer went away: nothing to answer
        finally:
            self._close(client)
            if upstream is not None:
                self._close(upstream)
            with self._lock:
                self._clients -= 1

    def _read_request(self, client: socket.socket) -> tuple[_Request, bytes]:
        deadline = time.monotonic() + self.egress.header_seconds
        data = b""
        while b"\r\n\r\n" not in data:
            if len(data) > MAX_HEAD_BYTES:
                raise Refused(431, "request headers too large")
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise Refused(408, "request headers not sent in time")
            client.settimeout(remaining)
            try:
                chunk = client.recv(4096)
            except TimeoutError:
                raise Refused(408, "request headers not sent in time") from None
            if not chunk:
                raise OSError("client closed")
            data += chunk
        client.settimeout(None)
        head, _, rest = data.partition(b"\r\n\r\n")
        return self._parse(head), rest

    def _parse(self, head: bytes) -> _Request:
        lines = head.split(b"\r\n")
        try:
            method, target, version = lines[0].decode("ascii").split(" ")
        except (UnicodeDecodeError, ValueError):
            raise Refused(400, "malformed request line") from None
        if method == "CONNECT":
            host, port = _authority(target)
            return _Request(method, host, port, b"")
        if method not in ("GET", "HEAD"):
            raise Refused(405, f"{method} is not allowed; use CONNECT, GET or HEAD")
        url = urlsplit(target)
        if url.scheme != "http" or not url.hostname:
            raise Refused(400, "a proxied GET needs an absolute http:// URL")
        authority = url.netloc.rpartition("@")[2]
        host, port = _authority(authority, default_port=80)
        path = (url.path or "/") + (f"?{url.query}" if url.query else "")
        # One request per connection, to the checked host whatever Host header was sent.
        kept = [line for line in lines[1:] if _header_name(line) not in _DROPPED_HEADERS]
        start = [f"{method} {path} {version}", f"Host: {authority}", "Connection: close"]
        return _Request(method, host, port, "\r\n".join(start).encode() + _joined(kept))

    def _connect(self, request: _Request) -> socket.socket:
        """Connects to an address that was checked, never to the name again."""
        target = (request.host, request.port)
        shown = f"{request.host}:{request.port}"
        if target not in self.public and target not in self.private:
            raise Refused(403, f"{shown} is not in the sandbox's egress allow-list")
        try:
            infos = socket.getaddrinfo(request.host, request.port, type=socket.SOCK_STREAM)
        except OSError as error:
            raise Refused(502, f"{shown} does not resolve: {error}") from None
        addresses = [info for info in infos if info[0] in (socket.AF_INET, socket.AF_INET6)]
        if target not in self.private:
            denied = [
                i[4][0] for i in addresses if not routable_address(ipaddress.ip_address(i[4][0]))
            ]
            if denied or not addresses:
                found = denied[0] if denied else "no address"
                raise Refused(403, f"{shown} resolves to a non-public address ({found})")
        for family, kind, proto, _, address in addresses:
            connection = socket.socket(family, kind, proto)
            connection.settimeout(self.egress.connect_seconds)
            try:
                connection.connect(address)
            except OSError:
                connection.close()
                continue
            connection.settimeout(None)
            with self._lock:
                self._open.add(connection)
            return connection
        raise Refused(502, f"cannot connect to {shown}")

    def _relay(self, client: socket.socket, upstream: socket.socket, first: bytes) -> None:
        """Copies both ways until both sides finish, the byte budget runs out or nothing moves
        for `idle_seconds`."""
        if first:
            self._forward(upstream, first)
        peers = {client: upstream, upstream: client}
        reading = [client, upstream]
        while reading and not self._stopping.is_set():
            ready, _, _ = select.select(reading, [], [], self.egress.idle_seconds)
            if not ready:
                return
            for side in ready:
                chunk = side.recv(_CHUNK)
                if not chunk:
                    reading.remove(side)
                    with contextlib.suppress(OSError):
                        peers[side].shutdown(socket.SHUT_WR)
                    continue
                self._forward(peers[side], chunk)

    def _forward(self, to: socket.socket, chunk: bytes) -> None:
        """Sends what the byte budget still allows; past it, the connection ends."""
        with self._lock:
            allowed = max(0, min(len(chunk), self._bytes_left))
            self._bytes_left -= allowed
        to.sendall(chunk[:allowed])
        if allowed < len(chunk):
            log.warning("sandbox egress stopped: more than %d bytes", self.egress.max_bytes)
            raise OSError("egress byte budget spent")

    def _answer(self, client: socket.socket, status: int, reason: str) -> None:
        """The refusal, after reading what the client already sent: closing on unread data
        would reset the connection, and the client would never see why."""
        body = f"sandbox egress: {reason}\n".encode()
        head = f"HTTP/1.1 {status} Refused\r\nContent-Type: text/plain\r\nContent-Length: "
        with contextlib.suppress(OSError):
            for _ in range(16):
                if not client.recv(MAX_HEAD_BYTES, socket.MSG_DONTWAIT):
                    break
        with contextlib.suppress(OSError):
            client.sendall(f"{head}{len(body)}\r\nConnection: close\r\n\r\n".encode() + body)

    def _close(self, connection: socket.socket) -> None:
        with self._lock:
            self._open.discard(connection)
        connection.close()


def _authority(text: str, *, default_port: int | None = None) -> tuple[str, int]:
    has_port = "]:" in text if text.startswith("[") else ":" in text
    if default_port is not None and not has_port:
        text = f"{text}:{default_port}"
    try:
        return split_host_port(text)
    except ValueError:
        raise Refused(400, f"not a host:port: {text[:100]!r}") from None


def _header_name(line: bytes) -> bytes:
    return line.partition(b":")[0].strip().lower()


def _joined(lines: list[bytes]) -> bytes:
    """Header lines after a head, closed by the blank line that ends the request's headers."""
    return b"".join(b"\r\n" + line for line in lines) + b"\r\n\r\n"
