"""Settings shared by every environment. Values come from the environment via config.env.

The Django core is here; each app's settings live in a module of their own beside this one
(config.settings.gateway, .runs, .memory, ...), and Celery beat's schedule in .beat.
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from config.database_roles import owner_settings
from config.env import (
    env_int,
    env_list,
    env_str,
    parse_database_url,
    validate_redis_url,
)
from config.hosts import served_hosts, trusted_origins
from config.settings.accounts import *  # noqa: F403
from config.settings.api import *  # noqa: F403
from config.settings.approvals import *  # noqa: F403
from config.settings.beat import *  # noqa: F403
from config.settings.dashboard import *  # noqa: F403
from config.settings.evals import *  # noqa: F403
from config.settings.gateway import *  # noqa: F403
from config.settings.inference import *  # noqa: F403
from config.settings.limits import *  # noqa: F403
from config.settings.mail import *  # noqa: F403
from config.settings.memory import *  # noqa: F403
from config.settings.paths import *  # noqa: F403
from config.settings.paths import DATA_DIR, REPO_DIR
from config.settings.runs import *  # noqa: F403
from config.settings.sandbox import *  # noqa: F403
from config.settings.scheduling import *  # noqa: F403
from config.settings.toolsources import *  # noqa: F403
from config.settings.web import *  # noqa: F403
from config.settings.web import LONGHAUL_PUBLIC_URL, LONGHAUL_WEB_HOST, LONGHAUL_WEB_PORT
from config.settings.webhooks import *  # noqa: F403

SECRET_KEY = env_str("SECRET_KEY", "longhaul-insecure-development-key-change-me-in-production")
# Off everywhere; only the development switch of config.settings.local turns it on.
DEBUG = False
# The names and origins this process is configured to be reached by (config.hosts).
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", served_hosts(LONGHAUL_WEB_HOST, LONGHAUL_PUBLIC_URL))
CSRF_TRUSTED_ORIGINS = env_list(
    "CSRF_TRUSTED_ORIGINS",
    trusted_origins(LONGHAUL_WEB_HOST, LONGHAUL_WEB_PORT, LONGHAUL_PUBLIC_URL),
)
# The wall clock that calendar rules read (quota windows, prices in force): core.clock.
LONGHAUL_CLOCK = env_str("LONGHAUL_CLOCK", "time.time")
# The clock that in-process caches and windows expire by (API keys, registry, breakers).
LONGHAUL_MONOTONIC = env_str("LONGHAUL_MONOTONIC", "time.monotonic")

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
    "axes",
    "django_otp",
    "django_otp.plugins.otp_totp",
    "django_otp.plugins.otp_static",
    "core",
    "accounts",
    "inference",
    "gateway",
    "runs",
    "approvals",
    "audit",
    "webhooks",
    "memory",
    "toolsources",
    "mcpserver",
    "evals",
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
    # Second factor (accounts.two_factor): sets is_verified, then holds unverified sessions.
    "django_otp.middleware.OTPMiddleware",
    "accounts.signin.TwoFactorMiddleware",
    # Each organization's session lifetime and idle timeout (accounts.sessions).
    "accounts.sessions.SessionPolicyMiddleware",
    "core.idempotency.IdempotencyMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # Last, as django-axes requires: answers a locked-out sign-in (accounts.lockout).
    "axes.middleware.AxesMiddleware",
]
# Sign-in lockout first (django-axes, accounts.lockout), then the ordinary password check.
AUTHENTICATION_BACKENDS = [
    "accounts.lockout.SignInLockoutBackend",
    "django.contrib.auth.backends.ModelBackend",
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
# Migrations connect as the owner role (config.database_roles, docs/deployment.md); the
# application's role gets every table's rows except where this says less (core.roles).
DATABASE_OWNER = owner_settings(DATABASES["default"])
DATABASE_APP_TABLE_PRIVILEGES = {
    "audit_auditentry": ["SELECT", "INSERT"],  # append-only
    "audit_audithead": ["SELECT"],  # moved by a trigger that runs as the owner
    "django_migrations": ["SELECT"],
}
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
# One PUBLISH per group message, fanned out to each process's own sockets (core/fanout.py).
CHANNEL_LAYERS = {
    "default": {
        "BACKEND": "core.fanout.FanoutChannelLayer",
        "CONFIG": {"url": REDIS_URL, "prefix": "longhaul:live"},
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
CELERY_BEAT_SCHEDULE_FILENAME = str(DATA_DIR / "celerybeat-schedule")

# --- Uploads held in memory before Django spills them to disk (memory's documents are bounded
# by LONGHAUL_MAX_UPLOAD_BYTES).
DATA_UPLOAD_MAX_MEMORY_SIZE = 10 * 1024 * 1024
FILE_UPLOAD_MAX_MEMORY_SIZE = 10 * 1024 * 1024

# --- Health: readiness checks by dotted path; each returns (ok, detail).
LONGHAUL_READINESS_CHECKS = [
    "core.health.check_database",
    "core.health.check_redis",
    "core.health.check_gateway",
    "runs.sandboxing.check_sandbox",
    "inference.health.check_backends",
    "accounts.saml.check_saml",
]

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
    # Libraries that narrate their own routine work at INFO: pysaml2's schema loader says so
    # each time it loads a schema, on every start of a process that imports it.
    "loggers": {
        "django.db.backends": {"level": "WARNING"},
        "httpx": {"level": "WARNING"},
        "xmlschema": {"level": "WARNING"},
    },
}

SESSION_COOKIE_AGE = int(timedelta(days=7).total_seconds())
