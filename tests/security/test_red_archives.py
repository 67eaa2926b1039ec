"""An outside reviewer's archive tricks on `POST /api/runs`, past the ones the strict extractor was
built for: tar's own metadata used as an amplifier. A few kilobytes of chained pax or long-name
headers recurse once per header inside tarfile; a sparse map (GNU sparse 1.0 in the member's
data, or old GNU extension blocks) is read into memory entry by entry, so a 100 kB upload
costs gigabytes and minutes before the size limits see a byte. Each is refused up front with a
clear 400 that names the trick, leaves nothing on disk and creates no run."""

from __future__ import annotations

import gzip
import io
import tarfile
from pathlib import Path
from typing import Any

import pytest

from tests.factories import TenantFixture
from tests.security.test_workspace_archives import assert_refused
from tests.security.ws_support import Member, model, post_archive, tar_bytes, ws_runtime

__all__ = ["model", "ws_runtime"]
pytestmark = pytest.mark.django_db(transaction=True)
END = b"\0" * 1024


def header(info: tarfile.TarInfo, tar_format: Any = tarfile.USTAR_FORMAT) -> bytes:
    return info.tobuf(format=tar_format)


def block(data: bytes) -> bytes:
    return data.ljust(-(-len(data) // 512) * 512, b"\0")


def chained_pax_headers(count: int) -> bytes:
    """`count` pax extended headers in a row before one small file."""
    out = io.BytesIO()
    body = b"11 path=x\n"
    for _ in range(count):
        info = tarfile.TarInfo("././@PaxHeader")
        info.type, info.size = tarfile.XHDTYPE, len(body)
        out.write(header(info) + block(body))
    out.write(header(tarfile.TarInfo("x")) + END)
    return gzip.compress(out.getvalue())


def chained_long_names(count: int) -> bytes:
    out = io.BytesIO()
    body = b"x\0"
    for _ in range(count):
        info = tarfile.TarInfo("././@LongLink")
        info.type, info.size = tarfile.GNUTYPE_LONGNAME, len(body)
        out.write(header(info, tarfile.GNU_FORMAT) + block(body))
    out.write(header(tarfile.TarInfo("x"), tarfile.GNU_FORMAT) + END)
    return gzip.compress(out.getvalue())


def gnu_sparse_1_0(entries: int) -> bytes:
    """A pax member in GNU sparse format 1.0 whose map, in its data, lists `entries` regions."""
    data = block(f"{entries}\n".encode() + b"1\n" * (2 * entries))
    info = tarfile.TarInfo("holes.img")
    info.size = len(data)
    info.pax_headers = {
        "GNU.sparse.major": "1",
        "GNU.sparse.minor": "0",
        "GNU.sparse.name": "holes.img",
        "GNU.sparse.realsize": "1",
    }
    return gzip.compress(header(info, tarfile.PAX_FORMAT) + data + END)


def old_gnu_sparse(extension_blocks: int) -> bytes:
    """An old GNU sparse member ('S') followed by `extension_blocks` blocks of 21 map entries."""
    info = tarfile.TarInfo("holes.img")
    info.type = tarfile.GNUTYPE_SPARSE
    raw = bytearray(header(info, tarfile.GNU_FORMAT))
    raw[482] = 1  # isextended
    raw[148:156] = b" " * 8
    raw[148:156] = b"%06o\0 " % sum(raw)
    entry = b"%011o\0" % 1 + b"%011o\0" % 1
    extension = block(entry * 21)[:504] + b"\1" + b"\0" * 7
    last = block(entry * 21)[:504] + b"\0" * 8
    return gzip.compress(bytes(raw) + extension * (extension_blocks - 1) + last + END)


@pytest.mark.timeout(120)
@pytest.mark.parametrize(
    ("archive", "words"),
    [
        (lambda: chained_pax_headers(3000), ("metadata headers in a row",)),
        (lambda: chained_long_names(3000), ("metadata headers in a row",)),
        (lambda: gnu_sparse_1_0(200_000), ("holes.img", "sparse files are not allowed")),
        (lambda: old_gnu_sparse(20_000), ("holes.img", "sparse files are not allowed")),
    ],
    ids=["pax-chain", "long-name-chain", "gnu-sparse-1.0-map", "old-gnu-sparse-extensions"],
)
def test_tar_metadata_cannot_amplify_a_small_upload(
    acme: TenantFixture, ws_runtime: Path, archive: object, words: tuple[str, ...]
) -> None:
    # given a small upload whose tar metadata would recurse or fill memory in the web process
    data = archive()  # type: ignore[operator]
    assert len(data) < 200_000

    # when it is posted as a workspace
    response = post_archive(acme, data)

    # then it is a clear 400 before any of it is expanded, and nothing is left
    assert_refused(response, ws_runtime, *words)


def test_ordinary_long_names_and_pax_headers_still_unpack(
    acme: TenantFixture, ws_runtime: Path
) -> None:
    """The bound leaves room for what real tar programs write: a long name, pax records."""
    long_name = "d/" + "n" * 200 + "/file.txt"
    members = [Member(long_name, b"ok\n", pax={"comment": "made by tar"}), Member("a.txt", b"a")]

    response = post_archive(acme, tar_bytes(members))

    assert response.status_code == 201, response.content
    workspace = next(p for p in ws_runtime.iterdir() if not p.name.startswith("."))
    assert (workspace / long_name).read_bytes() == b"ok\n"
