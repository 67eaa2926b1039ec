"""The gateway's own HTTP/1.1 client against scripted servers on real sockets: keep-alive
reuse, bodies of every framing, stale connections, timeouts, broken and abandoned answers."""

from __future__ import annotations

import asyncio
import socket
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager

import pytest

from gateway.upstream import (
    UpstreamClient,
    UpstreamClosed,
    UpstreamConnectError,
    UpstreamTimeout,
)

Handler = Callable[[asyncio.StreamReader, asyncio.StreamWriter, int], Awaitable[None]]
HEADERS = {"content-type": "application/json"}


class Server:
    """A raw TCP server whose handler writes exactly the bytes a test wants."""

    def __init__(self, handler: Handler) -> None:
        self.handler = handler
        self.connections = 0
        self.requests: list[bytes] = []
        self.closed = asyncio.Event()
        self.url = ""

    async def serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.connections += 1
        try:
            await self.handler(reader, writer, self.connections)
        finally:
            writer.close()
            self.closed.set()

    async def read_request(self, reader: asyncio.StreamReader) -> bytes | None:
        """One request (head and body), or None when the client closed the connection."""
        try:
            head = await reader.readuntil(b"\r\n\r\n")
        except asyncio.IncompleteReadError:
            return None
        length = next(
            int(line.split(b":")[1])
            for line in head.split(b"\r\n")
            if line.lower().startswith(b"content-length:")
        )
        self.requests.append(head + await reader.readexactly(length))
        return self.requests[-1]


@asynccontextmanager
async def scripted(handler: Handler) -> AsyncIterator[Server]:
    server = Server(handler)
    listener = await asyncio.start_server(server.serve, "127.0.0.1", 0)
    port = listener.sockets[0].getsockname()[1]
    server.url = f"http://127.0.0.1:{port}/v1/chat/completions"
    async with listener:
        yield server


def answer(body: bytes, *extra: bytes) -> bytes:
    head = [b"HTTP/1.1 200 OK", b"content-type: application/json", *extra]
    return b"\r\n".join([*head, b"content-length: %d" % len(body), b"", body])


async def post(client: UpstreamClient, url: str, read_timeout: float = 5.0) -> tuple[int, bytes]:
    response = await client.post(
        url, b'{"q": 1}', HEADERS, connect_timeout=2.0, read_timeout=read_timeout
    )
    return response.status_code, await response.aread()


async def test_connections_are_kept_alive_and_reused() -> None:
    async def handler(reader: asyncio.StreamReader, writer: asyncio.StreamWriter, n: int) -> None:
        while await server.read_request(reader) is not None:
            writer.write(answer(b'{"n": %d}' % len(server.requests)))

    async with scripted(handler) as server:
        client = UpstreamClient()
        replies = [await post(client, server.url) for _ in range(3)]

    assert replies == [(200, b'{"n": 1}'), (200, b'{"n": 2}'), (200, b'{"n": 3}')]
    assert server.connections == 1
    first = server.requests[0]
    assert first.startswith(b"POST /v1/chat/completions HTTP/1.1\r\n")
    assert b"\r\ncontent-length: 8\r\n" in first
    assert first.endswith(b'\r\n\r\n{"q": 1}')


async def test_chunked_and_close_delimited_bodies_are_read_whole() -> None:
    async def handler(reader: asyncio.StreamReader, writer: asyncio.StreamWriter, n: int) -> None:
        while await server.read_request(reader) is not None:
            if len(server.requests) == 1:
                writer.write(b"HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n5\r\nhello\r\n")
                await writer.drain()
                # The scripted peer pauses mid-body, as a slow real server does.
                await asyncio.sleep(0.05)
                writer.write(b"6\r\n world\r\n0\r\n\r\n")
            else:
                writer.write(b"HTTP/1.1 200 OK\r\nconnection: close\r\n\r\nuntil the end")
                return

    async with scripted(handler) as server:
        client = UpstreamClient()
        replies = [await post(client, server.url) for _ in range(3)]

    assert replies == [(200, b"hello world"), (200, b"until the end"), (200, b"until the end")]
    assert server.connections == 2  # kept after the chunked answer, not after the closing one


