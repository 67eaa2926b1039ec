import django.utils.timezone
from django.db import migrations, models

# Append-only at the database: any UPDATE or DELETE of an entry fails, whoever sends it.
# (TRUNCATE needs the table's owner or the TRUNCATE privilege; verify_audit reports the chain's
# head so it can be anchored outside the database, e.g. in the SIEM that reads the export.)
APPEND_ONLY = """
CREATE FUNCTION audit_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'the audit log is append-only: % of audit entry % refused', TG_OP, OLD.id
        USING ERRCODE = 'insufficient_privilege';
END;
$$;
CREATE TRIGGER audit_append_only BEFORE UPDATE OR DELETE ON audit_auditentry
    FOR EACH ROW EXECUTE FUNCTION audit_refuse_change();
"""
REMOVE_APPEND_ONLY = """
DROP TRIGGER IF EXISTS audit_append_only ON audit_auditentry;
DROP FUNCTION IF EXISTS audit_refuse_change();
"""


class Migration(migrations.Migration):

    initial = True

    dependencies = []

    operations = [
        migrations.CreateModel(
            name='AuditEntry',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('organization_id', models.BigIntegerField(db_index=True, default=0)),
                ('seq', models.BigIntegerField()),
                ('created_at', models.DateTimeField(default=django.utils.timezone.now)),
                ('action', models.CharField(max_length=64)),
                ('actor', models.CharField(max_length=200)),
                ('actor_user_id', models.BigIntegerField(blank=True, null=True)),
                ('target', models.CharField(blank=True, default='', max_length=200)),
                ('data', models.JSONField(default=dict)),
                ('prev_hash', models.CharField(max_length=64)),
                ('hash', models.CharField(max_length=64)),
            ],
            options={
                'verbose_name_plural': 'audit entries',
                'ordering': ['organization_id', 'seq'],
                'indexes': [models.Index(fields=['organization_id', 'action', '-created_at'], name='audit_audit_organiz_62ae04_idx')],
                'constraints': [models.UniqueConstraint(fields=('organization_id', 'seq'), name='unique_audit_seq')],
            },
        ),
        migrations.RunSQL(APPEND_ONLY, REMOVE_APPEND_ONLY),
    ]
