"""The Chat Completions request schema, checked at the gateway: a wrong request is a 400 that
names its parameter (as OpenAI names it, e.g. `messages[2].tool_call_id`) and never reaches
a backend, where it would come back as an opaque 422 or 500."""

from __future__ import annotations

import re
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import SchemaError

from gateway.errors import invalid

MAX_N = 128
# More than any model's context; a count past it would overflow the quota counters in Redis.
MAX_TOKENS = 2**31 - 1
MAX_TOOLS = 128
_NAME = re.compile(r"[a-zA-Z0-9_-]{1,64}")  # fullmatch: "$" would also allow a final "\n"
_ROLES = ("system", "developer", "user", "assistant", "tool", "function")
_PART_TYPES = {
    "system": {"text"},
    "developer": {"text"},
    "user": {"text", "image_url", "input_audio", "file"},
    "assistant": {"text", "refusal"},
    "tool": {"text"},
    "function": {"text"},
}
_PART_FIELD = {"text": "text", "image_url": "image_url", "input_audio": "input_audio"}
_PART_FIELD |= {"file": "file", "refusal": "refusal"}
_TOOL_CHOICES = ("none", "auto", "required")


def check_chat_body(body: dict[str, Any]) -> dict[str, Any] | None:
    """Raises a 400 GatewayError with `param` set for the first thing that is wrong; returns
    the JSON schema the answer must match, if the request asks for one."""
    _check_numbers(body)
    _check_stop(body.get("stop"))
    _check_logprobs(body)
    _check_types(body)
    for index, message in enumerate(_list(body, "messages", minimum=1)):
        check_message(message, f"messages[{index}]")
    names = check_tools(body.get("tools"))
    check_tool_choice(body.get("tool_choice"), names)
    return check_response_format(body.get("response_format"))


def _list(body: dict[str, Any], name: str, *, minimum: int = 0) -> list[Any]:
    value = body.get(name)
    if not isinstance(value, list) or len(value) < minimum:
        raise invalid(f"'{name}' must be a list with at least {minimum} item(s).", param=name)
    return value


def _check_numbers(body: dict[str, Any]) -> None:
    for name, low, high in (
        ("temperature", 0, 2),
        ("top_p", 0, 1),
        ("presence_penalty", -2, 2),
        ("frequency_penalty", -2, 2),
    ):
        number(body, name, low, high)
    for name in ("max_tokens", "max_completion_tokens"):
        integer(body, name, 1, MAX_TOKENS)
    integer(body, "n", 1, MAX_N)
    integer(body, "seed", -(2**63), 2**64 - 1)


def whole_number(value: Any) -> int | None:
    """The integer a JSON number stands for, or None. JSON has numbers only: 1.0 is the integer
    1, as JSON Schema reads it; past 2**53 a float no longer says which integer it is."""
    if isinstance(value, float) and value.is_integer() and abs(value) <= 2**53:
        return int(value)
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def integer(body: dict[str, Any], name: str, low: int, high: int | None = None) -> int | None:
    raw = body.get(name)
    if raw is None:
        return None
    value = whole_number(raw)
    if value is None or value < low:
        raise invalid(f"'{name}' must be an integer ≥ {low}.", param=name)
    if high is not None and value > high:
        raise invalid(f"'{name}' must be an integer between {low} and {high}.", param=name)
    return value


def number(body: dict[str, Any], name: str, low: float, high: float) -> None:
    value = body.get(name)
    if value is None:
        return
    if isinstance(value, bool) or not isinstance(value, int | float) or not low <= value <= high:
        raise invalid(f"'{name}' must be a number between {low} and {high}.", param=name)


def _check_stop(stop: Any) -> None:
    if stop is None or isinstance(stop, str):
        return
    if not isinstance(stop, list) or len(stop) > 4 or not all(isinstance(s, str) for s in stop):
        raise invalid("'stop' must be a string or a list of up to 4 strings.", param="stop")


