"""Properties of the SSE relay (gateway.sse.SseRelay), for any stream a backend may send.

- However the backend's bytes are cut into reads (a CR LF split in two included), the client
  gets the same events and the request is billed the same.
- `[DONE]` is held back, the usage chunk is dropped unless the client asked for it, and every
  `"model"` the backend names becomes the tier.
- Bytes that are not a stream, or events whose JSON has the wrong shapes, never raise: the relay
  passes on whole events only, and counts what it can.
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from gateway.sse import SseRelay
from tests.fuzz.profiles import fuzz_settings
from tests.fuzz.v1_bodies import ANY_JSON

SERVED, TIER = "served-model-7b", "standard"


def relay(*, wants_usage: bool = False) -> SseRelay:
    return SseRelay(client_wants_usage=wants_usage, served_model=SERVED, tier=TIER, collect=True)


def compact(payload: Any) -> str:
    return json.dumps(payload, separators=(",", ":"))


@st.composite
def chunk_events(draw: Any) -> bytes:
    """One event as a backend writes it: a content or tool-call chunk, a usage chunk, an error,
    a comment; JSON with or without spaces."""
    base = {"id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1, "model": SERVED}
    delta = draw(
        st.fixed_dictionaries({}, optional={"role": st.just("assistant"), "content": st.text()})
        | st.builds(
            lambda args: {"tool_calls": [{"index": 0, "function": {"arguments": args}}]},
            st.text(max_size=5),
        )
    )
    finish = draw(st.none() | st.sampled_from(["stop", "length", "tool_calls"]))
    usage = {"prompt_tokens": draw(st.integers(0, 99)), "completion_tokens": 3, "total_tokens": 9}
    payload = draw(
        st.sampled_from(
            [
                {**base, "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]},
                {**base, "choices": [], "usage": usage},
                {"error": {"message": "backend says no", "type": "server_error"}},
            ]
        )
    )
    text = draw(st.sampled_from([json.dumps, compact]))(payload)
    event = draw(st.sampled_from([f"data: {text}\n\n", f"data:{text}\n\n", ": keep-alive\n\n"]))
    return event.encode()


def streams() -> st.SearchStrategy[bytes]:
    return st.lists(chunk_events(), max_size=6).map(lambda events: b"".join(e for e in events))


def cut(data: bytes, points: list[int]) -> list[bytes]:
    marks = sorted({min(point, len(data)) for point in points})
    return [data[a:b] for a, b in zip([0, *marks], [*marks, len(data)], strict=True)]


def feed_all(sse: SseRelay, reads: list[bytes]) -> bytes:
    return b"".join(sse.feed(read) for read in reads)


def billed(sse: SseRelay) -> tuple[Any, ...]:
    return (sse.prompt_tokens(7), sse.completion_tokens(), sse.done, sse.text, sse.finish_reason)


def cut_points(data: bytes, draw: Any) -> list[int]:
    """Anywhere, and often right after a CR or an LF, where a split hurts most."""
    ends = [i + 1 for i, byte in enumerate(data) if byte in b"\r\n"]
    near = st.sampled_from(ends) if ends else st.integers(0, len(data))
    return draw(st.lists(near | st.integers(0, len(data)), max_size=12))


@given(
    stream=streams(),
    crlf=st.booleans(),
    done=st.booleans(),
    wants_usage=st.booleans(),
    data=st.data(),
)
@fuzz_settings(bounded=300, long=20000)
def test_any_cutting_of_the_stream_relays_the_same_events(
    stream: bytes, crlf: bool, done: bool, wants_usage: bool, data: st.DataObject
) -> None:
    stream += b"data: [DONE]\n\n" if done else b""
    sent = stream.replace(b"\n", b"\r\n") if crlf else stream
    whole, pieces = relay(wants_usage=wants_usage), relay(wants_usage=wants_usage)

    at_once = whole.feed(sent)
    in_pieces = feed_all(pieces, cut(sent, cut_points(sent, data.draw)))

    assert in_pieces == at_once
    assert billed(pieces) == billed(whole)
    assert pieces.done == done
    assert b"[DONE]" not in at_once
    assert SERVED.encode() not in at_once
    assert at_once == b"" or at_once.endswith(b"\n\n")


@given(stream=streams())
@fuzz_settings(bounded=200, long=10000)
def test_the_usage_chunk_reaches_only_a_client_that_asked(stream: bytes) -> None:
    asked, not_asked = relay(wants_usage=True), relay(wants_usage=False)
    with_usage, without = asked.feed(stream), not_asked.feed(stream)
    carries_usage = b'"usage"' in stream and b'"choices": []' in stream.replace(b":[]", b": []")

    assert asked.usage == not_asked.usage
    assert (b'"usage"' in without) is False or not carries_usage
    assert (b'"usage"' in with_usage) == carries_usage


def odd_events() -> st.SearchStrategy[bytes]:
    """Events whose JSON is anything at all, where the relay reads fields by name."""
    shaped = st.fixed_dictionaries(
        {},
        optional={
            "id": ANY_JSON,
            "created": ANY_JSON,
            "choices": ANY_JSON
            | st.lists(
                ANY_JSON
                | st.fixed_dictionaries(
                    {},
                    optional={
                        "delta": ANY_JSON
                        | st.fixed_dictionaries(
                            {},
                            optional={
                                "content": ANY_JSON,
                                "tool_calls": ANY_JSON | st.lists(ANY_JSON),
                            },
                        ),
                        "finish_reason": ANY_JSON,
                    },
                ),
                max_size=2,
            ),
            "usage": ANY_JSON,
            "error": ANY_JSON,
            "model": ANY_JSON,
        },
    )
    return (shaped | ANY_JSON).map(lambda value: f"data: {json.dumps(value)}\n\n".encode())


@given(
    parts=st.lists(st.binary(max_size=40) | odd_events(), max_size=8),
    points=st.lists(st.integers(0, 400), max_size=8),
    wants_usage=st.booleans(),
)
@fuzz_settings(bounded=400, long=20000)
def test_a_malformed_upstream_never_crashes_the_relay(
    parts: list[bytes], points: list[int], wants_usage: bool
) -> None:
    sse = relay(wants_usage=wants_usage)
    out = feed_all(sse, cut(b"".join(parts), points))

    assert out == b"" or out.endswith(b"\n\n")
    assert isinstance(sse.completion_tokens(), int)
    assert isinstance(sse.prompt_tokens(5), int)
    assert sse.upstream_error is None or isinstance(sse.upstream_error, str)
