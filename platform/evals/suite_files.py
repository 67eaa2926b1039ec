"""Files a suite hands to runs: task workspaces as archives, and the suite's package index.

Archives hold regular files only, in name order, with fixed times and owners, so the same task
always uploads the same bytes. A generated workspace (finance filings, say) is written once per
process into a private temporary directory.

The package index is a static PEP 503 tree (`simple/<project>/index.html` linking
`files/<wheel>`) built from the suite's `[[packages]]` sources: pure-Python wheels that pip
installs with `--only-binary=:all:`. Serve it with `serve_package_index` (or any static file
server) and point the platform at `<url>/simple` (LONGHAUL_PACKAGE_INDEX_URL); an index on
127.0.0.1 is a private mirror the sandbox's egress proxy allows as written.
"""

from __future__ import annotations

import atexit
import base64
import hashlib
import html
import http.server
import io
import re
import shutil
import tarfile
import tempfile
import threading
import zipfile
from collections.abc import Iterator
from contextlib import contextmanager
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from agents.plugins import import_dotted

if TYPE_CHECKING:
    from evals.suites import Suite, Task

_generated: dict[str, Path] = {}
_lock = threading.Lock()
_SKIPPED = {"__pycache__"}
_ZIP_TIME = (2020, 1, 1, 0, 0, 0)


def workspace_archive(task: Task) -> bytes:
    if task.workspace is not None:
        return _archive(task.workspace, _files_under(task.workspace), prefix="")
    if task.generator:
        root = generated_workspace(task.generator)
        return _archive(root, _included(root, task.include), prefix=task.prefix)
    return b""


def generated_workspace(generator: str) -> Path:
    """The directory `generator` wrote, made once per process."""
    with _lock:
        if generator not in _generated:
            directory = Path(tempfile.mkdtemp(prefix="longhaul-eval-workspace-"))
            atexit.register(shutil.rmtree, directory, ignore_errors=True)
            import_dotted(generator)(directory)
            _generated[generator] = directory
        return _generated[generator]


def _files_under(root: Path) -> list[Path]:
    found = []
    for path in sorted(root.rglob("*")):
        relative = path.relative_to(root)
        if _SKIPPED & set(relative.parts) or path.is_symlink() or not path.is_file():
            continue
        found.append(relative)
    return found


def _included(root: Path, patterns: tuple[str, ...]) -> list[Path]:
    every = _files_under(root)
    if not patterns:
        return every
    return [p for p in every if any(p.match(pattern) for pattern in patterns)]


def _archive(root: Path, files: list[Path], *, prefix: str) -> bytes:
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz", format=tarfile.PAX_FORMAT) as archive:
        for relative in files:
            data = (root / relative).read_bytes()
            name = f"{prefix}/{relative.as_posix()}" if prefix else relative.as_posix()
            info = tarfile.TarInfo(name)
            info.size = len(data)
            info.mode = 0o755 if (root / relative).stat().st_mode & 0o111 else 0o644
            archive.addfile(info, io.BytesIO(data))
    return buffer.getvalue()


# --- the suite's package index ------------------------------------------------------------------
def package_index(suite: Suite, directory: Path) -> Path:
    """Writes the index of `suite`'s packages under `directory`; returns its `simple` folder."""
    for package in suite.packages:
        files = {
            relative.as_posix(): (package.source / relative).read_bytes()
            for relative in _files_under(package.source)
            if relative.suffix != ".pyc"
        }
        wheel = write_wheel(directory / "files", package.name, package.version, files)
        add_to_index(directory, package.name, wheel)
    projects = sorted(p.name for p in (directory / "simple").glob("*") if p.is_dir())
    links = "".join(f'<a href="{p}/">{p}</a>\n' for p in projects)
    (directory / "simple").mkdir(parents=True, exist_ok=True)
    (directory / "simple" / "index.html").write_text(f"<html><body>\n{links}</body></html>\n")
    return directory / "simple"


@contextmanager
def serve_package_index(suite: Suite) -> Iterator[str]:
    """Builds and serves `suite`'s index on 127.0.0.1; yields its URL (…/simple)."""
    with tempfile.TemporaryDirectory(prefix="longhaul-eval-index-") as folder:
        package_index(suite, Path(folder))
        with serve_directory(Path(folder)) as base:
            yield f"{base}/simple"


@contextmanager
def serve_directory(directory: Path) -> Iterator[str]:
    """Serves `directory`'s files over HTTP on 127.0.0.1; yields the base URL."""
    handler = partial(_QuietHandler, directory=str(directory))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def normalized(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def write_wheel(folder: Path, name: str, version: str, files: dict[str, bytes]) -> Path:
    """A pure-Python wheel whose top level holds `files` (path -> content)."""
    dist = f"{re.sub(r'[-.]+', '_', name)}-{version}"
    files = dict(files)
    files[f"{dist}.dist-info/METADATA"] = (
        f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n"
    ).encode()
    files[f"{dist}.dist-info/WHEEL"] = (
        b"Wheel-Version: 1.0\nGenerator: longhaul\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    )
    record = [f"{path},sha256={_record_digest(data)},{len(data)}" for path, data in files.items()]
    files[f"{dist}.dist-info/RECORD"] = "\n".join(
        [*record, f"{dist}.dist-info/RECORD,,", ""]
    ).encode()
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / f"{dist}-py3-none-any.whl"
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as archive:
        for path, data in files.items():
            archive.writestr(zipfile.ZipInfo(path, date_time=_ZIP_TIME), data)
    return target


def add_to_index(directory: Path, name: str, wheel: Path) -> None:
    """Lists `wheel` (under `directory`/files) on its project's page of `directory`/simple."""
    digest = hashlib.sha256(wheel.read_bytes()).hexdigest()
    link = html.escape(f"../../files/{wheel.name}#sha256={digest}")
    page = directory / "simple" / normalized(name) / "index.html"
    page.parent.mkdir(parents=True, exist_ok=True)
    page.write_text(
        f'<html><body>\n<a href="{link}">{html.escape(wheel.name)}</a>\n</body></html>\n'
    )


def _record_digest(data: bytes) -> str:
    return base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass
