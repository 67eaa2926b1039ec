"""Where the code and the data live; every other settings module builds on these."""

from __future__ import annotations

from pathlib import Path

from config.env import env_str

REPO_DIR = Path(__file__).resolve().parents[3]
PLATFORM_DIR = REPO_DIR / "platform"
DATA_DIR = Path(env_str("LONGHAUL_DATA_DIR", str(REPO_DIR / ".data"))).resolve()
