"""What the embedded server answers besides llama-cpp-python's own routes.

- `GET /health`: liveness with load, answered without the model lock. The stock routes
  (`/v1/models` included) wait for the lock that a decoding request holds, so a probe of them
  would call a merely busy single-slot server dead.
- `POST /tokenize`: vLLM's shape (`{"model", "prompt"}` or `{"model", "messages"}` →
  `{"count", "tokens", "max_model_len"}`), also without the lock: the gateway counts the
  tokens of streamed answers with it, since llama-cpp-python streams no usage.
- `POST /v1/embeddings` for the embeddings alias: all-MiniLM-L6-v2 through memory's local
  provider, so the platform embeds one way everywhere.

Imported only by the inference process (`manage.py serve_inference`).
"""

from __future__ import annotations

import asyncio
import base64
import json
import struct
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from llama_cpp import Llama
from llama_cpp.llama_chat_format import Jinja2ChatFormatter

Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

EMBEDDINGS_ALIAS = "embeddings"
_GENERATION_PATHS = ("/v1/chat/completions", "/v1/completions")
_MAX_BODY = 16 << 20


class BadRequest(Exception):
    """The request is wrong; the message says how."""


class Load:
    """Generation requests inside the server; llama.cpp decodes one of them at a time."""

    def __init__(self) -> None:
        self.inside = 0

    def as_dict(self) -> dict[str, int]:
        decoding = min(1, self.inside)
        return {"slots": 1, "in_flight": decoding, "waiting": self.inside - decoding}


class Extras:
    """An ASGI app that answers the extra routes and passes everything else to `app`."""

    def __init__(self, app: ASGIApp, models: Callable[[str | None], Llama], aliases: list[str]):
        self.app = app
        self.models = models
        self.aliases = aliases
        self.load = Load()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        path, method = scope.get("path", ""), scope.get("method", "")
        if scope["type"] != "http":
            await self.app(scope, receive, send)
        elif path == "/health" and method == "GET":
            await _json(
                send, 200, {"status": "ok", "models": self._listed(), **self.load.as_dict()}
            )
        elif path == "/tokenize" and method == "POST":
            await self._answer(receive, send, self._tokenize)
        elif path == "/v1/embeddings" and method == "POST":
            await self._answer(receive, send, _embeddings)
        elif path in _GENERATION_PATHS:
            await self._generate(scope, receive, send)
        else:
            await self.app(scope, receive, send)

    def _listed(self) -> list[str]:
        return [*self.aliases, EMBEDDINGS_ALIAS]

    async def _generate(self, scope: Scope, receive: Receive, send: Send) -> None:
        self.load.inside += 1
        try:
            await self.app(scope, receive, send)
        finally:
            self.load.inside -= 1

    async def _answer(
        self, receive: Receive, send: Send, handler: Callable[[dict[str, Any]], Any]
    ) -> None:
        try:
            body = json.loads(await _body(receive))
            if not isinstance(body, dict):
                raise BadRequest("the body must be a JSON object")
            result = await asyncio.to_thread(handler, body)
        except (BadRequest, ValueError) as error:
            await _json(send, 400, _error(str(error), "invalid_request_error"))
            return
        except Exception as error:  # the model failed, not the request
            await _json(send, 500, _error(f"{type(error).__name__}: {error}", "server_error"))
            return
        await _json(send, 200, result)

    def _tokenize(self, body: dict[str, Any]) -> dict[str, Any]:
        model = body.get("model")
        if model not in self.aliases:
            raise BadRequest(f"unknown model {model!r}; this server has {self.aliases}")
        llama = self.models(model)
        if "messages" in body:
            tokens = _prompt_tokens(llama, body)
        elif isinstance(body.get("prompt"), str):
            tokens = llama.tokenize(body["prompt"].encode(), add_bos=False, special=True)
        else:
            raise BadRequest("send 'prompt' (a string) or 'messages'")
        return {"count": len(tokens), "tokens": tokens, "max_model_len": llama.n_ctx()}


def _prompt_tokens(llama: Llama, body: dict[str, Any]) -> list[int]:
    """The prompt exactly as a chat completion renders it: the model's own chat template,
    built the way llama-cpp-python builds its default chat handler."""
    template = llama.metadata.get("tokenizer.chat_template")
    messages = body.get("messages")
    if not template or not isinstance(messages, list):
        raise BadRequest("'messages' must be a list, and the model needs a chat template")
    eos, bos = llama.token_eos(), llama.token_bos()
    formatter = Jinja2ChatFormatter(
        template=template,
        eos_token=llama._model.token_get_text(eos) if eos != -1 else "",
        bos_token=llama._model.token_get_text(bos) if bos != -1 else "",
        stop_token_ids=[eos],
    )
    try:
        rendered = formatter(messages=messages, tools=body.get("tools"))
    except Exception as error:  # a message the template cannot render
        raise BadRequest(f"the chat template cannot render these messages: {error}") from None
    return llama.tokenize(
        rendered.prompt.encode(), add_bos=not rendered.added_special, special=True
    )


def _embeddings(body: dict[str, Any]) -> dict[str, Any]:
    from memory.embeddings import LocalEmbeddings

    if body.get("model") != EMBEDDINGS_ALIAS:
        raise BadRequest(f"this server embeds with the model {EMBEDDINGS_ALIAS!r}")
    texts = _texts(body.get("input"))
    provider = LocalEmbeddings()
    dimensions = body.get("dimensions")
    if dimensions is not None and dimensions != provider.declared_dimensions():
        raise BadRequest(f"this model has {provider.declared_dimensions()} dimensions")
    vectors = provider.embed(texts)
    as_base64 = body.get("encoding_format") == "base64"
    tokens = provider.count_tokens(texts)
    return {
        "object": "list",
        "model": EMBEDDINGS_ALIAS,
        "data": [
            {"object": "embedding", "index": i, "embedding": _encoded(v, as_base64)}
            for i, v in enumerate(vectors)
        ],
        "usage": {"prompt_tokens": tokens, "total_tokens": tokens},
    }


def _texts(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, list) and value and all(isinstance(item, str) for item in value):
        return value
    raise BadRequest("'input' must be a string or a list of strings (token arrays: no)")


def _encoded(vector: list[float], as_base64: bool) -> list[float] | str:
    if not as_base64:
        return vector
    return base64.b64encode(struct.pack(f"<{len(vector)}f", *vector)).decode()


def _error(message: str, kind: str) -> dict[str, Any]:
    return {"error": {"message": message, "type": kind, "param": None, "code": None}}


async def _body(receive: Receive) -> bytes:
    chunks, size = [], 0
    while True:
        message = await receive()
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > _MAX_BODY:
            raise BadRequest(f"the body exceeds {_MAX_BODY} bytes")
        chunks.append(chunk)
        if not message.get("more_body"):
            return b"".join(chunks)


async def _json(send: Send, status: int, payload: Any) -> None:
    body = json.dumps(payload).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
