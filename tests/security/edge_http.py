"""A raw HTTP/1.1 client for attacks at the web process's edge: bodies with a declared length
that never come, chunked bodies without one, chosen Host headers and source addresses."""

from __future__ import annotations

import json
import select
import socket
import time
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit


@dataclass
class Reply:
    status: int
    headers: dict[str, str]
    body: bytes
    sent: int = 0  # body bytes the server took before it answered

    def json(self) -> Any:
        return json.loads(self.body)

    @property
    def text(self) -> str:
        return self.body.decode("utf-8", "replace")


@dataclass
class Request:
    method: str
    path: str
    headers: dict[str, str] = field(default_factory=dict)
    body: bytes = b""
    declared: int | None = None  # Content-Length to announce; None: len(body), or chunked
    chunked: bool = False


def send(base: str, request: Request, *, source: str = "127.0.0.1", timeout: float = 20) -> Reply:
    """Sends `request` (streaming a chunked body in 64 KiB pieces, watching for an early answer
    between them) and reads the answer."""
    parts = urlsplit(base)
    with socket.create_connection(
        (parts.hostname, parts.port), timeout=timeout, source_address=(source, 0)
    ) as conn:
        conn.sendall(_head(parts.netloc, request))
        sent = _send_body(conn, request)
        return _read(conn, sent, timeout)


def _head(netloc: str, request: Request) -> bytes:
    headers = {"Host": netloc, "Connection": "close", **request.headers}
    if request.chunked:
        headers["Transfer-Encoding"] = "chunked"
    else:
        length = request.declared if request.declared is not None else len(request.body)
        headers["Content-Length"] = str(length)
    lines = [
        f"{request.method} {request.path} HTTP/1.1",
        *(f"{k}: {v}" for k, v in headers.items()),
    ]
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1")


def _send_body(conn: socket.socket, request: Request) -> int:
    sent, piece = 0, 64 * 1024
    try:
        for start in range(0, len(request.body), piece):
            if select.select([conn], [], [], 0)[0]:
                return sent  # the server answered before the body was through
            chunk = request.body[start : start + piece]
            framed = f"{len(chunk):x}\r\n".encode() + chunk + b"\r\n" if request.chunked else chunk
            conn.sendall(framed)
            sent += len(chunk)
        if request.chunked:
            conn.sendall(b"0\r\n\r\n")
    except (BrokenPipeError, ConnectionResetError):
        pass
    return sent


def _read(conn: socket.socket, sent: int, timeout: float) -> Reply:
    data, deadline = b"", time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            chunk = conn.recv(65536)
        except ConnectionResetError:
            break
        if not chunk:
            break
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    headers = {k.strip().lower(): v.strip() for k, _, v in (x.partition(":") for x in lines[1:])}
    if headers.get("transfer-encoding") == "chunked":
        body = _unchunk(body)
    return Reply(status, headers, body, sent)


def _unchunk(body: bytes) -> bytes:
    out = b""
    while body:
        size_line, _, rest = body.partition(b"\r\n")
        size = int(size_line.split(b";")[0], 16)
        if size == 0:
            break
        out, body = out + rest[:size], rest[size + 2 :]
    return out
