"""Agent runtime fixtures: the scripted model server (the one double), a fake clock, a real
sandbox, a workspace and an in-memory context wired to all of them."""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import openai
import pytest

from agents.engine.memory import InMemoryCheckpointer, InMemoryContext
from agents.engine.types import Budgets
from agents.sandbox import SandboxLimits, get_sandbox
from agents.tools import ToolEnvironment, ToolExecutor, default_registry
from tests.support.fake_openai import FakeOpenAI, Fault, serve_fake_openai


class FakeClock:
    def __init__(self, start: float = 1_000.0) -> None:
        self.value = start

    def __call__(self) -> float:
        return self.value

    def advance(self, seconds: float) -> None:
        self.value += seconds


@pytest.fixture(scope="session")
def _model_server() -> Iterator[tuple[FakeOpenAI, str]]:
    fake = FakeOpenAI()
    with serve_fake_openai(fake) as url:
        yield fake, url


@pytest.fixture
def fake_model(_model_server: tuple[FakeOpenAI, str]) -> FakeOpenAI:
    """The scripted model, reset for each test: set `.script` or `.responder`."""
    fake, _ = _model_server
    fake.script, fake.responder, fake.fault = [], None, Fault()
    fake.requests.clear()
    return fake


@pytest.fixture
def model_client(_model_server: tuple[FakeOpenAI, str], fake_model: FakeOpenAI) -> openai.OpenAI:
    return openai.OpenAI(base_url=_model_server[1], api_key="test-key", max_retries=0, timeout=30)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def workspace() -> Iterator[Path]:
    # pytest's tmp_path is mode 0700, which the sandbox's unprivileged user cannot traverse.
    root = Path(tempfile.mkdtemp(prefix="longhaul-agents-"))
    root.chmod(0o755)
    path = root / "workspace"
    path.mkdir()
    yield path
    shutil.rmtree(root, ignore_errors=True)


@pytest.fixture
def tool_env(workspace: Path) -> ToolEnvironment:
    return ToolEnvironment(
        workspace=workspace,
        sandbox=get_sandbox(),
        limits=SandboxLimits(wall_seconds=30),
        package_index_url="http://127.0.0.1:9/simple",
    )


@pytest.fixture
def executor() -> ToolExecutor:
    return ToolExecutor(default_registry())


@pytest.fixture
def checkpointer() -> InMemoryCheckpointer:
    return InMemoryCheckpointer()


@pytest.fixture
def make_ctx(
    model_client: openai.OpenAI, executor: ToolExecutor, tool_env: ToolEnvironment, clock: FakeClock
) -> Callable[..., InMemoryContext]:
    def build(**overrides: Any) -> InMemoryContext:
        fields: dict[str, Any] = {
            "run_id": "run-1",
            "client": model_client,
            "model": "fake-model",
            "executor": executor,
            "environment": tool_env,
            "budgets": Budgets(),
            "clock": clock,
        }
        fields.update(overrides)
        return InMemoryContext(**fields)

    return build


def write_files(root: Path, files: dict[str, str]) -> None:
    for name, content in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(content)
