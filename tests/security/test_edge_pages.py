"""What `make up` shows a stranger: its settings (config.settings.local) under the real uvicorn
answer unknown URLs, oversized sign-ins and forged Host headers with the platform's own pages,
never Django's technical pages; DEBUG needs the explicit development switch, which says so."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
import redis as redis_lib
from django.conf import settings

from config.hosts import served_hosts, trusted_origins
from tests.security.edge_http import Request, send
from tests.support.processes import REPO, asgi_server, child_env

pytestmark = pytest.mark.django_db(transaction=True)

TECHNICAL = ("Traceback", "URLconf", "urlpatterns", "DEBUG = True", "settings.py", "Local vars")
TEN_MB = 10 * 1024 * 1024


@pytest.fixture
def make_up_server(
    transactional_db: None, redis_client: redis_lib.Redis, tmp_path: Path
) -> Iterator[str]:
    """The web process as `make up` starts it: local settings, nothing else configured."""
    env = {
        "DJANGO_SETTINGS_MODULE": "config.settings.local",
        "REDIS_URL": settings.REDIS_URL,
        "LONGHAUL_DATA_DIR": str(tmp_path),
    }
    with asgi_server(**env) as base:
        yield base


def assert_platform_page(reply_text: str) -> None:
    assert "Longhaul" in reply_text
    for marker in TECHNICAL:
        assert marker not in reply_text


def test_make_up_answers_strangers_with_its_own_pages(make_up_server: str) -> None:
    # An unknown URL: the platform's 404, no list of URL patterns
    missing = send(make_up_server, Request("GET", "/wp-admin/setup.php"))
    assert missing.status == 404
    assert_platform_page(missing.text)
    api_missing = send(make_up_server, Request("GET", "/api/no-such-thing"))
    assert api_missing.status == 404
    assert api_missing.json()["title"] == "Not found"

    # A 10 MB sign-in, declared and chunked: the platform's 413 naming the limit, unread
    form = {"Content-Type": "application/x-www-form-urlencoded"}
    declared = send(make_up_server, Request("POST", "/login/", form, declared=TEN_MB))
    body = b"username=admin&password=" + b"x" * TEN_MB
    chunked = send(make_up_server, Request("POST", "/login/", form, body, chunked=True))
    for reply in (declared, chunked):
        assert reply.status == 413
        assert_platform_page(reply.text)
        assert f"{settings.LONGHAUL_MAX_FORM_BODY_BYTES} bytes" in reply.text
    assert chunked.sent < TEN_MB  # answered before the body was through

    # A Host the platform is not configured for: the platform's 400, not DisallowedHost's page
    forged = send(make_up_server, Request("GET", "/login/", {"Host": "evil.example"}))
    assert forged.status == 400
    assert_platform_page(forged.text)
    assert "evil.example" not in forged.text

    # With DEBUG off, the dashboard's static files are still served
    assert send(make_up_server, Request("GET", "/static/longhaul.css")).status == 200
    assert send(make_up_server, Request("GET", "/login/")).status == 200


def shown_settings(**env: str) -> str:
    code = "from django.conf import settings as s; print('DEBUG', s.DEBUG)"
    environment = child_env(DJANGO_SETTINGS_MODULE="config.settings.local", **env)
    environment.pop("LONGHAUL_DEVELOPMENT", None)
    environment.update(env)
    result = subprocess.run(
        [sys.executable, "manage.py", "shell", "--no-imports", "-c", code],
        cwd=REPO,
        env=environment,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    return result.stdout + result.stderr


def test_debug_needs_the_development_switch_which_says_so_loudly() -> None:
    plain = shown_settings(DEBUG="true")  # the old variable no longer turns it on
    assert "DEBUG False" in plain
    assert "DEVELOPMENT MODE" not in plain

    development = shown_settings(LONGHAUL_DEVELOPMENT="1")
    assert "DEBUG True" in development
    assert "DEVELOPMENT MODE" in development
    assert "DEBUG IS ON" in development


def test_allowed_hosts_and_origins_follow_the_configured_address() -> None:
    assert served_hosts("127.0.0.1") == ["127.0.0.1", "localhost", "[::1]"]
    assert served_hosts("10.1.2.3") == ["127.0.0.1", "localhost", "[::1]", "10.1.2.3"]
    assert served_hosts("fd00::5")[-1] == "[fd00::5]"
    public = served_hosts("127.0.0.1", "https://Longhaul.Example.com/")
    assert public[-1] == "longhaul.example.com"
    assert "*" not in served_hosts("0.0.0.0")
    origins = trusted_origins("10.1.2.3", 8000, "https://longhaul.example.com:8443")
    assert "http://10.1.2.3:8000" in origins
    assert origins[-1] == "https://longhaul.example.com:8443"
    assert not any(origin.endswith("*") for origin in origins)
