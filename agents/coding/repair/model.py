"""Candidates from the model: one search/replace edit for a small window of code around a
suspicious line, under a JSON schema, asked several times (the backend samples, so repeated
asks give different edits; the fast tier makes this cheap)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from agents.coding.repair.edits import Candidate, Edit
from agents.coding.repair.localise import Suspect
from agents.sandbox.errors import SandboxError
from agents.sandbox.hostfs import HostDirectory

WINDOW = 6  # lines either side of the suspicious line
MAX_BYTES = 256 * 1024
EDIT_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "search": {"type": "string", "minLength": 1, "maxLength": 8000},
        "replace": {"type": "string", "maxLength": 8000},
    },
    "required": ["search", "replace"],
    "additionalProperties": False,
}
PROMPT = """Goal:
{goal}

Fix the bug. The failing tests say:
{failures}

File {path}, lines {start}-{end}:
{window}

Answer with JSON: "search" is one or more complete lines copied exactly from the code above,
"replace" is what they must become."""

Ask = Callable[[list[dict[str, Any]], dict[str, Any]], str]


def candidates(
    ask: Ask,
    workspace: Path,
    suspects: list[Suspect],
    report: dict[str, Any],
    *,
    samples: int,
    goal: str = "Make the failing tests pass.",
) -> list[Candidate]:
    """Up to `samples` asks spread over the most suspicious windows."""
    windows = _windows(workspace, suspects)
    if not windows:
        return []
    failures = "\n".join((report.get("failures") or [])[:5]) or str(report.get("summary"))
    found: list[Candidate] = []
    for n in range(samples):
        path, start, end, text = windows[n % len(windows)]
        prompt = PROMPT.format(
            goal=goal, failures=failures, path=path, start=start, end=end, window=text
        )
        try:
            answer = json.loads(ask([{"role": "user", "content": prompt}], EDIT_SCHEMA))
            edit = Edit(path, _whole_lines(answer["search"]), _whole_lines(answer["replace"]))
        except (ValueError, KeyError, TypeError):
            continue
        if edit.search.strip() and edit.search != edit.replace:
            found.append(Candidate((edit,), "model", f"{path}:{start}-{end} (sample {n + 1})"))
    return found


def _windows(workspace: Path, suspects: list[Suspect]) -> list[tuple[str, int, int, str]]:
    windows, seen = [], set()
    with HostDirectory(workspace) as root:
        for suspect in suspects[:10]:
            key = (suspect.path, suspect.line // (2 * WINDOW))
            if key in seen:
                continue
            seen.add(key)
            try:
                data, _ = root.read(suspect.path, limit=MAX_BYTES)
            except (OSError, SandboxError):
                continue
            lines = data.decode("utf-8", errors="replace").splitlines(keepends=True)
            start = max(1, suspect.line - WINDOW)
            end = min(len(lines), suspect.line + WINDOW)
            windows.append((suspect.path, start, end, "".join(lines[start - 1 : end])))
            if len(windows) == 3:
                break
    return windows


def _whole_lines(text: str) -> str:
    return text if text.endswith("\n") else text + "\n"
