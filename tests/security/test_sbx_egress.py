"""Attacks on the egress an approved install gets: the host's filtering proxy, spoken to directly
(as an agent that replaced the in-sandbox relay would) and from inside the real sandbox. Names
that resolve to loopback, mapped addresses, targets off the list, other ports of an allowed
private host, slow senders, too many connections, too many bytes, other methods, and a spoofed
Host header; every refusal is logged."""

from __future__ import annotations

import contextlib
import logging
import socket
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from agents.sandbox import BubblewrapSandbox, Egress
from agents.sandbox.egress import SOCKET_NAME, EgressProxy
from tests.sandbox.conftest import sandbox, workspace, workspaces_root
from tests.sandbox.index_server import index_url

__all__ = ["index_url", "sandbox", "workspace", "workspaces_root"]
OpenProxy = Callable[[Egress], Path]  # starts a proxy for the test; returns its socket


def ask(proxy: Path, request: bytes) -> bytes:
    """Sends `request` to the proxy's socket and reads the answer until the proxy closes."""
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as client:
        client.settimeout(20)
        client.connect(str(proxy))
        # A proxy that refuses at once (503, then close) may have closed before the request is
        # sent; its answer is still there to read.
        with contextlib.suppress(BrokenPipeError, ConnectionResetError):
            client.sendall(request)
        answer = b""
        while chunk := client.recv(65536):
            answer += chunk
        return answer


@pytest.fixture
def open_proxy() -> Iterator[OpenProxy]:
    started: list[EgressProxy] = []

    def start(egress: Egress) -> Path:
        proxy = EgressProxy(egress).__enter__()
        started.append(proxy)
        return proxy.directory / SOCKET_NAME

    yield start
    for proxy in started:
        proxy.__exit__(None, None, None)


def status_of(answer: bytes) -> int:
    return int(answer.split(b" ", 2)[1])


def test_an_allowed_name_that_resolves_to_loopback_is_refused(
    open_proxy: OpenProxy, caplog: pytest.LogCaptureFixture
) -> None:
    """The proxy resolves the name itself and checks every address it would connect to."""
    proxy = open_proxy(Egress(hosts=("localhost:6379",)))

    with caplog.at_level(logging.WARNING, logger="agents.sandbox.egress"):
        answer = ask(proxy, b"CONNECT localhost:6379 HTTP/1.1\r\nHost: localhost:6379\r\n\r\n")

    assert status_of(answer) == 403
    assert b"non-public address (127.0.0.1)" in answer
    assert "localhost:6379 resolves to a non-public address" in caplog.text


@pytest.mark.parametrize(
    "listed", ["[::ffff:127.0.0.1]:6379", "[::1]:6379", "[64:ff9b::a00:1]:80", "0.0.0.0:6379"]
)
def test_mapped_translated_and_unspecified_loopback_literals_are_refused(
    open_proxy: OpenProxy, listed: str
) -> None:
    proxy = open_proxy(Egress(hosts=(listed,)))

    answer = ask(proxy, f"CONNECT {listed} HTTP/1.1\r\n\r\n".encode())

    assert status_of(answer) == 403
    assert b"non-public" in answer


@pytest.mark.parametrize(
    "target",
    [
        "127.0.0.1:6379",
        "127.0.0.1:5432",
        "169.254.169.254:80",
        "10.0.0.1:80",
        "[::1]:5432",
        "pypi.org:443",
        "files.pythonhosted.org.evil.example:443",
    ],
)
def test_targets_off_the_allow_list_are_refused(open_proxy: OpenProxy, target: str) -> None:
    proxy = open_proxy(Egress(hosts=("files.pythonhosted.org:443",)))

    answer = ask(proxy, f"CONNECT {target} HTTP/1.1\r\n\r\n".encode())

    assert status_of(answer) == 403
    assert b"not in the sandbox's egress allow-list" in answer


def test_a_private_host_is_allowed_on_its_exact_port_only(
    open_proxy: OpenProxy, index_url: str
) -> None:
    authority = index_url.removeprefix("http://")
    host, port = authority.rsplit(":", 1)
    proxy = open_proxy(Egress(private_hosts=(authority,)))

    allowed = ask(proxy, f"GET {index_url}/hello HTTP/1.1\r\nHost: {authority}\r\n\r\n".encode())
    other = ask(proxy, f"CONNECT {host}:{int(port) + 1} HTTP/1.1\r\n\r\n".encode())

    assert status_of(allowed) == 200
    assert allowed.endswith(b"hello from the host")
    assert status_of(other) == 403


