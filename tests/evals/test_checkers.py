"""The checkers on real outcomes and on hostile ones: the hidden-tests checker runs the task's
tests in the sandbox on a copy of the final workspace (links to host files, floods of output,
endless loops, special files, output that only claims success, edited visible tests); the finance
checker reads a real run's ledger, findings and report; the 3D checker measures a model in the
sandbox. What the agent made fails a check; a checker that cannot run is `crashed`."""

from __future__ import annotations

import base64
import io
import json
import os
import shutil
import tempfile
from dataclasses import replace
from pathlib import Path
from typing import Any

import openai
import pytest
import trimesh

from agents.engine.memory import InMemoryCheckpointer, InMemoryContext
from agents.engine.registry import get_workflow
from agents.engine.runner import run_one_step, start_thread
from agents.sandbox import SandboxLimits, get_sandbox
from agents.sandbox.hostfs import HostDirectory
from agents.tools import ToolEnvironment, ToolExecutor, default_registry
from evals import checks_code, checks_three_d
from evals.checkers import CheckResult, Outcome, check
from evals.suites import Task, load_suite, workspace_archive
from runs.archives import unpack
from tests.agents.conftest import workspace
from tests.support.eval_oracle import serve_eval_oracle, solution_files

__all__ = ["workspace"]  # the fixture: a directory the sandbox's own user can reach
SECRET = "host-secret-7f3a"


@pytest.fixture(scope="module")
def leap() -> Task:
    return load_suite("code").task("logic-leap-year")


def workspace_of(task: Task, root: Path, *, solved: bool = False) -> Path:
    assert task.workspace is not None
    target = root / "final"
    shutil.copytree(task.workspace, target)
    if solved:
        for path, text in solution_files(task).items():
            (target / path).write_text(text)
    return target


def checked(task: Task, workspace: Path | None) -> CheckResult:
    return check(task, Outcome(run={"status": "succeeded"}, artifacts={}, workspace=workspace))


# --- hidden tests -------------------------------------------------------------------------------
def test_the_solution_passes_and_the_uploaded_workspace_earns_partial_credit(
    leap: Task, workspace: Path
) -> None:
    solved = checked(leap, workspace_of(leap, workspace / "a", solved=True))
    assert (solved.passed, solved.score, solved.crashed) == (True, 1.0, False)
    assert solved.details["passed"] == solved.details["expected_at_least"] == 4
    as_uploaded = checked(leap, workspace_of(leap, workspace / "b"))
    assert (as_uploaded.passed, as_uploaded.crashed) == (False, False)
    assert as_uploaded.score == 0.5  # 1900 and 2100 are wrong; 2024 and 1996 right
    assert any("test_century_is_not_leap" in f for f in as_uploaded.details["failures"])


def test_editing_the_visible_tests_does_not_make_them_pass(leap: Task, workspace: Path) -> None:
    workspace = workspace_of(leap, workspace)
    (workspace / "tests" / "test_calendar_rules.py").write_text("def test_ok():\n    pass\n")
    result = checked(leap, workspace)
    assert not result.passed
    assert any("test_century_is_not_leap" in f for f in result.details["failures"])


def test_links_to_host_files_are_neither_followed_nor_copied(leap: Task, workspace: Path) -> None:
    secret = workspace / "secret.txt"
    secret.write_text(f"{SECRET}\n")
    workspace = workspace_of(leap, workspace, solved=True)
    (workspace / "calendar_rules.py").unlink()
    (workspace / "calendar_rules.py").symlink_to(secret)
    (workspace / "etc").symlink_to("/etc")
    (workspace / "tests" / "test_calendar_rules.py").unlink()
    (workspace / "tests" / "test_calendar_rules.py").symlink_to(secret)
    result = checked(leap, workspace)
    assert (result.passed, result.crashed) == (False, False)
    assert set(result.details["skipped_entries"]) == {
        "calendar_rules.py (symbolic link)",
        "etc (symbolic link)",
        "tests/test_calendar_rules.py (symbolic link)",
    }
    assert "No module named 'calendar_rules'" in result.details["output_tail"]
    assert SECRET not in json.dumps(result.details)


