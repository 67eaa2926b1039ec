"""push_branch: deliver a run's change to the Git remote its workspace was cloned from, as a new
branch, built on the host without ever running git in the workspace.

The remote is cloned afresh (bare, into a private temporary directory, with the hardened git of
`agents.gitremote`) and one commit is written on top of the commit the run started from with
`git fast-import`: the content of every file the run changed since its baseline, read through
`agents.sandbox.hostfs` (a link is committed as a link, with its text, never followed; any other
special file is refused), and the files it deleted removed. No work tree, index, attributes or
ignore file is involved, so nothing in the workspace is read as configuration. The platform is
the commit's author; the message names the run and the call. The branch is always under
`longhaul/`; the remote's default branch and every branch that exists are refused, and the push
only ever creates a branch, never moves one.
"""

from __future__ import annotations

import hashlib
import os
import re
import stat
import tempfile
import time
from pathlib import Path
from typing import Any

from agents.gitremote import Origin, Remote, failure, run_git
from agents.sandbox.hostfs import HostDirectory
from agents.tools.builtin import snapshots

PREFIX = "longhaul/"
IDENTITY = "Longhaul <longhaul@localhost>"
MAX_PUSH_BYTES = 256 * 1024 * 1024  # the changed files' content, all together
_SEGMENT = re.compile(r"[A-Za-z0-9_][A-Za-z0-9._-]{0,99}")


class PushRefused(Exception):
    """Nothing was pushed; the message says why."""


class PushFailed(Exception):
    """git could not clone, build or push; its own message says why."""


def push_branch(args: dict[str, Any], env: Any) -> dict[str, Any]:
    origin = _origin(env, args.get("remote"))
    changes = _changes(env, args)
    requested = str(args.get("branch") or f"{PREFIX}{env.run_id}").strip()
    branch = branch_name(requested)
    key = str((env.extra or {}).get("idempotency_key") or "")
    result = {"branch": branch, "remote": origin.remote.url, "base": origin.commit}
    with tempfile.TemporaryDirectory(prefix="longhaul-push-") as scratch:
        clone = Path(scratch) / "remote.git"
        arguments = ["clone", "--bare", "--quiet", "--template=", "--", origin.remote.url]
        _git([*arguments, str(clone)], origin.remote, what="cloning the remote")
        earlier = _check_free(clone, origin, requested, branch, key)
        if earlier:  # this very call pushed it before a crash: the same branch, not a new one
            return {**result, "commit": earlier, "files": changes.changed}
        stream = _stream(branch, origin.commit, _message(args, env, key), env.workspace, changes)
        _git(["fast-import", "--quiet"], origin.remote, git_dir=clone, stdin=stream)
        commit = _git(
            ["rev-parse", "--verify", f"refs/heads/{branch}"], origin.remote, git_dir=clone
        )
        # An empty expected value: the push may only create the branch, whoever raced us to it.
        lease = f"--force-with-lease=refs/heads/{branch}:"
        refspec = f"refs/heads/{branch}:refs/heads/{branch}"
        _git(["push", "--quiet", lease, "origin", refspec], origin.remote, git_dir=clone)
    return {**result, "commit": commit.strip(), "files": changes.changed}


def branch_name(requested: str) -> str:
    """The branch to create: `requested`, under `longhaul/` unless it already is."""
    if requested in ("", "HEAD") or requested.startswith(("refs/", "/", "-")):
        raise PushRefused(f"{requested!r} cannot be pushed to: give a new branch name.")
    full = requested if requested.startswith(PREFIX) else PREFIX + requested
    if len(full) > 200 or not all(_valid_segment(part) for part in full.split("/")):
        raise PushRefused(
            f"{requested!r} is not a valid branch name (letters, digits, '.', '_', '-', and '/' "
            "between parts)."
        )
    return full


def _valid_segment(part: str) -> bool:
    return bool(_SEGMENT.fullmatch(part)) and ".." not in part and not part.endswith((".", ".lock"))


def _origin(env: Any, remote: Any) -> Origin:
    origin = (env.extra or {}).get("git_origin")
    if not isinstance(origin, Origin):
        raise PushRefused(
            "This run did not start from a Git remote the operator allows, so there is nowhere "
            "to push to."
        )
    if remote and remote != origin.remote.url:
        raise PushRefused(f"The run's code came from {origin.remote.url}, not {remote}.")
    return origin


def _changes(env: Any, args: dict[str, Any]) -> snapshots.Changes:
    """What the run changed since its baseline: exactly what was proposed, when it says."""
    baseline = snapshots.baseline_dir(env)
    if not snapshots.has_snapshot(baseline):
        raise PushRefused("The workspace has no baseline to tell what the run changed.")
    try:
        changes = snapshots.compare(Path(env.workspace), baseline)
    except snapshots.BaselineUnreadable as unreadable:
        raise PushRefused(str(unreadable)) from None
    if not changes.complete:
        raise PushRefused(f"The workspace could not be compared in full: {changes.skipped[-1]}")
    if not changes.changed:
        raise PushRefused("Nothing changed since the run started: there is nothing to push.")
    if "files" in args and sorted(args["files"]) != changes.changed:
        raise PushRefused("The workspace's changes are no longer the ones proposed.")
    proposed = args.get("diff_sha256")
    if proposed and hashlib.sha256(changes.diff.encode()).hexdigest() != proposed:
        raise PushRefused("The workspace's diff is no longer the one proposed.")
    return changes


