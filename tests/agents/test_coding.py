# mypy: disable-error-code="union-attr"
"""The code agent end to end: the scripted model, the real sandbox, real tools, in-memory
checkpoints. It fixes a small repository until its tests pass."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from agents.engine.memory import InMemoryCheckpointer, InMemoryContext
from agents.engine.registry import get_workflow
from agents.engine.runner import run_one_step, start_thread
from agents.engine.types import Budgets, StepResult
from tests.agents.conftest import write_files
from tests.agents.loop_support import call, plan
from tests.agents.package_index import build_wheel, serve_index
from tests.support.fake_openai import FakeOpenAI

REPO = {
    "calc.py": "def add(a, b):\n    return a - b\n\n\ndef mul(a, b):\n    return a * b\n",
    "tests/test_calc.py": (
        "from calc import add, mul\n\n\ndef test_add():\n    assert add(2, 3) == 5\n\n\n"
        "def test_mul():\n    assert mul(2, 3) == 6\n"
    ),
}
FIX = "--- a/calc.py\n+++ b/calc.py\n@@ -1,2 +1,2 @@\n def add(a, b):\n-    return a - b\n+    return a + b\n"


def run_coding(
    ctx: InMemoryContext,
    cp: InMemoryCheckpointer,
    task: str = "Fix the failing tests.",
    strategy: str = "agent",
) -> StepResult:
    """`strategy`: these tests drive the free-form loop ("agent"); the repair engine's own are
    in test_repair.py."""
    workflow = get_workflow("coding")
    if cp.get("run-1") is None:
        start_thread(workflow, cp, "run-1", {"task": task, "strategy": strategy})
    for _ in range(80):
        result = run_one_step(workflow, cp, "run-1", ctx)
        if result.outcome != "continue":
            return result
    raise AssertionError("the coding workflow did not stop")


def artifacts(result: StepResult) -> dict[str, Any]:
    return {a["name"]: a for a in result.finish.output["artifacts"]}


def test_the_code_agent_fixes_a_failing_test(
    fake_model: FakeOpenAI, make_ctx: Callable[..., InMemoryContext], workspace: Path
) -> None:
    write_files(workspace, REPO)
    fake_model.script = [
        plan("read calc.py", "fix add", "run the tests"),
        call("read_file", path="calc.py"),
        call("patch_file", diff=FIX),
        call("run_tests"),
        call("finish", summary="add() subtracted; it adds now"),
    ]
    ctx, cp = make_ctx(), InMemoryCheckpointer()
    result = run_coding(ctx, cp)
    assert result.finish.status == "succeeded", result.finish.output
    assert result.finish.output["summary"] == "add() subtracted; it adds now"
    assert result.finish.output["changed_files"] == ["calc.py"]
    found = artifacts(result)
    assert found["changes.diff"]["media_type"] == "text/x-diff"
    assert "-    return a - b\n+    return a + b\n" in found["changes.diff"]["content"]
    report = json.loads(found["test-report.json"]["content"])
    assert (report["passed"], report["failed"], report["all_passed"]) == (2, 0, True)
    assert (workspace / "calc.py").read_text().startswith("def add(a, b):\n    return a + b\n")
    first_prompt = next(r for r in fake_model.requests if r["path"].endswith("/chat/completions"))
    goal = first_prompt["body"]["messages"][1]["content"]
    assert "tests/test_calc.py" in goal  # the briefing lists the files
    assert "FAILED tests/test_calc.py::test_add" in goal  # and the failing test
    tests_events = [data for kind, data in ctx.events if kind == "tests"]
    assert [e["phase"] for e in tests_events] == ["initial", "verify"]
    assert tests_events[0]["failed"] == 1


def test_a_premature_finish_is_sent_back_until_the_tests_pass(
    fake_model: FakeOpenAI, make_ctx: Callable[..., InMemoryContext], workspace: Path
) -> None:
    write_files(workspace, REPO)
    fake_model.script = [
        plan("fix"),
        call("finish", summary="done?"),
        call("patch_file", diff=FIX),
        call("finish", summary="fixed"),
    ]
    ctx, cp = make_ctx(), InMemoryCheckpointer()
    result = run_coding(ctx, cp)
    assert result.finish.status == "succeeded"
    turns = cp.get("run-1").state["turns"]
    assert "Not finished: the tests still fail" in turns[1]["observation"]
    assert cp.get("run-1").state["verify_rejections"] == 1


def test_missing_module_install_is_approved_then_the_agent_fixes_the_code(
    fake_model: FakeOpenAI,
    make_ctx: Callable[..., InMemoryContext],
    workspace: Path,
    tmp_path: Path,
) -> None:
    write_files(
        workspace,
        {
            "fmt.py": "from leftpad_lh import pad\n\n\ndef label(n):\n    return pad(str(n), 2)\n",
            "test_fmt.py": "from fmt import label\n\n\ndef test_label():\n    assert label(7) == ' 7!'\n",
        },
    )
    build_wheel(
        tmp_path / "index",
        "leftpad-lh",
        "1.0",
        {"leftpad_lh": "def pad(s, n):\n    return s.rjust(n)\n"},
    )
    fix = "--- a/fmt.py\n+++ b/fmt.py\n@@ -4,2 +4,2 @@\n def label(n):\n-    return pad(str(n), 2)\n+    return pad(str(n), 2) + '!'\n"
    fake_model.script = [
        plan("run tests", "fix"),
        call("run_tests"),
        call("patch_file", diff=fix),
        call("run_tests"),
        call("finish", summary="ok"),
    ]
    with serve_index(tmp_path / "index") as index_url:
        ctx, cp = make_ctx(), InMemoryCheckpointer()
        ctx.environment.package_index_url = index_url
        paused = run_coding(ctx, cp)
        assert paused.outcome == "interrupted"
        payload = paused.interrupt.payload
        # Deterministic recovery asks first: the import name's distribution, to be declared.
        assert payload["arguments"] == {"packages": ["leftpad_lh"], "declare": True}
        ctx.decide(
            payload["digest"], approved=True, arguments=payload["arguments"], tool="install_package"
        )
        result = run_coding(ctx, cp)
    assert result.finish.status == "succeeded", result.finish.output
    assert (workspace / ".packages" / "leftpad_lh.py").exists()
    diff = artifacts(result)["changes.diff"]["content"]
    assert ".packages" not in diff
    assert "+++ b/requirements.txt" in diff
    assert "+leftpad_lh" in diff


def test_the_budget_ends_in_a_clear_failure_with_artifacts(
    fake_model: FakeOpenAI, make_ctx: Callable[..., InMemoryContext], workspace: Path
) -> None:
    write_files(workspace, REPO)

    def wander(body: dict[str, Any]) -> dict[str, Any]:
        if body.get("response_format"):
            return plan("look around")
        turn = sum(1 for m in body["messages"] if m["role"] == "assistant")
        return call("read_file", path="calc.py") if turn % 2 else call("list_files")

    fake_model.responder = wander
    ctx, cp = make_ctx(budgets=Budgets(max_steps=14)), InMemoryCheckpointer()
    result = run_coding(ctx, cp)
    assert result.outcome == "finished"
    assert result.finish.status == "failed"
    assert "budget nearly exhausted" in result.finish.output["reason"]
    assert "1 passed, 1 failed" in result.finish.output["reason"]
    assert set(artifacts(result)) == {"changes.diff", "test-report.json"}
    assert cp.get("run-1").step <= 14


def test_a_step_that_runs_twice_applies_its_effect_once(
    fake_model: FakeOpenAI, make_ctx: Callable[..., InMemoryContext], workspace: Path
) -> None:
    write_files(workspace, {"log.txt": ""})
    workflow = get_workflow("coding")
    state = workflow.initial_state({"task": "t"})
    state["pending_action"] = {
        "turn": {"n": 1, "kind": "act", "tool": "run_command"},
        "tool": "run_command",
        "arguments": {"command": "echo once >> log.txt"},
    }
    ctx = make_ctx()
    ctx.step = 5
    first = workflow.nodes["execute"](state, ctx)
    second = workflow.nodes["execute"](state, ctx)  # e.g. the worker died before the checkpoint
    assert first == second
    assert (workspace / "log.txt").read_text() == "once\n"
    assert ctx.executed == ["run-1:5:0"]


def test_a_model_that_answers_garbage_ends_in_a_clear_failure(
    fake_model: FakeOpenAI, make_ctx: Callable[..., InMemoryContext], workspace: Path
) -> None:
    write_files(workspace, REPO)
    junk: list[dict[str, Any]] = [
        {"content": "I'd be happy to help!"},
        {"content": '{"tool": "read_file", "arguments": '},
        {"tool_calls": [{"name": "delete_everything", "arguments": {}}]},
        {"tool_calls": [{"name": "patch_file", "arguments": "not json at all"}]},
        {"tool_calls": [{"name": "patch_file", "arguments": {"diff": "garbage"}}]},
        {"tool_calls": [{"name": "read_file", "arguments": {"path": "../../etc/shadow"}}]},
        {"content": ""},
    ]

    def responder(body: dict[str, Any]) -> dict[str, Any]:
        turn = sum(1 for m in body["messages"] if m["role"] == "assistant")
        return junk[turn % len(junk)]

    fake_model.responder = responder
    ctx, cp = make_ctx(budgets=Budgets(max_steps=40)), InMemoryCheckpointer()
    result = run_coding(ctx, cp)
    assert result.outcome == "finished"
    assert result.finish.status == "failed"
    assert "budget nearly exhausted" in result.finish.output["reason"]
    categories = {t.get("category") for t in cp.get("run-1").state["turns"]}
    assert {"invalid_output", "tool_error"} <= categories
    assert (workspace / "calc.py").read_text() == REPO["calc.py"]
