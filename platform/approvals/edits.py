"""Reviewer edits of a request's arguments: a JSON merge patch (RFC 7386) or a whole new
object, validated against the tool's JSON schema (or the budget request's), recorded as a diff.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError

from agents.engine.types import arguments_digest
from agents.tools import ToolArgumentsInvalid, UnknownTool
from approvals.policy import BUDGET_NAMES
from runs.gate import BUDGET_TOOL
from runs.toolbox import registry_for

MAX_DIFF_ENTRIES = 100
_REMOVED = "<removed>"


def merge_patch(target: Any, patch: Any) -> Any:
    """RFC 7386: objects merge key by key, `null` removes a key, anything else replaces."""
    if not isinstance(patch, dict):
        return patch
    result = dict(target) if isinstance(target, dict) else {}
    for key, value in patch.items():
        if value is None:
            result.pop(key, None)
        else:
            result[key] = merge_patch(result.get(key), value)
    return result


def diff(before: Any, after: Any, path: str = "$") -> list[dict[str, Any]]:
    """Where two JSON values differ: [{"path", "before", "after"}], objects walked key by key."""
    if isinstance(before, dict) and isinstance(after, dict):
        changes: list[dict[str, Any]] = []
        for key in sorted(set(before) | set(after), key=str):
            changes += diff(before.get(key, _REMOVED), after.get(key, _REMOVED), f"{path}.{key}")
        return changes[:MAX_DIFF_ENTRIES]
    return [] if before == after else [{"path": path, "before": before, "after": after}]


def edited_arguments(
    *,
    tool: str,
    original: dict[str, Any],
    arguments: Any = None,
    patch: Any = None,
    organization_id: int,
) -> tuple[dict[str, Any], list[dict[str, Any]], str]:
    """The edited arguments, their diff from the original, and their digest; a 400 when they
    are not valid for the tool (or when the edit changes nothing)."""
    if arguments is not None and patch is not None:
        raise ValidationError({"arguments": "Give the edited arguments or a patch, not both."})
    edited = merge_patch(original, patch) if patch is not None else arguments
    if not isinstance(edited, dict):
        raise ValidationError({"arguments": "The edited arguments must be a JSON object."})
    validate(tool, edited, original, organization_id=organization_id)
    changes = diff(original, edited)
    if not changes:
        raise ValidationError({"arguments": "The edit changes nothing; approve without one."})
    return edited, changes, arguments_digest(tool, edited)


def validate(
    tool: str, arguments: dict[str, Any], original: dict[str, Any], *, organization_id: int
) -> None:
    if tool == BUDGET_TOOL:
        _validate_budget(arguments, original)
        return
    try:
        registry_for(organization_id).validate(tool, arguments)
    except (UnknownTool, ToolArgumentsInvalid) as error:
        raise ValidationError({"arguments": str(error)}) from None


def _validate_budget(arguments: dict[str, Any], original: dict[str, Any]) -> None:
    extension = arguments.get("extension")
    if set(arguments) != {"budget", "extension"} or arguments["budget"] not in BUDGET_NAMES:
        raise ValidationError(
            {
                "arguments": f'A budget request is {{"budget": one of {list(BUDGET_NAMES)}, "extension": n}}.'
            }
        )
    if arguments["budget"] != original.get("budget"):
        raise ValidationError({"arguments": "An edit may change the extension, not the budget."})
    if not isinstance(extension, int | float) or isinstance(extension, bool) or extension <= 0:
        raise ValidationError({"arguments": "The extension must be a positive number."})
