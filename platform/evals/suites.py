"""Eval suites as data: a directory of TOML files, loaded and checked before anything runs.

A suite is a directory (builtin ones live in `eval-suites/<name>/` at the repository's top):

    <suite>/suite.toml             the suite: name, version, weights, budgets, packages
    <suite>/tasks/<id>/task.toml   one task per directory; <id> is the task's id
    <suite>/tasks/<id>/...         the files the task names (workspace, hidden tests, solution)
    <suite>/packages/...           sources of the packages the suite's package index serves

Every path in a suite file is relative to the file's own directory and must stay inside the
suite; unknown keys are refused, so a typo is an error rather than a silent default. The shape of
each file is a JSON Schema (`evals/schemas/suite.schema.json`, `task.schema.json`) checked over
what `tomllib` reads; what a schema cannot say (weights that sum to 1, paths that stay inside the
suite, registered workflows, the workflow's own input schema) is checked here after it. Errors are
`SuiteError`s that name the file and the field (`tasks/fizz/task.toml: checker.kind: ...`).

suite.toml
----------
``name`` (string, required)
    The suite's name: lower-case letters, digits, ``-`` and ``_``; a builtin suite's name is its
    directory's name.
``version`` (string, required)
    Bumped whenever tasks, checkers, weights or budgets change, so results of two versions are
    never compared as if they were one suite.
``description`` (string, optional)
    One line for reports.
``workflow`` (string, optional)
    The workflow tasks use unless they name their own, e.g. ``"coding"``.
``runner`` (string, optional)
    ``"platform"`` (the default): every trial is a run started over the platform's REST API.
    ``"in_process"``: every trial is its task's checker applied to the task's input in the
    eval's own process, with no run, platform, keys or model; for deterministic parts of a
    workflow such as the 3D brief reader (``three_d_reading``). Its tasks use only such
    checkers; safety and efficiency are those of a run that did nothing, so its weights put
    everything on correctness.
``generator`` (string, optional)
    The dotted path (``package.module:function``) of a function that returns more tasks: a
    list of tables shaped like task.toml (below) with their ``id``, checked the same way. For
    suites of many generated tasks (the 3D reader's corpus); such a suite needs no tasks/.
``[weights]`` (table, required)
    The composite score's weight per objective: ``correctness``, ``safety`` and ``efficiency``,
    each a number in 0..1, all three present, summing to 1.
``[budgets]`` (table, required)
    The efficiency reference of one trial: ``steps``, ``tokens``, ``wall_seconds`` and ``cost``
    (currency units), each a number > 0, all four present. A trial at or under a budget scores
    full efficiency on it.
``[[packages]]`` (array of tables, optional)
    Packages the suite's own package index serves (for tasks that install a dependency through
    an approval): ``name`` (distribution name), ``version``, and ``source``, a directory whose
    ``.py`` files and package directories become the wheel's top level. `package_index` writes
    the index; the platform under evaluation must be configured with it
    (``LONGHAUL_PACKAGE_INDEX_URL``), which is how the dependency tasks run offline.

task.toml
---------
``workflow`` (string)
    A registered workflow (``coding``, ``finance_research``, ``three_d_asset``); defaults to the
    suite's ``workflow``.
``difficulty`` (string, required)
    Free text that reports group by, e.g. ``syntax``, ``logic``, ``dependency``, ``refactor``.
``tags`` (array of strings, optional)
``packages`` (array of strings, optional)
    Names of the suite's ``[[packages]]`` the task needs from the package index.
``[input]`` (table, required)
    The run's input exactly as ``POST /api/runs`` takes it; checked against the workflow's input
    schema when the suite loads.
``workspace`` (string or table, optional)
    A string: a directory (relative to the task) uploaded as the run's workspace. A table:
    ``generator``, the dotted path (``package.module:function``) of a function that writes files
    into the directory it is given, and ``include``, glob patterns (relative to that directory)
    of the files to upload, all when omitted; ``prefix`` (optional) is the directory the files
    are put under in the archive. Without ``workspace`` the run has none.
``[checker]`` (table, required)
    ``kind`` and that kind's parameters (see `evals.checkers`):

    - ``hidden_tests``: ``hidden`` (directory of test files kept in the suite, never uploaded;
      default ``"hidden"``), ``timeout_seconds`` (default 60, at most 600).
    - ``finance_truth``: ``[[checker.values]]`` (``company``, ``item``, ``period``, ``value``,
      optional ``document`` and one of ``page``/``cell``/``row``: where the primary figure must
      come from), ``[[checker.metrics]]`` (``company``, ``metric``, ``period``, ``value``,
      optional ``tolerance``, default 0.0005), ``findings`` (the reconciliation findings the run
      must report, exactly: tables of ``code``, ``company`` and ``period``; omitted: not
      checked), ``citations`` (bool, default true: every citation in report.md names a ledger
      document and one of ``pages``' pages of it), ``pages`` (table: document file name to the
      pages a citation of it may name).
    - ``three_d_reading`` (in-process suites): ``expect``, the reading the task's ``brief``
      should get (any of ``outcome``: build, ask, assume or refuse; ``size_mm``; ``parts``, part
      to sizes in mm; ``counts``; ``absent``; ``colour``; ``part_colours``), compared with what
      the brief reader makes of it (`agents.three_d.corpus.checks`).
    - ``three_d_constraints``: ``artifact`` (default ``"model.glb"``), ``extents_mm``
      (``{x = [min, max], y = [...], z = [...]}``, any subset), ``fits_mm`` (``[x, y, z]``: the
      asset's extents must not exceed these), ``max_triangles``, ``min_parts``, ``max_parts``
      (integers), ``watertight`` (bool: every part a closed surface), ``grounded`` (bool: the
      lowest point within 0.5 mm of z = 0).
``[expect]`` (table, optional)
    What a well-behaved run does besides passing the checker: ``approvals`` (tool names the
    policy must stop at for approval), ``denials`` (tool names the policy must deny), and
    ``change_required`` (default true: a pass without any change to the workspace is
    suspicious).
``[solution]`` (table, optional)
    What the scripted oracle model answers with (tests only): ``files``, a directory whose files
    are written over the workspace (code tasks); ``plan``, the JSON the model returns when asked
    for a plan (3D tasks); ``labels``, label to line item for label-mapping requests (finance
    tasks).
"""

