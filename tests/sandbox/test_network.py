"""Network: off unless the command is given an Egress, which only the approved package install
uses; even then it reaches only the allowed host:port pairs, through the host's egress proxy. The
install goes through a package index the test serves itself, as the configured index would."""

from __future__ import annotations

from pathlib import Path

import pytest

from agents.sandbox import (
    BubblewrapSandbox,
    Egress,
    SandboxError,
    WorkspaceEscape,
    index_egress,
    pip_install_command,
)
from agents.sandbox.pyenv import with_environment
from tests.sandbox.index_server import index_url

__all__ = ["index_url"]

FETCH = (
    "import sys, urllib.request\n"
    "try:\n"
    "    print(urllib.request.urlopen(sys.argv[1], timeout=5).read().decode())\n"
    "except OSError as exc:\n"
    "    print('unreachable', type(exc).__name__)\n"
)


def test_network_is_off_by_default(
    sandbox: BubblewrapSandbox, workspace: Path, index_url: str
) -> None:
    result = sandbox.run(["python3", "-c", FETCH, f"{index_url}/hello"], workspace=workspace)
    assert result.stdout.startswith("unreachable"), result.stdout + result.stderr


def test_an_egress_reaches_the_allowed_server_through_the_proxy(
    sandbox: BubblewrapSandbox, workspace: Path, index_url: str
) -> None:
    allowed = Egress(private_hosts=(index_url.removeprefix("http://"),))
    result = sandbox.run(
        ["python3", "-c", FETCH, f"{index_url}/hello"], workspace=workspace, network=allowed
    )
    assert result.stdout == "hello from the host\n", result.stderr


def test_network_true_is_not_an_egress(sandbox: BubblewrapSandbox, workspace: Path) -> None:
    with pytest.raises(SandboxError, match="Egress"):
        sandbox.run(["true"], workspace=workspace, network=True)  # type: ignore[arg-type]


def test_pip_install_through_the_index_is_seen_by_later_offline_runs(
    sandbox: BubblewrapSandbox, workspace: Path, index_url: str
) -> None:
    command = pip_install_command(["tinypkg==1.0"], index_url=f"{index_url}/simple")
    egress = index_egress(f"{index_url}/simple", Egress())
    install = with_environment(sandbox).run(
        command, workspace=workspace, network=egress, cwd="/tmp"
    )
    assert install.exit_code == 0, install.stdout + install.stderr
    assert (workspace / ".packages" / "tinypkg" / "__init__.py").is_file()
    result = sandbox.run(
        ["python3", "-c", "import tinypkg; print(tinypkg.GREETING)"], workspace=workspace
    )
    assert result.stdout == "hello from tinypkg\n", result.stderr


def test_pip_install_command_shape() -> None:
    command = pip_install_command(
        ["requests", "numpy>=1.26,<3", "uvicorn[standard]==0.30.1"],
        index_url="https://pypi.example/simple",
    )
    # The host's interpreter, isolated (-I -S), running the platform's own pip.
    assert command[0].startswith("/usr/")
    assert command[1:4] == ["-I", "-S", "-B"]
    assert command[command.index("--") + 1 : command.index("--") + 3] == ["pip", "install"]
    assert command[command.index("--index-url") + 1] == "https://pypi.example/simple"
    assert command[command.index("--target") + 1] == "/workspace/.packages"
    assert command[-3:] == ["requests", "numpy>=1.26,<3", "uvicorn[standard]==0.30.1"]


@pytest.mark.parametrize(
    "package",
    [
        "--index-url=http://evil/simple",
        "-r requirements.txt",
        "git+https://github.com/x/y",
        "./local-dir",
        "/abs/path",
        "pkg @ https://evil/pkg.whl",
        "pkg; os_name=='posix'",
        "",
    ],
)
def test_pip_install_refuses_anything_but_requirements(package: str) -> None:
    with pytest.raises(SandboxError, match="requirement"):
        pip_install_command([package], index_url="https://pypi.example/simple")


@pytest.mark.parametrize("index", ["file:///etc", "ftp://x/simple", "pypi.org/simple", ""])
def test_pip_install_needs_an_http_index(index: str) -> None:
    with pytest.raises(SandboxError, match="index"):
        pip_install_command(["requests"], index_url=index)


@pytest.mark.parametrize("target", ["../outside", "/abs", "a/../../b", ""])
def test_pip_install_target_stays_in_the_workspace(target: str) -> None:
    with pytest.raises(WorkspaceEscape):
        pip_install_command(["requests"], index_url="https://pypi.example/simple", target=target)


def test_pip_install_needs_packages() -> None:
    with pytest.raises(SandboxError, match="no packages"):
        pip_install_command([], index_url="https://pypi.example/simple")
