"""The staged /etc: only allow-listed, world-readable files, with links into /usr kept."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from agents.sandbox import SandboxUnavailable
from agents.sandbox.rootfs import publish_staged, stage_etc


@pytest.fixture
def staged(tmp_path: Path) -> Iterator[Path]:
    source = tmp_path / "etc"
    (source / "ssl" / "certs").mkdir(parents=True)
    (source / "ssl" / "private").mkdir()
    (source / "ssl" / "private" / "host.key").write_text("PRIVATE KEY")
    (source / "ssl" / "certs" / "bundle.crt").write_text("CERTS")
    (source / "ssl" / "certs" / "locked.pem").write_text("not for others")
    (source / "ssl" / "certs" / "locked.pem").chmod(0o600)
    (source / "ssl" / "certs" / "ca.pem").symlink_to("/usr/bin/env")
    (source / "shadow").write_text("root:$6$hash")
    (source / "hosts").write_text("127.0.0.1 localhost\n")
    elsewhere = tmp_path / "run" / "resolv.conf"
    elsewhere.parent.mkdir()
    elsewhere.write_text("nameserver 10.0.0.2\n")
    (source / "resolv.conf").symlink_to(elsewhere)
    target = stage_etc(source)
    yield target
    shutil.rmtree(target)


def test_only_allow_listed_world_readable_files_are_staged(staged: Path) -> None:
    assert (staged / "hosts").read_text() == "127.0.0.1 localhost\n"
    assert (staged / "ssl" / "certs" / "bundle.crt").read_text() == "CERTS"
    assert not (staged / "shadow").exists()
    assert not (staged / "ssl" / "private").exists()
    assert not (staged / "ssl" / "certs" / "locked.pem").exists()


def test_links_into_usr_stay_links_and_others_are_copied(staged: Path) -> None:
    assert os.readlink(staged / "ssl" / "certs" / "ca.pem") == "/usr/bin/env"
    assert not (staged / "resolv.conf").is_symlink()
    assert (staged / "resolv.conf").read_text() == "nameserver 10.0.0.2\n"


def test_passwd_names_only_the_sandbox_user(staged: Path) -> None:
    assert (staged / "passwd").read_text().splitlines() == [
        "sandbox:x:1000:1000:sandbox:/tmp:/bin/sh"
    ]
    assert (staged / "passwd").stat().st_mode & 0o777 == 0o644
    assert staged.stat().st_mode & 0o777 == 0o755


def test_identical_copies_share_one_content_addressed_directory(tmp_path: Path) -> None:
    source = tmp_path / "etc"
    source.mkdir()
    (source / "hosts").write_text("127.0.0.1 localhost\n")
    first = publish_staged(stage_etc(source))
    second_staging = stage_etc(source)
    try:
        assert publish_staged(second_staging) == first
        assert not second_staging.exists()
        (source / "hosts").write_text("127.0.0.1 changed\n")
        changed = publish_staged(stage_etc(source))
        assert changed != first
        shutil.rmtree(changed)
    finally:
        shutil.rmtree(first)


def test_a_planted_directory_is_refused(tmp_path: Path) -> None:
    source = tmp_path / "etc"
    source.mkdir()
    staging = stage_etc(source)
    planted = publish_staged(staging)
    planted.chmod(0o777)  # as if another user had made it writable for everyone
    try:
        with pytest.raises(SandboxUnavailable, match="not made by this user"):
            publish_staged(stage_etc(source))
    finally:
        shutil.rmtree(planted)
