"""`Idempotency-Key` for every POST of the REST API: a retried request is answered, not redone.

A business system that sends a POST, times out and sends it again (as every HTTP client
library does) must not start the same work twice. With an `Idempotency-Key` header:

- the first request with a key runs, and its answer (status, body and the headers that name what
  was made) is kept for LONGHAUL_IDEMPOTENCY_SECONDS (24 hours by default), per organization;
- the same key again with the same method, path and body gets that answer replayed, marked
  `Idempotent-Replayed: true`; the view does not run again;
- the same key with another method, path or body is a 422: the key names one request;
- while the first request is still running, a second one with the key is a 409 with
  `Retry-After` (a Redis `SET NX` decides which one runs, so concurrent duplicates cannot both
  create);
- answers that say nothing was done are not kept (5xx, 429), so a retry of those runs again;
  nor are requests the credentials do not pass (the view answers them as it always does).

One middleware for all DRF views, so no view carries code for it. The key's scope is the
organization the request acts for, resolved with the view's own authenticators through
LONGHAUL_IDEMPOTENCY_SCOPE (`accounts.authentication.tenant_of`).
"""

from __future__ import annotations

import hashlib
import json
import logging
import re
import time
from collections.abc import Callable
from typing import Any

from asgiref.sync import iscoroutinefunction, markcoroutinefunction
from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse

from agents.plugins import import_dotted
from core.problems import PROBLEM_CONTENT_TYPE

HEADER = "Idempotency-Key"
REPLAYED_HEADER = "Idempotent-Replayed"
_VALID_KEY = re.compile(r"[\x21-\x7e]{1,255}")
_KEPT_HEADERS = ("Content-Type", "Location", "ETag", "Link")
_MAX_KEPT_BODY = 1024 * 1024
_CHUNK = 64 * 1024
_ABSENT = object()
logger = logging.getLogger(__name__)


class IdempotencyMiddleware:
    # Both, so the chain stays async under ASGI; Django runs process_view (and the sync view it
    # calls) in its thread for sync code, as it runs any sync view.
    sync_capable = True
    async_capable = True

    def __init__(self, get_response: Callable[[HttpRequest], Any]) -> None:
        self.get_response = get_response
        if iscoroutinefunction(get_response):
            markcoroutinefunction(self)

    def __call__(self, request: HttpRequest) -> Any:
        return self.get_response(request)  # a coroutine when the chain is async

    def process_view(
        self, request: HttpRequest, view: Any, args: tuple[Any, ...], kwargs: dict[str, Any]
    ) -> HttpResponse | None:
        key = request.headers.get(HEADER)
        if request.method != "POST" or key is None or getattr(view, "cls", None) is None:
            return None
        if not _VALID_KEY.fullmatch(key):
            return _problem(
                400, f"{HEADER} must be 1 to 255 visible ASCII characters (a UUID is a good one)."
            )
        organization = _organization(request, view.cls)
        if organization is None:
            return None  # not authenticated: the view refuses it as it always does
        slot = f"idempotency:{organization}:{hashlib.sha256(key.encode()).hexdigest()}"
        return _once(slot, request, lambda: view(request, *args, **kwargs))


def _organization(request: HttpRequest, view_class: Any) -> str | None:
    """The organization the request acts for, by the view's own authenticators; None when
    they do not let it through (the view then answers 401/403 itself)."""
    from rest_framework.request import Request

    saved = request.__dict__.get("user", _ABSENT)  # DRF sets request.user while it checks
    try:
        authenticators = [auth() for auth in view_class.authentication_classes]
        scope = import_dotted(settings.LONGHAUL_IDEMPOTENCY_SCOPE)
        return str(scope(Request(request, authenticators=authenticators)).organization_id)
    except Exception:
        return None
    finally:
        if saved is _ABSENT:
            request.__dict__.pop("user", None)
        else:
            request.user = saved  # type: ignore[attr-defined]


def _once(slot: str, request: HttpRequest, run: Callable[[], Any]) -> HttpResponse:
    lock_seconds = int(settings.LONGHAUL_IDEMPOTENCY_LOCK_SECONDS)
    try:
        taken = cache.add(slot, {"state": "running", "since": time.time()}, timeout=lock_seconds)
    except Exception as error:  # Redis is down: the caller asked for a guarantee we cannot give
        logger.warning("Idempotency-Key not kept, Redis unavailable: %r", error)
        response = _problem(503, f"{HEADER} cannot be honoured right now; retry shortly.")
        response["Retry-After"] = "5"
        return response
    if not taken:
        return _repeat(slot, request)
    hashing = _HashingStream(request)
    request._stream = hashing  # type: ignore[assignment]
    try:
        response = run()
        if hasattr(response, "render") and not getattr(response, "is_rendered", True):
            response.render()
    except BaseException:
        cache.delete(slot)
        raise
    fingerprint = _fingerprint(request, hashing.rest_digest())
    if _keepable(response):
        cache.set(slot, _recorded(response, fingerprint), timeout=_window())
    else:
        cache.delete(slot)
    return response  # type: ignore[no-any-return]


