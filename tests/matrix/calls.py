"""Calling a route as a principal, in-process: Django's test client for the URL configuration,
the project's ASGI application for /v1, /metrics and the websockets. Each write runs in a
savepoint that is rolled back, so every call sees the same two organizations."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from typing import Any

from asgiref.sync import async_to_sync
from asgiref.testing import ApplicationCommunicator
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection, transaction
from django.test import Client

from tests.matrix.routes import ASGI, DJANGO, V1, WEBSOCKET, Route
from tests.matrix.world import A, Principal, orders_document

SEARCH = "launch code heliotrope vault"

# Request bodies, by route and method; JSON for the REST API and /v1, forms for pages.
JSON_BODIES: dict[tuple[str, str], Any] = {
    ("runs", "POST"): {"workflow": "effects", "input": {"task": f"{A} follow-up"}},
    ("run-rollback", "POST"): {"step": 0},
    ("run-rerun", "POST"): {},
    ("approval-decide", "POST"): {"decision": "approve"},
    ("approval-rules", "POST"): {"name": f"{A} new", "action": "require_approval"},
    ("approval-dry-run", "POST"): {"name": "record_effect"},
    ("approval-rule", "PATCH"): {"name": f"{A} renamed"},
    ("webhooks", "POST"): {"url": f"https://hooks.{A}.example/new", "event_types": ["*"]},
    ("webhook", "PATCH"): {"description": f"{A} changed"},
    ("tool-sources", "POST"): {
        "name": "new-orders",
        "kind": "openapi",
        "url": f"https://orders.{A}.example",
        "document": orders_document(A),
    },
    ("tool-source", "PATCH"): {"timeout_seconds": 5},
    ("external-tool", "PATCH"): {"risk": "low"},
    ("identity-providers", "POST"): {
        "kind": "oidc",
        "name": f"{A} second ID",
        "settings": {"issuer": f"https://id2.{A}.example", "client_id": "x"},
        "client_secret": "never echoed",
    },
    ("identity-provider", "PATCH"): {"name": f"{A} renamed ID"},
    ("sso-enforcement", "PUT"): {"sso_required": False},
    ("memory", "POST"): {"text": f"{A} keeps its staplers red."},
    ("memory-search", "POST"): {"query": SEARCH},
    ("memory-purge", "POST"): {"confirm": A},
    ("v1:POST /v1/chat/completions", "POST"): {},
    ("v1:POST /v1/embeddings", "POST"): {},
}
RULE_FORM = {
    "name": f"{A} form rule",
    "applies_to": "tool",
    "action": "require_approval",
    "quorum": "1",
    "approver_roles": ["owner", "reviewer"],
    "deadline_action": "reject",
    "arg-TOTAL_FORMS": "0",
    "arg-INITIAL_FORMS": "0",
}
WEBHOOK_FORM = {"url": f"https://hooks.{A}.example/form", "event_types": ["*"], "enabled": "on"}
FORM_BODIES: dict[tuple[str, str], dict[str, Any]] = {
    ("dashboard:policy-dry-run", "POST"): {"name": "read_file", "tier": "standard"},
    ("dashboard:rule-new", "POST"): RULE_FORM,
    ("dashboard:rule-edit", "POST"): RULE_FORM,
    ("dashboard:webhook-create", "POST"): WEBHOOK_FORM,
    ("dashboard:webhook-edit", "POST"): WEBHOOK_FORM,
    ("dashboard:run-new", "POST"): {"workflow": "effects", "tier": "standard", "input": "{}"},
    ("dashboard:review-decide", "POST"): {"decision": "approve", "comment": ""},
    ("dashboard:key-create", "POST"): {"name": f"{A} new key", "scopes": ["runs"]},
    ("dashboard:member-invite", "POST"): {"username": f"{A}-newcomer", "role": "member"},
    ("dashboard:member-role", "POST"): {"role": "reviewer"},
    ("dashboard:tool-source-create", "POST"): {
        "name": "form-orders",
        "kind": "openapi",
        "url": f"https://orders.{A}.example",
        "document": json.dumps(orders_document(A)),
        "timeout_seconds": "20",
    },
    ("dashboard:tool-source", "POST"): {"timeout_seconds": "5", "enabled": "on"},
    ("dashboard:settings-traces", "POST"): {"trace_retention_days": "30"},
    ("dashboard:settings-sign-in", "POST"): {"idle_timeout_minutes": "60"},
    ("dashboard:settings-provider-create", "POST"): {
        "name": f"{A} second id",
        "issuer": "http://127.0.0.1:9/second",
        "client_id": "longhaul",
    },
    ("dashboard:tool-govern", "POST"): {
        "risk": "low",
        "capabilities": ["network"],
        "enabled": "on",
    },
}
UPLOADS = {("documents", "POST"), ("dashboard:document-upload", "POST")}
QUERIES = {"dashboard:documents": f"?q={SEARCH.replace(' ', '+')}"}


@dataclass(frozen=True)
class Answer:
    status: int  # an HTTP status, or a websocket's close code (200: it sent a first message)
    body: bytes
    location: str = ""
    changed: bool = False  # whether it changed a watched row (when watched)

    def shows(self, marker: str) -> bool:
        # A redirect's query (`?next=` the requested path) only echoes the request.
        where = self.location.partition("?")[0]
        return marker.encode() in (self.body + where.encode()).lower()

    def describe(self) -> str:
        where = f" -> {self.location}" if self.location else ""
        return f"{self.status}{where} {self.body[:160]!r}"


def call(
    route: Route, method: str, principal: Principal, values: dict[str, Any], *, watch: bool
) -> Answer:
    """One request. A write is rolled back right after, so that every call sees the same two
    organizations (reads need not be: each test runs in a savepoint of its own); with `watch`,
    the answer says whether it changed any watched row."""
    if method == "GET" and not watch:
        return _send(route, method, principal, route.url(values))
    with rolled_back():
        before = state_digest() if watch else ""
        answer = _send(route, method, principal, route.url(values))
        if watch and state_digest() != before:
            answer = Answer(answer.status, answer.body, answer.location, changed=True)
        return answer


def _send(route: Route, method: str, principal: Principal, url: str) -> Answer:
    if route.surface == DJANGO:
        return _django(route, method, principal, url)
    if route.surface in (V1, ASGI):
        return async_to_sync(_asgi_http)(route, principal, url)
    assert route.surface == WEBSOCKET, route
    return async_to_sync(_websocket)(principal, url)


@cache
def _client() -> Client:
    """One test client for every call: its handler loads the middleware (and the static files'
    index) once."""
    return Client()


@contextmanager
def rolled_back() -> Iterator[None]:
    with transaction.atomic():
        yield
        transaction.set_rollback(True)


def _django(route: Route, method: str, principal: Principal, url: str) -> Answer:
    client = _client()
    headers = principal.prepare(client)
    key = (route.key, method)
    url += QUERIES.get(route.key, "")
    response: Any
    if key in JSON_BODIES:
        data = json.dumps(JSON_BODIES[key])
        response = client.generic(method, url, data, "application/json", headers=headers)
    elif key in UPLOADS:
        upload = SimpleUploadedFile(f"{A}-notes.md", f"# {A} notes\n".encode(), "text/markdown")
        response = client.post(url, {"file": upload}, headers=headers)
    elif method == "POST":
        response = client.post(url, FORM_BODIES.get(key, {}), headers=headers)
    else:
        response = client.generic(method, url, headers=headers)
    return _answer(response)


def call_path(method: str, path: str, principal: Principal, body: Any = None) -> Answer:
    """A request to a path of the URL configuration with a JSON body of its own, rolled back."""
    with rolled_back():
        client = _client()
        headers = principal.prepare(client)
        if body is None:
            return _answer(client.generic(method, path, headers=headers))
        data = json.dumps(body)
        return _answer(client.generic(method, path, data, "application/json", headers=headers))


def _answer(response: Any) -> Answer:
    content = b"".join(response.streaming_content) if response.streaming else response.content
    response.close()
    return Answer(response.status_code, content, response.headers.get("Location", ""))


async def _asgi_http(route: Route, principal: Principal, path: str) -> Answer:
    from config.asgi import application

    body = json.dumps(JSON_BODIES.get((route.key, route.method), {})).encode()
    headers = [*principal.headers, (b"content-type", b"application/json")]
    headers.append((b"content-length", str(len(body)).encode()))
    communicator = ApplicationCommunicator(application, _scope("http", path, headers, route.method))
    await communicator.send_input({"type": "http.request", "body": body, "more_body": False})
    start = await communicator.receive_output(timeout=10)
    chunks = []
    while True:
        message = await communicator.receive_output(timeout=10)
        chunks.append(message.get("body", b""))
        if not message.get("more_body"):
            break
    await communicator.wait(timeout=10)
    return Answer(start["status"], b"".join(chunks))


async def _websocket(principal: Principal, path: str) -> Answer:
    """The first thing the socket says: a message (200) or a close code."""
    from config.asgi import application

    communicator = ApplicationCommunicator(
        application, _scope("websocket", path, principal.headers)
    )
    await communicator.send_input({"type": "websocket.connect"})
    message = await communicator.receive_output(timeout=10)
    if message["type"] == "websocket.accept":
        message = await communicator.receive_output(timeout=10)
    await communicator.send_input({"type": "websocket.disconnect", "code": 1000})
    await communicator.wait(timeout=10)
    if message["type"] == "websocket.close":
        return Answer(message.get("code", 1000), b"")
    return Answer(200, (message.get("text") or "").encode())


def _scope(kind: str, path: str, headers: list[tuple[bytes, bytes]], method: str = "") -> Any:
    scope = {
        "type": kind,
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "scheme": "http" if kind == "http" else "ws",
        "path": path,
        "raw_path": path.encode(),
        "root_path": "",
        "query_string": b"",
        "headers": [(b"host", b"testserver"), *headers],
        "client": ("127.0.0.1", 40000),
        "server": ("testserver", 80),
    }
    if method:
        scope["method"] = method
    if kind == "websocket":
        scope["subprotocols"] = []
    return scope


# --- state: what a refused request must leave as it was --------------------------------------

# Per table, the columns that a write through some route would change.
_WATCHED = {
    "runs_run": "id, status",
    "runs_artifact": "id",
    "approvals_approvalrequest": "id, status",
    "approvals_approvalvote": "id",
    "approvals_approvalrule": "id, name, enabled, position",
    "memory_memoryitem": "id",
    "memory_document": "id",
    "webhooks_webhookendpoint": "id, url, description, enabled, secret_ciphertext",
    "webhooks_webhookdelivery": "id",
    "accounts_apikey": "id, revoked_at",
    "accounts_membership": "id, role",
    "toolsources_toolsource": "id, name, discovered_at",
    "toolsources_externaltool": "id, risk, enabled",
}


def state_digest() -> str:
    """One fingerprint of every watched row, in one round trip."""
    parts = " || ".join(
        f"(SELECT coalesce(md5(string_agg(t::text, ',' ORDER BY t::text)), '') "
        f"FROM (SELECT {columns} FROM {table}) t)"
        for table, columns in _WATCHED.items()
    )
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT md5({parts})")
        return str(cursor.fetchone()[0])
