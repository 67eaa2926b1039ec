"""Request bodies bounded before they reach disk, and REST calls bounded per key and per
address, on the real uvicorn: each attack is answered before its body is read, in the route's
own error format, and the rightful request still goes through."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import UTC, datetime

import pytest
import redis as redis_lib

from tests.factories import TenantFixture
from tests.runs.live import multipart, tarball_bytes
from tests.security.edge_http import Reply, Request, send
from tests.support.clock import FrozenClock
from tests.support.processes import asgi_server

pytestmark = pytest.mark.django_db(transaction=True)

MIB = 1024 * 1024
LIMITS = {
    "LONGHAUL_MAX_WORKSPACE_BYTES": str(1 * MIB),
    "LONGHAUL_MAX_JSON_BODY_BYTES": str(256 * 1024),
    "LONGHAUL_MAX_FORM_BODY_BYTES": str(64 * 1024),
    "LONGHAUL_GATEWAY_MAX_BODY_BYTES": str(256 * 1024),
    "LONGHAUL_REST_KEY_RPM": "6",
    "LONGHAUL_REST_ADDRESS_RPM": "9",
    "LONGHAUL_SIGN_IN_ADDRESS_RPM": "3",
}


START = datetime(2026, 3, 2, 12, 0, 5, tzinfo=UTC)


@pytest.fixture(scope="module")
def clock(tmp_path_factory: pytest.TempPathFactory) -> FrozenClock:
    return FrozenClock(tmp_path_factory.mktemp("clock") / "clock")


@pytest.fixture(scope="module")
def server(
    django_db_setup: None, clock: FrozenClock, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[str]:
    """One server for the module (each test starts with empty counters and the clock at START)."""
    data = tmp_path_factory.mktemp("edge-data")
    env = {**LIMITS, **clock.env(), "TMPDIR": str(data), "LONGHAUL_DATA_DIR": str(data)}
    with asgi_server(**env) as base:
        yield base


@pytest.fixture(autouse=True)
def fresh(redis_client: redis_lib.Redis, clock: FrozenClock) -> None:
    clock.set(START)


def bearer(key: str, **extra: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}", **extra}


def assert_problem(reply: Reply, status: int, *words: str) -> None:
    assert reply.status == status, reply.text
    assert reply.headers["content-type"] == "application/problem+json"
    for word in words:
        assert word in reply.json()["detail"]


def test_bodies_are_refused_before_they_are_read_in_each_routes_format(
    server: str, acme: TenantFixture
) -> None:
    key = bearer(acme.api_key)
    # A 600 MiB upload announced: refused at once, the body never sent
    _, ctype = multipart({"workflow": "coding"}, {"workspace": ("big.tar.gz", b"")})
    upload = {**key, "Content-Type": ctype}
    announced = send(server, Request("POST", "/api/runs", upload, declared=600 * MIB))
    assert_problem(announced, 413, f"{1 * MIB + 256 * 1024} bytes", "LONGHAUL_MAX_WORKSPACE_BYTES")
    assert announced.json()["limit_bytes"] == 1 * MIB + 256 * 1024

    # The dashboard's upload form: the same refusal as the platform's page
    page = send(
        server, Request("POST", "/documents/upload", {"Content-Type": ctype}, declared=600 * MIB)
    )
    assert page.status == 413
    assert page.headers["content-type"].startswith("text/html")
    assert "LONGHAUL_MAX_UPLOAD_BYTES" in page.text
    assert "Traceback" not in page.text

    # The same without a length (chunked): cut off past the limit, long before 24 MiB
    streamed, ctype = multipart({"workflow": "coding"}, {"workspace": ("w.tgz", b"\0" * 24 * MIB)})
    chunked = send(
        server, Request("POST", "/api/runs", {**key, "Content-Type": ctype}, streamed, chunked=True)
    )
    assert_problem(chunked, 413, "LONGHAUL_MAX_WORKSPACE_BYTES")
    assert chunked.sent < 8 * MIB

    # JSON has its own, smaller limit on the same route; a multipart body on a route that takes
    # no file gets the form limit
    big_json = json.dumps({"workflow": "coding", "input": {"task": "x" * 300_000}}).encode()
    json_headers = {**key, "Content-Type": "application/json"}
    too_much_json = send(server, Request("POST", "/api/runs", json_headers, big_json, chunked=True))
    assert_problem(too_much_json, 413, f"{256 * 1024} bytes", "JSON")
    no_file_route, ctype = multipart({"text": "y" * 100_000}, {})
    form = send(
        server, Request("POST", "/api/memory", {**key, "Content-Type": ctype}, no_file_route)
    )
    assert_problem(form, 413, f"{64 * 1024} bytes", "form")

    # /v1 answers in OpenAI's error format, chunked too
    chat = json.dumps({"model": "fast", "messages": [{"role": "user", "content": "z" * 300_000}]})
    v1 = send(
        server, Request("POST", "/v1/chat/completions", json_headers, chat.encode(), chunked=True)
    )
    assert v1.status == 413
    assert v1.json()["error"]["code"] == "request_too_large"

    # Within the limit, the same upload starts a run
    small, ctype = multipart(
        {"workflow": "coding", "input": json.dumps({"task": "Fix it"})},
        {"workspace": ("w.tar.gz", tarball_bytes({"README.md": "hello\n"}))},
    )
    created = send(server, Request("POST", "/api/runs", {**key, "Content-Type": ctype}, small))
    assert created.status == 201, created.text


def test_a_multipart_flood_is_a_clear_400(server: str, acme: TenantFixture) -> None:
    files = {f"f{i}": (f"{i}.txt", b"x") for i in range(2000)}
    body, ctype = multipart({}, files)
    reply = send(
        server, Request("POST", "/api/runs", bearer(acme.api_key, **{"Content-Type": ctype}), body)
    )
    assert reply.status == 400, reply.text
    assert reply.headers["content-type"] == "application/problem+json"
    assert send(server, Request("GET", "/api/me", bearer(acme.api_key))).status == 200


def test_rest_calls_are_limited_per_key_and_per_address(
    server: str, acme: TenantFixture, globex: TenantFixture, clock: FrozenClock
) -> None:
    def me(key: str, source: str = "127.0.0.1") -> Reply:
        return send(server, Request("GET", "/api/me", bearer(key)), source=source)

    assert [me(acme.api_key).status for _ in range(6)] == [200] * 6
    refused = me(acme.api_key)
    assert_problem(refused, 429, "key's limit of 6 requests per minute")
    assert 1 <= int(refused.headers["retry-after"]) <= 60

    # Another key from the same address goes on until the address's limit (9 in all)...
    assert [me(globex.api_key).status for _ in range(3)] == [200] * 3
    assert_problem(me(globex.api_key), 429, "address's limit of 9")
    # ...made-up keys count against the address too, and cost nothing else
    assert me("lh_0123456789_made-up").status == 429
    # ...while the same key from another address is only bound by its own count
    assert me(globex.api_key, source="127.0.0.2").status == 200

    # The next minute, everyone is admitted again
    clock.set(datetime(2026, 3, 2, 12, 1, 5, tzinfo=UTC))
    assert me(acme.api_key).status == 200


def test_password_forms_are_limited_per_address(server: str) -> None:
    form = {"Content-Type": "application/x-www-form-urlencoded"}
    attempts = [
        send(server, Request("POST", path, form, b"new_password1=a&new_password2=a"))
        for path in ("/invite/MQ/set-password/", "/admin/login/", "/login/", "/invite/Mg/x-y/")
    ]
    assert [reply.status for reply in attempts[:3]] == [403] * 3  # CSRF: reached Django
    assert attempts[3].status == 429
    assert "limit of 3 requests per minute" in attempts[3].text
    assert "retry-after" in attempts[3].headers
    # Reading the forms is not counted
    assert send(server, Request("GET", "/login/")).status == 200
