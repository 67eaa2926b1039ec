from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("runs", "0006_run_failure_kind_invalid_data"),
    ]

    operations = [
        migrations.AddField(
            model_name="run",
            name="source",
            field=models.JSONField(
                blank=True,
                default=dict,
                help_text="Where a cloned workspace came from: `repository` (a path, or a URL "
                "without credentials), `remote`, and the `commit` and default `branch` it was "
                "cloned at.",
            ),
        ),
    ]
