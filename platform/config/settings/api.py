"""The REST API (Django REST framework) and its OpenAPI schema (drf-spectacular)."""

from __future__ import annotations

from config.env import env_int

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "accounts.authentication.ApiKeyAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "core.problems.problem_details_handler",
    "DEFAULT_PAGINATION_CLASS": "core.pagination.LimitOffsetPagination",
    # JSON bodies; the views that take files (documents, runs' workspaces) add multipart.
    "DEFAULT_PARSER_CLASSES": ["core.parsers.JSONParser"],
    "TEST_REQUEST_DEFAULT_FORMAT": "json",
    "PAGE_SIZE": 50,
    "UNAUTHENTICATED_USER": None,
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Longhaul API",
    "DESCRIPTION": "Runs, approvals, memory and documents for long-horizon agents.",
    "VERSION": "0.1.0",
    "SERVE_INCLUDE_SCHEMA": False,
    # Request bodies get their own components, so they say what is required of them (a blank
    # string is refused, a file is binary) rather than what responses hold.
    "COMPONENT_SPLIT_REQUEST": True,
    # Swagger UI from the installed sidecar package, never a CDN; no online validator badge,
    # which would send the schema's URL to an outside host.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "SWAGGER_UI_SETTINGS": {"deepLinking": True, "validatorUrl": None},
    # Every operation documents its errors as problem details (core.schema).
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "core.schema.add_problem_responses",
        "core.idempotency.document_idempotency_key",
    ],
    # Enums that several serializers share get one name in the schema.
    "ENUM_NAME_OVERRIDES": {
        "ApprovalKindEnum": "approvals.models.RequestKind.choices",
        "ApprovalDeadlineActionEnum": "approvals.models.DeadlineAction.choices",
        "ApprovalRuleActionEnum": "approvals.models.RuleAction.choices",
        "MemoryKindEnum": "memory.models.Kind.choices",
        "MemoryWritableKindEnum": "memory.models.WRITABLE_KINDS",
        "MemoryScopeEnum": "memory.models.Scope.choices",
        "DocumentStatusEnum": "memory.models.DocumentStatus.choices",
        "EvalStatusEnum": "evals.models.EvalStatus.choices",
        "ToolSourceKindEnum": "toolsources.models.SOURCE_KINDS",
        "IdentityProviderKindEnum": "accounts.models.ProviderKind.choices",
    },
}

# Idempotency-Key on REST POSTs (core.idempotency): how long an answer is kept for a retry, how
# long a request may hold its key while it runs, and how a request's organization is found.
LONGHAUL_IDEMPOTENCY_SECONDS = env_int("LONGHAUL_IDEMPOTENCY_SECONDS", 24 * 3600)
LONGHAUL_IDEMPOTENCY_LOCK_SECONDS = env_int("LONGHAUL_IDEMPOTENCY_LOCK_SECONDS", 300)
LONGHAUL_IDEMPOTENCY_SCOPE = "accounts.authentication.tenant_of"
