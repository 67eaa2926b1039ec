"""The strict extractor for uploaded workspace archives (.tar, .tar.gz, .tar.bz2, .tar.xz).

An archive is hostile input unpacked by the host. Only regular files and directories are
accepted: links, devices and FIFOs, absolute paths, `..`, setuid and setgid files, duplicate
names, and names too long or too deep are refused with a message that names the member. Size is
counted from the bytes actually unpacked (not the sizes the headers declare), the decompressed
stream is capped (gzip bombs), metadata headers are bounded (a huge long-name or pax record would
otherwise be read into memory), and so is the number of members. Files are written through
`agents.sandbox.hostfs` with normalised modes (0644, or 0755 when any execute bit was set).
A `.git` directory is unpacked like any other data: no host process ever reads it as a repository.
"""

from __future__ import annotations

import bz2
import gzip
import lzma
import tarfile
import zlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import IO, Any

from agents.sandbox.hostfs import HostDirectory

MAX_DEPTH = 32
MAX_NAME_BYTES = 255
MAX_PATH_CHARS = 1024
MAX_METADATA_BYTES = 1024 * 1024
# Real tar programs write at most a global pax header, a pax header and GNU long name and link
# headers before a member; tarfile recurses once per header in a row.
MAX_METADATA_CHAIN = 8
_METADATA_TYPES = (
    tarfile.GNUTYPE_LONGNAME,
    tarfile.GNUTYPE_LONGLINK,
    tarfile.XHDTYPE,
    tarfile.XGLTYPE,
    tarfile.SOLARIS_XHDTYPE,
)
_CHUNK = 1024 * 1024


class ArchiveRefused(ValueError):
    """The archive cannot be unpacked safely; the message names the member and the reason."""

    def __init__(self, member: str, reason: str) -> None:
        super().__init__(f"{member!r}: {reason}" if member else reason)


@dataclass
class _Unpacking:
    max_bytes: int
    max_files: int
    written: int = 0
    members: int = 0
    files: set[str] = field(default_factory=set)


def unpack(archive: IO[bytes], root: HostDirectory, *, max_bytes: int, max_files: int) -> int:
    """Unpacks `archive` into `root`; returns the bytes written. Raises ArchiveRefused, or
    tarfile.TarError / OSError / EOFError / zlib.error / lzma.LZMAError for a damaged archive."""
    stream = _Capped(_decompressed(archive), limit=2 * max_bytes + 64 * 1024 * 1024)
    state = _Unpacking(max_bytes, max_files)
    with tarfile.open(fileobj=stream, mode="r|", tarinfo=_BoundedTarInfo) as tar:  # type: ignore[call-overload]
        for member in tar:
            state.members += 1
            if state.members > max_files:
                raise ArchiveRefused("", f"the archive has more than {max_files} entries")
            _unpack_member(tar, member, root, state)
    return state.written


def _unpack_member(
    tar: tarfile.TarFile, member: tarfile.TarInfo, root: HostDirectory, state: _Unpacking
) -> None:
    name = checked_name(member.name)
    if member.isdir():
        if name:
            _apply(member.name, lambda: root.make_directories(name))
        return
    _check_type(member)
    if not name:
        raise ArchiveRefused(member.name, "a file needs a name")
    if name in state.files:
        raise ArchiveRefused(member.name, "the name appears more than once in the archive")
    state.files.add(name)
    if member.size > state.max_bytes - state.written:
        raise ArchiveRefused(member.name, _too_large(state.max_bytes))
    source = tar.extractfile(member)
    assert source is not None  # a regular member always has content
    mode = 0o755 if member.mode & 0o111 else 0o644
    _apply(member.name, lambda: root.write(name, _counted(source, member.name, state), mode=mode))


def checked_name(raw: str) -> str:
    """The member's path, normalised, or ArchiveRefused."""
    if "\x00" in raw:
        raise ArchiveRefused(raw, "the name holds a NUL byte")
    if raw.startswith("/"):
        raise ArchiveRefused(raw, "absolute paths are not allowed")
    parts = [part for part in raw.split("/") if part not in ("", ".")]
    if ".." in parts:
        raise ArchiveRefused(raw, "'..' is not allowed in a path")
    if len(parts) > MAX_DEPTH:
        raise ArchiveRefused(raw, f"more than {MAX_DEPTH} directories deep")
    if len(raw) > MAX_PATH_CHARS:
        raise ArchiveRefused(raw[:80] + "...", f"the path is over {MAX_PATH_CHARS} characters")
    if any(len(part.encode("utf-8", "surrogateescape")) > MAX_NAME_BYTES for part in parts):
        raise ArchiveRefused(raw[:80], f"a name is over {MAX_NAME_BYTES} bytes")
    return "/".join(parts)


