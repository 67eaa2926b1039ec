"""Bad input gets a clear answer: a request that cannot run is refused before it starts, and every
document that cannot be used is named in the run's findings with the reason."""

from __future__ import annotations

import base64
import json
import os
from pathlib import Path
from typing import Any

import pytest

from agents.engine.memory import InMemoryCheckpointer
from agents.engine.types import EnvironmentFailure
from agents.finance import release
from agents.finance.inputs import initial_state
from agents.tools import ToolEnvironment, ToolExecutor
from tests.finance import bad_documents
from tests.finance.conftest import BRIEF, Analyst, copy_samples, run_research
from tests.support.fake_openai import FakeOpenAI

TEMPLATE = {"brief": BRIEF, "drafting": "template", "outputs": ["report"]}


def findings_of(result: Any) -> list[dict[str, Any]]:
    assert result.finish is not None
    artifact = next(a for a in result.finish.output["artifacts"] if a["name"] == "findings.json")
    return list(json.loads(artifact["content"])["findings"])


def by_document(findings: list[dict[str, Any]]) -> dict[str, str]:
    return {f["document"]: f["code"] for f in findings if f.get("document")}


def test_each_unusable_document_is_named_and_the_rest_still_makes_a_report(
    samples: Any, fake_model: FakeOpenAI, make_ctx: Any, workspace: Path
) -> None:
    copy_samples(samples, workspace, keep=lambda name: name == "aurora-annual-report-2024.pdf")
    bad_documents.letter_without_statements(workspace / "letter.pdf")
    bad_documents.scanned_statement(workspace / "scan.pdf")
    bad_documents.unknown_layout(workspace / "stores.xlsx")
    bad_documents.workbook_in_euros(workspace / "aurora-eur.xlsx")
    bad_documents.statement_with_two_scales(workspace / "aurora-2023-draft.pdf")
    fake_model.responder = Analyst(samples[1])

    done = run_research(make_ctx(), InMemoryCheckpointer(), TEMPLATE)

    assert done.finish is not None
    assert done.finish.status == "succeeded", done.finish.output
    findings = findings_of(done)
    assert by_document(findings) == {
        "letter.pdf": "no_statements",
        "scan.pdf": "no_text_layer",
        "stores.xlsx": "unknown_layout",
        "aurora-2023-draft.pdf": "mixed_units",
    }
    (currencies,) = [f for f in findings if f["code"] == "mixed_currencies"]
    assert "aurora-eur.xlsx (EUR)" in currencies["message"]
    assert "run OCR" in next(f["message"] for f in findings if f["code"] == "no_text_layer")
    report = _artifact(done, "report.md")
    for name in ("letter.pdf", "scan.pdf", "stores.xlsx", "aurora-2023-draft.pdf"):
        assert name in report
    # Nothing from the unusable documents reached the ledger.
    ledger = json.loads(_artifact(done, "ledger.json"))["entries"]
    used = {e["source"]["document"] for e in ledger if e["type"] == "reported"}
    assert used == {"aurora-annual-report-2024.pdf"}


def _artifact(result: Any, name: str) -> str:
    assert result.finish is not None
    found = next(a for a in result.finish.output["artifacts"] if a["name"] == name)
    return (
        found["content"]
        if "content" in found
        else base64.b64decode(found["content_base64"]).decode()
    )


def test_documents_without_any_statement_fail_the_run_with_their_findings(
    fake_model: FakeOpenAI, make_ctx: Any, workspace: Path
) -> None:
    bad_documents.letter_without_statements(workspace / "letter.pdf")
    bad_documents.scanned_statement(workspace / "scan.pdf")

    done = run_research(make_ctx(), InMemoryCheckpointer(), TEMPLATE)

    assert done.finish is not None
    assert done.finish.status == "failed"
    assert done.finish.output["reason"].startswith("no financial statements were found")
    assert by_document(findings_of(done)) == {
        "letter.pdf": "no_statements",
        "scan.pdf": "no_text_layer",
    }
    assert fake_model.requests == []


def test_a_run_without_documents_says_how_to_give_them(
    fake_model: FakeOpenAI, make_ctx: Any, workspace: Path
) -> None:
    (workspace / "notes.txt").write_text("not a statement")

    done = run_research(make_ctx(), InMemoryCheckpointer(), TEMPLATE)

    assert done.finish is not None
    assert done.finish.status == "failed"
    assert "upload them with the run" in done.finish.output["reason"]


@pytest.mark.parametrize(
    ("input", "message"),
    [
        ({}, "'brief' is a required property"),
        ({"brief": "   "}, "write what the research should answer"),
        ({"brief": "x", "metrics": ["vibes"]}, "metrics/0"),
        ({"brief": "x", "outputs": ["poster"]}, "outputs/0"),
        ({"brief": "x", "release": {"webhook": "ftp://example.com/drop"}}, "http:// or https://"),
        ({"brief": "x", "release": {"webhook": "https://example.com:99999/"}}, "65535"),
        ({"brief": "x", "release": {"webhook": "https://user:pw@example.com/"}}, "credentials"),
        ({"brief": "x", "documents": [{"path": "a.pdf", "document_id": 3}]}, "documents/0"),
        ({"brief": "x", "surprise": True}, "Additional properties"),
    ],
)
def test_a_request_that_cannot_run_is_refused_with_a_clear_message(
    input: dict[str, Any], message: str
) -> None:
    with pytest.raises(ValueError) as refused:
        initial_state(input)

    assert message in str(refused.value)


def test_a_release_receiver_that_fails_is_the_environments_failure_not_the_agents() -> None:
    closed = "http://127.0.0.1:9/hook"  # the discard port: nothing listens

    with pytest.raises(EnvironmentFailure) as failure:
        release.deliver(closed, {}, private_hosts=("127.0.0.1:9",), idempotency_key="k")
    with pytest.raises(release.ReleaseFailed) as refused:
        release.deliver(closed, {}, private_hosts=(), idempotency_key="k")

    assert failure.value.kind == release.RELEASE_UNREACHABLE
    assert "LONGHAUL_SANDBOX_EGRESS_PRIVATE_HOSTS" in str(refused.value)


def test_links_special_files_and_escapes_in_the_workspace_are_never_read(
    executor: ToolExecutor, tool_env: ToolEnvironment, workspace: Path
) -> None:
    (workspace / "evil.pdf").symlink_to("/etc/passwd")
    os.mkfifo(workspace / "pipe.csv")

    listed = executor.execute("collect_documents", {}, tool_env)
    named = executor.execute("collect_documents", {"paths": ["../outside.pdf", "evil.pdf", "pipe.csv"]}, tool_env)  # fmt: skip

    assert listed.ok, listed.error
    assert listed.output["documents"] == []
    assert {s["path"]: s["reason"] for s in listed.output["skipped"]} == {
        "evil.pdf": "a symbolic link, not a file",
        "pipe.csv": "a FIFO, not a file",
    }
    assert named.ok, named.error
    assert named.output["documents"] == []
    reasons = {s["path"]: s["reason"] for s in named.output["skipped"]}
    assert "outside the workspace" in reasons["../outside.pdf"]
    assert "symbolic link" in reasons["evil.pdf"]
    assert "FIFO" in reasons["pipe.csv"]
