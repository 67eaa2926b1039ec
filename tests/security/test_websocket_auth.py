"""`/ws/runs/{id}` authentication on the real ASGI server: no API key in a URL, and tickets that
work once, expire, and are bound to one run of one organization."""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Iterator
from typing import Any

import pytest
import redis as redis_lib
from django.core.cache import cache
from django.db import transaction
from django.test import Client
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import ClientConnection, connect

from runs.events import event_append
from runs.models import Run
from runs.services import run_start
from tests.factories import TenantFixture
from tests.runs.fixtures import runtime
from tests.runs.live import http
from tests.support.processes import asgi_server

__all__ = ["runtime"]
pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def server(transactional_db: None, redis_client: redis_lib.Redis, runtime: object) -> Iterator[str]:
    with asgi_server() as base:
        yield base


def new_run(tenant: TenantFixture) -> Run:
    run = run_start(organization=tenant.organization, workflow="effects", input={})
    with transaction.atomic():
        event_append(run_id=run.id, kind="test.tick", data={})
    return run


def socket(server: str, path: str, headers: dict[str, str] | None = None) -> ClientConnection:
    return connect(
        f"{server.replace('http://', 'ws://')}{path}",
        additional_headers=headers or {},
        open_timeout=10,
    )


def first_message(server: str, path: str, headers: dict[str, str] | None = None) -> Any:
    """The first event, or the close frame (code, reason) when the server refused."""
    with socket(server, path, headers) as ws:
        try:
            return json.loads(ws.recv(timeout=10))
        except ConnectionClosed as closed:
            frame = closed.rcvd
            return (frame.code, frame.reason) if frame else None


def mint(server: str, run: Run, key: str) -> dict[str, Any]:
    status, body = http("POST", f"{server}/api/runs/{run.id}/ws-ticket", key)
    assert status == 201, body
    return dict(body)


def test_an_api_key_in_the_url_is_refused_even_when_valid(acme: TenantFixture, server: str) -> None:
    run = new_run(acme)

    code, reason = first_message(server, f"/ws/runs/{run.id}?api_key={acme.api_key}")

    assert code == 4401
    assert "URL" in reason
    assert "Authorization" in reason
    # The same key in the header is accepted: the refusal is about where the key travels
    header = {"Authorization": f"Bearer {acme.api_key}"}
    assert first_message(server, f"/ws/runs/{run.id}", header)["kind"] == "run.created"


def test_a_ticket_works_once(acme: TenantFixture, server: str) -> None:
    run = new_run(acme)
    ticket = mint(server, run, acme.api_key)

    assert ticket["expires_in"] == 30
    assert ticket["url"] == f"/ws/runs/{run.id}?ticket={ticket['ticket']}"
    assert first_message(server, ticket["url"])["kind"] == "run.created"
    assert first_message(server, ticket["url"]) == (4401, "")


def ticket_key(ticket: str) -> str:
    return str(cache.make_key("ws-ticket:" + hashlib.sha256(ticket.encode()).hexdigest()))


def test_a_ticket_expires_and_is_stored_only_as_a_hash(
    acme: TenantFixture, server: str, redis_client: redis_lib.Redis
) -> None:
    run = new_run(acme)
    ticket = mint(server, run, acme.api_key)["ticket"]
    stored = ticket_key(ticket)

    ttl: Any = redis_client.ttl(stored)
    keys: Any = redis_client.keys("*")
    assert 0 < ttl <= 30
    assert not any(ticket.encode() in key for key in keys)
    redis_client.pexpire(stored, 1)  # the TTL runs out, as it would after 30 seconds
    while redis_client.exists(stored):
        # Until Redis (another process) expires the ticket.
        time.sleep(0.01)

    assert first_message(server, f"/ws/runs/{run.id}?ticket={ticket}") == (4401, "")


def test_a_ticket_is_bound_to_its_run_and_used_up_by_a_wrong_one(
    acme: TenantFixture, server: str
) -> None:
    run, other = new_run(acme), new_run(acme)
    ticket = mint(server, run, acme.api_key)["ticket"]

    assert first_message(server, f"/ws/runs/{other.id}?ticket={ticket}") == (4401, "")
    # Presented for the wrong run, it is spent: a thief gets one guess
    assert first_message(server, f"/ws/runs/{run.id}?ticket={ticket}") == (4401, "")


def test_tickets_never_cross_organizations(
    acme: TenantFixture, globex: TenantFixture, server: str
) -> None:
    acme_run, globex_run = new_run(acme), new_run(globex)

    status, _ = http("POST", f"{server}/api/runs/{acme_run.id}/ws-ticket", globex.api_key)
    globex_ticket = mint(server, globex_run, globex.api_key)["ticket"]

    assert status == 404
    assert first_message(server, f"/ws/runs/{acme_run.id}?ticket={globex_ticket}") == (4401, "")


def test_a_forged_ticket_and_a_missing_one_are_refused(acme: TenantFixture, server: str) -> None:
    run = new_run(acme)

    assert first_message(server, f"/ws/runs/{run.id}?ticket=forged") == (4401, "")
    assert first_message(server, f"/ws/runs/{run.id}?ticket=") == (4401, "")
    assert first_message(server, f"/ws/runs/{run.id}") == (4401, "")


def session_cookie(user: Any) -> str:
    client = Client()
    client.force_login(user)
    return f"sessionid={client.cookies['sessionid'].value}"


def test_browser_sessions_keep_working_from_an_allowed_origin_only(
    acme: TenantFixture, server: str
) -> None:
    run = new_run(acme)
    cookie = session_cookie(acme.member)

    own = first_message(server, f"/ws/runs/{run.id}", {"Cookie": cookie, "Origin": server})
    assert own["kind"] == "run.created"
    with pytest.raises(InvalidStatus, match="403"):
        first_message(
            server, f"/ws/runs/{run.id}", {"Cookie": cookie, "Origin": "https://evil.example"}
        )
