from __future__ import annotations

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("approvals", "0004_policy_rules_from_tool_policies")]

    operations = [
        migrations.AddField(
            model_name="approvalrequest",
            name="notified_at",
            field=models.DateTimeField(blank=True, null=True),
        ),
    ]
