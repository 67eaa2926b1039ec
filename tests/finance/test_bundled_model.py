"""The finance workflow with the bundled model (SmolLM2-135M under llama.cpp) through the gateway,
with JSON-schema constrained output, on a tiny budget: it must end with a report whose every
figure verifies against the ledger (written by the model or by the template), or fail with a
clear reason within its budget — never hang, never crash, never publish an unverified number.
Cobalt's reports carry two labels no alias knows, so the model is asked to map them too."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from agents.finance.verify import verify
from tests.factories import TenantFixture
from tests.finance.conftest import BRIEF
from tests.finance.test_end_to_end import tarball
from tests.runs.live import http, multipart, wait_for_status
from tests.support.bundled_model import CONTEXT, platform_on_bundled_model

pytestmark = [pytest.mark.slow, pytest.mark.timeout(600)]


@pytest.mark.django_db(transaction=True)
def test_the_bundled_model_ends_with_a_verified_report_or_a_clear_failure(
    acme: TenantFixture,
    redis_client: object,
    samples: tuple[Path, dict[str, Any]],
    tmp_path: Path,
) -> None:
    folder, truth = samples
    budgets = {"max_steps": 14, "max_wall_seconds": 300, "max_tokens": 12_000}
    input = {"brief": BRIEF, "outputs": ["report"], "context_window": CONTEXT, "max_drafts": 1}
    names = [d["file"] for d in truth["documents"] if d["file"].startswith("cobalt-annual")]
    fields = {"workflow": "finance_research", "input": json.dumps(input), "budgets": json.dumps(budgets)}  # fmt: skip
    documents = {"LONGHAUL_DOCUMENTS_DIR": str(tmp_path / "documents")}
    with platform_on_bundled_model(tmp_path / "llama", env=documents) as base:
        archive = {"workspace": ("filings.tar.gz", tarball(folder, names))}
        status, run = http("POST", f"{base}/api/runs", acme.api_key, *multipart(fields, archive))  # fmt: skip
        assert status == 201, run
        done = wait_for_status(base, run["id"], acme.api_key, {"succeeded", "failed"}, timeout=420)  # fmt: skip
        _, listed = http("GET", f"{base}/api/runs/{run['id']}/artifacts", acme.api_key)
        files = {item["name"]: _get(base, acme, run["id"], item["name"]) for item in listed}

    assert done["step_count"] <= budgets["max_steps"] + 1
    assert done["usage"]["prompt_tokens"] > 0  # the label mapping went through the gateway
    if done["status"] == "failed":
        assert done["error"], done  # a clear reason
        assert "report.md" not in files  # nothing unverified was handed over
        return
    ledger = json.loads(files["ledger.json"])
    findings = json.loads(files["findings.json"])["findings"]
    report = files["report.md"].decode()
    assert done["output"]["author"] in ("the model", "the template")
    assert verify(report, ledger["entries"], exempt=_exempt(report, ledger, findings)) == []


def _get(base: str, tenant: TenantFixture, run_id: str, name: str) -> bytes:
    status, data = http("GET", f"{base}/api/runs/{run_id}/artifacts/{name}", tenant.api_key)
    assert status == 200, (name, data)
    return data if isinstance(data, bytes) else json.dumps(data).encode()


def _exempt(report: str, ledger: dict[str, Any], findings: list[dict[str, Any]]) -> list[str]:
    question = report.split("**Question.** ", 1)[1].split("\n", 1)[0]
    titles = [d["title"] for d in ledger["documents"]] + [d["path"] for d in ledger["documents"]]
    names = {e["company"] for e in ledger["entries"]}
    labels = [str(f.get("label", "")) for f in findings]
    return [question, *titles, *names, *(f["id"] for f in findings), *labels]
