"""Every route the product answers, enumerated from where each is declared: Django's URL
configuration (REST, dashboard pages, admin), the websocket router, the /v1 gateway's table and
the other paths the ASGI application answers ahead of Django.

A route is keyed by its URL name (with its namespace), or by its pattern when it has no name;
websocket routes by `ws:<pattern>`, /v1 routes by `v1:<METHOD> <path>`, the others by
`asgi:<path>`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from django.urls import URLPattern, URLResolver, get_resolver

DJANGO, WEBSOCKET, V1, ASGI = "django", "websocket", "v1", "asgi"
_ROUTE_PARAMETER = re.compile(r"<(?:\w+:)?(\w+)>")
_REGEX_PARAMETER = re.compile(r"\(\?P<(\w+)>[^)]*\)")


@dataclass(frozen=True)
class Route:
    key: str
    surface: str
    pattern: str  # the full path, Django-style: "api/runs/<uuid:run_id>"
    method: str = ""  # /v1 routes answer one method each

    @property
    def parameters(self) -> tuple[str, ...]:
        regex = _REGEX_PARAMETER.findall(self.pattern)
        return tuple(regex + _ROUTE_PARAMETER.findall(_REGEX_PARAMETER.sub("", self.pattern)))

    def url(self, values: dict[str, Any]) -> str:
        """The path with each parameter replaced by `values[name]`."""

        def value(match: re.Match[str]) -> str:
            name = match.group(1)
            if name not in values:
                raise LookupError(
                    f"{self.key}: nothing fills the URL parameter {name!r}; give the route's "
                    "object kind in tests/matrix/table.py (ids come from tests/matrix/world.py)"
                )
            return str(values[name])

        path = _ROUTE_PARAMETER.sub(value, _REGEX_PARAMETER.sub(value, self.pattern))
        return "/" + path.replace("^", "").replace("$", "").lstrip("/")


def all_routes() -> list[Route]:
    return [*django_routes(), *websocket_routes(), *v1_routes(), *asgi_routes()]


def django_routes() -> list[Route]:
    return list(_walk(get_resolver().url_patterns, prefix="", namespace="", surface=DJANGO))


def websocket_routes() -> list[Route]:
    from config.routing import websocket_urlpatterns

    return [
        Route(f"ws:{route.pattern}", WEBSOCKET, route.pattern)
        for route in _walk(websocket_urlpatterns, prefix="", namespace="", surface=WEBSOCKET)
    ]


def v1_routes() -> list[Route]:
    from gateway.app import ROUTES

    routes = []
    for declared in ROUTES:
        pattern = declared.path.lstrip("/")
        routes.append(Route(f"v1:{declared.method} /{pattern}", V1, pattern, declared.method))
        if declared.below:
            below = f"{pattern}/<id>"
            routes.append(Route(f"v1:{declared.method} /{below}", V1, below, declared.method))
    return routes


def asgi_routes() -> list[Route]:
    from gateway.asgi import AHEAD_OF_DJANGO

    return [Route(f"asgi:{path}", ASGI, path.lstrip("/"), "GET") for path in AHEAD_OF_DJANGO]


def _walk(patterns: list[Any], *, prefix: str, namespace: str, surface: str) -> Any:
    from channels.routing import URLRouter

    for entry in patterns:
        pattern = prefix + _clean(str(entry.pattern))
        if isinstance(entry, URLResolver):
            inner = f"{namespace}{entry.namespace}:" if entry.namespace else namespace
            yield from _walk(entry.url_patterns, prefix=pattern, namespace=inner, surface=surface)
        elif isinstance(entry, URLPattern) and isinstance(entry.callback, URLRouter):
            yield from _walk(entry.callback.routes, prefix=pattern, namespace="", surface=surface)
        else:
            key = f"{namespace}{entry.name}" if entry.name else f"{namespace}{pattern}"
            yield Route(key, surface, pattern)


def _clean(pattern: str) -> str:
    """A regex pattern's anchors dropped, so that prefixes and tails join into one path."""
    return pattern.removeprefix("^").removesuffix("$") if pattern.startswith("^") else pattern
