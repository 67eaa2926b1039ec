"""pytest: the real embedded PostgreSQL and the real Redis, on a database number of their own."""

from __future__ import annotations

from config.env import env_int, env_list, env_str, validate_redis_url
from config.settings.base import *  # noqa: F403
from config.settings.base import ALLOWED_HOSTS, CACHES, CHANNEL_LAYERS, DATABASES, INSTALLED_APPS

DEBUG = False
ALLOWED_HOSTS = [*ALLOWED_HOSTS, "testserver"]  # Django's test client
# Many tests sign in and call the API from one address within a minute: the rate limits are off
# unless a test's server sets them (tests/security/test_edge_limits.py).
LONGHAUL_REST_KEY_RPM = env_int("LONGHAUL_REST_KEY_RPM", 0)
LONGHAUL_REST_ADDRESS_RPM = env_int("LONGHAUL_REST_ADDRESS_RPM", 0)
LONGHAUL_SIGN_IN_ADDRESS_RPM = env_int("LONGHAUL_SIGN_IN_ADDRESS_RPM", 0)
# First, so that its `flush` (cheaper between transactional tests) is the one found.
INSTALLED_APPS = ["tests.flush", *INSTALLED_APPS]
# Separate names let several test sessions share one machine without touching each other.
DATABASES["default"]["TEST"] = {"NAME": env_str("LONGHAUL_TEST_DATABASE", "test_longhaul")}
# PostgreSQL whose test database is made and dropped by the owner role: the suite itself
# connects as the application's role, as the platform does.
DATABASES["default"]["ENGINE"] = "tests.support.database"
REDIS_URL = validate_redis_url(env_str("TEST_REDIS_URL", "redis://127.0.0.1:6379/13"))
CACHES["default"]["LOCATION"] = REDIS_URL
CACHES["default"]["KEY_PREFIX"] = "longhaul-test"
CHANNEL_LAYERS["default"]["CONFIG"] = {"url": REDIS_URL, "prefix": "longhaul-test:live"}
CELERY_BROKER_URL = REDIS_URL
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
API_KEY_CACHE_SECONDS = 1
# Owners and admins sign in with a password alone unless a test asks for the second factor
# (tests/accounts/test_two_factor.py), like the rate limits above.
LONGHAUL_TWO_FACTOR_ROLES = env_list("LONGHAUL_TWO_FACTOR_ROLES", [])
LONGHAUL_EMBEDDED_INFERENCE = False
# Readiness tests read the sandbox probe's answer, however busy the machine, not "under way".
LONGHAUL_SANDBOX_PROBE_WAIT_SECONDS = 300.0
# A test's server is one uvicorn process unless the test says otherwise (tests/gateway/test_workers.py).
LONGHAUL_WEB_WORKERS = max(1, env_int("LONGHAUL_WEB_WORKERS", 1))
# Tests that are not about scheduling are limited by their workers only; the scheduling tests
# set their own slots (tests/runs/test_scheduling.py).
LONGHAUL_RUN_SLOTS = env_int("LONGHAUL_RUN_SLOTS", 64)
LONGHAUL_RUN_BURST_SLOTS = env_int("LONGHAUL_RUN_BURST_SLOTS", 0)
# The tests' OpenID provider listens on loopback over plain HTTP (tests/support/oidc_provider.py).
LONGHAUL_SSO_ALLOWED_PRIVATE_HOSTS = env_list("LONGHAUL_SSO_ALLOWED_PRIVATE_HOSTS", ["127.0.0.1"])
LONGHAUL_SSO_REQUIRE_HTTPS = False
