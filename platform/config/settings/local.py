"""Laptop and `make up`: embedded services, debug pages on."""

from __future__ import annotations

from config.env import env_bool
from config.settings.base import *  # noqa: F403

DEBUG = env_bool("DEBUG", True)
