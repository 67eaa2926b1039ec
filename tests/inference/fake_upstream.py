"""A scripted OpenAI-compatible server (the test edge): answers GET /v1/models."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


@contextmanager
def fake_upstream(models: tuple[str, ...] = ("standard",), status: int = 200) -> Iterator[str]:
    """Yields the base URL (ending in /v1); records Authorization headers in `.seen_auth`."""
    seen: list[str] = []

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            seen.append(self.headers.get("Authorization", ""))
            body = json.dumps({"object": "list", "data": [{"id": m} for m in models]}).encode()
            self.send_response(status if self.path == "/v1/models" else 404)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}/v1"
    finally:
        server.shutdown()
        server.server_close()
    fake_upstream.seen_auth = seen  # type: ignore[attr-defined]
