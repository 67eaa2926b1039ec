"""`/ws/runs/{id}` on the real ASGI server: backfill, live events, reconnect without gaps or
duplicates, tenant checks, and the fan-out inside the server process: one Redis message per
event however many sockets, sockets that leave stop costing anything, no socket ever sees
another organization's run, a socket that does not read delays no other."""

from __future__ import annotations

import json
import re
import socket as sockets
import threading
import time
import urllib.request
from collections.abc import Iterator
from contextlib import ExitStack
from typing import Any

import pytest
from channels.layers import get_channel_layer
from django.db import connection, transaction
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from core.fanout import FanoutChannelLayer
from runs.events import event_append, run_group
from runs.models import Run
from runs.services import run_start
from tests.factories import TenantFixture
from tests.runs.live import open_events
from tests.support.processes import asgi_server


def append(
    run: Run, count: int, kind: str = "test.tick", data: dict[str, Any] | None = None
) -> None:
    for _ in range(count):
        with transaction.atomic():
            event_append(run_id=run.id, kind=kind, data=data or {})


def seqs(socket: object, count: int) -> list[int]:
    return [json.loads(socket.recv(timeout=15))["seq"] for _ in range(count)]  # type: ignore[attr-defined]


@pytest.fixture(scope="module")
def server_url(django_db_setup: None, django_db_blocker: Any) -> Iterator[str]:
    with django_db_blocker.unblock(), asgi_server() as base:
        yield base


@pytest.fixture
def server(server_url: str, transactional_db: None, redis_client: object, runtime: object) -> str:
    return server_url


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


def live_metric(server: str, name: str) -> float:
    with urllib.request.urlopen(f"{server}/metrics", timeout=10) as reply:
        text = reply.read().decode()
    found = re.search(rf"^{name} (\S+)$", text, re.MULTILINE)
    return float(found.group(1)) if found else 0.0


def subscribers(redis_client: Any, run: Run) -> int:
    """The connections Redis delivers this run's events to (the server's process: one)."""
    layer = get_channel_layer()
    assert isinstance(layer, FanoutChannelLayer)
    return int(redis_client.pubsub_numsub(layer.prefix + run_group(run.id))[0][1])


def eventually_subscribers(redis_client: Any, run: Run, expected: int) -> None:
    deadline = time.monotonic() + 10
    while subscribers(redis_client, run) != expected and time.monotonic() < deadline:
        # Until the ASGI server (another process) subscribes in Redis.
        time.sleep(0.01)
    assert subscribers(redis_client, run) == expected


def open_many(stack: ExitStack, server: str, run: Run, key: str, count: int) -> list[Any]:
    """`count` sockets on the run, each past its backfill (run.created), the subscription live."""
    opened = [stack.enter_context(open_events(server, str(run.id), key)) for _ in range(count)]
    for socket in opened:
        assert seqs(socket, 1) == [1]
    return opened


@pytest.mark.django_db(transaction=True)
def test_many_sockets_in_one_process_take_one_redis_message_per_event(
    acme: TenantFixture, server: str, redis_client: Any
) -> None:
    run = run_start(organization=acme.organization, workflow="effects", input={})
    with ExitStack() as stack:
        opened = open_many(stack, server, run, acme.api_key, 20)
        eventually_subscribers(redis_client, run, 1)
        messages = live_metric(server, "longhaul_live_messages_total")
        deliveries = live_metric(server, "longhaul_live_deliveries_total")

        append(run, 5)

        for socket in opened:
            assert seqs(socket, 5) == [2, 3, 4, 5, 6]
        assert subscribers(redis_client, run) == 1
        assert live_metric(server, "longhaul_live_messages_total") - messages == 5
        assert live_metric(server, "longhaul_live_deliveries_total") - deliveries == 100


@pytest.mark.django_db(transaction=True)
def test_a_socket_that_disconnects_is_removed(
    acme: TenantFixture, server: str, redis_client: Any
) -> None:
    run = run_start(organization=acme.organization, workflow="effects", input={})
    with ExitStack() as stack:
        leaving, *staying = open_many(stack, server, run, acme.api_key, 3)
        leaving.close()
        append(run, 1)  # after the server has seen the close: it answers the next handshake
        with open_events(server, str(run.id), acme.api_key, after=2):
            pass
        deliveries = live_metric(server, "longhaul_live_deliveries_total")

        append(run, 2)

        for socket in staying:
            assert seqs(socket, 3) == [2, 3, 4]
        assert live_metric(server, "longhaul_live_deliveries_total") - deliveries == 2 * 2
    eventually_subscribers(redis_client, run, 0)  # the last socket gone, so is the subscription


@pytest.mark.django_db(transaction=True)
def test_a_socket_never_receives_another_organizations_run(
    acme: TenantFixture, globex: TenantFixture, server: str, redis_client: Any
) -> None:
    ours = run_start(organization=acme.organization, workflow="effects", input={})
    theirs = run_start(organization=globex.organization, workflow="effects", input={})
    with ExitStack() as stack:
        [acme_socket] = open_many(stack, server, ours, acme.api_key, 1)
        [globex_socket] = open_many(stack, server, theirs, globex.api_key, 1)
        eventually_subscribers(redis_client, ours, 1)
        eventually_subscribers(redis_client, theirs, 1)

        for _ in range(3):  # interleaved, in one process: only the order sets them apart
            append(ours, 1, kind="acme.tick")
            append(theirs, 1, kind="globex.tick")
        append(ours, 1, kind="acme.last")
        append(theirs, 1, kind="globex.last")

        acme_kinds = [json.loads(acme_socket.recv(timeout=15))["kind"] for _ in range(4)]
        globex_kinds = [json.loads(globex_socket.recv(timeout=15))["kind"] for _ in range(4)]
    assert acme_kinds == ["acme.tick"] * 3 + ["acme.last"]
    assert globex_kinds == ["globex.tick"] * 3 + ["globex.last"]


def stalled_socket(server: str, run: Run, key: str) -> ClientConnection:
    """A client that reads nothing: a one-frame buffer, a small TCP receive window, and no
    compression (which would shrink what the server has to get rid of)."""
    host, port = server.removeprefix("http://").split(":")
    raw = sockets.socket()
    raw.setsockopt(sockets.SOL_SOCKET, sockets.SO_RCVBUF, 4096)
    raw.connect((host, int(port)))
    url = f"ws://{host}:{port}/ws/runs/{run.id}?after=0"
    headers = {"Authorization": f"Bearer {key}"}
    return connect(
        url,
        sock=raw,
        additional_headers=headers,
        compression=None,
        max_queue=1,
        open_timeout=10,
        close_timeout=0,
    )


@pytest.mark.django_db(transaction=True)
def test_a_socket_that_does_not_read_does_not_stall_the_others(
    acme: TenantFixture, server: str, redis_client: Any
) -> None:
    run = run_start(organization=acme.organization, workflow="effects", input={})
    bulky = {"text": "x" * 800_000}  # a dozen overflow the buffers between server and client
    with ExitStack() as stack:
        stack.enter_context(stalled_socket(server, run, acme.api_key))
        [reading] = open_many(stack, server, run, acme.api_key, 1)

        append(run, 12, data=bulky)

        assert seqs(reading, 12) == list(range(2, 14))
