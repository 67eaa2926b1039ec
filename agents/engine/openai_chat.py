"""One chat completion through any OpenAI-compatible endpoint, turned into a ChatResult.

Both the in-memory context and the platform's RunContext use this, so the loop sees the same
shapes whatever serves the model (the gateway's /v1, llama.cpp, vLLM or the scripted server).

Backends differ in what they accept: OpenAI and vLLM take `response_format` of type
`json_schema`, llama-cpp-python only `json_object` with a `schema`, and a tier without
constrained decoding takes neither. A rejected format is retried in the next form (and the form
that worked is remembered per endpoint and model); a rejected `tools` list raises
ModelCapabilityError so the loop can switch to JSON actions.

A failure of the endpoint rather than of the request (unreachable, timed out, 5xx, 429 from
capacity or a rate limit) raises EnvironmentFailure once the client's own quick retries are
spent: the platform then waits and re-runs the step instead of failing the run.

An answer the gateway found unusable (502 `invalid_model_output`: not the JSON schema or tool
asked for, or cut off at max_tokens) is neither: it comes back as a ChatResult with no content
and the gateway's reason as its `problem`, for the agent to read and try again, as it would a
reply it could not parse itself.

Every request sent can be observed (`observe`): the platform records each one, as it was asked
and answered, in the run's trace.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from agents import storable
from agents.engine.types import ChatResult, EnvironmentFailure, ToolCallRequest

REJECTION_STATUSES = frozenset({400, 422, 500, 501, 503})
# A monthly quota does not come back within a retry window: that 429 is the run's to report.
NOT_TRANSIENT_CODES = frozenset({"insufficient_quota"})
# A 5xx with one of these codes is the model's own answer failing a check, not an outage.
MODEL_FAULT_CODES = frozenset({"invalid_model_output"})
# The gateway names the backend that answered (or the tier) in these headers, most specific first.
BACKEND_HEADERS = ("x-longhaul-backend", "x-longhaul-tier")
FORMS = ("json_schema", "json_object", "none")
_WORKING_FORM: dict[tuple[str, str], str] = {}
_LOCK = threading.Lock()


@dataclass(frozen=True)
class SentRequest:
    """One request to the model endpoint as it went, for whoever observes the calls."""

    request: dict[str, Any]  # what was sent: model, messages, tools, response_format, max_tokens
    response: dict[str, Any] | None  # the completion as the endpoint returned it
    request_id: str  # the endpoint's id for the request (the gateway's ledger row); "" if none
    status: int | None  # the HTTP status, None when no answer came
    error: str  # why the endpoint refused or failed the request; "" when it answered
    problem: str  # why the endpoint would not pass the model's answer on; "" when it did
    seconds: float


Observer = Callable[[SentRequest], None]


class ModelCapabilityError(RuntimeError):
    """The model endpoint refused a capability (`tools` or constrained output)."""

    def __init__(self, capability: str, message: str) -> None:
        super().__init__(f"the model endpoint does not support {capability}: {message}")
        self.capability = capability


def chat_completion(
    client: Any,
    *,
    model: str,
    messages: list[dict[str, Any]],
    tools: list[dict[str, Any]] | None = None,
    response_format: dict[str, Any] | None = None,
    max_tokens: int | None = None,
    extra: dict[str, Any] | None = None,
    observe: Observer | None = None,
) -> ChatResult:
    """`client` is an `openai.OpenAI`; optional arguments are only sent when set. `observe` is
    called once for every request sent (a format retried in another form is another request)."""
    kwargs: dict[str, Any] = {"model": model, "messages": messages, **(extra or {})}
    if tools:
        kwargs["tools"] = tools
    if max_tokens:
        kwargs["max_tokens"] = max_tokens
    if not response_format:
        return _create(client, kwargs, observe)
    return _with_format_fallback(client, kwargs, response_format, observe)


def _with_format_fallback(
    client: Any,
    kwargs: dict[str, Any],
    response_format: dict[str, Any],
    observe: Observer | None = None,
) -> ChatResult:
    endpoint = (str(getattr(client, "base_url", "")), str(kwargs["model"]))
    with _LOCK:
        start = FORMS.index(_WORKING_FORM.get(endpoint, FORMS[0]))
    for form in FORMS[start:]:
        shaped = _shaped(response_format, form)
        try:
            shaped_kwargs = {**kwargs, **({"response_format": shaped} if shaped else {})}
            result = _create(client, shaped_kwargs, observe)
        except ModelCapabilityError as error:
            if error.capability != "response_format" or form == FORMS[-1]:
                raise
            continue
        with _LOCK:
            _WORKING_FORM[endpoint] = form
        return result
    raise AssertionError("unreachable: the last form sends no response_format")


def _shaped(response_format: dict[str, Any], form: str) -> dict[str, Any] | None:
    schema = (response_format.get("json_schema") or {}).get("schema")
    if response_format.get("type") != "json_schema" or schema is None:
        return response_format if form == FORMS[0] else None
    if form == "json_schema":
        return response_format
    return {"type": "json_object", "schema": schema} if form == "json_object" else None


def _create(client: Any, kwargs: dict[str, Any], observe: Observer | None = None) -> ChatResult:
    import openai

    started = time.monotonic()
    try:
        response = client.chat.completions.create(**kwargs)
    except openai.APIStatusError as error:
        problem = _body_message(error) if _code(error) in MODEL_FAULT_CODES else ""
        _observed(observe, kwargs, started, error=error, problem=problem)
        capability = _refused_capability(error, kwargs)
        if capability is not None:
            raise ModelCapabilityError(capability, str(error)) from error
        if problem:
            return ChatResult(None, [], 0, 0, problem=problem)
        failure = environment_failure(error, model=str(kwargs["model"]))
        if failure is None:
            raise
        raise failure from error
    except openai.APIConnectionError as error:  # APITimeoutError is one too
        failure = _unreachable(error, model=str(kwargs["model"]))
        _observed(observe, kwargs, started, error=failure)
        raise failure from error
    raw = response.model_dump()
    _observed(observe, kwargs, started, raw=raw, request_id=getattr(response, "_request_id", ""))
    return chat_result_from(raw)


def _code(error: Any) -> Any:
    return getattr(error, "code", None)


def _observed(
    observe: Observer | None,
    kwargs: dict[str, Any],
    started: float,
    *,
    raw: dict[str, Any] | None = None,
    request_id: str | None = "",
    error: BaseException | None = None,
    problem: str = "",
) -> None:
    if observe is None:
        return
    sent = {key: value for key, value in kwargs.items() if not key.startswith("extra_")}
    status = getattr(error, "status_code", None) if error is not None else 200
    observe(
        SentRequest(
            request=sent,
            response=raw if raw is not None else _error_body(error),
            request_id=str(request_id or getattr(error, "request_id", None) or ""),
            status=int(status) if status is not None else None,
            error=str(error) if error is not None and not problem else "",
            problem=problem,
            seconds=time.monotonic() - started,
        )
    )


def _error_body(error: BaseException | None) -> dict[str, Any] | None:
    body = getattr(error, "body", None)
    return {"error": body} if body is not None else None


def environment_failure(error: Any, *, model: str) -> EnvironmentFailure | None:
    """The EnvironmentFailure an HTTP error status stands for, or None when the request (not
    the endpoint) was at fault. 501 is a missing capability, never an outage."""
    status = int(getattr(error, "status_code", 0) or 0)
    if status == 429 and getattr(error, "code", None) not in NOT_TRANSIENT_CODES:
        kind = EnvironmentFailure.MODEL_OVERLOADED
    elif status >= 500 and status != 501 and getattr(error, "code", None) not in MODEL_FAULT_CODES:
        kind = EnvironmentFailure.MODEL_UNAVAILABLE
    else:
        return None
    response = getattr(error, "response", None)
    return EnvironmentFailure(
        f"the model endpoint answered HTTP {status}: {_message(error)}",
        kind=kind,
        backend=_backend(response, model),
        retry_after=_retry_after(response),
    )


def _unreachable(error: Any, *, model: str) -> EnvironmentFailure:
    import openai

    timed_out = isinstance(error, openai.APITimeoutError)
    return EnvironmentFailure(
        f"the model endpoint {'timed out' if timed_out else 'could not be reached'}: {error}",
        kind=EnvironmentFailure.MODEL_TIMEOUT
        if timed_out
        else EnvironmentFailure.MODEL_UNREACHABLE,
        backend=model,
    )


def _message(error: Any) -> str:
    return str(getattr(error, "message", "") or error)[:500]


def _body_message(error: Any) -> str:
    """The error object's own message, without the client's "Error code: 502 - " prefix."""
    body = getattr(error, "body", None)
    message = body.get("message") if isinstance(body, dict) else None
    return message[:500] if isinstance(message, str) and message else _message(error)


def _backend(response: Any, model: str) -> str:
    headers = getattr(response, "headers", None) or {}
    for name in BACKEND_HEADERS:
        value = headers.get(name)
        if value:
            return str(value)[:100]
    return model


def _retry_after(response: Any) -> float | None:
    headers = getattr(response, "headers", None) or {}
    try:
        seconds = float(headers.get("retry-after", ""))
    except ValueError:
        return None
    return seconds if seconds >= 0 else None


def _refused_capability(error: Any, kwargs: dict[str, Any]) -> str | None:
    if getattr(error, "status_code", None) not in REJECTION_STATUSES:
        return None
    text = str(error).lower()
    if "response_format" in kwargs and any(
        word in text for word in ("response_format", "json_schema", "json_object")
    ):
        return "response_format"
    if "tools" in kwargs and ("tool" in text or "function" in text):
        return "tools"
    return None


def chat_result_from(raw: dict[str, Any]) -> ChatResult:
    choices = raw.get("choices") or [{}]
    message = choices[0].get("message") or {}
    usage = raw.get("usage") or {}
    calls = [_tool_call(call) for call in message.get("tool_calls") or []]
    content = message.get("content")
    return ChatResult(
        content=_storable_text(content) if isinstance(content, str) else content,
        tool_calls=calls,
        prompt_tokens=int(usage.get("prompt_tokens") or 0),
        completion_tokens=int(usage.get("completion_tokens") or 0),
        raw=raw,
    )


def _tool_call(call: dict[str, Any]) -> ToolCallRequest:
    function = call.get("function") or {}
    arguments = function.get("arguments")
    return ToolCallRequest(
        id=str(call.get("id") or ""),
        name=_storable_text(str(function.get("name") or "")),
        arguments_json=_storable_text(arguments) if isinstance(arguments, str) else "",
    )


def _storable_text(text: str) -> str:
    # A reply is kept in the run's state: a NUL or lone surrogate in it could never be saved.
    # JSON text has no raw NUL outside strings either, so arguments stay exactly as parseable.
    return storable.clean_text(text)
