"""The eval oracle: a scripted model that solves every task of the given suites.

It is a `FakeOpenAI` responder (the one test double at the model edge), so it runs as a real
HTTP server. Each request is answered from what it holds alone, so concurrent runs, steps that
run twice after a crash and resumed evals all get the same answers:

- coding: the task is the one whose `input.task` the goal message quotes; a plan request gets a
  short plan, an edit request (the repair engine's) the solution's version of the file it
  shows, and each act request the next action of the task's script that the conversation
  does not yet show: `run_tests` first when the task needs a package (the missing module makes
  the runtime ask for the approved install), `write_file` for each file of `solution.files`,
  `run_tests`, then `finish`.
- three_d_asset: the task is the one whose brief the request quotes; plan and repair requests
  get `solution.plan`.
- finance_research: label-mapping requests map labels by `solution.labels`; draft requests
  get sentences built from the facts the request gives, each with its citation (the workflow
  verifies every figure, so nothing else could pass).

Start it with `serve_eval_oracle(suite, ...)`, which yields (base URL ending in /v1, the
FakeOpenAI whose `requests` record what was asked).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from evals.suites import Suite, Task
from tests.finance.conftest import Analyst, format_name
from tests.support.fake_openai import FakeOpenAI, Reply, serve_fake_openai

SOLVED = "Fixed the code so the task's tests pass."
FINANCE_FORMATS = ("label_mapping", "research_note")  # the finance pack's model requests


class EvalOracle:
    def __init__(self, *suites: Suite) -> None:
        tasks = [task for suite in suites for task in suite.tasks]
        self.coding = _index(tasks, "coding", "task")
        self.three_d = _index(tasks, "three_d_asset", "brief")
        labels: dict[str, str] = {}
        for task in tasks:
            if task.workflow == "finance_research":
                labels.update(task.solution.get("labels", {}))
        self.analyst = Analyst({"model_labels": labels})
        self.unrecognised: list[str] = []  # first lines of requests no task matched

    def __call__(self, body: dict[str, Any]) -> Reply:
        prompt = _user_text(body)
        if format_name(body) in FINANCE_FORMATS:
            return self.analyst(body)
        if format_name(body) == "asset_plan":
            three_d = _find(self.three_d, prompt, "Brief: ")
            if three_d is not None:
                return {"content": json.dumps(three_d.solution["plan"])}
        coding = _find(self.coding, prompt, "Goal:\n")
        if coding is not None:
            return coding_reply(coding, body)
        self.unrecognised.append(prompt[:200])
        return {"content": "I do not know this task."}


def coding_reply(task: Task, body: dict[str, Any]) -> Reply:
    if format_name(body) == "edit":  # the repair engine asks for one edit of one file
        return {"content": json.dumps(edit_reply(task, _user_text(body)))}
    if format_name(body) == "plan":  # the plan, or a re-plan
        return {"content": json.dumps({"subtasks": ["read the failing tests", "fix the code"]})}
    script = coding_script(task)
    done = _steps_done(script, _calls_made(body))
    name, arguments = script[min(done, len(script) - 1)]
    if format_name(body) == "action":  # the JSON-action mode (tool_calling false)
        return {"content": json.dumps({"tool": name, "arguments": arguments})}
    return {"tool_calls": [{"name": name, "arguments": arguments}]}


def coding_script(task: Task) -> list[tuple[str, dict[str, Any]]]:
    files = solution_files(task)
    script: list[tuple[str, dict[str, Any]]] = []
    if task.packages:  # the missing module makes the runtime ask for the install
        script.append(("run_tests", {}))
    script += [("write_file", {"path": path, "content": text}) for path, text in files.items()]
    script += [("run_tests", {}), ("finish", {"summary": SOLVED})]
    return script


def edit_reply(task: Task, prompt: str) -> dict[str, Any]:
    """The lines between the first and the last that the solution changes, replaced by the
    solution's, when the numbered window the prompt shows holds them all (otherwise an answer
    that changes nothing, which the engine discards)."""
    path = prompt.split("\nFile ", 1)[-1].split(":\n", 1)[0]
    shown = [int(n) for n in re.findall(r"^ *(\d+)\| ", prompt, re.MULTILINE)]
    solved = solution_files(task).get(path)
    original = task.workspace / path if task.workspace is not None else None
    if not shown or solved is None or original is None or not original.is_file():
        return {"line": 1, "code": "\n"}
    before, after = original.read_text().splitlines(True), solved.splitlines(True)
    first, last, replacement = changed_span(before, after)
    if not (min(shown) <= first <= last <= max(shown)):
        return {"line": min(shown), "code": before[min(shown) - 1] if before else "\n"}
    return {"line": first, "end_line": last, "code": "".join(replacement)}


def changed_span(before: list[str], after: list[str]) -> tuple[int, int, list[str]]:
    """The 1-based lines first..last of `before` that `after` replaces with the lines returned:
    everything between the common first and last lines (widened by one line for an insertion,
    so that at least one line is replaced)."""
    prefix = 0
    while prefix < min(len(before), len(after)) and before[prefix] == after[prefix]:
        prefix += 1
    suffix = 0
    while (suffix < min(len(before), len(after)) - prefix
           and before[-1 - suffix] == after[-1 - suffix]):  # fmt: skip
        suffix += 1
    if len(before) - suffix == prefix:  # an insertion: take a neighbouring line along
        if prefix:
            prefix -= 1
        else:
            suffix -= 1
    return prefix + 1, len(before) - suffix, after[prefix : len(after) - suffix]


def solution_files(task: Task) -> dict[str, str]:
    if task.directory is None or "files" not in task.solution:
        raise ValueError(f"task {task.id!r} has no solution files")
    root = Path(task.directory) / task.solution["files"]
    return {
        path.relative_to(root).as_posix(): path.read_text()
        for path in sorted(root.rglob("*"))
        if path.is_file() and "__pycache__" not in path.parts
    }


@contextmanager
def serve_eval_oracle(*suites: Suite) -> Iterator[tuple[str, FakeOpenAI]]:
    fake = FakeOpenAI(responder=EvalOracle(*suites), model="eval-oracle")
    with serve_fake_openai(fake) as url:
        yield url, fake


# --- reading the request ------------------------------------------------------------------------
def _index(tasks: list[Task], workflow: str, field: str) -> dict[str, Task]:
    found: dict[str, Task] = {}
    for task in tasks:
        if task.workflow != workflow:
            continue
        key = str(task.input.get(field, ""))
        if key in found:
            raise ValueError(f"tasks {found[key].id!r} and {task.id!r} share their {field}")
        found[key] = task
    return found


def _user_text(body: dict[str, Any]) -> str:
    return "\n".join(
        str(m.get("content") or "") for m in body.get("messages", []) if m.get("role") == "user"
    )


def _find(tasks: dict[str, Task], prompt: str, lead: str) -> Task | None:
    """The task whose key the prompt quotes after `lead`; the longest key wins."""
    matches = [key for key in tasks if f"{lead}{key}" in prompt]
    return tasks[max(matches, key=len)] if matches else None


def _calls_made(body: dict[str, Any]) -> list[tuple[str, Any]]:
    """The model's earlier actions: tool calls, or JSON actions written as content."""
    calls = []
    for message in body.get("messages", []):
        if message.get("role") != "assistant":
            continue
        for call in message.get("tool_calls") or []:
            function = call.get("function") or {}
            calls.append((str(function.get("name")), _decoded(function.get("arguments"))))
        action = _decoded(message.get("content"))
        if isinstance(action, dict) and "tool" in action:
            calls.append((str(action["tool"]), action.get("arguments")))
    return calls


def _decoded(text: Any) -> Any:
    try:
        return json.loads(text or "{}")
    except (TypeError, ValueError):
        return None


def _steps_done(script: list[tuple[str, dict[str, Any]]], made: list[tuple[str, Any]]) -> int:
    """How far the conversation got through `script`: calls are matched in order."""
    done = 0
    for call in made:
        if done < len(script) and call == script[done]:
            done += 1
    return done
