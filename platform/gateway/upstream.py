"""The gateway's HTTP/1.1 client for its backends: keep-alive connections on the event loop, with
httptools (the C parser uvicorn already uses) reading the answers.

A model call should cost the gateway as little CPU as possible (docs/adr/0003): a general-purpose
client spent most of the gateway's time per request on its own machinery (scanning its pool,
socket wrappers), so the gateway speaks the small part of HTTP/1.1 it needs itself: a POST with
a body; answers with a Content-Length, chunked, or read to the close; keep-alive reuse; TLS; a
connect and a read timeout; flow control for streams. No proxy from the environment is ever
used: nothing may sit between the gateway and a backend.
"""

from __future__ import annotations

import asyncio
import ssl
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass
from functools import lru_cache
from typing import Any
from urllib.parse import urlsplit

import httptools
import orjson

from core.tracing import context_headers
from inference.selectors import BackendConfig

# Idle connections are dropped before uvicorn-based servers (vLLM, llama-cpp-python) drop them
# (5 s), so reuse rarely races a server's close; the retry below covers the rest.
IDLE_SECONDS = 4.0
MAX_IDLE_PER_ORIGIN = 512
HIGH_WATER = 1 << 20  # bytes buffered from a backend before the gateway stops reading it


class UpstreamError(Exception):
    """The exchange with a backend failed below HTTP: connection, protocol or timeout."""


class UpstreamConnectError(UpstreamError):
    """No connection could be made (refused, unreachable, TLS, connect timeout)."""


class UpstreamClosed(UpstreamError):
    """The connection broke, or the backend's answer was not HTTP/1.1."""


class UpstreamTimeout(UpstreamError):
    """The backend sent nothing for the backend's read timeout."""


# Failures before an answer began: nothing reached the client, so another replica may serve it.
RETRYABLE = (UpstreamConnectError, UpstreamClosed)


@dataclass(frozen=True)
class _Target:
    scheme: str
    host: str
    port: int
    host_header: str
    path: str

    @property
    def origin(self) -> tuple[str, str, int]:
        return self.scheme, self.host, self.port


@lru_cache(maxsize=4096)
def _target(url: str) -> _Target:
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise UpstreamConnectError(f"not an http(s) URL: {url}")
    port = parts.port or (443 if parts.scheme == "https" else 80)
    path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    return _Target(parts.scheme, parts.hostname, port, parts.netloc.rpartition("@")[2], path)


def _head(target: _Target, headers: dict[str, str], length: int) -> bytes:
    lines = [f"POST {target.path} HTTP/1.1", f"host: {target.host_header}"]
    for name, value in headers.items():
        if "\r" in value or "\n" in value:
            raise ValueError(f"header {name} holds a line break")
        lines.append(f"{name}: {value}")
    lines.append(f"content-length: {length}")
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1")


