"""A JSON Schema error as OpenAI reports a bad request: `param` names the most specific field that
is wrong, as OpenAI names it (`messages[0].content[1].type`), and the message says what that field
should hold.

The errors are jsonschema-rs's, for a body and the document its schema lives in. Among
independent errors the one about the shallowest field wins (a wrong value before a missing one).
An error of `oneOf` or `anyOf` is replaced by what went wrong in the branch the body meant: a
branch whose discriminator (`role`, `type`, a `const` or `enum` on the field or one of its keys)
or whose whole type does not fit is another variant, not the one meant. When every branch is
another variant, the discriminator is what is wrong, and the message lists what it may be.

A subschema may carry `x-error`, the rest of a sentence that starts with the field's name: it is
the message for any keyword of that subschema that fails (rules such as "needs `tools`")."""

from __future__ import annotations

import json
from typing import Any

from jsonschema_rs import ValidationError, ValidationErrorKind

_UNIONS = (ValidationErrorKind.OneOfNotValid, ValidationErrorKind.AnyOf)
_DISCRIMINATING = ("const", "enum")
_TYPE_NAMES = {
    "string": "a string",
    "integer": "an integer",
    "number": "a number",
    "boolean": "a boolean",
    "object": "an object",
    "array": "an array",
    "null": "null",
}
_SHOWN = 40  # characters of a value quoted in a message


def describe(errors: list[ValidationError], body: Any, document: Any) -> tuple[str | None, str]:
    """`param` and the message for the most specific of a body's errors (at least one)."""
    error = _first(errors)
    while isinstance(error.kind, _UNIONS):
        meant = _meant_branch(error)
        if meant is None:
            return _wrong_variant(error, body)
        error = _first(meant)
    param = _param(body, _field(error))
    return param, _message(error, param or "body", document)


def _first(errors: list[ValidationError]) -> ValidationError:
    return min(errors, key=lambda e: (len(_field(e)), e.kind.name == "required"))


def _field(error: ValidationError) -> list[str | int]:
    """Where the error is: a missing property is named itself, not its parent."""
    if isinstance(error.kind, ValidationErrorKind.Required):
        return [*error.instance_path, error.kind.property]
    return list(error.instance_path)


def _meant_branch(union: ValidationError) -> list[ValidationError] | None:
    """The first branch that is the variant the body meant, if any."""
    depth = len(union.instance_path)
    for branch in union.kind.context:  # type: ignore[attr-defined]
        if branch and not any(_other_variant(error, depth) for error in branch):
            return list(branch)
    return None


def _other_variant(error: ValidationError, depth: int) -> bool:
    below = len(error.instance_path) - depth
    return (error.kind.name == "type" and below == 0) or (
        error.kind.name in _DISCRIMINATING and below <= 1
    )


def _wrong_variant(union: ValidationError, body: Any) -> tuple[str | None, str]:
    """Every branch is another variant: the deepest discriminator they disagree with is wrong,
    and may be any of the values (and types) the branches take there."""
    depth = len(union.instance_path)
    errors = [
        error
        for branch in union.kind.context  # type: ignore[attr-defined]
        for error in branch
        if _other_variant(error, depth)
    ] or [union]
    deepest = max(len(error.instance_path) for error in errors)
    at = [error for error in errors if len(error.instance_path) == deepest]
    param = _param(body, list(at[0].instance_path))
    name, shown = param or "body", _show(at[0].instance)
    values = _unique(value for error in at for value in _allowed_values(error))
    types = _unique(kind for error in at for kind in _allowed_types(error))
    if values:
        allowed = _either([_show(v) for v in values] + [_TYPE_NAMES.get(t, t) for t in types])
        return param, f"Invalid value for '{name}': {shown}. Supported values are: {allowed}."
    if types:
        return param, _wrong_type(name, types, at[0].instance)
    return param, f"Invalid '{name}': {shown} matches none of the forms allowed."


def _allowed_values(error: ValidationError) -> list[Any]:
    kind = error.kind
    if isinstance(kind, ValidationErrorKind.Constant):
        return [kind.expected_value]
    return list(kind.options) if isinstance(kind, ValidationErrorKind.Enum) else []


def _allowed_types(error: ValidationError) -> list[str]:
    return list(error.kind.types) if isinstance(error.kind, ValidationErrorKind.Type) else []


