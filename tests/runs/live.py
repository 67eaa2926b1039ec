"""Helpers for tests against the real ASGI server, Celery workers and websockets."""

from __future__ import annotations

import io
import json
import tarfile
import time
import urllib.request
from typing import Any

from websockets.sync.client import ClientConnection, connect
from websockets.sync.connection import Connection


def tarball_bytes(files: dict[str, str]) -> bytes:
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz") as archive:
        for name, text in files.items():
            data = text.encode()
            info = tarfile.TarInfo(name)
            info.size = len(data)
            archive.addfile(info, io.BytesIO(data))
    return buffer.getvalue()


def multipart(fields: dict[str, str], files: dict[str, tuple[str, bytes]]) -> tuple[bytes, str]:
    boundary = "longhaul-test-boundary"
    parts: list[bytes] = []
    for name, value in fields.items():
        parts.append(
            f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'.encode()
        )
    for name, (filename, content) in files.items():
        head = (
            f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"; '
            f'filename="{filename}"\r\nContent-Type: application/gzip\r\n\r\n'
        )
        parts.append(head.encode() + content + b"\r\n")
    parts.append(f"--{boundary}--\r\n".encode())
    return b"".join(parts), f"multipart/form-data; boundary={boundary}"


def http(
    method: str, url: str, key: str, body: bytes | None = None, content_type: str = ""
) -> tuple[int, Any]:
    request = urllib.request.Request(url, data=body, method=method)
    request.add_header("Authorization", f"Bearer {key}")
    if content_type:
        request.add_header("Content-Type", content_type)
    try:
        with urllib.request.urlopen(request, timeout=30) as reply:
            raw = reply.read()
            status = reply.status
    except urllib.error.HTTPError as error:
        raw, status = error.read(), error.code
    try:
        return status, json.loads(raw)
    except ValueError:
        return status, raw


def open_events(base: str, run_id: str, key: str, after: int = 0) -> ClientConnection:
    ws_base = base.replace("http://", "ws://")
    return connect(
        f"{ws_base}/ws/runs/{run_id}?after={after}",
        additional_headers={"Authorization": f"Bearer {key}"},
        origin=base,  # type: ignore[arg-type]
        open_timeout=10,
    )


def receive_until(
    socket: Connection, stop_kinds: set[str], timeout: float = 90.0, limit: int = 10_000
) -> list[dict[str, Any]]:
    """Events received until one of `stop_kinds` (inclusive) arrives."""
    deadline = time.monotonic() + timeout
    events: list[dict[str, Any]] = []
    while len(events) < limit:
        message = json.loads(socket.recv(timeout=max(0.1, deadline - time.monotonic())))
        events.append(message)
        if message.get("kind") in stop_kinds:
            break
    return events


def wait_for_status(
    base: str, run_id: str, key: str, statuses: set[str], timeout: float = 90.0
) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while True:
        status, run = http("GET", f"{base}/api/runs/{run_id}", key)
        if status == 200 and run["status"] in statuses:
            return dict(run)
        if time.monotonic() > deadline:
            raise AssertionError(f"run {run_id} is {run} after {timeout}s")
        # Until the server and the worker (other processes) advance the run.
        time.sleep(0.2)
