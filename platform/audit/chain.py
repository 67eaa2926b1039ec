"""The hash chain: what an entry's hash covers, and how a chain is checked.

hash = SHA-256 of the canonical JSON (sorted keys, no spaces, UTF-8) of the entry's content:
`organization_id, seq, created_at` (ISO 8601, UTC, microseconds), `action, actor,
actor_user_id, target, data` and `prev_hash`, the previous entry's hash (64 zeros for the
first). Changing, removing or inserting any entry breaks the link of the next one, which a
re-walk finds; SIEM consumers can run the same walk on the JSON-lines export.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from dataclasses import dataclass
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
