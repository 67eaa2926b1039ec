"""`/ws/runs/{id}` on the real ASGI server: backfill, live events, reconnect without gaps or
duplicates, and tenant checks."""

from __future__ import annotations

import json
import threading

import pytest
from django.db import connection, transaction
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from runs.events import event_append
from runs.models import Run
from runs.services import run_start
from tests.factories import TenantFixture
from tests.runs.live import open_events
from tests.support.processes import asgi_server


def append(run: Run, count: int, kind: str = "test.tick") -> None:
    for _ in range(count):
        with transaction.atomic():
            event_append(run_id=run.id, kind=kind, data={})


def seqs(socket: object, count: int) -> list[int]:
    return [json.loads(socket.recv(timeout=15))["seq"] for _ in range(count)]  # type: ignore[attr-defined]


@pytest.fixture
def server(transactional_db: None, redis_client: object, runtime: object) -> object:
    with asgi_server() as base:
        yield base


@pytest.mark.django_db(transaction=True)
def test_a_reconnecting_client_gets_exactly_the_missed_events(
    acme: TenantFixture, server: str
) -> None:
    run = run_start(organization=acme.organization, workflow="effects", input={})
    with open_events(server, str(run.id), acme.api_key) as socket:
        assert seqs(socket, 1) == [1]  # backfill: run.created
        append(run, 4)
        assert seqs(socket, 4) == [2, 3, 4, 5]  # live

    append(run, 4)  # while the client is away

    def produce() -> None:
        append(run, 20)
        connection.close()

    producer = threading.Thread(target=produce)
    with open_events(server, str(run.id), acme.api_key, after=5) as socket:
        producer.start()  # events keep coming while the backfill is being sent
        received = seqs(socket, 24)
        producer.join()
        with pytest.raises(TimeoutError):
            socket.recv(timeout=1)

    assert received == list(range(6, 30))


def close_code(server: str, run: Run, key: str, after: str = "0") -> int | None:
    with (
        open_events(server, str(run.id), key, after=after) as socket,  # type: ignore[arg-type]
        pytest.raises(ConnectionClosed) as closed,
    ):
        socket.recv(timeout=10)
    return closed.value.rcvd.code if closed.value.rcvd else None


@pytest.mark.django_db(transaction=True)
def test_the_socket_is_refused_for_other_organizations_and_bad_keys(
    acme: TenantFixture, globex: TenantFixture, server: str
) -> None:
    run = run_start(organization=acme.organization, workflow="effects", input={})
    assert close_code(server, run, globex.api_key) == 4404
    assert close_code(server, run, "lh_0123456789_wrong") == 4401
    assert close_code(server, run, acme.api_key, after="x") == 4400


def connect_with_origin(server: str, run: Run, key: str, origin: str | None) -> ClientConnection:

    headers = {"Authorization": f"Bearer {key}"}
    if origin is not None:
        headers["Origin"] = origin
    url = f"{server.replace('http://', 'ws://')}/ws/runs/{run.id}?after=0"
    return connect(url, additional_headers=headers, open_timeout=10)


@pytest.mark.django_db(transaction=True)
def test_systems_without_an_origin_connect_but_foreign_browser_origins_are_refused(
    acme: TenantFixture, server: str
) -> None:
    from websockets.exceptions import InvalidStatus

    run = run_start(organization=acme.organization, workflow="effects", input={})
    append(run, 2)
    with connect_with_origin(server, run, acme.api_key, origin=None) as socket:
        assert seqs(socket, 2)[-1] >= 2
    with pytest.raises(InvalidStatus):
        connect_with_origin(server, run, acme.api_key, origin="https://evil.example")
