"""A run's events as timeline entries: one short title, a tone, and bounded details.

The dashboard renders these on the server for the first page and for every live update (the
websocket only says that something new exists), so there is one formatting path and it escapes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from dashboard.text import Clipped, clip
from runs import selectors as runs_selectors

if TYPE_CHECKING:  # types only: the app's rows come through its selectors
    from runs.models import Run, RunEvent, ToolCall

PAGE = 200

TONES = {
    "run.finished": "good",
    "run.failed": "bad",
    "run.cancelled": "bad",
    "approval.requested": "warn",
    "run.waiting": "warn",
    "stuck": "warn",
}


@dataclass
class Entry:
    seq: int
    kind: str
    title: str
    at: str
    tone: str = ""
    details: list[tuple[str, Clipped]] = field(default_factory=list)
    calls: list[ToolCall] = field(default_factory=list)


def entries_after(*, run: Run, after: int, limit: int = PAGE) -> list[Entry]:
    events = list(runs_selectors.run_events(run=run, after=after, limit=limit))
    return _entries(run, events)


def entries_latest(*, run: Run, limit: int = PAGE) -> list[Entry]:
    return _entries(run, runs_selectors.run_events_before(run=run, before=None, limit=limit))


def _entries(run: Run, events: list[RunEvent]) -> list[Entry]:
    steps = {int(e.data.get("step", -1)) for e in events if e.kind == "step.completed"}
    calls = runs_selectors.run_tool_calls_for_steps(run=run, steps=steps)
    return [_entry(event, calls) for event in events]


def _entry(event: RunEvent, calls: dict[tuple[int, int], ToolCall]) -> Entry:
    data = event.data if isinstance(event.data, dict) else {}
    entry = Entry(
        seq=event.seq,
        kind=event.kind,
        title=_title(event.kind, data),
        at=event.created_at.strftime("%H:%M:%S"),
        tone=TONES.get(event.kind, ""),
    )
    if event.kind == "step.completed":
        step = int(data.get("step", -1))
        entry.calls = [call for (number, _), call in sorted(calls.items()) if number == step]
    entry.details = _details(event.kind, data)
    return entry


def _title(kind: str, data: dict[str, Any]) -> str:
    titles = {
        "run.created": lambda: f"Run created ({data.get('workflow')}, {data.get('tier')} tier)",
        "step.completed": lambda: (
            f"Step {data.get('step')} {data.get('outcome')}"
            + (f" → {data['next']}" if data.get("next") else "")
        ),
        "plan": lambda: "Re-planned" if data.get("replan") else "Plan",
        "action": lambda: f"Chose {data.get('tool')}",
        "observation": lambda: (
            f"{data.get('tool')} "
            + ("succeeded" if data.get("ok") else f"failed ({data.get('category')})")
        ),
        "tests": lambda: f"Tests ({data.get('phase')}): {_test_counts(data)}",
        "approval.requested": lambda: f"Waiting for approval of {data.get('tool')}",
        "approval.decided": lambda: (
            f"Approval {data.get('status')}"
            + (" with edited arguments" if data.get("edited") else "")
        ),
        "approval.voted": lambda: (
            f"{data.get('voter', 'A reviewer')} voted: {data.get('decision')}"
        ),
        "approval.escalated": lambda: "Approval escalated",
        "approval.reminder": lambda: "Approval reminder sent",
        "run.waiting": lambda: f"Waiting on infrastructure: {data.get('kind')}",
        "run.resumed": lambda: "Resumed",
        "run.finished": lambda: f"Finished: {data.get('status')}",
        "run.failed": lambda: "Failed",
        "run.cancelled": lambda: "Cancelled",
        "run.rolled_back": lambda: f"Rolled back to step {data.get('step')}",
        "run.recovered": lambda: "Recovered after a lost worker",
        "stuck": lambda: f"Stuck repeating {data.get('action')}",
        "recovery": lambda: f"Recovering: {data.get('strategy')}",
    }
    make = titles.get(kind)
    return make() if make else kind.replace("_", " ").replace(".", " ")


def _test_counts(data: dict[str, Any]) -> str:
    keys = ("passed", "failed", "errors")
    counts = [f"{data[key]} {key}" for key in keys if isinstance(data.get(key), int)]
    return ", ".join(counts) or "no result"


SHOWN: dict[str, tuple[str, ...]] = {
    "run.created": (),
    "step.completed": (),
    "observation": (),
    "tests": ("summary",),
    "run.resumed": (),
    "run.cancelled": (),
    "run.recovered": (),
    "approval.decided": ("comment",),
    "approval.voted": ("comment",),
    "plan": ("subtasks",),
    "action": ("arguments",),
    "approval.requested": ("reason", "arguments"),
    "run.waiting": ("reason", "next_attempt_at"),
    "run.failed": ("error",),
    "run.finished": ("error", "artifacts"),
}


def _details(kind: str, data: dict[str, Any]) -> list[tuple[str, Clipped]]:
    keys = SHOWN.get(kind)
    if keys is None:  # unknown kinds (workflow events) show all they carry, bounded
        keys = tuple(key for key in data if key not in ("step", "turn"))
    return [(key, clip(data[key])) for key in keys if data.get(key) not in (None, "", [], {})]