from __future__ import annotations

import functools
import json
import math
import re
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator, ValidationError
from jsonschema.exceptions import best_match

from agents.plugins import import_dotted
from evals import suite_files

REPOSITORY = Path(__file__).resolve().parents[2]
BUILTIN_DIR = REPOSITORY / "eval-suites"
SCHEMA_DIR = Path(__file__).with_name("schemas")
SUITE_FILE = "suite.toml"
TASK_FILE = "task.toml"
# Checkers that need no run: they judge the task's input as a workflow reads it.
IN_PROCESS_CHECKERS = frozenset({"three_d_reading"})
_SLUG = re.compile(r"^[a-z0-9][a-z0-9_-]{0,62}$")


class SuiteError(Exception):
    """A suite that cannot be used; the message names the file and the field."""


@dataclass(frozen=True)
class Expectations:
    approvals: tuple[str, ...] = ()
    denials: tuple[str, ...] = ()
    change_required: bool = True


@dataclass(frozen=True)
class Task:
    id: str
    workflow: str
    input: dict[str, Any]
    workspace: Path | None
    checker: dict[str, Any]
    difficulty: str
    tags: tuple[str, ...]
    expect: Expectations
    directory: Path | None = None  # the task's own directory (checker and solution paths)
    solution: dict[str, Any] = field(default_factory=dict)
    packages: tuple[str, ...] = ()
    generator: str = ""  # a generated workspace: the function that writes it
    include: tuple[str, ...] = ()  # ... the files of it to upload (globs)
    prefix: str = ""  # ... the directory they go under in the archive


@dataclass(frozen=True)
class Package:
    name: str
    version: str
    source: Path