def test_a_spoofed_host_header_does_not_change_where_the_request_goes(
    open_proxy: OpenProxy, index_url: str
) -> None:
    authority = index_url.removeprefix("http://")
    proxy = open_proxy(Egress(private_hosts=(authority,)))

    answer = ask(proxy, f"GET {index_url}/host HTTP/1.1\r\nHost: 127.0.0.1:6379\r\n\r\n".encode())

    assert status_of(answer) == 200
    assert answer.endswith(f"host: {authority}".encode())


def test_slow_headers_are_cut_off(open_proxy: OpenProxy) -> None:
    """A slowloris client that never finishes its headers holds a connection only so long."""
    proxy = open_proxy(Egress(hosts=("pypi.org:443",), header_seconds=0.5))

    answer = ask(proxy, b"CONNECT pypi.org:443 HTTP/1.1\r\nX-Slow: ")

    assert status_of(answer) == 408


def test_connections_at_once_are_bounded(open_proxy: OpenProxy) -> None:
    proxy = open_proxy(Egress(hosts=("pypi.org:443",), max_connections=2, header_seconds=30))
    held = []
    for _ in range(2):
        client = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        client.connect(str(proxy))
        client.sendall(b"CONNECT pypi.org:443 HTTP/1.1\r\n")  # and never finishes
        held.append(client)
    try:
        answer = ask(proxy, b"CONNECT pypi.org:443 HTTP/1.1\r\n\r\n")
    finally:
        for client in held:
            client.close()

    assert status_of(answer) == 503


def test_the_byte_budget_cuts_a_download_short(open_proxy: OpenProxy, index_url: str) -> None:
    authority = index_url.removeprefix("http://")
    proxy = open_proxy(Egress(private_hosts=(authority,), max_bytes=64 * 1024))

    request = f"GET {index_url}/big HTTP/1.1\r\nHost: {authority}\r\n\r\n".encode()

    answer = ask(proxy, request)

    assert status_of(answer) == 200
    # Both directions count: the request as the proxy sent it on, and the start of the 1 MiB.
    assert len(answer) < 64 * 1024


@pytest.mark.parametrize(
    ("request_bytes", "status"),
    [
        (b"POST http://pypi.org/ HTTP/1.1\r\n\r\n", 405),
        (b"GET https://pypi.org/ HTTP/1.1\r\n\r\n", 400),
        (b"GET /relative HTTP/1.1\r\n\r\n", 400),
        (b"\x16\x03\x01 garbage\r\n\r\n", 400),
        (b"CONNECT pypi.org HTTP/1.1\r\n\r\n", 400),
        (b"CONNECT pypi.org:443 HTTP/1.1\r\nX: " + b"a" * 20_000, 431),
    ],
    ids=["post", "https-get", "origin-form", "tls-hello", "no-port", "huge-headers"],
)
def test_only_connect_and_absolute_get_are_proxied(
    open_proxy: OpenProxy, request_bytes: bytes, status: int
) -> None:
    proxy = open_proxy(Egress(hosts=("pypi.org:443",)))

    assert status_of(ask(proxy, request_bytes)) == status


RAW_CONNECT = """
import socket, sys
client = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
client.connect("/run/longhaul-egress/proxy.sock")
client.sendall(b"CONNECT 127.0.0.1:6379 HTTP/1.1\\r\\n\\r\\nPING\\r\\n")
print(client.recv(200).decode().splitlines()[0])
"""


def test_speaking_to_the_proxy_socket_directly_gains_nothing(
    sandbox: BubblewrapSandbox, workspace: Path, index_url: str
) -> None:
    """The relay inside is the agent's to replace: the decisions are the host's."""
    egress = Egress(private_hosts=(index_url.removeprefix("http://"),))

    result = sandbox.run(["python3", "-c", RAW_CONNECT], workspace=workspace, network=egress)

    assert result.stdout.startswith("HTTP/1.1 403"), result.stdout + result.stderr
    assert "PONG" not in result.stdout


def test_without_an_egress_there_is_no_relay_and_no_proxy(
    sandbox: BubblewrapSandbox, workspace: Path
) -> None:
    script = (
        "import os, socket\n"
        "print(os.path.exists('/run/longhaul-egress'))\n"
        "try:\n"
        "    socket.create_connection(('127.0.0.1', 3128), timeout=3)\n"
        "    print('connected')\n"
        "except OSError as error:\n"
        "    print(type(error).__name__)\n"
    )

    result = sandbox.run(["python3", "-c", script], workspace=workspace)

    assert result.stdout.split() == ["False", "ConnectionRefusedError"]
