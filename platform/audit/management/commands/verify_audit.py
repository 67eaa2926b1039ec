"""`manage.py verify_audit`: re-walks every audit chain and names the first broken link.

`--expect ORG:SEQ:HASH` (repeatable) also checks heads printed by an earlier run and kept where the
database's owner cannot write: whoever can rewrite entries and heads together (the owner, a
superuser) can make the chains agree with themselves, but not with a head kept elsewhere.
"""

from __future__ import annotations

from argparse import ArgumentTypeError
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from audit.selectors import (
    audit_checkpoint_problem,
    audit_rewritable_by,
    audit_verify,
    audit_verify_all,
)


class Command(BaseCommand):
    help = "Verify the audit log's hash chains; exits 1 naming the first broken entry."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--organization", type=int, help="Check this organization's chain only (id)."
        )
        parser.add_argument(
            "--expect",
            action="append",
            default=[],
            type=_checkpoint,
            metavar="ORG:SEQ:HASH",
            help="A head printed by an earlier run: that entry must still be in the chain.",
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
        for organization_id, seq, digest in options["expect"]:
            problem = audit_checkpoint_problem(
                organization_id=organization_id, seq=seq, hash=digest
            )
            if problem is not None:
                raise CommandError(
                    f"audit chain rewritten: organization {organization_id}: {problem}"
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


def _checkpoint(text: str) -> tuple[int, int, str]:
    organization, _, rest = text.partition(":")
    seq, _, digest = rest.partition(":")
    if not (organization.isdigit() and seq.isdigit() and len(digest) == 64):
        raise ArgumentTypeError(f"{text!r}: expected ORG:SEQ:HASH (a 64-character SHA-256)")
    return int(organization), int(seq), digest.lower()
