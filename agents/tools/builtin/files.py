"""Workspace file tools. They run in this process (not the sandbox) and touch only paths that
`agents.sandbox.resolve_in_workspace` accepts, so `..`, absolute paths and symlinks that leave
the workspace are refused."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from agents.tools.builtin.patching import FilePatch, PatchFailed, apply_hunks, parse_unified_diff

SKIPPED_DIRS = frozenset(
    {
        ".git",
        ".packages",
        "__pycache__",
        ".pytest_cache",
        ".mypy_cache",
        ".ruff_cache",
        "node_modules",
        ".longhaul",
        ".venv",
    }
)
MAX_LISTED = 500
MAX_READ_CHARS = 100_000
MAX_WRITE_CHARS = 2_000_000


def resolve(workspace: Path, relative: str) -> Path:
    from agents.sandbox import resolve_in_workspace

    return resolve_in_workspace(workspace, relative)


def list_files(args: dict[str, Any], env: Any) -> dict[str, Any]:
    root = resolve(env.workspace, args.get("path", "."))
    if not root.is_dir():
        raise NotADirectoryError(f"{args.get('path', '.')!r} is not a directory")
    base = Path(env.workspace).resolve()
    found: list[str] = []
    for directory, subdirs, files in os.walk(root):
        subdirs[:] = sorted(d for d in subdirs if d not in SKIPPED_DIRS)
        found.extend(str((Path(directory) / f).relative_to(base)) for f in sorted(files))
        if len(found) > MAX_LISTED:
            break
    return {"files": found[:MAX_LISTED], "truncated": len(found) > MAX_LISTED}


def read_file(args: dict[str, Any], env: Any) -> dict[str, Any]:
    path = resolve(env.workspace, args["path"])
    if not path.is_file():
        raise FileNotFoundError(f"no file {args['path']!r} in the workspace")
    text = path.read_text(encoding="utf-8", errors="replace")
    return {
        "path": args["path"],
        "content": text[:MAX_READ_CHARS],
        "lines": text.count("\n") + (0 if text.endswith("\n") or not text else 1),
        "truncated": len(text) > MAX_READ_CHARS,
    }


def write_file(args: dict[str, Any], env: Any) -> dict[str, Any]:
    content = args["content"]
    if len(content) > MAX_WRITE_CHARS:
        raise ValueError(f"content is {len(content)} characters; the limit is {MAX_WRITE_CHARS}")
    path = resolve(env.workspace, args["path"])
    _write(path, content)
    return {"path": args["path"], "bytes": len(content.encode())}


def patch_file(args: dict[str, Any], env: Any) -> dict[str, Any]:
    patches = parse_unified_diff(args["diff"], default_path=args.get("path"))
    planned = [_plan(patch, env.workspace) for patch in patches]
    for path, content in planned:  # every hunk applied in memory first: all or nothing
        if content is None:
            path.unlink(missing_ok=True)
        else:
            _write(path, content)
    base = Path(env.workspace).resolve()
    return {"changed": [str(path.relative_to(base)) for path, _ in planned]}


def _plan(patch: FilePatch, workspace: Path) -> tuple[Path, str | None]:
    name = patch.new_path or patch.old_path
    if name is None:
        raise PatchFailed("a file patch needs a path: give 'path' or '--- a/x' / '+++ b/x' lines")
    path = resolve(workspace, name)
    if patch.new_path is None:
        return path, None
    if patch.old_path is None or not path.exists():
        if patch.old_path is not None:
            raise PatchFailed(f"{name!r} does not exist; use write_file to create a file")
        return path, apply_hunks("", patch.hunks, name=name)
    text = path.read_text(encoding="utf-8")
    return path, apply_hunks(text, patch.hunks, name=name)


def _write(path: Path, content: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.tmp-{os.getpid()}")
    tmp.write_text(content, encoding="utf-8")
    os.replace(tmp, path)
