"""The source-root layout: `platform` is the standard library's, `agents` is ours."""

from __future__ import annotations

import importlib
import re
import sysconfig
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def test_platform_module_is_the_standard_library() -> None:
    import platform

    stdlib = Path(sysconfig.get_paths()["stdlib"]).resolve()
    assert Path(platform.__file__).resolve().parent == stdlib


def test_platform_directory_is_not_a_package() -> None:
    assert not (REPO / "platform" / "__init__.py").exists()


def test_agents_resolves_to_this_project() -> None:
    agents = importlib.import_module("agents")
    assert agents.__file__ is not None
    assert Path(agents.__file__).resolve().parent == REPO / "agents"


def test_tests_is_a_package() -> None:
    assert (REPO / "tests" / "__init__.py").exists()


def test_agent_runtime_never_imports_django() -> None:
    pattern = re.compile(r"^\s*(from|import)\s+(django|rest_framework|channels)\b", re.MULTILINE)
    offenders = [
        str(path.relative_to(REPO))
        for path in (REPO / "agents").rglob("*.py")
        if pattern.search(path.read_text())
    ]
    assert offenders == []


def test_no_package_is_named_code() -> None:
    assert not (REPO / "agents" / "code").exists()
