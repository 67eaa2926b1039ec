from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, cast

import pytest

from evals.suite_files import serve_package_index
from evals.suites import Suite, load_suite
from tests.evals.outages import OutageInjector
from tests.support.eval_oracle import EvalOracle
from tests.support.fake_openai import FakeOpenAI, serve_fake_openai
from tests.support.processes import asgi_server, celery_worker

# Short enough that a run under a scripted outage fails as an infrastructure failure quickly.
RETRY_WINDOW_SECONDS = "3"


@dataclass(frozen=True)
class OracleStack:
    """The platform under evaluation, its agents answered by the oracle behind an injector."""

    base: str
    suite: Suite
    oracle: EvalOracle
    outages: OutageInjector


@pytest.fixture(scope="module")
def oracle_stack(django_db_setup: None) -> Iterator[OracleStack]:
    """One server and one worker for a module's eval tests (each test makes its own tenant)."""
    suite = load_suite("code")
    oracle = EvalOracle(suite)
    outages = OutageInjector(FakeOpenAI(responder=oracle, model="eval-oracle"))
    with (
        serve_fake_openai(cast(Any, outages)) as model_url,
        serve_package_index(suite) as index_url,
    ):
        env = {
            "LONGHAUL_AGENT_MODEL_URL": model_url,
            "LONGHAUL_PACKAGE_INDEX_URL": index_url,
            "LONGHAUL_RUN_INFRA_RETRY_WINDOW_SECONDS": RETRY_WINDOW_SECONDS,
        }
        with asgi_server(**env) as base, celery_worker(concurrency=2, **env):
            yield OracleStack(base, suite, oracle, outages)
