"""Real servers for tests: the ASGI app under uvicorn and Celery workers, as subprocesses."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

REPO = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_database_url() -> str:
    """DATABASE_URL rewritten to the database pytest-django created for this session."""
    from django.db import connection

    parts = urlsplit(os.environ["DATABASE_URL"])
    path = "/" + str(connection.settings_dict["NAME"])
    return urlunsplit((parts.scheme, parts.netloc, path, parts.query, parts.fragment))


def child_env(**extra: str) -> dict[str, str]:
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings.test",
        "DATABASE_URL": test_database_url(),
        "PYTHONPATH": f"{REPO / 'platform'}:{REPO}",
        "PYTHONUNBUFFERED": "1",
    }
    # Browser tests lift Django's async guard in the test process only; servers keep it.
    env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
    env.update(extra)
    return env


def wait_for_http(
    url: str, timeout: float = 30.0, process: subprocess.Popen[bytes] | None = None
) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process is not None and process.poll() is not None:
            raise RuntimeError(
                f"server exited with status {process.returncode} before {url} answered"
            )
        try:
            with urllib.request.urlopen(url, timeout=1):
                return
        except OSError:
            # Until the server (another process) answers.
            time.sleep(0.1)
    raise TimeoutError(f"{url} did not answer within {timeout}s")


def stop_process(process: subprocess.Popen[bytes], grace: float = 10.0) -> None:
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGTERM)
        with suppress(subprocess.TimeoutExpired):
            process.wait(timeout=grace)
    with suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)
    process.wait()


@contextmanager
def asgi_server(**env: str) -> Iterator[str]:
    """Runs config.asgi under uvicorn on a free port; yields its base URL. WEB_CONCURRENCY in
    `env` is uvicorn's number of worker processes."""
    with _uvicorn(None, env) as base:
        yield base


@contextmanager
def logged_asgi_server(log: Path, **env: str) -> Iterator[str]:
    """The same with uvicorn's access log on, as deployments run it, and everything the server
    prints written to `log`."""
    with _uvicorn(log, env) as base:
        yield base


@contextmanager
def _uvicorn(log: Path | None, env: dict[str, str]) -> Iterator[str]:
    port = free_port()
    command = [
        sys.executable,
        "-m",
        "uvicorn",
        "config.asgi:application",
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        *([] if log else ["--no-access-log"]),
        "--lifespan",
        "off",
    ]
    # The server's own port, so settings derived from it (the gateway URL) are true.
    server_env = child_env(**{"LONGHAUL_WEB_PORT": str(port), **env})
    output = log.open("ab") if log else None
    process = subprocess.Popen(
        command, env=server_env, cwd=REPO, start_new_session=True, stdout=output, stderr=output
    )
    base = f"http://127.0.0.1:{port}"
    try:
        # Several workers start side by side, each loading Django: give them the time.
        workers = int(env.get("WEB_CONCURRENCY", "1"))
        wait_for_http(f"{base}/healthz", timeout=30.0 * workers, process=process)
        yield base
    finally:
        stop_process(process)
        if output:
            output.close()


@contextmanager
def scripted_model_server(*args: str) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """The scripted model server (tests.support.fake_openai) in a process of its own, so that a
    test can kill it; `args` are its options (--delay-ms, --content). Yields its base URL
    (ending in /v1) and the process."""
    port = free_port()
    command = [sys.executable, "-m", "tests.support.fake_openai", "--port", str(port), *args]
    process = subprocess.Popen(command, cwd=REPO, start_new_session=True)
    try:
        wait_for_port(port, process=process)
        yield f"http://127.0.0.1:{port}/v1", process
    finally:
        stop_process(process, grace=0.1)


