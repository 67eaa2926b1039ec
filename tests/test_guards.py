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


# A test that sleeps waits for another process (a worker, a server, a sandbox); a cache, a
# lease or a backoff is waited out by moving `core.clock`'s clocks instead. The comment right
# above (or beside) each sleep says what it waits for.
SLEEP = re.compile(r"\bsleep\(")
COMMENT_REACH = 3  # lines above the sleep where its comment may stand


def uncommented_sleeps(text: str) -> list[int]:
    lines = text.splitlines()
    return [
        number
        for number, line in enumerate(lines, start=1)
        if SLEEP.search(line)
        and not any("#" in above for above in lines[max(0, number - 1 - COMMENT_REACH) : number])
    ]


def test_every_sleep_in_the_tests_says_which_process_it_waits_for() -> None:
    offenders = [
        f"{path.relative_to(REPO)}:{number}"
        for path in sorted((REPO / "tests").rglob("*.py"))
        if path.name != "test_guards.py"
        for number in uncommented_sleeps(path.read_text())
    ]
    assert offenders == []


def test_the_sleep_check_sees_a_bare_sleep() -> None:
    bare = "while busy():\n    time.sleep(0.1)\n"
    explained = (
        "while busy():\n    # Until the worker (another process) acts.\n    time.sleep(0.1)\n"
    )
    assert uncommented_sleeps(bare) == [2]
    assert uncommented_sleeps(explained) == []
