"""Internal agent keys stop being bearer credentials: runs now present their own run tokens, and
the internal key only names the billing identity of runs started in a browser."""

from __future__ import annotations

from typing import Any

from django.db import migrations


def strip_scopes(apps: Any, schema_editor: Any) -> None:
    ApiKey = apps.get_model("accounts", "ApiKey")
    AgentCredential = apps.get_model("runs", "AgentCredential")
    internal = AgentCredential.objects.values_list("api_key_id", flat=True)
    ApiKey.objects.filter(id__in=list(internal)).update(
        scopes=[], name="agent runtime (internal billing, no scopes)"
    )


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0002_api_key_optional_lists"),
        ("runs", "0001_initial"),
    ]

    operations = [migrations.RunPython(strip_scopes, migrations.RunPython.noop)]
