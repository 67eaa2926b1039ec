from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("runs", "0002_run_sandbox_limits"),
    ]

    operations = [
        migrations.AddField(
            model_name="run",
            name="environment_failure_counts",
            field=models.JSONField(blank=True, default=dict),
        ),
        migrations.AddField(
            model_name="run",
            name="environment_failures",
            field=models.IntegerField(default=0),
        ),
        migrations.AddField(
            model_name="run",
            name="failure_kind",
            field=models.CharField(
                blank=True,
                choices=[
                    ("", "Not failed"),
                    ("agent", "Agent"),
                    ("infrastructure", "Infrastructure"),
                ],
                default="",
                max_length=16,
            ),
        ),
        migrations.AddField(
            model_name="run",
            name="next_attempt_at",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="run",
            name="waiting_reason",
            field=models.TextField(blank=True, default=""),
        ),
        migrations.AddField(
            model_name="run",
            name="waiting_retries",
            field=models.IntegerField(default=0),
        ),
        migrations.AddField(
            model_name="run",
            name="waiting_since",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.AlterField(
            model_name="run",
            name="status",
            field=models.CharField(
                choices=[
                    ("queued", "Queued"),
                    ("running", "Running"),
                    ("awaiting_approval", "Awaiting approval"),
                    ("waiting", "Waiting for the environment"),
                    ("succeeded", "Succeeded"),
                    ("failed", "Failed"),
                    ("cancelled", "Cancelled"),
                ],
                db_index=True,
                default="queued",
                max_length=24,
            ),
        ),
    ]
