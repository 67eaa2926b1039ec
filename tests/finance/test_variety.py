"""Filings nobody here laid out by hand: generated sets in several layouts (development split),
read in the real sandbox. A clean set gives no reconciliation finding; each planted error (a
subtotal off, a figure that differs between documents, a sign flip, a scale mismatch) is found as
exactly one finding of its kind, citing the document it is in; every schema value is extracted
with its value and place; two passes give the same output. The label lexicon and the structural
checks are also tested on their own, on the cases filings get wrong."""

from __future__ import annotations

import json
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from agents.finance import labels
from agents.finance.lexicon import concept_of
from agents.finance.samples.evaluate import pipeline, score_set
from agents.finance.samples.variety import build_set
from agents.finance.similarity import local_embedder
from agents.finance.structure import check_tables
from agents.sandbox import get_sandbox
from agents.tools import ToolEnvironment, ToolExecutor, default_registry
from tests.finance.conftest import FINANCE_TOOLS

CLEAN, PLANTED = (3,), (5, 10)  # per-statement scales; units + subtotal + scale; notes + flip


@pytest.fixture(scope="module")
def sets() -> Iterator[list[tuple[dict[str, Any], dict[str, Any]]]]:
    """(truth, what the sandboxed reader answered) for each set."""
    root = Path(tempfile.mkdtemp(prefix="longhaul-variety-"))
    root.chmod(0o755)
    truths = [build_set(root / str(seed), seed, planted=seed in PLANTED) for seed in CLEAN + PLANTED]  # fmt: skip
    paths = [f"{t['seed']}/{d['file']}" for t in truths for d in t["documents"]]
    for folder in root.iterdir():
        folder.chmod(0o755)
    env = ToolEnvironment(workspace=root, sandbox=get_sandbox())
    outcome = ToolExecutor(default_registry([FINANCE_TOOLS])).execute(
        "read_documents", {"paths": paths}, env
    )
    assert outcome.ok, outcome.error
    answers = []
    for truth in truths:
        mine = [d for d in outcome.output["documents"] if d["path"].startswith(f"{truth['seed']}/")]
        answers.append({"documents": [{**d, "path": d["path"].split("/", 1)[1]} for d in mine]})
    yield list(zip(truths, answers, strict=True))
    shutil.rmtree(root, ignore_errors=True)


def test_generated_sets_give_exactly_the_planted_findings_and_every_value(
    sets: list[tuple[dict[str, Any], dict[str, Any]]],
) -> None:
    embedder = local_embedder()
    kinds = set()
    for truth, answer in sets:
        result = pipeline(answer, embedder)
        again = pipeline(answer, embedder)

        scored = score_set(truth, result)
        assert [f for f in scored["found"] if not f[1]] == [], truth["layout"]  # no false finding
        assert [p for p in scored["planted"] if not p[1]] == [], truth["layout"]  # no miss
        total, right, misses = scored["values"]
        assert misses == [], truth["layout"]
        assert total == right > 100
        assert json.dumps(result["findings"]) == json.dumps(again["findings"])
        assert json.dumps(result["entries"]) == json.dumps(again["entries"])
        kinds |= {p[0] for p in scored["planted"]}
    assert kinds == {"subtotal", "cross_document", "sign_flip", "scale_mismatch"}


@pytest.mark.parametrize(
    ("label", "concept"),
    [
        ("Net cash provided by (used in) financing activities", "financing_cash_flow"),
        ("Goodwill and intangible assets", "asset_line"),  # never cash
        ("Short-term debt", "liability_line"),  # never non-current liabilities
        ("Other income (expense), net", "other_income"),
        ("Accounts receivable, net of allowance for doubtful accounts of $1.2m", "receivables"),
        ("SG&A", "selling_general_administrative"),
        ("Total liabilities & stockholders' equity", "total_liabilities_and_equity"),
        ("Inventories, net", "inventory"),
        ("Revenue from contracts with customers", "revenue"),
        ("Investment in productive assets", None),
    ],
)
def test_the_lexicon_names_what_a_label_means_or_nothing(label: str, concept: str | None) -> None:
    assert concept_of(label) == concept


def _table(
    rows: list[tuple[str, list[str]]], statement: str = "income_statement"
) -> dict[str, Any]:
    return {
        "document": "a.pdf",
        "page": 3,
        "statement": statement,
        "scale": "thousands",
        "periods": [2024],
        "rows": [
            {"label": label, "row": n, "cells": [{"period": 2024, "raw": f} for f in figures]}
            for n, (label, figures) in enumerate(rows, start=1)
        ],
    }


def _statuses(table: dict[str, Any]) -> dict[str, str]:
    decisions = labels.decide([table], None)
    return {r["check"]: r["status"] for r in check_tables([table], decisions)}


def test_every_line_between_a_total_and_the_next_counts_and_unknown_signs_are_skipped() -> None:
    statement = [
        ("Revenue", ["1,000"]),
        ("Cost of revenue", ["600"]),
        ("Gross profit", ["400"]),
        ("Selling, general and administrative", ["150"]),
        ("Research and development", ["50"]),
        ("Total operating expenses", ["200"]),
        ("Operating income", ["200"]),
        ("Other income (expense), net", ["(12)"]),
        ("Interest expense", ["8"]),
        ("Income before income taxes", ["180"]),
        ("Income tax expense", ["40"]),
        ("Net income", ["140"]),
    ]
    assert set(_statuses(_table(statement)).values()) == {"passed"}

    unknown = [*statement[:7], ("Litigation settlement", ["12"]), *statement[8:]]
    statuses = _statuses(_table(unknown))
    # A line whose sign cannot be told: the check is skipped, never a finding.
    assert statuses["income_before_tax"] == "skipped"
    assert "failed" not in statuses.values()

    off = [*statement[:9], ("Income before income taxes", ["192"]), *statement[10:]]
    assert _statuses(_table(off))["income_before_tax"] == "failed"
