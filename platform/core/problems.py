"""Errors as RFC 9457 problem details: the one place where a service's refusal gets its status.

Services raise `core.errors` kinds and Django's `ValidationError`; DRF's own exceptions come
from the API layer (parsing, authentication, throttling). `problem_details_handler`, DRF's
exception handler, renders all of them alike.
"""

from __future__ import annotations

from http import HTTPStatus
from typing import Any

from django.core.exceptions import ValidationError as DjangoValidationError
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler

from core import errors

# Looked up along the error's class hierarchy: an app's own subclass gets its kind's status.
_STATUS_OF: dict[type[errors.ServiceError], int] = {
    errors.NotFound: status.HTTP_404_NOT_FOUND,
    errors.Forbidden: status.HTTP_403_FORBIDDEN,
    errors.Conflict: status.HTTP_409_CONFLICT,
    errors.PreconditionFailed: status.HTTP_412_PRECONDITION_FAILED,
    errors.PreconditionRequired: status.HTTP_428_PRECONDITION_REQUIRED,
    errors.TooLarge: status.HTTP_413_REQUEST_ENTITY_TOO_LARGE,
    errors.UnsupportedMediaType: status.HTTP_415_UNSUPPORTED_MEDIA_TYPE,
    errors.Unprocessable: status.HTTP_422_UNPROCESSABLE_ENTITY,
    errors.Unavailable: status.HTTP_503_SERVICE_UNAVAILABLE,
    errors.ServiceError: status.HTTP_400_BAD_REQUEST,
}

PROBLEM_CONTENT_TYPE = "application/problem+json"


def problem_response(*, status_code: int, title: str, detail: Any, **extra: Any) -> Response:
    body = {"type": "about:blank", "title": title, "status": status_code, "detail": detail}
    body.update(extra)
    return Response(body, status=status_code, content_type=PROBLEM_CONTENT_TYPE)


def status_for(error: errors.ServiceError) -> int:
    """The HTTP status of a service's refusal: that of the nearest kind it is."""
    return next(_STATUS_OF[kind] for kind in type(error).__mro__ if kind in _STATUS_OF)


def _as_api_exception(exc: Exception) -> Exception:
    """A service's refusal as the DRF exception that carries its status; others unchanged."""
    if isinstance(exc, errors.ServiceError):
        api_exception = exceptions.APIException(exc.detail)
        api_exception.status_code = status_for(exc)
        return api_exception
    if isinstance(exc, DjangoValidationError):
        fields = hasattr(exc, "error_dict")
        return exceptions.ValidationError(exc.message_dict if fields else exc.messages)
    return exc


def problem_details_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    response = exception_handler(_as_api_exception(exc), context)
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
    return titles.get(code) or HTTPStatus(code).phrase.capitalize()  # e.g. "Precondition failed"
