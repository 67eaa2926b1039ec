"""OpenAPI 3 services: each operation of a validated document is a tool.

An operation's path, query and header parameters become properties of the tool's arguments (by
their names) and its JSON request body the `body` property; local `$ref`s are inlined (a cycle
becomes an open schema), so each tool's schema stands alone.
"""

from __future__ import annotations

import copy
import json
import re
from typing import Any
from urllib.parse import quote

from agents.outbound import AnswerTooLarge, UnsafeURL, policy_transport
from agents.tools.external.source import RemoteTool, SourceConfig, SourceError

METHODS = ("get", "put", "post", "delete", "patch", "head", "options")
_LOCATIONS = ("path", "query", "header")
_NAME = re.compile(r"[^A-Za-z0-9_-]+")
MAX_OPERATIONS = 200


def validated(document: Any) -> dict[str, Any]:
    """The document if it is a valid OpenAPI 3 document; SourceError saying why not."""
    from openapi_spec_validator import validate

    if not isinstance(document, dict) or not str(document.get("openapi", "")).startswith("3."):
        raise SourceError("Give an OpenAPI 3 document (a JSON object with `openapi: 3.x`).")
    try:
        validate(document)
    except Exception as error:  # the validator's several error kinds all mean "not valid"
        raise SourceError(f"The OpenAPI document is not valid: {_first_line(error)}") from None
    return document


def operations(document: dict[str, Any]) -> list[RemoteTool]:
    found = []
    for path, item in (document.get("paths") or {}).items():
        shared = item.get("parameters") or []
        for method in METHODS:
            if isinstance(item.get(method), dict):
                found.append(_tool(document, path, method, item[method], shared))
    return found[:MAX_OPERATIONS]


def _tool(
    document: dict[str, Any], path: str, method: str, operation: dict[str, Any], shared: list[Any]
) -> RemoteTool:
    name = operation.get("operationId") or f"{method}_{path}"
    properties: dict[str, Any] = {}
    required: list[str] = []
    params: dict[str, str] = {}
    for raw in [*shared, *(operation.get("parameters") or [])]:
        param = _inlined(document, raw)
        if param.get("in") not in _LOCATIONS:
            continue
        properties[param["name"]] = _inlined(document, param.get("schema") or {"type": "string"})
        params[param["name"]] = param["in"]
        if param.get("required") or param["in"] == "path":
            required.append(param["name"])
    body = _json_body(document, operation)
    if body is not None:
        properties["body"], required = body[0], [*required, "body"] if body[1] else required
    schema = {"type": "object", "properties": properties, "required": sorted(set(required))}
    summary = operation.get("description") or operation.get("summary") or f"{method.upper()} {path}"
    location = {"method": method, "path": path, "parameters": params}
    return RemoteTool(_NAME.sub("_", name)[:48], str(summary), schema, location)


def _json_body(document: dict[str, Any], operation: dict[str, Any]) -> tuple[Any, bool] | None:
    body = _inlined(document, operation.get("requestBody") or {})
    media = (body.get("content") or {}).get("application/json")
    if media is None:
        return None
    return _inlined(document, media.get("schema") or {}), bool(body.get("required"))


def _inlined(document: dict[str, Any], node: Any, depth: int = 0) -> Any:
    if depth > 16:
        return {}
    if isinstance(node, list):
        return [_inlined(document, item, depth + 1) for item in node]
    if not isinstance(node, dict):
        return node
    if isinstance(node.get("$ref"), str):
        return _inlined(document, _resolve(document, node["$ref"]), depth + 1)
    return {key: _inlined(document, value, depth + 1) for key, value in node.items()}


def _resolve(document: dict[str, Any], ref: str) -> Any:
    if not ref.startswith("#/"):
        return {}  # only the document's own definitions: a source never makes us fetch more
    node: Any = document
    for part in ref[2:].split("/"):
        node = (
            node.get(part.replace("~1", "/").replace("~0", "~"), {})
            if isinstance(node, dict)
            else {}
        )
    return copy.deepcopy(node)


def call(config: SourceConfig, tool: RemoteTool, arguments: dict[str, Any]) -> str:
    """Sends the operation with these arguments; the answer's status line and body as text."""
    import httpx

    request = _request(config, tool, arguments)
    transport = policy_transport(
        config.policy, hosts=config.hosts, answer_bytes=config.answer_bytes
    )
    try:
        with httpx.Client(
            transport=transport, timeout=config.timeout_s, follow_redirects=False, trust_env=False
        ) as client:
            reply = client.send(request)
            return f"HTTP {reply.status_code}\n{reply.text}"
    except (UnsafeURL, AnswerTooLarge) as error:
        raise SourceError(str(error)) from None
    except httpx.HTTPError as error:
        raise SourceError(f"{type(error).__name__}: {error}") from None


def _request(config: SourceConfig, tool: RemoteTool, arguments: dict[str, Any]) -> Any:
    import httpx

    op = tool.operation
    path = op["path"]
    query: dict[str, str] = {}
    headers: dict[str, str] = {}
    for name, where in op.get("parameters", {}).items():
        if name not in arguments:
            continue
        value = arguments[name]
        text = value if isinstance(value, str) else json.dumps(value)
        if where == "path":
            path = path.replace("{" + name + "}", quote(text, safe=""))
        elif where == "query":
            query[name] = text
        else:
            headers[name] = text
    url = config.url.rstrip("/") + path
    body = json.dumps(arguments["body"]).encode() if "body" in arguments else None
    if body is not None:
        headers["Content-Type"] = "application/json"
    sent = {**headers, **config.headers}  # the source's credentials, never the arguments'
    return httpx.Request(op["method"].upper(), url, params=query, headers=sent, content=body)


def _first_line(error: Exception) -> str:
    return (str(error).strip().splitlines() or [type(error).__name__])[0][:300]
