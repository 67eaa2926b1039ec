"""A run's workspace as a download: a .tar.gz of its regular files and directories.

The workspace is hostile content, so it is read through `agents.sandbox.hostfs` (no link followed,
no FIFO, socket or device opened); links and special files are left out of the archive, modes are
normalised (0644, or 0755 when any execute bit is set), times and owners are fixed. The walk is
bounded in entries and time, and the content in bytes, by the same limits as an uploaded workspace
(LONGHAUL_MAX_WORKSPACE_FILES, LONGHAUL_MAX_WORKSPACE_BYTES). The archive is spooled to a
temporary file past a few megabytes.
"""

from __future__ import annotations

import io
import tarfile
import tempfile
from typing import IO
from uuid import UUID

from django.conf import settings

from agents.sandbox.hostfs import Entry, HostDirectory, WalkLimit
from runs.workspaces import workspace_path

SPOOL_BYTES = 8 * 1024 * 1024


def workspace_export(*, run_id: UUID | str) -> IO[bytes] | None:
    """The run's workspace as a .tar.gz positioned at its start; None when the run has none.
    Raises WalkLimit when the workspace is over the bounds."""
    target = workspace_path(run_id)
    if not target.is_dir() or target.is_symlink():
        return None
    spool = tempfile.SpooledTemporaryFile(max_size=SPOOL_BYTES)  # noqa: SIM115 - returned open
    try:
        with HostDirectory(target) as root, tarfile.open(fileobj=spool, mode="w:gz") as archive:
            _add_entries(root, archive)
    except BaseException:
        spool.close()
        raise
    spool.seek(0)
    return spool


def _add_entries(root: HostDirectory, archive: tarfile.TarFile) -> None:
    remaining = int(settings.LONGHAUL_MAX_WORKSPACE_BYTES)
    for entry in root.walk(max_entries=int(settings.LONGHAUL_MAX_WORKSPACE_FILES)):
        if entry.kind == "directory":
            archive.addfile(_info(entry, tarfile.DIRTYPE, 0))
        elif entry.kind == "file":
            content, _ = root.read(entry.path, limit=remaining + 1)
            if len(content) > remaining:
                limit = settings.LONGHAUL_MAX_WORKSPACE_BYTES
                raise WalkLimit(f"the workspace holds more than {limit} bytes")
            remaining -= len(content)
            archive.addfile(_info(entry, tarfile.REGTYPE, len(content)), io.BytesIO(content))


def _info(entry: Entry, kind: bytes, size: int) -> tarfile.TarInfo:
    info = tarfile.TarInfo(entry.path)
    info.type = kind
    info.size = size
    executable = kind == tarfile.DIRTYPE or bool(entry.mode & 0o111)
    info.mode = 0o755 if executable else 0o644
    info.mtime = 0
    return info
