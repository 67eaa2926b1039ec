from __future__ import annotations

from pathlib import Path

import pytest
from pytest_django.fixtures import Settings as SettingsWrapper


@pytest.fixture(autouse=True)
def documents_dir(settings: SettingsWrapper, tmp_path: Path) -> Path:
    """Each test stores uploads in a folder of its own, so 'nothing stored' can be checked."""
    folder = tmp_path / "documents"
    settings.LONGHAUL_DOCUMENTS_DIR = folder
    return folder


def stored_files(folder: Path) -> list[Path]:
    return [p for p in folder.rglob("*") if p.is_file()] if folder.exists() else []
