"""Per-run workspaces (from an uploaded tarball or an allowed git repository) and their diff."""

from __future__ import annotations

import shutil
import subprocess
import tarfile
from pathlib import Path
from typing import IO
from uuid import UUID

from django.conf import settings
from django.core.exceptions import ValidationError

_GIT_IDENTITY = [
    "-c",
    "user.name=Longhaul",
    "-c",
    "user.email=agent@longhaul.invalid",
    "-c",
    "safe.directory=*",
]
_IGNORED = ".packages/\n__pycache__/\n.pytest_cache/\n*.pyc\n"


def workspace_path(run_id: UUID | str) -> Path:
    return Path(settings.LONGHAUL_WORKSPACES_DIR) / str(run_id)


def workspace_from_tarball(*, run_id: UUID | str, archive: IO[bytes]) -> Path:
    """Extracts a .tar.gz safely (no absolute paths, `..`, links out or device files)."""
    target = workspace_path(run_id)
    target.mkdir(parents=True, exist_ok=False)
    try:
        with tarfile.open(fileobj=archive, mode="r:*") as tar:
            _check_size(tar)
            tar.extractall(target, filter="data")
        _git_baseline(target)
    except (tarfile.TarError, OSError, EOFError) as error:
        shutil.rmtree(target, ignore_errors=True)
        raise ValidationError(
            {"workspace": f"The archive could not be unpacked: {error}"}
        ) from None
    except ValidationError:
        shutil.rmtree(target, ignore_errors=True)
        raise
    return target


def _check_size(tar: tarfile.TarFile) -> None:
    total = sum(member.size for member in tar.getmembers() if member.isfile())
    if total > settings.LONGHAUL_MAX_WORKSPACE_BYTES:
        raise ValidationError(
            {
                "workspace": f"The archive unpacks to {total} bytes; the limit is "
                f"{settings.LONGHAUL_MAX_WORKSPACE_BYTES}."
            }
        )


def allowed_repository(path: str) -> Path:
    """Resolves `path` and checks it is a git repository under LONGHAUL_ALLOWED_REPO_ROOTS."""
    candidate = Path(path).resolve()
    roots = [Path(root).resolve() for root in settings.LONGHAUL_ALLOWED_REPO_ROOTS]
    if not any(candidate.is_relative_to(root) for root in roots):
        raise ValidationError({"repository": f"{path} is not under an allowed repository root."})
    if not (candidate / ".git").exists():
        raise ValidationError({"repository": f"{path} is not a git repository."})
    return candidate


def workspace_from_repository(*, run_id: UUID | str, repository: Path) -> Path:
    target = workspace_path(run_id)
    target.parent.mkdir(parents=True, exist_ok=True)
    result = _git(target.parent, "clone", "--quiet", "--no-hardlinks", str(repository), str(target))
    if result.returncode != 0:
        shutil.rmtree(target, ignore_errors=True)
        raise ValidationError({"repository": f"git clone failed: {result.stderr.strip()}"})
    _git_baseline(target)
    return target


def _git_baseline(target: Path) -> None:
    """Commits the starting tree so the run's diff is always `git diff` against it."""
    if not (target / ".git").exists():
        _git(target, "init", "--quiet")
    info = target / ".git" / "info"
    info.mkdir(parents=True, exist_ok=True)
    (info / "exclude").write_text(_IGNORED)
    _git(target, "add", "-A")
    _git(target, "commit", "--quiet", "--allow-empty", "-m", "longhaul: baseline")
    _git(target, "tag", "-f", "longhaul-baseline")


def workspace_diff(workspace: Path) -> str:
    """The unified diff of everything the run changed, new files included."""
    if not (workspace / ".git").exists():
        return ""
    _git(workspace, "add", "-A")
    result = _git(workspace, "diff", "--cached", "longhaul-baseline")
    return result.stdout


def _git(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["git", *_GIT_IDENTITY, *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
