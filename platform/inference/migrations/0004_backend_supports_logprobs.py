from django.db import migrations, models


def embedded_fast_has_no_logprobs(apps, schema_editor):
    """The embedded fast engine computes logits only where it samples (inference.embedded)."""
    Backend = apps.get_model("inference", "Backend")
    Backend.objects.filter(name="fast-default", dialect="llama_cpp_python").update(
        supports_logprobs=False
    )


class Migration(migrations.Migration):
    dependencies = [
        ("inference", "0003_prices"),
    ]

    operations = [
        migrations.AddField(
            model_name="backend",
            name="supports_logprobs",
            field=models.BooleanField(
                default=True,
                help_text="Whether the server answers `logprobs` (the embedded fast tier does not).",
            ),
        ),
        migrations.RunPython(embedded_fast_has_no_logprobs, migrations.RunPython.noop),
    ]
