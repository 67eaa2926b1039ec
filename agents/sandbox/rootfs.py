"""The read-only system view inside the sandbox: /usr from the host and a staged /etc.

/etc is not bound from the host, which holds secrets (shadow, ssh host keys, TLS private keys,
service credentials). A short allow-list of world-readable files is copied once per process into
a private staging directory, together with a synthetic passwd and group naming only the sandbox
user, and that directory is bound read-only as /etc: one mount instead of twenty keeps start-up
fast. Host changes to those files are seen by sandboxes started after the next process start."""

from __future__ import annotations

import atexit
import os
import shutil
import stat
import tempfile
import threading
from pathlib import Path

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
_staged: list[Path] = []  # forked workers reuse the copy their parent made (it is read-only)


def staged_etc(source: Path = Path("/etc")) -> Path:
    """The staged copy of /etc for this process tree, made on first use."""
    with _lock:
        if not _staged or not _staged[-1].is_dir():  # a temp cleaner may have removed it
            _staged.append(stage_etc(source))
            atexit.register(_remove, _staged[-1], os.getpid())
        return _staged[-1]


def _remove(path: Path, creator: int) -> None:
    # Forked children inherit atexit handlers; only the process that made the copy removes it.
    if os.getpid() == creator:
        shutil.rmtree(path, ignore_errors=True)


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
