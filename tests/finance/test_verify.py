"""The verifier on a small ledger: numbers within the rounding they were written with pass next to
their citation; a number the ledger does not hold, an uncited one, a citation to nowhere, a year
outside the data and stray digits are refused with a reason. And the HTML rendering escapes."""

from __future__ import annotations

from typing import Any

import pytest

from agents.finance import render
from agents.finance.ledger import computed_entry, reported_entry, with_display
from agents.finance.verify import verify

SOURCE = {
    "document": "acme-2024.pdf",
    "title": "Acme Annual Report 2024",
    "kind": "pdf",
    "page": 47,
    "statement": "income_statement",
    "row": 3,
}


def reported(item: str, value: float, page: int = 47) -> dict[str, Any]:
    found = {
        "company": "Acme Corp",
        "item": item,
        "period": 2024,
        "value": value,
        "precision": 1000.0,
        "currency": "USD",
        "scale": "thousands",
        "reported": f"{value / 1000:,.0f}",
        "source": {**SOURCE, "page": page},
    }
    return reported_entry(found, primary=True, ordinal=1)


@pytest.fixture
def ledger() -> list[dict[str, Any]]:
    revenue = reported("revenue", 1_234_567_000.0)
    gross = reported("gross_profit", 553_000_000.0, page=48)
    margin = computed_entry(
        id="acme.gross_margin.2024",
        name="Gross margin",
        company="Acme Corp",
        period=2024,
        kind="percent",
        value=gross["value"] / revenue["value"],
        formula="gross_profit / revenue",
        inputs=[gross, revenue],
        metric="gross_margin",
    )
    return with_display([revenue, gross, margin])


CITE = "[Acme Annual Report 2024, p. 47]"
BOTH = "[Acme Annual Report 2024, p. 48; Acme Annual Report 2024, p. 47]"


@pytest.mark.parametrize(
    "text",
    [
        f"Revenue was USD 1,234.6 million in FY2024 {CITE}.",
        f"Revenue was USD 1.23 billion {CITE}.",  # coarser, still within its rounding
        f"Revenue reached $1,235 million in 2024 {CITE}.",
        f"Gross margin was 44.8% {BOTH}.",
        f"Gross margin was 45% {BOTH}.",
        f"| Revenue | FY2024 | USD 1,234.6 million | {CITE} |",
    ],
)
def test_figures_from_the_ledger_with_their_citation_pass(
    text: str, ledger: list[dict[str, Any]]
) -> None:
    assert verify(text, ledger, exempt=[]) == []


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        (f"Revenue was USD 1,240.0 million {CITE}.", "is not in the ledger"),
        ("Revenue was USD 1,234.6 million.", "has no citation"),
        ("Gross margin was 44.8% [Acme Annual Report 2024, p. 47].", "has no citation"),
        (f"Gross margin was 44.8% {BOTH}. Revenue was USD 1,234.6 million.", "has no citation"),
        (
            "Revenue was USD 1,234.6 million [Acme Annual Report 2024, p. 12].",
            "points at no source",
        ),
        (f"Revenue will double by 2031 {CITE}.", "is not a fiscal year"),
        (f"Revenue was USD 1,234.6 million in Q3 {CITE}.", "holds digits"),
        (f"See [our site](https://example.com) {CITE}.", "points at no source"),
    ],
)
def test_anything_else_is_refused_with_a_reason(
    text: str, reason: str, ledger: list[dict[str, Any]]
) -> None:
    problems = verify(text, ledger, exempt=[])

    assert any(reason in problem for problem in problems), problems


def test_names_titles_and_the_brief_may_hold_digits(ledger: list[dict[str, Any]]) -> None:
    text = (
        f"**Question.** Compare the last 3 years of 3M Co. Revenue was USD 1,234.6 million {CITE}."
    )

    assert verify(text, ledger, exempt=["Compare the last 3 years of 3M Co."]) == []
    assert verify(text, ledger, exempt=[]) != []


def test_the_html_rendering_escapes_markup_and_shows_only_the_runs_charts() -> None:
    markdown = "# Report\n\n<script>alert(1)</script> **bold**\n\n![chart](chart-a.png)\n\n![x](http://tracker.example/p.png)\n"

    html = render.html(markdown, title="<Report>", charts={"chart-a.png": b"\x89PNG fake"})

    assert "<script>" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "<title>&lt;Report&gt;</title>" in html
    assert 'src="data:image/png;base64,' in html
    assert "tracker.example" not in html
    assert "default-src 'none'" in html
