"""An OpenAI-compatible server that refuses what some real backends refuse, in their words:
llama-cpp-python rejects `response_format.type == "json_schema"` (it wants `json_object` with a
`schema`), and the gateway answers 503 for a tier without tool calling. Everything else is
answered by the scripted FakeOpenAI it wraps."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from tests.support.fake_openai import FakeOpenAI


@dataclass
class PickyModel:
    fake: FakeOpenAI
    refuse_json_schema: bool = True
    refuse_json_object: bool = False
    refuse_tools: bool = False
    refused: list[str] = field(default_factory=list)

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            return
        raw = await _read(receive)
        body = json.loads(raw or b"{}")
        refusal = self._refusal(body)
        if refusal is not None:
            self.refused.append(refusal[0])
            await _json(
                send,
                refusal[1],
                {"error": {"message": refusal[2], "type": "invalid_request_error"}},
            )
            return
        await self.fake(scope, _replay(raw), send)

    def _refusal(self, body: dict[str, Any]) -> tuple[str, int, str] | None:
        kind = (body.get("response_format") or {}).get("type")
        if kind == "json_schema" and self.refuse_json_schema:
            return (
                "json_schema",
                500,
                "Input should be 'text' or 'json_object' (response_format.type)",
            )
        if kind == "json_object" and self.refuse_json_object:
            return "json_object", 400, "response_format is not supported by this backend"
        if body.get("tools") and self.refuse_tools:
            return (
                "tools",
                503,
                "No healthy backend that supports tools is available for the 'fast' tier.",
            )
        return None


async def _read(receive: Any) -> bytes:
    chunks = []
    while True:
        message = await receive()
        chunks.append(message.get("body", b""))
        if not message.get("more_body"):
            return b"".join(chunks)


def _replay(raw: bytes) -> Any:
    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": raw, "more_body": False}

    return receive


async def _json(send: Any, status: int, payload: Any) -> None:
    body = json.dumps(payload).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [(b"content-type", b"application/json")],
        }
    )
    await send({"type": "http.response.body", "body": body})