def _repeat(slot: str, request: HttpRequest) -> HttpResponse:
    record = cache.get(slot)
    fingerprint = _fingerprint(request, _HashingStream(request).rest_digest())
    if record is None or record.get("state") == "running":
        response = _problem(
            409,
            f"A request with this {HEADER} is still being processed; retry it in a moment "
            "to get its answer.",
        )
        response["Retry-After"] = "1"
        return response
    if record["fingerprint"] != fingerprint:
        return _problem(
            422,
            f"This {HEADER} was used for a different request (another method, path or body) "
            f"within the last {_window() // 3600} hours; use a new key for a new request.",
        )
    return _replayed(record)


def _fingerprint(request: HttpRequest, body_digest: str) -> str:
    what = json.dumps([request.method, request.get_full_path(), body_digest])
    return hashlib.sha256(what.encode()).hexdigest()


class _HashingStream:
    """Reads the request body through to the view while hashing it, so even an upload of any
    size is fingerprinted without being held in memory."""

    def __init__(self, request: HttpRequest) -> None:
        self.inner = request._stream  # type: ignore[attr-defined]
        self.hash = hashlib.sha256()

    def read(self, *args: Any, **kwargs: Any) -> bytes:
        data: bytes = self.inner.read(*args, **kwargs)
        self.hash.update(data)
        return data

    def readline(self, *args: Any, **kwargs: Any) -> bytes:
        data: bytes = self.inner.readline(*args, **kwargs)
        self.hash.update(data)
        return data

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)  # close() and whatever else Django asks of a stream

    def rest_digest(self) -> str:
        """The digest of the whole body: what the view left unread is read here."""
        try:
            while self.read(_CHUNK):
                pass
        except (OSError, ValueError):  # the view read it all and closed the stream
            pass
        return self.hash.hexdigest()


def _keepable(response: HttpResponse) -> bool:
    body = getattr(response, "content", b"")
    return (
        response.status_code < 500 and response.status_code != 429 and len(body) <= _MAX_KEPT_BODY
    )


def _recorded(response: HttpResponse, fingerprint: str) -> dict[str, Any]:
    headers = {name: response[name] for name in _KEPT_HEADERS if response.has_header(name)}
    return {
        "state": "done",
        "fingerprint": fingerprint,
        "status": response.status_code,
        "headers": headers,
        "body": bytes(response.content),
    }


def _replayed(record: dict[str, Any]) -> HttpResponse:
    response = HttpResponse(record["body"], status=record["status"])
    for name, value in record["headers"].items():
        response[name] = value
    response[REPLAYED_HEADER] = "true"
    return response


def _problem(status: int, detail: str) -> HttpResponse:
    titles = {
        400: "Bad Request",
        409: "Conflict",
        422: "Unprocessable Content",
        503: "Service Unavailable",
    }
    body = {"type": "about:blank", "title": titles[status], "status": status, "detail": detail}
    return HttpResponse(json.dumps(body), status=status, content_type=PROBLEM_CONTENT_TYPE)


def _window() -> int:
    return int(settings.LONGHAUL_IDEMPOTENCY_SECONDS)


# --- the schema ---------------------------------------------------------------------------------
def document_idempotency_key(
    result: dict[str, Any], generator: Any, **kwargs: Any
) -> dict[str, Any]:
    """A drf-spectacular postprocessing hook: every POST takes `Idempotency-Key` and may
    answer 409 (the first request with the key is still running) or 422 (the key was used for
    another request)."""
    parameter = {
        "in": "header",
        "name": HEADER,
        "required": False,
        "description": (
            "Makes a retried POST safe: the same key with the same request within the window "
            "(24 hours by default) replays the first answer (`Idempotent-Replayed: true`) "
            "instead of doing it again. Keys are per organization."
        ),
        "schema": {"type": "string", "minLength": 1, "maxLength": 255, "pattern": "^[!-~]+$"},
    }
    described = {
        "409": "A request with this Idempotency-Key is still running; retry shortly.",
        "422": "This Idempotency-Key was used for a different request.",
        "503": "An Idempotency-Key cannot be honoured right now; retry shortly.",
    }
    for operations in result.get("paths", {}).values():
        operation = operations.get("post")
        if operation is None:
            continue
        operation.setdefault("parameters", []).append(parameter)
        for status, description in described.items():
            operation["responses"].setdefault(
                status,
                {
                    "description": description,
                    "content": {
                        PROBLEM_CONTENT_TYPE: {"schema": {"$ref": "#/components/schemas/Problem"}}
                    },
                },
            )
    return result
