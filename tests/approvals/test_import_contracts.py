"""The import contracts in pyproject.toml hold (make lint checks them too): the apps sit in
layers, agents imports no Django, runs reaches approvals only through the gate port, apps use
each other's services and selectors rather than models. An import placed inside a function
cannot dodge them: the imports between apps that are made late are listed here, each with why.
"""

from __future__ import annotations

import ast
import os
import subprocess
import sys
import tomllib
from functools import cache
from pathlib import Path
from typing import Any

from tests.support.source import platform_trees

REPO = Path(__file__).resolve().parents[2]
PLATFORM = REPO / "platform"
CONTRACTS: list[dict[str, Any]] = tomllib.loads((REPO / "pyproject.toml").read_text())["tool"][
    "importlinter"
]["contracts"]
APPS = {path.name for path in PLATFORM.iterdir() if (path / "__init__.py").exists()}

# (importer, imported): why the import waits until the function runs.
LATE = {
    ("approvals.apps", "runs.gate"): "ready() wires the gate once every app's models loaded",
    ("runs.apps", "gateway.runs_port"): "ready() installs what the gateway needs from runs",
    ("config.routing", "core.guards"): "the ASGI edge is built after Django is set up",
    ("config.routing", "gateway.asgi"): "the ASGI edge is built after Django is set up",
    ("config.routing", "gateway.rest_limits"): "the ASGI edge is built after Django is set up",
    ("config.routing", "mcpserver.asgi"): "the ASGI edge is built after Django is set up",
    ("gateway.asgi", "core.metrics"): "/metrics loads the multiprocess registry when first asked",
    ("inference.embedded_extras", "memory.embeddings"): "torch loads only if embeddings are served",
}


def test_the_import_contracts_are_kept() -> None:
    lint_imports = Path(sys.executable).parent / "lint-imports"
    result = subprocess.run(
        [str(lint_imports), "--no-cache"],
        cwd=REPO,
        env={**os.environ, "PYTHONPATH": f"{REPO / 'platform'}:{REPO}"},
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    assert "0 broken" in result.stdout


@cache
def late_imports() -> list[tuple[str, str, str]]:
    """(importer, imported, where) for every import inside a function in platform/ that names
    another app."""
    found = []
    for path, tree in platform_trees():
        importer = ".".join(path.relative_to(PLATFORM).with_suffix("").parts)
        for function in ast.walk(tree):
            if isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
                for imported, line in _imports_in(function):
                    found.append((importer, imported, f"{path.relative_to(REPO)}:{line}"))
    return [item for item in found if _crosses_apps(item[0], item[1])]


def _imports_in(function: ast.AST) -> list[tuple[str, int]]:
    names = []
    for node in ast.walk(function):
        if isinstance(node, ast.Import):
            names += [(alias.name, node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.append((node.module, node.lineno))
    return sorted(set(names))


def _crosses_apps(importer: str, imported: str) -> bool:
    theirs = imported.split(".")[0]
    return theirs in APPS and theirs != importer.split(".")[0]


def _within(module: str, packages: list[str]) -> bool:
    return any(module == package or module.startswith(package + ".") for package in packages)


def contract_forbidding(importer: str, imported: str) -> str | None:
    """The name of the first contract in pyproject.toml that forbids this import, if any."""
    for contract in CONTRACTS:
        if f"{importer} -> {imported}" in contract.get("ignore_imports", []):
            continue
        if contract["type"] == "forbidden" and (
            _within(importer, contract["source_modules"])
            and _within(imported, contract["forbidden_modules"])
        ):
            return str(contract["name"])
        if contract["type"] == "layers" and _breaks_layers(importer, imported, contract["layers"]):
            return str(contract["name"])
    return None


def _breaks_layers(importer: str, imported: str, layers: list[str]) -> bool:
    """Whether `importer` imports a higher layer, or an independent sibling (`a | b`)."""

    def position(module: str) -> tuple[int, str] | None:
        for depth, layer in enumerate(layers):
            for sibling in layer.replace(":", "|").split("|"):
                if _within(module, [sibling.strip()]):
                    return depth, sibling.strip()
        return None

    mine, theirs = position(importer), position(imported)
    if mine is None or theirs is None or mine[1] == theirs[1]:
        return False
    independent = mine[0] == theirs[0] and "|" in layers[mine[0]]
    return theirs[0] < mine[0] or independent


def test_no_import_inside_a_function_breaks_a_contract() -> None:
    broken = [
        f"{where}: {importer} -> {imported} ({contract})"
        for importer, imported, where in late_imports()
        if (contract := contract_forbidding(importer, imported))
    ]
    assert broken == []


def test_every_import_between_apps_inside_a_function_is_listed_with_its_reason() -> None:
    found = {(importer, imported): where for importer, imported, where in late_imports()}
    unlisted = [f"{where}: {a} -> {b}" for (a, b), where in found.items() if (a, b) not in LATE]
    assert unlisted == []
    assert set(LATE) <= set(found), f"no longer made late, drop from LATE: {set(LATE) - set(found)}"


def test_the_checks_see_what_they_look_for() -> None:
    assert ("approvals.apps", "runs.gate") in {(i, m) for i, m, _ in late_imports()}
    assert contract_forbidding("runs.services", "approvals.services") is not None
    assert contract_forbidding("core.errors", "runs.selectors") is not None  # a lower layer
    assert contract_forbidding("dashboard.views", "mcpserver.asgi") is not None  # a sibling
    assert contract_forbidding("approvals.services", "runs.services") is None
