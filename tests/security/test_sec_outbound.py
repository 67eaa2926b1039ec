"""Outbound URLs: every form that reaches the platform's own network, or that no delivery could
use, is refused when it is given; a delivery that fails in any way (a URL stored before these
checks, a reset, an answer PostgreSQL cannot store) is recorded with its error, counted, and
given up after the attempt limit, by a real Celery worker that stays responsive."""

from __future__ import annotations

import json
import re
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from django.db import transaction
from rest_framework.test import APIClient

from agents.outbound import OutboundPolicy, UnsafeURL, post, validate_url
from tests.approvals.receiver import receiver
from tests.factories import TenantFixture
from tests.support.processes import celery_worker
from webhooks.models import DeliveryStatus, WebhookDelivery, WebhookEndpoint
from webhooks.services import webhook_event_emit

REFUSED = {
    "https://hooks.example.com:99999/x": "port",
    "https://hooks.example.com:0/x": "port",
    "https://hooks.example.com:+443/x": "port",
    "https://hooks.example.com:\uff18\uff10/x": "port",  # full-width digits
    "https://hooks.example.com:/x": "port",
    "http://0x7f.1/": "unusual form",
    "http://2130706433/": "unusual form",
    "http://127.1/": "unusual form",
    "http://0177.0.0.1/": "unusual form",
    "http://1.2.3.4.5/": "unusual form",
    "http://\uff11\uff12\uff17.\uff10.\uff10.\uff11/": "not a public address",  # full-width
    "http://127.0.0.1/": "not a public address",
    "http://10.0.0.5/": "not a public address",
    "http://100.100.100.200/": "not a public address",  # a cloud's metadata, in CGNAT space
    "http://169.254.169.254/latest/meta-data": "not a public address",
    "http://[::1]/": "not a public address",
    "http://[::ffff:127.0.0.1]/": "not a public address",
    "http://[::ffff:7f00:1]/": "not a public address",
    "http://[64:ff9b::a9fe:a9fe]/": "not a public address",  # NAT64 of the metadata address
    "http://[2002:7f00:1::]/": "not a public address",  # 6to4 of loopback
    "http://[fd00:ec2::254]/": "not a public address",
    "http://[fe80::1%25eth0]/": "zone",
    "http://[::1/": "cannot be read",
    "http://localhost/": "single-label",
    "http://localhost./": "single-label",
    "http://\u24dbocalhost/": "single-label",  # a circled l maps to localhost
    "http://api.localhost/": "own network",
    "http://metadata.google.internal/computeMetadata/v1/": "own network",
    "http://printer.local/": "own network",
    "http://redis:6379/": "single-label",
    "https://user:pw@hooks.example.com/": "credentials",
    "https://hooks.example.com@127.0.0.1/": "credentials",
    "https://hooks.example.com\\@127.0.0.1/": "backslash",
    "https://hooks.exa mple.com/": "spaces",
    "https://hooks.example.com/\r\nX-Injected: 1": "control",
    "ftp://hooks.example.com/": "http",
    "file:///etc/passwd": "http",
    "javascript:alert(1)": "http",
    "https://xn--zz.example/": "not a valid name",
    "https://a_b.example/": "not a valid name",
    "http:///path-only": "no host",
    "https://" + "a" * 1990 + ".example/": "longer than",
}


@pytest.mark.parametrize("url", sorted(REFUSED))
def test_an_outbound_url_in_any_unsafe_form_is_refused_saying_why(url: str) -> None:
    with pytest.raises(UnsafeURL, match=REFUSED[url]):
        validate_url(url)


def test_ordinary_urls_pass_in_canonical_form_and_an_allowed_receiver_is_named() -> None:
    assert validate_url("https://hooks.example.com/h?a=1").url == (
        "https://hooks.example.com:443/h?a=1"
    )
    assert validate_url("https://B\u00fccher.example/x").host == "xn--bcher-kva.example"
    assert validate_url("http://8.8.8.8:8080/").host_header == "8.8.8.8:8080"
    assert validate_url("https://[2606:4700::1111]/").host == "2606:4700::1111"
    allowed = OutboundPolicy.of(["127.0.0.1:9000"])
    assert validate_url("http://127.0.0.1:9000/h", allowed).port == 9000
    with pytest.raises(UnsafeURL, match="not a public address"):
        validate_url("http://127.0.0.1:9001/h", allowed)  # the allowance names the port
    with pytest.raises(UnsafeURL, match="https"):
        validate_url("http://hooks.example.com/", OutboundPolicy(require_https=True))


@pytest.mark.parametrize("url", ["https://hooks.example.com:99999/", "http://[::1", 42, None])
def test_sending_to_a_bad_url_returns_the_error_and_never_raises(url: Any) -> None:
    answer = post(url, b"{}", {}, policy=OutboundPolicy(), timeout=1.0)
    assert answer.status_code is None
    assert answer.error


