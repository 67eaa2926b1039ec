"""Processes the platform starts on the agent's behalf run isolated from the workspace's importable
files and from the host's environment (real pip, real pytest, the real bubblewrap sandbox).

Each planted file writes a marker into the workspace if it ever runs; none may appear."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from agents.tools import ToolEnvironment, ToolExecutor, default_registry
from tests.sandbox.conftest import sandbox, workspace, workspaces_root
from tests.sandbox.index_server import index_url

__all__ = ["index_url", "sandbox", "workspace", "workspaces_root"]


def planted(name: str) -> str:
    return f"import pathlib\npathlib.Path('/workspace/ran-{name}').write_text('ran')\n"


# Every way a file in the workspace could become code in a Python process the platform starts.
ENTRY_POINTS = {
    "pip.py": planted("pip-module"),
    "pip/__init__.py": planted("pip-package"),
    "pip/__main__.py": planted("pip-main"),
    "pip/_internal/__init__.py": planted("pip-internal"),
    "sitecustomize.py": planted("sitecustomize"),
    "usercustomize.py": planted("usercustomize"),
    "evil.pth": "import pathlib; pathlib.Path('/workspace/ran-pth').write_text('ran')\n",
    "runpy.py": planted("runpy"),
    "pytest.py": planted("pytest-module"),
    "_pytest/__init__.py": planted("pytest-internal"),
    "coverage/__init__.py": planted("coverage"),
    "xml/__init__.py": planted("xml"),
    ".packages/pip.py": planted("packages-pip"),
    ".packages/sitecustomize.py": planted("packages-sitecustomize"),
    ".packages/usercustomize.py": planted("packages-usercustomize"),
    ".packages/evil.pth": "import pathlib; pathlib.Path('/workspace/ran-packages-pth').touch()\n",
    "src/pip.py": planted("src-pip"),
}


def plant(root: Path, files: dict[str, str]) -> None:
    for name, content in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(content)


def markers(root: Path) -> list[str]:
    return sorted(p.name for p in root.glob("ran-*"))


def environment(root: Path, index: str | None = None) -> ToolEnvironment:
    from agents.sandbox import BubblewrapSandbox, SandboxLimits

    return ToolEnvironment(
        workspace=root,
        sandbox=BubblewrapSandbox(),
        limits=SandboxLimits(wall_seconds=120),
        package_index_url=index,
    )


@pytest.mark.timeout(180)
def test_an_approved_install_runs_the_platforms_pip_never_the_workspaces(
    workspace: Path, index_url: str
) -> None:
    plant(workspace, ENTRY_POINTS)
    outcome = ToolExecutor(default_registry()).execute(
        "install_package",
        {"packages": ["tinypkg==1.0"]},
        environment(workspace, f"{index_url}/simple"),
    )
    assert outcome.ok, outcome.error
    assert (workspace / ".packages" / "tinypkg" / "__init__.py").is_file()
    assert markers(workspace) == []


@pytest.mark.timeout(120)
def test_a_test_run_uses_the_real_pytest_and_only_the_projects_conftest_runs(
    workspace: Path,
) -> None:
    plant(workspace, ENTRY_POINTS)
    plant(
        workspace,
        {
            "conftest.py": "import pytest\n\n@pytest.fixture\ndef answer():\n    return 42\n",
            "tests/test_it.py": (
                "import pytest\n\n\n@pytest.mark.parametrize('n', [1, 2])\n"
                "def test_fixture(answer, n):\n    assert answer == 42\n"
            ),
        },
    )
    outcome = ToolExecutor(default_registry()).execute("run_tests", {}, environment(workspace))
    assert outcome.ok, outcome.error
    assert (outcome.output["passed"], outcome.output["failed"]) == (2, 0), outcome.output
    # `pytest.py`, `_pytest/`, `coverage/`, `xml/` and the rest never ran (the tests themselves
    # import `pytest`: they got the platform's).
    assert markers(workspace) == []
    assert not list(workspace.rglob("__pycache__"))  # no bytecode left in the workspace


@pytest.mark.timeout(60)
def test_no_host_environment_or_path_reaches_the_sandbox(workspace: Path) -> None:
    """PID 1 (bwrap's init), the command and its children: no host variable, no host path."""
    script = (
        "tr '\\0' '\\n' < /proc/1/environ; echo ==; tr '\\0' '\\n' < /proc/self/environ; "
        "echo ==; sh -c env; echo ==; readlink /proc/1/cwd; pwd"
    )
    outcome = ToolExecutor(default_registry()).execute(
        "run_command", {"command": script}, environment(workspace)
    )
    assert outcome.ok, outcome.error
    init, own, child, _where = outcome.output["stdout"].split("==\n")
    assert init.strip() == ""
    names = {line.split("=", 1)[0] for line in (own + child).splitlines() if "=" in line}
    assert names <= {
        "PATH", "HOME", "TMPDIR", "LANG", "PYTHONPATH", "PYTHONDONTWRITEBYTECODE",
        "PIP_DISABLE_PIP_VERSION_CHECK", "PWD", "SHLVL", "_", "OLDPWD",
    }  # fmt: skip
    text = outcome.output["stdout"]
    for host_path in {os.getcwd(), str(workspace), str(Path.home())} - {"/", "/root"}:
        assert host_path not in text
    for name, value in os.environ.items():
        if len(value) >= 8 and "/" in value and name not in ("PATH", "SHELL"):
            assert value not in text, name
