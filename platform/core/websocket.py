"""Origin checks for websocket handshakes."""

from __future__ import annotations

from typing import Any

from channels.security.websocket import AllowedHostsOriginValidator


class BrowserOriginValidator:
    """Checks Origin against ALLOWED_HOSTS when a handshake carries one.

    Browsers always send Origin on websocket handshakes, and it is browsers (with their
    cookies) that cross-site hijacking abuses; systems that connect with an API key usually
    send no Origin at all, and must still be able to subscribe.
    """

    def __init__(self, application: Any) -> None:
        self.application = application
        self.validated = AllowedHostsOriginValidator(application)

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> Any:
        has_origin = any(name == b"origin" for name, _ in scope.get("headers", []))
        inner = self.validated if has_origin else self.application
        return await inner(scope, receive, send)
