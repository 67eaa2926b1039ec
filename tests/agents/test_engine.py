# mypy: disable-error-code="union-attr"
"""The engine: transitions, budgets, interrupt/resume, plug-ins. Nodes here do no model I/O
except the token-budget test, which calls the scripted model server."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from agents.engine.memory import InMemoryCheckpointer, InMemoryContext
from agents.engine.registry import get_workflow, register_workflow
from agents.engine.runner import ThreadNotFound, run_one_step, start_thread
from agents.engine.types import (
    END,
    Budgets,
    CheckpointConflict,
    Finish,
    Interrupt,
    InvalidTransition,
    Update,
    Workflow,
    WorkflowNotFound,
    arguments_digest,
)


def counter_workflow(limit: int = 3) -> Workflow:
    def count(state: dict[str, Any], ctx: Any) -> Update | Finish:
        if state["count"] >= limit:
            return Finish("succeeded", {"count": state["count"]})
        return Update({"count": state["count"] + 1}, "count")

    return Workflow(
        "counter", {"count": count}, "count", {"count": ("count",)}, initial=lambda i: {"count": 0}
    )


def run_to_end(
    workflow: Workflow, cp: InMemoryCheckpointer, ctx: Any, thread: str = "t"
) -> list[Any]:
    results = []
    for _ in range(100):
        result = run_one_step(workflow, cp, thread, ctx)
        results.append(result)
        if result.outcome != "continue":
            return results
    raise AssertionError("workflow did not stop")


def test_a_workflow_runs_node_by_node_to_its_finish(
    make_ctx: Callable[..., InMemoryContext],
) -> None:
    cp, ctx = InMemoryCheckpointer(), make_ctx()
    start_thread(counter_workflow(3), cp, "t", {})
    results = run_to_end(counter_workflow(3), cp, ctx)
    assert [r.outcome for r in results] == ["continue"] * 3 + ["finished"]
    assert results[-1].finish == Finish("succeeded", {"count": 3})
    final = cp.get("t")
    assert final.node == END
    assert final.step == 4
    assert final.state["finish"] == {"status": "succeeded", "output": {"count": 3}}
    assert [c.version for c in cp.list("t")] == [5, 4, 3, 2, 1]


def test_a_finished_thread_stays_finished(make_ctx: Callable[..., InMemoryContext]) -> None:
    cp, ctx, wf = InMemoryCheckpointer(), make_ctx(), counter_workflow(0)
    start_thread(wf, cp, "t", {})
    run_one_step(wf, cp, "t", ctx)
    again = run_one_step(wf, cp, "t", ctx)
    assert again.outcome == "finished"
    assert cp.get("t").version == 2  # nothing new written


def test_initial_state_carries_engine_keys() -> None:
    state = counter_workflow().initial_state({})
    assert state == {
        "count": 0,
        "schema_version": 1,
        "node": "count",
        "step": 0,
        "usage": {"prompt_tokens": 0, "completion_tokens": 0},
    }


def test_a_transition_outside_the_table_is_refused_and_nothing_is_written(
    make_ctx: Callable[..., InMemoryContext],
) -> None:
    def a(state: dict[str, Any], ctx: Any) -> Update:
        return Update({"x": 1}, "c")

    wf = Workflow("w", {"a": a, "b": a, "c": a}, "a", {"a": ("b",), "b": ("c",)})
    cp = InMemoryCheckpointer()
    start_thread(wf, cp, "t", {})
    with pytest.raises(InvalidTransition, match="'a' may go to b, not 'c'"):
        run_one_step(wf, cp, "t", make_ctx())
    assert cp.get("t").version == 1


def test_workflow_rejects_unknown_nodes_in_its_table() -> None:
    with pytest.raises(ValueError, match="unknown nodes"):
        Workflow("w", {"a": lambda s, c: Update({}, "a")}, "a", {"a": ("missing",)})


def test_transition_table_is_markdown_listing_every_node() -> None:
    table = get_workflow("coding").transition_table()
    lines = table.splitlines()
    assert lines[:2] == ["| node | may go to |", "|---|---|"]
    assert "| `setup` (start) | `plan`, `recover`, `repair`, `verify` |" in lines
    assert "| `execute` | `reflect` |" in lines
    assert len(lines) == 2 + len(get_workflow("coding").nodes)


def test_nodes_may_not_write_engine_keys(make_ctx: Callable[..., InMemoryContext]) -> None:
    wf = Workflow("w", {"a": lambda s, c: Update({"step": 99}, "a")}, "a", {"a": ("a",)})
    cp = InMemoryCheckpointer()
    start_thread(wf, cp, "t", {})
    with pytest.raises(ValueError, match="engine-owned"):
        run_one_step(wf, cp, "t", make_ctx())


def test_step_budget_ends_the_run_with_a_clear_reason(
    make_ctx: Callable[..., InMemoryContext],
) -> None:
    wf, cp = counter_workflow(100), InMemoryCheckpointer()
    start_thread(wf, cp, "t", {})
    results = run_to_end(wf, cp, make_ctx(budgets=Budgets(max_steps=5)))
    assert results[-1].outcome == "budget_exceeded"
    assert results[-1].finish.status == "failed"
    assert results[-1].finish.output["reason"] == "step budget exhausted: 5 of 5 steps used"
    assert cp.get("t").state["count"] == 5


def test_wall_budget_uses_the_context_clock(
    make_ctx: Callable[..., InMemoryContext], clock: Any
) -> None:
    wf, cp = counter_workflow(100), InMemoryCheckpointer()
    ctx = make_ctx(budgets=Budgets(max_wall_seconds=60))
    start_thread(wf, cp, "t", {})
    assert run_one_step(wf, cp, "t", ctx).outcome == "continue"
    clock.advance(59)
    assert run_one_step(wf, cp, "t", ctx).outcome == "continue"
    clock.advance(1)
    result = run_one_step(wf, cp, "t", ctx)
    assert result.outcome == "budget_exceeded"
    assert "wall-clock budget exhausted: 60.0s of 60.0s" in result.finish.output["reason"]


def test_token_budget_counts_what_the_model_reports(
    make_ctx: Callable[..., InMemoryContext], fake_model: Any
) -> None:
    fake_model.script = [{"content": "one two three four five"}]

    def talk(state: dict[str, Any], ctx: Any) -> Update:
        ctx.chat([{"role": "user", "content": "hi"}])
        return Update({}, "talk")

    wf = Workflow("talker", {"talk": talk}, "talk", {"talk": ("talk",)})
    cp = InMemoryCheckpointer()
    start_thread(wf, cp, "t", {})
    ctx = make_ctx(budgets=Budgets(max_tokens=40))
    results = run_to_end(wf, cp, ctx)
    usage = cp.get("t").state["usage"]
    per_call = usage["prompt_tokens"] + usage["completion_tokens"]
    assert usage["completion_tokens"] == 5 * (len(results) - 1)
    assert per_call >= 40
    assert results[-1].outcome == "budget_exceeded"
    assert "token budget exhausted" in results[-1].finish.output["reason"]


def test_an_interrupt_pauses_at_the_same_step_and_the_node_reruns_on_resume(
    make_ctx: Callable[..., InMemoryContext],
) -> None:
    calls: list[int] = []

    def gate(state: dict[str, Any], ctx: Any) -> Interrupt | Update:
        calls.append(ctx.step)
        decision = ctx.approval_decision("d" * 64)
        if decision is None:
            return Interrupt("approval", {"why": "needs a human"}, changes={"asked": True})
        return Update({"approved": decision.approved}, "end")

    wf = Workflow(
        "gated",
        {
            "prep": lambda s, c: Update({}, "gate"),
            "gate": gate,
            "end": lambda s, c: Finish("succeeded", {}),
        },
        "prep",
        {"prep": ("gate",), "gate": ("end",)},
    )
    cp, ctx = InMemoryCheckpointer(), make_ctx()
    start_thread(wf, cp, "t", {})
    run_one_step(wf, cp, "t", ctx)
    paused = run_one_step(wf, cp, "t", ctx)
    assert paused.outcome == "interrupted"
    assert paused.interrupt.payload == {"why": "needs a human"}
    assert (paused.checkpoint.node, paused.checkpoint.step) == ("gate", 1)
    assert paused.checkpoint.state["interrupt"]["kind"] == "approval"
    ctx.decide("d" * 64, approved=True, arguments={}, tool="x")
    ctx.decisions["d" * 64] = ctx.decisions[arguments_digest("x", {})]
    resumed = run_one_step(wf, cp, "t", ctx)
    assert resumed.outcome == "continue"
    assert "interrupt" not in resumed.checkpoint.state
    assert resumed.checkpoint.state["asked"] is True
    assert calls == [1, 1]  # the same step both times: idempotency keys stay valid


def test_two_runners_racing_on_one_thread_cannot_both_commit(
    make_ctx: Callable[..., InMemoryContext],
) -> None:
    wf, cp = counter_workflow(10), InMemoryCheckpointer()
    start_thread(wf, cp, "t", {})
    stale = cp.get("t")
    assert stale is not None
    run_one_step(wf, cp, "t", make_ctx())
    with pytest.raises(CheckpointConflict):
        cp.put(stale, expected_version=stale.version)


def test_start_thread_twice_conflicts() -> None:
    wf, cp = counter_workflow(), InMemoryCheckpointer()
    start_thread(wf, cp, "t", {})
    with pytest.raises(CheckpointConflict):
        start_thread(wf, cp, "t", {})


def test_running_an_unknown_thread_says_so(make_ctx: Callable[..., InMemoryContext]) -> None:
    with pytest.raises(ThreadNotFound, match="start_thread"):
        run_one_step(counter_workflow(), InMemoryCheckpointer(), "nope", make_ctx())


def test_workflows_are_plugins_by_dotted_path() -> None:
    register_workflow("counter-plugin", "tests.agents.test_engine:counter_workflow")
    workflow = get_workflow("counter-plugin")
    assert workflow.name == "counter"
    assert get_workflow("counter-plugin") is workflow  # imported once
    with pytest.raises(WorkflowNotFound, match="no workflow named 'nope'"):
        get_workflow("nope")


def test_arguments_digest_is_canonical() -> None:
    a = arguments_digest("t", {"b": 1, "a": [1, {"y": 2, "x": 1}]})
    b = arguments_digest("t", {"a": [1, {"x": 1, "y": 2}], "b": 1})
    assert a == b
    assert len(a) == 64
    assert a != arguments_digest("t", {"b": 2, "a": [1, {"y": 2, "x": 1}]})
    assert a != arguments_digest("u", {"b": 1, "a": [1, {"y": 2, "x": 1}]})
