"""The engine's contract: node results, the context a node does I/O through, checkpoints.

Everything here is plain Python (no Django) so the platform (`platform/runs`) and the in-memory
test runtime (`agents.engine.memory`) implement the same Protocols. Changes are additive only.
"""

from __future__ import annotations

import builtins
import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol, runtime_checkable

State = dict[str, Any]

# Top-level state keys owned by the engine; workflows keep their own keys beside these.
SCHEMA_VERSION_KEY = "schema_version"
NODE_KEY = "node"
STEP_KEY = "step"
USAGE_KEY = "usage"
STATE_SCHEMA_VERSION = 1
END = "__end__"  # the pseudo-node a finished thread rests at
# The event a node emits when it could not use the model's last answer ({"problem": why}): the
# platform notes the problem on that call in the run's trace.
INVALID_OUTPUT_EVENT = "invalid_output"


# --- node results -------------------------------------------------------------------------------
@dataclass(frozen=True)
class Update:
    """Merge `changes` into the state and continue at node `goto`."""

    changes: dict[str, Any]
    goto: str


@dataclass(frozen=True)
class Interrupt:
    """Pause the run. The node that returns this has performed NO side effect: it re-runs on
    resume (at `resume_at`, default the same node), like LangGraph's `interrupt()`.

    kind == "approval": payload = {"tool", "arguments", "digest", "reason", "step", "call_index"}.
    """

    kind: str
    payload: dict[str, Any]
    changes: dict[str, Any] = field(default_factory=dict)
    resume_at: str | None = None


@dataclass(frozen=True)
class Finish:
    status: Literal["succeeded", "failed"]
    output: dict[str, Any]
    changes: dict[str, Any] = field(default_factory=dict)


NodeResult = Update | Interrupt | Finish
Node = Callable[[State, "Context"], NodeResult]


@dataclass(frozen=True)
class Budgets:
    max_steps: int = 50
    max_tokens: int = 200_000
    max_wall_seconds: float = 3600.0


# --- model and tool I/O -------------------------------------------------------------------------
@dataclass(frozen=True)
class ToolCallRequest:
    """A tool call as the model wrote it; `arguments_json` is raw and validated by the loop."""

    id: str
    name: str
    arguments_json: str


@dataclass(frozen=True)
class ChatResult:
    content: str | None
    tool_calls: list[ToolCallRequest]
    prompt_tokens: int
    completion_tokens: int
    raw: dict[str, Any] = field(default_factory=dict)
    # Why the endpoint would not pass the model's answer on (it failed the JSON schema or tool
    # asked for, or was cut off): content is then None, and the agent reads this instead.
    problem: str | None = None


@dataclass(frozen=True)
class ToolOutcome:
    ok: bool
    output: Any
    error_class: str | None = None
    error: str | None = None
    duration_s: float = 0.0


@dataclass(frozen=True)
class ApprovalDecision:
    approved: bool
    arguments: dict[str, Any]
    digest: str
    reviewer: str
    comment: str = ""


class ApprovalRequired(Exception):
    """Raised by `Context.call_tool` when a gated call has no approved decision with its digest.

    `payload` has the shape of `Interrupt(kind="approval").payload`.
    """

    def __init__(self, payload: dict[str, Any]) -> None:
        super().__init__(f"approval required for tool {payload.get('tool')!r}")
        self.payload = payload


class EnvironmentFailure(Exception):
    """The environment failed, not the agent: the model endpoint was unreachable, timed out,
    overloaded or answered 5xx, or the sandbox could not start.

    Raised out of `Context.chat` / `Context.call_tool` and through the node, so nothing the step
    did is committed; the platform waits and re-runs the step (the run shows `waiting`) instead
    of failing the run, and fails it as an infrastructure failure only after its retry window.
    """

    MODEL_UNREACHABLE = "model_unreachable"
    MODEL_TIMEOUT = "model_timeout"
    MODEL_UNAVAILABLE = "model_unavailable"  # 5xx: no healthy backend, backend down
    MODEL_OVERLOADED = "model_overloaded"  # 429 from capacity or a rate limit, not a quota
    SANDBOX_UNAVAILABLE = "sandbox_unavailable"

    def __init__(
        self,
        message: str,
        *,
        kind: str,
        backend: str = "unknown",
        retry_after: float | None = None,
    ) -> None:
        super().__init__(message)
        self.kind = kind
        self.backend = backend or "unknown"
        self.retry_after = retry_after


class InvalidTransition(Exception):
    """A node tried to continue at a node its workflow's transition table does not allow."""


class WorkflowNotFound(LookupError):
    pass


