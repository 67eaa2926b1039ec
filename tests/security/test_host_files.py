"""Host-side file tools against a workspace an agent prepared in the real sandbox: planted links
(at predictable names, at the target itself, along the path, in loops), special files (FIFO, unix
socket, device) and links swapped in while a tool runs. Nothing outside the workspace is read,
written or given away, and no tool blocks."""

from __future__ import annotations

import os
import stat
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests.security.ws_support import SECRET, Box, box

__all__ = ["box"]


def assert_outside_untouched(box: Box) -> None:
    assert sorted(os.listdir(box.outside)) == ["secret.txt"]
    assert box.secret.read_text() == SECRET
    assert box.secret.stat().st_uid == 0


# --- planted links ---------------------------------------------------------------------------------
def test_write_file_ignores_links_planted_at_temporary_names_and_at_the_target(box: Box) -> None:
    # given links at the names the host once used for its temporary file, and at the target
    pid = os.getpid()
    box.sh(
        f"for n in $(seq {pid - 20} {pid + 20}); do ln -s {box.secret} .notes.txt.tmp-$n; done; "
        f"ln -s {box.secret} notes.txt"
    )

    outcome = box.tool("write_file", path="notes.txt", content="agent text\n")

    assert outcome.ok, outcome.error
    assert_outside_untouched(box)
    target = box.workspace / "notes.txt"
    assert not target.is_symlink()  # the link was replaced, never written through
    assert target.read_text() == "agent text\n"
    assert os.readlink(box.workspace / f".notes.txt.tmp-{pid}") == str(box.secret)


def test_patch_file_does_not_read_or_write_through_a_link(box: Box) -> None:
    box.sh(f"ln -s {box.secret} config.py")
    edit = "--- a/config.py\n+++ b/config.py\n@@ -1 +1 @@\n-x\n+y\n"
    create = "--- /dev/null\n+++ b/config.py\n@@ -0,0 +1 @@\n+fresh = True\n"

    refused = box.tool("patch_file", diff=edit)
    created = box.tool("patch_file", diff=create)

    assert (refused.ok, refused.error_class) == (False, "LinkRefused")
    assert SECRET not in str(refused.error)
    assert created.ok, created.error
    assert (box.workspace / "config.py").read_text() == "fresh = True\n"
    assert_outside_untouched(box)


@pytest.mark.parametrize("tool", ["write_file", "patch_file", "read_file"])
def test_a_linked_directory_along_the_path_is_refused(box: Box, tool: str) -> None:
    box.sh(f"ln -s {box.outside} escape")
    arguments = {
        "write_file": {"path": "escape/new.txt", "content": "x"},
        "patch_file": {"diff": "--- /dev/null\n+++ b/escape/new.txt\n@@ -0,0 +1 @@\n+x\n"},
        "read_file": {"path": "escape/secret.txt"},
    }[tool]

    outcome = box.executor.execute(tool, arguments, box.env)

    assert (outcome.ok, outcome.error_class) == (False, "LinkRefused")
    assert SECRET not in str(outcome.output) + str(outcome.error)
    assert_outside_untouched(box)


def test_read_file_reports_a_link_and_never_its_target(box: Box) -> None:
    box.sh(f"ln -s {box.secret} innocent.txt; ln -s /etc/shadow shadow")
    for name in ("innocent.txt", "shadow"):
        outcome = box.tool("read_file", path=name)
        assert (outcome.ok, outcome.error_class) == (False, "LinkRefused")
        assert "symbolic link" in str(outcome.error)
        assert SECRET not in str(outcome.error)
        assert "root:" not in str(outcome.error)


def test_listing_shows_links_as_links_and_does_not_enter_them(box: Box) -> None:
    box.sh(f"mkdir src; echo x > src/app.py; ln -s {box.outside} escape; ln -s / root")

    listing = box.tool("list_files").output

    assert listing["files"] == ["src/app.py"]
    assert listing["links"] == {"escape": str(box.outside), "root": "/"}


