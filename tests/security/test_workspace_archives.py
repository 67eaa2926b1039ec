"""Uploaded workspace archives through `POST /api/runs`: every trick is refused with a 400 that
names the member and the reason, leaves nothing on disk and writes nothing outside; a `.git` with
hooks and an fsmonitor command is kept as inert data that no host process runs."""

from __future__ import annotations

import io
import os
import stat
import subprocess
import tarfile
import zipfile
from pathlib import Path
from typing import Any

import pytest
from rest_framework.test import APIClient

from runs.models import Artifact, Run, RunStatus
from runs.services import run_advance
from tests.factories import TenantFixture
from tests.security.ws_support import Member, armed, model, post_archive, tar_bytes, ws_runtime
from tests.support.fake_openai import FakeOpenAI

__all__ = ["model", "ws_runtime"]
pytestmark = pytest.mark.django_db(transaction=True)


def assert_refused(response: Any, workspaces: Path, *words: str) -> None:
    """A clear 400 on `workspace`, no run, and nothing left under the workspaces directory."""
    assert response.status_code == 400, response.content
    message = str(response.json()["errors"]["workspace"])
    for word in words:
        assert word in message, message
    assert not Run.objects.exists()
    assert not workspaces.exists() or not any(workspaces.iterdir())


def refused_archives(outside: Path) -> dict[str, tuple[list[Member], tuple[str, ...]]]:
    """id: (members, words the refusal must contain)."""
    return {
        "hard link to /etc/passwd": (
            [Member("passwd", type=tarfile.LNKTYPE, linkname="/etc/passwd")],
            ("'passwd'", "hard links"),
        ),
        "symlink then a file through it": (
            [
                Member("out", type=tarfile.SYMTYPE, linkname=str(outside)),
                Member("out/marker", data=b"written through the link"),
            ],
            ("'out'", "symbolic links"),
        ),
        "absolute path": (
            [Member(str(outside / "marker"), data=b"absolute")],
            ("marker", "absolute"),
        ),
        "dot-dot": (
            [Member("src/../../../marker", data=b"up")],
            ("'src/../../../marker'", "'..'"),
        ),
        "device node": ([Member("null", type=tarfile.CHRTYPE)], ("'null'", "device")),
        "fifo": ([Member("pipe", type=tarfile.FIFOTYPE)], ("'pipe'", "FIFO")),
        "setuid file": ([Member("tool", data=b"#!/bin/sh\n", mode=0o4755)], ("'tool'", "setuid")),
        "setgid file": ([Member("tool", data=b"#!/bin/sh\n", mode=0o2755)], ("'tool'", "setgid")),
        "duplicate name whose second copy is a link": (
            [
                Member("config.py", data=b"ok = True\n"),
                Member("config.py", type=tarfile.SYMTYPE, linkname="/etc/shadow"),
            ],
            ("'config.py'", "symbolic links"),
        ),
        "duplicate file name": (
            [Member("a.txt", data=b"one"), Member("a.txt", data=b"two")],
            ("'a.txt'", "more than once"),
        ),
        "file, then a file below it": (
            [Member("a", data=b"x"), Member("a/b", data=b"y")],
            ("'a/b'", "clashes"),
        ),
        "deep nesting": ([Member("d/" * 40 + "f", data=b"x")], ("directories deep",)),
        "long name": ([Member("n" * 300, data=b"x")], ("over 255 bytes",)),
        "huge pax header": (
            [Member("a.txt", data=b"x", pax={"comment": "x" * (2 * 1024 * 1024)})],
            ("metadata header",),
        ),
    }


@pytest.mark.parametrize(
    "case",
    [
        "hard link to /etc/passwd",
        "symlink then a file through it",
        "absolute path",
        "dot-dot",
        "device node",
        "fifo",
        "setuid file",
        "setgid file",
        "duplicate name whose second copy is a link",
        "duplicate file name",
        "file, then a file below it",
        "deep nesting",
        "long name",
        "huge pax header",
    ],
)
def test_a_hostile_archive_is_refused_naming_the_member(
    acme: TenantFixture, ws_runtime: Path, tmp_path: Path, case: str
) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    members, words = refused_archives(outside)[case]

    response = post_archive(acme, tar_bytes(members))

    assert_refused(response, ws_runtime, *words)
    assert list(outside.iterdir()) == []