def _check_logprobs(body: dict[str, Any]) -> None:
    top = integer(body, "top_logprobs", 0, 20)
    logprobs = body.get("logprobs")
    if logprobs is not None and not isinstance(logprobs, bool):
        raise invalid("'logprobs' must be true or false.", param="logprobs")
    if top is not None and logprobs is not True:
        raise invalid("'top_logprobs' needs 'logprobs': true.", param="top_logprobs")
    bias = body.get("logit_bias")
    if bias is not None and not (
        isinstance(bias, dict)
        and all(
            key.isascii()
            and key.isdigit()
            and isinstance(v, int | float)
            and not isinstance(v, bool)
            and -100 <= v <= 100
            for key, v in bias.items()
        )
    ):
        raise invalid(
            "'logit_bias' must map token ids to numbers between -100 and 100.", param="logit_bias"
        )


def _check_types(body: dict[str, Any]) -> None:
    for name, kind, label in (
        ("user", str, "a string"),
        ("stream", bool, "true or false"),
        ("parallel_tool_calls", bool, "true or false"),
        ("metadata", dict, "an object"),
    ):
        if body.get(name) is not None and not isinstance(body[name], kind):
            raise invalid(f"'{name}' must be {label}.", param=name)
    options = body.get("stream_options")
    if options is None:
        return
    if not body.get("stream") or not isinstance(options, dict):
        raise invalid("'stream_options' is only allowed with stream: true.", param="stream_options")
    if not isinstance(options.get("include_usage", False), bool):
        raise invalid(
            "'stream_options.include_usage' must be true or false.",
            param="stream_options.include_usage",
        )


def check_message(message: Any, where: str) -> None:
    if not isinstance(message, dict):
        raise invalid(f"{where} must be an object.", param=where)
    role = message.get("role")
    if role not in _ROLES:
        raise invalid(
            f"{where}.role must be one of {', '.join(_ROLES)}; got {role!r}.", param=f"{where}.role"
        )
    if message.get("name") is not None and not isinstance(message["name"], str):
        raise invalid(f"{where}.name must be a string.", param=f"{where}.name")
    if role == "assistant":
        _check_assistant(message, where)
    else:
        _check_content(message.get("content"), role, f"{where}.content", required=True)
    if role == "tool" and not (
        isinstance(message.get("tool_call_id"), str) and message["tool_call_id"]
    ):
        raise invalid(
            f"{where} is a tool message: it needs the 'tool_call_id' it answers.",
            param=f"{where}.tool_call_id",
        )
    if role == "function" and not isinstance(message.get("name"), str):
        raise invalid(f"{where} is a function message: it needs a 'name'.", param=f"{where}.name")


def _check_assistant(message: dict[str, Any], where: str) -> None:
    calls = message.get("tool_calls")
    has_calls = bool(calls) or message.get("function_call") is not None
    _check_content(message.get("content"), "assistant", f"{where}.content", required=not has_calls)
    if calls is None:
        return
    if not isinstance(calls, list):
        raise invalid(f"{where}.tool_calls must be a list.", param=f"{where}.tool_calls")
    for index, call in enumerate(calls):
        at = f"{where}.tool_calls[{index}]"
        function = call.get("function") if isinstance(call, dict) else None
        if not (
            isinstance(call, dict)
            and isinstance(call.get("id"), str)
            and call.get("type", "function") == "function"
            and isinstance(function, dict)
            and isinstance(function.get("name"), str)
            and isinstance(function.get("arguments"), str)
        ):
            raise invalid(
                f"{at} must be {{id, type: function, function: {{name, arguments (a JSON "
                "string)}}}.",
                param=at,
            )


def _check_content(content: Any, role: str, where: str, *, required: bool) -> None:
    if content is None:
        if required:
            raise invalid(f"{where} is required for a {role} message.", param=where)
        return
    if isinstance(content, str):
        return
    if not isinstance(content, list) or (required and not content):
        raise invalid(f"{where} must be a string or a non-empty list of parts.", param=where)
    for index, part in enumerate(content):
        kind = part.get("type") if isinstance(part, dict) else None
        at = f"{where}[{index}]"
        if not isinstance(kind, str) or kind not in _PART_TYPES[role]:  # a list is unhashable
            allowed = ", ".join(sorted(_PART_TYPES[role]))
            raise invalid(f"{at}.type must be one of {allowed} in a {role} message.", param=at)
        field = part.get(_PART_FIELD[kind])
        if field is None or (kind in ("text", "refusal") and not isinstance(field, str)):
            raise invalid(f"{at} of type {kind} needs '{_PART_FIELD[kind]}'.", param=at)


