"""Reading the sample data set in the real sandbox and extracting its statements: every line
item of the schema that a document prints is found with the value and the page, sheet cell or
CSV row the ground truth names, and reconciliation reports exactly the planted errors."""

from __future__ import annotations

import json
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from agents.finance import labels
from agents.finance.extract import extract
from agents.finance.locate import locate
from agents.finance.reconcile import reconcile
from agents.finance.structure import check_tables
from agents.sandbox import get_sandbox
from agents.tools import ToolEnvironment, ToolExecutor, default_registry
from tests.finance.conftest import FINANCE_TOOLS, copy_samples


@pytest.fixture(scope="module")
def read(samples: tuple[Path, dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """What the sandboxed reader answers for the whole data set (read once for the module)."""
    root = Path(tempfile.mkdtemp(prefix="longhaul-finance-"))
    root.chmod(0o755)  # the sandbox's unprivileged user must reach the workspace
    names = copy_samples(samples, root)
    env = ToolEnvironment(workspace=root, sandbox=get_sandbox())
    outcome = ToolExecutor(default_registry([FINANCE_TOOLS])).execute(
        "read_documents", {"paths": names}, env
    )
    assert outcome.ok, outcome.error
    yield dict(outcome.output)
    shutil.rmtree(root, ignore_errors=True)


def decided(located: dict[str, Any], truth: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The lexicon's decisions, and the model's for the labels it left (as a model would)."""
    decisions = labels.decide(located["tables"], None)
    unknown = labels.pending(decisions)
    answer = [
        {
            "label": u["label"],
            "item": truth["model_labels"].get(u["label"], "none"),
            "confidence": 0.9,
        }
        for u in unknown
    ]
    assert labels.apply_model(json.dumps({"mappings": answer}), unknown, decisions) is None
    return decisions


def extracted(
    read: dict[str, Any], truth: dict[str, Any]
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    located = locate(read["documents"], [])
    return located, extract(located["tables"], located["documents"], decided(located, truth))


def reconciled(read: dict[str, Any], truth: dict[str, Any]) -> dict[str, Any]:
    located = locate(read["documents"], [])
    decisions = decided(located, truth)
    values = extract(located["tables"], located["documents"], decisions)
    structure = check_tables(located["tables"], decisions)
    return reconcile(values, structure, located["documents"])


def where(kind: str, found: dict[str, Any]) -> Any:
    return {"pdf": found.get("page"), "xlsx": found.get("cell"), "csv": found.get("row")}[kind]


def test_every_printed_line_item_is_extracted_with_its_value_and_place(
    read: dict[str, Any], samples: tuple[Path, dict[str, Any]]
) -> None:
    _, truth = samples
    located, values = extracted(read, truth)
    index: dict[tuple[str, str, int], list[dict[str, Any]]] = {}
    for value in values:
        index.setdefault((value["source"]["document"], value["item"], value["period"]), []).append(
            value
        )

    misses = []
    for document in truth["documents"]:
        for expected in document["values"]:
            candidates = index.get((document["file"], expected["item"], expected["period"]), [])
            place = where(document["kind"], expected)
            if not any(
                abs(c["value"] - expected["value"]) <= 1e-6 * max(1.0, abs(expected["value"]))
                and where(document["kind"], c["source"]) == place
                for c in candidates
            ):
                misses.append((document["file"], expected["item"], expected["period"], place))

    assert sum(len(d["values"]) for d in truth["documents"]) == 850
    assert misses == []
    assert len(values) == 850  # and nothing that is not a line item of the schema
    assert located["findings"] == []


def test_only_labels_the_lexicon_does_not_know_are_left_for_later_stages(
    read: dict[str, Any],
) -> None:
    located = locate(read["documents"], [])

    decisions = labels.decide(located["tables"], None)

    # The IFRS 15 wording is in the lexicon; the invented one is not.
    assert [u["label"] for u in labels.pending(decisions)] == ["Investment in productive assets"]
    assert all(d["confidence"] == 1.0 for d in decisions.values() if d["by"] == "lexicon")


def test_statements_are_located_on_their_pages_with_units_and_currency(
    read: dict[str, Any], samples: tuple[Path, dict[str, Any]]
) -> None:
    located = locate(read["documents"], [])
    pdfs = [d for d in samples[1]["documents"] if d["kind"] == "pdf"]

    for document in pdfs:
        found = {
            t["statement"]: t["page"]
            for t in located["tables"]
            # Aurora's cover repeats a few figures in a highlights box.
            if t["document"] == document["file"] and t["page"] != 1
        }
        assert found == document["statement_pages"], document["file"]
    scales = {
        (t["document"].split("-")[0], t["scale"], t["currency"])
        for t in located["tables"]
        if t["document"].endswith(".pdf")
    }
    assert scales == {
        ("aurora", "thousands", "USD"),
        ("borealis", "millions", "USD"),
        ("cobalt", "thousands", "USD"),
    }
    years = {d["path"]: d["fiscal_year"] for d in located["documents"] if d["kind"] == "pdf"}
    assert years == {d["file"]: d["fiscal_year"] for d in pdfs}


def test_reconciliation_reports_exactly_the_planted_errors(
    read: dict[str, Any], samples: tuple[Path, dict[str, Any]]
) -> None:
    _, truth = samples

    result = reconciled(read, truth)

    failed = sorted(
        (f["company"].split("-")[0], f["code"], f["period"], f["item"])
        for f in result["findings"]
        if f["category"] == "reconciliation"
    )
    planted = sorted(
        (
            p["company"],
            p["check"],
            p["period"],
            p["item"] if p["check"] == "cross_document" else _total(p["check"]),
        )
        for p in truth["planted"]
    )
    assert failed == planted
    assert [f for f in result["findings"] if f["category"] != "reconciliation"] == []
    passed = [c for c in result["checks"] if c["status"] == "passed"]
    assert len(passed) > 300  # every total of every statement column, and they held
    for finding in (f for f in result["findings"] if f["category"] == "reconciliation"):
        places = [(s["document"], s.get("page") or s.get("sheet")) for s in finding["sources"]]
        assert len(set(places)) == len(places) >= 2, finding  # never one page cited twice
        assert finding["kind"] in ("cross_document", "subtotal")
        assert finding["confidence"] > 0.9


def _total(check: str) -> str:
    return {
        "balance_sheet": "total_liabilities_and_equity",
        "cash_flow_total": "net_change_in_cash",
    }[check]


def test_primary_values_are_the_companys_own_report_for_the_year(
    read: dict[str, Any], samples: tuple[Path, dict[str, Any]]
) -> None:
    _, truth = samples

    entries = reconciled(read, truth)["entries"]

    primaries = {
        (e["company_key"].split("-")[0], e["item"], str(e["period"])): e
        for e in entries
        if e["type"] == "reported" and e["primary"]
    }
    for company, items in truth["values"].items():
        for item, by_year in items.items():
            for year, value in by_year.items():
                entry = primaries[(company, item, year)]
                assert entry["value"] == pytest.approx(value), (company, item, year)
                assert entry["source"]["document"] == f"{company}-annual-report-{year}.pdf"
                assert entry["citation"].endswith(f", p. {entry['source']['page']}]")
