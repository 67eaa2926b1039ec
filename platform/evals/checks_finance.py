"""The `finance_truth` checker: a finance_research run's artifacts against the ground truth.

Each expected value must be the primary ledger entry for its company, line item and year, equal
to the truth (exact figures; EPS to the cent) and, where the task says so, taken from the right
document and page, sheet cell or CSV row. Each expected metric must be a computed entry within
its tolerance. The reconciliation findings must be exactly the planted errors. Every citation
in report.md must name a document of the ledger and, for a page, one of the pages the task lists
for that document (where its statements are printed). Partial credit: the share of these checks
that hold; the run must also have succeeded.

Artifacts are JSON and Markdown the workflow wrote; they are parsed with size bounds and every
field is type-checked, since a run that went wrong may hand over anything.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

from agents.finance.ledger import company_key
from evals.checkers import CheckResult, Outcome, failed, scored
from evals.suites import Task

MAX_ARTIFACT_BYTES = 32 * 1024**2
_CITED = re.compile(r"\[([^\]\n]{1,400})\]")
_PAGE = re.compile(r"^(?P<title>.+), p\. (?P<page>\d+)$")


def finance_truth(task: Task, outcome: Outcome) -> CheckResult:
    spec = task.checker
    ledger = _json(outcome, "ledger.json")
    if not isinstance(ledger, dict):
        return failed("the run handed over no readable ledger.json", status=_status(outcome))
    entries = [e for e in ledger.get("entries") or [] if isinstance(e, dict)]
    checks = [{"check": "run succeeded", "ok": _status(outcome) == "succeeded"}]
    checks += [_value(entries, expected) for expected in spec.get("values", [])]
    checks += [_metric(entries, expected) for expected in spec.get("metrics", [])]
    if "findings" in spec:
        checks.append(_findings(outcome, spec["findings"]))
    if spec.get("citations", True):
        checks.append(_citations(outcome, ledger, spec.get("pages", {})))
    return scored(checks, status=_status(outcome))


def _status(outcome: Outcome) -> str:
    return str(outcome.run.get("status", ""))


def _json(outcome: Outcome, name: str) -> Any:
    data = outcome.artifacts.get(name)
    if data is None or len(data) > MAX_ARTIFACT_BYTES:
        return None
    try:
        return json.loads(data)
    except ValueError:
        return None


def _same_company(entry: dict[str, Any], company: str) -> bool:
    return entry.get("company") == company or entry.get("company_key") == company_key(company)


def _value(entries: list[dict[str, Any]], expected: dict[str, Any]) -> dict[str, Any]:
    label = f"{expected['company']} {expected['item']} FY{expected['period']}"
    found = next(
        (
            e
            for e in entries
            if e.get("type") == "reported"
            and e.get("primary") is True
            and _same_company(e, expected["company"])
            and e.get("item") == expected["item"]
            and e.get("period") == expected["period"]
        ),
        None,
    )
    if found is None:
        return {"check": label, "ok": False, "problem": "no primary ledger entry"}
    got = found.get("value")
    if not _close(got, expected["value"], 0.005):
        return {"check": label, "ok": False, "expected": expected["value"], "got": got}
    place = _misplaced(found.get("source"), expected)
    if place:
        return {"check": label, "ok": False, "problem": place}
    return {"check": label, "ok": True}


def _misplaced(source: Any, expected: dict[str, Any]) -> str:
    """Why the entry's source is not where the truth says, or ""."""
    if "document" not in expected:
        return ""
    if not isinstance(source, dict):
        return "the entry names no source"
    document = str(source.get("document", "")).rsplit("/", 1)[-1]
    if document != expected["document"]:
        return f"taken from {document!r}, not {expected['document']!r}"
    for key in ("page", "cell", "row"):
        if key in expected and source.get(key) != expected[key]:
            return f"taken from {key} {source.get(key)!r}, not {expected[key]!r}"
    return ""


def _metric(entries: list[dict[str, Any]], expected: dict[str, Any]) -> dict[str, Any]:
    label = f"{expected['company']} {expected['metric']} FY{expected['period']}"
    found = next(
        (
            e
            for e in entries
            if e.get("type") == "computed"
            and _same_company(e, expected["company"])
            and e.get("metric") == expected["metric"]
            and e.get("period") == expected["period"]
        ),
        None,
    )
    if found is None:
        return {"check": label, "ok": False, "problem": "not computed"}
    tolerance = float(expected.get("tolerance", 0.0005))
    if not _close(found.get("value"), expected["value"], tolerance):
        return {
            "check": label,
            "ok": False,
            "expected": expected["value"],
            "got": found.get("value"),
        }
    return {"check": label, "ok": True}


def _close(got: Any, expected: float, absolute: float) -> bool:
    if isinstance(got, bool) or not isinstance(got, int | float) or not math.isfinite(got):
        return False
    return math.isclose(got, expected, rel_tol=1e-9, abs_tol=absolute)


def _findings(outcome: Outcome, expected: list[dict[str, Any]]) -> dict[str, Any]:
    data = _json(outcome, "findings.json")
    listed = data.get("findings") if isinstance(data, dict) else None
    if not isinstance(listed, list):
        return {"check": "reconciliation findings", "ok": False, "problem": "no findings.json"}
    got = sorted(
        (str(f.get("code")), str(f.get("company")), f.get("period"))
        for f in listed
        if isinstance(f, dict) and f.get("category") == "reconciliation"
    )
    want = sorted((f["code"], company_key(f["company"]), f["period"]) for f in expected)
    if got != want:
        return {"check": "reconciliation findings", "ok": False, "expected": want, "got": got[:50]}
    return {"check": "reconciliation findings", "ok": True}


def _citations(
    outcome: Outcome, ledger: dict[str, Any], pages: dict[str, list[int]]
) -> dict[str, Any]:
    report = outcome.artifacts.get("report.md")
    if report is None or len(report) > MAX_ARTIFACT_BYTES:
        return {"check": "report citations", "ok": False, "problem": "no report.md"}
    files = _files_by_title(ledger)
    references = [
        reference.strip()
        for citation in _CITED.findall(report.decode("utf-8", "replace"))
        for reference in citation.split(";")
    ]
    wrong = [r for r in references if not _citable(r, files, pages)]
    if not references or wrong:
        problem = "no citations" if not references else "citations that name no statement page"
        return {"check": "report citations", "ok": False, "problem": problem, "wrong": wrong[:20]}
    return {"check": "report citations", "ok": True, "citations": len(references)}


def _files_by_title(ledger: dict[str, Any]) -> dict[str, str]:
    documents = [d for d in ledger.get("documents") or [] if isinstance(d, dict)]
    return {
        str(d.get("title")): str(d.get("path") or d.get("document") or "").rsplit("/", 1)[-1]
        for d in documents
    }


def _citable(reference: str, files: dict[str, str], pages: dict[str, list[int]]) -> bool:
    """A reference names a ledger document; a page reference, a page the truth allows."""
    match = _PAGE.match(reference)
    if match is None:
        title = reference.split(", sheet ")[0].split(", row ")[0]
        return title in files
    file = files.get(match["title"])
    if file is None:
        return False
    return file not in pages or int(match["page"]) in pages[file]
