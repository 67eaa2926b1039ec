"""The refusals services raise: plain exceptions that say what is wrong, never how HTTP says it.

The REST edge maps each kind to a status once (`core.problems`), the dashboard shows the
message (`dashboard.pages`). Invalid input is Django's `ValidationError`, which carries the
fields at fault; everything else is one of these. An app's own errors subclass the kind they
are (`memory.extraction.DocumentTooLarge` is a `DocumentRejected` and a `TooLarge`).
"""

from __future__ import annotations


class ServiceError(Exception):
    """A refusal the caller can act on; its message is safe to show them. On its own: the
    request cannot be carried out as given."""

    default_detail = "The request is invalid."

    def __init__(self, detail: str | None = None) -> None:
        super().__init__(detail or self.default_detail)

    @property
    def detail(self) -> str:
        """What the caller is told."""
        return str(self)


class NotFound(ServiceError):
    default_detail = "Not found."


class Forbidden(ServiceError):
    default_detail = "You do not have permission to perform this action."


class Conflict(ServiceError):
    default_detail = "The resource is not in a state that allows this action."


class PreconditionFailed(ServiceError):
    default_detail = "The request's arguments changed since you reviewed them."


class PreconditionRequired(ServiceError):
    default_detail = "Send If-Match with the digest of the arguments you reviewed."


class TooLarge(ServiceError):
    default_detail = "The content is over its size limit."


class UnsupportedMediaType(ServiceError):
    default_detail = "The content's type is not supported."


class Unprocessable(ServiceError):
    default_detail = "The content is well-formed but cannot be processed."


class Unavailable(ServiceError):
    default_detail = "A service this needs is unavailable; try again later."
