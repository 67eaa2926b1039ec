"""A run's trace for its page: steps as a waterfall of model calls and tool calls, and, in
words, why the run ended.

Bars are placed on one time axis from the run's first call to its last (percent offsets and
widths, drawn as SVG attributes: the page's CSP allows no inline style). A model call's row
carries its id; its exact prompt and completion are fetched when the row is opened.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from dashboard.text import Clipped, clip
from runs import selectors as runs_selectors
from runs.statuses import FailureKind, RunStatus, ToolCallStatus

if TYPE_CHECKING:  # types only: the app's rows come through its selectors
    from runs.models import ModelCall, Run, ToolCall

MAX_CALLS = 500  # model calls shown on the page; the REST trace pages through all of them
MIN_BAR = 0.4  # percent: an instant call is still visible


@dataclass
class Bar:
    kind: str  # "model" or "tool"
    label: str
    detail: str
    offset: float
    width: float
    ok: bool
    call: Any  # the ModelCall or ToolCall


@dataclass
class StepRow:
    number: int
    node: str
    bars: list[Bar] = field(default_factory=list)


@dataclass(frozen=True)
class Ending:
    headline: str
    reason: str = ""
    last_answer: Clipped | None = None
    last_answer_step: int | None = None
    last_error: Clipped | None = None
    last_error_where: str = ""


@dataclass
class Trace:
    steps: list[StepRow]
    model_calls: int
    more: int  # model calls beyond MAX_CALLS, not shown
    ending: Ending | None


def run_trace(*, run: Run) -> Trace:
    every = runs_selectors.run_model_calls(run=run).defer("request", "response")
    calls = list(every[:MAX_CALLS])
    tools = list(runs_selectors.run_tool_calls(run=run))
    spans = [_model_span(c) for c in calls] + [_tool_span(t) for t in tools]
    start = min((s for s, _ in spans), default=run.created_at)
    end = max((e for _, e in spans), default=start)
    axis = max((end - start).total_seconds(), 0.001)
    rows: dict[int, StepRow] = {}
    items: list[ModelCall | ToolCall] = [*calls, *tools]
    for item, (began, ended) in zip(items, spans, strict=True):
        row = rows.setdefault(item.step, StepRow(item.step, getattr(item, "node", "")))
        row.node = row.node or getattr(item, "node", "")
        row.bars.append(_bar(item, began, ended, start, axis))
    for row in rows.values():
        row.bars.sort(key=lambda bar: bar.offset)
    total = every.count() if len(calls) == MAX_CALLS else len(calls)
    ending = run_ending(run=run, calls=calls, tools=tools)
    return Trace(sorted(rows.values(), key=lambda r: r.number), total, total - len(calls), ending)


def _model_span(call: ModelCall) -> tuple[datetime, datetime]:
    # Recorded when the answer came back: it began latency_ms before.
    return call.created_at - timedelta(milliseconds=call.latency_ms), call.created_at


def _tool_span(call: ToolCall) -> tuple[datetime, datetime]:
    return call.created_at, call.completed_at or call.created_at + timedelta(
        seconds=call.duration_s
    )


def _bar(item: Any, began: datetime, ended: datetime, start: datetime, axis: float) -> Bar:
    offset = 100 * (began - start).total_seconds() / axis
    width = max(MIN_BAR, 100 * (ended - began).total_seconds() / axis)
    seconds = (ended - began).total_seconds()
    if hasattr(item, "latency_ms"):
        tokens = f"{item.prompt_tokens} → {item.completion_tokens} tokens"
        ok = not (item.error or item.problem)
        return Bar("model", "Model call", f"{tokens}, {seconds:.2f} s", offset, width, ok, item)
    ok = item.status == ToolCallStatus.SUCCEEDED
    detail = f"{item.status}, {seconds:.2f} s"
    return Bar("tool", item.tool, detail, offset, min(width, 100 - offset), ok, item)


# --- why the run ended -------------------------------------------------------------------------
HEADLINES: dict[str, str] = {
    RunStatus.SUCCEEDED: "The run succeeded.",
    RunStatus.CANCELLED: "The run was cancelled.",
    RunStatus.BUDGET_EXHAUSTED: "A budget ran out and was not extended.",
}
FAILURE_HEADLINES: dict[str, str] = {
    FailureKind.AGENT: "The agent failed",
    FailureKind.INFRASTRUCTURE: "The environment failed (not the agent)",
    FailureKind.INVALID_DATA: "A step's result could not be stored",
}


def run_ending(*, run: Run, calls: list[ModelCall], tools: list[ToolCall]) -> Ending | None:
    """Why a finished run ended, in words: its reason, the model's last answer, the last error."""
    if not run.is_terminal:
        return None
    headline = HEADLINES.get(run.status) or (
        FAILURE_HEADLINES.get(run.failure_kind, "The run failed") + "."
    )
    reason = run.error or str((run.output or {}).get("reason") or "")
    latest = runs_selectors.run_model_calls(run=run).exclude(response=None).reverse()[:5]
    last = next((call for call in latest if answer_text(call)), None)
    error, where = _last_error(calls, tools)
    return Ending(
        headline=headline,
        reason=reason,
        last_answer=clip(answer_text(last), 600) if last else None,
        last_answer_step=last.step if last else None,
        last_error=clip(error, 600) if error else None,
        last_error_where=where,
    )


def answer_text(call: ModelCall | None) -> str:
    if call is None or not isinstance(call.response, dict):
        return ""
    choices = call.response.get("choices") or [{}]
    message = choices[0].get("message") if isinstance(choices[0], dict) else None
    if not isinstance(message, dict):
        return ""
    calls = message.get("tool_calls") or []
    named = [
        f"{(c.get('function') or {}).get('name')}({(c.get('function') or {}).get('arguments')})"
        for c in calls
        if isinstance(c, dict)
    ]
    return str(message.get("content") or "") or "; ".join(named)


def _last_error(calls: list[ModelCall], tools: list[ToolCall]) -> tuple[str, str]:
    found: list[tuple[datetime, str, str]] = [
        (c.created_at, c.problem or c.error, f"model call in step {c.step}")
        for c in calls
        if c.problem or c.error
    ]
    found += [
        (t.completed_at or t.created_at, t.error, f"{t.tool} in step {t.step}")
        for t in tools
        if t.error
    ]
    if not found:
        return "", ""
    _, text, where = max(found, key=lambda item: item[0])
    return text, where
