"""Runs inside a sandbox started ahead of its command (agents.sandbox.pool), as
`python3 -I -S -B -c <this file> FD`, where FD is the read end of the control pipe.

It writes one byte to stdout (ready: bwrap, the mounts, the cgroup and seccomp are all in place),
then waits for one command on FD: argv, environment, working directory, whether stdin is the
host's pipe or /dev/null, and the rlimits. It closes FD, applies them and execs the command, in
place of the `prlimit` a cold sandbox runs: the same limits, the same message and exit status
(127, or 126) when the command cannot be executed. Only the standard library, imported before
the wait; nothing else reaches stdout."""

from __future__ import annotations

import json
import os
import resource
import signal
import sys
from typing import Any

_LENGTH_BYTES = 8


def _read_exactly(fd: int, size: int) -> bytes:
    data = b""
    while len(data) < size:
        chunk = os.read(fd, size - len(data))
        if not chunk:
            return b""  # the host discarded this sandbox
        data += chunk
    return data


def _receive(fd: int) -> dict[str, Any] | None:
    header = _read_exactly(fd, _LENGTH_BYTES)
    body = _read_exactly(fd, int.from_bytes(header, "big")) if header else b""
    os.close(fd)  # before anything of the command runs
    return json.loads(body) if body else None


def _fail(text: str, status: int) -> None:
    os.write(2, text.encode("utf-8", "replace") + b"\n")
    os._exit(status)


def main() -> None:
    control = int(sys.argv[1])
    os.write(1, b"\0")
    message = _receive(control)
    if message is None:
        os._exit(0)
    argv, env = message["argv"], message["env"]
    if not message["stdin"]:
        null = os.open("/dev/null", os.O_RDWR)
        os.dup2(null, 0)
        os.close(null)
    try:
        os.chdir(message["cwd"])
    except OSError as error:
        _fail(f"bwrap: Can't chdir to {message['cwd']}: {error.strerror}", 1)
    # Python ignores both at start; ignored signals would stay ignored across exec, and a command
    # over its file size limit must die of SIGXFSZ as it does under prlimit.
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    signal.signal(signal.SIGXFSZ, signal.SIG_DFL)
    for name, soft, hard in message["rlimits"]:
        resource.setrlimit(getattr(resource, name), (soft, hard))
    try:
        os.execvpe(argv[0], argv, env)
    except OSError as error:
        reason = error.strerror or str(error)
        _fail(f"prlimit: failed to execute {argv[0]}: {reason}", 127 if error.errno == 2 else 126)


if __name__ == "__main__":
    main()
