"""Websockets opened before a revocation are closed after it, on the real ASGI server (uvicorn).

Each socket is open and has received its first event before the key is revoked, the person
removed, deactivated or signed out; each is then closed with 4401 within a bounded wait (the
test settings' key cache window is one second). A socket whose credential still holds is left
open and keeps receiving events, so the closes are not the server dropping everyone.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from datetime import timedelta

import pytest
import redis as redis_lib
from django.contrib.auth import get_user_model
from django.db import transaction
from django.test import Client
from django.utils import timezone
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection

from accounts.keys import parse_key
from accounts.models import ApiKey, Membership
from accounts.selectors import api_key_authenticate, invalidate_cached_key
from accounts.services import api_key_create, api_key_revoke
from accounts.sockets import credential_of_key, credential_valid
from runs.events import event_append
from runs.models import Run
from tests.dashboard.test_document_progress import make_document, open_progress
from tests.factories import TenantFixture, operator
from tests.runs.fixtures import runtime
from tests.security.test_websocket_auth import mint, new_run, socket
from tests.support.processes import asgi_server

__all__ = ["runtime"]
pytestmark = pytest.mark.django_db(transaction=True)
WAIT_SECONDS = 30  # a bound for a slow machine, never a measure


@pytest.fixture(scope="module")
def live(django_db_setup: None) -> Iterator[str]:
    """One server for the module (its start is most of these tests' cost); each test's rows are
    its own, emptied between tests like any transactional test's."""
    with asgi_server() as base:
        yield base


@pytest.fixture
def server(live: str, redis_client: redis_lib.Redis, runtime: object) -> str:
    return live


def signed_in(user: object) -> tuple[Client, str]:
    client = Client()
    client.force_login(user)  # type: ignore[arg-type]
    return client, f"sessionid={client.cookies['sessionid'].value}"


def opened(server: str, run: Run, headers: dict[str, str]) -> ClientConnection:
    """A socket that has received the run's first event: it is open and subscribed."""
    ws = socket(server, f"/ws/runs/{run.id}", headers)
    assert json.loads(ws.recv(timeout=10))["kind"] == "run.created"
    return ws


def close_code(ws: ClientConnection) -> int | None:
    """The code the server closes `ws` with, waiting at most WAIT_SECONDS; None if it stays open."""
    deadline = time.monotonic() + WAIT_SECONDS
    while time.monotonic() < deadline:
        try:
            ws.recv(timeout=0.5)
        except TimeoutError:
            continue
        except ConnectionClosed as closed:
            return closed.rcvd.code if closed.rcvd else None
    return None


def still_streams(ws: ClientConnection, run: Run) -> bool:
    """Whether `ws` receives an event appended now (after the backfill it may still be reading)."""
    with transaction.atomic():
        event = event_append(run_id=run.id, kind="test.after", data={})
    while (message := json.loads(ws.recv(timeout=10)))["seq"] < event.seq:
        continue
    return bool(message["kind"] == "test.after")


def revoke(plaintext: str) -> None:
    parsed = parse_key(plaintext)
    assert parsed is not None
    api_key_revoke(
        actor=operator(ApiKey.objects.get(prefix=parsed.prefix).organization),
        api_key=ApiKey.objects.get(prefix=parsed.prefix),
    )


def test_revoking_a_key_closes_its_sockets_and_those_opened_with_its_tickets(
    acme: TenantFixture, server: str
) -> None:
    run = new_run(acme)
    other_key = api_key_create(actor=operator(acme.organization), name="other").plaintext
    by_header = opened(server, run, {"Authorization": f"Bearer {acme.api_key}"})
    by_ticket = socket(server, mint(server, run, acme.api_key)["url"])
    assert json.loads(by_ticket.recv(timeout=10))["kind"] == "run.created"
    bystander = opened(server, run, {"Authorization": f"Bearer {other_key}"})

    revoke(acme.api_key)

    assert close_code(by_header) == 4401
    assert close_code(by_ticket) == 4401
    assert still_streams(bystander, run)
    bystander.close()


def test_removing_a_member_or_deactivating_a_person_closes_their_sockets(
    acme: TenantFixture, server: str
) -> None:
    run = new_run(acme)
    _, member_cookie = signed_in(acme.member)
    _, reviewer_cookie = signed_in(acme.reviewer)
    _, owner_cookie = signed_in(acme.owner)
    member = opened(server, run, {"Cookie": member_cookie, "Origin": server})
    # A ticket minted in the reviewer's session stays bound to that person
    client, _ = signed_in(acme.reviewer)
    ticket = client.post(f"/api/runs/{run.id}/ws-ticket").json()["url"]
    reviewer = opened(server, run, {"Cookie": reviewer_cookie, "Origin": server})
    reviewer_ticket = socket(server, ticket)
    assert json.loads(reviewer_ticket.recv(timeout=10))["kind"] == "run.created"
    owner = opened(server, run, {"Cookie": owner_cookie, "Origin": server})
    progress = open_progress(server, make_document(acme).id, acme.member)
    assert json.loads(progress.recv(timeout=10))["status"] == "processing"

    Membership.objects.filter(user=acme.member, organization=acme.organization).delete()
    get_user_model().objects.filter(id=acme.reviewer.id).update(is_active=False)

    assert close_code(member) == 4401
    assert close_code(progress) == 4401
    assert close_code(reviewer) == 4401
    assert close_code(reviewer_ticket) == 4401
    assert still_streams(owner, run)
    owner.close()


def test_signing_out_or_changing_the_password_closes_the_sessions_sockets(
    acme: TenantFixture, server: str
) -> None:
    run = new_run(acme)
    member_client, member_cookie = signed_in(acme.member)
    _, owner_cookie = signed_in(acme.owner)
    signed_out = opened(server, run, {"Cookie": member_cookie, "Origin": server})
    password_changed = opened(server, run, {"Cookie": owner_cookie, "Origin": server})

    member_client.logout()
    acme.owner.set_password("a new and different passphrase")
    acme.owner.save()

    assert close_code(signed_out) == 4401
    assert close_code(password_changed) == 4401
    # The owner signs in again with the new password: a new session streams as before
    client = Client()
    assert client.login(username=acme.owner.username, password="a new and different passphrase")
    fresh = opened(
        server, run, {"Cookie": f"sessionid={client.cookies['sessionid'].value}", "Origin": server}
    )
    assert still_streams(fresh, run)
    fresh.close()


def test_a_key_sockets_credential_ends_when_the_key_loses_the_scope_or_expires(
    acme: TenantFixture, redis_client: redis_lib.Redis
) -> None:
    created = api_key_create(actor=operator(acme.organization), name="narrowed", scopes=["runs"])
    credential = credential_of_key(api_key_authenticate(created.plaintext), scope="runs")
    rows = ApiKey.objects.filter(id=created.api_key.id)
    assert credential_valid(credential)

    # Edited in the admin: the change reaches sockets when the cached key ages out
    rows.update(scopes=["memory"])
    invalidate_cached_key(created.api_key.prefix)
    assert not credential_valid(credential)
    rows.update(scopes=["runs"], expires_at=timezone.now() - timedelta(seconds=1))
    invalidate_cached_key(created.api_key.prefix)
    assert not credential_valid(credential)
    rows.update(expires_at=None)
    invalidate_cached_key(created.api_key.prefix)
    assert credential_valid(credential)
