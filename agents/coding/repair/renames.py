"""Names the tests expect that the code lacks: `cannot import name 'total_price' from
'shop.pricing'` or `module 'shop.pricing' has no attribute 'total_price'`.

When the module defines something close to the wanted name (or a name the task mentions), the
candidate renames that definition to the wanted name everywhere the project's own code uses it
(identifier tokens only, so strings, comments and other names are untouched, and every file keeps
its format). Tests are never edited: they are the specification. Validation decides, as for every
candidate, so a wrong guess costs one test run.
"""

from __future__ import annotations

import ast
import difflib
import io
import re
import tokenize
from pathlib import Path
from typing import Any

from agents.coding.repair.edits import Candidate, Edit
from agents.coding.repair.localise import is_blamable
from agents.sandbox.errors import SandboxError
from agents.sandbox.hostfs import HostDirectory

_CANNOT_IMPORT = re.compile(r"cannot import name '(\w+)' from '([\w.]+)'")
_NO_ATTRIBUTE = re.compile(r"module '([\w.]+)' has no attribute '(\w+)'")
MAX_SOURCE_BYTES = 1024**2
MAX_WALK = 5_000
MAX_GUESSES = 3


def expected_names(report: dict[str, Any]) -> list[tuple[str, str]]:
    """(module, name) pairs the tests asked for and did not find, in the order met."""
    text = "\n".join([*(report.get("failures") or []), str(report.get("output") or "")])
    found = [(module, name) for name, module in _CANNOT_IMPORT.findall(text)]
    found += _NO_ATTRIBUTE.findall(text)
    return list(dict.fromkeys(found))


def rename_candidates(workspace: Path, report: dict[str, Any], task: str = "") -> list[Candidate]:
    wanted = expected_names(report)
    if not wanted:
        return []
    with HostDirectory(workspace) as root:
        sources = _project_sources(root)
    found = []
    for module, name in wanted:
        path = _module_path(module, sources)
        if path is None:
            continue
        for old in _guesses(sources[path], name, task):
            edits = _renamed_everywhere(sources, old, name)
            if edits:
                found.append(Candidate(tuple(edits), "recovery:rename", f"{path}: {old} -> {name}"))
    return found


def _project_sources(root: HostDirectory) -> dict[str, str]:
    sources = {}
    skip = frozenset({".git", ".packages", "__pycache__", ".venv", "venv", "node_modules"})
    for entry in root.walk(skip=skip, max_entries=MAX_WALK):
        if entry.kind == "file" and entry.path.endswith(".py") and is_blamable(entry.path):
            try:
                data, size = root.read(entry.path, limit=MAX_SOURCE_BYTES)
            except (OSError, SandboxError):
                continue
            if size <= len(data):
                sources[entry.path] = data.decode("utf-8", errors="replace")
    return sources


def _module_path(module: str, sources: dict[str, str]) -> str | None:
    relative = module.replace(".", "/")
    for base in ("", "src/"):
        for candidate in (f"{base}{relative}.py", f"{base}{relative}/__init__.py"):
            if candidate in sources:
                return candidate
    return None


def _guesses(source: str, wanted: str, task: str) -> list[str]:
    """The module's top-level names most likely meant: those the task names first, then the
    closest spellings."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return []
    defined = [
        node.name
        for node in tree.body
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)
    ]
    if wanted in defined:
        return []
    mentioned = [name for name in defined if re.search(rf"\b{re.escape(name)}\b", task)]
    close = difflib.get_close_matches(wanted, defined, n=MAX_GUESSES, cutoff=0.3)
    return list(dict.fromkeys([*mentioned, *close]))[:MAX_GUESSES]


def _renamed_everywhere(sources: dict[str, str], old: str, new: str) -> list[Edit]:
    edits = []
    for path, text in sources.items():
        renamed = _renamed(text, old, new)
        if renamed is not None and renamed != text:
            edits.append(Edit(path, text, renamed))
    return edits


def _renamed(text: str, old: str, new: str) -> str | None:
    """`text` with every identifier token `old` replaced by `new`; None when it does not
    tokenize."""
    lines = text.splitlines(keepends=True)
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(text).readline))
    except (tokenize.TokenError, SyntaxError):
        return None
    # Right to left, so earlier positions on a line stay valid.
    for token in reversed(tokens):
        if token.type == tokenize.NAME and token.string == old:
            row, start = token.start
            _, end = token.end
            line = lines[row - 1]
            lines[row - 1] = line[:start] + new + line[end:]
    return "".join(lines)
