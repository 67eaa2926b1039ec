"""Eval suites as data: a directory of TOML files, loaded and checked before anything runs.

A suite is a directory (builtin ones live in `platform/evals/suites/<name>/`):

    <suite>/suite.toml             the suite: name, version, weights, budgets, packages
    <suite>/tasks/<id>/task.toml   one task per directory; <id> is the task's id
    <suite>/tasks/<id>/...         the files the task names (workspace, hidden tests, solution)
    <suite>/packages/...           sources of the packages the suite's package index serves

Every path in a suite file is relative to the file's own directory and must stay inside the
suite; unknown keys are refused, so a typo is an error rather than a silent default. Errors are
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

import math
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from agents.plugins import import_dotted
from evals import suite_files

BUILTIN_DIR = Path(__file__).with_name("suites")
SUITE_FILE = "suite.toml"
TASK_FILE = "task.toml"
OBJECTIVES = ("correctness", "safety", "efficiency")
BUDGETS = ("steps", "tokens", "wall_seconds", "cost")
CHECKER_KINDS = ("hidden_tests", "finance_truth", "three_d_constraints", "three_d_reading")
# Checkers that need no run: they judge the task's input as a workflow reads it.
IN_PROCESS_CHECKERS = frozenset({"three_d_reading"})
RUNNERS = ("platform", "in_process")
MAX_TIMEOUT_SECONDS = 600
_SLUG = re.compile(r"^[a-z0-9][a-z0-9_-]{0,62}$")
_SUITE_KEYS = {
    "name", "version", "description", "workflow", "runner", "generator", "weights", "budgets",
    "packages",
}  # fmt: skip
_TASK_KEYS = {
    "workflow", "difficulty", "tags", "packages", "input", "workspace", "checker", "expect",
    "solution",
}  # fmt: skip
_EXPECT_KEYS = {"approvals", "denials", "change_required"}
_READING_KEYS = {"outcome", "size_mm", "parts", "counts", "absent", "colour", "part_colours"}
_OUTCOMES = ("build", "ask", "assume", "refuse")
_SOLUTION_KEYS = {"files", "plan", "labels"}


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
    data = source.table()
    source.only(data, _SUITE_KEYS)
    name = source.slug(data, "name")
    if directory.parent == BUILTIN_DIR.resolve() and name != directory.name:
        raise source.error(
            "name", f"a builtin suite is named after its directory, {directory.name!r}"
        )
    packages = tuple(_package(source, i, entry) for i, entry in enumerate(data.get("packages", [])))
    runner = source.text(data, "runner", default="platform")
    if runner not in RUNNERS:
        raise source.error("runner", f"{runner!r} is not one of {', '.join(RUNNERS)}")
    tasks = _tasks(directory, data, {p.name for p in packages})
    _runner_fits(source, runner, tasks)
    return Suite(
        name=name,
        version=source.text(data, "version"),
        path=directory,
        weights=_weights(source, data),
        budgets=_budgets(source, data),
        tasks=tasks,
        description=source.text(data, "description", default=""),
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
    weights = source.numbers(data, "weights", OBJECTIVES, minimum=0.0, maximum=1.0)
    if not math.isclose(sum(weights.values()), 1.0, abs_tol=1e-6):
        raise source.error("weights", f"must sum to 1, not {sum(weights.values()):g}")
    return weights


def _budgets(source: _Source, data: dict[str, Any]) -> dict[str, float]:
    budgets = source.numbers(data, "budgets", BUDGETS, minimum=0.0)
    for key, value in budgets.items():
        if value <= 0:
            raise source.error(f"budgets.{key}", "must be greater than 0")
    return budgets


def _package(source: _Source, index: int, entry: Any) -> Package:
    where = f"packages[{index}]"
    if not isinstance(entry, dict):
        raise source.error(where, "must be a table")
    source.only(entry, {"name", "version", "source"}, where)
    name = source.text(entry, "name", where=where)
    if not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9._-]*", name):
        raise source.error(f"{where}.name", f"{name!r} is not a distribution name")
    return Package(
        name=name,
        version=source.text(entry, "version", where=where),
        source=source.directory(entry, "source", where=where),
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
    generator = source.text(data, "generator")
    if not re.fullmatch(r"[\w.]+[:.]\w+", generator):
        raise source.error("generator", f"{generator!r} is not a dotted path")
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
        found.append(_task_from(_Source(directory, directory / SUITE_FILE, shown), fields, task_id, None, default_workflow, packages))  # fmt: skip
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
    data = source.table()
    return _task_from(source, data, file.parent.name, file.parent, default_workflow, packages)


def _task_from(
    source: _Source,
    data: dict[str, Any],
    task_id: str,
    folder: Path | None,
    default_workflow: Any,
    packages: set[str],
) -> Task:
    source.only(data, _TASK_KEYS)
    if not _SLUG.match(task_id):
        raise SuiteError(f"{source.shown}: the task's name {task_id!r} is not a slug")
    workflow = data.get("workflow", default_workflow)
    if not isinstance(workflow, str) or not workflow:
        raise source.error("workflow", "name a workflow here or in suite.toml")
    needs = source.strings(data, "packages")
    for name in needs:
        if name not in packages:
            raise source.error("packages", f"{name!r} is not one of the suite's [[packages]]")
    task_input = _input(source, data, workflow)
    workspace, generated = _workspace(source, data)
    checker = _checker(source, data)
    if checker["kind"] == "hidden_tests" and folder is not None:
        _distinct_test_names(source, folder / checker.get("hidden", "hidden"), workspace)
    return Task(
        id=task_id,
        workflow=workflow,
        input=task_input,
        workspace=workspace,
        checker=checker,
        difficulty=source.text(data, "difficulty"),
        tags=source.strings(data, "tags"),
        expect=_expectations(source, data),
        directory=folder,
        solution=_solution(source, data),
        packages=needs,
        **generated,
    )


def _input(source: _Source, data: dict[str, Any], workflow: str) -> dict[str, Any]:
    from agents.engine.inputs import check_input_schema
    from agents.engine.registry import get_workflow, registered_workflows

    value = data.get("input")
    if not isinstance(value, dict) or not value:
        raise source.error("input", "must be a non-empty table (the run's input)")
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
        return source.directory(data, "workspace"), {}
    if not isinstance(value, dict):
        raise source.error("workspace", "must be a directory name or a table with a generator")
    source.only(value, {"generator", "include", "prefix"}, "workspace")
    generator = source.text(value, "generator", where="workspace")
    if not re.fullmatch(r"[\w.]+[:.]\w+", generator):
        raise source.error("workspace.generator", f"{generator!r} is not a dotted path")
    prefix = source.text(value, "prefix", where="workspace", default="")
    if prefix.startswith("/") or ".." in prefix.split("/"):
        raise source.error("workspace.prefix", "must be a relative path inside the archive")
    include = source.strings(value, "include", where="workspace")
    return None, {"generator": generator, "include": include, "prefix": prefix.strip("/")}


def _checker(source: _Source, data: dict[str, Any]) -> dict[str, Any]:
    checker = data.get("checker")
    if not isinstance(checker, dict):
        raise source.error("checker", "is required: a table with a kind")
    kind = checker.get("kind")
    if kind not in CHECKER_KINDS:
        raise source.error("checker.kind", f"{kind!r} is not one of {', '.join(CHECKER_KINDS)}")
    validate = {
        "hidden_tests": _hidden_tests,
        "finance_truth": _finance_truth,
        "three_d_constraints": _three_d_constraints,
        "three_d_reading": _three_d_reading,
    }[kind]
    validate(source, checker)
    return checker


def _hidden_tests(source: _Source, checker: dict[str, Any]) -> None:
    source.only(checker, {"kind", "hidden", "timeout_seconds"}, "checker")
    hidden = source.directory(
        {"hidden": checker.get("hidden", "hidden")}, "hidden", where="checker"
    )
    if not any(hidden.rglob("test_*.py")):
        raise source.error("checker.hidden", f"{hidden.name}/ holds no test_*.py file")
    timeout = checker.get("timeout_seconds", 60)
    if isinstance(timeout, bool) or not isinstance(timeout, int | float):
        raise source.error("checker.timeout_seconds", "must be a number")
    if not 0 < timeout <= MAX_TIMEOUT_SECONDS:
        raise source.error("checker.timeout_seconds", f"must be in (0, {MAX_TIMEOUT_SECONDS}]")


def _distinct_test_names(source: _Source, hidden: Path, workspace: Path | None) -> None:
    """pytest refuses two test modules of one name in one run (without packages)."""
    visible = {p.name for p in workspace.rglob("test_*.py")} if workspace else set()
    for path in hidden.rglob("test_*.py"):
        if path.name in visible:
            raise source.error("checker.hidden", f"{path.name} has the name of a visible test")


def _finance_truth(source: _Source, checker: dict[str, Any]) -> None:
    source.only(checker, {"kind", "values", "metrics", "findings", "citations", "pages"}, "checker")
    shapes: dict[str, tuple[dict[str, type], dict[str, type]]] = {
        "values": ({"company": str, "item": str, "period": int, "value": float},
                   {"document": str, "page": int, "cell": str, "row": int}),
        "metrics": ({"company": str, "metric": str, "period": int, "value": float},
                    {"tolerance": float}),
        "findings": ({"code": str, "company": str, "period": int}, {}),
    }  # fmt: skip
    for key, (required, optional) in shapes.items():
        for index, row in enumerate(checker.get(key, [])):
            source.row(row, f"checker.{key}[{index}]", required, optional)
    if not isinstance(checker.get("citations", True), bool):
        raise source.error("checker.citations", "must be true or false")
    for document, pages in checker.get("pages", {}).items():
        if not isinstance(pages, list) or not all(_is(p, int) for p in pages):
            raise source.error(f"checker.pages.{document}", "must be a list of page numbers")


def _three_d_constraints(source: _Source, checker: dict[str, Any]) -> None:
    known = {"kind", "artifact", "extents_mm", "fits_mm", "max_triangles", "min_parts",
             "max_parts", "watertight", "grounded"}  # fmt: skip
    source.only(checker, known, "checker")
    source.text({"artifact": checker.get("artifact", "model.glb")}, "artifact", where="checker")
    extents = checker.get("extents_mm", {})
    if not isinstance(extents, dict):
        raise source.error("checker.extents_mm", "must be a table of x, y, z")
    source.only(extents, {"x", "y", "z"}, "checker.extents_mm")
    for axis, band in extents.items():
        if not (isinstance(band, list) and len(band) == 2 and all(_is(b, float) for b in band)):
            raise source.error(f"checker.extents_mm.{axis}", "must be [min, max] in mm")
    fits = checker.get("fits_mm", [0, 0, 0])
    if not (isinstance(fits, list) and len(fits) == 3 and all(_is(f, float) for f in fits)):
        raise source.error("checker.fits_mm", "must be [x, y, z] in mm")
    for key in ("max_triangles", "min_parts", "max_parts"):
        if key in checker and not _is(checker[key], int):
            raise source.error(f"checker.{key}", "must be an integer")
    for key in ("watertight", "grounded"):
        if not isinstance(checker.get(key, False), bool):
            raise source.error(f"checker.{key}", "must be true or false")


def _three_d_reading(source: _Source, checker: dict[str, Any]) -> None:
    source.only(checker, {"kind", "expect"}, "checker")
    expect = checker.get("expect")
    if not isinstance(expect, dict) or not expect:
        raise source.error("checker.expect", "is required: a table of the expected reading")
    source.only(expect, _READING_KEYS, "checker.expect")
    if expect.get("outcome", "build") not in _OUTCOMES:
        raise source.error("checker.expect.outcome", f"must be one of {', '.join(_OUTCOMES)}")
    for key in ("size_mm", "parts", "counts", "part_colours"):
        if not isinstance(expect.get(key, {}), dict):
            raise source.error(f"checker.expect.{key}", "must be a table")


def _is(value: Any, kind: type) -> bool:
    """TOML's types as the checkers read them: an integer is also a number, a bool neither."""
    if isinstance(value, bool):
        return False
    return isinstance(value, int | float) if kind is float else isinstance(value, kind)