def check_tools(tools: Any) -> list[str]:
    """The tools' names, after checking each definition and its parameters schema."""
    if tools is None:
        return []
    if not isinstance(tools, list) or len(tools) > MAX_TOOLS:
        raise invalid(f"'tools' must be a list of at most {MAX_TOOLS} tools.", param="tools")
    names = []
    for index, tool in enumerate(tools):
        at = f"tools[{index}]"
        function = tool.get("function") if isinstance(tool, dict) else None
        if not isinstance(function, dict) or tool.get("type", "function") != "function":
            raise invalid(f"{at} must be {{type: function, function: {{name, ...}}}}.", param=at)
        name = function.get("name")
        if not isinstance(name, str) or not _NAME.fullmatch(name):
            raise invalid(
                f"{at}.function.name must be 1-64 letters, digits, _ or -.",
                param=f"{at}.function.name",
            )
        description = function.get("description")
        if description is not None and not isinstance(description, str):
            raise invalid(
                f"{at}.function.description must be a string.", param=f"{at}.function.description"
            )
        check_schema(function.get("parameters"), f"{at}.function.parameters", optional=True)
        names.append(name)
    return names


def check_tool_choice(choice: Any, names: list[str]) -> None:
    if choice is None:
        return
    if isinstance(choice, str):
        if choice not in _TOOL_CHOICES:
            raise invalid(
                "'tool_choice' must be none, auto, required or "
                '{"type": "function", "function": {"name": ...}}.',
                param="tool_choice",
            )
        if choice != "none" and not names:
            raise invalid(f"'tool_choice': {choice!r} needs 'tools'.", param="tool_choice")
        return
    function = choice.get("function") if isinstance(choice, dict) else None
    name = function.get("name") if isinstance(function, dict) else None
    if not isinstance(name, str) or choice.get("type", "function") != "function":
        raise invalid(
            "'tool_choice' must be none, auto, required or "
            '{"type": "function", "function": {"name": ...}}.',
            param="tool_choice",
        )
    if name not in names:
        raise invalid(
            f"'tool_choice' names the function {name!r}, which is not among 'tools'.",
            param="tool_choice",
        )


def check_response_format(fmt: Any) -> dict[str, Any] | None:
    """The JSON schema the answer must match, if any."""
    if fmt is None:
        return None
    kind = fmt.get("type") if isinstance(fmt, dict) else None
    if kind not in ("text", "json_object", "json_schema"):
        raise invalid(
            "'response_format.type' must be text, json_object or json_schema.",
            param="response_format",
        )
    if kind != "json_schema":
        return None
    spec = fmt.get("json_schema")
    if not isinstance(spec, dict) or not isinstance(spec.get("name"), str):
        raise invalid(
            "'response_format.json_schema' needs a 'name' and a 'schema' object.",
            param="response_format.json_schema",
        )
    if not _NAME.fullmatch(spec["name"]):
        raise invalid(
            "'response_format.json_schema.name' must be 1-64 letters, digits, _ or -.",
            param="response_format.json_schema.name",
        )
    return check_schema(spec.get("schema"), "response_format.json_schema.schema", optional=True)


def check_schema(schema: Any, where: str, *, optional: bool) -> dict[str, Any]:
    if schema is None and optional:
        return {}
    if not isinstance(schema, dict):
        raise invalid(f"{where} must be a JSON Schema object.", param=where)
    try:
        Draft202012Validator.check_schema(schema)
    except SchemaError as error:
        raise invalid(f"{where} is not a valid JSON Schema: {error.message}", param=where) from None
    return schema
