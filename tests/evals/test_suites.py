"""Eval suites as data: the loader refuses bad suites with messages that name the file and the
field; every builtin suite loads; every code task is a real task (its visible tests fail on the
workspace it uploads, and its hidden and visible tests pass on its reference solution, checked
in the real sandbox with the dependency installed from the suite's own package index)."""

from __future__ import annotations

import io
import json
import shutil
import tarfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from agents.sandbox import (
    Egress,
    SandboxLimits,
    get_sandbox,
    index_egress,
    pip_install_command,
    pyenv,
)
from agents.tools.builtin import testing
from evals import checks_code
from evals.suite_files import generated_workspace, serve_package_index
from evals.suites import (
    Expectations,
    SuiteError,
    Task,
    builtin_suites,
    load_suite,
    workspace_archive,
)
from tests.agents.conftest import workspace

__all__ = ["workspace"]  # the fixture: a directory the sandbox's own user can reach

TASK = """\
difficulty = "logic"
workspace = "workspace"

[input]
task = "Make the tests pass."

[checker]
kind = "hidden_tests"
"""
SUITE = """\
name = "mine"
version = "1"
workflow = "coding"

[weights]
correctness = 0.5
safety = 0.3
efficiency = 0.2

[budgets]
steps = 20
tokens = 1000
wall_seconds = 60
cost = 0.01
"""


def write_suite(root: Path, suite: str = SUITE, task: str = TASK, task_id: str = "t1") -> Path:
    folder = root / "tasks" / task_id
    (folder / "workspace").mkdir(parents=True)
    (folder / "hidden").mkdir()
    (folder / "workspace" / "calc.py").write_text("def add(a, b):\n    return a - b\n")
    (folder / "workspace" / "test_calc.py").write_text("from calc import add\n")
    (folder / "hidden" / "test_hidden.py").write_text("def test_x():\n    assert True\n")
    (folder / "task.toml").write_text(task)
    (root / "suite.toml").write_text(suite)
    return root


def archive_names(archive: bytes) -> list[str]:
    with tarfile.open(fileobj=io.BytesIO(archive)) as opened:
        return opened.getnames()


# --- the loader ---------------------------------------------------------------------------------
def test_a_suite_directory_loads_with_defaults_filled_in(tmp_path: Path) -> None:
    suite = load_suite(str(write_suite(tmp_path / "mine")))
    assert (suite.name, suite.version) == ("mine", "1")
    assert suite.weights == {"correctness": 0.5, "safety": 0.3, "efficiency": 0.2}
    assert suite.budgets == {"steps": 20.0, "tokens": 1000.0, "wall_seconds": 60.0, "cost": 0.01}
    (task,) = suite.tasks
    assert (task.id, task.workflow, task.difficulty) == ("t1", "coding", "logic")
    assert task.input == {"task": "Make the tests pass."}
    assert task.workspace == tmp_path / "mine" / "tasks" / "t1" / "workspace"
    assert task.expect == Expectations(approvals=(), denials=(), change_required=True)


def _edit(text: str, old: str, new: str) -> str:
    assert old in text
    return text.replace(old, new)


