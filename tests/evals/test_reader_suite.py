"""The 3D brief reader's eval suite: the generated corpus as the tasks of an in-process suite,
run by `manage.py eval` with no platform, run or model; the report gives the accuracy per kind
and per split and lists every miss with what was read instead."""

from __future__ import annotations

import copy
import io
import json
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command

from agents.three_d.corpus import read_for_scoring, suite_tasks
from evals.suites import SuiteError, load_suite
from tests.factories import TenantFixture

SUITE = """\
name = "planted"
version = "1"
workflow = "three_d_asset"
runner = "{runner}"
generator = "tests.evals.test_reader_suite:planted_tasks"

[weights]
correctness = 1.0
safety = 0.0
efficiency = 0.0

[budgets]
steps = 1
tokens = 1
wall_seconds = 1
cost = 0.01
"""


def planted_tasks() -> list[dict[str, Any]]:
    """Two briefs of each of three kinds from the corpus, and a copy of the first table whose
    expected width is 10 mm off: the reader is right and the expectation wrong, so the suite
    must report exactly that one miss."""
    picked = []
    for kind in ("table", "ring", "part_colours"):
        picked += [task for task in suite_tasks() if task["difficulty"] == kind][:2]
    wrong = copy.deepcopy(picked[0])
    wrong["id"] = "planted-miss"
    wrong["checker"]["expect"]["size_mm"]["width"] += 10.0
    return [*picked, wrong]


def _suite(folder: Path, runner: str) -> Path:
    (folder / "suite.toml").write_text(SUITE.format(runner=runner))
    return folder


@pytest.mark.django_db
def test_the_reader_suite_scores_each_brief_and_its_report_lists_every_miss(
    acme: TenantFixture, tmp_path: Path
) -> None:
    suite = _suite(tmp_path, "in_process")
    wrong = planted_tasks()[-1]
    read = read_for_scoring(wrong["input"]["brief"])[1]["size_mm"]["width"]
    said = f"width {read}, expected {wrong['checker']['expect']['size_mm']['width']:g} mm"
    out = io.StringIO()

    call_command(
        "eval", str(suite), "--api-key", acme.api_key,
        "--json", str(tmp_path / "report.json"), "--html", str(tmp_path / "report.html"),
        stdout=out,
    )  # fmt: skip

    report = json.loads((tmp_path / "report.json").read_text())
    overall = report["configurations"]["in-process"]
    assert (overall["trials"], overall["passed"]) == (7, 6)
    assert overall["pass_rate"] == pytest.approx(6 / 7)
    kinds = {g["group"]: g["configurations"]["in-process"] for g in report["groups"]["difficulty"]}
    assert {kind: (cell["passed"], cell["trials"]) for kind, cell in kinds.items()} == {
        "table": (2, 3),
        "ring": (2, 2),
        "part_colours": (2, 2),
    }
    assert kinds["table"]["percent"] == 66.7
    splits = {g["group"]: g["configurations"]["in-process"] for g in report["groups"]["tag"]}
    assert sum(cell["trials"] for cell in splits.values()) == 7
    assert splits[wrong["tags"][0]]["passed"] == splits[wrong["tags"][0]]["trials"] - 1
    [miss] = report["failures"]
    assert miss["task"] == "planted-miss"
    assert miss["subject"] == wrong["input"]["brief"]
    assert miss["problems"] == [said]
    assert miss["correctness"] < 1.0  # the other checks of that brief held
    page = (tmp_path / "report.html").read_text()
    assert "planted-miss" in page
    assert said in page
    assert f"  failed: [in-process] planted-miss: {said}" in out.getvalue()
    assert "by difficulty: part_colours 2/2, ring 2/2, table 2/3" in out.getvalue()


def test_a_reading_checker_needs_the_in_process_runner(tmp_path: Path) -> None:
    with pytest.raises(SuiteError, match="the three_d_reading checker does not run with the platform runner"):  # fmt: skip
        load_suite(str(_suite(tmp_path, "platform")))
