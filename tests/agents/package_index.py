"""A real PEP 503 package index on 127.0.0.1 serving wheels built on the fly, so the
install_package tool and the missing-module recovery run pip for real without the internet.
The wheels and pages are the ones eval suites serve their packages with (evals.suite_files)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from evals.suite_files import add_to_index, serve_directory, write_wheel


def build_wheel(directory: Path, name: str, version: str, modules: dict[str, str]) -> Path:
    files = {f"{module}.py": source.encode() for module, source in modules.items()}
    wheel = write_wheel(directory / "files", name, version, files)
    add_to_index(directory, name, wheel)
    return wheel


@contextmanager
def serve_index(directory: Path) -> Iterator[str]:
    """Serves `directory`; yields the index URL (…/simple)."""
    with serve_directory(directory) as base:
        yield f"{base}/simple"
