"""`/ws/documents/{id}` on the real ASGI server: a signed-in browser session sees its own
organization's documents only, the current state first and then each progress update."""

from __future__ import annotations

import json

import pytest
from django.test import Client
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from accounts.models import User
from memory.events import publish_progress_on_commit
from memory.models import Document, DocumentStatus
from tests.factories import TenantFixture

pytestmark = pytest.mark.django_db(transaction=True)


def make_document(tenant: TenantFixture) -> Document:
    return Document.objects.create(
        organization=tenant.organization,
        title="handbook.md",
        media_type="text/markdown",
        size_bytes=10,
        sha256="a" * 64,
        status=DocumentStatus.PROCESSING,
        progress=40,
    )


def open_progress(base: str, document_id: int, user: User | None) -> ClientConnection:
    headers = {}
    if user is not None:
        client = Client()
        client.force_login(user)
        headers["Cookie"] = f"sessionid={client.cookies['sessionid'].value}"
    url = f"{base.replace('http://', 'ws://')}/ws/documents/{document_id}"
    return connect(url, additional_headers=headers, origin=base, open_timeout=10)  # type: ignore[arg-type]


def test_progress_starts_with_the_current_state_then_follows_updates(
    acme: TenantFixture, live_server_url: str, redis_client: object
) -> None:
    document = make_document(acme)
    with open_progress(live_server_url, document.id, acme.member) as socket:
        first = json.loads(socket.recv(timeout=10))
        document.status, document.progress = DocumentStatus.READY, 100
        document.save(update_fields=["status", "progress"])
        publish_progress_on_commit(document)
        update = json.loads(socket.recv(timeout=10))

    assert (first["status"], first["percent"]) == ("processing", 40)
    assert (update["status"], update["percent"]) == ("ready", 100)


@pytest.mark.parametrize(("who", "code"), [("owner", 4404), (None, 4401)])
def test_another_organizations_document_and_anonymous_visitors_are_refused(
    acme: TenantFixture,
    globex: TenantFixture,
    live_server_url: str,
    redis_client: object,
    who: str | None,
    code: int,
) -> None:
    theirs = make_document(globex)
    user = getattr(acme, who) if who else None

    with (
        open_progress(live_server_url, theirs.id, user) as socket,
        pytest.raises(ConnectionClosed) as closed,
    ):
        socket.recv(timeout=10)

    assert closed.value.rcvd is not None
    assert closed.value.rcvd.code == code
