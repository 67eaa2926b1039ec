# mypy: disable-error-code="union-attr"
"""The long-horizon loop with the scripted model server and real tools in the real sandbox."""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from agents.engine.memory import InMemoryContext
from agents.engine.types import arguments_digest
from tests.agents.conftest import write_files
from tests.agents.loop_support import call, drive, loop_under_test, plan
from tests.agents.package_index import build_wheel, serve_index
from tests.support.fake_openai import FakeOpenAI, Fault


def chat_requests(fake: FakeOpenAI) -> list[dict[str, Any]]:
    return [r["body"] for r in fake.requests if r["path"].endswith("/chat/completions")]


def test_plan_act_observe_finish(
    fake_model: FakeOpenAI, make_ctx: Callable[..., InMemoryContext], workspace: Path
) -> None:
    write_files(workspace, {"notes.txt": "the answer is 42\n"})
    fake_model.script = [
        plan("read the notes", "report"),
        call("read_file", path="notes.txt"),
        call("finish", summary="42"),
    ]
    ctx = make_ctx()
    result, _cp = drive(loop_under_test(), ctx)
    assert result.outcome == "finished"
    assert result.finish.status == "succeeded"
    assert result.finish.output == {"summary": "42", "plan": ["read the notes", "report"]}
    requests = chat_requests(fake_model)
    assert requests[0]["response_format"]["json_schema"]["name"] == "plan"
    assert {t["function"]["name"] for t in requests[1]["tools"]} >= {"read_file", "finish"}
    tool_message = requests[2]["messages"][-2]
    assert tool_message["role"] == "tool"
    assert "the answer is 42" in tool_message["content"]
    assert [kind for kind, _ in ctx.events] == ["plan", "action", "observation", "action"]


def test_the_prompt_prefix_stays_stable_between_calls(
    fake_model: FakeOpenAI, make_ctx: Callable[..., InMemoryContext], workspace: Path
) -> None:
    fake_model.script = [
        plan("look"),
        call("list_files"),
        call("read_file", path="x"),
        call("finish", summary="s"),
    ]
    write_files(workspace, {"x": "y"})
    drive(loop_under_test(), make_ctx())
    requests = chat_requests(fake_model)
    # Each request's conversation (without the final instruction) is a prefix of the next one's.
    for earlier, later in itertools.pairwise(requests):
        head = earlier["messages"][:-1]
        assert later["messages"][: len(head)] == head


def test_invalid_json_arguments_become_an_observation(
    fake_model: FakeOpenAI, make_ctx: Callable[..., InMemoryContext]
) -> None:
    fake_model.script = [
        plan("x"),
        {"tool_calls": [{"name": "read_file", "arguments": "{not json"}]},
        call("finish", summary="done"),
    ]
    result, cp = drive(loop_under_test(), make_ctx())
    assert result.finish.status == "succeeded"
    turns = cp.get("t").state["turns"]
    assert turns[1]["category"] == "invalid_output"
    assert "not valid JSON" in turns[1]["observation"]
    third = chat_requests(fake_model)[2]["messages"]
    assert any("not valid JSON" in (m.get("content") or "") for m in third if m["role"] == "user")


def test_answers_the_gateway_refused_become_observations(
    fake_model: FakeOpenAI, make_ctx: Callable[..., InMemoryContext]
) -> None:
    # The gateway answers 502 `invalid_model_output` when the model's answer fails the schema
    # it was asked for, or was cut off: here the plan and the first action.
    fake_model.fault = Fault(kind="error", status=502, times=2, code="invalid_model_output")
    fake_model.script = [call("finish", summary="done")]

    result, cp = drive(loop_under_test(), make_ctx())

    assert result.finish.status == "succeeded"
    turns = cp.get("t").state["turns"]
    assert turns[0]["kind"] == "plan"
    assert "The plan could not be used (scripted upstream failure)" in turns[0]["observation"]
    assert turns[1]["category"] == "invalid_output"
    assert turns[1]["observation"] == "Your reply could not be used: scripted upstream failure"
    third = chat_requests(fake_model)[2]["messages"]
    assert any("could not be used" in (m.get("content") or "") for m in third)


def test_an_unknown_tool_and_a_plain_text_reply_become_observations(
    fake_model: FakeOpenAI, make_ctx: Callable[..., InMemoryContext]
) -> None:
    fake_model.script = [
        plan("x"),
        call("rm_rf", path="/"),
        {"content": "I think I am done."},
        call("finish", summary="ok"),
    ]
    result, cp = drive(loop_under_test(), make_ctx())
    turns = cp.get("t").state["turns"]
    assert "Unknown tool 'rm_rf'" in turns[1]["observation"]
    assert "read_file" in turns[1]["observation"]  # it lists what exists
    assert "not a tool call" in turns[2]["observation"]
    assert result.finish.status == "succeeded"


