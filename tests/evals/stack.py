"""The platform under evaluation for eval tests: the real ASGI server and a Celery worker whose
agents call a scripted model server, the suite's package index, and the two keys the runner
uses (a member's `runs` key and a reviewer's `approvals` key)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from accounts.services import api_key_create
from evals.commands import Keys
from evals.suite_files import serve_package_index
from evals.suites import Suite
from tests.factories import TenantFixture, operator
from tests.support.processes import asgi_server, celery_worker


@dataclass(frozen=True)
class Stack:
    base: str
    keys: Keys


def eval_keys(tenant: TenantFixture, base: str) -> Keys:
    """The runner acts for a member; the scripted reviewer is another person, a reviewer."""
    runs = api_key_create(
        actor=operator(tenant.organization),
        name="eval runs",
        scopes=["runs"],
        created_by=tenant.member,
    )
    review = api_key_create(
        actor=operator(tenant.organization),
        name="eval reviewer",
        scopes=["approvals"],
        created_by=tenant.reviewer,
    )
    return Keys(api_url=base, api_key=runs.plaintext, reviewer_key=review.plaintext)


@contextmanager
def platform_for_evals(
    tenant: TenantFixture, suite: Suite, model_url: str, **env: str
) -> Iterator[Stack]:
    """The server and one worker (two processes) with the agents' model at `model_url`."""
    with serve_package_index(suite) as index_url:
        shared = {
            "LONGHAUL_AGENT_MODEL_URL": model_url,
            "LONGHAUL_PACKAGE_INDEX_URL": index_url,
            **env,
        }
        with asgi_server(**shared) as base, celery_worker(concurrency=2, **shared):
            yield Stack(base, eval_keys(tenant, base))
