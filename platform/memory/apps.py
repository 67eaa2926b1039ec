from __future__ import annotations

from django.apps import AppConfig


class MemoryConfig(AppConfig):
    name = "memory"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # Registers the embedding-dimension check that `manage.py check`, `migrate` and `up` run.
        from memory import checks  # noqa: F401
