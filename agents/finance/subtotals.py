"""Structural checks (`structure.py`) as reconciliation findings: one finding per check, company
and year however many documents print the same failing column (each document is a source), none
for a column whose failure a cross-document difference already explains (a figure restated in a
later report's comparative column unbalances that column; the finding is the restatement), and
the figures as ledger entries: the stated total as reported, its parts' sum and the difference as
computed entries that cite the page of the total.
"""

from __future__ import annotations

from typing import Any

from agents.finance import findings as F
from agents.finance.ledger import company_key, computed_entry

SEVERITY = {"subtotal": "error", "sign_flip": "error", "scale_mismatch": "error"}


def structural(
    results: list[dict[str, Any]],
    entries: list[dict[str, Any]],
    documents: dict[str, dict[str, Any]],
    explained: list[dict[str, Any]],
) -> tuple[list[dict[str, Any]], list[dict[str, Any]], list[dict[str, Any]]]:
    """(computed ledger entries, findings, checks) from the structural check results."""
    at = _entries_by_place(entries)
    groups: dict[tuple[str, str, int, str], list[dict[str, Any]]] = {}
    checks = []
    chained = _chained(results)
    for result in results:
        document = documents.get(result["document"]) or {}
        if not document.get("company"):
            continue
        company = company_key(document["company"])
        cause = _explained_by(result, company, explained) or chained.get(id(result))
        status = "explained" if result["status"] == "failed" and cause else result["status"]
        checks.append(_check(result, company, status, cause))
        if status == "failed":
            slot = (result["check"], company, result["period"], result["total"]["label"].lower())
            groups.setdefault(slot, []).append({**result, "company_name": document["company"]})
    computed, findings = [], []
    for (_, company, _, _), failed in sorted(groups.items()):
        entry_set, finding = _finding(failed, company, at, documents)
        computed += entry_set
        findings.append(finding)
    return computed, findings, checks


def _check(
    result: dict[str, Any], company: str, status: str, cause: dict[str, Any] | None
) -> dict[str, Any]:
    check = {
        "check": result["check"],
        "kind": result["kind"],
        "company": company,
        "period": result["period"],
        "status": status,
        "document": result["document"],
        "total": result["total"]["label"],
        "parts": [p["label"] for p in result["parts"]],
    }
    if result.get("reason"):
        check["reason"] = result["reason"]
    if cause:
        check["explained_by"] = f"{cause.get('code', 'subtotal')}:{cause['item']}"
    return check


def _chained(results: list[dict[str, Any]]) -> dict[int, dict[str, Any]]:
    """A total printed wrong fails its own check and, with the opposite difference, the check of
    the next total it is a part of: the second failure is the first one's consequence."""
    failed = [r for r in results if r["status"] == "failed"]
    found: dict[int, dict[str, Any]] = {}
    for later in failed:
        for earlier in failed:
            same = (earlier["document"], earlier["statement"], earlier["period"]) == (later["document"], later["statement"], later["period"])  # fmt: skip
            part = any(p["row"] == earlier["total"]["row"] for p in later["parts"])
            slack = earlier["tolerance"] + later["tolerance"]
            if same and part and abs(later["difference"] + earlier["difference"]) <= slack:
                found[id(later)] = {"item": earlier["total"]["item"] or earlier["check"]}
    return found


def _explained_by(
    result: dict[str, Any], company: str, explained: list[dict[str, Any]]
) -> dict[str, Any] | None:
    items = {result["total"]["item"], *(p["item"] for p in result["parts"])} - {None}
    return next(
        (
            f
            for f in explained
            if f["company"] == company
            and f["period"] == result["period"]
            and f["item"] in items
            and f["document"] == result["document"]
        ),
        None,
    )


def _entries_by_place(entries: list[dict[str, Any]]) -> dict[tuple[Any, ...], dict[str, Any]]:
    return {
        (
            e["source"]["document"],
            e["source"].get("page"),
            e["source"].get("row"),
            e["item"],
            e["period"],
        ): e
        for e in entries
        if e["type"] == "reported"
    }


