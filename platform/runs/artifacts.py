"""Artifacts: files a run produced, stored under LONGHAUL_ARTIFACTS_DIR/<run id>/<name>."""

from __future__ import annotations

import base64
import hashlib
import json
import os
import re
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

from django.conf import settings
from django.core.exceptions import ValidationError

from agents.sandbox.hostfs import HostDirectory
from runs.models import Artifact, Run

_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,199}")  # with fullmatch: no trailing newline


def artifact_store(*, run: Run, name: str, content: bytes, media_type: str) -> Artifact:
    """Writes (or rewrites, when a step re-runs) the named artifact of a run."""
    if not _NAME.fullmatch(name):
        raise ValidationError({"name": f"Artifact names are letters, digits, . _ -; got {name!r}"})
    directory = Path(settings.LONGHAUL_ARTIFACTS_DIR) / str(run.id)
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / name
    with HostDirectory(directory) as store:
        store.write(name, content)  # a new file renamed into place: readers never see half of one
    artifact, _ = Artifact.objects.update_or_create(
        run=run,
        name=name,
        defaults={
            "media_type": media_type,
            "size": len(content),
            "sha256": hashlib.sha256(content).hexdigest(),
            "path": str(path),
        },
    )
    return artifact


def artifact_open(artifact: Artifact) -> IO[bytes]:
    """The artifact's stored file, for reading: never through a link, and only a regular file
    (OSError otherwise, as for a file that is gone). Every reader of artifacts goes through it."""
    fd = os.open(artifact.path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise OSError(f"artifact {artifact.name!r} is not a regular file")
    return os.fdopen(fd, "rb")


def artifact_read(artifact: Artifact, limit: int) -> tuple[bytes, bool]:
    """At most `limit` bytes of the artifact, and whether there was more."""
    with artifact_open(artifact) as handle:
        data = handle.read(limit + 1)
    return data[:limit], len(data) > limit


def declared_artifacts(output: dict[str, Any]) -> Iterator[tuple[str, bytes, str]]:
    """Artifacts a workflow listed in its Finish output: {name: {content, media_type}} or a list
    of {name, content, media_type}. Binary files come as `content_base64` instead of `content`
    (checkpoints and outputs are JSON)."""
    declared = output.get("artifacts") or {}
    items = (
        declared.items()
        if isinstance(declared, dict)
        else ((entry.get("name"), entry) for entry in declared if isinstance(entry, dict))
    )
    for name, entry in items:
        if not name:
            continue
        body = entry.get("content") if isinstance(entry, dict) else entry
        if isinstance(entry, dict) and isinstance(entry.get("content_base64"), str):
            body = base64.b64decode(entry["content_base64"])
        media_type = (
            entry.get("media_type", "text/plain") if isinstance(entry, dict) else ("text/plain")
        )
        if not isinstance(body, str | bytes):
            body, media_type = json.dumps(body, indent=2), "application/json"
        yield str(name), body.encode() if isinstance(body, str) else body, media_type


def without_artifacts(output: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in output.items() if key != "artifacts"}


def artifacts_from_output(run: Run, output: dict[str, Any]) -> None:
    """Stores the artifacts a finished run's output declares; a run with a workspace whose
    workflow hands over no diff still gets one (`changes.diff`, against its baseline), unless
    that baseline cannot be read."""
    from runs import workspaces

    declared = list(declared_artifacts(output))
    for name, content, media_type in declared:
        artifact_store(run=run, name=name, content=content, media_type=media_type)
    if run.workspace and not any(media == "text/x-diff" for _, _, media in declared):
        diff = workspaces.workspace_diff(Path(run.workspace))
        if diff is None:
            return  # the baseline could not be read; the log says why
        artifact_store(
            run=run, name="changes.diff", content=diff.encode(), media_type="text/x-diff"
        )
