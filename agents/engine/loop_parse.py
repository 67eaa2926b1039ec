"""Turning model replies into actions and plans. Nothing here raises on bad model output:
every problem comes back as text the model will read as its next observation."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from agents import storable
from agents.engine.types import ChatResult

FENCE = re.compile(r"^```[a-zA-Z]*\s*|\s*```$")
MAX_SUBTASKS = 8


@dataclass(frozen=True)
class Action:
    tool: str | None
    arguments: dict[str, Any] = field(default_factory=dict)
    raw: str = ""  # the reply as text, shown back to the model when it was not a valid action
    problem: str | None = None


def parse_action(result: ChatResult, *, known: set[str]) -> Action:
    if result.problem:
        return Action(None, problem=f"Your reply could not be used: {result.problem}")
    if result.tool_calls:
        call = result.tool_calls[0]
        raw = f"(tool call) {call.name}({call.arguments_json})"
        return _checked(call.name, call.arguments_json or "{}", raw, known)
    content = (result.content or "").strip()
    decoded, error = extract_json(content)
    if not isinstance(decoded, dict) or "tool" not in decoded:
        why = f"it is not valid JSON ({error})" if error else "it names no tool"
        return Action(None, raw=content, problem=f"Your reply was not a tool call: {why}.")
    arguments = decoded.get("arguments", {})
    encoded = arguments if isinstance(arguments, str) else json.dumps(arguments)
    return _checked(str(decoded["tool"]), encoded, content, known)


def _checked(name: str, arguments_json: str, raw: str, known: set[str]) -> Action:
    if name not in known:
        available = ", ".join(sorted(known))
        return Action(
            None, raw=raw, problem=f"Unknown tool {name!r}. Available tools: {available}."
        )
    try:
        # Strict: NaN, NUL or a lone surrogate would only fail later, when the step is saved.
        arguments = storable.loads(arguments_json, where="arguments")
    except storable.NotStorable as exc:
        return Action(None, raw=raw, problem=f"The arguments for {name!r} cannot be used: {exc}.")
    except ValueError as exc:
        return Action(
            None, raw=raw, problem=f"The arguments for {name!r} are not valid JSON ({exc})."
        )
    if not isinstance(arguments, dict):
        return Action(None, raw=raw, problem=f"The arguments for {name!r} must be a JSON object.")
    return Action(name, arguments, raw)


def parse_plan(
    content: str | None, *, fallback: str, unusable: str | None = None
) -> tuple[list[str], str | None]:
    """The plan's subtasks, or the goal alone and why; `unusable` is why the endpoint would not
    pass the answer on (ChatResult.problem)."""
    if unusable:
        return [fallback], f"The plan could not be used ({unusable}); continuing with the goal."
    decoded, error = extract_json((content or "").strip())
    items = decoded.get("subtasks") if isinstance(decoded, dict) else decoded
    subtasks = [_subtask_text(item) for item in items] if isinstance(items, list) else []
    subtasks = [task for task in subtasks if task][:MAX_SUBTASKS]
    if subtasks:
        return subtasks, None
    why = f"not valid JSON ({error})" if error else 'missing a "subtasks" list'
    return [fallback], f"The plan was {why}; continuing with the goal as the only subtask."


def _subtask_text(item: Any) -> str:
    if isinstance(item, dict):
        item = item.get("title") or item.get("description") or item.get("task") or ""
    return str(item).strip()[:300]


def extract_json(text: str) -> tuple[Any, str | None]:
    """Decode a JSON value from a reply that may wrap it in prose or a code fence."""
    candidate = FENCE.sub("", text.strip())
    try:
        return json.loads(candidate), None
    except ValueError as exc:
        error = str(exc)
    start = min((i for i in (candidate.find("{"), candidate.find("[")) if i >= 0), default=-1)
    if start >= 0:
        try:
            value, _ = json.JSONDecoder().raw_decode(candidate[start:])
            return value, None
        except ValueError:
            pass
    return None, error
