"""Tools that run processes in the sandbox: commands, tests and (approved) package installs."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path
from typing import Any

from agents.sandbox.output import observable

RUNNER_SCRIPT = Path(__file__).with_name("testrunner_script.py")
SUMMARY_COUNT = re.compile(r"(\d+) (passed|failed|errors?|skipped|xfailed|xpassed|deselected)")
FAILED_LINE = re.compile(r"^(FAILED|ERROR) \S+.*$", re.MULTILINE)


class ToolFailed(RuntimeError):
    pass


def run_command(args: dict[str, Any], env: Any) -> dict[str, Any]:
    result = _run(env, ["/bin/sh", "-c", args["command"]], timeout_s=args.get("timeout_s"))
    return {
        "exit_code": result.exit_code,
        "stdout": observable(result.stdout),
        "stderr": observable(result.stderr),
        "truncated": result.truncated,
    }


def run_tests(args: dict[str, Any], env: Any) -> dict[str, Any]:
    targets = [str(p) for p in args.get("paths", [])]
    for target in targets:  # refuse escapes and pytest options before anything runs
        if target.startswith("-"):
            raise ValueError(f"{target!r} is not a test path: run_tests takes no pytest options")
        _resolve(env.workspace, target.partition("::")[0])
    command = ["python3", "-", *targets]
    script = RUNNER_SCRIPT.read_text()
    result = _run(env, command, timeout_s=args.get("timeout_s"), stdin=script)
    return test_report(result.exit_code, result.stdout + result.stderr)


def test_report(exit_code: int, output: str) -> dict[str, Any]:
    counts = {"passed": 0, "failed": 0, "errors": 0, "skipped": 0}
    summary = _summary_line(output)
    for number, word in SUMMARY_COUNT.findall(summary):
        key = "errors" if word.startswith("error") else word
        if key in counts:
            counts[key] = int(number)
    return {
        **counts,
        "exit_code": exit_code,
        "all_passed": exit_code == 0 and counts["passed"] > 0 and not counts["failed"],
        "summary": observable(summary, 500),
        "failures": [observable(line, 500) for line in _failed_lines(output)],
        "output": observable(output),
    }


def install_package(args: dict[str, Any], env: Any) -> dict[str, Any]:
    """The approved install reaches the package index (and the deployment's other allowed hosts)
    through the sandbox's egress proxy, nothing else."""
    from agents.sandbox import Egress, index_egress, pip_install_command

    if not env.package_index_url:
        raise ToolFailed("no package index is configured (LONGHAUL_PACKAGE_INDEX_URL)")
    packages = list(args["packages"])
    command = pip_install_command(packages, index_url=env.package_index_url)
    egress = index_egress(env.package_index_url, env.egress or Egress())
    result = _run(env, command, timeout_s=args.get("timeout_s", 300), network=egress)
    if result.exit_code != 0:
        raise ToolFailed(f"pip exited {result.exit_code}: {observable(result.stderr, 2000)}")
    return {"installed": packages, "exit_code": 0, "stdout": observable(result.stdout, 2000)}


def _run(
    env: Any,
    command: list[str],
    *,
    timeout_s: float | None,
    stdin: str | None = None,
    network: Any = None,
) -> Any:
    from agents.sandbox import SandboxError, SandboxLimits

    limits = env.limits or SandboxLimits()
    if timeout_s:
        limits = replace(limits, wall_seconds=min(float(timeout_s), max(limits.wall_seconds, 300)))
    try:
        return env.sandbox.run(
            command, workspace=Path(env.workspace), limits=limits, network=network, stdin=stdin
        )
    except SandboxError as error:
        # What a stopped command printed becomes an observation too: the same cleaning applies.
        if error.result is not None:
            error.result = replace(
                error.result,
                stdout=observable(error.result.stdout),
                stderr=observable(error.result.stderr),
            )
        raise


def _resolve(workspace: Path, relative: str) -> Path:
    from agents.sandbox import resolve_in_workspace

    return resolve_in_workspace(Path(workspace), relative)


def _summary_line(output: str) -> str:
    for line in reversed(output.strip().splitlines()):
        if SUMMARY_COUNT.search(line) or "no tests ran" in line:
            return line.strip("= ").strip()
    return ""


def _failed_lines(output: str) -> list[str]:
    return [match.group(0).strip() for match in FAILED_LINE.finditer(output)][:20]
