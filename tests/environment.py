"""Loaded with `-p tests.environment` before pytest-django reads settings: puts platform/ on the
path and points DATABASE_URL at the embedded PostgreSQL (started here when not running)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "platform"))

os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings.test"
os.environ.setdefault("LONGHAUL_DATA_DIR", str(REPO / ".data"))

from config.startup import prepare_environment  # noqa: E402

_STARTED_EMBEDDED_DATABASE = prepare_environment("config.settings.test")


def pytest_unconfigure(config: pytest.Config) -> None:
    if os.environ.get("LONGHAUL_KEEP_DATABASE"):
        return
    if _STARTED_EMBEDDED_DATABASE and not hasattr(config, "workerinput"):
        from config import embedded_db

        embedded_db.stop(embedded_db.data_dir())
