"""One mapping from a service's refusal to its HTTP status and problem-details body."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from core import errors
from core.problems import problem_details_handler
from memory.embeddings import EmbeddingError
from memory.extraction import DocumentRejected, DocumentTooLarge, DocumentUnprocessable


@pytest.mark.parametrize(
    ("error", "status", "title"),
    [
        (errors.NotFound("No such run."), 404, "Not found"),
        (errors.Forbidden("Only owners may."), 403, "Forbidden"),
        (errors.Conflict("The run already failed."), 409, "Conflict"),
        (errors.PreconditionFailed("Stale digest."), 412, "Precondition failed"),
        (errors.PreconditionRequired("Send If-Match."), 428, "Precondition required"),
        (DocumentRejected("The file is empty."), 400, "Bad request"),
        (DocumentTooLarge("The file is 9 bytes; the limit is 8."), 413, "Payload too large"),
        (DocumentUnprocessable("The PDF is encrypted."), 422, "Unprocessable entity"),
    ],
)
def test_each_kind_answers_its_status_with_its_message(
    error: errors.ServiceError, status: int, title: str
) -> None:
    response = problem_details_handler(error, {})

    assert response is not None
    assert response.status_code == status
    assert response.content_type == "application/problem+json"
    assert response.data == {
        "type": "about:blank",
        "title": title,
        "status": status,
        "detail": str(error),
    }


def test_an_unavailable_embedding_backend_says_so() -> None:
    response = problem_details_handler(EmbeddingError("connection refused"), {})

    assert response is not None
    assert response.status_code == 503
    assert response.data["detail"] == "Embeddings are unavailable: connection refused"


def test_invalid_fields_are_listed_under_errors() -> None:
    response = problem_details_handler(ValidationError({"tier": "Unknown tier 'x'."}), {})

    assert response is not None
    assert response.status_code == 400
    assert response.data["detail"] == "The request is invalid."
    assert response.data["errors"] == {"tier": ["Unknown tier 'x'."]}


def test_what_is_not_a_refusal_is_left_to_the_server_error_path() -> None:
    assert problem_details_handler(RuntimeError("bug"), {}) is None
