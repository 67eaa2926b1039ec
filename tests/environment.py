"""Loaded with `-p tests.environment` before pytest-django reads settings: puts platform/ on the
path, points DATABASE_URL at the embedded PostgreSQL (started here when not running) and
TEST_REDIS_URL at a Redis that answers (a private redis-server started here when none does).

Under pytest-xdist each worker process has a Redis database number of its own (the base number
plus the worker's index), so Celery queues, caches and channel groups never cross workers;
pytest-django gives each worker its own test database (`<name>_gw0`, ...)."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from urllib.parse import urlsplit

import pytest

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "platform"))

os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings.test"
os.environ.setdefault("LONGHAUL_DATA_DIR", str(REPO / ".data"))
# Sandboxes start cold in tests: a pool per test's sandbox would leave sandboxes waiting for
# workspaces that are gone. The pool's own tests (tests/sandbox/test_pool.py) switch it on.
os.environ.setdefault("LONGHAUL_SANDBOX_POOL", "0")

from config.startup import prepare_environment  # noqa: E402
from tests.support.processes import RedisServer, redis_answers  # noqa: E402

# The test settings' default: a database number of its own on the machine's Redis.
DEFAULT_TEST_REDIS_URL = "redis://127.0.0.1:6379/13"


def worker_redis_url(url: str) -> str:
    """The xdist worker's own database number on the same server: `gwN` adds N to the base."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    if not worker.startswith("gw"):
        return url
    parts = urlsplit(url)
    base = int(parts.path.lstrip("/") or "0")
    # Never wrapped round to a low number, which may be a running platform's own database.
    return parts._replace(path=f"/{base + int(worker[2:])}").geturl()


def ensure_redis() -> RedisServer | None:
    """Starts a private Redis (no persistence, a free port) when none answers at TEST_REDIS_URL,
    so the suite runs on a machine without one; a Redis that answers is used as it is."""
    url = os.environ.get("TEST_REDIS_URL", DEFAULT_TEST_REDIS_URL)
    os.environ["TEST_REDIS_URL"] = url
    if redis_answers(url):
        return None
    server = RedisServer()
    server.start()
    database = urlsplit(url).path.lstrip("/") or "0"
    os.environ["TEST_REDIS_URL"] = server.url(int(database))
    return server


_STARTED_EMBEDDED_DATABASE = prepare_environment("config.settings.test")
os.environ["TEST_REDIS_URL"] = worker_redis_url(
    os.environ.get("TEST_REDIS_URL", DEFAULT_TEST_REDIS_URL)
)
_STARTED_REDIS = ensure_redis()


def pytest_report_header() -> str | None:
    if _STARTED_REDIS is not None:
        return f"redis: none answered, started one at {os.environ['TEST_REDIS_URL']}"
    return None


def pytest_unconfigure(config: pytest.Config) -> None:
    if _STARTED_REDIS is not None:
        _STARTED_REDIS.stop()
    if os.environ.get("LONGHAUL_KEEP_DATABASE"):
        return
    if _STARTED_EMBEDDED_DATABASE and not hasattr(config, "workerinput"):
        from config import embedded_db

        embedded_db.stop(embedded_db.data_dir())