def arguments_digest(tool: str, arguments: dict[str, Any]) -> str:
    """sha256 hex of the canonical JSON of {"tool", "arguments"}: approval binds exactly this."""
    canonical = json.dumps(
        {"tool": tool, "arguments": arguments},
        sort_keys=True,
        separators=(",", ":"),
        ensure_ascii=False,
        default=str,
    )
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


@runtime_checkable
class Context(Protocol):
    """All the I/O a node may do. The platform implements it (runs.context.RunContext)."""

    run_id: str
    step: int
    budgets: Budgets

    def chat(
        self,
        messages: list[dict[str, Any]],
        *,
        tools: list[dict[str, Any]] | None = None,
        response_format: dict[str, Any] | None = None,
        max_tokens: int | None = None,
    ) -> ChatResult: ...

    def call_tool(
        self, name: str, arguments: dict[str, Any], *, call_index: int = 0
    ) -> ToolOutcome: ...

    def emit(self, kind: str, data: dict[str, Any]) -> None: ...

    def now(self) -> float: ...

    def approval_decision(self, digest: str) -> ApprovalDecision | None: ...


# --- checkpoints --------------------------------------------------------------------------------
@dataclass(frozen=True)
class Checkpoint:
    thread_id: str
    step: int
    node: str
    state: dict[str, Any]
    version: int
    created_at: float


class CheckpointConflict(Exception):
    """`put` was given an `expected_version` that is not the thread's latest version."""


@runtime_checkable
class Checkpointer(Protocol):
    def get(self, thread_id: str) -> Checkpoint | None: ...

    def put(self, checkpoint: Checkpoint, *, expected_version: int | None = None) -> Checkpoint:
        """Store a new latest checkpoint; returns it with the version actually assigned.

        With `expected_version`, raises CheckpointConflict unless the latest stored version
        equals it (0 means "no checkpoint yet"). A state that cannot be stored (NaN, NUL, a
        lone surrogate, too deep: `agents.storable`) raises storable.NotStorable and stores
        nothing.
        """
        ...

    def list(self, thread_id: str, *, limit: int | None = None) -> list[Checkpoint]: ...

    def put_writes(
        self, thread_id: str, step: int, task_id: str, writes: builtins.list[tuple[str, Any]]
    ) -> None: ...

    def get_writes(self, thread_id: str, step: int) -> builtins.list[tuple[str, str, Any]]: ...


@dataclass(frozen=True)
class StepResult:
    checkpoint: Checkpoint
    outcome: Literal["continue", "interrupted", "finished", "budget_exceeded"]
    interrupt: Interrupt | None = None
    finish: Finish | None = None


# --- workflows ----------------------------------------------------------------------------------
@dataclass
class Workflow:
    """Named nodes plus the transitions each may take; the runner validates every `goto`."""

    name: str
    nodes: dict[str, Node]
    start: str
    transitions: dict[str, tuple[str, ...]]
    description: str = ""
    initial: Callable[[dict[str, Any]], dict[str, Any]] | None = None
    # JSON schema of the run input, shown and checked by forms; `initial` stays the authority.
    input_schema: dict[str, Any] | None = None

    def __post_init__(self) -> None:
        unknown = {self.start, *self.transitions} - set(self.nodes)
        for targets in self.transitions.values():
            unknown |= set(targets) - set(self.nodes)
        if unknown:
            raise ValueError(f"workflow {self.name!r} names unknown nodes: {sorted(unknown)}")

    def initial_state(self, input: dict[str, Any]) -> dict[str, Any]:
        workflow_keys = self.initial(input) if self.initial else {"input": input}
        return {
            **workflow_keys,
            SCHEMA_VERSION_KEY: STATE_SCHEMA_VERSION,
            NODE_KEY: self.start,
            STEP_KEY: 0,
            USAGE_KEY: {"prompt_tokens": 0, "completion_tokens": 0},
        }

    def validate_transition(self, src: str, dst: str) -> None:
        if dst not in self.transitions.get(src, ()):
            allowed = ", ".join(self.transitions.get(src, ())) or "nothing"
            raise InvalidTransition(
                f"workflow {self.name!r}: node {src!r} may go to {allowed}, not {dst!r}"
            )

    def transition_table(self) -> str:
        """A markdown table of the nodes and where each may go (docs embed it)."""
        lines = ["| node | may go to |", "|---|---|"]
        for node in self.nodes:
            marker = " (start)" if node == self.start else ""
            targets = ", ".join(f"`{t}`" for t in self.transitions.get(node, ())) or "finish only"
            lines.append(f"| `{node}`{marker} | {targets} |")
        return "\n".join(lines)
