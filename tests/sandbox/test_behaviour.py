"""Normal behaviour: what a tool sees when a command runs as intended."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from agents.sandbox import (
    BubblewrapSandbox,
    Sandbox,
    SandboxError,
    SandboxLimits,
    SandboxResult,
    SandboxUnavailable,
    get_sandbox,
)


def test_exit_code_zero_and_output(sandbox: BubblewrapSandbox, workspace: Path) -> None:
    result = sandbox.run(["sh", "-c", "echo out; echo err >&2"], workspace=workspace)
    assert (result.exit_code, result.stdout, result.stderr) == (0, "out\n", "err\n")
    assert result.truncated is False
    assert result.duration_s > 0


def test_non_zero_exit_is_a_result_not_an_error(
    sandbox: BubblewrapSandbox, workspace: Path
) -> None:
    assert sandbox.run(["sh", "-c", "exit 7"], workspace=workspace).exit_code == 7


def test_missing_program_is_exit_127(sandbox: BubblewrapSandbox, workspace: Path) -> None:
    result = sandbox.run(["no-such-program"], workspace=workspace)
    assert result.exit_code == 127
    assert "no-such-program" in result.stderr


def test_stdin_is_delivered(sandbox: BubblewrapSandbox, workspace: Path) -> None:
    text = "line one\nzwei drei \u2713\n" * 20000  # larger than a pipe buffer
    result = sandbox.run(["cat"], workspace=workspace, stdin=text)
    assert result.stdout == text


def test_without_stdin_reads_see_end_of_file(sandbox: BubblewrapSandbox, workspace: Path) -> None:
    assert sandbox.run(["cat"], workspace=workspace).stdout == ""


def test_env_is_set_and_host_env_is_not_passed(
    sandbox: BubblewrapSandbox, workspace: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HOST_ONLY_SECRET", "host-value-93716")
    result = sandbox.run(["env"], workspace=workspace, env={"GREETING": "hello world"})
    assert "GREETING=hello world" in result.stdout.splitlines()
    assert "host-value-93716" not in result.stdout
    assert "PYTHONPATH=/workspace/.packages" in result.stdout.splitlines()


def test_caller_pythonpath_keeps_the_packages_dir(
    sandbox: BubblewrapSandbox, workspace: Path
) -> None:
    result = sandbox.run(["sh", "-c", 'echo "$PYTHONPATH"'], workspace=workspace,
                         env={"PYTHONPATH": "/workspace/src"})  # fmt: skip
    assert result.stdout.strip() == "/workspace/src:/workspace/.packages"


def test_cwd_is_inside_the_workspace(sandbox: BubblewrapSandbox, workspace: Path) -> None:
    (workspace / "pkg" / "sub").mkdir(parents=True)
    assert sandbox.run(["pwd"], workspace=workspace).stdout == "/workspace\n"
    result = sandbox.run(["pwd"], workspace=workspace, cwd="pkg/sub")
    assert result.stdout == "/workspace/pkg/sub\n"


def test_missing_cwd_is_a_clear_error(sandbox: BubblewrapSandbox, workspace: Path) -> None:
    with pytest.raises(SandboxError, match="does not exist"):
        sandbox.run(["pwd"], workspace=workspace, cwd="nope")


def test_python_runs_and_sees_workspace_packages(
    sandbox: BubblewrapSandbox, workspace: Path
) -> None:
    package = workspace / ".packages" / "tinylib"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("ANSWER = 42\n")
    result = sandbox.run(
        ["python3", "-c", "import sys, tinylib; print(tinylib.ANSWER, sys.version_info[0])"],
        workspace=workspace,
    )
    assert result.stdout == "42 3\n", result.stderr


def test_files_persist_between_runs_and_reach_the_host(
    sandbox: BubblewrapSandbox, workspace: Path
) -> None:
    sandbox.run(["sh", "-c", "mkdir -p out && echo first > out/a.txt"], workspace=workspace)
    result = sandbox.run(["sh", "-c", "cat out/a.txt; echo second >> out/a.txt"],
                         workspace=workspace)  # fmt: skip
    assert result.stdout == "first\n"
    assert (workspace / "out" / "a.txt").read_text() == "first\nsecond\n"


def test_files_the_host_wrote_stay_writable_inside(
    sandbox: BubblewrapSandbox, workspace: Path
) -> None:
    (workspace / "src").mkdir()
    (workspace / "src" / "app.py").write_text("x = 1\n")
    result = sandbox.run(
        ["sh", "-c", "echo 'x = 2' > src/app.py && touch src/new.py && echo ok"],
        workspace=workspace,
    )
    assert result.stdout == "ok\n", result.stderr
    assert (workspace / "src" / "app.py").read_text() == "x = 2\n"


def test_runs_as_an_unprivileged_user(sandbox: BubblewrapSandbox, workspace: Path) -> None:
    result = sandbox.run(["sh", "-c", "id -u; grep -E 'CapEff|NoNewPrivs' /proc/self/status"],
                         workspace=workspace)  # fmt: skip
    lines = result.stdout.split()
    assert lines[0] == "1000"
    assert "0000000000000000" in lines  # no effective capabilities


def test_output_is_decoded_leniently(sandbox: BubblewrapSandbox, workspace: Path) -> None:
    result = sandbox.run(["printf", "ok \\377\\n"], workspace=workspace)
    assert result.stdout == "ok \ufffd\n"


@pytest.mark.parametrize(
    "command", [[], "echo hi", ["echo", "a\x00b"], ["echo", 3]], ids=["empty", "str", "nul", "int"]
)
def test_bad_commands_are_rejected(
    sandbox: BubblewrapSandbox, workspace: Path, command: object
) -> None:
    with pytest.raises(SandboxError, match="command"):
        sandbox.run(command, workspace=workspace)  # type: ignore[arg-type]


@pytest.mark.parametrize("env", [{"A=B": "x"}, {"": "x"}, {"OK": "a\x00b"}])
def test_bad_environment_is_rejected(
    sandbox: BubblewrapSandbox, workspace: Path, env: dict[str, str]
) -> None:
    with pytest.raises(SandboxError, match="environment variable"):
        sandbox.run(["true"], workspace=workspace, env=env)


def test_missing_workspace_is_a_clear_error(sandbox: BubblewrapSandbox, tmp_path: Path) -> None:
    with pytest.raises(SandboxError, match="workspace"):
        sandbox.run(["true"], workspace=tmp_path / "absent")


@pytest.mark.parametrize(
    "field",
    [
        "cpu_seconds",
        "memory_bytes",
        "file_size_bytes",
        "max_processes",
        "wall_seconds",
        "total_memory_bytes",
        "cpus",
        "total_processes",
        "disk_bytes",
        "disk_files",
    ],
)
def test_limits_must_be_positive(field: str) -> None:
    values: dict[str, Any] = {field: 0}
    with pytest.raises(ValueError, match=field):
        SandboxLimits(**values)


def test_missing_bubblewrap_says_how_to_fix(workspace: Path) -> None:
    sandbox = BubblewrapSandbox(bwrap="/nonexistent/bwrap")
    with pytest.raises(SandboxUnavailable, match="apt-get install bubblewrap"):
        sandbox.run(["true"], workspace=workspace)


def test_sandbox_never_runs_as_host_root() -> None:
    with pytest.raises(ValueError, match="root"):
        BubblewrapSandbox(host_uid=0)


def test_get_sandbox_defaults_to_bubblewrap_and_is_reused() -> None:
    first = get_sandbox()
    assert isinstance(first, BubblewrapSandbox)
    assert isinstance(first, Sandbox)
    assert get_sandbox("agents.sandbox.bubblewrap:BubblewrapSandbox") is not first
    assert get_sandbox(None) is first


class EchoSandbox:
    """A second backend, to show that plug-ins load by dotted path."""

    def run(self, command: list[str], **_: object) -> SandboxResult:
        return SandboxResult(exit_code=0, stdout=" ".join(command), stderr="", duration_s=0.0)


def test_get_sandbox_loads_a_plugin_by_dotted_path(workspace: Path) -> None:
    plugin = get_sandbox(f"{__name__}.EchoSandbox")
    assert isinstance(plugin, EchoSandbox)
    assert plugin.run(["a", "b"], workspace=workspace).stdout == "a b"


@pytest.mark.parametrize("path", ["nodots", "agents.sandbox.nothing.Here", "agents.sandbox.Nope"])
def test_get_sandbox_reports_bad_plugins(path: str) -> None:
    with pytest.raises(SandboxUnavailable, match="sandbox plug-in"):
        get_sandbox(path)


@pytest.mark.skipif(os.geteuid() != 0, reason="workspace adoption happens only for a root host")
def test_sandbox_files_belong_to_the_sandbox_identity(
    sandbox: BubblewrapSandbox, workspace: Path
) -> None:
    sandbox.run(["touch", "made-inside"], workspace=workspace)
    assert (workspace / "made-inside").stat().st_uid == sandbox.host_uid


def test_host_writes_between_runs_stay_writable_inside(
    sandbox: BubblewrapSandbox, workspace: Path
) -> None:
    (workspace / "pkg").mkdir()
    (workspace / "pkg" / "old.py").write_text("old\n")
    assert sandbox.run(["true"], workspace=workspace).exit_code == 0
    # Between steps a host tool adds a file, and replaces another atomically (a new inode).
    (workspace / "pkg" / "added.py").write_text("added\n")
    (workspace / "pkg" / "old.py.tmp").write_text("replaced\n")
    os.replace(workspace / "pkg" / "old.py.tmp", workspace / "pkg" / "old.py")
    result = sandbox.run(
        ["sh", "-c", "echo inside >> pkg/added.py && echo inside >> pkg/old.py && echo ok"],
        workspace=workspace,
    )
    assert result.stdout == "ok\n", result.stderr
    assert (workspace / "pkg" / "old.py").read_text() == "replaced\ninside\n"


def test_extra_read_only_binds(workspaces_root: Path, workspace: Path) -> None:
    shared = workspaces_root / "shared-tools"
    shared.mkdir()
    (shared / "helper.py").write_text("print('shared helper')\n")
    shared.chmod(0o755)
    sandbox = BubblewrapSandbox(ro_binds={str(shared): "/opt/tools"})
    result = sandbox.run(
        ["sh", "-c", "python3 /opt/tools/helper.py; touch /opt/tools/x"], workspace=workspace
    )
    assert result.stdout == "shared helper\n"
    assert "Read-only file system" in result.stderr
    assert not (shared / "x").exists()


def test_a_handled_failure_is_a_normal_result(sandbox: BubblewrapSandbox, workspace: Path) -> None:
    script = "import sys\nprint('MemoryError', file=sys.stderr)\nprint('recovered')\n"
    result = sandbox.run(["python3", "-c", script], workspace=workspace)
    assert (result.exit_code, result.stdout) == (0, "recovered\n")


def test_a_same_size_edit_in_the_same_second_runs_the_new_code(
    sandbox: BubblewrapSandbox, workspace: Path
) -> None:
    module = workspace / "calc.py"
    module.write_text("def add(a, b):\n    return a - b\n")
    check = ["python3", "-c", "import calc; print(calc.add(2, 3))"]
    before = sandbox.run(check, workspace=workspace)
    stat = module.stat()
    module.write_text("def add(a, b):\n    return a + b\n")  # same size
    os.utime(module, ns=(stat.st_atime_ns, stat.st_mtime_ns))  # and the same mtime

    after = sandbox.run(check, workspace=workspace)

    assert (before.stdout.strip(), after.stdout.strip()) == ("-1", "5")
    assert not (workspace / "__pycache__").exists()
