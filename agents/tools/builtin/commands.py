"""Tools that run processes in the sandbox: commands, tests and (approved) package installs."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from agents.sandbox.output import observable
from agents.tools.builtin.project import declare, declared_requirements
from agents.tools.builtin.testing import run_pytest


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
    from agents.sandbox import SandboxLimits

    targets = [str(p) for p in args.get("paths", [])]
    for target in targets:  # refuse escapes and pytest options before anything runs
        if target.startswith("-"):
            raise ValueError(f"{target!r} is not a test path: run_tests takes no pytest options")
        _resolve(env.workspace, target.partition("::")[0])
    limits = env.limits or SandboxLimits()
    if args.get("timeout_s"):
        limits = replace(limits, wall_seconds=min(float(args["timeout_s"]), 600.0))
    report = run_pytest(
        env.sandbox,
        Path(env.workspace),
        targets=targets,
        limits=limits,
        deps=repository_environment(env),
        coverage=bool(args.get("coverage")),
    )
    return report


def repository_environment(env: Any) -> Path | None:
    """The built environment of the repository's declared requirements, if there is one."""
    from agents.sandbox.pyenv import cached_environment

    return cached_environment(envs_root(env), declared_requirements(Path(env.workspace)))


def envs_root(env: Any) -> Path:
    """Where repositories' environments are kept: outside every workspace."""
    configured = (env.extra or {}).get("sandbox_envs")
    return Path(configured) if configured else Path(env.workspace).parent / ".sandbox-envs"


def prepare_environment(args: dict[str, Any], env: Any) -> dict[str, Any]:
    """Builds (or finds) the environment of the repository's declared requirements. The install
    reaches only the package index, through the egress proxy, from an empty directory."""
    from agents.sandbox.pyenv import build_environment, cached_environment

    requirements = declared_requirements(Path(env.workspace))
    if not requirements:
        return {"requirements": [], "environment": "none needed", "built": False}
    root = envs_root(env)
    found = cached_environment(root, requirements)
    if found is not None:
        return {"requirements": requirements, "environment": found.name, "built": False}
    if not env.package_index_url:
        raise ToolFailed("no package index is configured (LONGHAUL_PACKAGE_INDEX_URL)")
    from agents.sandbox import SandboxError, SandboxLimits

    try:
        path, result = build_environment(
            env.sandbox,
            root,
            requirements,
            index_url=env.package_index_url,
            egress=env.egress,
            limits=env.limits or SandboxLimits(),
        )
    except SandboxError as error:
        raise ToolFailed(f"installing {', '.join(requirements)} failed: {error}") from None
    return {
        "requirements": requirements,
        "environment": path.name,
        "built": True,
        "stdout": observable(result.stdout, 2000),
    }


def install_package(args: dict[str, Any], env: Any) -> dict[str, Any]:
    """The approved install reaches the package index (and the deployment's other allowed hosts)
    through the sandbox's egress proxy, nothing else. pip is the platform's, run isolated from
    the workspace (`-I -S`, started in /tmp): no file the agent wrote runs during the install."""
    from agents.sandbox import Egress, index_egress, pip_install_command
    from agents.sandbox.pyenv import with_environment

    if not env.package_index_url:
        raise ToolFailed("no package index is configured (LONGHAUL_PACKAGE_INDEX_URL)")
    packages = list(args["packages"])
    command = pip_install_command(packages, index_url=env.package_index_url)
    egress = index_egress(env.package_index_url, env.egress or Egress())
    sandbox = with_environment(env.sandbox)
    result = _run(
        env, command, timeout_s=args.get("timeout_s", 300), network=egress, sandbox=sandbox,
        cwd="/tmp",
    )  # fmt: skip
    if result.exit_code != 0:
        raise ToolFailed(f"pip exited {result.exit_code}: {observable(result.stderr, 2000)}")
    output = {"installed": packages, "exit_code": 0, "stdout": observable(result.stdout, 2000)}
    if args.get("declare"):
        output["declared_in"] = _declare(env, packages)
    return output


def _declare(env: Any, packages: list[str]) -> list[str]:
    """Declares the installed requirements in the repository's dependency file. The repository's
    environment (built for what was declared before) stays in use under the new declaration:
    the new packages live in the workspace's .packages, which test runs also see."""
    from agents.sandbox.pyenv import alias_environment

    workspace = Path(env.workspace)
    before = declared_requirements(workspace)
    files = sorted({declare(workspace, requirement) for requirement in packages})
    alias_environment(envs_root(env), before, declared_requirements(workspace))
    return files


def _run(
    env: Any,
    command: list[str],
    *,
    timeout_s: float | None,
    stdin: str | None = None,
    network: Any = None,
    sandbox: Any = None,
    cwd: str = ".",
) -> Any:
    from agents.sandbox import SandboxError, SandboxLimits

    limits = env.limits or SandboxLimits()
    if timeout_s:
        limits = replace(limits, wall_seconds=min(float(timeout_s), max(limits.wall_seconds, 300)))
    try:
        return (sandbox or env.sandbox).run(
            command,
            workspace=Path(env.workspace),
            limits=limits,
            network=network,
            stdin=stdin,
            cwd=cwd,
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
