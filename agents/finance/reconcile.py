"""Reconciliation: choose one primary value per (company, line item, year), check that every other
document agrees with it, and that totals equal the sum of their parts on the primary values.
Every failure is a finding with the ledger entries it is about; nothing is corrected.

Primary: the company's own report for that fiscal year before a later report's comparative
column, a PDF before a workbook before a CSV, the item's own statement before another (net
income in a cash flow statement), the fuller table before a highlights box.

Tolerances follow what was printed: k figures rounded to a unit u may be off by k*u/2 in sum.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from agents.finance import findings as F
from agents.finance.extract import values_by_key
from agents.finance.ledger import company_key, computed_entry, reported_entry
from agents.finance.schema import BY_KEY, STATEMENTS
from agents.finance.subtotals import structural

KIND_RANK = {"pdf": 0, "xlsx": 1, "csv": 2}
# Identities between statements' totals that no layout states as a sum: (check, total, parts).
RULES: list[tuple[str, str, list[tuple[int, str]], str | None]] = [
    ("total_assets_match", "total_assets", [(1, "total_liabilities_and_equity")], None),
]
DESCRIPTIONS = {
    "gross_profit": "gross profit is not revenue less cost of revenue",
    "operating_expenses_total": "operating expenses are not the sum of their parts",
    "operating_income": "operating income is not gross profit less operating expenses",
    "income_before_tax": "income before tax is not operating income less interest",
    "net_income": "net income is not income before tax less tax",
    "current_assets_total": "total current assets are not the sum of their parts",
    "total_assets": "total assets are not current plus non-current assets",
    "total_liabilities": "total liabilities are not current plus non-current liabilities",
    "balance_sheet": "the balance sheet does not balance: liabilities plus equity differ from the total",
    "total_assets_match": "total assets differ from total liabilities and equity",
    "cash_flow_total": "the net change in cash is not the sum of operating, investing and financing cash flows",
    "earnings_per_share": "diluted EPS is not net income divided by diluted shares",
    "operating_cash_flow_total": "net cash from operating activities is not the sum of its lines",
    "investing_cash_flow_total": "net cash from investing activities is not the sum of its lines",
    "financing_cash_flow_total": "net cash from financing activities is not the sum of its lines",
    "non_current_assets_total": "total non-current assets are not the sum of their lines",
    "current_liabilities_total": "total current liabilities are not the sum of their lines",
    "non_current_liabilities_total": "total non-current liabilities are not the sum of their lines",
    "equity_total": "total equity is not the sum of its lines",
    "subtotal": "a total is not the sum of the lines printed above it",
}


def reconcile(
    values: list[dict[str, Any]],
    structure: list[dict[str, Any]] | None = None,
    documents: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """{"entries": ledger entries (reported and check figures), "findings", "checks"}.
    `structure`: the structural checks of the statements (structure.check_tables)."""
    values, problems = _one_currency(values)
    entries: list[dict[str, Any]] = []
    for (_, _, _), found in values_by_key(values):
        ordered = sorted(found, key=_rank)
        entries.append(reported_entry(ordered[0], primary=True, ordinal=1))
        for ordinal, other in enumerate(ordered[1:], start=2):
            entries.append(reported_entry(other, primary=False, ordinal=ordinal))
    differences = _agreement(entries)
    computed, failed, checks = _identities(entries)
    by_path = {d["path"]: d for d in documents or []}
    built, subtotal_failures, structural_checks = structural(
        structure or [], entries, by_path, differences
    )
    differences = [d for d in differences if not _total_explains(d, subtotal_failures)]
    problems += differences + subtotal_failures + failed + _scales(values)
    return {
        "entries": entries + computed + built,
        "findings": problems,
        "checks": structural_checks + checks,
    }


def _rank(value: dict[str, Any]) -> tuple[Any, ...]:
    source = value["source"]
    home = BY_KEY[value["item"]].statement
    return (
        0 if value.get("doc_year") == value["period"] else 1,
        KIND_RANK.get(source.get("kind", ""), 3),
        0 if source.get("statement") == home else 1,
        -int(source.get("rows_in_table", 0)),
        source["document"],
        int(source.get("page") or 0),
        int(source.get("row") or 0),
    )


def _one_currency(
    values: list[dict[str, Any]],
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Each company's figures in its main currency; others are named and left out."""
    kept, problems, main = [], [], {}
    for company in sorted({v["company"] for v in values}):
        own = [v for v in values if v["company"] == company and v.get("currency")]
        counts = Counter(v["currency"] for v in sorted(own, key=_rank)[:1] + own)
        main[company] = counts.most_common(1)[0][0] if counts else None
        others = sorted(
            {
                (v["currency"], v["source"]["document"])
                for v in own
                if v["currency"] != main[company]
            }
        )
        if others:
            listed = ", ".join(f"{doc} ({cur})" for cur, doc in others)
            message = f"{company}: figures in another currency than {main[company]} were not used: {listed}; no currency is converted."
            problems.append(
                F.finding(
                    "mixed_currencies", message, severity="error", company=company_key(company)
                )
            )
    for value in values:
        if value.get("currency") in (None, main.get(value["company"])):
            kept.append(value)
    currencies = sorted({c for c in main.values() if c})
    if len(currencies) > 1:
        message = f"The companies report in different currencies ({', '.join(currencies)}): their ratios compare, their amounts do not."
        problems.append(F.finding("mixed_currencies", message, severity="warning"))
    return kept, problems


