"""An outside reviewer's attacks on host code that handles what an agent made: per-call snapshots
and their restore (links, special files, setuid bits, hard links, a sparse size bomb), patch
headers that name paths outside, and the egress proxy asked for loopback in other spellings.
Real bubblewrap prepares the workspace; the snapshot code and the proxy are the real ones."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from agents.sandbox import Egress, snapshot_store
from agents.sandbox.snapshot_store import Bounds, SnapshotTooLarge
from tests.sandbox.index_server import index_url
from tests.security.test_host_files import assert_outside_untouched
from tests.security.test_sbx_egress import OpenProxy, ask, open_proxy, status_of
from tests.security.ws_support import SECRET, Box, box

__all__ = ["box", "index_url", "open_proxy"]
BOUNDS = Bounds(max_bytes=10 * 1024 * 1024, max_files=1000)


def snapshot_files(snapshot: Path) -> list[Path]:
    tree = snapshot / snapshot_store.TREE
    return [p for p in tree.rglob("*") if p.is_file() and not p.is_symlink()]


# --- snapshots and restore ----------------------------------------------------------------------
@pytest.mark.timeout(60)
def test_a_snapshot_and_its_restore_never_follow_read_or_recreate_hostile_entries(
    box: Box, tmp_path: Path
) -> None:
    # given a workspace with links to a host secret and directory, a FIFO, a setuid file and a
    # hard link, all made by the agent in the sandbox
    box.sh(
        f"echo hi > tool.sh; chmod 4755 tool.sh; ln tool.sh twin.sh; mkfifo pipe; "
        f"ln -s {box.secret} leak; ln -s {box.outside} out; mkdir d; ln -s .. d/up"
    )

    # when it is snapshotted, changed by the agent, and restored
    snapshot_store.take(box.workspace, tmp_path / "s", previous=None, bounds=BOUNDS)
    box.sh("echo changed > tool.sh; rm leak pipe; echo new > extra")
    snapshot_store.restore(tmp_path / "s", box.workspace)

    # then links come back as links with their text, never as what they point to
    assert os.readlink(box.workspace / "leak") == str(box.secret)
    assert os.readlink(box.workspace / "out") == str(box.outside)
    assert os.readlink(box.workspace / "d/up") == ".."
    assert all(SECRET not in p.read_text() for p in snapshot_files(tmp_path / "s"))
    # the FIFO was never opened (the test would hang) nor recreated; setuid is gone
    assert not (box.workspace / "pipe").exists()
    assert not (box.workspace / "extra").exists()
    mode = os.lstat(box.workspace / "tool.sh").st_mode
    assert (box.workspace / "tool.sh").read_text() == "hi\n"
    assert stat.S_ISREG(mode)
    assert not mode & (stat.S_ISUID | stat.S_ISGID)
    # hard links come back as separate files that share no inode with each other or the snapshot
    restored = {os.lstat(box.workspace / n).st_ino for n in ("tool.sh", "twin.sh")}
    kept = {os.lstat(p).st_ino for p in snapshot_files(tmp_path / "s")}
    assert len(restored) == 2
    assert not restored & kept
    assert_outside_untouched(box)


def test_the_agent_cannot_rewrite_a_snapshot_through_a_restored_file(
    box: Box, tmp_path: Path
) -> None:
    # given two snapshots sharing an unchanged file's inode, and a restore from the newer one
    box.sh("echo original > notes.txt")
    snapshot_store.take(box.workspace, tmp_path / "a", previous=None, bounds=BOUNDS)
    snapshot_store.take(box.workspace, tmp_path / "b", previous=tmp_path / "a", bounds=BOUNDS)
    assert (
        os.lstat(tmp_path / "a/tree/notes.txt").st_ino
        == os.lstat(tmp_path / "b/tree/notes.txt").st_ino
    )
    snapshot_store.restore(tmp_path / "b", box.workspace)

    # when the agent rewrites the restored file in place (same inode, not a new file)
    box.sh("printf tampered > notes.txt; truncate -s 8 notes.txt")

    # then both snapshots still hold what was taken, and a second restore brings it back
    assert (tmp_path / "a/tree/notes.txt").read_text() == "original\n"
    assert (tmp_path / "b/tree/notes.txt").read_text() == "original\n"
    snapshot_store.restore(tmp_path / "a", box.workspace)
    assert (box.workspace / "notes.txt").read_text() == "original\n"


def test_a_sparse_size_bomb_is_refused_by_its_apparent_size_without_copying(
    box: Box, tmp_path: Path
) -> None:
    # given a 64 GiB sparse file (a few blocks on disk) next to ordinary files
    box.sh("echo a > a.txt")
    with open(box.workspace / "bomb.img", "wb") as bomb:
        bomb.truncate(64 * 1024**3)

    # when the workspace is snapshotted, then the snapshot refuses before copying the bomb
    with pytest.raises(SnapshotTooLarge, match="over 10485760 bytes"):
        snapshot_store.take(box.workspace, tmp_path / "s", previous=None, bounds=BOUNDS)
    assert not (tmp_path / "s/tree/bomb.img").exists()


# --- patch headers ----------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("diff", "error_class"),
    [
        ("--- /dev/null\n+++ b/../escaped.txt\n@@ -0,0 +1 @@\n+x\n", "WorkspaceEscape"),
        ("--- /dev/null\n+++ {outside}/escaped.txt\n@@ -0,0 +1 @@\n+x\n", "WorkspaceEscape"),
        ("--- a/../outside/secret.txt\n+++ /dev/null\n", "WorkspaceEscape"),
        ("--- a/in.txt\n+++ b/../../outside/secret.txt\n@@ -1 +1 @@\n-in\n+x\n", "WorkspaceEscape"),
        ("--- /dev/null\n+++ b/ok/../../escaped.txt\n@@ -0,0 +1 @@\n+x\n", "WorkspaceEscape"),
        ("--- /dev/null\n+++ b/x\0/../../escaped.txt\n@@ -0,0 +1 @@\n+x\n", "WorkspaceEscape"),
        ("--- /dev/null\n+++ b/.\n@@ -0,0 +1 @@\n+x\n", "IsADirectoryError"),
        ("--- /dev/null\n+++ b/" + "n" * 5000 + "\n@@ -0,0 +1 @@\n+x\n", "OSError"),
    ],
    ids=[
        "dotdot",
        "absolute",
        "delete-outside",
        "rename-outside",
        "inner-dotdot",
        "nul",
        "root",
        "long",
    ],
)
def test_patch_headers_cannot_name_a_path_outside_the_workspace(
    box: Box, diff: str, error_class: str
) -> None:
    box.sh("echo in > in.txt")

    outcome = box.tool("patch_file", diff=diff.replace("{outside}", str(box.outside)))

    assert (outcome.ok, outcome.error_class) == (False, error_class)
    assert sorted(os.listdir(box.workspace)) == ["in.txt"]
    assert (box.workspace / "in.txt").read_text() == "in\n"
    assert not (box.outside.parent / "escaped.txt").exists()
    assert_outside_untouched(box)


# --- egress proxy -----------------------------------------------------------------------------
@pytest.mark.parametrize(
    "spelling",
    [
        "2130706433", "0x7f000001", "017700000001", "127.1", "localhost",
        "LOCALHOST", "localhost.", "[::ffff:127.0.0.1]", "[::ffff:7f00:1]", "[0:0:0:0:0:ffff:7f00:1]",
    ],
)  # fmt: skip
def test_an_allowed_local_index_cannot_be_reached_in_another_spelling_or_on_redis(
    open_proxy: OpenProxy, index_url: str, spelling: str
) -> None:
    """The operator allowed one loopback index by address and port; other spellings of that
    address, on its port or on Redis's, are not on the list (the match is exact, before any
    name is resolved)."""
    authority = index_url.removeprefix("http://")
    port = int(authority.rsplit(":", 1)[1])
    proxy = open_proxy(Egress(private_hosts=(authority,)))

    answers = [
        ask(proxy, f"CONNECT {spelling}:{target} HTTP/1.1\r\n\r\n".encode())
        for target in (port, 6379)
    ]
    smuggled = ask(
        proxy,
        f"GET http://{authority}@{spelling}:6379/ HTTP/1.1\r\nHost: {authority}\r\n\r\n".encode(),
    )
    allowed = ask(proxy, f"GET {index_url}/hello HTTP/1.1\r\n\r\n".encode())

    assert [status_of(a) for a in [*answers, smuggled]] == [403, 403, 403]
    assert all(b"not in the sandbox's egress allow-list" in a for a in [*answers, smuggled])
    assert status_of(allowed) == 200
