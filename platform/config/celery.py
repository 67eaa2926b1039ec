"""The Celery application. Workers start it with `celery -A config.worker`."""

from __future__ import annotations

from celery import Celery

from core import metrics, queue_metrics, tracing

app = Celery("longhaul")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
queue_metrics.connect()
metrics.worker_metrics_connect()
tracing.connect_celery()
