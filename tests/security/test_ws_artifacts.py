"""Exact-match validation (a trailing newline is not a valid name) and artifact writes that never
follow a link planted in the artifact store."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from django.core.exceptions import ValidationError

from agents.sandbox import SandboxError
from agents.sandbox.bubblewrap import sandbox_environment
from core.middleware import new_request_id
from runs.artifacts import artifact_store
from runs.models import Artifact, Run
from runs.services import run_start
from tests.factories import TenantFixture
from tests.security.ws_support import ws_runtime

__all__ = ["ws_runtime"]


def a_run(tenant: TenantFixture) -> Run:
    return run_start(organization=tenant.organization, workflow="hostile", input={})


@pytest.mark.django_db
@pytest.mark.parametrize("name", ["report\n", "report\r\n", "../report", ".hidden", "a/b", ""])
def test_an_artifact_name_must_match_exactly(
    acme: TenantFixture, ws_runtime: Path, name: str
) -> None:
    run = a_run(acme)

    with pytest.raises(ValidationError, match="Artifact names are"):
        artifact_store(run=run, name=name, content=b"x", media_type="text/plain")

    assert not Artifact.objects.exists()


@pytest.mark.django_db
def test_an_artifact_write_replaces_planted_links_and_writes_through_none(
    acme: TenantFixture, ws_runtime: Path, settings: Any, tmp_path: Path
) -> None:
    run = a_run(acme)
    target = tmp_path / "host-file"
    target.write_text("unchanged")
    store = Path(settings.LONGHAUL_ARTIFACTS_DIR) / str(run.id)
    store.mkdir(parents=True)
    for planted in ("report.txt", "report.txt.partial"):  # the target and its old temporary name
        os.symlink(target, store / planted)

    artifact = artifact_store(run=run, name="report.txt", content=b"new", media_type="text/plain")

    assert target.read_text() == "unchanged"
    assert not Path(artifact.path).is_symlink()
    assert Path(artifact.path).read_bytes() == b"new"


def test_an_environment_variable_name_must_match_exactly() -> None:
    with pytest.raises(SandboxError, match="invalid environment variable name"):
        sandbox_environment({"PATH\n": "/evil"})
    assert sandbox_environment({"GOOD_NAME": "1"})["GOOD_NAME"] == "1"


def test_a_request_id_with_a_trailing_newline_is_not_echoed() -> None:
    assert new_request_id("abc-123") == "abc-123"
    assert new_request_id("abc-123\n") != "abc-123\n"
