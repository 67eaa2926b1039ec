"""Hypothesis strategies for /v1 request bodies: valid ones, and ones wrong in one place.

A body is built from valid values, except that now and then one place (at most one per body)
gets a value from that place's list of suspects: boundaries just outside the range, neighbours
in the character set, wrong types, any JSON. With one fault at a time, a disagreement between
the /v1 description and the gateway's checks cannot hide behind another refusal. Whether a
body is valid is not decided here: the tests ask the description and the gateway.
"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

SearchStrategy = st.SearchStrategy
Draw = Any

ANY_JSON: SearchStrategy[Any] = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**65), 2**65)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=6),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3)
    ),
    max_leaves=5,
)
NAME = st.from_regex(r"[a-zA-Z0-9_-]{1,64}", fullmatch=True)
BAD_NAMES = st.sampled_from(["", "a" * 65, "two words", "ok\n", "é", "a.b"])
SCHEMAS = st.sampled_from(
    [{}, {"type": "object", "properties": {"city": {"type": "string"}}}, {"enum": [1, 2]}]
)
BAD_SCHEMAS = st.sampled_from([{"type": 5}, {"minimum": "x"}, {"required": "city"}, []])
TEXT = st.text(max_size=8)


class Faults:
    """Draws valid values, and at most `budget` suspect ones at random places."""

    def __init__(self, draw: Draw, budget: int = 1) -> None:
        self.draw = draw
        self.left = budget

    def pick(self, valid: SearchStrategy[Any], suspects: SearchStrategy[Any] = ANY_JSON) -> Any:
        if self.left and self.draw(st.integers(0, 3)) == 0:
            self.left -= 1
            return self.draw(st.one_of(suspects, suspects, ANY_JSON))
        return self.draw(valid)

    def maybe(self) -> bool:
        return bool(self.draw(st.booleans()))


def number(faults: Faults, low: float, high: float) -> Any:
    valid = st.sampled_from([low, high]) | st.floats(low, high) | st.integers(int(low), int(high))
    suspects = st.sampled_from([low - 0.001, high + 0.001, low - 1, high + 1, True, "1"])
    return faults.pick(st.none() | valid, suspects)


def integer(faults: Faults, low: int, high: int) -> Any:
    valid = st.sampled_from([low, high, float(low)]) | st.integers(low, high)
    suspects = st.sampled_from([low - 1, high + 1, low + 0.5, True, "1", 1e300])
    return faults.pick(st.none() | valid, suspects)


def text_part(faults: Faults, kinds: list[str]) -> dict[str, Any]:
    kind = faults.pick(st.sampled_from(kinds), st.sampled_from(["refusal", "image_url", "video"]))
    if kind in ("text", "refusal"):
        return {"type": kind, kind: faults.pick(TEXT, st.none() | st.integers())}
    if not isinstance(kind, str):
        return {"type": kind}
    return {"type": kind, kind: faults.pick(ANY_JSON.filter(lambda v: v is not None), st.none())}


def content(faults: Faults, kinds: list[str], *, required: bool = True) -> Any:
    if faults.maybe():
        return faults.pick(TEXT, st.none() | st.just([]))
    parts = [
        text_part(faults, kinds)
        for _ in range(faults.draw(st.integers(0 if not required else 1, 2)))
    ]
    return parts if required or parts or faults.maybe() else None


def tool_call(faults: Faults) -> dict[str, Any]:
    function = {"name": faults.pick(TEXT), "arguments": faults.pick(TEXT, st.integers())}
    call = {"id": faults.pick(TEXT), "function": faults.pick(st.just(function))}
    if faults.maybe():
        call["type"] = faults.pick(st.just("function"), st.sampled_from(["tool", "", None]))
    return call


ROLE_PARTS = {
    "system": ["text"],
    "developer": ["text"],
    "user": ["text", "image_url", "input_audio", "file"],
    "assistant": ["text", "refusal"],
    "tool": ["text"],
    "function": ["text"],
}


def message(faults: Faults) -> dict[str, Any]:
    role = faults.draw(st.sampled_from(list(ROLE_PARTS)))
    out: dict[str, Any] = {"role": faults.pick(st.just(role), st.sampled_from(["robot", ""]))}
    calls = [tool_call(faults) for _ in range(faults.draw(st.integers(0, 2)))]
    if role == "assistant" and calls:
        out["tool_calls"] = calls
    out["content"] = content(faults, ROLE_PARTS[role], required=not out.get("tool_calls"))
    if out["content"] is None and faults.maybe():
        del out["content"]
    if role == "tool":
        out["tool_call_id"] = faults.pick(TEXT.filter(bool), st.just(""))
    if role == "function" or faults.maybe():
        out["name"] = faults.pick(TEXT, st.integers())
    return out


def tool(faults: Faults) -> dict[str, Any]:
    function: dict[str, Any] = {"name": faults.pick(NAME, BAD_NAMES)}
    if faults.maybe():
        function["description"] = faults.pick(st.none() | TEXT, st.integers())
    if faults.maybe():
        function["parameters"] = faults.pick(st.none() | SCHEMAS, BAD_SCHEMAS)
    out: dict[str, Any] = {"function": faults.pick(st.just(function))}
    if faults.maybe():
        out["type"] = faults.pick(st.just("function"), st.sampled_from(["tool", None]))
    return out


def tool_choice(faults: Faults, names: list[str]) -> Any:
    choices = ["none", *(["auto", "required"] if names else [])]
    named = [{"type": "function", "function": {"name": name}} for name in names]
    valid = st.sampled_from([*choices, *named])
    suspects = st.sampled_from(
        ["auto", "any", {"function": {"name": "absent"}}, {"type": "x", "function": {"name": "a"}}]
    )
    return faults.pick(valid, suspects)


def response_format(faults: Faults) -> Any:
    kind = faults.pick(st.sampled_from(["text", "json_object", "json_schema"]), st.just("xml"))
    if kind != "json_schema":
        return {"type": kind}
    spec: dict[str, Any] = {"name": faults.pick(NAME, BAD_NAMES)}
    if faults.maybe():
        spec["schema"] = faults.pick(st.none() | SCHEMAS, BAD_SCHEMAS)
    return {"type": kind, "json_schema": faults.pick(st.just(spec))}


def logit_bias(faults: Faults) -> dict[Any, Any]:
    keys = st.from_regex(r"[0-9]{1,6}", fullmatch=True)
    bias = {}
    for _ in range(faults.draw(st.integers(0, 2))):
        key = faults.pick(keys, st.sampled_from(["-1", "1.5", "", "²", "٣", "x"]))
        bias[str(key)] = number(faults, -100, 100) or 0
    return bias


def _sampling(faults: Faults, body: dict[str, Any]) -> None:
    for name, low, high in (
        ("temperature", 0, 2),
        ("top_p", 0, 1),
        ("presence_penalty", -2, 2),
        ("frequency_penalty", -2, 2),
    ):
        if faults.maybe():
            body[name] = number(faults, low, high)
    for name, low, high in (
        ("max_tokens", 1, 2**31),
        ("max_completion_tokens", 1, 2**31),
        ("n", 1, 128),
        ("seed", -(2**63), 2**64 - 1),
    ):
        if faults.maybe():
            body[name] = integer(faults, low, high)
    if faults.maybe():
        body["stop"] = faults.pick(
            st.none() | TEXT | st.lists(TEXT, max_size=4), st.lists(TEXT, min_size=5, max_size=5)
        )
    if faults.maybe():
        body["logprobs"] = True
        body["top_logprobs"] = integer(faults, 0, 20)
    if faults.maybe():
        body["logit_bias"] = logit_bias(faults)


def _options(faults: Faults, body: dict[str, Any]) -> None:
    for name, valid in (
        ("user", TEXT),
        ("stream", st.booleans()),
        ("parallel_tool_calls", st.booleans()),
        ("metadata", st.dictionaries(TEXT, TEXT, max_size=2)),
        ("top_k", ANY_JSON),  # a vendor extension: passed through whatever it is
    ):
        if faults.maybe():
            body[name] = faults.pick(st.none() | valid)
    if faults.maybe():
        options = {"include_usage": faults.pick(st.booleans(), st.none())}
        body["stream_options"] = options
        if body.get("stream") is not True:
            body["stream"] = faults.pick(st.just(True), st.just(False))


@st.composite
def chat_bodies(draw: Draw, *, faults_at_most: int = 1) -> dict[str, Any]:
    faults = Faults(draw, faults_at_most)
    body: dict[str, Any] = {
        "model": faults.pick(st.sampled_from(["standard", "auto"]), st.just("")),
        "messages": [message(faults) for _ in range(draw(st.integers(1, 3)))],
    }
    if faults.maybe():
        body["messages"] = faults.pick(st.just(body["messages"]), st.just([]))
    _sampling(faults, body)
    _options(faults, body)
    if faults.maybe():
        tools = [tool(faults) for _ in range(draw(st.integers(0, 2)))]
        body["tools"] = tools
        names = [t["function"]["name"] for t in tools if isinstance(t.get("function"), dict)]
        body["tool_choice"] = tool_choice(faults, names)
    if faults.maybe():
        body["response_format"] = faults.pick(st.none()) or response_format(faults)
    return body


@st.composite
def embeddings_bodies(draw: Draw) -> dict[str, Any]:
    faults = Faults(draw)
    token_ids = st.lists(st.integers(0, 100_000), max_size=3)
    one = TEXT | st.integers(0, 100_000) | token_ids
    inputs = st.text(min_size=1, max_size=6) | st.lists(one, min_size=1, max_size=3)
    suspects = st.sampled_from(["", [], [True], [[True]], [[1.5]], [None], [["a"]]])
    body: dict[str, Any] = {
        "model": faults.pick(st.just("embeddings"), st.just("")),
        "input": faults.pick(inputs, suspects),
    }
    if faults.maybe():
        body["dimensions"] = integer(faults, 1, 65536)
    if faults.maybe():
        body["encoding_format"] = faults.pick(
            st.sampled_from(["float", "base64", None]), st.just("hex")
        )
    return body
