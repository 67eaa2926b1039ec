from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("runs", "0005_toolcall_reliability"),
    ]

    operations = [
        migrations.AlterField(
            model_name="run",
            name="failure_kind",
            field=models.CharField(
                blank=True,
                choices=[
                    ("", "Not failed"),
                    ("agent", "Agent"),
                    ("infrastructure", "Infrastructure"),
                    ("invalid_data", "Invalid data"),
                ],
                default="",
                max_length=16,
            ),
        ),
    ]
