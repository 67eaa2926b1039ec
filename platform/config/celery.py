"""The Celery application. Workers start it with `celery -A config.worker`."""

from __future__ import annotations

from celery import Celery

app = Celery("longhaul")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