def test_snapshot_and_diff_show_links_by_their_text_only(box: Box) -> None:
    box.sh("echo base > a.txt")
    assert box.tool("snapshot_workspace").ok
    box.sh(f"ln -s {box.secret} leak.txt; ln -s /etc/shadow shadow; rm a.txt; ln -s /etc a.txt")

    result = box.tool("diff_workspace").output

    assert result["changed"] == ["a.txt", "leak.txt", "shadow"]
    assert f"+symlink -> {box.secret}\n" in result["diff"]
    assert "+symlink -> /etc\n" in result["diff"]
    assert SECRET not in result["diff"]
    assert "root:" not in result["diff"]


@pytest.mark.timeout(60)
def test_a_symlink_loop_is_reported_not_followed(box: Box) -> None:
    box.sh("ln -s loop-a loop-b; ln -s loop-b loop-a; mkdir d; ln -s .. d/up")
    assert box.tool("snapshot_workspace").ok

    listing = box.tool("list_files").output
    read = box.tool("read_file", path="loop-a")
    through = box.tool("read_file", path="d/up/d/up/loop-a")
    diff = box.tool("diff_workspace").output

    assert listing["links"] == {"d/up": "..", "loop-a": "loop-b", "loop-b": "loop-a"}
    assert read.error_class == "LinkRefused"
    assert through.error_class == "LinkRefused"
    assert diff["changed"] == []


# --- special files -----------------------------------------------------------------------------
@pytest.mark.timeout(60)
def test_a_fifo_never_blocks_a_host_tool(box: Box) -> None:
    # given a FIFO before the baseline and another after it, with no writer on either end
    box.sh("echo one > a.txt; mkfifo before.fifo")
    assert box.tool("snapshot_workspace").ok
    box.sh("mkfifo after.fifo; echo two > a.txt")

    read = box.tool("read_file", path="after.fifo")
    patch = box.tool(
        "patch_file", diff="--- a/before.fifo\n+++ b/before.fifo\n@@ -1 +1 @@\n-a\n+b\n"
    )
    listing = box.tool("list_files").output
    diff = box.tool("diff_workspace").output

    assert (read.error_class, patch.error_class) == ("NotRegularFile", "NotRegularFile")
    assert "FIFO" in str(read.error)
    assert listing["special_files"] == ["after.fifo (FIFO)", "before.fifo (FIFO)"]
    assert diff["changed"] == ["a.txt"]
    assert "-one\n+two\n" in diff["diff"]
    assert diff["skipped"] == ["after.fifo (FIFO, not read)", "before.fifo (FIFO, not read)"]
    # and the tools keep working: writing onto the FIFO's name replaces it with a file
    assert box.tool("write_file", path="after.fifo", content="now a file").ok
    assert box.tool("read_file", path="after.fifo").output["content"] == "now a file"


@pytest.mark.timeout(60)
def test_a_unix_socket_is_listed_and_refused(box: Box) -> None:
    box.sh("python3 -c \"import socket; socket.socket(socket.AF_UNIX).bind('agent.sock')\"")

    read = box.tool("read_file", path="agent.sock")
    listing = box.tool("list_files").output

    assert read.error_class == "NotRegularFile"
    assert "socket" in str(read.error)
    assert listing["special_files"] == ["agent.sock (socket)"]


@pytest.mark.skipif(os.geteuid() != 0, reason="only root can make a device node")
def test_a_device_node_is_never_opened(box: Box) -> None:
    os.mknod(box.workspace / "disk", stat.S_IFBLK | 0o600, os.makedev(7, 0))  # /dev/loop0

    read = box.tool("read_file", path="disk")
    written = box.tool("write_file", path="disk", content="x")

    assert read.error_class == "NotRegularFile"
    assert "block device" in str(read.error)
    assert written.ok  # the node itself is replaced by a regular file, the device never opened
    assert stat.S_ISREG((box.workspace / "disk").lstat().st_mode)


# --- bounds ----------------------------------------------------------------------------------------
@pytest.mark.timeout(60)
def test_a_tree_deeper_than_the_walk_bound_is_reported_not_followed_forever(box: Box) -> None:
    box.sh("mkdir -p $(printf 'd/%.0s' $(seq 80)) && echo x > top.txt")

    listing = box.tool("list_files").output
    snapshot = box.tool("snapshot_workspace")

    assert listing["truncated"] is True
    assert (snapshot.ok, snapshot.error_class) == (False, "WalkLimit")
    assert "directories deep" in str(snapshot.error)