def _check_free(clone: Path, origin: Origin, requested: str, branch: str, key: str) -> str:
    """Refuses the default branch and any existing one; returns the commit when the branch is
    the one this call (its idempotency key) pushed already, else ""."""
    head = _git(["symbolic-ref", "--quiet", "HEAD"], origin.remote, git_dir=clone).strip()
    defaults = {head.removeprefix("refs/heads/"), origin.branch} - {""}
    if requested in defaults or branch in defaults:
        raise PushRefused(
            f"{requested} is the remote's default branch: push_branch only creates new branches."
        )
    listing = ["for-each-ref", "--format=%(refname:strip=2)", "refs/heads/"]
    existing = set(_git(listing, origin.remote, git_dir=clone).split())
    if requested != branch and requested in existing:
        raise PushRefused(f"{requested} is an existing branch: push_branch never updates one.")
    if branch not in existing:
        _base_present(clone, origin)
        return ""
    log = ["log", "-1", "--format=%H%x00%P%x00%B", f"refs/heads/{branch}"]
    commit, parents, body = _git(log, origin.remote, git_dir=clone).split("\x00", 2)
    if key and parents.strip() == origin.commit and f"Longhaul-Call: {key}" in body.splitlines():
        return commit
    raise PushRefused(f"{branch} already exists on the remote: push_branch never overwrites one.")


def _base_present(clone: Path, origin: Origin) -> None:
    probe = ["cat-file", "-e", f"{origin.commit}^{{commit}}"]
    found = run_git(probe, remote=origin.remote, git_dir=clone)
    if found.returncode != 0:
        raise PushRefused(f"The commit the run started from ({origin.commit}) left the remote.")


def _message(args: dict[str, Any], env: Any, key: str) -> bytes:
    trailers = f"Longhaul-Run: {env.run_id}" + (f"\nLonghaul-Call: {key}" if key else "")
    parts = [f"Fix from Longhaul run {env.run_id}", str(args.get("message") or "").strip()]
    return ("\n\n".join(part for part in [*parts, trailers] if part) + "\n").encode()


def _stream(
    branch: str, base: str, message: bytes, workspace: Path, changes: snapshots.Changes
) -> bytes:
    """The fast-import commands of one commit on `base` with the run's changes."""
    parts = [
        f"commit refs/heads/{branch}\ncommitter {IDENTITY} {int(time.time())} +0000\n".encode(),
        _data(message),
        f"from {base}\n".encode(),
    ]
    total = 0
    with HostDirectory(workspace) as root:
        # Deletions first, so a file that became a directory (or the reverse) ends as it is now.
        for name in sorted(changes.changed, key=lambda name: name in changes.current):
            record, path = changes.current.get(name), _quoted(name)
            if record is None:
                _deleted(root, name)
                parts.append(b"D " + path + b"\n")
            elif record["kind"] == "link":
                parts += [b"M 120000 inline " + path + b"\n", _data(os.fsencode(record["target"]))]
            else:
                content, mode = _content(root, name, record)
                total += len(content)
                if total > MAX_PUSH_BYTES:
                    raise PushRefused(f"The changed files are over {MAX_PUSH_BYTES} bytes.")
                parts += [f"M {mode} inline ".encode() + path + b"\n", _data(content)]
    return b"".join(parts)


def _deleted(root: HostDirectory, name: str) -> None:
    """Gone, or a directory now (its files are entries of their own): anything else there is
    a special file or one that could not be read, never pushed as a deletion."""
    info = root.lstat(name)
    if info is not None and not stat.S_ISDIR(info.st_mode):
        raise PushRefused(f"{name} is neither a regular file nor a link: it cannot be pushed.")


def _content(root: HostDirectory, name: str, record: dict[str, Any]) -> tuple[bytes, str]:
    with root.open_file(name) as file:
        content = file.read(MAX_PUSH_BYTES + 1)
        executable = os.fstat(file.fileno()).st_mode & 0o111
    if hashlib.sha256(content).hexdigest() != record["sha256"]:
        raise PushRefused(f"{name} changed while the push was being built.")
    return content, "100755" if executable else "100644"


def _data(content: bytes) -> bytes:
    return b"data %d\n" % len(content) + content + b"\n"


def _quoted(name: str) -> bytes:
    """A path as fast-import reads it: C-style quoted, any byte as an octal escape."""
    quoted = bytearray(b'"')
    for byte in os.fsencode(name):
        if byte in b'"\\':
            quoted += b"\\" + bytes([byte])
        elif 0x20 <= byte < 0x7F:
            quoted.append(byte)
        else:
            quoted += b"\\%03o" % byte
    return bytes(quoted + b'"')


def _git(
    arguments: list[str],
    remote: Remote,
    *,
    git_dir: Path | None = None,
    stdin: bytes | None = None,
    what: str = "",
) -> str:
    result = run_git(arguments, remote=remote, git_dir=git_dir, stdin=stdin)
    if result.returncode != 0:
        raise PushFailed(f"{what or 'git ' + arguments[0]} failed: {failure(result)}")
    return result.stdout.decode(errors="replace")