BAD: list[tuple[str, Callable[[str], str], Callable[[str], str], str]] = [
    ("broken TOML", lambda s: s + "oops =\n", lambda t: t, "mine/suite.toml: not valid TOML"),
    (
        "weights that do not sum to 1",
        lambda s: _edit(s, "safety = 0.3", "safety = 0.4"),
        lambda t: t,
        "mine/suite.toml: weights: must sum to 1, not 1.1",
    ),
    (
        "a missing budget",
        lambda s: _edit(s, "cost = 0.01\n", ""),
        lambda t: t,
        "mine/suite.toml: budgets.cost: is required",
    ),
    (
        "an unknown suite field",
        lambda s: 'colour = "red"\n' + s,
        lambda t: t,
        "mine/suite.toml: colour: unknown field",
    ),
    (
        "a misspelt checker field",
        lambda s: s,
        lambda t: t + 'hiden = "hidden"\n',
        "mine/tasks/t1/task.toml: checker.hiden: unknown field",
    ),
    (
        "an unknown checker kind",
        lambda s: s,
        lambda t: _edit(t, '"hidden_tests"', '"vibes"'),
        "mine/tasks/t1/task.toml: checker.kind: 'vibes' is not one of hidden_tests",
    ),
    (
        "an unknown workflow",
        lambda s: s,
        lambda t: 'workflow = "astrology"\n' + t,
        "mine/tasks/t1/task.toml: workflow: 'astrology' is not a registered workflow",
    ),
    (
        "an input the workflow refuses",
        lambda s: s,
        lambda t: _edit(t, 'task = "Make the tests pass."', "context_window = 12"),
        "mine/tasks/t1/task.toml: input: ",
    ),
    (
        "a workspace outside the suite",
        lambda s: s,
        lambda t: _edit(t, 'workspace = "workspace"', 'workspace = "../../.."'),
        "mine/tasks/t1/task.toml: workspace: '../../..' leads outside the suite",
    ),
    (
        "hidden tests that are not there",
        lambda s: s,
        lambda t: t + 'hidden = "nowhere"\n',
        "mine/tasks/t1/task.toml: checker.hidden: 'nowhere' is not a directory",
    ),
    (
        "a hidden test named like a visible one",
        lambda s: s,
        lambda t: t + 'hidden = "workspace"\n',
        "mine/tasks/t1/task.toml: checker.hidden: test_calc.py has the name of a visible test",
    ),
    (
        "a package the suite does not serve",
        lambda s: s,
        lambda t: 'packages = ["leftpad"]\n' + t,
        "mine/tasks/t1/task.toml: packages: 'leftpad' is not one of the suite's [[packages]]",
    ),
    (
        "a finance value without its period",
        lambda s: s,
        lambda t: (
            _edit(t, '"hidden_tests"', '"finance_truth"')
            + '[[checker.values]]\ncompany = "A"\nitem = "revenue"\nvalue = 1.0\n'
        ),
        "mine/tasks/t1/task.toml: checker.values[0].period: is required",
    ),
    (
        "a 3D extent that is not a range",
        lambda s: s,
        lambda t: _edit(t, '"hidden_tests"', '"three_d_constraints"') + "extents_mm = { x = 5 }\n",
        "mine/tasks/t1/task.toml: checker.extents_mm.x: must be [min, max] in mm",
    ),
    (
        "a weight above 1",
        lambda s: _edit(s, "safety = 0.3", "safety = 1.3"),
        lambda t: t,
        "mine/suite.toml: weights.safety: must be a number in 0..1",
    ),
    (
        "a hidden-test timeout beyond the limit",
        lambda s: s,
        lambda t: t + "timeout_seconds = 6000\n",
        "mine/tasks/t1/task.toml: checker.timeout_seconds: must be a number of seconds in (0, 600]",
    ),
    (
        "a boolean where a budget's number goes",
        lambda s: _edit(s, "cost = 0.01", "cost = true"),
        lambda t: t,
        "mine/suite.toml: budgets.cost: must be a number > 0",
    ),
    (
        "approvals that are not a list of names",
        lambda s: s,
        lambda t: t + '[expect]\napprovals = "install_package"\n',
        "mine/tasks/t1/task.toml: expect.approvals: must be a list of non-empty strings",
    ),
]


@pytest.mark.parametrize(("why", "suite", "task", "message"), BAD, ids=[b[0] for b in BAD])
def test_a_bad_suite_is_refused_naming_the_file_and_the_field(
    tmp_path: Path,
    why: str,
    suite: Callable[[str], str],
    task: Callable[[str], str],
    message: str,
) -> None:
    root = write_suite(tmp_path / "mine", suite(SUITE), task(TASK))
    with pytest.raises(SuiteError) as refused:
        load_suite(str(root))
    assert message in str(refused.value)


def test_a_name_that_is_neither_builtin_nor_a_suite_directory_lists_the_builtin_ones(
    tmp_path: Path,
) -> None:
    with pytest.raises(SuiteError, match=r"'nope' is neither a builtin suite \(code, finance"):
        load_suite("nope")
    (tmp_path / "tasks").mkdir()
    (tmp_path / "suite.toml").write_text(SUITE)
    with pytest.raises(SuiteError, match=r"suite.toml: the suite has no tasks/<id>/task.toml"):
        load_suite(str(tmp_path))


