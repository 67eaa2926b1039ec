"""Shared pieces for the workspace attack tests: a workflow that lets the scripted model call the
built-in workspace tools, hand-made archives, and run settings whose workspaces the sandbox's
unprivileged user can reach."""

from __future__ import annotations

import io
import json
import shutil
import subprocess
import tarfile
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from agents.engine.types import Context, Finish, ToolOutcome, Update, Workflow
from agents.sandbox import SandboxLimits, get_sandbox
from agents.tools import ToolEnvironment, ToolExecutor, default_registry
from tests.factories import TenantFixture
from tests.runs.fixtures import model
from tests.runs.workflows import tool_exchange

__all__ = [
    "HOSTILE",
    "SECRET",
    "Box",
    "Member",
    "armed",
    "box",
    "build_hostile",
    "call",
    "model",
    "post_archive",
    "tar_bytes",
    "ws_runtime",
]
SECRET = "host-only-secret-5521"

HOSTILE = "hostile=tests.security.ws_support:build_hostile"
TOOLS = [
    "run_command",
    "read_file",
    "write_file",
    "patch_file",
    "list_files",
    "snapshot_workspace",
    "diff_workspace",
]


def act(state: dict[str, Any], ctx: Context) -> Update | Finish:
    """Runs whatever tool the model asks for; a reply without one ends the run (and the platform
    then writes the workspace's diff itself)."""
    from runs.toolbox import registry

    messages = list(state["messages"])
    reply = ctx.chat(messages, tools=registry().specs_for(TOOLS))
    if not reply.tool_calls:
        return Finish("succeeded", {"answer": reply.content or ""})
    call = reply.tool_calls[0]
    outcome = ctx.call_tool(call.name, json.loads(call.arguments_json or "{}"))
    observation = {"ok": outcome.ok, "output": outcome.output, "error": outcome.error}
    ctx.emit("tool.observed", {"tool": call.name, **observation})
    return Update({"messages": [*messages, *tool_exchange(call, observation)]}, "act")


def build_hostile() -> Workflow:
    return Workflow(
        name="hostile",
        nodes={"act": act},
        start="act",
        transitions={"act": ("act",)},
        initial=lambda input: {"messages": [{"role": "user", "content": "go"}]},
    )


def call(name: str, **arguments: Any) -> dict[str, Any]:
    """One scripted model turn that calls a tool."""
    return {"tool_calls": [{"name": name, "arguments": arguments}]}


@pytest.fixture
def ws_runtime(settings: Any, tmp_path: Path) -> Iterator[Path]:
    """The hostile workflow registered; workspaces under a directory the sandbox user can
    traverse (pytest's tmp_path is 0700); artifacts under tmp. Yields the workspaces directory."""
    from runs import toolbox

    root = Path(tempfile.mkdtemp(prefix="longhaul-ws-security-"))
    root.chmod(0o755)
    settings.LONGHAUL_EXTRA_WORKFLOWS = [HOSTILE]
    settings.LONGHAUL_WORKSPACES_DIR = root / "workspaces"
    settings.LONGHAUL_ARTIFACTS_DIR = tmp_path / "artifacts"
    toolbox.registry.cache_clear()
    toolbox._executor.cache_clear()
    yield root / "workspaces"
    shutil.rmtree(root, ignore_errors=True)
    toolbox.registry.cache_clear()
    toolbox._executor.cache_clear()


@dataclass
class Member:
    """One archive member as an attacker writes it."""

    name: str
    data: bytes = b""
    type: bytes = tarfile.REGTYPE
    mode: int = 0o644
    linkname: str = ""
    pax: dict[str, str] = field(default_factory=dict)


def tar_bytes(members: list[Member], *, compression: str = "gz") -> bytes:
    buffer = io.BytesIO()
    mode: Any = f"w:{compression}"
    with tarfile.open(fileobj=buffer, mode=mode, format=tarfile.PAX_FORMAT) as tar:
        for member in members:
            info = tarfile.TarInfo(member.name)
            info.type, info.mode, info.linkname = member.type, member.mode, member.linkname
            info.pax_headers = member.pax
            if member.type == tarfile.CHRTYPE:
                info.devmajor, info.devminor = 1, 3
            body = member.data if member.type == tarfile.REGTYPE else b""
            info.size = len(body)
            tar.addfile(info, io.BytesIO(body) if body else None)
    return buffer.getvalue()


def armed(workspace: Path, marker: Path) -> bool:
    """Whether the payload planted in `workspace` would run if host git touched it the way the
    platform once did (as root, `safe.directory=*`): proves an attack test is live."""
    subprocess.run(
        ["git", "-c", "safe.directory=*", "add", "-A"],
        cwd=workspace,
        capture_output=True,
        timeout=60,
        check=False,
    )
    return marker.exists()


def post_archive(
    tenant: TenantFixture, data: bytes, *, budgets: dict[str, Any] | None = None
) -> Any:
    """`POST /api/runs` of the hostile workflow with `data` as the workspace archive."""
    from rest_framework.test import APIClient

    upload = io.BytesIO(data)
    upload.name = "workspace.tar.gz"
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {tenant.api_key}")
    fields: dict[str, Any] = {"workflow": "hostile", "workspace": upload}
    if budgets:
        fields["budgets"] = json.dumps(budgets)
    return client.post("/api/runs", fields, format="multipart")


@dataclass
class Box:
    """A workspace with the real sandbox and the built-in tools, and beside it a host directory
    the sandbox cannot see that holds a root-only secret."""

    workspace: Path
    outside: Path
    executor: ToolExecutor
    env: ToolEnvironment

    @property
    def secret(self) -> Path:
        return self.outside / "secret.txt"

    def tool(self, name: str, **arguments: Any) -> ToolOutcome:
        return self.executor.execute(name, arguments, self.env)

    def sh(self, script: str) -> str:
        """Runs `script` in the sandbox, as an agent's run_command would; returns its output."""
        result = self.env.sandbox.run(
            ["/bin/sh", "-c", script], workspace=self.workspace, limits=self.env.limits
        )
        assert result.exit_code == 0, result.stdout + result.stderr
        return str(result.stdout + result.stderr)


@pytest.fixture
def box() -> Iterator[Box]:
    root = Path(tempfile.mkdtemp(prefix="longhaul-ws-box-"))
    root.chmod(0o755)  # the sandbox user must traverse it (pytest's tmp_path is 0700)
    workspace, outside = root / "workspace", root / "outside"
    workspace.mkdir()
    outside.mkdir()
    (outside / "secret.txt").write_text(SECRET)
    (outside / "secret.txt").chmod(0o600)
    env = ToolEnvironment(
        workspace=workspace, sandbox=get_sandbox(), limits=SandboxLimits(wall_seconds=30)
    )
    yield Box(workspace, outside, ToolExecutor(default_registry()), env)
    shutil.rmtree(root, ignore_errors=True)