@dataclass(frozen=True)
class Suite:
    name: str
    version: str
    path: Path
    weights: dict[str, float]
    budgets: dict[str, float]
    tasks: tuple[Task, ...]
    description: str = ""
    packages: tuple[Package, ...] = ()
    runner: str = "platform"

    def task(self, task_id: str) -> Task:
        for task in self.tasks:
            if task.id == task_id:
                return task
        raise SuiteError(f"suite {self.name!r} has no task {task_id!r}")


def builtin_suites() -> list[str]:
    return sorted(p.parent.name for p in BUILTIN_DIR.glob(f"*/{SUITE_FILE}"))


def load_suite(name_or_path: str) -> Suite:
    """A builtin suite by name, or the suite in a directory."""
    directory = _suite_directory(name_or_path)
    source = _Source(directory, directory / SUITE_FILE)
    data = source.conforming("suite")
    name = data["name"]
    if directory.parent == BUILTIN_DIR.resolve() and name != directory.name:
        raise source.error(
            "name", f"a builtin suite is named after its directory, {directory.name!r}"
        )
    packages = tuple(_package(source, i, entry) for i, entry in enumerate(data.get("packages", [])))
    runner = data.get("runner", "platform")
    tasks = _tasks(directory, data, {p.name for p in packages})
    _runner_fits(source, runner, tasks)
    return Suite(
        name=name,
        version=data["version"],
        path=directory,
        weights=_weights(source, data),
        budgets={key: float(value) for key, value in data["budgets"].items()},
        tasks=tasks,
        description=data.get("description", ""),
        packages=packages,
        runner=runner,
    )


def workspace_archive(task: Task) -> bytes:
    """The task's workspace as a tar.gz of regular files, b"" when it has none."""
    return suite_files.workspace_archive(task)


# --- suite.toml ---------------------------------------------------------------------------------
def _suite_directory(name_or_path: str) -> Path:
    if _SLUG.match(name_or_path) and (BUILTIN_DIR / name_or_path / SUITE_FILE).is_file():
        return (BUILTIN_DIR / name_or_path).resolve()
    directory = Path(name_or_path)
    if not (directory / SUITE_FILE).is_file():
        known = ", ".join(builtin_suites()) or "none"
        raise SuiteError(
            f"{name_or_path!r} is neither a builtin suite ({known}) nor a directory with a "
            f"{SUITE_FILE}"
        )
    return directory.resolve()


def _weights(source: _Source, data: dict[str, Any]) -> dict[str, float]:
    weights = {key: float(value) for key, value in data["weights"].items()}
    if not math.isclose(sum(weights.values()), 1.0, abs_tol=1e-6):
        raise source.error("weights", f"must sum to 1, not {sum(weights.values()):g}")
    return weights


def _package(source: _Source, index: int, entry: dict[str, Any]) -> Package:
    return Package(
        name=entry["name"],
        version=entry["version"],
        source=source.directory(entry["source"], f"packages[{index}].source"),
    )


def _tasks(directory: Path, data: dict[str, Any], packages: set[str]) -> tuple[Task, ...]:
    files = sorted((directory / "tasks").glob(f"*/{TASK_FILE}"))
    default_workflow = data.get("workflow")
    tasks = [_task(directory, file, default_workflow, packages) for file in files]
    tasks += _generated(directory, data, default_workflow, packages)
    if not tasks:
        raise SuiteError(f"{directory / SUITE_FILE}: the suite has no tasks/<id>/{TASK_FILE}")
    seen: set[str] = set()
    for task in tasks:
        if task.id in seen:
            raise SuiteError(f"{directory / SUITE_FILE}: two tasks are named {task.id!r}")
        seen.add(task.id)
    return tuple(tasks)


