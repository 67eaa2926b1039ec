"""Candidates from the model: one edit to a small window of code around a suspicious line, under a
JSON schema, asked several times (the backend samples, so repeated asks give different edits; the
fast tier makes this cheap).

The window is shown with line numbers and the model answers with the number of the line to change
and its new code: a small model numbers a line far more reliably than it copies one character for
character. The answer becomes the same exact search/replace edit every other source produces (the
numbered line, widened with its neighbours until it is unique in the file), re-indented when the
model dropped the line's indentation."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
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
        "line": {"type": "integer", "minimum": 1},
        "end_line": {"type": "integer", "minimum": 1},
        "code": {"type": "string", "maxLength": 8000},
    },
    "required": ["line", "code"],
    "additionalProperties": False,
}
PROMPT = """Goal:
{goal}

Fix the bug. The failing tests say:
{failures}

File {path}:
{window}

Answer with JSON: "line" is the number of the line to change, "code" is the corrected line (or
lines) that replace it; "end_line", when more than one line must go, is the last one replaced."""

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
        window = windows[n % len(windows)]
        prompt = PROMPT.format(
            goal=goal, failures=failures, path=window.path, window=window.numbered()
        )
        edit = parsed_edit(ask([{"role": "user", "content": prompt}], EDIT_SCHEMA), window)
        if edit is not None:
            where = f"{window.path}:{window.start}-{window.end} (sample {n + 1})"
            found.append(Candidate((edit,), "model", where))
    return found


def parsed_edit(content: str | None, window: Window) -> Edit | None:
    """The model's answer (EDIT_SCHEMA) as an edit of `window`'s file, or None."""
    try:
        answer = json.loads(content or "")
        line = int(answer["line"])
        return window.edit(line, int(answer.get("end_line") or line), str(answer["code"]))
    except (ValueError, KeyError, TypeError):
        return None


def unusable_edit(problem: str | None, window: Window) -> str:
    """Why an answer is no edit of the window, for the run's trace."""
    return problem or (
        f"the answer is not an edit of lines {window.start}-{window.end} of {window.path}: JSON "
        "with `line`, `end_line` and `code` inside them, changing something"
    )


@dataclass(frozen=True)
class Window:
    path: str
    start: int
    end: int
    lines: tuple[str, ...]  # the whole file's lines, ends kept

    @classmethod
    def around(cls, path: str, lines: tuple[str, ...], line: int) -> Window:
        return cls(path, max(1, line - WINDOW), min(len(lines), line + WINDOW), lines)

    def numbered(self) -> str:
        shown = self.lines[self.start - 1 : self.end]
        return "".join(f"{self.start + i:4}| {text}" for i, text in enumerate(shown))

    def edit(self, line: int, end_line: int, code: str) -> Edit | None:
        """Lines `line`..`end_line` replaced by `code` as an exact edit, or None when they are
        not all in the window or nothing changes."""
        if not self.start <= line <= end_line <= self.end or not code.strip():
            return None
        original = "".join(self.lines[line - 1 : end_line])
        replacement = _indented(code, self.lines[line - 1])
        if replacement == original:
            return None
        text = "".join(self.lines)
        first, last = line, end_line
        while text.count("".join(self.lines[first - 1 : last])) > 1:
            if first == 1 and last == len(self.lines):
                return None
            first, last = max(1, first - 1), min(len(self.lines), last + 1)
        before, after = self.lines[first - 1 : line - 1], self.lines[end_line:last]
        search = "".join(self.lines[first - 1 : last])
        return Edit(self.path, search, "".join([*before, replacement, *after]))


def _windows(workspace: Path, suspects: list[Suspect]) -> list[Window]:
    windows: list[Window] = []
    seen = set()
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
            lines = tuple(data.decode("utf-8", errors="replace").splitlines(keepends=True))
            windows.append(Window.around(suspect.path, lines, suspect.line))
            if len(windows) == 3:
                break
    return windows


def _indented(code: str, original: str) -> str:
    """`code` as whole lines at the original line's indentation when the model left it out."""
    indent = original[: len(original) - len(original.lstrip())]
    lines = code.rstrip("\n").split("\n")
    if indent and not lines[0].startswith((" ", "\t")):
        lines = [indent + line if line.strip() else line for line in lines]
    return "\n".join(lines) + "\n"