def _message(error: ValidationError, param: str, document: Any) -> str:
    note = _subschema(document, error.schema_path[:-1]).get("x-error")
    if isinstance(note, str):
        return f"'{param}' {note}"
    kind, shown = error.kind, _show(error.instance)
    if isinstance(kind, ValidationErrorKind.Required):
        described = _property_description(document, error, kind.property)
        return f"Missing required parameter: '{param}'.{described}"
    if isinstance(kind, ValidationErrorKind.Type):
        return _wrong_type(param, list(kind.types), error.instance)
    if isinstance(kind, ValidationErrorKind.Constant | ValidationErrorKind.Enum):
        supported = _either([_show(value) for value in _allowed_values(error)])
        return f"Invalid value for '{param}': {shown}. Supported values are: {supported}."
    return f"Invalid '{param}': {_problem(error)}."


def _problem(error: ValidationError) -> str:
    """What is wrong with a value, quoting at most a short part of it."""
    kind, shown = error.kind, _show(error.instance)
    match kind:
        case ValidationErrorKind.MinLength(limit) | ValidationErrorKind.MinItems(limit):
            return f"expected at least {limit} {_unit(error.instance, limit)}"
        case ValidationErrorKind.MaxLength(limit) | ValidationErrorKind.MaxItems(limit):
            return f"expected at most {limit} {_unit(error.instance, limit)}"
        case ValidationErrorKind.Pattern(pattern):
            return f"{shown} does not match {pattern}"
        case ValidationErrorKind.PropertyNames(inner):
            return f"the key {_show(inner.instance)} is not allowed"
        case ValidationErrorKind.Not(_) | ValidationErrorKind.FalseSchema():
            return f"{shown} is not allowed here"
        case ValidationErrorKind.OneOfMultipleValid(_):
            return f"{shown} matches more than one of the forms allowed"
        case ValidationErrorKind.Custom(_, message):
            return str(message)
    # Numeric bounds: the value is a number, short to quote.
    return error.message if isinstance(error.instance, int | float) else f"{shown} is not allowed"


def _wrong_type(param: str, types: list[str], value: Any) -> str:
    names = sorted(_unique(types), key=lambda name: name == "null")  # "a number or null"
    expected = _either([_TYPE_NAMES.get(name, name) for name in names])
    return f"Invalid type for '{param}': expected {expected}, but got {_type_of(value)}."


def _type_of(value: Any) -> str:
    if isinstance(value, bool):
        return "a boolean"
    names = {int: "integer", float: "number", str: "string", list: "array", dict: "object"}
    return next((_TYPE_NAMES[n] for t, n in names.items() if isinstance(value, t)), "null")


def _unit(value: Any, limit: int) -> str:
    noun = "character" if isinstance(value, str) else "item"
    return noun if limit == 1 else f"{noun}s"


def _property_description(document: Any, error: ValidationError, name: str) -> str:
    schema = _subschema(document, [*error.schema_path[:-1], "properties", name])
    description = schema.get("description")
    return f" {description}" if isinstance(description, str) else ""


def _subschema(document: Any, path: list[str | int]) -> dict[str, Any]:
    """The subschema at a schema path of the document; {} when there is none."""
    node = document
    for part in path:
        try:
            node = node[part]
        except (KeyError, IndexError, TypeError):
            return {}
    return node if isinstance(node, dict) else {}


def _param(body: Any, path: list[str | int]) -> str | None:
    """`messages[0].content`. The body says which steps are indexes: jsonschema-rs gives the
    key "5" of an object (a token id in `logit_bias`) as the number 5."""
    text, node = "", body
    for part in path:
        if isinstance(node, list) and isinstance(part, int):
            text += f"[{part}]"
            node = node[part] if part < len(node) else None
        else:
            text += f".{part}" if text else str(part)
            node = node.get(str(part)) if isinstance(node, dict) else None
    return text or None


def _show(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= _SHOWN else f"{text[: _SHOWN - 1]}…"


def _either(items: list[str]) -> str:
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} or {items[-1]}"


def _unique(items: Any) -> list[Any]:
    seen: list[Any] = []
    for item in items:
        if item not in seen:
            seen.append(item)
    return seen
