"""Runs inside the sandbox in front of a command that was granted network access:
`python3 -I -S -c <this file> <proxy socket> <port> <command...>`.

The sandbox's only network is its own loopback, so this listens on 127.0.0.1:<port> there and
relays every connection to the host's egress proxy through the Unix socket bound into the
sandbox; HTTP(S)_PROXY points clients at it. It starts the command as its child and exits with
the command's status (128 + N when a signal N killed it, as shells report it).

Nothing here is trusted: the command may kill or replace this relay, and gains nothing by it,
since the host proxy decides where a connection may go. Standard library only."""

from __future__ import annotations

import contextlib
import os
import select
import socket
import sys
import threading

CHUNK = 65536


def relay(client: socket.socket, proxy_path: str) -> None:
    upstream = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        upstream.connect(proxy_path)
        pump(client, upstream)
    except OSError:
        pass
    finally:
        client.close()
        upstream.close()


def pump(client: socket.socket, upstream: socket.socket) -> None:
    """Copies both ways; an end of stream on one side is passed on as a half-close."""
    peers = {client: upstream, upstream: client}
    reading = [client, upstream]
    while reading:
        ready, _, _ = select.select(reading, [], [])
        for side in ready:
            chunk = side.recv(CHUNK)
            if chunk:
                peers[side].sendall(chunk)
                continue
            reading.remove(side)
            with contextlib.suppress(OSError):
                peers[side].shutdown(socket.SHUT_WR)


def serve(listener: socket.socket, proxy_path: str) -> None:
    while True:
        client, _ = listener.accept()
        threading.Thread(target=relay, args=(client, proxy_path), daemon=True).start()


def main() -> None:
    proxy_path, port, command = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", port))
    listener.listen(64)
    os._exit(run_with(listener, proxy_path, command))


def run_with(listener: socket.socket, proxy_path: str, command: list[str]) -> int:
    # The command is forked before any thread starts: forking a threaded process is unsafe.
    pid = os.fork()
    if pid == 0:
        listener.close()
        try:
            os.execvp(command[0], command)
        except OSError as error:
            print(f"{command[0]}: {error.strerror}", file=sys.stderr)
        os._exit(127)
    threading.Thread(target=serve, args=(listener, proxy_path), daemon=True).start()
    _, status = os.waitpid(pid, 0)
    code = os.waitstatus_to_exitcode(status)
    return 128 - code if code < 0 else code


if __name__ == "__main__":
    main()
