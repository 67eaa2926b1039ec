"""Errors of the approval lifecycle, rendered as problem details by core.problems."""

from __future__ import annotations

from rest_framework import status
from rest_framework.exceptions import APIException


class PreconditionFailed(APIException):
    status_code = status.HTTP_412_PRECONDITION_FAILED
    default_detail = "The request's arguments changed since you reviewed them."
    default_code = "precondition_failed"


class PreconditionRequired(APIException):
    status_code = status.HTTP_428_PRECONDITION_REQUIRED
    default_detail = "Send If-Match with the digest of the arguments you reviewed."
    default_code = "precondition_required"
