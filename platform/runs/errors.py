"""Errors services raise that the API turns into problem details with the right status."""

from __future__ import annotations

from rest_framework import status
from rest_framework.exceptions import APIException


class Conflict(APIException):
    status_code = status.HTTP_409_CONFLICT
    default_detail = "The resource is not in a state that allows this action."
    default_code = "conflict"
