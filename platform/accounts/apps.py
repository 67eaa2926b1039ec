from __future__ import annotations

from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "accounts"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from axes.signals import user_locked_out

        from accounts import schema  # noqa: F401  (registers the OpenAPI auth extension)
        from accounts.lockout import on_user_locked_out

        # django-axes' own hook: the one way it reports a lockout.
        user_locked_out.connect(on_user_locked_out, dispatch_uid="longhaul-sign-in-audit")