def wait_for_port(
    port: int, timeout: float = 30.0, process: subprocess.Popen[bytes] | None = None
) -> None:
    """Until something accepts connections on the loopback port (however slowly it answers)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process is not None and process.poll() is not None:
            raise RuntimeError(f"server exited with status {process.returncode} before listening")
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return
        # Until the server (another process) listens.
        time.sleep(0.05)
    raise TimeoutError(f"nothing listened on port {port} within {timeout}s")


@contextmanager
def celery_worker(
    *, concurrency: int = 2, queues: str = "longhaul,longhaul.interactive", **env: str
) -> Iterator[subprocess.Popen[bytes]]:
    """A real Celery worker for the test database, by default of both lanes (agent steps and
    interactive work); yields the process (tests may kill it)."""
    command = [
        sys.executable,
        "-m",
        "celery",
        "-A",
        "config.worker",
        "worker",
        "-l",
        "WARNING",
        "--concurrency",
        str(concurrency),
        "-Q",
        queues,
        "--without-mingle",
        "--without-gossip",
    ]
    process = subprocess.Popen(command, env=child_env(**env), cwd=REPO, start_new_session=True)
    try:
        yield process
    finally:
        stop_process(process)


@contextmanager
def celery_beat(schedule: Path, **env: str) -> Iterator[subprocess.Popen[bytes]]:
    """Celery beat with the platform's schedule (lease recovery among it), for the test
    database unless `env` names another; `schedule` is its state file."""
    command = [sys.executable, "-m", "celery", "-A", "config.worker", "beat", "-l", "WARNING"]
    command += ["-s", str(schedule)]
    process = subprocess.Popen(command, env=child_env(**env), cwd=REPO, start_new_session=True)
    try:
        yield process
    finally:
        stop_process(process)


@contextmanager
def embedded_inference_server(
    data_dir: Path, *, standard_context: int = 2048, fast_context: int = 1024, timeout: float = 180
) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """`manage.py serve_inference` with the bundled model on a free port; yields (base URL, process).

    Small contexts keep the two resident models cheap on a shared CI machine."""
    port = free_port()
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings.test",
        "PYTHONPATH": f"{REPO / 'platform'}:{REPO}",
        "LONGHAUL_DATA_DIR": str(data_dir),
        "LONGHAUL_STANDARD_CONTEXT": str(standard_context),
        "LONGHAUL_FAST_CONTEXT": str(fast_context),
    }
    command = [sys.executable, str(REPO / "manage.py"), "serve_inference", "--port", str(port)]
    process = subprocess.Popen(command, env=env, cwd=REPO, start_new_session=True)
    base = f"http://127.0.0.1:{port}/v1"
    try:
        wait_for_http(f"{base}/models", timeout=timeout, process=process)
        yield base, process
    finally:
        stop_process(process, grace=15)


class RedisServer:
    """A private `redis-server` on a free loopback port, without persistence.

    Tests that stop and restart Redis use their own, never one that others share; `restart`
    brings it back on the same port (empty, as a Redis without persistence comes back)."""

    def __init__(self, port: int | None = None) -> None:
        self.port = port or free_port()
        self.process: subprocess.Popen[bytes] | None = None

    def url(self, db: int = 0) -> str:
        return f"redis://127.0.0.1:{self.port}/{db}"

    def start(self, timeout: float = 10.0) -> None:
        binary = shutil.which("redis-server")
        if binary is None:
            raise RuntimeError("redis-server is not installed (deploy/system-packages.sh adds it)")
        command = [binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", ""]
        command += ["--appendonly", "no", "--daemonize", "no", "--loglevel", "warning"]
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL, start_new_session=True)
        deadline = time.monotonic() + timeout
        while not redis_answers(self.url()):
            if self.process.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(f"redis-server did not start on port {self.port}")
            # Until redis-server (another process) answers.
            time.sleep(0.05)

    def kill(self) -> None:
        """Stops it at once, as a crash would (connections drop, nothing is saved)."""
        if self.process is not None:
            with suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()
            self.process = None

    def stop(self) -> None:
        if self.process is not None:
            stop_process(self.process, grace=5)
            self.process = None

    def restart(self) -> None:
        self.kill()
        self.start()


def redis_answers(url: str, timeout: float = 1.0) -> bool:
    """Whether a Redis server answers PING at `url`."""
    parts = urlsplit(url)
    try:
        with socket.create_connection(
            (parts.hostname or "127.0.0.1", parts.port or 6379), timeout=timeout
        ) as connection:
            connection.sendall(b"PING\r\n")
            return connection.recv(64).startswith((b"+PONG", b"-NOAUTH"))
    except OSError:
        return False


@contextmanager
def redis_server() -> Iterator[RedisServer]:
    server = RedisServer()
    server.start()
    try:
        yield server
    finally:
        server.stop()
