"""Raw ASGI plumbing for /v1: no framework between the socket and the handler."""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass, field
from typing import Any

import orjson

from core.middleware import new_request_id, safe_request_id
from gateway.errors import ClientGone, GatewayError

Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]
JSON = b"application/json"


@dataclass
class Exchange:
    """One request in flight: its id, clocks and the headers the response will carry."""

    scope: Scope
    send: Send
    headers: dict[str, str]
    # The gateway's own id: the ledger's key, so no caller can make two requests one record.
    request_id: str
    # The caller's own id for the request (X-Client-Request-Id, or X-Request-Id), echoed back.
    client_request_id: str = ""
    started: float = field(default_factory=time.perf_counter)
    upstream_s: float = 0.0  # time spent waiting on the backend, excluded from overhead
    extra_headers: list[tuple[bytes, bytes]] = field(default_factory=list)
    response_started: bool = False
    status: int = 0
    overhead_at_start: float | None = None
    backend: Any = None  # the BackendState being tried, once one is chosen
    # Set just before the last body message: from then on the server reports the request as
    # "disconnected" although the client is fine, so a disconnect no longer means hang-up.
    finished: bool = False

    @classmethod
    def begin(cls, scope: Scope, send: Send) -> Exchange:
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        client_id = headers.get("x-client-request-id") or headers.get("x-request-id")
        return cls(scope, send, headers, new_request_id(None), safe_request_id(client_id))

    def elapsed_ms(self) -> float:
        return (time.perf_counter() - self.started) * 1000

    def overhead_ms(self) -> float:
        return max(0.0, self.elapsed_ms() - self.upstream_s * 1000)

    def add_header(self, name: str, value: str) -> None:
        self.extra_headers.append((name.encode("latin-1"), value.encode("latin-1")))

    async def start(
        self, status: int, content_type: bytes = JSON, length: int | None = None
    ) -> None:
        overhead = self.overhead_at_start = self.overhead_ms()
        headers = [
            (b"content-type", content_type),
            (b"x-request-id", self.request_id.encode()),
            (b"x-longhaul-overhead-ms", f"{overhead:.3f}".encode()),
            *self.extra_headers,
        ]
        if self.client_request_id:
            headers.append((b"x-client-request-id", self.client_request_id.encode()))
        if content_type == b"text/event-stream":
            headers += [(b"cache-control", b"no-cache"), (b"x-accel-buffering", b"no")]
        if length is not None:  # a whole body: no chunked framing
            headers.append((b"content-length", str(length).encode()))
        self.status = status
        self.response_started = True
        await self.send({"type": "http.response.start", "status": status, "headers": headers})

    async def respond(self, status: int, body: bytes, content_type: bytes = JSON) -> None:
        await self.start(status, content_type, len(body))
        self.finished = True
        await self.send({"type": "http.response.body", "body": body})

    async def end_stream(self) -> None:
        self.finished = True
        await self.send({"type": "http.response.body", "body": b"", "more_body": False})

    async def respond_json(self, status: int, payload: Any) -> None:
        await self.respond(status, orjson.dumps(payload))

    async def respond_error(self, error: GatewayError) -> None:
        if error.retry_after is not None:
            self.add_header("retry-after", str(error.retry_after))
        if error.allow is not None:
            self.add_header("allow", error.allow)
        if error.retry is not None:
            self.add_header("x-should-retry", "true" if error.retry else "false")
        await self.respond(error.status, error.body())


async def read_body(receive: Receive, headers: dict[str, str], limit: int) -> bytes:
    """The whole request body, refusing more than `limit` bytes before reading them all."""
    declared = headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit:
        raise too_large(limit)
    chunks: list[bytes] = []
    size = 0
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            raise ClientGone
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > limit:
            raise too_large(limit)
        chunks.append(chunk)
        if not message.get("more_body"):
            return b"".join(chunks)


def too_large(limit: int) -> GatewayError:
    return GatewayError(413, f"Request body exceeds {limit} bytes.", code="request_too_large")


def parse_json_object(raw: bytes) -> dict[str, Any]:
    try:
        value = orjson.loads(raw)
    except ValueError as error:
        raise GatewayError(
            400, f"Request body is not valid JSON: {error}", code="invalid_json"
        ) from None
    if not isinstance(value, dict):
        raise GatewayError(400, "Request body must be a JSON object.", code="invalid_json")
    return value
