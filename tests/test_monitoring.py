"""The alert rules and dashboards shipped in deploy/: promtool checks and unit-tests the rules
(deploy/system-packages.sh installs it), and every Longhaul series they read is one the
platform exports."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

from prometheus_client.registry import REGISTRY

from tests.support.processes import REPO

PROMETHEUS = REPO / "deploy" / "prometheus"
DASHBOARDS = sorted((REPO / "deploy" / "grafana").glob("*.json"))
_SUFFIXES = {"counter": ("_total",), "histogram": ("_bucket", "_count", "_sum"), "gauge": ("",)}


def promtool(*args: str, cwd: Path = PROMETHEUS) -> str:
    binary = shutil.which("promtool")
    assert binary, "promtool is missing: deploy/system-packages.sh installs Debian's prometheus"
    done = subprocess.run([binary, *args], cwd=cwd, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def test_the_alert_rules_are_valid_and_pass_their_unit_tests() -> None:
    assert "SUCCESS: 7 rules found" in promtool("check", "rules", "alerts.yml")
    assert "SUCCESS" in promtool("test", "rules", "alerts_test.yml")


def test_the_example_prometheus_configuration_loads_the_rules(tmp_path: Path) -> None:
    for name in ("prometheus.yml", "alerts.yml"):
        shutil.copy(PROMETHEUS / name, tmp_path / name)
    (tmp_path / "longhaul-metrics-token").write_text("token\n")
    assert "SUCCESS" in promtool("check", "config", "prometheus.yml", cwd=tmp_path)


def exported_series() -> set[str]:
    """Every sample name /metrics can carry, from the metrics every process declares."""
    import approvals.sla  # noqa: F401
    import core.queue_metrics  # noqa: F401
    import gateway.metrics  # noqa: F401
    import inference.health  # noqa: F401
    import runs.metrics  # noqa: F401

    return {
        family.name + suffix
        for family in REGISTRY.collect()
        if family.name.startswith("longhaul_")
        for suffix in _SUFFIXES.get(family.type, ("",))
    }


def series_read_by(text: str) -> set[str]:
    return set(re.findall(r"\blonghaul_[a-z0-9_]+", text))


def test_rules_and_dashboards_read_only_series_the_platform_exports() -> None:
    exported = exported_series()
    rules = (PROMETHEUS / "alerts.yml").read_text()
    assert series_read_by(rules) - exported == set()
    assert DASHBOARDS
    for dashboard in DASHBOARDS:
        panels = json.loads(dashboard.read_text())["panels"]
        exprs = " ".join(t["expr"] for p in panels for t in p.get("targets", []))
        assert series_read_by(exprs) - exported == set(), dashboard.name