def test_a_gzip_bomb_is_refused_from_the_bytes_it_unpacks(
    acme: TenantFixture, ws_runtime: Path, settings: Any
) -> None:
    settings.LONGHAUL_MAX_WORKSPACE_BYTES = 1024 * 1024
    bomb = tar_bytes([Member("zeros.bin", data=bytes(64 * 1024 * 1024))])
    assert len(bomb) < 200 * 1024  # the upload itself is small

    response = post_archive(acme, bomb)

    assert_refused(response, ws_runtime, "'zeros.bin'", "more than 1048576 bytes")


def test_a_huge_sparse_member_is_refused(
    acme: TenantFixture, ws_runtime: Path, settings: Any, tmp_path: Path
) -> None:
    settings.LONGHAUL_MAX_WORKSPACE_BYTES = 1024 * 1024
    source = tmp_path / "sparse"
    source.mkdir()
    with open(source / "holes.img", "wb") as sparse:
        sparse.truncate(8 * 1024**3)  # 8 GiB of holes: a few hundred bytes once archived
    archive = tmp_path / "sparse.tar.gz"
    subprocess.run(["tar", "-czSf", str(archive), "-C", str(source), "."], check=True)

    response = post_archive(acme, archive.read_bytes())

    assert_refused(response, ws_runtime, "holes.img", "sparse files are not allowed")


def test_too_many_files_are_refused(acme: TenantFixture, ws_runtime: Path, settings: Any) -> None:
    settings.LONGHAUL_MAX_WORKSPACE_FILES = 20
    members = [Member(f"f{index}.txt", data=b"x") for index in range(25)]

    response = post_archive(acme, tar_bytes(members))

    assert_refused(response, ws_runtime, "more than 20 entries")


@pytest.mark.parametrize(
    ("data", "words"),
    [
        (b"just some text, not an archive" * 40, ("could not be unpacked",)),
        (tar_bytes([Member("a.txt", data=os.urandom(50_000))])[:2_000], ("could not be unpacked",)),
    ],
    ids=["not an archive", "truncated gzip"],
)
def test_a_damaged_archive_is_a_clear_400(
    acme: TenantFixture, ws_runtime: Path, data: bytes, words: tuple[str, ...]
) -> None:
    assert_refused(post_archive(acme, data), ws_runtime, *words)


def test_a_zip_is_refused_with_what_to_upload_instead(
    acme: TenantFixture, ws_runtime: Path
) -> None:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("a.txt", "x")

    assert_refused(post_archive(acme, buffer.getvalue()), ws_runtime, "zip", ".tar.gz")


def test_modes_are_normalised_and_plain_tar_and_xz_are_accepted(
    acme: TenantFixture, ws_runtime: Path
) -> None:
    members = [
        Member("bin/", type=tarfile.DIRTYPE, mode=0o3777),  # sticky + setgid on a directory
        Member("bin/run.sh", data=b"#!/bin/sh\necho hi\n", mode=0o777),
        Member("notes.txt", data=b"hello\n", mode=0o600),
    ]
    for compression in ("", "xz"):
        Run.objects.all().delete()
        response = post_archive(acme, tar_bytes(members, compression=compression))
        assert response.status_code == 201, response.content
        workspace = Path(Run.objects.get().workspace)
        assert stat.S_IMODE((workspace / "bin").stat().st_mode) == 0o755
        assert stat.S_IMODE((workspace / "bin/run.sh").stat().st_mode) == 0o755
        assert stat.S_IMODE((workspace / "notes.txt").stat().st_mode) == 0o644
        assert (workspace / "notes.txt").read_bytes() == b"hello\n"


