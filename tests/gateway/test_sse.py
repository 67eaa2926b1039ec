# mypy: disable-error-code="arg-type, call-overload, union-attr, index, list-item"
"""The stream relay on its own: usage capture, token counting, renaming, split events."""

from __future__ import annotations

import json

from gateway.sse import SseRelay


def _event(payload: dict[str, object], crlf: bool = False) -> bytes:
    sep = b"\r\n\r\n" if crlf else b"\n\n"
    return b"data: " + json.dumps(payload).encode() + sep


def _chunk(content: str | None, finish: str | None = None) -> dict[str, object]:
    delta = {"content": content} if content is not None else {}
    return {"model": "served/x", "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}


def test_counts_tokens_without_usage_and_renames_the_model() -> None:
    relay = SseRelay(client_wants_usage=False, served_model="served/x", tier="fast")
    stream = b"".join(
        [
            _event(_chunk("")),
            _event(_chunk("Hel")),
            _event(_chunk("lo")),
            _event(_chunk(None, "stop"), crlf=True),
            b"data: [DONE]\r\n\r\n",
        ]
    )

    # Split at awkward places, as TCP may.
    out = b"".join(relay.feed(stream[i : i + 7]) for i in range(0, len(stream), 7))

    assert relay.completion_tokens() == 2
    assert relay.first_token
    assert relay.done
    assert b"served/x" not in out
    assert out.count(b'"model": "fast"') == 4
    assert b"\r" not in out
    # [DONE] is held back for the relay's owner, who may add a usage chunk before it.
    assert b"[DONE]" not in out


def test_takes_usage_and_hides_it_unless_asked() -> None:
    usage = {
        "model": "served/x",
        "choices": [],
        "usage": {"prompt_tokens": 9, "completion_tokens": 4},
    }
    hidden = SseRelay(client_wants_usage=False, served_model="served/x", tier="fast")
    shown = SseRelay(client_wants_usage=True, served_model="served/x", tier="fast")

    hidden_out = hidden.feed(_event(_chunk("a")) + _event(usage))
    shown_out = shown.feed(_event(_chunk("a")) + _event(usage))

    assert hidden.completion_tokens() == shown.completion_tokens() == 4
    assert hidden.prompt_tokens(estimate=100) == 9
    assert b'"usage"' not in hidden_out
    assert b'"usage"' in shown_out
