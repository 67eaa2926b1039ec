from __future__ import annotations

import os
import signal
import urllib.request
from typing import Any

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand

from accounts.bootstrap import DemoCredentials, demo_bootstrap
from config import embedded_db
from config.env import local_url
from core.apps import DEVELOPMENT_WARNING
from core.metrics import multiprocess_dir_reset
from core.stack import (
    ensure_port_free,
    local_redis_spec,
    metrics_dir,
    platform_specs,
    redis_answers,
)
from core.supervisor import Supervisor
from inference.services import tiers_seed_from_settings


class Command(BaseCommand):
    help = "Migrate, create the demo tenant once, and run web, worker, beat and inference."

    def handle(self, *args: Any, **options: Any) -> None:
        supervisor: Supervisor | None = None
        try:
            supervisor = self._prepare()
            self._run(supervisor)
        finally:
            if supervisor is not None:
                supervisor.stop()
            if os.environ.get("LONGHAUL_EMBEDDED_DATABASE"):
                embedded_db.stop(embedded_db.data_dir())
            self.stdout.write("longhaul: stopped")

    def _prepare(self) -> Supervisor:
        ensure_port_free(settings.LONGHAUL_WEB_HOST, settings.LONGHAUL_WEB_PORT)
        multiprocess_dir_reset(metrics_dir())
        specs = platform_specs()
        if not redis_answers(settings.REDIS_URL):
            specs.insert(0, local_redis_spec(settings.REDIS_URL))
        supervisor = Supervisor(specs)
        signal.signal(signal.SIGINT, supervisor.request_stop)
        signal.signal(signal.SIGTERM, supervisor.request_stop)
        return supervisor

    def _run(self, supervisor: Supervisor) -> None:
        call_command("migrate", interactive=False, verbosity=0)
        _collect_static()
        credentials = demo_bootstrap()
        tiers_seed_from_settings()
        supervisor.start()
        announced = False

        def announce_when_ready() -> None:
            nonlocal announced
            if not announced and _web_answers():
                announced = True
                self.stdout.write(_banner(credentials))

        raise SystemExit(supervisor.wait(on_tick=announce_when_ready))


def _collect_static() -> None:
    """Settings that serve only collected files (production's) need them before the web starts;
    the development settings read the apps' folders directly."""
    if not settings.SERVESTATIC_USE_FINDERS:
        call_command("collectstatic", interactive=False, verbosity=0)


def _web_url() -> str:
    return local_url(settings.LONGHAUL_WEB_HOST, settings.LONGHAUL_WEB_PORT)


def _web_answers() -> bool:
    try:
        with urllib.request.urlopen(f"{_web_url()}/healthz", timeout=1) as reply:
            return bool(reply.status == 200)
    except OSError:
        return False


def _banner(credentials: DemoCredentials | None) -> str:
    lines = ["", "=" * 72, f"Longhaul is running: {_web_url()}/"]
    if credentials:
        lines += [
            f"  sign in as   {credentials.username} / {credentials.password}"
            "  (an owner: sets up a second factor, TOTP, at the first sign-in)",
            f"  reviewer     {credentials.reviewer_username} / {credentials.reviewer_password}"
            "  (approves runs started with the key below)",
            f"  API key      {credentials.api_key}",
            "  (shown once: copy them now; create more keys in the admin or with",
            "   `manage.py create_api_key demo`)",
        ]
    else:
        lines.append("  sign in with the credentials printed on the first start")
        lines.append(
            "  (lost them? `manage.py changepassword admin` (or reviewer), "
            "`manage.py create_api_key demo`)"
        )
    lines += [f"  OpenAI-compatible API   {_web_url()}/v1", "=" * 72, ""]
    if settings.DEBUG:
        lines.insert(3, DEVELOPMENT_WARNING)
    return "\n".join(lines)
