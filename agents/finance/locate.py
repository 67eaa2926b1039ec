"""Locate the statements in what the sandbox read: which table is an income statement, balance
sheet or cash flow statement, which columns are which fiscal years, and in what unit and currency
its figures are. Pure functions over the reader's JSON; every document that yields nothing says
why in a finding.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from agents.finance import findings as F
from agents.finance import tables
from agents.finance.ledger import company_key
from agents.finance.lexicon import schema_item
from agents.finance.numbers import currencies_in, scales_in, year_of
from agents.finance.schema import STATEMENTS, statement_of

MIN_HITS = 3  # labels of one statement a table must show to count as that statement
TITLE_WORDS = {
    "income_statement": re.compile(
        r"income statement|statements? of (?:operations|income|earnings)|profit and loss", re.I
    ),
    "balance_sheet": re.compile(r"balance sheets?|financial position", re.I),
    "cash_flow": re.compile(r"cash flows?", re.I),
}
_REPORT_WORDS = re.compile(
    r"\b(?:annual report|annual financial report|financial statements?|consolidated|"
    r"key figures|(?:income statement|balance sheet|cash flows?)|report and accounts)\b.*$",
    re.I,
)


def locate(documents: list[dict[str, Any]], companies: list[str]) -> dict[str, Any]:
    """{"documents": [...], "tables": [...], "findings": [...]} for the reader's answer."""
    located: dict[str, Any] = {"documents": [], "tables": [], "findings": []}
    for document in documents:
        info, found, problems = _document(document, companies)
        located["documents"].append(info)
        located["tables"].extend(found)
        located["findings"].extend(problems)
    _one_name_per_company(located["documents"])
    return located


def _one_name_per_company(documents: list[dict[str, Any]]) -> None:
    """ "Aurora Instruments Inc" in one heading and "Aurora Instruments Inc." in another are one
    company: every document takes the longest spelling seen for its company key."""
    names: dict[str, str] = {}
    for document in documents:
        if document["company"]:
            key = company_key(document["company"])
            names[key] = max(names.get(key, ""), document["company"], key=len)
    for document in documents:
        if document["company"]:
            document["company"] = names[company_key(document["company"])]


def _document(
    document: dict[str, Any], companies: list[str]
) -> tuple[dict[str, Any], list[dict[str, Any]], list[dict[str, Any]]]:
    path, kind = document["path"], document["kind"]
    info = {"path": path, "kind": kind, "title": _title(document), "company": None}
    if document.get("error"):
        return info, [], [F.unreadable(path, document["error"])]
    if kind == "pdf" and _scanned(document):
        return info, [], [F.no_text_layer(path)]
    candidates = tables.candidates(document)
    info["company"] = company_of(document, companies)
    found, problems, statements = [], [], 0
    for table in candidates:
        statement = classify(table)
        if statement is None:
            continue
        statements += 1
        located, issues = _units(table, statement, document)
        problems.extend(issues)
        if located is not None:
            found.append({**located, "document": path})
    info["fiscal_year"] = _fiscal_year(info["title"], found) if kind == "pdf" else None
    info["statements"] = sorted({table["statement"] for table in found})
    if not statements:
        problems.append(_nothing_found(document, candidates))
    elif found and info["company"] is None:
        problems.append(F.company_unknown(path))
        found = []
    return info, found, problems


def _scanned(document: dict[str, Any]) -> bool:
    pages = document.get("pages") or []
    return bool(pages) and all(page["chars"] == 0 for page in pages)


def _nothing_found(document: dict[str, Any], candidates: list[dict[str, Any]]) -> dict[str, Any]:
    if document["kind"] == "pdf":
        return F.no_statements(document["path"])
    return F.unknown_layout(document["path"], bool(candidates))


def classify(table: dict[str, Any]) -> str | None:
    """The statement a table most looks like, or None."""
    hits: Counter[str] = Counter()
    for row in table["rows"]:
        item = schema_item(row["label"])
        if item is not None and row["cells"]:
            hits[statement_of(item)] += 1
    for statement, pattern in TITLE_WORDS.items():
        if pattern.search(table.get("context", "")):
            hits[statement] += 1
    if not hits:
        return None
    statement, count = hits.most_common(1)[0]
    return statement if count >= MIN_HITS else None


