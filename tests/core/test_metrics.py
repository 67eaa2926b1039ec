"""core.metrics in multiprocess mode: what ended processes leave behind, and a fresh start."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from core.metrics import metrics_exposition, multiprocess_dir_reset

# A process that counts, holds a share in a live gauge, and lives until its stdin closes.
CHILD = """
import sys
from prometheus_client import Counter, Gauge
Counter("longhaul_test_calls", "Calls.", ["tool"]).labels("grep").inc(3)
Gauge("longhaul_test_in_flight", "In flight.", multiprocess_mode="livesum").set(5)
print("ready", flush=True)
sys.stdin.read()
"""


def exported(directory: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setenv("PROMETHEUS_MULTIPROC_DIR", str(directory))
    return metrics_exposition().decode()


def test_an_ended_process_keeps_its_counts_and_loses_its_live_gauges(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Given a process that wrote a counter and a live gauge into the shared directory
    env = {**os.environ, "PROMETHEUS_MULTIPROC_DIR": str(tmp_path)}
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD], env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE
    )
    assert child.stdout is not None
    assert child.stdout.readline() == b"ready\n"

    # While it lives, a scrape in another process shows both
    text = exported(tmp_path, monkeypatch)
    assert 'longhaul_test_calls_total{tool="grep"} 3.0' in text
    assert "longhaul_test_in_flight 5.0" in text

    # When it ends, its count stays in the totals and its share of the gauge goes
    child.communicate(b"")
    text = exported(tmp_path, monkeypatch)
    assert 'longhaul_test_calls_total{tool="grep"} 3.0' in text
    assert "longhaul_test_in_flight 5.0" not in text


def test_a_start_empties_the_directory(tmp_path: Path) -> None:
    directory = tmp_path / "metrics"
    directory.mkdir()
    (directory / "counter_123.db").write_bytes(b"\0" * 16)
    multiprocess_dir_reset(directory)
    assert directory.is_dir()
    assert list(directory.iterdir()) == []
