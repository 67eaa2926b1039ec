"""Paging of REST lists: limit and offset, refused with a 400 when they are not what the schema
says (DRF's own class quietly falls back to its defaults on `limit=abc`, and passes a limit past
PostgreSQL's bigint on to the database)."""

from __future__ import annotations

import re
from typing import Any

from drf_spectacular.utils import OpenApiParameter
from rest_framework import pagination
from rest_framework.exceptions import ValidationError
from rest_framework.request import Request

MAX_LIMIT = 1000
MAX_OFFSET = 2**63 - 1  # PostgreSQL's bigint
_WHOLE = re.compile(r"-?[0-9]{1,19}")  # int() would also take "1_000", " 7" and other digits


class LimitOffsetPagination(pagination.LimitOffsetPagination):
    max_limit = MAX_LIMIT

    def get_limit(self, request: Request) -> int | None:
        value = _whole(request, self.limit_query_param, minimum=1, maximum=MAX_LIMIT)
        return self.default_limit if value is None else value

    def get_offset(self, request: Request) -> int:
        return _whole(request, self.offset_query_param, minimum=0, maximum=MAX_OFFSET) or 0

    def get_schema_operation_parameters(self, view: Any) -> list[dict[str, Any]]:
        parameters = super().get_schema_operation_parameters(view)
        bounds = {
            self.limit_query_param: {"minimum": 1, "maximum": MAX_LIMIT},
            self.offset_query_param: {"minimum": 0, "maximum": MAX_OFFSET},
        }
        for parameter in parameters:
            parameter["schema"].update(bounds[parameter["name"]])
        return parameters


def _whole(request: Request, name: str, *, minimum: int, maximum: int | None = None) -> int | None:
    """The query parameter as a whole number within bounds; None when absent or empty."""
    raw = request.query_params.get(name, "")
    if raw == "":
        return None
    within = f"between {minimum} and {maximum}" if maximum is not None else f"≥ {minimum}"
    value = int(raw) if _WHOLE.fullmatch(raw) else None
    if value is None or value < minimum or (maximum is not None and value > maximum):
        raise ValidationError({name: f"A whole number {within} is required."})
    return value


def page_parameters() -> list[OpenApiParameter]:
    """`limit` and `offset` in the schema of a view that pages by hand (not a generic list)."""
    return [
        OpenApiParameter(item["name"], item["schema"], description=item["description"])
        for item in LimitOffsetPagination().get_schema_operation_parameters(view=None)
    ]
