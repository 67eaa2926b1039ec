"""The finance workflow end to end through the REST API on the real ASGI server, a real Celery
worker, PostgreSQL, Redis and the sandbox, with the scripted model. The sample data set goes in
as the run's workspace; the extracted values match the ground truth, reconciliation reports
exactly the planted errors, every figure in report.md cites the page it comes from, and the
report leaves for the webhook only after a reviewer approved it. A second run reads documents
the organization already stored, by id."""

from __future__ import annotations

import io
import json
import re
import tarfile
from pathlib import Path
from typing import Any

import pytest
from rest_framework.test import APIClient

from memory.models import Document
from tests.factories import TenantFixture
from tests.finance.conftest import BRIEF, Analyst
from tests.finance.webhook import Receiver, webhook_receiver
from tests.runs.live import http, multipart, wait_for_status
from tests.support.fake_openai import FakeOpenAI, serve_fake_openai
from tests.support.processes import asgi_server, celery_worker

pytestmark = [pytest.mark.slow, pytest.mark.timeout(480)]
_ROW = re.compile(
    r"^\| (?P<measure>[^|]+) \| FY(?P<year>\d{4}) \| (?P<value>[^|]+) \| \[(?P<title>[^\]]+), p\. (?P<page>\d+)\] \|$"
)
_CITED = re.compile(r"\[([^\]]+)\]")
_FIGURE = re.compile(r"\d+\.\d%|USD [\d,.]+ million")


def tarball(folder: Path, names: list[str]) -> bytes:
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz") as archive:
        for name in names:
            archive.add(folder / name, arcname=f"filings/{name}")
    return buffer.getvalue()


@pytest.mark.django_db(transaction=True)
def test_the_sample_data_set_becomes_a_verified_report_released_after_approval(
    acme: TenantFixture, redis_client: object, samples: tuple[Path, dict[str, Any]], tmp_path: Path
) -> None:
    folder, truth = samples
    reviewer = APIClient()
    reviewer.force_login(acme.reviewer)
    documents = {"LONGHAUL_DOCUMENTS_DIR": str(tmp_path / "documents")}
    with (
        webhook_receiver() as hook,
        serve_fake_openai(FakeOpenAI(responder=Analyst(truth, bad_drafts=1))) as model_url,
        asgi_server(
            LONGHAUL_AGENT_MODEL_URL=model_url,
            LONGHAUL_SANDBOX_EGRESS_PRIVATE_HOSTS=hook.host_port,
            **documents,
        ) as base,
        celery_worker(
            concurrency=2,
            LONGHAUL_AGENT_MODEL_URL=model_url,
            LONGHAUL_SANDBOX_EGRESS_PRIVATE_HOSTS=hook.host_port,
            **documents,
        ),
    ):
        refused = _start(base, acme, {"brief": BRIEF, "metrics": ["vibes"]}, None)
        loopback = {"brief": BRIEF, "release": {"webhook": "http://127.0.0.1:9/hook"}}
        unreachable = _start(base, acme, loopback, None)
        names = [d["file"] for d in truth["documents"]]
        input = {"brief": BRIEF, "release": {"webhook": hook.url}, "label_mapping": "model"}
        run_id = _start(base, acme, input, tarball(folder, names))
        request = _approve(base, acme, reviewer, run_id, hook)
        done = wait_for_status(
            base, str(run_id), acme.api_key, {"succeeded", "failed"}, timeout=120
        )
        produced = {
            name: _download(base, acme, run_id, name)
            for name in (
                "report.md",
                "ledger.json",
                "findings.json",
                "report.pdf",
                "report.html",
                "metrics.csv",
            )
        }
        second = _stored_documents_run(base, acme)

    assert refused[0] == 400
    assert "Not valid for workflow 'finance_research'" in json.dumps(refused[1])
    # A release target the outbound rule refuses is refused when the run is created, not
    # after a reviewer approved it; the operator's allowance admits the test's receiver.
    assert unreachable[0] == 400
    assert "LONGHAUL_SANDBOX_EGRESS_PRIVATE_HOSTS" in json.dumps(unreachable[1])
    assert done["status"] == "succeeded", (done["error"], done["output"])
    ledger = json.loads(produced["ledger.json"])
    _check_extraction(ledger, truth)
    _check_reconciliation(json.loads(produced["findings.json"])["findings"], truth)
    _check_citations(produced["report.md"].decode(), ledger, truth)
    (delivery,) = hook.deliveries
    assert delivery["body"]["report"]["markdown"] == produced["report.md"].decode()
    assert delivery["headers"]["Idempotency-Key"].startswith(f"{run_id}:")
    assert request["arguments"]["report"]["markdown"] == produced["report.md"].decode()
    assert produced["report.pdf"].startswith(b"%PDF-")
    assert b"<table>" in produced["report.html"]
    # Every document went to the organization's document pipeline, and the ledger knows each.
    stored = Document.objects.filter(organization=acme.organization)
    assert stored.count() == len(names)
    assert {d["document_id"] for d in ledger["documents"]} == set(
        stored.values_list("id", flat=True)
    )
    assert second["status"] == "succeeded", (second["error"], second["output"])


def _start(base: str, tenant: TenantFixture, input: dict[str, Any], archive: bytes | None) -> Any:
    fields = {"workflow": "finance_research", "input": json.dumps(input)}
    if archive is None:
        return http("POST", f"{base}/api/runs", tenant.api_key, *multipart(fields, {}))
    status, run = http(
        "POST",
        f"{base}/api/runs",
        tenant.api_key,
        *multipart(fields, {"workspace": ("filings.tar.gz", archive)}),
    )
    assert status == 201, run
    return run["id"]


