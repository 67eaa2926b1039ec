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
    "rest_framework",
    "drf_spectacular",
    "channels",
    "core",
    "accounts",
    "inference",
    "gateway",
    "runs",
    "approvals",
    "memory",
    "dashboard",
]

MIDDLEWARE = [
    "core.middleware.RequestIdMiddleware",
    "django.middleware.security.SecurityMiddleware",
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
DATABASES = {"default": parse_database_url(env_str("DATABASE_URL", "postgresql://127.0.0.1/longhaul"))}
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
}

# --- The web process `make up` runs.
LONGHAUL_WEB_HOST = env_str("LONGHAUL_WEB_HOST", "127.0.0.1")
LONGHAUL_WEB_PORT = env_int("LONGHAUL_WEB_PORT", 8000)

# --- Accounts.
API_KEY_CACHE_SECONDS = env_int("LONGHAUL_API_KEY_CACHE_SECONDS", 5)

# --- Health: readiness checks by dotted path; each returns (ok, detail).
LONGHAUL_READINESS_CHECKS = [
    "core.health.check_database",
    "core.health.check_redis",
    "inference.health.check_backends",
]

# --- Inference and gateway (platform/inference, platform/gateway).
LONGHAUL_EMBEDDED_INFERENCE = env_bool("LONGHAUL_EMBEDDED_INFERENCE", True)
LONGHAUL_INFERENCE_HOST = env_str("LONGHAUL_INFERENCE_HOST", "127.0.0.1")
LONGHAUL_INFERENCE_PORT = env_int("LONGHAUL_INFERENCE_PORT", 8100)
LONGHAUL_STANDARD_URL = env_str("LONGHAUL_STANDARD_URL", "")
LONGHAUL_FAST_URL = env_str("LONGHAUL_FAST_URL", "")
LONGHAUL_GATEWAY_URL = env_str("LONGHAUL_GATEWAY_URL", "http://127.0.0.1:8000/v1")
LONGHAUL_UPSTREAM_TIMEOUT_SECONDS = env_float("LONGHAUL_UPSTREAM_TIMEOUT_SECONDS", 120.0)
# Inference (platform/inference): tier seeds, embedded CPU server, vLLM launch specs, probes.
# Each tier's default backend follows LONGHAUL_<TIER>_URL / _SERVED_MODEL / _API_KEY_ENV.
LONGHAUL_STANDARD_SERVED_MODEL = env_str("LONGHAUL_STANDARD_SERVED_MODEL", "standard")
LONGHAUL_FAST_SERVED_MODEL = env_str("LONGHAUL_FAST_SERVED_MODEL", "fast")
LONGHAUL_STANDARD_API_KEY_ENV = env_str("LONGHAUL_STANDARD_API_KEY_ENV", "")
LONGHAUL_FAST_API_KEY_ENV = env_str("LONGHAUL_FAST_API_KEY_ENV", "")
LONGHAUL_STANDARD_CONTEXT = env_int("LONGHAUL_STANDARD_CONTEXT", 8192)
LONGHAUL_FAST_CONTEXT = env_int("LONGHAUL_FAST_CONTEXT", 4096)
LONGHAUL_INFERENCE_THREADS = env_int("LONGHAUL_INFERENCE_THREADS", 0)  # 0: all cores
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

# --- Agents (agents/, platform/runs, platform/approvals).
LONGHAUL_WORKSPACES_DIR = DATA_DIR / "workspaces"
LONGHAUL_ARTIFACTS_DIR = DATA_DIR / "artifacts"
LONGHAUL_PACKAGE_INDEX_URL = env_str("LONGHAUL_PACKAGE_INDEX_URL", "https://pypi.org/simple")
LONGHAUL_RUN_LEASE_SECONDS = env_int("LONGHAUL_RUN_LEASE_SECONDS", 30)

# --- Memory (platform/memory).
LONGHAUL_EMBEDDING_PROVIDER = env_str("LONGHAUL_EMBEDDING_PROVIDER", "local")
LONGHAUL_EMBEDDING_DIMENSIONS = env_int("LONGHAUL_EMBEDDING_DIMENSIONS", 384)
LONGHAUL_DOCUMENTS_DIR = DATA_DIR / "documents"
LONGHAUL_MAX_UPLOAD_BYTES = env_int("LONGHAUL_MAX_UPLOAD_BYTES", 50 * 1024 * 1024)
DATA_UPLOAD_MAX_MEMORY_SIZE = 10 * 1024 * 1024
FILE_UPLOAD_MAX_MEMORY_SIZE = 10 * 1024 * 1024

# --- Static files and i18n.
STATIC_URL = "/static/"
STATIC_ROOT = DATA_DIR / "static"
STATICFILES_DIRS = [REPO_DIR / "frontend" / "static"]
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
    "loggers": {"django.db.backends": {"level": "WARNING"}},
}

SESSION_COOKIE_AGE = int(timedelta(days=7).total_seconds())
