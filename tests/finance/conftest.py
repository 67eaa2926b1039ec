"""Finance workflow fixtures: the sample data set (generated once per session), the agent
runtime's scripted model, real sandbox and in-memory context with the pack's tools, and a
scripted analyst that maps labels and drafts from the facts it is given."""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from agents.engine.memory import InMemoryCheckpointer, InMemoryContext
from agents.engine.registry import get_workflow
from agents.engine.runner import run_one_step, start_thread
from agents.engine.types import StepResult
from agents.finance.samples.generate import generate
from agents.tools import ToolExecutor, default_registry
from tests.agents.conftest import (
    _model_server,
    clock,
    fake_model,
    make_ctx,
    model_client,
    tool_env,
    workspace,
)

__all__ = [
    "_model_server",
    "clock",
    "fake_model",
    "make_ctx",
    "model_client",
    "tool_env",
    "workspace",
]
FINANCE_TOOLS = "agents.finance.tools:TOOLS"
BRIEF = "Compare the margins of these companies over the last three years and flag risks."
_FACT = re.compile(
    r"^- (?P<company>.+?), (?P<measure>[^,]+), FY(?P<year>\d{4}): (?P<value>.+?) (?P<citation>\[[^\]]+\])$"
)


@pytest.fixture(scope="session")
def samples(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    """The sample data set and its ground truth, written once for the session."""
    folder = tmp_path_factory.mktemp("finance-samples")
    return folder, generate(folder)


@pytest.fixture
def executor() -> ToolExecutor:
    return ToolExecutor(default_registry([FINANCE_TOOLS]))


def copy_samples(
    samples: tuple[Path, dict[str, Any]],
    target: Path,
    keep: Callable[[str], bool] = lambda name: True,
) -> list[str]:
    folder, truth = samples
    names = [d["file"] for d in truth["documents"] if keep(d["file"])]
    for name in names:
        shutil.copy(folder / name, target / name)
    return names


def run_research(
    ctx: InMemoryContext, cp: InMemoryCheckpointer, input: dict[str, Any], limit: int = 40
) -> StepResult:
    """Runs the workflow until it stops (finished, interrupted or out of budget)."""
    workflow = get_workflow("finance_research")
    if cp.get(ctx.run_id) is None:
        start_thread(workflow, cp, ctx.run_id, input)
    for _ in range(limit):
        result = run_one_step(workflow, cp, ctx.run_id, ctx)
        if result.outcome != "continue":
            return result
    raise AssertionError("the finance workflow did not stop")


def facts_in(body: dict[str, Any]) -> list[dict[str, str]]:
    prompt = next(m["content"] for m in body["messages"] if m["role"] == "user")
    return [match.groupdict() for line in prompt.splitlines() if (match := _FACT.match(line))]


def format_name(body: dict[str, Any]) -> str:
    shaped = body.get("response_format") or {}
    return str((shaped.get("json_schema") or {}).get("name", ""))


class Analyst:
    """A scripted model: maps labels by the ground truth, drafts from the first facts it is
    given; `bad_drafts` drafts first plant a figure that is in no fact."""

    def __init__(self, truth: dict[str, Any], bad_drafts: int = 0) -> None:
        self.truth, self.bad_drafts, self.drafts = truth, bad_drafts, 0

    def __call__(self, body: dict[str, Any]) -> dict[str, Any]:
        if format_name(body) == "label_mapping":
            return {"content": json.dumps({"mappings": self.mappings(body)})}
        self.drafts += 1
        facts = facts_in(body)
        sentences = [
            f"{f['company']} reported {f['measure']} of {f['value']} in FY{f['year']} {f['citation']}."
            for f in facts[:4]
        ]
        if self.drafts <= self.bad_drafts:
            sentences.append("Revenue should reach USD 4,321.9 million next year.")
        risks = [
            f"{f['company']}: {f['measure']} was {f['value']} in FY{f['year']} {f['citation']}."
            for f in facts[4:6]
        ]
        return {"content": json.dumps({"summary": " ".join(sentences), "risks": risks})}

    def mappings(self, body: dict[str, Any]) -> list[dict[str, Any]]:
        prompt = body["messages"][-1]["content"]
        asked = re.findall(r"^- (.+) \(in the ", prompt.split("Labels to map:", 1)[1], re.M)
        return [
            {
                "label": label,
                "item": self.truth["model_labels"].get(label, "none"),
                "confidence": 0.9,
            }
            for label in asked
        ]
