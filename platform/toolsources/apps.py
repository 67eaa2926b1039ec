from __future__ import annotations

from django.apps import AppConfig


class ToolSourcesConfig(AppConfig):
    name = "toolsources"
    verbose_name = "Tool sources"
    default_auto_field = "django.db.models.BigAutoField"