async def test_a_connection_the_server_closed_under_reuse_is_replaced_once() -> None:
    async def handler(reader: asyncio.StreamReader, writer: asyncio.StreamWriter, n: int) -> None:
        await server.read_request(reader)
        if n == 1:
            writer.write(answer(b"first"))
            await server.read_request(reader)
            return  # the second request on this connection is dropped: a stale keep-alive
        writer.write(answer(b"second"))

    async with scripted(handler) as server:
        client = UpstreamClient()
        first = await post(client, server.url)
        second = await post(client, server.url)

    assert (first, second) == ((200, b"first"), (200, b"second"))
    assert server.connections == 2


async def test_a_fresh_connection_closed_without_an_answer_is_an_error() -> None:
    async def handler(reader: asyncio.StreamReader, writer: asyncio.StreamWriter, n: int) -> None:
        await server.read_request(reader)

    async with scripted(handler) as server:
        with pytest.raises(UpstreamClosed):
            await post(UpstreamClient(), server.url)

    assert server.connections == 1  # nothing reused, so nothing retried


async def test_silence_past_the_read_timeout_is_a_timeout_and_the_connection_is_closed() -> None:
    async def handler(reader: asyncio.StreamReader, writer: asyncio.StreamWriter, n: int) -> None:
        await server.read_request(reader)
        await reader.read()  # returns when the client closes the connection

    async with scripted(handler) as server:
        with pytest.raises(UpstreamTimeout):
            await post(UpstreamClient(), server.url, read_timeout=0.2)
        await asyncio.wait_for(server.closed.wait(), 5)


async def test_a_refused_connection_is_a_connect_error() -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]  # bound, never listening: connections are refused

        with pytest.raises(UpstreamConnectError):
            await post(UpstreamClient(), f"http://127.0.0.1:{port}/v1/chat/completions")


async def test_a_stream_is_relayed_as_it_arrives_and_a_reset_mid_body_is_an_error() -> None:
    second_chunk = asyncio.Event()

    async def handler(reader: asyncio.StreamReader, writer: asyncio.StreamWriter, n: int) -> None:
        await server.read_request(reader)
        writer.write(b"HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n6\r\ndata 1\r\n")
        await writer.drain()
        await second_chunk.wait()
        writer.transport.abort()  # gone mid-body

    async with scripted(handler) as server:
        client = UpstreamClient()
        response = await client.post(server.url, b"{}", HEADERS, connect_timeout=2, read_timeout=5)
        chunks = response.aiter_raw()
        first = await anext(chunks)
        second_chunk.set()
        with pytest.raises(UpstreamClosed):
            await anext(chunks)

    assert first == b"data 1"


async def test_an_abandoned_answer_closes_its_connection() -> None:
    async def handler(reader: asyncio.StreamReader, writer: asyncio.StreamWriter, n: int) -> None:
        await server.read_request(reader)
        writer.write(b"HTTP/1.1 200 OK\r\ncontent-length: 100\r\n\r\npartial")
        await reader.read()

    async with scripted(handler) as server:
        client = UpstreamClient()
        response = await client.post(server.url, b"{}", HEADERS, connect_timeout=2, read_timeout=5)
        await response.aclose()
        await asyncio.wait_for(server.closed.wait(), 5)  # the backend sees the request go


async def test_an_answer_that_is_not_http_is_an_error() -> None:
    async def handler(reader: asyncio.StreamReader, writer: asyncio.StreamWriter, n: int) -> None:
        await server.read_request(reader)
        writer.write(b"SSH-2.0-OpenSSH_9.6\r\n\r\n")
        await reader.read()

    async with scripted(handler) as server:
        with pytest.raises(UpstreamClosed, match="not valid HTTP"):
            await post(UpstreamClient(), server.url)


async def test_a_header_value_cannot_smuggle_a_line() -> None:
    with pytest.raises(ValueError, match="line break"):
        await UpstreamClient().post(
            "http://127.0.0.1:9/v1",
            b"{}",
            {"authorization": "Bearer x\r\nx-injected: 1"},
            connect_timeout=1,
            read_timeout=1,
        )
