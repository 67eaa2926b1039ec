"""Checks derived from a statement's own layout, not from fixed formulas.

A statement is read top to bottom, one fiscal-year column at a time. Every line belongs to the
next total (`lexicon.Concept.role`): a group total ("Total current assets", "Net cash from
operating activities") is the sum, as printed, of the lines since its heading or the previous
total; a running total ("Operating income", "Total liabilities") is everything since the previous
running total, each line entering with its sign (a cost printed without brackets is subtracted).
So a line the schema does not know ("Other income (expense), net") is never forgotten.

The tolerance follows the printed rounding: n figures each rounded to its last printed digit
may be off by half a unit each. A check whose structure is not recognised (a line whose sign
cannot be told, a balance-sheet line of no known section, a figure of another kind) is skipped
with its reason; it never becomes a finding. A failed check says whether one sign flip or one
scale slip would explain it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from agents.finance import labels
from agents.finance.lexicon import CONCEPTS, Concept
from agents.finance.numbers import SCALES, parse_figure
from agents.finance.schema import BY_KEY, normalize_label

# Check names for the totals the schema knows (kept stable for reports and evaluations).
CHECK_NAMES = {
    "gross_profit": "gross_profit",
    "operating_expenses": "operating_expenses_total",
    "operating_income": "operating_income",
    "income_before_tax": "income_before_tax",
    "net_income": "net_income",
    "total_current_assets": "current_assets_total",
    "total_assets": "total_assets",
    "total_liabilities": "total_liabilities",
    "total_liabilities_and_equity": "balance_sheet",
    "net_change_in_cash": "cash_flow_total",
    "operating_cash_flow": "operating_cash_flow_total",
    "investing_cash_flow": "investing_cash_flow_total",
    "financing_cash_flow": "financing_cash_flow_total",
    "non_current_assets": "non_current_assets_total",
    "current_liabilities": "current_liabilities_total",
    "non_current_liabilities": "non_current_liabilities_total",
    "total_equity": "equity_total",
}
SECTIONS = {"asset": {"asset"}, "liability": {"liability"}, "equity": {"equity"}}
SECTIONS["liability_equity"] = {"liability", "equity"}
MIN_ROWS = 5  # a table with fewer figure rows is a highlights box, not a statement


@dataclass
class Line:
    row: dict[str, Any]
    concept: Concept | None
    value: Decimal
    precision: Decimal
    missing: bool = False  # the row prints no figure (not even a nil dash) for this year
    total: str = ""  # "", "group" or "running"
    carries: bool = True
    members: list[Line] = field(default_factory=list)

    @property
    def label(self) -> str:
        return str(self.row["label"])


def check_tables(
    tables: list[dict[str, Any]], decisions: dict[str, dict[str, Any]]
) -> list[dict[str, Any]]:
    """Every structural check of every statement table and year column."""
    results = []
    for table in tables:
        if table.get("long") or sum(1 for r in table["rows"] if r["cells"]) < MIN_ROWS:
            continue
        for period in table["periods"]:
            results += _column(table, period, decisions)
    return results


def _column(
    table: dict[str, Any], period: int, decisions: dict[str, dict[str, Any]]
) -> list[dict[str, Any]]:
    statement = table["statement"]
    convention = _convention(table, period, decisions)
    open_: list[Line | None] = []  # None marks a heading
    results = []
    seen: set[str] = set()
    for row in table["rows"]:
        line = _line(row, period, statement, decisions)
        if line is None:
            open_.append(None)
            continue
        role = _role(line, statement)
        if role == "group":
            result = _group(open_, line)
        elif role == "running":
            result = _running(open_, line, convention, repeated=line.concept.key in seen)  # type: ignore[union-attr]
        else:
            open_.append(line)
            continue
        if line.concept is not None:
            seen.add(line.concept.key)
        if result is not None:
            results.append(_result(table, period, line, result))
    return results


def _line(
    row: dict[str, Any], period: int, statement: str, decisions: dict[str, dict[str, Any]]
) -> Line | None:
    """The row's figure for the year (a nil or absent figure on a row with figures is zero),
    or None for a heading."""
    if not row["cells"] and not row.get("nil"):
        return None
    cell = next((c for c in row["cells"] if c["period"] == period), None)
    figure = parse_figure(cell["raw"]) if cell else None
    decision = decisions.get(labels.key(statement, row["label"])) or {}
    concept = CONCEPTS.get(decision.get("concept") or "")
    if figure is None:
        return Line(row, concept, Decimal(0), Decimal(0), missing=not row.get("nil"))
    return Line(row, concept, figure.value, figure.precision)


def _role(line: Line, statement: str) -> str:
    concept = line.concept
    if concept is not None and concept.statement == statement:
        return concept.role
    if normalize_label(line.label).startswith("total "):
        return "group"
    return "line"


def _boundary(open_: list[Line | None]) -> int:
    """Index after the last heading or total: where the current group starts."""
    for index in range(len(open_) - 1, -1, -1):
        entry = open_[index]
        if entry is None or entry.total:
            return index + 1
    return 0


def _group(open_: list[Line | None], total: Line) -> dict[str, Any] | None:
    start = _boundary(open_)
    headed = start > 0 and open_[start - 1] is None
    members = [e for e in open_[start:] if e is not None]
    del open_[start - 1 if headed else start :]
    total.total, total.members = "group", members
    open_.append(total)
    if len(members) < (1 if headed else 2):
        return None  # a single line, not a sum
    if any(not _amount(m) for m in [total, *members]):
        return _skipped(total, members, "a figure of another kind (shares, per share) in the group")
    if any(m.missing for m in [total, *members]):
        return _skipped(total, members, "a line prints no figure for the year")
    contributions = [m.value for m in members]
    return _compare(total, members, contributions)


def _running(
    open_: list[Line | None], total: Line, convention: str, *, repeated: bool
) -> dict[str, Any] | None:
    concept = total.concept
    assert concept is not None
    window, start = _window(open_)
    allowed = SECTIONS.get(concept.section)
    members = [e for e in window if allowed is None or _section(e) in allowed]
    left = [e for e in window if e not in members]
    total.total, total.carries, total.members = "running", concept.carries, members
    del open_[start:]
    open_.extend([*left, total])
    if len(members) < 2:
        return None
    if repeated:
        return _skipped(total, members, "the same total is printed twice in the statement")
    if allowed is not None and any(_section(e) is None for e in left):
        return _skipped(total, members, "a line of no known balance-sheet section")
    if any(not _amount(m) for m in [total, *members]):
        return _skipped(total, members, "a figure of another kind (shares, per share)")
    if any(m.missing for m in [total, *members]):
        return _skipped(total, members, "a line prints no figure for the year")
    contributions = [_contribution(m, convention) for m in members]
    if any(c is None for c in contributions):
        unknown = next(m.label for m, c in zip(members, contributions, strict=True) if c is None)
        return _skipped(total, members, f"the sign of {unknown!r} cannot be told")
    return _compare(total, members, [c for c in contributions if c is not None])


def _window(open_: list[Line | None]) -> tuple[list[Line], int]:
    """The lines since the last running total (itself included when it carries)."""
    for index in range(len(open_) - 1, -1, -1):
        entry = open_[index]
        if entry is not None and entry.total == "running":
            start = index if entry.carries else index + 1
            return [e for e in open_[start:] if e is not None], start
    return [e for e in open_ if e is not None], 0


def _section(line: Line) -> str | None:
    if line.concept is not None and line.concept.section:
        return line.concept.section
    sections = {_section(m) for m in line.members}
    return sections.pop() if len(sections) == 1 else None


def _amount(line: Line) -> bool:
    concept = line.concept
    if concept is None or not concept.in_schema:
        return concept is None or concept.key not in ("basic_eps", "basic_shares")
    return BY_KEY[concept.key].kind == "amount"


def _contribution(line: Line, convention: str) -> Decimal | None:
    """How a line enters a running total: costs printed as positive magnitudes are subtracted;
    a line the lexicon does not know enters as printed only where the statement prints costs
    with their sign, since elsewhere its sign cannot be told."""
    nature = _nature(line)
    if nature == "expense":
        return -abs(line.value)
    if nature == "signed" or convention == "signed" or line.value == 0:
        return line.value
    return None


def _nature(line: Line) -> str | None:
    if line.concept is not None:
        return line.concept.nature
    if line.total == "group" and line.members:
        natures = {_nature(m) for m in line.members}
        return natures.pop() if len(natures) == 1 else None
    return None


def _convention(table: dict[str, Any], period: int, decisions: dict[str, dict[str, Any]]) -> str:
    """`signed` when the statement prints its costs negative, `magnitudes` when positive,
    `unknown` when it prints no cost the lexicon knows."""
    signs = set()
    for row in table["rows"]:
        concept = CONCEPTS.get(
            (decisions.get(labels.key(table["statement"], row["label"])) or {}).get("concept") or ""
        )
        if concept is None or concept.nature != "expense" or concept.role != "line":
            continue
        cell = next((c for c in row["cells"] if c["period"] == period), None)
        figure = parse_figure(cell["raw"]) if cell else None
        if figure is not None and figure.value:
            signs.add(figure.value < 0)
    return {frozenset({True}): "signed", frozenset({False}): "magnitudes"}.get(
        frozenset(signs), "unknown"
    )


def _compare(total: Line, members: list[Line], contributions: list[Decimal]) -> dict[str, Any]:
    expected = sum(contributions, Decimal(0))
    tolerance = sum((m.precision for m in [total, *members]), Decimal(0)) / 2
    difference = total.value - expected
    status = "passed" if abs(difference) <= tolerance else "failed"
    result = {
        "status": status,
        "expected": expected,
        "difference": difference,
        "tolerance": tolerance,
        "members": members,
        "kind": "subtotal",
    }
    if status == "failed":
        result.update(_explain(total, members, contributions, tolerance))
    return result


def _explain(
    total: Line, members: list[Line], contributions: list[Decimal], tolerance: Decimal
) -> dict[str, Any]:
    """A sign flip or a scale slip of one figure that would make the total foot."""
    expected = sum(contributions, Decimal(0))
    if abs(-total.value - expected) <= tolerance and total.value:
        return {"kind": "sign_flip", "suspect": total.label}
    for member, part in zip(members, contributions, strict=True):
        if part and abs(total.value - (expected - 2 * part)) <= tolerance:
            return {"kind": "sign_flip", "suspect": member.label}
        for factor in (Decimal(SCALES["thousands"]), Decimal(SCALES["millions"])):
            for changed in (part * factor, part / factor):
                if abs(total.value - (expected - part + changed)) <= tolerance:
                    return {"kind": "scale_mismatch", "suspect": member.label}
    return {}


def _skipped(total: Line, members: list[Line], reason: str) -> dict[str, Any]:
    return {"status": "skipped", "reason": reason, "members": members, "kind": "subtotal"}


def _result(
    table: dict[str, Any], period: int, total: Line, result: dict[str, Any]
) -> dict[str, Any]:
    concept = total.concept.key if total.concept is not None else None
    scale = Decimal(SCALES[table["scale"]])
    out = {
        "check": CHECK_NAMES.get(concept or "", "subtotal"),
        "kind": result["kind"],
        "status": result["status"],
        "document": table["document"],
        "statement": table["statement"],
        "period": period,
        "item": concept if concept in BY_KEY else None,
        "total": _ref(table, total, period),
        "parts": [_ref(table, m, period) for m in result["members"]],
    }
    for name in ("expected", "difference", "tolerance"):
        if name in result:
            out[name] = float(result[name] * scale)
    for name in ("reason", "suspect"):
        if name in result:
            out[name] = result[name]
    return out


def _ref(table: dict[str, Any], line: Line, period: int) -> dict[str, Any]:
    scale = Decimal(SCALES[table["scale"]])
    concept = line.concept.key if line.concept is not None else None
    return {
        "label": line.label,
        "row": line.row["row"],
        "page": table.get("page"),
        "sheet": table.get("sheet"),
        "item": concept if concept in BY_KEY else None,
        "period": period,
        "value": float(line.value * scale),
    }
