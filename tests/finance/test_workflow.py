"""The finance workflow on the in-memory runtime: the real sandbox reads the sample documents, the
scripted analyst maps the two unusual labels and drafts; drafts that do not verify go back to the
model or give way to the template, and nothing leaves the platform without an approval."""

from __future__ import annotations

import base64
import hashlib
import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

import agents.finance
from agents.engine.memory import InMemoryCheckpointer, InMemoryContext
from agents.engine.types import Budgets, StepResult
from agents.finance.verify import verify
from agents.sandbox import Egress
from agents.tools import ToolEnvironment, ToolExecutor
from tests.finance.conftest import BRIEF, Analyst, copy_samples, format_name, run_research
from tests.finance.webhook import webhook_receiver
from tests.support.fake_openai import FakeOpenAI

NO_CHARTS = ["report", "table"]
MEDIA = {
    "report.md": "text/markdown",
    "report.html": "text/html",
    "report.pdf": "application/pdf",
    "metrics.csv": "text/csv",
    "ledger.json": "application/json",
    "findings.json": "application/json",
    "chart-gross_margin.png": "image/png",
    "chart-gross_margin.svg": "image/svg+xml",
}


SCHEMAS = Path(agents.finance.__file__).with_name("schemas")


def schema_errors(name: str, document: Any) -> list[str]:
    schema = json.loads((SCHEMAS / f"{name}.schema.json").read_text())
    Draft202012Validator.check_schema(schema)
    return sorted(e.message[:200] for e in Draft202012Validator(schema).iter_errors(document))


def files(result: StepResult) -> dict[str, bytes]:
    assert result.finish is not None
    return {
        a["name"]: base64.b64decode(a["content_base64"])
        if "content_base64" in a
        else a["content"].encode()
        for a in result.finish.output["artifacts"]
    }


def approve(
    ctx: InMemoryContext, paused: StepResult, *, approved: bool = True, comment: str = ""
) -> dict[str, Any]:
    assert paused.outcome == "interrupted", paused
    assert paused.interrupt is not None
    payload = paused.interrupt.payload
    ctx.decide(
        payload["digest"],
        approved=approved,
        arguments=payload["arguments"],
        tool=payload["tool"],
        comment=comment,
    )
    return dict(payload["arguments"])


def draft_requests(model: FakeOpenAI) -> list[dict[str, Any]]:
    return [r["body"] for r in model.requests if format_name(r["body"]) == "research_note"]


def test_a_refused_draft_goes_back_and_the_approved_report_is_released(
    samples: Any, fake_model: FakeOpenAI, make_ctx: Any, tool_env: ToolEnvironment, workspace: Path
) -> None:
    copy_samples(samples, workspace)
    fake_model.responder = Analyst(samples[1], bad_drafts=1)
    with webhook_receiver() as hook:
        env = replace(tool_env, egress=Egress(private_hosts=(hook.host_port,)))
        ctx, cp = make_ctx(environment=env), InMemoryCheckpointer()
        input = {"brief": BRIEF, "release": {"webhook": hook.url}, "label_mapping": "model"}
        paused = run_research(ctx, cp, input)
        before_approval = list(hook.deliveries)
        arguments = approve(ctx, paused)
        done = run_research(ctx, cp, input)

    assert done.finish is not None
    assert done.finish.status == "succeeded", done.finish
    output, produced = done.finish.output, files(done)
    ledger = json.loads(produced["ledger.json"])["entries"]
    report = produced["report.md"].decode()
    # The first draft planted a figure in no fact; the model saw why and drafted again.
    second = draft_requests(fake_model)[1]["messages"][-1]["content"]
    assert "USD 4,321.9 million is not in the ledger" in second
    assert (output["author"], output["drafts_refused"]) == ("the model", 1)
    findings = json.loads(produced["findings.json"])["findings"]
    assert verify(report, ledger, exempt=_exempt(report, ledger, findings)) == []
    assert "USD 4,321.9 million" not in report
    # Nothing left before the approval; the reviewer saw the report and the open findings.
    assert before_approval == []
    assert arguments["report"]["markdown"] == report
    assert sorted(f["code"] for f in arguments["findings"]) == [
        "balance_sheet",
        "cash_flow_total",
        "cross_document",
        "cross_document",
    ]
    (delivery,) = hook.deliveries
    assert delivery["body"]["report"]["sha256"] == hashlib.sha256(report.encode()).hexdigest()
    assert delivery["headers"]["Idempotency-Key"] == f"report-{arguments['report']['sha256']}"
    assert output["released"]["webhook"] == hook.url
    # The artifacts, each with its media type and a body of that type.
    media = {a["name"]: a["media_type"] for a in done.finish.output["artifacts"]}
    assert {name: media.get(name) for name in MEDIA} == MEDIA
    assert produced["report.pdf"].startswith(b"%PDF-")
    assert produced["chart-gross_margin.png"].startswith(b"\x89PNG")
    assert b"<svg" in produced["chart-gross_margin.svg"][:400]
    assert 'src="data:image/png;base64,' in produced["report.html"].decode()
    assert "gross_margin" in produced["metrics.csv"].decode()
    mapped = {e["item"] for e in ledger if e.get("mapped_by") == "model"}
    assert mapped == {"capital_expenditure"}  # the one label the lexicon does not know
    # Both files follow their documented schemas; `value` is the printed figure times its scale.
    assert schema_errors("ledger", json.loads(produced["ledger.json"])) == []
    assert schema_errors("findings", json.loads(produced["findings.json"])) == []
    for entry in (e for e in ledger if e["type"] == "reported"):
        printed = entry["printed_value"] * entry["scale_factor"]
        assert abs(entry["value"]) == pytest.approx(abs(printed), rel=1e-9), entry["id"]


