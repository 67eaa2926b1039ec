"""Request bodies of the REST API: JSON that PostgreSQL can store.

JSON may carry a NUL character (`"\\u0000"`) or half a surrogate pair (`"\\ud800"`) in any
string, nest deeper than anything needs, or hold a string of any length; PostgreSQL's jsonb and
text refuse the first two, and the others only cost. A body with any of them would reach the
database and fail there as a server error: it is refused here, before any view reads it, with a
400 that says where and why (`agents.storable`, the check every boundary uses). DRF already
refuses `NaN` and `Infinity`."""

from __future__ import annotations

from typing import Any

from rest_framework import parsers
from rest_framework.exceptions import ParseError

from agents import storable


class JSONParser(parsers.JSONParser):
    def parse(self, stream: Any, media_type: str | None = None, parser_context: Any = None) -> Any:
        try:
            data = super().parse(stream, media_type, parser_context)
        except RecursionError:
            raise ParseError(
                f"JSON parse error - nested more than {storable.MAX_DEPTH} levels deep."
            ) from None
        refuse_unstorable(data)
        return data


def refuse_unstorable(value: Any) -> None:
    """Raises a ParseError naming the first value PostgreSQL could not store."""
    found = storable.problem(value, where="body")
    if found is not None:
        raise ParseError(f"The body cannot be stored: {found}.")
