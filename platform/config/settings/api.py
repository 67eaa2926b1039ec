"""The REST API (Django REST framework) and its OpenAPI schema (drf-spectacular)."""

from __future__ import annotations

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "accounts.authentication.ApiKeyAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "core.problems.problem_details_handler",
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.LimitOffsetPagination",
    "PAGE_SIZE": 50,
    "UNAUTHENTICATED_USER": None,
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Longhaul API",
    "DESCRIPTION": "Runs, approvals, memory and documents for long-horizon agents.",
    "VERSION": "0.1.0",
    "SERVE_INCLUDE_SCHEMA": False,
    # Swagger UI from the installed sidecar package, never a CDN; no online validator badge,
    # which would send the schema's URL to an outside host.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "SWAGGER_UI_SETTINGS": {"deepLinking": True, "validatorUrl": None},
    # Enums that several serializers share get one name in the schema.
    "ENUM_NAME_OVERRIDES": {
        "ApprovalKindEnum": "approvals.models.RequestKind.choices",
        "ApprovalDeadlineActionEnum": "approvals.models.DeadlineAction.choices",
        "ApprovalRuleActionEnum": "approvals.models.RuleAction.choices",
        "MemoryKindEnum": "memory.models.Kind.choices",
        "MemoryWritableKindEnum": "memory.models.WRITABLE_KINDS",
        "MemoryScopeEnum": "memory.models.Scope.choices",
        "DocumentStatusEnum": "memory.models.DocumentStatus.choices",
    },
}
