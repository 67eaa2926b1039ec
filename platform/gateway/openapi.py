"""The OpenAPI description of /v1 (openapi.yaml beside this module), served at /api/schema/v1/
next to the REST schema at /api/schema/."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import yaml
from django.http import HttpRequest, JsonResponse
from django.views.decorators.http import require_GET

DESCRIPTION = Path(__file__).with_name("openapi.yaml")


@cache
def v1_description() -> dict[str, Any]:
    loaded: dict[str, Any] = yaml.safe_load(DESCRIPTION.read_text(encoding="utf-8"))
    return loaded


@require_GET
def v1_schema(request: HttpRequest) -> JsonResponse:
    return JsonResponse(v1_description(), content_type="application/vnd.oai.openapi+json")
