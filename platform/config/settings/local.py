"""Laptop and `make up`: embedded services, safe to expose as they are.

DEBUG stays off (the platform's own error pages, nothing about the code or settings) unless the
development switch LONGHAUL_DEVELOPMENT is set; the web process and `manage.py up` then say so
loudly at start (core.apps). DEBUG in the environment is not read: the switch is explicit.
"""

from __future__ import annotations

from config.env import env_bool
from config.settings.base import *  # noqa: F403

DEBUG = env_bool("LONGHAUL_DEVELOPMENT", False)
