"""WSGI entry point, for hosts that cannot run ASGI (no websockets, no streaming fast path)."""

from __future__ import annotations

from config.startup import prepare_environment

prepare_environment()

from django.core.wsgi import get_wsgi_application  # noqa: E402

application = get_wsgi_application()