@pytest.mark.timeout(60)
def test_huge_and_pathological_files_are_read_and_diffed_within_bounds(box: Box) -> None:
    box.sh("seq 30000 > lines.txt; head -c 5000000 /dev/zero | tr '\\0' a > big.txt")
    assert box.tool("snapshot_workspace").ok
    box.sh("seq 30000 | sort -r > lines.txt")

    read = box.tool("read_file", path="big.txt").output
    diff = box.tool("diff_workspace").output

    assert read["truncated"] is True
    assert len(read["content"]) == 100_000
    assert diff["changed"] == ["lines.txt"]
    assert diff["diff"] == "Files a/lines.txt and b/lines.txt differ (over 20000 lines)\n"


# --- ownership -----------------------------------------------------------------------------------
def test_files_the_host_writes_belong_to_the_sandbox(box: Box) -> None:
    box.sh("true")  # the sandbox adopts the workspace
    owner = box.workspace.stat().st_uid

    assert box.tool("write_file", path="deep/new/file.txt", content="host wrote this\n").ok

    for path in ("deep", "deep/new", "deep/new/file.txt"):
        assert (box.workspace / path).stat().st_uid == owner
    assert "host wrote this" in box.sh(
        "echo and the sandbox too >> deep/new/file.txt; cat deep/*/*"
    )


# --- links swapped in while a tool runs ----------------------------------------------------------
@contextmanager
def flipping(path: Path, target: Path, make_real: Callable[[Path], None]) -> Iterator[None]:
    """Swaps `path` between a real entry and a link to `target` until the block ends, the way a
    process racing the host tool would."""
    stop = threading.Event()
    spare = path.with_name(path.name + ".real")
    make_real(path)

    def swap() -> None:
        while not stop.is_set():
            try:
                os.rename(path, spare)
                os.symlink(target, path)
                os.unlink(path)
                os.rename(spare, path)
            except OSError:
                continue

    thread = threading.Thread(target=swap, daemon=True)
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join()


def real_directory(path: Path) -> None:
    path.mkdir()
    (path / "secret.txt").write_text("inside")


def real_file(path: Path) -> None:
    path.write_text("inside")


@pytest.mark.timeout(120)
def test_a_directory_swapped_for_a_link_never_redirects_a_write(box: Box) -> None:
    with flipping(box.workspace / "flip", box.outside, real_directory):
        outcomes = [
            box.tool("write_file", path=f"flip/new-{index}.txt", content="x")
            for index in range(300)
        ]

    assert_outside_untouched(box)
    refusals = {o.error_class for o in outcomes if not o.ok}
    assert refusals <= {"LinkRefused", "FileNotFoundError", "NotADirectoryError"}


@pytest.mark.timeout(120)
def test_a_file_swapped_for_a_link_never_leaks_through_read_file(box: Box) -> None:
    with flipping(box.workspace / "data.txt", box.secret, real_file):
        outcomes = [box.tool("read_file", path="data.txt") for _ in range(300)]

    assert not any(SECRET in str(o.output) + str(o.error) for o in outcomes)
    assert {o.error_class for o in outcomes if not o.ok} <= {"LinkRefused", "FileNotFoundError"}
    assert box.tool("read_file", path="data.txt").output["content"] == "inside"


@pytest.mark.timeout(120)
def test_a_directory_swapped_for_a_link_never_leaks_into_listings_or_diffs(box: Box) -> None:
    (box.outside / "host-only-name.txt").write_text(SECRET)
    assert box.tool("snapshot_workspace").ok
    with flipping(box.workspace / "flip", box.outside, real_directory):
        outcomes = [box.tool("list_files") for _ in range(100)]
        outcomes += [box.tool("diff_workspace") for _ in range(100)]

    seen = "".join(str(o.output) for o in outcomes)
    assert "host-only-name" not in seen
    assert SECRET not in seen
    assert [o.error for o in outcomes if not o.ok] == []


@pytest.mark.timeout(120)
@pytest.mark.skipif(os.geteuid() != 0, reason="workspace adoption happens only for a root host")
def test_adoption_never_gives_away_a_host_file_through_a_swapped_directory(box: Box) -> None:
    with flipping(box.workspace / "flip", box.outside, real_directory):
        for _ in range(40):
            box.sh("true")

    assert_outside_untouched(box)
