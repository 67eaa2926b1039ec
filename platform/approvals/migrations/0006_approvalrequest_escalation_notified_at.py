from __future__ import annotations

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("approvals", "0005_approvalrequest_notified_at")]

    operations = [
        migrations.AddField(
            model_name="approvalrequest",
            name="escalation_notified_at",
            field=models.DateTimeField(blank=True, null=True),
        ),
    ]
