"""Tool reliability's failure classes, from what a tool call's outcome records."""

from __future__ import annotations

from typing import Any

import pytest

from agents.engine.recovery import FAILURE_CLASSES, failure_class
from agents.engine.types import ToolOutcome

MISSING = "E   ModuleNotFoundError: No module named 'leftpad_lh'"


def failed(error_class: str, error: str = "", output: Any = None) -> ToolOutcome:
    return ToolOutcome(False, output, error_class=error_class, error=error or error_class)


@pytest.mark.parametrize(
    ("outcome", "expected"),
    [
        (ToolOutcome(True, {"exit_code": 0, "stdout": "hi"}), ""),
        (ToolOutcome(True, {"all_passed": True, "exit_code": 0}), ""),
        (
            ToolOutcome(True, {"all_passed": False, "exit_code": 2, "output": MISSING}),
            "missing_dependency",
        ),
        (failed("ToolFailed", "pip exited 1: No matching distribution"), "other"),
        (failed("SandboxTimeout", output={"exit_code": None}), "timeout"),
        (failed("ToolArgumentsInvalid"), "invalid_arguments"),
        (failed("UnknownTool"), "invalid_arguments"),
        (failed("PolicyDenied"), "permission_denied"),
        (failed("LinkRefused"), "permission_denied"),
        (failed("MemoryExceeded"), "resource_limit"),
        (failed("DiskQuotaExceeded"), "quota_exceeded"),
        (ToolOutcome(True, {"exit_code": 3, "stdout": ""}), "nonzero_exit"),
        (
            ToolOutcome(True, {"all_passed": False, "exit_code": 1, "failures": ["x"]}),
            "test_failure",
        ),
        (failed("PatchFailed"), "other"),
    ],
)
def test_each_outcome_falls_in_one_documented_class(outcome: ToolOutcome, expected: str) -> None:
    assert failure_class("run_command", outcome) == expected
    assert expected == "" or expected in FAILURE_CLASSES
