"""Celery command-line entry: prepares the environment, then exposes the app."""

from __future__ import annotations

from config.startup import prepare_environment

prepare_environment()

import django  # noqa: E402

django.setup()

from config.celery import app  # noqa: E402

__all__ = ["app"]
