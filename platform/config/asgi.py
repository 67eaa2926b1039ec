"""ASGI entry point: HTTP through Django, websockets through Channels."""

from __future__ import annotations

import gc
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(1, str(Path(__file__).resolve().parents[2]))

from config.startup import prepare_environment

prepare_environment()

from django.core.asgi import get_asgi_application  # noqa: E402

django_http = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402

from config.routing import http_application, websocket_urlpatterns  # noqa: E402
from core.tracing import traced_asgi, tracing_setup  # noqa: E402
from core.websocket import BrowserOriginValidator  # noqa: E402

tracing_setup("longhaul-web")
application = ProtocolTypeRouter(
    {
        "http": traced_asgi(http_application(django_http)),
        "websocket": BrowserOriginValidator(AuthMiddlewareStack(URLRouter(websocket_urlpatterns))),
    }
)

# Everything loaded so far lives as long as the process: take it out of the cyclic garbage
# collector's sight, whose full passes over Django's objects otherwise pause every request in
# flight for tens of milliseconds under load (bench/gateway.py: p99 at concurrency 32).
gc.freeze()
