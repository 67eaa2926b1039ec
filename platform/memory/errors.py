"""Turns memory's domain errors into DRF exceptions, which core.problems renders."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from django.core.exceptions import ValidationError
from rest_framework import exceptions

from memory.embeddings import EmbeddingError
from memory.extraction import DocumentRejected


class Problem(exceptions.APIException):
    def __init__(self, detail: str, status_code: int) -> None:
        self.status_code = status_code
        super().__init__(detail)


@contextmanager
def api_errors() -> Iterator[None]:
    try:
        yield
    except DocumentRejected as error:
        raise Problem(str(error), error.status) from error
    except ValidationError as error:
        detail = error.message_dict if hasattr(error, "error_dict") else error.messages
        raise exceptions.ValidationError(detail) from error
    except EmbeddingError as error:
        raise Problem(f"Embeddings are unavailable: {error}", 503) from error
