"""Advance a thread by exactly one node. The platform calls `run_one_step` in a loop under its
lease; every call reads the latest checkpoint and writes the next one with an optimistic
version check, so two workers racing on one thread cannot both commit a step."""

from __future__ import annotations

import contextlib
import copy
from typing import Any

from agents.engine.types import (
    END,
    NODE_KEY,
    SCHEMA_VERSION_KEY,
    STEP_KEY,
    USAGE_KEY,
    Budgets,
    ChatResult,
    Checkpoint,
    Checkpointer,
    Context,
    Finish,
    Interrupt,
    StepResult,
    Update,
    Workflow,
)

STARTED_AT_KEY = "started_at"
ENGINE_KEYS = frozenset(
    {SCHEMA_VERSION_KEY, NODE_KEY, STEP_KEY, USAGE_KEY, STARTED_AT_KEY, "interrupt", "finish"}
)


class ThreadNotFound(LookupError):
    pass


def start_thread(
    workflow: Workflow,
    checkpointer: Checkpointer,
    thread_id: str,
    input: dict[str, Any],
    *,
    extra: dict[str, Any] | None = None,
) -> Checkpoint:
    """Write the first checkpoint (version 1); raises CheckpointConflict if the thread exists.
    `extra`: keys the platform adds to the workflow's state (the run's external tools)."""
    state = {**workflow.initial_state(input), **(extra or {})}
    first = Checkpoint(thread_id, 0, workflow.start, state, 0, 0.0)
    return checkpointer.put(first, expected_version=0)


def run_one_step(
    workflow: Workflow, checkpointer: Checkpointer, thread_id: str, ctx: Context
) -> StepResult:
    latest = checkpointer.get(thread_id)
    if latest is None:
        raise ThreadNotFound(f"thread {thread_id!r} has no checkpoint; call start_thread first")
    if latest.node == END:
        return _already_finished(latest)
    state = copy.deepcopy(latest.state)
    state.setdefault(STARTED_AT_KEY, ctx.now())
    _set_step(ctx, latest.step)
    exceeded = budget_exceeded(state, ctx.budgets, ctx.now())
    if exceeded is not None and getattr(ctx, "budget_requests", False):
        # The context can ask for more: pause here, at the same node and step, having done
        # nothing; the step runs once the budget is extended.
        payload = budget_request(state, ctx, exceeded, latest.step)
        return _commit(
            checkpointer, latest, state, Interrupt("budget", payload), ctx, "interrupted"
        )
    if exceeded is not None:
        finish = Finish("failed", {"reason": exceeded, "budget_exceeded": True})
        return _commit(checkpointer, latest, state, finish, ctx, "budget_exceeded")
    metered = MeteredContext(ctx)
    result = workflow.nodes[latest.node](copy.deepcopy(state), metered)
    _add_usage(state, metered.prompt_tokens, metered.completion_tokens)
    if isinstance(result, Update):
        workflow.validate_transition(latest.node, result.goto)
    return _commit(checkpointer, latest, state, result, ctx, _outcome_of(result))


def budget_exceeded(state: dict[str, Any], budgets: Budgets, now: float) -> str | None:
    """A clear reason when the next step would go over a budget, else None."""
    found = exceeded_budget(state, budgets, now)
    return found[3] if found is not None else None


def exceeded_budget(
    state: dict[str, Any], budgets: Budgets, now: float
) -> tuple[str, float, float, str] | None:
    """(budget, used, limit, reason) of the first budget the next step would go over."""
    usage = state.get(USAGE_KEY) or {}
    tokens = int(usage.get("prompt_tokens", 0)) + int(usage.get("completion_tokens", 0))
    elapsed = now - float(state.get(STARTED_AT_KEY, now))
    steps = int(state.get(STEP_KEY, 0))
    if steps >= budgets.max_steps:
        reason = f"step budget exhausted: {steps} of {budgets.max_steps} steps used"
        return "max_steps", steps, budgets.max_steps, reason
    if tokens >= budgets.max_tokens:
        reason = f"token budget exhausted: {tokens} of {budgets.max_tokens} tokens used"
        return "max_tokens", tokens, budgets.max_tokens, reason
    if elapsed >= budgets.max_wall_seconds:
        limit = budgets.max_wall_seconds
        reason = f"wall-clock budget exhausted: {elapsed:.1f}s of {limit:.1f}s"
        return "max_wall_seconds", round(elapsed, 3), limit, reason
    return None


