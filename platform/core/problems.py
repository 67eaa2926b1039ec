"""DRF errors as RFC 9457 problem details."""

from __future__ import annotations

from typing import Any

from rest_framework import status
from rest_framework.response import Response
from rest_framework.views import exception_handler

PROBLEM_CONTENT_TYPE = "application/problem+json"


def problem_response(*, status_code: int, title: str, detail: Any, **extra: Any) -> Response:
    body = {"type": "about:blank", "title": title, "status": status_code, "detail": detail}
    body.update(extra)
    return Response(body, status=status_code, content_type=PROBLEM_CONTENT_TYPE)


def problem_details_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    response = exception_handler(exc, context)
    if response is None:
        return None
    data = response.data
    if isinstance(data, dict) and set(data) == {"detail"}:
        detail: Any = data["detail"]
        errors = None
    else:
        detail = "The request is invalid."
        errors = data
    title = _title_for(response.status_code)
    problem = problem_response(status_code=response.status_code, title=title, detail=detail)
    if errors is not None:
        problem.data["errors"] = errors
    for header, value in response.items():
        if header.lower() in {"retry-after", "www-authenticate", "allow"}:
            problem[header] = value
    return problem


def _title_for(code: int) -> str:
    titles = {
        status.HTTP_400_BAD_REQUEST: "Bad request",
        status.HTTP_401_UNAUTHORIZED: "Unauthorized",
        status.HTTP_403_FORBIDDEN: "Forbidden",
        status.HTTP_404_NOT_FOUND: "Not found",
        status.HTTP_405_METHOD_NOT_ALLOWED: "Method not allowed",
        status.HTTP_409_CONFLICT: "Conflict",
        status.HTTP_413_REQUEST_ENTITY_TOO_LARGE: "Payload too large",
        status.HTTP_415_UNSUPPORTED_MEDIA_TYPE: "Unsupported media type",
        status.HTTP_429_TOO_MANY_REQUESTS: "Too many requests",
    }
    return titles.get(code, "Error")