def _scales(values: list[dict[str, Any]]) -> list[dict[str, Any]]:
    problems = []
    for company in sorted({v["company"] for v in values}):
        used = sorted(
            {
                (v["scale"], v["source"]["document"])
                for v in values
                if v["company"] == company and BY_KEY[v["item"]].kind == "amount"
            }
        )
        if len({scale for scale, _ in used}) > 1:
            listed = ", ".join(f"{doc} ({scale})" for scale, doc in used)
            message = f"{company}: documents state amounts in different units ({listed}); all were converted to whole currency units before any comparison."
            problems.append(
                F.finding("mixed_units", message, severity="info", company=company_key(company))
            )
    return problems


def _agreement(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    primaries = {(e["company_key"], e["item"], e["period"]): e for e in entries if e["primary"]}
    problems = []
    for entry in entries:
        if entry["primary"]:
            continue
        first = primaries[(entry["company_key"], entry["item"], entry["period"])]
        tolerance = (first["precision"] + entry["precision"]) / 2 + 1e-9 * abs(first["value"])
        if abs(entry["value"] - first["value"]) > tolerance:
            problems.append(_disagreement(first, entry, _kind(first, entry, tolerance)))
    return _one_per_scale_slip(_one_per_document(problems))


def _one_per_document(problems: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A document that prints the differing figure twice (net income in its income statement
    and its cash flow statement) differs once."""
    seen: set[tuple[Any, ...]] = set()
    kept = []
    for problem in problems:
        slot = (problem["company"], problem["item"], problem["period"], problem["document"])
        if slot not in seen:
            seen.add(slot)
            kept.append(problem)
    return kept


def _total_explains(difference: dict[str, Any], totals: list[dict[str, Any]]) -> bool:
    """A total printed wrong in one document differs from the other documents' figure too: that
    difference is the same error as the failed check, reported once (as the check)."""
    documents = {s["document"] for s in difference["sources"]}
    return difference["kind"] == "cross_document" and any(
        t["company"] == difference["company"]
        and t["period"] == difference["period"]
        and t.get("item") == difference["item"]
        and documents & {s["document"] for s in t.get("sources", [])}
        for t in totals
    )


def _kind(first: dict[str, Any], other: dict[str, Any], tolerance: float) -> str:
    """A difference that is the same figure with the other sign, or the same figure at another
    scale (a thousand or a million times), says so; anything else is a plain difference."""
    if first["value"] and abs(other["value"] + first["value"]) <= tolerance:
        return "sign_flip"
    for factor in (1e3, 1e6, 1e-3, 1e-6):
        slack = tolerance * max(factor, 1.0)
        if first["value"] and abs(other["value"] - first["value"] * factor) <= slack:
            return "scale_mismatch"
    return "cross_document"


def _disagreement(first: dict[str, Any], other: dict[str, Any], kind: str) -> dict[str, Any]:
    what = {"sign_flip": " (the same figure with the opposite sign)", "scale_mismatch": " (the same figure at another scale)"}.get(kind, "")  # fmt: skip
    message = (
        f"{first['company']}: {first['name'].lower()} for FY{first['period']} is "
        f"{other['printed_figure']} ({other['printed_scale']}) in {other['citation']} but "
        f"{first['printed_figure']} ({first['printed_scale']}) in {first['citation']}{what}."
    )
    return F.finding(
        "cross_document",
        message,
        category="reconciliation",
        severity="error",
        kind=kind,
        confidence=_confidence([first, other]),
        company=first["company_key"],
        period=first["period"],
        item=first["item"],
        document=other["source"]["document"],
        entries=[first["id"], other["id"]],
        sources=[source_of(first), source_of(other)],
    )


def _confidence(entries: list[dict[str, Any]]) -> float:
    """As sure as the least sure label mapping behind the figures."""
    return round(min([0.95, *(float(e.get("confidence", 1.0)) * 0.95 for e in entries)]), 3)


def source_of(entry: dict[str, Any]) -> dict[str, Any]:
    """Where one figure of a finding is: document and page (or sheet and cell, or CSV row)."""
    source = entry["source"]
    where = {k: source[k] for k in ("document", "page", "sheet", "cell", "row") if k in source}
    if source.get("kind") in ("csv", "xlsx"):
        where.pop("page", None)  # a sheet's index or a CSV's only table, not a page
    return {**where, "label": source.get("label"), "printed_figure": entry.get("printed_figure")}


def _one_per_scale_slip(problems: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A document printed at another scale than it says differs on every figure: one finding
    for that document and company, not one per figure."""
    kept: list[dict[str, Any]] = []
    slips: dict[tuple[Any, Any], dict[str, Any]] = {}
    for problem in problems:
        if problem["kind"] != "scale_mismatch":
            kept.append(problem)
            continue
        slot = (problem["company"], problem["document"])
        if slot in slips:
            slips[slot]["also"] = slips[slot].get("also", 0) + 1
        else:
            slips[slot] = problem
    return kept + list(slips.values())


def _identities(
    entries: list[dict[str, Any]],
) -> tuple[list[dict[str, Any]], list[dict[str, Any]], list[dict[str, Any]]]:
    primaries = {(e["company_key"], e["item"], e["period"]): e for e in entries if e["primary"]}
    computed, failed, checks = [], [], []
    for key, period in sorted({(k, p) for k, _, p in primaries}):
        figures = {item: e for (k, item, p), e in primaries.items() if (k, p) == (key, period)}
        for check, total, parts, unless in RULES:
            if unless in figures:
                continue
            result = _rule(check, total, parts, figures)
            checks.append({"check": check, "company": key, "period": period, "status": result[0]})
            if result[0] == "failed":
                computed += result[1]
                failed.append(result[2])
        eps = _eps(figures)
        checks.append(
            {"check": "earnings_per_share", "company": key, "period": period, "status": eps[0]}
        )
        if eps[0] == "failed":
            computed += eps[1]
            failed.append(eps[2])
    return computed, failed, checks


def _rule(
    check: str, total: str, parts: list[tuple[int, str]], figures: dict[str, Any]
) -> tuple[str, list[dict[str, Any]], dict[str, Any]]:
    needed = [total, *(item for _, item in parts)]
    if any(item not in figures for item in needed):
        return "skipped", [], {}
    stated = figures[total]
    operands = [figures[item] for _, item in parts]
    expected = sum(sign * figures[item]["value"] for sign, item in parts)
    unit = max(e["precision"] for e in [stated, *operands])
    if abs(stated["value"] - expected) <= unit * (len(parts) + 1) / 2 + 1e-9 * abs(expected):
        return "passed", [], {}
    formula = " ".join(f"{'-' if sign < 0 else '+'} {item}" for sign, item in parts).lstrip("+ ")
    return "failed", *_failure(check, stated, operands, expected, formula)


def _eps(figures: dict[str, Any]) -> tuple[str, list[dict[str, Any]], dict[str, Any]]:
    if any(k not in figures for k in ("eps_diluted", "net_income", "shares_diluted")):
        return "skipped", [], {}
    eps, net, shares = figures["eps_diluted"], figures["net_income"], figures["shares_diluted"]
    if not shares["value"]:
        return "skipped", [], {}
    expected = net["value"] / shares["value"]
    slack = abs(expected) * (
        net["precision"] / max(abs(net["value"]), 1) + shares["precision"] / abs(shares["value"])
    )
    if abs(eps["value"] - expected) <= max(eps["precision"], 0.01) / 2 + slack / 2 + 1e-9:
        return "passed", [], {}
    return "failed", *_failure(
        "earnings_per_share", eps, [net, shares], expected, "net_income / shares_diluted"
    )


def _failure(
    check: str,
    stated: dict[str, Any],
    operands: list[dict[str, Any]],
    expected: float,
    formula: str,
) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    base = f"{stated['company_key']}.check.{check}.{stated['period']}"
    common = {
        "company": stated["company"],
        "period": stated["period"],
        "kind": stated["kind"],
        "currency": stated.get("currency"),
    }
    computed = computed_entry(
        id=f"{base}.expected",
        name=f"{stated['name']} from its parts",
        value=expected,
        formula=formula,
        inputs=operands,
        **common,
    )
    difference = computed_entry(
        id=f"{base}.difference",
        name=f"{stated['name']} difference",
        value=stated["value"] - expected,
        formula=f"{stated['item']} - ({formula})",
        inputs=[stated, *operands],
        **common,
    )
    return [computed, difference], _failed_check(check, stated, [computed, difference], operands)


def _failed_check(
    check: str,
    stated: dict[str, Any],
    computed: list[dict[str, Any]],
    operands: list[dict[str, Any]],
) -> dict[str, Any]:
    statement = STATEMENTS[BY_KEY[stated["item"]].statement].lower()
    message = f"{stated['company']} FY{stated['period']} {statement}: {DESCRIPTIONS[check]}."
    return F.finding(
        check,
        message,
        category="reconciliation",
        severity="error",
        kind="eps" if check == "earnings_per_share" else "balance",
        confidence=_confidence([stated, *operands]),
        sources=[source_of(e) for e in [stated, *operands]],
        company=stated["company_key"],
        period=stated["period"],
        item=stated["item"],
        document=stated["source"]["document"],
        entries=[stated["id"], *(entry["id"] for entry in computed)],
    )
