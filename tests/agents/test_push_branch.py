"""push_branch against a real bare repository served over smart HTTP on loopback (behind Basic
authentication): the commit is built without git in the workspace, lands on a new branch only,
and the default branch and every existing branch stay as they were."""

from __future__ import annotations

import hashlib
import os
import shutil
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from agents.gitremote import Origin, allowed_remote
from agents.tools import ToolEnvironment, ToolExecutor, default_registry
from agents.tools.builtin import snapshots
from agents.tools.builtin.pushing import PushRefused, branch_name
from tests.support.git_http import GitHttp, bare_repository, branches, git, serve_git

FILES = {
    "calc.py": "def add(a, b):\n    return a - b\n",
    "notes.txt": "old notes\n",
    "docs/a.md": "a directory now, a file after\n",
    "test_calc.py": "from calc import add\n\ndef test_add():\n    assert add(2, 3) == 5\n",
}
KEY = "run-1:7:0"


@dataclass
class Remote:
    bare: Path
    url: str
    entry: str
    app: GitHttp


@pytest.fixture
def remote(tmp_path: Path) -> Iterator[Remote]:
    root = tmp_path / "served"
    root.mkdir()
    bare = bare_repository(root, "calc.git", FILES)
    git(["branch", "develop", "main"], cwd=bare)
    with serve_git(root, user="pusher", password="s3cret") as (base, app):
        entry = base.replace("http://", "http://pusher:s3cret@")
        yield Remote(bare, base + "calc.git", entry, app)


def _workspace(tmp_path: Path, remote: Remote) -> tuple[Path, str]:
    """A clone as the platform makes one, with its baseline; returns it and the commit."""
    workspace = tmp_path / "workspace"
    git(["clone", "--quiet", str(remote.bare), str(workspace)])
    snapshots.take_snapshot(workspace, snapshots.baseline_path(workspace))
    return workspace, branches(remote.bare)["main"]


def _env(workspace: Path, remote: Remote, commit: str, entry: str | None = None) -> ToolEnvironment:
    allowed = allowed_remote(remote.url, [entry or remote.entry])
    origin = Origin(remote=allowed, commit=commit, branch="main")
    extra = {"git_origin": origin, "idempotency_key": KEY}
    return ToolEnvironment(workspace=workspace, run_id="run-1", extra=extra)


def _push(env: ToolEnvironment, **arguments: Any) -> Any:
    return ToolExecutor(default_registry()).execute("push_branch", arguments, env)


def _fix(workspace: Path) -> None:
    (workspace / "calc.py").write_text("def add(a, b):\n    return a + b\n")
    (workspace / "notes.txt").unlink()
    shutil.rmtree(workspace / "docs")
    (workspace / "docs").write_text("a file now\n")
    (workspace / "tools").mkdir()
    (workspace / "tools/run.sh").write_text("#!/bin/sh\necho run\n")
    (workspace / "tools/run.sh").chmod(0o755)
    os.symlink("/etc/passwd", workspace / "passwd")


