"""A package index the sandbox tests serve themselves, as the configured index would be: a PEP 503
simple index with one pure-Python wheel, plus a few plain pages."""

from __future__ import annotations

import hashlib
import http.server
import io
import threading
import zipfile
from collections.abc import Iterator

import pytest

PORTS = range(8310, 8320)


def tiny_wheel() -> tuple[str, bytes]:
    """A pure-Python wheel built in memory: tinypkg 1.0, whose module says hello."""
    name, files = (
        "tinypkg-1.0-py3-none-any.whl",
        {
            "tinypkg/__init__.py": b"GREETING = 'hello from tinypkg'\n",
            "tinypkg-1.0.dist-info/METADATA": b"Metadata-Version: 2.1\nName: tinypkg\nVersion: 1.0\n",
            "tinypkg-1.0.dist-info/WHEEL": b"Wheel-Version: 1.0\nGenerator: test\n"
            b"Root-Is-Purelib: true\nTag: py3-none-any\n",
        },
    )
    record = "".join(f"{path},,\n" for path in files) + "tinypkg-1.0.dist-info/RECORD,,\n"
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for path, content in files.items():
            archive.writestr(path, content)
        archive.writestr("tinypkg-1.0.dist-info/RECORD", record)
    return name, buffer.getvalue()


class IndexHandler(http.server.BaseHTTPRequestHandler):
    """A PEP 503 simple index with one project, plus plain pages: /hello, /big (1 MiB) and /host
    (the Host header the request arrived with)."""

    wheel_name, wheel = tiny_wheel()

    def do_GET(self) -> None:
        digest = hashlib.sha256(self.wheel).hexdigest()
        pages = {
            "/hello": (b"hello from the host", "text/plain"),
            "/big": (b"x" * 1024**2, "application/octet-stream"),
            "/host": (f"host: {self.headers.get('Host')}".encode(), "text/plain"),
            "/simple/tinypkg/": (
                f'<a href="/files/{self.wheel_name}#sha256={digest}">{self.wheel_name}</a>'.encode(),
                "text/html",
            ),
            f"/files/{self.wheel_name}": (self.wheel, "application/octet-stream"),
        }
        body, kind = pages.get(self.path, (b"not found", "text/plain"))
        self.send_response(200 if self.path in pages else 404)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def index_url() -> Iterator[str]:
    for port in PORTS:
        try:
            server = http.server.ThreadingHTTPServer(("127.0.0.1", port), IndexHandler)
            break
        except OSError:
            continue
    else:
        pytest.fail("no free port in 8310-8319")
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{port}"
    server.shutdown()
    server.server_close()