class _Connection(asyncio.Protocol):
    """One keep-alive connection; it carries one exchange at a time."""

    def __init__(self, origin: tuple[str, str, int]) -> None:
        self.origin = origin
        self.loop = asyncio.get_running_loop()
        self.transport: asyncio.Transport | None = None
        self.closed = False
        self.busy = False  # an exchange is under way: data is expected
        self.idle_since = 0.0
        self._start_exchange()

    def _start_exchange(self) -> None:
        self.parser = httptools.HttpResponseParser(self)
        self.status = 0
        self.headers: dict[str, str] = {}
        self.head_done = self.complete = self.keep_alive = self.received = False
        self.chunks: list[bytes] = []
        self.buffered = 0
        self.paused = False
        self.error: str = ""
        self.waiter: asyncio.Future[None] | None = None

    # --- asyncio.Protocol --------------------------------------------------------------------
    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]

    def data_received(self, data: bytes) -> None:
        if not self.busy:
            self.close()  # nothing was asked: the server is not speaking HTTP/1.1 to us
            return
        self.received = True
        try:
            self.parser.feed_data(data)
        except httptools.HttpParserError as error:
            self.error = f"the backend's answer is not valid HTTP: {error}"
            self.close()
        if self.buffered > HIGH_WATER and not self.paused and self.transport is not None:
            self.paused = True
            self.transport.pause_reading()
        self._wake()

    def eof_received(self) -> bool:
        return False  # close our side too

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed = True
        if self.head_done and not self.complete and self._reads_to_close():
            self.complete = True  # a body without length ends with the connection
        elif not self.complete and not self.error:
            self.error = f"the backend closed the connection{f' ({exc})' if exc else ''}"
        self._wake()

    def _reads_to_close(self) -> bool:
        return "content-length" not in self.headers and "chunked" not in self.headers.get(
            "transfer-encoding", ""
        )

    # --- httptools callbacks -----------------------------------------------------------------
    def on_header(self, name: bytes, value: bytes) -> None:
        self.headers[name.decode("latin-1").lower()] = value.decode("latin-1")

    def on_headers_complete(self) -> None:
        self.status = self.parser.get_status_code()
        self.head_done = True

    def on_body(self, body: bytes) -> None:
        self.chunks.append(body)
        self.buffered += len(body)

    def on_message_complete(self) -> None:
        self.keep_alive = self.parser.should_keep_alive()
        self.complete = True

    # --- the exchange ------------------------------------------------------------------------
    def send(self, head: bytes, body: bytes) -> None:
        self._start_exchange()
        self.busy = True
        assert self.transport is not None
        self.transport.write(head + body)

    async def wait_head(self, timeout: float) -> None:
        while not self.head_done:
            await self._wait(timeout)

    async def next_chunk(self, timeout: float) -> bytes | None:
        """The body received so far (waiting for some), or None once it is complete."""
        while not self.chunks:
            if self.complete:
                return None
            await self._wait(timeout)
        data = self.chunks[0] if len(self.chunks) == 1 else b"".join(self.chunks)
        self.chunks, self.buffered = [], 0
        if self.paused and self.transport is not None:
            self.paused = False
            self.transport.resume_reading()
        return data

    async def _wait(self, timeout: float) -> None:
        if self.error:
            raise UpstreamClosed(self.error)
        if self.closed:
            raise UpstreamClosed("the connection to the backend is closed")
        waiter = self.waiter = self.loop.create_future()
        timer = self.loop.call_later(timeout, _expire, waiter, timeout)
        try:
            await waiter
        finally:
            timer.cancel()
            self.waiter = None

    def _wake(self) -> None:
        if self.waiter is not None and not self.waiter.done():
            self.waiter.set_result(None)

    def close(self) -> None:
        self.closed = True
        if self.transport is not None:
            self.transport.close()


def _expire(waiter: asyncio.Future[None], timeout: float) -> None:
    if not waiter.done():
        waiter.set_exception(UpstreamTimeout(f"the backend sent nothing for {timeout:g} s"))


class Response:
    """A backend's answer: status and headers now, the body read as a whole or as it comes.

    The connection goes back to the pool once the body is read to its end; `aclose` before
    that closes it, which is how a backend learns that the request was abandoned."""

    def __init__(self, client: UpstreamClient, connection: _Connection, timeout: float) -> None:
        self.status_code = connection.status
        self.headers = connection.headers
        self._client, self._connection, self._timeout = client, connection, timeout
        self._done = False

    async def aread(self) -> bytes:
        parts = []
        while (chunk := await self._next()) is not None:
            parts.append(chunk)
        return b"".join(parts)

    async def aiter_raw(self) -> AsyncIterator[bytes]:
        while (chunk := await self._next()) is not None:
            yield chunk

    async def _next(self) -> bytes | None:
        try:
            chunk = await self._connection.next_chunk(self._timeout)
        except BaseException:
            self._abandon()
            raise
        if chunk is None and not self._done:
            self._done = True
            self._client.release(self._connection)
        return chunk

    async def aclose(self) -> None:
        self._abandon()

    def _abandon(self) -> None:
        if not self._done:
            self._done = True
            if self._connection.complete and not self._connection.chunks:
                self._client.release(self._connection)
            else:
                self._connection.close()