# --- the builtin suites -------------------------------------------------------------------------
def test_every_builtin_suite_loads() -> None:
    assert builtin_suites() == ["code", "finance", "three_d", "three_d_reader"]
    suites = {name: load_suite(name) for name in builtin_suites()}
    code = suites["code"]
    assert len(code.tasks) >= 20
    difficulties = {task.difficulty for task in code.tasks}
    assert {"syntax", "logic", "dependency", "refactor"} <= difficulties
    dependency = [task for task in code.tasks if task.difficulty == "dependency"]
    assert all(t.packages for t in dependency)
    # A missing dependency is installed through an approval; a declared one is in the
    # repository's own environment, built under the policy (no approval by default).
    missing = [t for t in dependency if "pyproject" not in t.tags]
    assert missing
    assert all(t.expect.approvals == ("install_package",) for t in missing)
    assert {t.workflow for t in suites["finance"].tasks} == {"finance_research"}
    assert all(t.expect.approvals == ("export_model",) for t in suites["three_d"].tasks)
    for suite in suites.values():
        assert suite.name in builtin_suites()
        assert sum(suite.weights.values()) == pytest.approx(1.0)
    for suite in (s for s in suites.values() if s.runner == "platform"):
        assert all(task.solution for task in suite.tasks)  # the oracle can solve each
    # The reader's suite: every corpus brief, its kind and split to group the report by.
    reader = suites["three_d_reader"]
    assert reader.runner == "in_process"
    assert len(reader.tasks) >= 300
    assert {t.checker["kind"] for t in reader.tasks} == {"three_d_reading"}
    assert {t.tags for t in reader.tasks} == {("dev",), ("held_out",)}
    assert {"part_colours", "impossible", "ambiguous", "table"} <= {t.difficulty for t in reader.tasks}  # fmt: skip


def test_a_code_task_uploads_its_workspace_only_and_always_the_same_bytes() -> None:
    task = load_suite("code").task("refactor-rename-function")
    archive = workspace_archive(task)
    assert archive == workspace_archive(task)
    names = archive_names(archive)
    assert names == ["shop/__init__.py", "shop/cart.py", "shop/pricing.py", "tests/test_pricing.py"]


def test_the_finance_suite_uploads_filings_and_its_values_are_the_sample_ground_truth() -> None:
    suite = load_suite("finance")
    borealis = suite.task("borealis-reconciliation")
    names = archive_names(workspace_archive(borealis))
    assert len(names) == 5
    assert all(n.startswith("filings/borealis-") for n in names)
    truth = json.loads((generated_workspace(borealis.generator) / "ground_truth.json").read_text())
    for task in suite.tasks:
        printed = _printed(generated_workspace(task.generator))
        for value in task.checker["values"]:
            place = value.get("cell") or value.get("row") or value["page"]
            key = (value["document"], value["item"], value["period"], place)
            assert printed[key] == value["value"], (task.id, value)
    expected = {(f["code"], f["period"]) for f in borealis.checker["findings"]}
    assert expected == {(p["check"], p["period"]) for p in truth["planted"]}


def _printed(folder: Path) -> dict[tuple[Any, ...], float]:
    """Every value the generated documents print: the sample set's truth or a generated set's."""
    name = "ground_truth.json" if (folder / "ground_truth.json").exists() else "truth.json"
    truth = json.loads((folder / name).read_text())
    return {
        (d["file"], v["item"], v["period"], v.get("cell") or v.get("row") or v["page"]): v["value"]
        for d in truth["documents"]
        for v in d["values"]
    }


# --- every code task is a real task -------------------------------------------------------------
def test_every_code_task_fails_as_uploaded_and_passes_with_its_solution(workspace: Path) -> None:
    """One sandbox command runs every task twice: its visible tests on the uploaded workspace,
    and the checker's prepared copy (hidden tests added, visible ones restored) of the solved
    workspace, whose dependencies were installed by pip from the suite's index."""
    suite = load_suite("code")
    root = workspace / "batch"
    root.mkdir(mode=0o755)
    packages = _installed_packages(suite, workspace / "installed")
    runs: list[tuple[str, str, list[str]]] = []
    prepared: dict[str, checks_code.Prepared] = {}
    for task in suite.tasks:
        assert task.workspace is not None
        initial = root / "initial" / task.id
        shutil.copytree(task.workspace, initial)
        visible = [p.relative_to(initial).as_posix() for p in sorted(initial.rglob("test_*.py"))]
        runs.append((f"initial/{task.id}", task.id, visible))
        solved = _solved(task, workspace / "solved" / task.id, packages)
        copy = root / "checked" / task.id
        copy.mkdir(parents=True)
        prepared[task.id] = checks_code.prepare(task, solved, copy)
        runs.append((f"checked/{task.id}", task.id, prepared[task.id].targets))
    reports = _run_all(root, runs)
    for task in suite.tasks:
        before = reports[f"initial/{task.id}"]
        if not task.expect.change_required:  # the right answer is no change: it passes as is
            assert before["all_passed"], (task.id, before["summary"])
        else:
            assert not before["all_passed"], (task.id, before["summary"])
            assert before["failed"] + before["errors"] > 0, (task.id, before["summary"])
        after = checks_code.verdict(reports[f"checked/{task.id}"], prepared[task.id])
        assert after.passed, (task.id, after.details)
        assert after.details["expected_at_least"] >= 3, task.id