def test_invalid_plan_falls_back_to_the_goal(
    fake_model: FakeOpenAI, make_ctx: Callable[..., InMemoryContext]
) -> None:
    fake_model.script = [
        {"content": "Sure! Step one, then step two."},
        call("finish", summary="ok"),
    ]
    _result, cp = drive(loop_under_test(), make_ctx(), goal="tidy up")
    state = cp.get("t").state
    assert state["plan"] == ["tidy up"]
    assert "plan was not valid JSON" in state["turns"][0]["observation"]


def test_schema_invalid_arguments_are_reported_with_the_reason(
    fake_model: FakeOpenAI, make_ctx: Callable[..., InMemoryContext]
) -> None:
    fake_model.script = [plan("x"), call("read_file", file="a.txt"), call("finish", summary="ok")]
    _, cp = drive(loop_under_test(), make_ctx())
    turn = cp.get("t").state["turns"][1]
    assert turn["category"] == "invalid_arguments"
    assert "'path' is a required property" in turn["observation"]


def test_json_mode_when_the_tier_lacks_tool_calling(
    fake_model: FakeOpenAI, make_ctx: Callable[..., InMemoryContext], workspace: Path
) -> None:
    write_files(workspace, {"a.txt": "alpha"})
    fake_model.script = [
        plan("read"),
        {"content": '```json\n{"tool": "read_file", "arguments": {"path": "a.txt"}}\n```'},
        {"content": json.dumps({"tool": "finish", "arguments": {"summary": "read it"}})},
    ]
    result, cp = drive(loop_under_test(), make_ctx(), tool_calling=False)
    assert result.finish.output["summary"] == "read it"
    requests = chat_requests(fake_model)
    assert "tools" not in requests[1]
    choices = requests[1]["response_format"]["json_schema"]["schema"]["anyOf"]
    read = next(c for c in choices if c["properties"]["tool"]["enum"] == ["read_file"])
    assert read["properties"]["arguments"]["required"] == ["path"]  # per-tool argument schema
    assert cp.get("t").state["turns"][1]["observation"].startswith("path: a.txt")


def test_stuck_detection_forces_replans_then_fails_clearly(
    fake_model: FakeOpenAI, make_ctx: Callable[..., InMemoryContext]
) -> None:
    def responder(body: dict[str, Any]) -> dict[str, Any]:
        if body.get("response_format"):
            return plan("try again")
        return call("list_files")

    fake_model.responder = responder
    ctx = make_ctx()
    result, cp = drive(loop_under_test(), ctx)
    assert result.outcome == "finished"
    assert result.finish.status == "failed"
    assert (
        result.finish.output["reason"]
        == "stuck: repeated list_files({}) 3 times in a row after 2 re-plans"
    )
    kinds = [t["kind"] for t in cp.get("t").state["turns"]]
    assert kinds == ["plan"] + ["act"] * 3 + ["replan"] + ["act"] * 3 + ["replan"] + ["act"] * 3
    assert [kind for kind, _ in ctx.events].count("stuck") == 3


def test_a_timeout_asks_for_a_smaller_step(
    fake_model: FakeOpenAI, make_ctx: Callable[..., InMemoryContext]
) -> None:
    fake_model.script = [
        plan("wait"),
        call("run_command", command="sleep 30", timeout_s=0.5),
        call("finish", summary="gave up"),
    ]
    _, cp = drive(loop_under_test(), make_ctx())
    turn = cp.get("t").state["turns"][1]
    assert turn["category"] == "timeout", turn["observation"]
    assert "SandboxTimeout" in turn["observation"]
    act_prompt = chat_requests(fake_model)[2]["messages"][-1]["content"]
    assert "smaller step" in act_prompt


def test_a_failing_test_asks_for_a_fix(
    fake_model: FakeOpenAI, make_ctx: Callable[..., InMemoryContext], workspace: Path
) -> None:
    write_files(workspace, {"test_x.py": "def test_x():\n    assert 1 == 2\n"})
    fake_model.script = [plan("test"), call("run_tests"), call("finish", summary="x")]
    _, cp = drive(loop_under_test(), make_ctx())
    assert cp.get("t").state["turns"][1]["category"] == "test_failure"
    act_prompt = chat_requests(fake_model)[2]["messages"][-1]["content"]
    assert "FAILED test_x.py::test_x" in act_prompt
    assert "fix the code" in act_prompt


