# mypy: disable-error-code="arg-type, call-overload, union-attr, index, list-item"
"""The real llama.cpp server (`manage.py serve_inference`, the bundled model) answering
through the gateway, streaming and not, with usage billed."""

from __future__ import annotations

from typing import Any

import pytest

from gateway.models import UsageRecord
from tests.factories import TenantFixture
from tests.gateway.conftest import client_for, wait_for

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("tier", ["standard", "fast"])
def test_chat_through_the_gateway(gateway: str, llama: str, acme: TenantFixture, tier: str) -> None:
    reply = client_for(gateway, acme.api_key, timeout=120).chat.completions.create(
        model=tier,
        messages=[{"role": "user", "content": "What is the capital of France?"}],
        max_tokens=16,
        temperature=0,
    )

    assert reply.model == tier
    assert reply.choices[0].message.content
    assert reply.usage is not None
    assert 0 < reply.usage.completion_tokens <= 16


@pytest.mark.parametrize("tier", ["standard", "fast"])
def test_streaming_through_the_gateway_is_billed(
    gateway: str, llama: str, acme: TenantFixture, tier: str
) -> None:
    options: dict[str, Any] = {"extra_headers": {"X-Longhaul-Run": f"llama-{tier}"}}

    chunks = list(
        client_for(gateway, acme.api_key, timeout=120).chat.completions.create(
            model=tier,
            messages=[{"role": "user", "content": "Count from one to five."}],
            max_tokens=24,
            temperature=0,
            stream=True,
            **options,
        )
    )
    record = wait_for(lambda: UsageRecord.objects.filter(run_id=f"llama-{tier}").first())

    text = "".join(chunk.choices[0].delta.content or "" for chunk in chunks if chunk.choices)
    assert text.strip()
    assert chunks[-1].choices[0].finish_reason in {"stop", "length"}
    assert record.status == 200
    assert 0 < record.completion_tokens <= 24
    assert record.prompt_tokens > 0
    assert record.ttft_ms is not None
