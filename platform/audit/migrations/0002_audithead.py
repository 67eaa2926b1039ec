from django.db import migrations, models

# Every appended entry moves its organization's head forward, in the same transaction. The
# function runs as its owner (the role that ran this migration), so the application's role,
# which may only read audit_audithead, still moves the head by appending, and cannot rewind it.
# search_path is pinned and the table named with the trigger's own schema, so that nothing the
# caller can create is found first.
MOVE_HEAD = """
CREATE FUNCTION audit_move_head() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    EXECUTE format(
        'INSERT INTO %I.audit_audithead AS head (organization_id, seq, hash, updated_at) '
        'VALUES ($1, $2, $3, now()) ON CONFLICT (organization_id) DO UPDATE '
        'SET seq = EXCLUDED.seq, hash = EXCLUDED.hash, updated_at = EXCLUDED.updated_at '
        'WHERE head.seq < EXCLUDED.seq',
        TG_TABLE_SCHEMA
    ) USING NEW.organization_id, NEW.seq, NEW.hash;
    RETURN NULL;
END;
$$;
CREATE TRIGGER audit_head_moves AFTER INSERT ON audit_auditentry
    FOR EACH ROW EXECUTE FUNCTION audit_move_head();

CREATE FUNCTION audit_head_refuse_rewind() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'DELETE' THEN
        RAISE EXCEPTION 'the audit head only moves forward: DELETE of organization %''s head refused',
            OLD.organization_id USING ERRCODE = 'insufficient_privilege';
    ELSIF NEW.seq < OLD.seq THEN
        RAISE EXCEPTION 'the audit head only moves forward: organization %''s head stays at seq %',
            OLD.organization_id, OLD.seq USING ERRCODE = 'insufficient_privilege';
    END IF;
    RETURN NEW;
END;
$$;
CREATE TRIGGER audit_head_forward_only BEFORE UPDATE OR DELETE ON audit_audithead
    FOR EACH ROW EXECUTE FUNCTION audit_head_refuse_rewind();

INSERT INTO audit_audithead (organization_id, seq, hash, updated_at)
SELECT DISTINCT ON (organization_id) organization_id, seq, hash, now()
FROM audit_auditentry ORDER BY organization_id, seq DESC;
"""
REMOVE_MOVE_HEAD = """
DROP TRIGGER IF EXISTS audit_head_moves ON audit_auditentry;
DROP FUNCTION IF EXISTS audit_move_head();
DROP TRIGGER IF EXISTS audit_head_forward_only ON audit_audithead;
DROP FUNCTION IF EXISTS audit_head_refuse_rewind();
"""


class Migration(migrations.Migration):

    dependencies = [
        ("audit", "0001_initial"),
    ]

    operations = [
        migrations.CreateModel(
            name="AuditHead",
            fields=[
                ("organization_id", models.BigIntegerField(primary_key=True, serialize=False)),
                ("seq", models.BigIntegerField()),
                ("hash", models.CharField(max_length=64)),
                ("updated_at", models.DateTimeField()),
            ],
        ),
        migrations.RunSQL(MOVE_HEAD, REMOVE_MOVE_HEAD),
    ]
