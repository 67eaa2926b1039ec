"""A small OTLP/HTTP trace receiver for tests: a process of its own on loopback that decodes
each export (protobuf, with opentelemetry-proto) and appends one JSON line per span to a file.

    python -m tests.support.otlp_collector --port PORT --out spans.jsonl
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from tests.support.processes import REPO, free_port, stop_process, wait_for_port

_WRITE = threading.Lock()


def _value(value: Any) -> Any:
    kind = value.WhichOneof("value")
    if kind == "array_value":
        return [_value(item) for item in value.array_value.values]
    return getattr(value, kind) if kind else None


def _attributes(items: Any) -> dict[str, Any]:
    return {item.key: _value(item.value) for item in items}


def spans_of(body: bytes) -> Iterator[dict[str, Any]]:
    from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import (
        ExportTraceServiceRequest,
    )

    request = ExportTraceServiceRequest.FromString(body)
    for resource_spans in request.resource_spans:
        service = _attributes(resource_spans.resource.attributes).get("service.name", "")
        for scope_spans in resource_spans.scope_spans:
            for span in scope_spans.spans:
                yield {
                    "service": service,
                    "pid": _attributes(resource_spans.resource.attributes).get("process.pid"),
                    "name": span.name,
                    "kind": span.kind,
                    "trace_id": span.trace_id.hex(),
                    "span_id": span.span_id.hex(),
                    "parent_span_id": span.parent_span_id.hex(),
                    "attributes": _attributes(span.attributes),
                }


class _Handler(BaseHTTPRequestHandler):
    out: Path

    def do_POST(self) -> None:
        body = self.rfile.read(int(self.headers.get("content-length") or 0))
        if self.path != "/v1/traces":
            self.send_response(404)
            self.end_headers()
            return
        lines = "".join(json.dumps(span) + "\n" for span in spans_of(body))
        with _WRITE, self.out.open("a") as handle:
            handle.write(lines)
        self.send_response(200)
        self.send_header("content-type", "application/x-protobuf")
        self.send_header("content-length", "0")
        self.end_headers()

    def log_message(self, *args: Any) -> None:
        pass


def read_spans(path: Path) -> list[dict[str, Any]]:
    if not path.exists():
        return []
    with _WRITE:
        return [json.loads(line) for line in path.read_text().splitlines() if line]


@contextmanager
def otlp_collector(out: Path) -> Iterator[str]:
    """The receiver as a subprocess; yields the endpoint for OTEL_EXPORTER_OTLP_ENDPOINT."""
    port = free_port()
    command = [sys.executable, "-m", "tests.support.otlp_collector", "--port", str(port)]
    process = subprocess.Popen([*command, "--out", str(out)], cwd=REPO, start_new_session=True)
    try:
        wait_for_port(port, process=process)
        yield f"http://127.0.0.1:{port}"
    finally:
        stop_process(process, grace=1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--out", type=Path, required=True)
    options = parser.parse_args()
    _Handler.out = options.out
    ThreadingHTTPServer(("127.0.0.1", options.port), _Handler).serve_forever()


if __name__ == "__main__":
    main()
