from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from inference.selectors import tier_registry
from inference.services import tiers_seed_from_settings


class Command(BaseCommand):
    help = "Create the standard and fast tiers and their default backends from settings."

    def handle(self, *args: Any, **options: Any) -> None:
        tiers_seed_from_settings()
        for name, tier in tier_registry().items():
            urls = ", ".join(f"{b.name} -> {b.base_url} ({b.served_model})" for b in tier.backends)
            self.stdout.write(f"{name}: {urls or 'no enabled backend'}")
