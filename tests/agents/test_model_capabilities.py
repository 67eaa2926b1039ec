# mypy: disable-error-code="union-attr"
"""The loop on backends that lack constrained output or tool calling: it degrades, never fails."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path

import openai
import pytest

from agents.engine.memory import InMemoryContext
from agents.engine.openai_chat import ModelCapabilityError, chat_completion
from agents.engine.types import EnvironmentFailure
from tests.agents.conftest import write_files
from tests.agents.loop_support import drive, loop_under_test, plan
from tests.agents.picky_model import PickyModel
from tests.support.fake_openai import FakeOpenAI, serve_fake_openai

SCHEMA = {"type": "json_schema", "json_schema": {"name": "x", "schema": {"type": "object"}}}


@pytest.fixture
def picky() -> Iterator[tuple[PickyModel, openai.OpenAI]]:
    model = PickyModel(FakeOpenAI())
    with serve_fake_openai(model) as url:  # type: ignore[arg-type]
        yield model, openai.OpenAI(base_url=url, api_key="k", max_retries=0)


def test_a_refused_json_schema_is_retried_as_json_object_and_remembered(
    picky: tuple[PickyModel, openai.OpenAI],
) -> None:
    model, client = picky
    model.fake.script = [{"content": '{"a": 1}'}]
    first = chat_completion(
        client,
        model="m-remember",
        messages=[{"role": "user", "content": "hi"}],
        response_format=SCHEMA,
    )
    second = chat_completion(
        client,
        model="m-remember",
        messages=[{"role": "user", "content": "hi"}],
        response_format=SCHEMA,
    )
    assert first.content == second.content == '{"a": 1}'
    assert model.refused == ["json_schema"]  # the second call went straight to json_object
    sent = [r["body"]["response_format"] for r in model.fake.requests]
    assert sent == [{"type": "json_object", "schema": {"type": "object"}}] * 2


def test_with_no_constrained_output_at_all_the_request_goes_without_it(
    picky: tuple[PickyModel, openai.OpenAI],
) -> None:
    model, client = picky
    model.refuse_json_object = True
    model.fake.script = [{"content": "free text"}]
    result = chat_completion(
        client, model="m-none", messages=[{"role": "user", "content": "hi"}], response_format=SCHEMA
    )
    assert result.content == "free text"
    assert model.refused == ["json_schema", "json_object"]
    assert "response_format" not in model.fake.requests[-1]["body"]


def test_refused_tools_raise_a_typed_error(picky: tuple[PickyModel, openai.OpenAI]) -> None:
    model, client = picky
    model.refuse_tools = True
    tools = [{"type": "function", "function": {"name": "f", "parameters": {"type": "object"}}}]
    with pytest.raises(ModelCapabilityError) as raised:
        chat_completion(
            client, model="m", messages=[{"role": "user", "content": "hi"}], tools=tools
        )
    assert raised.value.capability == "tools"


def test_other_errors_are_not_mistaken_for_missing_capabilities(
    fake_model: FakeOpenAI, model_client: openai.OpenAI
) -> None:
    from tests.support.fake_openai import Fault

    fake_model.fault = Fault(kind="error", status=500, times=1)
    with pytest.raises(EnvironmentFailure):  # an outage, to wait out: not a capability
        chat_completion(
            model_client,
            model="m",
            messages=[{"role": "user", "content": "x"}],
            response_format=SCHEMA,
        )


def test_the_loop_switches_to_json_actions_when_the_tier_has_no_tool_calling(
    picky: tuple[PickyModel, openai.OpenAI],
    make_ctx: Callable[..., InMemoryContext],
    workspace: Path,
) -> None:
    model, client = picky
    model.refuse_tools = True
    write_files(workspace, {"a.txt": "alpha"})
    model.fake.script = [
        plan("read a.txt"),
        {"content": json.dumps({"tool": "read_file", "arguments": {"path": "a.txt"}})},
        {"content": json.dumps({"tool": "finish", "arguments": {"summary": "alpha"}})},
    ]
    ctx = make_ctx(client=client, model="m-loop")
    result, cp = drive(loop_under_test(), ctx)
    assert result.finish.status == "succeeded"
    assert result.finish.output["summary"] == "alpha"
    state = cp.get("t").state
    assert state["tool_calling"] is False
    assert state["turns"][1]["observation"].startswith("path: a.txt")
    assert model.refused.count("tools") == 1  # asked once, then JSON actions for the rest
    assert ("degraded", {"capability": "tools", "fallback": "json actions"}) in ctx.events
