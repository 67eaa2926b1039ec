"""What a repository declares it needs: requirements from pyproject.toml ([project] dependencies,
test/dev extras and dependency groups), setup.cfg, tox.ini and requirements*.txt.

Files are read through a directory handle (no links followed, bounded), and only plain
requirement specifiers are kept: URLs, paths, pip options and environment markers are dropped,
never passed to pip. pytest and coverage are the platform's own (pinned), so a repository's
pins of them are left out.
"""

from __future__ import annotations

import configparser
import re
import tomllib
from pathlib import Path
from typing import Any

from agents.sandbox.errors import SandboxError
from agents.sandbox.hostfs import HostDirectory
from agents.sandbox.packages import is_requirement

REQUIREMENT_FILES = (
    "requirements.txt", "requirements-dev.txt", "requirements-test.txt", "requirements_dev.txt",
    "requirements_test.txt", "test-requirements.txt", "dev-requirements.txt",
    "requirements/test.txt", "requirements/dev.txt", "requirements/base.txt",
)  # fmt: skip
TEST_GROUPS = ("test", "tests", "testing", "dev")
PLATFORM_OWNED = frozenset({"pytest", "coverage", "pip", "setuptools", "wheel"})
MAX_BYTES = 256 * 1024
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]*")


def declared_requirements(workspace: Path) -> list[str]:
    """The repository's declared requirements, deduplicated by name, in a stable order."""
    found: list[str] = []
    with HostDirectory(workspace) as root:
        text = {name: _read(root, name) for name in ("pyproject.toml", "setup.cfg", "tox.ini")}
        found += _from_pyproject(text["pyproject.toml"])
        found += _from_setup_cfg(text["setup.cfg"])
        found += _from_tox(text["tox.ini"])
        for name in REQUIREMENT_FILES:
            found += _from_lines(_read(root, name).splitlines())
    return _unique(found)


def requirement_name(requirement: str) -> str:
    match = _NAME.match(requirement.strip())
    return re.sub(r"[-_.]+", "-", match.group(0)).lower() if match else ""


def _read(root: HostDirectory, name: str) -> str:
    try:
        data, _ = root.read(name, limit=MAX_BYTES)
    except (OSError, SandboxError):  # missing, a link, a special file: not declared
        return ""
    return data.decode("utf-8", errors="replace")


def _from_pyproject(text: str) -> list[str]:
    try:
        data = tomllib.loads(text) if text else {}
    except tomllib.TOMLDecodeError:
        return []
    project: dict[str, Any] = data["project"] if isinstance(data.get("project"), dict) else {}
    found = _strings(project.get("dependencies"))
    extras = project.get("optional-dependencies")
    groups = data.get("dependency-groups")
    for table in (extras, groups):
        if isinstance(table, dict):
            for group in TEST_GROUPS:
                found += _strings(table.get(group))
    return _from_lines(found)


def _from_setup_cfg(text: str) -> list[str]:
    parser = _ini(text)
    found = parser.get("options", "install_requires", fallback="").splitlines()
    for group in TEST_GROUPS:
        found += parser.get("options.extras_require", group, fallback="").splitlines()
    return _from_lines(found)


def _from_tox(text: str) -> list[str]:
    return _from_lines(_ini(text).get("testenv", "deps", fallback="").splitlines())


def _ini(text: str) -> configparser.ConfigParser:
    parser = configparser.ConfigParser(interpolation=None, strict=False)
    try:
        parser.read_string(text)
    except configparser.Error:
        return configparser.ConfigParser()
    return parser


def _from_lines(lines: list[str]) -> list[str]:
    found = []
    for line in lines:
        line = line.split("#", 1)[0].strip()
        if not line or ";" in line or "{" in line or not is_requirement(line):
            continue
        if requirement_name(line) not in PLATFORM_OWNED:
            found.append(re.sub(r"\s+", "", line))
    return found


def _strings(value: Any) -> list[str]:
    return [item for item in value if isinstance(item, str)] if isinstance(value, list) else []


def _unique(requirements: list[str]) -> list[str]:
    seen: dict[str, str] = {}
    for requirement in requirements:
        seen.setdefault(requirement_name(requirement), requirement)
    return [seen[name] for name in sorted(seen)]


def declare(workspace: Path, requirement: str) -> str:
    """Adds `requirement` to the repository's dependency file (pyproject.toml's [project]
    dependencies when it has them, else requirements.txt); returns the file changed."""
    name = requirement_name(requirement)
    with HostDirectory(workspace) as root:
        pyproject = _read(root, "pyproject.toml")
        updated = _add_to_pyproject(pyproject, requirement, name) if pyproject else None
        if updated is not None:
            root.write("pyproject.toml", updated.encode())
            return "pyproject.toml"
        current = _read(root, "requirements.txt")
        if any(requirement_name(line) == name for line in current.splitlines()):
            return "requirements.txt"
        separator = "" if not current or current.endswith("\n") else "\n"
        root.write("requirements.txt", f"{current}{separator}{requirement}\n".encode())
    return "requirements.txt"


def _add_to_pyproject(text: str, requirement: str, name: str) -> str | None:
    """Inserts into an inline `dependencies = [...]` array of [project]; None when there is none
    (the file is then left as it is)."""
    match = re.search(r"(?ms)^\[project\][^\[]*?^dependencies\s*=\s*\[(.*?)\]", text)
    if match is None:
        return None
    if any(requirement_name(item.strip(" \n\"',")) == name for item in match.group(1).split(",")):
        return text
    inner = match.group(1).rstrip()
    comma = "" if not inner.strip() or inner.endswith(",") else ","
    addition = f'{comma}\n    "{requirement}",\n'
    return text[: match.start(1)] + inner + addition + text[match.end(1) :]
