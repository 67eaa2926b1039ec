"""Production: every secret from the environment, HTTPS everywhere."""

from __future__ import annotations

from config.env import ConfigurationError, env_bool, env_int, env_list, env_str
from config.hosts import public_origins
from config.settings.base import *  # noqa: F403
from config.settings.web import LONGHAUL_PUBLIC_URL

DEBUG = False
SECRET_KEY = env_str("SECRET_KEY")
if len(SECRET_KEY) < 50 or "insecure" in SECRET_KEY:
    raise ConfigurationError("SECRET_KEY must be at least 50 random characters in production")
env_str("DATABASE_URL")  # the embedded database is for laptops only
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS")
if not ALLOWED_HOSTS:
    raise ConfigurationError("ALLOWED_HOSTS must list the host names Longhaul is served on")
# Behind the TLS proxy: the public URL's origin, never the loopback ones of a laptop.
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", public_origins(LONGHAUL_PUBLIC_URL))

SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
SECURE_REDIRECT_EXEMPT = [r"^healthz$", r"^readyz$", r"^metrics$"]
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 31536000)
SECURE_HSTS_INCLUDE_SUBDOMAINS = True
SECURE_HSTS_PRELOAD = True
SESSION_COOKIE_SECURE = True
CSRF_COOKIE_SECURE = True
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"

# Static files: the hashed, compressed copies `collectstatic` writes to STATIC_ROOT (the image
# build runs it; `manage.py up` too), cached for good by browsers since their names change
# with their content; never the source folders.
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "servestatic.storage.CompressedManifestStaticFilesStorage"},
}
SERVESTATIC_USE_FINDERS = False
