"""The one form every candidate takes: replace one exact, unique piece of text in one file."""

from __future__ import annotations

import difflib
from dataclasses import asdict, dataclass, field
from typing import Any


@dataclass(frozen=True)
class Edit:
    path: str
    search: str
    replace: str

    def apply(self, text: str) -> str | None:
        """The file's new text, or None when `search` is not found exactly once."""
        if not self.search or text.count(self.search) != 1:
            return None
        return text.replace(self.search, self.replace, 1)


@dataclass
class Candidate:
    """One or more edits (two for two-location bugs), where they came from and how they did."""

    edits: tuple[Edit, ...]
    origin: str  # "template:<rule>", "recovery:<kind>", "model"
    description: str = ""
    result: dict[str, Any] = field(default_factory=dict)
    diff: str = ""

    def key(self) -> tuple[tuple[str, str, str], ...]:
        return tuple((e.path, e.search, e.replace) for e in self.edits)

    def record(self) -> dict[str, Any]:
        return {
            "origin": self.origin,
            "description": self.description,
            "edits": [asdict(e) for e in self.edits],
            "result": self.result,
            "diff": self.diff,
        }


def unified_diff(path: str, before: str, after: str) -> str:
    lines = difflib.unified_diff(
        before.splitlines(keepends=True), after.splitlines(keepends=True), f"a/{path}", f"b/{path}"
    )
    return "".join(line if line.endswith("\n") else line + "\n" for line in lines)


def diff_size(diff: str) -> int:
    """Changed lines, the tie-breaker between candidates the tests rate equally."""
    return sum(
        1 for line in diff.splitlines() if line[:1] in "+-" and not line.startswith(("+++", "---"))
    )