def budget_request(state: dict[str, Any], ctx: Context, reason: str, step: int) -> dict[str, Any]:
    """The payload of a budget Interrupt: which budget, how much was used, and the extension
    asked for (as much again as the budget was)."""
    found = exceeded_budget(state, ctx.budgets, ctx.now())
    name, used, limit, _ = found if found is not None else ("max_steps", 0, 1, reason)
    return {
        "budget": name,
        "used": used,
        "limit": limit,
        "extension": limit,
        "reason": reason,
        "step": step,
    }


def _commit(
    checkpointer: Checkpointer,
    latest: Checkpoint,
    state: dict[str, Any],
    result: Update | Interrupt | Finish,
    ctx: Context,
    outcome: Any,
) -> StepResult:
    state = {**state, **_checked_changes(result.changes)}
    node, step = _next_position(latest, result)
    state[NODE_KEY], state[STEP_KEY] = node, step
    state.pop("interrupt", None)
    if isinstance(result, Interrupt):
        state["interrupt"] = {"kind": result.kind, "payload": result.payload}
    if isinstance(result, Finish):
        state["finish"] = {"status": result.status, "output": result.output}
    proposed = Checkpoint(latest.thread_id, step, node, state, latest.version, ctx.now())
    stored = checkpointer.put(proposed, expected_version=latest.version)
    interrupt = result if isinstance(result, Interrupt) else None
    finish = result if isinstance(result, Finish) else None
    return StepResult(stored, outcome, interrupt, finish)


def _next_position(latest: Checkpoint, result: Update | Interrupt | Finish) -> tuple[str, int]:
    # An interrupted node re-runs on resume at the SAME step, so its tool-call idempotency keys
    # and the approval bound to (run, step) stay valid.
    if isinstance(result, Update):
        return result.goto, latest.step + 1
    if isinstance(result, Interrupt):
        return result.resume_at or latest.node, latest.step
    return END, latest.step + 1


def _checked_changes(changes: dict[str, Any]) -> dict[str, Any]:
    owned = ENGINE_KEYS & set(changes)
    if owned:
        raise ValueError(f"nodes may not change engine-owned state keys: {sorted(owned)}")
    return changes


def _outcome_of(result: Update | Interrupt | Finish) -> str:
    if isinstance(result, Update):
        return "continue"
    return "interrupted" if isinstance(result, Interrupt) else "finished"


def _already_finished(latest: Checkpoint) -> StepResult:
    done = latest.state.get("finish") or {"status": "failed", "output": {}}
    finish = Finish(done["status"], done["output"])
    outcome = "budget_exceeded" if done["output"].get("budget_exceeded") else "finished"
    return StepResult(latest, outcome, None, finish)  # type: ignore[arg-type]


def _set_step(ctx: Context, step: int) -> None:
    # A context with a read-only step was built for this very step already.
    with contextlib.suppress(AttributeError):
        ctx.step = step


def _add_usage(state: dict[str, Any], prompt: int, completion: int) -> None:
    usage = dict(state.get(USAGE_KEY) or {})
    usage["prompt_tokens"] = int(usage.get("prompt_tokens", 0)) + prompt
    usage["completion_tokens"] = int(usage.get("completion_tokens", 0)) + completion
    state[USAGE_KEY] = usage


class MeteredContext:
    """Wraps a node's context to count the tokens it spends, so budgets need no node help."""

    def __init__(self, inner: Context) -> None:
        self._inner = inner
        self.prompt_tokens = 0
        self.completion_tokens = 0

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)

    def chat(self, messages: list[dict[str, Any]], **kwargs: Any) -> ChatResult:
        result = self._inner.chat(messages, **kwargs)
        self.prompt_tokens += result.prompt_tokens
        self.completion_tokens += result.completion_tokens
        return result
