from __future__ import annotations

import re
import uuid
from collections.abc import Awaitable, Callable
from contextvars import Token
from typing import Any

from asgiref.sync import iscoroutinefunction, markcoroutinefunction
from django.http import HttpRequest, HttpResponse

from core import context

_SAFE_REQUEST_ID = re.compile(r"[A-Za-z0-9._:-]{1,128}")  # fullmatch: "$" allows a final newline


def new_request_id(incoming: str | None) -> str:
    """Keeps a caller's request id when it is safe to echo, otherwise makes one."""
    return safe_request_id(incoming) or uuid.uuid4().hex


def safe_request_id(incoming: str | None) -> str:
    """A caller's request id when it is safe to log and echo, else ""."""
    if incoming and _SAFE_REQUEST_ID.fullmatch(incoming):
        return incoming
    return ""


class RequestIdMiddleware:
    """Gives every request an id, in the logs and in the X-Request-Id response header."""

    sync_capable = True
    async_capable = True

    def __init__(self, get_response: Callable[[HttpRequest], Any]) -> None:
        self.get_response = get_response
        self.is_async = iscoroutinefunction(get_response)
        if self.is_async:
            markcoroutinefunction(self)

    def __call__(self, request: HttpRequest) -> HttpResponse | Awaitable[HttpResponse]:
        if self.is_async:
            return self._acall(request)
        token = self._begin(request)
        try:
            response = self.get_response(request)
        finally:
            context.request_id.reset(token)
        response["X-Request-Id"] = request.request_id  # type: ignore[attr-defined]
        return response

    async def _acall(self, request: HttpRequest) -> HttpResponse:
        token = self._begin(request)
        try:
            response = await self.get_response(request)
        finally:
            context.request_id.reset(token)
        response["X-Request-Id"] = request.request_id  # type: ignore[attr-defined]
        return response

    def _begin(self, request: HttpRequest) -> Token[str]:
        request.request_id = new_request_id(request.headers.get("X-Request-Id"))  # type: ignore[attr-defined]
        return context.request_id.set(request.request_id)  # type: ignore[attr-defined]
