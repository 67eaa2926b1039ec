from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("evals", "0001_initial"),
    ]

    operations = [
        migrations.AddField(
            model_name="trial",
            name="tags",
            field=models.JSONField(blank=True, default=list),
        ),
    ]
