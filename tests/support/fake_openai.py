"""A scripted OpenAI-compatible model server: the one test double at the model edge.

It is a real HTTP server (uvicorn in a thread, or `python -m tests.support.fake_openai` as a
process), so clients, the gateway and Celery workers talk to it over real sockets.

Answers are scripted as a function of the request, not of call order, so a step that runs twice
after a crash gets the same answer: by default the n-th scripted reply answers a conversation
that already holds n assistant messages. Faults (delay, 500, reset mid-stream, hang, malformed
JSON) are switched per server with `FakeOpenAI.fault`.
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import json
import math
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import uvicorn

Reply = dict[str, Any]  # {"content": str} or {"tool_calls": [{"name": ..., "arguments": {...}}]}
Responder = Callable[[dict[str, Any]], Reply]


@dataclass
class Fault:
    """How the next requests misbehave. `times` counts down; None means every request."""

    kind: str = "none"  # none | delay | error | reset | hang | malformed
    status: int = 500
    delay_s: float = 0.0
    # for reset: stream chunks sent before the connection drops (a whole answer drops after its
    # head and half its body)
    after_chunks: int = 1
    times: int | None = None
    code: str = ""  # for error: the error's `code`, as the gateway sends one
    headers: dict[str, str] = field(default_factory=dict)  # for error: extra response headers


@dataclass
class FakeOpenAI:
    script: list[Reply] = field(default_factory=list)
    responder: Responder | None = None
    model: str = "fake-model"
    delay_s: float = 0.0  # fixed latency before the response starts
    chunk_delay_s: float = 0.0  # between streamed chunks
    embedding_dimensions: int = 384
    fault: Fault = field(default_factory=Fault)
    # While set and not open, requests are held after being recorded (a test opens it).
    gate: threading.Event | None = None
    requests: list[dict[str, Any]] = field(default_factory=list)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    # --- scripting -----------------------------------------------------------------------
    def reply_for(self, body: dict[str, Any]) -> Reply:
        if self.responder is not None:
            return self.responder(body)
        if not self.script:
            return {"content": "ok"}
        turn = sum(1 for message in body.get("messages", []) if message.get("role") == "assistant")
        return self.script[min(turn, len(self.script) - 1)]

    def take_fault(self) -> Fault | None:
        with self._lock:
            if self.fault.kind == "none":
                return None
            fault = self.fault
            if fault.times is not None:
                fault.times -= 1
                if fault.times <= 0:
                    self.fault = Fault()
            return fault

    def record(
        self, path: str, body: dict[str, Any], headers: dict[str, str] | None = None
    ) -> None:
        with self._lock:
            entry = {"path": path, "body": body, "at": time.time(), "headers": headers or {}}
            self.requests.append(entry)

    # --- ASGI ----------------------------------------------------------------------------
    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            return
        body = await _read_json(receive)
        path = scope["path"]
        headers = {k.decode("latin-1"): v.decode("latin-1") for k, v in scope["headers"]}
        self.record(path, body if isinstance(body, dict) else {}, headers)
        while self.gate is not None and not self.gate.is_set():
            # The scripted backend holds the request until the test opens the gate.
            await asyncio.sleep(0.005)
        fault = self.take_fault()
        if fault is not None and await _apply_fault_before_response(fault, send):
            return
        if self.delay_s:
            # The scripted backend answers this late, as a slow real one does.
            await asyncio.sleep(self.delay_s)
        if path.endswith("/models"):
            await _send_json(
                send,
                200,
                {
                    "object": "list",
                    "data": [{"id": self.model, "object": "model", "owned_by": "fake"}],
                },
            )
        elif path.endswith("/chat/completions") and isinstance(body, dict):
            await self._chat(body, send, fault)
        elif path.endswith("/embeddings") and isinstance(body, dict):
            await _send_json(send, 200, self._embeddings(body))
        else:
            await _send_json(
                send, 404, {"error": {"message": f"no route {path}", "type": "not_found"}}
            )

    async def _chat(self, body: dict[str, Any], send: Any, fault: Fault | None) -> None:
        reply = self.reply_for(body)
        if not body.get("stream"):
            answer = completion(reply, model=body.get("model", self.model), request=body)
            if fault is not None and fault.kind == "reset":
                await _send_half_and_drop(send, json.dumps(answer).encode())
            await _send_json(send, 200, answer)
            return
        await send(
            {
                "type": "http.response.start",
                "status": 200,
                "headers": [(b"content-type", b"text/event-stream")],
            }
        )
        include_usage = bool((body.get("stream_options") or {}).get("include_usage"))
        for index, chunk in enumerate(
            stream_chunks(
                reply,
                model=body.get("model", self.model),
                request=body,
                include_usage=include_usage,
            )
        ):
            if fault is not None and fault.kind == "reset" and index >= fault.after_chunks:
                raise ConnectionResetError("scripted reset mid-stream")
            await send({"type": "http.response.body", "body": chunk, "more_body": True})
            if self.chunk_delay_s:
                # The scripted backend streams at this pace, as a real one does.
                await asyncio.sleep(self.chunk_delay_s)
        await send({"type": "http.response.body", "body": b"", "more_body": False})

    def _embeddings(self, body: dict[str, Any]) -> dict[str, Any]:
        inputs = body.get("input", [])
        texts = [inputs] if isinstance(inputs, str) else list(inputs)
        dims = int(body.get("dimensions") or self.embedding_dimensions)
        data = [
            {"object": "embedding", "index": i, "embedding": hashed_embedding(t, dims)}
            for i, t in enumerate(texts)
        ]
        tokens = sum(len(str(t).split()) for t in texts)
        return {
            "object": "list",
            "data": data,
            "model": body.get("model", self.model),
            "usage": {"prompt_tokens": tokens, "total_tokens": tokens},
        }


# --- response builders (also used by tests to predict answers) -------------------------------
def count_prompt_tokens(request: dict[str, Any]) -> int:
    text = json.dumps(request.get("messages", []))
    return max(1, len(text) // 4)


def completion(reply: Reply, *, model: str, request: dict[str, Any]) -> dict[str, Any]:
    message: dict[str, Any] = {"role": "assistant", "content": reply.get("content")}
    finish = "stop"
    if reply.get("tool_calls"):
        message["tool_calls"] = [_tool_call(i, call) for i, call in enumerate(reply["tool_calls"])]
        message["content"] = None
        finish = "tool_calls"
    completion_tokens = max(
        1, len((reply.get("content") or json.dumps(reply.get("tool_calls"))).split())
    )
    prompt_tokens = count_prompt_tokens(request)
    return {
        "id": f"chatcmpl-{uuid.uuid4().hex[:12]}",
        "object": "chat.completion",
        "created": int(time.time()),
        "model": model,
        "choices": [{"index": 0, "message": message, "finish_reason": finish}],
        "usage": {
            "prompt_tokens": prompt_tokens,
            "completion_tokens": completion_tokens,
            "total_tokens": prompt_tokens + completion_tokens,
        },
    }


def stream_chunks(
    reply: Reply, *, model: str, request: dict[str, Any], include_usage: bool = False
) -> Iterator[bytes]:
    base = {
        "id": f"chatcmpl-{uuid.uuid4().hex[:12]}",
        "object": "chat.completion.chunk",
        "created": int(time.time()),
        "model": model,
    }

    def event(delta: dict[str, Any], finish: str | None = None, **extra: Any) -> bytes:
        payload = {
            **base,
            "choices": [{"index": 0, "delta": delta, "finish_reason": finish}],
            **extra,
        }
        return f"data: {json.dumps(payload)}\n\n".encode()

    yield event({"role": "assistant", "content": ""})
    if reply.get("tool_calls"):
        for i, call in enumerate(reply["tool_calls"]):
            yield event({"tool_calls": [{"index": i, **_tool_call(i, call)}]})
        yield event({}, "tool_calls")
    else:
        words = (reply.get("content") or "").split(" ")
        for i, word in enumerate(words):
            yield event({"content": word if i == 0 else " " + word})
        yield event({}, "stop")
    if include_usage:
        done = completion(reply, model=model, request=request)
        yield f"data: {json.dumps({**base, 'choices': [], 'usage': done['usage']})}\n\n".encode()
    yield b"data: [DONE]\n\n"


def hashed_embedding(text: str, dimensions: int) -> list[float]:
    """A deterministic unit vector per text (identical texts, identical vectors)."""
    seed = hashlib.sha256(str(text).encode()).digest()
    values = [((seed[i % len(seed)] + i * 31) % 255) / 127.0 - 1.0 for i in range(dimensions)]
    norm = math.sqrt(sum(v * v for v in values)) or 1.0
    return [v / norm for v in values]


def _tool_call(index: int, call: dict[str, Any]) -> dict[str, Any]:
    arguments = call.get("arguments", {})
    encoded = arguments if isinstance(arguments, str) else json.dumps(arguments)
    return {
        "id": call.get("id", f"call_{index}"),
        "type": "function",
        "function": {"name": call["name"], "arguments": encoded},
    }


# --- ASGI plumbing ----------------------------------------------------------------------------
async def _read_json(receive: Any) -> Any:
    chunks = []
    while True:
        message = await receive()
        chunks.append(message.get("body", b""))
        if not message.get("more_body"):
            break
    raw = b"".join(chunks)
    if not raw:
        return {}
    try:
        return json.loads(raw)
    except ValueError:
        return {"_raw": raw.decode(errors="replace")}


async def _send_json(
    send: Any,
    status: int,
    payload: Any,
    raw: bytes | None = None,
    headers: dict[str, str] | None = None,
) -> None:
    body = raw if raw is not None else json.dumps(payload).encode()
    extra = [(k.lower().encode(), v.encode()) for k, v in (headers or {}).items()]
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [(b"content-type", b"application/json"), *extra],
        }
    )
    await send({"type": "http.response.body", "body": body})


async def _send_half_and_drop(send: Any, body: bytes) -> None:
    """The head of a whole answer and half its body, then the connection drops."""
    length = str(len(body)).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", length)]
    await send({"type": "http.response.start", "status": 200, "headers": headers})
    await send({"type": "http.response.body", "body": body[: len(body) // 2], "more_body": True})
    raise ConnectionResetError("scripted reset mid-body")


async def _apply_fault_before_response(fault: Fault, send: Any) -> bool:
    """Returns True when the fault replaced the response entirely."""
    if fault.kind == "delay":
        # The scripted backend stalls, as a slow real one does.
        await asyncio.sleep(fault.delay_s)
        return False
    if fault.kind == "error":
        error = {"message": "scripted upstream failure", "type": "server_error"}
        if fault.code:
            error["code"] = fault.code
        await _send_json(send, fault.status, {"error": error}, headers=fault.headers)
        return True
    if fault.kind == "hang":
        # The scripted backend never answers, as a hung real one does.
        await asyncio.sleep(3600)
        return True
    if fault.kind == "malformed":
        await _send_json(send, 200, None, raw=b'{"id": "chatcmpl-broken", "choices": [')
        return True
    return False


# --- running it ------------------------------------------------------------------------------
class _PromptServer(uvicorn.Server):
    """uvicorn, stopped at once: the stock server notices `should_exit` on a 0.1 s tick and
    then waits 0.1 s more and for every answer in flight (a scripted hang, forever). Hundreds of
    tests each start and stop a scripted model, so this double stops when told and abandons
    what it was answering, as a killed server would."""

    def __init__(self, config: uvicorn.Config) -> None:
        super().__init__(config)
        self._stopping: asyncio.Event | None = None
        self._loop: asyncio.AbstractEventLoop | None = None

    async def main_loop(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._stopping = asyncio.Event()
        if not self.should_exit:
            await self._stopping.wait()

    async def shutdown(self, sockets: list[Any] | None = None) -> None:
        for server in self.servers:
            server.close()
        for connection in list(self.server_state.connections):
            connection.shutdown()
        for task in list(self.server_state.tasks):
            task.cancel()

    def stop(self) -> None:
        self.should_exit = True
        if self._loop is not None and self._stopping is not None:
            self._loop.call_soon_threadsafe(self._stopping.set)


@contextmanager
def serve_fake_openai(fake: FakeOpenAI, *, port: int = 0) -> Iterator[str]:
    """Serves `fake` on 127.0.0.1 in a background thread; yields the base URL ending in /v1."""
    config = uvicorn.Config(
        fake, host="127.0.0.1", port=port, log_level="warning", lifespan="off", access_log=False
    )
    server = _PromptServer(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("fake OpenAI server did not start")
        # Until the server's thread has bound its socket.
        time.sleep(0.01)
    bound = server.servers[0].sockets[0].getsockname()[1]
    try:
        yield f"http://127.0.0.1:{bound}/v1"
    finally:
        server.stop()
        thread.join(timeout=10)


def main() -> None:
    parser = argparse.ArgumentParser(description="Scripted OpenAI-compatible server")
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--delay-ms", type=float, default=0.0)
    parser.add_argument("--content", default="ok")
    parser.add_argument("--script", help="a JSON file holding a list of replies (see Reply)")
    args = parser.parse_args()
    script = [{"content": args.content}]
    if args.script:
        with open(args.script) as handle:
            script = json.load(handle)
    fake = FakeOpenAI(script=script, delay_s=args.delay_ms / 1000)
    uvicorn.run(
        fake,
        host="127.0.0.1",
        port=args.port,
        log_level="warning",
        lifespan="off",
        access_log=False,
    )


if __name__ == "__main__":
    main()
