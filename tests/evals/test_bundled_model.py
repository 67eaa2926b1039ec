"""An eval with the bundled model (SmolLM2-135M under llama.cpp) behind the gateway, on both
tiers: real model calls, billed through the gateway, real (low) numbers, and no crash. A model
this small rarely fixes code; what is tested is the evaluation of a real one."""

from __future__ import annotations

from pathlib import Path

import pytest

from evals.commands import run_eval
from evals.models import TrialStatus
from evals.reports import eval_report
from gateway.models import UsageRecord
from inference.models import Backend, Tier
from tests.evals.stack import eval_keys
from tests.factories import TenantFixture
from tests.support.processes import asgi_server, celery_worker, embedded_inference_server

pytestmark = [pytest.mark.slow, pytest.mark.timeout(900)]
CONTEXT = 4096


@pytest.mark.django_db(transaction=True)
def test_an_eval_with_the_bundled_model_on_both_tiers_ends_with_real_numbers(
    acme: TenantFixture, tmp_path: Path, redis_client: object
) -> None:
    # Given the bundled model serving both tiers behind the gateway, and the agents calling it
    with embedded_inference_server(
        tmp_path / "llama", standard_context=CONTEXT, fast_context=CONTEXT
    ) as (llama, _):
        for name in ("standard", "fast"):
            tier, _ = Tier.objects.get_or_create(name=name, defaults={"context_window": CONTEXT})
            Backend.objects.create(
                tier=tier,
                name=f"bundled-{name}",
                base_url=llama,
                served_model=name,
                read_timeout_s=120.0,
                dialect=Backend.Dialect.OPENAI,
                supports_json_schema=False,
            )
        with asgi_server(LONGHAUL_GATEWAY_REGISTRY_SECONDS="0.1") as base:
            gateway = {"LONGHAUL_GATEWAY_URL": f"{base}/v1", "LONGHAUL_AGENT_MODEL_URL": ""}
            with celery_worker(concurrency=2, **gateway):
                # When one task runs on each tier, a few steps at most
                options = {
                    "suite": "code",
                    "tier": "standard,fast",
                    "tasks": "syntax-missing-colon",
                    "concurrency": 2,
                    "max_steps": 4,
                    "max_wall_seconds": 300,
                    "max_attempts": 1,
                }
                evaluation = run_eval(eval_keys(acme, base), options, log=lambda line: None)

    # Then the eval finished with a scored trial per tier whose numbers come from real calls
    assert evaluation.status == "finished", evaluation.error
    report = eval_report(eval=evaluation)
    trials = list(evaluation.trials.all())
    assert {t.configuration for t in trials} == {"standard", "fast"}
    assert all(t.status == TrialStatus.SCORED for t in trials), report["invalid"]
    for trial in trials:
        assert trial.tokens > 0
        assert trial.steps > 0
        assert trial.composite is not None
        assert 0.0 <= trial.composite <= 1.0
        assert set(trial.scores) == {"correctness", "safety", "efficiency"}
        assert UsageRecord.objects.filter(run_id=trial.run_id).exists()  # through the gateway
    for label in ("standard", "fast"):
        assert report["configurations"][label]["trials"] == 1
