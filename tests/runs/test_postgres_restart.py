"""A PostgreSQL restart mid-run loses no run.

The test runs its own PostgreSQL (the embedded server in a directory of its own, never the
shared one) and its own Redis, migrates it, and starts runs there; a real worker and beat
advance them while the server is stopped the way a crash stops it (SIGQUIT: immediate shutdown,
crash recovery at the next start) and started again. Every run finishes, each step committed
once and each effect applied once.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import psycopg
import pytest

from config import embedded_db
from tests.runs.fixtures import EXTRA_TOOLS, EXTRA_WORKFLOWS, effect_calls, lines
from tests.support import processes
from tests.support.fake_openai import FakeOpenAI, serve_fake_openai
from tests.support.processes import REPO, celery_beat, celery_worker, redis_server

# The test database only lends its schema (read by pg_dump, see OwnPostgres.copy_schema_from).
pytestmark = [pytest.mark.slow, pytest.mark.timeout(600), pytest.mark.django_db]
RUNS = 4
CALLS_PER_RUN = 3
# Rows that migrations write, which the platform reads.
MIGRATION_ROWS = ("django_migrations", "django_content_type", "auth_permission")


@dataclass
class OwnPostgres:
    root: Path

    @property
    def url(self) -> str:
        return embedded_db.database_url(self.root)

    def crash(self) -> None:
        """Immediate shutdown, as a crash: no checkpoint, clients cut off, recovery on start."""
        pid_file = self.root / "postgres" / "postmaster.pid"
        os.kill(int(pid_file.read_text().split()[0]), signal.SIGQUIT)
        deadline = time.monotonic() + 30
        while pid_file.exists() and time.monotonic() < deadline:
            # Until PostgreSQL (another process) has shut down.
            time.sleep(0.05)

    def start(self) -> None:
        embedded_db.ensure_running(self.root)

    def copy_schema_from(self, url: str) -> None:
        """The schema of a migrated database (and the rows migrations write), restored here as
        from a backup: much quicker than migrating again."""
        dump = [embedded_db.binary("pg_dump"), "--no-owner", "--no-privileges"]
        schema = _run([*dump, "--schema-only", url])
        rows = _run([*dump, "--data-only", *(f"--table={t}" for t in MIGRATION_ROWS), url])
        _run([embedded_db.binary("psql"), "-q", "-v", "ON_ERROR_STOP=1", self.url], schema + rows)

    def query(self, sql: str, *params: Any) -> list[tuple[Any, ...]]:
        with psycopg.connect(self.url, autocommit=True) as connection:
            return connection.execute(sql, params).fetchall()


@pytest.fixture
def own_postgres() -> Iterator[OwnPostgres]:
    # Not under pytest's tmp_path: PostgreSQL runs as a service account that must reach it.
    server = OwnPostgres(Path(tempfile.mkdtemp(prefix="longhaul-own-postgres-")))
    try:
        server.start()
        yield server
    finally:
        embedded_db.stop(server.root)
        shutil.rmtree(server.root, ignore_errors=True)


def _run(command: list[str], given: str = "") -> str:
    result = subprocess.run(command, input=given, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr[-2000:]
    return result.stdout


def manage(env: dict[str, str], *args: str) -> str:
    result = subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=REPO,
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    return result.stdout


START_RUNS = """
import json
from runs.services import run_start
from tests.factories import make_tenant

tenant = make_tenant("acme")
runs = [
    run_start(organization=tenant.organization, workflow="effects", input={"task": str(i)})
    for i in range(%d)
]
print(json.dumps([str(run.id) for run in runs]))
"""


def unfinished(server: OwnPostgres) -> int:
    try:
        rows = server.query(
            "SELECT count(*) FROM runs_run WHERE status NOT IN ('succeeded', 'failed')"
        )
    except psycopg.OperationalError:
        return -1  # the server is down: not finished
    return int(rows[0][0])


def wait_for_steps(server: OwnPostgres, count: int, deadline: float) -> None:
    while time.monotonic() < deadline:
        if server.query("SELECT count(*) FROM runs_step")[0][0] >= count:
            return
        # Until the workers (other processes) commit steps.
        time.sleep(0.1)
    raise AssertionError(f"fewer than {count} steps were committed in time")


def test_a_postgres_restart_mid_run_loses_no_run(own_postgres: OwnPostgres, tmp_path: Path) -> None:
    # Given: our own PostgreSQL and Redis, migrated, and runs whose steps each apply an effect.
    ledger = tmp_path / "ledger"
    ledger.mkdir()
    fake = FakeOpenAI(script=effect_calls(ledger, CALLS_PER_RUN, work_seconds=0.3))
    with ExitStack() as stack:
        redis = stack.enter_context(redis_server())
        model_url = stack.enter_context(serve_fake_openai(fake))
        env = {
            "DATABASE_URL": own_postgres.url,
            "TEST_REDIS_URL": redis.url(),
            "LONGHAUL_AGENT_MODEL_URL": model_url,
            "LONGHAUL_EXTRA_TOOLS": EXTRA_TOOLS,
            "LONGHAUL_EXTRA_WORKFLOWS": EXTRA_WORKFLOWS,
            "LONGHAUL_DATA_DIR": str(tmp_path / "data"),
            "LONGHAUL_RUN_LEASE_SECONDS": "2",
            "LONGHAUL_LEASE_RECOVERY_SECONDS": "1",
            "DATABASE_CONN_MAX_AGE": "60",
        }
        own_postgres.copy_schema_from(processes.test_database_url())
        run_ids = json.loads(manage(env, "shell", "-c", START_RUNS % RUNS).strip().splitlines()[-1])
        stack.enter_context(celery_worker(concurrency=RUNS, **env))
        stack.enter_context(celery_beat(tmp_path / "beat-schedule", **env))

        # When: PostgreSQL crashes once the runs are under way, and comes back 2 s later.
        deadline = time.monotonic() + 300
        wait_for_steps(own_postgres, RUNS, deadline)
        in_flight = own_postgres.query("SELECT count(*) FROM runs_run WHERE status = 'running'")
        own_postgres.crash()
        # The outage: PostgreSQL stays down 2 s while the workers (other processes) run.
        time.sleep(2)
        own_postgres.start()
        while unfinished(own_postgres) != 0 and time.monotonic() < deadline:
            # Until the workers (other processes) finish the runs.
            time.sleep(0.2)

    # Then: every run succeeded; each committed each step once and applied each effect once.
    assert in_flight[0][0] >= 1
    statuses = own_postgres.query("SELECT id::text, status, error FROM runs_run")
    assert sorted(row[0] for row in statuses) == sorted(run_ids)
    assert all(row[1] == "succeeded" for row in statuses), statuses
    for run_id in run_ids:
        steps = own_postgres.query(
            "SELECT number FROM runs_step WHERE run_id = %s ORDER BY number", run_id
        )
        assert [row[0] for row in steps] == list(range(CALLS_PER_RUN + 1))
    expected = {f"{run_id}:{step}:0" for run_id in run_ids for step in range(CALLS_PER_RUN)}
    assert sorted(lines(ledger / "effects.log")) == sorted(expected)
