from __future__ import annotations

import logging

from django.apps import AppConfig
from django.conf import settings

logger = logging.getLogger("longhaul")

DEVELOPMENT_WARNING = """
########################################################################
#  DEVELOPMENT MODE (LONGHAUL_DEVELOPMENT is set): DEBUG IS ON.        #
#  Error pages show code, local variables, settings and every URL to   #
#  anyone who can reach this server. Never expose it; unset            #
#  LONGHAUL_DEVELOPMENT for anything but your own machine.             #
########################################################################"""


class CoreConfig(AppConfig):
    name = "core"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from core.logging import install_secret_redaction

        # Every process (web, worker, beat, commands) loads the apps before it logs a request.
        install_secret_redaction()
        if settings.DEBUG:
            logger.warning(DEVELOPMENT_WARNING)