def test_an_uploaded_git_directory_is_inert_data(
    acme: TenantFixture, ws_runtime: Path, model: FakeOpenAI, tmp_path: Path
) -> None:
    # given an archive whose .git would run `id` as root if host git ever touched it
    marker = tmp_path / "marker"
    payload = f"id > {marker}; echo"
    config = f'[core]\n\trepositoryformatversion = 0\n\tfsmonitor = "{payload}"\n'
    hook = f"#!/bin/sh\nid > {marker}\n".encode()
    members = [
        Member(".git/HEAD", data=b"ref: refs/heads/main\n"),
        Member(".git/config", data=config.encode()),
        Member(".git/hooks/pre-commit", data=hook, mode=0o755),
        Member(".git/objects/.keep"),
        Member(".git/refs/heads/.keep"),
        Member("app.py", data=b"x = 1\n"),
    ]
    model.script = [{"content": "nothing to change"}]

    # when the run is created and runs to its end (the platform writes changes.diff)
    response = post_archive(acme, tar_bytes(members))
    assert response.status_code == 201, response.content
    run = Run.objects.get(id=response.json()["id"])
    workspace = Path(run.workspace)
    (workspace / "app.py").write_text("x = 2\n")
    run_advance(run_id=str(run.id), owner="w")

    # then nothing ran, the .git is kept as data, and the diff came without git
    run.refresh_from_db()
    assert run.status == RunStatus.SUCCEEDED, run.error
    assert not marker.exists()
    assert (workspace / ".git/config").read_text() == config
    diff = Path(Artifact.objects.get(run=run, name="changes.diff").path).read_text()
    assert "-x = 1\n+x = 2\n" in diff
    assert ".git" not in diff
    assert armed(workspace, marker)  # the same tree under host git would have run the payload


def test_cloning_an_allowed_repository_runs_nothing_from_its_config_or_the_hosts(
    acme: TenantFixture, ws_runtime: Path, settings: Any, tmp_path: Path, monkeypatch: Any
) -> None:
    # given a repository whose own config, hooks and attributes, and a host-wide git config in
    # the worker's environment, would each run a command on checkout
    marker = tmp_path / "marker"
    repository = tmp_path / "repos" / "project"
    repository.mkdir(parents=True)
    (repository / "app.py").write_text("x = 1\n")
    (repository / ".gitattributes").write_text("* filter=evil\n")
    git = ["git", "-c", "user.name=t", "-c", "user.email=t@example.invalid"]
    for command in (["init", "-q"], ["add", "-A"], ["commit", "-qm", "start"]):
        subprocess.run([*git, *command], cwd=repository, check=True)
    hook = repository / ".git/hooks/post-checkout"
    hook.write_text(f"#!/bin/sh\nid > {marker}\n")
    hook.chmod(0o755)
    with open(repository / ".git/config", "a") as config:
        config.write(f'[core]\n\tfsmonitor = "id > {marker}; echo"\n')
    hostile_global = tmp_path / "gitconfig"
    hostile_global.write_text(f'[filter "evil"]\n\tsmudge = "id > {marker}; cat"\n')
    monkeypatch.setenv("GIT_CONFIG_GLOBAL", str(hostile_global))
    settings.LONGHAUL_ALLOWED_REPO_ROOTS = [str(tmp_path / "repos")]

    # when a run starts from it
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {acme.api_key}")
    response = client.post(
        "/api/runs", {"workflow": "hostile", "repository": str(repository)}, format="json"
    )

    # then the clone is there and nothing ran
    assert response.status_code == 201, response.content
    workspace = Path(Run.objects.get().workspace)
    assert (workspace / "app.py").read_text() == "x = 1\n"
    assert not marker.exists()
    assert not (workspace / ".git/hooks/post-checkout").exists()
    # a plain clone in the same environment would have run the global smudge filter
    subprocess.run(["git", "clone", "-q", str(repository), str(tmp_path / "plain")], check=True)
    assert marker.exists()
