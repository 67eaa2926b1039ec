"""In-memory implementations: a checkpointer and a Context for tests, benchmarks and scripts.

The context is real in every way that matters: it calls an OpenAI-compatible server with the
`openai` client, executes real tools (in the real sandbox) and keeps each tool outcome under its
idempotency key, so a step that runs twice never applies an effect twice.
"""

from __future__ import annotations

import builtins
import copy
import json
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from agents import storable
from agents.engine.openai_chat import chat_completion
from agents.engine.types import (
    ApprovalDecision,
    ApprovalRequired,
    Budgets,
    ChatResult,
    Checkpoint,
    CheckpointConflict,
    ToolOutcome,
    arguments_digest,
)
from agents.tools.executor import unstorable_arguments


class InMemoryCheckpointer:
    """Thread-safe; stores JSON round-tripped copies so callers can never mutate history."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._threads: dict[str, list[Checkpoint]] = {}
        self._writes: dict[tuple[str, int], dict[str, list[tuple[str, Any]]]] = {}

    def get(self, thread_id: str) -> Checkpoint | None:
        with self._lock:
            history = self._threads.get(thread_id)
            return _copy(history[-1]) if history else None

    def put(self, checkpoint: Checkpoint, *, expected_version: int | None = None) -> Checkpoint:
        storable.check(checkpoint.state, where="state")  # what PostgreSQL would refuse
        frozen = _copy(checkpoint)  # fails here, not later, when the state is not JSON
        with self._lock:
            history = self._threads.setdefault(checkpoint.thread_id, [])
            current = history[-1].version if history else 0
            if expected_version is not None and expected_version != current:
                raise CheckpointConflict(
                    f"thread {checkpoint.thread_id!r} is at version {current}, "
                    f"not the expected {expected_version}"
                )
            stored = replace(frozen, version=current + 1)
            history.append(stored)
            return _copy(stored)

    def list(self, thread_id: str, *, limit: int | None = None) -> builtins.list[Checkpoint]:
        with self._lock:
            newest_first = list(reversed(self._threads.get(thread_id, [])))
        return [_copy(c) for c in newest_first[:limit]]

    def put_writes(
        self, thread_id: str, step: int, task_id: str, writes: builtins.list[tuple[str, Any]]
    ) -> None:
        storable.check([value for _, value in writes], where="writes")
        encoded = [(channel, _roundtrip(value)) for channel, value in writes]
        with self._lock:
            self._writes.setdefault((thread_id, step), {})[task_id] = encoded

    def get_writes(self, thread_id: str, step: int) -> builtins.list[tuple[str, str, Any]]:
        with self._lock:
            tasks = dict(self._writes.get((thread_id, step), {}))
        return [(task, ch, _roundtrip(v)) for task, writes in tasks.items() for ch, v in writes]


def _roundtrip(value: Any) -> Any:
    return json.loads(json.dumps(value))


def _copy(checkpoint: Checkpoint) -> Checkpoint:
    return replace(checkpoint, state=_roundtrip(checkpoint.state))


# --- context ------------------------------------------------------------------------------------
@dataclass
class InMemoryContext:
    """A Context for one thread. Approval policy: a tool of risk HIGH (or named in
    `approval_required`) runs only when `decisions` holds an approved decision for its digest."""

    run_id: str
    client: Any  # openai.OpenAI
    model: str
    executor: Any | None = None  # agents.tools.ToolExecutor
    environment: Any | None = None  # agents.tools.ToolEnvironment
    budgets: Budgets = field(default_factory=Budgets)
    clock: Callable[[], float] = time.time
    approval_required: set[str] = field(default_factory=set)
    step: int = 0
    events: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    decisions: dict[str, ApprovalDecision] = field(default_factory=dict)
    outcomes: dict[str, ToolOutcome] = field(default_factory=dict)
    executed: list[str] = field(default_factory=list)  # idempotency keys actually executed

    def chat(
        self,
        messages: list[dict[str, Any]],
        *,
        tools: list[dict[str, Any]] | None = None,
        response_format: dict[str, Any] | None = None,
        max_tokens: int | None = None,
    ) -> ChatResult:
        return chat_completion(
            self.client,
            model=self.model,
            messages=messages,
            tools=tools,
            response_format=response_format,
            max_tokens=max_tokens,
        )

    def call_tool(
        self, name: str, arguments: dict[str, Any], *, call_index: int = 0
    ) -> ToolOutcome:
        key = f"{self.run_id}:{self.step}:{call_index}"
        if key in self.outcomes:
            return self.outcomes[key]
        refused = unstorable_arguments(name, arguments)
        if refused is not None:
            return refused
        self._check_approval(name, arguments, call_index)
        if self.executor is None or self.environment is None:
            raise RuntimeError("this context has no tool executor")
        outcome = self.executor.execute(name, copy.deepcopy(arguments), self.environment)
        self.outcomes[key] = outcome
        self.executed.append(key)
        return outcome

    def emit(self, kind: str, data: dict[str, Any]) -> None:
        self.events.append((kind, _roundtrip(data)))

    def now(self) -> float:
        return self.clock()

    def approval_decision(self, digest: str) -> ApprovalDecision | None:
        return self.decisions.get(digest)

    # --- test helpers -----------------------------------------------------------------------
    def decide(
        self,
        digest: str,
        *,
        approved: bool,
        arguments: dict[str, Any],
        tool: str,
        reviewer: str = "reviewer",
        comment: str = "",
    ) -> ApprovalDecision:
        """Record a reviewer's decision on the request with `digest` (edited args allowed)."""
        decision = ApprovalDecision(
            approved, arguments, arguments_digest(tool, arguments), reviewer, comment
        )
        self.decisions[digest] = decision
        if decision.digest != digest:
            self.decisions[decision.digest] = decision
        return decision

    def _needs_approval(self, name: str) -> bool:
        if name in self.approval_required:
            return True
        registry = getattr(self.executor, "registry", None)
        return bool(registry is not None and registry.requires_approval(name))

    def _check_approval(self, name: str, arguments: dict[str, Any], call_index: int) -> None:
        if not self._needs_approval(name):
            return
        digest = arguments_digest(name, arguments)
        decision = self.decisions.get(digest)
        if decision is not None and decision.approved and decision.digest == digest:
            return
        raise ApprovalRequired(
            {
                "tool": name,
                "arguments": arguments,
                "digest": digest,
                "reason": f"tool {name!r} requires approval",
                "step": self.step,
                "call_index": call_index,
            }
        )