def test_missing_module_requests_an_approved_install_then_retries(
    fake_model: FakeOpenAI,
    make_ctx: Callable[..., InMemoryContext],
    workspace: Path,
    tmp_path: Path,
) -> None:
    write_files(
        workspace,
        {
            "test_pad.py": "from leftpad_lh import pad\n\ndef test_pad():\n    assert pad('x', 3) == '  x'\n"
        },
    )
    build_wheel(
        tmp_path / "index",
        "leftpad-lh",
        "1.0",
        {"leftpad_lh": "def pad(s, n):\n    return s.rjust(n)\n"},
    )
    fake_model.script = [plan("test"), call("run_tests"), call("finish", summary="tests pass")]
    with serve_index(tmp_path / "index") as index_url:
        ctx = make_ctx()
        ctx.environment.package_index_url = index_url
        paused, cp = drive(loop_under_test(), ctx)
        assert paused.outcome == "interrupted"
        payload = paused.interrupt.payload
        assert (payload["tool"], payload["arguments"]) == (
            "install_package",
            {"packages": ["leftpad_lh"]},
        )
        assert payload["digest"] == arguments_digest(
            "install_package", {"packages": ["leftpad_lh"]}
        )
        assert not (workspace / ".packages").exists()  # nothing ran before the approval
        ctx.decide(
            payload["digest"], approved=True, arguments=payload["arguments"], tool="install_package"
        )
        result, _ = drive(loop_under_test(), ctx, checkpointer=cp)
    assert result.finish.status == "succeeded"
    turns = cp.get("t").state["turns"]
    assert [t.get("label", "") for t in turns if t["kind"] == "auto"] == [
        "install leftpad_lh (missing module 'leftpad_lh')",
        "retry run_tests",
    ]
    assert turns[-2]["category"] == "ok"  # the retried test run passed
    assert [kind for kind, _ in ctx.events].count("approval_requested") == 1
    assert len([k for k in ctx.executed if k]) == 3  # run_tests, install, retry: once each


def test_a_rejected_install_becomes_an_observation(
    fake_model: FakeOpenAI, make_ctx: Callable[..., InMemoryContext], workspace: Path
) -> None:
    write_files(workspace, {"test_pad.py": "import leftpad_lh\n\ndef test_pad():\n    pass\n"})
    fake_model.script = [plan("test"), call("run_tests"), call("finish", summary="cannot")]
    ctx = make_ctx()
    paused, cp = drive(loop_under_test(), ctx)
    payload = paused.interrupt.payload
    ctx.decide(
        payload["digest"],
        approved=False,
        arguments=payload["arguments"],
        tool="install_package",
        reviewer="rita",
        comment="not allowed",
    )
    result, _ = drive(loop_under_test(), ctx, checkpointer=cp)
    turns = cp.get("t").state["turns"]
    install = next(t for t in turns if t["kind"] == "auto")
    assert install["category"] == "rejected"
    assert "rejected by rita: not allowed" in install["observation"]
    assert not (ctx.environment.workspace / ".packages").exists()
    assert result.finish.status == "succeeded"


def test_condensation_keeps_the_prompt_inside_the_context_window(
    fake_model: FakeOpenAI, make_ctx: Callable[..., InMemoryContext], workspace: Path
) -> None:
    write_files(workspace, {f"file{i}.txt": f"line {i} " * 300 for i in range(8)})

    def responder(body: dict[str, Any]) -> dict[str, Any]:
        # The next file is decided by what the conversation shows was read, summary included.
        if body.get("response_format"):
            return plan("read everything")
        text = json.dumps(body["messages"])
        done = [i for i in range(8) if f"file{i}.txt" in text]
        missing = [i for i in range(8) if i not in done]
        return (
            call("read_file", path=f"file{missing[0]}.txt")
            if missing
            else call("finish", summary="read")
        )

    fake_model.responder = responder
    ctx = make_ctx()
    result, cp = drive(loop_under_test(context_window=4000, keep_recent=2), ctx)
    assert result.finish.status == "succeeded", (result.finish.output, cp.get("t").state["summary"])
    state = cp.get("t").state
    assert len(state["summary"]) >= 5
    assert any("read_file" in line for line in state["summary"])
    assert "condensed" in [kind for kind, _ in ctx.events]
    for body in chat_requests(fake_model):
        assert len(json.dumps(body["messages"])) // 4 < 4000
    first = chat_requests(fake_model)[0]["messages"][0]
    assert all(b["messages"][0] == first for b in chat_requests(fake_model))  # stable system prompt


def test_an_approval_with_edited_arguments_runs_the_edited_call(
    fake_model: FakeOpenAI, make_ctx: Callable[..., InMemoryContext], workspace: Path
) -> None:
    fake_model.script = [
        plan("write"),
        call("write_file", path="out.txt", content="rm -rf /"),
        call("finish", summary="written"),
    ]
    ctx = make_ctx(approval_required={"write_file"})  # an organization rule gates write_file
    paused, cp = drive(loop_under_test(), ctx)
    payload = paused.interrupt.payload
    assert payload["arguments"] == {"path": "out.txt", "content": "rm -rf /"}
    assert not (workspace / "out.txt").exists()
    edited = {"path": "out.txt", "content": "harmless"}
    ctx.decide(payload["digest"], approved=True, arguments=edited, tool="write_file")
    result, _ = drive(loop_under_test(), ctx, checkpointer=cp)
    assert result.finish.status == "succeeded"
    assert (workspace / "out.txt").read_text() == "harmless"
    assert cp.get("t").state["turns"][1]["arguments"] == edited  # the model sees what ran
