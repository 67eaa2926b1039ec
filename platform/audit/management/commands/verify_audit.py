"""`manage.py verify_audit`: re-walks every audit chain and names the first broken link."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from audit.selectors import audit_rewritable_by, audit_verify, audit_verify_all


class Command(BaseCommand):
    help = "Verify the audit log's hash chains; exits 1 naming the first broken entry."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--organization", type=int, help="Check this organization's chain only (id)."
        )

    def handle(self, *args: Any, **options: Any) -> None:
        organization = options.get("organization")
        reports = (
            [audit_verify(organization_id=organization)]
            if organization is not None
            else audit_verify_all()
        )
        for report in reports:
            if report.broken is not None:
                raise CommandError(f"audit chain broken: {report.broken.describe()}")
            self.stdout.write(
                f"organization {report.organization_id}: {report.entries} entries, "
                f"head seq {report.head_seq} {report.head_hash}"
            )
        self.stdout.write(self.style.SUCCESS(f"audit log intact ({len(reports)} chains)"))
        rewritable = audit_rewritable_by()
        if rewritable:  # the chain and its heads hold only against a role that cannot do this
            self.stderr.write(
                self.style.WARNING(
                    f"WARNING: {rewritable} the audit log: whoever holds this connection can "
                    "remove its entries and heads (docs/deployment.md, 'Database roles')"
                )
            )