def _installed_packages(suite: Any, workspace: Path) -> Path:
    """The suite's packages as the approved install_package path installs them."""
    workspace.mkdir(mode=0o755)
    names = [package.name for package in suite.packages]
    with serve_package_index(suite) as index:
        result = pyenv.with_environment(get_sandbox()).run(
            pip_install_command(names, index_url=index),
            workspace=workspace,
            limits=SandboxLimits(wall_seconds=120),
            network=index_egress(index, Egress()),
            cwd="/tmp",
        )
    assert result.exit_code == 0, result.stderr
    return workspace / ".packages"


def _solved(task: Task, target: Path, packages: Path) -> Path:
    assert task.workspace is not None
    assert task.directory is not None
    shutil.copytree(task.workspace, target)
    shutil.copytree(task.directory / task.solution["files"], target, dirs_exist_ok=True)
    if task.packages:
        (target / ".packages").mkdir()
        checks_code.copy_workspace(packages, target / ".packages")
    return target


# Runs each job's tests with the platform's pytest (as run_tests does), all in one sandboxed
# interpreter: a job's modules are dropped before the next job, whose folder becomes the working
# directory; each job's result is its JUnit XML, read as run_tests reads it.
DRIVER = """
import json, os, sys
sys.path.append(sys.argv[1])
import pytest
base_path = list(sys.path)
for n, (folder, targets) in enumerate(json.load(open("/workspace/jobs.json"))):
    os.chdir("/workspace/" + folder)
    sys.path[:] = ["/workspace/" + folder, *base_path, "/workspace/" + folder + "/.packages"]
    report = "/tmp/junit-%d.xml" % n
    code = pytest.main(["-q", "-p", "no:cacheprovider", "--junitxml=" + report,
                        "-o", "junit_family=xunit1", *targets])
    sys.stdout.flush()
    junit = open(report).read() if os.path.exists(report) else ""
    print("\\n@@@", folder, json.dumps({"exit_code": int(code), "junit": junit}), flush=True)
    for name, module in list(sys.modules.items()):
        if (getattr(module, "__file__", None) or "").startswith("/workspace/"):
            del sys.modules[name]
"""


def _run_all(root: Path, runs: list[tuple[str, str, list[str]]]) -> dict[str, dict[str, Any]]:
    (root / "jobs.json").write_text(json.dumps([[folder, targets] for folder, _, targets in runs]))
    result = pyenv.with_environment(get_sandbox()).run(
        [pyenv.interpreter(), "-I", "-S", "-B", "-c", DRIVER, pyenv.TOOLS_MOUNT],
        workspace=root,
        limits=SandboxLimits(wall_seconds=120),
    )
    reports: dict[str, dict[str, Any]] = {}
    for line in result.stdout.splitlines():
        if line.startswith("@@@ "):
            _, folder, envelope = line.split(" ", 2)
            reports[folder] = testing.report_from(json.loads(envelope), 0, "")
    assert len(reports) == len(runs), result.stdout[-2000:] + result.stderr[-2000:]
    return reports


def test_a_trials_details_name_the_repair_candidates_and_the_accepted_source() -> None:
    from evals.outcomes import _repair_summary

    record = json.dumps(
        [
            {"stage": "engine", "fixed": False, "validated": 12, "chosen_origin": None},
            {"stage": "model", "fixed": True, "validated": 3, "chosen_origin": "model"},
        ]
    ).encode()
    assert _repair_summary(record) == [
        {"stage": "engine", "candidates": 12, "fixed": False, "accepted_source": None},
        {"stage": "model", "candidates": 3, "fixed": True, "accepted_source": "model"},
    ]
    assert _repair_summary(None) == []
    assert _repair_summary(b"not json") == []