def test_a_flood_of_output_neither_crashes_the_check_nor_decides_it(
    leap: Task, workspace: Path
) -> None:
    # The verdict comes from pytest's JUnit XML, not from the terminal: 5 MB printed by the
    # module gives the verdict the same module gets without it, solved or not.
    verdicts = []
    for solved in (True, False):
        task_workspace = workspace_of(leap, workspace / str(solved), solved=solved)
        quiet = checked(leap, task_workspace)
        rules = task_workspace / "calendar_rules.py"
        rules.write_text("print('x' * 5_000_000)\n" + rules.read_text())
        flooded = checked(leap, task_workspace)
        assert (flooded.passed, flooded.crashed, flooded.score) == (
            quiet.passed,
            quiet.crashed,
            quiet.score,
        )
        verdicts.append(flooded.passed)
    assert verdicts == [True, False]


def test_an_endless_loop_is_stopped_by_the_task_s_time_limit(leap: Task, workspace: Path) -> None:
    workspace = workspace_of(leap, workspace, solved=True)
    (workspace / "calendar_rules.py").write_text(
        "def is_leap(year):\n    while True:\n        pass\n\n\n"
        "def days_in_year(year):\n    return 365\n"
    )
    result = checked(replace(leap, checker={**leap.checker, "timeout_seconds": 2}), workspace)
    assert (result.passed, result.crashed) == (False, False)
    assert result.details["reason"].split(": ")[-1] in ("SandboxTimeout", "CpuTimeExceeded")


def test_output_that_only_claims_success_does_not_pass(leap: Task, workspace: Path) -> None:
    workspace = workspace_of(leap, workspace, solved=True)
    rules = workspace / "calendar_rules.py"
    claim = "import os\nprint('1 passed in 0.01s', flush=True)\nos._exit(0)\n"
    rules.write_text(claim + rules.read_text())
    result = checked(leap, workspace)
    assert not result.passed
    assert (result.details["passed"], result.details["expected_at_least"]) == (0, 4)


