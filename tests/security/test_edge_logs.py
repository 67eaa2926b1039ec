"""No credential in the web process's log: the real uvicorn, with its access log on as
deployments run it, after keys, tickets and run tokens were put where they do not belong."""

from __future__ import annotations

import logging
import uuid
from pathlib import Path

import pytest
import redis as redis_lib
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect

from core.logging import REDACTED, redact, redact_record
from tests.factories import TenantFixture
from tests.security.edge_http import Request, send
from tests.support.processes import logged_asgi_server

TICKET = "T1ck3t-" + "q" * 36
RUN_TOKEN = f"lhrun_{uuid.uuid4()}_{'ab' * 32}"


def websocket(base: str, path: str) -> None:
    try:
        with connect(base.replace("http://", "ws://") + path, open_timeout=10) as ws:
            ws.recv(timeout=10)
    except (ConnectionClosed, InvalidStatus, TimeoutError):
        pass  # refused: what matters is what the server wrote about it


@pytest.mark.django_db(transaction=True)
def test_keys_in_urls_and_headers_never_reach_the_log(
    acme: TenantFixture, redis_client: redis_lib.Redis, tmp_path: Path
) -> None:
    log = tmp_path / "web.log"
    secret = acme.api_key.split("_", 2)[2]
    with logged_asgi_server(log) as base:
        websocket(base, f"/ws/runs/{uuid.uuid4()}?after=0&api_key={acme.api_key}")
        websocket(base, f"/ws/runs/{uuid.uuid4()}?ticket={TICKET}")
        for path in (
            f"/api/runs?api_key={acme.api_key}&status=queued",
            f"/v1/models?access_token={acme.api_key}",
            f"/api/runs/{acme.api_key}",  # a key pasted as a path: a 404 that Django logs
            f"/login/?next=/&password={TICKET}",
        ):
            send(base, Request("GET", path))
        send(base, Request("GET", "/v1/models", {"Authorization": f"Bearer {RUN_TOKEN}"}))
    text = log.read_text()

    assert secret not in text
    assert TICKET not in text
    assert RUN_TOKEN.rsplit("_", 1)[1] not in text
    # The lines are there, with the credential cut out
    assert f"GET /api/runs?api_key={REDACTED}&status=queued" in text
    assert f"?after=0&api_key={REDACTED}" in text
    assert f"ticket={REDACTED}" in text


@pytest.mark.parametrize(
    "line",
    [
        "Authorization: Bearer sk-live-abcdef0123456789",
        "{'authorization': 'Bearer abc.def.ghi', 'x': 1}",
        '{"api_key": "lh_0123456789_s3cr3t-value", "tier": "fast"}',
        "GET /cb?code=1&client_secret=s3cr3t-value&state=ok HTTP/1.1",
        "calling http://user:s3cr3t-value@host/x with token=s3cr3t-value",
        "key lh_0123456789_s3cr3t-value was revoked",
        "Cookie: sessionid=s3cr3t-value; csrftoken=abc",
    ],
)
def test_redaction_removes_the_credential_and_keeps_the_rest(line: str) -> None:
    redacted = redact(line)
    assert "s3cr3t-value" not in redacted
    assert "abcdef0123456789" not in redacted
    assert "abc.def.ghi" not in redacted
    assert REDACTED in redacted


def test_records_keep_their_argument_types_and_tracebacks_are_redacted() -> None:
    try:
        raise ValueError(f"upstream refused https://x.example/v1?api_key={TICKET}")
    except ValueError as error:
        record = logging.LogRecord(
            "uvicorn.access",
            logging.INFO,
            __file__,
            1,
            '%s - "%s %s" %d',
            ("127.0.0.1:5", "GET", f"/a?token={TICKET}", 200),
            None,
        )
        record.exc_info = (ValueError, error, error.__traceback__)
        redact_record(record)
    assert record.args == ("127.0.0.1:5", "GET", f"/a?token={REDACTED}", 200)
    assert record.getMessage().endswith(" 200")
    assert TICKET not in (record.exc_text or "")
    assert "upstream refused" in (record.exc_text or "")
    # Counts and other harmless values keep their text
    assert (
        redact("prompt_tokens=12 tokens per minute: 600")
        == "prompt_tokens=12 tokens per minute: 600"
    )
