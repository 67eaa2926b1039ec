"""Workspace file tools. They run in the worker, on the host, not in the sandbox, so they touch
the workspace only through `agents.sandbox.hostfs`: `..` and absolute paths are refused, links
are reported and never followed, and FIFOs, sockets and devices are never opened."""

from __future__ import annotations

from contextlib import suppress
from pathlib import Path
from typing import Any

from agents.sandbox.contract import SandboxLimits
from agents.sandbox.hostfs import HostDirectory, WalkLimit, split
from agents.sandbox.quota import check_workspace_quota
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
MAX_READ_BYTES = 4 * MAX_READ_CHARS  # enough for MAX_READ_CHARS of any UTF-8 text
MAX_WRITE_CHARS = 2_000_000
MAX_PATCHED_BYTES = 8 * 1024 * 1024


def list_files(args: dict[str, Any], env: Any) -> dict[str, Any]:
    """Regular files by path; links (with their text) and special files listed apart."""
    files: list[str] = []
    links: dict[str, str] = {}
    special: list[str] = []
    with HostDirectory(env.workspace) as root:
        try:
            for entry in root.walk(args.get("path", "."), skip=SKIPPED_DIRS):
                if entry.kind == "directory":
                    continue
                if len(files) + len(links) + len(special) >= MAX_LISTED:
                    raise WalkLimit(f"more than {MAX_LISTED} entries")
                if entry.kind == "file":
                    files.append(entry.path)
                elif entry.kind == "symbolic link":
                    links[entry.path] = entry.target
                else:
                    special.append(f"{entry.path} ({entry.kind})")
            truncated = False
        except WalkLimit:
            truncated = True
    result: dict[str, Any] = {"files": files, "truncated": truncated}
    if links:
        result["links"] = links
    if special:
        result["special_files"] = special
    return result


def read_file(args: dict[str, Any], env: Any) -> dict[str, Any]:
    with HostDirectory(env.workspace) as root:
        data, size = root.read(args["path"], limit=MAX_READ_BYTES)
    text = data.decode("utf-8", errors="replace")
    return {
        "path": args["path"],
        "content": text[:MAX_READ_CHARS],
        "lines": text.count("\n") + (0 if text.endswith("\n") or not text else 1),
        "truncated": size > len(data) or len(text) > MAX_READ_CHARS,
    }


def write_file(args: dict[str, Any], env: Any) -> dict[str, Any]:
    content = args["content"]
    if len(content) > MAX_WRITE_CHARS:
        raise ValueError(f"content is {len(content)} characters; the limit is {MAX_WRITE_CHARS}")
    data = content.encode()
    with HostDirectory(env.workspace) as root:
        _check_quota(root, env, [(args["path"], data)])
        written = root.write(args["path"], data)
    return {"path": args["path"], "bytes": written}


def patch_file(args: dict[str, Any], env: Any) -> dict[str, Any]:
    patches = parse_unified_diff(args["diff"], default_path=args.get("path"))
    with HostDirectory(env.workspace) as root:
        planned = [_plan(patch, root) for patch in patches]
        _check_quota(root, env, [(name, c.encode()) for name, c in planned if c is not None])
        for name, content in planned:  # every hunk applied in memory first: all or nothing
            if content is None:
                _remove(root, name)
            else:
                root.write(name, content.encode())
    return {"changed": [name for name, _ in planned]}


def _plan(patch: FilePatch, root: HostDirectory) -> tuple[str, str | None]:
    given = patch.new_path or patch.old_path
    if given is None:
        raise PatchFailed("a file patch needs a path: give 'path' or '--- a/x' / '+++ b/x' lines")
    name = "/".join(split(given))
    if patch.new_path is None:
        return name, None
    if patch.old_path is None or root.lstat(name) is None:
        if patch.old_path is not None:
            raise PatchFailed(f"{given!r} does not exist; use write_file to create a file")
        return name, apply_hunks("", patch.hunks, name=given)
    data, size = root.read(name, limit=MAX_PATCHED_BYTES)
    if size > len(data):
        raise PatchFailed(f"{given!r} is over {MAX_PATCHED_BYTES} bytes; too large to patch")
    return name, apply_hunks(data.decode("utf-8"), patch.hunks, name=given)


def _check_quota(root: HostDirectory, env: Any, writes: list[tuple[str, bytes]]) -> None:
    """The workspace's disk quota holds for host-side writes as for commands: what a write adds
    (bytes beyond the file it replaces, one file when it is new) must fit."""
    adding_bytes = adding_files = 0
    for name, data in writes:
        existing = root.lstat(name)
        adding_bytes += len(data) - (existing.st_size if existing else 0)
        adding_files += 0 if existing else 1
    limits = env.limits or SandboxLimits()
    check_workspace_quota(
        Path(env.workspace), limits, adding_bytes=adding_bytes, adding_files=adding_files
    )


def _remove(root: HostDirectory, name: str) -> None:
    with suppress(FileNotFoundError):
        root.remove(name)
