"""The one check of a workflow's input against its JSON schema."""

from __future__ import annotations

from typing import Any

import jsonschema


def check_input_schema(schema: dict[str, Any], value: Any) -> None:
    """ValueError naming the first problem (in a stable order) and where it is."""
    errors = sorted(jsonschema.Draft202012Validator(schema).iter_errors(value), key=str)
    if errors:
        error = errors[0]
        where = "/".join(str(p) for p in error.absolute_path) or "input"
        raise ValueError(f"{where}: {error.message}")
