"""A webhook receiver for release tests: a real HTTP server on the loopback that records every
POST (headers and JSON body) and answers 200."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass
class Receiver:
    url: str
    deliveries: list[dict[str, Any]] = field(default_factory=list)

    @property
    def host_port(self) -> str:
        return self.url.split("//", 1)[1].split("/", 1)[0]


@contextmanager
def webhook_receiver() -> Iterator[Receiver]:
    received: list[dict[str, Any]] = []

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
            received.append(
                {"headers": dict(self.headers), "body": json.loads(body), "path": self.path}
            )
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.end_headers()
            self.wfile.write(b'{"received": true}')

        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield Receiver(f"http://127.0.0.1:{server.server_address[1]}/hooks/research", received)
    finally:
        server.shutdown()
        server.server_close()