def _finding(
    failed: list[dict[str, Any]],
    company: str,
    at: dict[tuple[Any, ...], dict[str, Any]],
    documents: dict[str, dict[str, Any]],
) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    first = min(failed, key=lambda r: _document_rank(r, documents))
    total = first["total"]
    stated = at.get(
        (first["document"], total["page"], total["row"], total["item"], first["period"])
    )
    parts = [
        e
        for p in first["parts"]
        if (e := at.get((first["document"], p["page"], p["row"], p["item"], first["period"])))
    ]
    computed = _figures(first, stated, parts, company) if stated else []
    message = _message(first, failed)
    finding = F.finding(
        first["check"],
        message,
        category="reconciliation",
        severity=SEVERITY.get(first["kind"], "error"),
        kind=first["kind"],
        confidence=0.95 if stated and len(parts) == len(first["parts"]) else 0.8,
        company=company,
        period=first["period"],
        item=total["item"],
        document=first["document"],
        entries=[e["id"] for e in [*([stated] if stated else []), *computed]],
        sources=[
            _source(r, documents)
            for r in sorted(failed, key=lambda r: _document_rank(r, documents))
        ],
    )
    if first.get("suspect"):
        finding["suspect"] = first["suspect"]
    return computed, finding


def _document_rank(result: dict[str, Any], documents: dict[str, dict[str, Any]]) -> tuple[Any, ...]:
    document = documents.get(result["document"]) or {}
    own = document.get("fiscal_year") == result["period"]
    kind = {"pdf": 0, "xlsx": 1, "csv": 2}.get(str(document.get("kind")), 3)
    return (0 if own else 1, kind, result["document"])


def _message(first: dict[str, Any], failed: list[dict[str, Any]]) -> str:
    from agents.finance.reconcile import DESCRIPTIONS

    statement = first["statement"].replace("_", " ").replace("cash flow", "cash flow statement")
    what = DESCRIPTIONS.get(first["check"], DESCRIPTIONS["subtotal"])
    if first["check"] == "subtotal":
        what = f"{first['total']['label']!r} is not the sum of the lines printed above it"
    hint = ""
    if first.get("suspect") and first["kind"] == "sign_flip":
        hint = f"; it would add up if {first['suspect']!r} had the opposite sign"
    elif first.get("suspect") and first["kind"] == "scale_mismatch":
        hint = f"; it would add up if {first['suspect']!r} were at the statement's scale"
    parts = ", ".join(repr(p["label"]) for p in first["parts"])
    return f"{first['company_name']} FY{first['period']} {statement}: {what} ({parts}){hint}."


def _figures(
    result: dict[str, Any], stated: dict[str, Any], parts: list[dict[str, Any]], company: str
) -> list[dict[str, Any]]:
    base = f"{company}.check.{result['check']}.{result['period']}"
    common = {
        "company": stated["company"],
        "period": stated["period"],
        "kind": stated["kind"],
        "currency": stated.get("currency"),
    }
    inputs = [stated, *parts]
    labels = " + ".join(p["label"] for p in result["parts"])
    expected = computed_entry(
        id=f"{base}.expected",
        name=f"{stated['name']} from its parts",
        value=result["expected"],
        formula=f"sum of the lines printed above it: {labels}",
        inputs=inputs,
        **common,
    )
    difference = computed_entry(
        id=f"{base}.difference",
        name=f"{stated['name']} difference",
        value=result["difference"],
        formula=f"{stated['item']} - (sum of the lines printed above it)",
        inputs=inputs,
        **common,
    )
    return [expected, difference]


def _source(result: dict[str, Any], documents: dict[str, dict[str, Any]]) -> dict[str, Any]:
    total = result["total"]
    document = documents.get(result["document"]) or {}
    where: dict[str, Any] = {"document": result["document"], "label": total["label"]}
    if total.get("sheet"):
        where["sheet"] = total["sheet"]
    elif document.get("kind") == "pdf":
        where["page"] = total["page"]
    where["row"] = total["row"]
    return where
