"""A real PEP 503 package index on 127.0.0.1 serving wheels built on the fly, so the
install_package tool and the missing-module recovery run pip for real without the internet."""

from __future__ import annotations

import base64
import hashlib
import http.server
import io
import threading
import zipfile
from collections.abc import Iterator
from contextlib import contextmanager
from functools import partial
from pathlib import Path


def build_wheel(directory: Path, name: str, version: str, modules: dict[str, str]) -> Path:
    dist = f"{name.replace('-', '_')}-{version}"
    files = {f"{module}.py": source.encode() for module, source in modules.items()}
    files[f"{dist}.dist-info/METADATA"] = (
        f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n"
    ).encode()
    files[f"{dist}.dist-info/WHEEL"] = (
        b"Wheel-Version: 1.0\nGenerator: longhaul-tests\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    )
    record = [f"{path},sha256={_digest(data)},{len(data)}" for path, data in files.items()]
    files[f"{dist}.dist-info/RECORD"] = (
        "\n".join([*record, f"{dist}.dist-info/RECORD,,"]) + "\n"
    ).encode()
    target = directory / "files" / f"{dist}-py3-none-any.whl"
    target.parent.mkdir(parents=True, exist_ok=True)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for path, data in files.items():
            archive.writestr(path, data)
    target.write_bytes(buffer.getvalue())
    _index_page(directory, name, target)
    return target


def _digest(data: bytes) -> str:
    return base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def _index_page(directory: Path, name: str, wheel: Path) -> None:
    normalized = name.lower().replace("_", "-").replace(".", "-")
    page = directory / "simple" / normalized / "index.html"
    page.parent.mkdir(parents=True, exist_ok=True)
    sha = hashlib.sha256(wheel.read_bytes()).hexdigest()
    page.write_text(
        f'<html><body><a href="../../files/{wheel.name}#sha256={sha}">{wheel.name}</a></body></html>'
    )


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


@contextmanager
def serve_index(directory: Path) -> Iterator[str]:
    """Serves `directory` over HTTP; yields the index URL (…/simple)."""
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), partial(_Quiet, directory=str(directory))
    )
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/simple"
    finally:
        server.shutdown()
        server.server_close()
