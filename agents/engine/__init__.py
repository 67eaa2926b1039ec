"""The state-machine engine: workflows of nodes, budgets, checkpoints, one step at a time."""

from __future__ import annotations

from agents.engine.types import (
    END,
    ApprovalDecision,
    ApprovalRequired,
    Budgets,
    ChatResult,
    Checkpoint,
    CheckpointConflict,
    Checkpointer,
    Context,
    Finish,
    Interrupt,
    InvalidTransition,
    Node,
    StepResult,
    ToolCallRequest,
    ToolOutcome,
    Update,
    Workflow,
    WorkflowNotFound,
    arguments_digest,
)

__all__ = [
    "END",
    "ApprovalDecision",
    "ApprovalRequired",
    "Budgets",
    "ChatResult",
    "Checkpoint",
    "CheckpointConflict",
    "Checkpointer",
    "Context",
    "Finish",
    "Interrupt",
    "InvalidTransition",
    "Node",
    "StepResult",
    "ToolCallRequest",
    "ToolOutcome",
    "Update",
    "Workflow",
    "WorkflowNotFound",
    "arguments_digest",
]
