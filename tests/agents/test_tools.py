"""Tool registry, validation, risk, and the built-in tools in the real sandbox."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from agents.engine.memory import InMemoryContext
from agents.engine.types import ApprovalRequired, arguments_digest
from agents.tools import (
    RiskLevel,
    ToolArgumentsInvalid,
    ToolEnvironment,
    ToolExecutor,
    ToolRegistry,
    UnknownTool,
    default_registry,
)
from tests.agents.conftest import write_files


# --- registry and validation ---------------------------------------------------------------------
def test_unknown_tool_names_what_exists() -> None:
    with pytest.raises(UnknownTool, match="unknown tool 'nope'; available: diff_workspace"):
        default_registry().get("nope")


def test_arguments_are_validated_against_the_schema_before_execution() -> None:
    registry = default_registry()
    with pytest.raises(ToolArgumentsInvalid, match="'path' is a required property"):
        registry.validate("read_file", {})
    with pytest.raises(ToolArgumentsInvalid, match="Additional properties are not allowed"):
        registry.validate("read_file", {"path": "a", "mode": "rw"})
    with pytest.raises(ToolArgumentsInvalid, match="timeout_s: 9999 is greater than the maximum"):
        registry.validate("run_command", {"command": "true", "timeout_s": 9999})
    registry.validate("read_file", {"path": "a"})


@pytest.mark.parametrize(
    "package",
    [
        "--index-url=http://evil",
        "git+https://example.com/x.git",
        "../local",
        "a b",
        "https://x/y.whl",
        "six\n",
    ],
)
def test_install_package_accepts_only_plain_requirements(package: str) -> None:
    with pytest.raises(ToolArgumentsInvalid, match="does not match"):
        default_registry().validate("install_package", {"packages": [package]})


def test_risk_levels_decide_approval() -> None:
    registry = default_registry()
    assert registry.get("install_package").risk is RiskLevel.HIGH
    assert registry.get("install_package").requires_network
    assert registry.requires_approval("install_package")
    assert not registry.requires_approval("read_file")
    assert not any(
        registry.get(n).requires_network
        for n in registry.names()
        if n not in ("install_package", "prepare_environment", "push_branch")
    )


def test_specs_for_gives_openai_tool_definitions_in_order() -> None:
    tools = default_registry().specs_for(["run_tests", "read_file"])
    assert [t["function"]["name"] for t in tools] == ["run_tests", "read_file"]
    assert tools[1]["type"] == "function"
    assert tools[1]["function"]["parameters"]["required"] == ["path"]


def test_external_tools_register_by_dotted_path_and_import_on_first_use(
    tool_env: ToolEnvironment,
) -> None:
    sys.modules.pop("tests.agents.sample_tool_functions", None)
    registry = ToolRegistry()
    assert registry.register_from("tests.agents.sample_tools:TOOLS") == ["shout", "explode"]
    assert "tests.agents.sample_tool_functions" not in sys.modules
    outcome = ToolExecutor(registry).execute("shout", {"word": "hi"}, tool_env)
    assert outcome.output == "HI"
    assert "tests.agents.sample_tool_functions" in sys.modules


def test_register_from_refuses_what_is_not_a_tool_spec() -> None:
    with pytest.raises(TypeError, match="not ToolSpec"):
        ToolRegistry().register_from("tests.agents.sample_tools:unused")


def test_executor_turns_failures_into_outcomes(tool_env: ToolEnvironment) -> None:
    registry = ToolRegistry()
    registry.register_from("tests.agents.sample_tools:TOOLS")
    executor = ToolExecutor(registry)
    done = executor.execute("shout", {"word": "a"}, tool_env)
    failed = executor.execute("explode", {}, tool_env)
    invalid = executor.execute("shout", {"word": 3}, tool_env)
    assert (done.ok, done.output) == (True, "A")
    assert done.duration_s > 0
    assert (failed.ok, failed.error_class, failed.error) == (False, "RuntimeError", "boom")
    assert (invalid.ok, invalid.error_class) == (False, "ToolArgumentsInvalid")


# --- approval through the in-memory context -------------------------------------------------------
def test_a_high_risk_call_without_approval_raises_and_runs_nothing(
    make_ctx: Callable[..., InMemoryContext],
) -> None:
    ctx = make_ctx()
    ctx.step = 7
    with pytest.raises(ApprovalRequired) as raised:
        ctx.call_tool("install_package", {"packages": ["six"]}, call_index=2)
    assert raised.value.payload == {
        "tool": "install_package",
        "arguments": {"packages": ["six"]},
        "digest": arguments_digest("install_package", {"packages": ["six"]}),
        "reason": "tool 'install_package' requires approval",
        "step": 7,
        "call_index": 2,
    }
    assert ctx.executed == []


def test_approval_binds_the_exact_arguments(make_ctx: Callable[..., InMemoryContext]) -> None:
    ctx = make_ctx()
    approved = {"packages": ["six"]}
    ctx.decide(
        arguments_digest("install_package", approved),
        approved=True,
        arguments=approved,
        tool="install_package",
    )
    with pytest.raises(ApprovalRequired):
        ctx.call_tool("install_package", {"packages": ["six", "evil"]})
    assert ctx.executed == []


def test_a_completed_call_is_not_executed_again_for_the_same_key(
    make_ctx: Callable[..., InMemoryContext], workspace: Path
) -> None:
    ctx = make_ctx()
    first = ctx.call_tool("write_file", {"path": "f.txt", "content": "one"})
    (workspace / "f.txt").write_text("changed by someone else")
    again = ctx.call_tool("write_file", {"path": "f.txt", "content": "one"})
    assert again == first
    assert (workspace / "f.txt").read_text() == "changed by someone else"
    assert ctx.executed == ["run-1:0:0"]


# --- built-in file tools --------------------------------------------------------------------------
def test_list_read_write(
    executor: ToolExecutor, tool_env: ToolEnvironment, workspace: Path
) -> None:
    write_files(
        workspace,
        {"src/app.py": "x = 1\n", "README": "hi", ".git/HEAD": "ref", "__pycache__/a.pyc": ""},
    )
    assert executor.execute("list_files", {}, tool_env).output == {
        "files": ["README", "src/app.py"],
        "truncated": False,
    }
    read = executor.execute("read_file", {"path": "src/app.py"}, tool_env).output
    assert (read["content"], read["lines"]) == ("x = 1\n", 1)
    assert executor.execute("write_file", {"path": "new/dir/b.txt", "content": "b"}, tool_env).ok
    assert (workspace / "new/dir/b.txt").read_text() == "b"


@pytest.mark.parametrize(
    ("path", "error_class"),
    [
        ("../outside.txt", "WorkspaceEscape"),
        ("/etc/passwd", "WorkspaceEscape"),
        ("a/../../x", "WorkspaceEscape"),
        ("link/passwd", "LinkRefused"),  # a WorkspaceEscape: links are never followed
    ],
)
def test_file_tools_refuse_paths_outside_the_workspace(
    executor: ToolExecutor, tool_env: ToolEnvironment, workspace: Path, path: str, error_class: str
) -> None:
    os.symlink("/etc", workspace / "link")
    for tool, args in [
        ("read_file", {"path": path}),
        ("write_file", {"path": path, "content": "x"}),
    ]:
        outcome = executor.execute(tool, args, tool_env)
        assert (outcome.ok, outcome.error_class) == (False, error_class)
    assert not (workspace.parent / "outside.txt").exists()


def test_patch_applies_a_unified_diff_even_with_wrong_line_numbers(
    executor: ToolExecutor, tool_env: ToolEnvironment, workspace: Path
) -> None:
    write_files(
        workspace, {"m.py": "import os\n\n\ndef f():\n    return 1\n\n\ndef g():\n    return 2\n"}
    )
    diff = "--- a/m.py\n+++ b/m.py\n@@ -40,2 +40,2 @@\n def g():\n-    return 2\n+    return 3\n"
    outcome = executor.execute("patch_file", {"diff": diff}, tool_env)
    assert outcome.output == {"changed": ["m.py"]}
    assert (workspace / "m.py").read_text().endswith("def g():\n    return 3\n")


def test_a_patch_that_does_not_apply_changes_nothing(
    executor: ToolExecutor, tool_env: ToolEnvironment, workspace: Path
) -> None:
    write_files(workspace, {"a.py": "a = 1\n", "b.py": "b = 1\n"})
    diff = (
        "--- a/a.py\n+++ b/a.py\n@@ -1 +1 @@\n-a = 1\n+a = 2\n"
        "--- a/b.py\n+++ b/b.py\n@@ -1 +1 @@\n-b = 999\n+b = 2\n"
    )
    outcome = executor.execute("patch_file", {"diff": diff}, tool_env)
    assert outcome.error_class == "PatchFailed"
    assert "hunk 1 does not apply to b.py" in (outcome.error or "")
    assert (workspace / "a.py").read_text() == "a = 1\n"


def test_patch_creates_and_deletes_files(
    executor: ToolExecutor, tool_env: ToolEnvironment, workspace: Path
) -> None:
    write_files(workspace, {"old.txt": "bye\n"})
    diff = (
        "--- /dev/null\n+++ b/new.txt\n@@ -0,0 +1,2 @@\n+hello\n+world\n"
        "--- a/old.txt\n+++ /dev/null\n@@ -1 +0,0 @@\n-bye\n"
    )
    assert executor.execute("patch_file", {"diff": diff}, tool_env).ok
    assert (workspace / "new.txt").read_text() == "hello\nworld\n"
    assert not (workspace / "old.txt").exists()


def test_snapshot_and_diff(
    executor: ToolExecutor, tool_env: ToolEnvironment, workspace: Path
) -> None:
    write_files(workspace, {"a.txt": "one\n", "gone.txt": "x\n"})
    executor.execute("snapshot_workspace", {}, tool_env)
    (workspace / "a.txt").write_text("two\n")
    (workspace / "gone.txt").unlink()
    (workspace / "added.txt").write_text("new\n")
    executor.execute("snapshot_workspace", {}, tool_env)  # a re-run keeps the first baseline
    out = executor.execute("diff_workspace", {}, tool_env).output
    assert out["changed"] == ["a.txt", "added.txt", "gone.txt"]
    assert "--- a/a.txt\n+++ b/a.txt\n@@ -1 +1 @@\n-one\n+two\n" in out["diff"]
    assert "--- /dev/null\n+++ b/added.txt" in out["diff"]
    assert "--- a/gone.txt\n+++ /dev/null" in out["diff"]


# --- built-in sandboxed tools ---------------------------------------------------------------------
def test_run_command_in_the_sandbox(
    executor: ToolExecutor, tool_env: ToolEnvironment, workspace: Path
) -> None:
    out = executor.execute(
        "run_command", {"command": "echo out; echo err >&2; pwd; exit 3"}, tool_env
    ).output
    assert out["exit_code"] == 3
    assert out["stdout"].splitlines() == ["out", "/workspace"]
    assert out["stderr"] == "err\n"


def test_run_command_has_no_network(executor: ToolExecutor, tool_env: ToolEnvironment) -> None:
    script = (
        "python3 -c \"import socket; socket.create_connection(('127.0.0.1', 6379), timeout=2)\""
    )
    out = executor.execute("run_command", {"command": script}, tool_env).output
    assert out["exit_code"] != 0
    assert "Error" in out["stderr"]


def test_run_tests_counts_passes_and_failures(
    executor: ToolExecutor, tool_env: ToolEnvironment, workspace: Path
) -> None:
    write_files(
        workspace,
        {
            "tests/test_a.py": "def test_ok():\n    pass\n\ndef test_bad():\n    assert 1 == 2\n",
            "tests/test_b.py": "import unittest\n\nclass T(unittest.TestCase):\n    def test_ok(self):\n        self.assertTrue(True)\n",
        },
    )
    out = executor.execute("run_tests", {}, tool_env).output
    assert (out["passed"], out["failed"], out["all_passed"]) == (2, 1, False)
    assert out["failures"] == ["FAILED tests/test_a.py::test_bad - assert 1 == 2"]
    assert out["tests"]["tests/test_b.py::T::test_ok"] == "passed"
    only = executor.execute("run_tests", {"paths": ["tests/test_a.py::test_ok"]}, tool_env).output
    assert (only["passed"], only["failed"], only["all_passed"]) == (1, 0, True)


def test_run_tests_reports_a_missing_module(
    executor: ToolExecutor, tool_env: ToolEnvironment, workspace: Path
) -> None:
    write_files(workspace, {"test_m.py": "import no_such_module_xyz\n\ndef test_x():\n    pass\n"})
    out = executor.execute("run_tests", {}, tool_env).output
    assert out["all_passed"] is False
    assert out["errors"] == 1
    assert "ModuleNotFoundError: No module named 'no_such_module_xyz'" in out["output"]


def test_run_tests_refuses_paths_outside_the_workspace(
    executor: ToolExecutor, tool_env: ToolEnvironment
) -> None:
    outcome = executor.execute("run_tests", {"paths": ["../../etc"]}, tool_env)
    assert outcome.error_class == "WorkspaceEscape"


@pytest.mark.parametrize("option", ["-p", "--rootdir=/", "-o", "--confcutdir=/"])
def test_run_tests_takes_no_pytest_options_as_paths(
    executor: ToolExecutor, tool_env: ToolEnvironment, option: str
) -> None:
    outcome = executor.execute("run_tests", {"paths": [option, "tests"]}, tool_env)
    assert outcome.error_class == "ValueError"
    assert "no pytest options" in (outcome.error or "")