def _approve(
    base: str, tenant: TenantFixture, reviewer: APIClient, run_id: str, hook: Receiver
) -> dict[str, Any]:
    paused = wait_for_status(
        base, run_id, tenant.api_key, {"awaiting_approval", "failed", "succeeded"}, timeout=420
    )
    assert paused["status"] == "awaiting_approval", (paused["error"], paused["output"])
    _, pending = http("GET", f"{base}/api/approvals?status=pending", tenant.api_key)
    request = next(item for item in pending["results"] if item["run"] == run_id)
    assert request["tool"] == "release_report"
    assert sorted(f["code"] for f in request["arguments"]["findings"]) == [
        "balance_sheet",
        "cash_flow_total",
        "cross_document",
        "cross_document",
    ]
    assert hook.deliveries == []  # nothing left before the decision
    decided = reviewer.post(
        f"/api/approvals/{request['id']}/decide", {"decision": "approve"}, format="json"
    )
    assert decided.status_code == 200, decided.content
    return dict(request)


def _download(base: str, tenant: TenantFixture, run_id: str, name: str) -> bytes:
    status, data = http("GET", f"{base}/api/runs/{run_id}/artifacts/{name}", tenant.api_key)
    assert status == 200, (name, data)
    return data if isinstance(data, bytes) else json.dumps(data).encode()


def _stored_documents_run(base: str, tenant: TenantFixture) -> dict[str, Any]:
    """A run on documents the organization already has: Aurora's three annual reports."""
    ids = list(
        Document.objects.filter(
            organization=tenant.organization, title__startswith="aurora-annual"
        ).values_list("id", flat=True)
    )
    input = {
        "brief": BRIEF,
        "documents": [{"document_id": i} for i in ids],
        "drafting": "template",
        "outputs": ["report"],
    }
    body = json.dumps({"workflow": "finance_research", "input": input}).encode()
    status, run = http("POST", f"{base}/api/runs", tenant.api_key, body, "application/json")
    assert status == 201, run
    done = wait_for_status(base, run["id"], tenant.api_key, {"succeeded", "failed"}, timeout=90)
    if done["status"] == "succeeded":
        ledger = json.loads(_download(base, tenant, run["id"], "ledger.json"))
        assert {d["document_id"] for d in ledger["documents"]} == set(ids)
        assert {e["company"] for e in ledger["entries"]} == {"Aurora Instruments Inc."}
    return done


# --- checks against the ground truth ------------------------------------------------------------
def _check_extraction(ledger: dict[str, Any], truth: dict[str, Any]) -> None:
    """100 % of the line items the documents print are in the ledger, each at its place."""
    found = {
        (
            e["source"]["document"].rsplit("/", 1)[-1],
            e["item"],
            e["period"],
            _place(e["source"]),
        ): e["value"]
        for e in ledger["entries"]
        if e["type"] == "reported"
    }
    missing = [
        (d["file"], v["item"], v["period"])
        for d in truth["documents"]
        for v in d["values"]
        if found.get((d["file"], v["item"], v["period"], _place({**v, "kind": d["kind"]})))
        != pytest.approx(v["value"])
    ]
    assert missing == []


def _place(where: dict[str, Any]) -> Any:
    return {"pdf": where.get("page"), "xlsx": where.get("cell"), "csv": where.get("row")}[
        where["kind"]
    ]


def _check_reconciliation(findings: list[dict[str, Any]], truth: dict[str, Any]) -> None:
    failed = sorted(
        (f["company"].split("-")[0], f["code"], f["period"])
        for f in findings
        if f["category"] == "reconciliation"
    )
    assert failed == sorted((p["company"], p["check"], p["period"]) for p in truth["planted"])
    assert [f for f in findings if f["category"] == "input"] == []


def _check_citations(report: str, ledger: dict[str, Any], truth: dict[str, Any]) -> None:
    """Every figure in the tables is the ground truth's (or computed from it) and cites the page
    of the statement it comes from; every citation anywhere names a real page."""
    titles = {d["title"]: d["path"].rsplit("/", 1)[-1] for d in ledger["documents"]}
    pages = {d["file"]: set(d.get("statement_pages", {}).values()) for d in truth["documents"]}
    income = {
        d["file"]: d["statement_pages"]["income_statement"]
        for d in truth["documents"]
        if d["kind"] == "pdf"
    }
    rows = [m.groupdict() for line in report.splitlines() if (m := _ROW.match(line))]
    assert len(rows) == 3 * 5 * 3  # three companies, five measures, three years
    for row in rows:
        document = titles[row["title"]]
        assert document.endswith(f"-annual-report-{row['year']}.pdf"), row
        assert int(row["page"]) == income[document], row  # revenue, net income and margins
    for citation in _CITED.findall(report):
        for reference in citation.split("; "):
            title, _, page = reference.rpartition(", p. ")
            if title in titles and page.isdigit():
                assert int(page) in pages[titles[title]], reference
    prose = report.split("## Summary", 1)[1].split("## Key figures", 1)[0]
    figures = list(_FIGURE.finditer(prose))
    assert figures
    for figure, following in zip(figures, [*figures[1:], None], strict=True):
        gap = prose[figure.end() : following.start() if following else len(prose)]
        assert re.search(r"\[[^\]]+, p\. \d+\]", gap), figure.group(0)
