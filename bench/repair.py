"""The repair engine on the code eval suite: candidates validated per second, time to the first
valid fix, and whether the fix also passes the task's hidden tests (a fix that only fits the
visible tests is counted as such).

Configurations, interleaved task by task so machine load affects all alike:

- templates   the engine alone: syntax recovery and repair templates, no model
- fast        the same plus the model's sampled edits from the fast tier
- standard    the same from the standard tier

The tiers need an OpenAI-compatible endpoint (`--model-url`, e.g. the gateway's /v1 with
`--api-key`, or the embedded llama.cpp server); without one only `templates` is measured.
Dependency tasks get their packages from the suite's own index first (as an approved install
would), so the engine works on their code. Run: .venv/bin/python bench/repair.py [--tasks a,b]
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "platform"), str(ROOT)]


def main() -> None:
    args = _arguments()
    from evals.suites import load_suite

    suite = load_suite("code")
    tasks = [t for t in suite.tasks if not args.tasks or t.id in args.tasks.split(",")]
    configs = ["templates"] + (["fast", "standard"] if args.model_url else [])
    rows: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory(prefix="longhaul-bench-repair-") as scratch:
        root = Path(scratch)
        root.chmod(0o755)
        packages = _packages(suite, root / "installed")
        for task in tasks:
            for config in configs:
                rows.append(_one(task, config, root, packages, args))
                _print_row(rows[-1])
    summary = _summary(rows, configs)
    print(json.dumps(summary, indent=2))
    if args.json:
        Path(args.json).write_text(json.dumps({"summary": summary, "rows": rows}, indent=2))


def _one(task: Any, config: str, root: Path, packages: Path, args: Any) -> dict[str, Any]:
    from agents.coding.repair.engine import RepairSettings, repair
    from agents.sandbox import SandboxLimits, get_sandbox
    from agents.tools.builtin.testing import run_pytest

    workspace = root / f"{task.id}-{config}" / "workspace"
    workspace.parent.mkdir(mode=0o755)
    shutil.copytree(task.workspace, workspace)
    if task.packages:
        shutil.copytree(packages, workspace / ".packages")
    sandbox, limits = get_sandbox(), SandboxLimits(wall_seconds=60)
    baseline = run_pytest(sandbox, workspace, limits=limits)
    if not task.expect.change_required:
        return {"task": task.id, "config": config, "fixed": baseline["all_passed"],
                "hidden": baseline["all_passed"], "no_change": True}  # fmt: skip
    ask = _asker(args, config) if config != "templates" else None
    settings = RepairSettings(model_samples=args.samples if ask else 0)
    started = time.monotonic()
    result = repair(
        sandbox=sandbox, workspace=workspace, report=baseline, limits=limits, ask=ask,
        settings=settings, goal=str(task.input.get("task", "")),
    )  # fmt: skip
    elapsed = time.monotonic() - started
    hidden = _hidden_pass(task, workspace, result) if result.best else False
    return {
        "task": task.id,
        "config": config,
        "fixed": result.best is not None,
        "hidden": hidden,
        "origin": result.best.origin if result.best else None,
        "validated": result.validated,
        "seconds": round(elapsed, 2),
        "per_second": round(result.validated / elapsed, 2) if elapsed else 0.0,
        "first_valid_s": None if result.first_valid_s is None else round(result.first_valid_s, 2),
        "sources": result.sources,
    }


def _hidden_pass(task: Any, workspace: Path, result: Any) -> bool:
    """The chosen fix applied, then the checker's own preparation (hidden tests added, visible
    ones restored) and a test run, as the eval's hidden_tests checker does."""
    from agents.sandbox import SandboxLimits, get_sandbox
    from agents.tools.builtin.repairing import _apply
    from agents.tools.builtin.testing import run_pytest
    from evals import checks_code

    _apply(workspace, result.best)
    copy = workspace.parent / "checked"
    copy.mkdir(mode=0o755)
    prepared = checks_code.prepare(task, workspace, copy)
    report = run_pytest(
        get_sandbox(), copy, targets=prepared.targets, limits=SandboxLimits(wall_seconds=60)
    )
    return bool(checks_code.verdict(report, prepared).passed)


def _asker(args: Any, tier: str) -> Any:
    import openai

    client = openai.OpenAI(base_url=args.model_url, api_key=args.api_key, timeout=120)

    def ask(messages: list[dict[str, Any]], schema: dict[str, Any]) -> str:
        request: dict[str, Any] = {
            "model": tier,
            "messages": messages,
            "response_format": {
                "type": "json_schema",
                "json_schema": {"name": "edit", "schema": schema},
            },
            "max_tokens": 400,
            "temperature": 0.8,
        }
        response = client.chat.completions.create(**request)
        return response.choices[0].message.content or ""

    return ask


def _packages(suite: Any, target: Path) -> Path:
    from agents.sandbox import Egress, SandboxLimits, get_sandbox, index_egress, pip_install_command
    from agents.sandbox.pyenv import with_environment
    from evals.suite_files import serve_package_index

    target.mkdir(mode=0o755)
    names = [package.name for package in suite.packages]
    with serve_package_index(suite) as index:
        with_environment(get_sandbox()).run(
            pip_install_command(names, index_url=index), workspace=target,
            limits=SandboxLimits(wall_seconds=120), network=index_egress(index, Egress()),
            cwd="/tmp",
        )  # fmt: skip
    return target / ".packages"


def _summary(rows: list[dict[str, Any]], configs: list[str]) -> dict[str, Any]:
    summary = {}
    for config in configs:
        mine = [r for r in rows if r["config"] == config]
        repairs = [r for r in mine if not r.get("no_change")]
        firsts = sorted(r["first_valid_s"] for r in repairs if r.get("first_valid_s") is not None)
        validated = sum(r.get("validated", 0) for r in repairs)
        seconds = sum(r.get("seconds", 0) for r in repairs)
        summary[config] = {
            "tasks": len(mine),
            "fixed_visible": sum(1 for r in mine if r["fixed"]),
            "fixed_hidden": sum(1 for r in mine if r["hidden"]),
            "candidates_validated": validated,
            "candidates_per_second": round(validated / seconds, 2) if seconds else 0.0,
            "median_first_valid_s": firsts[len(firsts) // 2] if firsts else None,
            "origins": sorted({r["origin"] for r in repairs if r.get("origin")}),
        }
    return summary


def _print_row(row: dict[str, Any]) -> None:
    keys = ("task", "config", "fixed", "hidden", "origin", "validated", "seconds", "first_valid_s")
    print("  ".join(f"{k}={row.get(k)}" for k in keys), flush=True)


def _arguments() -> Any:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tasks", default="", help="comma-separated task ids (default: all)")
    parser.add_argument("--model-url", default="", help="OpenAI-compatible /v1 URL for the tiers")
    parser.add_argument("--api-key", default="none")
    parser.add_argument("--samples", type=int, default=4, help="model edits asked per task")
    parser.add_argument("--json", default="", help="also write the rows and summary here")
    return parser.parse_args()


if __name__ == "__main__":
    main()
