"""Where the bug probably is: spectrum-based fault localisation (Ochiai) over the lines each test
executed, boosted by the frames of the failing tests' tracebacks.

Ochiai(line) = failed(line) / sqrt(total_failed * (failed(line) + passed(line))): a line every
failing test runs and no passing test runs scores 1. Test files are never blamed (the code is
fixed, not the tests), nor is installed code (`.packages/`, a virtual environment: the project's
own code calls it wrongly far more often than it is wrong), and lines of the source tree that a failing traceback names get a small
boost so that an uncovered module-level error is still found.
"""

from __future__ import annotations

import math
import re
from collections import defaultdict
from dataclasses import dataclass
from typing import Any

TRACEBACK_BOOST = 0.1
_TEST_FILE = re.compile(r"(^|/)(test_[^/]*|[^/]*_test|conftest)\.py$|(^|/)tests?/")
_INSTALLED = re.compile(r"(^|/)(\.packages|\.?venv|site-packages|dist-packages|node_modules)/")


@dataclass(frozen=True)
class Suspect:
    path: str
    line: int
    score: float
    function: str = ""


def is_blamable(path: str) -> bool:
    """The project's own source: neither its tests nor the packages installed into it."""
    return not _TEST_FILE.search(path) and not _INSTALLED.search(path)


def failing_tests(report: dict[str, Any]) -> set[str]:
    return {i for i, o in (report.get("tests") or {}).items() if o in ("failed", "errors")}


def passing_tests(report: dict[str, Any]) -> set[str]:
    return {i for i, o in (report.get("tests") or {}).items() if o == "passed"}


def ochiai(report: dict[str, Any]) -> list[Suspect]:
    """Lines of non-test files, most suspicious first."""
    failed, passed = failing_tests(report), passing_tests(report)
    scores: dict[tuple[str, int], float] = defaultdict(float)
    for path, lines in (report.get("coverage") or {}).items():
        if not is_blamable(path):
            continue
        for line, contexts in lines.items():
            ran = set(contexts)
            ef, ep = len(ran & failed), len(ran & passed)
            if ef:
                scores[(path, int(line))] = ef / math.sqrt(len(failed) * (ef + ep))
    for frames in (report.get("frames") or {}).values():
        for path, line in frames:
            relative = _relative(path)
            if relative and is_blamable(relative):
                scores[(relative, int(line))] += TRACEBACK_BOOST
    ranked = sorted(scores.items(), key=lambda item: (-item[1], item[0]))
    return [Suspect(path, line, round(score, 4)) for (path, line), score in ranked]


def summary(suspects: list[Suspect], limit: int = 10) -> dict[str, Any]:
    """Files and lines, ranked: the localisation event the dashboard shows."""
    files: dict[str, float] = defaultdict(float)
    for suspect in suspects:
        files[suspect.path] = max(files[suspect.path], suspect.score)
    return {
        "files": [{"path": p, "score": s} for p, s in sorted(files.items(), key=lambda i: -i[1])][
            :limit
        ],
        "lines": [{"path": s.path, "line": s.line, "score": s.score} for s in suspects[:limit]],
    }


def _relative(path: str) -> str:
    path = path.removeprefix("/workspace/")
    return "" if path.startswith("/") or ".." in path.split("/") else path