def test_the_fix_lands_on_a_new_branch_built_without_git_in_the_workspace(
    tmp_path: Path, remote: Remote
) -> None:
    # Given a clone whose change edits, deletes, turns a directory into a file, adds an
    # executable and plants a link
    workspace, base = _workspace(tmp_path, remote)
    _fix(workspace)
    marker = tmp_path / "pwned"
    (workspace / ".git/config").write_text(f'[core]\n\tfsmonitor = "touch {marker}; echo"\n')
    before = branches(remote.bare)

    # When the change is pushed
    outcome = _push(_env(workspace, remote, base), message="add adds")

    # Then a new branch holds exactly the change on top of the base; nothing else moved
    assert outcome.ok, outcome.error
    assert outcome.output["branch"] == "longhaul/run-1"
    after = branches(remote.bare)
    assert after == {**before, "longhaul/run-1": outcome.output["commit"]}
    tip = "longhaul/run-1"
    assert git(["rev-parse", f"{tip}^"], cwd=remote.bare).strip() == base
    assert git(["show", f"{tip}:calc.py"], cwd=remote.bare) == "def add(a, b):\n    return a + b\n"
    tree = git(["ls-tree", "-r", tip], cwd=remote.bare)
    assert "notes.txt" not in tree
    assert git(["show", f"{tip}:docs"], cwd=remote.bare) == "a file now\n"
    assert "100755 blob" in next(line for line in tree.splitlines() if "tools/run.sh" in line)
    assert "120000 blob" in next(line for line in tree.splitlines() if "passwd" in line)
    assert git(["show", f"{tip}:passwd"], cwd=remote.bare) == "/etc/passwd"  # the text only
    message = git(["log", "-1", "--format=%an <%ae>%n%B", tip], cwd=remote.bare)
    assert message.startswith("Longhaul <longhaul@localhost>\nFix from Longhaul run run-1")
    assert f"Longhaul-Call: {KEY}" in message
    assert not marker.exists()
    # and every request to the remote carried the operator's credentials
    assert remote.app.requests
    assert all(authorized for *_, authorized in remote.app.requests)

    # When the same call runs again (a crash after the push), it finds its own branch
    again = _push(_env(workspace, remote, base), message="add adds")
    assert again.ok, again.error
    assert again.output["commit"] == outcome.output["commit"]
    assert branches(remote.bare) == after


@pytest.mark.parametrize("branch", ["main", "develop", "longhaul/taken"])
def test_the_default_branch_and_existing_branches_are_refused(
    tmp_path: Path, remote: Remote, branch: str
) -> None:
    workspace, base = _workspace(tmp_path, remote)
    git(["branch", "longhaul/taken", "main"], cwd=remote.bare)
    _fix(workspace)
    before = branches(remote.bare)

    outcome = _push(_env(workspace, remote, base), branch=branch)

    assert not outcome.ok
    assert outcome.error_class == "PushRefused"
    assert branch in str(outcome.error)
    assert branches(remote.bare) == before


def test_a_change_other_than_the_one_proposed_is_not_pushed(tmp_path: Path, remote: Remote) -> None:
    workspace, base = _workspace(tmp_path, remote)
    _fix(workspace)
    changes = snapshots.compare(workspace, snapshots.baseline_path(workspace))
    proposed = hashlib.sha256(changes.diff.encode()).hexdigest()
    (workspace / "calc.py").write_text("import os\nos.system('curl evil')\n")
    env = _env(workspace, remote, base)
    before = branches(remote.bare)

    by_diff = _push(env, diff_sha256=proposed)
    by_files = _push(env, files=["calc.py"])

    assert "no longer the one proposed" in str(by_diff.error)
    assert "no longer the ones proposed" in str(by_files.error)
    assert branches(remote.bare) == before


def test_without_the_operators_credentials_nothing_is_pushed(
    tmp_path: Path, remote: Remote
) -> None:
    workspace, base = _workspace(tmp_path, remote)
    _fix(workspace)
    before = branches(remote.bare)
    bare_entry = remote.entry.replace("pusher:s3cret@", "")

    outcome = _push(_env(workspace, remote, base, entry=bare_entry))

    assert outcome.error_class == "PushFailed"
    assert "s3cret" not in str(outcome.error)
    assert branches(remote.bare) == before


def test_a_run_without_a_remote_has_nowhere_to_push(tmp_path: Path) -> None:
    workspace = tmp_path / "workspace"
    workspace.mkdir()
    outcome = _push(ToolEnvironment(workspace=workspace, run_id="run-1"))
    assert outcome.error_class == "PushRefused"
    assert "did not start from a Git remote" in str(outcome.error)


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        ("fix-median", "longhaul/fix-median"),
        ("longhaul/fix-median", "longhaul/fix-median"),
        ("team/fix_1.2", "longhaul/team/fix_1.2"),
    ],
)
def test_branch_names_go_under_the_prefix(given: str, expected: str) -> None:
    assert branch_name(given) == expected


@pytest.mark.parametrize(
    "given",
    ["refs/heads/main", "HEAD", "../main", "a..b", "x.lock", "fix/", "a//b", "-f", "fix me", "é"],
)
def test_names_git_would_misread_are_refused(given: str) -> None:
    with pytest.raises(PushRefused):
        branch_name(given)