def _check_type(member: tarfile.TarInfo) -> None:
    if member.issym():
        raise ArchiveRefused(member.name, "symbolic links are not allowed")
    if member.islnk():
        raise ArchiveRefused(member.name, "hard links are not allowed")
    if member.ischr() or member.isblk():
        raise ArchiveRefused(member.name, "device files are not allowed")
    if member.isfifo():
        raise ArchiveRefused(member.name, "FIFOs are not allowed")
    if not member.isreg():
        raise ArchiveRefused(member.name, "only regular files and directories are allowed")
    if member.mode & 0o6000:
        raise ArchiveRefused(member.name, "setuid and setgid files are not allowed")


def _apply(member: str, action: Callable[[], object]) -> None:
    """Runs a write, turning a clash with what is already there into a refusal."""
    try:
        action()
    except (FileExistsError, IsADirectoryError, NotADirectoryError) as error:
        raise ArchiveRefused(member, f"clashes with another entry ({error})") from None


def _counted(source: IO[bytes], member: str, state: _Unpacking) -> Iterator[bytes]:
    while chunk := source.read(_CHUNK):
        state.written += len(chunk)
        if state.written > state.max_bytes:
            raise ArchiveRefused(member, _too_large(state.max_bytes))
        yield chunk


def _too_large(limit: int) -> str:
    return f"the archive unpacks to more than {limit} bytes (LONGHAUL_MAX_WORKSPACE_BYTES)"


def _decompressed(archive: IO[bytes]) -> IO[bytes] | gzip.GzipFile:
    head = archive.read(6)
    archive.seek(0)
    if head.startswith(b"\x1f\x8b"):
        return gzip.GzipFile(fileobj=archive, mode="rb")
    if head.startswith(b"BZh"):
        return bz2.BZ2File(archive)
    if head.startswith(b"\xfd7zXZ\x00"):
        return lzma.LZMAFile(archive)
    if head.startswith(b"PK"):
        raise ArchiveRefused("", "zip archives are not accepted; upload a .tar.gz")
    return archive


class _Capped:
    """Reads at most `limit` bytes of the decompressed stream (a gzip bomb stops here)."""

    def __init__(self, inner: IO[bytes] | gzip.GzipFile, *, limit: int) -> None:
        self.inner, self.left = inner, limit

    def read(self, size: int = -1) -> bytes:
        wanted = self.left + 1 if size is None or size < 0 else min(size, self.left + 1)
        data = self.inner.read(wanted)
        self.left -= len(data)
        if self.left < 0:
            raise ArchiveRefused("", "the archive decompresses to far more than it unpacks to")
        return data


class _BoundedTarInfo(tarfile.TarInfo):
    """Refuses long-name and pax headers over MAX_METADATA_BYTES before tarfile reads them
    into memory, chains of them (tarfile recurses once per header), and sparse members, whose
    map tarfile reads into memory entry by entry however long it is."""

    def _proc_member(self, archive: tarfile.TarFile) -> Any:
        chain = getattr(archive, "_longhaul_metadata_chain", 0) + 1
        if self.type not in _METADATA_TYPES:
            chain = 0
        elif self.size > MAX_METADATA_BYTES:
            raise ArchiveRefused("", f"a {self.size}-byte metadata header (long name or pax)")
        elif chain > MAX_METADATA_CHAIN:
            raise ArchiveRefused("", f"more than {MAX_METADATA_CHAIN} metadata headers in a row")
        archive._longhaul_metadata_chain = chain  # type: ignore[attr-defined]
        if self.type == tarfile.GNUTYPE_SPARSE:
            raise _sparse_refused(self.name)
        return super()._proc_member(archive)  # type: ignore[misc]

    # tarfile's hooks for the three GNU sparse formats that pax headers announce.
    def _proc_gnusparse_00(self, next: tarfile.TarInfo, *args: Any) -> None:
        raise _sparse_refused(next.name)

    _proc_gnusparse_01 = _proc_gnusparse_00
    _proc_gnusparse_10 = _proc_gnusparse_00


def _sparse_refused(name: str) -> ArchiveRefused:
    return ArchiveRefused(name, "sparse files are not allowed; archive the file without -S")


DAMAGED = (tarfile.TarError, OSError, EOFError, zlib.error, lzma.LZMAError)