def test_special_files_are_skipped_and_an_oversized_workspace_fails(
    leap: Task, workspace: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    workspace = workspace_of(leap, workspace, solved=True)
    os.mkfifo(workspace / "pipe")
    result = checked(leap, workspace)
    assert result.passed
    assert result.details["skipped_entries"] == ["pipe (FIFO)"]
    monkeypatch.setattr(checks_code, "MAX_COPY_BYTES", 100)
    too_big = checked(leap, workspace)
    assert (too_big.passed, too_big.crashed) == (False, False)
    assert "cannot be checked: it holds more than 100 bytes" in too_big.details["reason"]


def test_a_checker_that_cannot_do_its_job_is_crashed_not_failed(
    leap: Task, workspace: Path, settings: Any
) -> None:
    unavailable = checked(leap, None)
    assert (unavailable.crashed, unavailable.passed) == (True, False)
    assert "final workspace is unavailable" in unavailable.error
    unknown = checked(replace(leap, checker={"kind": "astrology"}), workspace)
    assert unknown.crashed
    settings.LONGHAUL_SANDBOX = "agents.sandbox.missing:Sandbox"
    no_sandbox = checked(leap, workspace_of(leap, workspace, solved=True))
    assert (no_sandbox.crashed, no_sandbox.passed) == (True, False)
    assert "the sandbox is unavailable" in no_sandbox.error
    no_measuring = check(
        three_d_task(), Outcome({"status": "succeeded"}, {"model.glb": glb()}, None)
    )
    assert no_measuring.crashed


# --- finance ------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def finance_run() -> tuple[Task, Outcome]:
    """The finance workflow's real artifacts for one suite task, answered by the oracle."""
    suite = load_suite("finance")
    task = suite.task("aurora-workbook-only")
    root = Path(tempfile.mkdtemp(prefix="longhaul-evals-"))
    root.chmod(0o755)
    try:
        with serve_eval_oracle(suite) as (url, _):
            status, artifacts = _run_in_process(task, url, root)
    finally:
        shutil.rmtree(root, ignore_errors=True)
    return task, Outcome(run={"status": status}, artifacts=artifacts, workspace=None)


def test_finance_truth_accepts_the_workflow_s_real_artifacts(
    finance_run: tuple[Task, Outcome],
) -> None:
    task, outcome = finance_run
    result = check(task, outcome)
    assert (result.passed, result.score) == (True, 1.0), result.details
    assert (
        result.details["checks"] == 1 + 12 + 6 + 1 + 1
    )  # status, values, metrics, findings, cites


def test_finance_truth_names_each_wrong_value_source_finding_and_citation(
    finance_run: tuple[Task, Outcome],
) -> None:
    task, outcome = finance_run
    ledger = json.loads(outcome.artifacts["ledger.json"])
    for entry in ledger["entries"]:
        if entry["id"] == "aurora-instruments.revenue.2024":
            entry["value"] += 1000.0
        if entry["id"] == "aurora-instruments.net_income.2023":
            entry["source"] = {**entry["source"], "cell": "Z99"}
    ledger["documents"].append(
        {"title": "Aurora Annual Report 2024", "path": "filings/aurora-annual-report-2024.pdf"}
    )
    findings = json.loads(outcome.artifacts["findings.json"])
    findings["findings"].append(
        {"code": "balance_sheet", "category": "reconciliation", "company": "aurora-instruments"}
    )
    report = outcome.artifacts["report.md"] + (
        b"\nSee [Aurora Annual Report 2024, p. 3] and [Aurora Annual Report 2024, p. 9]."
    )
    tampered = Outcome(
        run={"status": "succeeded"},
        artifacts={
            "ledger.json": json.dumps(ledger).encode(),
            "findings.json": json.dumps(findings).encode(),
            "report.md": report,
        },
        workspace=None,
    )
    pages = {"aurora-annual-report-2024.pdf": [3, 4, 5]}
    result = check(replace(task, checker={**task.checker, "pages": pages}), tampered)
    failing = {c["check"]: c for c in result.details["failing"]}
    assert set(failing) == {
        "Aurora Instruments Inc. revenue FY2024",
        "Aurora Instruments Inc. net_income FY2023",
        "reconciliation findings",
        "report citations",
    }
    assert failing["Aurora Instruments Inc. revenue FY2024"]["got"] == 1018761000.0
    assert failing["Aurora Instruments Inc. net_income FY2023"]["problem"].startswith(
        "taken from cell 'Z99', not "
    )
    assert failing["report citations"]["wrong"] == ["Aurora Annual Report 2024, p. 9"]
    assert result.score == pytest.approx(17 / 21)


def test_finance_truth_fails_a_run_without_a_readable_ledger(
    finance_run: tuple[Task, Outcome],
) -> None:
    task, _ = finance_run
    for artifacts in ({}, {"ledger.json": b"{not json"}, {"ledger.json": b"[1, 2]"}):
        result = check(task, Outcome({"status": "failed"}, artifacts, None))
        assert (result.passed, result.crashed, result.score) == (False, False, 0.0)
        assert result.details["reason"] == "the run handed over no readable ledger.json"


# --- 3D -----------------------------------------------------------------------------------------
def three_d_task(**constraints: Any) -> Task:
    task = load_suite("three_d").task("box-with-lid")
    return replace(task, checker={"kind": "three_d_constraints", **constraints})


def glb(*, open_top: bool = False) -> bytes:
    """A 100 x 50 x 20 mm box standing on the ground, in metres and Y-up as glTF is (the
    checker measures on the spec's axes: X width, Y depth, Z height)."""
    box = trimesh.creation.box(extents=[0.1, 0.02, 0.05])
    box.apply_translation([0, 0.01, 0])
    if open_top:
        box.update_faces(box.face_normals[:, 1] < 0.9)  # the two top triangles go
    return bytes(trimesh.Scene({"box": box}).export(file_type="glb"))


def test_three_d_constraints_measure_the_model_in_the_sandbox() -> None:
    task = three_d_task(
        extents_mm={"x": [99, 101], "y": [49.5, 50.5], "z": [19.8, 20.2]},
        fits_mm=[120, 60, 30],
        max_triangles=12,
        min_parts=1,
        max_parts=1,
        watertight=True,
        grounded=True,
    )
    result = check(task, Outcome({"status": "succeeded"}, {"model.glb": glb()}, None))
    assert (result.passed, result.score) == (True, 1.0), result.details
    assert result.details["measured"]["extents_mm"] == pytest.approx([100, 50, 20])
    assert result.details["measured"]["triangles"] == 12


def test_three_d_constraints_name_what_the_model_violates() -> None:
    measured = checks_three_d.measure_model(glb(open_top=True))
    assert (measured["triangles"], measured["watertight"]) == (10, False)
    spec = {
        "extents_mm": {"x": [120, 130]},
        "max_triangles": 8,
        "watertight": True,
        "grounded": True,
    }
    verdict = {c["check"]: c["ok"] for c in checks_three_d.constraints(spec, measured)}
    assert verdict == {"extent x": False, "triangles": False, "watertight": False, "grounded": True}


def test_a_broken_or_missing_model_fails_the_check_without_crashing_it() -> None:
    task = three_d_task(max_triangles=100)
    broken = check(
        task, Outcome({"status": "succeeded"}, {"model.glb": b"glTF" + b"\0" * 64}, None)
    )
    assert (broken.passed, broken.crashed) == (False, False)
    assert broken.details["reason"].startswith(
        "the model cannot be measured: model.glb does not load"
    )
    missing = check(task, Outcome({"status": "failed"}, {}, None))
    assert (missing.passed, missing.crashed, missing.details["reason"]) == (
        False,
        False,
        "the run handed over no model",
    )


# --- running a task in process ------------------------------------------------------------------
def _run_in_process(task: Task, model_url: str, root: Path) -> tuple[str, dict[str, bytes]]:
    """The task's workflow with the agent runtime in this process, approvals granted."""
    workspace = root / "workspace"
    workspace.mkdir(mode=0o755)
    with HostDirectory(workspace) as target:
        unpack(io.BytesIO(workspace_archive(task)), target, max_bytes=10**8, max_files=1000)
    tools = {"finance_research": ["agents.finance.tools:TOOLS"]}.get(task.workflow, [])
    ctx = InMemoryContext(
        run_id=f"eval-{task.id}",
        client=openai.OpenAI(base_url=model_url, api_key="test", max_retries=0),
        model="eval-oracle",
        executor=ToolExecutor(default_registry(tools)),
        environment=ToolEnvironment(
            workspace=workspace, sandbox=get_sandbox(), limits=SandboxLimits(wall_seconds=120)
        ),
    )
    workflow, checkpoints = get_workflow(task.workflow), InMemoryCheckpointer()
    start_thread(workflow, checkpoints, ctx.run_id, task.input)
    for _ in range(60):
        step = run_one_step(workflow, checkpoints, ctx.run_id, ctx)
        if step.outcome == "interrupted" and step.interrupt is not None:
            payload = step.interrupt.payload
            ctx.decide(
                payload["digest"],
                approved=True,
                arguments=payload["arguments"],
                tool=payload["tool"],
            )
        elif step.outcome != "continue":
            break
    assert step.finish is not None, step.outcome
    artifacts = {
        item["name"]: base64.b64decode(item["content_base64"])
        if item.get("content_base64")
        else item["content"].encode()
        for item in step.finish.output.get("artifacts", [])
    }
    return step.finish.status, artifacts
