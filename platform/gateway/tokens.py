"""Token counts for streamed answers whose backend sends no usage chunk.

The backend's own tokenizer counts them: `POST <server root>/tokenize` in vLLM's shape
(`{"model", "messages"}` for the prompt as the chat template renders it, `{"model", "prompt"}`
for the answer's text), which vLLM and the embedded server answer without waiting for a
decode. A backend without that route falls back to an estimate: the request's size / 4 for
the prompt, one token per streamed content chunk for the answer (exact for llama.cpp, which
streams a chunk per token); the gateway logs when it had to estimate.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from typing import Any

import orjson

from gateway.upstream import UpstreamError, headers_for, post_json
from inference.selectors import BackendConfig

logger = logging.getLogger(__name__)

TOKENIZE_TIMEOUT_S = 2.0


@dataclass(frozen=True)
class Counted:
    prompt_tokens: int
    completion_tokens: int
    estimated: bool

    def usage(self) -> dict[str, int]:
        total = self.prompt_tokens + self.completion_tokens
        return {
            "prompt_tokens": self.prompt_tokens,
            "completion_tokens": self.completion_tokens,
            "total_tokens": total,
        }


async def _count(config: BackendConfig, request_id: str, body: dict[str, Any]) -> int | None:
    try:
        status, raw = await post_json(
            f"{config.root_url}/tokenize",
            {"model": config.served_model, **body},
            headers_for(config, request_id),
            timeout=TOKENIZE_TIMEOUT_S,
        )
        count = orjson.loads(raw).get("count") if status == 200 else None
    except (UpstreamError, ValueError, AttributeError) as error:
        logger.debug("tokenize on %s failed: %s", config.name, error)
        return None
    return count if isinstance(count, int) and not isinstance(count, bool) else None


async def count_stream(
    config: BackendConfig,
    request_id: str,
    *,
    upstream_body: dict[str, Any],
    answer: str,
    prompt_estimate: int,
    chunks: int,
) -> Counted:
    prompt_body = {"messages": upstream_body.get("messages", [])}
    if upstream_body.get("tools"):
        prompt_body["tools"] = upstream_body["tools"]
    prompt, completion = await asyncio.gather(
        _count(config, request_id, prompt_body),
        _count(config, request_id, {"prompt": answer}) if answer else _zero(),
    )
    if prompt is None or completion is None:
        logger.info("backend %s has no /tokenize: streamed usage is estimated", config.name)
    return Counted(
        prompt_tokens=prompt if prompt is not None else prompt_estimate,
        completion_tokens=completion if completion is not None else chunks,
        estimated=prompt is None or completion is None,
    )


async def _zero() -> int:
    return 0
