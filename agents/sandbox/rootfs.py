"""The read-only system view inside the sandbox: /usr from the host and a staged /etc.

/etc is not bound from the host, which holds secrets (shadow, ssh host keys, TLS private keys,
service credentials). A short allow-list of world-readable files is copied, together with a
synthetic passwd and group naming only the sandbox user, into a directory named after a digest
of its contents, and that directory is bound read-only as /etc: one mount instead of twenty
keeps start-up fast. Processes with the same /etc share one copy and nothing needs cleaning up
when a worker is killed; a host change to those files yields a new copy at the next process
start."""

from __future__ import annotations

import hashlib
import os
import shutil
import stat
import tempfile
import threading
from pathlib import Path

from agents.sandbox.errors import SandboxUnavailable

SANDBOX_UID = 1000
ETC_ALLOW_LIST = (
    "alternatives", "ca-certificates", "ca-certificates.conf", "gai.conf", "host.conf", "hosts",
    "ld.so.cache", "ld.so.conf", "ld.so.conf.d", "localtime", "mime.types", "nsswitch.conf",
    "os-release", "protocols", "python3", "python3.11", "python3.12", "resolv.conf", "services",
    "ssl/certs", "ssl/openssl.cnf",
)  # fmt: skip
TOP_LEVEL = ("bin", "lib", "lib32", "lib64", "libx32", "sbin")
_PASSWD = f"sandbox:x:{SANDBOX_UID}:{SANDBOX_UID}:sandbox:/tmp:/bin/sh\n"
_GROUP = f"sandbox:x:{SANDBOX_UID}:\n"

_lock = threading.Lock()
_staged: list[Path] = []


def staged_etc(source: Path = Path("/etc")) -> Path:
    """The staged copy of /etc, made on first use in this process tree."""
    with _lock:
        if not _staged or not _staged[-1].is_dir():  # a temp cleaner may have removed it
            _staged.append(publish_staged(stage_etc(source)))
        return _staged[-1]


def publish_staged(staging: Path) -> Path:
    """Renames a fresh copy to its content-addressed name, or reuses an identical copy that is
    already there. An existing directory counts only if this user owns it and nobody else can
    write to it: /tmp is shared, and another user could have planted one under that name."""
    final = staging.parent / f"longhaul-sandbox-etc-{os.geteuid()}-{_digest(staging)}"
    try:
        os.rename(staging, final)
        return final
    except OSError:
        shutil.rmtree(staging, ignore_errors=True)
    info = os.lstat(final)
    if not stat.S_ISDIR(info.st_mode) or info.st_uid != os.geteuid() or info.st_mode & 0o022:
        raise SandboxUnavailable(f"{final} exists but was not made by this user; remove it")
    return final


def _digest(root: Path) -> str:
    digest = hashlib.sha256()
    for directory, subdirectories, files in sorted(os.walk(root)):
        for name in sorted(
            files + [d for d in subdirectories if (Path(directory) / d).is_symlink()]
        ):
            path = Path(directory) / name
            content = os.readlink(path).encode() if path.is_symlink() else path.read_bytes()
            digest.update(f"{path.relative_to(root)}\0{len(content)}\0".encode() + content)
    return digest.hexdigest()[:16]


def system_mounts(etc: Path) -> list[str]:
    """bwrap arguments for /usr, the merged-/usr symlinks (/bin -> usr/bin, ...) and /etc."""
    mounts = ["--ro-bind", "/usr", "/usr"]
    for name in TOP_LEVEL:
        host = f"/{name}"
        if os.path.islink(host):
            mounts += ["--symlink", os.readlink(host), host]
        elif os.path.isdir(host):
            mounts += ["--ro-bind", host, host]
    return [*mounts, "--ro-bind", str(etc), "/etc"]


def stage_etc(source: Path) -> Path:
    """Copies the allow-listed, world-readable part of `source` into a new private directory."""
    target = Path(tempfile.mkdtemp(prefix="longhaul-sandbox-etc-"))
    for name in ETC_ALLOW_LIST:
        _copy_world_readable(source / name, target / name)
    (target / "passwd").write_text(_PASSWD)
    (target / "group").write_text(_GROUP)
    for directory, _, files in os.walk(target):
        os.chmod(directory, 0o755)
        for file in files:
            path = os.path.join(directory, file)
            if not os.path.islink(path):
                os.chmod(path, 0o644)
    return target


def _copy_world_readable(source: Path, target: Path) -> None:
    """Copies a file or tree, keeping symlinks as symlinks, and only what every local user could
    read anyway (a 0600 key in an allow-listed directory stays behind)."""
    try:
        info = source.lstat()
        if stat.S_ISLNK(info.st_mode):
            resolved = source.resolve(strict=True)
            if resolved.is_relative_to("/usr"):  # present in the sandbox as well: keep the link
                target.parent.mkdir(parents=True, exist_ok=True)
                target.symlink_to(os.readlink(source))
                return
            source, info = resolved, resolved.stat()  # e.g. resolv.conf -> /run/...: copy it
    except (OSError, RuntimeError):  # missing, dangling or a loop
        return
    target.parent.mkdir(parents=True, exist_ok=True)
    if not info.st_mode & stat.S_IROTH:
        return
    if stat.S_ISDIR(info.st_mode):
        target.mkdir(exist_ok=True)
        for child in source.iterdir():
            _copy_world_readable(child, target / child.name)
    elif stat.S_ISREG(info.st_mode):
        shutil.copyfile(source, target)