class UpstreamClient:
    """Keep-alive connections per origin (most recently used first) for one event loop."""

    def __init__(self) -> None:
        self._idle: dict[tuple[str, str, int], list[_Connection]] = {}
        self._tls: ssl.SSLContext | None = None

    async def post(
        self,
        url: str,
        body: bytes,
        headers: dict[str, str],
        *,
        connect_timeout: float,
        read_timeout: float,
        before_answer: asyncio.Future[Any] | None = None,
    ) -> Response:
        """Sends the request and waits for the answer's status and headers.

        `before_answer` is awaited once the request is written, before the answer is waited
        for: the caller's own work overlaps the backend's, and if it raises, the request is
        abandoned (its connection closed) and the error raised."""
        target = _target(url)
        head = _head(target, headers, len(body))
        for fresh in (False, True):
            connection, reused = await self._connection(target, connect_timeout, fresh=fresh)
            try:
                connection.send(head, body)
                if before_answer is not None:
                    await before_answer
                await connection.wait_head(read_timeout)
            except UpstreamClosed:
                connection.close()
                if reused and not connection.received:
                    continue  # a kept-alive connection the server had just closed: retry once
                raise
            except BaseException:
                connection.close()  # cancelled or timed out: the backend must see us go
                raise
            return Response(self, connection, read_timeout)
        raise AssertionError("unreachable: a fresh connection is never retried")

    async def _connection(
        self, target: _Target, timeout: float, *, fresh: bool
    ) -> tuple[_Connection, bool]:
        idle = self._idle.get(target.origin)
        if fresh and idle:
            while idle:  # one went stale under us: the others of that server may have too
                idle.pop().close()
        now = time.monotonic()
        while idle:
            connection = idle.pop()
            if not connection.closed and now - connection.idle_since < IDLE_SECONDS:
                return connection, True
            connection.close()
        return await self._open(target, timeout), False

    async def _open(self, target: _Target, timeout: float) -> _Connection:
        loop = asyncio.get_running_loop()
        tls = self._tls_context() if target.scheme == "https" else None
        try:
            async with asyncio.timeout(timeout):
                _, connection = await loop.create_connection(
                    lambda: _Connection(target.origin),
                    target.host,
                    target.port,
                    ssl=tls,
                    server_hostname=target.host if tls else None,
                )
        except TimeoutError:
            raise UpstreamConnectError(
                f"connecting to {target.host}:{target.port} took over {timeout:g} s"
            ) from None
        except OSError as error:
            raise UpstreamConnectError(f"{target.host}:{target.port}: {error}") from None
        return connection

    def _tls_context(self) -> ssl.SSLContext:
        if self._tls is None:
            import certifi

            # The system's trust store (where enterprises add their own CAs) and certifi's.
            self._tls = ssl.create_default_context()
            self._tls.load_verify_locations(certifi.where())
        return self._tls

    def release(self, connection: _Connection) -> None:
        if connection.closed or not connection.keep_alive:
            connection.close()
            return
        connection.busy = False
        connection.idle_since = time.monotonic()
        idle = self._idle.setdefault(connection.origin, [])
        idle.append(connection)
        if len(idle) > MAX_IDLE_PER_ORIGIN:
            idle.pop(0).close()


_clients: dict[int, UpstreamClient] = {}


def upstream_client() -> UpstreamClient:
    loop_id = id(asyncio.get_running_loop())
    client = _clients.get(loop_id)
    if client is None:
        client = _clients[loop_id] = UpstreamClient()
    return client


async def post_json(
    url: str, payload: dict[str, Any], headers: dict[str, str], *, timeout: float
) -> tuple[int, bytes]:
    """A small JSON exchange with a backend (e.g. /tokenize): its status and whole body."""
    response = await upstream_client().post(
        url, orjson.dumps(payload), headers, connect_timeout=timeout, read_timeout=timeout
    )
    try:
        return response.status_code, await response.aread()
    finally:
        await response.aclose()


def headers_for(backend: BackendConfig, request_id: str) -> dict[str, str]:
    headers = {
        "content-type": "application/json",
        "accept-encoding": "identity",
        "x-request-id": request_id,
    }
    if backend.api_key:
        headers["authorization"] = f"Bearer {backend.api_key}"
    return context_headers(headers)