@pytest.mark.django_db
def test_the_webhook_api_refuses_unsafe_urls_on_create_and_change(acme: TenantFixture) -> None:
    client = APIClient()
    client.force_login(acme.owner)
    for url in ("https://hooks.example.com:99999/x", "http://2130706433/", "http://[::1]/"):
        refused = client.post("/api/webhooks", {"url": url, "event_types": ["*"]}, format="json")
        assert refused.status_code == 400, (url, refused.content)
    made = client.post(
        "/api/webhooks", {"url": "https://hooks.acme.example/in", "event_types": ["*"]}
    )
    assert made.status_code == 201, made.content
    changed = client.patch(
        f"/api/webhooks/{made.json()['id']}", {"url": "http://0x7f.1:99999/"}, format="json"
    )
    assert changed.status_code == 400
    assert WebhookEndpoint.objects.get().url == "https://hooks.acme.example/in"


@contextmanager
def raw_server(answer: bytes | None) -> Iterator[str]:
    """Answers every connection with `answer` as it is (None: closes without a word)."""
    listener = socket.create_server(("127.0.0.1", 0))
    stop = threading.Event()

    def serve() -> None:
        listener.settimeout(0.2)
        while not stop.is_set():
            try:
                connection, _ = listener.accept()
            except TimeoutError:
                continue
            with connection:
                _read_request(connection)
                if answer is not None:
                    connection.sendall(answer)

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{listener.getsockname()[1]}/hook"
    finally:
        stop.set()
        thread.join()
        listener.close()


def _read_request(connection: socket.socket) -> None:
    """The whole request, body included: a socket closed with unread bytes sends a reset, and
    the client would then see "connection reset" instead of a server that hung up."""
    connection.settimeout(5)
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = connection.recv(65536)
        if not chunk:
            return
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    length = re.search(rb"(?im)^content-length:\s*(\d+)", head)
    while length and len(body) < int(length[1]):
        chunk = connection.recv(65536)
        if not chunk:
            return
        body += chunk


def wait_until_delivered(timeout: float = 60.0) -> list[WebhookDelivery]:
    deadline = time.monotonic() + timeout
    while WebhookDelivery.objects.filter(status=DeliveryStatus.PENDING).exists():
        if time.monotonic() > deadline:
            pending = list(WebhookDelivery.objects.filter(status=DeliveryStatus.PENDING))
            raise AssertionError(f"still pending: {[(d.id, d.attempts) for d in pending]}")
        # Until the worker (another process) delivers the webhooks.
        time.sleep(0.1)
    return list(WebhookDelivery.objects.select_related("endpoint").order_by("id"))


@pytest.mark.django_db(transaction=True)
def test_every_delivery_failure_is_recorded_counted_and_given_up_on_a_real_worker(
    acme: TenantFixture,
) -> None:
    nul_answer = b"HTTP/1.1 500 Oops\r\nContent-Length: 7\r\nConnection: close\r\n\r\nab\x00cd\xff!"
    org = acme.organization
    with (
        raw_server(nul_answer) as nul_url,
        raw_server(None) as reset_url,
        receiver() as good,
        celery_worker(
            concurrency=1,
            LONGHAUL_AGENT_MODEL_URL="unused",
            LONGHAUL_WEBHOOK_ALLOWED_PRIVATE_HOSTS="127.0.0.1",
            LONGHAUL_WEBHOOK_MAX_ATTEMPTS="3",
            LONGHAUL_WEBHOOK_RETRY_FIRST_SECONDS="0.2",
            LONGHAUL_WEBHOOK_TIMEOUT_SECONDS="2",
        ) as worker,
    ):
        # Given: a URL stored before URLs were checked, a receiver that answers a NUL byte, one
        # that hangs up, and a good one
        for url in ("https://hooks.example.com:99999/x", nul_url, reset_url, good.url):
            WebhookEndpoint.objects.create(
                organization=org, url=url, event_types=["*"], secret_ciphertext=_secret()
            )
        # When: an event is delivered to all of them
        with transaction.atomic():
            webhook_event_emit(organization_id=org.id, type="run.failed", data={"run": "r1"})
        deliveries = wait_until_delivered()
        assert worker.poll() is None  # the worker never crashed

    # Then: each failure was recorded on every attempt and given up at the limit
    by_url = {delivery.endpoint.url: delivery for delivery in deliveries}
    for url, why in (
        ("https://hooks.example.com:99999/x", "port"),
        (nul_url, ""),
        (reset_url, "disconnected"),
    ):
        delivery = by_url[url]
        assert delivery.status == DeliveryStatus.FAILED, (url, delivery.last_error)
        assert delivery.attempts == 3
        assert delivery.attempt_log.count() == 3
        assert delivery.completed_at is not None
        assert why in delivery.last_error
    assert by_url[nul_url].last_status_code == 500
    excerpts = {attempt.response_excerpt for attempt in by_url[nul_url].attempt_log.all()}
    assert excerpts == {"ab\ufffdcd\ufffd!"}
    assert by_url[reset_url].last_error
    assert by_url["https://hooks.example.com:99999/x"].last_error
    assert by_url[good.url].status == DeliveryStatus.SUCCEEDED
    assert json.loads(good.received[0].body)["type"] == "run.failed"


def _secret() -> str:
    from core.secrets import encrypt_secret

    return encrypt_secret("whsec_test")