def _expectations(source: _Source, data: dict[str, Any]) -> Expectations:
    value = data.get("expect", {})
    if not isinstance(value, dict):
        raise source.error("expect", "must be a table")
    source.only(value, _EXPECT_KEYS, "expect")
    change = value.get("change_required", True)
    if not isinstance(change, bool):
        raise source.error("expect.change_required", "must be true or false")
    return Expectations(
        approvals=source.strings(value, "approvals", where="expect"),
        denials=source.strings(value, "denials", where="expect"),
        change_required=change,
    )


def _solution(source: _Source, data: dict[str, Any]) -> dict[str, Any]:
    value = data.get("solution", {})
    if not isinstance(value, dict):
        raise source.error("solution", "must be a table")
    source.only(value, _SOLUTION_KEYS, "solution")
    if "files" in value:
        source.directory(value, "files", where="solution")
    return value


# --- reading values with errors that say where --------------------------------------------------
class _Source:
    """One TOML file of a suite, and typed reads of its fields."""

    def __init__(self, suite: Path, file: Path, shown: str = "") -> None:
        self.suite, self.file = suite, file
        try:
            self.shown = shown or str(file.relative_to(suite.parent))
        except ValueError:
            self.shown = str(file)

    def error(self, where: str, problem: str) -> SuiteError:
        return SuiteError(f"{self.shown}: {where}: {problem}")

    def table(self) -> dict[str, Any]:
        try:
            with self.file.open("rb") as handle:
                return tomllib.load(handle)
        except tomllib.TOMLDecodeError as error:
            raise SuiteError(f"{self.shown}: not valid TOML: {error}") from None
        except OSError as error:
            raise SuiteError(f"{self.shown}: cannot be read: {error.strerror}") from None

    def only(self, data: dict[str, Any], allowed: set[str], where: str = "") -> None:
        unknown = sorted(set(data) - allowed)
        if unknown:
            field_name = f"{where}.{unknown[0]}" if where else unknown[0]
            raise self.error(field_name, f"unknown field (known: {', '.join(sorted(allowed))})")

    def text(self, data: dict[str, Any], key: str, *, where: str = "", default: Any = None) -> Any:
        value = data.get(key, default)
        if not isinstance(value, str) or (default is None and not value.strip()):
            raise self.error(_path(where, key), "must be a non-empty string")
        return value

    def slug(self, data: dict[str, Any], key: str) -> str:
        value = self.text(data, key)
        if not _SLUG.match(value):
            raise self.error(key, f"{value!r} must be lower-case letters, digits, '-' and '_'")
        return str(value)

    def strings(self, data: dict[str, Any], key: str, *, where: str = "") -> tuple[str, ...]:
        value = data.get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
            raise self.error(_path(where, key), "must be a list of non-empty strings")
        return tuple(value)

    def numbers(
        self,
        data: dict[str, Any],
        key: str,
        names: tuple[str, ...],
        *,
        minimum: float,
        maximum: float = math.inf,
    ) -> dict[str, float]:
        value = data.get(key)
        if not isinstance(value, dict):
            raise self.error(key, f"is required: a table of {', '.join(names)}")
        self.only(value, set(names), key)
        found = {}
        for name in names:
            number = value.get(name)
            if isinstance(number, bool) or not isinstance(number, int | float):
                raise self.error(f"{key}.{name}", "is required: a number")
            if not minimum <= number <= maximum or math.isnan(number):
                raise self.error(f"{key}.{name}", f"{number} is out of range")
            found[name] = float(number)
        return found

    def row(
        self, row: Any, where: str, required: dict[str, type], optional: dict[str, type]
    ) -> None:
        if not isinstance(row, dict):
            raise self.error(where, "must be a table")
        self.only(row, set(required) | set(optional), where)
        for key, kind in {**required, **optional}.items():
            if key not in row and key in required:
                raise self.error(f"{where}.{key}", "is required")
            if key in row and not _is(row[key], kind):
                raise self.error(f"{where}.{key}", f"must be a {kind.__name__}")

    def directory(self, data: dict[str, Any], key: str, *, where: str = "") -> Path:
        relative = self.text(data, key, where=where)
        path = (self.file.parent / relative).resolve()
        if not path.is_relative_to(self.suite.resolve()):
            raise self.error(_path(where, key), f"{relative!r} leads outside the suite")
        if not path.is_dir():
            raise self.error(_path(where, key), f"{relative!r} is not a directory")
        return path


def _path(where: str, key: str) -> str:
    return f"{where}.{key}" if where else key
