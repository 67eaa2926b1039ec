# mypy: disable-error-code="arg-type, call-overload, union-attr, index, list-item"
"""The usage ledger: one record per request, streaming counted, batched, never shared."""

from __future__ import annotations

import httpx
import pytest

from gateway.models import UsageRecord
from tests.factories import TenantFixture
from tests.gateway.conftest import Backends, client_for, wait_for

pytestmark = pytest.mark.django_db(transaction=True)


def test_each_request_is_recorded_with_its_run_and_tokens(
    gateway: str, acme: TenantFixture, backends: Backends
) -> None:
    fake, backend = backends.add("fast")
    fake.script = [{"content": "alpha beta gamma"}]
    backends.settle()
    client = client_for(gateway, acme.api_key)
    headers = {"X-Longhaul-Run": "run-42"}

    client.chat.completions.create(
        model="fast",
        messages=[{"role": "user", "content": "hi"}],
        extra_headers=headers,
        extra_body={},
    )
    stream = client.chat.completions.create(
        model="fast",
        messages=[{"role": "user", "content": "hi"}],
        stream=True,
        extra_headers=headers,
    )
    list(stream)
    records = wait_for(
        lambda: (
            list(UsageRecord.objects.filter(run_id="run-42").order_by("id"))
            if UsageRecord.objects.filter(run_id="run-42").count() == 2
            else None
        )
    )

    plain, streamed = sorted(records, key=lambda r: r.stream)
    for record in records:
        assert record.organization_id == acme.organization.id
        assert (record.tier, record.backend, record.model) == ("fast", backend.name, "fast-model")
        assert record.status == 200
        assert record.completion_tokens == 3
        assert record.prompt_tokens > 0
        assert record.latency_ms > 0
    assert plain.ttft_ms is None
    assert streamed.ttft_ms is not None
    assert streamed.ttft_ms <= streamed.latency_ms


def test_an_organization_sees_only_its_own_usage(
    gateway: str, acme: TenantFixture, globex: TenantFixture, backends: Backends
) -> None:
    backends.add("standard")
    backends.settle()
    client_for(gateway, acme.api_key).chat.completions.create(
        model="standard",
        messages=[{"role": "user", "content": "secret plans"}],
        extra_headers={"X-Longhaul-Run": "acme-run"},
    )
    wait_for(lambda: UsageRecord.objects.filter(run_id="acme-run").exists())

    def usage(key: str, path: str = "/api/usage/") -> httpx.Response:
        return httpx.get(f"{gateway}{path}", headers={"Authorization": f"Bearer {key}"})

    mine, theirs = usage(acme.api_key).json(), usage(globex.api_key).json()
    theirs_by_run = usage(globex.api_key, "/api/usage/?run=acme-run").json()

    assert [r["run_id"] for r in mine["results"]] == ["acme-run"]
    assert theirs["results"] == []
    assert theirs_by_run["results"] == []
    assert usage(globex.api_key, "/api/usage/totals/").json() == []
    assert usage(acme.api_key, "/api/usage/totals/").json()[0]["requests"] == 1
