"""The start form's view of each workflow: its input schema as documented fields and a template
to start from, read from the schema the workflow declares (runs.selectors.workflow_catalog)."""

from __future__ import annotations

import json
from typing import Any

from runs import selectors


def start_catalog() -> list[dict[str, Any]]:
    """Each workflow with its schema, its fields (what the form documents) and a template."""
    return [
        {**entry, "fields": schema_fields(entry["input_schema"]), "template": template(entry)}
        for entry in selectors.workflow_catalog()
    ]


def schema_fields(schema: dict[str, Any]) -> list[dict[str, Any]]:
    """The top-level properties a person may give, required ones first; the platform's own
    (`readOnly`) are left out."""
    required = set(schema.get("required") or [])
    fields = [
        {
            "name": name,
            "type": _type_of(spec),
            "required": name in required,
            "description": str(spec.get("description") or ""),
            "examples": [json.dumps(example) for example in spec.get("examples") or []][:2],
        }
        for name, spec in (schema.get("properties") or {}).items()
        if isinstance(spec, dict) and not spec.get("readOnly")
    ]
    return sorted(fields, key=lambda field: not field["required"])


def _type_of(spec: dict[str, Any]) -> str:
    if "enum" in spec:
        return " | ".join(json.dumps(value) for value in spec["enum"][:8])
    kind = spec.get("type", "any")
    return " or ".join(kind) if isinstance(kind, list) else str(kind)


def template(entry: dict[str, Any]) -> str:
    """The schema's first example, or its required fields left blank."""
    schema = entry["input_schema"]
    examples = schema.get("examples") or []
    if examples:
        return json.dumps(examples[0], indent=2, ensure_ascii=False)
    properties = schema.get("properties") or {}
    blank = {name: _blank(properties.get(name) or {}) for name in schema.get("required") or []}
    return json.dumps(blank, indent=2)


def _blank(spec: dict[str, Any]) -> Any:
    blanks: dict[str, Any] = {"string": "", "integer": 0, "number": 0, "array": [], "object": {}}
    return blanks.get(str(spec.get("type")))
