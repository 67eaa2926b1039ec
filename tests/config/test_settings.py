"""Settings that depend on each other are derived, and every documented variable is read."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys

from tests.support.processes import REPO

READ = ["LONGHAUL_GATEWAY_URL", "STATIC_ROOT"]


def settings_under(**env: str) -> dict[str, object]:
    """The local settings as a fresh process reads them from exactly this environment."""
    clean = {k: v for k, v in os.environ.items() if not k.startswith("LONGHAUL_")}
    code = (
        "import json, config.settings.local as s; "
        f"print(json.dumps({{name: str(getattr(s, name)) for name in {READ!r}}}))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        cwd=REPO,
        env={**clean, "PYTHONPATH": f"{REPO / 'platform'}:{REPO}", **env},
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return dict(json.loads(result.stdout))


def test_the_gateway_url_follows_the_web_port() -> None:
    assert settings_under(LONGHAUL_WEB_PORT="8765")["LONGHAUL_GATEWAY_URL"] == (
        "http://127.0.0.1:8765/v1"
    )


def test_a_web_server_on_every_interface_is_reached_through_loopback() -> None:
    derived = settings_under(LONGHAUL_WEB_HOST="0.0.0.0", LONGHAUL_WEB_PORT="9000")
    assert derived["LONGHAUL_GATEWAY_URL"] == "http://127.0.0.1:9000/v1"


def test_an_explicit_gateway_url_wins() -> None:
    derived = settings_under(LONGHAUL_WEB_PORT="8765", LONGHAUL_GATEWAY_URL="http://web:8000/v1")
    assert derived["LONGHAUL_GATEWAY_URL"] == "http://web:8000/v1"


def test_static_files_are_collected_under_the_data_dir_unless_placed_elsewhere() -> None:
    assert settings_under(LONGHAUL_DATA_DIR="/srv/lh")["STATIC_ROOT"] == "/srv/lh/static"
    moved = settings_under(LONGHAUL_DATA_DIR="/srv/lh", LONGHAUL_STATIC_ROOT="/app/static")
    assert moved["STATIC_ROOT"] == "/app/static"


def documented_variables() -> list[str]:
    readme = (REPO / "README.md").read_text()
    table = readme.split("## Configuration", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in table.splitlines() if line.startswith("| `")]
    return [name for row in rows for name in re.findall(r"`([A-Z][A-Z0-9_]+)`", row.split("|")[1])]


def test_every_variable_in_the_readme_configuration_table_is_read() -> None:
    sources = "\n".join(path.read_text() for path in (REPO / "platform").rglob("*.py"))
    documented = documented_variables()
    assert len(documented) >= 8
    assert [name for name in documented if f'"{name}"' not in sources] == []