def _exempt(report: str, ledger: list[dict[str, Any]], findings: list[dict[str, Any]]) -> list[str]:
    question = report.split("**Question.** ", 1)[1].split("\n", 1)[0]
    titles = {ref.rsplit(", ", 1)[0] for e in ledger for ref in e["references"]}
    sources = report.split("## Sources", 1)[1]
    paths = [line.split(": ", 1)[-1] for line in sources.splitlines() if line.startswith("- ")]
    labels = [str(f.get("label", "")) for f in findings]
    return [
        question,
        *titles,
        *paths,
        *{e["company"] for e in ledger},
        *(f["id"] for f in findings),
        *labels,
    ]


def test_a_model_that_never_drafts_cleanly_gets_the_template_and_a_rejection_keeps_the_report(
    samples: Any, fake_model: FakeOpenAI, make_ctx: Any, workspace: Path
) -> None:
    copy_samples(samples, workspace, keep=lambda name: name.startswith("borealis"))
    fake_model.responder = Analyst(samples[1], bad_drafts=99)
    ctx, cp = make_ctx(), InMemoryCheckpointer()
    input = {
        "brief": BRIEF,
        "outputs": NO_CHARTS,
        "max_drafts": 2,
        "release": {"webhook": "https://reports.example.com/in"},
    }

    paused = run_research(ctx, cp, input)
    approve(ctx, paused, approved=False, comment="the balance sheet must be fixed first")
    done = run_research(ctx, cp, input)

    assert done.finish is not None
    assert done.finish.status == "failed"
    assert done.finish.output["reason"] == (
        "the release was rejected by reviewer: the balance sheet must be fixed first"
    )
    assert len(draft_requests(fake_model)) == 2
    report = files(done)["report.md"].decode()
    assert "Drafted by the template: the model's drafts did not pass verification" in report
    assert "Borealis Foods plc FY2024 balance sheet: the balance sheet does not balance" in report
    risks = report.split("## Risks", 1)[1].split("## ", 1)[0]
    # One pointer to the findings, not each finding again.
    assert risks.count("does not balance") == 0
    assert risks.startswith("\n\n- Figures that do not reconcile (F")


def test_an_unusable_label_answer_leaves_labels_unmapped_and_says_so(
    samples: Any, fake_model: FakeOpenAI, make_ctx: Any, workspace: Path
) -> None:
    copy_samples(samples, workspace, keep=lambda name: name.startswith("cobalt"))
    fake_model.responder = lambda body: (
        {"content": "capital expenditure, I think"}
        if format_name(body) == "label_mapping"
        else Analyst({})(body)
    )
    input = {"brief": BRIEF, "outputs": NO_CHARTS, "label_mapping": "model"}

    done = run_research(make_ctx(), InMemoryCheckpointer(), input)

    assert done.finish is not None
    assert done.finish.status == "succeeded", done.finish.output
    findings = json.loads(files(done)["findings.json"])["findings"]
    codes = [f["code"] for f in findings if f["category"] == "extraction"]
    assert codes.count("unmapped_label") == 2  # the unusable answer, then the label
    ledger = json.loads(files(done)["ledger.json"])["entries"]
    capex = [e for e in ledger if e.get("item") == "capital_expenditure" and e["primary"]]
    # The annual reports' capex label is unmapped; the workbook's plain label carries it.
    assert {e["source"]["kind"] for e in capex} == {"xlsx"}
    assert not any(e.get("mapped_by") == "model" for e in ledger)


def test_a_tight_token_budget_writes_the_template_without_asking_for_a_draft(
    samples: Any, fake_model: FakeOpenAI, make_ctx: Any, workspace: Path
) -> None:
    copy_samples(samples, workspace, keep=lambda name: name.startswith("aurora-annual"))
    fake_model.responder = Analyst(samples[1])
    ctx = make_ctx(budgets=Budgets(max_tokens=400))

    done = run_research(ctx, InMemoryCheckpointer(), {"brief": BRIEF, "outputs": NO_CHARTS})

    assert done.finish is not None
    assert done.finish.status == "succeeded"
    assert done.finish.output["author"] == "the template"
    assert fake_model.requests == []
    assert ("draft", {"author": "the template", "why": "budget low"}) in ctx.events


def test_release_to_a_private_address_is_refused_unless_the_operator_allows_it(
    executor: ToolExecutor, tool_env: ToolEnvironment
) -> None:
    report = "# Report\n"
    arguments: dict[str, Any] = {
        "webhook": "http://127.0.0.1:9/hook",
        "report": {
            "title": "Report",
            "markdown": report,
            "sha256": hashlib.sha256(report.encode()).hexdigest(),
        },
        "findings": [],
        "artifacts": {},
    }

    refused = executor.execute("release_report", arguments, tool_env)
    tampered = executor.execute(
        "release_report",
        {**arguments, "report": {**arguments["report"], "markdown": "# Other\n"}},
        tool_env,
    )

    assert not refused.ok
    assert "not a public address" in str(refused.error)
    assert "LONGHAUL_SANDBOX_EGRESS_PRIVATE_HOSTS" in str(refused.error)
    assert not tampered.ok
    assert "differs from the one approved" in str(tampered.error)
