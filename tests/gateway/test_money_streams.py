# mypy: disable-error-code="union-attr"
"""Streams and hang-ups: a client that closes right after `[DONE]` was served and pays for the
whole answer; one that hangs up mid-stream is recorded as `client_closed` and pays for what was
relayed to it."""

from __future__ import annotations

import json
import socket
import struct
from datetime import timedelta
from decimal import Decimal

import pytest
from django.utils import timezone

from gateway.models import UsageRecord
from inference.models import Backend
from tests.factories import TenantFixture
from tests.gateway.conftest import Backends, wait_for
from tests.gateway.test_money_prices import set_price

pytestmark = pytest.mark.django_db(transaction=True)

ANSWER = " ".join(f"word{i}" for i in range(30))


def _priced(backend: Backend) -> None:
    set_price(backend.tier, "2", "8", at=timezone.now() - timedelta(days=1))


def _open_stream(base: str, key: str, request_id: str) -> socket.socket:
    """A raw HTTP/1.1 client, so the test decides exactly when the connection closes."""
    body = json.dumps(
        {"model": "standard", "stream": True, "messages": [{"role": "user", "content": "hi"}]}
    ).encode()
    host, port = base.removeprefix("http://").split(":")
    head = (
        f"POST /v1/chat/completions HTTP/1.1\r\nHost: {host}\r\n"
        f"Authorization: Bearer {key}\r\nX-Request-Id: {request_id}\r\n"
        f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n"
    ).encode()
    conn = socket.create_connection((host, int(port)), timeout=15)
    conn.sendall(head + body)
    return conn


def _read_until(conn: socket.socket, done: bytes = b"", words: int = 0) -> bytes:
    received = b""
    while not (done and done in received) and not (words and received.count(b"word") >= words):
        chunk = conn.recv(65536)
        if not chunk:
            raise AssertionError(f"the stream ended early: {received[-300:]!r}")
        received += chunk
    return received


def _hang_up(conn: socket.socket) -> None:
    # An abortive close (RST), the most abrupt way a client can leave.
    conn.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    conn.close()


def _cost(record: UsageRecord) -> Decimal:
    return (record.prompt_tokens * Decimal(2) + record.completion_tokens * Decimal(8)) / 10**6


def test_a_client_that_closes_right_after_done_is_billed_as_completed(
    gateway: str, acme: TenantFixture, backends: Backends
) -> None:
    fake, backend = backends.add("standard")
    fake.script = [{"content": ANSWER}]
    _priced(backend)
    backends.settle()

    # When: five clients each read up to [DONE] and hang up at once.
    for n in range(5):
        conn = _open_stream(gateway, acme.api_key, f"done-then-close-{n}")
        received = _read_until(conn, done=b"data: [DONE]")
        _hang_up(conn)
        assert received.count(b"word") == 30
    records = wait_for(
        lambda: list(UsageRecord.objects.all()) if UsageRecord.objects.count() == 5 else None
    )

    # Then: each one served in full, billed for the whole answer.
    for record in records:
        assert (record.status, record.error_code) == (200, "")
        assert record.completion_tokens == 30
        assert record.cost == _cost(record)
        assert record.cost > 0


def test_a_client_that_hangs_up_mid_stream_pays_for_what_was_relayed(
    gateway: str, acme: TenantFixture, backends: Backends
) -> None:
    fake, backend = backends.add("standard")
    fake.script = [{"content": ANSWER}]
    fake.chunk_delay_s = 0.2  # six seconds for the whole answer
    _priced(backend)
    backends.settle()

    # When: the client reads three words and hangs up.
    conn = _open_stream(gateway, acme.api_key, "mid-stream-close")
    received = _read_until(conn, words=3)
    _hang_up(conn)
    record = wait_for(
        lambda: UsageRecord.objects.filter(client_request_id="mid-stream-close").first()
    )

    # Then: recorded as cut short by the client, billed for the words relayed before it left.
    assert b"[DONE]" not in received
    assert (record.status, record.error_code) == (499, "client_closed")
    assert 3 <= record.completion_tokens < 30
    assert record.prompt_tokens > 0
    assert record.cost == _cost(record)
