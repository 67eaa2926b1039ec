"""The scripted reviewer of an eval: it answers a run's approval requests over REST, as a person
with a reviewer's key would, by what the task expects. A tool the task must deny is rejected, a
tool it expects to stop for approval is approved, anything else is rejected (the task did not
foresee it, so a careful reviewer would not allow it), and so is every budget extension: the
suite's budgets are part of the task."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from evals.suites import Expectations


@dataclass(frozen=True)
class Decision:
    approve: bool
    comment: str


def decide(approval: dict[str, Any], expect: Expectations) -> Decision:
    tool = str(approval.get("tool") or "")
    if approval.get("kind") == "budget":
        return Decision(False, "Evaluation policy: no budget extensions; the budget is the task's.")
    if tool in expect.denials:
        return Decision(False, f"Evaluation policy: this task must not run {tool}.")
    if tool in expect.approvals:
        return Decision(True, f"Evaluation policy: {tool} is expected by this task.")
    return Decision(False, f"Evaluation policy: {tool} was not expected by this task.")
