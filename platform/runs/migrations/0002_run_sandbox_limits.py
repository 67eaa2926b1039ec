from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("runs", "0001_initial")]

    operations = [
        migrations.AddField(
            model_name="run",
            name="sandbox_limits",
            field=models.JSONField(blank=True, default=dict),
        ),
    ]