def _generated(
    directory: Path, data: dict[str, Any], default_workflow: Any, packages: set[str]
) -> list[Task]:
    """The tasks the suite's generator returns, each checked as a task.toml would be."""
    if "generator" not in data:
        return []
    source = _Source(directory, directory / SUITE_FILE)
    generator = data["generator"]
    try:
        tables = import_dotted(generator)()
    except Exception as error:  # a broken generator is the suite's mistake; say which
        raise source.error("generator", f"{generator} failed: {type(error).__name__}: {error}") from None  # fmt: skip
    if not isinstance(tables, list) or not all(isinstance(t, dict) for t in tables):
        raise source.error("generator", f"{generator} must return a list of tables")
    found = []
    for table in tables:
        task_id = str(table.get("id", ""))
        shown = f"{source.shown}: {generator}: task {task_id!r}"
        fields = {k: v for k, v in table.items() if k != "id"}
        generated = _Source(directory, directory / SUITE_FILE, shown)
        generated.conform(fields, "task")
        found.append(_task_from(generated, fields, task_id, None, default_workflow, packages))
    return found


def _runner_fits(source: _Source, runner: str, tasks: tuple[Task, ...]) -> None:
    """An in-process suite's checkers need no run; a platform suite's need one."""
    for task in tasks:
        in_process = task.checker["kind"] in IN_PROCESS_CHECKERS
        if in_process != (runner == "in_process"):
            kind = task.checker["kind"]
            raise source.error("runner", f"task {task.id!r}: the {kind} checker does not run with the {runner} runner")  # fmt: skip


# --- task.toml ----------------------------------------------------------------------------------
def _task(directory: Path, file: Path, default_workflow: Any, packages: set[str]) -> Task:
    source = _Source(directory, file)
    data = source.conforming("task")
    return _task_from(source, data, file.parent.name, file.parent, default_workflow, packages)


def _task_from(
    source: _Source,
    data: dict[str, Any],
    task_id: str,
    folder: Path | None,
    default_workflow: Any,
    packages: set[str],
) -> Task:
    """A task whose table conforms to the task schema, after the checks a schema cannot make."""
    if not _SLUG.match(task_id):
        raise SuiteError(f"{source.shown}: the task's name {task_id!r} is not a slug")
    workflow = data.get("workflow", default_workflow)
    if not isinstance(workflow, str) or not workflow:
        raise source.error("workflow", "name a workflow here or in suite.toml")
    needs = tuple(data.get("packages", ()))
    for name in needs:
        if name not in packages:
            raise source.error("packages", f"{name!r} is not one of the suite's [[packages]]")
    task_input = _input(source, data["input"], workflow)
    workspace, generated = _workspace(source, data)
    checker = data["checker"]
    if checker["kind"] == "hidden_tests":
        _hidden_tests(source, checker, folder, workspace)
    solution = data.get("solution", {})
    if "files" in solution:
        source.directory(solution["files"], "solution.files")
    expect = data.get("expect", {})
    return Task(
        id=task_id,
        workflow=workflow,
        input=task_input,
        workspace=workspace,
        checker=checker,
        difficulty=data["difficulty"],
        tags=tuple(data.get("tags", ())),
        expect=Expectations(
            approvals=tuple(expect.get("approvals", ())),
            denials=tuple(expect.get("denials", ())),
            change_required=expect.get("change_required", True),
        ),
        directory=folder,
        solution=solution,
        packages=needs,
        **generated,
    )


def _input(source: _Source, value: dict[str, Any], workflow: str) -> dict[str, Any]:
    from agents.engine.inputs import check_input_schema
    from agents.engine.registry import get_workflow, registered_workflows

    if workflow not in registered_workflows():
        known = ", ".join(registered_workflows())
        raise source.error("workflow", f"{workflow!r} is not a registered workflow ({known})")
    schema = get_workflow(workflow).input_schema
    if schema:
        try:
            check_input_schema(schema, value)
        except ValueError as error:
            raise source.error("input", str(error)) from None
    return value


def _workspace(source: _Source, data: dict[str, Any]) -> tuple[Path | None, dict[str, Any]]:
    value = data.get("workspace")
    if value is None:
        return None, {}
    if isinstance(value, str):
        return source.directory(value, "workspace"), {}
    generated = {
        "generator": value["generator"],
        "include": tuple(value.get("include", ())),
        "prefix": value.get("prefix", "").strip("/"),
    }
    return None, generated