def _units(
    table: dict[str, Any], statement: str, document: dict[str, Any]
) -> tuple[dict[str, Any] | None, list[dict[str, Any]]]:
    path, where = document["path"], tables.where(table)
    context = table.get("context", "")
    for unit in table.get("column_units") or ():  # stated per column, used per cell
        context = context.replace(unit, " ")
    scales, currencies = scales_in(context), currencies_in(context)
    problems = []
    if len(scales) > 1 or len(currencies) > 1:
        found = sorted(scales) if len(scales) > 1 else sorted(currencies)
        return None, [F.ambiguous_unit(path, where, STATEMENTS[statement], found)]
    if not scales and not table.get("cell_units") and not table.get("column_units"):
        problems.append(F.unit_unknown(path, where, "scale"))
    if not currencies and not table.get("cell_units"):
        currencies = currencies_in(document_text(document)[:4000])
        if len(currencies) != 1:
            problems.append(F.unit_unknown(path, where, "currency"))
            currencies = set()
    located = {
        **{key: value for key, value in table.items() if key != "context"},
        "statement": statement,
        "scale": scales.pop() if scales else "units",
        "currency": currencies.pop() if currencies else None,
    }
    return located, problems


def document_text(document: dict[str, Any]) -> str:
    if document["kind"] == "pdf":
        return "\n".join(page.get("text", "") for page in document.get("pages", [])[:2])
    if document["kind"] == "xlsx":
        sheets = document.get("sheets", [])
        return " ".join(str(c["v"]) for s in sheets[:1] for r in s["rows"][:3] for c in r)
    return " ".join(" ".join(row) for row in document.get("rows", [])[:3])


def _title(document: dict[str, Any]) -> str:
    title = str(document.get("title") or "").strip()
    if not title and document["kind"] == "pdf" and document.get("pages"):
        lines = [line.strip() for line in document["pages"][0].get("text", "").splitlines()]
        title = next((line for line in lines if line), "")
    return clean_title(title) or document["path"].rsplit("/", 1)[-1]


def clean_title(text: str) -> str:
    """A title safe to cite: letters, digits and plain punctuation, no brackets, at most 80."""
    text = re.sub(r"[^\w .,&'\-]+", " ", text)
    return re.sub(r"\s+", " ", text).strip()[:80]


def company_of(document: dict[str, Any], companies: list[str]) -> str | None:
    """The company a document is about: one named in the input, else its own heading."""
    text = f"{document.get('title') or ''}\n{document_text(document)}\n{document['path']}"
    for name in companies:
        if _mentions(text, name):
            return name
    if companies:
        return None
    return _own_name(document)


def _mentions(text: str, name: str) -> bool:
    words = [w for w in re.findall(r"\w+", name.lower()) if len(w) > 2][:2] or [name.lower()]
    lowered = text.lower()
    return all(re.search(rf"\b{re.escape(word)}\b", lowered) for word in words)


def _own_name(document: dict[str, Any]) -> str | None:
    if document["kind"] == "csv":
        rows = document.get("rows") or []
        if rows and rows[0] and rows[0][0].strip().lower() == "company" and len(rows) > 1:
            return clean_title(rows[1][0]) or None
    head = _title(document) if document["kind"] == "pdf" else document_text(document)[:200]
    name = re.split(r"\s[-\u2013\u2014|(]\s?", head)[0]
    name = clean_title(_REPORT_WORDS.sub("", name))
    name = re.sub(r"\b(?:19|20)\d{2}\b", "", name).strip(" -,")
    return name or None


def _fiscal_year(title: str, found: list[dict[str, Any]]) -> int | None:
    years = [int(y) for y in re.findall(r"\b((?:19|20)\d{2})\b", title)]
    if len(years) == 1:
        return years[0]
    periods = [p for table in found for p in table["periods"]]
    return max(periods) if periods else None


__all__ = ["classify", "clean_title", "company_of", "document_text", "locate", "year_of"]
