"""Baseline snapshot of a workspace and the unified diff of what changed since.

The baseline lives beside the workspace (never inside it), so nothing in the sandbox can see
or alter it and test collection never picks it up.
"""

from __future__ import annotations

import difflib
import os
import shutil
from pathlib import Path
from typing import Any

from agents.tools.builtin.files import SKIPPED_DIRS

MAX_DIFF_CHARS = 1_000_000


def baseline_dir(env: Any) -> Path:
    configured = (env.extra or {}).get("baseline_dir")
    workspace = Path(env.workspace).resolve()
    return Path(configured) if configured else workspace.parent / f".{workspace.name}.baseline"


def snapshot_workspace(args: dict[str, Any], env: Any) -> dict[str, Any]:
    """Idempotent: a step that runs twice after a crash keeps the first (true) baseline."""
    target = baseline_dir(env)
    if not target.exists():
        staging = target.with_name(target.name + ".partial")
        shutil.rmtree(staging, ignore_errors=True)
        shutil.copytree(env.workspace, staging, symlinks=True, ignore=_ignored)
        os.replace(staging, target)
    return {"files": len(_tree(target))}


def diff_workspace(args: dict[str, Any], env: Any) -> dict[str, Any]:
    before_root, after_root = baseline_dir(env), Path(env.workspace).resolve()
    if not before_root.exists():
        raise FileNotFoundError("no baseline snapshot: run snapshot_workspace first")
    before, after = _tree(before_root), _tree(after_root)
    chunks = [
        _file_diff(name, before_root, after_root, before, after) for name in sorted(before | after)
    ]
    diff = "".join(chunks)
    changed = [name for name, chunk in zip(sorted(before | after), chunks, strict=True) if chunk]
    return {
        "diff": diff[:MAX_DIFF_CHARS],
        "changed": changed,
        "truncated": len(diff) > MAX_DIFF_CHARS,
    }


def _ignored(directory: str, names: list[str]) -> set[str]:
    return {name for name in names if name in SKIPPED_DIRS}


def _tree(root: Path) -> set[str]:
    found: set[str] = set()
    for directory, subdirs, files in os.walk(root):
        subdirs[:] = [d for d in subdirs if d not in SKIPPED_DIRS]
        found.update(str((Path(directory) / f).relative_to(root)) for f in files)
    return found


def _file_diff(
    name: str, before_root: Path, after_root: Path, before: set[str], after: set[str]
) -> str:
    old = _lines(before_root / name) if name in before else []
    new = _lines(after_root / name) if name in after else []
    if old is None or new is None:
        return (
            f"Binary files a/{name} and b/{name} differ\n"
            if _bytes_differ(before_root / name, after_root / name)
            else ""
        )
    if old == new:
        return ""
    old_label = f"a/{name}" if name in before else "/dev/null"
    new_label = f"b/{name}" if name in after else "/dev/null"
    return "".join(_ensure_newlines(difflib.unified_diff(old, new, old_label, new_label)))


def _lines(path: Path) -> list[str] | None:
    if path.is_symlink():
        return [f"symlink -> {os.readlink(path)}\n"]
    try:
        return path.read_text(encoding="utf-8").splitlines(keepends=True)
    except (UnicodeDecodeError, OSError):
        return None


def _bytes_differ(a: Path, b: Path) -> bool:
    try:
        return a.read_bytes() != b.read_bytes()
    except OSError:
        return True


def _ensure_newlines(lines: Any) -> list[str]:
    # difflib leaves a line without "\n" at a file's end; mark it the way `diff` does.
    return [
        line if line.endswith("\n") else line + "\n\\ No newline at end of file\n" for line in lines
    ]
