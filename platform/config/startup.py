"""What every entry point does before Django reads settings."""

from __future__ import annotations

import os

DEFAULT_SETTINGS = "config.settings.local"


def prepare_environment(default_settings: str = DEFAULT_SETTINGS) -> bool:
    """Chooses the settings module and, outside production, the embedded database.

    Returns True when this process started the embedded database.
    """
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", default_settings)
    if os.environ["DJANGO_SETTINGS_MODULE"].endswith(".production"):
        return False
    from config.embedded_db import use_embedded_database_if_unset

    return use_embedded_database_if_unset()
