"""Request bodies of the REST API: JSON that PostgreSQL can store.

JSON may carry a NUL character (`"\\u0000"`) in any string, and PostgreSQL's jsonb and text refuse
it: a body with one would reach the database and fail there as a server error. It is refused
here, before any view reads it, with a 400 that says why."""

from __future__ import annotations

from typing import Any

from rest_framework import parsers
from rest_framework.exceptions import ParseError

NUL = "\x00"


class JSONParser(parsers.JSONParser):
    def parse(self, stream: Any, media_type: str | None = None, parser_context: Any = None) -> Any:
        data = super().parse(stream, media_type, parser_context)
        refuse_nul(data)
        return data


def refuse_nul(value: Any) -> None:
    """Raises a ParseError when a string anywhere in the JSON value holds a NUL character."""
    pending = [value]
    while pending:
        item = pending.pop()
        if isinstance(item, str):
            if NUL in item:
                raise ParseError("JSON strings may not contain NUL characters (\\u0000).")
        elif isinstance(item, dict):
            pending.extend(item)
            pending.extend(item.values())
        elif isinstance(item, list):
            pending.extend(item)
