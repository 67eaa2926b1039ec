"""The hash chain: what an entry's hash covers, and how a chain is checked.

hash = SHA-256 of the canonical JSON (sorted keys, no spaces, UTF-8) of the entry's content:
`organization_id, seq, created_at` (ISO 8601, UTC, microseconds), `action, actor,
actor_user_id, target, data` and `prev_hash`, the previous entry's hash (64 zeros for the
first). Changing, removing or inserting any entry breaks the link of the next one, which a
re-walk finds; SIEM consumers can run the same walk on the JSON-lines export. Removing the newest
entries breaks no link: the chain is then compared with its head anchor (`against_head`), the
last seq and hash the database saw appended.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any

GENESIS = "0" * 64
CONTENT_FIELDS = (
    "organization_id",
    "seq",
    "created_at",
    "action",
    "actor",
    "actor_user_id",
    "target",
    "data",
    "prev_hash",
)


def canonical(content: dict[str, Any]) -> bytes:
    return json.dumps(
        content, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False
    ).encode("utf-8")


def timestamp(moment: datetime) -> str:
    return moment.astimezone(UTC).isoformat(timespec="microseconds")


def content_of(entry: Any) -> dict[str, Any]:
    """The hashed content of a model instance or an exported line (a dict)."""
    get = entry.get if isinstance(entry, dict) else lambda name: getattr(entry, name)
    content = {name: get(name) for name in CONTENT_FIELDS}
    if isinstance(content["created_at"], datetime):
        content["created_at"] = timestamp(content["created_at"])
    return content


def entry_hash(content: dict[str, Any]) -> str:
    return hashlib.sha256(canonical(content)).hexdigest()


@dataclass(frozen=True)
class Broken:
    entry_id: int | None
    organization_id: int
    seq: int
    reason: str

    def describe(self) -> str:
        if self.entry_id is None:  # an entry that is missing, named by its seq
            return f"organization {self.organization_id}: seq {self.seq} {self.reason}"
        return (
            f"organization {self.organization_id}: entry {self.entry_id} (seq {self.seq}) "
            f"{self.reason}"
        )


@dataclass(frozen=True)
class ChainReport:
    organization_id: int
    entries: int
    head_seq: int
    head_hash: str
    broken: Broken | None

    @property
    def ok(self) -> bool:
        return self.broken is None


def walk(organization_id: int, entries: Iterable[Any]) -> ChainReport:
    """Re-walks one organization's chain in `seq` order; names the first broken link."""
    previous, expected, count = GENESIS, 1, 0
    for entry in entries:
        content = content_of(entry)
        problem = _problem(content, entry, previous, expected)
        if problem is not None:
            ident = entry.get("id") if isinstance(entry, dict) else entry.id
            broken = Broken(ident, organization_id, int(content["seq"]), problem)
            return ChainReport(organization_id, count, expected - 1, previous, broken)
        previous, expected, count = _stored_hash(entry), expected + 1, count + 1
    return ChainReport(organization_id, count, expected - 1, previous, None)


def against_head(report: ChainReport, head: tuple[int, str] | None) -> ChainReport:
    """The walk's report checked against the organization's head anchor, (seq, hash) or None:
    a chain that ends before its head lost its newest entries, however intact the rest is."""
    if report.broken is not None:
        return report
    problem = _head_problem(report, head)
    if problem is None:
        return report
    seq, reason = problem
    return replace(report, broken=Broken(None, report.organization_id, seq, reason))


def _head_problem(report: ChainReport, head: tuple[int, str] | None) -> tuple[int, str] | None:
    end = report.head_seq
    if head is None:
        if report.entries == 0:
            return None
        return end, "has no head anchor: the anchor was removed or entries went around its trigger"
    head_seq, head_hash = head
    if head_seq > end:
        return end + 1, (
            f"is missing: the chain ends at seq {end} but its head anchor is seq {head_seq}; "
            f"seq {end + 1} to {head_seq} were removed"
        )
    if head_seq < end:
        return head_seq + 1, f"follows the head anchor (seq {head_seq}): written around its trigger"
    if head_hash != report.head_hash:
        return end, "is not the entry the head anchor recorded: the newest entries were replaced"
    return None


def _stored_hash(entry: Any) -> str:
    return str(entry["hash"] if isinstance(entry, dict) else entry.hash)


def _problem(content: dict[str, Any], entry: Any, previous: str, expected: int) -> str | None:
    if content["seq"] != expected:
        if int(content["seq"]) > expected:
            return f"follows seq {expected - 1}: seq {expected} to {content['seq'] - 1} are missing"
        return f"is out of order: seq {expected} was expected"
    if content["prev_hash"] != previous:
        return "does not link to the entry before it (prev_hash differs from that entry's hash)"
    if entry_hash(content) != _stored_hash(entry):
        return "does not match its hash: its content was changed after it was written"
    return None
