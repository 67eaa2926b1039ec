"""What `make up` runs: the process list and the local services it may need to start."""

from __future__ import annotations

import shutil
import socket
import sys
from pathlib import Path
from urllib.parse import urlsplit

import redis
from django.conf import settings
from django.core.management import get_commands

from config.env import ConfigurationError
from core.metrics import MULTIPROC_ENV, multiprocess_dir
from core.supervisor import ProcessSpec


def python_env() -> dict[str, str]:
    repo = str(settings.REPO_DIR)
    return {"PYTHONPATH": f"{settings.PLATFORM_DIR}:{repo}", MULTIPROC_ENV: str(metrics_dir())}


def metrics_dir() -> Path:
    """Where every process of this host writes its metrics (core.metrics): the operator's
    PROMETHEUS_MULTIPROC_DIR, else one under the data directory."""
    return Path(multiprocess_dir() or Path(settings.DATA_DIR) / "metrics")


def redis_answers(url: str) -> bool:
    client = redis.Redis.from_url(url, socket_connect_timeout=1, socket_timeout=1)
    try:
        return bool(client.ping())
    except redis.RedisError:
        return False
    finally:
        client.close()


def local_redis_spec(url: str) -> ProcessSpec:
    """A redis-server for REDIS_URL, keeping its data under the data directory."""
    parts = urlsplit(url)
    host, port = parts.hostname or "127.0.0.1", parts.port or 6379
    if host not in {"127.0.0.1", "localhost"}:
        raise ConfigurationError(f"Redis at {url} is not answering; start it or fix REDIS_URL")
    server = shutil.which("redis-server")
    if server is None:
        raise ConfigurationError(
            f"Redis at {url} is not answering and redis-server is not installed: "
            "install it (e.g. `apt install redis-server`) or set REDIS_URL"
        )
    data = Path(settings.DATA_DIR) / "redis"
    data.mkdir(parents=True, exist_ok=True)
    command = [server, "--bind", host, "--port", str(port), "--dir", str(data)]
    return ProcessSpec("redis", [*command, "--appendonly", "yes", "--save", ""])


def ensure_port_free(host: str, port: int) -> None:
    with socket.socket() as probe:
        if probe.connect_ex((host, port)) == 0:
            raise ConfigurationError(
                f"port {port} on {host} is already in use; stop what is using it first"
            )


def platform_specs() -> list[ProcessSpec]:
    python, env = sys.executable, python_env()
    celery = [python, "-m", "celery", "-A", "config.worker"]
    specs = [
        ProcessSpec(
            "web",
            [
                python,
                "-m",
                "uvicorn",
                "config.asgi:application",
                "--host",
                settings.LONGHAUL_WEB_HOST,
                "--port",
                str(settings.LONGHAUL_WEB_PORT),
                "--workers",
                str(settings.LONGHAUL_WEB_WORKERS),
                "--no-access-log",
            ],
            env,
        ),
        *worker_specs(celery, env),
        ProcessSpec(
            "beat",
            [*celery, "beat", "-l", "INFO", "-s", settings.CELERY_BEAT_SCHEDULE_FILENAME],
            env,
        ),
    ]
    if settings.LONGHAUL_EMBEDDED_INFERENCE and "serve_inference" in get_commands():
        manage = str(Path(settings.REPO_DIR) / "manage.py")
        specs.append(ProcessSpec("inference", [python, manage, "serve_inference"], env))
    return specs


def worker_specs(celery: list[str], env: dict[str, str]) -> list[ProcessSpec]:
    """One worker pool per lane: agent steps, and the interactive work nothing may delay."""
    lanes = [
        (
            "worker",
            settings.STEPS_QUEUE,
            settings.LONGHAUL_STEP_WORKERS + settings.LONGHAUL_RUN_BURST_SLOTS,
        ),
        ("worker-interactive", settings.INTERACTIVE_QUEUE, settings.LONGHAUL_INTERACTIVE_WORKERS),
    ]
    return [
        ProcessSpec(
            name,
            [
                *celery,
                "worker",
                "-l",
                "INFO",
                "-Q",
                queue,
                "-n",
                f"{name}@%h",
                "--concurrency",
                str(concurrency),
            ],
            env,
        )
        for name, queue, concurrency in lanes
    ]
