"""Request bodies bounded before they reach disk: an ASGI layer in front of Django.

Django's ASGI handler reads a whole request body into a spooled file (on disk past
FILE_UPLOAD_MAX_MEMORY_SIZE) before any middleware, parser or view runs, so every size check
behind it sees a body that is already stored. This layer decides each request's limit from its
route and content type first, refuses a declared Content-Length over it without reading a byte,
and counts the bytes of a body without one (chunked) as they arrive: past the limit, Django is
told that the client went away (it stops reading and answers nothing) and the client gets the
413. Nothing past the limit is ever read from the socket.

Limits (config.settings.limits): JSON and other bodies LONGHAUL_MAX_JSON_BODY_BYTES; forms
(urlencoded, and multipart where the route takes no file) LONGHAUL_MAX_FORM_BODY_BYTES; a
multipart body on a route named in LONGHAUL_UPLOAD_ROUTES, the size of the file it takes plus
room for the form around it. /v1 bounds its own bodies (gateway.http.read_body).
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.template.loader import render_to_string
from django.urls import Resolver404, resolve

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

API_PREFIX = "/api/"
PROBLEM_CONTENT_TYPE = "application/problem+json"
# The form fields around an uploaded file (title, input, budgets) and the multipart framing.
MULTIPART_ALLOWANCE = 256 * 1024
_FORMS = ("application/x-www-form-urlencoded", "multipart/form-data")


@dataclass(frozen=True)
class BodyLimit:
    size: int
    what: str  # what the limit is for, as the 413 names it

    def describe(self) -> str:
        return f"{self.size} bytes ({_human(self.size)}) of {self.what}"


def header(scope: Scope, name: bytes) -> str:
    for key, value in scope.get("headers", []):
        if key.lower() == name:
            return bytes(value).decode("latin-1")
    return ""


def route_name(path: str) -> str:
    """The URL name of the Django route `path` resolves to ("" for none), without a request.
    Not cached: paths are the client's to choose, and only multipart bodies and form posts ask."""
    try:
        return resolve(path).view_name
    except (Resolver404, UnicodeError, ValueError):
        return ""


def body_limit(path: str, content_type: str) -> BodyLimit:
    kind = content_type.split(";", 1)[0].strip().lower()
    if kind == "multipart/form-data":
        setting = settings.LONGHAUL_UPLOAD_ROUTES.get(route_name(path))
        if setting:
            size = int(getattr(settings, setting)) + MULTIPART_ALLOWANCE
            return BodyLimit(size, f"upload (the file at most {setting})")
    if kind in _FORMS:
        return BodyLimit(settings.LONGHAUL_MAX_FORM_BODY_BYTES, "form data")
    return BodyLimit(settings.LONGHAUL_MAX_JSON_BODY_BYTES, "JSON or other content")


def limit_request_bodies(app: ASGIApp) -> ASGIApp:
    async def application(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await app(scope, receive, send)
            return
        limit = body_limit(scope["path"], header(scope, b"content-type"))
        declared = header(scope, b"content-length")
        if declared.isdigit() and int(declared) > limit.size:
            await _too_large(scope, send, limit)
            return
        await _bounded(app, scope, receive, send, limit)

    return application


async def _bounded(
    app: ASGIApp, scope: Scope, receive: Receive, send: Send, lim: BodyLimit
) -> None:
    received, over, started = 0, False, False

    async def bounded_receive() -> Message:
        nonlocal received, over
        if over:
            return {"type": "http.disconnect"}
        message = await receive()
        received += len(message.get("body", b""))
        if message["type"] == "http.request" and received > lim.size:
            over = True  # Django drops what it read and answers nothing (RequestAborted)
            return {"type": "http.disconnect"}
        return message

    async def tracking_send(message: Message) -> None:
        nonlocal started
        started = started or message["type"] == "http.response.start"
        await send(message)

    await app(scope, bounded_receive, tracking_send)
    if over and not started:
        await _too_large(scope, send, lim)


async def _too_large(scope: Scope, send: Send, limit: BodyLimit) -> None:
    detail = f"The request body is larger than this endpoint accepts: at most {limit.describe()}."
    await refuse(
        scope,
        send,
        status=413,
        title="Payload too large",
        detail=detail,
        extra={"limit_bytes": limit.size},
    )


async def refuse(
    scope: Scope,
    send: Send,
    *,
    status: int,
    title: str,
    detail: str,
    retry_after: int | None = None,
    extra: dict[str, Any] | None = None,
) -> None:
    """Answers a request from in front of Django: problem details under /api/ (and to callers
    that ask for JSON), the platform's own page elsewhere. The connection is closed after it,
    since the request's body may be left unread."""
    if _wants_problem(scope):
        problem = {"type": "about:blank", "title": title, "status": status, "detail": detail}
        body = json.dumps({**problem, **(extra or {})}).encode()
        content_type = PROBLEM_CONTENT_TYPE
    else:
        page = render_to_string("error.html", {"status": status, "title": title, "detail": detail})
        body, content_type = page.encode(), "text/html; charset=utf-8"
    headers = [
        (b"content-type", content_type.encode()),
        (b"content-length", str(len(body)).encode()),
        (b"connection", b"close"),
        (b"x-content-type-options", b"nosniff"),
    ]
    if retry_after is not None:
        headers.append((b"retry-after", str(retry_after).encode()))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


def _wants_problem(scope: Scope) -> bool:
    if str(scope.get("path", "")).startswith(API_PREFIX):
        return True
    accept = header(scope, b"accept")
    return "json" in accept and "text/html" not in accept


def _human(size: int) -> str:
    for unit, scale in (("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)):
        if size >= scale:
            return f"{size / scale:g} {unit}"
    return f"{size} bytes"
