"""Static files through the real ASGI server: the development way (straight from the apps'
folders) and the production way (collected, hashed, compressed), with no CDN anywhere."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import httpx
import pytest

from tests.support.processes import REPO, asgi_server, child_env

pytestmark = pytest.mark.slow
PRODUCTION_ENV = {
    "DJANGO_SETTINGS_MODULE": "config.settings.production",
    "SECRET_KEY": "k3y-" + "x7Qp9vL2mZ" * 6,
    "ALLOWED_HOSTS": "127.0.0.1",
    "SECURE_SSL_REDIRECT": "0",
}


def linked(html: str, suffix: str) -> list[str]:
    return re.findall(rf'(?:href|src)="(/[^"]+\.{suffix})"', html)


def assert_served(base: str, path: str, media_type: str) -> httpx.Response:
    reply = httpx.get(f"{base}{path}")
    assert reply.status_code == 200, path
    assert reply.headers["content-type"].startswith(media_type), path
    assert len(reply.content) > 100, path
    return reply


def test_admin_and_landing_page_stylesheets_are_served(live_server_url: str) -> None:
    admin = httpx.get(f"{live_server_url}/admin/login/")
    login = httpx.get(f"{live_server_url}/login/")

    assert "/static/admin/css/base.css" in linked(admin.text, "css")
    for path in [*linked(admin.text, "css"), *linked(login.text, "css")]:
        assert_served(live_server_url, path, "text/css")


def test_the_api_reference_loads_its_assets_from_this_server(live_server_url: str) -> None:
    page = httpx.get(f"{live_server_url}/api/docs/")

    assert page.status_code == 200
    assert "https://" not in page.text
    scripts, styles = linked(page.text, "js"), linked(page.text, "css")
    assert any("swagger-ui-bundle" in path for path in scripts)
    for path in scripts:
        assert_served(live_server_url, path, "text/javascript")
    for path in styles:
        assert_served(live_server_url, path, "text/css")


@pytest.mark.django_db(transaction=True)
def test_production_serves_collected_hashed_files_for_a_year(tmp_path: Path) -> None:
    env = {**PRODUCTION_ENV, "LONGHAUL_STATIC_ROOT": str(tmp_path / "static")}
    collect = subprocess.run(
        [sys.executable, "manage.py", "collectstatic", "--noinput"],
        cwd=REPO,
        env=child_env(**env),
        capture_output=True,
        text=True,
        timeout=240,
    )
    assert collect.returncode == 0, collect.stderr

    with asgi_server(**env) as base:
        admin = httpx.get(f"{base}/admin/login/")
        stylesheet = next(p for p in linked(admin.text, "css") if "admin/css/base." in p)
        reply = assert_served(base, stylesheet, "text/css")
        gzipped = httpx.get(f"{base}{stylesheet}", headers={"Accept-Encoding": "gzip"})

    assert re.search(r"base\.[0-9a-f]{12}\.css$", stylesheet), stylesheet
    assert "immutable" in reply.headers["cache-control"]
    assert gzipped.headers.get("content-encoding") == "gzip"
