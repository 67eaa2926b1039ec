"""What one backend is sent for a planned request: the gateway provides what a server lacks.

An `openai` backend (vLLM, SGLang, hosted APIs) gets the request as the client sent it. A
`llama_cpp_python` backend (the embedded server) gets it translated:

- `response_format: json_schema` becomes its grammar-constrained `json_object` with `schema`;
- `tool_choice` naming a function is native there; `required` with one tool becomes that
  function; `auto` and `required` with several tools are served by constraining the answer to
  a JSON object that is either a tool call or a direct answer, described to the model in a
  system message, and converted back into `tool_calls` (see gateway.outputs);
- messages become plain text (its chat template concatenates `content` strings), and an
  assistant's earlier tool calls are written the way the model is asked to write them;
- `n` > 1 is refused with a 400: it decodes one choice per request;
- `logprobs: true` is answered only when `top_logprobs` is sent too (0 when the client left it
  out), and the server lists the sampled token among the top ones even when it is not: the
  gateway cuts each list to the `top_logprobs` asked for (see gateway.outputs).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from gateway.errors import invalid
from gateway.validation import Plan, whole_number
from inference.selectors import BackendConfig

LLAMA_CPP_PYTHON = "llama_cpp_python"
_LLAMA_DROPS = ("tools", "tool_choice", "parallel_tool_calls", "response_format", "n")


@dataclass(frozen=True)
class Upstream:
    """The request for one backend and how to read its answer."""

    path: str
    body: dict[str, Any]
    stream: bool
    # The gateway turns a JSON answer into tool calls (names of the tools offered).
    emulated_tools: tuple[str, ...] = ()
    # The tools' parameter schemas by name, to check emulated calls against.
    tool_schemas: dict[str, Any] | None = None
    # The client asked for a stream that the gateway writes itself from a whole answer.
    synthesized_stream: bool = False
    # The backend streams no usage: the gateway counts it (see gateway.tokens).
    counts_usage: bool = False
    # How many top logprobs the client asked for, when the backend may list more.
    top_logprobs: int | None = None


def upstream_request(plan: Plan, config: BackendConfig) -> Upstream:
    body = {**plan.payload, "model": config.served_model}
    if config.dialect != LLAMA_CPP_PYTHON or plan.endpoint != "chat.completions":
        return Upstream(plan.path, body, plan.stream)
    if plan.n > 1:
        raise invalid(
            f"The '{config.tier}' tier's backend generates one choice per request: use n=1.",
            param="n",
        )
    return _llama_request(plan, body)


def _llama_request(plan: Plan, body: dict[str, Any]) -> Upstream:
    original = dict(body)
    for key in _LLAMA_DROPS:
        body.pop(key, None)
    body["messages"] = [plain_message(m, f"messages[{i}]") for i, m in enumerate(body["messages"])]
    top_logprobs = None
    if body.get("logprobs") is True:
        top_logprobs = whole_number(body.get("top_logprobs")) or 0
        body["top_logprobs"] = top_logprobs
    if plan.schema is not None:
        body["response_format"] = {"type": "json_object", "schema": plan.schema}
    elif (original.get("response_format") or {}).get("type") == "json_object":
        body["response_format"] = {"type": "json_object"}
    tools = original.get("tools") or []
    choice = original.get("tool_choice", "auto" if tools else "none")
    if not tools or choice == "none":
        return Upstream(plan.path, body, plan.stream, counts_usage=True, top_logprobs=top_logprobs)
    if choice == "required" and len(tools) == 1:
        choice = {"type": "function", "function": {"name": tools[0]["function"]["name"]}}
    if isinstance(choice, dict):
        body["tools"], body["tool_choice"] = tools, choice
        return Upstream(plan.path, body, plan.stream, counts_usage=True, top_logprobs=top_logprobs)
    return _emulated(plan, body, tools, answer_allowed=choice == "auto")


def _emulated(
    plan: Plan, body: dict[str, Any], tools: list[dict[str, Any]], *, answer_allowed: bool
) -> Upstream:
    variants = [_call_variant(tool["function"]) for tool in tools]
    if answer_allowed:
        answer = plan.schema or {"type": "string"}
        variants.append(_object({"answer": answer}))
    schema = variants[0] if len(variants) == 1 else {"anyOf": variants}
    body["response_format"] = {"type": "json_object", "schema": schema}
    body["messages"] = [_tools_message(tools, answer_allowed), *body["messages"]]
    body["stream"] = False
    body.pop("stream_options", None)
    names = tuple(tool["function"]["name"] for tool in tools)
    schemas = {tool["function"]["name"]: tool["function"].get("parameters") for tool in tools}
    return Upstream(
        plan.path,
        body,
        stream=False,
        emulated_tools=names,
        tool_schemas=schemas,
        synthesized_stream=plan.stream,
    )


def _object(properties: dict[str, Any]) -> dict[str, Any]:
    return {
        "type": "object",
        "properties": properties,
        "required": list(properties),
        "additionalProperties": False,
    }


def _call_variant(function: dict[str, Any]) -> dict[str, Any]:
    parameters = function.get("parameters") or {"type": "object", "properties": {}}
    return _object({"tool": {"const": function["name"]}, "arguments": parameters})


def _tools_message(tools: list[dict[str, Any]], answer_allowed: bool) -> dict[str, str]:
    lines = ["You can call these tools:"]
    for tool in tools:
        function = tool["function"]
        described = f"- {function['name']}: {function.get('description', '')}".rstrip(": ")
        lines.append(f"{described} Arguments: {json.dumps(function.get('parameters') or {})}")
    lines.append('To call a tool, reply with {"tool": <name>, "arguments": {...}}.')
    if answer_allowed:
        lines.append('To answer without a tool, reply with {"answer": <your answer>}.')
    return {"role": "system", "content": "\n".join(lines)}


def plain_message(message: dict[str, Any], where: str) -> dict[str, Any]:
    """A message as the llama.cpp chat template can render it: text content only."""
    out: dict[str, Any] = {"role": message["role"], "content": _text(message.get("content"), where)}
    calls = message.get("tool_calls") or []
    if calls:
        written = [_written_call(call["function"]) for call in calls]
        out["content"] = "\n".join(filter(None, [out["content"], *written]))
    if message["role"] == "tool":
        out["tool_call_id"] = message["tool_call_id"]
    elif message.get("name") and message["role"] == "function":
        out["name"] = message["name"]
    return out


def _written_call(function: dict[str, Any]) -> str:
    try:
        arguments = json.loads(function["arguments"])
    except ValueError:
        arguments = function["arguments"]
    return json.dumps({"tool": function["name"], "arguments": arguments})


def _text(content: Any, where: str) -> str:
    if content is None or isinstance(content, str):
        return content or ""
    texts = []
    for index, part in enumerate(content):
        if part["type"] not in ("text", "refusal"):
            raise invalid(
                f"{where}.content[{index}] is {part['type']}: this tier's backend reads text only.",
                param=f"{where}.content[{index}]",
            )
        texts.append(part.get("text") or part.get("refusal") or "")
    return "\n".join(texts)
