"""Errors in OpenAI's format: {"error": {"message", "type", "param", "code"}}."""

from __future__ import annotations

import json

_TYPES = {
    400: "invalid_request_error",
    401: "authentication_error",
    403: "permission_error",
    404: "invalid_request_error",
    413: "invalid_request_error",
    429: "rate_limit_error",
}


class GatewayError(Exception):
    """An error the caller sees; `message` is always safe to show."""

    def __init__(
        self,
        status: int,
        message: str,
        *,
        code: str | None = None,
        param: str | None = None,
        retry_after: int | None = None,
        allow: str | None = None,
        retry: bool | None = None,
    ) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.code = code
        self.param = param
        self.retry_after = retry_after
        self.allow = allow  # a 405's methods, for its Allow header (RFC 9110)
        # Whether a client should send the same request again (OpenAI's SDKs read the
        # X-Should-Retry header before their own rules); None leaves it to them.
        self.retry = retry

    @property
    def error_type(self) -> str:
        return _TYPES.get(self.status, "upstream_error" if self.status >= 500 else "api_error")

    def payload(self) -> dict[str, dict[str, str | None]]:
        return {
            "error": {
                "message": self.message,
                "type": self.error_type,
                "param": self.param,
                "code": self.code,
            }
        }

    def body(self) -> bytes:
        return json.dumps(self.payload()).encode()


def invalid(message: str, *, param: str | None = None) -> GatewayError:
    return GatewayError(400, message, code="invalid_request", param=param)


class ClientGone(Exception):
    """The client closed the connection; nothing more can be sent."""
