"""Settings shared by every environment. Values come from the environment via config.env."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from config.env import (
    env_bool,
    env_float,
    env_int,
    env_list,
    env_str,
    local_url,
    parse_database_url,
    validate_redis_url,
)

REPO_DIR = Path(__file__).resolve().parents[3]
PLATFORM_DIR = REPO_DIR / "platform"
DATA_DIR = Path(env_str("LONGHAUL_DATA_DIR", str(REPO_DIR / ".data"))).resolve()

SECRET_KEY = env_str("SECRET_KEY", "longhaul-insecure-development-key-change-me-in-production")
DEBUG = env_bool("DEBUG", False)
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["127.0.0.1", "localhost", "[::1]", "testserver"])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "servestatic",
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "channels",
    "core",
    "accounts",
    "inference",
    "gateway",
    "runs",
    "approvals",
    "audit",
    "webhooks",
    "memory",
    "dashboard",
]

MIDDLEWARE = [
    "core.middleware.RequestIdMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "dashboard.middleware.ContentSecurityPolicyMiddleware",
    "servestatic.middleware.ServeStaticMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "config.urls"
ASGI_APPLICATION = "config.asgi.application"
AUTH_USER_MODEL = "accounts.User"
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "login"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [REPO_DIR / "frontend" / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

# --- Database: DATABASE_URL, or the embedded server that the entry points start when unset.
DATABASES = {
    "default": parse_database_url(env_str("DATABASE_URL", "postgresql://127.0.0.1/longhaul"))
}
DATABASES["default"]["CONN_MAX_AGE"] = env_int("DATABASE_CONN_MAX_AGE", 60)
DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- Redis: cache, Celery broker, channel layer, quotas.
REDIS_URL = validate_redis_url(env_str("REDIS_URL", "redis://127.0.0.1:6379/0"))
CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": REDIS_URL,
        "KEY_PREFIX": "longhaul",
    }
}
CHANNEL_LAYERS = {
    "default": {
        "BACKEND": "channels_redis.core.RedisChannelLayer",
        "CONFIG": {"hosts": [REDIS_URL], "prefix": "longhaul:channels"},
    }
}

# --- Celery. Late acks + reject-on-worker-lost so a killed worker's task is redelivered; the
# short visibility timeout makes that happen in seconds. Run leases (platform/runs) fence
# duplicates that redelivery can cause.
CELERY_BROKER_URL = env_str("CELERY_BROKER_URL", REDIS_URL)
CELERY_RESULT_BACKEND = None
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_DEFAULT_QUEUE = "longhaul"
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": env_int("CELERY_VISIBILITY_TIMEOUT", 60),
    "unacked_restore_limit": 100,
    "global_keyprefix": env_str("CELERY_KEY_PREFIX", ""),
}
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_WORKER_HIJACK_ROOT_LOGGER = False
CELERY_BEAT_SCHEDULE: dict[str, dict[str, object]] = {}
CELERY_BEAT_SCHEDULE_FILENAME = str(DATA_DIR / "celerybeat-schedule")

# --- REST API.
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
}

# --- The web process `make up` runs; the gateway URL below follows it unless set.
LONGHAUL_WEB_HOST = env_str("LONGHAUL_WEB_HOST", "127.0.0.1")
LONGHAUL_WEB_PORT = env_int("LONGHAUL_WEB_PORT", 8000)
# uvicorn worker processes; the gateway splits each backend's slots and queue between them.
LONGHAUL_WEB_WORKERS = max(1, env_int("LONGHAUL_WEB_WORKERS", 1))

# --- Accounts.
API_KEY_CACHE_SECONDS = env_int("LONGHAUL_API_KEY_CACHE_SECONDS", 5)
# How long a websocket ticket (POST /api/runs/{id}/ws-ticket) may wait to be redeemed, once.
LONGHAUL_WS_TICKET_SECONDS = env_int("LONGHAUL_WS_TICKET_SECONDS", 30)

# --- Health: readiness checks by dotted path; each returns (ok, detail).
LONGHAUL_READINESS_CHECKS = [
    "core.health.check_database",
    "core.health.check_redis",
    "core.health.check_gateway",
    "runs.sandboxing.check_sandbox",
    "inference.health.check_backends",
]

# --- Inference and gateway (platform/inference, platform/gateway).
LONGHAUL_EMBEDDED_INFERENCE = env_bool("LONGHAUL_EMBEDDED_INFERENCE", True)
LONGHAUL_INFERENCE_HOST = env_str("LONGHAUL_INFERENCE_HOST", "127.0.0.1")
LONGHAUL_INFERENCE_PORT = env_int("LONGHAUL_INFERENCE_PORT", 8100)
LONGHAUL_STANDARD_URL = env_str("LONGHAUL_STANDARD_URL", "")
LONGHAUL_FAST_URL = env_str("LONGHAUL_FAST_URL", "")
# Where agents and the embedding client reach /v1: this web process unless set explicitly
# (containers set it to the web service's name).
LONGHAUL_GATEWAY_URL = env_str(
    "LONGHAUL_GATEWAY_URL", local_url(LONGHAUL_WEB_HOST, LONGHAUL_WEB_PORT, "/v1")
)
LONGHAUL_UPSTREAM_TIMEOUT_SECONDS = env_float("LONGHAUL_UPSTREAM_TIMEOUT_SECONDS", 120.0)
# Inference (platform/inference): tier seeds, embedded CPU server, vLLM launch specs, probes.
# Each tier's default backend follows LONGHAUL_<TIER>_URL / _SERVED_MODEL / _API_KEY_ENV.
LONGHAUL_STANDARD_SERVED_MODEL = env_str("LONGHAUL_STANDARD_SERVED_MODEL", "standard")
LONGHAUL_FAST_SERVED_MODEL = env_str("LONGHAUL_FAST_SERVED_MODEL", "fast")
LONGHAUL_STANDARD_API_KEY_ENV = env_str("LONGHAUL_STANDARD_API_KEY_ENV", "")
LONGHAUL_FAST_API_KEY_ENV = env_str("LONGHAUL_FAST_API_KEY_ENV", "")
LONGHAUL_STANDARD_CONTEXT = env_int("LONGHAUL_STANDARD_CONTEXT", 8192)
LONGHAUL_FAST_CONTEXT = env_int("LONGHAUL_FAST_CONTEXT", 4096)
# The `embeddings` tier: the embedded server's MiniLM unless LONGHAUL_EMBEDDINGS_URL names another.
LONGHAUL_EMBEDDINGS_URL = env_str("LONGHAUL_EMBEDDINGS_URL", "")
LONGHAUL_EMBEDDINGS_SERVED_MODEL = env_str("LONGHAUL_EMBEDDINGS_SERVED_MODEL", "embeddings")
LONGHAUL_EMBEDDINGS_API_KEY_ENV = env_str("LONGHAUL_EMBEDDINGS_API_KEY_ENV", "")
LONGHAUL_EMBEDDINGS_CONTEXT = env_int("LONGHAUL_EMBEDDINGS_CONTEXT", 512)
LONGHAUL_INFERENCE_THREADS = env_int("LONGHAUL_INFERENCE_THREADS", 0)  # 0: all cores but one
LONGHAUL_STANDARD_MODEL = env_str("LONGHAUL_STANDARD_MODEL", "Qwen/Qwen3-8B")
LONGHAUL_FAST_MODEL = env_str("LONGHAUL_FAST_MODEL", "Qwen/Qwen3-8B")
LONGHAUL_FAST_DRAFT_MODEL = env_str("LONGHAUL_FAST_DRAFT_MODEL", "")
LONGHAUL_VLLM_PORT = env_int("LONGHAUL_VLLM_PORT", 8000)
LONGHAUL_PROBE_INTERVAL_SECONDS = env_float("LONGHAUL_PROBE_INTERVAL_SECONDS", 15.0)
CELERY_BEAT_SCHEDULE["inference-probe-backends"] = {
    "task": "inference.tasks.probe_backends",
    "schedule": LONGHAUL_PROBE_INTERVAL_SECONDS,
    "options": {"expires": LONGHAUL_PROBE_INTERVAL_SECONDS},
}
# Gateway (platform/gateway): /v1, routing, quotas, the usage ledger and /metrics.
LONGHAUL_GATEWAY_MAX_BODY_BYTES = env_int("LONGHAUL_GATEWAY_MAX_BODY_BYTES", 8 * 1024 * 1024)
LONGHAUL_GATEWAY_REGISTRY_SECONDS = env_float("LONGHAUL_GATEWAY_REGISTRY_SECONDS", 3.0)
LONGHAUL_GATEWAY_MAX_RETRIES = env_int("LONGHAUL_GATEWAY_MAX_RETRIES", 2)
LONGHAUL_GATEWAY_QUEUE_TIMEOUT_SECONDS = env_float("LONGHAUL_GATEWAY_QUEUE_TIMEOUT_SECONDS", 30.0)
LONGHAUL_GATEWAY_BREAKER_FAILURES = env_int("LONGHAUL_GATEWAY_BREAKER_FAILURES", 3)
LONGHAUL_GATEWAY_BREAKER_COOLDOWN_SECONDS = env_float(
    "LONGHAUL_GATEWAY_BREAKER_COOLDOWN_SECONDS", 10.0
)
LONGHAUL_GATEWAY_AUTO_FAST_BUDGET_MS = env_int("LONGHAUL_GATEWAY_AUTO_FAST_BUDGET_MS", 2000)
LONGHAUL_GATEWAY_AUTO_FAST_MAX_PROMPT_TOKENS = env_int(
    "LONGHAUL_GATEWAY_AUTO_FAST_MAX_PROMPT_TOKENS", 1000
)
LONGHAUL_GATEWAY_COMPLETION_RESERVE_TOKENS = env_int(
    "LONGHAUL_GATEWAY_COMPLETION_RESERVE_TOKENS", 512
)
# Quota defaults for keys and organizations without a QuotaPolicy row; 0 means unlimited.
LONGHAUL_GATEWAY_KEY_RPM = env_int("LONGHAUL_GATEWAY_KEY_RPM", 600)
LONGHAUL_GATEWAY_KEY_TPM = env_int("LONGHAUL_GATEWAY_KEY_TPM", 1_000_000)
LONGHAUL_GATEWAY_KEY_MONTHLY_TOKENS = env_int("LONGHAUL_GATEWAY_KEY_MONTHLY_TOKENS", 0)
LONGHAUL_GATEWAY_ORG_RPM = env_int("LONGHAUL_GATEWAY_ORG_RPM", 3000)
LONGHAUL_GATEWAY_ORG_TPM = env_int("LONGHAUL_GATEWAY_ORG_TPM", 5_000_000)
LONGHAUL_GATEWAY_ORG_MONTHLY_TOKENS = env_int("LONGHAUL_GATEWAY_ORG_MONTHLY_TOKENS", 0)
LONGHAUL_GATEWAY_SOFT_BUDGET_PERCENT = env_int("LONGHAUL_GATEWAY_SOFT_BUDGET_PERCENT", 80)
LONGHAUL_GATEWAY_ALLOW_FALLBACK = env_bool("LONGHAUL_GATEWAY_ALLOW_FALLBACK", True)
# `auto` uses this tier when set; empty: fast for short prompts, standard otherwise.
LONGHAUL_GATEWAY_AUTO_DEFAULT_TIER = env_str("LONGHAUL_GATEWAY_AUTO_DEFAULT_TIER", "")
LONGHAUL_GATEWAY_LEDGER_FLUSH_SECONDS = env_float("LONGHAUL_GATEWAY_LEDGER_FLUSH_SECONDS", 1.0)
LONGHAUL_GATEWAY_LEDGER_BATCH = env_int("LONGHAUL_GATEWAY_LEDGER_BATCH", 500)
# The currency of prices, costs and budgets in currency (ISO 4217); amounts are never converted.
LONGHAUL_CURRENCY = env_str("LONGHAUL_CURRENCY", "USD")
# Empty: /metrics answers loopback clients only; set: it needs `Authorization: Bearer <token>`.
LONGHAUL_METRICS_TOKEN = env_str("LONGHAUL_METRICS_TOKEN", "")
CELERY_BEAT_SCHEDULE["gateway-flush-usage"] = {
    "task": "gateway.tasks.flush_usage",
    "schedule": 10.0,
    "options": {"expires": 10.0},
}

# --- Agents (agents/, platform/runs, platform/approvals).
LONGHAUL_WORKSPACES_DIR = DATA_DIR / "workspaces"
LONGHAUL_SANDBOX = env_str("LONGHAUL_SANDBOX", "agents.sandbox.bubblewrap.BubblewrapSandbox")
LONGHAUL_ARTIFACTS_DIR = DATA_DIR / "artifacts"
LONGHAUL_PACKAGE_INDEX_URL = env_str("LONGHAUL_PACKAGE_INDEX_URL", "https://pypi.org/simple")
# Sandbox limits (agents/sandbox, docs/sandbox.md), recorded on each run at its start: for all
# the processes of one command together (a cgroup where the host has one; /readyz says), and the
# workspace's disk quota in bytes and in files and directories.
LONGHAUL_SANDBOX_MEMORY_BYTES = env_int("LONGHAUL_SANDBOX_MEMORY_BYTES", 1024**3)
LONGHAUL_SANDBOX_CPUS = env_float("LONGHAUL_SANDBOX_CPUS", 1.0)
LONGHAUL_SANDBOX_MAX_PROCESSES = env_int("LONGHAUL_SANDBOX_MAX_PROCESSES", 128)
LONGHAUL_SANDBOX_DISK_BYTES = env_int("LONGHAUL_SANDBOX_DISK_BYTES", 1024**3)
LONGHAUL_SANDBOX_DISK_FILES = env_int("LONGHAUL_SANDBOX_DISK_FILES", 50_000)
# True: no command runs, and /readyz fails, where no cgroup bounds the sandbox as a whole.
LONGHAUL_SANDBOX_REQUIRE_CGROUPS = env_bool("LONGHAUL_SANDBOX_REQUIRE_CGROUPS", False)
# An approved install reaches the index's host:port and these, nothing else. Names must resolve
# to public addresses; the exact host:port pairs in _PRIVATE_HOSTS may be private (a mirror).
LONGHAUL_SANDBOX_EGRESS_HOSTS = env_list(
    "LONGHAUL_SANDBOX_EGRESS_HOSTS", ["files.pythonhosted.org:443"]
)
LONGHAUL_SANDBOX_EGRESS_PRIVATE_HOSTS = env_list("LONGHAUL_SANDBOX_EGRESS_PRIVATE_HOSTS", [])
LONGHAUL_RUN_LEASE_SECONDS = env_int("LONGHAUL_RUN_LEASE_SECONDS", 30)
# Runs and approvals (platform/runs, platform/approvals).
LONGHAUL_RUN_MAX_LOST = env_int("LONGHAUL_RUN_MAX_LOST", 5)  # worker losses before a run fails
LONGHAUL_LEASE_RECOVERY_SECONDS = env_float("LONGHAUL_LEASE_RECOVERY_SECONDS", 5.0)
# Queued this long without a worker picking the run up: enqueue it again (a lost message).
LONGHAUL_QUEUED_REENQUEUE_SECONDS = env_float("LONGHAUL_QUEUED_REENQUEUE_SECONDS", 60.0)
LONGHAUL_ALLOWED_REPO_ROOTS = env_list("LONGHAUL_ALLOWED_REPO_ROOTS", [])
# A step that fails for environmental reasons (model endpoint down, overloaded or timing out,
# sandbox unable to start) is retried with exponential backoff and jitter (first delay, cap) for
# this long while the run shows `waiting`; only then does it fail, as an infrastructure failure.
LONGHAUL_RUN_INFRA_RETRY_WINDOW_SECONDS = env_float(
    "LONGHAUL_RUN_INFRA_RETRY_WINDOW_SECONDS", 300.0
)
LONGHAUL_RUN_INFRA_RETRY_FIRST_SECONDS = env_float("LONGHAUL_RUN_INFRA_RETRY_FIRST_SECONDS", 1.0)
LONGHAUL_RUN_INFRA_RETRY_MAX_BACKOFF_SECONDS = env_float(
    "LONGHAUL_RUN_INFRA_RETRY_MAX_BACKOFF_SECONDS", 30.0
)
# Workspace snapshots taken before tool calls that may write (crash recovery and rollback):
# outside every workspace, the newest N per run, none of a workspace over the byte/file bounds.
LONGHAUL_SNAPSHOTS_DIR = Path(env_str("LONGHAUL_SNAPSHOTS_DIR", str(DATA_DIR / "snapshots")))
LONGHAUL_RUN_SNAPSHOT_RETENTION = env_int("LONGHAUL_RUN_SNAPSHOT_RETENTION", 50)
LONGHAUL_RUN_SNAPSHOT_MAX_BYTES = env_int("LONGHAUL_RUN_SNAPSHOT_MAX_BYTES", 256 * 1024 * 1024)
LONGHAUL_RUN_SNAPSHOT_MAX_FILES = env_int("LONGHAUL_RUN_SNAPSHOT_MAX_FILES", 50_000)
LONGHAUL_MAX_WORKSPACE_BYTES = env_int("LONGHAUL_MAX_WORKSPACE_BYTES", 200 * 1024 * 1024)
LONGHAUL_MAX_WORKSPACE_FILES = env_int("LONGHAUL_MAX_WORKSPACE_FILES", 50_000)
# Tests point this at the scripted model server; empty means LONGHAUL_GATEWAY_URL.
LONGHAUL_AGENT_MODEL_URL = env_str("LONGHAUL_AGENT_MODEL_URL", "")
LONGHAUL_AGENT_CHAT_TIMEOUT_SECONDS = env_float("LONGHAUL_AGENT_CHAT_TIMEOUT_SECONDS", 300.0)
# Extra workflows ("name=dotted.path,...") and tools (dotted paths to ToolSpec) as plug-ins.
LONGHAUL_EXTRA_WORKFLOWS = env_list("LONGHAUL_EXTRA_WORKFLOWS", [])
LONGHAUL_EXTRA_TOOLS = env_list("LONGHAUL_EXTRA_TOOLS", [])
# The 3D asset workflow's tools (agents/three_d): build, render and export in the sandbox.
if "agents.three_d.tools:TOOLS" not in LONGHAUL_EXTRA_TOOLS:
    LONGHAUL_EXTRA_TOOLS = [*LONGHAUL_EXTRA_TOOLS, "agents.three_d.tools:TOOLS"]
# The finance research workflow's tools (agents/finance): read, chart, typeset, release.
if "agents.finance.tools:TOOLS" not in LONGHAUL_EXTRA_TOOLS:
    LONGHAUL_EXTRA_TOOLS = [*LONGHAUL_EXTRA_TOOLS, "agents.finance.tools:TOOLS"]
CELERY_BEAT_SCHEDULE["runs-recover-expired-leases"] = {
    "task": "runs.tasks.recover_expired_leases",
    "schedule": LONGHAUL_LEASE_RECOVERY_SECONDS,
    "options": {"expires": LONGHAUL_LEASE_RECOVERY_SECONDS},
}
# Approvals (docs/approvals.md): beat enforces deadlines, escalations and reminders this often,
# even when no worker looks at the run; the SLA figures behind /metrics are refreshed as often.
LONGHAUL_APPROVAL_SWEEP_SECONDS = env_float("LONGHAUL_APPROVAL_SWEEP_SECONDS", 15.0)
LONGHAUL_APPROVAL_SLA_SECONDS = env_float("LONGHAUL_APPROVAL_SLA_SECONDS", 60.0)
LONGHAUL_APPROVAL_SLA_WINDOW_DAYS = env_int("LONGHAUL_APPROVAL_SLA_WINDOW_DAYS", 30)
# The approval gate runs and the engine talk to (a port; the approvals app implements it).
LONGHAUL_APPROVAL_GATE = env_str("LONGHAUL_APPROVAL_GATE", "approvals.gate.DjangoApprovalGate")
SPECTACULAR_SETTINGS["ENUM_NAME_OVERRIDES"] = {
    **SPECTACULAR_SETTINGS.get("ENUM_NAME_OVERRIDES", {}),  # type: ignore[dict-item]
    "ApprovalKindEnum": "approvals.models.RequestKind.choices",
    "ApprovalDeadlineActionEnum": "approvals.models.DeadlineAction.choices",
    "ApprovalRuleActionEnum": "approvals.models.RuleAction.choices",
}
CELERY_BEAT_SCHEDULE["approvals-sweep"] = {
    "task": "approvals.tasks.sweep_deadlines",
    "schedule": LONGHAUL_APPROVAL_SWEEP_SECONDS,
    "options": {"expires": LONGHAUL_APPROVAL_SWEEP_SECONDS},
}
CELERY_BEAT_SCHEDULE["approvals-sla"] = {
    "task": "approvals.tasks.refresh_sla",
    "schedule": LONGHAUL_APPROVAL_SLA_SECONDS,
    "options": {"expires": LONGHAUL_APPROVAL_SLA_SECONDS},
}
# Webhooks (docs/approvals.md#webhooks): signed deliveries with retries and backoff.
LONGHAUL_WEBHOOK_TIMEOUT_SECONDS = env_float("LONGHAUL_WEBHOOK_TIMEOUT_SECONDS", 5.0)
LONGHAUL_WEBHOOK_MAX_ATTEMPTS = env_int("LONGHAUL_WEBHOOK_MAX_ATTEMPTS", 8)
LONGHAUL_WEBHOOK_RETRY_FIRST_SECONDS = env_float("LONGHAUL_WEBHOOK_RETRY_FIRST_SECONDS", 10.0)
LONGHAUL_WEBHOOK_RETRY_MAX_SECONDS = env_float("LONGHAUL_WEBHOOK_RETRY_MAX_SECONDS", 3600.0)
LONGHAUL_WEBHOOK_SWEEP_SECONDS = env_float("LONGHAUL_WEBHOOK_SWEEP_SECONDS", 60.0)
LONGHAUL_WEBHOOK_REQUIRE_HTTPS = env_bool("LONGHAUL_WEBHOOK_REQUIRE_HTTPS", False)
# Hosts webhooks may reach although they resolve to private or loopback addresses.
LONGHAUL_WEBHOOK_ALLOWED_PRIVATE_HOSTS = env_list("LONGHAUL_WEBHOOK_ALLOWED_PRIVATE_HOSTS", [])
CELERY_BEAT_SCHEDULE["webhooks-redeliver"] = {
    "task": "webhooks.tasks.redeliver_overdue",
    "schedule": LONGHAUL_WEBHOOK_SWEEP_SECONDS,
    "options": {"expires": LONGHAUL_WEBHOOK_SWEEP_SECONDS},
}

# --- Memory (platform/memory).
LONGHAUL_EMBEDDING_PROVIDER = env_str("LONGHAUL_EMBEDDING_PROVIDER", "local")
LONGHAUL_EMBEDDING_DIMENSIONS = env_int("LONGHAUL_EMBEDDING_DIMENSIONS", 384)
LONGHAUL_DOCUMENTS_DIR = Path(
    env_str("LONGHAUL_DOCUMENTS_DIR", str(DATA_DIR / "documents"))
).resolve()
LONGHAUL_MAX_UPLOAD_BYTES = env_int("LONGHAUL_MAX_UPLOAD_BYTES", 50 * 1024 * 1024)
DATA_UPLOAD_MAX_MEMORY_SIZE = 10 * 1024 * 1024
FILE_UPLOAD_MAX_MEMORY_SIZE = 10 * 1024 * 1024
# Provider `openai` calls this OpenAI-compatible base URL (the gateway's /v1 when empty).
LONGHAUL_EMBEDDING_URL = env_str("LONGHAUL_EMBEDDING_URL", "")
# Empty: the gateway's own embeddings model when calling the gateway, all-MiniLM-L6-v2 elsewhere.
LONGHAUL_EMBEDDING_MODEL = env_str("LONGHAUL_EMBEDDING_MODEL", "")
LONGHAUL_EMBEDDING_API_KEY = env_str("LONGHAUL_EMBEDDING_API_KEY", "")
LONGHAUL_EMBEDDING_BATCH_SIZE = env_int("LONGHAUL_EMBEDDING_BATCH_SIZE", 64)
# ~1,000 characters stay within the 256 word pieces all-MiniLM-L6-v2 embeds.
LONGHAUL_CHUNK_CHARS = env_int("LONGHAUL_CHUNK_CHARS", 1000)
LONGHAUL_CHUNK_OVERLAP_CHARS = env_int("LONGHAUL_CHUNK_OVERLAP_CHARS", 150)
LONGHAUL_MAX_DOCUMENT_CHUNKS = env_int("LONGHAUL_MAX_DOCUMENT_CHUNKS", 20000)
# HNSW candidate list per query; with iterative scans filtered queries keep this recall.
LONGHAUL_HNSW_EF_SEARCH = env_int("LONGHAUL_HNSW_EF_SEARCH", 100)
# An organization with at most this many items is searched exactly instead of through HNSW.
LONGHAUL_EXACT_SEARCH_MAX_ITEMS = env_int("LONGHAUL_EXACT_SEARCH_MAX_ITEMS", 10000)
# The agent memory tools (remember, recall, search_documents) join the runtime's registry.
if "agents.tools.memory_tools:TOOLS" not in LONGHAUL_EXTRA_TOOLS:
    LONGHAUL_EXTRA_TOOLS = [*LONGHAUL_EXTRA_TOOLS, "agents.tools.memory_tools:TOOLS"]
SPECTACULAR_SETTINGS["ENUM_NAME_OVERRIDES"] = {
    **SPECTACULAR_SETTINGS.get("ENUM_NAME_OVERRIDES", {}),  # type: ignore[dict-item]
    "MemoryKindEnum": "memory.models.Kind.choices",
    "MemoryWritableKindEnum": "memory.models.WRITABLE_KINDS",
    "MemoryScopeEnum": "memory.models.Scope.choices",
    "DocumentStatusEnum": "memory.models.DocumentStatus.choices",
}
CELERY_BEAT_SCHEDULE["memory-expire"] = {
    "task": "memory.tasks.memory_expire_task",
    "schedule": env_float("LONGHAUL_MEMORY_EXPIRE_SECONDS", 300.0),
}

# --- Static files, served by the ASGI app itself (ServeStatic) in every mode. Here: straight
# from the apps' and frontend's folders, no collectstatic step; production serves the
# collected, hashed and compressed copies under STATIC_ROOT instead.
STATIC_URL = "/static/"
STATIC_ROOT = Path(env_str("LONGHAUL_STATIC_ROOT", str(DATA_DIR / "static"))).resolve()
STATICFILES_DIRS = [REPO_DIR / "frontend" / "static"]
SERVESTATIC_USE_FINDERS = True
LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"context": {"()": "core.logging.ContextFilter"}},
    "formatters": {
        "structured": {
            "format": "%(asctime)s %(levelname)s %(name)s request=%(request_id)s "
            "run=%(run_id)s %(message)s"
        }
    },
    "handlers": {
        "console": {
            "class": "logging.StreamHandler",
            "formatter": "structured",
            "filters": ["context"],
        }
    },
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "INFO")},
    # httpx logs every request at INFO: one line per model call is noise on the hot path.
    "loggers": {"django.db.backends": {"level": "WARNING"}, "httpx": {"level": "WARNING"}},
}

SESSION_COOKIE_AGE = int(timedelta(days=7).total_seconds())

# --- Dashboard (platform/dashboard, frontend/). A strict Content-Security-Policy on every page
# (dashboard.middleware); directives here replace the defaults, e.g. {"img-src": "'self' data:"}.
LONGHAUL_CSP_OVERRIDES: dict[str, str] = {}