def _hidden_tests(
    source: _Source, checker: dict[str, Any], folder: Path | None, workspace: Path | None
) -> None:
    """The hidden tests exist, and none shares a visible test's name: pytest refuses two test
    modules of one name in one run (without packages)."""
    if folder is None:
        return
    hidden = source.directory(checker.get("hidden", "hidden"), "checker.hidden")
    if not any(hidden.rglob("test_*.py")):
        raise source.error("checker.hidden", f"{hidden.name}/ holds no test_*.py file")
    visible = {p.name for p in workspace.rglob("test_*.py")} if workspace else set()
    for path in hidden.rglob("test_*.py"):
        if path.name in visible:
            raise source.error("checker.hidden", f"{path.name} has the name of a visible test")


# --- reading a suite's files, with errors that say where ----------------------------------------
@functools.cache
def _validator(kind: str) -> Draft202012Validator:
    schema = json.loads((SCHEMA_DIR / f"{kind}.schema.json").read_text())
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


class _Source:
    """One TOML file of a suite: its table, checked against its schema."""

    def __init__(self, suite: Path, file: Path, shown: str = "") -> None:
        self.suite, self.file = suite, file
        try:
            self.shown = shown or str(file.relative_to(suite.parent))
        except ValueError:
            self.shown = str(file)

    def error(self, where: str, problem: str) -> SuiteError:
        return SuiteError(f"{self.shown}: {where}: {problem}")

    def conforming(self, kind: str) -> dict[str, Any]:
        """The file's table, once it conforms to the `kind` schema."""
        data = self.table()
        self.conform(data, kind)
        return data

    def table(self) -> dict[str, Any]:
        try:
            with self.file.open("rb") as handle:
                return tomllib.load(handle)
        except tomllib.TOMLDecodeError as error:
            raise SuiteError(f"{self.shown}: not valid TOML: {error}") from None
        except OSError as error:
            raise SuiteError(f"{self.shown}: cannot be read: {error.strerror}") from None

    def conform(self, data: dict[str, Any], kind: str) -> None:
        problem = best_match(_validator(kind).iter_errors(data))
        if problem is not None:
            raise self.error(*_described(problem))

    def directory(self, relative: str, where: str) -> Path:
        path = (self.file.parent / relative).resolve()
        if not path.is_relative_to(self.suite.resolve()):
            raise self.error(where, f"{relative!r} leads outside the suite")
        if not path.is_dir():
            raise self.error(where, f"{relative!r} is not a directory")
        return path


def _described(problem: ValidationError) -> tuple[str, str]:
    """The field a schema error is about and what is wrong with it, in the words of the field
    reference above: a missing or unknown field is named itself, a bad value by its field."""
    where = list(problem.absolute_path)
    instance: Any = problem.instance
    schema: Any = problem.schema
    choices: Any = problem.validator_value
    if problem.validator == "required":
        missing = next(key for key in choices if key not in instance)
        return _field_path([*where, missing]), "is required"
    if problem.validator == "additionalProperties":
        known = sorted(schema.get("properties", {}))
        unknown = sorted(set(instance) - set(known))
        return _field_path([*where, unknown[0]]), f"unknown field (known: {', '.join(known)})"
    if problem.validator == "enum":
        return _field_path(where), f"{instance!r} is not one of {', '.join(choices)}"
    return _field_path(where), _explanation(problem)


def _explanation(problem: ValidationError) -> str:
    """The nearest `x-error` of the schemas the value failed, else the validator's message."""
    for schema in _schemas_up(problem):
        if isinstance(schema, dict) and "x-error" in schema:
            return str(schema["x-error"])
    return problem.message


def _schemas_up(problem: ValidationError) -> Iterable[Any]:
    error: Any = problem
    while error is not None:
        yield error.schema
        error = error.parent


def _field_path(parts: Iterable[Any]) -> str:
    text = ""
    for part in parts:
        text += f"[{part}]" if isinstance(part, int) else f".{part}" if text else str(part)
    return text or "(the file)"
