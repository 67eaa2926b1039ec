"""The test session's own environment (tests.environment): a Redis is always there."""

from __future__ import annotations

import os

import pytest
from django.conf import settings

from tests.environment import ensure_redis, worker_redis_url
from tests.support.processes import free_port, redis_answers


def test_a_private_redis_is_started_when_none_answers(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TEST_REDIS_URL", f"redis://127.0.0.1:{free_port()}/7")

    server = ensure_redis()

    try:
        assert server is not None
        assert os.environ["TEST_REDIS_URL"] == server.url(7)  # the same database number
        assert redis_answers(os.environ["TEST_REDIS_URL"])
    finally:
        if server is not None:
            server.stop()
    assert not redis_answers(server.url())


def test_a_redis_that_answers_is_used_as_it_is(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TEST_REDIS_URL", settings.REDIS_URL)

    assert ensure_redis() is None
    assert os.environ["TEST_REDIS_URL"] == settings.REDIS_URL


def test_each_xdist_worker_has_a_redis_database_of_its_own(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PYTEST_XDIST_WORKER", "gw1")
    assert worker_redis_url("redis://127.0.0.1:6379/13") == "redis://127.0.0.1:6379/14"
    assert worker_redis_url("redis://127.0.0.1:6379/15") == "redis://127.0.0.1:6379/16"
    monkeypatch.delenv("PYTEST_XDIST_WORKER")
    assert worker_redis_url("redis://127.0.0.1:6379/13") == "redis://127.0.0.1:6379/13"
